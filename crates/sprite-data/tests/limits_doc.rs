//! docs/limits.md is where a user reads the limits (`--help` of the drawing commands points
//! there): every row of its table that names a constant states that constant's value, and every
//! limit a user can hit has a row.

use sprite_data::limits::*;

/// `n` with a comma between each group of three digits, as the page writes large numbers.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes as the page writes them, in whole MiB.
fn mib(bytes: u64) -> String {
    assert_eq!(bytes % (1 << 20), 0, "{bytes} is not whole MiB");
    format!("{} MiB", bytes >> 20)
}

/// Each limit's constant and the words its row's value cell must hold.
fn expected() -> Vec<(&'static str, String)> {
    vec![
        ("MAX_DOCUMENT_BYTES", mib(MAX_DOCUMENT_BYTES)),
        ("MAX_CELLS", MAX_CELLS.to_string()),
        ("MAX_MAIN_FRAMES", MAX_MAIN_FRAMES.to_string()),
        ("MAX_SEQUENCES", MAX_SEQUENCES.to_string()),
        ("MAX_ANIMATIONS", MAX_ANIMATIONS.to_string()),
        ("MAX_SEQUENCE_FRAMES", MAX_SEQUENCE_FRAMES.to_string()),
        (
            "MAX_TOTAL_SEQUENCE_FRAMES",
            MAX_TOTAL_SEQUENCE_FRAMES.to_string(),
        ),
        ("MAX_SEQUENCE_EVENTS", MAX_SEQUENCE_EVENTS.to_string()),
        ("MAX_LAYER_CUES", MAX_LAYER_CUES.to_string()),
        ("MAX_LAYER_FRAMES", MAX_LAYER_FRAMES.to_string()),
        ("MAX_TILE_OFFSET", format!("±{MAX_TILE_OFFSET} px")),
        ("MAX_MOVE", format!("±{MAX_MOVE} px")),
        ("MAX_TICKS_PER_SECOND", MAX_TICKS_PER_SECOND.to_string()),
        (
            "MAX_CANVAS_SIDE",
            format!("{MAX_CANVAS_SIDE} x {MAX_CANVAS_SIDE} px"),
        ),
        (
            "MAX_PICTURE_PIXELS",
            format!("{} px", grouped(MAX_PICTURE_PIXELS)),
        ),
        (
            "MAX_ANIMATION_FRAMES",
            format!("{MAX_ANIMATION_FRAMES} frames"),
        ),
        (
            "MAX_ANIMATION_PIXELS",
            format!("{} px", grouped(MAX_ANIMATION_PIXELS)),
        ),
        ("MAX_OUTPUT_BYTES", mib(MAX_OUTPUT_BYTES)),
        ("MAX_PROFILE_BYTES", mib(MAX_PROFILE_BYTES)),
    ]
}

/// The rows of the page's limits table: (the names of the constants in the first cell, the value
/// cell).
fn table_rows(page: &str) -> Vec<(Vec<String>, String)> {
    let section = page
        .split("\n## Limits\n")
        .nth(1)
        .expect("docs/limits.md has a ## Limits section");
    section
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---"))
        .skip(1) // the header
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let names = cells[1]
                .split('`')
                .filter(|word| word.starts_with("MAX_"))
                .map(str::to_owned)
                .collect();
            (names, cells[2].to_owned())
        })
        .collect()
}

#[test]
fn the_limits_page_states_every_limit_as_the_code_has_it() {
    let page = std::fs::read_to_string(test_support::repo_root().join("docs/limits.md"))
        .expect("docs/limits.md");
    let rows = table_rows(&page);
    assert!(rows.len() >= 15, "the table was not found whole: {rows:?}");
    let expected = expected();
    for (names, value) in &rows {
        assert!(!names.is_empty(), "a row names no constant: {value}");
        for name in names {
            let (_, words) = expected
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("{name} is in docs/limits.md but not checked here"));
            assert!(
                value.contains(words.as_str()),
                "docs/limits.md: {name} is {words} in the code; the page says {value:?}"
            );
        }
    }
    for (name, _) in &expected {
        assert!(
            rows.iter()
                .any(|(names, _)| names.iter().any(|n| n == name)),
            "docs/limits.md has no row for {name}"
        );
    }
    assert_eq!(grouped(134_217_728), "134,217,728");
    assert_eq!(grouped(999), "999");
}

/// The largest document the page names is the largest shipped one, by its size on disk.
#[test]
fn the_limits_page_names_the_largest_shipped_document() {
    let page = std::fs::read_to_string(test_support::repo_root().join("docs/limits.md"))
        .expect("docs/limits.md");
    let (size, kind) = std::fs::read_dir(test_support::repo_root().join("fixtures/documents"))
        .expect("fixtures/documents")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| {
            let kind = e
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .to_uppercase();
            (e.metadata().unwrap().len(), kind)
        })
        .max()
        .expect("shipped documents");
    let row = page
        .lines()
        .find(|line| line.contains("`MAX_DOCUMENT_BYTES`"))
        .expect("the document file row");
    let said = format!("{} bytes ({kind})", grouped(size));
    assert!(
        row.contains(&said),
        "docs/limits.md: {row:?}, expected {said:?}"
    );
}
