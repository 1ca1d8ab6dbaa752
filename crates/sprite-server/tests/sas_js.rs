//! The package's SAS plugin, which the viewer plays SAS sets with
//! (`packages/tactics-sprite/tactics-sprite-sas.mjs`: `sasPoseAt`, the pose of a SAS set at a tick
//! computed from the set's document alone) held in node to `sas_formats::pose::pose_at`'s line,
//! which `tactics-sprite draw` prints and `/api/v1/sas/pose` sends: every animation and direction
//! of the synthetic sets, in both position readings, at every tick through the duration and past
//! it, and a sprite past the sprite table. (Its hand-worked tests are the package's own,
//! `packages/tactics-sprite/test/sas.test.mjs`.)
//!
//! Without `node` it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or `FFT_REQUIRE_NODE=1`.

use std::fmt::Write as _;
use std::process::Command;

use sas_formats::document::{self, CellTable};
use sas_formats::meanings::PositionPair;
use sas_formats::pose::pose_at;
use sas_formats::{ByteOrder, Meanings, SasSet};
use test_support::node::node_or_skip;

/// Asks node for `sasPoseAt` of each `(animation, direction, tick)` on `doc`, one line each.
const RUNNER: &str = r#"
import { readFileSync } from 'node:fs';
import { sasPoseAt } from './sas.mjs';
const doc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const asks = JSON.parse(readFileSync(process.argv[3], 'utf8'));
for (const [animation, direction, tick] of asks) {
  process.stdout.write(JSON.stringify(sasPoseAt(doc, animation, direction, tick)) + '\n');
}
"#;

#[test]
fn sas_js_poses_are_the_lines_draw_prints() {
    let test = "sas_js_poses_are_the_lines_draw_prints";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    std::fs::copy(
        test_support::node::package_dir().join("tactics-sprite-sas.mjs"),
        dir.join("sas.mjs"),
    )
    .unwrap();
    std::fs::write(dir.join("run.mjs"), RUNNER).unwrap();
    // The synthetic sets, and the SAS3 set with a sprite past its table in block B.
    let mut past = test_support::sas::set_v3(ByteOrder::Little);
    past.sprites.truncate(2);
    let sets: [(&str, SasSet); 3] = [
        ("v3", test_support::sas::set_v3(ByteOrder::Little)),
        ("v0", test_support::sas::set_v0()),
        ("past", past),
    ];
    let mut compared = 0;
    for (name, set) in &sets {
        for (reading, table) in [
            ("x2y2", Meanings::from_executable()),
            (
                "x1y1",
                Meanings::from_executable().with_position_pair(PositionPair::First),
            ),
        ] {
            let doc = dir.join(format!("{name}-{reading}.json"));
            std::fs::write(&doc, document::to_bytes(set, &table, None)).unwrap();
            let cells = CellTable::of(set);
            let mut asks = Vec::new();
            let mut expected = String::new();
            for (animation, row) in set.animations.iter().enumerate() {
                for (direction, slot) in row.iter().enumerate() {
                    let Some(block) = slot.block.and_then(|b| set.block(b)) else {
                        continue;
                    };
                    for tick in (0..=u64::from(block.duration) + 2).chain([1_000_000]) {
                        asks.push((animation, direction, tick));
                        let pose = pose_at(set, &table, animation, direction, tick).unwrap();
                        writeln!(expected, "{}", pose.to_json_line(&cells)).unwrap();
                    }
                }
            }
            let asks_path = dir.join(format!("{name}-{reading}.asks.json"));
            std::fs::write(&asks_path, serde_json::to_vec(&asks).unwrap()).unwrap();
            let output = Command::new(&node)
                .current_dir(&dir)
                .arg("run.mjs")
                .arg(&doc)
                .arg(&asks_path)
                .output()
                .expect("node runs");
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            let got = String::from_utf8(output.stdout).unwrap();
            for ((line, theirs), ask) in expected.lines().zip(got.lines()).zip(&asks) {
                assert_eq!(theirs, line, "{name} {reading} {ask:?}");
            }
            assert_eq!(got.lines().count(), asks.len(), "{name} {reading}");
            compared += asks.len();
        }
    }
    assert!(compared > 200, "{compared}");
    let _ = std::fs::remove_dir_all(&dir);
}
