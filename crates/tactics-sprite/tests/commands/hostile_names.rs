//! Names and strings from a hostile input never write to the terminal (issue 38, point 3): a mod
//! whose file names and ModConfig.json strings hold ESC sequences, CR, LF, BEL, DEL and a C1 CSI
//! (NUL cannot be in a file name, and ModConfig.json's strings refuse it) run through `mod check`,
//! `mod ls` and `mod add`, and such a file name given to `inspect` and `render`. Whatever they
//! print, on stdout or stderr, holds none of those bytes raw (the names are there, escaped), and
//! a forged line stays inside the line it was put in. No game file is needed.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{run, s, stdout};

/// What a hostile name or field holds: an ESC sequence that recolours, CR and LF that start a
/// forged line, BEL, DEL and the C1 CSI (U+009B).
const FORGED: &str =
    "\u{1b}[31mred\r\nchecked 9 sprite files: 0 errors, 0 warnings\u{7}\u{7f}\u{9b}2J";

/// The bytes of `out` no terminal may be given from an input: below 0x20 except the newline
/// that ends a line, 0x7F, and the C1 controls as UTF-8 (0xC2 0x80 to 0xC2 0x9F). Byte by
/// byte, from the definition of the terminal's control codes, not from the code under test.
fn raw_controls(out: &[u8]) -> Vec<(usize, u8)> {
    let mut found = Vec::new();
    for (at, pair) in out.windows(2).enumerate() {
        if pair[0] == 0xC2 && (0x80..=0x9F).contains(&pair[1]) {
            found.push((at, pair[1]));
        }
    }
    for (at, &byte) in out.iter().enumerate() {
        if (byte < 0x20 && byte != b'\n') || byte == 0x7F {
            found.push((at, byte));
        }
    }
    found
}

/// Asserts that neither stream of `output` holds a raw control byte.
fn assert_clean(what: &str, output: &Output) {
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        let raw = raw_controls(bytes);
        assert!(
            raw.is_empty(),
            "{what}: {stream} holds raw control bytes {raw:?}: {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

/// A scratch folder for `test`, empty.
fn scratch(test: &str) -> PathBuf {
    let root = test_support::temp_dir(test);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    root
}

/// Writes `bytes` at `dir/relative`, making the folders above it.
fn put(dir: &Path, relative: &str, bytes: &[u8]) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// A mod made by `mod new`, then given a hostile description and hostile file names.
fn hostile_mod(root: &Path) -> PathBuf {
    let dir = root.join("mod");
    let made = run([
        "mod",
        "new",
        s(&dir),
        "--id",
        "fftivc.sprites.hostile",
        "--name",
        "Hostile",
    ]);
    test_support::cli::assert_exit(&made, 0);
    let config = serde_json::json!({
        "ModId": "fftivc.sprites.hostile",
        "ModName": format!("Name{FORGED}"),
        "ModAuthor": format!("Author{FORGED}"),
        "ModVersion": format!("1.0{FORGED}"),
        "ModDescription": FORGED,
        "ModDll": format!("mod{FORGED}.dll"),
        "ModDependencies": ["fftivc.utility.modloader"],
        "SupportedAppId": ["fft_enhanced.exe", "fft_classic.exe"],
    });
    std::fs::write(dir.join("ModConfig.json"), config.to_string()).unwrap();
    let unit = "FFTIVC/data/enhanced/fftpack/unit";
    // A name the game has no file for, a language piece the loader does not take, a mode folder
    // the loader does not read, an HD half's name it does not read, a file outside the loader's
    // paths.
    put(&dir, &format!("{unit}/battle_{FORGED}_spr.bin"), b"x");
    put(
        &dir,
        &format!("{unit}/battle_ramuza_spr.{FORGED}.bin"),
        b"x",
    );
    put(&dir, &format!("FFTIVC/data/{FORGED}/x.bin"), b"x");
    put(
        &dir,
        &format!("FFTIVC/data/enhanced/system/ffto/g2d/tex_{FORGED}.bin"),
        b"x",
    );
    put(&dir, &format!("FFTIVC/{FORGED}.bin"), b"x");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        format!("/{FORGED}"),
        dir.join(format!("FFTIVC/link{FORGED}")),
    )
    .unwrap();
    dir
}

#[test]
fn mod_check_shows_a_hostile_mod_s_names_escaped_and_its_last_line_is_its_own() {
    let root = scratch("hostile-names-check");
    let dir = hostile_mod(&root);
    let checked = run(["mod", "check", s(&dir)]);
    test_support::cli::assert_exit(&checked, 1);
    assert_clean("mod check", &checked);
    let out = stdout(&checked);
    // The forged "checked ..." line stays inside its finding's line: the one line that starts
    // so is the report's own, and it is the last.
    let checked_lines: Vec<&str> = out.lines().filter(|l| l.starts_with("checked")).collect();
    assert_eq!(checked_lines.len(), 1, "{out}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("checked ") && last.contains(" errors, "),
        "{out}"
    );
    // Each hostile name is still there, escaped.
    for shown in [
        r"battle_\u{1b}[31mred\r\nchecked 9 sprite files",
        r"mod\u{1b}[31mred\r\n",
        r#"by "Author\u{1b}[31mred"#,
        r#""FFTIVC/link\u{1b}[31mred"#,
        r#"to "/\u{1b}[31mred"#,
        r"\u{7}\u{7f}\u{9b}2J",
    ] {
        assert!(out.contains(shown), "{shown} not in {out}");
    }
}

#[test]
fn mod_ls_shows_a_hostile_description_and_hd_names_escaped() {
    let root = scratch("hostile-names-ls");
    let dir = hostile_mod(&root);
    let listed = run(["mod", "ls", s(&dir)]);
    test_support::cli::assert_exit(&listed, 0);
    assert_clean("mod ls", &listed);
    let out = stdout(&listed);
    assert!(out.starts_with("mod     fftivc.sprites.hostile "), "{out}");
    assert!(out.contains(r#"by "Author\u{1b}[31mred\r\n"#), "{out}");
    assert!(out.contains(r"tex_\u{1b}[31mred\r\n"), "{out}");
}

#[test]
fn mod_add_shows_a_hostile_file_name_escaped_whether_placed_or_refused() {
    let root = scratch("hostile-names-add");
    let dir = root.join("mod");
    test_support::cli::assert_exit(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "fftivc.sprites.x",
            "--name",
            "X",
        ]),
        0,
    );
    let source = root.join(format!("in{FORGED}.seq"));
    std::fs::copy(test_support::fixtures::demo("DEMO.SEQ"), &source).unwrap();
    let added = run([
        "mod",
        "add",
        s(&dir),
        s(&source),
        "--as",
        "battle_type1_seq.bin",
    ]);
    test_support::cli::assert_exit(&added, 0);
    assert_clean("mod add", &added);
    let out = stdout(&added);
    assert!(out.contains(r"in\u{1b}[31mred\r\nchecked 9"), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    // Refused (no game file of that name): the one line names it escaped.
    let refused = run(["mod", "add", s(&dir), s(&source)]);
    test_support::cli::assert_exit(&refused, 1);
    assert_clean("mod add, refused", &refused);
    let err = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(r"in\u{1b}[31mred"), "{err}");
}

#[test]
fn inspect_and_render_show_a_hostile_file_name_escaped() {
    let root = scratch("hostile-names-inspect");
    let seq = root.join(format!("DEMO{FORGED}.SEQ"));
    std::fs::copy(test_support::fixtures::demo("DEMO.SEQ"), &seq).unwrap();
    let inspected = run(["inspect", s(&seq)]);
    test_support::cli::assert_exit(&inspected, 0);
    assert_clean("inspect", &inspected);
    assert!(stdout(&inspected).contains(r"DEMO\u{1b}[31mred\r\n"));
    // Not a document: the one line of the failure names the file, escaped.
    let out = root.join("out.png");
    let sheet = test_support::fixtures::demo("demo.png");
    let rendered = run([
        "render",
        "--data",
        s(&seq),
        "--sheet",
        s(&sheet),
        "--frame",
        "0",
        "--out",
        s(&out),
    ]);
    assert_ne!(rendered.status.code(), Some(0));
    assert_clean("render", &rendered);
    let err = String::from_utf8_lossy(&rendered.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(r"DEMO\u{1b}[31mred"), "{err}");
}

/// Clap's usage error repeats the argument it refuses: escaped too, and still exit 2.
#[test]
fn a_usage_error_shows_a_hostile_argument_escaped() {
    let refused = run(["inspect", &format!("a{FORGED}"), &format!("b{FORGED}")]);
    test_support::cli::assert_exit(&refused, 2);
    assert_clean("a usage error", &refused);
    let err = String::from_utf8_lossy(&refused.stderr).into_owned();
    assert!(err.contains(r"b\u{1b}[31mred\r\nchecked 9"), "{err}");
    assert!(!err.lines().any(|l| l.starts_with("checked")), "{err}");
}

/// A document's animation names are strings of an input too: `list` shows them escaped, and
/// `list --json` keeps them as they are.
#[test]
fn list_shows_a_hostile_animation_name_escaped_and_its_json_keeps_it() {
    let root = scratch("hostile-names-list");
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(test_support::fixtures::demo_document()).unwrap())
            .unwrap();
    let name = format!("Walk{FORGED}");
    doc["animations"][0]["name"] = serde_json::Value::String(name.clone());
    let path = root.join("hostile.json");
    std::fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
    let listed = run(["list", s(&path)]);
    test_support::cli::assert_exit(&listed, 0);
    assert_clean("list", &listed);
    assert!(stdout(&listed).contains(r"Walk\u{1b}[31mred\r\n"));
    let json = run(["list", s(&path), "--json"]);
    test_support::cli::assert_exit(&json, 0);
    let listing: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(
        listing
            .to_string()
            .contains(&serde_json::to_string(&name).unwrap()),
        "{listing}"
    );
}
