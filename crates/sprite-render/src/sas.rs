//! Renders of a Tactics Ogre SAS set: one sprite, or an animation in one direction, drawn from a
//! PNG sheet pose by pose ([`sas_formats::pose`]), each pose where the seed's draw puts it (the
//! animation's position plus each quad's x, y), at the sheet's resolution: the game shows the
//! same picture at 1/scale. The command line's `render` and the server's `/api/v1/sas/render.*`
//! both map their arguments to a [`SasRenderRequest`], so the same request gives the same bytes.
//!
//! A request is checked against its set once ([`SasRenderRequest::against`]: every pose placed,
//! the canvas known, so a caller can bound the pixels before drawing), then drawn from the sheet
//! ([`CheckedSasRender::render`]). The report lines are the command line's.

use faults::Words;
use sas_formats::pose::{self, PlacedQuad};
use sas_formats::{Command, Meanings, SasSet};

use crate::cancel::Cancel;
use crate::compose::{Canvas, check_animation};
use crate::encode::{TimedFrame, apng_unless_cancelled, gif_unless_cancelled, png_scaled};
use crate::error::RenderError;
use crate::image::{Background, Image};
use crate::layout::check_size;
use crate::request::{Format, RequestFault};
use crate::sheet::{PNG_SIGNATURE, decode_png};

/// The ticks of a second the animated files assume (the game's frame rate; not settled for SAS).
pub const TICKS_PER_SECOND: u16 = 60;

/// A PNG sheet wider or taller than this is refused before its pixels are read.
pub const MAX_SHEET_SIDE: u32 = 8192;

/// What a SAS render draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SasSubject {
    /// Sprite N, still, at (0, 0).
    Sprite(usize),
    /// These animations by index, a row each (an `.apng` or `.gif` holds one), in the request's
    /// direction.
    Animations(Vec<usize>),
}

/// One render of a SAS set, as asked: every choice of `tactics-sprite render` on a set but the
/// files it reads.
#[derive(Debug, Clone, PartialEq)]
pub struct SasRenderRequest {
    pub what: SasSubject,
    /// The direction, 0..3 (a column of the animation table).
    pub direction: usize,
    /// Every pixel a `scale x scale` block (nearest neighbour).
    pub scale: u32,
    pub background: Background,
    /// How many times an animated file plays, 0 for ever (the default).
    pub plays: Option<u32>,
    /// How long an animated file shows a pose of no length (a last pose the block ends on), in
    /// ticks.
    pub hold: u32,
    pub format: Format,
}

/// One picture: the placed quads of a pose and how long it shows.
#[derive(Debug, Clone)]
struct Cell {
    quads: Vec<PlacedQuad>,
    ticks: u32,
}

/// A request checked against its set: every pose placed, the canvas known.
#[derive(Debug, Clone)]
pub struct CheckedSasRender<'r> {
    request: &'r SasRenderRequest,
    rows: Vec<Vec<Cell>>,
    /// The box every pose fits in, from the set's origin.
    canvas: Canvas,
    report: Vec<String>,
    warnings: Vec<Words>,
    /// Looked at once a pose drawn or encoded ([`CheckedSasRender::cancelled_by`]).
    cancel: Cancel,
}

/// A drawn render: the file's bytes and what the command line says about it.
#[derive(Debug, Clone)]
pub struct SasRendered {
    pub bytes: Vec<u8>,
    /// The `canvas` line.
    pub canvas_line: String,
    /// Quads that reach past the sheet.
    pub warnings: Vec<String>,
    /// What `wrote` says of the file: `(3 frames, 120 bytes)` or `(16 x 8, 99 bytes)`.
    pub summary: String,
}

impl SasRenderRequest {
    /// The rule a request keeps whatever its set: an animated file holds one animation.
    ///
    /// # Errors
    /// [`RequestFault::OneAnimation`].
    pub fn check(&self) -> Result<(), RequestFault> {
        match &self.what {
            SasSubject::Animations(list) if self.format != Format::Png && list.len() != 1 => {
                Err(RequestFault::OneAnimation)
            }
            _ => Ok(()),
        }
    }

    /// The request checked against `set` (its frame types read with `meanings`): the sprite or
    /// each animation's slot found, every pose placed.
    ///
    /// # Errors
    /// The first [`RequestFault`].
    pub fn against(
        &self,
        set: &SasSet,
        meanings: &Meanings,
    ) -> Result<CheckedSasRender<'_>, RequestFault> {
        self.check()?;
        let mut report = Vec::new();
        let mut warnings = Vec::new();
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        match &self.what {
            SasSubject::Sprite(index) => {
                let still = u8::try_from(*index)
                    .ok()
                    .filter(|_| *index < set.sprites.len())
                    .map(|sprite| pose::Pose {
                        start: 0,
                        end: 0,
                        sprite: Some(sprite),
                        x: 0,
                        y: 0,
                    })
                    .ok_or(RequestFault::NoSprite {
                        sprite: *index,
                        count: set.sprites.len(),
                    })?;
                report.push(format!(
                    "sprite  {index} ({} quads) at (0, 0)",
                    set.sprites[*index].quads.len()
                ));
                rows.push(vec![Cell {
                    quads: pose::place(set, &still, false),
                    ticks: 0,
                }]);
            }
            SasSubject::Animations(list) => {
                for &animation in list {
                    let slot = pose::slot(set, animation, self.direction)?;
                    let poses = pose::poses(slot.block, set.byte_order, meanings);
                    report.push(animation_line(set, &slot, poses.len(), meanings));
                    warnings.extend(out_of_range(set, &poses));
                    rows.push(
                        poses
                            .iter()
                            .map(|p| Cell {
                                quads: pose::place(set, p, slot.mirrored),
                                ticks: p.end - p.start,
                            })
                            .collect(),
                    );
                }
            }
        }
        let (left, top, right, bottom) =
            pose::bounds(rows.iter().flatten().flat_map(|c| &c.quads)).unwrap_or((0, 0, 1, 1));
        // Quads are at most 65535 texels from a position of i16s: the box fits a u32.
        let width = u32::try_from(right - left).unwrap_or(u32::MAX);
        let height = u32::try_from(bottom - top).unwrap_or(u32::MAX);
        Ok(CheckedSasRender {
            request: self,
            rows,
            canvas: Canvas {
                left: left.into(),
                top: top.into(),
                width,
                height,
            },
            report,
            warnings,
            cancel: Cancel::never(),
        })
    }
}

impl CheckedSasRender<'_> {
    /// The same render, stopped at its next pose (drawn or encoded) with
    /// [`RenderError::Cancelled`] once `cancel` says it is no longer wanted (as
    /// [`crate::CheckedRender::cancelled_by`]).
    pub fn cancelled_by(self, cancel: Cancel) -> Self {
        Self { cancel, ..self }
    }

    /// A line per sprite or animation drawn (`sprite  ...`, `anim    ...`), the command line's.
    pub fn report(&self) -> &[String] {
        &self.report
    }

    /// What the set itself makes doubtful: a sprite past the sprite table, a sprite that names
    /// another sheet (which names the parameter giving the sheet).
    pub fn warnings(&self) -> &[Words] {
        &self.warnings
    }

    /// How many pixels the render holds at once, every picture at its scale: what a server bounds
    /// before drawing.
    pub fn pixels(&self) -> u64 {
        let (w, h) = (self.canvas.width, self.canvas.height);
        let pictures = if self.request.format == Format::Png {
            self.columns() as u64 * self.rows.len() as u64
        } else {
            self.rows.first().map_or(1, Vec::len) as u64
        };
        let k = u64::from(self.request.scale);
        (u64::from(w) * u64::from(h))
            .saturating_mul(pictures)
            .saturating_mul(k * k)
    }

    /// How many poses the widest row of the strip holds (at least one column).
    fn columns(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(1).max(1)
    }

    /// Draws the render from `sheet` (any size; texels past it are transparent).
    ///
    /// # Errors
    /// A picture over the limits, or an encoder's failure.
    pub fn render(&self, sheet: &Image) -> Result<SasRendered, RenderError> {
        let request = self.request;
        let Canvas {
            left,
            top,
            width: w,
            height: h,
        } = self.canvas;
        let warnings = outside_sheet(sheet, &self.rows);
        let canvas_line = format!(
            "canvas  {w} x {h}, position (0, 0) at ({}, {})",
            -left, -top
        );
        // A pose drawn into `image` with the canvas's top left at `(x, y)`: every quad lies
        // inside the canvas, so a pose drawn into its cell of the strip is the pose drawn alone.
        let draw_into = |image: &mut Image, cell: &Cell, (x, y): (i64, i64)| {
            for q in &cell.quads {
                image.draw_rect(
                    sheet,
                    (q.quad.u.into(), q.quad.v.into()),
                    (q.quad.width.into(), q.quad.height.into()),
                    (x + i64::from(q.x) - left, y + i64::from(q.y) - top),
                    (q.mirrored, false),
                );
            }
        };
        let finish =
            |image: &Image| crate::render::finish(image, request.background, request.scale);
        if request.format != Format::Png {
            let poses = &self.rows[0];
            // Every frame is held until it is encoded: bounded together, as a document's animation.
            let scale = request.scale;
            check_animation(
                self.canvas,
                poses.len(),
                scale,
                Words::new(move |s| {
                    format!("the animation's poses at {}", s.given("scale", &scale))
                }),
            )?;
            let images: Vec<Image> = poses
                .iter()
                .map(|c| {
                    self.cancel.check()?;
                    let mut image = Image::new(w, h);
                    draw_into(&mut image, c, (0, 0));
                    finish(&image)
                })
                .collect::<Result<_, _>>()?;
            let timed: Vec<TimedFrame<'_>> = poses
                .iter()
                .zip(&images)
                .map(|(c, image)| TimedFrame {
                    image,
                    ticks: if c.ticks == 0 { request.hold } else { c.ticks },
                })
                .collect();
            let plays = request.plays.unwrap_or(0);
            let bytes = if request.format == Format::Apng {
                apng_unless_cancelled(&timed, TICKS_PER_SECOND, plays, &self.cancel)
            } else {
                gif_unless_cancelled(&timed, TICKS_PER_SECOND.into(), plays, &self.cancel)
            }?;
            let summary = format!(
                "({} frame{}, {} bytes)",
                timed.len(),
                if timed.len() == 1 { "" } else { "s" },
                bytes.len()
            );
            return Ok(SasRendered {
                bytes,
                canvas_line,
                warnings,
                summary,
            });
        }
        let rows = &self.rows;
        let columns = self.columns() as u32;
        check_size(
            u64::from(w) * u64::from(columns),
            u64::from(h) * rows.len() as u64,
            "a strip of",
            format_args!("{} rows of {columns} poses", rows.len()),
        )?;
        let mut strip = Image::new(w * columns, h * rows.len() as u32);
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                draw_into(
                    &mut strip,
                    cell,
                    (i64::from(w) * c as i64, i64::from(h) * r as i64),
                );
            }
        }
        let (width, height) = crate::render::check_scaled(&strip, request.scale)?;
        let bytes = png_scaled(&strip, request.background, request.scale, &self.cancel)?;
        let summary = format!("({width} x {height}, {} bytes)", bytes.len());
        Ok(SasRendered {
            bytes,
            canvas_line,
            warnings,
            summary,
        })
    }
}

/// A PNG sheet of any size up to [`MAX_SHEET_SIDE`] (checked in its header first), in its own
/// colours.
///
/// # Errors
/// Bytes that are not a PNG, a PNG over the side, or one that does not decode.
pub fn sas_sheet(bytes: &[u8]) -> Result<Image, RenderError> {
    if !bytes.starts_with(&PNG_SIGNATURE) || bytes.len() < 24 {
        return Err(RenderError::SasSheetNotPng);
    }
    let side =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (width, height) = (side(16), side(20));
    if width > MAX_SHEET_SIDE || height > MAX_SHEET_SIDE {
        return Err(RenderError::SasSheetTooLarge {
            width,
            height,
            max: MAX_SHEET_SIDE,
        });
    }
    let (image, _) = decode_png(bytes, None)?;
    Ok(image)
}

/// The `anim` line: the slot's block, its poses and ticks, and the events its frames carry.
fn animation_line(
    set: &SasSet,
    slot: &pose::AnimationSlot<'_>,
    poses: usize,
    meanings: &Meanings,
) -> String {
    let events: Vec<String> = slot
        .block
        .frames
        .iter()
        .filter_map(|frame| {
            let command = Command::of(frame, set.byte_order);
            let name = meanings.of_command(&command).event()?;
            let args: Vec<String> = command
                .arguments()
                .iter()
                .map(|(n, v)| format!("{n} {v}"))
                .collect();
            Some(format!(
                "{name} ({}) at tick {}",
                args.join(", "),
                frame.time
            ))
        })
        .collect();
    format!(
        "anim    {} direction {}: block {}{}, {poses} pose{}, {} ticks{}{}",
        slot.animation,
        slot.direction,
        slot.sequence,
        if slot.mirrored { " mirrored" } else { "" },
        if poses == 1 { "" } else { "s" },
        slot.block.duration,
        if events.is_empty() { "" } else { "; events: " },
        events.join(", ")
    )
}

/// A warning per pose whose sprite is past the sprite table or names another sheet.
fn out_of_range(set: &SasSet, poses: &[pose::Pose]) -> Vec<Words> {
    poses
        .iter()
        .filter_map(|p| {
            let s = p.sprite?;
            match set.sprites.get(usize::from(s)) {
                None => Some(Words::from(format!(
                    "tick {}: sprite {s} is past the sprite table ({} sprites); nothing drawn",
                    p.start,
                    set.sprites.len()
                ))),
                Some(sprite) if sprite.sheet != 0 => {
                    let sheet = sprite.sheet;
                    Some(Words::new(move |w| {
                        format!(
                            "sprite {s} names sheet {sheet}; it is drawn from the one {} given",
                            w.name("sheet")
                        )
                    }))
                }
                Some(_) => None,
            }
        })
        .collect()
}

/// A warning when quads reach past the sheet.
fn outside_sheet(sheet: &Image, rows: &[Vec<Cell>]) -> Vec<String> {
    let outside = rows
        .iter()
        .flatten()
        .flat_map(|c| &c.quads)
        .filter(|q| {
            u32::from(q.quad.u) + u32::from(q.quad.width) > sheet.width()
                || u32::from(q.quad.v) + u32::from(q.quad.height) > sheet.height()
        })
        .count();
    if outside == 0 {
        return Vec::new();
    }
    vec![format!(
        "{outside} quads reach past the {} x {} sheet; their texels there are transparent",
        sheet.width(),
        sheet.height()
    )]
}
