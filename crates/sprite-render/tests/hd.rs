//! Drawing from the remaster's HD sheet (docs/remaster.md "Drawing at twice the size"):
//!
//! - every TYPE1 frame drawn from a real pair equals a hand assembly at twice the size from
//!   FFTorama's tables (each tile's rectangle at twice its place and size, at twice its offset);
//! - an HD render from a sheet doubled by nearest neighbour is byte for byte the SD render at
//!   scale 2, frames, animations with their moves, mirrored views and water, as PNG, APNG and
//!   GIF, the weapon and effect layers too (SD art drawn 2x);
//! - the HD render of every TYPE1 animation's first frame for the three test units, halved,
//!   covers the SD render's opaque pixels at 0.9 or more;
//! - what the report says, the scale a render is asked for against its art's, and the refusals
//!   of `load_hd_sheet`.

mod common;

use fft_formats::hd::HdSheet;
use fft_formats::spr::Spr;
use sprite_data::layer::LayerDocument;
use sprite_data::pose::{Motion, View};
use sprite_data::{Document, FrameIndex};
use sprite_render::layers::{LayerPalettes, WeaponArt};
use sprite_render::sheet::{
    SheetImage, SheetScale, SheetSource, hd_image, load_hd_sheet, spr_image, synthetic_sheet,
};
use sprite_render::{
    Format, Image, RenderError, RenderFailure, RenderRequest, Renderer, Subject, TileSources,
};
use test_support::frames::ShpFrames;

/// The pairs of the test data and the SPR each is drawn from: the squire, the knight and the
/// white mage, all TYPE1 units.
const PAIRS: [(u32, &str); 3] = [
    (992, "battle_mina_m_spr.bin"),
    (1000, "battle_knight_m_spr.bin"),
    (1012, "battle_siro_m_spr.bin"),
];

/// How far the SHP anchor lies below the stance point for TYPE1 (tests/render.rs says why).
const ANCHOR_BELOW_STANCE: i64 = 118 - 103;

/// The HD sheet of pair `n` in colour and the SPR's picture, both with palette 0; `None` after
/// the loud skip.
fn real_sheets(test: &str, n: u32, spr_name: &str) -> Option<(SheetImage, SheetImage)> {
    let files = test_support::hd_pair(test, n, spr_name)?;
    let hd = load_hd_sheet(&files.upper, &files.lower, &files.spr, None)
        .unwrap_or_else(|e| panic!("tex_{n}: {e}"));
    let sd = sprite_render::sheet::load_sheet(&files.spr, None).unwrap();
    Some((hd, sd))
}

/// A sheet at twice the size, each pixel a 2 x 2 block (what `HdSheet::upscaled` makes of an
/// SPR, in colour).
fn doubled(sheet: &Image) -> SheetImage {
    SheetImage {
        image: sheet.scaled(2),
        source: SheetSource::Png { indexed: false },
        scale: SheetScale::Hd,
    }
}

fn sd(sheet: &Image) -> SheetImage {
    SheetImage {
        image: sheet.clone(),
        source: SheetSource::Png { indexed: false },
        scale: SheetScale::Sd,
    }
}

// ---- the hand assembly ----

/// Frame `shp` assembled by hand at `k` times the size from FFTorama's description of it: each
/// tile's rectangle from `(k sx, k sy)`, `k w x k h`, its top left `k` times its offset from the
/// anchor; reversed when flipped, upside down when flipped vertically; the front-most tile
/// first, so later tiles go under earlier ones.
fn by_hand(
    frames: &ShpFrames,
    sheet: &Image,
    shp: usize,
    (width, height): (u32, u32),
    anchor: (i64, i64),
    k: u32,
) -> Vec<[u8; 4]> {
    let mut out = vec![[0u8; 4]; (width * height) as usize];
    for tile in frames.frame(shp).iter().rev() {
        let left = anchor.0 + i64::from(k) * i64::from(tile.dx);
        let top = anchor.1 + i64::from(k) * i64::from(tile.dy);
        let (w, h) = (k * tile.w, k * tile.h);
        for row in 0..h {
            let from_row = if tile.flip_y { h - 1 - row } else { row };
            for col in 0..w {
                let from_col = if tile.flip_x { w - 1 - col } else { col };
                let sx = k * tile.sheet.0 + from_col;
                let sy = k * tile.sheet.1 + from_row;
                let colour = sheet.pixels()[(sy * sheet.width() + sx) as usize];
                if colour[3] == 0 {
                    continue;
                }
                let (x, y) = (left + i64::from(col), top + i64::from(row));
                out[(y * i64::from(width) + x) as usize] = colour;
            }
        }
    }
    out
}

#[test]
fn type1_hd_frames_equal_their_tiles_by_hand_at_twice_the_size() {
    let test = "type1_hd_frames_equal_their_tiles_by_hand_at_twice_the_size";
    let Some(frames) = ShpFrames::fftorama(test, "type1") else {
        return;
    };
    let Some((hd, _)) = real_sheets(test, 992, "battle_mina_m_spr.bin") else {
        return;
    };
    let doc = common::document("type1");
    let renderer = Renderer::new(&doc, &hd.image)
        .unwrap()
        .with_sheet_scale(SheetScale::Hd)
        .unwrap();
    let sd_canvas = Renderer::new(&doc, &hd.image).unwrap().canvas();
    let canvas = renderer.canvas();
    // The canvas doubles about the stance point.
    assert_eq!(
        (canvas.width, canvas.height, canvas.left, canvas.top),
        (
            2 * sd_canvas.width,
            2 * sd_canvas.height,
            2 * sd_canvas.left,
            2 * sd_canvas.top
        )
    );
    let (sx, sy) = canvas.stance();
    let mut drawn = 0;
    for shp in 0..doc.frames.len() {
        let image = renderer.draw_frame(FrameIndex(shp as u32)).unwrap();
        let expected = by_hand(
            &frames,
            &hd.image,
            shp,
            (canvas.width, canvas.height),
            (sx, sy + 2 * ANCHOR_BELOW_STANCE),
            2,
        );
        assert!(
            image.pixels() == expected.as_slice(),
            "frame {shp} differs from its tiles at twice the size"
        );
        drawn += expected.iter().filter(|p| p[3] != 0).count();
    }
    assert!(drawn > 0);
}

// ---- a doubled sheet: the SD render at scale 2 ----

fn request(what: Subject, format: Format) -> RenderRequest {
    RenderRequest::new(what, format)
}

/// Views by number.
fn views(numbers: &[usize]) -> Vec<View> {
    numbers.iter().map(|&n| View::ALL[n]).collect()
}

/// The HD request from `doubled` and the SD one at scale 2 from `sheet`: the same bytes.
fn hd_is_sd_at_scale_2(
    doc: &Document,
    sheet: &Image,
    weapon: Option<&WeaponArt<'_>>,
    asked: &RenderRequest,
) {
    let hd_sheet = doubled(sheet);
    let sd_sheet = sd(sheet);
    let hd_request = asked.clone();
    let sd_request = RenderRequest {
        scale: 2 * asked.scale,
        ..asked.clone()
    };
    // The HD render is the same request drawn from the HD art.
    let render = |request: &RenderRequest, sheet: &SheetImage| {
        request
            .clone()
            .check()
            .expect("a request that keeps the rules")
            .against(doc)
            .expect("a request the document takes")
            .render(&TileSources {
                weapon,
                ..TileSources::of(sheet, None)
            })
            .unwrap_or_else(|e| panic!("{:?}: {e}", request.what))
    };
    let hd = render(&hd_request, &hd_sheet);
    let sd = render(&sd_request, &sd_sheet);
    assert!(
        hd.bytes == sd.bytes,
        "{:?} views {:?} as {:?}: the HD render differs from the SD one at scale 2 ({} against {})",
        asked.what,
        asked.views,
        asked.format,
        hd.summary,
        sd.summary
    );
    // The report says the render is HD; the SD one has no such line.
    assert!(
        hd.report
            .iter()
            .any(|l| l.starts_with("hd      the sheet at 2x"))
    );
    assert!(!sd.report.iter().any(|l| l.starts_with("hd ")));
    assert_eq!(hd.summary, sd.summary);
}

#[test]
fn an_hd_render_of_a_doubled_sheet_is_the_sd_render_at_scale_2() {
    for name in ["demo", "type1"] {
        let doc = common::document(name);
        let sheet = synthetic_sheet(&doc);
        let walk = || Subject::Animations(vec!["Walk".to_owned()]);
        let mut cases = vec![
            request(Subject::Frame(9), Format::Png),
            request(walk(), Format::Apng),
            request(walk(), Format::Gif),
            RenderRequest {
                views: views(&[0, 1, 5]),
                water: true,
                ..request(walk(), Format::Png)
            },
            RenderRequest {
                views: views(&[6]),
                scale: 3,
                ..request(walk(), Format::Apng)
            },
        ];
        if name == "type1" {
            // Swing High moves the unit forward (fb), mirrored at view 5.
            cases.push(RenderRequest {
                views: views(&[5]),
                ..request(
                    Subject::Animations(vec!["Swing High".to_owned()]),
                    Format::Apng,
                )
            });
        }
        for asked in &cases {
            hd_is_sd_at_scale_2(&doc, &sheet, None, asked);
        }
    }
}

fn layer(name: &str) -> LayerDocument {
    let path = test_support::repo_root().join(format!("fixtures/layers/{name}"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn with_a_weapon_the_layers_are_sd_art_drawn_twice_the_size() {
    let Some(wep) = test_support::weapons_sheet_bytes(
        "with_a_weapon_the_layers_are_sd_art_drawn_twice_the_size",
    ) else {
        return;
    };
    let wep = Spr::decode(&wep).unwrap();
    let (wep1, eff1) = (layer("wep1.json"), layer("eff1.json"));
    let art = WeaponArt::cut(&wep, &wep1, &eff1, LayerPalettes::default()).unwrap();
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    // Swing High: the sword turned by 90 and 45 degrees; Swing Mid by 145.02, which samples
    // between pixels; view 5 mirrored; the swoosh added onto the unit.
    for (animation, view) in [("Swing High", 1), ("Swing High", 5), ("Swing Mid", 6)] {
        let asked = RenderRequest {
            views: views(&[view]),
            weapon: Some(fft_formats::layer::WeaponType::Sword),
            ..request(
                Subject::Animations(vec![animation.to_owned()]),
                Format::Apng,
            )
        };
        hd_is_sd_at_scale_2(&doc, &sheet, Some(&art), &asked);
        let hd = asked
            .clone()
            .check()
            .unwrap()
            .against(&doc)
            .unwrap()
            .render(&TileSources {
                weapon: Some(&art),
                ..TileSources::of(&doubled(&sheet), None)
            })
            .unwrap();
        let line = hd.report.iter().find(|l| l.starts_with("hd ")).unwrap();
        assert!(
            line.contains("the weapon and effect are SD art drawn 2x"),
            "{line}"
        );
    }
}

// ---- the real pairs against their SPRs ----

/// Of the SD picture's opaque pixels, how many the HD picture halved (each pixel the top left of
/// its 2 x 2 block: nearest neighbour, the inverse of the doubling) also has; both on the same
/// canvas about the stance point, the HD art read `(dx, dy)` SD pixels away.
fn coverage(hd: &Image, sd: &Image, (dx, dy): (i64, i64)) -> (usize, usize) {
    assert_eq!((hd.width(), hd.height()), (2 * sd.width(), 2 * sd.height()));
    let mut opaque = 0;
    let mut covered = 0;
    for y in 0..i64::from(sd.height()) {
        for x in 0..i64::from(sd.width()) {
            if sd.get(x, y)[3] == 0 {
                continue;
            }
            opaque += 1;
            covered += usize::from(hd.get(2 * (x + dx), 2 * (y + dy))[3] != 0);
        }
    }
    (covered, opaque)
}

/// The animations whose first frame the remaster redrew somewhere else on its sheet: Knocked
/// Out shows frame 23, one 40 x 32 cell (id 44, at (160, 152)), which the three HD sheets draw
/// two or three rows higher (and up to two pixels to the side) than the SPR. In place its HD art
/// covers 0.78-0.82 of the SD frame (0.820, 0.779, 0.791 for the squire, the knight and the
/// white mage); read where it was drawn, over 0.9.
const REDRAWN_ELSEWHERE: [&str; 1] = ["Knocked Out"];

/// Where, within four pixels and rows, the HD frame covers the SD one best, and how much.
fn best_shift(hd: &Image, sd: &Image) -> ((i64, i64), f64) {
    let mut best = ((0, 0), 0.0);
    for dy in -4..=4 {
        for dx in -4..=4 {
            let (covered, opaque) = coverage(hd, sd, (dx, dy));
            let ratio = covered as f64 / opaque.max(1) as f64;
            if ratio > best.1 {
                best = ((dx, dy), ratio);
            }
        }
    }
    best
}

#[test]
fn hd_first_frames_halved_cover_the_sd_ones() {
    let test = "hd_first_frames_halved_cover_the_sd_ones";
    let doc = common::document("type1");
    let view = View::new(1).unwrap();
    for (n, spr_name) in PAIRS {
        let Some((hd, sd)) = real_sheets(test, n, spr_name) else {
            continue;
        };
        let hd_renderer = Renderer::new(&doc, &hd.image)
            .unwrap()
            .with_sheet_scale(SheetScale::Hd)
            .unwrap();
        let sd_renderer = Renderer::new(&doc, &sd.image).unwrap();
        let (mut lowest, mut checked) = (f64::MAX, 0);
        let (mut all_covered, mut all_opaque) = (0, 0);
        for animation in &doc.animations {
            let motion = Motion::Animation(animation);
            let first = |renderer: &Renderer<'_>| {
                renderer
                    .animation(motion, view, animation.water)
                    .unwrap()
                    .swap_remove(0)
                    .image
            };
            let (hd_frame, sd_frame) = (first(&hd_renderer), first(&sd_renderer));
            let (covered, opaque) = coverage(&hd_frame, &sd_frame, (0, 0));
            if opaque == 0 {
                continue;
            }
            let ratio = covered as f64 / opaque as f64;
            if REDRAWN_ELSEWHERE.contains(&animation.name.as_str()) {
                // Not in place, and higher: the exception is the files', not a slack bound.
                let ((dx, dy), moved) = best_shift(&hd_frame, &sd_frame);
                assert!(
                    ratio < 0.9 && moved >= 0.9 && dy <= -2,
                    "tex_{n} {:?}: {ratio:.3} in place, {moved:.3} read ({dx}, {dy}) away",
                    animation.name
                );
                println!(
                    "tex_{n} {:?}: {ratio:.4} in place, {moved:.4} read ({dx}, {dy}) away",
                    animation.name
                );
            } else {
                assert!(
                    ratio >= 0.9,
                    "tex_{n} {:?}: the HD frame halved covers {covered} of the SD frame's \
                     {opaque} opaque pixels ({ratio:.3})",
                    animation.name
                );
                lowest = lowest.min(ratio);
            }
            checked += 1;
            all_covered += covered;
            all_opaque += opaque;
        }
        assert!(
            checked > 100,
            "tex_{n}: {checked} animations drew something"
        );
        println!(
            "tex_{n}: {checked} first frames, coverage at least {lowest:.4} (those drawn in place), \
             {:.4} in all",
            all_covered as f64 / all_opaque as f64
        );
    }
}

// ---- the report, the scales, the refusals ----

#[test]
fn a_render_is_drawn_at_its_arts_scale() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let frame = request(Subject::Frame(9), Format::Png).check().unwrap();
    // An SPR-sized sheet said to be HD: its cells at twice their place lie outside it, and the
    // error gives the doubled numbers.
    let mut wrong = sd(&sheet);
    wrong.scale = SheetScale::Hd;
    let failure = frame
        .against(&doc)
        .unwrap()
        .render(&TileSources::of(&wrong, None))
        .unwrap_err();
    assert!(
        matches!(failure, RenderFailure::SheetMismatch { sp2: false, .. }),
        "{failure}"
    );
    let failure = failure.to_string();
    assert!(
        failure.contains(&format!(
            "the document's cells are cut from a {} x {} sheet",
            2 * doc.sheet.width,
            2 * doc.sheet.height
        )),
        "{failure}"
    );
}

#[test]
fn a_contact_sheet_at_hd_says_so_and_doubles_its_cells() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let all = request(Subject::AllFrames, Format::Png).check().unwrap();
    let sd_render = all
        .against(&doc)
        .unwrap()
        .render(&TileSources::of(&sd(&sheet), None))
        .unwrap();
    let hd_render = all
        .against(&doc)
        .unwrap()
        .render(&TileSources::of(&doubled(&sheet), None))
        .unwrap();
    let canvas = Renderer::new(&doc, &sheet).unwrap().canvas();
    assert_eq!(
        hd_render.report[0],
        format!(
            "canvas  {} x {} a frame (the document's), stance point at ({}, {})",
            2 * canvas.width,
            2 * canvas.height,
            -2 * canvas.left,
            -2 * canvas.top
        )
    );
    assert!(hd_render.report[1].starts_with("hd      the sheet at 2x"));
    assert_eq!(hd_render.report[2], sd_render.report[1]);
}

#[test]
fn the_aseprite_export_at_hd_is_the_sd_one_at_twice_the_size() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let big = sheet.scaled(2);
    let sd_renderer = Renderer::new(&doc, &sheet).unwrap();
    let hd_renderer = Renderer::new(&doc, &big)
        .unwrap()
        .with_sheet_scale(SheetScale::Hd)
        .unwrap();
    let sd_export = sprite_render::aseprite::export(&sd_renderer, "a.png", "", 60).unwrap();
    let hd_export = sprite_render::aseprite::export(&hd_renderer, "a.png", "", 60).unwrap();
    assert_eq!(
        (hd_export.frames, hd_export.stored, hd_export.tags),
        (sd_export.frames, sd_export.stored, sd_export.tags)
    );
    let (sd_json, hd_json) = (sd_export.json(), hd_export.json());
    assert_eq!(sd_json["meta"]["frameTags"], hd_json["meta"]["frameTags"]);
    let doubled_rect = |r: &serde_json::Value| {
        serde_json::json!({"x": r["x"].as_u64().unwrap() * 2, "y": r["y"].as_u64().unwrap() * 2,
            "w": r["w"].as_u64().unwrap() * 2, "h": r["h"].as_u64().unwrap() * 2})
    };
    let pivot = &hd_json["meta"]["slices"][0]["keys"][0]["pivot"];
    let sd_pivot = &sd_json["meta"]["slices"][0]["keys"][0]["pivot"];
    assert_eq!(
        pivot["x"].as_i64().unwrap(),
        2 * sd_pivot["x"].as_i64().unwrap()
    );
    assert_eq!(
        pivot["y"].as_i64().unwrap(),
        2 * sd_pivot["y"].as_i64().unwrap()
    );
    let frames = hd_json["frames"].as_object().unwrap();
    for (key, hd_frame) in frames {
        let sd_frame = &sd_json["frames"][key];
        assert_eq!(hd_frame["duration"], sd_frame["duration"], "frame {key}");
        assert_eq!(
            hd_frame["spriteSourceSize"],
            doubled_rect(&sd_frame["spriteSourceSize"]),
            "frame {key}"
        );
        assert_eq!(
            hd_frame["sourceSize"]["w"].as_u64().unwrap(),
            2 * sd_frame["sourceSize"]["w"].as_u64().unwrap()
        );
        // The picture in the atlas: the SD one doubled.
        let cut = |atlas: &Image, r: &serde_json::Value| {
            let n = |k: &str| r[k].as_u64().unwrap();
            atlas.crop(n("x") as i64, n("y") as i64, n("w") as u32, n("h") as u32)
        };
        let hd_picture = cut(&hd_export.atlas, &hd_frame["frame"]);
        let sd_picture = cut(&sd_export.atlas, &sd_frame["frame"]);
        if sd_frame["frame"]["w"] == 1 && sd_picture.opaque_bounds().is_none() {
            continue;
        }
        assert!(hd_picture == sd_picture.scaled(2), "frame {key}");
    }
}

#[test]
fn load_hd_sheet_refuses_what_is_no_pair_or_no_palette() {
    let upper = vec![0x11; 131_072];
    let lower = vec![0x22; 118_784];
    let mut spr = Spr::blank(fft_formats::spr::SprVariant::Standard);
    spr.palettes[0][1] = 0x001F;
    spr.palettes[3][2] = 0x7C00;
    let spr_bytes = spr.encode().unwrap();
    let sheet = load_hd_sheet(&upper, &lower, &spr_bytes, Some(3)).unwrap();
    assert_eq!(sheet.scale, SheetScale::Hd);
    assert_eq!(sheet.source, SheetSource::HdPair { palette: 3 });
    assert_eq!((sheet.image.width(), sheet.image.height()), (512, 976));
    // Palette 3's colour 2 is pure blue; its colour 1 black.
    assert_eq!(sheet.image.get(0, 600), [0, 0, 255, 255]);
    assert_eq!(sheet.image.get(511, 0), [0, 0, 0, 255]);
    let one_line = |error: RenderError| {
        let text = error.to_string();
        assert!(!text.contains('\n'), "{text}");
        text
    };
    // Truncated, oversized, swapped.
    for (u, l, needle) in [
        (
            &upper[..131_071],
            &lower[..],
            "found a file of 131071 bytes",
        ),
        (
            &upper[..],
            &[&lower[..], &[0][..]].concat()[..],
            "found a file of 118785 bytes",
        ),
        (&lower[..], &upper[..], "wrong order"),
    ] {
        let text = one_line(load_hd_sheet(u, l, &spr_bytes, None).unwrap_err());
        assert!(text.starts_with("not an HD pair: "), "{text}");
        assert!(text.contains(needle), "{text}");
    }
    // Palettes from a PNG, from bytes that are no sheet, from an SP2, a palette past 15.
    let png = sprite_render::encode::png_rgba(&Image::new(4, 4)).unwrap();
    for (palettes, needle) in [
        (png, "it is a PNG picture"),
        (vec![0xEE; 1000], "this file is none"),
        (
            Spr::blank(fft_formats::spr::SprVariant::Sp2)
                .encode()
                .unwrap(),
            "this is a sp2 sheet",
        ),
    ] {
        let text = one_line(load_hd_sheet(&upper, &lower, &palettes, None).unwrap_err());
        assert!(text.contains(needle), "{text}");
    }
    let text = one_line(load_hd_sheet(&upper, &lower, &spr_bytes, Some(16)).unwrap_err());
    assert!(text.contains("palette 16 is out of range"), "{text}");
    // hd_image of a sheet made by hand with too few pixels.
    let short = HdSheet {
        pixels: vec![0; 10],
    };
    assert!(matches!(
        hd_image(&short, &spr, 0),
        Err(RenderError::HdPixels { count: 10 })
    ));
    // The colours are spr_image's, pixel for pixel, for an upscaled pair.
    let upscaled = HdSheet::upscaled(&spr).unwrap();
    assert!(hd_image(&upscaled, &spr, 0).unwrap() == spr_image(&spr, 0).unwrap().scaled(2));
}
