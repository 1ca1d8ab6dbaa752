//! Drawing a document's frames and animations from a sheet, as `poseAt` places them
//! ([`sprite_data::pose`]): tiles back to front, each cell cut from the sheet, flipped where the
//! pose says, at its top left from the stance point plus the 2D move.
//!
//! Every picture of one document has the same canvas ([`Canvas::of_document`]), the union of the
//! boxes of every frame in both mirror states and of every sequence's frames at their moves, so
//! frames never jump and a mirrored view is the unmirrored picture flipped about its middle.
//!
//! From the remaster's HD sheet ([`SheetScale::Hd`], docs/remaster.md "Drawing at twice the
//! size") the same poses are drawn at twice the size: each cell cut at twice its place and size,
//! every offset and move doubled, on the canvas doubled; the numbers stay the document's.

use faults::Words;
use fft_formats::spr::SP2_SIZE;
use sprite_data::document::{Animation, Document, Sequence};
use sprite_data::index::{FrameIndex, SequenceIndex};
use sprite_data::pose::{
    Motion, Pose, PoseTile, View, frame_index_at, place_tiles, pose_at, total_ticks,
};

use sprite_data::limits::{
    LimitExceeded, MAX_ANIMATION_FRAMES, MAX_ANIMATION_PIXELS, MAX_CANVAS_SIDE,
};

use crate::cancel::Cancel;
use crate::error::RenderError;
use crate::image::Image;
use crate::sheet::SheetScale;

/// Where the stance point sits in a picture: the canvas spans `left..left + width` and `top..top +
/// height` in pixels from the stance point (+x right, +y down), so the stance point is the
/// picture's pixel `(-left, -top)`. A document's canvas ([`Canvas::of_document`]) has `left ==
/// -(width / 2)`: it is symmetric about the stance point's column; a fitted one
/// ([`fit_to_drawn`]) need not be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canvas {
    pub left: i64,
    pub top: i64,
    pub width: u32,
    pub height: u32,
}

/// A box in pixels from the stance point: `left..right`, `top..bottom`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) left: i64,
    pub(crate) top: i64,
    pub(crate) right: i64,
    pub(crate) bottom: i64,
}

impl Bounds {
    pub(crate) fn union(self, other: Bounds) -> Bounds {
        Bounds {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    fn shifted(self, dx: i64, dy: i64) -> Bounds {
        Bounds {
            left: self.left + dx,
            top: self.top + dy,
            right: self.right + dx,
            bottom: self.bottom + dy,
        }
    }
}

/// A tile's whole-pixel top left. The builder only writes cells of even sizes, so `u - w/2` is
/// whole; a hand-made odd cell is drawn half a pixel up and left.
fn tile_origin(tile: &PoseTile) -> (i64, i64) {
    (tile.x.floor() as i64, tile.y.floor() as i64)
}

fn tiles_bounds(tiles: &[PoseTile]) -> Option<Bounds> {
    tiles
        .iter()
        .map(|t| {
            let (x, y) = tile_origin(t);
            Bounds {
                left: x,
                top: y,
                right: x + i64::from(t.w),
                bottom: y + i64::from(t.h),
            }
        })
        .reduce(Bounds::union)
}

/// Frame `shp`'s tiles placed as `poseAt` places them for a view that is (`mirrored`) or is not
/// mirrored, with no move ([`sprite_data::pose::place_tiles`]).
///
/// # Errors
/// [`RenderError::FrameOutOfRange`]; a tile whose cell is not in the document.
pub fn place_frame(
    doc: &Document,
    shp: FrameIndex,
    mirrored: bool,
) -> Result<Vec<PoseTile>, RenderError> {
    if shp.index() >= doc.frames.len() {
        return Err(RenderError::FrameOutOfRange {
            frame: shp.index(),
            count: doc.frames.len(),
        });
    }
    Ok(place_tiles(doc, shp, mirrored, false)?)
}

impl Canvas {
    /// The canvas of a document: the union of every frame's box, mirrored and not, and of every
    /// sequence frame's box (its water copy too) at its 2D move in both mirror states. A document
    /// with no tile at all gets a 1 x 1 canvas at the stance point.
    ///
    /// # Errors
    /// A frame whose cells are not in the document.
    pub fn of_document(doc: &Document) -> Result<Canvas, RenderError> {
        let mut boxes: Vec<[Option<Bounds>; 2]> = Vec::with_capacity(doc.frames.len());
        for shp in (0..doc.frames.len()).map(|shp| FrameIndex(shp as u32)) {
            boxes.push([
                tiles_bounds(&place_frame(doc, shp, false)?),
                tiles_bounds(&place_frame(doc, shp, true)?),
            ]);
        }
        let mut all: Option<Bounds> = boxes
            .iter()
            .flatten()
            .flatten()
            .copied()
            .reduce(Bounds::union);
        for sequence in &doc.sequences {
            for (i, &frame) in sequence.frames.iter().enumerate() {
                let fb = sequence
                    .fb
                    .as_ref()
                    .and_then(|l| l.get(i))
                    .copied()
                    .unwrap_or(0);
                let du = sequence
                    .du
                    .as_ref()
                    .and_then(|l| l.get(i))
                    .copied()
                    .unwrap_or(0);
                for shp in [Some(frame), frame.in_water(doc.water_offset)]
                    .into_iter()
                    .flatten()
                {
                    let Some(pair) = boxes.get(shp.index()) else {
                        continue;
                    };
                    for (mirrored, b) in pair.iter().enumerate() {
                        let (mx, my) = sprite_data::pose::move_2d(fb, du, mirrored == 1);
                        if let Some(b) = b {
                            let moved = b.shifted(mx, my);
                            all = Some(all.map_or(moved, |a| a.union(moved)));
                        }
                    }
                }
            }
        }
        Canvas::symmetric_about(all.unwrap_or(Bounds {
            left: 0,
            top: 0,
            right: 1,
            bottom: 1,
        }))
    }

    /// The canvas that holds `b` and is symmetric about the stance column (it already is for
    /// whole-pixel tiles; this keeps it so for odd hand-made cells and turned layers).
    ///
    /// # Errors
    /// [`RenderError::Limit`] for a canvas over [`MAX_CANVAS_SIDE`].
    pub(crate) fn symmetric_about(b: Bounds) -> Result<Canvas, RenderError> {
        let half = b.right.max(-b.left).max(1);
        let (width, height) = (2 * half, (b.bottom - b.top).max(1));
        check_canvas(width, height)?;
        Ok(Canvas {
            left: -half,
            top: b.top,
            width: width as u32,
            height: height as u32,
        })
    }

    /// The canvas's box in pixels from the stance point.
    pub(crate) fn bounds(&self) -> Bounds {
        Bounds {
            left: self.left,
            top: self.top,
            right: self.left + i64::from(self.width),
            bottom: self.top + i64::from(self.height),
        }
    }

    /// The stance point's pixel in the picture.
    pub fn stance(&self) -> (i64, i64) {
        (-self.left, -self.top)
    }

    /// The canvas at `scale`: every side and distance from the stance point times its factor.
    pub fn scaled(self, scale: SheetScale) -> Canvas {
        let k = scale.factor();
        Canvas {
            left: self.left * i64::from(k),
            top: self.top * i64::from(k),
            width: self.width.saturating_mul(k),
            height: self.height.saturating_mul(k),
        }
    }
}

/// Checks a canvas against [`MAX_CANVAS_SIDE`]. A document that loads ([`sprite_data::load`])
/// always fits: its tile offsets and moves are bounded so that it does; this keeps a document
/// built in memory from asking for an unbounded picture.
///
/// # Errors
/// [`RenderError::Limit`].
pub fn check_canvas(width: i64, height: i64) -> Result<(), RenderError> {
    let side = i64::from(MAX_CANVAS_SIDE);
    if width > side || height > side {
        return Err(RenderError::Limit(LimitExceeded {
            what: "a canvas of".into(),
            value: format!("{width} x {height} pixels"),
            limit: format!("{MAX_CANVAS_SIDE} x {MAX_CANVAS_SIDE}"),
            name: "MAX_CANVAS_SIDE",
            field: "the frames' tiles (u, v) at the sequences' moves (fb, du)".into(),
        }));
    }
    Ok(())
}

/// Checks that `frames` pictures of `canvas` fit [`MAX_ANIMATION_FRAMES`] and
/// [`MAX_ANIMATION_PIXELS`]; `field` names what is drawn.
///
/// # Errors
/// [`RenderError::Limit`].
pub fn check_animation(
    canvas: Canvas,
    frames: usize,
    scale: u32,
    field: impl Into<Words>,
) -> Result<(), RenderError> {
    if frames > MAX_ANIMATION_FRAMES {
        return Err(RenderError::Limit(LimitExceeded {
            what: "an animation of".into(),
            value: format!("{frames} frames"),
            limit: format!("{MAX_ANIMATION_FRAMES} frames"),
            name: "MAX_ANIMATION_FRAMES",
            field: field.into(),
        }));
    }
    let k = u64::from(scale);
    let pixels = (u64::from(canvas.width) * k)
        .saturating_mul(u64::from(canvas.height) * k)
        .saturating_mul(frames as u64);
    if pixels > MAX_ANIMATION_PIXELS {
        return Err(RenderError::Limit(LimitExceeded {
            what: format!(
                "{frames} frames of {} x {} pixels,",
                u64::from(canvas.width) * k,
                u64::from(canvas.height) * k
            ),
            value: format!("{pixels} pixels in all,"),
            limit: format!("{MAX_ANIMATION_PIXELS} pixels"),
            name: "MAX_ANIMATION_PIXELS",
            field: field.into(),
        }));
    }
    Ok(())
}

/// Crops every frame of `rows` (drawn on `canvas`) to the union of their drawn pixels, so a
/// render is no larger than what it shows: one animation's frames need not make room for the
/// whole document's (CYOKO's Walk on the document's canvas is 138 pixels wide to the right for
/// other frames' blank filler tiles). Every frame keeps the same box, so none jumps; the returned
/// canvas says where the stance point now is. With nothing drawn, a 1 x 1 canvas at the stance
/// point.
pub fn fit_to_drawn(rows: &mut [Vec<AnimationFrame>], canvas: Canvas) -> Canvas {
    let drawn = rows
        .iter()
        .flatten()
        .filter_map(|f| f.image.opaque_bounds())
        .map(|(x, y, w, h)| Bounds {
            left: i64::from(x),
            top: i64::from(y),
            right: i64::from(x) + i64::from(w),
            bottom: i64::from(y) + i64::from(h),
        })
        .reduce(Bounds::union);
    let (sx, sy) = canvas.stance();
    let b = drawn.unwrap_or(Bounds {
        left: sx.clamp(0, i64::from(canvas.width.max(1)) - 1),
        top: sy.clamp(0, i64::from(canvas.height.max(1)) - 1),
        right: sx.clamp(0, i64::from(canvas.width.max(1)) - 1) + 1,
        bottom: sy.clamp(0, i64::from(canvas.height.max(1)) - 1) + 1,
    });
    let (width, height) = ((b.right - b.left) as u32, (b.bottom - b.top) as u32);
    for frame in rows.iter_mut().flatten() {
        frame.image = frame.image.crop(b.left, b.top, width, height);
    }
    Canvas {
        left: canvas.left + b.left,
        top: canvas.top + b.top,
        width,
        height,
    }
}

/// One frame of an animation as it plays.
#[derive(Debug, Clone)]
pub struct AnimationFrame {
    /// The picture, on the document's canvas.
    pub image: Image,
    /// How long it shows; 0 for a last frame the game holds until it moves on.
    pub ticks: u32,
    /// The tick it starts at.
    pub start: u64,
    /// Its position in the sequence's `frames` (`None` on the idle branch).
    pub index: Option<usize>,
    /// The frame drawn, a position in the document's `frames` (water offset included).
    pub shp: FrameIndex,
    /// The 2D move it is drawn at.
    pub move_x: i64,
    pub move_y: i64,
    /// The labels of the sequence's events at ticks this frame shows (`PlaySound`,
    /// `PostGenericAttack`), in order.
    pub events: Vec<String>,
}

/// Rows the SP2 replaces: the game loads it where the sheet's lower half was, so a cell at
/// `y >= SP2_FROM_ROW` of a `sheet: 1` tile is read from the SP2 at `y - SP2_FROM_ROW`.
pub const SP2_FROM_ROW: u32 = fft_formats::shp::HALF_HEIGHT;

/// Draws a document's pictures from its sheet (and its SP2, for MON's SP2 sequences).
#[derive(Debug, Clone)]
pub struct Renderer<'a> {
    doc: &'a Document,
    sheet: &'a Image,
    /// The second sheet (`sp2` in the document) that `"sheet": 1` tiles are cut from, if given.
    sp2: Option<&'a Image>,
    /// The canvas in the document's pixels; the pictures' is this at `scale`.
    canvas: Canvas,
    /// The size the sheets are drawn at.
    scale: SheetScale,
    /// Looked at before each frame is drawn ([`Renderer::with_cancel`]).
    cancel: Cancel,
}

/// Checks that `cell` of `doc`, at `scale` and `y` rows up (the SP2's offset), lies inside
/// `sheet`.
fn check_cell(
    cell: &sprite_data::document::Cell,
    y: u32,
    sheet: &Image,
    (doc_width, doc_height): (u32, u32),
    scale: SheetScale,
) -> Result<(), RenderError> {
    let k = u64::from(scale.factor());
    let inside = (u64::from(cell.x) + u64::from(cell.w)) * k <= u64::from(sheet.width())
        && (u64::from(y) + u64::from(cell.h)) * k <= u64::from(sheet.height());
    if inside {
        return Ok(());
    }
    let k = scale.factor();
    Err(RenderError::CellOutsideSheet {
        cell: cell.id,
        x: cell.x * k,
        y: y * k,
        w: cell.w * k,
        h: cell.h * k,
        sheet_width: sheet.width(),
        sheet_height: sheet.height(),
        doc_width: doc_width * k,
        doc_height: doc_height * k,
    })
}

impl<'a> Renderer<'a> {
    /// A renderer for `doc` over `sheet`.
    ///
    /// # Errors
    /// [`RenderError::CellOutsideSheet`] when some cell lies outside the sheet (a sheet of
    /// another layout); a frame whose cells are not in the document.
    pub fn new(doc: &'a Document, sheet: &'a Image) -> Result<Self, RenderError> {
        let renderer = Self {
            doc,
            sheet,
            sp2: None,
            canvas: Canvas::of_document(doc)?,
            scale: SheetScale::Sd,
            cancel: Cancel::never(),
        };
        renderer.check_sheet()?;
        Ok(renderer)
    }

    /// Checks every cell against the sheet at the renderer's scale.
    fn check_sheet(&self) -> Result<(), RenderError> {
        let size = (self.doc.sheet.width, self.doc.sheet.height);
        for cell in &self.doc.cells {
            check_cell(cell, cell.y, self.sheet, size, self.scale)?;
        }
        Ok(())
    }

    /// The same renderer drawing from a sheet at `scale`: at [`SheetScale::Hd`] the remaster's
    /// HD sheet, each cell cut at twice its place and size, on the canvas doubled, every offset
    /// and move doubled. The SP2, if one was given, is then at that scale too.
    ///
    /// # Errors
    /// [`RenderError::CellOutsideSheet`] when some cell lies outside the sheet (or the SP2) at
    /// that scale: an SPR-sized sheet drawn at HD.
    pub fn with_sheet_scale(mut self, scale: SheetScale) -> Result<Self, RenderError> {
        if scale == self.scale {
            return Ok(self);
        }
        self.scale = scale;
        self.check_sheet()?;
        match self.sp2 {
            Some(sp2) => self.with_sp2(sp2),
            None => Ok(self),
        }
    }

    /// The size the sheets are drawn at.
    pub fn sheet_scale(&self) -> SheetScale {
        self.scale
    }

    /// The same renderer, stopping with [`RenderError::Cancelled`] before the next frame it
    /// draws once `cancel` says the pictures are no longer wanted.
    pub fn with_cancel(self, cancel: Cancel) -> Self {
        Self { cancel, ..self }
    }

    /// [`RenderError::Cancelled`] once the pictures are no longer wanted.
    pub(crate) fn still_wanted(&self) -> Result<(), RenderError> {
        self.cancel.check()
    }

    /// The same renderer on a canvas of the caller's (one that also holds what is drawn beside
    /// the document's frames, such as a weapon), in the document's pixels (the pictures' canvas
    /// is this at the sheet's scale).
    ///
    /// # Errors
    /// [`RenderError::Limit`] for a canvas over [`MAX_CANVAS_SIDE`].
    pub fn with_canvas(self, canvas: Canvas) -> Result<Self, RenderError> {
        check_canvas(i64::from(canvas.width), i64::from(canvas.height))?;
        Ok(Self { canvas, ..self })
    }

    /// The same renderer drawing `"sheet": 1` tiles from `sp2`, the document's second sheet.
    ///
    /// # Errors
    /// [`RenderError::CellOutsideSheet`] when a cell some SP2 sequence reads from it lies outside
    /// `sp2` (a sheet of another size).
    pub fn with_sp2(mut self, sp2: &'a Image) -> Result<Self, RenderError> {
        let (width, height) = self
            .doc
            .sp2
            .as_ref()
            .map_or((SP2_SIZE.0 as u32, SP2_SIZE.1 as u32), |s| {
                (s.width, s.height)
            });
        for sequence in self.doc.sequences.iter().filter(|s| s.draws_from_sp2()) {
            for &shp in &sequence.frames {
                for tile in place_tiles(self.doc, shp, false, true)? {
                    let cell = &self.doc.cells[tile.cell.index()];
                    if tile.sheet != 1 {
                        continue;
                    }
                    let y = cell.y - SP2_FROM_ROW;
                    check_cell(cell, y, sp2, (width, height), self.scale)?;
                }
            }
        }
        self.sp2 = Some(sp2);
        Ok(self)
    }

    /// The file the document names as its SP2, when some sequence draws from it and no SP2 was
    /// given: what [`Renderer::animation`] and [`Renderer::sequence`] refuse to draw without.
    pub fn missing_sp2(&self) -> Option<&'a str> {
        let needed = self.doc.draws_from_sp2();
        (needed && self.sp2.is_none()).then(|| self.sp2_name())
    }

    fn sp2_name(&self) -> &'a str {
        self.doc
            .sp2
            .as_ref()
            .map_or("the SP2 sheet", |s| s.file.as_str())
    }

    /// Refuses a pose with `"sheet": 1` tiles when there is no SP2 to cut them from: drawn from
    /// the first sheet they would be the wrong pictures.
    pub(crate) fn check_sheets(&self, pose: &Pose, sequence: &str) -> Result<(), RenderError> {
        if self.sp2.is_none() && pose.tiles.iter().any(|t| t.sheet == 1) {
            return Err(RenderError::Sp2Needed {
                sequence: sequence.to_owned(),
                file: self.sp2_name().to_owned(),
            });
        }
        Ok(())
    }

    pub fn document(&self) -> &'a Document {
        self.doc
    }

    /// The pictures' canvas: the document's at the sheet's scale.
    pub fn canvas(&self) -> Canvas {
        self.canvas.scaled(self.scale)
    }

    /// The canvas in the document's pixels, whatever the sheet's scale (what the layers, which
    /// are SD art, are composed on).
    pub fn document_canvas(&self) -> Canvas {
        self.canvas
    }

    /// The tiles of frame `shp`, placed, drawn back to front on the canvas, moved by `(move_x,
    /// move_y)`. A tile with the vertical-flip extension (`[id, u, v, flip, 1]`, which `poseAt`
    /// does not carry) is drawn upside down in place. A `"sheet": 1` tile is cut from the SP2
    /// (callers check there is one: [`Renderer::animation`] refuses without it); with none it is
    /// left out.
    ///
    /// At [`SheetScale::Hd`] every place and size is doubled, the cell cut from the HD sheet at
    /// twice its own.
    pub fn draw_tiles(
        &self,
        shp: FrameIndex,
        tiles: &[PoseTile],
        move_x: i64,
        move_y: i64,
    ) -> Image {
        let canvas = self.canvas();
        let mut image = Image::new(canvas.width, canvas.height);
        let (sx, sy) = canvas.stance();
        let k = self.scale.factor();
        let ki = i64::from(k);
        let stored = self.doc.frames.get(shp.index());
        for tile in tiles {
            // Renderer::new checked every cell, and place_frame / pose_at every id.
            let cell = &self.doc.cells[tile.cell.index()];
            let (x, y) = tile_origin(tile);
            let flip_y = stored
                .and_then(|f| f.get(tile.order))
                .is_some_and(|t| t.flip_y);
            let (source, top) = if tile.sheet == 1 {
                let Some(sp2) = self.sp2 else { continue };
                (sp2, i64::from(cell.y) - i64::from(SP2_FROM_ROW))
            } else {
                (self.sheet, i64::from(cell.y))
            };
            image.draw_rect(
                source,
                (i64::from(cell.x) * ki, top * ki),
                (cell.w * k, cell.h * k),
                (sx + (x + move_x) * ki, sy + (y + move_y) * ki),
                (tile.flip_x, flip_y),
            );
        }
        image
    }

    /// A pose from [`pose_at`] or the idle branch, with its 2D move.
    pub fn draw_pose(&self, pose: &Pose) -> Image {
        self.draw_tiles(pose.shp, &pose.tiles, pose.move_x, pose.move_y)
    }

    /// SHP frame `shp` as it is stored: not mirrored, no move.
    ///
    /// # Errors
    /// [`RenderError::FrameOutOfRange`].
    pub fn draw_frame(&self, shp: FrameIndex) -> Result<Image, RenderError> {
        self.still_wanted()?;
        let tiles = place_frame(self.doc, shp, false)?;
        Ok(self.draw_tiles(shp, &tiles, 0, 0))
    }

    /// Every frame `motion` shows at `view`, in order, each drawn by `poseAt` at the tick it
    /// starts: a frame of the played sequence shows when its delay is above 0, or when it is the
    /// last frame of a sequence that does not wrap (the hold, `ticks` 0). The idle branch is one
    /// held frame.
    ///
    /// # Errors
    /// A [`sprite_data::Error`] ([`RenderError::Data`]) from a document whose references do not
    /// resolve.
    pub fn animation(
        &self,
        motion: Motion<'_>,
        view: View,
        water: bool,
    ) -> Result<Vec<AnimationFrame>, RenderError> {
        let animation = match motion {
            Motion::Idle => {
                let pose = motion.pose(self.doc, view, 0, water)?;
                self.check_sheets(&pose, "Idle")?;
                return Ok(vec![AnimationFrame {
                    image: self.draw_pose(&pose),
                    ticks: 0,
                    start: 0,
                    index: None,
                    shp: pose.shp,
                    move_x: pose.move_x,
                    move_y: pose.move_y,
                    events: Vec::new(),
                }]);
            }
            Motion::Animation(animation) => animation,
        };
        // pose_at checks the sequence exists; look at it the same way for its ticks.
        let probe = pose_at(self.doc, animation, view, 0, water)?;
        let sequence_index = probe.sequence.unwrap_or(animation.front).index();
        let sequence = &self.doc.sequences[sequence_index];
        let wraps = animation.looping && total_ticks(sequence) > 0;
        let shown = sequence
            .ticks
            .iter()
            .enumerate()
            .filter(|&(i, &ticks)| ticks > 0 || (i + 1 == sequence.ticks.len() && !wraps))
            .count();
        check_animation(
            self.canvas(),
            shown,
            1,
            format_args!("animation {:?} ({})", animation.name, sequence.name),
        )?;
        let mut frames = Vec::new();
        let mut start = 0u64;
        for (i, &ticks) in sequence.ticks.iter().enumerate() {
            let last = i + 1 == sequence.ticks.len();
            if ticks > 0 || (last && !wraps) {
                self.still_wanted()?;
                let pose = pose_at(self.doc, animation, view, start as i64, water)?;
                debug_assert_eq!(
                    pose.index,
                    Some(i),
                    "poseAt at a frame's first tick shows it"
                );
                self.check_sheets(&pose, &sequence.name)?;
                frames.push(AnimationFrame {
                    image: self.draw_pose(&pose),
                    ticks,
                    start,
                    index: pose.index,
                    shp: pose.shp,
                    move_x: pose.move_x,
                    move_y: pose.move_y,
                    events: events_of_frame(sequence, i),
                });
            }
            start += u64::from(ticks);
        }
        Ok(frames)
    }

    /// Sequence `index` played on its own at an unmirrored view (its own facing: view 1 for a
    /// front sequence, which is what a back sequence also is when played alone), wrapping as its
    /// own `loop` says, in its water frames when `water`.
    ///
    /// # Errors
    /// [`RenderError::SequenceOutOfRange`]; a document whose references do not resolve.
    pub fn sequence(&self, index: usize, water: bool) -> Result<Vec<AnimationFrame>, RenderError> {
        let sequence = self
            .doc
            .sequences
            .get(index)
            .ok_or(RenderError::SequenceOutOfRange {
                sequence: index,
                count: self.doc.sequences.len(),
            })?;
        let alone = sequence_alone(sequence, index, water);
        let view = View::new(1).expect("1 is a view");
        self.animation(Motion::Animation(&alone), view, water)
    }
}

/// Sequence `index` as an animation of its own: poseAt plays animations, and a sequence alone is
/// the animation whose front and back it is.
pub fn sequence_alone(sequence: &Sequence, index: usize, water: bool) -> Animation {
    Animation {
        name: sequence.name.clone(),
        category: String::new(),
        front: SequenceIndex(index as u32),
        back: SequenceIndex(index as u32),
        looping: sequence.looping,
        hit_tick: None,
        water,
        mode: None,
    }
}

/// The labels of `sequence`'s events that land while frame `index` shows (by
/// [`frame_index_at`], so an event at a tick belongs to the frame poseAt shows then).
pub fn events_of_frame(sequence: &Sequence, index: usize) -> Vec<String> {
    sequence
        .events
        .iter()
        .filter(|e| frame_index_at(&sequence.ticks, u64::from(e.0)) == Some(index))
        .map(|e| e.1.clone())
        .collect()
}
