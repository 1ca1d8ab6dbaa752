//! Facings, camera steps and views: the first three lines of the format description's `poseAt`
//! ("The Draw Algorithm") and its "Camera Step" paragraph.
//!
//! A *facing* is where a unit points on the map, a *camera step* is where the camera stands, both
//! counted in eighths of a turn; the *view* is the one relative to the other,
//! `(facing + cameraStep) % 8`, and its *pattern* says which sequence of the pair plays and
//! whether it is mirrored.

use std::f64::consts::{FRAC_1_SQRT_2, FRAC_PI_4, PI};

pub use crate::index::{PATTERNS, View, ViewOutOfRange};

/// A unit's facing on the map. The game's units only ever face these four, the map's grid axes:
/// with the camera on a diagonal (an even camera step) an odd facing gives an odd view, which is
/// why the battle views are the diagonal poses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Facing {
    SE = 1,
    SW = 3,
    NW = 5,
    NE = 7,
}

impl Facing {
    /// The four facings, in the order of their numbers.
    pub const ALL: [Facing; 4] = [Facing::SE, Facing::SW, Facing::NW, Facing::NE];

    /// The facing's number, 1, 3, 5 or 7.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The facing with this number, if it is one of the four.
    pub fn from_number(number: u8) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.number() == number)
    }

    /// `NE`, `SE`, `SW` or `NW`.
    pub fn name(self) -> &'static str {
        match self {
            Facing::SE => "SE",
            Facing::SW => "SW",
            Facing::NW => "NW",
            Facing::NE => "NE",
        }
    }

    /// The world direction the unit points, `(FACING_X[n], 0, FACING_Z[n])`.
    pub fn direction(self) -> [f64; 3] {
        let n = usize::from(self.number());
        [FACING_X[n], 0.0, FACING_Z[n]]
    }
}

/// World x of a unit facing direction `n` (0..7), a unit vector with [`FACING_Z`].
///
/// Derived, not copied: the camera step of a horizontal vector is its angle `atan2(x, z)` from
/// the reference diagonal `(0.5, -0.5)`, in eighths of a turn, so the camera at step `s` stands at
/// angle `3π/4 + s·π/4`. A unit looks straight at the camera when its view
/// `(facing + s) % 8` is 0 (pattern 0 faces the camera, idle view 0 is the pose facing it), so
/// facing `n` points along the camera's direction at step `-n`: angle `3π/4 - n·π/4`, that is
/// `(x, z) = (sin, cos)` of it. The four odd facings come out on the world axes: SE `+x`,
/// SW `+z`, NW `-x`, NE `-z`. The 2D rule agrees: with a right-handed, y-up world and the camera's
/// right `up × toward-camera`, patterns 1 and 2 (views 1-4) then point to screen left and patterns 0
/// and 3 to screen right, as "The Screen" says of the sign of `moveX`. A test checks both.
pub const FACING_X: [f64; 8] = [
    FRAC_1_SQRT_2,
    1.0,
    FRAC_1_SQRT_2,
    0.0,
    -FRAC_1_SQRT_2,
    -1.0,
    -FRAC_1_SQRT_2,
    0.0,
];

/// World z of a unit facing direction `n` (0..7); see [`FACING_X`].
pub const FACING_Z: [f64; 8] = [
    -FRAC_1_SQRT_2,
    0.0,
    FRAC_1_SQRT_2,
    1.0,
    FRAC_1_SQRT_2,
    0.0,
    -FRAC_1_SQRT_2,
    -1.0,
];

/// `view = (facing + cameraStep) % 8`. Any camera step is taken modulo 8.
pub fn view_of(facing: Facing, camera_step: u8) -> View {
    View::ALL[usize::from((facing.number() + camera_step % 8) % 8)]
}

/// The camera step, 0..7, of a horizontal vector `(x, z)` from the scene toward the camera:
/// `atan2(x, z)`, less `atan2(0.5, -0.5)`, plus `π/36`, divided by `π/4`, rounded, modulo 8.
///
/// The reference diagonal `(0.5, -0.5)` is step 0; turning the vector a quarter turn by
/// `(x, z) → (z, -x)` adds 2. The `π/36` bias (a ninth of a step) settles a camera on a half-way
/// line toward the next step up. Rounding is JavaScript's `Math.round` (halves up), and the
/// modulo is taken so that a negative count still gives 0..7.
///
/// Never panics: a vector with a NaN component has no direction and gives step 0.
pub fn camera_step(x: f64, z: f64) -> u8 {
    let reference = 0.5f64.atan2(-0.5);
    let steps = (x.atan2(z) - reference + PI / 36.0) / FRAC_PI_4;
    // `as` saturates and sends NaN to 0, and the angle difference is within ±2π, so this is
    // always a small number.
    let rounded = (steps + 0.5).floor() as i64;
    rounded.rem_euclid(8) as u8
}
