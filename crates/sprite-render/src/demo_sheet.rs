//! The demo unit's sheet: simple pixel art painted by this code at the rectangles the synthetic
//! demo pair cuts its tiles from (`test_support::demo`), so that people without game files can
//! render the demo and see a little figure stand, walk, wade and swing. Nothing here comes from
//! the game. `cargo xtask bless` writes it to `fixtures/demo/demo.png`; a test holds the
//! committed file to this code.
//!
//! Every drawing is a few filled shapes in a 9-colour palette with a dark outline added around
//! them, at the positions the demo SHP places its tiles: a standing pose's 32 x 40 cell has the
//! stance point (the feet) at (16, 35).

use fft_formats::spr::SHEET_SIZE;

use crate::image::{Image, Rgba};

/// The sheet's size: a standard sheet's.
const WIDTH: u32 = SHEET_SIZE.0 as u32;
const HEIGHT: u32 = SHEET_SIZE.1 as u32;

const OUTLINE: Rgba = [42, 29, 26, 255];
const SKIN: Rgba = [240, 200, 160, 255];
const HAIR: Rgba = [192, 80, 42, 255];
const TUNIC: Rgba = [58, 112, 192, 255];
const BELT: Rgba = [90, 58, 26, 255];
const TROUSERS: Rgba = [106, 90, 74, 255];
const BOOTS: Rgba = [58, 42, 32, 255];
const EYE: Rgba = [32, 16, 16, 255];
const WATER: Rgba = [64, 128, 208, 255];
const FOAM: Rgba = [200, 232, 255, 255];
const BLADE: Rgba = [236, 236, 210, 255];

/// Which way a drawn figure faces, as the demo's standing poses do (its frames 1, 2, 3, 7, 8 are
/// TYPE1's: a side view, the front three-quarter view, the front, the back, the back
/// three-quarter view).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Facing {
    Side,
    /// The attack frames' side view, facing the other way (towards the slash).
    SideRight,
    FrontQuarter,
    Front,
    Back,
    BackQuarter,
}

/// The demo sheet (module docs).
pub fn demo_sheet() -> Image {
    let mut sheet = Image::new(WIDTH, HEIGHT);
    // Standing poses, 32 x 40 at (32 i, 0), stance at (16, 35) in each.
    let facings = [
        Facing::Side,
        Facing::FrontQuarter,
        Facing::Front,
        Facing::Back,
        Facing::BackQuarter,
    ];
    for (i, facing) in facings.into_iter().enumerate() {
        let x = 32 * i as i64;
        figure_body(&mut sheet, x, 0, facing, 0, true);
        head(&mut sheet, x + 16, 9, facing);
    }
    // Walking: 32 x 32 bodies at (32 i, 40) drawn 27 rows above the stance point (their stance
    // row is 27), heads 16 x 16 at (128 | 144, 40 | 56) drawn with their centre 29 rows up.
    for (i, (facing, stride)) in [
        (Facing::Front, 2),
        (Facing::Front, -2),
        (Facing::Back, 2),
        (Facing::Back, -2),
    ]
    .into_iter()
    .enumerate()
    {
        figure_body(&mut sheet, 32 * i as i64, 40 - 8, facing, stride, true);
    }
    for (x, y, facing) in [
        (128, 40, Facing::Front),
        (144, 40, Facing::FrontQuarter),
        (128, 56, Facing::Back),
        (144, 56, Facing::BackQuarter),
    ] {
        head(&mut sheet, x + 8, y + 9, facing);
    }
    // The arms walking frames 10 and 12 add, 16 x 8.
    for x in [160, 176] {
        fill(&mut sheet, x + 2, 42, 10, 4, TUNIC);
        fill(&mut sheet, x + 11, 42, 4, 4, SKIN);
    }
    // Water: a 32 x 16 line of it, and the heads and shoulders of the wading frames 13, 14.
    water(&mut sheet, 160, 80);
    water(&mut sheet, 200, 256);
    for (y, facing) in [(40, Facing::Front), (56, Facing::Back)] {
        fill(&mut sheet, 192 + 9, y + 12, 14, 4, TUNIC);
        head(&mut sheet, 192 + 16, y + 7, facing);
    }
    // Attacking, lower half: bodies without arms at (32 i, 256), arms 24 x 24 at (128 | 152 |
    // 176, 256), and a 48 x 16 slash at (128, 280).
    for i in 0..4 {
        figure_body(
            &mut sheet,
            32 * i,
            256,
            Facing::SideRight,
            [0, -1, 2, 2][i as usize],
            false,
        );
        head(&mut sheet, 32 * i + 16, 256 + 9, Facing::SideRight);
    }
    // Each arm from the body's shoulder, where the demo SHP places it: raised behind (frames 15,
    // 16), then swung forward (17, 18).
    arm(&mut sheet, 128, 256, (13, 11), (3, 2));
    arm(&mut sheet, 152, 256, (15, 13), (3, 2));
    arm(&mut sheet, 176, 256, (2, 8), (20, 14));
    slash(&mut sheet, 128, 280);
    outline(&mut sheet);
    sheet
}

fn fill(sheet: &mut Image, x: i64, y: i64, w: i64, h: i64, colour: Rgba) {
    for row in y..y + h {
        for col in x..x + w {
            sheet.set(col, row, colour);
        }
    }
}

fn disc(sheet: &mut Image, cx: i64, cy: i64, r: i64, colour: Rgba) {
    for dy in -r..=r {
        for dx in -r..=r {
            if dx * dx + dy * dy <= r * r + r / 2 {
                sheet.set(cx + dx, cy + dy, colour);
            }
        }
    }
}

/// A head centred at `(cx, cy)`: skin, hair on top (all over from behind), eyes where the facing
/// shows them.
fn head(sheet: &mut Image, cx: i64, cy: i64, facing: Facing) {
    disc(sheet, cx, cy, 6, SKIN);
    for dy in -6..=-2 {
        for dx in -6..=6 {
            if dx * dx + dy * dy <= 40 {
                sheet.set(cx + dx, cy + dy, HAIR);
            }
        }
    }
    match facing {
        Facing::Front => {
            sheet.set(cx - 3, cy + 1, EYE);
            sheet.set(cx + 2, cy + 1, EYE);
        }
        Facing::FrontQuarter => {
            sheet.set(cx - 4, cy + 1, EYE);
            sheet.set(cx, cy + 1, EYE);
            fill(sheet, cx + 3, cy - 2, 3, 5, HAIR);
        }
        Facing::Side => {
            sheet.set(cx - 4, cy + 1, EYE);
            fill(sheet, cx, cy - 2, 6, 6, HAIR);
        }
        Facing::SideRight => {
            sheet.set(cx + 3, cy + 1, EYE);
            fill(sheet, cx - 5, cy - 2, 6, 6, HAIR);
        }
        Facing::Back => disc(sheet, cx, cy, 6, HAIR),
        Facing::BackQuarter => {
            disc(sheet, cx, cy, 6, HAIR);
            fill(sheet, cx - 6, cy, 2, 3, SKIN);
        }
    }
}

/// Torso and legs in a 32-wide cell whose stance row is `top + 35`; `stride` moves the legs
/// apart (walking); `arms` hangs an arm on each side.
fn figure_body(sheet: &mut Image, x: i64, top: i64, facing: Facing, stride: i64, arms: bool) {
    let y = |row: i64| top + row;
    // Legs, boots at the bottom.
    for (leg_x, shift) in [(11, -stride), (17, stride)] {
        fill(sheet, x + leg_x + shift, y(26), 4, 7, TROUSERS);
        fill(sheet, x + leg_x + shift, y(33), 4, 3, BOOTS);
    }
    // Torso and belt.
    fill(sheet, x + 9, y(15), 14, 11, TUNIC);
    fill(sheet, x + 9, y(23), 14, 2, BELT);
    if arms {
        for arm_x in [6, 23] {
            fill(sheet, x + arm_x, y(16), 3, 7, TUNIC);
            fill(sheet, x + arm_x, y(23), 3, 2, SKIN);
        }
    }
    if facing == Facing::Front || facing == Facing::FrontQuarter {
        // A collar shows from the front.
        fill(sheet, x + 14, y(15), 4, 2, SKIN);
    }
}

/// An arm from the shoulder `from` to the fist `to`, within a 24 x 24 cell at `(x, y)`.
fn arm(sheet: &mut Image, x: i64, y: i64, from: (i64, i64), to: (i64, i64)) {
    let steps = (to.0 - from.0).abs().max((to.1 - from.1).abs()).max(1);
    for s in 0..=steps {
        let px = from.0 + (to.0 - from.0) * s / steps;
        let py = from.1 + (to.1 - from.1) * s / steps;
        fill(sheet, x + px - 1, y + py - 1, 3, 3, TUNIC);
    }
    disc(sheet, x + to.0, y + to.1, 2, SKIN);
}

/// A sword's sweep: a pale arc across a 48 x 16 cell.
fn slash(sheet: &mut Image, x: i64, y: i64) {
    for col in 2..46 {
        let t = (col - 24) as f64 / 22.0;
        let row = (3.0 + 9.0 * t * t).round() as i64;
        fill(sheet, x + col, y + row, 1, 3, BLADE);
    }
}

/// A 32 x 16 band of water with foam on its top edge.
fn water(sheet: &mut Image, x: i64, y: i64) {
    for col in 0..32 {
        let crest = if (col / 4) % 2 == 0 { 4 } else { 5 };
        fill(sheet, x + col, y + crest, 1, 16 - crest, WATER);
        sheet.set(x + col, y + crest, FOAM);
    }
}

/// A dark outline on every transparent pixel next to a drawn one (four neighbours), as sprites
/// have; water and the slash keep their soft edges.
fn outline(sheet: &mut Image) {
    let drawn = |image: &Image, x: i64, y: i64| {
        let p = image.get(x, y);
        p[3] != 0 && p != WATER && p != FOAM && p != BLADE
    };
    let copy = sheet.clone();
    for y in 0..i64::from(HEIGHT) {
        for x in 0..i64::from(WIDTH) {
            if copy.get(x, y)[3] != 0 {
                continue;
            }
            let near = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                .into_iter()
                .any(|(nx, ny)| drawn(&copy, nx, ny));
            if near {
                sheet.set(x, y, OUTLINE);
            }
        }
    }
}
