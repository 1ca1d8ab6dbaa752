//! Each kind's document from the files given, through the same functions as `build-data` and
//! `build`: a unit kind's through `sprite_inputs::build::build_from_bytes` (its canonical bytes),
//! a layer set's through `sprite_data::layer::build_layer` with the human profile, as
//! `sprite_inputs::layers` builds it. So the bytes are the CLI's, byte for byte.

use serde_json::{Value, json};
use sprite_data::layer::{LayerSet, build_layer};
use sprite_data::profile::{UNIT_KINDS, UnitKind};
use sprite_data::target::{self, BuildTarget};
use sprite_data::{Document, Profile};
use sprite_inputs::build::{Build, build_from_bytes};
use sprite_inputs::read::InputFile;
use sprite_inputs::retail::other_retail_file;
use sprite_inputs::sheets::Sheet;

use crate::error::chain;
use crate::files::{Files, GivenFile};

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
        BuildTarget::Unit(unit) => build_from(files, unit).map(|built| built.bytes),
        BuildTarget::Layer(layer) => build_layer_document(files, layer),
    }
}

/// The document of the unit kind `kind` names, for drawing.
///
/// # Errors
/// As [`build`]; a layer set's name is not a unit kind.
pub fn build_unit(files: &Files, kind: &str) -> Result<Document, String> {
    let unit = target::parse_unit_kind(kind).map_err(|e| e.to_string())?;
    build_from(files, unit).map(|built| built.document)
}

/// A unit kind's build from its two files given.
fn build_from(files: &Files, unit: &UnitKind) -> Result<Build, String> {
    let profile = unit.load();
    let what = format!("the {} document", unit.name);
    let shp = files.require(&profile.shp, &what)?;
    let seq = files.require(&profile.seq, &what)?;
    for (input, expected) in [(shp, &profile.shp), (seq, &profile.seq)] {
        if let Some(file) = other_retail_file(&input.bytes, expected) {
            return Err(format!(
                "{}: this is the retail {}, but the {} profile reads {expected}",
                faults::Shown(&input.name),
                file.disc_name,
                profile.kind
            ));
        }
    }
    build_from_bytes(shp.named_bytes(), seq.named_bytes(), &profile, None).map_err(|e| chain(&e))
}

/// A layer set's document, as `build-data --kind wep1` writes it.
fn build_layer_document(files: &Files, layer: LayerSet) -> Result<Vec<u8>, String> {
    let (shp_name, seq_name) = layer.files();
    let what = format!("the {} layer document", layer.name());
    let shp = files.require(shp_name, &what)?;
    let seq = files.require(seq_name, &what)?;
    build_layer(
        layer,
        shp.named_bytes(),
        seq.named_bytes(),
        &Profile::type1(),
    )
    .map(|doc| doc.to_bytes())
    .map_err(|e| chain(&e))
}

/// What the files given can build: each unit kind and layer set whose two files are there, with
/// the names of the files found and, for a unit kind, the sheet its document names (and, when it
/// is given, how many palettes it has) and the second sheet some of its sequences draw from (MON's
/// SP2), with the file given for each; then the kinds that cannot, with the files they lack.
/// JSON, for the page.
pub fn list(files: &Files) -> Value {
    let mut kinds = Vec::new();
    let mut lacking = Vec::new();
    let units = UNIT_KINDS.iter().map(|unit| {
        let profile = unit.load();
        (
            BuildTarget::Unit(unit),
            [profile.shp, profile.seq],
            Some(profile.sheet_file),
            profile.sp2_file,
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
            kinds.push(json!({
                "kind": kind.name(), "layer": layer, "files": [shp, seq],
                "sheet": sheet, "sheetFile": sheet_given.map(|f| f.name.as_str()),
                "palettes": sheet_given.map(palettes),
                "sp2": sp2, "sp2File": sp2.as_deref().and_then(|name| files.find(name)).map(|f| f.name.as_str()),
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
