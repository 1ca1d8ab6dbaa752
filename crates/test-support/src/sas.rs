//! The synthetic SAS sets (`sas-formats`) the tests and the fixtures are made from: small models
//! our encoder writes, covering what the layout allows (every frame type, a mirrored direction, a
//! block shared by two animations, a dead frame in a gap, an entry's padding), and the sheet they
//! are drawn from. No byte here comes from a game file.
//!
//! `fixtures/sas/` holds their encodings; `crates/sas-formats/tests/hand.rs` checks them against
//! bytes worked out by hand from the layout.

use sas_formats::{
    Block, BodyItem, ByteOrder, Command, Frame, FrameArgs, Pakd, Quad, SasSet, Slot, Sprite,
    Version,
};

const fn quad(x: i16, y: i16, width: u16, height: u16, u: u16, v: u16) -> Quad {
    Quad {
        x,
        y,
        width,
        height,
        u,
        v,
    }
}

fn slot(block: usize, mirrored: bool) -> Slot {
    Slot {
        block: Some(block),
        mirrored,
    }
}

const EMPTY: Slot = Slot {
    block: None,
    mirrored: false,
};

fn sprite_frame(time: u16, sprite: u8, x2: i16, y2: i16, order: ByteOrder) -> Frame {
    Command::Sprite {
        sprite,
        x1: 0,
        y1: 0,
        unknown2: 0,
        x2,
        y2,
    }
    .to_frame(time, order)
}

/// The `SAS3` set: three sprites, three animations, blocks A, B, C with a dead frame between A
/// and B, and the 4 zero bytes that pad it as a `pakd` entry.
///
/// - animation 0: A, A mirrored, B, none; animation 1: B (shared), B mirrored; animation 2: C.
/// - A (duration 24): sprite 0 at tick 0 (with x1 1, y1 -2, unknown2 3), a move to (2, -1) at 8,
///   sprite 1 at (1, 1) at 16.
/// - B (duration 10): sprite 2 at (-3, 4) at 0, sprite 1 at (0, 0) at 5.
/// - C (duration 30): one frame of every type the readers know (0, 2, 3, 8, 9, 10, 12, 14, 7,
///   11) and one irregular type 13.
pub fn set_v3(order: ByteOrder) -> SasSet {
    let o = order;
    let block_a = Block {
        duration: 24,
        frames: vec![
            Command::Sprite {
                sprite: 0,
                x1: 1,
                y1: -2,
                unknown2: 3,
                x2: 0,
                y2: 0,
            }
            .to_frame(0, o),
            Command::Position {
                x1: 0,
                y1: 0,
                x2: 2,
                y2: -1,
            }
            .to_frame(8, o),
            sprite_frame(16, 1, 1, 1, o),
        ],
    };
    let dead = vec![sprite_frame(4, 1, 0, 0, o)];
    let block_b = Block {
        duration: 10,
        frames: vec![sprite_frame(0, 2, -3, 4, o), sprite_frame(5, 1, 0, 0, o)],
    };
    let block_c = Block {
        duration: 30,
        frames: vec![
            sprite_frame(0, 0, 0, 0, o),
            Command::Type2(FrameArgs {
                sprite: 5,
                x1: -1,
                y1: 2,
                unknown2: 7,
                x2: 300,
                y2: -300,
                unknown5: 9,
                tail: 0,
            })
            .to_frame(2, o),
            Command::Type3 {
                x1: 3,
                y1: -3,
                x2: -20,
                y2: 20,
                unknown5: -1,
            }
            .to_frame(3, o),
            Command::Type8 { value: 0x0102 }.to_frame(4, o),
            Command::Type9 { value: 0x0203 }.to_frame(5, o),
            Command::Type10 { value: 7 }.to_frame(6, o),
            Command::Type12 {
                x1: 1,
                y1: 1,
                x2: 2,
                y2: 2,
            }
            .to_frame(7, o),
            Command::Type14 { value: 9 }.to_frame(8, o),
            Command::Type7.to_frame(9, o),
            Command::Type11 { frame: 0 }.to_frame(10, o),
            Command::Irregular { kind: 13 }.to_frame(11, o),
        ],
    };
    SasSet {
        version: Version::V3,
        byte_order: order,
        scale: 2,
        unknown_count: 0,
        animations: vec![
            [slot(0, false), slot(0, true), slot(1, false), EMPTY],
            [slot(1, false), slot(1, true), EMPTY, EMPTY],
            [slot(2, false), EMPTY, EMPTY, EMPTY],
        ],
        sprites: vec![
            Sprite {
                sheet: 0,
                center_x: 0,
                center_y: 0,
                quads: vec![quad(-8, -16, 8, 16, 0, 0), quad(0, -16, 8, 16, 8, 0)],
            },
            Sprite {
                sheet: 0,
                center_x: 0,
                center_y: 0,
                quads: vec![quad(-4, -8, 8, 8, 16, 0)],
            },
            Sprite {
                sheet: 0,
                center_x: 0,
                center_y: 0,
                quads: vec![quad(0, 0, 4, 4, 24, 8)],
            },
        ],
        body: vec![
            BodyItem::Block(block_a),
            BodyItem::DeadFrames(dead),
            BodyItem::Block(block_b),
            BodyItem::Block(block_c),
        ],
        trailing: vec![0; 4],
    }
}

/// The `SAS\0` set (PSP layout, little-endian): two sprites, two animations, blocks A and B with
/// a dead frame between them, and 8 bytes of padding.
///
/// - animation 0: A, A mirrored, none, none; animation 1: A (shared), none, B, none.
/// - A (duration 12): sprite 0 at (0, 0) at tick 0, a type-8 frame with value 5 at tick 6.
/// - dead: a position frame to (1, 2) at tick 3.
/// - B (duration 4): sprite 1 at tick 0 with x1 -1, y1 1, unknown2 4, x2 2, y2 3.
pub fn set_v0() -> SasSet {
    let o = ByteOrder::Little;
    SasSet {
        version: Version::V0,
        byte_order: o,
        scale: 1,
        unknown_count: 0,
        animations: vec![
            [slot(0, false), slot(0, true), EMPTY, EMPTY],
            [slot(0, false), EMPTY, slot(1, false), EMPTY],
        ],
        sprites: vec![
            Sprite {
                sheet: 0,
                center_x: 1,
                center_y: -1,
                quads: vec![quad(-8, -16, 8, 16, 0, 0)],
            },
            Sprite {
                sheet: 0,
                center_x: 0,
                center_y: 0,
                quads: vec![quad(-4, -8, 8, 8, 16, 0)],
            },
        ],
        body: vec![
            BodyItem::Block(Block {
                duration: 12,
                frames: vec![
                    sprite_frame(0, 0, 0, 0, o),
                    Command::Type8 { value: 5 }.to_frame(6, o),
                ],
            }),
            BodyItem::DeadFrames(vec![
                Command::Position {
                    x1: 0,
                    y1: 0,
                    x2: 1,
                    y2: 2,
                }
                .to_frame(3, o),
            ]),
            BodyItem::Block(Block {
                duration: 4,
                frames: vec![
                    Command::Sprite {
                        sprite: 1,
                        x1: -1,
                        y1: 1,
                        unknown2: 4,
                        x2: 2,
                        y2: 3,
                    }
                    .to_frame(0, o),
                ],
            }),
        ],
        trailing: vec![0; 8],
    }
}

/// A 16-byte stand-in for an `ashg`-compressed entry (header only: packed 0x10, unpacked 0x20,
/// scheme 2): enough to be listed and refused.
pub const COMPRESSED_ENTRY: [u8; 16] = *b"ashg\x10\0\0\0\x20\0\0\0\x02\x0C\0\0";

/// The container: the `SAS3` set, the `SAS\0` set (each without its padding, which `pack` adds
/// back) and the compressed stand-in, with ids 0x10000..=0x10002.
///
/// # Panics
/// Never: the synthetic sets encode.
pub fn container() -> Pakd {
    let mut v3 = set_v3(ByteOrder::Little)
        .encode()
        .expect("the synthetic SAS3 encodes");
    v3.truncate(v3.len() - 4);
    let mut v0 = set_v0().encode().expect("the synthetic SAS\\0 encodes");
    v0.truncate(v0.len() - 8);
    Pakd::pack(
        ByteOrder::Little,
        &[&v3, &v0, &COMPRESSED_ENTRY],
        Some(vec![0x1_0000, 0x1_0001, 0x1_0002]),
    )
    .expect("one id per entry")
}

/// The sheet's painted rectangles: `(u, v, width, height, colour)`; each has a white texel at its
/// top-left corner so that a mirrored quad shows it at its top-right. The sheet is 32 x 16, the
/// rest transparent.
pub const SHEET_SIZE: (u32, u32) = (32, 16);
pub const SHEET_RECTS: [(u32, u32, u32, u32, [u8; 4]); 4] = [
    (0, 0, 8, 16, [255, 0, 0, 255]),
    (8, 0, 8, 16, [0, 255, 0, 255]),
    (16, 0, 8, 8, [0, 0, 255, 255]),
    (24, 8, 4, 4, [255, 255, 0, 255]),
];
/// The marker colour.
pub const WHITE: [u8; 4] = [255, 255, 255, 255];
