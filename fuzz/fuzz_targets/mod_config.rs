//! Any bytes as a mod's `ModConfig.json` (`sprite_inputs::mod_folder::config::ModConfig::parse`,
//! what `mod add`, `mod check` and `mod ls` read from a downloaded mod): no panic; a refusal is
//! one line holding no control character (issue 38: no input writes to the terminal); a
//! description that parses writes bytes that parse back to it (its fields, and the names of the
//! fields unknown to us, kept in order: their values may hold floats, which `serde_json` reads
//! to the nearest value only with a feature we do not use), and its report line (`describe`,
//! which `mod check` and `mod ls` print) holds no control character whatever its strings hold.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sprite_inputs::mod_folder::config::ModConfig;

fuzz_target!(|data: &[u8]| {
    let config = match ModConfig::parse(data) {
        Ok(config) => config,
        Err(error) => {
            let line = error.to_string();
            assert!(
                !line.chars().any(char::is_control),
                "a refusal with a control character: {line:?}"
            );
            return;
        }
    };
    let described = config.describe();
    assert!(
        !described.chars().any(char::is_control),
        "a report line with a control character: {described:?}"
    );
    let written = config.to_bytes();
    let again = ModConfig::parse(&written).unwrap_or_else(|e| {
        panic!(
            "what it writes does not parse ({e}): {}",
            String::from_utf8_lossy(&written)
        )
    });
    let keys = |c: &ModConfig| c.other.keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&again), keys(&config), "the unknown fields read back otherwise");
    let known = |c: ModConfig| ModConfig {
        other: serde_json::Map::new(),
        ..c
    };
    assert_eq!(known(again), known(config), "what it writes reads back otherwise");
});
