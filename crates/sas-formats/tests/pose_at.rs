//! `pose_at`, the pose a direction of an animation shows at a tick, and its JSON line, worked out
//! by hand from the synthetic sets of `test_support::sas` (their blocks are listed in its module
//! documentation), and the faults of an animation or direction the set does not have.

use sas_formats::document::{CellTable, build};
use sas_formats::pose::{PoseFault, pose_at};
use sas_formats::{Block, BodyItem, ByteOrder, Command, Meanings, SasSet, Slot};
use test_support::sas;

fn line(set: &SasSet, animation: usize, direction: usize, tick: u64) -> serde_json::Value {
    let pose = pose_at(
        set,
        &Meanings::from_executable(),
        animation,
        direction,
        tick,
    )
    .unwrap();
    serde_json::from_str(&pose.to_json_line(&CellTable::of(set))).unwrap()
}

#[test]
fn each_tick_shows_the_last_pose_started_and_the_last_is_held() {
    let set = sas::set_v3(ByteOrder::Little);
    // Animation 0 direction 1 is block A mirrored: sprite 0 at (0, 0) from tick 0, moved to
    // (2, -1) at 8, sprite 1 at (1, 1) from 16; it lasts 24 ticks.
    for (tick, index, start, end, frame, x, y) in [
        (0, 0, 0, 8, 0, 0, 0),
        (7, 0, 0, 8, 0, 0, 0),
        (8, 1, 8, 16, 0, 2, -1),
        (16, 2, 16, 24, 1, 1, 1),
        (23, 2, 16, 24, 1, 1, 1),
        // Past the duration: the last pose, held.
        (24, 2, 16, 24, 1, 1, 1),
        (1_000_000, 2, 16, 24, 1, 1, 1),
    ] {
        let got = line(&set, 0, 1, tick);
        assert_eq!(got["tick"], tick);
        assert_eq!(
            (
                &got["index"],
                &got["start"],
                &got["end"],
                &got["frame"],
                &got["x"],
                &got["y"]
            ),
            (
                &index.into(),
                &start.into(),
                &end.into(),
                &frame.into(),
                &x.into(),
                &y.into()
            ),
            "tick {tick}: {got}"
        );
        assert_eq!(
            (&got["sequence"], &got["mirrored"], &got["duration"]),
            (&0.into(), &true.into(), &24.into())
        );
    }
    // Tick 8 by hand: sprite 0's quads (-8, -16) and (0, -16), 8 x 16 each, at (2, -1) span
    // x -6..2 and 2..10, y -17..-1; mirrored about x = 0 they span -2..6 and -10..-2. Their cells
    // are the document's first two (sheet rectangles (0, 0) and (8, 0)).
    let got = line(&set, 0, 1, 8);
    assert_eq!(
        got["quads"],
        serde_json::json!([
            {"cell": 0, "x": -2, "y": -17, "width": 8, "height": 16, "u": 0, "v": 0, "flipX": true},
            {"cell": 1, "x": -10, "y": -17, "width": 8, "height": 16, "u": 8, "v": 0, "flipX": true},
        ])
    );
    // The same moment unmirrored (direction 0): x -6 and 2.
    let xs: Vec<i64> = line(&set, 0, 0, 8)["quads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["x"].as_i64().unwrap())
        .collect();
    assert_eq!(xs, [-6, 2]);
}

#[test]
fn the_cells_are_the_documents() {
    let set = sas::set_v3(ByteOrder::Little);
    let document = build(&set, &Meanings::from_executable(), None);
    // Animation 1 direction 0 is block B: sprite 2 at (-3, 4) from 0, sprite 1 at (0, 0) from 5.
    for (tick, sprite) in [(0, 2), (5, 1)] {
        let got = line(&set, 1, 0, tick);
        let quads = got["quads"].as_array().unwrap();
        let frame = &document["frames"][sprite];
        assert_eq!(quads.len(), frame["quads"].as_array().unwrap().len());
        for (quad, theirs) in quads.iter().zip(frame["quads"].as_array().unwrap()) {
            assert_eq!(quad["cell"], theirs["cell"], "tick {tick}");
            let cell = &document["cells"][theirs["cell"].as_u64().unwrap() as usize];
            assert_eq!((&quad["u"], &quad["v"]), (&cell["u"], &cell["v"]));
        }
    }
    // Sprite 2's one quad (0, 0, 4 x 4 at u 24, v 8) at (-3, 4).
    assert_eq!(
        line(&set, 1, 0, 0)["quads"],
        serde_json::json!([{"cell": 3, "x": -3, "y": 4, "width": 4, "height": 4, "u": 24, "v": 8, "flipX": false}])
    );
}

#[test]
fn nothing_is_shown_before_the_first_pose() {
    let mut set = sas::set_v3(ByteOrder::Little);
    // A block whose first sprite frame runs at tick 5, lasting 9.
    let late = Block {
        duration: 9,
        frames: vec![
            Command::Sprite {
                sprite: 1,
                x1: 0,
                y1: 0,
                unknown2: 0,
                x2: 3,
                y2: 0,
            }
            .to_frame(5, ByteOrder::Little),
        ],
    };
    set.body.push(BodyItem::Block(late));
    set.animations.push([
        Slot {
            block: Some(3),
            mirrored: false,
        },
        Slot::default(),
        Slot::default(),
        Slot::default(),
    ]);
    let before = line(&set, 3, 0, 4);
    assert_eq!(
        (
            &before["index"],
            &before["frame"],
            &before["start"],
            &before["end"]
        ),
        (
            &serde_json::Value::Null,
            &serde_json::Value::Null,
            &0.into(),
            &5.into()
        ),
        "{before}"
    );
    assert_eq!(before["quads"], serde_json::json!([]));
    let then = line(&set, 3, 0, 5);
    assert_eq!(
        (&then["index"], &then["frame"], &then["x"]),
        (&0.into(), &1.into(), &3.into())
    );
}

#[test]
fn an_animation_or_direction_the_set_lacks_is_a_fault_naming_what_it_has() {
    let set = sas::set_v3(ByteOrder::Little);
    let fault = |animation, direction| {
        pose_at(&set, &Meanings::from_executable(), animation, direction, 0).unwrap_err()
    };
    assert_eq!(
        fault(3, 0),
        PoseFault::NoAnimation {
            animation: 3,
            count: 3
        }
    );
    assert_eq!(
        fault(3, 0).to_string(),
        "animation 3: the set has animations 0..2"
    );
    // Animation 2 plays only in direction 0; animation 1 in 0 and 1.
    assert_eq!(
        fault(2, 3).to_string(),
        "animation 2 has nothing in direction 3 (it has directions: 0)"
    );
    assert_eq!(
        fault(1, 2),
        PoseFault::NoDirection {
            animation: 1,
            direction: 2,
            present: vec![0, 1]
        }
    );
    assert_eq!(fault(0, 4), PoseFault::DirectionOutOfRange { direction: 4 });
}
