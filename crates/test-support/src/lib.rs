//! Where tests find the retail game files, and how they skip without them.
//!
//! The files are never in the repository. `FFT_ORIGINALS` names their folder; without it a test
//! that needs them prints a loud `SKIPPED` line and passes, and under `FFT_REQUIRE_ORIGINALS=1`
//! (as CI sets) it fails instead.

pub mod demo;
pub mod fftorama;

use std::path::{Path, PathBuf};

pub use fft_formats::retail::{RETAIL_FILES, RetailFile};

/// The variable naming the folder of retail files.
pub const ORIGINALS_VAR: &str = "FFT_ORIGINALS";
/// The variable that turns a missing folder into a failure.
pub const REQUIRE_VAR: &str = "FFT_REQUIRE_ORIGINALS";

/// The folder of retail files, or `None` after printing why the calling test is skipped.
///
/// # Panics
/// When `FFT_REQUIRE_ORIGINALS=1` and the folder is not set or not there: CI must run these tests.
pub fn originals(test: &str) -> Option<PathBuf> {
    // cargo runs each test in its package's folder, so a relative path (as `.ci/run` gives) is
    // taken from the repository root, where the command was typed.
    let dir = std::env::var_os(ORIGINALS_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .map(|dir| {
            if dir.is_relative() {
                repo_root().join(dir)
            } else {
                dir
            }
        });
    let required = std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1");
    match dir {
        Some(dir) if dir.is_dir() => Some(dir),
        other => {
            let why = match other {
                Some(dir) => format!("{ORIGINALS_VAR}={} is not a folder", dir.display()),
                None => format!("{ORIGINALS_VAR} is not set"),
            };
            assert!(
                !required,
                "{test}: {why}, and {REQUIRE_VAR}=1 requires the retail files"
            );
            say_skipped(&format!(
                "SKIPPED {test}: {why}; point it at the retail files to run this test"
            ));
            None
        }
    }
}

/// Reads a retail file by disc name (`TYPE1.SEQ`), trying the remaster's name too.
///
/// # Panics
/// When neither name is in `dir`: a folder of originals must hold every retail file.
pub fn read_retail(dir: &Path, disc_name: &str) -> Vec<u8> {
    let file = fft_formats::retail::by_disc_name(disc_name)
        .unwrap_or_else(|| panic!("{disc_name} is not a retail file name"));
    for name in [file.disc_name, file.remaster_name] {
        if let Ok(bytes) = std::fs::read(dir.join(name)) {
            return bytes;
        }
    }
    panic!(
        "neither {} nor {} is in {}",
        file.disc_name,
        file.remaster_name,
        dir.display()
    )
}

/// The repository root (for fixtures), from the calling crate's manifest folder.
pub fn repo_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    dir.pop();
    dir.pop();
    dir
}

/// The FFTorama tables shipped beside the originals (`<originals>/../decoded/fftorama`), if there.
pub fn fftorama(originals: &Path) -> Option<PathBuf> {
    let dir = originals.parent()?.join("decoded/fftorama");
    dir.is_dir().then_some(dir)
}

/// The FFTorama folder beside the originals. When it is missing: `None` after a SKIPPED line, or a
/// failure under `FFT_REQUIRE_ORIGINALS=1`.
///
/// # Panics
/// Under `FFT_REQUIRE_ORIGINALS=1` when the folder is not there.
pub fn fftorama_or_skip(originals: &Path, test: &str) -> Option<PathBuf> {
    let found = fftorama(originals);
    if found.is_none() {
        let required = std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1");
        let expected = originals
            .parent()
            .unwrap_or(originals)
            .join("decoded/fftorama");
        assert!(
            !required,
            "{test}: no FFTorama tables at {}",
            expected.display()
        );
        eprintln!(
            "SKIPPED {test}: no FFTorama tables at {}",
            expected.display()
        );
    }
    found
}

/// Compares a freshly built text file with its committed copy and fails with a readable report:
/// the number of differing lines, then the first few, numbered, expected above actual. (A whole
/// document diff would bury the one line that matters.)
///
/// # Panics
/// When the texts differ, naming `what` and how to regenerate it on purpose.
pub fn assert_same_text(what: &str, expected: &str, actual: &str) {
    if let Some(report) = text_difference(expected, actual) {
        panic!(
            "{what} differs from the built output:\n{report}\nIf the change is intended, regenerate it with `cargo xtask bless` and review the diff."
        );
    }
}

/// The report `assert_same_text` fails with, or `None` when the texts are equal.
pub fn text_difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected_lines: Vec<&str> = expected.split('\n').collect();
    let actual_lines: Vec<&str> = actual.split('\n').collect();
    let longest = expected_lines.len().max(actual_lines.len());
    let differing: Vec<usize> = (0..longest)
        .filter(|&i| expected_lines.get(i) != actual_lines.get(i))
        .collect();
    let mut report = format!(
        "{} of {} lines differ ({} expected, {} built)",
        differing.len(),
        longest,
        expected_lines.len(),
        actual_lines.len()
    );
    for &i in differing.iter().take(5) {
        let show = |line: Option<&&str>| line.map_or("<no line>".to_owned(), |l| (*l).to_owned());
        report.push_str(&format!(
            "\nline {}:\n  expected: {}\n  built:    {}",
            i + 1,
            show(expected_lines.get(i)),
            show(actual_lines.get(i))
        ));
    }
    Some(report)
}

/// Prints a skip notice where a person running `cargo test` sees it. The test harness captures
/// `eprintln!`, so the line goes to the process's stderr directly.
fn say_skipped(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// A fresh folder under the system's temporary folder, named for the test and this process, for
/// files a test writes (game bytes included: they never go into the repository).
///
/// # Panics
/// When the folder cannot be made.
pub fn temp_dir(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tactics-sprite-test-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}
