//! The text forms (docs/text-forms.md) on texts written by hand: the bytes they assemble to,
//! worked out by hand from docs/formats/README.md; the demo unit (its models are written from the
//! tables in `test_support::demo`) through the text and back; and one error per problem the
//! assembler must name, at its line and column.

use fft_formats::seq::opcode::code;
use fft_formats::shp::{Frame, Tile};
use fft_formats::text::{self, Model};
use fft_formats::{Command, ErrorKind, FileFormat, OpcodeTable, Seq, UnitShp, WeaponShp};
use pretty_assertions::assert_eq;

/// A SEQ file from its parts: header, used slot offsets, stream (docs/formats/seq.md 3.1).
fn seq_bytes(aa: u16, bb: u16, slots: &[u32], stream: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&aa.to_le_bytes());
    bytes.extend_from_slice(&bb.to_le_bytes());
    for slot in 0..256 {
        let offset = slots.get(slot).copied().unwrap_or(0xFFFF_FFFF);
        bytes.extend_from_slice(&offset.to_le_bytes());
    }
    bytes.extend_from_slice(&(stream.len() as u16).to_le_bytes());
    bytes.extend_from_slice(stream);
    bytes
}

/// docs/text-forms.md, which the tests hold to the code.
fn text_forms_md() -> String {
    std::fs::read_to_string(test_support::repo_root().join("docs/text-forms.md"))
        .expect("docs/text-forms.md")
}

/// The code block after the comment `marker` of docs/text-forms.md.
fn doc_block(marker: &str) -> String {
    let doc = text_forms_md();
    let at = doc
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker:?} in the doc"));
    let block = &doc[at..];
    let start = block.find("```text\n").expect("a text block") + "```text\n".len();
    let end = block[start..].find("```").expect("the block's end");
    block[start..start + end].to_owned()
}

#[test]
fn a_seq_text_assembles_to_the_bytes_worked_out_by_hand() {
    // The worked example of docs/text-forms.md.
    let assembly = text::assemble(&doc_block("<!-- example: seq")).unwrap();
    // Stream offsets: 0 hold, 2 frame, 4 `loop`, 6 MoveUnitFB, 9 Wait (own FF at 9, so `loop`
    // is -5 = 0xFB), 0x0D PlaySound 0x21, 0x10 IncrementLoop; 0x12 bytes in all.
    let stream = [
        0x01, 0x00, 0x02, 0x08, 0x03, 0x04, 0xFF, 0xEE, 0xFE, 0xFF, 0xFC, 0xFB, 0x03, 0xFF, 0xF6,
        0x21, 0xFF, 0xD5,
    ];
    assert_eq!(assembly.bytes, seq_bytes(1, 0xFF, &[0, 2, 2], &stream));
    assert_eq!(assembly.model.format(), FileFormat::Seq);
    // And back: the disassembly assembles to the same bytes, with a label at the loop.
    let Model::Seq { seq, opcodes } = &assembly.model else {
        panic!("a SEQ model");
    };
    let again = seq.to_text(opcodes).unwrap();
    assert!(again.contains("L1:\n    Frame 3 4"), "{again}");
    assert!(again.contains("Wait L1 3"), "{again}");
    assert!(again.contains("slot 1:\nslot 2:\n    Frame 2 8"), "{again}");
    assert_eq!(text::assemble(&again).unwrap().bytes, assembly.bytes);
}

/// The unit SHP example of docs/text-forms.md.
const SHP_EXAMPLE: &str = "\
.format unit-shp
.lower-half-from 1
.extra 0xFF

.main
frame 0
    tile -4 -4 sheet 240 176 8x8
frame 1                                 ; from the lower half: Y 256 is its row 0
    tile -16 -35 sheet 32 256 32x40 flip-x
";

#[test]
fn a_unit_shp_text_assembles_to_the_bytes_worked_out_by_hand() {
    let assembly = text::assemble(SHP_EXAMPLE).unwrap();
    let mut expected = vec![8, 0, 0, 0, 1, 0, 0xFF, 0]; // no water, lower half from 1, extra
    let mut pointers = [0u32; 256];
    pointers[1] = 6;
    for p in pointers {
        expected.extend_from_slice(&p.to_le_bytes());
    }
    expected.extend_from_slice(&12u16.to_le_bytes());
    // Frame 0: one tile, (-4, -4), column 30, row 22, size 0: 30 | 22 << 5 = 0x02DE.
    expected.extend_from_slice(&[0x00, 0x00, 0xFC, 0xFC, 0xDE, 0x02]);
    // Frame 1: (-16, -35), column 4, row 0 of the lower half, size 11 (32x40), flip x (bit 14):
    // 4 | 11 << 10 | 1 << 14 = 0x6C04.
    expected.extend_from_slice(&[0x00, 0x00, 0xF0, 0xDD, 0x04, 0x6C]);
    assert_eq!(assembly.bytes, expected);
    assert_eq!(
        assembly.model,
        Model::UnitShp(UnitShp::decode(&expected).unwrap())
    );
}

#[test]
fn the_demo_unit_goes_through_its_text_and_back() {
    let seq = test_support::demo::demo_seq();
    let seq_text = seq.to_text(&OpcodeTable::retail()).unwrap();
    let assembly = text::assemble(&seq_text).unwrap();
    assert_eq!(assembly.bytes, seq.encode().unwrap());
    let shp = test_support::demo::demo_shp();
    let assembly = text::assemble(&shp.to_text().unwrap()).unwrap();
    assert_eq!(assembly.model, Model::UnitShp(shp));
}

/// A slot's name is a comment on its `slot N:` line, and comments are nothing to the assembler:
/// the named text, the text with every comment taken out, and the text with comments of our own
/// added all assemble to the same bytes.
#[test]
fn slot_names_are_comments_the_assembler_ignores() {
    use fft_formats::text::seq::SlotNames;
    let seq = test_support::demo::demo_seq();
    let opcodes = OpcodeTable::retail();
    let names = SlotNames {
        source: Some("a test's table".into()),
        slots: [
            (6, "Walk: front".to_string()),
            (7, "Walk: back".to_string()),
        ]
        .into(),
    };
    let named = seq.to_text_named(&opcodes, &names).unwrap();
    let slot_line = |n: usize| {
        named
            .lines()
            .find(|l| l.starts_with(&format!("slot {n}:")))
            .unwrap_or_else(|| panic!("no slot {n} in\n{named}"))
            .to_string()
    };
    assert!(slot_line(6).ends_with("; Walk: front"), "{}", slot_line(6));
    assert!(slot_line(7).ends_with("; Walk: back"), "{}", slot_line(7));
    assert_eq!(slot_line(5), "slot 5:", "a slot not named has no comment");
    assert!(named.contains("\n; A slot's comment names its animation (a test's table)"));

    let bytes = seq.encode().unwrap();
    let bare: String = named
        .lines()
        .map(|l| l.split(';').next().unwrap().trim_end())
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let chatty = named.replace("slot 6:", "; a modder's note\nslot 6: ; slow this one");
    for (what, text) in [("named", &named), ("bare", &bare), ("chatty", &chatty)] {
        assert_eq!(text::assemble(text).unwrap().bytes, bytes, "{what}");
    }
}

#[test]
fn the_demo_attack_written_from_its_table_is_the_demo_models_slot_14() {
    // test_support::demo's table: 15/4, MoveBackward2, 16/8, `FF D3 FE` (jump -2 to 16/8),
    // PlaySound 0x21, MoveForward2, 17/2, PostGenericAttack, MoveUnitFB +2, 18/12,
    // MoveUnitFB -2, 17/4, `FF FF`.
    let attack = "\
.format seq
.attack-slots-from 0
.second-sheet-slots-from 0xFF
slot 0:
    Frame 15 4
    MoveBackward2
hold: Frame 16 8
    WeaponSheatheCheck1 hold
    PlaySound 0x21
    MoveForward2
    Frame 17 2
    PostGenericAttack
    MoveUnitFB +2
    Frame 18 12
    MoveUnitFB -2
    Frame 17 4
    PauseAnimation
";
    let Model::Seq { seq, .. } = text::assemble(attack).unwrap().model else {
        panic!("a SEQ model");
    };
    let demo = test_support::demo::demo_seq();
    let segment = demo.slot_segments()[14].clone();
    assert_eq!(seq.commands, demo.commands[segment]);
    assert_eq!(
        seq.commands[3],
        Command::op(code::WEAPON_SHEATHE_CHECK_1, &[0xFE]).unwrap()
    );
}

#[test]
fn weapon_texts_keep_rotation_flags_and_the_first_section() {
    let mut first_section = [0u8; 0x44];
    first_section[1] = 7; // a lead byte
    first_section[0x06] = 40; // first-frame entry 1 (the knife), 40 = 0x0028
    first_section[0x43] = 0x12; // the high byte of entry 31
    let shp = WeaponShp {
        first_section,
        frames: vec![Frame {
            rotation: 31,
            flags: 0x61,
            tiles: vec![Tile {
                dx: 127,
                dy: -128,
                column: 31,
                row: 31,
                size_code: 15,
                flip_x: true,
                flip_y: true,
            }],
        }],
    };
    let text = shp.to_text().unwrap();
    assert!(text.contains(".lead 0x00 0x07 0x00 0x00"), "{text}");
    assert!(text.contains(".first-frame 1 40 "), "{text}");
    assert!(text.contains(".first-frame 31 4608 "), "{text}");
    assert!(text.contains("frame 0 rotation 31 flags 0x61"), "{text}");
    assert!(
        text.contains("tile  127 -128  sheet 248 248  56x56  flip-x  flip-y"),
        "{text}"
    );
    assert_eq!(text::assemble(&text).unwrap().model, Model::WeaponShp(shp));
}

#[test]
fn the_animation_rewrite_table_names_its_opcodes() {
    let seq = Seq {
        attack_slots_from: 0,
        second_sheet_slots_from: 0xFF,
        slots: vec![fft_formats::CommandIndex(0)],
        commands: vec![
            Command::op(code::SEGMENT_END_C2, &[5]).unwrap(),
            Command::op(code::PAUSE_ANIMATION, &[]).unwrap(),
        ],
    };
    let rewrite = OpcodeTable::animation_rewrite();
    let text = seq.to_text(&rewrite).unwrap();
    assert!(text.contains(".opcodes animation-rewrite"), "{text}");
    assert!(text.contains("SetBackFacedOffset 0x05"), "{text}");
    let assembly = text::assemble(&text).unwrap();
    assert_eq!(assembly.bytes, seq.encode_with(&rewrite).unwrap());
    // The retail table reads C2 as two bytes: that model has no retail text.
    assert_eq!(
        seq.to_text(&OpcodeTable::retail()).unwrap_err().kind(),
        ErrorKind::NotReadBack
    );
}

#[test]
fn a_jump_that_lands_on_no_command_is_kept_as_raw() {
    let seq = Seq {
        attack_slots_from: 0,
        second_sheet_slots_from: 0xFF,
        slots: vec![fft_formats::CommandIndex(0)],
        commands: vec![
            Command::Frame { frame: 1, delay: 2 },
            Command::op(code::HOLD_WEAPON, &[0x7F]).unwrap(),
            Command::op(code::WAIT, &[0xFF, 2]).unwrap(),
        ],
    };
    let text = seq.to_text(&OpcodeTable::retail()).unwrap();
    assert!(text.contains("HoldWeapon raw(127)"), "{text}");
    assert!(text.contains("Wait raw(-1) 2"), "{text}");
    assert_eq!(text::assemble(&text).unwrap().bytes, seq.encode().unwrap());
}

/// An expected error: line, column, kind, message.
type Expected = (usize, usize, ErrorKind, &'static str);

/// The error of assembling `text`, as `(line, column, kind, message)`.
fn error(text: &str) -> (usize, usize, ErrorKind, String) {
    let error = text::assemble(text).expect_err("the text must not assemble");
    let (line, column) = error.text_position().expect("a text error");
    (line, column, error.kind(), error.to_string())
}

/// Asserts that each body, made a whole text by `text_of`, fails as its case expects; the
/// failure lists every case that does not.
fn assert_errors<'a>(
    cases: impl Iterator<Item = (&'a str, &'a Expected)>,
    text_of: fn(&str) -> String,
) {
    let mut problems = Vec::new();
    for (body, (line, column, kind, message)) in cases {
        let got = error(&text_of(body));
        if got != (*line, *column, *kind, (*message).to_owned()) {
            problems.push(format!(
                "{body:?}\n  expected {:?}\n  got      {got:?}",
                (line, column, kind, message)
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

const SEQ_HEAD: &str = ".format seq\n.attack-slots-from 0\n.second-sheet-slots-from 255\n";

/// `SEQ_HEAD` and then `body`: the body's first line is line 4.
fn seq(body: &str) -> String {
    format!("{SEQ_HEAD}{body}")
}

#[test]
fn seq_errors_name_the_line_the_column_and_what_was_expected() {
    let cases: &[(&str, Expected)] = &[
        (
            "slot 0:\n    Wiat L1 3\n",
            (
                5,
                5,
                ErrorKind::UnknownName,
                "line 5, column 5: unknown opcode `Wiat`; did you mean `Wait`?",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\n    HoldWeapon +6\n",
            (
                6,
                16,
                ErrorKind::BadPointer,
                "line 6, column 16: jump 6 from stream offset 0x0002 lands at 0x0008, past the end of the stream (0x5 bytes); write raw(6) to keep the byte anyway",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\n    Frame 1 2\n    HoldWeapon -3\n",
            (
                7,
                16,
                ErrorKind::BadPointer,
                "line 7, column 16: jump -3 from stream offset 0x0004 lands at 0x0001, inside the command at 0x0000 (line 5); write raw(-3) to keep the byte anyway",
            ),
        ),
        (
            "slot 0:\n    HoldWeapon -8\n",
            (
                5,
                16,
                ErrorKind::BadPointer,
                "line 5, column 16: jump -8 from stream offset 0x0000 lands 8 bytes before the start of the stream; write raw(-8) to keep the byte anyway",
            ),
        ),
        (
            "slot 0:\nloop: Frame 1 2\n    HoldWeapon lopo\n",
            (
                6,
                16,
                ErrorKind::UnknownName,
                "line 6, column 16: no label `lopo`; did you mean `loop`?",
            ),
        ),
        (
            "slot 0:\n    Frame 255 2\n",
            (
                5,
                11,
                ErrorKind::OutOfRange,
                "line 5, column 11: frame 255 cannot be written: the byte 0xFF starts an opcode, so frames are 0 to 254",
            ),
        ),
        (
            "slot 0:\n    Wait -2\n",
            (
                5,
                12,
                ErrorKind::Syntax,
                "line 5, column 12: `Wait` takes 2 arguments (a jump, a byte 0 to 255); found 1 argument",
            ),
        ),
        (
            "slot 0:\n    MoveUnitFB 0xFE\n",
            (
                5,
                16,
                ErrorKind::OutOfRange,
                "line 5, column 16: 254 is out of range: MoveUnitFB's argument is signed, -128 to 127 (the byte 0xFE is -2)",
            ),
        ),
        (
            "slot 0:\n    Frame 1 300\n",
            (
                5,
                13,
                ErrorKind::OutOfRange,
                "line 5, column 13: 300 is out of range: a delay in ticks is 0 to 255",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\nslot 2:\n    Frame 1 2\n",
            (
                6,
                1,
                ErrorKind::Missing,
                "line 6, column 1: slot 2 is given but slot 1 is not: slots are numbered from 0 without a gap (every slot after the first unused one is unused)",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\nslot 0:\n",
            (
                6,
                6,
                ErrorKind::Duplicate,
                "line 6, column 6: slot 0 is given twice (first at line 4)",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\nslot 1:\n",
            (
                6,
                1,
                ErrorKind::NoSuchCommand,
                "line 6, column 1: slot 1 has no command after it; a slot starts at a command",
            ),
        ),
        (
            "slot 256:\n",
            (
                4,
                6,
                ErrorKind::OutOfRange,
                "line 4, column 6: 256 is out of range: a slot is 0 to 255",
            ),
        ),
        (
            "slot 0:\n    SetBackFacedOffset 1\n",
            (
                5,
                5,
                ErrorKind::UnknownName,
                "line 5, column 5: `SetBackFacedOffset` is an opcode of the animation-rewrite table, not of the retail table; say `.opcodes animation-rewrite` at the top",
            ),
        ),
        (
            "slot 0:\n    Frame 1 2\n.opcodes retail\n",
            (
                6,
                1,
                ErrorKind::Syntax,
                "line 6, column 1: `.opcodes` comes after the commands began (line 4); directives come first",
            ),
        ),
        (
            "slot 0:\n    Frame x 2\n",
            (
                5,
                11,
                ErrorKind::Syntax,
                "line 5, column 11: `x` is not a number; a frame index is a whole number from 0 to 255 (decimal, or hex as 0x..)",
            ),
        ),
    ];
    assert_errors(cases.iter().map(|(body, e)| (*body, e)), seq);
}

#[test]
fn a_label_out_of_reach_is_named_with_its_distance() {
    let mut body = String::from("slot 0:\nfar: Frame 1 2\n");
    for _ in 0..64 {
        body.push_str("    Frame 1 2\n");
    }
    body.push_str("    HoldWeapon far\n");
    // `far` is at 0; the jump's own FF at 2 + 128 = 130.
    let (line, column, kind, message) = error(&seq(&body));
    assert_eq!(
        (line, column, kind),
        (4 + 2 + 64, 16, ErrorKind::OutOfRange)
    );
    assert!(message.ends_with("`far` (line 5) is 130 bytes back; a jump reaches 128 bytes back and 127 forward, from its own command"), "{message}");
}

#[test]
fn a_stream_over_65535_bytes_is_refused_at_the_command_that_passes_it() {
    let mut body = String::from("slot 0:\n");
    for _ in 0..32767 {
        body.push_str("Frame 1 2\n");
    }
    body.push_str("PauseAnimation\n");
    let (line, column, kind, message) = error(&seq(&body));
    // 32767 frames end at 65534; the pause would end at 65536.
    assert_eq!(
        (line, column, kind),
        (4 + 1 + 32767, 1, ErrorKind::TooLarge)
    );
    assert!(
        message.contains("would end the stream at byte 0x10000"),
        "{message}"
    );
}

#[test]
fn texts_that_are_no_form_say_what_a_form_starts_with() {
    let cases = [
        (
            "",
            "line 1, column 1: the text is empty; a text form starts with `.format seq`, `.format unit-shp` or `.format weapon-shp`",
        ),
        (
            "; a comment\nFrame 1 2\n",
            "line 2, column 1: expected `.format` first (one of seq, unit-shp, weapon-shp), found `Frame`",
        ),
        (
            ".format sqe\n",
            "line 1, column 9: unknown format `sqe`; the formats are seq, unit-shp, weapon-shp; did you mean `seq`?",
        ),
        (
            ".format spr\n",
            "line 1, column 9: unknown format `spr` (an SPR sheet has no text form: it is a picture); the formats are seq, unit-shp, weapon-shp",
        ),
        (
            ".format seq\n.attack-slot-from 3\n",
            "line 2, column 1: unknown directive `.attack-slot-from` in a SEQ text; its directives are .opcodes, .attack-slots-from, .second-sheet-slots-from; did you mean `.attack-slots-from`?",
        ),
        (
            ".format seq\n.attack-slots-from 3\nslot 0:\n Frame 1 2\n",
            "line 3, column 1: the text has no `.second-sheet-slots-from` line; a SEQ text gives both header values after `.format seq`",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            text::assemble(text).unwrap_err().to_string(),
            message,
            "{text:?}"
        );
    }
    let not_utf8 = b".format seq\n.attack-slots-from \xFF\n";
    assert_eq!(
        text::assemble_bytes(not_utf8).unwrap_err().to_string(),
        "line 2, column 20: byte 0xFF is not UTF-8 text; a text form is UTF-8 (ASCII is enough)"
    );
}

const SHP_HEAD: &str = ".format unit-shp\n.lower-half-from 2\n.extra 0xFF\n.main\n";

/// `SHP_HEAD` and then `body`: the body's first line is line 5.
fn shp(body: &str) -> String {
    format!("{SHP_HEAD}{body}")
}

#[test]
fn shp_errors_name_the_line_the_column_and_what_was_expected() {
    let blank = "frame 0\n    tile -4 -4 sheet 240 176 8x8\n";
    let cases: Vec<(String, Expected)> = vec![
        (
            "frame 0\n    tile -4 -4 sheet 244 176 8x8\n".into(),
            (
                6,
                22,
                ErrorKind::NotOnSheet,
                "line 6, column 22: x 244 is not on the 8-pixel grid: tiles are cut at multiples of 8",
            ),
        ),
        (
            "frame 0\n    tile -4 -4 sheet 240 180 8x8\n".into(),
            (
                6,
                26,
                ErrorKind::NotOnSheet,
                "line 6, column 26: y 180 is not on the 8-pixel grid: tiles are cut at multiples of 8",
            ),
        ),
        (
            format!(
                "{blank}frame 1\n    tile -4 -4 sheet 240 176 8x8\nframe 2\n    tile -4 -4 sheet 240 176 8x8\n"
            ),
            (
                10,
                26,
                ErrorKind::NotOnSheet,
                "line 10, column 26: y 176 is not in the lower half of the sheet, which frame 2 draws from (frames from 2 on, `.lower-half-from`): its tiles' Y is 256 to 504",
            ),
        ),
        (
            "frame 0\n    tile -4 -4 sheet 240 256 8x8\n".into(),
            (
                6,
                26,
                ErrorKind::NotOnSheet,
                "line 6, column 26: y 256 is not in the top half of the sheet, which frame 0 draws from (the lower half is for frames from 2 on, `.lower-half-from`): its tiles' Y is 0 to 248",
            ),
        ),
        (
            format!("frame 0\n{}", "    tile 0 0 sheet 0 0 8x8\n".repeat(9)),
            (
                14,
                5,
                ErrorKind::TooMany,
                "line 14, column 5: frame 0 already has 8 tiles; a frame holds at most 8",
            ),
        ),
        (
            format!("{blank}frame 1\nframe 2\n"),
            (
                7,
                1,
                ErrorKind::Empty,
                "line 7, column 1: frame 1 has no tiles; a frame holds 1 to 8 `tile` lines",
            ),
        ),
        (
            format!("{blank}frame 1\n"),
            (
                7,
                1,
                ErrorKind::Empty,
                "line 7, column 1: frame 1 has no tiles; a frame holds 1 to 8 `tile` lines",
            ),
        ),
        (
            "frame 0\n    tile -4 -4 sheet 240 176 30x40\n".into(),
            (
                6,
                30,
                ErrorKind::UnknownName,
                "line 6, column 30: no tile size `30x40`; the sizes are 8x8, 16x8, 16x16, 16x24, 24x8, 24x16, 24x24, 32x8, 32x16, 32x24, 32x32, 32x40, 48x16, 40x32, 48x48, 56x56",
            ),
        ),
        (
            format!("{blank}frame 2\n"),
            (
                7,
                7,
                ErrorKind::Syntax,
                "line 7, column 7: expected frame 1 here (frames are numbered in order from 0), found 2",
            ),
        ),
        (
            "frame 0\n    tile -4 -4 sheet 240 176 8x8 flipx\n".into(),
            (
                6,
                34,
                ErrorKind::UnknownName,
                "line 6, column 34: unknown word `flipx` after the tile's size; a tile takes `flip-x` and `flip-y`; did you mean `flip-x`?",
            ),
        ),
        (
            "frame 0 rotation 32\n    tile -4 -4 sheet 240 176 8x8\n".into(),
            (
                5,
                18,
                ErrorKind::OutOfRange,
                "line 5, column 18: 32 is out of range: a rotation (5 bits) is 0 to 31",
            ),
        ),
        (
            "frame 0\n    tile -4 -4 at 240 176 8x8\n".into(),
            (
                6,
                16,
                ErrorKind::Syntax,
                "line 6, column 16: expected `sheet` after the tile's offset; a tile line is `tile DX DY sheet X Y WxH`, then `flip-x` or `flip-y` when mirrored",
            ),
        ),
        (
            format!("{blank}.water\n{blank}frame 1\n"),
            (
                10,
                7,
                ErrorKind::Mismatch,
                "line 10, column 7: water frame 1 has no main frame: the main table has 1 frames, and the water table has as many",
            ),
        ),
        (
            format!("{blank}frame 1\n    tile 0 0 sheet 0 0 8x8\n.water\n{blank}"),
            (
                9,
                1,
                ErrorKind::Mismatch,
                "line 9, column 1: the water table has 1 frames, the main table 2; they have as many",
            ),
        ),
        (
            "tile 0 0 sheet 0 0 8x8\n".into(),
            (
                5,
                1,
                ErrorKind::Syntax,
                "line 5, column 1: a `tile` line comes after the `frame` line of its frame",
            ),
        ),
        (
            "fram 0\n".into(),
            (
                5,
                1,
                ErrorKind::UnknownName,
                "line 5, column 1: unknown word `fram`; a line of a unit SHP text is a directive, `frame N ...` or `tile ...`; did you mean `frame`?",
            ),
        ),
        (
            format!("{blank}.lead 0 0 0 0\n"),
            (
                7,
                1,
                ErrorKind::UnknownName,
                "line 7, column 1: unknown directive `.lead` in a unit SHP text (a directive of weapon SHP texts); its directives are .lower-half-from, .extra, .main, .water",
            ),
        ),
    ];
    assert_errors(cases.iter().map(|(body, e)| (body.as_str(), e)), shp);
}

#[test]
fn a_table_of_257_frames_is_refused_at_frame_256() {
    let mut body = String::new();
    for frame in 0..=256 {
        body.push_str(&format!("frame {frame}\n    tile 0 0 sheet 0 0 8x8\n"));
    }
    // Every frame in the top half: the lower half starts past the last frame.
    let text = shp(&body).replace(".lower-half-from 2", ".lower-half-from 300");
    let (line, column, kind, message) = error(&text);
    assert_eq!((line, column, kind), (5 + 2 * 256, 7, ErrorKind::TooMany));
    assert!(
        message.ends_with("frame 256 does not fit: a main table holds at most 256 frames"),
        "{message}"
    );
}

#[test]
fn weapon_texts_need_every_first_frame_entry() {
    let mut text = String::from(".format weapon-shp\n.lead 0 0 0 0\n");
    for entry in 0..31 {
        text.push_str(&format!(".first-frame {entry} 0\n"));
    }
    text.push_str(".frames\nframe 0\n    tile 0 0 sheet 0 0 8x8\n");
    assert_eq!(
        text::assemble(&text).unwrap_err().to_string(),
        "line 34, column 1: first-frame entry 31 is not given; a weapon SHP text gives all 32 (`.first-frame 31 N`) before `.frames`"
    );
}

#[test]
fn a_sheet_has_no_text_form() {
    let error =
        text::disassemble(&[0; 32768], FileFormat::Spr, &OpcodeTable::retail()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "text form: an SPR sheet has no text form (it is a picture: write it as a PNG)"
    );
}

#[test]
fn the_opcode_table_marks_the_jumps_of_formats_md() {
    use fft_formats::seq::opcode::ArgKind;
    // docs/formats/seq.md 3.3: jump arguments are C0, C6, D3, D6, FC's first and FD's.
    let table = OpcodeTable::retail();
    let mut jumps: Vec<(u8, usize)> = Vec::new();
    for opcode in table.iter() {
        for arg in 0..opcode.arg_len() {
            if opcode.arg_kind(arg) == ArgKind::Jump {
                jumps.push((opcode.code, arg));
            }
        }
    }
    assert_eq!(
        jumps,
        [
            (0xC0, 0),
            (0xC6, 0),
            (0xD3, 0),
            (0xD6, 0),
            (0xFC, 0),
            (0xFD, 0)
        ]
    );
    // The moves are signed (docs/formats/seq.md 3.2: "s8").
    for code in [0xC4, 0xD8, 0xEE, 0xEF, 0xF0, 0xFA] {
        let opcode = table.get(code).unwrap();
        assert!(
            (0..opcode.arg_len()).all(|a| opcode.arg_kind(a) == ArgKind::Signed),
            "{code:02X}"
        );
    }
    for name in OpcodeTable::NAMES {
        assert_eq!(OpcodeTable::by_name(name).unwrap().table_name(), name);
    }
    assert_eq!(OpcodeTable::by_name("Retail"), None);
}

#[test]
fn the_docs_opcode_table_is_the_codecs() {
    use fft_formats::seq::opcode::ArgKind;
    let doc = text_forms_md();
    let at = doc
        .find("<!-- opcode table")
        .expect("the opcode table's marker");
    let rows: Vec<String> = doc[at..]
        .lines()
        .skip(3)
        .take_while(|l| l.starts_with('|'))
        .map(str::to_owned)
        .collect();
    let table = OpcodeTable::retail();
    let expected: Vec<String> = table
        .iter()
        .map(|op| {
            let kinds: Vec<&str> = (0..op.arg_len())
                .map(|a| match op.arg_kind(a) {
                    ArgKind::Jump => "jump",
                    ArgKind::Signed => "signed",
                    ArgKind::Unsigned => "unsigned",
                    ArgKind::Raw => "raw",
                })
                .collect();
            let args = if kinds.is_empty() {
                "—".to_owned()
            } else {
                kinds.join(", ")
            };
            format!("| `{:02X}` | `{}` | {args} |", op.code, op.name)
        })
        .collect();
    assert_eq!(rows, expected);
}

#[test]
fn a_line_of_a_hundred_thousand_labels_is_read_in_one_pass() {
    // Slots and labels before a command are read in a loop, not one call each (which would
    // overflow the stack), and a missing label's suggestions look at a bounded few of them.
    let mut line = String::from("slot 0: ");
    for n in 0..100_000 {
        line.push_str(&format!("L{n}: "));
    }
    line.push_str("Frame 1 2\n    HoldWeapon L99999\n    HoldWeapon nowhere\n");
    let (line_number, column, kind, _) = error(&seq(&line));
    assert_eq!((line_number, column, kind), (6, 16, ErrorKind::UnknownName));
}

/// A word the assembler refuses is repeated in its error with its control characters escaped:
/// an ESC is no space, so a hostile text's word may hold one (issue 38).
#[test]
fn a_refused_word_is_repeated_without_its_control_characters() {
    let text = ".format seq\n.attack-slots-from \u{1b}[2J\u{7f}\n";
    let error = text::assemble(text).unwrap_err().to_string();
    assert!(
        !error.bytes().any(|b| b < 0x20 || b == 0x7F),
        "raw control bytes in {error:?}"
    );
    assert!(error.contains(r"\u{1b}[2J\u{7f}"), "{error}");
}
