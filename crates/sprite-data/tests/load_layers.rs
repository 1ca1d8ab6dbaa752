//! The loader and the weapon/effect layers: a unit document's `layers` cues are checked with the
//! rest of the document, and a layer document (`--weapon-data`, `--effect-data`) goes through the
//! same stages with its own format and rules. Each way of breaking them is refused with its JSON
//! path, and the loader refuses at least what the layer schema refuses.

use serde_json::{Value, json};
use sprite_data::load::{parse_document, parse_layer_document};
use sprite_inputs::documents::load_layer_document;
use test_support::schema::{self, Validator};

fn read(path: &str) -> Value {
    let path = test_support::repo_root().join(path);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A change made to a document.
type Edit = Box<dyn FnOnce(&mut Value)>;

/// The first TYPE1 sequence with cues: Swing High Fwd (102), whose cues are SetLayerPriority 17
/// and QueueSpriteAnim of weapon slot 0, both at tick 0, in a sequence of 38 ticks (the sum of
/// its delays 4+2+8+2+2+2+2+10+2+4).
const SWING: usize = 102;

#[test]
fn shipped_layer_documents_load_and_pass_their_schema() {
    for kind in ["wep1", "wep2", "eff1"] {
        let path = test_support::fixtures::layer(kind);
        let doc = load_layer_document(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.kind, kind);
        assert!(schema::layer().is_valid(&read(&format!("fixtures/layers/{kind}.json"))));
    }
}

/// `edit` applied to `base` is refused by `load` with each of `expected` in its one line; when
/// `schema` is given, that schema refuses it too (a rule it states), else it is a rule only the
/// loader states.
fn assert_refused(
    base: &Value,
    what: &str,
    edit: impl FnOnce(&mut Value),
    load: impl Fn(&[u8]) -> Result<(), String>,
    schema: Option<&Validator>,
    expected: &[&str],
) {
    let mut doc = base.clone();
    edit(&mut doc);
    let message = load(&serde_json::to_vec(&doc).unwrap()).expect_err(what);
    for part in expected {
        assert!(
            message.contains(part),
            "{what}: expected {part:?} in: {message}"
        );
    }
    assert!(!message.contains('\n'), "{what}: not one line: {message}");
    if let Some(schema) = schema {
        assert!(!schema.is_valid(&doc), "{what}: the schema accepts it");
    }
}

fn load_unit(bytes: &[u8]) -> Result<(), String> {
    parse_document(bytes, "doc.json")
        .map(drop)
        .map_err(|e| e.to_string())
}

fn load_layer(bytes: &[u8]) -> Result<(), String> {
    parse_layer_document(bytes, "wep1.json")
        .map(drop)
        .map_err(|e| e.to_string())
}

#[test]
fn a_unit_documents_layer_cues_are_checked() {
    let type1 = read("fixtures/documents/type1.json");
    assert_eq!(type1["sequences"][SWING]["name"], "Swing High Fwd");
    let cues = format!("/sequences/{SWING}/layers");
    fn cue(doc: &mut Value, k: usize) -> &mut Value {
        &mut doc["sequences"][SWING]["layers"][k]
    }
    let cases: Vec<(&str, Edit, bool, String)> = vec![
        (
            "a cue after the sequence's 38 ticks",
            Box::new(move |d| cue(d, 1)["tick"] = json!(39)),
            false,
            format!("{cues}/1/tick: tick 39 is past the sequence's 38 ticks"),
        ),
        (
            "a priority past a byte",
            Box::new(move |d| cue(d, 0)["priority"] = json!(256)),
            true,
            format!("{cues}/0/priority: 256"),
        ),
        (
            "an order naming no layer",
            Box::new(move |d| cue(d, 0)["order"] = json!(["unit", "sword"])),
            true,
            format!("{cues}/0/order/1: \"sword\" is not a layer"),
        ),
        (
            "an order of five",
            Box::new(move |d| {
                cue(d, 0)["order"] = json!(["unit", "weapon", "effect", "text", "unit"]);
            }),
            true,
            format!("{cues}/0/order: 5 layers"),
        ),
        (
            "a slot past a byte",
            Box::new(move |d| cue(d, 1)["slot"] = json!(300)),
            true,
            format!("{cues}/1/slot: 300"),
        ),
        (
            "no cues",
            Box::new(|d| d["sequences"][SWING]["layers"] = json!([])),
            true,
            format!("{cues}: empty"),
        ),
        (
            "null cues",
            Box::new(|d| d["sequences"][SWING]["layers"] = Value::Null),
            true,
            format!("{cues}: invalid type: null"),
        ),
        (
            "65 cues",
            Box::new(|d| {
                let one = d["sequences"][SWING]["layers"][1].clone();
                d["sequences"][SWING]["layers"] = Value::Array(vec![one; 65]);
            }),
            false,
            format!("{cues}: 65 layer cues, over the limit of 64 (MAX_LAYER_CUES)"),
        ),
    ];
    for (what, edit, schema_states_it, expected) in cases {
        assert_refused(
            &type1,
            what,
            edit,
            load_unit,
            schema_states_it.then(schema::unit),
            &[&expected],
        );
    }
}

#[test]
fn broken_layer_documents_are_refused_with_their_paths() {
    let wep1 = read("fixtures/layers/wep1.json");
    // Slot 0 has 10 frames and 10 delays (38 ticks) and starts effect slot 0 at its tick 16;
    // frame 0 is one tile of cell 0.
    assert_eq!(wep1["sequences"][0]["ticks"].as_array().unwrap().len(), 10);
    let cases: Vec<(&str, Edit, bool, &str)> = vec![
        (
            "ticks shorter than frames",
            Box::new(|d| {
                d["sequences"][0]["ticks"].as_array_mut().unwrap().pop();
            }),
            false,
            "/sequences/0/ticks: 9 entries for the sequence's 10 frames",
        ),
        (
            "a tile of a cell not there",
            Box::new(|d| d["frames"][0]["tiles"][0][0] = json!(999)),
            false,
            "/frames/0/tiles/0/0: cell 999 is not in cells 0..73",
        ),
        (
            "a tile far out",
            Box::new(|d| d["frames"][0]["tiles"][0][1] = json!(100_000_000)),
            false,
            "/frames/0/tiles/0/1: 100000000 pixels from the stance point, over the limit of ±256",
        ),
        (
            "an anchor far out",
            Box::new(|d| d["anchor"] = json!([0, -100_000])),
            false,
            "/anchor/1: -100000 pixels",
        ),
        (
            "a kind of the other layer",
            Box::new(|d| d["kind"] = json!("eff1")),
            false,
            "/layer: \"weapon\"; kind eff1 is the effect layer",
        ),
        (
            "the effects block for a weapon",
            Box::new(|d| {
                d["sheet"]["top"] = json!(256);
                d["sheet"]["palette"] = json!(16);
            }),
            false,
            "/sheet: top 256 and palette 16; kind wep1 has its block at top 0, palette 0",
        ),
        (
            "a turn of 400 degrees",
            Box::new(|d| d["frames"][0]["degrees"] = json!(400.0)),
            true,
            "/frames/0/degrees: 400",
        ),
        (
            "20 first frames",
            Box::new(|d| {
                d["firstFrames"].as_array_mut().unwrap().pop();
            }),
            true,
            "/firstFrames: 20 entries; one per weapon type is 21",
        ),
        (
            "a slot out of place",
            Box::new(|d| d["sequences"][0]["slot"] = json!(5)),
            false,
            "/sequences/0/slot: 5; a sequence's slot is its position, 0",
        ),
        (
            "an end no slot has",
            Box::new(|d| d["sequences"][0]["end"] = json!("bogus")),
            true,
            "/sequences/0/end: \"bogus\"",
        ),
        (
            "a cue after the slot's 38 ticks",
            Box::new(|d| d["sequences"][0]["layers"][0]["tick"] = json!(39)),
            false,
            "/sequences/0/layers/0/tick: tick 39 is past the sequence's 38 ticks",
        ),
        (
            "513 frames",
            Box::new(|d| {
                let frame = d["frames"][0].clone();
                d["frames"] = Value::Array(vec![frame; 513]);
            }),
            true,
            "/frames: 513 frames, over the limit of 512 (MAX_LAYER_FRAMES)",
        ),
        (
            "an unknown key",
            Box::new(|d| d["generatedBy"] = json!("x")),
            true,
            "/generatedBy: unknown field `generatedBy`",
        ),
    ];
    for (what, edit, schema_states_it, expected) in cases {
        assert_refused(
            &wep1,
            what,
            edit,
            load_layer,
            schema_states_it.then(schema::layer),
            &["wep1.json: ", expected],
        );
    }
}

#[test]
fn each_loader_names_the_other_format_and_a_game_file() {
    let unit = std::fs::read(test_support::fixtures::demo_document()).unwrap();
    let layer = std::fs::read(test_support::fixtures::layer("eff1")).unwrap();
    let seq = std::fs::read(test_support::fixtures::demo("DEMO.SEQ")).unwrap();
    assert_eq!(
        load_layer(&unit).unwrap_err(),
        "wep1.json: not a tactics-sprite-layer document: its \"format\" is \
         \"tactics-sprite-data\", not \"tactics-sprite-layer\""
    );
    assert_eq!(
        load_unit(&layer).unwrap_err(),
        "doc.json: not a tactics-sprite-data document: its \"format\" is \
         \"tactics-sprite-layer\", not \"tactics-sprite-data\""
    );
    for (load, name, format) in [
        (
            load_unit as fn(&[u8]) -> Result<(), String>,
            "doc.json",
            "tactics-sprite-data",
        ),
        (load_layer, "wep1.json", "tactics-sprite-layer"),
    ] {
        assert_eq!(
            load(&seq).unwrap_err(),
            format!("{name}: not a {format} document: this is a SEQ file (animation bytecode)")
        );
    }
}
