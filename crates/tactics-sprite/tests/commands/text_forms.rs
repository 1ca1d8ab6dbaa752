//! `disasm` and `asm` end to end: the retail files through their text and back, a modder's edit
//! of one delay, and the one-line errors and exit codes of the other commands.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::{expect, run, s, stderr, stdout};

/// A fresh folder under the system temp dir, removed when dropped. Game bytes written in tests go
/// here, never into the repository.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tactics-sprite-text-{}-{test}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        Self(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn one_file_of_each_format_goes_through_its_text_to_the_same_bytes() {
    let test = "one_file_of_each_format_goes_through_its_text_to_the_same_bytes";
    let tmp = TempDir::new("each-format");
    for (name, format) in [
        ("TYPE1.SEQ", "seq"),
        ("TYPE1.SHP", "unit-shp"),
        ("WEP1.SHP", "weapon-shp"),
    ] {
        let Some(original) = test_support::retail_file(test, name) else {
            continue;
        };
        let text = tmp.path(&format!("{name}.txt"));
        let back = tmp.path(name);
        let said = expect(&run(["disasm", s(&original), "-o", s(&text)]), 0);
        assert!(said.contains(&format!("  {format}, ")), "{said}");
        assert!(
            std::fs::read_to_string(&text)
                .unwrap()
                .contains(&format!(".format {format}\n"))
        );
        let said = expect(&run(["asm", s(&text), "-o", s(&back)]), 0);
        assert!(
            said.starts_with(&format!("asm     {}  {format} text\n", s(&text))),
            "{said}"
        );
        assert_eq!(
            std::fs::read(&back).unwrap(),
            std::fs::read(&original).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn editing_one_delay_of_walk_changes_that_one_byte() {
    let test = "editing_one_delay_of_walk_changes_that_one_byte";
    let Some(original) = test_support::retail_file(test, "TYPE1.SEQ") else {
        return;
    };
    let tmp = TempDir::new("walk-delay");
    let text = tmp.path("type1.seq.txt");
    expect(&run(["disasm", s(&original), "-o", s(&text)]), 0);
    // Slot 6 (Walk, docs/formats/seq.md 3.5: at stream offset 0x000C) starts with frame 11 for 6
    // ticks.
    let written = std::fs::read_to_string(&text).unwrap();
    assert!(written.contains("\nslot 6:  "), "slot 6 opens Walk's front");
    let walk = test_support::text_form::edit_first_command(&written, 6, "Frame 11 6", "Frame 11 8");
    std::fs::write(&text, walk).unwrap();
    let edited = tmp.path("TYPE1.SEQ");
    expect(&run(["asm", s(&text), "-o", s(&edited)]), 0);
    let before = std::fs::read(&original).unwrap();
    let after = std::fs::read(&edited).unwrap();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    // The delay byte of the command at stream offset 0x0C: 0x406 + 0x0C + 1.
    assert_eq!(changed, [0x413]);
    assert_eq!((before[0x413], after[0x413]), (6, 8));
}

#[test]
fn a_typo_is_one_line_naming_line_and_column_and_nothing_is_written() {
    let tmp = TempDir::new("typo");
    let text = tmp.path("bad.seq.txt");
    let body = ".format seq\n.attack-slots-from 0\n.second-sheet-slots-from 255\nslot 0:\n    Frame 1 2\n    Wiat -2 3\n";
    std::fs::write(&text, body).unwrap();
    let out = tmp.path("BAD.SEQ");
    std::fs::write(&out, b"before").unwrap();
    let err = expect(&run(["asm", s(&text), "-o", s(&out)]), 1);
    assert_eq!(
        err,
        format!(
            "tactics-sprite: {}: line 6, column 5: unknown opcode `Wiat`; did you mean `Wait`?\n",
            s(&text)
        )
    );
    assert_eq!(
        std::fs::read(&out).unwrap(),
        b"before",
        "the old file is untouched"
    );
}

#[test]
fn wrong_inputs_get_one_line_and_exit_1_and_usage_errors_exit_2() {
    let tmp = TempDir::new("wrong-inputs");
    let seq = tmp.path("tiny.seq");
    std::fs::write(&seq, test_support::demo::demo_seq().encode().unwrap()).unwrap();
    let text = tmp.path("tiny.seq.txt");
    expect(&run(["disasm", s(&seq), "-o", s(&text)]), 0);
    let out = s(&tmp.path("out")).to_owned();

    let err = expect(&run(["asm", s(&seq), "-o", &out]), 1);
    assert!(err.ends_with("this is a SEQ file (animation bytecode), not its text form; `tactics-sprite disasm` writes that\n"), "{err}");
    let err = expect(&run(["disasm", s(&text), "-o", &out]), 1);
    assert!(err.ends_with("this is already the text form of a SEQ file (animation bytecode); `tactics-sprite asm` compiles it\n"), "{err}");
    let sheet = tmp.path("blank.sp2");
    std::fs::write(&sheet, vec![0u8; 32768]).unwrap();
    let err = expect(&run(["disasm", s(&sheet), "-o", &out]), 1);
    assert!(
        err.contains("this is an SPR sprite sheet, which has no text form"),
        "{err}"
    );
    let garbage = tmp.path("garbage.txt");
    std::fs::write(&garbage, b"\x89not text\xFF").unwrap();
    let err = expect(&run(["asm", s(&garbage), "-o", &out]), 1);
    assert!(err.ends_with("line 1, column 1: byte 0x89 is not UTF-8 text; a text form is UTF-8 (ASCII is enough)\n"), "{err}");
    assert!(!tmp.path("out").exists());

    for args in [
        vec!["asm", s(&text)],
        vec!["disasm", s(&seq)],
        vec!["disasm", s(&seq), "-o", &out, "--opcodes", "nope"],
    ] {
        test_support::cli::assert_exit_for(&run(&args), 2, format!("{args:?}"));
    }
}

/// `asm --check TYPE1.SEQ` typed where no TYPE1.SEQ is, without `--originals`: one line naming
/// the file and the ways to give it, not the system's bare "No such file".
#[test]
fn asm_check_of_a_game_file_not_there_says_how_to_give_it() {
    let tmp = TempDir::new("asm-check-missing");
    let seq = tmp.path("tiny.seq");
    std::fs::write(&seq, test_support::demo::demo_seq().encode().unwrap()).unwrap();
    let text = tmp.path("tiny.seq.txt");
    expect(&run(["disasm", s(&seq), "-o", s(&text)]), 0);
    // Run in the empty-of-TYPE1 temp folder: the bare name is looked for there.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["asm", s(&text), "--check", "TYPE1.SEQ"])
        .current_dir(&tmp.0)
        .output()
        .expect("the binary runs");
    let err = expect(&output, 1);
    assert!(err.contains("--check TYPE1.SEQ: no such file"), "{err}");
    assert!(err.contains("--originals DIR"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

/// What `check` or `diff` printed when it found differences (exit 1, nothing on stderr).
fn differences(output: &std::process::Output) -> String {
    test_support::cli::assert_exit(output, 1);
    assert!(output.stderr.is_empty(), "{}", stderr(output));
    stdout(output)
}

/// The demo pair (ours, committed) and its profile and document.
fn demo_files() -> [PathBuf; 4] {
    let root = test_support::repo_root();
    [
        test_support::fixtures::demo("DEMO.SHP"),
        test_support::fixtures::demo("DEMO.SEQ"),
        root.join("crates/sprite-data/profiles/demo.toml"),
        test_support::fixtures::demo_document(),
    ]
}

/// `text` with the first `from` after `after` made `to`; the edit must be there to make.
fn edit(text: &str, after: &str, from: &str, to: &str) -> String {
    let at = text.find(after).expect("the anchor is in the text") + after.len();
    let (head, tail) = text.split_at(at);
    assert!(tail.starts_with(from), "{from:?} follows {after:?}");
    format!("{head}{to}{}", &tail[from.len()..])
}

#[test]
fn build_check_and_diff_take_a_text_form_as_the_file_it_assembles_to() {
    let tmp = TempDir::new("build-check-diff");
    let [shp, seq, profile, document] = demo_files();
    let (shp_text, seq_text) = (tmp.path("demo.shp.txt"), tmp.path("demo.seq.txt"));
    expect(&run(["disasm", s(&shp), "-o", s(&shp_text)]), 0);
    expect(&run(["disasm", s(&seq), "-o", s(&seq_text)]), 0);

    // Built from the two texts, the document is the committed demo document (which the golden
    // test holds to the build from DEMO.SHP and DEMO.SEQ), and build says what it assembled.
    let built = tmp.path("demo.json");
    let said = expect(
        &run([
            "build",
            "--profile",
            s(&profile),
            "--shp",
            s(&shp_text),
            "--seq",
            s(&seq_text),
            "-o",
            s(&built),
        ]),
        0,
    );
    assert!(std::fs::read(&built).unwrap() == std::fs::read(&document).unwrap());
    let seq_len = std::fs::metadata(&seq).unwrap().len();
    assert!(
        said.starts_with(&format!(
            "text    {}: the text form of a unit SHP file (frames), assembled to {} bytes\n\
             text    {}: the text form of a SEQ file (animation bytecode), assembled to \
             {seq_len} bytes\n",
            s(&shp_text),
            std::fs::metadata(&shp).unwrap().len(),
            s(&seq_text),
        )),
        "{said}"
    );

    // check: the texts agree with the document, and say they are texts.
    let check = |seq: &Path| {
        run([
            "check",
            "--data",
            s(&document),
            "--profile",
            s(&profile),
            "--shp",
            s(&shp_text),
            "--seq",
            s(seq),
        ])
    };
    let said = expect(&check(&seq_text), 0);
    assert!(
        said.contains(&format!(
            "\nfiles   {} (text form, modified) + {} (text form, modified) (DEMO profile)\n",
            s(&shp_text),
            s(&seq_text)
        )),
        "{said}"
    );
    assert!(said.ends_with("same: no differences\n"), "{said}");

    // One delay of Walk (slot 6: frame 9 for 8 ticks, sequences[6] "Walk Fwd" of the document)
    // made 5: check names that tick and nothing else.
    let edited = tmp.path("walk.seq.txt");
    let text = std::fs::read_to_string(&seq_text).unwrap();
    std::fs::write(
        &edited,
        edit(&text, "slot 6:\n    ", "Frame 9 8", "Frame 9 5"),
    )
    .unwrap();
    let said = differences(&check(&edited));
    let findings: Vec<&str> = said.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(
        findings,
        [r#"  sequences[6] "Walk Fwd" .ticks[0]: theirs 8, files 5"#]
    );

    // diff: a text and its own file are the same; the edit is one command of slot 6, at the
    // delay byte of the command at stream offset 0x0C (0x406 + 0x0C + 1 = 0x413).
    let said = expect(&run(["diff", s(&seq), s(&seq_text)]), 0);
    assert!(
        said.contains(&format!("\nB  {}  (seq, text form)\n", s(&seq_text))),
        "{said}"
    );
    let said = differences(&run(["diff", s(&seq_text), s(&edited)]));
    let findings: Vec<&str> = said.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(
        findings,
        ["  slot 6 command 0 at 0x412: A frame 9 delay 8, B frame 9 delay 5 (byte 0x413)"]
    );
    let said = expect(&run(["diff", s(&shp), s(&shp_text)]), 0);
    assert!(said.contains("(unit-shp, text form)"), "{said}");
}

#[test]
fn build_check_and_diff_name_the_retail_file_a_text_assembles_to() {
    let test = "build_check_and_diff_name_the_retail_file_a_text_assembles_to";
    let (Some(shp), Some(seq)) = (
        test_support::retail_file(test, "TYPE1.SHP"),
        test_support::retail_file(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let tmp = TempDir::new("retail-text");
    let seq_text = tmp.path("type1.seq.txt");
    expect(&run(["disasm", s(&seq), "-o", s(&seq_text)]), 0);
    let built = tmp.path("type1.json");
    let said = expect(
        &run([
            "build",
            "--shp",
            s(&shp),
            "--seq",
            s(&seq_text),
            "-o",
            s(&built),
        ]),
        0,
    );
    assert!(
        said.contains(&format!(
            "\ninput   {}: 6754 bytes, retail TYPE1.SEQ\n",
            s(&seq_text)
        )),
        "{said}"
    );
    // The committed TYPE1 document is the retail build.
    let committed = test_support::fixtures::document("type1");
    assert!(std::fs::read(&built).unwrap() == std::fs::read(&committed).unwrap());
    let said = expect(
        &run([
            "check",
            "--data",
            s(&committed),
            "--shp",
            s(&shp),
            "--seq",
            s(&seq_text),
        ]),
        0,
    );
    assert!(
        said.contains(&format!(
            " + {} (text form of retail TYPE1.SEQ) (TYPE1 profile)\n",
            s(&seq_text)
        )),
        "{said}"
    );
}

#[test]
fn a_broken_text_is_one_line_at_its_line_and_column_in_every_command() {
    let tmp = TempDir::new("broken-everywhere");
    let [shp, _, profile, document] = demo_files();
    let header = ".format seq\n.attack-slots-from 0\n.second-sheet-slots-from 255\nslot 0:\n    \
                  Frame 1 2\n";
    // Hand-checked: `Frame 1 2` is bytes 0-1 of the stream and `Wait` bytes 2-5 (FF FC 06 03),
    // so a jump of 6 from its FF at 2 lands at 8, past the 6 bytes; the 6 stands at column 10.
    let cases = [
        (
            "jump.seq.txt",
            format!("{header}    Wait 6 3\n"),
            "line 6, column 10: jump 6 from stream offset 0x0002 lands at 0x0008, past the end \
             of the stream (0x6 bytes); write raw(6) to keep the byte anyway",
        ),
        (
            "opcode.seq.txt",
            format!("{header}    Wiat -2 3\n"),
            "line 6, column 5: unknown opcode `Wiat`; did you mean `Wait`?",
        ),
        (
            "format.seq.txt",
            ".format seqq\n".to_owned(),
            "line 1, column 9: unknown format `seqq`; the formats are seq, unit-shp, weapon-shp; \
             did you mean `seq`?",
        ),
    ];
    let out = tmp.path("out");
    for (name, body, problem) in cases {
        let text = tmp.path(name);
        std::fs::write(&text, body).unwrap();
        let line = format!("tactics-sprite: {}: {problem}\n", s(&text));
        let commands: [(Vec<&str>, i32); 5] = [
            (vec!["asm", s(&text), "-o", s(&out)], 1),
            (
                vec![
                    "build",
                    "--profile",
                    s(&profile),
                    "--shp",
                    s(&shp),
                    "--seq",
                    s(&text),
                    "-o",
                    s(&out),
                ],
                1,
            ),
            (
                vec![
                    "check",
                    "--data",
                    s(&document),
                    "--profile",
                    s(&profile),
                    "--shp",
                    s(&shp),
                    "--seq",
                    s(&text),
                ],
                2,
            ),
            (vec!["diff", s(&text), s(&text)], 2),
            (vec!["diff", s(&shp), s(&text)], 2),
        ];
        for (args, code) in commands {
            assert_eq!(expect(&run(&args), code), line, "{args:?}");
        }
        assert!(!out.exists(), "nothing is written");
    }
}

#[test]
fn a_text_form_where_another_input_belongs_is_named_for_what_it_is() {
    let tmp = TempDir::new("text-elsewhere");
    let [shp, seq, profile, document] = demo_files();
    let (shp_text, seq_text) = (tmp.path("demo.shp.txt"), tmp.path("demo.seq.txt"));
    expect(&run(["disasm", s(&shp), "-o", s(&shp_text)]), 0);
    expect(&run(["disasm", s(&seq), "-o", s(&seq_text)]), 0);
    let out = s(&tmp.path("out")).to_owned();
    let seq_words = "the text form of a SEQ file (animation bytecode)";
    let shp_words = "the text form of a unit SHP file (frames)";
    let cases: Vec<(Vec<&str>, i32, String)> = vec![
        (
            vec!["inspect", s(&seq_text)],
            1,
            format!(
                "{}: this is {seq_words}, not the file itself; `tactics-sprite asm` compiles it to \
                 the file",
                s(&seq_text)
            ),
        ),
        (
            vec!["roundtrip", "--kind", "seq", s(&seq_text)],
            1,
            format!(
                "{}: this is {seq_words}, not the file itself; `tactics-sprite asm` compiles it to \
                 the file",
                s(&seq_text)
            ),
        ),
        (
            vec![
                "build",
                "--profile",
                s(&profile),
                "--shp",
                s(&seq_text),
                "--seq",
                s(&shp_text),
                "-o",
                &out,
            ],
            1,
            format!(
                "{}: this is {seq_words}, given as --shp, which wants a unit SHP file (frames); \
                 are --shp and --seq swapped?",
                s(&seq_text)
            ),
        ),
        (
            vec![
                "check",
                "--data",
                s(&document),
                "--profile",
                s(&profile),
                "--shp",
                s(&shp_text),
                "--seq",
                s(&shp_text),
            ],
            2,
            format!(
                "{}: this is {shp_words}, given as --seq, which wants a SEQ file (animation \
                 bytecode)",
                s(&shp_text)
            ),
        ),
        (
            vec![
                "check",
                "--data",
                s(&seq_text),
                "--shp",
                s(&shp),
                "--seq",
                s(&seq),
            ],
            2,
            format!(
                "{}: this is {seq_words}, not a document; give it as --seq to check a document \
                 against it",
                s(&seq_text)
            ),
        ),
        (
            vec!["diff", s(&seq_text), s(&shp_text)],
            2,
            format!(
                "{} is a seq file and {} a unit-shp file; diff compares two files of one kind",
                s(&seq_text),
                s(&shp_text)
            ),
        ),
        (
            vec!["diff", "--kind", "unit-shp", s(&shp), s(&seq_text)],
            2,
            format!(
                "{}: --kind unit-shp is given, but this is {seq_words}",
                s(&seq_text)
            ),
        ),
        (
            vec!["sheet", s(&seq_text), "-o", &out],
            1,
            format!(
                "{}: this is {seq_words}, not an SPR sprite sheet",
                s(&seq_text)
            ),
        ),
    ];
    for (args, code, line) in cases {
        assert_eq!(
            expect(&run(&args), code),
            format!("tactics-sprite: {line}\n"),
            "{args:?}"
        );
    }
    assert!(!tmp.path("out").exists());
}

/// docs/format.md: the front of a pair plays in views 0-2 and 7, the back in 3-6; profiles/demo.toml
/// names slot 0 Blank, 6 and 7 Walk, 14 and 15 Attack, and no animation plays slots 10-13 (they
/// alias one `PauseAnimation`). `disasm` comments each slot with that, `asm` ignores the comments,
/// and `asm --check` names the animations an edit changes, without writing anything.
#[test]
fn the_text_names_each_slot_and_asm_check_names_the_animations_an_edit_changes() {
    let tmp = TempDir::new("named-slots");
    let [_, seq, profile, _] = demo_files();
    let text = tmp.path("demo.seq.txt");
    let said = expect(
        &run(["disasm", s(&seq), "--profile", s(&profile), "-o", s(&text)]),
        0,
    );
    let source = format!("the profile {}", s(&profile));
    assert!(
        said.contains(&format!("\nnames   14 slots named from {source}\n")),
        "{said}"
    );
    let written = std::fs::read_to_string(&text).unwrap();
    let line = |slot: &str| {
        written
            .lines()
            .find(|l| l.starts_with(&format!("slot {slot}:")))
            .unwrap_or_else(|| panic!("no slot {slot}"))
            .to_string()
    };
    assert!(line("0").ends_with("; Blank: every view"), "{}", line("0"));
    assert!(
        line("6").ends_with("; Walk: front, views 0-2 and 7"),
        "{}",
        line("6")
    );
    assert!(
        line("7").ends_with("; Walk: back, views 3-6"),
        "{}",
        line("7")
    );
    assert_eq!(line("10"), "slot 10:");
    let back = tmp.path("DEMO.SEQ");
    expect(&run(["asm", s(&text), "-o", s(&back)]), 0);
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&seq).unwrap());

    let check = |text: &Path, profile: Option<&Path>| {
        let mut args = vec!["asm", s(text), "--check", s(&seq)];
        if let Some(profile) = profile {
            args.extend(["--profile", s(profile)]);
        }
        let said = expect(&run(&args), 0);
        said.lines().nth(1).unwrap_or_default().to_string()
    };
    let against = format!("against {}", s(&seq));
    assert_eq!(
        check(&text, Some(&profile)),
        format!("check   every slot plays as in {}", s(&seq))
    );
    // Walk's first delay, in both of its slots (slot 6: frame 9, slot 7: frame 11, 8 ticks).
    let walk = edit(&written, &line("6"), "\n    Frame 9 8 ", "\n    Frame 9 12");
    let walk = edit(&walk, &line("7"), "\n    Frame 11 8 ", "\n    Frame 11 12");
    let edited = tmp.path("walk.seq.txt");
    std::fs::write(&edited, &walk).unwrap();
    assert_eq!(
        check(&edited, Some(&profile)),
        format!(
            "check   changes {against}, named from {source}: 1 animation: Walk (slots 6 front, 7 back)"
        )
    );
    // Slot 14 alone, then the block of slots 10-13.
    let attack = edit(
        &written,
        &line("14"),
        "\n    Frame 15 4 ",
        "\n    Frame 15 5",
    );
    std::fs::write(&edited, &attack).unwrap();
    assert!(
        check(&edited, Some(&profile)).ends_with(": 1 animation: Attack (slot 14 front)"),
        "{}",
        check(&edited, Some(&profile))
    );
    let paused = edit(
        &written,
        "slot 13:",
        "\n    PauseAnimation ",
        "\n    EndAnimation   ",
    );
    std::fs::write(&edited, &paused).unwrap();
    assert_eq!(
        check(&edited, Some(&profile)),
        format!(
            "check   changes {against}, named from {source}: 4 slots no animation plays: 10, 11, 12, 13"
        )
    );
    // DEMO.SEQ is no built-in kind's: without --profile the slots are numbers.
    std::fs::write(&edited, &walk).unwrap();
    assert_eq!(
        check(&edited, None),
        format!(
            "check   2 slots played differently from {}: 6, 7 (no profile names them: give --profile)",
            s(&seq)
        )
    );
    assert!(!tmp.path("walk.seq").exists() && tmp.0.read_dir().unwrap().count() == 3);

    // An SHP text has no animations to compare.
    let shp_text = tmp.path("demo.shp.txt");
    expect(&run(["disasm", s(&demo_files()[0]), "-o", s(&shp_text)]), 0);
    let err = expect(&run(["asm", s(&shp_text), "--check", s(&seq)]), 1);
    assert!(
        err.contains("--check compares the animations of a SEQ"),
        "{err}"
    );
}

/// The retail TYPE1.SEQ is named by its digest whatever the file is called: slot 6 is Walk's
/// front (profiles/type1.toml: `Walk`, front 6, back 7), and an edit of Walk's first delay in both
/// slots is Walk's alone.
#[test]
fn a_retail_seq_is_named_by_its_digest_under_any_file_name() {
    const TEST: &str = "a_retail_seq_is_named_by_its_digest_under_any_file_name";
    let Some(original) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let tmp = TempDir::new("retail-named");
    let renamed = tmp.path("mine.bin");
    std::fs::copy(&original, &renamed).unwrap();
    let text = tmp.path("type1.seq.txt");
    let said = expect(&run(["disasm", s(&renamed), "-o", s(&text)]), 0);
    assert!(
        said.contains("slots named from the type1 profile\n"),
        "{said}"
    );
    let written = std::fs::read_to_string(&text).unwrap();
    let walk = edit(
        &written,
        "; Walk: front, views 0-2 and 7",
        "\n    Frame 11 6 ",
        "\n    Frame 11 8 ",
    );
    let walk = edit(
        &walk,
        "; Walk: back, views 3-6",
        "\n    Frame 16 6 ",
        "\n    Frame 16 8 ",
    );
    std::fs::write(&text, walk).unwrap();
    let said = expect(&run(["asm", s(&text), "--check", s(&renamed)]), 0);
    assert!(
        said.ends_with(": 1 animation: Walk (slots 6 front, 7 back)\n"),
        "{said}"
    );
}

/// A pair is read one way by every command (`sprite_inputs::pair`): a JSON document given as
/// `--shp` is named for what it is by `serve` as by `build`, not assembled as if it were a text
/// form (which `serve` did, saying the assembler's first complaint at line 1).
#[test]
fn a_document_given_as_the_shp_is_named_for_what_it_is_by_serve_as_by_build() {
    let tmp = TempDir::new("document-as-shp");
    let [_, seq, profile, document] = demo_files();
    let out = tmp.path("out.json");
    let line = format!(
        "tactics-sprite: {}: this is JSON text (a tactics-sprite-data document?), given as --shp, \
         which wants a unit SHP file (frames)\n",
        s(&document)
    );
    let build = [
        "build",
        "--profile",
        s(&profile),
        "--shp",
        s(&document),
        "--seq",
        s(&seq),
        "-o",
        s(&out),
    ];
    assert_eq!(expect(&run(build), 1), line);
    let serve = [
        "serve",
        "--shp",
        s(&document),
        "--seq",
        s(&seq),
        "--addr",
        "127.0.0.1:0",
    ];
    assert_eq!(expect(&run(serve), 1), line);
}
