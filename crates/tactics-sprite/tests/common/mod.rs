//! What the CLI tests share: running the `tactics-sprite` binary and reading what it printed.
//! (`CARGO_BIN_EXE_tactics-sprite` exists only for this package's own tests, so this lives here
//! rather than in test-support.)

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

/// Runs the binary with `args` and waits for it.
pub fn run<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A path as an argument (the test folders are UTF-8).
pub fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Checks the exit code; returns stdout on success, otherwise the one stderr line, which starts
/// with `tactics-sprite: `.
pub fn expect(output: &Output, code: i32) -> String {
    test_support::cli::assert_exit(output, code);
    if code == 0 {
        return stdout(output);
    }
    let err = stderr(output);
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(err.starts_with("tactics-sprite: "), "{err:?}");
    err
}
