//! The weapon and effect layer documents a unit's animations start (docs/weapons.md): found
//! beside a unit document and loaded ([`load_layer`]), or built from the game files
//! ([`build_layer_from`]: WEP1, WEP2 or EFF1's SHP and SEQ, found in the originals).

use std::path::{Path, PathBuf};

use faults::Shown;
use faults::Words;
use sprite_data::Profile;
use sprite_data::build::NamedBytes;
use sprite_data::layer::{LayerDocument, LayerSet, build_layer, layer_file};

use crate::error::{Error, Result};
use crate::locate::Originals;

/// The weapon layer a kind's attacks draw their weapon from: WEP2 for `type2` (TYPE2's units
/// hold WEP2's weapons), WEP1 for every other kind (TYPE1's; the kinds that start no layer never
/// draw it).
pub fn weapon_layer_of(kind: &str) -> LayerSet {
    if kind.eq_ignore_ascii_case("type2") {
        LayerSet::Wep2
    } else {
        LayerSet::Wep1
    }
}

/// Builds the layer document of `kind` from its files in the originals (a folder or a disc),
/// with the human kinds' stage, as `cargo xtask build-data --all` and `build --kind wep1` do.
///
/// # Errors
/// A file that is missing ([`Originals::missing`], in the context of the layer set) or
/// unreadable, or [`build_layer`]'s errors; each message names the file.
pub fn build_layer_from(originals: &Originals, kind: LayerSet) -> Result<LayerDocument> {
    let read = |name: &str| originals.require(name).map_err(|e| e.in_context(kind));
    let (shp, seq) = kind.files();
    let (shp_file, seq_file) = (read(shp)?, read(seq)?);
    Ok(build_layer(
        kind,
        NamedBytes {
            name: shp,
            bytes: &shp_file.bytes,
        },
        NamedBytes {
            name: seq,
            bytes: &seq_file.bytes,
        },
        &Profile::type1(),
    )?)
}

/// Builds the layer document of `kind` from the files in `dir` (disc or remaster names).
///
/// # Errors
/// As [`build_layer_from`].
pub fn build_layer_from_folder(dir: &Path, kind: LayerSet) -> Result<LayerDocument> {
    build_layer_from(&Originals::folder(dir), kind)
}

/// Every layer document whose SHP and SEQ are both in the originals, built.
///
/// # Errors
/// A layer's files are there but cannot be read, or do not build.
pub fn layers_from_originals(originals: &Originals) -> Result<Vec<(LayerSet, LayerDocument)>> {
    let mut built = Vec::new();
    for kind in LayerSet::ALL {
        let (shp, seq) = kind.files();
        if !originals.contains(shp) || !originals.contains(seq) {
            continue;
        }
        built.push((kind, build_layer_from(originals, kind)?));
    }
    Ok(built)
}

/// A layer document: `given`, else `<kind>.json` or `<kind>.tactics-sprite-layer.json` in the
/// folder of the unit document `data`; `layer` (`weapon` or `effect`) is the layer it must be.
///
/// # Errors
/// None there to find (naming where it looked and how to make one), one that cannot be read or
/// is not valid, or a layer document of the other layer.
pub fn load_layer(
    given: Option<&Path>,
    data: &Path,
    kind: LayerSet,
    layer: &str,
) -> Result<LayerDocument> {
    let path = match given {
        Some(path) => path.to_path_buf(),
        None => find_layer_beside(data, kind).map_err(|[json, layer_json]| {
            let (layer, data) = (layer.to_owned(), Shown(&data).to_string());
            let looked = format!("{} and {}", Shown(&json), Shown(&layer_json));
            Error::not_found(Words::new(move |s| {
                format!(
                    "no {layer} layer document beside {data}: looked for {looked}; build it with \
                     `tactics-sprite build {} ...` or name it with {}",
                    s.given("kind", &kind),
                    s.name(&format!("{layer}-data"))
                )
            }))
        })?,
    };
    // The one layer loader: size cap, format, shape with JSON paths, and the layer rules.
    let doc = crate::documents::load_layer_document(&path)?;
    if doc.layer != layer {
        return Err(Error::file(format!(
            "{}: a {} layer document, not a {layer} layer's",
            Shown(&path),
            doc.layer
        )));
    }
    Ok(doc)
}

/// The layer document of `kind` in the folder of the unit document `data`: `<kind>.json`, else
/// `<kind>.tactics-sprite-layer.json` (as `cargo xtask build-data --all` names it); the two paths
/// looked at when neither is there.
pub fn find_layer_beside(data: &Path, kind: LayerSet) -> Result<PathBuf, [PathBuf; 2]> {
    let folder = data.parent().unwrap_or(Path::new("."));
    let candidates = [
        folder.join(format!("{kind}.json")),
        folder.join(layer_file(kind)),
    ];
    match candidates.iter().find(|p| p.is_file()) {
        Some(found) => Ok(found.clone()),
        None => Err(candidates),
    }
}
