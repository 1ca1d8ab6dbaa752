//! The skip summary that closes the project's test command, `cargo xtask test`: every
//! `SKIPPED` line a test binary says is also appended to a log of this run, and the command
//! prints the skips grouped by the variable that would turn them on once `cargo test` is done.
//!
//! Why a log and a wrapper: plain `cargo test` has no hook after its last binary, and it runs the
//! doc-tests after every test binary, their output held by rustdoc, so no test can print last;
//! and each binary is its own process, so the lines must meet somewhere outside them. A run is
//! the cargo process that started the binaries (their parent's process id names the log), so two
//! runs, even at once in one target folder, never mix; `cargo xtask test` started that cargo, so
//! it knows the log to read ([`print_summary_of_run`]). A plain `cargo test` leaves its log, which
//! the next summary removes once it is a day old.
//!
//! [`VARIABLES`] is the one list of the variables the tests read; the README names each of them
//! (`crates/tactics-sprite/tests/docs/readme.rs` holds it to that, and to the code).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::variables::{
    FFTORAMA_VAR, GAME_VAR, HD_VAR, NXD_VAR, ORIGINALS_VAR, PAC_VAR, REQUIRE_BROWSER_VAR,
    REQUIRE_NODE_VAR, REQUIRE_VAR, SHEETS_VAR, UNIT_PSP_VAR, WEAPONS_VAR,
};

/// A variable the tests read, and what it turns on.
#[derive(Debug, Clone, Copy)]
pub struct Variable {
    /// Its name (`FFT_ORIGINALS`).
    pub name: &'static str,
    /// What it names or turns on, in a few words.
    pub turns_on: &'static str,
}

/// Every variable the tests read: the folders of the game files and tables, what makes a missing
/// one a failure, where the tools are, and the build the server's load tests run against.
pub const VARIABLES: &[Variable] = &[
    Variable {
        name: ORIGINALS_VAR,
        turns_on: "the folder of the retail SHP and SEQ files",
    },
    Variable {
        name: SHEETS_VAR,
        turns_on: "the folder of the sprite sheets (RAMUZA.SPR, an SP2, fan-made PNGs)",
    },
    Variable {
        name: WEAPONS_VAR,
        turns_on: "the folder of the weapons sheet WEP.SPR",
    },
    Variable {
        name: FFTORAMA_VAR,
        turns_on: "the folder of FFTorama's decoded tables",
    },
    Variable {
        name: HD_VAR,
        turns_on: "the folder of the remaster's HD sheets (tex_N.bin) and their SPRs",
    },
    Variable {
        name: NXD_VAR,
        turns_on: "the folder of the remaster's NXD tables (charclut.nxd)",
    },
    Variable {
        name: UNIT_PSP_VAR,
        turns_on: "the folder of the remaster's War of the Lions sheets (spr_dst_bchr_*_spr.bin)",
    },
    Variable {
        name: PAC_VAR,
        turns_on: "the folder of the remaster's .pac archives",
    },
    Variable {
        name: GAME_VAR,
        turns_on: "a remaster install (its folder or data/enhanced): the tests of the real archives",
    },
    Variable {
        name: REQUIRE_VAR,
        turns_on: "=1: a missing game file, table or tool fails its test",
    },
    Variable {
        name: REQUIRE_BROWSER_VAR,
        turns_on: "=1: a missing Chromium fails",
    },
    Variable {
        name: REQUIRE_NODE_VAR,
        turns_on: "=1: a missing node, npm or `npm ci` fails",
    },
    Variable {
        name: "CHROMIUM",
        turns_on: "the Chromium to run, when not on the PATH",
    },
    Variable {
        name: "NODE",
        turns_on: "the node to run, when not on the PATH",
    },
    Variable {
        name: "NPM",
        turns_on: "the npm to run, when not on the PATH",
    },
    Variable {
        name: "SERVE_BINARY",
        turns_on: "another build's tactics-sprite for the server tests to run against",
    },
];

/// The folder of the skip logs: `test-skips` in a profile's folder (`<target>/debug/`,
/// `<target>/<triple>/release/`, ...).
const LOG_FOLDER: &str = "test-skips";

/// The log of a run's skips, named by the cargo process that ran it.
fn log_name(run: u32) -> String {
    format!("run-{run}.log")
}

/// The log of this run's skips: `<target>/<profile>/test-skips/run-<cargo's process id>.log`,
/// beside the `deps/` folder the test binary runs from.
pub fn run_log() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let profile = exe.parent()?.parent()?;
    Some(profile.join(LOG_FOLDER).join(log_name(run_id())))
}

/// The process that started this test binary (cargo, for `cargo test`).
fn run_id() -> u32 {
    #[cfg(unix)]
    {
        std::os::unix::process::parent_id()
    }
    #[cfg(not(unix))]
    {
        0
    }
}

/// Appends one `SKIPPED <test>: <why>` line to the run's log, with the binary that said it.
/// Best effort: a log that cannot be written loses the summary, never the test.
pub(crate) fn record(line: &str) {
    let Some(log) = run_log() else {
        return;
    };
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let _ = log.parent().map(std::fs::create_dir_all);
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log)
    {
        // One write of the whole line (an append is one write): lines of binaries and threads
        // never interleave.
        let _ = file.write_all(format!("{binary}\t{line}\n").as_bytes());
    }
}

/// The variable a skip line names first (`FFT_FFTORAMA is not set ...`, `no TYPE1.SEQ ... in DIR
/// ($FFT_ORIGINALS)`), by where it stands in the line; `None` when it names none (a tool to
/// install, a step to run).
pub fn variable_of(line: &str) -> Option<&'static str> {
    let is_name_char = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_';
    VARIABLES
        .iter()
        .filter_map(|variable| {
            line.match_indices(variable.name)
                .find(|(at, _)| {
                    let before = line[..*at].chars().next_back();
                    let after = line[at + variable.name.len()..].chars().next();
                    !before.is_some_and(is_name_char) && !after.is_some_and(is_name_char)
                })
                .map(|(at, _)| (at, variable.name))
        })
        .min()
        .map(|(_, name)| name)
}

/// The summary of the skip lines `log` holds (`binary\tSKIPPED test: why` each): how many tests
/// skipped, then one line per variable that would turn some on, with their count and what it
/// names, the tests no variable turns on last.
pub fn summary(log: &str) -> String {
    // The tests of each variable, each by its binary and name (a name said twice counts once).
    let mut groups: BTreeMap<Option<&'static str>, Vec<(String, String)>> = BTreeMap::new();
    for entry in log.lines() {
        let (binary, line) = entry.split_once('\t').unwrap_or(("", entry));
        let Some(rest) = line.strip_prefix("SKIPPED ") else {
            continue;
        };
        let test = rest.split(':').next().unwrap_or(rest).to_owned();
        let tests = groups.entry(variable_of(line)).or_default();
        let key = (binary.to_owned(), test);
        if !tests.contains(&key) {
            tests.push(key);
        }
    }
    let total: usize = groups.values().map(Vec::len).sum();
    if total == 0 {
        return "skip summary: no test skipped\n".to_owned();
    }
    let noun = |n: usize| if n == 1 { "test" } else { "tests" };
    let mut out = format!(
        "skip summary: {total} {} skipped (the SKIPPED lines above say why), by what would run them:\n",
        noun(total)
    );
    let mut named: Vec<_> = groups.iter().collect();
    named.sort_by_key(|(variable, tests)| (variable.is_none(), std::cmp::Reverse(tests.len())));
    for (variable, tests) in named {
        let n = tests.len();
        match variable {
            Some(name) => {
                let what = VARIABLES
                    .iter()
                    .find(|v| v.name == *name)
                    .map_or("", |v| v.turns_on);
                out.push_str(&format!("  {name}: {n} {} ({what})\n", noun(n)));
            }
            None => out.push_str(&format!(
                "  no variable: {n} {} (a tool to install or a step to run, as each line says)\n",
                noun(n)
            )),
        }
    }
    out
}

/// Prints the summary of the run whose cargo had the process id `run` to the process's stderr,
/// from its logs in every profile's folder under `target` (a run with `--release` or `--target`
/// logs beside its own binaries), and removes them, and any log over a day old (a plain `cargo
/// test`'s, or a run stopped before its end).
pub fn print_summary_of_run(target: &Path, run: u32) {
    let text = take_run_logs(target, run);
    let _ = std::io::stderr().write_all(summary(&text).as_bytes());
}

/// The lines of the run's logs under `target`, the logs removed (and any over a day old).
fn take_run_logs(target: &Path, run: u32) -> String {
    let mut text = String::new();
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    for folder in log_folders(target) {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_name().to_str() == Some(log_name(run).as_str()) {
                text.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
                let _ = std::fs::remove_file(&path);
                continue;
            }
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > day);
            if old {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
    text
}

/// The log folders under a target folder: a profile's (`debug/test-skips`), or a profile's of a
/// target triple (`x86_64-unknown-linux-gnu/debug/test-skips`).
fn log_folders(target: &Path) -> Vec<PathBuf> {
    let subfolders = |folder: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut folders = Vec::new();
    for profile in subfolders(target) {
        folders.push(profile.join(LOG_FOLDER));
        for nested in subfolders(&profile) {
            folders.push(nested.join(LOG_FOLDER));
        }
    }
    folders.retain(|f| f.is_dir());
    folders
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines as `test_support` writes them (`skip`, `retail_file`, `weapons_sheet`,
    /// `program_or_skip`), counted by hand: FFT_FFTORAMA 2 (one said twice), FFT_WEAPONS 1 (the
    /// first variable its line names), FFT_ORIGINALS 1, none 1.
    #[test]
    fn skips_are_grouped_by_the_first_variable_their_line_names() {
        let log = "\
a-1\tSKIPPED t1: FFT_FFTORAMA is not set; point it at FFTorama's decoded tables to run this test
a-1\tSKIPPED t2: FFT_FFTORAMA is not set; point it at FFTorama's decoded tables to run this test
b-2\tSKIPPED t1: FFT_FFTORAMA is not set; point it at FFTorama's decoded tables to run this test
b-2\tSKIPPED t1: FFT_FFTORAMA is not set; point it at FFTorama's decoded tables to run this test
b-2\tSKIPPED w: no WEP.SPR (or battle_wep_spr.bin) in /x or /y (FFT_WEAPONS or FFT_SHEETS)
b-2\tSKIPPED r: no TYPE1.SEQ (or battle_type1_seq.bin) in /o ($FFT_ORIGINALS)
b-2\tSKIPPED x: no xorriso on the PATH (apt-get install xorriso)
b-2\tnot a skip line
";
        assert_eq!(
            summary(log),
            "skip summary: 6 tests skipped (the SKIPPED lines above say why), by what would run them:
  FFT_FFTORAMA: 3 tests (the folder of FFTorama's decoded tables)
  FFT_ORIGINALS: 1 test (the folder of the retail SHP and SEQ files)
  FFT_WEAPONS: 1 test (the folder of the weapons sheet WEP.SPR)
  no variable: 1 test (a tool to install or a step to run, as each line says)
"
        );
        assert_eq!(summary(""), "skip summary: no test skipped\n");
        // A name inside a longer one is not that variable.
        assert_eq!(
            variable_of("FFT_REQUIRE_ORIGINALS=1 and NODEX"),
            Some("FFT_REQUIRE_ORIGINALS")
        );
        assert_eq!(variable_of("set $NODE"), Some("NODE"));
        assert_eq!(variable_of("no NODES here"), None);
    }

    /// A run's logs are found in every profile's folder, a target triple's too, read and
    /// removed; another run's log is left alone.
    #[test]
    fn a_runs_logs_are_read_from_every_profile_and_removed() {
        let target = crate::temp_dir("a_runs_logs_are_read_from_every_profile_and_removed");
        let debug = target.join("debug").join(LOG_FOLDER);
        let cross = target
            .join("x86_64-unknown-linux-gnu/release")
            .join(LOG_FOLDER);
        for folder in [&debug, &cross] {
            std::fs::create_dir_all(folder).unwrap();
        }
        std::fs::write(debug.join("run-7.log"), "a\tSKIPPED t1: x\n").unwrap();
        std::fs::write(cross.join("run-7.log"), "b\tSKIPPED t2: y\n").unwrap();
        std::fs::write(debug.join("run-8.log"), "c\tSKIPPED t3: z\n").unwrap();
        let mut lines: Vec<String> = take_run_logs(&target, 7)
            .lines()
            .map(str::to_owned)
            .collect();
        lines.sort();
        assert_eq!(lines, ["a\tSKIPPED t1: x", "b\tSKIPPED t2: y"]);
        assert!(!debug.join("run-7.log").exists());
        assert!(!cross.join("run-7.log").exists());
        assert!(debug.join("run-8.log").exists());
        std::fs::remove_dir_all(&target).unwrap();
    }
}
