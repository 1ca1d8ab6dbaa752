//! One table of `(model, bytes)` cases drives both directions: every case's bytes decode to its
//! model, and its model encodes to its bytes (ruffle's `swf/src/test_data.rs` is the model). The
//! bytes are written out by hand from docs/formats/, field by field, not taken from the encoder.

use fft_formats::spr::{Spr, SprVariant, WIDTH};
use fft_formats::{Command, CommandIndex, Frame, OpcodeTable, Seq, Tile, UnitShp, WeaponShp};
use pretty_assertions::assert_eq;

/// A model of any format.
#[derive(Debug, Clone, PartialEq)]
enum Model {
    Unit(UnitShp),
    Weapon(WeaponShp),
    Seq(Seq),
    Spr(Spr),
}

impl Model {
    fn decode(&self, bytes: &[u8]) -> Model {
        match self {
            Model::Unit(_) => Model::Unit(UnitShp::decode(bytes).unwrap()),
            Model::Weapon(_) => Model::Weapon(WeaponShp::decode(bytes).unwrap()),
            Model::Seq(_) => Model::Seq(Seq::decode(bytes).unwrap()),
            Model::Spr(_) => Model::Spr(Spr::decode(bytes).unwrap()),
        }
    }

    fn encode(&self) -> Vec<u8> {
        match self {
            Model::Unit(m) => m.encode(),
            Model::Weapon(m) => m.encode(),
            Model::Seq(m) => m.encode_with(&OpcodeTable::retail()),
            Model::Spr(m) => m.encode(),
        }
        .unwrap()
    }
}

fn le32(value: u32) -> [u8; 4] {
    value.to_le_bytes()
}

/// A frame table of `entries` pointers (`pointers`, then zeros), its u16 block length and block.
fn table(entries: usize, pointers: &[u32], block: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..entries {
        out.extend_from_slice(&le32(pointers.get(i).copied().unwrap_or(0)));
    }
    out.extend_from_slice(&(block.len() as u16).to_le_bytes());
    out.extend_from_slice(block);
    out
}

/// The blank tile of docs/formats/shp.md 2.5: an 8 x 8 at sheet (240, 176), drawn at (-4, -4).
const BLANK_TILE: Tile = Tile {
    dx: -4,
    dy: -4,
    column: 30,
    row: 22,
    size_code: 0,
    flip_x: false,
    flip_y: false,
};
/// Its record: dx, dy, then the word 30 | 22 << 5 = 0x02DE.
const BLANK_TILE_BYTES: [u8; 4] = [0xFC, 0xFC, 0xDE, 0x02];

/// A tile with every field of the word away from zero: column 1, row 2, size code 3 (16 x 24),
/// mirrored: 1 | 2 << 5 | 3 << 10 | 1 << 14 = 0x4C41.
const MIRRORED_TILE: Tile = Tile {
    dx: 5,
    dy: -16,
    column: 1,
    row: 2,
    size_code: 3,
    flip_x: true,
    flip_y: false,
};
const MIRRORED_TILE_BYTES: [u8; 4] = [0x05, 0xF0, 0x41, 0x4C];

/// The same tile mirrored vertically too: bit 15 set, 0xCC41.
const BOTH_FLIPS_TILE: Tile = Tile {
    flip_y: true,
    ..MIRRORED_TILE
};
const BOTH_FLIPS_TILE_BYTES: [u8; 4] = [0x05, 0xF0, 0x41, 0xCC];

fn blank_frame() -> Frame {
    Frame {
        rotation: 0,
        flags: 0,
        tiles: vec![BLANK_TILE],
    }
}
/// Header byte 0x00: one tile (count less one, bits 0-2), rotation 0; flags 0.
fn blank_frame_bytes() -> Vec<u8> {
    [&[0x00, 0x00][..], &BLANK_TILE_BYTES].concat()
}

/// Two tiles (0b001), rotation 5 (bits 3-7: 0x28), flags 0x81.
fn rotated_frame() -> Frame {
    Frame {
        rotation: 5,
        flags: 0x81,
        tiles: vec![MIRRORED_TILE, BOTH_FLIPS_TILE],
    }
}
fn rotated_frame_bytes() -> Vec<u8> {
    [
        &[0x29, 0x81][..],
        &MIRRORED_TILE_BYTES,
        &BOTH_FLIPS_TILE_BYTES,
    ]
    .concat()
}

fn cases() -> Vec<(&'static str, Model, Vec<u8>)> {
    let mut cases = Vec::new();

    // A unit SHP without water: water_ptr 8, lower_half_from 0x54, extra 0xFF.
    let mut bytes = [le32(8), [0x54, 0x00, 0xFF, 0x00]].concat();
    bytes.extend(table(256, &[0], &blank_frame_bytes()));
    cases.push((
        "unit SHP, one blank frame, no water",
        Model::Unit(UnitShp {
            lower_half_from: 0x54,
            extra: 0xFF,
            main: vec![blank_frame()],
            water: None,
        }),
        bytes,
    ));

    // A unit SHP with water: two frames back to back (6 and 10 bytes), then the water table at
    // the end of the main block: 8 + 1024 + 2 + 16 = 0x41A.
    let main_block = [blank_frame_bytes(), rotated_frame_bytes()].concat();
    let water_block = [rotated_frame_bytes(), blank_frame_bytes()].concat();
    let mut bytes = [le32(0x41A), [0x01, 0x00, 0x2B, 0x00]].concat();
    bytes.extend(table(256, &[0, 6], &main_block));
    bytes.extend(table(256, &[0, 10], &water_block));
    cases.push((
        "unit SHP with a water table",
        Model::Unit(UnitShp {
            lower_half_from: 1,
            extra: 0x2B,
            main: vec![blank_frame(), rotated_frame()],
            water: Some(vec![rotated_frame(), blank_frame()]),
        }),
        bytes,
    ));

    // A weapon SHP: the 0x44-byte first section kept as it is, then a 512-entry table.
    let first_section: [u8; 0x44] = std::array::from_fn(|i| i as u8 * 3);
    let mut bytes = first_section.to_vec();
    bytes.extend(table(512, &[0], &rotated_frame_bytes()));
    cases.push((
        "weapon SHP",
        Model::Weapon(WeaponShp {
            first_section,
            frames: vec![rotated_frame()],
        }),
        bytes,
    ));

    // A SEQ: AA 0x78, BB 0xFF; slot 0 at stream offset 0, slots 1 and 2 both at 5; the stream
    // `01 02` (frame 1 for 2 ticks), `FF F6 21` (PlaySound 0x21), `FF FF` (PauseAnimation).
    let stream = [0x01, 0x02, 0xFF, 0xF6, 0x21, 0xFF, 0xFF];
    let mut bytes = vec![0x78, 0x00, 0xFF, 0x00];
    for slot in 0..256 {
        bytes.extend_from_slice(&le32([0, 5, 5].get(slot).copied().unwrap_or(u32::MAX)));
    }
    bytes.extend_from_slice(&(stream.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&stream);
    cases.push((
        "SEQ with aliased slots",
        Model::Seq(Seq {
            attack_slots_from: 0x78,
            second_sheet_slots_from: 0xFF,
            slots: [0, 2, 2].map(CommandIndex).to_vec(),
            commands: vec![
                Command::Frame { frame: 1, delay: 2 },
                Command::op(0xF6, &[0x21]).unwrap(),
                Command::op(0xFF, &[]).unwrap(),
            ],
        }),
        bytes,
    ));

    // An SP2 sheet: 256 raw rows, two pixels a byte, the left one in the low nibble.
    let mut sp2 = Spr::blank(SprVariant::Sp2);
    sp2.pixels[0] = 1;
    sp2.pixels[1] = 2;
    sp2.pixels[255 * WIDTH + 255] = 15;
    let mut bytes = vec![0; 256 * 128];
    bytes[0] = 0x21;
    *bytes.last_mut().unwrap() = 0xF0;
    cases.push(("SP2 sheet", Model::Spr(sp2), bytes));

    // The OTHER sheet: 32 palettes of 16 little-endian words, then 256 raw rows.
    let mut other = Spr::blank(SprVariant::Other);
    other.palettes[0][1] = 0x7FFF;
    other.palettes[31][15] = 0x8001;
    other.pixels[WIDTH + 2] = 9;
    let mut bytes = vec![0; 32 * 32 + 256 * 128];
    bytes[2..4].copy_from_slice(&[0xFF, 0x7F]);
    bytes[32 * 32 - 2..32 * 32].copy_from_slice(&[0x01, 0x80]);
    bytes[32 * 32 + 128 + 1] = 0x09;
    cases.push(("OTHER sheet", Model::Spr(other), bytes));

    cases
}

#[test]
fn every_case_reads_as_its_model() {
    for (name, model, bytes) in cases() {
        assert_eq!(model.decode(&bytes), model, "{name}");
    }
}

#[test]
fn every_case_writes_as_its_bytes() {
    for (name, model, bytes) in cases() {
        assert_eq!(model.encode(), bytes, "{name}");
    }
}
