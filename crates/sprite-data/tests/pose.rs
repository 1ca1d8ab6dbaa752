//! The draw algorithm on the built documents: the format description's own example, every
//! animation x view x tick of TYPE1, camera steps and views, idle, events, and the 3D helpers.
//!
//! Every expected value has its own reason: a number the description or the contract states, a
//! hand calculation here, or an independent description of the frames (FFTorama's tables for
//! TYPE1, the hand-written model for the demo), never a value copied from the output nor the
//! placement formula under test written again.

use std::f64::consts::FRAC_PI_4;

use sprite_data::document::{Animation, Cell, Document, Sequence, SequenceEvent, Sheet};
use sprite_data::pose::ViewOutOfRange;
use sprite_data::pose::{
    self, Facing, IDLE, Motion, View, camera_step, events_at_start, events_between, find_animation,
    idle_pose, pose_at, view_of,
};
use sprite_data::{CellId, FrameIndex, SequenceIndex, Slot};
use sprite_data::{Error, ErrorKind};
use test_support::fixtures;
use test_support::frames::ShpFrames;

fn view(n: i64) -> View {
    View::new(n).unwrap()
}

/// A drawn tile as the tests compare it: `(sheet x, sheet y, x, y, w, h, flipX)`, the cell by
/// where it is on the sheet (a cell's number is the builder's own), the rest as `poseAt` places
/// it from the stance point.
type Drawn = (u32, u32, f64, f64, u32, u32, bool);

/// What `poseAt` drew, in draw order.
fn drawn(doc: &Document, pose: &pose::Pose) -> Vec<Drawn> {
    pose.tiles
        .iter()
        .map(|t| {
            let c = &doc.cells[t.cell.index()];
            (c.x, c.y, t.x, t.y, t.w, t.h, t.flip_x)
        })
        .collect()
}

/// The anchor is 15 px below the stance point on the human kinds' stage and the demo's
/// (docs/derivation.md "stage, u and v": anchor row 118, stance row 103, same column).
const ANCHOR_BELOW_STANCE: i32 = 15;

/// Frame `shp` as a source other than the document describes it ([`ShpFrames`]: FFTorama's
/// tables for TYPE1, the hand-written model for the demo), which says where each tile of a pose
/// must be without the placement formula under test: drawn back to front (the SHP lists the
/// front-most tile first), from the stance point, 15 px lower than from the anchor; at a mirrored
/// view, reflected about the stance column, so that the tile's right edge becomes its left edge,
/// and drawn flipped.
fn described(frames: &ShpFrames, shp: FrameIndex, mirrored: bool) -> Vec<Drawn> {
    frames
        .frame(shp.index())
        .iter()
        .rev()
        .map(|t| {
            let left = if mirrored { -(t.dx + t.w as i32) } else { t.dx };
            let top = t.dy + ANCHOR_BELOW_STANCE;
            let (x, y) = (f64::from(left), f64::from(top));
            (t.sheet.0, t.sheet.1, x, y, t.w, t.h, mirrored != t.flip_x)
        })
        .collect()
}

/// TYPE1's frame 88 at view 1, by hand from FFTorama's row for it (`type1,88,4,...`, tiles
/// front-most first: top-left (-10, -22), (-10, -32), (-16, -27), (-19, -26) from the anchor,
/// sizes 24, 24, 32, 24 square, at sheet (120, 32), (224, 0), (32, 0), (24, 32) of the lower
/// half): back to front, 15 px lower, rows + 256. The format description's worked example.
const FRAME_88: [Drawn; 4] = [
    (24, 288, -19.0, -11.0, 24, 24, false),
    (32, 256, -16.0, -12.0, 32, 32, false),
    (224, 256, -10.0, -17.0, 24, 24, false),
    (120, 288, -10.0, -7.0, 24, 24, false),
];

/// TYPE1's frame 137 at view 5 (mirrored), by hand from FFTorama's row (`type1,137,4,...`:
/// (-18, -26) 24 at (24, 128), (-15, -34) 24 at (224, 120), (-17, -27) 32 at (192, 80), (-19, -28)
/// 24 at (96, 128)): back to front, x = -(dx + w), y = dy + 15, every tile flipped. The format
/// description's "other views" row gives the same x -5, -15, -9, -6 and y -13, -12, -19, -11.
const FRAME_137_MIRRORED: [Drawn; 4] = [
    (96, 384, -5.0, -13.0, 24, 24, true),
    (192, 336, -15.0, -12.0, 32, 32, true),
    (224, 376, -9.0, -19.0, 24, 24, true),
    (24, 384, -6.0, -11.0, 24, 24, true),
];

#[test]
fn swing_high_at_view_1_tick_18_is_frame_88() {
    let doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let fwd = &doc.sequences[swing.front.index()];
    // docs/derivation.md's worked example of slot 128 ("sequences").
    assert_eq!(fwd.name, "Swing High Fwd");
    assert_eq!(fwd.frames, [86, 84, 85, 86, 87, 88, 88, 88].map(FrameIndex));
    assert_eq!(fwd.ticks, [4, 2, 8, 2, 2, 14, 2, 4]);
    assert_eq!(fwd.fb.as_deref(), Some(&[0, -2, -2, 0, 0, 2, 2, 0][..]));
    // Frame i ends at 4, 6, 14, 16, 18, 32: tick 18 is the first tick of frame 5.
    let pose = pose_at(&doc, swing, view(1), 18, false).unwrap();
    assert_eq!(pose.shp, FrameIndex(88));
    assert_eq!(pose.index, Some(5));
    assert!(!pose.mirrored && !pose.back);
    assert_eq!(pose.sequence, Some(swing.front));
    assert_eq!(pose.name.as_deref(), Some("Swing High Fwd"));
    // moveX = fb[5] * -1 on an unmirrored view; du is all 0.
    assert_eq!((pose.move_x, pose.move_y), (-2, 0));
    assert_eq!(drawn(&doc, &pose), FRAME_88);
    let cells: Vec<u32> = pose.tiles.iter().map(|t| t.cell.0).collect();
    assert_eq!(cells, [74, 76, 71, 75], "the worked example's cells");
    for (i, t) in pose.tiles.iter().enumerate() {
        assert_eq!(t.order, i, "order is the draw position, 0 furthest back");
    }
    // The frames around it: tick 17 is still frame 4 (87), tick 31 frame 5, tick 32 frame 6.
    let at = |tick| pose_at(&doc, swing, view(1), tick, false).unwrap();
    assert_eq!((at(17).index, at(17).shp), (Some(4), FrameIndex(87)));
    assert_eq!(at(31).index, Some(5));
    assert_eq!(at(32).index, Some(6));
    assert_eq!((at(0).index, at(0).shp), (Some(0), FrameIndex(86)));
    assert_eq!((at(3).index, at(4).index), (Some(0), Some(1)));
}

#[test]
fn swing_high_at_view_5_plays_the_back_sequence_mirrored() {
    let doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let bck = &doc.sequences[swing.back.index()];
    assert_eq!(bck.name, "Swing High Bck");
    assert_eq!(view(5).pattern(), 3);
    let pose = pose_at(&doc, swing, view(5), 18, false).unwrap();
    assert!(pose.back && pose.mirrored);
    assert_eq!(pose.sequence, Some(swing.back));
    assert_eq!(pose.name.as_deref(), Some("Swing High Bck"));
    // The back sequence has the same delays, so tick 18 is its frame 5 too.
    assert_eq!(bck.ticks, [4, 2, 8, 2, 2, 14, 2, 4]);
    assert_eq!(pose.index, Some(5));
    assert_eq!(pose.shp, FrameIndex(137));
    assert_eq!(drawn(&doc, &pose), FRAME_137_MIRRORED);
    // moveX = +fb on a mirrored view.
    let fb = bck.fb.as_ref().unwrap()[5];
    assert_eq!(fb, 2);
    assert_eq!(pose.move_x, i64::from(fb));
}

/// The frame position at `tick` by a different road than `poseAt`'s sums: lay the sequence out one
/// tick at a time and read the tick off it.
fn index_by_timeline(entry: &Sequence, looping: bool, tick: u64) -> usize {
    let timeline: Vec<usize> = entry
        .ticks
        .iter()
        .enumerate()
        .flat_map(|(i, &t)| std::iter::repeat_n(i, t as usize))
        .collect();
    let last = entry.frames.len() - 1;
    if timeline.is_empty() {
        return last;
    }
    let tick = tick as usize;
    if looping {
        timeline[tick % timeline.len()]
    } else {
        timeline.get(tick).copied().unwrap_or(last)
    }
}

/// The unmirrored view on the same side: pattern 0 (views 0, 7) mirrors pattern 1 (view 1),
/// pattern 3 (views 5, 6) mirrors pattern 2 (view 3).
fn unmirrored_partner(view: u8) -> u8 {
    match view {
        0 | 7 => 1,
        5 | 6 => 3,
        v => v,
    }
}

/// Every pose of every animation of `doc` at every view, from tick 0 to past two loops or past
/// the end, dry and in water; with `frames`, each pose's tiles where that description of the
/// frames puts them.
fn check_every_pose(doc: &Document, frames: Option<&ShpFrames>) -> usize {
    let mut poses = 0;
    for animation in &doc.animations {
        let front = &doc.sequences[animation.front.index()];
        let back = &doc.sequences[animation.back.index()];
        assert_eq!(front.looping, animation.looping, "{}", animation.name);
        assert_eq!(back.looping, animation.looping, "{}", animation.name);
        for v in View::ALL {
            let entry = if v.is_back() { back } else { front };
            let total: u64 = entry.ticks.iter().map(|&t| u64::from(t)).sum();
            let end = if animation.looping {
                2 * total
            } else {
                total + 8
            };
            for tick in 0..=end {
                let what = format!("{} view {v} tick {tick}", animation.name);
                let pose = pose_at(doc, animation, v, tick as i64, false)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                poses += 1;
                let index = index_by_timeline(entry, animation.looping, tick);
                assert_eq!(pose.index, Some(index), "{what}");
                assert_eq!(pose.shp, entry.frames[index], "{what}");
                let back_view = [3, 4, 5, 6].contains(&v.number());
                let expected_seq = if back_view {
                    animation.back
                } else {
                    animation.front
                };
                assert_eq!(pose.sequence, Some(expected_seq), "{what}");
                assert_eq!(pose.back, back_view, "{what}");
                assert_eq!(pose.mirrored, [0, 5, 6, 7].contains(&v.number()), "{what}");
                if let Some(frames) = frames {
                    let expected = described(frames, pose.shp, pose.mirrored);
                    assert_eq!(drawn(doc, &pose), expected, "{what}");
                }
                let fb = entry.fb.as_ref().map_or(0, |fb| i64::from(fb[index]));
                let du = entry.du.as_ref().map_or(0, |du| i64::from(du[index]));
                // "The Screen": the unit faces left at an unmirrored view and right at a mirrored
                // one, so a move forward (fb > 0) is a move left, then right.
                assert_eq!(pose.move_x, if pose.mirrored { fb } else { -fb }, "{what}");
                assert_eq!(pose.move_y, du, "{what}");

                if !animation.looping && tick >= total {
                    assert_eq!(
                        index,
                        entry.frames.len() - 1,
                        "{what}: holds its last frame"
                    );
                }
                if animation.looping && total > 0 && tick >= total {
                    let earlier = pose_at(doc, animation, v, (tick - total) as i64, false).unwrap();
                    assert_eq!(pose.index, earlier.index, "{what}: wraps");
                }

                let partner = pose_at(
                    doc,
                    animation,
                    view(unmirrored_partner(v.number()).into()),
                    tick as i64,
                    false,
                )
                .unwrap();
                assert_eq!(pose.shp, partner.shp, "{what}");
                if pose.mirrored {
                    assert!(!partner.mirrored);
                    for (m, p) in pose.tiles.iter().zip(&partner.tiles) {
                        // -u - w/2 against u - w/2.
                        assert_eq!(m.x + p.x, -f64::from(m.w), "{what}");
                        assert_eq!((m.y, m.cell, m.order), (p.y, p.cell, p.order), "{what}");
                        assert_ne!(m.flip_x, p.flip_x, "{what}");
                    }
                    assert_eq!(pose.move_x, -partner.move_x, "{what}");
                }

                let wet = pose_at(doc, animation, v, tick as i64, true).unwrap();
                assert_eq!(
                    wet.shp,
                    FrameIndex(pose.shp.0 + doc.water_offset),
                    "{what}: water"
                );
                if let Some(frames) = frames {
                    let expected = described(frames, wet.shp, pose.mirrored);
                    assert_eq!(drawn(doc, &wet), expected, "{what}: water");
                }
            }
        }
    }
    poses
}

#[test]
fn every_type1_animation_view_and_tick_draws() {
    let doc = fixtures::load_document("type1");
    assert_eq!(doc.animations.len(), 112);
    let frames = ShpFrames::fftorama("every_type1_animation_view_and_tick_draws", "type1");
    let poses = check_every_pose(&doc, frames.as_ref());
    assert!(poses > 112 * 8 * 10, "{poses} poses");
}

#[test]
fn every_demo_animation_view_and_tick_draws() {
    let built = sprite_inputs::build::build_demo(None).unwrap();
    let frames = ShpFrames::demo();
    check_every_pose(&built.document, Some(&frames));
    check_every_pose(&fixtures::load_document("demo"), Some(&frames));
}

#[test]
fn a_looping_sequence_wraps_and_a_held_one_holds() {
    let doc = fixtures::load_document("type1");
    // Walk loops: 2 frames of 8 ticks, so tick 16 is its first frame again.
    let walk = find_animation(&doc, "Walk").unwrap();
    let fwd = &doc.sequences[walk.front.index()];
    assert!(walk.looping);
    let total: u32 = fwd.ticks.iter().sum();
    let at = |tick| pose_at(&doc, walk, view(1), tick, false).unwrap();
    assert_eq!(at(i64::from(total)).index, Some(0));
    assert_eq!(at(i64::from(total) * 1000 + 1).index, at(1).index);
    // Swing High does not: a day later it still shows its last frame, 88.
    let swing = find_animation(&doc, "Swing High").unwrap();
    let late = pose_at(&doc, swing, view(1), 60 * 60 * 60 * 24, false).unwrap();
    assert_eq!((late.index, late.shp), (Some(7), FrameIndex(88)));
    // A last delay of 0 holds that frame (the single-frame sequences).
    let blank = find_animation(&doc, "Blank").unwrap();
    assert_eq!(doc.sequences[blank.front.index()].ticks, [0]);
    assert_eq!(
        pose_at(&doc, blank, view(0), 0, false).unwrap().index,
        Some(0)
    );
}

#[test]
fn camera_step_turns_with_the_camera() {
    // The reference diagonal is step 0, at any length.
    assert_eq!(camera_step(0.5, -0.5), 0);
    assert_eq!(camera_step(5.0, -5.0), 0);
    // A quarter turn (x, z) -> (z, -x) adds 2: (0.5, -0.5), (-0.5, -0.5), (-0.5, 0.5), (0.5, 0.5).
    let mut v = (0.5, -0.5);
    for expected in [0, 2, 4, 6] {
        assert_eq!(camera_step(v.0, v.1), expected, "{v:?}");
        v = (v.1, -v.0);
    }
    // The axes are the odd steps: -z is an eighth turn past the reference, +x an eighth before.
    assert_eq!(camera_step(0.0, -1.0), 1);
    assert_eq!(camera_step(-1.0, 0.0), 3);
    assert_eq!(camera_step(0.0, 1.0), 5);
    assert_eq!(camera_step(1.0, 0.0), 7);
}

#[test]
fn camera_step_leans_a_ninth_of_a_step_forward() {
    // A vector `steps` eighths of a turn past the reference (angle atan2(x, z) = 3π/4 + steps·π/4).
    let at = |steps: f64| {
        let angle = 3.0 * FRAC_PI_4 + steps * FRAC_PI_4;
        camera_step(angle.sin(), angle.cos())
    };
    // π/36 is a ninth of π/4, so the line between steps k and k+1 sits at k + 0.5 - 1/9.
    assert_eq!(at(0.35), 0); // 0.46 rounds down
    assert_eq!(at(0.45), 1); // 0.56 rounds up: without the bias it would be 0
    assert_eq!(at(0.5), 1);
    assert_eq!(at(-0.55), 0); // -0.44: without the bias it would round to -1, step 7
    assert_eq!(at(-0.65), 7); // -0.54 rounds to -1, and -1 modulo 8 is 7
    assert_eq!(at(3.45), 4);
    assert_eq!(at(3.35), 3);
    assert_eq!(camera_step(f64::NAN, 1.0), 0);
}

#[test]
fn view_of_every_facing_and_step() {
    // view = (facing + step) % 8, written out.
    let table: [(Facing, [u8; 8]); 4] = [
        (Facing::SE, [1, 2, 3, 4, 5, 6, 7, 0]),
        (Facing::SW, [3, 4, 5, 6, 7, 0, 1, 2]),
        (Facing::NW, [5, 6, 7, 0, 1, 2, 3, 4]),
        (Facing::NE, [7, 0, 1, 2, 3, 4, 5, 6]),
    ];
    for (facing, views) in table {
        for (step, expected) in views.into_iter().enumerate() {
            assert_eq!(
                view_of(facing, step as u8).number(),
                expected,
                "{facing:?} {step}"
            );
            assert_eq!(view_of(facing, step as u8 + 8).number(), expected);
        }
    }
    assert_eq!(
        Facing::ALL.map(Facing::number),
        [1, 3, 5, 7],
        "SE 1, SW 3, NW 5, NE 7"
    );
    assert_eq!(Facing::from_number(7), Some(Facing::NE));
    assert_eq!(Facing::from_number(2), None);
}

#[test]
fn patterns_back_and_mirrored_views() {
    let patterns: Vec<u8> = View::ALL.into_iter().map(View::pattern).collect();
    assert_eq!(patterns, [0, 1, 1, 2, 2, 3, 3, 0]);
    let back: Vec<u8> = View::ALL
        .into_iter()
        .filter(|v| v.is_back())
        .map(View::number)
        .collect();
    assert_eq!(back, [3, 4, 5, 6]);
    let mirrored: Vec<u8> = View::ALL
        .into_iter()
        .filter(|v| v.is_mirrored())
        .map(View::number)
        .collect();
    assert_eq!(mirrored, [0, 5, 6, 7]);
}

/// FACING_X/Z against the camera: for a camera at step `s`, a unit with facing `f` points toward
/// the camera exactly when its view is a front one, and to screen right exactly when its view is
/// mirrored (the sign of moveX for a forward move, "The Screen"). World: right-handed, y up; the
/// camera's right is up x (toward the camera) = (cz, 0, -cx).
#[test]
fn facings_point_where_the_views_say() {
    for step in 0..8u8 {
        let angle = 3.0 * FRAC_PI_4 + f64::from(step) * FRAC_PI_4;
        let (cx, cz) = (angle.sin(), angle.cos());
        assert_eq!(camera_step(cx, cz), step);
        let right = (cz, -cx);
        for n in 0..8u8 {
            let (fx, fz) = (pose::FACING_X[n as usize], pose::FACING_Z[n as usize]);
            assert!((fx.hypot(fz) - 1.0).abs() < 1e-12);
            let v = view((n + step) as i64 % 8);
            let toward = fx * cx + fz * cz;
            let rightward = fx * right.0 + fz * right.1;
            if toward.abs() > 1e-9 {
                assert_eq!(toward > 0.0, !v.is_back(), "facing {n} step {step}");
            }
            if rightward.abs() > 1e-9 {
                assert_eq!(rightward > 0.0, v.is_mirrored(), "facing {n} step {step}");
            }
        }
    }
    // The game's four, on the axes.
    assert_eq!(Facing::SE.direction(), [1.0, 0.0, 0.0]);
    assert_eq!(Facing::SW.direction(), [0.0, 0.0, 1.0]);
    assert_eq!(Facing::NW.direction(), [-1.0, 0.0, 0.0]);
    assert_eq!(Facing::NE.direction(), [0.0, 0.0, -1.0]);
}

#[test]
fn idle_shows_each_views_standing_frame() {
    let doc = fixtures::load_document("type1");
    let frames = ShpFrames::fftorama("idle_shows_each_views_standing_frame", "type1");
    // docs/derivation.md "idleFrames and idleFlip": TYPE1's idleFrames.
    assert_eq!(doc.idle_frames, [3, 2, 1, 8, 7, 6, 5, 4].map(FrameIndex));
    for v in View::ALL {
        let pose = idle_pose(&doc, v, 0, false).unwrap();
        let shp = doc.idle_frames[v.number() as usize];
        assert_eq!(pose.shp, shp);
        assert!(!pose.mirrored);
        assert_eq!((pose.move_x, pose.move_y), (0, 0));
        assert_eq!((pose.sequence, pose.index), (None, None));
        if let Some(frames) = &frames {
            assert_eq!(
                drawn(&doc, &pose),
                described(frames, shp, false),
                "view {v}"
            );
        }
        // The flipped copies (4, 5, 6) carry their own flips.
        assert_eq!(
            pose.tiles.iter().any(|t| t.flip_x),
            [4, 5, 6].map(FrameIndex).contains(&shp),
            "view {v}"
        );
        let later = idle_pose(&doc, v, 1000, false).unwrap();
        assert_eq!(later.shp, shp);
        let wet = idle_pose(&doc, v, 0, true).unwrap();
        assert_eq!(wet.shp, FrameIndex(shp.0 + 182));
    }
    // In battle: a diagonal camera (even step) on a unit facing a grid axis (odd facing) is an
    // odd view, and shows a diagonal pose: 2 and its mirror 4, 8 and its mirror 6.
    for facing in Facing::ALL {
        for step in [0, 2, 4, 6] {
            let v = view_of(facing, step);
            assert_eq!(v.number() % 2, 1);
            let pose = idle_pose(&doc, v, 0, false).unwrap();
            assert!(
                [2, 4, 6, 8].map(FrameIndex).contains(&pose.shp),
                "view {v}: {}",
                pose.shp
            );
        }
    }
    // `Idle` names the branch.
    let idle = Motion::find(&doc, IDLE).unwrap();
    assert_eq!(idle, Motion::Idle);
    assert_eq!(
        idle.pose(&doc, view(1), 5, false).unwrap().shp,
        FrameIndex(2)
    );
}

#[test]
fn events_between_swing_high() {
    let doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let fwd = &doc.sequences[swing.front.index()];
    let crossed = |from, to| -> Vec<(u64, String)> {
        events_between(fwd, from, to)
            .unwrap()
            .map(|c| (c.tick, c.event.1.clone()))
            .collect()
    };
    let hit = vec![(18, "PostGenericAttack".to_owned())];
    assert_eq!(crossed(0, 18), hit);
    assert_eq!(crossed(17, 18), hit);
    assert_eq!(crossed(0, 17), []);
    assert_eq!(crossed(18, 40), []);
    // It does not loop: once, however long the span.
    assert_eq!(crossed(0, i64::MAX), hit);
    assert_eq!(events_between(fwd, 0, i64::MAX).unwrap().remaining(), 1);
    // A clock running backward crosses nothing.
    assert_eq!(crossed(40, 0), []);
    assert!(matches!(
        events_between(fwd, -1, 3).unwrap_err().kind(),
        ErrorKind::NegativeTick { tick: -1 }
    ));
}

fn looping_sequence() -> Sequence {
    // Two frames, 4 + 6 ticks: a sound as it starts, a hit as the second frame shows.
    Sequence {
        seq: SequenceIndex(0),
        raw: Slot(0),
        name: "Test Loop Fwd".into(),
        looping: true,
        frames: vec![FrameIndex(1), FrameIndex(2)],
        ticks: vec![4, 6],
        fb: None,
        du: None,
        rl: None,
        flip: None,
        sheet: None,
        events: vec![
            SequenceEvent(0, "PlaySound".into()),
            SequenceEvent(4, "PostGenericAttack".into()),
        ],
        layers: None,
    }
}

#[test]
fn events_between_crosses_every_wrap() {
    let seq = looping_sequence();
    let crossed = |from, to| -> Vec<(u64, u64, &str)> {
        events_between(&seq, from, to)
            .unwrap()
            .map(|c| (c.tick, c.pass, c.event.1.as_str()))
            .collect()
    };
    // Pass k fires at 10k and 10k + 4.
    assert_eq!(
        crossed(0, 10),
        [(4, 0, "PostGenericAttack"), (10, 1, "PlaySound")]
    );
    assert_eq!(
        crossed(8, 14),
        [(10, 1, "PlaySound"), (14, 1, "PostGenericAttack")]
    );
    assert_eq!(
        crossed(3, 34),
        [
            (4, 0, "PostGenericAttack"),
            (10, 1, "PlaySound"),
            (14, 1, "PostGenericAttack"),
            (20, 2, "PlaySound"),
            (24, 2, "PostGenericAttack"),
            (30, 3, "PlaySound"),
            (34, 3, "PostGenericAttack"),
        ]
    );
    assert_eq!(crossed(34, 39), []);
    // Tick 0 belongs to the start.
    let start: Vec<&str> = events_at_start(&seq).map(|e| e.1.as_str()).collect();
    assert_eq!(start, ["PlaySound"]);
    // A span of 10^15 ticks: 10^14 sounds (10, 20, ...) and 10^14 hits (4, 14, ...), counted,
    // not walked; the iterator still starts at once where the span does.
    let huge = events_between(&seq, 0, 1_000_000_000_000_000).unwrap();
    assert_eq!(huge.remaining(), 200_000_000_000_000);
    let far = events_between(&seq, 999_999_999_999_990, 1_000_000_000_000_000).unwrap();
    assert_eq!(far.remaining(), 2);
    let far: Vec<u64> = far.map(|c| c.tick).collect();
    assert_eq!(far, [999_999_999_999_994, 1_000_000_000_000_000]);
}

#[test]
fn events_between_on_type1_swing_high_played_as_a_loop() {
    // The site's demo cards loop attacks: Swing High Fwd looped is 38 ticks a pass.
    let doc = fixtures::load_document("type1");
    let mut seq = doc.sequences[find_animation(&doc, "Swing High").unwrap().front.index()].clone();
    seq.looping = true;
    let ticks: Vec<u64> = events_between(&seq, 30, 100)
        .unwrap()
        .map(|c| c.tick)
        .collect();
    assert_eq!(ticks, [18 + 38, 18 + 76]);
}

#[test]
fn bad_requests_name_what_is_valid() {
    let doc = fixtures::load_document("type1");
    let unknown = find_animation(&doc, "Swing Higher")
        .unwrap_err()
        .to_string();
    // The nearest names first, not all 112 on one line.
    assert!(
        unknown.starts_with("unknown animation \"Swing Higher\"; did you mean \"Swing High\", "),
        "{unknown}"
    );
    assert!(
        unknown.ends_with(
            "(112 animations in the document's \"animations\" list, matched in any case; \
             `tactics-sprite list` lists them)"
        ),
        "{unknown}"
    );
    assert!(!unknown.contains("Blank"), "{unknown}");
    let unknown = Motion::find(&doc, "Idle!").unwrap_err().to_string();
    assert!(unknown.contains("did you mean \"Idle\""), "{unknown}");
    // TYPE1's profile lists 6 single-slot animations and 106 pairs (its comment at
    // `animations`): 112, with Idle named apart and not counted.
    assert!(
        unknown.contains("(112 animations in the document's \"animations\" list, and \"Idle\" for the idle frames,"),
        "{unknown}"
    );
    // Any case finds the name; "idle" is the idle branch.
    assert_eq!(
        find_animation(&doc, "swing HIGH").unwrap().name,
        "Swing High"
    );
    assert_eq!(Motion::find(&doc, "idle").unwrap(), Motion::Idle);
    assert_eq!(
        View::new(8).unwrap_err().to_string(),
        "view 8 is out of range: views are 0..7"
    );
    assert!(View::new(-1).is_err());
    assert_eq!(View::new(7).unwrap().number(), 7);
    let swing = find_animation(&doc, "Swing High").unwrap();
    assert_eq!(
        pose_at(&doc, swing, view(1), -1, false)
            .unwrap_err()
            .to_string(),
        "tick -1 is negative: ticks count up from 0"
    );
    assert!(idle_pose(&doc, view(1), -5, false).is_err());
}

#[test]
fn a_broken_document_is_an_error_not_a_panic() {
    let mut doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap().clone();
    doc.sequences[swing.front.index()].ticks.pop();
    assert!(matches!(
        pose_at(&doc, &swing, view(1), 0, false).unwrap_err().kind(),
        ErrorKind::LengthMismatch { list: "ticks", .. }
    ));
    let mut doc = fixtures::load_document("type1");
    doc.frames.truncate(100);
    assert!(matches!(
        pose_at(&doc, &swing, view(1), 18, true).unwrap_err().kind(),
        ErrorKind::FrameMissing { shp: 270, .. }
    ));
    // A water offset that takes frame 88 past any frame number: named, not wrapped or a panic.
    let mut doc = fixtures::load_document("type1");
    doc.water_offset = u32::MAX;
    let error = pose_at(&doc, &swing, view(1), 18, true).unwrap_err();
    assert!(
        matches!(
            error.kind(),
            ErrorKind::FrameMissing {
                shp: 4_294_967_383,
                ..
            }
        ),
        "{error}"
    );
    let mut doc = fixtures::load_document("type1");
    doc.cells.truncate(10);
    assert!(matches!(
        pose_at(&doc, &swing, view(1), 18, false)
            .unwrap_err()
            .kind(),
        ErrorKind::CellMissing {
            shp: FrameIndex(88),
            ..
        }
    ));
}

#[test]
fn every_refusal_has_its_kind() {
    let doc = fixtures::load_document("type1");
    match find_animation(&doc, "Swing Higher")
        .unwrap_err()
        .into_kind()
    {
        ErrorKind::UnknownAnimation {
            name,
            nearest,
            animations,
            idle,
        } => {
            assert_eq!(name, "Swing Higher");
            assert_eq!(animations, 112, "docs/derivation.md: 112 animations");
            assert!(!idle, "find_animation offers no idle branch");
            // "Swing High" is contained in the name asked for; the other Swing animations are
            // near in spelling.
            assert_eq!(nearest[0], "Swing High");
            assert!(nearest.len() <= 5, "{nearest:?}");
        }
        other => panic!("{other:?}"),
    }
    // The idle branch is a name too, and the nearest to "Idle!".
    match Motion::find(&doc, "Idle!").unwrap_err().into_kind() {
        ErrorKind::UnknownAnimation {
            nearest,
            animations,
            idle,
            ..
        } => {
            // Idle is offered, and not counted among the 112 animations.
            assert_eq!((animations, idle, nearest[0].as_str()), (112, true, IDLE));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(View::new(8).unwrap_err(), ViewOutOfRange { view: 8 });
    assert!(matches!(
        Error::from(View::new(8).unwrap_err()).kind(),
        ErrorKind::ViewOutOfRange { view: 8 }
    ));
    let swing = find_animation(&doc, "Swing High").unwrap().clone();
    assert!(matches!(
        pose_at(&doc, &swing, view(1), -1, false)
            .unwrap_err()
            .kind(),
        ErrorKind::NegativeTick { tick: -1 }
    ));

    let count = doc.sequences.len();
    let nowhere = Animation {
        front: SequenceIndex(count as u32),
        back: SequenceIndex(count as u32),
        ..swing.clone()
    };
    assert!(matches!(
        pose_at(&doc, &nowhere, view(1), 0, false).unwrap_err().kind(),
        ErrorKind::SequenceMissing { sequence, count: c, .. } if *sequence == SequenceIndex(count as u32) && *c == count
    ));

    let mut empty = fixtures::load_document("type1");
    for sequence in [swing.front, swing.back] {
        let entry = &mut empty.sequences[sequence.index()];
        entry.frames.clear();
        entry.ticks.clear();
        entry.fb = None;
        entry.du = None;
    }
    assert!(matches!(
        pose_at(&empty, &swing, view(1), 0, false)
            .unwrap_err()
            .kind(),
        ErrorKind::EmptySequence { .. }
    ));

    let mut short = fixtures::load_document("type1");
    short.idle_frames.truncate(2);
    assert!(matches!(
        idle_pose(&short, view(5), 0, false).unwrap_err().kind(),
        ErrorKind::IdleFrameMissing { count: 2, .. }
    ));

    // A looping sequence of 4 + 6 ticks cannot have an event at tick 11.
    let mut late = looping_sequence();
    late.events.push(SequenceEvent(11, "PlaySound".into()));
    assert!(matches!(
        events_between(&late, 0, 5).unwrap_err().kind(),
        ErrorKind::EventPastEnd {
            sequence: SequenceIndex(0),
            tick: 11,
            total: 10
        }
    ));
}

#[test]
fn screen_helpers_scale_and_send_moves() {
    assert_eq!(pose::tile_center_in_group(4.0, 10.0), [3.0, -9.0]);
    assert_eq!(pose::texture_v(0.0, 488.0), 1.0);
    assert_eq!(pose::texture_v(488.0, 488.0), 0.0);
    assert_eq!(pose::texture_v(122.0, 488.0), 0.75);
    let sheet = Sheet {
        file: "a.png".into(),
        width: 256,
        height: 488,
    };
    let cell = Cell {
        id: CellId(0),
        x: 64,
        y: 244,
        w: 32,
        h: 122,
    };
    assert_eq!(
        pose::cell_texture_rect(&sheet, &cell),
        pose::TextureRect {
            left: 0.25,
            right: 0.375,
            top: 0.5,
            bottom: 0.25,
        }
    );
    assert_eq!(pose::fb_world(Facing::SE, 2.0), [1.5, 0.0, 0.0]);
    assert_eq!(pose::fb_world(Facing::NE, 2.0), [0.0, 0.0, -1.5]);
    assert_eq!(pose::du_screen(2.0), -1.8);
    assert_eq!(pose::move_2d(2, 3, false), (-2, 3));
    assert_eq!(pose::move_2d(2, 3, true), (2, 3));

    // Swing High at tick 18: fb 2 along SE, and frame 88's tiles at (±u · 0.75, -v · 0.9).
    let doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let pose = pose_at(&doc, swing, view(1), 18, false).unwrap();
    let placement = pose::place_3d(&pose, Facing::SE);
    assert_eq!(placement.world, [1.5, 0.0, 0.0]);
    // The centres of `FRAME_88`'s tiles, (x + w/2, y + h/2): (-7, 1), (0, 4), (2, -5), (2, 5).
    assert_eq!(
        placement.tiles,
        [[-5.25, -0.9], [0.0, -3.6], [1.5, 4.5], [1.5, -4.5]]
    );
}
