//! Two SHP files: the header, then each frame that changed, tile by tile, with the byte offset of
//! each record (records lie back to back in index order after their table, so the offsets follow
//! from the lengths).

use fft_formats::shp::WEAPON_FIRST_SECTION_LEN;
use fft_formats::shp::layout::{
    EXTRA_AT, LOWER_HALF_FROM_AT, UNIT_MAIN_TABLE_AT, WEAPON_BLOCK_AT, tile_at, unit_block_at,
};
use fft_formats::{Frame, Tile, UnitShp, WeaponShp};
use serde_json::Value;

use super::{PathStep, Side, finding};
use crate::Result;
use crate::findings::Finding;

pub(super) fn diff_unit(a: &Side, b: &Side) -> Result<Vec<Finding>> {
    let left = UnitShp::decode(&a.bytes).map_err(|e| a.error(e))?;
    let right = UnitShp::decode(&b.bytes).map_err(|e| b.error(e))?;
    let mut out = Vec::new();
    for (key, what, l, r) in [
        (
            "lowerHalfFrom",
            format!("header lower_half_from (byte 0x{LOWER_HALF_FROM_AT:X})"),
            left.lower_half_from,
            right.lower_half_from,
        ),
        (
            "extra",
            format!("header extra (byte 0x{EXTRA_AT:X})"),
            left.extra,
            right.extra,
        ),
    ] {
        if l != r {
            out.push(finding(
                "header",
                &[PathStep::Key("header"), PathStep::Key(key)],
                format!("{what}: A {l}, B {r}"),
                Some(l.into()),
                Some(r.into()),
            ));
        }
    }
    frames(&main_table(&left), &main_table(&right), &mut out);
    match (&left.water, &right.water) {
        (Some(l), Some(r)) => {
            frames(&water_table(&left, l), &water_table(&right, r), &mut out);
        }
        (None, None) => {}
        (l, r) => out.push(finding(
            "water",
            &[PathStep::Key("water")],
            format!(
                "water table: A {}, B {}",
                if l.is_some() { "present" } else { "none" },
                if r.is_some() { "present" } else { "none" }
            ),
            Some(l.is_some().into()),
            Some(r.is_some().into()),
        )),
    }
    Ok(out)
}

pub(super) fn diff_weapon(a: &Side, b: &Side) -> Result<Vec<Finding>> {
    let left = WeaponShp::decode(&a.bytes).map_err(|e| a.error(e))?;
    let right = WeaponShp::decode(&b.bytes).map_err(|e| b.error(e))?;
    let mut out = Vec::new();
    for at in 0..WEAPON_FIRST_SECTION_LEN {
        let (l, r) = (left.first_section[at], right.first_section[at]);
        if l != r {
            out.push(finding(
                "first section",
                &[PathStep::Key("firstSection"), PathStep::Index(at)],
                format!("first section byte 0x{at:X}: A 0x{l:02X}, B 0x{r:02X}"),
                Some(l.into()),
                Some(r.into()),
            ));
        }
    }
    frames(&weapon_table(&left), &weapon_table(&right), &mut out);
    Ok(out)
}

fn main_table(shp: &UnitShp) -> Table<'_> {
    Table {
        key: "main",
        frame_word: "main frame",
        frames: &shp.main,
        block_at: unit_block_at(UNIT_MAIN_TABLE_AT),
        lower_half_from: Some(usize::from(shp.lower_half_from)),
    }
}

/// The water table starts where the main block ends.
fn water_table<'a>(shp: &UnitShp, water: &'a [Frame]) -> Table<'a> {
    let main_end =
        unit_block_at(UNIT_MAIN_TABLE_AT) + shp.main.iter().map(Frame::record_len).sum::<usize>();
    Table {
        key: "water",
        frame_word: "water frame",
        frames: water,
        block_at: unit_block_at(main_end),
        lower_half_from: Some(usize::from(shp.lower_half_from)),
    }
}

fn weapon_table(shp: &WeaponShp) -> Table<'_> {
    Table {
        key: "frames",
        frame_word: "frame",
        frames: &shp.frames,
        block_at: WEAPON_BLOCK_AT,
        lower_half_from: None,
    }
}

/// One frame table of one file.
struct Table<'a> {
    /// `main`, `water` or `frames`: the group and the path's first key.
    key: &'static str,
    /// How a frame of this table is named in a line: `main frame`, `water frame`, `frame`.
    frame_word: &'static str,
    frames: &'a [Frame],
    /// The file offset of the first record.
    block_at: usize,
    /// Unit files: the first frame drawn from the lower half of the sheet.
    lower_half_from: Option<usize>,
}

impl Table<'_> {
    fn record_offsets(&self) -> Vec<usize> {
        self.frames
            .iter()
            .scan(self.block_at, |at, frame| {
                let here = *at;
                *at += frame.record_len();
                Some(here)
            })
            .collect()
    }

    fn tile(&self, index: usize, tile: &Tile) -> String {
        let lower = self.lower_half_from.is_some_and(|from| index >= from);
        let rect = tile.sheet_rect(lower);
        let mut text = format!(
            "dx {} dy {} sheet ({}, {}) {}x{}",
            tile.dx, tile.dy, rect.x, rect.y, rect.w, rect.h
        );
        if tile.flip_x {
            text.push_str(" flip-x");
        }
        if tile.flip_y {
            text.push_str(" flip-y");
        }
        text
    }
}

fn frames(left: &Table, right: &Table, out: &mut Vec<Finding>) {
    let (l_at, r_at) = (left.record_offsets(), right.record_offsets());
    let key = left.key;
    let place = |at_l: usize, at_r: usize| {
        if at_l == at_r {
            format!("at 0x{at_l:X}")
        } else {
            format!("at 0x{at_l:X} (B: 0x{at_r:X})")
        }
    };
    for index in 0..left.frames.len().max(right.frames.len()) {
        let (l, r) = match (left.frames.get(index), right.frames.get(index)) {
            (Some(l), Some(r)) if l == r => continue,
            (Some(l), Some(r)) => (l, r),
            (l, r) => {
                let (side, frame, at) = match (l, r) {
                    (Some(l), _) => ("A", l, l_at[index]),
                    (_, Some(r)) => ("B", r, r_at[index]),
                    _ => unreachable!("index is below one of the lengths"),
                };
                out.push(finding(
                    key,
                    &[PathStep::Key(key), PathStep::Index(index)],
                    format!(
                        "{} {index} at 0x{at:X}: only in {side} ({} tiles)",
                        left.frame_word,
                        frame.tiles.len()
                    ),
                    l.map(|f| f.tiles.len().into()),
                    r.map(|f| f.tiles.len().into()),
                ));
                continue;
            }
        };
        let name = format!("{} {index}", left.frame_word);
        for (what, lv, rv) in [
            ("rotation", l.rotation, r.rotation),
            ("flags", l.flags, r.flags),
        ] {
            if lv != rv {
                out.push(finding(
                    key,
                    &[
                        PathStep::Key(key),
                        PathStep::Index(index),
                        PathStep::Key(what),
                    ],
                    format!(
                        "{name} {} {what}: A 0x{lv:02X}, B 0x{rv:02X}",
                        place(l_at[index], r_at[index])
                    ),
                    Some(lv.into()),
                    Some(rv.into()),
                ));
            }
        }
        for t in 0..l.tiles.len().max(r.tiles.len()) {
            let tile_at = |at: &[usize]| tile_at(at[index], t);
            if l.tiles.get(t) == r.tiles.get(t) {
                continue;
            }
            // Two tiles can differ only in bits no field shows (a size code's upper bits).
            let show = |table: &Table, tile: &Tile| match table.tile(index, tile) {
                text if l
                    .tiles
                    .get(t)
                    .zip(r.tiles.get(t))
                    .is_some_and(|(a, b)| table.tile(index, a) == table.tile(index, b)) =>
                {
                    format!("{text} {tile:?}")
                }
                text => text,
            };
            let lt = l.tiles.get(t).map(|tile| show(left, tile));
            let rt = r.tiles.get(t).map(|tile| show(right, tile));
            let text = match (&lt, &rt) {
                (Some(a), Some(b)) => format!(
                    "{name} tile {t} {}: A {a}, B {b}",
                    place(tile_at(&l_at), tile_at(&r_at))
                ),
                (Some(a), None) => format!(
                    "{name} tile {t} at 0x{:X}: only in A ({a}; A has {} tiles, B {})",
                    tile_at(&l_at),
                    l.tiles.len(),
                    r.tiles.len()
                ),
                (None, Some(b)) => format!(
                    "{name} tile {t} at 0x{:X} in B: only in B ({b}; A has {} tiles, B {})",
                    tile_at(&r_at),
                    l.tiles.len(),
                    r.tiles.len()
                ),
                (None, None) => continue,
            };
            out.push(finding(
                key,
                &[
                    PathStep::Key(key),
                    PathStep::Index(index),
                    PathStep::Key("tiles"),
                    PathStep::Index(t),
                ],
                text,
                lt.map(Value::from),
                rt.map(Value::from),
            ));
        }
    }
}
