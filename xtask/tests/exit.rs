//! `cargo xtask` exits as `tactics-sprite` does for the same kind of error: 2 for a bad request
//! (an unknown `--kind`, as `tactics-sprite build --kind nosuch`), 1 for bad input (a folder
//! that is not there, as an input file that is not there). `tactics-sprite`'s side is checked in
//! its own tests (`errors.rs`, `cli.rs`).

use std::process::Command;

fn xtask(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

#[test]
fn an_unknown_kind_is_a_usage_error() {
    let run = xtask(&["build-data", "--kind", "nosuch"]);
    test_support::cli::assert_exit(&run, 2);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains("no built-in profile \"nosuch\"; the kinds are type1, type2"),
        "{err}"
    );
}

#[test]
fn a_missing_folder_is_bad_input() {
    let run = xtask(&["build-data", "--originals", "/nonexistent/BATTLE"]);
    test_support::cli::assert_exit(&run, 1);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent/BATTLE: no such folder"), "{err}");
}

#[test]
fn flags_that_do_not_go_together_are_a_usage_error_of_one_line() {
    let run = xtask(&["build-data", "--kind", "wep1", "--sheet-file", "a.png"]);
    test_support::cli::assert_exit(&run, 2);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: --sheet-file names a unit document's sheet"),
        "{err}"
    );
}

#[test]
fn no_originals_for_a_task_that_needs_them_is_one_line_and_bad_input() {
    if test_support::repo_root().join("originals").is_dir() {
        // The default folder is there: the task would find it.
        return;
    }
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["build-data", "--kind", "wep1", "--check"])
        .env_remove(test_support::ORIGINALS_VAR)
        .output()
        .expect("xtask runs");
    test_support::cli::assert_exit(&run, 1);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no original files found"), "{err}");
}
