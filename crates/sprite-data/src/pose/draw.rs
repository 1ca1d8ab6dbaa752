//! One draw request, resolved once: what `tactics-sprite draw` and the server's draw endpoint are
//! asked (an animation or `Idle`, a view, a tick, water, a weapon), checked against a document in
//! one pass that looks the animation up once and checks the view and the tick once, then drawn as
//! the pose, or as the pose with the layers a weapon starts.
//!
//! Its refusals are the request's kinds ([`Fault::is_the_requests`](crate::Fault::is_the_requests)),
//! in the order they are checked (an unknown animation, a view outside 0..7, a missing tick, a
//! negative tick), before any fault of the document's.

use fft_formats::layer::WeaponType;
use serde::Serialize;

use crate::document::Document;
use crate::error::{Error, ErrorKind};
use crate::index::View;
use crate::layer::LayerDocument;

use super::layers::{LayeredPose, Layers, add_layers};
use super::{Motion, Pose};

/// What is asked to be drawn, as given: nothing here is checked until [`DrawRequest::resolve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawRequest {
    /// The animation's name, in any case, or `Idle` for the idle frame.
    pub animation: String,
    /// The view, 0..7.
    pub view: i64,
    /// The tick from the animation's start; the idle frame needs none, an animation does.
    pub tick: Option<i64>,
    /// Draw the unit standing in water.
    pub water: bool,
    /// The weapon type held: add the weapon and effect layers the animation starts (the idle
    /// frame starts none).
    pub weapon: Option<WeaponType>,
}

impl DrawRequest {
    /// The request checked against `doc` and its pose drawn.
    ///
    /// # Errors
    /// The request's faults, first: [`ErrorKind::UnknownAnimation`] (with the nearest names,
    /// `Idle` among them), [`ErrorKind::ViewOutOfRange`], [`ErrorKind::TickNeeded`] for an
    /// animation without a tick, [`ErrorKind::NegativeTick`]; then the document's, as
    /// [`Motion::pose`]'s.
    pub fn resolve<'d>(&self, doc: &'d Document) -> Result<ResolvedDraw<'d>, Error> {
        let motion = Motion::find(doc, &self.animation)?;
        let view = View::new(self.view)?;
        // The idle frame is the same at every tick; an animation needs its moment.
        let tick = match (motion, self.tick) {
            (Motion::Animation(animation), None) => {
                return Err(ErrorKind::TickNeeded {
                    animation: animation.name.clone(),
                }
                .into());
            }
            (_, tick) => tick.unwrap_or(0),
        };
        let pose = motion.pose(doc, view, tick, self.water)?;
        Ok(ResolvedDraw {
            doc,
            motion,
            pose,
            weapon: self
                .weapon
                .filter(|_| matches!(motion, Motion::Animation(_))),
        })
    }
}

/// A [`DrawRequest`] that its document answers: the motion found and its pose drawn.
#[derive(Debug, Clone)]
pub struct ResolvedDraw<'d> {
    doc: &'d Document,
    motion: Motion<'d>,
    pose: Pose,
    weapon: Option<WeaponType>,
}

impl<'d> ResolvedDraw<'d> {
    /// The animation, or the idle branch, that the request named.
    pub fn motion(&self) -> Motion<'d> {
        self.motion
    }

    /// The unit's pose.
    pub fn pose(&self) -> &Pose {
        &self.pose
    }

    /// The weapon type whose layers this draw adds: the request's weapon when it draws an
    /// animation, `None` for the idle frame, which starts no layer. Only then are layer documents
    /// needed.
    pub fn weapon(&self) -> Option<WeaponType> {
        self.weapon
    }

    /// What the request draws: the pose, or with a [`ResolvedDraw::weapon`], the pose with the
    /// layers it starts, drawn from the `weapon` and `effect` layer documents (a layer whose
    /// document is left out is not drawn). The documents are not read without a weapon.
    ///
    /// # Errors
    /// A reference of the document or of a layer document that does not resolve.
    pub fn draw(
        self,
        weapon: Option<&LayerDocument>,
        effect: Option<&LayerDocument>,
    ) -> Result<Drawn, Error> {
        match (self.motion, self.weapon) {
            (Motion::Animation(animation), Some(weapon_type)) => {
                let layers = Layers {
                    weapon_type,
                    weapon,
                    effect,
                };
                add_layers(self.doc, animation, self.pose, &layers).map(Drawn::Layered)
            }
            _ => Ok(Drawn::Pose(self.pose)),
        }
    }
}

/// What a draw request draws. Serialized, it is the one JSON object of `tactics-sprite draw`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Drawn {
    /// The unit's pose alone.
    Pose(Pose),
    /// The pose with its weapon and effect layers.
    Layered(LayeredPose),
}

impl Drawn {
    /// The JSON line, without its newline, that `tactics-sprite draw` prints and the server's
    /// draw endpoint sends.
    pub fn to_json_line(&self) -> String {
        // A pose is strings, integers, whole floats and booleans: nothing serde_json can refuse.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The JSON line of the draw in the pixels of a sheet `scale` times the PlayStation's
    /// ([`Drawn::at_sheet_scale`]): at 1 [`Drawn::to_json_line`]'s, else with `"sheetScale":
    /// scale` last, so that a reader never takes its pixels for the PlayStation sheet's. What
    /// `draw --hd` prints and `/api/v1/draw?hd=1` sends.
    pub fn to_json_line_at(self, scale: u32) -> String {
        if scale == 1 {
            return self.to_json_line();
        }
        let mut value = serde_json::to_value(self.at_sheet_scale(scale)).unwrap_or_default();
        if let Some(object) = value.as_object_mut() {
            object.insert("sheetScale".to_owned(), scale.into());
        }
        value.to_string()
    }

    /// The same draw in the pixels of a sheet `scale` times the PlayStation's (2 for the
    /// remaster's HD sheet, docs/remaster.md): every tile's place and size, the move and a
    /// layer's pivot times `scale`. The cells stay the document's; a renderer cuts cell
    /// `(x, y, w, h)` at `scale` times each. A layer's tiles scale too: its art is the SD art
    /// drawn `scale` times the size.
    pub fn at_sheet_scale(self, scale: u32) -> Drawn {
        let k = i64::from(scale);
        let tiles = |tiles: &mut [super::PoseTile]| {
            for tile in tiles {
                tile.x *= f64::from(scale);
                tile.y *= f64::from(scale);
                tile.w *= scale;
                tile.h *= scale;
            }
        };
        let pose = |pose: &mut Pose| {
            pose.move_x *= k;
            pose.move_y *= k;
            tiles(&mut pose.tiles);
        };
        match self {
            Drawn::Pose(mut unit) => {
                pose(&mut unit);
                Drawn::Pose(unit)
            }
            Drawn::Layered(mut layered) => {
                pose(&mut layered.unit);
                for layer in &mut layered.layers {
                    layer.pivot_x *= k;
                    layer.pivot_y *= k;
                    tiles(&mut layer.tiles);
                }
                Drawn::Layered(layered)
            }
        }
    }
}
