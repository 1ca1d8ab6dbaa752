//! The SAS commands as a user runs them on the synthetic fixtures (`fixtures/sas/`, made by our
//! encoder; see `crates/sas-formats/tests/hand.rs` for their bytes by hand): inspect, roundtrip,
//! extract, build (checked against its schema and against values worked out by hand), render
//! (checked against a picture assembled by hand from the sheet's rectangles) and draw (the pose
//! line, against values worked out by hand).

use crate::common::{expect, run};
use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use sprite_render::sheet::decode_png;

fn fixture(name: &str) -> String {
    test_support::fixtures::sas(name).display().to_string()
}

/// Checks the exit code; returns stdout, or for a failure stderr, which must be one line.
#[test]
fn roundtrip_gives_back_every_fixture_and_container_entry() {
    let out = expect(
        &run([
            "roundtrip",
            &fixture("synthetic.sas3"),
            &fixture("synthetic-psp.sas"),
            &fixture("synthetic.pakd"),
        ]),
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines.iter().all(|l| l.starts_with("identical  ")), "{out}");
    assert!(
        lines[0].ends_with("sas (SAS3, little-endian)  400 bytes"),
        "{out}"
    );
    assert!(
        lines[1].ends_with("sas (SAS\\0, little-endian)  144 bytes"),
        "{out}"
    );
    assert!(lines[2].ends_with("pakd (3 entries)  624 bytes"), "{out}");
    assert!(lines[3].contains("synthetic.pakd#0"), "{out}");
    assert!(lines[4].contains("synthetic.pakd#1"), "{out}");
}

#[test]
fn inspect_counts_what_the_hand_layout_holds() {
    let out = expect(&run(["inspect", "--json", &fixture("synthetic.sas3")]), 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    // Animation 0: A, A mirrored, B; 1: B, B mirrored; 2: C. Six slots used, two mirrored; A is
    // played by 2 slots, B by 3, C by 1: two blocks are shared.
    assert_eq!(
        report["animations"],
        json!({"count": 3, "directionsUsed": 6, "mirrored": 2, "sharedBlocks": 2})
    );
    assert_eq!(
        report["sprites"],
        json!({"count": 3, "quads": 4, "tableOffset": 0x40})
    );
    // 3 + 2 + 11 frames.
    assert_eq!(report["blocks"], json!({"count": 3, "frames": 16}));
    assert_eq!(
        report["dead"],
        json!({"frames": 1, "gaps": 1, "unreachedBytes": 0})
    );
    assert_eq!(report["trailing"], json!({"bytes": 4, "allZero": true}));
    assert_eq!(report["scale"], json!(2));
}

#[test]
fn inspect_verbose_shows_each_frame_with_its_offset_and_raw_bytes() {
    let out = expect(&run(["inspect", "-v", &fixture("synthetic.sas3")]), 0);
    // Block C at 0xEE; its type-8 frame (tick 4, value 0x0102 = 258) as written by hand.
    assert!(
        out.contains("block 2 [0x00EE] duration 30, 11 frames"),
        "{out}"
    );
    assert!(
        out.contains(
            "tick 4     type 8   sound      value 258  [04 00 08 00 02 01 00 00 00 00 00 00 00 00]"
        ),
        "{out}"
    );
    assert!(
        out.contains("dead frames [0x00C0] 1 frame no slot reaches"),
        "{out}"
    );
    let gibbed = expect(
        &run([
            "inspect",
            "-v",
            "--meanings",
            "gibbed",
            &fixture("synthetic.sas3"),
        ]),
        0,
    );
    assert!(gibbed.contains("type 8   loopStart  value 258"), "{gibbed}");
    assert!(gibbed.contains("type 9   flag       value 515"), "{gibbed}");
}

#[test]
fn inspect_lists_a_container_and_one_entry() {
    let out = expect(&run(["inspect", &fixture("synthetic.pakd")]), 0);
    // Header of 3 entries with ids padded to 0x30; entries at 0x30, 0x1C0, 0x250.
    assert!(
        out.contains(
            "entry 0   at 0x000030,     400 bytes id 0x00010000 (1/0): SAS3 (little-endian)"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "entry 1   at 0x0001C0,     144 bytes id 0x00010001 (1/1): SAS\\0 (little-endian)"
        ),
        "{out}"
    );
    assert!(out.contains("entry 2   at 0x000250,      32 bytes id 0x00010002 (1/2): ashg-compressed (scheme 2, 16 -> 32 bytes)"), "{out}");
    let entry = expect(
        &run(["inspect", "--entry", "1", &fixture("synthetic.pakd")]),
        0,
    );
    assert!(
        entry.contains("SAS\\0 (little-endian), 144 bytes"),
        "{entry}"
    );
    let refused = expect(
        &run(["inspect", "--entry", "2", &fixture("synthetic.pakd")]),
        1,
    );
    assert!(
        refused.contains("synthetic.pakd#2: the entry is ashg-compressed"),
        "{refused}"
    );
}

#[test]
fn extract_writes_the_entries_as_stored_and_refuses_the_compressed_one() {
    let dir = test_support::temp_dir("extract");
    let output = run([
        "extract",
        &fixture("synthetic.pakd"),
        "--out",
        dir.to_str().unwrap(),
    ]);
    let err = expect(&output, 1);
    assert!(
        err.contains("#2: the entry is ashg-compressed (scheme 2)"),
        "{err}"
    );
    // A refusal writes nothing, not the entries before it.
    assert!(std::fs::read_dir(&dir).unwrap().next().is_none());
    let output = run([
        "extract",
        &fixture("synthetic.pakd"),
        "--entry",
        "0",
        "--entry",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    expect(&output, 0);
    // Entries keep their padding: the extracted entries are the standalone fixtures.
    assert_eq!(
        std::fs::read(dir.join("0000.sas")).unwrap(),
        std::fs::read(fixture("synthetic.sas3")).unwrap()
    );
    assert_eq!(
        std::fs::read(dir.join("0001.sas")).unwrap(),
        std::fs::read(fixture("synthetic-psp.sas")).unwrap()
    );
    assert!(!dir.join("0002.bin").exists());
    let only = test_support::temp_dir("extract-one");
    expect(
        &run([
            "extract",
            &fixture("synthetic.pakd"),
            "--entry",
            "1",
            "--out",
            only.to_str().unwrap(),
        ]),
        0,
    );
    assert!(only.join("0001.sas").exists() && !only.join("0000.sas").exists());
}

fn build(input: &str, extra: &[&str]) -> Value {
    let dir = test_support::temp_dir("build");
    let out = dir.join(format!("{}.json", extra.join("_").replace('-', "")));
    let mut args = vec!["build", "--sas", input, "-o", out.to_str().unwrap()];
    args.extend(extra);
    expect(&run(&args), 0);
    let doc: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let errors = test_support::schema::errors(test_support::schema::sas_set(), &doc);
    assert!(errors.is_empty(), "{errors:#?}");
    doc
}

#[test]
fn build_writes_a_document_that_passes_its_schema_with_the_hand_values() {
    let doc = build(&fixture("synthetic.sas3"), &[]);
    assert_eq!(doc["format"], "tactics-sas-set");
    // The four distinct quads of the three sprites, in order of first use.
    assert_eq!(
        doc["cells"],
        json!([
            {"u": 0, "v": 0, "width": 8, "height": 16},
            {"u": 8, "v": 0, "width": 8, "height": 16},
            {"u": 16, "v": 0, "width": 8, "height": 8},
            {"u": 24, "v": 8, "width": 4, "height": 4},
        ])
    );
    assert_eq!(
        doc["frames"][0]["quads"],
        json!([{"cell": 0, "x": -8, "y": -16}, {"cell": 1, "x": 0, "y": -16}])
    );
    let directions: Vec<Value> = doc["animations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["directions"].clone())
        .collect();
    assert_eq!(
        directions,
        vec![
            json!([{"sequence": 0, "mirrored": false}, {"sequence": 0, "mirrored": true}, {"sequence": 1, "mirrored": false}, null]),
            json!([{"sequence": 1, "mirrored": false}, {"sequence": 1, "mirrored": true}, null, null]),
            json!([{"sequence": 2, "mirrored": false}, null, null, null]),
        ]
    );
    // Block A: sprite 0 at (0, 0) for 0..8, moved to (2, -1) for 8..16, sprite 1 at (1, 1) for
    // 16..24 (the duration).
    assert_eq!(
        doc["sequences"][0]["poses"],
        json!([
            {"start": 0, "end": 8, "frame": 0, "x": 0, "y": 0},
            {"start": 8, "end": 16, "frame": 0, "x": 2, "y": -1},
            {"start": 16, "end": 24, "frame": 1, "x": 1, "y": 1},
        ])
    );
    let steps = &doc["sequences"][2]["steps"];
    assert_eq!(
        steps[3],
        json!({"tick": 4, "type": 8, "name": "sound", "settled": false, "args": {"value": 258}, "event": "sound"})
    );
    assert_eq!(steps[4]["event"], "loop");
    assert_eq!(
        steps[9],
        json!({"tick": 10, "type": 11, "name": "goto", "settled": false, "args": {"frame": 0}, "event": "jump"})
    );
    assert_eq!(steps[10]["irregular"], true);
    assert_eq!(steps[10]["type"], 13);
    // Gibbed's table renames 8 and 9 and changes nothing else.
    let gibbed = build(&fixture("synthetic.sas3"), &["--meanings", "gibbed"]);
    assert_eq!(gibbed["sequences"][2]["steps"][3]["event"], "loopStart");
    assert_eq!(gibbed["sequences"][2]["steps"][4]["event"], "flag");
    assert_eq!(gibbed["cells"], doc["cells"]);
    assert_eq!(
        gibbed["sequences"][0]["poses"],
        doc["sequences"][0]["poses"]
    );
    // The PSP set and a container entry build too.
    assert_eq!(doc["position"], "x2y2");
    // With the other pair, block A's poses take x1, y1: (1, -2), then (0, 0) twice.
    let first = build(&fixture("synthetic.sas3"), &["--position", "x1y1"]);
    assert_eq!(first["position"], "x1y1");
    assert_eq!(
        first["sequences"][0]["poses"],
        json!([
            {"start": 0, "end": 8, "frame": 0, "x": 1, "y": -2},
            {"start": 8, "end": 16, "frame": 0, "x": 0, "y": 0},
            {"start": 16, "end": 24, "frame": 1, "x": 0, "y": 0},
        ])
    );
    let psp = build(&fixture("synthetic-psp.sas"), &[]);
    assert_eq!(psp["source"]["magic"], "SAS\\0");
    let entry = build(&fixture("synthetic.pakd"), &["--entry", "0"]);
    assert_eq!(entry["cells"], doc["cells"]);
}

/// `fixtures/sas/synthetic.json`, the document the JavaScript package's SAS tests read
/// (`packages/tactics-sprite/test/sas.test.mjs`), is what `build --sas` writes from the committed
/// set, byte for byte: a change to the document's shape fails here until the file is written
/// again (the command in `fixtures/sas/README.md`).
#[test]
fn the_committed_document_is_what_build_writes_from_the_committed_set() {
    let dir = test_support::temp_dir("sas-committed-document");
    let out = dir.join("synthetic.json");
    expect(
        &run([
            "build",
            "--sas",
            &fixture("synthetic.sas3"),
            "-o",
            out.to_str().unwrap(),
        ]),
        0,
    );
    let written = std::fs::read_to_string(&out).unwrap();
    let committed = std::fs::read_to_string(fixture("synthetic.json")).unwrap();
    assert_eq!(committed, written, "fixtures/sas/synthetic.json is stale");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_asks_which_entry_when_a_container_has_several() {
    let dir = test_support::temp_dir("build-entry");
    let out = dir.join("x.json");
    let err = expect(
        &run([
            "build",
            "--sas",
            &fixture("synthetic.pakd"),
            "-o",
            out.to_str().unwrap(),
        ]),
        1,
    );
    assert!(
        err.contains("the container has 2 SAS entries (0, 1); pick one with --entry N"),
        "{err}"
    );
    assert!(!out.exists());
}

const RED: [u8; 4] = [255, 0, 0, 255];
const GREEN: [u8; 4] = [0, 255, 0, 255];
const BLUE: [u8; 4] = [0, 0, 255, 255];
const WHITE: [u8; 4] = [255, 255, 255, 255];

/// A picture of `width x height` made of filled rectangles `(x, y, w, h, colour)` and then single
/// pixels, on transparency.
fn assemble(
    width: usize,
    height: usize,
    rects: &[(usize, usize, usize, usize, [u8; 4])],
    pixels: &[(usize, usize)],
) -> Vec<[u8; 4]> {
    let mut image = vec![[0; 4]; width * height];
    for &(x, y, w, h, colour) in rects {
        for row in y..y + h {
            for col in x..x + w {
                image[row * width + col] = colour;
            }
        }
    }
    for &(x, y) in pixels {
        image[y * width + x] = WHITE;
    }
    image
}

#[test]
fn render_of_a_mirrored_direction_matches_the_hand_assembly() {
    let dir = test_support::temp_dir("render");
    let out = dir.join("a0d1.png");
    let stdout = expect(
        &run([
            "render",
            "--data",
            &fixture("synthetic.sas3"),
            "--sheet",
            &fixture("synthetic-sheet.png"),
            "--animation",
            "0",
            "--direction",
            "1",
            "-o",
            out.to_str().unwrap(),
        ]),
        0,
    );
    // Animation 0, direction 1 is block A mirrored about x = 0. Its three poses, quads placed at
    // position + (x, y) and then mirrored (x -> -(x + width)):
    //   pose 0, sprite 0 at (0, 0): red (sheet 0,0 8x16, x -8) -> 0..8; green (sheet 8,0, x 0)
    //     -> -8..0; both y -16..0;
    //   pose 1, sprite 0 at (2, -1): red -> -2..6, green -> -10..-2, y -17..-1;
    //   pose 2, sprite 1 at (1, 1): blue (sheet 16,0 8x8, x -4 -> -3) -> -5..3, y -7..1.
    // Union: x -10..8, y -17..1, an 18 x 18 cell with the position at (10, 17). Cells side by
    // side: 54 x 18. Each rectangle's white top-left texel shows at its top-right when mirrored.
    assert!(
        stdout.contains("canvas  18 x 18, position (0, 0) at (10, 17)"),
        "{stdout}"
    );
    let expected = assemble(
        54,
        18,
        &[
            (10, 1, 8, 16, RED),
            (2, 1, 8, 16, GREEN),
            (18 + 8, 0, 8, 16, RED),
            (18, 0, 8, 16, GREEN),
            (36 + 5, 10, 8, 8, BLUE),
        ],
        &[(17, 1), (9, 1), (18 + 15, 0), (18 + 7, 0), (36 + 12, 10)],
    );
    let (image, _) = decode_png(&std::fs::read(&out).unwrap(), None).unwrap();
    assert_eq!((image.width(), image.height()), (54, 18));
    assert!(
        image.pixels() == expected.as_slice(),
        "the picture differs from the hand assembly"
    );
}

#[test]
fn render_of_the_unmirrored_direction_and_a_shared_block() {
    let dir = test_support::temp_dir("render-b");
    let out = dir.join("a1d0.png");
    expect(
        &run([
            "render",
            "--data",
            &fixture("synthetic.sas3"),
            "--sheet",
            &fixture("synthetic-sheet.png"),
            "--animation",
            "1",
            "-o",
            out.to_str().unwrap(),
        ]),
        0,
    );
    // Animation 1, direction 0 is block B (shared with animation 0, direction 2):
    //   pose 0, sprite 2 at (-3, 4): yellow (sheet 24,8 4x4, x 0, y 0) -> x -3..1, y 4..8;
    //   pose 1, sprite 1 at (0, 0): blue (x -4, y -8) -> x -4..4, y -8..0.
    // Union x -4..4, y -8..8: 8 x 16 cells, position at (4, 8); two cells: 16 x 16.
    let yellow = [255, 255, 0, 255];
    let expected = assemble(
        16,
        16,
        &[(1, 12, 4, 4, yellow), (8, 0, 8, 8, BLUE)],
        &[(1, 12), (8, 0)],
    );
    let (image, _) = decode_png(&std::fs::read(&out).unwrap(), None).unwrap();
    assert_eq!((image.width(), image.height()), (16, 16));
    assert!(
        image.pixels() == expected.as_slice(),
        "the picture differs from the hand assembly"
    );
}

#[test]
fn render_refuses_an_empty_direction_and_a_bad_animation() {
    let dir = test_support::temp_dir("render-bad");
    let out = dir.join("x.png");
    let args = |anim: &'static str, direction: &'static str| {
        run([
            "render",
            "--data",
            &fixture("synthetic.sas3"),
            "--sheet",
            &fixture("synthetic-sheet.png"),
            "--animation",
            anim,
            "--direction",
            direction,
            "-o",
            out.to_str().unwrap(),
        ])
    };
    let err = String::from_utf8_lossy(&args("2", "3").stderr).into_owned();
    assert!(
        err.contains("animation 2 has nothing in direction 3 (it has directions: 0)"),
        "{err}"
    );
    test_support::cli::assert_exit(&args("2", "3"), 2);
    test_support::cli::assert_exit(&args("Walk", "0"), 2);
    test_support::cli::assert_exit(&args("0", "4"), 2);
    assert!(!out.exists());
}

#[test]
fn a_truncated_set_is_reported_with_its_offset() {
    let dir = test_support::temp_dir("truncated");
    let path = dir.join("short.sas3");
    let bytes = std::fs::read(fixture("synthetic.sas3")).unwrap();
    // Block C's 11 frames need 0xF2..0x18C.
    std::fs::write(&path, &bytes[..0x150]).unwrap();
    let err = expect(&run(["inspect", path.to_str().unwrap()]), 1);
    assert!(
        err.contains("at byte 0x00F2: block 2 frames (11 x 14 bytes)"),
        "{err}"
    );
    let err = expect(&run(["roundtrip", path.to_str().unwrap()]), 1);
    assert!(err.contains("at byte 0x00F2"), "{err}");
}

/// The PNG chunks of `bytes` as (type, data).
fn chunks(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let mut out = Vec::new();
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind: [u8; 4] = bytes[at + 4..at + 8].try_into().unwrap();
        out.push((kind, bytes[at + 8..at + 8 + len].to_vec()));
        at += 12 + len;
    }
    out
}

#[test]
fn an_animated_png_shows_each_pose_for_its_ticks() {
    let dir = test_support::temp_dir("apng");
    let out = dir.join("a0d1.apng");
    expect(
        &run([
            "render",
            "--data",
            &fixture("synthetic.sas3"),
            "--sheet",
            &fixture("synthetic-sheet.png"),
            "--animation",
            "0",
            "--direction",
            "1",
            "-o",
            out.to_str().unwrap(),
        ]),
        0,
    );
    let bytes = std::fs::read(&out).unwrap();
    let chunks = chunks(&bytes);
    // Block A's poses last 0..8, 8..16 and 16..24 ticks: three frames of 8/60 s each.
    let actl = &chunks.iter().find(|(k, _)| k == b"acTL").unwrap().1;
    assert_eq!(u32::from_be_bytes(actl[0..4].try_into().unwrap()), 3);
    let delays: Vec<(u16, u16)> = chunks
        .iter()
        .filter(|(k, _)| k == b"fcTL")
        .map(|(_, d)| {
            (
                u16::from_be_bytes([d[20], d[21]]),
                u16::from_be_bytes([d[22], d[23]]),
            )
        })
        .collect();
    assert_eq!(delays, vec![(8, 60), (8, 60), (8, 60)]);
}

#[test]
fn a_sprite_past_the_table_is_noted_and_drawn_as_nothing() {
    let dir = test_support::temp_dir("past-table");
    let path = dir.join("past.sas3");
    let mut bytes = std::fs::read(fixture("synthetic.sas3")).unwrap();
    // Block B at 0xCE: its first frame at 0xD2 shows sprite 2 (byte 0xD2 + 4); make it 3, one
    // past the three sprites.
    assert_eq!(bytes[0xD6], 2);
    bytes[0xD6] = 3;
    std::fs::write(&path, &bytes).unwrap();
    let out = expect(&run(["inspect", "--json", path.to_str().unwrap()]), 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        report["limits"],
        json!({"spriteFramesPastTable": 1, "blocksOver127Frames": 0})
    );
    expect(&run(["roundtrip", path.to_str().unwrap()]), 0);
    let png = dir.join("b.png");
    let output = run([
        "render",
        "--data",
        path.to_str().unwrap(),
        "--sheet",
        &fixture("synthetic-sheet.png"),
        "--animation",
        "1",
        "-o",
        png.to_str().unwrap(),
    ]);
    test_support::cli::assert_exit(&output, 0);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("warning: tick 0: sprite 3 is past the sprite table (3 sprites)"),
        "{err}"
    );
    // Only pose 1 draws: blue at x -4..4, y -8..0, an 8 x 8 cell; pose 0's cell is empty.
    let (image, _) = decode_png(&std::fs::read(&png).unwrap(), None).unwrap();
    assert_eq!((image.width(), image.height()), (16, 8));
    let expected = assemble(16, 8, &[(8, 0, 8, 8, BLUE)], &[(8, 0)]);
    assert!(image.pixels() == expected.as_slice());
}

#[test]
fn extract_then_pack_gives_back_the_container() {
    let dir = test_support::temp_dir("pack");
    let folder = dir.join("entries");
    let packed = dir.join("rebuilt.pakd");
    // Without --keep-compressed entry 2 is refused, and then nothing is written: no entry, no
    // manifest that pack would misread.
    let err = expect(
        &run([
            "extract",
            &fixture("synthetic.pakd"),
            "-o",
            folder.to_str().unwrap(),
        ]),
        1,
    );
    assert!(err.contains("synthetic.pakd#2: "), "{err}");
    assert!(err.contains("nothing written"), "{err}");
    assert!(
        !folder.exists() || std::fs::read_dir(&folder).unwrap().next().is_none(),
        "extract wrote something though it refused an entry"
    );
    // With it, the compressed entry is written as stored and the rebuild is byte-identical.
    let out = expect(
        &run([
            "extract",
            &fixture("synthetic.pakd"),
            "-o",
            folder.to_str().unwrap(),
            "--keep-compressed",
        ]),
        0,
    );
    assert!(
        out.contains("0002.ashg (32 bytes, ashg-compressed"),
        "{out}"
    );
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(folder.join("pakd.json")).unwrap()).unwrap();
    // 3 entries with ids: a 40-byte header padded with 8 zero bytes to 0x30.
    assert_eq!(manifest["ids"], json!([0x1_0000, 0x1_0001, 0x1_0002]));
    assert_eq!(manifest["headerPadding"], "0000000000000000");
    assert_eq!(
        manifest["entries"],
        json!(["0000.sas", "0001.sas", "0002.ashg"])
    );
    expect(
        &run([
            "pack",
            folder.to_str().unwrap(),
            "-o",
            packed.to_str().unwrap(),
        ]),
        0,
    );
    assert_eq!(
        std::fs::read(&packed).unwrap(),
        std::fs::read(fixture("synthetic.pakd")).unwrap()
    );
}

/// `draw` on a SAS set: the pose at a tick, as one JSON line. By hand from
/// `test_support::sas::set_v0` (the PSP set, entry 1 of the container): animation 1 direction 2
/// plays block B, sprite 1 at (x2 2, y2 3) from tick 0 for 4 ticks; sprite 1's quad (-4, -8, 8 x 8
/// at u 16, v 0) is drawn at (-2, -5). Its cell is the set's second (sprite 0's quad is the first).
/// With `--position x1y1` the position is (x1 -1, y1 1) and the quad at (-5, -7).
#[test]
fn draw_prints_the_pose_at_a_tick_worked_out_by_hand() {
    let draw = |extra: &[&str]| -> Value {
        let container = fixture("synthetic.pakd");
        let mut args = vec![
            "draw",
            "--data",
            &container,
            "--entry",
            "1",
            "--animation",
            "1",
            "--direction",
            "2",
        ];
        args.extend_from_slice(extra);
        serde_json::from_str(&expect(&run(args), 0)).unwrap()
    };
    assert_eq!(
        draw(&["--tick", "3"]),
        json!({
            "animation": 1, "direction": 2, "tick": 3, "sequence": 1, "mirrored": false,
            "duration": 4, "index": 0, "start": 0, "end": 4, "frame": 1, "x": 2, "y": 3,
            "quads": [{"cell": 1, "x": -2, "y": -5, "width": 8, "height": 8, "u": 16, "v": 0,
                       "flipX": false}]
        })
    );
    // Past the block's 4 ticks the pose is held.
    assert_eq!(draw(&["--tick", "400"])["index"], 0);
    let first = draw(&["--tick", "0", "--position", "x1y1"]);
    assert_eq!((&first["x"], &first["y"]), (&json!(-1), &json!(1)));
    assert_eq!(
        (&first["quads"][0]["x"], &first["quads"][0]["y"]),
        (&json!(-5), &json!(-7))
    );
}

#[test]
fn draw_on_a_set_refuses_what_a_set_does_not_have() {
    let set = fixture("synthetic.sas3");
    let draw = |extra: &[&str]| {
        let mut args = vec!["draw", "--data", set.as_str()];
        args.extend_from_slice(extra);
        run(args)
    };
    for (extra, said) in [
        (
            &["--animation", "2", "--direction", "3", "--tick", "0"][..],
            "animation 2 has nothing in direction 3 (it has directions: 0)",
        ),
        (
            &["--animation", "3", "--direction", "0", "--tick", "0"],
            "--animation \"3\": a SAS set's animations are numbered 0..2",
        ),
        (
            &["--animation", "Walk", "--direction", "0", "--tick", "0"],
            "--animation \"Walk\": a SAS set's animations are numbered 0..2",
        ),
        (
            &["--animation", "0", "--view", "1", "--tick", "0"],
            "--view is for sprite-data documents; a SAS set is drawn with --animation N \
             --direction D --tick T",
        ),
        (
            &["--animation", "0", "--direction", "0"],
            "--tick T is needed to draw a SAS set's animation",
        ),
        (
            &["--animation", "0", "--direction", "0", "--tick", "-1"],
            "--tick -1: ticks count from 0",
        ),
    ] {
        let err = expect(&draw(extra), 2);
        assert!(err.contains(said), "{extra:?}: {err}");
    }
    // A unit document is drawn in a view, not a direction.
    let doc = test_support::fixtures::demo_document();
    let err = expect(
        &run([
            "draw",
            "--data",
            doc.to_str().unwrap(),
            "--animation",
            "Walk",
            "--direction",
            "1",
            "--tick",
            "0",
        ]),
        2,
    );
    assert!(err.contains("--direction D is for SAS sets"), "{err}");
}
