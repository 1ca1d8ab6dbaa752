//! `disasm` and `asm` end to end: the retail files through their text and back, a modder's edit
//! of one delay, and the one-line errors and exit codes of the other commands.

mod common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{expect, run, s};

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
    let walk = "slot 6:\n    Frame 11 6 ";
    assert!(written.contains(walk), "slot 6 as the text writes it");
    std::fs::write(&text, written.replacen(walk, "slot 6:\n    Frame 11 8 ", 1)).unwrap();
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
        assert_eq!(run(&args).status.code(), Some(2), "{args:?}");
    }
}
