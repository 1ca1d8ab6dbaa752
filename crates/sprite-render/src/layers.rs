//! Drawing a unit with its weapon and effect layers ([`sprite_data::pose::layers`]): the unit's
//! tiles from its sheet, each layer's from its block of the weapons sheet, composed in the draw
//! order in force, a layer frame turned about its pivot as the game turns it.
//!
//! A turned layer is drawn into a picture of its own first (tiles back to front, flipped where
//! the pose says), then each pixel of the canvas takes the nearest pixel of that picture turned
//! back by the angle about the pivot (nearest neighbour: sprites stay pixel art), in the whole
//! numbers of [`crate::turn`]. A layer frame
//! with semi-transparency and blend mode 1 (EFF1's flags 0x21) is added onto what is below it, as
//! the PlayStation's additive mode draws it; any other is drawn over it.
//!
//! A unit drawn from the remaster's HD sheet keeps SD layers (there is no HD weapons sheet to
//! read): each layer is composed on the document's canvas as above and each of its pixels drawn
//! as a block of the sheet's scale (docs/remaster.md "Drawing at twice the size").

use fft_formats::layer::WeaponType;
use fft_formats::spr::{Spr, WIDTH};
use sprite_data::document::{Animation, Document};
use sprite_data::index::SequenceIndex;
use sprite_data::layer::LayerDocument;
use sprite_data::pose::layers::{LayerPose, LayeredPose, Layers, change_ticks, pose_with_layers};
use sprite_data::pose::{PoseTile, View};

use crate::compose::{
    AnimationFrame, Bounds, Canvas, Renderer, check_animation, events_of_frame, sequence_alone,
};
use crate::error::RenderError;
use crate::image::{Image, Rgba};
use crate::sheet::{SheetScale, check_palette};
use crate::turn::Turn;

/// One block of the weapons sheet (256 x 256) drawn with one palette: what a layer document's
/// cells are cut from. `rows` moves every cell that many rows down the block: the items of one
/// weapon type share its frames, and the game draws each item's graphic from its own rows (the
/// second sword 16 rows below the first); rows past the block are transparent.
///
/// # Errors
/// A sheet that is not the weapons sheet's layout, or a palette past the block's 16.
pub fn layer_sheet(
    spr: &Spr,
    doc: &LayerDocument,
    palette: usize,
    rows: usize,
) -> Result<Image, RenderError> {
    if spr.variant != fft_formats::spr::SprVariant::Weapons {
        return Err(RenderError::NotWeaponsSheet {
            variant: spr.variant,
        });
    }
    let palette_index = doc.sheet.palette as usize + palette;
    check_palette(spr, palette_index)?;
    // The palettes of the block the document names (16 in each block of WEP.SPR).
    let block_palettes = spr
        .variant
        .blocks()
        .iter()
        .find(|block| block.first_palette == doc.sheet.palette as usize)
        .map_or(0, |block| block.palettes);
    if palette >= block_palettes {
        return Err(RenderError::PaletteOutOfRange {
            palette,
            variant: spr.variant,
            count: block_palettes,
        });
    }
    let colours = spr.palette_rgba(palette_index);
    let top = doc.sheet.top as usize;
    // The block's rows, no more than the sheet holds below `top`.
    let height = (doc.sheet.height as usize).min(spr.height().saturating_sub(top));
    let mut image = Image::new(WIDTH as u32, height as u32);
    for y in 0..height.saturating_sub(rows) {
        let row = top + rows + y;
        for x in 0..WIDTH {
            let index = spr.pixel(x, row);
            if index != 0 {
                image.set(x as i64, y as i64, colours[usize::from(index)]);
            }
        }
    }
    Ok(image)
}

/// Which colours and rows of the weapons sheet the layers are drawn with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LayerPalettes {
    /// The weapon's palette in the weapons block, 0..15 (the game picks it per item).
    pub weapon_palette: u8,
    /// Draw the weapon from this many rows further down its block ([`layer_sheet`]'s `rows`:
    /// each item of a type has its graphic in its own rows).
    pub weapon_rows: u8,
    /// The effect's palette in the effects block, 0..15.
    pub effect_palette: u8,
}

/// The weapon and effect layer documents a unit's animations start, each with its block of the
/// weapons sheet cut out ([`layer_sheet`]): what a render with a weapon draws the layers from.
#[derive(Debug, Clone)]
pub struct WeaponArt<'a> {
    pub weapon: &'a LayerDocument,
    pub effect: &'a LayerDocument,
    pub weapon_sheet: Image,
    pub effect_sheet: Image,
}

impl<'a> WeaponArt<'a> {
    /// Cuts the weapon's and the effect's blocks from `spr`, the weapons sheet (WEP.SPR).
    ///
    /// # Errors
    /// As [`layer_sheet`]: a sheet that is not the weapons sheet, a palette past its block's.
    pub fn cut(
        spr: &Spr,
        weapon: &'a LayerDocument,
        effect: &'a LayerDocument,
        palettes: LayerPalettes,
    ) -> Result<WeaponArt<'a>, RenderError> {
        let weapon_sheet = layer_sheet(
            spr,
            weapon,
            usize::from(palettes.weapon_palette),
            usize::from(palettes.weapon_rows),
        )?;
        let effect_sheet = layer_sheet(spr, effect, usize::from(palettes.effect_palette), 0)?;
        Ok(WeaponArt {
            weapon,
            effect,
            weapon_sheet,
            effect_sheet,
        })
    }

    /// A renderer of `doc` on `sheet` holding a weapon of `weapon_type`, with both layers, on a
    /// canvas that holds every layer frame `animations` show at `views`.
    ///
    /// # Errors
    /// As [`LayeredRenderer::new`].
    pub fn renderer<'r>(
        &'r self,
        doc: &'r Document,
        sheet: &'r Image,
        weapon_type: WeaponType,
        animations: &[&Animation],
        views: &[View],
    ) -> Result<LayeredRenderer<'r>, RenderError> {
        LayeredRenderer::new(
            doc,
            sheet,
            Layers {
                weapon_type,
                weapon: None,
                effect: None,
            },
            Some(LayerArt {
                doc: self.weapon,
                sheet: &self.weapon_sheet,
            }),
            Some(LayerArt {
                doc: self.effect,
                sheet: &self.effect_sheet,
            }),
            animations,
            views,
        )
    }
}

/// A layer document and the picture its cells are cut from.
#[derive(Debug, Clone, Copy)]
pub struct LayerArt<'a> {
    pub doc: &'a LayerDocument,
    pub sheet: &'a Image,
}

/// Draws a unit with its layers.
#[derive(Debug, Clone)]
pub struct LayeredRenderer<'a> {
    unit: Renderer<'a>,
    layers: Layers<'a>,
    weapon: Option<&'a Image>,
    effect: Option<&'a Image>,
}

impl<'a> LayeredRenderer<'a> {
    /// A renderer for `doc` on `sheet` with `weapon_type` and the layers given, whose canvas
    /// also holds every layer frame `animations` show at `views`, turned.
    ///
    /// # Errors
    /// As [`Renderer::new`]; a document whose references do not resolve; [`RenderError::Limit`]
    /// for a canvas over [`sprite_data::limits::MAX_CANVAS_SIDE`].
    pub fn new(
        doc: &'a Document,
        sheet: &'a Image,
        layers: Layers<'a>,
        weapon: Option<LayerArt<'a>>,
        effect: Option<LayerArt<'a>>,
        animations: &[&Animation],
        views: &[View],
    ) -> Result<Self, RenderError> {
        let layers = Layers {
            weapon: weapon.map(|w| w.doc),
            effect: effect.map(|e| e.doc),
            ..layers
        };
        let unit = Renderer::new(doc, sheet)?;
        let mut all = unit.document_canvas().bounds();
        for animation in animations {
            for &view in views {
                for tick in change_ticks(doc, animation, view, &layers) {
                    let pose = pose_with_layers(doc, animation, view, tick as i64, false, &layers)?;
                    for layer in &pose.layers {
                        if let Some(b) = layer_bounds(layer, pose.unit.move_x, pose.unit.move_y) {
                            all = all.union(b);
                        }
                    }
                }
            }
        }
        // Layer frames reach as far as their documents let them, turned: bounded before sizing.
        let canvas = Canvas::symmetric_about(all)?;
        Ok(Self {
            unit: unit.with_canvas(canvas)?,
            layers,
            weapon: weapon.map(|w| w.sheet),
            effect: effect.map(|e| e.sheet),
        })
    }

    /// The same renderer drawing the unit's `"sheet": 1` tiles from `sp2`
    /// ([`Renderer::with_sp2`]).
    ///
    /// # Errors
    /// As [`Renderer::with_sp2`].
    pub fn with_sp2(mut self, sp2: &'a Image) -> Result<Self, RenderError> {
        self.unit = self.unit.with_sp2(sp2)?;
        Ok(self)
    }

    /// The same renderer drawing the unit from a sheet at `scale`
    /// ([`Renderer::with_sheet_scale`]); the layers stay SD art, each pixel a block of the
    /// scale.
    ///
    /// # Errors
    /// As [`Renderer::with_sheet_scale`].
    pub fn with_sheet_scale(mut self, scale: SheetScale) -> Result<Self, RenderError> {
        self.unit = self.unit.with_sheet_scale(scale)?;
        Ok(self)
    }

    pub fn canvas(&self) -> Canvas {
        self.unit.canvas()
    }

    /// The same renderer, stopping with [`RenderError::Cancelled`] before the next picture it
    /// draws once `cancel` says they are no longer wanted ([`Renderer::with_cancel`]).
    pub fn with_cancel(mut self, cancel: crate::cancel::Cancel) -> Self {
        self.unit = self.unit.with_cancel(cancel);
        self
    }

    /// The pose at `tick`, with its layers.
    ///
    /// # Errors
    /// As [`pose_with_layers`].
    pub fn pose(
        &self,
        animation: &Animation,
        view: View,
        tick: u64,
        water: bool,
    ) -> Result<LayeredPose, RenderError> {
        Ok(pose_with_layers(
            self.unit.document(),
            animation,
            view,
            tick as i64,
            water,
            &self.layers,
        )?)
    }

    /// A layered pose on the canvas: the unit and each layer, back to front.
    pub fn draw(&self, pose: &LayeredPose) -> Image {
        let picture = self.canvas();
        // The layers are composed in the document's pixels, and scaled as they are drawn.
        let canvas = self.unit.document_canvas();
        let scale = self.unit.sheet_scale();
        let mut image = Image::new(picture.width, picture.height);
        for part in pose.draw_order() {
            match part {
                None => image.draw_image(&self.unit.draw_pose(&pose.unit), 0, 0),
                Some(i) => {
                    let layer = &pose.layers[i];
                    let (doc, sheet) = match layer.layer.as_str() {
                        "weapon" => (self.layers.weapon, self.weapon),
                        _ => (self.layers.effect, self.effect),
                    };
                    let (Some(doc), Some(sheet)) = (doc, sheet) else {
                        continue;
                    };
                    let flat = draw_layer_tiles(doc, sheet, canvas, layer, &pose.unit);
                    let (sx, sy) = canvas.stance();
                    let pivot = (
                        sx + layer.pivot_x + pose.unit.move_x,
                        sy + layer.pivot_y + pose.unit.move_y,
                    );
                    let additive = layer.flags & 1 == 1 && (layer.flags >> 5) & 3 == 1;
                    compose_turned(
                        &mut image,
                        (&flat.0, flat.1),
                        (canvas, scale),
                        pivot,
                        (layer.degrees, additive),
                    );
                }
            }
        }
        image
    }

    /// Every picture `animation` shows at `view`: one at each tick where the unit's frame or a
    /// layer's frame changes, each lasting to the next (the last one as the unit's last frame
    /// lasts, 0 for a hold).
    ///
    /// # Errors
    /// As [`pose_with_layers`]; [`RenderError::Sp2Needed`] for a unit frame with `"sheet": 1`
    /// tiles and no SP2; [`RenderError::Limit`] for more pictures than
    /// [`sprite_data::limits::MAX_ANIMATION_FRAMES`] or [`sprite_data::limits::MAX_ANIMATION_PIXELS`].
    pub fn animation(
        &self,
        animation: &Animation,
        view: View,
        water: bool,
    ) -> Result<Vec<AnimationFrame>, RenderError> {
        let doc = self.unit.document();
        let ticks = change_ticks(doc, animation, view, &self.layers);
        check_animation(
            self.canvas(),
            ticks.len(),
            1,
            format_args!("animation {:?} with its layers", animation.name),
        )?;
        let mut frames = Vec::with_capacity(ticks.len());
        for (i, &start) in ticks.iter().enumerate() {
            self.unit.still_wanted()?;
            let pose = self.pose(animation, view, start, water)?;
            let sequence = &doc.sequences[pose.unit.sequence.map_or(0, SequenceIndex::index)];
            self.unit.check_sheets(&pose.unit, &sequence.name)?;
            let index = pose.unit.index.unwrap_or(0);
            let frame_end: u64 = sequence.ticks[..=index].iter().map(|t| u64::from(*t)).sum();
            let end = ticks.get(i + 1).copied().unwrap_or(frame_end);
            let own_start = frame_end - u64::from(sequence.ticks[index]);
            frames.push(AnimationFrame {
                image: self.draw(&pose),
                ticks: (end.saturating_sub(start)) as u32,
                start,
                index: pose.unit.index,
                shp: pose.unit.shp,
                move_x: pose.unit.move_x,
                move_y: pose.unit.move_y,
                // A unit frame's events belong to the first picture it shows in.
                events: if own_start == start {
                    events_of_frame(sequence, index)
                } else {
                    Vec::new()
                },
            });
        }
        Ok(frames)
    }
}

impl crate::aseprite::SequencePictures for LayeredRenderer<'_> {
    fn document(&self) -> &Document {
        self.unit.document()
    }

    fn canvas(&self) -> Canvas {
        LayeredRenderer::canvas(self)
    }

    /// Sequence `index` on its own at view 1 (its own facing), with the layers it starts.
    fn sequence(&self, index: usize, water: bool) -> Result<Vec<AnimationFrame>, RenderError> {
        let doc = self.unit.document();
        let sequence = doc
            .sequences
            .get(index)
            .ok_or(RenderError::SequenceOutOfRange {
                sequence: index,
                count: doc.sequences.len(),
            })?;
        let alone = sequence_alone(sequence, index, water);
        self.animation(&alone, View::new(1).expect("1 is a view"), water)
    }
}

/// The box a layer's turned tiles cover, from the stance point, at the unit's move.
fn layer_bounds(layer: &LayerPose, move_x: i64, move_y: i64) -> Option<Bounds> {
    let turn = Turn::new(layer.degrees);
    let pivot = (layer.pivot_x as f64, layer.pivot_y as f64);
    let mut out: Option<Bounds> = None;
    for t in &layer.tiles {
        for corner in [
            (t.x, t.y),
            (t.x + f64::from(t.w), t.y),
            (t.x, t.y + f64::from(t.h)),
            (t.x + f64::from(t.w), t.y + f64::from(t.h)),
        ] {
            let (x, y) = turn.forward(pivot, corner);
            let (x, y) = (x + move_x as f64, y + move_y as f64);
            let b = Bounds {
                left: x.floor() as i64 - 1,
                top: y.floor() as i64 - 1,
                right: x.ceil() as i64 + 1,
                bottom: y.ceil() as i64 + 1,
            };
            out = Some(out.map_or(b, |o| o.union(b)));
        }
    }
    out
}

/// A layer's tiles, unturned, on a picture that holds the canvas and every tile (a frame turned
/// into the canvas may lie outside it before it turns), and where that picture's top left is in
/// canvas pixels.
fn draw_layer_tiles(
    doc: &LayerDocument,
    sheet: &Image,
    canvas: Canvas,
    layer: &LayerPose,
    unit: &sprite_data::pose::Pose,
) -> (Image, (i64, i64)) {
    let (sx, sy) = canvas.stance();
    let top_left = |tile: &PoseTile| {
        (
            sx + tile.x.floor() as i64 + unit.move_x,
            sy + tile.y.floor() as i64 + unit.move_y,
        )
    };
    let (mut left, mut top) = (0i64, 0i64);
    let (mut right, mut bottom) = (i64::from(canvas.width), i64::from(canvas.height));
    for tile in &layer.tiles {
        let (x, y) = top_left(tile);
        left = left.min(x);
        top = top.min(y);
        right = right.max(x + i64::from(tile.w));
        bottom = bottom.max(y + i64::from(tile.h));
    }
    let mut image = Image::new((right - left) as u32, (bottom - top) as u32);
    let stored = doc.frames.get(layer.shp.index());
    for tile in &layer.tiles {
        let Some(cell) = doc.cells.get(tile.cell.index()) else {
            continue;
        };
        let flip_y = stored
            .and_then(|f| f.tiles.get(tile.order))
            .is_some_and(|t| t.flip_y);
        let (x, y) = top_left(tile);
        image.draw_rect(
            sheet,
            (i64::from(cell.x), i64::from(cell.y)),
            (cell.w, cell.h),
            (x - left, y - top),
            (tile.flip_x, flip_y),
        );
    }
    (image, (left, top))
}

/// `src` (whose top left is at `origin` in `canvas`'s pixels) turned by `degrees` clockwise
/// about the pixel corner `pivot`, drawn onto `dst` (added onto it when `additive`), which is
/// `canvas` at `scale`: each pixel of `canvas` a block of the scale's factor.
fn compose_turned(
    dst: &mut Image,
    (src, origin): (&Image, (i64, i64)),
    (canvas, scale): (Canvas, SheetScale),
    pivot: (i64, i64),
    (degrees, additive): (f64, bool),
) {
    let turn = Turn::new(degrees);
    let k = i64::from(scale.factor());
    for y in 0..i64::from(canvas.height) {
        for x in 0..i64::from(canvas.width) {
            let (sx, sy) = turn.source_of(pivot, (x, y));
            let colour = src.get(sx - origin.0, sy - origin.1);
            if colour[3] == 0 {
                continue;
            }
            for (bx, by) in (0..k * k).map(|i| (x * k + i % k, y * k + i / k)) {
                if additive {
                    let below = dst.get(bx, by);
                    dst.set(bx, by, add(colour, below));
                } else {
                    dst.paint(bx, by, colour);
                }
            }
        }
    }
}

/// `top` added onto `bottom`, each channel capped at 255.
fn add(top: Rgba, bottom: Rgba) -> Rgba {
    [
        top[0].saturating_add(bottom[0]),
        top[1].saturating_add(bottom[1]),
        top[2].saturating_add(bottom[2]),
        top[3].max(bottom[3]),
    ]
}
