//! SEQ execution on its own (docs/formats/seq.md 3.3): hand-made streams with hand-computed
//! timelines, and the contract's remarks on the retail files.

use fft_formats::seq::opcode::code;
use fft_formats::{Command, CommandIndex, Seq};
use sprite_data::execution::{End, EventKind, Program};
use sprite_data::{ErrorKind, FrameIndex, Slot};
use test_support::retail_bytes;

fn frame(frame: u8, delay: u8) -> Command {
    Command::Frame { frame, delay }
}

fn op(code: u8, args: &[u8]) -> Command {
    Command::op(code, args).unwrap()
}

fn seq(slots: Vec<usize>, commands: Vec<Command>) -> Seq {
    Seq {
        attack_slots_from: 0x78,
        second_sheet_slots_from: 0xFF,
        slots: slots.into_iter().map(CommandIndex).collect(),
        commands,
    }
}

fn frames(timeline: &sprite_data::execution::Timeline) -> Vec<i32> {
    timeline.frames.iter().map(|f| f.frame).collect()
}

#[test]
fn counted_loop_plays_its_block_count_more_times() {
    // 1/2, 2/2, FC -4 2: the 4 bytes before (frames 1 and 2) play twice more: 1 2 1 2 1 2, then 3.
    let s = seq(
        vec![0],
        vec![
            frame(1, 2),
            frame(2, 2),
            op(code::WAIT, &[0xFC, 2]),
            frame(3, 2),
            op(code::PAUSE_ANIMATION, &[]),
        ],
    );
    let t = Program::new(&s).execute(Slot(0)).unwrap();
    assert_eq!(frames(&t), [1, 2, 1, 2, 1, 2, 3]);
    assert_eq!(t.end, End::Pause);
    assert!(t.skipped_loops.is_empty());
}

#[test]
fn nested_counted_loops_restart_the_inner_count() {
    // [1, (2, FC -2 1)] FC -8 1: inner plays 2 twice per outer pass; outer plays twice: 1 2 2 1 2 2.
    let s = seq(
        vec![0],
        vec![
            frame(1, 1),
            frame(2, 1),
            op(code::WAIT, &[0xFE, 1]),
            op(code::WAIT, &[0xF8, 1]),
            op(code::PAUSE_ANIMATION, &[]),
        ],
    );
    assert_eq!(
        frames(&Program::new(&s).execute(Slot(0)).unwrap()),
        [1, 2, 2, 1, 2, 2]
    );
}

#[test]
fn a_loop_jumping_out_of_its_segment_is_skipped_and_reported() {
    // Slot 1 starts at command 1 (offset 2); its loop jumps 4 bytes back to offset 0, in slot 0's segment.
    let s = seq(
        vec![0, 1],
        vec![
            frame(1, 0),
            frame(2, 4),
            op(code::WAIT, &[0xFC, 3]),
            op(code::PAUSE_ANIMATION, &[]),
        ],
    );
    let t = Program::new(&s).execute(Slot(1)).unwrap();
    assert_eq!(frames(&t), [2]);
    assert_eq!(t.skipped_loops.len(), 1);
    assert_eq!(
        (t.skipped_loops[0].offset, t.skipped_loops[0].target),
        (4, 0)
    );
}

#[test]
fn moves_offsets_flips_and_events_accumulate() {
    let s = seq(
        vec![0],
        vec![
            op(code::MOVE_FORWARD_2, &[]),
            frame(5, 4),
            op(code::PLAY_SOUND, &[0x19]),
            op(code::MOVE_UNIT_DU, &[0xF8]), // DU -8
            op(code::SET_FRAME_OFFSET, &[49]),
            op(code::FLIP_HORIZONTAL, &[]),
            frame(5, 6),
            op(code::WEAPON_SHEATHE_CHECK_1, &[0xFE]), // a conditional hold: taken as satisfied
            op(code::POST_GENERIC_ATTACK, &[]),
            op(code::MOVE_UNIT_RL_DU_FB, &[3, 8, 0xFE]), // RL +3, DU +8, FB -2
            op(code::SET_FRAME_OFFSET, &[0]),
            frame(7, 2),
            op(code::INCREMENT_LOOP, &[]),
            frame(9, 9),
        ],
    );
    let t = Program::new(&s).execute(Slot(0)).unwrap();
    assert_eq!(frames(&t), [5, 54, 7]);
    let state: Vec<(i32, i32, i32, bool)> = t
        .frames
        .iter()
        .map(|f| (f.fb, f.du, f.rl, f.flip))
        .collect();
    assert_eq!(state, [(2, 0, 0, false), (2, -8, 0, true), (0, 0, 3, true)]);
    let events: Vec<(u32, EventKind)> = t.events.iter().map(|e| (e.tick, e.kind)).collect();
    assert_eq!(
        events,
        [
            (4, EventKind::PlaySound { sound: 0x19 }),
            (10, EventKind::PostGenericAttack)
        ]
    );
    assert_eq!(t.end, End::Loop);
}

#[test]
fn every_end_stops_execution() {
    for (end_op, end) in [
        (code::PAUSE_ANIMATION, End::Pause),
        (code::END_ANIMATION, End::EndAnimation),
        (code::SEGMENT_END_C2, End::C2),
        (code::INCREMENT_LOOP, End::Loop),
    ] {
        let s = seq(vec![0], vec![frame(1, 2), op(end_op, &[]), frame(2, 2)]);
        let t = Program::new(&s).execute(Slot(0)).unwrap();
        assert_eq!((frames(&t), t.end), (vec![1], end));
    }
    let s = seq(
        vec![0],
        vec![frame(1, 2), op(code::HOLD_WEAPON, &[0xFE]), frame(2, 2)],
    );
    assert_eq!(
        Program::new(&s).execute(Slot(0)).unwrap().end,
        End::HoldWeapon
    );
    let s = seq(vec![0], vec![frame(1, 0), frame(2, 2)]);
    let t = Program::new(&s).execute(Slot(0)).unwrap();
    assert_eq!((frames(&t), t.end), (vec![1], End::Hold));
    // No end command: the segment ends at the next slot's start.
    let s = seq(vec![0, 2], vec![frame(1, 2), frame(2, 2), frame(3, 2)]);
    let t = Program::new(&s).execute(Slot(0)).unwrap();
    assert_eq!((frames(&t), t.end), (vec![1, 2], End::SegmentEnd));
}

#[test]
fn hostile_loops_are_bounded() {
    // Two nested 255-pass loops around a move: 256 * 256 passes exceed the bound.
    let s = seq(
        vec![0],
        vec![
            frame(1, 1),
            op(code::WAIT, &[0xFE, 255]),
            op(code::WAIT, &[0xFA, 255]),
            op(code::WAIT, &[0xF6, 255]),
        ],
    );
    let too_long = Program::new(&s).execute(Slot(0)).unwrap_err();
    assert!(
        matches!(too_long.kind(), ErrorKind::SlotTooLong { slot: Slot(0) }),
        "{too_long:?}"
    );
    assert_eq!(
        too_long.to_string(),
        "slot 0 did not end within 65536 commands"
    );
    assert_eq!(
        too_long.fault(),
        sprite_data::Fault::File,
        "the SEQ's, not a request's"
    );
    let no_slot = Program::new(&s).execute(Slot(1)).unwrap_err();
    assert!(
        matches!(
            no_slot.kind(),
            ErrorKind::NoSuchSlot {
                slot: Slot(1),
                slots: 1
            }
        ),
        "{no_slot:?}"
    );
}

/// docs/derivation.md "Counted loops": TYPE1 has no unreplayable counted loop; CYOKO has two, at
/// stream offsets 0x643 and 0x674, whose targets fall before their segments.
#[test]
fn retail_counted_loops_outside_their_segment() {
    const TEST: &str = "retail_counted_loops_outside_their_segment";
    let skipped = |name: &str| {
        let s = Seq::decode(&retail_bytes(TEST, name)?).unwrap();
        let program = Program::new(&s);
        let mut offsets: Vec<usize> = (0..s.slots.len())
            .flat_map(|slot| program.execute(Slot(slot as u32)).unwrap().skipped_loops)
            .map(|l| l.offset)
            .collect();
        offsets.sort_unstable();
        offsets.dedup();
        Some(offsets)
    };
    if let Some(offsets) = skipped("TYPE1.SEQ") {
        assert_eq!(offsets, Vec::<usize>::new());
    }
    if let Some(offsets) = skipped("CYOKO.SEQ") {
        assert_eq!(offsets, [0x643, 0x674]);
    }
}

/// `FF FC` loops that jump to themselves or forward are not replayed (their target is not a
/// command before them in the segment), and `FF FD` jumping anywhere ends the timeline: nothing
/// a file says can make execution spin.
#[test]
fn loops_to_themselves_or_forward_are_not_replayed() {
    let cases = [
        (0x00, "to itself"),
        (0x06, "forward, onto the next frame"),
        (0x7F, "forward, past the stream"),
        (0x80, "far back, before the stream"),
    ];
    for (jump, what) in cases {
        let s = seq(
            vec![0],
            vec![
                frame(1, 2),
                op(code::WAIT, &[jump, 255]),
                frame(2, 2),
                op(code::PAUSE_ANIMATION, &[]),
            ],
        );
        let t = Program::new(&s).execute(Slot(0)).unwrap();
        assert_eq!(frames(&t), [1, 2], "{what}");
        assert_eq!(t.skipped_loops.len(), 1, "{what}");
    }
    for jump in [0x00, 0x02, 0xFE, 0x80] {
        let s = seq(
            vec![0],
            vec![frame(1, 2), op(code::HOLD_WEAPON, &[jump]), frame(2, 2)],
        );
        let t = Program::new(&s).execute(Slot(0)).unwrap();
        assert_eq!((frames(&t), t.end), (vec![1], End::HoldWeapon));
    }
}

/// The demo SHP with `seq` and the demo profile, as `build` reads them.
fn build_demo_with(
    seq: &Seq,
    edit: impl FnOnce(&mut sprite_data::Profile),
    hands: Option<&serde_json::Value>,
) -> Result<sprite_data::Built, sprite_data::Error> {
    let shp = fft_formats::UnitShp::decode(sprite_data::demo::DEMO_SHP).unwrap();
    let mut profile = sprite_data::Profile::demo();
    edit(&mut profile);
    sprite_data::build(&sprite_data::BuildInput {
        shp: &shp,
        seq,
        profile: &profile,
        sheet_file: None,
        hands,
        holds: None,
    })
}

#[test]
fn a_build_fails_with_the_kind_of_its_fault_in_the_context_of_the_unit_kind() {
    let demo = sprite_data::Profile::demo();
    let frame_count = fft_formats::UnitShp::decode(sprite_data::demo::DEMO_SHP)
        .unwrap()
        .frame_count();
    let fine = seq(vec![0], vec![frame(1, 2), op(code::PAUSE_ANIMATION, &[])]);
    assert!(build_demo_with(&fine, |_| {}, None).is_ok());

    // A slot showing the frame one past the SHP's main frames.
    let past = seq(
        vec![0],
        vec![frame(frame_count as u8, 2), op(code::PAUSE_ANIMATION, &[])],
    );
    let error = build_demo_with(&past, |_| {}, None).unwrap_err();
    assert_eq!(error.context(), [demo.kind.as_str()]);
    assert!(
        matches!(error.kind(), ErrorKind::FrameOutOfRange { slot: Slot(0), frame, count }
            if *frame == frame_count as i32 && *count == frame_count),
        "{error:?}"
    );

    // A slot that never ends, in the build: the execution's kind, in the unit's context.
    let endless = seq(
        vec![0],
        vec![
            frame(1, 1),
            op(code::WAIT, &[0xFE, 255]),
            op(code::WAIT, &[0xFA, 255]),
            op(code::WAIT, &[0xF6, 255]),
        ],
    );
    let error = build_demo_with(&endless, |_| {}, None).unwrap_err();
    assert!(matches!(
        error.kind(),
        ErrorKind::SlotTooLong { slot: Slot(0) }
    ));
    assert_eq!(
        error.to_string(),
        format!("{}: slot 0 did not end within 65536 commands", demo.kind)
    );

    let error = build_demo_with(
        &fine,
        |p| p.idle_frames[3] = FrameIndex(frame_count as u32),
        None,
    )
    .unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::IdleFrameOutOfRange { view: 3, frame, count }
            if *frame == FrameIndex(frame_count as u32) && *count == frame_count),
        "{error:?}"
    );

    let error = build_demo_with(&fine, |_| {}, Some(&serde_json::json!([]))).unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::OverlayNotObject { what: "hands" }),
        "{error:?}"
    );
    assert_eq!(error.context(), [demo.kind.as_str()]);
}

#[test]
fn the_pipeline_names_the_file_at_fault() {
    use sprite_data::demo::{DEMO_SEQ, DEMO_SHP};
    use sprite_data::{NamedBytes, Overlays, build_document};
    let shp = NamedBytes {
        name: "cut.SHP",
        bytes: &DEMO_SHP[..DEMO_SHP.len() / 2],
    };
    let seq = NamedBytes {
        name: "DEMO.SEQ",
        bytes: DEMO_SEQ,
    };
    let error = build_document(
        shp,
        seq,
        &sprite_data::Profile::demo(),
        Overlays::default(),
        None,
    )
    .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Decode(_)), "{error:?}");
    assert_eq!(error.context(), ["cut.SHP"]);
    let decode = error.kind().decode_error().unwrap();
    assert!(decode.is_decode());
    assert_eq!(error.to_string(), format!("cut.SHP: {decode}"));

    // The overlays a profile names: one missing (the reader's error), one not JSON (the
    // builder's), each named.
    let dir = test_support::temp_dir("pipeline-overlays");
    let whole = NamedBytes {
        name: "DEMO.SHP",
        bytes: DEMO_SHP,
    };
    let mut profile = sprite_data::Profile::demo();
    profile.hands = Some(dir.join("missing.json"));
    let error = sprite_inputs::documents::OverlayFiles::read(&profile).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::Read(_)), "{error:?}");
    assert_eq!(
        error.context(),
        [dir.join("missing.json").display().to_string()]
    );
    let holds = Overlays {
        hands: None,
        holds: Some(NamedBytes {
            name: "holds.json",
            bytes: b"{",
        }),
    };
    let error = build_document(whole, seq, &sprite_data::Profile::demo(), holds, None).unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::NotJson(_)), "{error:?}");
    assert_eq!(error.context(), ["holds.json"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `asm --check` reports: the slots whose timelines differ. Slot 0 plays 1/2 then loops;
/// slots 1 and 2 alias 3/2 and loop; slot 3 is 4/2. A delay changed in the aliased block changes
/// slots 1 and 2 only; a command inserted into slot 0 moves every later command's offset, which
/// is no part of what slots 1-3 play; a slot added at the end is a slot that differs.
#[test]
fn slots_that_play_differently_are_those_whose_timelines_differ() {
    use sprite_data::execution::slots_played_differently;
    let loop_ = || op(code::INCREMENT_LOOP, &[]);
    let before = seq(
        vec![0, 2, 2, 4],
        vec![
            frame(1, 2),
            loop_(),
            frame(3, 2),
            loop_(),
            frame(4, 2),
            loop_(),
        ],
    );
    assert_eq!(slots_played_differently(&before, &before), []);

    let mut slower = before.clone();
    slower.commands[2] = frame(3, 5);
    assert_eq!(
        slots_played_differently(&before, &slower),
        [Slot(1), Slot(2)]
    );

    let longer = seq(
        vec![0, 3, 3, 5],
        vec![
            frame(1, 2),
            frame(2, 2),
            loop_(),
            frame(3, 2),
            loop_(),
            frame(4, 2),
            loop_(),
        ],
    );
    assert_eq!(slots_played_differently(&before, &longer), [Slot(0)]);

    let mut more = before.clone();
    more.slots.push(CommandIndex(4));
    assert_eq!(slots_played_differently(&before, &more), [Slot(4)]);
}
