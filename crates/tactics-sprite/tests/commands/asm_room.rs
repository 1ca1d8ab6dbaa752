//! `asm --check ORIGINAL` of a text that assembles past the room the game gives the original
//! (docs/text-forms.md, docs/mods.md "Sizes"): written all the same (exit 0), with one warning
//! on stderr saying the bytes over, the slots that grew and their animations, and how to shrink.

use crate::common::{expect, run, s, stderr};
use test_support::{retail_file, temp_dir};

#[test]
fn a_text_grown_past_the_original_s_room_is_warned_of_at_asm() {
    let test = "a_text_grown_past_the_original_s_room_is_warned_of_at_asm";
    let Some(seq) = retail_file(test, "TYPE1.SEQ") else {
        return;
    };
    let dir = temp_dir(test);
    let text = dir.join("type1.seq.txt");
    expect(&run(["disasm", s(&seq), "-o", s(&text)]), 0);
    // Three more frames at the start of slot 6 (Walk, front): 3 x 2 bytes (docs/formats/seq.md:
    // a frame command is its frame and its delay, a byte each).
    let lines: Vec<String> = std::fs::read_to_string(&text)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("slot 6:"))
        .expect("slot 6");
    let mut grown = lines.clone();
    grown.splice(at + 1..at + 1, vec!["    Frame 11 6".to_owned(); 3]);
    let grown_text = dir.join("grown.seq.txt");
    std::fs::write(&grown_text, grown.join("\n")).unwrap();
    let retail_len = std::fs::metadata(&seq).unwrap().len();
    let out = dir.join("grown.seq");
    let output = run(["asm", s(&grown_text), "--check", s(&seq), "-o", s(&out)]);
    test_support::cli::assert_exit(&output, 0);
    assert_eq!(std::fs::metadata(&out).unwrap().len(), retail_len + 6);
    let warning = stderr(&output);
    assert_eq!(warning.lines().count(), 1, "{warning}");
    assert!(
        warning.starts_with(&format!(
            "tactics-sprite: asm: warning: {} assembles to {} bytes, 6 over the {retail_len} \
             the game reads for TYPE1.SEQ",
            s(&grown_text),
            retail_len + 6
        )),
        "{warning}"
    );
    assert!(
        warning.contains("they went to Walk (slot 6 front): slot 6 +6 bytes; to shrink it"),
        "{warning}"
    );

    // The text as disasm wrote it fits: nothing to say.
    let output = run(["asm", s(&text), "--check", s(&seq), "-o", s(&out)]);
    test_support::cli::assert_exit(&output, 0);
    assert_eq!(stderr(&output), "");
}
