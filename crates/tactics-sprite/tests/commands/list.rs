//! `tactics-sprite list DOC` (and `inspect DOC`): a document's animations, each view's slot,
//! length, events and layers (issue 33, friction 4: `inspect` refused a document, and an unknown
//! animation counted 113 names for TYPE1's 112 animations). The expectations come from the
//! document's JSON read here by hand, the profile's comment (6 single-slot animations and 106
//! pairs) and docs/format.md's view rule (the front sequence in views 0-2 and 7).

use crate::common::{expect, run, s};
use serde_json::Value;
use test_support::fixtures;

#[test]
fn list_says_each_animation_and_what_each_view_plays() {
    let path = fixtures::document("type1");
    let doc: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let text = expect(&run(["list", s(&path)]), 0);
    let first = text.lines().next().unwrap();
    assert!(
        first.ends_with(": 112 animations; Idle (not an animation: one idle frame per view) apart"),
        "{first}"
    );
    // Walk: slot 6 facing the camera, 7 away; its length the sum of its sequence's delays.
    let sequences = doc["sequences"].as_array().unwrap();
    let length = |seq: usize| -> u64 {
        sequences[seq]["ticks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_u64().unwrap())
            .sum()
    };
    let walk = doc["animations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Walk")
        .unwrap();
    let (front, back) = (
        walk["front"].as_u64().unwrap() as usize,
        walk["back"].as_u64().unwrap() as usize,
    );
    let block: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Walk ("))
        .take(3)
        .collect();
    assert_eq!(block[0], "Walk (Walk, loops)");
    assert_eq!(
        block[1],
        format!(
            "  front      slot {}, views 0-2 and 7: {} ticks",
            sequences[front]["raw"],
            length(front)
        )
    );
    assert_eq!(
        block[2],
        format!(
            "  back       slot {}, views 3-6: {} ticks",
            sequences[back]["raw"],
            length(back)
        )
    );
    assert_eq!(sequences[front]["raw"], 6);
    // Swing High: the hit at tick 18 (the README's picture) and the weapon it starts.
    let swing = text
        .lines()
        .find(|l| l.starts_with("Swing High ("))
        .unwrap();
    assert_eq!(swing, "Swing High (Swing, hit at tick 18)");
    let swing_front = text
        .lines()
        .skip_while(|l| !l.starts_with("Swing High ("))
        .nth(1)
        .unwrap();
    assert!(
        swing_front.contains("; PostGenericAttack at 18; starts weapon slot "),
        "{swing_front}"
    );
    let animations = text.lines().filter(|l| !l.starts_with(' ')).count() - 1;
    assert_eq!(animations, 112);
    let singles = text
        .lines()
        .filter(|l| l.starts_with("  every view "))
        .count();
    assert_eq!(singles, 6, "TYPE1's six single-slot animations");

    // --json says the same, and inspect of a document is list.
    let json: Value = serde_json::from_str(&expect(&run(["list", "--json", s(&path)]), 0)).unwrap();
    assert_eq!(json["animations"].as_array().unwrap().len(), 112);
    assert_eq!(json["idle"], "Idle");
    let walk_json = json["animations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Walk")
        .unwrap();
    assert_eq!(
        walk_json["plays"][0]["views"],
        serde_json::json!([0, 1, 2, 7])
    );
    assert_eq!(walk_json["plays"][1]["slot"], 7);
    assert_eq!(expect(&run(["inspect", s(&path)]), 0), text);

    // An unknown name: the nearest names, 112 animations counted and Idle said apart.
    let line = expect(
        &run([
            "draw",
            "--data",
            s(&path),
            "--animation",
            "list",
            "--view",
            "1",
            "--tick",
            "0",
        ]),
        2,
    );
    assert!(
        line.contains("(112 animations in the document's \"animations\" list, and \"Idle\" for the idle frames, matched in any case; `tactics-sprite list` lists them)"),
        "{line}"
    );
}
