//! Drawing frames and animations: each frame against a picture assembled by hand in this file,
//! mirrored views against the unmirrored picture flipped, the tiles against `poseAt`, the canvas
//! against every pose, and the animated PNG and GIF read back. The demo document runs on a
//! made-up sheet everywhere; TYPE1 runs on RAMUZA.SPR when the sheets are there.

mod common;

use fft_formats::spr::Spr;
use sprite_data::pose::{Motion, View, pose_at};
use sprite_data::{Document, FrameIndex};
use sprite_render::compose::place_frame;
use sprite_render::encode::{TimedFrame, apng, carried_durations, gif};
use sprite_render::sheet::{spr_image, synthetic_sheet};
use sprite_render::{Image, Renderer};
use test_support::frames::ShpFrames;

/// How far the SHP anchor (a tile's `dx = dy = 0`) lies below the stance point, in the same
/// column: the anchor's row 118 on the stage (docs/derivation.md "stage, u and v") less the
/// unit's stance row, 103 for the human kinds, the demo and MON (so 15, the contract's own
/// figure), 105 for CYOKO (its profile: soles at +9, a 44 px standing box, 118 + 9 - 22).
const ANCHOR_BELOW_STANCE: i64 = 118 - 103;
const CYOKO_ANCHOR_BELOW_STANCE: i64 = 118 - 105;

/// Frame `shp` assembled by hand from an independent description of the unit's frames (FFTorama's
/// tables or the demo's hand-written model), without the crate's drawing code and without the
/// document's tiles: each SHP tile's sheet rectangle copied pixel by pixel, its top left at its
/// own `(dx, dy)` from the anchor, which is at `anchor` on the canvas; reversed when it has the
/// horizontal flip, upside down when it has the vertical one; the SHP lists the front-most tile
/// first, so later tiles of the list go under earlier ones.
fn by_hand(
    frames: &ShpFrames,
    sheet: &Image,
    shp: usize,
    (width, height): (u32, u32),
    anchor: (i64, i64),
) -> Vec<[u8; 4]> {
    let mut out = vec![[0u8; 4]; (width * height) as usize];
    for tile in frames.frame(shp).iter().rev() {
        let left = anchor.0 + i64::from(tile.dx);
        let top = anchor.1 + i64::from(tile.dy);
        for row in 0..tile.h {
            let from_row = if tile.flip_y { tile.h - 1 - row } else { row };
            for col in 0..tile.w {
                let from_col = if tile.flip_x { tile.w - 1 - col } else { col };
                let sx = tile.sheet.0 + from_col;
                let sy = tile.sheet.1 + from_row;
                let colour = sheet.pixels()[(sy * sheet.width() + sx) as usize];
                if colour[3] == 0 {
                    continue;
                }
                let (x, y) = (left + i64::from(col), top + i64::from(row));
                assert!(
                    (0..i64::from(width)).contains(&x) && (0..i64::from(height)).contains(&y),
                    "frame {shp}: pixel ({x}, {y}) is off the {width} x {height} canvas"
                );
                out[(y * i64::from(width) + x) as usize] = colour;
            }
        }
    }
    out
}

fn every_frame_equals_its_hand_assembly(
    doc: &Document,
    frames: &ShpFrames,
    anchor_below_stance: i64,
    sheet: &Image,
) {
    assert_eq!(doc.frames.len(), frames.0.len(), "frames, main and water");
    let renderer = Renderer::new(doc, sheet).unwrap();
    let canvas = renderer.canvas();
    let (sx, sy) = canvas.stance();
    let mut drawn_pixels = 0;
    for shp in 0..doc.frames.len() {
        let image = renderer.draw_frame(FrameIndex(shp as u32)).unwrap();
        assert_eq!(
            (image.width(), image.height()),
            (canvas.width, canvas.height)
        );
        let expected = by_hand(
            frames,
            sheet,
            shp,
            (canvas.width, canvas.height),
            (sx, sy + anchor_below_stance),
        );
        assert!(
            image.pixels() == expected.as_slice(),
            "frame {shp} differs from its tiles"
        );
        drawn_pixels += expected.iter().filter(|p| p[3] != 0).count();
    }
    assert!(drawn_pixels > 0, "the test drew something");
}

#[test]
fn demo_frames_equal_their_tiles_by_hand() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    every_frame_equals_its_hand_assembly(&doc, &ShpFrames::demo(), ANCHOR_BELOW_STANCE, &sheet);
}

#[test]
fn type1_frames_on_ramuza_equal_their_tiles_by_hand() {
    const TEST: &str = "type1_frames_on_ramuza_equal_their_tiles_by_hand";
    let (Some(ramuza), Some(frames)) = (
        test_support::sheet_bytes(TEST, "RAMUZA.SPR"),
        ShpFrames::fftorama(TEST, "type1"),
    ) else {
        return;
    };
    let doc = common::document("type1");
    let spr = Spr::decode(&ramuza).unwrap();
    every_frame_equals_its_hand_assembly(
        &doc,
        &frames,
        ANCHOR_BELOW_STANCE,
        &spr_image(&spr, 0).unwrap(),
    );
}

/// CYOKO (the chocobo) on its own sheet: its frames use the vertical-flip extension, drawn
/// upside down in place, which the hand assembly does too (FFTorama's `flip_y` column).
#[test]
fn cyoko_frames_with_vertical_flips_equal_their_tiles_by_hand() {
    const TEST: &str = "cyoko_frames_with_vertical_flips_equal_their_tiles_by_hand";
    let (Some(sheet), Some(shp), Some(seq), Some(frames)) = (
        test_support::sheet_bytes(TEST, "CYOKO.SPR"),
        test_support::retail_bytes(TEST, "CYOKO.SHP"),
        test_support::retail_bytes(TEST, "CYOKO.SEQ"),
        ShpFrames::fftorama(TEST, "cyoko"),
    ) else {
        return;
    };
    let profile = sprite_data::profile::UnitKind::find("cyoko")
        .unwrap()
        .load();
    let source = |name, bytes| sprite_data::NamedBytes { name, bytes };
    let (built, _) = sprite_data::build_document(
        source("CYOKO.SHP", &shp),
        source("CYOKO.SEQ", &seq),
        &profile,
        sprite_data::Overlays::default(),
        None,
    )
    .unwrap();
    let doc = built.document;
    assert!(
        doc.frames.iter().flatten().any(|t| t.flip_y),
        "CYOKO has vertical flips"
    );
    let spr = Spr::decode(&sheet).unwrap();
    every_frame_equals_its_hand_assembly(
        &doc,
        &frames,
        CYOKO_ANCHOR_BELOW_STANCE,
        &spr_image(&spr, 0).unwrap(),
    );
}

/// The crate places a bare frame the way `poseAt` places the frame of a pose, and every pose of
/// every animation fits the document's canvas.
#[test]
fn frames_are_placed_as_pose_at_places_them_and_fit_the_canvas() {
    for name in ["demo", "type1"] {
        let doc = common::document(name);
        let sheet = synthetic_sheet(&doc);
        let renderer = Renderer::new(&doc, &sheet).unwrap();
        let canvas = renderer.canvas();
        let (sx, sy) = canvas.stance();
        let mut poses = 0;
        for animation in &doc.animations {
            for view in View::ALL {
                for water in [false, true] {
                    let Ok(first) = pose_at(&doc, animation, view, 0, water) else {
                        continue;
                    };
                    let sequence = &doc.sequences[first.sequence.unwrap().index()];
                    let mut tick = 0;
                    for &delay in &sequence.ticks {
                        let pose = pose_at(&doc, animation, view, tick, water).unwrap();
                        let placed = place_frame(&doc, pose.shp, pose.mirrored).unwrap();
                        assert_eq!(
                            placed, pose.tiles,
                            "{name} {} view {view} tick {tick}",
                            animation.name
                        );
                        for t in &pose.tiles {
                            let left = sx + t.x as i64 + pose.move_x;
                            let top = sy + t.y as i64 + pose.move_y;
                            assert!(
                                left >= 0
                                    && top >= 0
                                    && left + i64::from(t.w) <= i64::from(canvas.width)
                                    && top + i64::from(t.h) <= i64::from(canvas.height),
                                "{name} {} view {view} tick {tick}: a tile leaves the canvas",
                                animation.name
                            );
                        }
                        poses += 1;
                        tick += i64::from(delay);
                    }
                }
            }
        }
        assert!(poses > 100, "{name}: {poses} poses checked");
        assert_eq!(canvas.width % 2, 0, "symmetric about the stance column");
        assert_eq!(sx, i64::from(canvas.width / 2));
    }
}

/// A mirrored view is an unmirrored view of the same sequence flipped about the canvas's middle,
/// move included: views 0 and 7 (pattern 0) against 1 and 2 (pattern 1, front), views 5 and 6
/// (pattern 3) against 3 and 4 (pattern 2, back). The made-up sheet's cells are lighter on their
/// left, so a tile flipped the wrong way shows.
#[test]
fn mirrored_views_are_the_pictures_flipped() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let width = renderer.canvas().width;
    let flip = |image: &Image| {
        let mut out = Image::new(image.width(), image.height());
        for y in 0..i64::from(image.height()) {
            for x in 0..i64::from(width) {
                out.set(i64::from(width) - 1 - x, y, image.get(x, y));
            }
        }
        out
    };
    for animation in &doc.animations {
        for (mirrored, plain) in [(0, 1), (7, 2), (5, 3), (6, 4)] {
            let a = renderer
                .animation(
                    Motion::Animation(animation),
                    View::new(mirrored).unwrap(),
                    animation.water,
                )
                .unwrap();
            let b = renderer
                .animation(
                    Motion::Animation(animation),
                    View::new(plain).unwrap(),
                    animation.water,
                )
                .unwrap();
            assert_eq!(a.len(), b.len());
            for (i, (a, b)) in a.iter().zip(&b).enumerate() {
                assert_eq!(a.move_x, -b.move_x);
                assert!(
                    a.image == flip(&b.image),
                    "{} view {mirrored} frame {i} is not view {plain} flipped",
                    animation.name
                );
            }
        }
    }
}

/// Swing High on RAMUZA: the frames the front sequence shows, each for its delay, the hit in
/// the frame that starts at the animation's hitTick.
#[test]
fn swing_high_frames_ticks_and_hit() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let animation = doc.animation("Swing High").unwrap();
    let sequence = &doc.sequences[animation.front.index()];
    let frames = renderer
        .animation(Motion::Animation(animation), View::new(1).unwrap(), false)
        .unwrap();
    let ticks: Vec<u32> = frames.iter().map(|f| f.ticks).collect();
    assert_eq!(ticks, sequence.ticks);
    let shps: Vec<FrameIndex> = frames.iter().map(|f| f.shp).collect();
    assert_eq!(shps, sequence.frames);
    let hit: Vec<_> = frames
        .iter()
        .filter(|f| f.events.iter().any(|e| e == "PostGenericAttack"))
        .collect();
    assert_eq!(hit.len(), 1);
    assert_eq!(Some(hit[0].start), animation.hit_tick.map(u64::from));
    assert_eq!(hit[0].start, 18);
    assert_eq!(hit[0].index, Some(5));
    // The move: fb -2 on frames 1 and 2 is 2 px to the right at an unmirrored view.
    assert_eq!(frames[1].move_x, 2);
    assert_eq!(frames[5].move_x, -2);
}

/// A frame whose delay is 0 shows only as a sequence's last frame that does not wrap: held.
#[test]
fn held_last_frames() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    for (index, sequence) in doc.sequences.iter().enumerate() {
        let frames = renderer.sequence(index, false).unwrap();
        let total: u64 = frames.iter().map(|f| u64::from(f.ticks)).sum();
        let delays: u64 = sequence.ticks.iter().map(|&t| u64::from(t)).sum();
        assert_eq!(total, delays, "{}: the document's delays", sequence.name);
        let held = frames.iter().filter(|f| f.ticks == 0).count();
        let expect_held = sequence.ticks.last() == Some(&0) && !(sequence.looping && total > 0);
        assert_eq!(held, usize::from(expect_held), "{}", sequence.name);
    }
    let idle = renderer
        .animation(Motion::Idle, View::new(2).unwrap(), false)
        .unwrap();
    assert_eq!(idle.len(), 1);
    assert_eq!(idle[0].shp, doc.idle_frames[2]);
}

/// An animated PNG of Swing High read back with the png crate: 8 frames, each fcTL delay exactly
/// the frame's ticks over 60, played once, the pictures unchanged.
#[test]
fn apng_frames_and_delays_match_the_ticks() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let animation = doc.animation("Swing High").unwrap();
    let frames = renderer
        .animation(Motion::Animation(animation), View::new(1).unwrap(), false)
        .unwrap();
    let timed: Vec<TimedFrame<'_>> = frames
        .iter()
        .map(|f| TimedFrame {
            image: &f.image,
            ticks: f.ticks,
        })
        .collect();
    let bytes = apng(&timed, 60, 1).unwrap();

    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let mut reader = decoder.read_info().unwrap();
    let actl = reader.info().animation_control.expect("an acTL chunk");
    assert_eq!(actl.num_frames, 8);
    assert_eq!(actl.num_plays, 1);
    let mut delays = Vec::new();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    for frame in &frames {
        let info = reader.next_frame(&mut buf).unwrap();
        let fctl = reader.info().frame_control.expect("an fcTL per frame");
        delays.push((fctl.delay_num, fctl.delay_den));
        assert_eq!(
            &buf[..info.buffer_size()],
            frame.image.to_rgba_bytes().as_slice()
        );
    }
    let sequence = &doc.sequences[animation.front.index()];
    let expected: Vec<(u16, u16)> = sequence.ticks.iter().map(|&t| (t as u16, 60)).collect();
    assert_eq!(delays, expected);
}

/// A GIF of Swing High read back with the gif crate: 8 frames whose centisecond delays add up to
/// the 38 ticks' 63.3 cs (63), each within 1 cs of its own exact time; Walk's 64 ticks (6 8 10 8
/// 6 8 10 8) are 106.7 cs (107). A looping animation gets an endless NETSCAPE loop, and the
/// transparent background stays transparent.
#[test]
fn gif_total_time_matches_the_ticks() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    for (name, plays, ticks, centiseconds) in [("Swing High", 1, 38, 63), ("Walk", 0, 64, 107)] {
        let animation = doc.animation(name).unwrap();
        let frames = renderer
            .animation(Motion::Animation(animation), View::new(1).unwrap(), false)
            .unwrap();
        let timed: Vec<TimedFrame<'_>> = frames
            .iter()
            .map(|f| TimedFrame {
                image: &f.image,
                ticks: f.ticks,
            })
            .collect();
        let bytes = gif(&timed, 60, plays).unwrap();

        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(std::io::Cursor::new(&bytes)).unwrap();
        let mut delays = Vec::new();
        let mut first = None;
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            delays.push(u64::from(frame.delay));
            first.get_or_insert_with(|| frame.buffer.to_vec());
        }
        assert_eq!(delays.len(), frames.len(), "{name}");
        let shown: u64 = frames.iter().map(|f| u64::from(f.ticks)).sum();
        assert_eq!(shown, ticks, "{name}: ticks");
        let total: u64 = delays.iter().sum();
        assert_eq!(total, centiseconds, "{name}: total centiseconds");
        for (d, f) in delays.iter().zip(&frames) {
            let exact = f64::from(f.ticks) * 100.0 / 60.0;
            assert!(
                (*d as f64 - exact).abs() < 1.0,
                "{name}: {d} cs for {} ticks",
                f.ticks
            );
        }
        let expected_repeat = if plays == 0 {
            gif::Repeat::Infinite
        } else {
            gif::Repeat::Finite(0)
        };
        assert_eq!(decoder.repeat(), expected_repeat, "{name}");
        // Colours survive exactly: the synthetic sheet has few.
        assert_eq!(
            first.unwrap(),
            frames[0].image.to_rgba_bytes(),
            "{name}: first frame"
        );
    }
    assert_eq!(
        carried_durations(&[4, 2, 8, 2, 2, 14, 2, 4], 60, 100)
            .iter()
            .sum::<u64>(),
        63
    );
}

/// The contact sheet has a cell per frame, 16 a row, each the canvas over a label band, the cells
/// framed and parted by 1 px grid lines. TYPE1's 364 frames are 22 full rows and 12 frames
/// (364 = 22 x 16 + 12): 23 rows, so 17 vertical grid lines and 24 horizontal ones.
#[test]
fn contact_sheet_size() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let canvas = renderer.canvas();
    let band = canvas.height + sprite_render::layout::LABEL_HEIGHT;
    let image = sprite_render::layout::contact_sheet(&renderer, 16).unwrap();
    assert_eq!(image.width(), 16 * canvas.width + 17);
    assert_eq!(image.height(), 23 * band + 24);
    // Frame 1's cell (row 0, column 1) holds frame 1; frame 363's (row 22, column 11) frame 363;
    // the cell after it is blank.
    let cell = |row: u32, column: u32| {
        image.crop(
            i64::from(column * (canvas.width + 1) + 1),
            i64::from(row * (band + 1) + 1),
            canvas.width,
            canvas.height,
        )
    };
    assert!(cell(0, 1) == renderer.draw_frame(FrameIndex(1)).unwrap());
    assert!(cell(22, 11) == renderer.draw_frame(FrameIndex(363)).unwrap());
    assert!(cell(22, 12) == Image::new(canvas.width, canvas.height));
}

/// A sheet too small for the document's cells is refused, naming the cell.
#[test]
fn a_sheet_too_small_is_refused() {
    let doc = common::document("type1");
    let short = Image::new(256, 288);
    let err = Renderer::new(&doc, &short).unwrap_err().to_string();
    assert!(
        err.contains(
            "lies outside the 256 x 288 sheet: the document's cells are cut from a 256 x 488 sheet"
        ),
        "{err}"
    );
}

/// MON's SP2 sequences draw their lower-half tiles from the second sheet: Bomb Explode (slot 194,
/// an SP2 slot) at view 1, frame by frame, equals a hand assembly from FFTorama's MON frames that
/// reads every tile whose sheet row is at `y >= 256` from the SP2 at `y - 256` and the others from
/// the sheet (docs/formats/spr.md 4.6: the game loads the SP2 where the sheet's lower half was).
/// The made-up SP2 is the made-up sheet's lower rows with every colour inverted, so a tile cut from
/// the wrong sheet shows.
#[test]
fn mon_sp2_sequence_equals_its_hand_assembly() {
    let Some(shp_frames) = ShpFrames::fftorama("mon_sp2_sequence_equals_its_hand_assembly", "mon")
    else {
        return;
    };
    let doc = common::document("mon");
    let sheet = synthetic_sheet(&doc);
    let mut sp2 = sheet.crop(0, 256, 256, 256);
    for y in 0..256 {
        for x in 0..256 {
            let [r, g, b, a] = sp2.get(x, y);
            if a != 0 {
                sp2.set(x, y, [255 - r, 255 - g, 255 - b, a]);
            }
        }
    }
    let renderer = Renderer::new(&doc, &sheet).unwrap().with_sp2(&sp2).unwrap();
    let canvas = renderer.canvas();
    let (sx, sy) = canvas.stance();
    let animation = doc.animation("Bomb Explode").unwrap();
    assert_eq!(doc.sequences[animation.front.index()].sheet, Some(1));
    let view = View::new(1).unwrap();
    let frames = renderer
        .animation(Motion::Animation(animation), view, false)
        .unwrap();
    assert!(!frames.is_empty());
    let mut from_sp2 = 0;
    for (i, frame) in frames.iter().enumerate() {
        let pose = pose_at(&doc, animation, view, frame.start as i64, false).unwrap();
        assert!(!pose.mirrored, "view 1 is not mirrored");
        let mut expected = vec![[0u8; 4]; (canvas.width * canvas.height) as usize];
        for tile in shp_frames.frame(frame.shp.index()).iter().rev() {
            let (source, top) = if tile.sheet.1 >= 256 {
                from_sp2 += 1;
                (&sp2, tile.sheet.1 - 256)
            } else {
                (&sheet, tile.sheet.1)
            };
            let left = sx + frame.move_x + i64::from(tile.dx);
            let up = sy + ANCHOR_BELOW_STANCE + frame.move_y + i64::from(tile.dy);
            for row in 0..tile.h {
                let from_row = if tile.flip_y { tile.h - 1 - row } else { row };
                for col in 0..tile.w {
                    let from_col = if tile.flip_x { tile.w - 1 - col } else { col };
                    let colour = source.get(
                        i64::from(tile.sheet.0 + from_col),
                        i64::from(top + from_row),
                    );
                    if colour[3] != 0 {
                        let (x, y) = (left + i64::from(col), up + i64::from(row));
                        expected[(y * i64::from(canvas.width) + x) as usize] = colour;
                    }
                }
            }
        }
        assert!(
            frame.image.pixels() == expected.as_slice(),
            "Bomb Explode frame {i} (SHP {}) differs from its hand assembly",
            frame.shp
        );
    }
    assert!(from_sp2 > 0, "some tiles come from the SP2");
}

/// Without the SP2, an SP2 sequence is refused, naming the file it needs; a sequence that draws
/// only from the sheet still draws.
#[test]
fn mon_sp2_sequence_without_the_sp2_is_refused() {
    let doc = common::document("mon");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let view = View::new(1).unwrap();
    let bomb = Motion::Animation(doc.animation("Bomb Explode").unwrap());
    match renderer.animation(bomb, view, false) {
        Err(sprite_render::RenderError::Sp2Needed { file, .. }) => assert_eq!(file, "BEHI2.SP2"),
        other => panic!("expected Sp2Needed, got {:?}", other.map(|f| f.len())),
    }
    let walk = Motion::Animation(doc.animation("Walk").unwrap());
    assert!(renderer.animation(walk, view, false).is_ok());
    assert_eq!(renderer.missing_sp2(), Some("BEHI2.SP2"));
}

/// A render's canvas is the box of what it draws, not the document's: on a made-up sheet (every
/// cell's pixels opaque) the fitted canvas of an animation is the union of its frames' tile boxes
/// at their moves, computed here from an independent description of the frames (the SHP tiles'
/// corners from the anchor in FFTorama's tables, the demo's model); every frame keeps its pixels.
/// CYOKO's Walk needs far less than CYOKO's document canvas, which makes room for the blank
/// filler tiles some other frames place 128 pixels right of the stance point.
#[test]
fn an_animation_canvas_is_the_box_of_its_frames() {
    const TEST: &str = "an_animation_canvas_is_the_box_of_its_frames";
    for (name, animation, anchor_below_stance) in [
        ("type1", "Swing High", ANCHOR_BELOW_STANCE),
        ("cyoko", "Walk", CYOKO_ANCHOR_BELOW_STANCE),
        ("demo", "Walk", ANCHOR_BELOW_STANCE),
    ] {
        let shp_frames = if name == "demo" {
            ShpFrames::demo()
        } else {
            let Some(frames) = ShpFrames::fftorama(TEST, name) else {
                continue;
            };
            frames
        };
        let doc = common::document(name);
        let sheet = synthetic_sheet(&doc);
        let renderer = Renderer::new(&doc, &sheet).unwrap();
        let animation = doc.animation(animation).unwrap();
        let view = View::new(1).unwrap();
        let frames = renderer
            .animation(Motion::Animation(animation), view, false)
            .unwrap();
        let (mut left, mut top, mut right, mut bottom) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for frame in &frames {
            for tile in shp_frames.frame(frame.shp.index()) {
                let x = frame.move_x + i64::from(tile.dx);
                let y = frame.move_y + anchor_below_stance + i64::from(tile.dy);
                left = left.min(x);
                top = top.min(y);
                right = right.max(x + i64::from(tile.w));
                bottom = bottom.max(y + i64::from(tile.h));
            }
        }
        let drawn: Vec<usize> = frames
            .iter()
            .map(|f| f.image.pixels().iter().filter(|p| p[3] != 0).count())
            .collect();
        let mut rows = vec![frames];
        let fitted = sprite_render::compose::fit_to_drawn(&mut rows, renderer.canvas());
        assert_eq!(
            (
                fitted.left,
                fitted.top,
                i64::from(fitted.width),
                i64::from(fitted.height)
            ),
            (left, top, right - left, bottom - top),
            "{name} {}",
            animation.name
        );
        for (frame, count) in rows[0].iter().zip(drawn) {
            assert_eq!(
                (frame.image.width(), frame.image.height()),
                (fitted.width, fitted.height)
            );
            assert_eq!(
                frame.image.pixels().iter().filter(|p| p[3] != 0).count(),
                count
            );
        }
        if name == "cyoko" {
            let document = renderer.canvas();
            assert!(
                fitted.width * 3 < document.width,
                "{fitted:?} vs {document:?}"
            );
        }
    }
}

/// Each way a picture is refused has its own kind; frames of different sizes are not "nothing to
/// draw" in kind, though the message has always said so.
#[test]
fn each_refused_picture_has_its_kind() {
    use sprite_render::RenderError;
    use sprite_render::compose::check_canvas;
    use sprite_render::layout::strip;

    let (small, large) = (Image::new(4, 4), Image::new(8, 4));
    assert!(matches!(apng(&[], 60, 1), Err(RenderError::NoFrames)));
    assert!(matches!(gif(&[], 60, 1), Err(RenderError::NoFrames)));
    assert!(matches!(strip(&[], false), Err(RenderError::NoFrames)));
    let mixed = [&small, &large].map(|image| TimedFrame { image, ticks: 2 });
    let err = apng(&mixed, 60, 1).unwrap_err();
    assert!(matches!(err, RenderError::FrameSizesDiffer), "{err:?}");
    assert_eq!(
        err.to_string(),
        "nothing to draw: frames of different sizes"
    );
    assert!(matches!(
        gif(&mixed, 60, 1),
        Err(RenderError::FrameSizesDiffer)
    ));
    // An fcTL delay is a u16 of ticks.
    let long = [TimedFrame {
        image: &small,
        ticks: 65_536,
    }];
    assert!(matches!(
        apng(&long, 60, 1),
        Err(RenderError::DelayTooLong { ticks: 65_536, .. })
    ));

    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    assert!(matches!(
        Renderer::new(&doc, &Image::new(256, 8)),
        Err(RenderError::CellOutsideSheet { .. })
    ));
    let frames = doc.frames.len();
    assert!(matches!(
        renderer.draw_frame(FrameIndex(frames as u32)),
        Err(RenderError::FrameOutOfRange { frame, count }) if frame == frames && count == frames
    ));
    let sequences = doc.sequences.len();
    assert!(matches!(
        renderer.sequence(sequences, false),
        Err(RenderError::SequenceOutOfRange { sequence, count })
            if sequence == sequences && count == sequences
    ));
    assert!(matches!(
        check_canvas(1 << 20, 1),
        Err(RenderError::Limit(limit)) if limit.name == "MAX_CANVAS_SIDE"
    ));

    // A document whose sequence lists disagree: the data crate's kind, inside.
    let mut broken = doc.clone();
    let walk = broken.animation("Walk").unwrap().clone();
    broken.sequences[walk.front.index()].ticks.pop();
    let renderer = Renderer::new(&broken, &sheet).unwrap();
    let err = renderer
        .animation(Motion::Animation(&walk), View::new(1).unwrap(), false)
        .unwrap_err();
    assert!(
        matches!(&err, RenderError::Data(e)
            if matches!(e.kind(), sprite_data::ErrorKind::LengthMismatch { list: "ticks", .. })),
        "{err:?}"
    );
}
