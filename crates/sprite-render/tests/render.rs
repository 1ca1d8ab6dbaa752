//! Drawing frames and animations: each frame against a picture assembled by hand in this file,
//! mirrored views against the unmirrored picture flipped, the tiles against `poseAt`, the canvas
//! against every pose, and the animated PNG and GIF read back. The demo document runs on a
//! made-up sheet everywhere; TYPE1 runs on RAMUZA.SPR when the sheets are there.

mod common;

use fft_formats::spr::Spr;
use sprite_data::Document;
use sprite_data::pose::{Motion, View, pose_at, total_ticks};
use sprite_render::compose::place_frame;
use sprite_render::encode::{TimedFrame, apng, carried_durations, gif};
use sprite_render::sheet::{spr_image, synthetic_sheet};
use sprite_render::{Image, Renderer};

/// Frame `shp` of `doc` assembled by hand from its tiles, without the crate's drawing code: each
/// tile's cell copied from the sheet pixel by pixel, its top left at `u - w/2, v - h/2` from the
/// stance point, reversed when its fourth element is 1, upside down when its fifth is, later
/// tiles over earlier ones.
fn by_hand(
    doc: &Document,
    sheet: &Image,
    shp: usize,
    width: u32,
    height: u32,
    stance: (i64, i64),
) -> Vec<[u8; 4]> {
    let mut out = vec![[0u8; 4]; (width * height) as usize];
    for tile in &doc.frames[shp] {
        let cell = doc.cells[tile.cell as usize];
        let left = stance.0 + i64::from(tile.u) - i64::from(cell.w / 2);
        let top = stance.1 + i64::from(tile.v) - i64::from(cell.h / 2);
        for row in 0..cell.h {
            let from_row = if tile.flip_y { cell.h - 1 - row } else { row };
            for col in 0..cell.w {
                let from_col = if tile.flip { cell.w - 1 - col } else { col };
                let sx = cell.x + from_col;
                let sy = cell.y + from_row;
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

fn every_frame_equals_its_hand_assembly(doc: &Document, sheet: &Image) {
    let renderer = Renderer::new(doc, sheet).unwrap();
    let canvas = renderer.canvas();
    let mut drawn_pixels = 0;
    for shp in 0..doc.frames.len() {
        let image = renderer.draw_frame(shp).unwrap();
        assert_eq!(
            (image.width(), image.height()),
            (canvas.width, canvas.height)
        );
        let expected = by_hand(
            doc,
            sheet,
            shp,
            canvas.width,
            canvas.height,
            canvas.stance(),
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
    every_frame_equals_its_hand_assembly(&doc, &sheet);
}

#[test]
fn type1_frames_on_ramuza_equal_their_tiles_by_hand() {
    let Some(ramuza) = common::sheet(
        "type1_frames_on_ramuza_equal_their_tiles_by_hand",
        "RAMUZA.SPR",
    ) else {
        return;
    };
    let doc = common::document("type1");
    let spr = Spr::decode(&ramuza).unwrap();
    every_frame_equals_its_hand_assembly(&doc, &spr_image(&spr, 0).unwrap());
}

/// CYOKO (the chocobo) on its own sheet: its frames use the vertical-flip extension, drawn
/// upside down in place, which the hand assembly does too.
#[test]
fn cyoko_frames_with_vertical_flips_equal_their_tiles_by_hand() {
    const TEST: &str = "cyoko_frames_with_vertical_flips_equal_their_tiles_by_hand";
    let (Some(sheet), Some(shp), Some(seq)) = (
        common::sheet(TEST, "CYOKO.SPR"),
        test_support::retail_bytes(TEST, "CYOKO.SHP"),
        test_support::retail_bytes(TEST, "CYOKO.SEQ"),
    ) else {
        return;
    };
    let profile = sprite_data::profile::BuiltinKind::find("cyoko")
        .unwrap()
        .load();
    let source = |name, bytes| sprite_data::pipeline::Source { name, bytes };
    let (built, _) = sprite_data::pipeline::build_document(
        source("CYOKO.SHP", &shp),
        source("CYOKO.SEQ", &seq),
        &profile,
        None,
    )
    .unwrap();
    let doc = built.document;
    assert!(
        doc.frames.iter().flatten().any(|t| t.flip_y),
        "CYOKO has vertical flips"
    );
    let spr = Spr::decode(&sheet).unwrap();
    every_frame_equals_its_hand_assembly(&doc, &spr_image(&spr, 0).unwrap());
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
                    let sequence = &doc.sequences[first.sequence.unwrap() as usize];
                    let mut tick = 0;
                    for &delay in &sequence.ticks {
                        let pose = pose_at(&doc, animation, view, tick, water).unwrap();
                        let placed = place_frame(&doc, pose.shp as usize, pose.mirrored).unwrap();
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
    let sequence = &doc.sequences[animation.front as usize];
    let frames = renderer
        .animation(Motion::Animation(animation), View::new(1).unwrap(), false)
        .unwrap();
    let ticks: Vec<u32> = frames.iter().map(|f| f.ticks).collect();
    assert_eq!(ticks, sequence.ticks);
    let shps: Vec<u32> = frames.iter().map(|f| f.shp).collect();
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
        assert_eq!(total, total_ticks(sequence), "{}", sequence.name);
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
    let sequence = &doc.sequences[animation.front as usize];
    let expected: Vec<(u16, u16)> = sequence.ticks.iter().map(|&t| (t as u16, 60)).collect();
    assert_eq!(delays, expected);
}

/// A GIF of Swing High read back with the gif crate: 8 frames whose centisecond delays add up to
/// the 38 ticks' 63.3 cs (63), each within 1 cs of its own exact time; a looping animation gets
/// an endless NETSCAPE loop, and the transparent background stays transparent.
#[test]
fn gif_total_time_matches_the_ticks() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    for (name, plays) in [("Swing High", 1), ("Walk", 0)] {
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
        let ticks: u64 = frames.iter().map(|f| u64::from(f.ticks)).sum();
        let total: u64 = delays.iter().sum();
        assert_eq!(total, (ticks * 100 + 30) / 60, "{name}: total centiseconds");
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

/// The contact sheet has a cell per frame, 16 a row, each the canvas and a label band.
#[test]
fn contact_sheet_size() {
    let doc = common::document("type1");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let canvas = renderer.canvas();
    let image = sprite_render::layout::contact_sheet(&renderer, 16).unwrap();
    let rows = (doc.frames.len() as u32).div_ceil(16);
    assert_eq!(image.width(), 16 * (canvas.width + 1) + 1);
    assert_eq!(
        image.height(),
        rows * (canvas.height + sprite_render::layout::LABEL_HEIGHT + 1) + 1
    );
    // Frame 1's cell holds frame 1.
    let cell = image.crop(
        i64::from(canvas.width + 1) + 1,
        1,
        canvas.width,
        canvas.height,
    );
    assert!(cell == renderer.draw_frame(1).unwrap());
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
