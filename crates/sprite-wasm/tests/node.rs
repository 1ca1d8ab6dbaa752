//! The WebAssembly module in node, held to the command line: builds the module
//! (`test_support::wasm`), then runs the package's `test/files.test.mjs`, which rebuilds every
//! committed document (`fixtures/documents/`, `fixtures/layers/`) from the retail files through
//! `files.mjs` and compares the bytes, and checks the TYPE1 document's sha256 against the one on
//! record ([`test_support::TYPE1_SHA256`]).
//!
//! Without the WebAssembly toolchain (Debian's `rustc-web`, `cargo-web`, `rust-web-src`,
//! `lld-19`) it prints SKIPPED; with it, a missing `node` fails under `FFT_REQUIRE_NODE=1`, and
//! missing retail files under `FFT_REQUIRE_ORIGINALS=1`.

use std::path::PathBuf;
use std::process::Command;

use serde_json::json;
use sprite_data::layer::LayerSet;
use sprite_data::profile::UNIT_KINDS;
use test_support::node::{node_or_skip, package_dir};

/// Every committed document built from the retail files, with its kind: the eight unit kinds'
/// and the three layer sets' (the demo's is built from the demo pair, not the retail files).
fn committed_documents() -> Vec<(&'static str, PathBuf)> {
    let units = UNIT_KINDS
        .iter()
        .map(|kind| (kind.name, test_support::fixtures::document(kind.name)));
    let layers = LayerSet::ALL
        .into_iter()
        .map(|layer| (layer.name(), test_support::fixtures::layer(layer.name())));
    units.chain(layers).collect()
}

#[test]
fn every_committed_document_is_rebuilt_byte_for_byte_through_the_wasm_in_node() {
    let test = "every_committed_document_is_rebuilt_byte_for_byte_through_the_wasm_in_node";
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return;
    }
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let module = test_support::wasm::build().unwrap_or_else(|e| panic!("{test}: {e}"));
    let documents = committed_documents();
    assert_eq!(documents.len(), 11, "eight unit kinds and three layer sets");
    for (_, path) in &documents {
        assert!(path.is_file(), "{} is not there", path.display());
    }
    let output = Command::new(&node)
        .args(["--test", "--test-reporter=spec", "test/files.test.mjs"])
        .current_dir(package_dir())
        .env("TACTICS_SPRITE_WASM", &module)
        .env("TACTICS_SPRITE_FILES", &originals)
        .env("TACTICS_SPRITE_DOCUMENTS", json!(documents).to_string())
        .env("TACTICS_SPRITE_TYPE1_SHA256", test_support::TYPE1_SHA256)
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
    assert!(
        stdout.contains("pass 5") && stdout.contains("skipped 0"),
        "node ran other than the five tests:\n{stdout}"
    );
}
