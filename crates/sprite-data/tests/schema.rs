//! `schemas/tactics-sprite-data.schema.json` against a real JSON Schema 2020-12 validator (the one
//! of `test_support::schema`, which every schema test shares): the schema is itself valid, what
//! we build passes it, and each way of breaking the contract that a schema can see fails it for
//! the expected reason. (Every committed document is held to its schema by golden.rs.)

use serde_json::{Value, json};
use test_support::schema::{self, Validator, jsonschema};

fn validator() -> &'static Validator {
    schema::unit()
}

/// Every error, one per line, `instance path: message (schema path)`.
fn errors(document: &Value) -> Vec<String> {
    schema::errors(validator(), document)
}

fn assert_valid(what: &str, document: &Value) {
    let errors = errors(document);
    assert!(
        errors.is_empty(),
        "{what} fails the schema:\n{}",
        errors.join("\n")
    );
}

fn demo_document() -> Value {
    let path = test_support::fixtures::demo_document();
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect("the demo is JSON")
}

#[test]
fn schema_is_valid_draft_2020_12() {
    let schema = schema::read("tactics-sprite-data.schema.json");
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    let meta_errors: Vec<String> = jsonschema::draft202012::meta::validator()
        .iter_errors(&schema)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(
        meta_errors.is_empty(),
        "the schema fails the 2020-12 metaschema:\n{}",
        meta_errors.join("\n")
    );
    validator();
}

#[test]
fn demo_built_in_process_validates() {
    let output = sprite_inputs::build::build_demo(None).expect("the demo builds");
    let document: Value = serde_json::from_slice(&output.bytes).expect("the build writes JSON");
    assert_valid("the demo built in process", &document);
}

#[test]
fn overlays_validate() {
    let mut document = demo_document();
    document["hands"] = json!({ "1": [12, -3, 90], "17": [-4.5, 2, 0] });
    document["holds"] = json!({
        "Swing High": {
            "item": "sword",
            "front": "first",
            "back": "last",
            "over": { "front": [0, -1, 2], "back": [1, 1, 1] },
            "tilt": [0.5, 1.25, -0.25],
            "slide": [0, 0.1, 0],
            "offset": [0, 0.2, 0],
            "roll": 1.57,
            "site-only": true
        },
        "Throw": {
            "item": "stone",
            "hands": { "front": [[3, -2], null], "back": [null, null] },
            "depth": 0.3,
            "thrown": { "middle": 1, "length": 2, "turns": 3 }
        }
    });
    assert_valid("the demo with hands and holds", &document);
}

/// One way to break the demo document, and where the schema must say so.
struct Broken {
    name: &'static str,
    mutate: fn(&mut Value),
    /// The instance path of an error that must be reported.
    at: &'static str,
    /// The keyword that must report it (the last segment of the error's schema path).
    keyword: &'static str,
}

/// The index of the first sequence for which `keep` holds.
fn sequence_where(document: &Value, keep: impl Fn(&Value) -> bool) -> usize {
    document["sequences"]
        .as_array()
        .expect("sequences")
        .iter()
        .position(keep)
        .expect("the demo has such a sequence")
}

fn first_moving(document: &Value) -> usize {
    sequence_where(document, |s| s.get("fb").is_some())
}

fn first_with_events(document: &Value) -> usize {
    sequence_where(document, |s| {
        s["events"].as_array().is_some_and(|e| !e.is_empty())
    })
}

const BROKEN: &[Broken] = &[
    Broken {
        name: "an unknown top-level key",
        mutate: |d| {
            d.as_object_mut()
                .expect("object")
                .insert("extra".into(), json!(1));
        },
        at: "",
        keyword: "additionalProperties",
    },
    Broken {
        name: "a tile with 6 elements",
        mutate: |d| d["frames"][1][0] = json!([1, 0, 0, 1, 1, 0]),
        at: "/frames/1/0",
        keyword: "maxItems",
    },
    Broken {
        name: "a tile whose 4th element is 0",
        mutate: |d| d["frames"][1][0] = json!([1, 0, 0, 0]),
        at: "/frames/1/0/3",
        keyword: "const",
    },
    Broken {
        name: "a tile with 2 elements",
        mutate: |d| d["frames"][1][0] = json!([1, 0]),
        at: "/frames/1/0",
        keyword: "minItems",
    },
    Broken {
        name: "a frame with no tiles",
        mutate: |d| d["frames"][1] = json!([]),
        at: "/frames/1",
        keyword: "minItems",
    },
    Broken {
        name: "fb without du",
        mutate: |d| {
            let i = first_moving(d);
            d["sequences"][i]
                .as_object_mut()
                .expect("object")
                .remove("du");
        },
        at: "/sequences/*",
        keyword: "dependentRequired",
    },
    Broken {
        name: "du without fb",
        mutate: |d| {
            let i = first_moving(d);
            d["sequences"][i]
                .as_object_mut()
                .expect("object")
                .remove("fb");
        },
        at: "/sequences/*",
        keyword: "dependentRequired",
    },
    Broken {
        name: "fb and du present but all zero",
        mutate: |d| {
            let i = first_moving(d);
            let n = d["sequences"][i]["frames"]
                .as_array()
                .expect("frames")
                .len();
            d["sequences"][i]["fb"] = json!(vec![0; n]);
            d["sequences"][i]["du"] = json!(vec![0; n]);
        },
        at: "/sequences/*",
        keyword: "anyOf",
    },
    Broken {
        name: "an all-zero rl extension",
        mutate: |d| {
            let i = first_moving(d);
            let n = d["sequences"][i]["frames"]
                .as_array()
                .expect("frames")
                .len();
            d["sequences"][i]["rl"] = json!(vec![0; n]);
        },
        at: "/sequences/*/rl",
        keyword: "contains",
    },
    Broken {
        name: "a flip extension entry of 2",
        mutate: |d| {
            let i = first_moving(d);
            d["sequences"][i]["flip"] = json!([1, 2]);
        },
        at: "/sequences/*/flip/1",
        keyword: "enum",
    },
    Broken {
        name: "an event label Foo",
        mutate: |d| {
            let i = first_with_events(d);
            d["sequences"][i]["events"][0][1] = json!("Foo");
        },
        at: "/sequences/*/events/0/1",
        keyword: "enum",
    },
    Broken {
        name: "a missing heldItemScale",
        mutate: |d| {
            d.as_object_mut().expect("object").remove("heldItemScale");
        },
        at: "",
        keyword: "required",
    },
    Broken {
        name: "formatVersion 2",
        mutate: |d| d["formatVersion"] = json!(2),
        at: "/formatVersion",
        keyword: "const",
    },
    Broken {
        name: "a cell with w 12",
        mutate: |d| d["cells"][0]["w"] = json!(12),
        at: "/cells/0/w",
        keyword: "enum",
    },
    Broken {
        name: "a cell of 56x8, not a tile size",
        mutate: |d| {
            d["cells"][0]["w"] = json!(56);
            d["cells"][0]["h"] = json!(8);
        },
        at: "/cells/0",
        keyword: "anyOf",
    },
    Broken {
        name: "seven idle frames",
        mutate: |d| d["idleFrames"] = json!([3, 2, 1, 8, 7, 6, 5]),
        at: "/idleFrames",
        keyword: "minItems",
    },
    Broken {
        name: "a hold of an axe",
        mutate: |d| d["holds"] = json!({ "Swing High": { "item": "axe" } }),
        at: "/holds",
        keyword: "oneOf",
    },
    Broken {
        name: "a hand with two numbers",
        mutate: |d| d["hands"] = json!({ "3": [1, 2] }),
        at: "/hands",
        keyword: "oneOf",
    },
];

/// Whether `path` matches `pattern`, where a `*` segment matches any one segment.
fn path_matches(pattern: &str, path: &str) -> bool {
    let (pattern, path): (Vec<&str>, Vec<&str>) =
        (pattern.split('/').collect(), path.split('/').collect());
    pattern.len() == path.len() && pattern.iter().zip(&path).all(|(p, s)| *p == "*" || p == s)
}

#[test]
fn broken_documents_fail_for_the_expected_reason() {
    let demo = demo_document();
    assert_valid("the demo", &demo);
    let mut mismatches = Vec::new();
    for case in BROKEN {
        let mut document = demo.clone();
        (case.mutate)(&mut document);
        let found: Vec<(String, String)> = validator()
            .iter_errors(&document)
            .map(|e| {
                let schema_path = e.schema_path().to_string();
                let keyword = schema_path.rsplit('/').next().unwrap_or("").to_owned();
                (e.instance_path().to_string(), keyword)
            })
            .collect();
        if !found
            .iter()
            .any(|(at, keyword)| path_matches(case.at, at) && keyword == case.keyword)
        {
            mismatches.push(format!(
                "{}: expected `{}` at {:?}, found {found:?}",
                case.name, case.keyword, case.at
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} broken documents were not caught as expected:\n{}",
        mismatches.len(),
        BROKEN.len(),
        mismatches.join("\n")
    );
}
