//! Options given a value a new user might try and that cannot mean anything: each is a usage
//! error (exit 2) whose first line names the option and what it takes, nothing is written and
//! nothing is printed on stdout; never a panic, and never a silent default.

use std::process::Output;

use crate::common::{run, s};
use test_support::fixtures;
use test_support::{repo_root, temp_dir};

/// Checks a usage error: exit 2, nothing on stdout, and a first stderr line holding every one of
/// `words`; returns that line.
fn usage_error(output: &Output, words: &[&str]) -> String {
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    test_support::cli::assert_exit(output, 2);
    assert!(
        output.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    let first = err.lines().next().unwrap_or_default().to_owned();
    for word in words {
        assert!(first.contains(word), "{word:?} is not in {first:?}");
    }
    first
}

/// `render` of the demo with `extra` flags into `out`.
fn render(out: &std::path::Path, extra: &[&str]) -> Output {
    let (doc, sheet) = (fixtures::demo_document(), fixtures::demo_sheet());
    let mut args = vec!["render", "--data", s(&doc), "--sheet", s(&sheet)];
    args.extend_from_slice(extra);
    args.extend(["-o", s(out)]);
    run(&args)
}

#[test]
fn weapon_rows_must_be_a_multiple_of_eight_within_the_block() {
    let dir = temp_dir("usage-weapon-rows");
    let out = dir.join("x.png");
    // The weapons block is 256 rows and every graphic starts on a row of 8 (docs/weapons.md's
    // table): 12 would cut every cell across two graphics, 256 is past the block.
    for rows in ["12", "3", "256", "-8"] {
        let line = usage_error(
            &render(
                &out,
                &[
                    "--animation",
                    "Walk",
                    "--weapon",
                    "sword",
                    "--weapon-sheet",
                    "WEP.SPR",
                    "--weapon-rows",
                    rows,
                ],
            ),
            &["--weapon-rows", "multiple of 8", "0..248"],
        );
        assert!(line.contains(&format!("'{rows}'")), "{line}");
        assert!(!out.exists());
    }
    // export-aseprite reads the same flag the same way.
    let (doc, sheet) = (fixtures::demo_document(), fixtures::demo_sheet());
    let output = run([
        "export-aseprite",
        "--data",
        s(&doc),
        "--sheet",
        s(&sheet),
        "--weapon",
        "sword",
        "--weapon-sheet",
        "WEP.SPR",
        "--weapon-rows",
        "20",
        "-o",
        s(&dir),
    ]);
    usage_error(&output, &["--weapon-rows", "multiple of 8"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn counts_that_must_be_positive_say_so() {
    let dir = temp_dir("usage-counts");
    let out = dir.join("x.png");
    // --columns 0 used to draw one frame a row, as if 1 had been given.
    usage_error(
        &render(&out, &["--all-frames", "--columns", "0"]),
        &["--columns", "at least 1"],
    );
    // --hold 0 would show a held frame for no time at all.
    usage_error(
        &render(&dir.join("x.gif"), &["--animation", "Walk", "--hold", "0"]),
        &["--hold", "at least 1"],
    );
    // A negative number is named as out of range, not as an unexpected argument.
    usage_error(
        &render(&out, &["--animation", "Walk", "--scale", "-2"]),
        &["--scale", "-2", "1..=16"],
    );
    usage_error(
        &render(&out, &["--frame", "-1"]),
        &["--frame", "an index, a whole number from 0"],
    );
    usage_error(
        &render(
            &dir.join("x.gif"),
            &["--animation", "Walk", "--plays", "-1"],
        ),
        &["--plays", "a whole number from 0", "\"-1\""],
    );
    usage_error(
        &render(&out, &["--animation", "Walk", "--palette", "-1"]),
        &["--palette", "a whole number from 0"],
    );
    // `draw --tick abc` used to say "invalid digit found in string".
    let doc = fixtures::demo_document();
    let draw = |tick: &str| {
        run([
            "draw",
            "--data",
            s(&doc),
            "--animation",
            "Walk",
            "--view",
            "1",
            "--tick",
            tick,
        ])
    };
    usage_error(
        &draw("abc"),
        &["--tick", "expected a whole number, not \"abc\""],
    );
    usage_error(&draw("-1"), &["draw", "tick -1 is negative"]);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_entry_without_a_container_is_refused() {
    let dir = temp_dir("usage-entry");
    let demo = repo_root().join("fixtures/demo");
    let out = dir.join("x.json");
    // build: --entry picks a SAS set in a pakd container (--sas); with an SHP and a SEQ it meant
    // nothing and was ignored.
    let output = run([
        "build",
        "--shp",
        s(&demo.join("DEMO.SHP")),
        "--seq",
        s(&demo.join("DEMO.SEQ")),
        "--entry",
        "3",
        "-o",
        s(&out),
    ]);
    let line = usage_error(&output, &["build", "--entry", "--sas"]);
    assert_eq!(line.lines().count(), 1);
    assert!(!out.exists());
    // render: a document given as --data is no container.
    let png = dir.join("x.png");
    let line = usage_error(
        &render(&png, &["--animation", "Walk", "--entry", "0"]),
        &["render", "--entry", "demo.json is not one"],
    );
    assert!(line.starts_with("tactics-sprite: render: "), "{line}");
    assert!(!png.exists());
    // The container itself takes it.
    let sas = repo_root().join("fixtures/sas");
    let output = run([
        "build",
        "--sas",
        s(&sas.join("synthetic.pakd")),
        "--entry",
        "0",
        "-o",
        s(&out),
    ]);
    test_support::cli::assert_exit(&output, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn views_outside_the_eight_are_named() {
    let dir = temp_dir("usage-view");
    let out = dir.join("x.png");
    let line = usage_error(&render(&out, &["--animation", "Walk", "--view", "8"]), &[]);
    assert_eq!(
        line,
        "tactics-sprite: render: view 8 is out of range: views are 0..7"
    );
    let doc = fixtures::demo_document();
    let output = run([
        "draw",
        "--data",
        s(&doc),
        "--animation",
        "Walk",
        "--view",
        "-1",
        "--tick",
        "0",
    ]);
    usage_error(&output, &["draw", "view -1", "0..7"]);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What the request asks of an input that the input does not have, with the same files fine for
/// a corrected request: an entry a container lacks, `--palette` for a PNG sheet, a palette the
/// SPR lacks. Each is a usage error (exit 2), as the README says, not a bad file (exit 1).
#[test]
fn an_entry_or_a_palette_the_input_lacks_is_a_usage_error() {
    let dir = temp_dir("usage-entry-palette");
    // synthetic.pakd holds entries 0, 1 and 2 (crates/sas-formats/tests/hand.rs).
    let pakd = fixtures::sas("synthetic.pakd");
    usage_error(
        &run(["inspect", "--entry", "3", s(&pakd)]),
        &["inspect", "no entry 3", "the container has 3"],
    );
    let out = dir.join("x.gif");
    usage_error(
        &render(&out, &["--animation", "Walk", "--palette", "1"]),
        &["render", "--palette", "a PNG sheet"],
    );
    // A standard sheet has palettes 0..15 (docs/formats/spr.md): 16 is one past them.
    let spr = dir.join("blank.spr");
    let blank = fft_formats::spr::Spr::blank(fft_formats::spr::SprVariant::Standard);
    std::fs::write(&spr, blank.encode().unwrap()).unwrap();
    let doc = fixtures::demo_document();
    usage_error(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&spr),
            "--animation",
            "Walk",
            "--palette",
            "16",
            "-o",
            s(&out),
        ]),
        &["render", "palette 16", "0..15"],
    );
    assert!(!out.exists(), "nothing is written after a usage error");
}
