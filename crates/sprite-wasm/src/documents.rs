//! Each kind's document from the files given, through the same functions as `build-data` and
//! `build`: a unit kind's through `sprite_inputs::build::build_unreported` (its canonical bytes,
//! `build_from_bytes` without the digests of a report, which nothing here shows),
//! a layer set's through `sprite_data::layer::build_layer` with the human profile, as
//! `sprite_inputs::layers` builds it. So the bytes are the CLI's, byte for byte.

use std::borrow::Cow;
use std::sync::OnceLock;

use fft_formats::Seq;
use serde_json::{Value, json};
use sprite_data::build::NamedBytes;
use sprite_data::layer::{LayerDocument, LayerSet, build_layer};
use sprite_data::profile::{UNIT_KINDS, UnitKind};
use sprite_data::target::{self, BuildTarget};
use sprite_data::{Built, Document, Profile};
use sprite_inputs::InputFile;
use sprite_inputs::build::build_unreported;
use sprite_inputs::catalog::lines_of_steps;
use sprite_inputs::retail::other_retail_file;
use sprite_inputs::sheets::Sheet;

use crate::error::chain;
use crate::files::{Files, GivenFile};
use crate::inputs::{SpriteRead, sprite_file};

/// The canonical bytes of the document `kind` names (a unit kind, `type1`, or a layer set,
/// `wep1`), built from the files given.
///
/// # Errors
/// An unknown kind (the kinds listed), a file missing (named, with its two names), a retail file
/// of another kind under the kind's name (as `build-data` refuses it), a file that does not
/// decode (its name, the offset and what was expected).
pub fn build(files: &Files, kind: &str) -> Result<Vec<u8>, String> {
    let kind = BuildTarget::parse(kind).map_err(|e| e.to_string())?;
    match kind {
        BuildTarget::Unit(unit) => build_from(files, unit).map(|(_, bytes)| bytes),
        BuildTarget::Layer(layer) => build_layer_document(files, layer),
    }
}

/// The document of the unit kind `kind` names, for drawing.
///
/// # Errors
/// As [`build`]; a layer set's name is not a unit kind.
pub fn build_unit(files: &Files, kind: &str) -> Result<Document, String> {
    let unit = target::parse_unit_kind(kind).map_err(|e| e.to_string())?;
    build_from(files, unit).map(|(built, _)| built.document)
}

/// A built-in unit kind's profile, parsed from its TOML the first time it is asked for: parsing
/// it took a sixth of a build in the module, and the page builds and lists the kinds again and
/// again. (A kind that is not one of [`UNIT_KINDS`], which no name finds, is parsed each time.)
fn profile(unit: &UnitKind) -> Cow<'static, Profile> {
    static PARSED: [OnceLock<Profile>; UNIT_KINDS.len()] =
        [const { OnceLock::new() }; UNIT_KINDS.len()];
    // The same text is the same constant: its address is compared before its bytes.
    let same = |kind: &UnitKind| {
        kind.name == unit.name
            && (std::ptr::eq(kind.profile, unit.profile) || kind.profile == unit.profile)
    };
    match UNIT_KINDS.iter().position(same) {
        Some(index) => Cow::Borrowed(PARSED[index].get_or_init(|| unit.load())),
        None => Cow::Owned(unit.load()),
    }
}

/// A unit kind's document and its canonical bytes, built from its two files given (either a
/// text form, assembled).
fn build_from(files: &Files, unit: &UnitKind) -> Result<(Built, Vec<u8>), String> {
    built_with_text(files, unit).map(|(built, _)| built)
}

/// [`build_from`], with the SEQ as read (its text form, when it was given as one).
fn built_with_text(
    files: &Files,
    unit: &UnitKind,
) -> Result<((Built, Vec<u8>), SpriteRead), String> {
    let profile = profile(unit);
    let what = format!("the {} document", unit.name);
    let shp = sprite_file(files, &profile.shp, &what)?;
    let seq = sprite_file(files, &profile.seq, &what)?;
    for (input, expected) in [(&shp.file, &profile.shp), (&seq.file, &profile.seq)] {
        if let Some(file) = other_retail_file(&input.bytes, expected) {
            return Err(format!(
                "{}: this is the retail {}, but the {} profile reads {expected}",
                faults::Shown(&input.name),
                file.disc_name,
                profile.kind
            ));
        }
    }
    let built = build_unreported(named(&shp.file), named(&seq.file), &profile, None)
        .map_err(|e| chain(&e))?;
    Ok((built, seq))
}

/// What `/api/v1/source` answers for the kind: the SEQ's text form it was built from, its name
/// as given, and for each sequence of its document the line of the command each step shows
/// (JSON); `null` when the SEQ was given as bytes.
///
/// # Errors
/// As [`build_unit`].
pub fn source(files: &Files, kind: &str) -> Result<Value, String> {
    let unit = target::parse_unit_kind(kind).map_err(|e| e.to_string())?;
    let ((built, _), seq) = built_with_text(files, unit)?;
    let Some((text, command_lines)) = seq.text else {
        return Ok(Value::Null);
    };
    let decoded = Seq::decode(&seq.file.bytes).map_err(|e| chain(&e))?;
    Ok(json!({
        "file": seq.file.name,
        "text": text,
        "steps": lines_of_steps(&decoded, &command_lines, &built.document),
    }))
}

/// A file read as the builder takes it.
fn named(file: &InputFile) -> NamedBytes<'_> {
    NamedBytes {
        name: &file.name,
        bytes: &file.bytes,
    }
}

/// The canonical bytes of the unit kind `kind`'s weapon layer document (`which`: `weapon`; WEP2
/// for TYPE2, else WEP1) or its effect layer document (`effect`: EFF1), as `serve`'s
/// `/api/v1/layer` answers.
///
/// # Errors
/// `which` neither, or as [`layer_document`].
pub fn unit_layer(files: &Files, kind: &str, which: &str) -> Result<Vec<u8>, String> {
    let unit = target::parse_unit_kind(kind).map_err(|e| e.to_string())?;
    let layer = match which {
        "weapon" => sprite_inputs::layers::weapon_layer_of(unit.name),
        "effect" => LayerSet::Eff1,
        other => {
            return Err(format!(
                "layer {}: give weapon (WEP1, WEP2 for type2) or effect (EFF1)",
                faults::Shown(other)
            ));
        }
    };
    build_layer_document(files, layer)
}

/// A layer set's document's bytes, as `build-data --kind wep1` writes them.
fn build_layer_document(files: &Files, layer: LayerSet) -> Result<Vec<u8>, String> {
    layer_document(files, layer).map(|doc| doc.to_bytes())
}

/// A layer set's document, built from its files given as `build-data --kind wep1` builds it.
///
/// # Errors
/// Its files missing (named), or not building.
pub fn layer_document(files: &Files, layer: LayerSet) -> Result<LayerDocument, String> {
    let (shp_name, seq_name) = layer.files();
    let what = format!("the {} layer document", layer.name());
    let shp = sprite_file(files, shp_name, &what)?;
    let seq = sprite_file(files, seq_name, &what)?;
    build_layer(layer, named(&shp.file), named(&seq.file), &Profile::type1()).map_err(|e| chain(&e))
}

/// What the files given can build: each unit kind and layer set whose two files are there, with
/// the names of the files found and, for a unit kind, the sheet its document names (and, when it
/// is given, how many palettes it has) and the second sheet some of its sequences draw from (MON's
/// SP2), with the file given for each, and what `serve`'s `/api/v1/kinds` says of its weapon
/// layers, HD pair and Ramza's variants ([`crate::art::layers_listed`], [`crate::art::hd_listed`]);
/// then the kinds that cannot, with the files they lack.
/// JSON, for the page.
pub fn list(files: &Files) -> Value {
    let mut kinds = Vec::new();
    let mut lacking = Vec::new();
    let units = UNIT_KINDS.iter().map(|unit| {
        let profile = profile(unit);
        (
            BuildTarget::Unit(unit),
            [profile.shp.clone(), profile.seq.clone()],
            Some(profile.sheet_file.clone()),
            profile.sp2_file.clone(),
        )
    });
    let layers = LayerSet::ALL.into_iter().map(|layer| {
        let (shp, seq) = layer.files();
        (
            BuildTarget::Layer(layer),
            [shp.to_owned(), seq.to_owned()],
            None,
            None,
        )
    });
    for (kind, pair, sheet, sp2) in units.chain(layers) {
        let found: Vec<Option<&str>> = pair
            .iter()
            .map(|name| files.find(name).map(|f| f.name.as_str()))
            .collect();
        let layer = matches!(kind, BuildTarget::Layer(_));
        if let [Some(shp), Some(seq)] = found[..] {
            let sheet_given = sheet.as_deref().and_then(|name| files.find(name));
            let (hd, variants) = match &sheet {
                Some(sheet) => crate::art::hd_listed(files, sheet),
                None => (None, None),
            };
            let layers = (!layer)
                .then(|| crate::art::layers_listed(files, kind.name()))
                .flatten();
            kinds.push(json!({
                "kind": kind.name(), "layer": layer, "files": [shp, seq],
                "sheet": sheet, "sheetFile": sheet_given.map(|f| f.name.as_str()),
                "palettes": sheet_given.map(palettes),
                "sp2": sp2, "sp2File": sp2.as_deref().and_then(|name| files.find(name)).map(|f| f.name.as_str()),
                "layers": layers, "hd": hd, "variants": variants,
            }));
        } else {
            let missing: Vec<&String> = pair
                .iter()
                .zip(&found)
                .filter(|(_, f)| f.is_none())
                .map(|(name, _)| name)
                .collect();
            lacking.push(json!({"kind": kind.name(), "layer": layer, "missing": missing}));
        }
    }
    json!({"files": files.len(), "kinds": kinds, "lacking": lacking})
}

/// How many palettes a sheet's `palette` chooses from, counted as `serve` counts them
/// ([`Sheet::palettes`]): an SPR's own, none for a PNG (its own colours) or for bytes that are
/// no sheet (said when it is drawn).
fn palettes(file: &GivenFile) -> usize {
    let input = InputFile {
        name: file.name.clone(),
        bytes: file.bytes.clone(),
    };
    Sheet::from_file(input).map_or(0, |sheet| sheet.palettes())
}
