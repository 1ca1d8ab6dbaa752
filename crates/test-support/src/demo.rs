//! A tiny synthetic unit in the TYPE1 style: an SHP ([`demo_shp`]) and a SEQ ([`demo_seq`]) written
//! by hand for tests, examples and fuzz seeds. Nothing here comes from the game: the sheet
//! positions below describe an imagined 256 x 488 sheet laid out the way TYPE1 sheets are, and the
//! animations use the same opcodes as TYPE1 to exercise the codec. `fixtures/demo/DEMO.SHP` and
//! `DEMO.SEQ` are these models run through our encoder.
//!
//! # The SHP: 19 frames, lower half from frame 15
//!
//! | frames | main table | water table |
//! |---|---|---|
//! | 0 | blank: one 8x8 at sheet (240, 176) drawn at (-4, -4) (docs/formats/shp.md 2.5) | the same |
//! | 1-8 | standing poses, one 32x40 at (-16, -35): 1, 2, 3, 7, 8 from sheet (0, 0), (32, 0), (64, 0), (96, 0), (128, 0); 4, 5, 6 are `flip_x` copies of 2, 1, 8 from the same rectangles | a 32x16 water line at (-16, -21) over the top 32x16 of the pose |
//! | 9-12 | walk: a 16x16 head and a 32x32 body; 10 and 12 add a 16x8 arm | water line, (arm,) head, top 32x16 of the body |
//! | 13-14 | the blank record of frame 0 again: these poses exist only in water | a 32x16 water line and a 32x16 top from sheet (192, 40) / (192, 56) |
//! | 15-18 | attack, from the lower half (rows 256+): a 24x24 arm and a 32x40 body; 18 adds a 48x16 slash in front | (slash,) a water line from (200, 256), arm, top 32x16 of the body |
//!
//! # The SEQ: 18 slots, `AA` = 14 (the first attack slot), `BB` = 0xFF
//!
//! | slots | name | commands |
//! |---|---|---|
//! | 0-5 | Blank, Face Down, Face Front, Face Left, Face Back, Face Up | one hold each (delay 0): frames 0, 3, 2, 1, 8, 7, as in TYPE1 |
//! | 6 / 7 | Walk front / back | frames 9, 10 / 11, 12 for 8 ticks each, then `FF D5` (loop) |
//! | 8 / 9 | Nulled Walk front / back | frames 13, 14 / 14, 13: blank in the main table, visible only in water; `FF D5` |
//! | 10-13 | Buffer | four slots aliasing one `FF FF` |
//! | 14 | Attack front | 15/4, MoveBackward2, 16/8, `FF D3 FE` (hold: jump -2 to 16/8), PlaySound 0x21, MoveForward2, 17/2, PostGenericAttack, MoveUnitFB +2, 18/12, MoveUnitFB -2, 17/4, `FF FF` |
//! | 15 | Attack back | 15/4, MoveBackward1, 16/8, `FF D6 FE`, MoveForward1, 17/2, PostGenericAttack, MoveUnitDU -2, 18/12, MoveUnitDU +2, 17/4, `FF FF` |
//! | 16 | Spin front | 2/4, FlipHorizontal, 2/4, FlipHorizontal, `FF FC F8 02` (the 8 bytes before play twice more), SetFrameOffset +1, 2/4 (shows 3), SetFrameOffset 0, MoveUnitRL +4, 1/4, MoveUnitRL -4, 1/4, `FF FF` |
//! | 17 | Spin back | the same on frames 8 and 7, one replay, SetFrameOffset -1, RL -4 then +4 |

use fft_formats::CommandIndex;
use fft_formats::seq::opcode::code;
use fft_formats::seq::{Command, Seq};
use fft_formats::shp::{Frame, SheetRect, Tile, UnitShp};

/// First frame drawn from the lower half of the sheet.
pub const DEMO_LOWER_HALF_FROM: u16 = 15;
/// Header `AA` of the demo SEQ: its first attack slot.
pub const DEMO_ATTACK_SLOTS_FROM: u16 = 14;

const fn rect(x: u32, y: u32, w: u32, h: u32) -> SheetRect {
    SheetRect { x, y, w, h }
}

const BLANK: SheetRect = rect(240, 176, 8, 8);
/// The five drawn standing poses (frames 1, 2, 3, 7, 8), 32x40 each.
const POSE: [SheetRect; 5] = [
    rect(0, 0, 32, 40),
    rect(32, 0, 32, 40),
    rect(64, 0, 32, 40),
    rect(96, 0, 32, 40),
    rect(128, 0, 32, 40),
];
const WATER_LINE: SheetRect = rect(160, 80, 32, 16);
const WATER_LINE_LOWER: SheetRect = rect(200, 256, 32, 16);

/// A tile of this model. The rectangles are constants on the grid and in the right half, which
/// the demo tests check by building the model.
fn tile(dx: i8, dy: i8, r: SheetRect, lower: bool, flip_x: bool) -> Tile {
    Tile::from_sheet_rect(dx, dy, r, lower, flip_x)
        .expect("the demo's sheet rectangles are on the grid and in their frame's half")
}

fn frame(tiles: Vec<Tile>) -> Frame {
    Frame {
        rotation: 0,
        flags: 0,
        tiles,
    }
}

/// The top 32x16 of a taller rectangle: what stays above the water line.
fn top16(r: SheetRect) -> SheetRect {
    rect(r.x, r.y, r.w, 16)
}

/// The demo unit's frames, main and water tables (module docs).
///
/// # Panics
/// Never: the model is made of constants that the tests encode and decode.
pub fn demo_shp() -> UnitShp {
    let mut main = Vec::new();
    let mut water = Vec::new();
    let blank = || frame(vec![tile(-4, -4, BLANK, false, false)]);
    main.push(blank());
    water.push(blank());

    // Frames 1-8: which pose rectangle, and mirrored or not. 4, 5, 6 mirror 2, 1, 8.
    let standing = [
        (POSE[0], false),
        (POSE[1], false),
        (POSE[2], false),
        (POSE[1], true),
        (POSE[0], true),
        (POSE[4], true),
        (POSE[3], false),
        (POSE[4], false),
    ];
    for (pose, flip) in standing {
        main.push(frame(vec![tile(-16, -35, pose, false, flip)]));
        water.push(frame(vec![
            tile(-16, -21, WATER_LINE, false, flip),
            tile(-16, -35, top16(pose), false, flip),
        ]));
    }

    // Frames 9-12: (head, body, optional arm with its position).
    let walk = [
        (rect(128, 40, 16, 16), rect(0, 40, 32, 32), None),
        (
            rect(144, 40, 16, 16),
            rect(32, 40, 32, 32),
            Some((4, rect(160, 40, 16, 8))),
        ),
        (rect(128, 56, 16, 16), rect(64, 40, 32, 32), None),
        (
            rect(144, 56, 16, 16),
            rect(96, 40, 32, 32),
            Some((-20, rect(176, 40, 16, 8))),
        ),
    ];
    for (head, body, arm) in walk {
        let arm = arm.map(|(dx, r)| tile(dx, -20, r, false, false));
        let head = tile(-8, -37, head, false, false);
        main.push(frame(
            arm.into_iter()
                .chain([head, tile(-16, -27, body, false, false)])
                .collect(),
        ));
        water.push(frame(
            [tile(-16, -11, WATER_LINE, false, false)]
                .into_iter()
                .chain(arm)
                .chain([head, tile(-16, -27, top16(body), false, false)])
                .collect(),
        ));
    }

    // Frames 13-14: blank in the main table (TYPE1 74-83 do the same), drawn only in water.
    for top in [rect(192, 40, 32, 16), rect(192, 56, 32, 16)] {
        main.push(blank());
        water.push(frame(vec![
            tile(-16, -21, WATER_LINE, false, false),
            tile(-16, -35, top, false, false),
        ]));
    }

    // Frames 15-18, lower half: (arm and its position, body and its dx, optional slash).
    let attack = [
        (
            (-20, -30, rect(128, 256, 24, 24)),
            (-16, rect(0, 256, 32, 40)),
            false,
        ),
        (
            (-24, -32, rect(152, 256, 24, 24)),
            (-18, rect(32, 256, 32, 40)),
            false,
        ),
        (
            (6, -28, rect(176, 256, 24, 24)),
            (-14, rect(64, 256, 32, 40)),
            false,
        ),
        (
            (6, -26, rect(176, 256, 24, 24)),
            (-14, rect(96, 256, 32, 40)),
            true,
        ),
    ];
    for ((arm_dx, arm_dy, arm), (body_dx, body), slash) in attack {
        let slash = slash.then(|| tile(8, -24, rect(128, 280, 48, 16), true, false));
        let arm = tile(arm_dx, arm_dy, arm, true, false);
        main.push(frame(
            slash
                .into_iter()
                .chain([arm, tile(body_dx, -35, body, true, false)])
                .collect(),
        ));
        water.push(frame(
            slash
                .into_iter()
                .chain([
                    tile(body_dx, -21, WATER_LINE_LOWER, true, false),
                    arm,
                    tile(body_dx, -35, top16(body), true, false),
                ])
                .collect(),
        ));
    }

    UnitShp {
        lower_half_from: DEMO_LOWER_HALF_FROM,
        extra: 0xFF,
        main,
        water: Some(water),
    }
}

/// Collects commands and binds slots to the first command of each segment.
struct SeqBuilder {
    slots: Vec<CommandIndex>,
    commands: Vec<Command>,
}

impl SeqBuilder {
    /// Appends one storage segment that `slots` consecutive slots point at.
    fn segment(&mut self, slots: usize, commands: &[Command]) {
        let start = CommandIndex(self.commands.len());
        self.slots.extend(std::iter::repeat_n(start, slots));
        self.commands.extend_from_slice(commands);
    }
}

const fn show(frame: u8, delay: u8) -> Command {
    Command::Frame { frame, delay }
}

/// `FF code args...`; the arguments are constants no longer than any opcode's.
fn op(code: u8, args: &[i8]) -> Command {
    let bytes: Vec<u8> = args.iter().map(|a| *a as u8).collect();
    Command::op(code, &bytes).expect("the demo's opcodes have at most 2 argument bytes")
}

/// The demo unit's animations (module docs).
///
/// # Panics
/// Never: the model is made of constants that the tests encode and decode.
pub fn demo_seq() -> Seq {
    let mut b = SeqBuilder {
        slots: Vec::new(),
        commands: Vec::new(),
    };
    // 0-5: Blank, Face Down, Face Front, Face Left, Face Back, Face Up.
    for frame in [0, 3, 2, 1, 8, 7] {
        b.segment(1, &[show(frame, 0)]);
    }
    let looped = |a, b| [show(a, 8), show(b, 8), op(code::INCREMENT_LOOP, &[])];
    // 6/7: Walk; 8/9: Nulled Walk (water-only frames).
    b.segment(1, &looped(9, 10));
    b.segment(1, &looped(11, 12));
    b.segment(1, &looped(13, 14));
    b.segment(1, &looped(14, 13));
    // 10-13: Buffer.
    b.segment(4, &[op(code::PAUSE_ANIMATION, &[])]);
    // 14: Attack front.
    b.segment(
        1,
        &[
            show(15, 4),
            op(code::MOVE_BACKWARD_2, &[]),
            show(16, 8),
            op(code::WEAPON_SHEATHE_CHECK_1, &[-2]),
            op(code::PLAY_SOUND, &[0x21]),
            op(code::MOVE_FORWARD_2, &[]),
            show(17, 2),
            op(code::POST_GENERIC_ATTACK, &[]),
            op(code::MOVE_UNIT_FB, &[2]),
            show(18, 12),
            op(code::MOVE_UNIT_FB, &[-2]),
            show(17, 4),
            op(code::PAUSE_ANIMATION, &[]),
        ],
    );
    // 15: Attack back.
    b.segment(
        1,
        &[
            show(15, 4),
            op(code::MOVE_BACKWARD_1, &[]),
            show(16, 8),
            op(code::WEAPON_SHEATHE_CHECK_2, &[-2]),
            op(code::MOVE_FORWARD_1, &[]),
            show(17, 2),
            op(code::POST_GENERIC_ATTACK, &[]),
            op(code::MOVE_UNIT_DU, &[-2]),
            show(18, 12),
            op(code::MOVE_UNIT_DU, &[2]),
            show(17, 4),
            op(code::PAUSE_ANIMATION, &[]),
        ],
    );
    // 16/17: Spin: a flip block replayed by a counted loop, a frame offset, sideways moves.
    let spin = |pose: u8, then: u8, replays: i8, offset: i8, rl: i8| {
        [
            show(pose, 4),
            op(code::FLIP_HORIZONTAL, &[]),
            show(pose, 4),
            op(code::FLIP_HORIZONTAL, &[]),
            op(code::WAIT, &[-8, replays]),
            op(code::SET_FRAME_OFFSET, &[offset]),
            show(pose, 4),
            op(code::SET_FRAME_OFFSET, &[0]),
            op(code::MOVE_UNIT_RL, &[rl]),
            show(then, 4),
            op(code::MOVE_UNIT_RL, &[-rl]),
            show(then, 4),
            op(code::PAUSE_ANIMATION, &[]),
        ]
    };
    b.segment(1, &spin(2, 1, 2, 1, 4));
    b.segment(1, &spin(8, 7, 1, -1, -4));
    Seq {
        attack_slots_from: DEMO_ATTACK_SLOTS_FROM,
        second_sheet_slots_from: 0xFF,
        slots: b.slots,
        commands: b.commands,
    }
}
