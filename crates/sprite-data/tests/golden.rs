//! The golden harness: every committed document (`fixtures/documents/*.json`, the units', and
//! `fixtures/layers/*.json`, the layers') is built again from its sources and compared byte for
//! byte with its file, and every file is held to its schema. One test walks both folders, checks
//! every file, and fails once, listing every problem of every file (a stale document, a stray
//! file, a missing one, a build that differs from itself, a schema error), each stale one with
//! its first differing lines as a `pretty_assertions` line diff.
//!
//! A document built from game files is skipped (one `SKIPPED` line names all such) when they are
//! not in `FFT_ORIGINALS`; under `FFT_REQUIRE_ORIGINALS=1` that is one of the problems listed. The
//! committed files are regenerated only by `cargo xtask bless` (`fixtures/documents/README.md`).

use std::path::{Path, PathBuf};

use serde_json::Value;
use sprite_data::NamedBytes;
use sprite_data::layer::LayerSet;
use sprite_data::profile::{UNIT_KINDS, UnitKind};
use sprite_inputs::build::{build_demo, build_from_bytes};
use sprite_inputs::layers::build_layer_from_folder;
use test_support::schema::{self, Validator};
use test_support::{
    find_by_either_name, originals_folder, remaster_name, repo_root, text_difference, unchecked,
};

const TEST: &str = "every_golden_file_is_what_the_build_writes";
/// The schema errors shown per file.
const SHOWN_SCHEMA_ERRORS: usize = 5;
/// The characters shown of a schema error (the validator quotes the whole offending value).
const SCHEMA_ERROR_CHARS: usize = 240;

/// What `cargo xtask bless` writes a committed document from.
#[derive(Clone, Copy)]
enum Recipe {
    /// The synthetic demo pair of `fixtures/demo/`.
    Demo,
    /// A unit kind's SHP and SEQ, with its built-in profile.
    Unit(&'static UnitKind),
    /// A weapon or effect layer's SHP and SEQ.
    Layer(LayerSet),
}

/// One committed document: where it is, what it is built from, the schema it follows.
struct Golden {
    folder: &'static str,
    name: String,
    recipe: Recipe,
}

impl Golden {
    fn path(&self) -> String {
        format!("{}/{}", self.folder, self.name)
    }

    fn schema(&self) -> &'static Validator {
        match self.recipe {
            Recipe::Demo | Recipe::Unit(_) => schema::unit(),
            Recipe::Layer(_) => schema::layer(),
        }
    }
}

/// Every document `cargo xtask bless` writes: the demo's, each unit kind's, each layer's.
fn goldens() -> Vec<Golden> {
    let unit = |name: &str, recipe| Golden {
        folder: "fixtures/documents",
        name: format!("{name}.json"),
        recipe,
    };
    std::iter::once(unit("demo", Recipe::Demo))
        .chain(
            UNIT_KINDS
                .iter()
                .map(|kind| unit(kind.name, Recipe::Unit(kind))),
        )
        .chain(LayerSet::ALL.into_iter().map(|kind| Golden {
            folder: "fixtures/layers",
            name: format!("{kind}.json"),
            recipe: Recipe::Layer(kind),
        }))
        .collect()
}

/// Why a document was not built.
enum NotBuilt {
    /// Its game files are not there: skipped, or a problem under `FFT_REQUIRE_ORIGINALS=1`.
    Missing(String),
    /// The build failed: always a problem.
    Failed(String),
}

/// The game files `disc_names` in the originals folder, or which are missing.
fn game_files(
    originals: &Result<PathBuf, String>,
    disc_names: &[&str],
) -> Result<Vec<Vec<u8>>, NotBuilt> {
    let dir = originals
        .as_ref()
        .map_err(|why| NotBuilt::Missing(why.clone()))?;
    disc_names
        .iter()
        .map(|name| {
            let path = find_by_either_name(dir, name).ok_or_else(|| {
                NotBuilt::Missing(format!(
                    "no {name} (or {}) in {} ($FFT_ORIGINALS)",
                    remaster_name(name),
                    dir.display()
                ))
            })?;
            std::fs::read(&path)
                .map_err(|e| NotBuilt::Failed(format!("{}: cannot read: {e}", path.display())))
        })
        .collect()
}

/// The document's canonical bytes, built as `cargo xtask bless` builds them.
fn build(recipe: Recipe, originals: &Result<PathBuf, String>) -> Result<Vec<u8>, NotBuilt> {
    let failed = |e: &dyn std::fmt::Display| NotBuilt::Failed(format!("the build fails: {e}"));
    match recipe {
        Recipe::Demo => build_demo(None).map(|o| o.bytes).map_err(|e| failed(&e)),
        Recipe::Unit(kind) => {
            let profile = kind.load();
            let files = game_files(originals, &[&profile.shp, &profile.seq])?;
            build_from_bytes(
                NamedBytes {
                    name: &profile.shp,
                    bytes: &files[0],
                },
                NamedBytes {
                    name: &profile.seq,
                    bytes: &files[1],
                },
                &profile,
                None,
            )
            .map(|o| o.bytes)
            .map_err(|e| failed(&e))
        }
        Recipe::Layer(kind) => {
            let (shp, seq) = kind.files();
            game_files(originals, &[shp, seq])?;
            let dir = originals.as_ref().expect("game_files found the folder");
            build_layer_from_folder(dir, kind)
                .map(|doc| doc.to_bytes())
                .map_err(|e| failed(&e))
        }
    }
}

/// The `.json` files of a folder of the repository, by name.
fn json_files(folder: &str) -> Vec<String> {
    let dir = repo_root().join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| Path::new(name).extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    names
}

/// The schema errors of a committed text, or why it is not JSON.
fn schema_problems(golden: &Golden, text: &str) -> Option<String> {
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => return Some(format!("not JSON: {e}")),
    };
    let errors = schema::errors(golden.schema(), &value);
    (!errors.is_empty()).then(|| {
        let shown: Vec<String> = errors
            .iter()
            .take(SHOWN_SCHEMA_ERRORS)
            .map(|e| match e.char_indices().nth(SCHEMA_ERROR_CHARS) {
                Some((cut, _)) => format!("{} [...]", &e[..cut]),
                None => e.clone(),
            })
            .collect();
        format!(
            "{} schema error{}{}:\n  {}",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            if shown.len() < errors.len() {
                format!(" (the first {})", shown.len())
            } else {
                String::new()
            },
            shown.join("\n  ")
        )
    })
}

/// Every problem of one committed document, each a paragraph starting with its path, and why it
/// was not built when its game files are missing.
fn check(golden: &Golden, originals: &Result<PathBuf, String>) -> (Vec<String>, Option<String>) {
    let path = golden.path();
    let text = match std::fs::read(repo_root().join(&path)) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => return (vec![format!("{path}: not UTF-8")], None),
        },
        Err(e) => {
            let problem = format!("{path}: cannot read ({e}); `cargo xtask bless` writes it");
            return (vec![problem], None);
        }
    };
    let mut problems: Vec<String> = schema_problems(golden, &text)
        .map(|p| format!("{path}: {p}"))
        .into_iter()
        .collect();
    match build(golden.recipe, originals) {
        Ok(built) => {
            if build(golden.recipe, originals).ok().as_ref() != Some(&built) {
                problems.push(format!("{path}: two builds of the same files differ"));
            }
            let built = String::from_utf8_lossy(&built);
            if let Some(diff) = text_difference(&text, &built) {
                problems.push(format!("{path} is stale: {diff}"));
            }
        }
        Err(NotBuilt::Missing(why)) => return (problems, Some(why)),
        Err(NotBuilt::Failed(why)) => problems.push(format!("{path}: {why}")),
    }
    (problems, None)
}

#[test]
fn every_golden_file_is_what_the_build_writes() {
    let goldens = goldens();
    let originals = originals_folder();
    let mut problems = Vec::new();
    // A file no build writes is stale forever: a renamed kind, a hand-made copy.
    for folder in ["fixtures/documents", "fixtures/layers"] {
        for name in json_files(folder) {
            if !goldens.iter().any(|g| g.folder == folder && g.name == name) {
                problems.push(format!(
                    "{folder}/{name}: no build writes this file (`cargo xtask bless` writes demo.json, \
                     one file per built-in kind and one per layer)"
                ));
            }
        }
    }
    let mut not_built: Vec<(String, String)> = Vec::new();
    for golden in &goldens {
        let (found, missing) = check(golden, &originals);
        problems.extend(found);
        not_built.extend(missing.map(|why| (golden.path(), why)));
    }
    if !not_built.is_empty() {
        // One line for all of them: usually one reason (no originals folder) for most files.
        let why = if not_built.iter().all(|(_, why)| *why == not_built[0].1) {
            let paths: Vec<&str> = not_built.iter().map(|(path, _)| path.as_str()).collect();
            format!("{} not built: {}", paths.join(", "), not_built[0].1)
        } else {
            let each: Vec<String> = not_built
                .iter()
                .map(|(path, why)| format!("{path} ({why})"))
                .collect();
            format!("not built: {}", each.join("; "))
        };
        problems.extend(unchecked(TEST, &why));
    }
    assert!(
        problems.is_empty(),
        "{} problem{} in the {} golden files:\n\n{}\n\nIf a change is intended, regenerate the files with \
         `cargo xtask bless` and review the diff.",
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        goldens.len(),
        problems.join("\n\n")
    );
}

/// The diff report names where a one-byte change is, shows both versions of the line, and stays
/// bounded when everything changed.
#[test]
fn a_stale_document_is_reported_by_its_lines() {
    let path = test_support::fixtures::demo_document();
    let shipped = std::fs::read_to_string(&path).unwrap();
    let line = shipped
        .lines()
        .position(|l| l.contains("\"Attack Fwd\""))
        .expect("the demo has Attack Fwd")
        + 1;
    let tampered = shipped.replacen(
        "\"Attack Fwd\", \"loop\": false",
        "\"Attack Fwd\", \"loop\": true",
        1,
    );
    assert_ne!(tampered, shipped);
    let report = without_colours(&text_difference(&shipped, &tampered).expect("a difference"));
    let column = shipped
        .lines()
        .nth(line - 1)
        .unwrap()
        .find("false")
        .unwrap()
        + 1;
    assert!(
        report.contains(&format!(
            "first difference is at line {line}, column {column}; the differing part is line \
             {line} of the expected text and line {line} of the built one"
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!("from line {} ", line - 2)),
        "{report}"
    );
    assert!(
        report.contains("\"Attack Fwd\", \"loop\": false"),
        "{report}"
    );
    assert!(
        report.contains("\"Attack Fwd\", \"loop\": true"),
        "{report}"
    );
    // Two lines of context on each side, the changed line on each side, the diff's header.
    assert_eq!(report.lines().count(), 2 + 1 + 5 + 1, "{report}");

    let everywhere = shipped.replace('0', "1");
    let report = without_colours(&text_difference(&shipped, &everywhere).unwrap());
    assert!(
        report.contains("16 lines, not all of the differing part"),
        "{report}"
    );
    assert!(
        report.lines().count() <= 2 + 1 + 2 * test_support::SHOWN_LINES,
        "{report}"
    );
}

/// `text` without its terminal colour codes (`ESC [ ... m`), which `pretty_assertions` writes.
fn without_colours(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}
