//! The exit of a command a test ran: one assertion that says, when it fails, what the command
//! printed, so a failing test names the line that explains it.

use std::fmt;
use std::process::Output;

/// Asserts that the command exited with `code`.
///
/// # Panics
/// When it did not (or was killed by a signal), with its status, stderr and stdout.
#[track_caller]
pub fn assert_exit(output: &Output, code: i32) {
    assert_exit_for(output, code, "");
}

/// [`assert_exit`], saying `what` was run (the arguments, the case) when it fails.
///
/// # Panics
/// As [`assert_exit`].
#[track_caller]
pub fn assert_exit_for(output: &Output, code: i32, what: impl fmt::Display) {
    if output.status.code() == Some(code) {
        return;
    }
    let what = what.to_string();
    panic!(
        "expected exit {code}, got {}{}\n--- stderr\n{}--- stdout\n{}",
        output.status,
        if what.is_empty() {
            String::new()
        } else {
            format!(" ({what})")
        },
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
}
