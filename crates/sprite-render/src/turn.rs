//! How a layer frame turns about its pivot, in whole numbers, so that every renderer picks the
//! same pixel (this crate's and the JavaScript package's `drawPose`, which mirrors this module).
//!
//! The angle's sine and cosine are held in 4096ths, the precision of the PlayStation's fixed-point
//! sine and of the angles themselves (docs/formats/layers.md 5.3), and a canvas pixel's centre is
//! turned back to the source pixel it shows with integers alone. In floating
//! point the answer depended on where the frame was placed: at 45 degrees a centre on the
//! diagonal through the pivot lands exactly on the edge between two source rows, and whether
//! `pivot + offset` rounded onto the edge or just short of it changed with the pivot's magnitude,
//! which is the canvas's in one renderer and a scratch picture's in another.

/// One, in the fixed point the turn is held in.
pub const ONE: i64 = 4096;

/// An angle's sine and cosine in 4096ths ([`ONE`]), each rounded half up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub sin: i64,
    pub cos: i64,
}

impl Turn {
    /// The turn by `degrees`, clockwise on screen (y grows downwards). An angle that is not a
    /// finite number turns nothing.
    pub fn new(degrees: f64) -> Turn {
        if !degrees.is_finite() {
            return Turn { sin: 0, cos: ONE };
        }
        let (sin, cos) = degrees.to_radians().sin_cos();
        Turn {
            sin: fixed(sin),
            cos: fixed(cos),
        }
    }

    /// The source pixel that canvas pixel `pixel` shows: the one whose square holds the pixel's
    /// centre turned back about the pixel corner `pivot` (a centre on an edge belongs to the
    /// pixel right of it and below it, as `floor` has it).
    pub fn source_of(self, pivot: (i64, i64), pixel: (i64, i64)) -> (i64, i64) {
        // Twice the centre's offset from the pivot, so that the half pixel is whole.
        let dx = 2 * (pixel.0 - pivot.0) + 1;
        let dy = 2 * (pixel.1 - pivot.1) + 1;
        (
            pivot.0 + (dx * self.cos + dy * self.sin).div_euclid(2 * ONE),
            pivot.1 + (dy * self.cos - dx * self.sin).div_euclid(2 * ONE),
        )
    }

    /// Where `point` lands turned about `pivot`: for bounding boxes, which keep a pixel of margin
    /// for the turn back not being exactly the inverse of this one (4096ths are not exact).
    pub fn forward(self, pivot: (f64, f64), point: (f64, f64)) -> (f64, f64) {
        let (dx, dy) = (point.0 - pivot.0, point.1 - pivot.1);
        let (sin, cos) = (self.sin as f64, self.cos as f64);
        (
            pivot.0 + (dx * cos - dy * sin) / ONE as f64,
            pivot.1 + (dx * sin + dy * cos) / ONE as f64,
        )
    }
}

/// `value` in 4096ths, rounded half up (`floor(v + 0.5)`, which JavaScript computes the same).
fn fixed(value: f64) -> i64 {
    (value * ONE as f64 + 0.5).floor() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    use fft_formats::layer::ROTATION_UNITS as UNITS;

    #[test]
    fn the_right_angles_and_45_degrees_are_held_exactly() {
        assert_eq!(Turn::new(0.0), Turn { sin: 0, cos: 4096 });
        assert_eq!(Turn::new(90.0), Turn { sin: 4096, cos: 0 });
        assert_eq!(Turn::new(180.0), Turn { sin: 0, cos: -4096 });
        assert_eq!(Turn::new(-90.0), Turn { sin: -4096, cos: 0 });
        // 4096 / sqrt(2) = 2896.3
        assert_eq!(
            Turn::new(45.0),
            Turn {
                sin: 2896,
                cos: 2896
            }
        );
        assert_eq!(Turn::new(f64::NAN), Turn::new(0.0));
    }

    #[test]
    fn no_turn_shows_each_pixel_itself() {
        let none = Turn::new(0.0);
        for pixel in [(0, 0), (-3, 7), (40, -12)] {
            assert_eq!(none.source_of((5, 9), pixel), pixel);
        }
    }

    #[test]
    fn a_quarter_turn_clockwise_by_hand() {
        // Pivot (0, 0); pixel (2, 0) has its centre at (2.5, 0.5). Turned back a quarter
        // (anticlockwise on screen) it lands at (0.5, -2.5): source pixel (0, -3).
        assert_eq!(Turn::new(90.0).source_of((0, 0), (2, 0)), (0, -3));
        // Pixel (-1, -1), centre (-0.5, -0.5), lands at (-0.5, 0.5): pixel (-1, 0).
        assert_eq!(Turn::new(90.0).source_of((0, 0), (-1, -1)), (-1, 0));
    }

    #[test]
    fn at_45_degrees_a_centre_on_the_diagonal_takes_the_row_below_the_edge() {
        // Pixel (-1, -1) about (0, 0): centre (-0.5, -0.5) turned back 45 degrees lands at
        // (-0.707, 0), on the edge between rows -1 and 0; it belongs to row 0.
        assert_eq!(Turn::new(45.0).source_of((0, 0), (-1, -1)), (-1, 0));
    }

    /// What the floating-point turn got wrong: the source pixel must not depend on where the
    /// frame is placed, only on the pixel's place relative to the pivot.
    #[test]
    fn the_source_pixel_moves_with_the_pivot_at_every_retail_angle() {
        for units in UNITS {
            for degrees in [
                f64::from(units) * 360.0 / 4096.0,
                -f64::from(units) * 360.0 / 4096.0,
            ] {
                let turn = Turn::new(degrees);
                for pivot in [(0, 0), (1, 15), (37, 221), (-1000, 1079), (700_000, -3)] {
                    for dy in -40..40 {
                        for dx in -40..40 {
                            let (sx, sy) = turn.source_of(pivot, (pivot.0 + dx, pivot.1 + dy));
                            let at_origin = turn.source_of((0, 0), (dx, dy));
                            assert_eq!((sx - pivot.0, sy - pivot.1), at_origin, "{degrees}");
                        }
                    }
                }
            }
        }
    }

    /// Another sine (JavaScript's, on any engine) may differ from this one in the last bit; that
    /// changes no 4096th as long as no angle's sine or cosine lies that close to half a 4096th.
    #[test]
    fn no_angle_of_a_4096th_of_a_turn_rounds_near_a_half() {
        let mut closest = f64::MAX;
        for units in 0..4096u32 {
            let (sin, cos) = (f64::from(units) * 360.0 / 4096.0).to_radians().sin_cos();
            for v in [sin, cos, -sin, -cos] {
                let scaled = v * ONE as f64;
                let from_half = (scaled - scaled.floor() - 0.5).abs();
                // Exact values (0, 2048, 4096) are not near a half.
                closest = closest.min(from_half);
            }
        }
        assert!(closest > 1e-6, "a sine lies {closest} from half a 4096th");
    }

    #[test]
    fn forward_then_back_returns_to_the_pixel_within_its_margin() {
        for units in UNITS {
            let turn = Turn::new(f64::from(units) * 360.0 / 4096.0);
            for (x, y) in [(10i64, -3i64), (-25, 40), (0, 0), (60, 60)] {
                let (fx, fy) = turn.forward((0.0, 0.0), (x as f64 + 0.5, y as f64 + 0.5));
                let back = turn.source_of((0, 0), (fx.floor() as i64, fy.floor() as i64));
                assert!(
                    (back.0 - x).abs() <= 1 && (back.1 - y).abs() <= 1,
                    "{units}: ({x}, {y}) -> ({fx}, {fy}) -> {back:?}"
                );
            }
        }
    }
}
