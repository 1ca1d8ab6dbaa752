//! Cross-check against FFTorama, an independent decoder (MIT; its tables sit beside the originals
//! in `decoded/fftorama/` and are read at test time, never copied into the repository).
//!
//! - `FrameData/frame_data_<kind>.txt`: one CSV row per frame, `label, frame_id, num_subframes,
//!   rotation_degrees, transparency_type, transparency_flag`, then per tile `shift_x, shift_y,
//!   top_left_x_pixels, top_left_y_pixels, sizeX, sizeY, flip_x, flip_y`. The main table's rows
//!   come first under `<label>`, then the water table's under `<label>-submerged`. For a file
//!   without a water section FFTorama repeats the main rows as submerged ones. `top_left_y` is the
//!   row within the frame's half: it does not include the +256 of lower-half frames.
//! - `SeqData/animation_data_<file>.txt`: one row per slot, `label, seq_id, seq_name`, then the
//!   slot's storage segment (from its offset to the next larger distinct slot offset, or the end
//!   of the stream; not to the first end command): a frame command as two numbers `frame, delay`,
//!   an opcode as its name (`SeqData/opcodeParameters.txt` maps names to codes and argument counts)
//!   followed by its arguments in decimal, signed for the arguments FFTorama reads as signed.
//!
//! Each test lists every mismatch and then fails once.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fft_formats::shp::Frame;
use fft_formats::{Command, OpcodeTable, Seq, UnitShp, WeaponShp};
use pretty_assertions::assert_eq;
use test_support::fftorama::{FrameRow, TileRow, read_frame_data};

fn read_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Fails once with every mismatch listed (the first 60, and how many in all).
fn assert_no_mismatches(what: &str, mismatches: &[String]) {
    if mismatches.is_empty() {
        return;
    }
    let shown: Vec<&str> = mismatches.iter().take(60).map(String::as_str).collect();
    panic!(
        "{what}: {} mismatches with FFTorama:\n{}",
        mismatches.len(),
        shown.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Frames

fn parse<T: std::str::FromStr>(field: &str, where_: &str) -> T {
    field
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{where_}: cannot read {field:?}"))
}

/// How FFTorama would print our frame: the sheet position within the frame's half.
fn frame_row(frame_id: usize, frame: &Frame) -> FrameRow {
    FrameRow {
        frame_id,
        rotation_degrees: "0".into(),
        transparency_type: (frame.flags >> 5) & 3,
        transparency_flag: frame.flags & 1 != 0,
        tiles: frame
            .tiles
            .iter()
            .map(|t| {
                let r = t.sheet_rect(false);
                TileRow {
                    shift_x: i32::from(t.dx),
                    shift_y: i32::from(t.dy),
                    x: r.x,
                    y: r.y,
                    w: r.w,
                    h: r.h,
                    flip_x: t.flip_x,
                    flip_y: t.flip_y,
                }
            })
            .collect(),
    }
}

/// Compares frame by frame. Rotation: unit files have none; weapon/effect rotation indices go
/// into `rotations` (index -> FFTorama's degrees) to be checked for consistency afterwards.
fn compare_frames(
    file: &str,
    table: &str,
    ours: &[Frame],
    theirs: &[FrameRow],
    rotations: Option<&mut BTreeMap<u8, BTreeSet<String>>>,
    mismatches: &mut Vec<String>,
) {
    if ours.len() != theirs.len() {
        mismatches.push(format!(
            "{file} {table}: {} frames, FFTorama lists {}",
            ours.len(),
            theirs.len()
        ));
    }
    let mut rotations = rotations;
    for (i, (frame, row)) in ours.iter().zip(theirs).enumerate() {
        let mut expected = frame_row(i, frame);
        match rotations.as_deref_mut() {
            None if frame.rotation != 0 => mismatches.push(format!(
                "{file} {table} frame {i}: rotation {} in a unit file",
                frame.rotation
            )),
            None => {}
            Some(seen) => {
                seen.entry(frame.rotation)
                    .or_default()
                    .insert(row.rotation_degrees.clone());
                expected.rotation_degrees.clone_from(&row.rotation_degrees);
            }
        }
        if &expected != row {
            mismatches.push(format!(
                "{file} {table} frame {i}: ours {expected:?}, FFTorama {row:?}"
            ));
        }
    }
}

/// Every tile of every frame of the seven unit SHPs, main and water tables.
#[test]
fn fftorama_unit_shp_frames_match() {
    let Some(fftorama) = test_support::fftorama_tables("fftorama_unit_shp_frames_match") else {
        return;
    };
    const TEST: &str = "fftorama_unit_shp_frames_match";
    let mut all_there = true;
    let mut mismatches = Vec::new();
    let mut tiles_checked = 0;
    for (file, kind) in [
        ("TYPE1.SHP", "type1"),
        ("TYPE2.SHP", "type2"),
        ("CYOKO.SHP", "cyoko"),
        ("MON.SHP", "mon"),
        ("OTHER.SHP", "other"),
        ("ARUTE.SHP", "arute"),
        ("KANZEN.SHP", "kanzen"),
    ] {
        let Some(bytes) = test_support::retail_bytes(TEST, file) else {
            all_there = false;
            continue;
        };
        let shp = UnitShp::decode(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (main, submerged) =
            read_frame_data(&fftorama.join(format!("FrameData/frame_data_{kind}.txt")));
        compare_frames(file, "main", &shp.main, &main, None, &mut mismatches);
        // Without a water section FFTorama lists the main frames a second time.
        let water = shp.water.as_deref().unwrap_or(&shp.main);
        compare_frames(file, "water", water, &submerged, None, &mut mismatches);
        tiles_checked += main
            .iter()
            .chain(&submerged)
            .map(|r| r.tiles.len())
            .sum::<usize>();
    }
    assert_no_mismatches("unit SHP frames", &mismatches);
    // TYPE1 alone has 591 + 760 tiles (docs/formats/shp.md 2.10).
    assert!(
        tiles_checked > 1351 || !all_there,
        "{tiles_checked} tiles checked"
    );
    eprintln!("{tiles_checked} FFTorama tiles checked");
}

/// Every tile of every frame of the weapon and effect SHPs. FFTorama prints a frame's rotation in
/// degrees from a table we do not have; each rotation index must map to one value, and 0 to 0.
#[test]
fn fftorama_weapon_shp_frames_match() {
    let Some(fftorama) = test_support::fftorama_tables("fftorama_weapon_shp_frames_match") else {
        return;
    };
    const TEST: &str = "fftorama_weapon_shp_frames_match";
    let mut all_there = true;
    let mut mismatches = Vec::new();
    let mut rotations = BTreeMap::new();
    for kind in ["wep1", "wep2", "eff1", "eff2"] {
        let file = format!("{}.SHP", kind.to_ascii_uppercase());
        let Some(bytes) = test_support::retail_bytes(TEST, &file) else {
            all_there = false;
            continue;
        };
        let shp = WeaponShp::decode(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (frames, submerged) =
            read_frame_data(&fftorama.join(format!("FrameData/frame_data_{kind}.txt")));
        assert!(submerged.is_empty(), "{kind}: no water table expected");
        compare_frames(
            &file,
            "frames",
            &shp.frames,
            &frames,
            Some(&mut rotations),
            &mut mismatches,
        );
    }
    for (index, degrees) in &rotations {
        if degrees.len() != 1 || (*index == 0) != degrees.contains("0") {
            mismatches.push(format!(
                "rotation index {index}: FFTorama prints {degrees:?}"
            ));
        }
    }
    assert_no_mismatches("weapon/effect SHP frames", &mismatches);
    assert!(rotations.len() > 1 || !all_there, "some frames are rotated");
}

// ---------------------------------------------------------------------------------------------
// Sequences

/// FFTorama's opcode list: name -> (code, argument count).
fn read_opcode_parameters(fftorama: &Path) -> BTreeMap<String, (u8, usize)> {
    let path = fftorama.join("SeqData/opcodeParameters.txt");
    let mut ops = BTreeMap::new();
    for (n, line) in read_text(&path).lines().enumerate().skip(1) {
        let where_ = format!("{}:{}", path.display(), n + 1);
        let f: Vec<&str> = line.trim().split(',').collect();
        assert_eq!(f.len(), 3, "{where_}");
        let code = f[2]
            .strip_prefix("ff")
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .unwrap_or_else(|| panic!("{where_}: code {:?}", f[2]));
        ops.insert(f[0].to_string(), (code, parse(f[1], &where_)));
    }
    ops
}

/// The arguments FFTorama prints as signed (docs/formats/seq.md 3.2).
fn signed_arg(code: u8, i: usize) -> bool {
    matches!(
        (code, i),
        (
            0xC0 | 0xC6 | 0xD3 | 0xD6 | 0xD8 | 0xEE | 0xEF | 0xF0 | 0xFC | 0xFD,
            0
        ) | (0xC4, 0 | 1)
            | (0xFA, 0..=2)
    )
}

/// How FFTorama would print these commands.
fn print_commands(commands: &[Command], names: &BTreeMap<u8, String>) -> Vec<String> {
    let mut out = Vec::new();
    for c in commands {
        match *c {
            Command::Frame { frame, delay } => {
                out.push(frame.to_string());
                out.push(delay.to_string());
            }
            Command::Op { code, args } => {
                out.push(
                    names
                        .get(&code)
                        .cloned()
                        .unwrap_or_else(|| format!("<no FFTorama name for {code:02X}>")),
                );
                for (i, b) in args.as_slice().iter().enumerate() {
                    out.push(if signed_arg(code, i) {
                        (*b as i8).to_string()
                    } else {
                        b.to_string()
                    });
                }
            }
        }
    }
    out
}

/// Our opcode table against FFTorama's: the same argument count for every code, and the same
/// name except where noted.
#[test]
fn fftorama_opcode_table_matches() {
    let Some(fftorama) = test_support::fftorama_tables("fftorama_opcode_table_matches") else {
        return;
    };
    let theirs = read_opcode_parameters(&fftorama);
    let table = OpcodeTable::retail();
    let mut mismatches = Vec::new();
    let mut names_differ = Vec::new();
    for (name, (code, args)) in &theirs {
        match table.get(*code) {
            None => mismatches.push(format!("{code:02X} {name}: not in our table")),
            Some(op) => {
                if usize::from(op.len) != 2 + args {
                    mismatches.push(format!(
                        "{code:02X} {name}: {args} arguments, our length {}",
                        op.len
                    ));
                }
                if op.name != name {
                    names_differ.push((*code, op.name, name.clone()));
                }
            }
        }
    }
    assert_eq!(theirs.len(), table.iter().count(), "opcodes in each table");
    assert_no_mismatches("opcode table", &mismatches);
    // The one name that differs: docs/formats/seq.md 3.2 calls E5 "SaveYSpin"; FFTorama's
    // file spells it "SaveYpin" (that section records both). Only the spelling differs.
    assert_eq!(
        names_differ,
        [(0xE5, "SaveYSpin", "SaveYpin".to_string())],
        "opcode names that differ (ours, FFTorama's)"
    );
}

/// Every command of every slot of every SEQ, against FFTorama's listing of the slot's segment.
#[test]
fn fftorama_seq_commands_match() {
    let Some(fftorama) = test_support::fftorama_tables("fftorama_seq_commands_match") else {
        return;
    };
    const TEST: &str = "fftorama_seq_commands_match";
    let mut all_there = true;
    let names: BTreeMap<u8, String> = read_opcode_parameters(&fftorama)
        .into_iter()
        .map(|(name, (code, _))| (code, name))
        .collect();
    let mut mismatches = Vec::new();
    let mut slots_checked = 0;
    let mut tokens_checked = 0;
    for kind in [
        "type1", "type2", "type3", "type4", "cyoko", "mon", "ruka", "other", "arute", "kanzen",
        "wep1", "wep2", "eff1", "eff2",
    ] {
        let file = format!("{}.SEQ", kind.to_ascii_uppercase());
        let Some(bytes) = test_support::retail_bytes(TEST, &file) else {
            all_there = false;
            continue;
        };
        let seq = Seq::decode(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let path = fftorama.join(format!("SeqData/animation_data_{kind}.txt"));
        let rows: Vec<String> = read_text(&path)
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect();
        if rows.len() != seq.slots.len() {
            mismatches.push(format!(
                "{file}: {} slots, FFTorama lists {}",
                seq.slots.len(),
                rows.len()
            ));
        }
        // Storage segments: each distinct start runs to the next larger one.
        let mut starts: Vec<usize> = seq.slots.iter().map(|c| c.index()).collect();
        starts.sort_unstable();
        starts.dedup();
        for (slot, (row, start)) in rows.iter().zip(&seq.slots).enumerate() {
            let start = start.index();
            let fields: Vec<&str> = row.split(',').collect();
            let seq_id: usize = parse(fields[1], &format!("{file} row {slot}"));
            if seq_id != slot {
                mismatches.push(format!("{file}: row {slot} is seq_id {seq_id}"));
            }
            let end = starts
                .iter()
                .copied()
                .find(|s| *s > start)
                .unwrap_or(seq.commands.len());
            let ours = print_commands(&seq.commands[start..end], &names);
            let theirs: Vec<String> = fields[3..].iter().map(|s| s.trim().to_string()).collect();
            if ours != theirs {
                mismatches.push(format!(
                    "{file} slot {slot}:\n    ours     {}\n    FFTorama {}",
                    ours.join(","),
                    theirs.join(",")
                ));
            }
            slots_checked += 1;
            tokens_checked += theirs.len();
        }
    }
    assert_no_mismatches("SEQ commands", &mismatches);
    // 14 files: 252 x 4 + 138 x 3 + 238 + 178 + 128 + 94 x 2 + 26 x 2 slots
    // (docs/formats/seq.md 3.6).
    if all_there {
        assert_eq!(
            slots_checked,
            252 * 4 + 138 * 3 + 238 + 178 + 128 + 94 * 2 + 26 * 2
        );
    }
    eprintln!("{slots_checked} slots, {tokens_checked} FFTorama fields checked");
}
