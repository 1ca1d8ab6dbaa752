//! `cargo xtask test`: the project's test command. It runs `cargo test --workspace
//! --no-fail-fast` with the arguments it is given, then prints the skip summary
//! (`test_support::skips`), and exits as cargo did. Every test binary runs however many fail, so
//! one run shows every failure: the same run locally as in CI, which runs this command as it is.
//!
//! A wrapper, because plain `cargo test` cannot end with the summary: it has no hook after its
//! last test binary, and it runs every doc-test after every test binary, with their output held
//! by rustdoc. The skips are logged under the process id of the cargo that ran the binaries,
//! which this command started and so knows.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};
use test_support::repo_root;

/// Runs `cargo test --workspace --no-fail-fast ARGS` from the repository root, then prints the skip summary of
/// that run; cargo's exit status is the task's (1 when cargo was stopped by a signal).
pub fn run(args: Vec<OsString>) -> Result<ExitCode> {
    // The cargo that runs this task (`cargo run` sets CARGO), not a rustup proxy in between: its
    // process id must be the one the test binaries see as their parent.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(&cargo)
        .args(["test", "--workspace"])
        .args((!args.iter().any(|a| a == "--no-fail-fast")).then_some("--no-fail-fast"))
        .args(&args)
        .current_dir(repo_root())
        .spawn()
        .with_context(|| format!("running {}", cargo.to_string_lossy()))?;
    let run = child.id();
    let status = child.wait().context("waiting for cargo test")?;
    test_support::skips::print_summary_of_run(&target_folder()?, run);
    Ok(match status.code() {
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// The target folder this task was built into, the test binaries' too (`cargo xtask` runs
/// `target/debug/xtask`): `CARGO_TARGET_DIR` moves both alike.
fn target_folder() -> Result<PathBuf> {
    let exe = std::env::current_exe().context("finding the xtask binary")?;
    exe.parent()
        .and_then(|profile| profile.parent())
        .map(PathBuf::from)
        .context("the xtask binary is not in a target folder")
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::{Cli, Task};

    /// What `cargo xtask test` is given reaches cargo as given: options, a filter, and `--` with
    /// the harness's options after it.
    #[test]
    fn the_arguments_reach_cargo_test_as_given() {
        let given = ["--no-fail-fast", "skips", "--", "--nocapture", "--help"];
        let cli =
            Cli::try_parse_from(["cargo xtask", "test"].into_iter().chain(given)).expect("parses");
        let Task::Test { args } = cli.task else {
            panic!("not the test task");
        };
        assert_eq!(args, given.map(std::ffi::OsString::from));
    }
}
