//! The one document loader (`sprite_data::load`): every shipped document loads and is well within
//! the limits; each way of breaking a document is refused with the JSON path of the field at
//! fault; a hostile document (huge, deep, of another format) is refused early and in bounded
//! memory; and the loader refuses at least what the JSON Schema refuses.

use serde_json::{Value, json};
use sprite_data::ErrorKind;
use sprite_data::limits::{
    MAX_ANIMATIONS, MAX_CANVAS_SIDE, MAX_CELLS, MAX_DOCUMENT_BYTES, MAX_MAIN_FRAMES, MAX_MOVE,
    MAX_SEQUENCE_FRAMES, MAX_SEQUENCES, MAX_TILE_OFFSET, MAX_TOTAL_SEQUENCE_FRAMES,
};
use sprite_data::load::parse_document;
use sprite_data::pose::{IDLE, Motion, View, events_between};
use sprite_inputs::documents::load_document;
use test_support::fixtures;

use test_support::alloc::peak_memory;
use test_support::schema;

#[global_allocator]
static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;

const KINDS: [&str; 9] = [
    "demo", "type1", "type2", "cyoko", "mon", "ruka", "other", "arute", "kanzen",
];

/// The load error's text for `doc`, after checking it is refused.
fn refusal(doc: &Value) -> String {
    let bytes = serde_json::to_vec(doc).unwrap();
    match parse_document(&bytes, "doc.json") {
        Ok(_) => panic!("the document loaded"),
        Err(e) => e.to_string(),
    }
}

/// `doc` with `edit` applied is refused with a message containing each of `expected`.
fn assert_refused(what: &str, edit: impl FnOnce(&mut Value), expected: &[&str]) {
    let mut doc = fixtures::document_json("type1");
    edit(&mut doc);
    let message = refusal(&doc);
    for part in expected {
        assert!(
            message.contains(part),
            "{what}: expected {part:?} in the error, got: {message}"
        );
    }
    assert!(!message.contains('\n'), "{what}: not one line: {message}");
    assert!(message.starts_with("doc.json: "), "{what}: {message}");
}

#[test]
fn every_shipped_document_loads_and_is_well_within_the_limits() {
    for kind in KINDS {
        let path = fixtures::document(kind);
        let doc = load_document(&path).unwrap_or_else(|e| panic!("{e}"));
        let len = std::fs::metadata(&path).unwrap().len();
        // Room to spare: every count at most half its limit (an independent margin, not a value
        // read back from the code).
        assert!(len * 8 < MAX_DOCUMENT_BYTES, "{kind}: {len} bytes");
        assert!(doc.cells.len() * 4 < MAX_CELLS, "{kind}: cells");
        assert!(doc.water_offset < MAX_MAIN_FRAMES, "{kind}: main frames");
        assert!(doc.sequences.len() < MAX_SEQUENCES, "{kind}: sequences");
        assert!(
            doc.animations.len() * 2 < MAX_ANIMATIONS,
            "{kind}: animations"
        );
        let longest = doc.sequences.iter().map(|s| s.frames.len()).max().unwrap();
        assert!(
            longest * 2 < MAX_SEQUENCE_FRAMES,
            "{kind}: {longest} frames"
        );
        let total: usize = doc.sequences.iter().map(|s| s.frames.len()).sum();
        assert!(
            total * 4 < MAX_TOTAL_SEQUENCE_FRAMES,
            "{kind}: {total} frames"
        );
        let offset = doc
            .frames
            .iter()
            .flatten()
            .map(|t| t.u.unsigned_abs().max(t.v.unsigned_abs()))
            .max()
            .unwrap();
        assert!(
            offset * 3 / 2 < MAX_TILE_OFFSET as u32,
            "{kind}: offset {offset}"
        );
        let moved = doc
            .sequences
            .iter()
            .flat_map(|s| [&s.fb, &s.du, &s.rl])
            .flatten()
            .flatten()
            .map(|m| m.unsigned_abs())
            .max()
            .unwrap_or(0);
        assert!(moved * 4 < MAX_MOVE as u32, "{kind}: move {moved}");
    }
}

#[test]
fn the_canvas_limit_holds_every_document_within_the_other_limits() {
    // A tile reaches at most MAX_TILE_OFFSET + 28 (half the widest cell) from the stance point,
    // and moves add at most MAX_MOVE: the canvas is symmetric, so twice that.
    assert!(u64::from(MAX_CANVAS_SIDE) >= 2 * (MAX_TILE_OFFSET as u64 + 28 + MAX_MOVE as u64));
}

#[test]
fn out_of_range_indices_at_every_level_are_refused_with_their_paths() {
    assert_refused(
        "tile cell",
        |d| d["frames"][5][0][0] = json!(197),
        &["/frames/5/0/0", "cell 197 is not in cells 0..196"],
    );
    assert_refused(
        "sequence frame",
        |d| d["sequences"][102]["frames"][1] = json!(200),
        &[
            "/sequences/102/frames/1",
            "frame 200 is not a main frame",
            "0..181",
        ],
    );
    assert_refused(
        "a water frame as a sequence frame (its water copy would be past the end)",
        |d| d["sequences"][3]["frames"][0] = json!(182),
        &["/sequences/3/frames/0", "waterOffset 182"],
    );
    assert_refused(
        "idle frame",
        |d| d["idleFrames"][7] = json!(364),
        &["/idleFrames/7", "frame 364"],
    );
    assert_refused(
        "animation front",
        |d| d["animations"][10]["front"] = json!(218),
        &[
            "/animations/10/front",
            "sequence 218 is not in sequences 0..217",
        ],
    );
    assert_refused(
        "animation back",
        |d| d["animations"][0]["back"] = json!(4_000_000_000u32),
        &["/animations/0/back", "sequence 4000000000"],
    );
    assert_refused(
        "cell id",
        |d| d["cells"][4]["id"] = json!(5),
        &["/cells/4/id", "its position, 4"],
    );
    assert_refused(
        "sequence seq",
        |d| d["sequences"][9]["seq"] = json!(8),
        &["/sequences/9/seq"],
    );
    assert_refused(
        "cell past the sheet",
        |d| d["cells"][0] = json!({"id": 0, "x": 0, "y": 480, "w": 16, "h": 16}),
        &["/cells/0", "reaches past the 256 x 488 sheet"],
    );
    assert_refused(
        "frame count against waterOffset",
        |d| d["waterOffset"] = json!(181),
        &[
            "/frames: 364 frames; waterOffset 181",
            "/sequences/155/frames/0: frame 181",
        ],
    );
    assert_refused(
        "a negative index",
        |d| d["animations"][0]["front"] = json!(-1),
        &["/animations/0/front", "invalid value: integer `-1`"],
    );
}

#[test]
fn huge_moves_ticks_and_offsets_are_refused_naming_the_limit() {
    // The document of the issue: Swing High's fb at 100,000,000 (the render that asked for 49 GB).
    assert_refused(
        "huge fb",
        |d| {
            let swing = d["animations"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["name"] == "Swing High")
                .unwrap()["front"]
                .as_u64()
                .unwrap() as usize;
            let fb = d["sequences"][swing]["fb"].as_array_mut().unwrap();
            for m in fb.iter_mut() {
                *m = json!(100_000_000);
            }
        },
        &["/fb/0", "a move of 100000000 pixels", "±256 (MAX_MOVE)"],
    );
    assert_refused(
        "huge du",
        |d| d["sequences"][102]["du"] = json!(vec![-300; 8]),
        &["/sequences/102/du/0", "-300"],
    );
    assert_refused(
        "huge delay",
        |d| d["sequences"][6]["ticks"][0] = json!(1_000_000_000),
        &["/sequences/6/ticks/0", "a delay is a byte"],
    );
    assert_refused(
        "event past the end",
        |d| d["sequences"][102]["events"][0][0] = json!(4_000_000_000u32),
        &["/sequences/102/events/0/0", "past the sequence's"],
    );
    assert_refused(
        "tile far away",
        |d| d["frames"][0][0][1] = json!(-100_000),
        &["/frames/0/0/1", "MAX_TILE_OFFSET"],
    );
    assert_refused(
        "number past i32",
        |d| d["frames"][0][0][2] = json!(1u64 << 40),
        &["/frames/0/0", "invalid value"],
    );
    assert_refused(
        "ticks per second",
        |d| d["stage"]["ticksPerSecond"] = json!(0),
        &["/stage/ticksPerSecond", "MAX_TICKS_PER_SECOND"],
    );
}

#[test]
fn empty_and_mismatched_lists_are_refused() {
    assert_refused(
        "no frames in a sequence",
        |d| {
            d["sequences"][6]["frames"] = json!([]);
            d["sequences"][6]["ticks"] = json!([]);
        },
        &["/sequences/6/frames: empty"],
    );
    assert_refused(
        "ticks shorter than frames",
        |d| {
            d["sequences"][6]["ticks"].as_array_mut().unwrap().pop();
        },
        &["/sequences/6/ticks", "entries for the sequence's"],
    );
    assert_refused(
        "fb longer than frames",
        |d| {
            d["sequences"][102]["fb"]
                .as_array_mut()
                .unwrap()
                .push(json!(1))
        },
        &["/sequences/102/fb", "9 entries for the sequence's 8 frames"],
    );
    assert_refused(
        "fb without du",
        |d| {
            d["sequences"][102].as_object_mut().unwrap().remove("du");
        },
        &["/sequences/102/du: missing"],
    );
    assert_refused("no cells", |d| d["cells"] = json!([]), &["/cells: empty"]);
    assert_refused(
        "no frames",
        |d| d["frames"] = json!([]),
        &["/frames: 0 frames"],
    );
    assert_refused(
        "an empty frame",
        |d| d["frames"][3] = json!([]),
        &["/frames/3: 0 tiles"],
    );
    assert_refused(
        "nine tiles",
        |d| d["frames"][3] = json!(vec![json!([0, 0, 0]); 9]),
        &["/frames/3: 9 tiles"],
    );
    assert_refused(
        "nine idle frames",
        |d| d["idleFrames"].as_array_mut().unwrap().push(json!(1)),
        &["/idleFrames: 9 entries"],
    );
    assert_refused(
        "seven idle frames",
        |d| {
            d["idleFrames"].as_array_mut().unwrap().pop();
        },
        &["/idleFrames: 7 entries"],
    );
    assert_refused(
        "a short tile",
        |d| d["frames"][2][0] = json!([1, 2]),
        &["/frames/2/0", "invalid length 2"],
    );
    assert_refused(
        "two animations of one name",
        |d| d["animations"][1]["name"] = d["animations"][0]["name"].clone(),
        &["/animations/1/name", "named twice"],
    );
    // Found by the fuzz target mutate_document: serde reads a missing Option as None.
    for (what, path, key) in [
        ("no holds", "", "holds"),
        ("no hands", "", "hands"),
        ("no hitTick", "/animations/0", "hitTick"),
    ] {
        let mut doc = fixtures::document_json("type1");
        doc.pointer_mut(path)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .remove(key);
        let message = refusal(&doc);
        assert!(
            message.contains(&format!("missing field `{key}`")),
            "{what}: {message}"
        );
    }
    // Found by the fuzz target mutate_document: serde reads an explicit null as absent.
    for (what, path, key) in [
        ("idleFlip null", "", "idleFlip"),
        ("sp2 null", "", "sp2"),
        ("fb null", "/sequences/102", "fb"),
        ("rl null", "/sequences/0", "rl"),
        ("mode null", "/animations/0", "mode"),
    ] {
        let mut doc = fixtures::document_json("type1");
        doc.pointer_mut(path)
            .unwrap()
            .as_object_mut()
            .unwrap()
            .insert(key.into(), Value::Null);
        let message = refusal(&doc);
        assert!(
            message.contains(&format!("{path}/{key}: invalid type: null")),
            "{what}: {message}"
        );
    }
    assert_refused(
        "an unknown field",
        |d| d["sequences"][0]["speed"] = json!(2),
        &["/sequences/0", "unknown field `speed`"],
    );
}

#[test]
fn the_error_lists_the_first_problems_and_counts_the_rest() {
    let mut doc = fixtures::document_json("type1");
    for f in 0..20 {
        doc["frames"][f][0][0] = json!(1000);
    }
    let message = refusal(&doc);
    assert!(
        message.contains("20 problems: /frames/0/0/0: cell 1000"),
        "{message}"
    );
    assert!(message.contains("/frames/4/0/0"), "{message}");
    assert!(!message.contains("/frames/5/0/0"), "{message}");
    assert!(message.ends_with("; and 15 more"), "{message}");
}

#[test]
fn an_error_never_repeats_control_characters_or_a_huge_key() {
    // Found by the fuzz target mutate_document: serde's message repeats an unknown key whole, so
    // a key with a newline broke the one-line error (and a terminal escape would reach the
    // terminal).
    for key in [
        "b`####\n####'*".to_owned(),
        "\u{1b}[2J\u{1b}[31mred".to_owned(),
        "k".repeat(100_000),
    ] {
        let mut doc = fixtures::document_json("type1");
        doc["sheet"][key.as_str()] = json!(1);
        let message = refusal(&doc);
        assert!(
            !message.chars().any(char::is_control),
            "control characters in: {message:?}"
        );
        assert!(message.len() < 1000, "{} bytes", message.len());
        assert!(message.contains("/sheet/"), "{message}");
    }
}

#[test]
fn deep_nesting_is_refused_without_exhausting_the_stack() {
    // In `hands` (a free JSON value) serde_json's nesting limit refuses it; under an unknown key
    // the key itself is refused before its value is read (and the format probe skips the value
    // without recursing).
    for (what, depth, expected) in [
        ("hands", 100_000, "recursion limit exceeded"),
        ("an unknown key", 1_000_000, "/deep: unknown field `deep`"),
    ] {
        let mut doc = fixtures::document_json("type1");
        let key = if what == "hands" { "hands" } else { "deep" };
        doc.as_object_mut().unwrap().remove(key);
        let mut text = serde_json::to_string(&doc).unwrap();
        text.pop(); // the closing brace
        text.push_str(&format!(",\"{key}\":"));
        text.push_str(&"[".repeat(depth));
        text.push_str(&"]".repeat(depth));
        text.push('}');
        let message = parse_document(text.as_bytes(), "deep.json")
            .unwrap_err()
            .to_string();
        assert!(message.contains(expected), "{what}: {message}");
    }
}

#[test]
fn a_one_gigabyte_file_is_refused_by_its_size_before_it_is_read() {
    let dir = test_support::temp_dir("load-1gb");
    let path = dir.join("huge.json");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(1 << 30).unwrap(); // sparse: no disk used
    drop(file);
    let (result, peak) = peak_memory(|| load_document(&path));
    let error = result.unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::DocumentTooLarge { len } if *len == 1 << 30),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        format!(
            "{}: 1073741824 bytes, over the limit of 2097152 bytes for a document \
             (MAX_DOCUMENT_BYTES); not read",
            path.display()
        )
    );
    assert!(peak < 64 * 1024, "refusing held {peak} bytes");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn documents_of_other_formats_are_named_as_such() {
    let cases: [(&str, &[u8], &str); 8] = [
        (
            "an Aseprite export",
            br#"{"frames": {}, "meta": {"app": "https://www.aseprite.org/"}}"#,
            "not a tactics-sprite-data document: it has no \"format\": \"tactics-sprite-data\"",
        ),
        (
            "another format",
            br#"{"format": "tactics-sprite-atlas", "formatVersion": 1}"#,
            "its \"format\" is \"tactics-sprite-atlas\", not \"tactics-sprite-data\"",
        ),
        (
            "a later version",
            br#"{"format": "tactics-sprite-data", "formatVersion": 2}"#,
            "formatVersion 2; this tool reads formatVersion 1",
        ),
        (
            "an array",
            b"[1, 2, 3]",
            "not a tactics-sprite-data document: the top level is not a JSON object",
        ),
        (
            "a PNG",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
            "not a tactics-sprite-data document: this is a PNG picture",
        ),
        ("an empty file", b"", "not JSON: EOF while parsing a value"),
        (
            "a truncated document",
            br#"{"format": "tactics-sprite-data", "formatVersion": 1, "cells": ["#,
            "not JSON: EOF while parsing",
        ),
        (
            "trailing text",
            b"{\"format\": \"tactics-sprite-data\", \"formatVersion\": 1} {}",
            "not JSON: trailing characters",
        ),
    ];
    for (what, bytes, expected) in cases {
        let message = parse_document(bytes, "x.json").unwrap_err().to_string();
        assert!(
            message.starts_with("x.json: ") && message.contains(expected),
            "{what}: {message}"
        );
    }
}

#[test]
fn each_way_of_refusing_a_document_has_its_kind() {
    let kind_of = |bytes: &[u8]| {
        let error = parse_document(bytes, "x.json").unwrap_err();
        assert_eq!(error.context(), ["x.json"], "{error}");
        error.into_kind()
    };
    let missing = load_document(std::path::Path::new("/nonexistent/doc.json")).unwrap_err();
    assert_eq!(missing.context(), ["/nonexistent/doc.json"]);
    assert_eq!(
        missing.kind().io_error().map(std::io::Error::kind),
        Some(std::io::ErrorKind::NotFound)
    );
    let over = vec![b' '; MAX_DOCUMENT_BYTES as usize + 1];
    assert!(matches!(
        kind_of(&over),
        ErrorKind::DocumentTooLarge { len } if len == MAX_DOCUMENT_BYTES + 1
    ));
    assert!(matches!(kind_of(b""), ErrorKind::NotJson(_)));
    assert!(matches!(
        kind_of(b"[1, 2, 3]"),
        ErrorKind::OtherFormat {
            format: "tactics-sprite-data",
            ..
        }
    ));
    let mut doc = fixtures::document_json("type1");
    doc["cells"] = json!("none");
    assert!(matches!(
        kind_of(&serde_json::to_vec(&doc).unwrap()),
        ErrorKind::Shape { path, .. } if path == "/cells"
    ));
    // TYPE1 has cells 0..196 (docs/derivation.md "cells": 197 cells).
    let mut doc = fixtures::document_json("type1");
    doc["frames"][5][0][0] = json!(197);
    match kind_of(&serde_json::to_vec(&doc).unwrap()) {
        ErrorKind::InvalidDocument { problems, more: 0 } => {
            assert_eq!(problems, ["/frames/5/0/0: cell 197 is not in cells 0..196"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn loading_holds_a_bounded_multiple_of_the_input() {
    // The largest shipped document, and a document of the largest size full of tiles (the
    // densest JSON the loader turns into values).
    let type2 = std::fs::read(fixtures::document("type2")).unwrap();
    let mut dense = fixtures::document_json("type1");
    let tile = json!([0, 0, 0]);
    let filler: Vec<Value> = (0..(MAX_DOCUMENT_BYTES as usize / 8))
        .map(|_| tile.clone())
        .collect();
    dense["frames"][0] = Value::Array(filler);
    let mut dense = serde_json::to_vec(&dense).unwrap();
    dense.truncate(MAX_DOCUMENT_BYTES as usize - 2);
    while dense.last() != Some(&b']') {
        dense.pop();
    }
    dense.extend_from_slice(b"]]}");
    // A `format` that is no string but a long list of nested empty lists (what the
    // mutate_document fuzz target found: the format probe built it whole as JSON values, 41 MB
    // for 388 KB); refused as another format.
    let mut nested = fixtures::document_json("type1");
    nested["format"] = Value::Array(vec![json!([[[[[[]]]]]]); MAX_DOCUMENT_BYTES as usize / 16]);
    let nested = serde_json::to_vec(&nested).unwrap();
    assert!(
        nested.len() as u64 <= MAX_DOCUMENT_BYTES,
        "{}",
        nested.len()
    );
    let refused = parse_document(&nested, "nested.json").unwrap_err();
    assert!(
        matches!(refused.kind(), ErrorKind::OtherFormat { .. }),
        "{refused}"
    );
    for (what, bytes) in [("type2", &type2), ("dense", &dense), ("nested", &nested)] {
        let (_, peak) = peak_memory(|| parse_document(bytes, what));
        assert!(
            peak <= 16 * bytes.len() + (1 << 20),
            "{what}: loading held {peak} bytes for {} bytes",
            bytes.len()
        );
    }
}

/// Every animation (and Idle) of a document that loads can be posed at any view and tick, water
/// or not: the loader's promise that a loaded document is safe for every command.
#[test]
fn a_loaded_document_poses_everywhere() {
    for kind in KINDS {
        let doc = load_document(&fixtures::document(kind)).unwrap();
        let names: Vec<&str> = std::iter::once(IDLE)
            .chain(doc.animations.iter().map(|a| a.name.as_str()))
            .collect();
        for name in names {
            let motion = Motion::find(&doc, name).unwrap();
            for view in 0..8 {
                for tick in [0, 1, 17, 18, 399, 400, i64::from(u32::MAX), i64::MAX] {
                    for water in [false, true] {
                        motion
                            .pose(&doc, View::new(view).unwrap(), tick, water)
                            .unwrap_or_else(|e| panic!("{kind} {name} {view} {tick}: {e}"));
                    }
                }
            }
        }
        for sequence in &doc.sequences {
            events_between(sequence, 0, i64::MAX).unwrap();
        }
    }
}

/// The loader writes the schema's rules in code: every edit here breaks one schema rule (the
/// schema refuses it), and the loader must refuse it too.
#[test]
fn the_loader_refuses_what_the_schema_refuses() {
    type Edit = fn(&mut Value);
    let edits: &[(&str, Edit)] = &[
        ("version", |d| d["version"] = json!("1.0")),
        ("notice", |d| d["notice"] = json!("")),
        ("sheet width", |d| d["sheet"]["width"] = json!(512)),
        ("sheet height", |d| d["sheet"]["height"] = json!(300)),
        ("sheet file", |d| d["sheet"]["file"] = json!("")),
        ("origin", |d| d["stage"]["originColumn"] = json!(-1)),
        ("stance width", |d| d["stage"]["stanceWidth"] = json!(0)),
        ("waterOffset 0", |d| d["waterOffset"] = json!(0)),
        ("idleFlip all 0", |d| {
            d["idleFlip"] = json!([0, 0, 0, 0, 0, 0, 0, 0])
        }),
        ("idleFlip 2", |d| {
            d["idleFlip"] = json!([0, 0, 0, 0, 0, 2, 1, 1])
        }),
        ("cell x", |d| d["cells"][0]["x"] = json!(3)),
        ("cell size", |d| d["cells"][0]["w"] = json!(40)),
        ("tile flip 2", |d| d["frames"][0][0] = json!([0, 1, 1, 2])),
        ("tile flip 0", |d| d["frames"][0][0] = json!([0, 1, 1, 0])),
        ("raw 256", |d| d["sequences"][0]["raw"] = json!(256)),
        ("name empty", |d| d["sequences"][0]["name"] = json!("")),
        ("rl all 0", |d| {
            let n = d["sequences"][0]["frames"].as_array().unwrap().len();
            d["sequences"][0]["rl"] = json!(vec![0; n]);
        }),
        ("flip 2", |d| {
            let n = d["sequences"][0]["frames"].as_array().unwrap().len();
            d["sequences"][0]["flip"] = json!(vec![2; n]);
        }),
        ("sheet 0", |d| d["sequences"][0]["sheet"] = json!(0)),
        ("event label", |d| {
            d["sequences"][102]["events"][0][1] = json!("Jump")
        }),
        ("fb and du all 0", |d| {
            let n = d["sequences"][0]["frames"].as_array().unwrap().len();
            d["sequences"][0]["fb"] = json!(vec![0; n]);
            d["sequences"][0]["du"] = json!(vec![0; n]);
        }),
        ("category", |d| d["animations"][0]["category"] = json!("")),
        ("mode", |d| d["animations"][0]["mode"] = json!("")),
        ("hitTick", |d| d["animations"][0]["hitTick"] = json!(-2)),
        ("hands key", |d| d["hands"] = json!({"x": [1, 2, 3]})),
        ("hands value", |d| d["hands"] = json!({"3": [1, 2]})),
        ("holds item", |d| {
            d["holds"] = json!({"Walk": {"item": "axe"}})
        }),
        ("holds front", |d| {
            d["holds"] = json!({"Walk": {"item": "sword", "front": "middle"}})
        }),
        ("heldItemScale", |d| d["heldItemScale"] = json!(4)),
        ("sp2 without sheet 1", |d| {
            d["sp2"] = json!({"file": "X.SP2", "width": 256, "height": 256});
        }),
        ("sp2 height", |d| {
            d["sp2"] = json!({"file": "X.SP2", "width": 256, "height": 488});
            d["sequences"][0]["sheet"] = json!(1);
        }),
    ];
    for (what, edit) in edits {
        let mut doc = fixtures::document_json("type1");
        edit(&mut doc);
        let schema_rejects = !schema::unit().is_valid(&doc);
        let loader_rejects = parse_document(&serde_json::to_vec(&doc).unwrap(), what).is_err();
        // "sp2 without sheet 1" is a rule the schema can only describe: the loader is stricter.
        if *what != "sp2 without sheet 1" {
            assert!(
                schema_rejects,
                "{what}: the schema accepts it; not a schema rule"
            );
        }
        assert!(
            loader_rejects,
            "{what}: the schema refuses it, the loader accepts it"
        );
    }
    for kind in KINDS {
        let doc: Value =
            serde_json::from_str(&std::fs::read_to_string(fixtures::document(kind)).unwrap())
                .unwrap();
        assert!(schema::unit().is_valid(&doc), "{kind} fails the schema");
    }
}

/// An object of the format given as the array of its values in order (which serde's derived
/// readers took, and the schema refuses: a `mutate_document` find) is refused at its path.
#[test]
fn an_object_given_as_the_array_of_its_values_is_refused() {
    let as_array =
        |object: &Value| Value::Array(object.as_object().unwrap().values().cloned().collect());
    for path in [
        "/stage",
        "/sheet",
        "/cells/0",
        "/sequences/0",
        "/animations/0",
    ] {
        let mut doc = fixtures::document_json("type1");
        let object = doc.pointer(path).unwrap().clone();
        *doc.pointer_mut(path).unwrap() = as_array(&object);
        let bytes = serde_json::to_vec(&doc).unwrap();
        assert!(
            schema::unit().iter_errors(&doc).next().is_some(),
            "{path}: the schema takes it"
        );
        let Err(error) = parse_document(&bytes, "x.json") else {
            panic!("{path}: an array of its values loads");
        };
        assert!(
            matches!(error.kind(), ErrorKind::Shape { path: at, message } if at == path && message.contains("expected an object")),
            "{path}: {error}"
        );
    }
    let text = std::fs::read_to_string(test_support::fixtures::layer("wep1")).unwrap();
    for path in ["/sheet", "/frames/0", "/sequences/0"] {
        let mut doc: Value = serde_json::from_str(&text).unwrap();
        let object = doc.pointer(path).unwrap().clone();
        *doc.pointer_mut(path).unwrap() = as_array(&object);
        let bytes = serde_json::to_vec(&doc).unwrap();
        let Err(error) = sprite_data::parse_layer_document(&bytes, "wep1.json") else {
            panic!("{path}: an array of its values loads");
        };
        assert!(
            matches!(error.kind(), ErrorKind::Shape { path: at, .. } if at == path),
            "{path}: {error}"
        );
    }
}

/// The document library reads no file (docs "Data types do no I/O"; the browser build has no file
/// system): no source of it opens one, so every read goes through `sprite_inputs`' capped reader,
/// where `serve --watch` sees it. `output.rs`, which writes a document atomically, is the one
/// file that touches the file system.
#[test]
fn the_library_opens_no_file() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut folders = vec![src.clone()];
    let mut opening = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("output.rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for call in [
                    "File::open",
                    "fs::read",
                    "fs::File",
                    "OpenOptions",
                    "read_dir",
                ] {
                    if text.contains(call) {
                        opening.push(format!("{}: {call}", path.display()));
                    }
                }
            }
        }
    }
    assert!(opening.is_empty(), "{opening:#?}");
}
