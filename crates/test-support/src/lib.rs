//! Where tests find the game files and the tables they are checked against, and how they skip
//! without them.
//!
//! Nothing here is in the repository. Three folders, each named by a variable:
//!
//! - `FFT_ORIGINALS`: the retail SHP and SEQ files (no default);
//! - `FFT_SHEETS`: the sprite sheets (`RAMUZA.SPR`, an SP2, fan-made PNGs), by default
//!   `../shared/fft-data/sheets` from the repository root, where CI keeps them;
//! - `FFT_FFTORAMA`: FFTorama's decoded tables, by default `../shared/fft-data/decoded/fftorama`;
//! - `FFT_WEAPONS`: the weapons sheet `WEP.SPR`, by default `../shared/fft-data/weapons` (it is
//!   also found in `FFT_SHEETS`);
//! - `FFT_HD`: the remaster's HD sheets (`tex_N.bin` pairs) and the SPR sheets they pair with, by
//!   default `../shared/fft-data/hd`;
//! - `FFT_NXD`: the remaster's NXD tables (`charclut.nxd`), by default `../shared/fft-data/nxd`;
//! - `FFT_UNIT_PSP`: the remaster's War of the Lions sheets (`spr_dst_bchr_*_spr.bin`), by default
//!   `../shared/fft-data/unit_psp`;
//! - `FFT_PAC`: the remaster's `.pac` archives, by default `../shared/fft-data/pac`;
//! - `FFT_GAME`: a remaster install, for the tests of real archives (no default).
//!
//! A retail file or sheet is found under its disc name (`TYPE1.SEQ`, `RAMUZA.SPR`) or the
//! remaster's (`battle_type1_seq.bin`, `battle_ramuza_spr.bin`). A test that needs a file that is
//! not there prints one `SKIPPED <test>: ...` line to the process's stderr (past the harness's
//! capture, so it is seen and `.ci/run` can count it) and passes; under
//! `FFT_REQUIRE_ORIGINALS=1` (as CI sets) it fails instead. Tests skip per missing file: a user
//! with only TYPE1.SHP and TYPE1.SEQ runs every test that needs only those.

pub mod alloc;
#[cfg(feature = "browser")]
pub mod browser;
pub mod cli;
pub mod demo;
pub mod disc;
pub mod docs;
pub mod expanded;
pub mod fftorama;
pub mod fixtures;
pub mod frames;
#[cfg(feature = "http")]
pub mod http;
pub mod node;
pub mod pac;
pub mod sas;
#[cfg(feature = "schema")]
pub mod schema;
pub mod skips;
pub mod text_form;
pub mod variables;
pub mod wasm;
pub mod web;

use std::path::{Path, PathBuf};

use sprite_inputs::GameName;

pub use sprite_inputs::retail::{RETAIL_FILES, RETAIL_SHEETS, RetailFile};
pub use variables::{
    FFTORAMA_VAR, GAME_VAR, HD_VAR, NXD_VAR, ORIGINALS_VAR, PAC_VAR, REQUIRE_VAR, SHEETS_VAR,
    UNIT_PSP_VAR, WEAPONS_VAR,
};
/// Where CI keeps the HD sheets, from the repository root (the default of `FFT_HD`).
pub const DEFAULT_HD: &str = "../shared/fft-data/hd";
/// Where CI keeps the NXD tables, from the repository root (the default of `FFT_NXD`).
pub const DEFAULT_NXD: &str = "../shared/fft-data/nxd";
/// Where CI keeps the War of the Lions sheets (the default of `FFT_UNIT_PSP`).
pub const DEFAULT_UNIT_PSP: &str = "../shared/fft-data/unit_psp";
/// Where CI keeps the `.pac` archives (the default of `FFT_PAC`).
pub const DEFAULT_PAC: &str = "../shared/fft-data/pac";
/// The sha256 of the document built from the retail TYPE1 pair: the shipped
/// `fixtures/documents/type1.json` (`sha256sum` gives it) and the README's figure.
pub const TYPE1_SHA256: &str = "a4f40c5ad0c5b5327fbd8418eb94ad9f598fff9d06feb9ad5efe1145817299b9";
/// Where CI keeps the sheets, from the repository root (the default of `FFT_SHEETS`).
pub const DEFAULT_SHEETS: &str = "../shared/fft-data/sheets";
/// Where CI keeps FFTorama's tables, from the repository root (the default of `FFT_FFTORAMA`).
pub const DEFAULT_FFTORAMA: &str = "../shared/fft-data/decoded/fftorama";
/// Where CI keeps the weapons sheet, from the repository root (the default of `FFT_WEAPONS`).
pub const DEFAULT_WEAPONS: &str = "../shared/fft-data/weapons";

/// Whether `FFT_REQUIRE_ORIGINALS=1`: every missing file fails its test.
pub fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1")
}

/// Skips the calling test (or the part of it that needs something missing): one
/// `SKIPPED <test>: <why>` line on stderr, then `None`.
///
/// # Panics
/// Under `FFT_REQUIRE_ORIGINALS=1`, with `why`.
pub fn skip<T>(test: &str, why: &str) -> Option<T> {
    assert!(
        !required(),
        "{test}: {why}, and {REQUIRE_VAR}=1 requires every game file and table"
    );
    say_skipped(&format!("SKIPPED {test}: {why}"));
    None
}

/// A program the test runs, `found` by `$<override_var>` or on the PATH; `None` after the loud
/// skip when it is missing, which is a failure when `required` (`FFT_REQUIRE_ORIGINALS=1` or
/// `<require_var>=1`, what CI sets, having installed Debian's `package`).
///
/// # Panics
/// When it is missing and required.
pub(crate) fn program_or_skip(
    test: &str,
    found: Option<PathBuf>,
    (program, override_var): (&str, &str),
    (require_var, required): (&str, bool),
    package: &str,
) -> Option<PathBuf> {
    if found.is_none() {
        assert!(
            !required,
            "{test}: no {program} on the PATH (or ${override_var}), and {REQUIRE_VAR}=1 or \
             {require_var}=1 requires it: apt-get install {package}"
        );
        say_skipped(&format!(
            "SKIPPED {test}: no {program} on the PATH (apt-get install {package}, or set \
             ${override_var})"
        ));
    }
    found
}

/// The folder a variable names (a relative path is taken from the repository root, where the
/// command was typed: cargo runs each test in its package's folder), else `default` from the
/// root; and whether the variable named it.
fn folder_from(var: &str, default: Option<&str>) -> Option<(PathBuf, bool)> {
    let named = std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let set = named.is_some();
    let dir = named.or_else(|| default.map(PathBuf::from))?;
    let dir = if dir.is_relative() {
        repo_root().join(dir)
    } else {
        dir
    };
    Some((dir, set))
}

/// A folder named by `var` (or its default), or why there is none.
fn folder_or_why(var: &str, default: Option<&str>, what: &str) -> Result<PathBuf, String> {
    match folder_from(var, default) {
        Some((dir, _)) if dir.is_dir() => Ok(dir),
        Some((dir, true)) => Err(format!(
            "{var}={} is not a folder; point it at {what} to run this test",
            dir.display()
        )),
        Some((dir, false)) => Err(format!(
            "{var} is not set and its default {} is not a folder; point it at {what} to run this \
             test",
            dir.display()
        )),
        None => Err(format!(
            "{var} is not set; point it at {what} to run this test"
        )),
    }
}

/// A folder named by `var` (or its default), or `None` after the loud skip.
fn folder_or_skip(test: &str, var: &str, default: Option<&str>, what: &str) -> Option<PathBuf> {
    folder_or_why(var, default, what).map_or_else(|why| skip(test, &why), Some)
}

/// The remaster's name for a disc name (`TYPE1.SEQ` -> `battle_type1_seq.bin`), by the one rule
/// of `sprite_inputs::names`.
pub fn remaster_name(disc_name: &str) -> String {
    GameName::parse(disc_name)
        .remaster_name()
        .unwrap_or_else(|| disc_name.to_owned())
}

/// `disc_name` in `dir` under its disc name or the remaster's (any case), if either is there, as
/// every tool finds it (`sprite_inputs::locate`).
pub fn find_by_either_name(dir: &Path, disc_name: &str) -> Option<PathBuf> {
    sprite_inputs::locate::find_in_folder(dir, disc_name)
}

/// A retail SHP or SEQ by disc name (`TYPE2.SHP`), under either name, or `None` after the loud
/// skip when it (or the folder) is missing.
pub fn retail_file(test: &str, disc_name: &str) -> Option<PathBuf> {
    let dir = originals(test)?;
    find_by_either_name(&dir, disc_name).or_else(|| {
        skip(
            test,
            &format!(
                "no {disc_name} (or {}) in {} (${ORIGINALS_VAR})",
                remaster_name(disc_name),
                dir.display()
            ),
        )
    })
}

/// Whether every retail file is in the originals folder, for a test that needs all of them (a
/// server builds every kind it finds); `false` after the loud skip of the first one missing.
pub fn every_retail_file(test: &str) -> bool {
    RETAIL_FILES
        .iter()
        .all(|file| retail_file(test, file.disc_name).is_some())
}

/// A retail file's bytes, as [`retail_file`] finds it.
pub fn retail_bytes(test: &str, disc_name: &str) -> Option<Vec<u8>> {
    let path = retail_file(test, disc_name)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The sheets folder (`FFT_SHEETS`, by default where CI keeps it), or `None` after the loud skip.
pub fn sheets(test: &str) -> Option<PathBuf> {
    folder_or_skip(test, SHEETS_VAR, Some(DEFAULT_SHEETS), "the sprite sheets")
}

/// A sheet by disc name (`RAMUZA.SPR`, found as `battle_ramuza_spr.bin` too) or by its own name
/// (`crono1.png`), or `None` after the loud skip when it (or the folder) is missing.
pub fn sheet(test: &str, name: &str) -> Option<PathBuf> {
    let dir = sheets(test)?;
    find_by_either_name(&dir, name).or_else(|| {
        skip(
            test,
            &format!(
                "no {name} (or {}) in {} (${SHEETS_VAR})",
                remaster_name(name),
                dir.display()
            ),
        )
    })
}

/// A sheet's bytes, as [`sheet`] finds it.
pub fn sheet_bytes(test: &str, name: &str) -> Option<Vec<u8>> {
    let path = sheet(test, name)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The weapons sheet `WEP.SPR` (or `battle_wep_spr.bin`), from the `FFT_WEAPONS` folder (by
/// default where CI keeps it) or else the sheets folder, or `None` after the loud skip.
pub fn weapons_sheet(test: &str) -> Option<PathBuf> {
    const NAME: &str = "WEP.SPR";
    let folders: Vec<PathBuf> = [
        folder_from(WEAPONS_VAR, Some(DEFAULT_WEAPONS)),
        folder_from(SHEETS_VAR, Some(DEFAULT_SHEETS)),
    ]
    .into_iter()
    .flatten()
    .map(|(dir, _)| dir)
    .collect();
    folders
        .iter()
        .find_map(|dir| find_by_either_name(dir, NAME))
        .or_else(|| {
            let looked: Vec<String> = folders.iter().map(|d| d.display().to_string()).collect();
            skip(
                test,
                &format!(
                    "no {NAME} (or {}) in {} ({WEAPONS_VAR} or {SHEETS_VAR})",
                    remaster_name(NAME),
                    looked.join(" or ")
                ),
            )
        })
}

/// The weapons sheet's bytes, as [`weapons_sheet`] finds it.
pub fn weapons_sheet_bytes(test: &str) -> Option<Vec<u8>> {
    let path = weapons_sheet(test)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The HD sheets' folder (`FFT_HD`, by default where CI keeps it), or `None` after the loud skip.
pub fn hd_folder(test: &str) -> Option<PathBuf> {
    folder_or_skip(
        test,
        HD_VAR,
        Some(DEFAULT_HD),
        "the remaster's HD sheets (tex_N.bin) and their SPRs",
    )
}

/// The HD sheets' folder when there is one (`FFT_HD`, else its default), without a skip.
pub fn hd_folder_path() -> Option<PathBuf> {
    folder_or_why(HD_VAR, Some(DEFAULT_HD), "the remaster's HD sheets").ok()
}

/// A file of the HD folder by its name (`tex_992.bin`, `battle_mina_m_spr.bin`: the remaster's
/// names, the only ones these files have), or `None` after the loud skip when it (or the folder)
/// is missing.
pub fn hd_file(test: &str, name: &str) -> Option<PathBuf> {
    let dir = hd_folder(test)?;
    let path = dir.join(name);
    if path.is_file() {
        Some(path)
    } else {
        skip(test, &format!("no {name} in {} (${HD_VAR})", dir.display()))
    }
}

/// A file of the HD folder's bytes, as [`hd_file`] finds it.
pub fn hd_bytes(test: &str, name: &str) -> Option<Vec<u8>> {
    let path = hd_file(test, name)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The files of one HD pair and its SPR, read from the HD folder: `tex_<n>.bin`,
/// `tex_<n + 1>.bin` and `spr` (the test names them: which number is which unit is a table the
/// tests do not keep), or `None` after the loud skip of the first one missing.
pub fn hd_pair(test: &str, n: u32, spr: &str) -> Option<HdPairFiles> {
    Some(HdPairFiles {
        upper: hd_bytes(test, &format!("tex_{n}.bin"))?,
        lower: hd_bytes(test, &format!("tex_{}.bin", n + 1))?,
        spr: hd_bytes(test, spr)?,
    })
}

/// A file of one of the remaster's data folders (`FFT_NXD`, `FFT_UNIT_PSP`, `FFT_PAC`, each with
/// its default) by name, or `None` after the loud skip when it (or the folder) is missing.
fn remaster_data_file(
    test: &str,
    var: &str,
    default: &str,
    what: &str,
    name: &str,
) -> Option<PathBuf> {
    let dir = folder_or_skip(test, var, Some(default), what)?;
    let path = dir.join(name);
    if path.is_file() {
        Some(path)
    } else {
        skip(test, &format!("no {name} in {} (${var})", dir.display()))
    }
}

/// An NXD table of the remaster (`charclut.nxd`) from `FFT_NXD`, or `None` after the loud skip.
pub fn nxd_file(test: &str, name: &str) -> Option<PathBuf> {
    remaster_data_file(
        test,
        NXD_VAR,
        DEFAULT_NXD,
        "the remaster's NXD tables",
        name,
    )
}

/// A War of the Lions sheet (`spr_dst_bchr_ankoku_m_spr.bin`) from `FFT_UNIT_PSP`, or `None`
/// after the loud skip.
pub fn unit_psp_file(test: &str, name: &str) -> Option<PathBuf> {
    remaster_data_file(
        test,
        UNIT_PSP_VAR,
        DEFAULT_UNIT_PSP,
        "the remaster's War of the Lions sheets",
        name,
    )
}

/// A `.pac` archive of the remaster from `FFT_PAC`, or `None` after the loud skip.
pub fn pac_file(test: &str, name: &str) -> Option<PathBuf> {
    remaster_data_file(
        test,
        PAC_VAR,
        DEFAULT_PAC,
        "the remaster's .pac archives",
        name,
    )
}

/// The user's remaster install `FFT_GAME` names (its folder or its `data/enhanced`), or `None`
/// after the loud skip when it names none. No install is at hand where CI runs, so its absence
/// is a skip even under `FFT_REQUIRE_ORIGINALS=1`.
///
/// # Panics
/// When it names a folder that is not there: a test asked to read an install must not pass
/// without one.
pub fn game_install(test: &str) -> Option<PathBuf> {
    let Some((dir, _)) = folder_from(GAME_VAR, None) else {
        say_skipped(&format!(
            "SKIPPED {test}: {GAME_VAR} is not set; point it at a remaster install (its folder) \
             to run this test"
        ));
        return None;
    };
    assert!(
        dir.is_dir(),
        "{test}: ${GAME_VAR}={}: no such folder",
        dir.display()
    );
    Some(dir)
}

/// The bytes of an HD pair and its SPR ([`hd_pair`]).
#[derive(Debug, Clone)]
pub struct HdPairFiles {
    /// `tex_N.bin`.
    pub upper: Vec<u8>,
    /// `tex_N+1.bin`.
    pub lower: Vec<u8>,
    /// The SPR whose palettes colour it.
    pub spr: Vec<u8>,
}

/// FFTorama's tables (`FFT_FFTORAMA`, by default where CI keeps them), or `None` after the loud
/// skip.
pub fn fftorama_tables(test: &str) -> Option<PathBuf> {
    folder_or_skip(
        test,
        FFTORAMA_VAR,
        Some(DEFAULT_FFTORAMA),
        "FFTorama's decoded tables",
    )
}

/// The folder of retail files, or `None` after printing why the calling test is skipped.
///
/// # Panics
/// When `FFT_REQUIRE_ORIGINALS=1` and the folder is not set or not there: CI must run these tests.
pub fn originals(test: &str) -> Option<PathBuf> {
    folder_or_skip(test, ORIGINALS_VAR, None, "the retail files")
}

/// The folder of retail files, or why there is none, for a test that checks many files and
/// reports what it could not check itself (see [`unchecked`]).
pub fn originals_folder() -> Result<PathBuf, String> {
    folder_or_why(ORIGINALS_VAR, None, "the retail files")
}

/// The sheets folder (`FFT_SHEETS`, else [`DEFAULT_SHEETS`]), or why there is none: the twin of
/// [`originals_folder`] for a test that uses the sheets when they are there.
pub fn sheets_folder() -> Result<PathBuf, String> {
    folder_or_why(SHEETS_VAR, Some(DEFAULT_SHEETS), "the sprite sheets")
}

/// A part of a test that checks many files and reports every problem at once, left undone for
/// want of a game file: one `SKIPPED <test>: <why>` line and `None`; under
/// `FFT_REQUIRE_ORIGINALS=1`, `Some` failure to report with the others (instead of the panic of
/// [`skip`], which would hide them).
pub fn unchecked(test: &str, why: &str) -> Option<String> {
    if required() {
        return Some(format!(
            "{why}, and {REQUIRE_VAR}=1 requires every game file and table"
        ));
    }
    say_skipped(&format!("SKIPPED {test}: {why}"));
    None
}

/// The repository root (for fixtures and `cargo xtask`'s outputs): two folders above this crate's
/// manifest, whichever crate calls it.
pub fn repo_root() -> PathBuf {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    dir.pop();
    dir.pop();
    dir
}

/// How many lines of each side [`text_difference`] shows at most, context included: enough for
/// the first few changes of a file, bounded for a file that changed everywhere.
pub const SHOWN_LINES: usize = 16;
/// Unchanged lines shown around the differing part.
const CONTEXT_LINES: usize = 2;

/// Compares a freshly built text file with its committed copy and fails with a readable report:
/// where the two differ, then the differing part as `pretty_assertions` shows it (see
/// [`text_difference`]).
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

/// The report [`assert_same_text`] fails with, or `None` when the texts are equal: the line
/// counts, the lines between the first and the last difference, then those lines, with two
/// unchanged lines around them, as a `pretty_assertions` line diff (`<` the expected, committed
/// text; `>` the built one). At most [`SHOWN_LINES`] lines of each side are shown, and the report
/// says when the differing part is longer: a whole document's diff would bury the line that
/// matters (`git diff` after `cargo xtask bless` shows all of it).
pub fn text_difference(expected: &str, actual: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected_lines: Vec<&str> = expected.split('\n').collect();
    let actual_lines: Vec<&str> = actual.split('\n').collect();
    let same_start = expected_lines
        .iter()
        .zip(&actual_lines)
        .take_while(|(e, a)| e == a)
        .count();
    let same_end = expected_lines[same_start..]
        .iter()
        .rev()
        .zip(actual_lines[same_start..].iter().rev())
        .take_while(|(e, a)| e == a)
        .count();
    let from = same_start.saturating_sub(CONTEXT_LINES);
    let window = |lines: &[&str]| -> (usize, usize) {
        let differing_end = lines.len() - same_end;
        let end = (differing_end + CONTEXT_LINES)
            .min(lines.len())
            .min(from + SHOWN_LINES);
        (differing_end, end)
    };
    let (expected_differ_end, expected_end) = window(&expected_lines);
    let (actual_differ_end, actual_end) = window(&actual_lines);
    let span = |end: usize| match end - same_start.min(end) {
        0 => format!("nothing at line {}", same_start + 1),
        1 => format!("line {end}"),
        _ => format!("lines {}-{end}", same_start + 1),
    };
    // The column of the first differing character, for a change inside a long line.
    let column = match (expected_lines.get(same_start), actual_lines.get(same_start)) {
        (Some(e), Some(a)) => e.chars().zip(a.chars()).take_while(|(e, a)| e == a).count() + 1,
        _ => 1,
    };
    let mut report = format!(
        "expected {} lines, built {}; the first difference is at line {}, column {column}; \
         the differing part is {} of the expected text and {} of the built one",
        expected_lines.len(),
        actual_lines.len(),
        same_start + 1,
        span(expected_differ_end),
        span(actual_differ_end),
    );
    let truncated = expected_end < expected_differ_end || actual_end < actual_differ_end;
    report.push_str(&format!(
        "\nfrom line {} (< expected, > built){}:\n{}",
        from + 1,
        if truncated {
            format!(
                ", {SHOWN_LINES} lines, not all of the differing part; `cargo xtask bless`, \
                 then `git diff`, shows all"
            )
        } else {
            String::new()
        },
        pretty_assertions::StrComparison::new(
            &expected_lines[from..expected_end].join("\n"),
            &actual_lines[from..actual_end].join("\n"),
        )
    ));
    Some(report)
}

/// Prints a skip notice where a person running `cargo test` sees it. The test harness captures
/// `eprintln!`, so the line goes to the process's stderr directly.
/// One write of the whole line, so that lines of tests running in parallel never interleave;
/// a line already said by this test binary is not said again (a test asking for several files of
/// a missing folder skips once).
fn say_skipped(line: &str) {
    use std::collections::HashSet;
    use std::io::Write;
    use std::sync::Mutex;
    static SAID: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut said = SAID
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if said
        .get_or_insert_with(HashSet::new)
        .insert(line.to_owned())
    {
        let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
        skips::record(line);
    }
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
