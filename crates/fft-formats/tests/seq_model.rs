//! What the SEQ model knows beyond its bytes: the storage segments, the second sheet, encoding for
//! a given opcode table, and the one declaration of the retail opcodes.

use fft_formats::seq::opcode::code;
use fft_formats::seq::{FIRST_OPCODE, NO_SECOND_SHEET};
use fft_formats::{Command, CommandIndex, ErrorKind, OpcodeTable, PathFrame, Seq};
use pretty_assertions::assert_eq;

fn frame(frame: u8) -> Command {
    Command::Frame { frame, delay: 4 }
}

/// Six commands; slots 0 and 2 share command 1, slot 1 starts at command 4, and command 0 is
/// before every slot (dead bytes, as retail files have).
fn seq(second_sheet_slots_from: u16) -> Seq {
    Seq {
        attack_slots_from: 0x78,
        second_sheet_slots_from,
        slots: [1, 4, 1].map(CommandIndex).to_vec(),
        commands: vec![
            frame(0),
            frame(1),
            Command::op(code::PLAY_SOUND, &[0x21]).unwrap(),
            frame(2),
            frame(3),
            Command::op(code::PAUSE_ANIMATION, &[]).unwrap(),
        ],
    }
}

#[test]
fn segments_run_from_each_distinct_slot_start_to_the_next() {
    // docs/formats/seq.md 3.3: from a slot's offset up to the next larger distinct offset, or to L.
    assert_eq!(seq(NO_SECOND_SHEET).segments(), vec![1..4, 4..6]);
    assert_eq!(seq(NO_SECOND_SHEET).distinct_slot_offsets(), 2);
    let no_slots = Seq {
        slots: vec![],
        ..seq(NO_SECOND_SHEET)
    };
    assert_eq!(no_slots.segments(), vec![]);
}

#[test]
fn bb_0xff_means_no_second_sheet() {
    // docs/formats/seq.md 3.6: BB is 0xFF everywhere but MON.SEQ, where it is 194.
    assert_eq!(seq(0xFF).second_sheet_from(), None);
    assert_eq!(seq(194).second_sheet_from(), Some(194));
    assert_eq!(seq(0).second_sheet_from(), Some(0));
}

#[test]
fn encode_with_refuses_what_the_table_would_not_read_back() {
    let retail = OpcodeTable::retail();
    let model = seq(NO_SECOND_SHEET);
    let bytes = model.encode_with(&retail).unwrap();
    assert_eq!(bytes, model.encode().unwrap());
    assert_eq!(Seq::decode_with(&bytes, &retail).unwrap(), model);

    // PlaySound takes one argument byte (docs/formats/seq.md 3.2); two would be read back as
    // PlaySound and a frame command.
    let mut long = model.clone();
    long.commands[2] = Command::op(code::PLAY_SOUND, &[0x21, 0x00]).unwrap();
    assert!(long.encode().is_ok(), "the table-free encoder writes it");
    let e = long.encode_with(&retail).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotReadBack);
    assert_eq!(e.field(), "command 2");

    // A code the table lacks.
    let mut custom = model.clone();
    custom.commands[2] = Command::op(0xBE, &[1, 2]).unwrap();
    assert_eq!(
        custom.encode_with(&retail).map_err(|e| e.kind()),
        Err(ErrorKind::NotReadBack)
    );

    // The animation rewrite makes C2 3 bytes long (docs/formats/seq.md 3.7).
    let mut c2 = model;
    c2.commands[2] = Command::op(code::SEGMENT_END_C2, &[7]).unwrap();
    assert_eq!(
        c2.encode_with(&retail).map_err(|e| e.kind()),
        Err(ErrorKind::NotReadBack)
    );
    assert!(c2.encode_with(&OpcodeTable::animation_rewrite()).is_ok());
}

#[test]
fn the_named_opcode_codes_are_the_tables_entries() {
    // docs/formats/seq.md 3.2: the codes and names the builder relies on.
    let table = OpcodeTable::retail();
    for (code, name, len) in [
        (code::PLAY_SOUND, "PlaySound", 3),
        (code::POST_GENERIC_ATTACK, "PostGenericAttack", 2),
        (code::WAIT, "Wait", 4),
        (code::HOLD_WEAPON, "HoldWeapon", 3),
        (code::INCREMENT_LOOP, "IncrementLoop", 2),
        (code::MOVE_UNIT_RL_DU_FB, "MoveUnitRLDUFB", 5),
        (code::PAUSE_ANIMATION, "PauseAnimation", 2),
        // The layer cues: `FF E2 n` and `FF F2 layer slot` (docs/formats/seq.md 3.2).
        (code::SET_LAYER_PRIORITY, "SetLayerPriority", 3),
        (code::QUEUE_SPRITE_ANIM, "QueueSpriteAnim", 4),
    ] {
        let op = table.get(code).unwrap();
        assert_eq!((op.code, op.name, op.len), (code, name, len));
    }
    assert_eq!(FIRST_OPCODE, 0xBE);
    assert_eq!(table.iter().count(), 0x100 - 0xBE);
}

#[test]
fn a_short_header_names_the_field_it_ends_in() {
    // A 3-byte file: AA is whole, BB (at 2) has one byte of its two.
    let e = Seq::decode(&[0x78, 0x00, 0xFF]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnexpectedEnd);
    assert_eq!(e.offset(), Some(2));
    assert_eq!(
        e.path().unwrap().frames(),
        [PathFrame::Part("header".into()), PathFrame::Field("BB")]
    );
    assert_eq!(
        e.to_string(),
        "at byte 0x0002: header BB: expected 2 more bytes, found end of file after 1 bytes"
    );
    // A file that ends inside the slot table: slot 3 (at 4 + 12) has 2 of its 4 bytes.
    let mut bytes = vec![0x78, 0x00, 0xFF, 0x00];
    bytes.extend_from_slice(&[0; 14]);
    let e = Seq::decode(&bytes).unwrap_err();
    assert_eq!((e.offset(), e.field().as_str()), (Some(16), "slot 3"));
}
