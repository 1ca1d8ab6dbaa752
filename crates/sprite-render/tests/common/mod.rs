//! What the tests share: the shipped documents and a scratch folder in the system temp dir
//! (pictures made from game sheets go there, never into the repository).

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use sprite_data::Document;

/// A shipped document, `fixtures/documents/<name>.json`.
pub fn document(name: &str) -> Document {
    let path = test_support::fixtures::document(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fresh folder under the system temp dir.
pub fn scratch(test: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "sprite-render-{}-{test}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    dir
}
