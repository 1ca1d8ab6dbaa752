//! Pictures made of many frames: a strip (one row a run of frames), and the contact sheet of every
//! frame of a document, labelled with a tiny built-in 3 x 5 digit font.

use faults::Words;
use sprite_data::FrameIndex;
use sprite_data::limits::{LimitExceeded, MAX_PICTURE_PIXELS};

use crate::compose::{AnimationFrame, Renderer};
use crate::error::RenderError;
use crate::image::{Image, Rgba};

/// Label text colour.
pub const INK: Rgba = [32, 32, 32, 255];
/// The label of a frame where a hit lands (`PostGenericAttack`).
pub const HIT_INK: Rgba = [208, 0, 0, 255];
/// The label of a frame that plays a sound (and lands no hit).
pub const SOUND_INK: Rgba = [0, 64, 208, 255];
/// The band the labels are written on.
pub const LABEL_PAPER: Rgba = [232, 232, 232, 255];
/// The lines between the cells of a contact sheet.
pub const GRID: Rgba = [160, 160, 160, 255];

/// Height of a label band: the 5-pixel glyphs and a pixel above and below.
pub const LABEL_HEIGHT: u32 = 7;

/// The digits 0-9, 3 x 5, one row a `u8` of 3 bits (the high bit the left pixel).
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b011, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

/// Width in pixels of `number` written with [`draw_number`].
pub fn number_width(number: u64) -> u32 {
    let digits = number.to_string().len() as u32;
    digits * 4 - 1
}

/// Writes `number` with its top left at `(x, y)`: 3 x 5 digits a pixel apart.
pub fn draw_number(image: &mut Image, number: u64, x: i64, y: i64, ink: Rgba) {
    for (i, digit) in number.to_string().bytes().enumerate() {
        let glyph = DIGITS[usize::from(digit - b'0')];
        let left = x + 4 * i as i64;
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..3 {
                if bits & (0b100 >> col) != 0 {
                    image.set(left + col, y + row as i64, ink);
                }
            }
        }
    }
}

/// Checks a picture's size against [`MAX_PICTURE_PIXELS`]; `what` names the picture (`a strip
/// of`) and `field` what made it that big (the scale, which the command line spells
/// `--scale 16`), for the error.
///
/// # Errors
/// [`RenderError::Limit`].
pub fn check_size(
    width: u64,
    height: u64,
    what: &str,
    field: impl Into<Words>,
) -> Result<(), RenderError> {
    let fits = width.saturating_mul(height) <= MAX_PICTURE_PIXELS
        && width <= u64::from(u32::MAX)
        && height <= u64::from(u32::MAX);
    if !fits {
        return Err(RenderError::Limit(LimitExceeded {
            what: what.to_owned(),
            value: format!("{width} x {height} pixels"),
            limit: format!("{MAX_PICTURE_PIXELS} pixels"),
            name: "MAX_PICTURE_PIXELS",
            field: field.into(),
        }));
    }
    Ok(())
}

/// A label band `width` wide with `number` centred on it.
fn label(width: u32, number: u64, ink: Rgba) -> Image {
    let mut band = Image::filled(width, LABEL_HEIGHT, LABEL_PAPER);
    let x = (i64::from(width) - i64::from(number_width(number))) / 2;
    draw_number(&mut band, number, x.max(0), 1, ink);
    band
}

/// Rows of frames side by side, each row one run (an animation), every frame on the same canvas;
/// `labels` writes each frame's first tick under it, in [`HIT_INK`] where a hit lands,
/// [`SOUND_INK`] where a sound plays. Rows shorter than the longest are left transparent.
///
/// # Errors
/// [`RenderError::NoFrames`]; [`RenderError::Limit`] past the picture size limit.
pub fn strip(rows: &[Vec<AnimationFrame>], labels: bool) -> Result<Image, RenderError> {
    let first = rows.iter().flatten().next().ok_or(RenderError::NoFrames)?;
    let (w, h) = (first.image.width(), first.image.height());
    let row_height = h + if labels { LABEL_HEIGHT } else { 0 };
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0) as u32;
    check_size(
        u64::from(w) * u64::from(columns),
        u64::from(row_height) * rows.len() as u64,
        "a strip of",
        format_args!(
            "{} row{} of up to {columns} frames",
            rows.len(),
            if rows.len() == 1 { "" } else { "s" }
        ),
    )?;
    let mut out = Image::new(w * columns, row_height * rows.len() as u32);
    for (r, row) in rows.iter().enumerate() {
        let y = i64::from(row_height) * r as i64;
        for (c, frame) in row.iter().enumerate() {
            let x = i64::from(w) * c as i64;
            out.copy_image(&frame.image, x, y);
            if labels {
                let ink = if frame.events.iter().any(|e| e == "PostGenericAttack") {
                    HIT_INK
                } else if frame.events.is_empty() {
                    INK
                } else {
                    SOUND_INK
                };
                out.copy_image(&label(w, frame.start, ink), x, y + i64::from(h));
            }
        }
    }
    Ok(out)
}

/// Every frame of the document, stored (not mirrored, no move), in a grid of `columns` cells,
/// each labelled with its index; 1-pixel [`GRID`] lines between the cells.
///
/// # Errors
/// [`RenderError::Limit`] past the picture size limit; a frame whose cells are not in the
/// document.
pub fn contact_sheet(renderer: &Renderer<'_>, columns: u32) -> Result<Image, RenderError> {
    let count = renderer.document().frames.len() as u32;
    let columns = columns.clamp(1, count.max(1));
    let rows = count.div_ceil(columns).max(1);
    let canvas = renderer.canvas();
    let (cw, ch) = (canvas.width + 1, canvas.height + LABEL_HEIGHT + 1);
    let (width, height) = (
        u64::from(cw) * u64::from(columns) + 1,
        u64::from(ch) * u64::from(rows) + 1,
    );
    check_size(
        width,
        height,
        "a contact sheet of",
        Words::new(move |s| format!("{} ({count} frames, {columns} a row)", s.name("all"))),
    )?;
    let mut out = Image::filled(width as u32, height as u32, GRID);
    for shp in 0..count {
        let x = i64::from(cw * (shp % columns)) + 1;
        let y = i64::from(ch * (shp / columns)) + 1;
        let mut cell = Image::new(canvas.width, canvas.height);
        cell.draw_image(&renderer.draw_frame(FrameIndex(shp))?, 0, 0);
        out.copy_image(&cell, x, y);
        out.copy_image(
            &label(canvas.width, u64::from(shp), INK),
            x,
            y + i64::from(canvas.height),
        );
    }
    // Cells past the last frame stay blank.
    for slot in count..columns * rows {
        let x = i64::from(cw * (slot % columns)) + 1;
        let y = i64::from(ch * (slot / columns)) + 1;
        out.copy_image(
            &Image::new(canvas.width, canvas.height + LABEL_HEIGHT),
            x,
            y,
        );
    }
    Ok(out)
}
