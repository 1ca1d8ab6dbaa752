//! An export in the shape of Aseprite's sprite-sheet JSON (File > Export Sprite Sheet, "Hash"),
//! which Phaser, PixiJS and other 2D engines import: an atlas PNG of the composed frames and a
//! JSON that names them (docs/aseprite.md says which of Aseprite's conventions it follows).
//!
//! - **Frames**: one sprite frame per frame each sequence shows, sequences in document order,
//!   keyed by the frame number as a string (`"0"`, `"1"`, ...: Aseprite's Item Filename `{frame}`,
//!   which Phaser needs). Each is the frame composed as `poseAt` draws the sequence at an
//!   unmirrored view, 2D move included, on the document's canvas (`sourceSize`), trimmed to its
//!   pixels (`spriteSourceSize`). Identical trimmed pictures share one atlas rectangle (Aseprite's
//!   Merge Duplicates). A frame with no pixel is a 1 x 1 transparent rectangle at the canvas's
//!   top left. `rotated` is always false.
//! - **Durations**: whole milliseconds, each frame's end rounded from its exact time
//!   (`ticks * 1000 / 60`) and its duration the difference, so a tag's total is within half a
//!   millisecond of its ticks. A frame the game holds (a last delay of 0) lasts the `hold`
//!   ticks the caller chooses, never 0: Aseprite never writes 0, and players stall or spin on it.
//! - **Tags**: one per sequence, named as the sequence, `from`/`to` inclusive, `direction`
//!   `forward`; a sequence that does not loop gets `"repeat": "1"` (a string, as Aseprite writes
//!   it), so an engine plays it once and holds its last frame. Then one per named animation and
//!   view, `"<animation> view <V>"` (V 0..7), over the frames of the sequence `poseAt` plays at
//!   that view, so an engine can play "Walk" at a view without knowing sequence names; a view
//!   `poseAt` mirrors has `"data": "flipX"`: draw those frames flipped horizontally about the
//!   pivot.
//! - **Layers**: `sprite` (its user data says where the export came from, with the document's
//!   notice) and `events`, whose cels carry the sequence events as user data on the frame where
//!   they land: `hit` for `PostGenericAttack`, `sound` for `PlaySound`, comma-joined when a frame
//!   has several.
//! - **Slices**: `stance`, one key on frame 0 covering the canvas, whose `pivot` is the stance
//!   point: anchor a sprite there. The canvas is symmetric about the pivot's column, so flipping a
//!   frame horizontally gives the mirrored views (patterns 0 and 3), whose moves also flip.

pub mod json;

use std::collections::HashMap;

use serde_json::Value;

use sprite_data::Document;
use sprite_data::pose::{View, pose_at};

use crate::compose::{AnimationFrame, Canvas, Renderer};
use crate::encode::carried_durations;
use crate::error::RenderError;
use crate::image::{Image, Rgba};
use crate::layout::check_size;

use json::{Cel, Frames, Layer, Meta, Point, Rect, Size, Slice, SliceKey, SpriteSheet, Tag};

/// `meta.app`: the format's, since readers may recognise an export by it (the JSON is written by
/// tactics-sprite, which the `sprite` layer's user data says).
pub const APP: &str = "https://www.aseprite.org/";
/// `meta.version`: the Aseprite version whose JSON this follows (tags with `repeat`, cel user
/// data).
pub const VERSION: &str = "1.3";
/// Transparent pixels between atlas rectangles, so that a filtering renderer does not bleed one
/// frame into the next.
pub const SPACING: u32 = 1;

/// The export: the atlas picture and the JSON describing it.
#[derive(Debug, Clone)]
pub struct AsepriteExport {
    pub atlas: Image,
    /// The JSON, as the structs `to_text` writes.
    pub sheet: SpriteSheet,
    /// Sprite frames (keys of `frames`).
    pub frames: usize,
    /// Distinct atlas rectangles.
    pub stored: usize,
    /// Tags: one per sequence, then one per animation and view.
    pub tags: usize,
}

impl AsepriteExport {
    /// The JSON as text: one line per frame, as Aseprite writes them, and `meta` indented.
    pub fn to_text(&self) -> String {
        self.sheet.to_text()
    }

    /// The JSON as a value ([`SpriteSheet::to_value`]), for readers that walk it.
    pub fn json(&self) -> Value {
        self.sheet.to_value()
    }
}

/// The user-data word for an event label.
pub fn event_word(label: &str) -> String {
    match label {
        "PostGenericAttack" => "hit".into(),
        "PlaySound" => "sound".into(),
        other => other.to_owned(),
    }
}

struct SpriteFrame {
    /// Index into the stored (distinct) pictures.
    stored: usize,
    /// The trimmed rectangle in the canvas.
    source: (u32, u32, u32, u32),
    trimmed: bool,
    duration_ms: u64,
    events: Vec<String>,
}

/// What the export draws from: a document, its canvas, and each sequence's pictures played on
/// its own ([`Renderer::sequence`], or with a weapon in hand,
/// [`crate::layers::LayeredRenderer::sequence`]).
pub trait SequencePictures {
    fn document(&self) -> &Document;
    fn canvas(&self) -> Canvas;
    /// Sequence `index` played on its own at its unmirrored facing.
    ///
    /// # Errors
    /// A sequence not in the document; references that do not resolve.
    fn sequence(&self, index: usize, water: bool) -> Result<Vec<AnimationFrame>, RenderError>;
}

impl SequencePictures for Renderer<'_> {
    fn document(&self) -> &Document {
        Renderer::document(self)
    }

    fn canvas(&self) -> Canvas {
        Renderer::canvas(self)
    }

    fn sequence(&self, index: usize, water: bool) -> Result<Vec<AnimationFrame>, RenderError> {
        Renderer::sequence(self, index, water)
    }
}

/// Exports every sequence of the renderer's document. `image_name` is the atlas file's name (no
/// folder: it is resolved beside the JSON); `provenance` is written in the `sprite` layer's user
/// data, followed by the document's notice; `hold` is how many ticks a held frame (delay 0)
/// lasts (at least 1).
///
/// # Errors
/// A document whose references do not resolve; an atlas over [`sprite_data::limits::MAX_PICTURE_PIXELS`].
pub fn export(
    renderer: &impl SequencePictures,
    image_name: &str,
    provenance: &str,
    hold: u32,
) -> Result<AsepriteExport, RenderError> {
    let doc = renderer.document();
    let canvas = renderer.canvas();
    let tps = doc.stage.ticks_per_second;

    let mut stored: Vec<Image> = Vec::new();
    let mut seen: HashMap<(u32, u32, Vec<Rgba>), usize> = HashMap::new();
    let mut frames: Vec<SpriteFrame> = Vec::new();
    let mut tags = Vec::new();
    // Every picture drawn is kept (and once more as its key): bounded as the atlas they make.
    let mut stored_pixels = 0u64;
    // Each sequence's frames, `from..=to`.
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for (index, sequence) in doc.sequences.iter().enumerate() {
        // A sequence only a water animation plays (Nulled Walk) is drawn in its water frames.
        let water = doc
            .animations
            .iter()
            .any(|a| a.water && (a.front.index() == index || a.back.index() == index));
        let shown = renderer.sequence(index, water)?;
        let ticks: Vec<u32> = shown
            .iter()
            .map(|f| if f.ticks == 0 { hold.max(1) } else { f.ticks })
            .collect();
        let durations = carried_durations(&ticks, tps, 1000);
        let from = frames.len();
        ranges.push((from, from + shown.len() - 1));
        for (frame, duration_ms) in shown.into_iter().zip(durations) {
            let (source, picture) = match frame.image.opaque_bounds() {
                Some((x, y, w, h)) => ((x, y, w, h), frame.image.crop(x.into(), y.into(), w, h)),
                None => ((0, 0, 1, 1), Image::new(1, 1)),
            };
            stored_pixels += u64::from(picture.width()) * u64::from(picture.height());
            check_size(
                stored_pixels,
                1,
                "an atlas holding",
                format_args!("export of {} sequences", doc.sequences.len()),
            )?;
            let key = (picture.width(), picture.height(), picture.pixels().to_vec());
            let slot = *seen.entry(key).or_insert_with(|| {
                stored.push(picture);
                stored.len() - 1
            });
            frames.push(SpriteFrame {
                stored: slot,
                source,
                trimmed: source != (0, 0, canvas.width, canvas.height),
                duration_ms,
                events: frame.events,
            });
        }
        tags.push(Tag {
            name: sequence.name.clone(),
            from,
            to: frames.len() - 1,
            direction: "forward",
            repeat: play_once(sequence.looping),
            data: None,
        });
    }

    for animation in &doc.animations {
        for v in 0..8 {
            let view = View::new(v).expect("0..8 are views");
            let pose = pose_at(doc, animation, view, 0, animation.water)?;
            let Some(sequence) = pose.sequence else {
                continue;
            };
            let (from, to) = ranges[sequence.index()];
            tags.push(Tag {
                name: format!("{} view {v}", animation.name),
                from,
                to,
                direction: "forward",
                repeat: play_once(animation.looping),
                data: pose.mirrored.then_some("flipX"),
            });
        }
    }

    let (atlas, places) = pack(&stored)?;

    let canvas_size = Size {
        w: canvas.width,
        h: canvas.height,
    };
    let mut sheet_frames = Vec::with_capacity(frames.len());
    let mut cels = Vec::new();
    for (number, frame) in frames.iter().enumerate() {
        let (ax, ay) = places[frame.stored];
        let picture = &stored[frame.stored];
        let (sx, sy, sw, sh) = frame.source;
        sheet_frames.push(json::Frame {
            frame: Rect {
                x: ax,
                y: ay,
                w: picture.width(),
                h: picture.height(),
            },
            rotated: false,
            trimmed: frame.trimmed,
            sprite_source_size: Rect {
                x: sx,
                y: sy,
                w: sw,
                h: sh,
            },
            source_size: canvas_size,
            duration: frame.duration_ms,
        });
        if !frame.events.is_empty() {
            let words: Vec<String> = frame.events.iter().map(|e| event_word(e)).collect();
            cels.push(Cel {
                frame: number,
                data: words.join(","),
            });
        }
    }
    let (px, py) = canvas.stance();
    let mut sprite_data = provenance.to_owned();
    if !doc.notice.is_empty() {
        sprite_data.push_str(if sprite_data.is_empty() { "" } else { ". " });
        sprite_data.push_str(&doc.notice);
    }
    let layer = |name, data, cels| Layer {
        name,
        opacity: 255,
        blend_mode: "normal",
        data,
        cels,
    };
    let tags_len = tags.len();
    let sheet = SpriteSheet {
        frames: Frames(sheet_frames),
        meta: Meta {
            app: APP,
            version: VERSION,
            image: image_name.to_owned(),
            format: "RGBA8888",
            size: Size {
                w: atlas.width(),
                h: atlas.height(),
            },
            scale: "1",
            frame_tags: tags,
            layers: vec![
                layer("sprite", sprite_data, Vec::new()),
                layer("events", String::new(), cels),
            ],
            slices: vec![Slice {
                name: "stance",
                color: "#0000ffff",
                keys: vec![SliceKey {
                    frame: 0,
                    bounds: Rect {
                        x: 0,
                        y: 0,
                        w: canvas.width,
                        h: canvas.height,
                    },
                    pivot: Point { x: px, y: py },
                }],
            }],
        },
    };
    Ok(AsepriteExport {
        atlas,
        sheet,
        frames: frames.len(),
        stored: stored.len(),
        tags: tags_len,
    })
}

/// A tag's `repeat`: `"1"` for a run that does not loop (an engine plays it once and holds its last
/// frame), none for a loop.
fn play_once(looping: bool) -> Option<&'static str> {
    (!looping).then_some("1")
}

/// Shelf packing: pictures tallest first (ties in order), left to right in rows of a width near
/// the square root of their total area, [`SPACING`] apart. Returns the atlas and each picture's
/// top left, in the pictures' order.
fn pack(pictures: &[Image]) -> Result<(Image, Vec<(u32, u32)>), RenderError> {
    let area: u64 = pictures
        .iter()
        .map(|p| u64::from(p.width() + SPACING) * u64::from(p.height() + SPACING))
        .sum();
    let widest = pictures.iter().map(Image::width).max().unwrap_or(1);
    let width = ((area as f64).sqrt().ceil() as u32).max(widest).max(1);
    let mut order: Vec<usize> = (0..pictures.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(pictures[i].height()), i));
    let mut places = vec![(0, 0); pictures.len()];
    let (mut x, mut y, mut shelf) = (0u32, 0u32, 0u32);
    for &i in &order {
        let p = &pictures[i];
        if x > 0 && x + p.width() > width {
            x = 0;
            y += shelf + SPACING;
            shelf = 0;
        }
        places[i] = (x, y);
        x += p.width() + SPACING;
        shelf = shelf.max(p.height());
    }
    let height = (y + shelf).max(1);
    let used_width = pictures
        .iter()
        .zip(&places)
        .map(|(p, (px, _))| px + p.width())
        .max()
        .unwrap_or(1)
        .max(1);
    check_size(
        used_width.into(),
        height.into(),
        "an atlas of",
        format_args!("export of {} pictures", pictures.len()),
    )?;
    let mut atlas = Image::new(used_width, height);
    for (p, &(px, py)) in pictures.iter().zip(&places) {
        atlas.copy_image(p, px.into(), py.into());
    }
    Ok((atlas, places))
}
