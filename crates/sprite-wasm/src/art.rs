//! What a kind is drawn from, as `serve` draws it for its viewer: the sheet the document names
//! (or `sheet`), or with `hd` its HD pair (`tex_N.bin` and `tex_N+1.bin` given) in the sheet's
//! palette, or for one of Ramza's pairs in `charclut.nxd`'s row of `variant` when that file is
//! given; the SP2 (SD only); and with `weapon` the weapon's and the effect's layers cut from the
//! weapons sheet (WEP.SPR), their documents built from the layer files given (WEP2 for TYPE2,
//! else WEP1; and EFF1). Each read by the functions `serve` reads them with.

use fft_formats::hd::HdHalf;
use fft_formats::spr::Spr;
use serde_json::Value;
use sprite_data::Document;
use sprite_data::layer::{LayerDocument, LayerSet};
use sprite_data::weapon::{MAX_WEAPON_ROWS, WeaponChoice, choose_weapon};
use sprite_inputs::InputFile;
use sprite_inputs::charclut::{FILE_NAME as CHARCLUT, chapter_of};
use sprite_inputs::hd::HdPairFiles;
use sprite_inputs::layers::weapon_layer_of;
use sprite_inputs::mod_folder::add::without_suffix;
use sprite_inputs::names::GameName;
use sprite_inputs::names::hd::{HdPair, pair_of_unit, tex_number, unit_of_tex};
use sprite_inputs::sheets::{load_sheet_bytes, load_sp2_coloured};
use sprite_render::layers::LayerPalettes;
use sprite_render::sheet::{SheetImage, SheetSource, load_hd_sheet_coloured};

use crate::documents::layer_document;
use crate::error::chain;
use crate::files::{ClutRow, Files};
use crate::inputs::sheet_file;

/// The sheets a drawing of `doc` takes: the sheet (SD, or its HD pair) and the SP2 when a
/// sequence draws from one and it is given (SD only: no HD SP2 is known).
///
/// # Errors
/// The sheet or an HD half missing (named), a palette the sheet does not have, a variant
/// `charclut.nxd` does not have, a file that does not decode.
pub fn sheets(
    files: &Files,
    asked: &Value,
    doc: &Document,
) -> Result<(SheetImage, Option<SheetImage>), String> {
    let name = asked["sheet"].as_str().unwrap_or(&doc.sheet.file);
    let palette = whole(asked, "palette")?.map(|p| p as usize);
    let file = sheet_file(files, name, "the drawing")?;
    if asked["hd"].as_bool() == Some(true) {
        let variant = match &asked["variant"] {
            Value::Null => None,
            v => Some(
                v.as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(|| format!("variant {v}: a whole number"))?,
            ),
        };
        return Ok((hd_sheet(files, &file, palette, variant)?, None));
    }
    if !asked["variant"].is_null() {
        return Err("variant colours one of Ramza's HD pairs: give hd: true too".to_owned());
    }
    let shown = faults::Shown(&file.name).to_string();
    let sheet = load_sheet_bytes(&shown, &file.bytes, palette).map_err(|e| chain(&e))?;
    let sp2 = match &doc.sp2 {
        Some(named) if doc.draws_from_sp2() && files.find(&named.file).is_some() => {
            let sp2 = sheet_file(files, &named.file, "the drawing")?;
            let shown = faults::Shown(&sp2.name).to_string();
            Some(
                load_sp2_coloured(&file.bytes, &shown, &sp2.bytes, palette)
                    .map_err(|e| chain(&e))?,
            )
        }
        _ => None,
    };
    Ok((sheet, sp2))
}

/// The HD pair of the sheet `sheet` (by the HD table: the game file the file given under that
/// name stands for, RAMUZA.SPR for `RAMUZA.png`), given as `tex_N.bin` and `tex_N+1.bin`.
///
/// # Errors
/// The sheet not given, a sheet the table has no pair for, or a half not given.
pub fn hd_pair(files: &Files, sheet: &str) -> Result<HdPairFiles, String> {
    let given = files.require(sheet, "the drawing")?;
    let pair = pair_of_unit(&given.game_name()).ok_or_else(|| {
        format!(
            "{}: the HD table has no pair for it",
            faults::Shown(&given.name)
        )
    })?;
    let half = |half: HdHalf| -> Result<InputFile, String> {
        let file = files.require(&pair.file_name(half), &format!("{pair}"))?;
        Ok(InputFile {
            name: file.name.clone(),
            bytes: file.bytes.clone(),
        })
    };
    Ok(HdPairFiles {
        upper: half(HdHalf::Upper)?,
        lower: half(HdHalf::Lower)?,
        pair: Some(pair),
        // A monster's SP2 at twice the size is not looked for: MON's SP2 sequences are drawn at
        // HD by `serve` only.
        sp2: None,
    })
}

/// The HD pair a picture of one given under `name` is of, by the HD table: `tex_N.png` (or
/// `tex_N.bin.png`) names it by a half's number, another name by the sheet it stands for
/// (`MINA_M.png`: MINA_M.SPR's pair); as JSON `{"upper", "lower", "spr"}`, the halves' file
/// names and the SPR the pair takes its colours from, for the second module's `sheet import`.
///
/// # Errors
/// No file of that name given, or a name the table has no pair for.
pub fn pair_of_picture(files: &Files, name: &str) -> Result<Value, String> {
    let given = files.require(name, "sheet import")?;
    let stem = without_suffix(&given.file_name(), ".png");
    let pair = match tex_number(&stem) {
        Some(n) => unit_of_tex(n).map(|(pair, _)| pair),
        None => pair_of_unit(&given.game_name()),
    }
    .ok_or_else(|| {
        format!(
            "{}: the HD table has no pair for it (name it tex_N.png, or as its unit's sheet)",
            faults::Shown(&given.name)
        )
    })?;
    Ok(serde_json::json!({
        "upper": pair.file_name(HdHalf::Upper),
        "lower": pair.file_name(HdHalf::Lower),
        "spr": pair.spr_disc_name(),
    }))
}

/// The HD pair of the sheet `file` drawn: in one of its palettes, or one of Ramza's in
/// `charclut.nxd`'s row of his chapter and `variant` (0, the game's own, when not given) when
/// that file is given.
///
/// # Errors
/// A half missing, a palette or variant not there, a file that does not decode.
pub fn hd_sheet(
    files: &Files,
    file: &InputFile,
    palette: Option<usize>,
    variant: Option<i32>,
) -> Result<SheetImage, String> {
    let pair = hd_pair(files, &file.name)?;
    if let Some(RamzaRows {
        chapter,
        file,
        rows,
    }) = ramza_clut(files, pair.pair)?
    {
        let variant = variant.unwrap_or(0);
        let row = rows
            .iter()
            .find(|row| row.chapter == chapter && row.variant == variant)
            .ok_or_else(|| {
                let variants: Vec<String> = rows
                    .iter()
                    .filter(|row| row.chapter == chapter)
                    .map(|row| row.variant.to_string())
                    .collect();
                format!(
                    "{} has no row ({chapter}, {variant}): variant {variant} is not one of \
                     chapter key {chapter}'s variants ({})",
                    faults::Shown(file),
                    if variants.is_empty() {
                        "none".to_owned()
                    } else {
                        variants.join(", ")
                    }
                )
            })?;
        let source = SheetSource::HdCharClut { chapter, variant };
        return load_hd_sheet_coloured(&pair.upper.bytes, &pair.lower.bytes, &row.colours, source)
            .map_err(|e| format!("{}: {}", pair.names(), chain(&e)));
    }
    if variant.is_some() {
        return Err(format!(
            "variant colours one of Ramza's HD pairs from {CHARCLUT}; {} is not one, or {CHARCLUT} \
             is not given",
            pair.names()
        ));
    }
    pair.coloured_by(&file.name, &file.bytes, palette)
        .map_err(|e| chain(&e))
}

/// Ramza's chapter of a pair, and the name and rows of `charclut.nxd` given.
struct RamzaRows<'a> {
    chapter: i32,
    file: &'a str,
    rows: &'a [ClutRow],
}

/// Ramza's chapter of `pair`, and the name and rows of `charclut.nxd` (decoded by the second
/// module as it was given), when the pair is one of his and the file is given.
///
/// # Errors
/// A file that did not decode (its one line), or one given without its rows.
fn ramza_clut(files: &Files, pair: Option<HdPair>) -> Result<Option<RamzaRows<'_>>, String> {
    let Some(chapter) = pair.and_then(chapter_of) else {
        return Ok(None);
    };
    let Some(file) = files.find(CHARCLUT) else {
        return Ok(None);
    };
    match &file.clut {
        Some(Ok(rows)) => Ok(Some(RamzaRows {
            chapter,
            file: &file.name,
            rows,
        })),
        Some(Err(message)) => Err(message.clone()),
        None => Err(format!(
            "{}: given without its rows (files.mjs's addFiles decodes it)",
            faults::Shown(&file.name)
        )),
    }
}

/// What `serve`'s `/api/v1/kinds` says of a kind's drawing from the files given: the HD pair of
/// its sheet `sheet` (`[tex_N.bin, tex_N+1.bin]`, the names given without folders) when both
/// halves are given, and for one of Ramza's the variants `charclut.nxd` (given) has for it.
pub fn hd_listed(files: &Files, sheet: &str) -> (Option<[String; 2]>, Option<Vec<i32>>) {
    let Ok(pair) = hd_pair(files, sheet) else {
        return (None, None);
    };
    let bare = |file: &InputFile| GameName::parse(&file.name).given().to_owned();
    let variants = ramza_clut(files, pair.pair).ok().flatten().map(|found| {
        found
            .rows
            .iter()
            .filter(|row| row.chapter == found.chapter)
            .map(|row| row.variant)
            .collect()
    });
    (Some([bare(&pair.upper), bare(&pair.lower)]), variants)
}

/// The layer documents the unit kind `kind` holds a weapon with (`[wep1, eff1]`; WEP2 for
/// TYPE2), when their files and the weapons sheet are given: `/api/v1/kinds`' `layers`.
pub fn layers_listed(files: &Files, kind: &str) -> Option<[&'static str; 2]> {
    let sets = [weapon_layer_of(kind), LayerSet::Eff1];
    let given = sets.iter().all(|set| {
        let (shp, seq) = set.files();
        files.find(shp).is_some() && files.find(seq).is_some()
    }) && files.find("WEP.SPR").is_some();
    given.then(|| sets.map(LayerSet::name))
}

/// The weapon a request asks for, as `serve`'s `weapon=` reads it: `weapon` (a type or one of
/// its graphics), `weaponPalette` and `weaponRows` (the graphic's unless given), `effectPalette`
/// (0 unless given); `None` without `weapon`.
///
/// # Errors
/// An unknown weapon (with the nearest names), a number out of range, or one given without
/// `weapon`.
pub fn asked_weapon(asked: &Value) -> Result<Option<(WeaponChoice, LayerPalettes)>, String> {
    let choice = match &asked["weapon"] {
        Value::Null => None,
        Value::String(name) => Some(choose_weapon(name).map_err(|e| e.to_string())?),
        other => return Err(format!("weapon {other}: a weapon's name is text")),
    };
    let number = |name: &str, max: u8| -> Result<Option<u8>, String> {
        let Some(value) = whole(asked, name)? else {
            return Ok(None);
        };
        if choice.is_none() {
            return Err(format!(
                "{name} chooses how the weapon is drawn: give weapon too"
            ));
        }
        u8::try_from(value)
            .ok()
            .filter(|&v| v <= max)
            .map(Some)
            .ok_or_else(|| format!("{name} {value} is out of range: 0..{max}"))
    };
    let palette = number("weaponPalette", 15)?;
    let rows = number("weaponRows", MAX_WEAPON_ROWS)?;
    if rows.is_some_and(|rows| rows % 8 != 0) {
        return Err(format!(
            "weaponRows: a multiple of 8 in 0..{MAX_WEAPON_ROWS} (the rows a graphic starts at)"
        ));
    }
    let effect = number("effectPalette", 15)?;
    Ok(choice.map(|choice| {
        let palettes = LayerPalettes {
            weapon_palette: palette.unwrap_or(choice.palette),
            weapon_rows: rows.unwrap_or(choice.rows),
            effect_palette: effect.unwrap_or(0),
        };
        (choice, palettes)
    }))
}

/// The weapon and effect layer documents of the unit kind `kind` (WEP2 for TYPE2, else WEP1;
/// EFF1), built from the files given.
///
/// # Errors
/// A layer's files missing (named), or not building.
pub fn layers(files: &Files, kind: &str) -> Result<[LayerDocument; 2], String> {
    Ok([
        layer_document(files, weapon_layer_of(kind))?,
        layer_document(files, LayerSet::Eff1)?,
    ])
}

/// The weapons sheet given, WEP.SPR (any of its names), decoded.
///
/// # Errors
/// Not given (for `weapon`), or not an SPR.
pub fn weapons_sheet(files: &Files) -> Result<Spr, String> {
    let file = files.require("WEP.SPR", "a weapon")?;
    Spr::decode(&file.bytes).map_err(|e| {
        format!(
            "{}: not an SPR sheet: {}",
            faults::Shown(&file.name),
            chain(&e)
        )
    })
}

/// A whole number the request gives for `name`, if any.
///
/// # Errors
/// One that is not a whole number.
pub fn whole(asked: &Value, name: &str) -> Result<Option<u32>, String> {
    asked
        .get(name)
        .filter(|v| !v.is_null())
        .map(|v| {
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| format!("{name} {v}: a whole number"))
        })
        .transpose()
}
