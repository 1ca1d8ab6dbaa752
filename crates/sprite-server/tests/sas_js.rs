//! The package's SAS plugin, which the viewer plays SAS sets with
//! (`packages/tactics-sprite/tactics-sprite-sas.mjs`: `sasPoseAt`, the pose of a SAS set at a tick
//! computed from the set's document alone) held in node to `sas_formats::pose::pose_at`'s line,
//! which `tactics-sprite draw` prints and `/api/v1/sas/pose` sends: every animation and direction
//! of the synthetic sets, in both position readings, at every tick through the duration and past
//! it, and a sprite past the sprite table.
//!
//! This test writes the documents and the library's lines into a folder (`sas.json` lists them)
//! and runs the package's own `test/sas.test.mjs` with `TACTICS_SPRITE_REFERENCE` naming it: the
//! JavaScript that compares is the package's, beside its tests worked out by hand.
//!
//! Without `node` it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or `FFT_REQUIRE_NODE=1`.

use std::fmt::Write as _;
use std::process::Command;

use sas_formats::document::{self, CellTable};
use sas_formats::meanings::PositionPair;
use sas_formats::pose::pose_at;
use sas_formats::{ByteOrder, Meanings, SasSet};
use serde_json::json;
use test_support::node::{node_or_skip, package_dir};

#[test]
fn sas_js_poses_are_the_lines_draw_prints() {
    let test = "sas_js_poses_are_the_lines_draw_prints";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    // The synthetic sets, and the SAS3 set with a sprite past its table in block B.
    let mut past = test_support::sas::set_v3(ByteOrder::Little);
    past.sprites.truncate(2);
    let sets: [(&str, SasSet); 3] = [
        ("v3", test_support::sas::set_v3(ByteOrder::Little)),
        ("v0", test_support::sas::set_v0()),
        ("past", past),
    ];
    let mut manifest = Vec::new();
    let mut compared = 0;
    for (name, set) in &sets {
        for (reading, table) in [
            ("x2y2", Meanings::from_executable()),
            (
                "x1y1",
                Meanings::from_executable().with_position_pair(PositionPair::First),
            ),
        ] {
            let document_file = format!("{name}-{reading}.json");
            std::fs::write(
                dir.join(&document_file),
                document::to_bytes(set, &table, None),
            )
            .unwrap();
            let cells = CellTable::of(set);
            let mut lines = String::new();
            let mut count = 0;
            for (animation, row) in set.animations.iter().enumerate() {
                for (direction, slot) in row.iter().enumerate() {
                    let Some(block) = slot.block.and_then(|b| set.block(b)) else {
                        continue;
                    };
                    for tick in (0..=u64::from(block.duration) + 2).chain([1_000_000]) {
                        let pose = pose_at(set, &table, animation, direction, tick).unwrap();
                        writeln!(lines, "{}", pose.to_json_line(&cells)).unwrap();
                        count += 1;
                    }
                }
            }
            let poses_file = format!("{name}-{reading}.poses.jsonl");
            std::fs::write(dir.join(&poses_file), lines).unwrap();
            manifest.push(json!({
                "set": format!("{name} {reading}"),
                "document": document_file,
                "poses": poses_file,
                "count": count,
            }));
            compared += count;
        }
    }
    assert!(compared > 200, "{compared}");
    std::fs::write(
        dir.join("sas.json"),
        serde_json::to_vec(&json!({ "sets": manifest })).unwrap(),
    )
    .unwrap();
    let output = Command::new(&node)
        .args(["--test", "--test-reporter=spec", "test/sas.test.mjs"])
        .current_dir(package_dir())
        .env("TACTICS_SPRITE_REFERENCE", &dir)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The comparison ran (it is skipped without a reference), over every line written.
    assert!(
        stdout.contains(&format!(
            "{compared} SAS poses agree with the Rust reference"
        )),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
