//! The project's JSON Schemas (`schemas/`), each compiled once per test binary, and their errors
//! as lines. Every test that holds a document to its schema takes the validator from here.
//! (Feature `schema`: `xtask`, which uses this crate for the demo models, does without.)

use std::sync::OnceLock;

pub use jsonschema::{self, Validator};
use serde_json::Value;

use crate::repo_root;

/// `schemas/<file>` read and parsed.
///
/// # Panics
/// When it cannot be read or is not JSON: the schemas are committed.
pub fn read(file: &str) -> Value {
    let path = repo_root().join("schemas").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn compile(file: &str) -> Validator {
    jsonschema::draft202012::new(&read(file))
        .unwrap_or_else(|e| panic!("schemas/{file} does not compile: {e}"))
}

/// The unit document's schema, `schemas/tactics-sprite-data.schema.json`.
pub fn unit() -> &'static Validator {
    static VALIDATOR: OnceLock<Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| compile("tactics-sprite-data.schema.json"))
}

/// The layer document's schema, `schemas/tactics-sprite-layer.schema.json`.
pub fn layer() -> &'static Validator {
    static VALIDATOR: OnceLock<Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| compile("tactics-sprite-layer.schema.json"))
}

/// The SAS set document's schema, `schemas/sas-set.schema.json`.
pub fn sas_set() -> &'static Validator {
    static VALIDATOR: OnceLock<Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| compile("sas-set.schema.json"))
}

/// Every error `validator` finds in `document`, one line each:
/// `instance path: message (schema path)`.
pub fn errors(validator: &Validator, document: &Value) -> Vec<String> {
    validator
        .iter_errors(document)
        .map(|e| format!("{}: {e} ({})", e.instance_path(), e.schema_path()))
        .collect()
}
