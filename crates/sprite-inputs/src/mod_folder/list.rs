//! `mod ls`: what a mod replaces, by unit and kind, in words (docs/mods.md "mod ls"): each
//! sprite file [`crate::mod_folder::check`] found in its place, grouped by the unit it belongs to
//! (the name's stem: `RAMUZA`, `TYPE1`), each said as what it is to the game ([`what_it_is`]),
//! for which game, and its verdict.

use std::collections::BTreeMap;

use fft_formats::FileFormat;
use sprite_data::layer::{LayerSet, WEAPONS_SHEET};
use sprite_data::profile::UNIT_KINDS;

use crate::loader::layout::Mode;
use crate::mod_folder::check::{Replaced, Report};
use crate::names::battle::BattleFile;
use crate::retail::Verdict;

/// One unit's files in a mod.
#[derive(Debug, Clone)]
pub struct Unit<'a> {
    /// The unit, as its files' stem (`RAMUZA`).
    pub name: String,
    /// Its files, each with what it is in words.
    pub files: Vec<(&'a Replaced, String)>,
}

/// The mod's sprite files by unit, in name order, each unit's files by kind (sheets, then
/// frames, then animations).
pub fn by_unit(report: &Report) -> Vec<Unit<'_>> {
    let mut units: BTreeMap<String, Vec<&Replaced>> = BTreeMap::new();
    for replaced in &report.replaced {
        units
            .entry(replaced.file.name().stem().to_ascii_uppercase())
            .or_default()
            .push(replaced);
    }
    units
        .into_iter()
        .map(|(name, mut files)| {
            files.sort_by_key(|r| (kind_order(r.file), r.file.disc_name, r.mode, r.path.clone()));
            Unit {
                name,
                files: files.into_iter().map(|r| (r, what_it_is(r.file))).collect(),
            }
        })
        .collect()
}

fn kind_order(file: &BattleFile) -> u8 {
    match (file.format(), file.name().extension().as_deref()) {
        (Some(FileFormat::Spr), Some("SPR")) => 0,
        (Some(FileFormat::Spr), _) => 1,
        (Some(FileFormat::UnitShp | FileFormat::WeaponShp), _) => 2,
        (Some(FileFormat::Seq), _) => 3,
        (Some(FileFormat::HdHalf), _) => 4,
        (Some(FileFormat::Nxd), _) => 5,
        (None, _) => 6,
    }
}

/// What a sprite file is to the game, in words: `the sprite sheet (pixels and palettes), the
/// default sheet of kind type1 (Humans: ...)`, `the animations of kind type1 (Humans: ...)`.
pub fn what_it_is(file: &BattleFile) -> String {
    let is = |name: &str| name.eq_ignore_ascii_case(file.disc_name);
    let profiles: Vec<_> = UNIT_KINDS.iter().map(|k| (k.name, k.load())).collect();
    let kinds = |read: &dyn Fn(&sprite_data::Profile) -> bool| -> Vec<String> {
        profiles
            .iter()
            .filter(|(_, p)| read(p))
            .map(|(name, p)| format!("kind {name} ({})", short(&p.description)))
            .collect()
    };
    let layers = |read: &dyn Fn((&str, &str)) -> bool| -> Vec<String> {
        LayerSet::ALL
            .iter()
            .filter(|l| read(l.files()))
            .map(|l| format!("layer {}", l.name()))
            .collect()
    };
    let of = |users: Vec<String>| {
        if users.is_empty() {
            " (no kind this project builds reads it)".to_owned()
        } else {
            format!(" of {}", users.join(", "))
        }
    };
    match (file.format(), file.name().extension().as_deref()) {
        (Some(FileFormat::Spr), _) if is(WEAPONS_SHEET) => {
            "the weapons sheet (the weapons in hand and their effects)".to_owned()
        }
        (Some(FileFormat::Spr), Some("SP2")) => format!(
            "a monster's second sheet (its SP2 animations' lower halves){}",
            drawn_by(kinds(&|p| p.sp2_file.as_deref().is_some_and(is)))
        ),
        (Some(FileFormat::Spr), _) => format!(
            "the sprite sheet (pixels and palettes){}",
            drawn_by(kinds(&|p| is(&p.sheet_file)))
        ),
        (Some(FileFormat::UnitShp | FileFormat::WeaponShp), _) => {
            let mut users = kinds(&|p| is(&p.shp));
            users.extend(layers(&|(shp, _)| is(shp)));
            format!("the frames (how each is cut from a sheet){}", of(users))
        }
        (Some(FileFormat::Seq), _) => {
            let mut users = kinds(&|p| is(&p.seq));
            users.extend(layers(&|(_, seq)| is(seq)));
            format!("the animations{}", of(users))
        }
        (Some(FileFormat::HdHalf), _) => "a half of the remaster's HD sheet".to_owned(),
        (Some(FileFormat::Nxd), _) => "a table of the remaster (NXD)".to_owned(),
        (None, _) => "not a sprite file".to_owned(),
    }
}

/// `, the default sheet of kind X` when a kind's profile names the sheet.
fn drawn_by(kinds: Vec<String>) -> String {
    if kinds.is_empty() {
        String::new()
    } else {
        format!(", the default sheet of {}", kinds.join(", "))
    }
}

/// A profile's description without its parenthesis on the files: `Humans: Ramza, squires and
/// most jobs`.
fn short(description: &str) -> &str {
    match description.rfind(" (") {
        Some(at) if description.ends_with(')') => &description[..at],
        _ => description,
    }
}

/// A file's verdict in the few words `mod ls` gives it: the head of the words `mod check` says
/// of it ([`Verdict::describe`]), so one fact has one word in both (`no digest on record` is
/// never `modified`: the bytes may well be the game's); `not read` when the bytes were not.
pub fn verdict_in_brief(verdict: Option<Verdict>) -> String {
    let Some(verdict) = verdict else {
        return "not read".to_owned();
    };
    let words = verdict.describe();
    match words.split_once(" (") {
        Some((head, _)) => head.to_owned(),
        None => words,
    }
}

/// `both games`, `the enhanced game`, `the classic game`.
pub fn games(mode: Mode) -> &'static str {
    match mode {
        Mode::Combined => "both games",
        Mode::Enhanced => "the enhanced game",
        Mode::Classic => "the classic game",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::battle::battle_file;

    /// The brief words are those `mod check` says, up to their parenthesis.
    #[test]
    fn a_verdict_is_said_in_the_words_mod_check_uses() {
        assert_eq!(
            verdict_in_brief(Some(Verdict::NoDigest)),
            "no digest on record"
        );
        assert_eq!(verdict_in_brief(Some(Verdict::Modified)), "modified");
        assert_eq!(verdict_in_brief(None), "not read");
        let type1 = crate::retail::by_name("TYPE1.SEQ").unwrap();
        assert_eq!(
            verdict_in_brief(Some(Verdict::Retail(type1))),
            "retail TYPE1.SEQ"
        );
        assert_eq!(
            verdict_in_brief(Some(Verdict::RetailUnderOtherName(type1))),
            "the retail TYPE1.SEQ under another name"
        );
    }

    #[test]
    fn each_kind_of_file_is_said_with_who_reads_it() {
        let what = |name: &str| what_it_is(battle_file(name).unwrap());
        assert!(what("TYPE1.SEQ").starts_with("the animations of kind type1 (Humans"));
        assert!(what("TYPE1.SHP").contains("kind type1"));
        assert!(what("WEP1.SEQ").ends_with("of layer wep1"));
        assert!(what("TYPE2.SEQ").ends_with("(no kind this project builds reads it)"));
        assert!(what("RAMUZA.SPR").contains("kind type1"));
        assert!(what("BEHI2.SP2").contains("kind mon"));
        assert!(what("WEP.SPR").starts_with("the weapons sheet"));
    }
}
