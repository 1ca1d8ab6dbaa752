//! The viewer's address parameters, held to its code: every parameter the viewer's files read
//! from the page's address (`params.get('scale')`, `wanted.get('animation')`, `numberOf(wanted,
//! 'view')`) is a row of the table under "The viewer's address" in the server's README, and
//! every row is one the code reads.

use std::collections::BTreeSet;

/// The names in `source` that follow `opening` up to the next `'`: `.get('kind')` gives `kind`.
fn quoted_after(source: &str, opening: &str) -> Vec<String> {
    source
        .match_indices(opening)
        .filter_map(|(at, _)| {
            let rest = &source[at + opening.len()..];
            let name = &rest[..rest.find('\'')?];
            let is_name = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            is_name.then(|| name.to_owned())
        })
        .collect()
}

/// What the viewer reads of its address: `X.get('NAME')` and `numberOf(X, 'NAME')` in its
/// files (the page's parameters are a `URLSearchParams`, `params` in `viewer.js`, handed to
/// each mode as `wanted`).
fn read_by_the_viewer() -> BTreeSet<String> {
    let folder = test_support::repo_root().join("crates/sprite-server/src/viewer");
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(&folder).expect("the viewer's folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "js") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("the viewer's code");
        for opening in ["params.get('", "wanted.get('", "wanted, '"] {
            names.extend(quoted_after(&source, opening));
        }
    }
    names
}

/// The first column of the table under `### The viewer's address`.
fn documented() -> BTreeSet<String> {
    let readme =
        std::fs::read_to_string(test_support::repo_root().join("crates/sprite-server/README.md"))
            .expect("the server's README");
    let section = readme
        .split("### The viewer's address")
        .nth(1)
        .expect("a section \"The viewer's address\"");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| parameter |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let first = row.split('|').nth(1).expect("a cell").trim();
            first.trim_matches('`').to_owned()
        })
        .collect()
}

#[test]
fn every_parameter_the_viewer_reads_is_documented_and_no_other() {
    let read = read_by_the_viewer();
    // The parameters the issue names, so that a change to how the code reads them (which this
    // scan would then miss) fails here rather than passing on an empty list.
    for name in ["kind", "animation", "view", "hd", "tick", "paused"] {
        assert!(read.contains(name), "the scan found no {name}: {read:?}");
    }
    let table = documented();
    let undocumented: Vec<&String> = read.difference(&table).collect();
    assert!(
        undocumented.is_empty(),
        "read by the viewer, not in the README's table: {undocumented:?}"
    );
    let unread: Vec<&String> = table.difference(&read).collect();
    assert!(
        unread.is_empty(),
        "in the README's table, not read by the viewer: {unread:?}"
    );
}
