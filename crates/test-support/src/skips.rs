//! The skip summary that closes `cargo test --workspace`: every `SKIPPED` line a test binary
//! says is also appended to a log of this run, and the last test binary cargo runs
//! (`xtask/tests/skips.rs`) prints the skips grouped by the variable that would turn them on.
//!
//! Why a log and a last test: plain `cargo test` has no hook after its last binary, and each
//! binary is its own process, so the lines must meet somewhere outside them. A run is the cargo
//! process that started the binaries (their parent's process id names the log), so two runs,
//! even at once in one target folder, never mix; and cargo runs the test binaries sorted by
//! package then target name, which makes `xtask`'s `skips` the last of them (the workspace has
//! no doc-tests: each library says `doctest = false`, so nothing runs after it).
//!
//! [`VARIABLES`] is the one list of the variables the tests read; the README names each of them
//! (`crates/tactics-sprite/tests/readme.rs` holds it to that, and to the code).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use crate::variables::{
    FFTORAMA_VAR, HD_VAR, ORIGINALS_VAR, REQUIRE_BROWSER_VAR, REQUIRE_NODE_VAR, REQUIRE_VAR,
    SHEETS_VAR, WEAPONS_VAR,
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

/// The log of this run's skips: `<target>/<profile>/test-skips/run-<cargo's process id>.log`,
/// beside the `deps/` folder the test binary runs from.
pub fn run_log() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let profile = exe.parent()?.parent()?;
    Some(
        profile
            .join("test-skips")
            .join(format!("run-{}.log", run_id())),
    )
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

/// Prints this run's summary to the process's stderr (past the harness's capture, as the
/// `SKIPPED` lines are) and removes the log; logs of runs over a day old are removed too (a run
/// stopped before its last binary).
pub fn print_run_summary() {
    let Some(log) = run_log() else {
        return;
    };
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::io::stderr().write_all(summary(&text).as_bytes());
    let _ = std::fs::remove_file(&log);
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    if let Some(Ok(entries)) = log.parent().map(std::fs::read_dir) {
        for entry in entries.flatten() {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > day);
            if old {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
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
}
