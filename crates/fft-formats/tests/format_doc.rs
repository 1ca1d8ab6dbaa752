//! The tables of `docs/formats/` against the code's own tables and the retail files, so that the
//! page a reader checks and the code cannot drift apart: the opcode table (docs/formats/seq.md
//! 3.2) and the animation rewrite's (3.7) against `OpcodeTable`, the tile sizes
//! (docs/formats/shp.md 2.4) against `TILE_SIZES`, the rotations and layer orders
//! (docs/formats/layers.md 5.3, 5.5) against `layer`'s tables; and, with the game files, every
//! per-file figure the pages print (the uses of each opcode, docs/formats/seq.md 3.6,
//! docs/formats/shp.md 2.1 and 2.6) against the files themselves.

use std::collections::BTreeMap;

use fft_formats::layer::{LAYER_ORDERS, ROTATION_UNITS};
use fft_formats::seq::OpcodeTable;
use fft_formats::shp::TILE_SIZES;
use fft_formats::{Command, Seq, UnitShp, WeaponShp};
use pretty_assertions::assert_eq;

fn page(path: &str) -> String {
    let path = test_support::repo_root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of section `number` of a page: from its heading to the next heading of the same or a
/// higher level.
fn section(page: &str, number: &str) -> String {
    let mut lines = page.lines();
    let level = lines
        .by_ref()
        .find_map(|line| {
            let hashes = line.len() - line.trim_start_matches('#').len();
            let title = line[hashes..].strip_prefix(' ')?;
            (hashes > 0 && title.split(' ').next() == Some(number)).then_some(hashes)
        })
        .unwrap_or_else(|| panic!("no section {number}"));
    lines
        .take_while(|line| {
            let hashes = line.len() - line.trim_start_matches('#').len();
            !(hashes > 0 && hashes <= level && line[hashes..].starts_with(' '))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The body rows of the tables in `text`, each as its trimmed cells (header and rule rows left
/// out: a body row's first cell must parse with `first`).
fn rows<T>(text: &str, first: impl Fn(&str) -> Option<T>) -> Vec<(T, Vec<String>)> {
    text.lines()
        .filter_map(|line| {
            let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
            let cells: Vec<String> = inner.split('|').map(|c| c.trim().to_string()).collect();
            Some((first(&cells[0])?, cells))
        })
        .collect()
}

fn hex_code(cell: &str) -> Option<u8> {
    (cell.len() == 2).then(|| u8::from_str_radix(cell, 16).ok())?
}

fn name_cell(cell: &str) -> &str {
    cell.trim_matches('`')
}

/// docs/formats/seq.md 3.2: every opcode of the retail table, in code order, with its length and
/// name, and no other row.
#[test]
fn the_opcode_table_is_the_codes() {
    let doc: Vec<(u8, usize, String)> =
        rows(&section(&page("docs/formats/seq.md"), "3.2"), hex_code)
            .into_iter()
            .map(|(code, cells)| {
                let len = cells[1]
                    .parse()
                    .unwrap_or_else(|_| panic!("{code:02X}: {cells:?}"));
                (code, len, name_cell(&cells[2]).to_string())
            })
            .collect();
    let code: Vec<(u8, usize, String)> = OpcodeTable::retail()
        .iter()
        .map(|op| (op.code, usize::from(op.len), op.name.to_string()))
        .collect();
    assert_eq!(doc, code);
}

/// docs/formats/seq.md 3.7: exactly the rows the animation rewrite changes.
#[test]
fn the_animation_rewrite_table_is_the_codes() {
    let doc: Vec<(u8, usize, String)> =
        rows(&section(&page("docs/formats/seq.md"), "3.7"), hex_code)
            .into_iter()
            .map(|(code, cells)| {
                (
                    code,
                    cells[1].parse().unwrap(),
                    name_cell(&cells[2]).to_string(),
                )
            })
            .collect();
    let retail = OpcodeTable::retail();
    let changed: Vec<(u8, usize, String)> = OpcodeTable::animation_rewrite()
        .iter()
        .filter(|op| retail.get(op.code) != Some(op))
        .map(|op| (op.code, usize::from(op.len), op.name.to_string()))
        .collect();
    assert_eq!(doc, changed);
}

/// docs/formats/shp.md 2.4: code, width x height.
#[test]
fn the_tile_size_table_is_the_codes() {
    let doc: Vec<(usize, String)> = rows(&section(&page("docs/formats/shp.md"), "2.4"), |c| {
        c.parse().ok()
    })
    .into_iter()
    .map(|(code, cells)| (code, cells[1].clone()))
    .collect();
    let code: Vec<(usize, String)> = TILE_SIZES
        .iter()
        .enumerate()
        .map(|(i, (w, h))| (i, format!("{w} x {h}")))
        .collect();
    assert_eq!(doc, code);
}

/// docs/formats/layers.md 5.3: index, 4096ths, degrees to three places.
#[test]
fn the_rotation_table_is_the_codes() {
    let doc: Vec<(usize, Vec<String>)> =
        rows(&section(&page("docs/formats/layers.md"), "5.3"), |c| {
            c.parse().ok()
        });
    let code: Vec<(usize, Vec<String>)> = ROTATION_UNITS
        .iter()
        .enumerate()
        .map(|(i, units)| {
            let degrees = f64::from(*units) * 360.0 / 4096.0;
            (
                i,
                vec![i.to_string(), units.to_string(), format!("{degrees:.3}")],
            )
        })
        .collect();
    assert_eq!(doc, code);
}

/// docs/formats/layers.md 5.5: each row's layers, front-most first.
#[test]
fn the_layer_order_table_is_the_codes() {
    let doc: Vec<(usize, String)> = rows(&section(&page("docs/formats/layers.md"), "5.5"), |c| {
        c.parse().ok()
    })
    .into_iter()
    .map(|(row, cells)| (row, cells[1].clone()))
    .collect();
    let code: Vec<(usize, String)> = LAYER_ORDERS
        .iter()
        .enumerate()
        .map(|(i, order)| (i, order.map(|layer| layer.name()).join(", ")))
        .collect();
    assert_eq!(doc, code);
}

/// The retail SEQ files, by disc name, with their bytes, or `None` (after the loud skip) when one
/// is missing.
fn retail_seqs(test: &str) -> Option<Vec<(&'static str, Vec<u8>, Seq)>> {
    const SEQS: [&str; 14] = [
        "TYPE1.SEQ",
        "TYPE2.SEQ",
        "TYPE3.SEQ",
        "TYPE4.SEQ",
        "CYOKO.SEQ",
        "MON.SEQ",
        "RUKA.SEQ",
        "OTHER.SEQ",
        "ARUTE.SEQ",
        "KANZEN.SEQ",
        "WEP1.SEQ",
        "WEP2.SEQ",
        "EFF1.SEQ",
        "EFF2.SEQ",
    ];
    SEQS.into_iter()
        .map(|name| {
            let bytes = test_support::retail_bytes(test, name)?;
            let seq = Seq::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            Some((name, bytes, seq))
        })
        .collect()
}

/// docs/formats/seq.md 3.2, the uses column: each opcode's commands in all 14 retail SEQ files
/// and in TYPE1.SEQ.
#[test]
fn the_opcode_uses_are_the_files() {
    const TEST: &str = "the_opcode_uses_are_the_files";
    let Some(seqs) = retail_seqs(TEST) else {
        return;
    };
    let mut all = BTreeMap::new();
    let mut type1 = BTreeMap::new();
    for (name, _, seq) in &seqs {
        for command in &seq.commands {
            if let Command::Op { code, .. } = command {
                *all.entry(*code).or_insert(0) += 1;
                if *name == "TYPE1.SEQ" {
                    *type1.entry(*code).or_insert(0) += 1;
                }
            }
        }
    }
    let doc: Vec<(u8, String)> = rows(&section(&page("docs/formats/seq.md"), "3.2"), hex_code)
        .into_iter()
        .map(|(code, cells)| (code, cells[5].clone()))
        .collect();
    let files: Vec<(u8, String)> = OpcodeTable::retail()
        .iter()
        .map(|op| {
            let count = |counts: &BTreeMap<u8, usize>| counts.get(&op.code).copied().unwrap_or(0);
            (op.code, format!("{} / {}", count(&all), count(&type1)))
        })
        .collect();
    assert_eq!(doc, files);
}

fn hex_or_zero(value: impl Into<u32>) -> String {
    match value.into() {
        0 => "0".to_string(),
        v => format!("0x{v:X}"),
    }
}

/// docs/formats/seq.md 3.6: size, header, L, slots, distinct starts, commands, the largest frame
/// and delay of every retail SEQ.
#[test]
fn the_seq_table_is_the_files() {
    const TEST: &str = "the_seq_table_is_the_files";
    let Some(seqs) = retail_seqs(TEST) else {
        return;
    };
    let doc: Vec<Vec<String>> = rows(&section(&page("docs/formats/seq.md"), "3.6"), |c| {
        c.ends_with(".SEQ").then_some(())
    })
    .into_iter()
    .map(|(_, cells)| cells)
    .collect();
    let files: Vec<Vec<String>> = seqs
        .iter()
        .map(|(name, bytes, seq)| {
            let frames: Vec<(u8, u8)> = seq
                .commands
                .iter()
                .filter_map(|c| match c {
                    Command::Frame { frame, delay } => Some((*frame, *delay)),
                    Command::Op { .. } => None,
                })
                .collect();
            let stream_len = bytes.len() - fft_formats::seq::STREAM_START;
            vec![
                name.to_string(),
                bytes.len().to_string(),
                hex_or_zero(seq.attack_slots_from),
                hex_or_zero(seq.second_sheet_slots_from),
                format!("0x{stream_len:X}"),
                seq.slots.len().to_string(),
                seq.distinct_slot_offsets().to_string(),
                format!(
                    "{} ({} + {})",
                    seq.commands.len(),
                    frames.len(),
                    seq.commands.len() - frames.len()
                ),
                frames.iter().map(|f| f.0).max().unwrap_or(0).to_string(),
                frames.iter().map(|f| f.1).max().unwrap_or(0).to_string(),
            ]
        })
        .collect();
    assert_eq!(doc, files);
}

/// docs/formats/shp.md 2.1 and 2.6: size, header values and frame counts of every retail SHP.
#[test]
fn the_shp_tables_are_the_files() {
    const TEST: &str = "the_shp_tables_are_the_files";
    let shp = page("docs/formats/shp.md");
    let is_shp = |c: &str| c.ends_with(".SHP").then_some(());
    let unit_rows: Vec<Vec<String>> = rows(&section(&shp, "2.1"), is_shp)
        .into_iter()
        .map(|(_, cells)| cells)
        .collect();
    let weapon_rows: Vec<Vec<String>> = rows(&section(&shp, "2.6"), is_shp)
        .into_iter()
        .map(|(_, cells)| cells)
        .collect();
    let mut units = Vec::new();
    for row in &unit_rows {
        let Some(bytes) = test_support::retail_bytes(TEST, &row[0]) else {
            return;
        };
        let decoded = UnitShp::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", row[0]));
        let water_ptr = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let water = match decoded.water {
            None => format!("{water_ptr} (none)"),
            Some(_) => format!("0x{water_ptr:X}"),
        };
        units.push(vec![
            row[0].clone(),
            bytes.len().to_string(),
            water,
            decoded.lower_half_from.to_string(),
            format!("0x{:X}", decoded.extra),
            decoded.frame_count().to_string(),
        ]);
    }
    let mut weapons = Vec::new();
    for row in &weapon_rows {
        let Some(bytes) = test_support::retail_bytes(TEST, &row[0]) else {
            return;
        };
        let decoded = WeaponShp::decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", row[0]));
        weapons.push(vec![
            row[0].clone(),
            bytes.len().to_string(),
            decoded.frames.len().to_string(),
        ]);
    }
    assert_eq!(unit_rows.len(), 7, "the seven unit SHP files");
    assert_eq!(weapon_rows.len(), 4, "WEP1, WEP2, EFF1, EFF2");
    assert_eq!(unit_rows, units);
    assert_eq!(weapon_rows, weapons);
}
