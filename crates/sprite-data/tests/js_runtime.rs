//! The JavaScript runtime (`packages/tactics-sprite`) held to this library, its reference, in
//! node.
//!
//! For every committed document (`fixtures/documents/*.json`: the eight unit kinds and the demo;
//! they hold no game bytes) this test writes what the library says into a temporary folder:
//!
//! - `<kind>.poses.jsonl`: `poseAt` (and the idle branch) as `tactics-sprite draw` prints it, for
//!   every animation, every view 0..7 and the ticks that matter ([`moments`]), dry and in water;
//! - `<kind>.events.jsonl`: `eventsBetween` over spans of every sequence, with the count of a
//!   span of 10^15 ticks, and the tick-0 events;
//! - `<kind>.layers.jsonl`: `pose_with_layers` as `draw --weapon` prints it, from the committed
//!   layer documents (`fixtures/layers/`: WEP1 for TYPE1, WEP2 for TYPE2, EFF1 for both) at every
//!   tick where a picture changes, for a spread of weapon types in every view and every weapon
//!   type in views 1 and 5;
//!
//! then runs `node --test` on the package with `TACTICS_SPRITE_REFERENCE` naming that folder: the
//! package's `test/reference.test.mjs` compares its own answers line by line (and drives
//! `createPlayer` across the same spans), and the rest of its tests run too. So `cargo test`
//! runs the JavaScript tests; `npm test` in the package runs those that need no reference.
//!
//! Without `node` it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or `FFT_REQUIRE_NODE=1`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use fft_formats::layer::WeaponType;
use serde_json::{Value, json};
use sprite_data::document::{Animation, Document, Sequence};
use sprite_data::layer::LayerDocument;
use sprite_data::pose::layers::{Layers, change_ticks, pose_with_layers};
use sprite_data::pose::{Motion, View, events_at_start, events_between, total_ticks};
use test_support::node::{node_or_skip, package_dir};

/// How many crossings of one span the reference lists (the count is always exact).
const LISTED: usize = 200;
/// A span no player walks: its crossings are counted, and the first [`LISTED`] listed.
const FAR: i64 = 1_000_000_000_000_000;
/// The weapon types drawn in every view (a blade, a bow, a book, a shield: each turns and orders
/// its layers differently); every type is drawn in views 1 and 5.
const SPREAD: [WeaponType; 4] = [
    WeaponType::Sword,
    WeaponType::Bow,
    WeaponType::Book,
    WeaponType::Shield,
];

fn fixtures() -> PathBuf {
    test_support::repo_root().join("fixtures")
}

/// The ticks of `sequence` that a port can get wrong: each step's first and last tick, in the
/// first and second pass, the end and just past it, two loops and a far tick.
fn moments(sequence: &Sequence) -> Vec<i64> {
    let total = total_ticks(sequence) as i64;
    let mut ticks = vec![
        0,
        1,
        total - 1,
        total,
        total + 1,
        2 * total,
        2 * total + 1,
        3 * total + 7,
        1_000_003,
    ];
    let mut start = 0i64;
    for &delay in &sequence.ticks {
        let delay = i64::from(delay);
        ticks.extend([
            start,
            start + delay - 1,
            start + total,
            start + total + delay - 1,
        ]);
        start += delay;
    }
    ticks.retain(|&t| t >= 0);
    ticks.sort_unstable();
    ticks.dedup();
    ticks
}

fn views() -> impl Iterator<Item = View> {
    (0..8).map(|v| View::new(v).expect("0..7 are views"))
}

/// The pose lines of one document: every motion, view and moment, dry and in water.
fn pose_lines(doc: &Document, out: &mut String) -> usize {
    let mut count = 0;
    let motions: Vec<Motion> = std::iter::once(Motion::Idle)
        .chain(doc.animations.iter().map(Motion::Animation))
        .collect();
    for motion in &motions {
        for view in views() {
            let ticks = match motion {
                Motion::Idle => vec![0, 5],
                Motion::Animation(a) => {
                    let s = &doc.sequences[if view.is_back() { a.back } else { a.front }.index()];
                    moments(s)
                }
            };
            let wet: Vec<i64> = [0, ticks[ticks.len() / 2], *ticks.last().expect("a tick")]
                .into_iter()
                .collect();
            let requests = ticks
                .iter()
                .map(|&t| (t, false))
                .chain(wet.iter().map(|&t| (t, true)));
            for (tick, water) in requests {
                let pose = motion
                    .pose(doc, view, tick, water)
                    .unwrap_or_else(|e| panic!("{} view {view} tick {tick}: {e}", motion.name()));
                out.push_str(&serde_json::to_string(&pose).expect("a pose serializes"));
                out.push('\n');
                count += 1;
            }
        }
    }
    count
}

/// One span's line: the count, the first crossings, or the error the library gives.
fn span_line(index: usize, sequence: &Sequence, from: i64, to: i64) -> Value {
    match events_between(sequence, from, to) {
        Ok(crossings) => {
            let count = crossings.remaining();
            let listed: Vec<Value> = crossings
                .take(LISTED)
                .map(|c| json!([c.tick, c.pass, c.event.1]))
                .collect();
            json!({"sequence": index, "from": from, "to": to, "count": count as u64, "crossings": listed})
        }
        Err(error) => {
            json!({"sequence": index, "from": from, "to": to, "error": error.to_string()})
        }
    }
}

/// The event lines of one document: every sequence over spans that start, cross and end loops.
fn event_lines(doc: &Document, out: &mut String) -> usize {
    let mut count = 0;
    for (index, sequence) in doc.sequences.iter().enumerate() {
        let total = total_ticks(sequence) as i64;
        let start: Vec<Value> = events_at_start(sequence)
            .map(|e| json!([e.0, e.1]))
            .collect();
        writeln!(out, "{}", json!({"sequence": index, "atStart": start})).expect("writes");
        let spans = [
            (0, 3 * total + 7),
            (1, total),
            ((total - 1).max(0), 2 * total + 1),
            (total, total),
            (9, 2),
            (1_000_000_007, 1_000_000_007 + 2 * total + 1),
            (0, 1_000_000),
            (0, FAR),
        ];
        for (from, to) in spans {
            writeln!(out, "{}", span_line(index, sequence, from, to)).expect("writes");
            count += 1;
        }
    }
    count
}

/// The animations whose sequences start layers.
fn layered_animations(doc: &Document) -> Vec<&Animation> {
    doc.animations
        .iter()
        .filter(|a| {
            [a.front, a.back]
                .iter()
                .any(|s| doc.sequences[s.index()].layers.is_some())
        })
        .collect()
}

/// The layered lines of one document: every animation that starts layers, at every tick where
/// its picture changes (and the tick before each, and past the end), for the spread of weapon
/// types in every view and every weapon type in views 1 and 5; the other animations once each.
fn layer_lines(
    doc: &Document,
    weapon: &LayerDocument,
    effect: &LayerDocument,
    out: &mut String,
) -> usize {
    let mut count = 0;
    let mut write = |animation: &Animation, view: View, tick: i64, layers: &Layers| {
        let pose = pose_with_layers(doc, animation, view, tick, false, layers)
            .unwrap_or_else(|e| panic!("{} view {view} tick {tick}: {e}", animation.name));
        out.push_str(&serde_json::to_string(&pose).expect("a layered pose serializes"));
        out.push('\n');
        count += 1;
    };
    let layered = layered_animations(doc);
    for animation in &doc.animations {
        let starts_layers = layered.iter().any(|a| std::ptr::eq(*a, animation));
        for weapon_type in WeaponType::ALL {
            let layers = Layers {
                weapon_type,
                weapon: Some(weapon),
                effect: Some(effect),
            };
            for view in views() {
                let wanted = if starts_layers {
                    SPREAD.contains(&weapon_type) || matches!(view.number(), 1 | 5)
                } else {
                    weapon_type == WeaponType::Sword && matches!(view.number(), 1 | 5)
                };
                if !wanted {
                    continue;
                }
                let total = {
                    let s = if view.is_back() {
                        animation.back
                    } else {
                        animation.front
                    };
                    total_ticks(&doc.sequences[s.index()]) as i64
                };
                let mut ticks: Vec<i64> = change_ticks(doc, animation, view, &layers)
                    .into_iter()
                    .flat_map(|t| [t as i64 - 1, t as i64])
                    .chain([total, total + 5])
                    .filter(|&t| t >= 0)
                    .collect();
                if !starts_layers {
                    ticks = vec![0, total / 2];
                }
                ticks.sort_unstable();
                ticks.dedup();
                for tick in ticks {
                    write(animation, view, tick, &layers);
                }
            }
        }
    }
    count
}

fn load_layer(name: &str) -> LayerDocument {
    let path = fixtures().join("layers").join(name);
    sprite_inputs::documents::load_layer_document(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The weapon layer a kind's units hold, if they start layers at all.
fn weapon_layer_of(kind: &str) -> &'static str {
    if kind == "type2" {
        "wep2.json"
    } else {
        "wep1.json"
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

#[test]
fn the_js_runtime_agrees_with_the_rust_reference_in_node() {
    let test = "the_js_runtime_agrees_with_the_rust_reference_in_node";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let dir = test_support::temp_dir("js_runtime");
    let effect = load_layer("eff1.json");
    let mut kinds = Vec::new();
    let mut documents: Vec<PathBuf> = std::fs::read_dir(fixtures().join("documents"))
        .expect("fixtures/documents")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    documents.sort();
    let (mut poses, mut events, mut layered) = (0, 0, 0);
    for path in &documents {
        let kind = path
            .file_stem()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let doc =
            sprite_inputs::documents::load_document(path).unwrap_or_else(|e| panic!("{kind}: {e}"));
        let weapon_file = weapon_layer_of(&kind);
        let weapon = load_layer(weapon_file);
        let mut text = String::new();
        let p = pose_lines(&doc, &mut text);
        write(&dir.join(format!("{kind}.poses.jsonl")), &text);
        text.clear();
        let e = event_lines(&doc, &mut text);
        write(&dir.join(format!("{kind}.events.jsonl")), &text);
        text.clear();
        let l = layer_lines(&doc, &weapon, &effect, &mut text);
        write(&dir.join(format!("{kind}.layers.jsonl")), &text);
        println!("{kind}: {p} poses, {e} event spans, {l} layered poses");
        (poses, events, layered) = (poses + p, events + e, layered + l);
        kinds.push(json!({
            "kind": kind,
            "document": path,
            "weapon": fixtures().join("layers").join(weapon_file),
            "effect": fixtures().join("layers").join("eff1.json"),
            "poses": p,
            "spans": e,
            "layered": l,
        }));
    }
    assert_eq!(kinds.len(), 9, "the eight unit kinds and the demo");
    write(
        &dir.join("manifest.json"),
        &serde_json::to_string_pretty(&json!({ "kinds": kinds })).expect("JSON"),
    );
    println!(
        "the reference: {poses} poses, {events} event spans, {layered} layered poses over {} documents",
        kinds.len()
    );

    let output = Command::new(&node)
        .args(["--test", "--test-reporter=spec", "test/"])
        .current_dir(package_dir())
        .env("TACTICS_SPRITE_REFERENCE", &dir)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "node --test failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    // The reference test must have run, not skipped for want of the folder.
    assert!(
        stdout.contains("skipped 0") && stdout.contains("agrees with the Rust reference"),
        "node skipped a test or ran no reference comparison:\n{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The description's "Test a Port" command, with only the paths changed to the package: run from
/// the repository root, it prints exactly the line the library (and `tactics-sprite draw`) gives.
#[test]
fn the_test_a_port_command_works_from_the_package() {
    let test = "the_test_a_port_command_works_from_the_package";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let readme = std::fs::read_to_string(package_dir().join("README.md")).expect("the README");
    let script = readme
        .split("node --input-type=module -e \"\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\"\n").next())
        .expect("the README's Test a Port command: node --input-type=module -e \"...\"");
    assert!(
        script.contains("./packages/tactics-sprite/tactics-sprite.mjs"),
        "the command imports the package's module: {script}"
    );
    let output = Command::new(&node)
        .args(["--input-type=module", "-e", script])
        .current_dir(test_support::repo_root())
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "the Test a Port command failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let doc =
        sprite_inputs::documents::load_document(&fixtures().join("documents").join("type1.json"))
            .expect("type1.json");
    let animation = doc.animation("Swing High").expect("Swing High");
    let pose =
        sprite_data::pose::pose_at(&doc, animation, View::new(1).expect("a view"), 18, false)
            .expect("a pose");
    let expected = serde_json::to_string(&pose).expect("JSON") + "\n";
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}

/// The package ships the committed TYPE1 document as `tactics-sprite-data.json`, byte for byte
/// (the Test a Port command reads it).
#[test]
fn the_package_ships_the_committed_type1_document() {
    let shipped = std::fs::read(package_dir().join("tactics-sprite-data.json"))
        .expect("packages/tactics-sprite/tactics-sprite-data.json");
    let committed =
        std::fs::read(fixtures().join("documents").join("type1.json")).expect("type1.json");
    assert!(
        shipped == committed,
        "packages/tactics-sprite/tactics-sprite-data.json is not fixtures/documents/type1.json: \
         copy it again (cp fixtures/documents/type1.json packages/tactics-sprite/tactics-sprite-data.json)"
    );
}

/// The examples ship the demo unit (`examples/demo/`: its document and its sheet, both ours) so
/// that they draw a real picture with nothing else fetched; the copies are the committed files,
/// byte for byte.
#[test]
fn the_examples_ship_the_committed_demo_unit() {
    for (copy, committed) in [
        ("examples/demo/demo.json", "documents/demo.json"),
        ("examples/demo/demo.png", "demo/demo.png"),
    ] {
        let shipped = std::fs::read(package_dir().join(copy))
            .unwrap_or_else(|e| panic!("packages/tactics-sprite/{copy}: {e}"));
        let original = std::fs::read(fixtures().join(committed)).expect("the committed file");
        assert!(
            shipped == original,
            "packages/tactics-sprite/{copy} is not fixtures/{committed}: copy it again \
             (cp fixtures/{committed} packages/tactics-sprite/{copy})"
        );
    }
}

/// The package's version is the workspace's, and its changelog's newest entry is that version.
#[test]
fn the_package_is_versioned_with_the_workspace() {
    let workspace = env!("CARGO_PKG_VERSION");
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(package_dir().join("package.json")).expect("package.json"),
    )
    .expect("package.json is JSON");
    assert_eq!(
        manifest["version"], workspace,
        "packages/tactics-sprite/package.json's version"
    );
    let changelog = std::fs::read_to_string(package_dir().join("CHANGELOG.md"))
        .expect("packages/tactics-sprite/CHANGELOG.md");
    let newest = changelog
        .lines()
        .find(|l| l.starts_with("## "))
        .expect("a version heading");
    assert!(
        newest.starts_with(&format!("## {workspace} ")) || newest == format!("## {workspace}"),
        "the package's changelog begins at {newest:?}, not the workspace's {workspace}"
    );
}

/// The package ships the repository's licence (npm puts a `LICENSE` beside `package.json` in
/// every tarball, and cannot reach one outside the package's folder): the copy is the same text.
#[test]
fn the_package_ships_the_repository_license() {
    let shipped = std::fs::read_to_string(package_dir().join("LICENSE"))
        .expect("packages/tactics-sprite/LICENSE");
    let root = std::fs::read_to_string(test_support::repo_root().join("LICENSE")).expect("LICENSE");
    assert!(
        shipped == root,
        "packages/tactics-sprite/LICENSE is not the repository's LICENSE: copy it again \
         (cp LICENSE packages/tactics-sprite/LICENSE)"
    );
}

/// The TypeScript declarations compile against the typed example (`tsc --noEmit`), with the
/// package's own TypeScript (`npm ci` in the package installs it).
#[test]
fn the_typescript_declarations_check() {
    let test = "the_typescript_declarations_check";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let Some(tsc) = test_support::node::installed_or_skip(test, "typescript/bin/tsc") else {
        return;
    };
    let output = Command::new(&node)
        .arg(&tsc)
        .args(["--noEmit", "-p", "."])
        .current_dir(package_dir())
        .output()
        .expect("node runs tsc");
    assert!(
        output.status.success(),
        "tsc --noEmit failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
