//! The endpoints under `/api/v1/`, each family in its module, on the state they share (this
//! module: the served units and what is made once for each):
//!
//! - [`documents`]: `kinds`, `animations` and `data`;
//! - [`draw`]: the pose `tactics-sprite draw` prints, on `sprite-data`'s draw request;
//! - [`pictures`]: `sheet.png` and `sp2.png`;
//! - [`render`]: `render.png|gif|apng`, on `sprite-render`'s render request;
//! - [`canvas`]: the box a render draws in, for the viewer;
//! - [`layers`]: a kind's weapon and effect layer documents and the blocks of the weapons sheet
//!   they are cut from, for the viewer;
//! - [`respond`]: the bodies, caching, gzip and `ETag` rules every answer shares;
//! - [`sas`]: the Tactics Ogre SAS sets under `/api/v1/sas/`;
//! - [`weapon`]: `weapon=NAME` and its rows and palettes, read once for every endpoint.

pub mod canvas;
mod choice;
pub mod documents;
pub mod draw;
pub mod layers;
mod picture_cache;
pub mod pictures;
pub mod render;
pub mod respond;
pub mod sas;
pub mod weapon;

use faults::Words;
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::StatusCode;
use fft_formats::layer::WeaponType;
use serde::Serialize;
use sprite_data::layer::LayerSet;
use sprite_data::pose::IDLE;
use sprite_data::{Document, SequenceIndex};
use sprite_render::Cancel;
use sprite_render::layers::{LayerPalettes, WeaponArt};
use tokio::sync::Semaphore;

pub use choice::SHEET;
pub use picture_cache::{PICTURE_CACHE_BYTES, PNG_CACHE_BYTES};
pub use respond::{REUSE, REVALIDATE, matches_etag};

use crate::error::ApiError;
use crate::params::Params;
use sprite_inputs::catalog::SasCatalog;
use sprite_inputs::catalog::{Catalog, ServedUnit};
use sprite_inputs::hd::HdPairFiles;
use sprite_inputs::layers::weapon_layer_of;
use sprite_inputs::sheets::{Sheet, WeaponSheet};

/// Everything the handlers share.
pub struct AppState {
    units: Vec<Prepared>,
    kinds_json: Bytes,
    /// The weapons sheet renders with `weapon=` cut the layers from.
    weapon_sheet: Option<WeaponSheet>,
    /// Sheets and renders are CPU work run off the async threads; at most this many at once
    /// ([`AppState::picture_threads`]), each permit held by the work itself, not by the request
    /// that asked for it.
    pictures: Arc<Semaphore>,
    /// How many permits `pictures` has.
    picture_threads: usize,
    /// The SAS sets, served apart from the units.
    sas: sas::SasState,
    /// The sheet pictures drawn, kept within [`PICTURE_CACHE_BYTES`].
    picture_cache: picture_cache::PictureCache<Arc<sprite_render::sheet::SheetImage>>,
    /// The PNGs of them sent, kept within [`PNG_CACHE_BYTES`].
    png_cache: picture_cache::PictureCache<respond::Tagged>,
    /// `charclut.nxd`, which Ramza's HD pairs are coloured from.
    charclut: Option<sprite_inputs::charclut::ServedClut>,
}

/// A served unit and what is made once for it.
pub(crate) struct Prepared {
    unit: ServedUnit,
    /// The document, as `/api/v1/data` serves it.
    document: respond::TaggedJson,
    animations_json: Bytes,
    /// `Idle` and the animations' names, for the nearest names of an unknown one.
    names: Vec<String>,
    /// The pixels of the document's canvas (`tactics-sprite render`'s picture of one frame).
    canvas_pixels: u64,
    /// The layer documents' bytes, digests and gzip, when the unit has layers.
    layers: Option<layers::ServedLayers>,
    /// `/api/v1/source`'s answer, when the unit was built from a SEQ text form.
    source_json: Option<Bytes>,
}

/// `/api/v1/source`: the SEQ text form a unit was built from, and for each sequence of its
/// document the line of the command each step shows.
#[derive(Serialize)]
struct SourceAnswer<'a> {
    file: &'a str,
    text: &'a str,
    steps: &'a [Vec<usize>],
}

/// One entry of `/api/v1/kinds`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct KindSummary<'a> {
    kind: &'a str,
    animations: usize,
    frames: usize,
    sequences: usize,
    document_bytes: usize,
    sha256: &'a str,
    /// `spr`, `png` or `synthetic`.
    sheet: &'a str,
    /// The sheet's file name (no folder), when it is a file.
    sheet_file: Option<&'a str>,
    palettes: usize,
    /// The second sheet MON's SP2 sequences draw from: `spr`, `png` or `synthetic`; `missing`
    /// when the document needs one and none was found (those sequences are refused); absent
    /// when it needs none.
    #[serde(skip_serializing_if = "Option::is_none")]
    sp2: Option<&'a str>,
    /// The SP2's file name (no folder), or the one the document names when it is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    sp2_file: Option<&'a str>,
    /// The layer documents `draw` with `weapon=` draws from, `[weapon, effect]` (`wep1` or
    /// `wep2`, and `eff1`); absent when none were found (`weapon=` is then refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    layers: Option<[&'a str; 2]>,
    /// The HD pair `hd=1` draws from, when the kind has one: `[tex_N.bin, tex_N+1.bin]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hd: Option<[&'a str; 2]>,
    /// The SP2 at twice the size that goes with the pair (`tex_1132.bin`), when it was found:
    /// what MON's SP2 sequences draw from at `hd=1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hd_sp2: Option<&'a str>,
    /// For one of Ramza's pairs, the `variant=`s `charclut.nxd` has for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    variants: Option<Vec<i32>>,
    /// The sheets of the kind `sheet=` chooses from (absent when there are none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sheets: Vec<SheetSummary<'a>>,
    origin: &'a str,
    /// The SEQ text form the unit was built from (`/api/v1/source`), when it was built from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
}

/// One sheet of a kind in `/api/v1/kinds`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SheetSummary<'a> {
    /// Its name in the table of kinds, what `sheet=` takes (`MINA_M.SPR`).
    name: &'a str,
    /// The file it was read from, without its folder (`battle_mina_m_spr.bin`).
    file: &'a str,
    palettes: usize,
    /// Its SP2's file name, when the kind draws from one and it was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    sp2: Option<&'a str>,
    /// Its HD pair, when one was found: `[tex_N.bin, tex_N+1.bin]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    hd: Option<[&'a str; 2]>,
    /// The SP2 at twice the size that goes with its pair, when it was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    hd_sp2: Option<&'a str>,
    /// For one of Ramza's pairs, the `variant=`s `charclut.nxd` has for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    variants: Option<Vec<i32>>,
}

/// One entry of `/api/v1/animations`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnimationSummary<'a> {
    name: &'a str,
    category: &'a str,
    #[serde(rename = "loop")]
    looping: bool,
    hit_tick: Option<u32>,
    water: bool,
    /// The front and back sequences' lengths in ticks.
    ticks: [u64; 2],
}

impl AppState {
    /// Prepares a catalog for serving: digests, gzip, summaries.
    ///
    /// # Errors
    /// None in practice (JSON and gzip of in-memory data).
    pub fn new(catalog: Catalog) -> anyhow::Result<AppState> {
        Self::with_sas(catalog, SasCatalog::default())
    }

    /// [`AppState::new`], serving the SAS sets of `sas` too.
    ///
    /// # Errors
    /// None in practice (JSON and gzip of in-memory data).
    pub fn with_sas(catalog: Catalog, sas: SasCatalog) -> anyhow::Result<AppState> {
        let workers = std::thread::available_parallelism().map_or(2, usize::from);
        Self::prepare(
            catalog,
            sas,
            Arc::new(Semaphore::new(workers)),
            workers,
            None,
        )
    }

    /// The state that replaces this one on a reload (`serve --watch`): `catalog` and `sas`
    /// prepared as [`AppState::with_sas`] prepares them, drawing on this state's picture threads,
    /// so that a picture still drawn for the old state counts against the same bound. What
    /// this state made of files that did not change (sheet pictures and their PNGs, the layer
    /// documents' gzip) is taken over, not made again.
    ///
    /// # Errors
    /// None in practice (JSON and gzip of in-memory data).
    pub fn succeeding(&self, catalog: Catalog, sas: SasCatalog) -> anyhow::Result<AppState> {
        Self::prepare(
            catalog,
            sas,
            Arc::clone(&self.pictures),
            self.picture_threads,
            Some(self),
        )
    }

    fn prepare(
        catalog: Catalog,
        sas: SasCatalog,
        pictures: Arc<Semaphore>,
        workers: usize,
        before: Option<&AppState>,
    ) -> anyhow::Result<AppState> {
        let units: Vec<Prepared> = catalog
            .units
            .into_iter()
            .map(|unit| {
                let same_name =
                    before.and_then(|b| b.units.iter().find(|o| o.unit.name == unit.name));
                Prepared::new(unit, same_name)
            })
            .collect::<anyhow::Result<_>>()?;
        let (picture_cache, png_cache) = match before {
            Some(before) => {
                let same = |key: &picture_cache::PictureKey| {
                    drawn_alike(before, &units, catalog.charclut.as_ref(), key)
                };
                (
                    before.picture_cache.keeping(same),
                    before.png_cache.keeping(same),
                )
            }
            None => (
                picture_cache::PictureCache::new(PICTURE_CACHE_BYTES),
                picture_cache::PictureCache::new(PNG_CACHE_BYTES),
            ),
        };
        let summaries: Vec<KindSummary> = units
            .iter()
            .map(|s| KindSummary {
                kind: &s.unit.name,
                animations: s.unit.document.animations.len(),
                frames: s.unit.document.frames.len(),
                sequences: s.unit.document.sequences.len(),
                document_bytes: s.document.bytes.len(),
                sha256: &s.document.sha256,
                sheet: sheet_kind(&s.unit.sheet),
                sheet_file: file_name(&s.unit.sheet),
                palettes: s.unit.sheet.palettes(),
                sp2: match (&s.unit.sp2, s.missing_sp2()) {
                    (Some(sp2), _) => Some(sheet_kind(sp2)),
                    (None, Some(_)) => Some("missing"),
                    (None, None) => None,
                },
                sp2_file: s.unit.sp2.as_ref().and_then(file_name).or(s.missing_sp2()),
                layers: s
                    .unit
                    .layers
                    .as_ref()
                    .map(|l| [l.weapon.kind.as_str(), l.effect.kind.as_str()]),
                hd: s.unit.hd.as_ref().map(pair_names),
                hd_sp2: s.unit.hd.as_ref().and_then(hd_sp2_name),
                variants: variants(catalog.charclut.as_ref(), s.unit.hd.as_ref()),
                sheets: s
                    .unit
                    .sheets
                    .iter()
                    .map(|served| SheetSummary {
                        name: &served.name,
                        file: file_name(&served.sheet).unwrap_or(&served.name),
                        palettes: served.sheet.palettes(),
                        sp2: served.sp2.as_ref().and_then(file_name),
                        hd: served.hd.as_ref().map(pair_names),
                        hd_sp2: served.hd.as_ref().and_then(hd_sp2_name),
                        variants: variants(catalog.charclut.as_ref(), served.hd.as_ref()),
                    })
                    .collect(),
                origin: &s.unit.origin,
                source: s.unit.source.as_ref().map(|t| t.file.as_str()),
            })
            .collect();
        let kinds_json = Bytes::from(serde_json::to_vec(&summaries)?);
        Ok(AppState {
            units,
            kinds_json,
            weapon_sheet: catalog.weapon_sheet,
            pictures,
            picture_threads: workers,
            sas: sas::SasState::new(sas)?,
            picture_cache,
            png_cache,
            charclut: catalog.charclut,
        })
    }

    /// The unit named by `kind=`, or the first served when it is not given, with where it is in
    /// the list (for work that runs off the async threads, which finds it there again).
    fn served(&self, params: &Params) -> Result<(usize, &Prepared), ApiError> {
        let Some(name) = params.text("kind") else {
            return self
                .units
                .first()
                .map(|served| (0, served))
                .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, "no kind is served"));
        };
        self.units
            .iter()
            .enumerate()
            .find(|(_, s)| s.unit.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| ApiError::unknown("kind", name, &self.unit_names()))
    }

    /// How many pictures are drawn at once, at most: one thread per core. With the render
    /// endpoints' pixel limit ([`render::MAX_RENDER_PIXELS`]) it bounds the memory pictures in
    /// flight hold ([`render::picture_budget_bytes`]).
    pub fn picture_threads(&self) -> usize {
        self.picture_threads
    }

    /// The served units' names, in order.
    pub fn unit_names(&self) -> Vec<&str> {
        self.units.iter().map(|s| s.unit.name.as_str()).collect()
    }

    /// The weapon and effect layers of `served` cut from the weapons sheet with `palettes`, for
    /// `weapon=`; `422` when the unit has no layer documents or the server no weapons sheet.
    fn weapon_art<'a>(
        &'a self,
        served: &'a Prepared,
        weapon: WeaponType,
        palettes: LayerPalettes,
    ) -> Result<WeaponArt<'a>, ApiError> {
        let Some(layers) = &served.unit.layers else {
            return Err(served.no_layers("weapon", weapon));
        };
        let Some(sheet) = &self.weapon_sheet else {
            return Err(ApiError {
                parameter: Some("weapon".to_owned()),
                ..ApiError::status(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    crate::started::spelt(Words::new(move |s| {
                        format!(
                            "weapon={weapon} cuts its layers from the weapons sheet WEP.SPR (or \
                             battle_wep_spr.bin), and this server has none: serve {}, or put it \
                             in the {} or {} folder",
                            s.given("weapon-sheet", &"FILE"),
                            s.name("sheets"),
                            s.name("originals")
                        )
                    })),
                )
            });
        };
        WeaponArt::cut(&sheet.spr, &layers.weapon, &layers.effect, palettes).map_err(|e| {
            ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("{}: {e}", sheet.file),
            )
        })
    }
}

impl Prepared {
    /// The unit prepared for serving; the layer documents' bytes and gzip are taken from
    /// `before` (the unit of the same name in the state a reload replaces) when its documents
    /// are the same.
    fn new(unit: ServedUnit, before: Option<&Prepared>) -> anyhow::Result<Prepared> {
        let document = respond::TaggedJson::new(unit.bytes.clone())?;
        let doc = &unit.document;
        let animations: Vec<AnimationSummary> = doc
            .animations
            .iter()
            .map(|a| {
                let total = |i: SequenceIndex| {
                    doc.sequences
                        .get(i.index())
                        .map_or(0, sprite_data::pose::total_ticks)
                };
                AnimationSummary {
                    name: &a.name,
                    category: &a.category,
                    looping: a.looping,
                    hit_tick: a.hit_tick,
                    water: a.water,
                    ticks: [total(a.front), total(a.back)],
                }
            })
            .collect();
        let animations_json = Bytes::from(serde_json::to_vec(&animations)?);
        let names = std::iter::once(IDLE.to_owned())
            .chain(doc.animations.iter().map(|a| a.name.clone()))
            .collect();
        let canvas_pixels = sprite_render::Canvas::of_document(doc)
            .map_or(0, |c| u64::from(c.width) * u64::from(c.height));
        let same_layers = |before: &&Prepared| match (&before.unit.layers, &unit.layers) {
            (None, None) => true,
            (Some(a), Some(b)) => a.weapon == b.weapon && a.effect == b.effect,
            _ => false,
        };
        let layers = match before.filter(same_layers) {
            Some(before) => before.layers.clone(),
            None => unit
                .layers
                .as_ref()
                .map(layers::ServedLayers::new)
                .transpose()?,
        };
        let source_json = unit
            .source
            .as_ref()
            .map(|t| {
                serde_json::to_vec(&SourceAnswer {
                    file: &t.file,
                    text: &t.text,
                    steps: &t.steps,
                })
            })
            .transpose()?
            .map(Bytes::from);
        Ok(Prepared {
            unit,
            source_json,
            document,
            animations_json,
            names,
            canvas_pixels,
            layers,
        })
    }

    /// The SP2 file the document draws from when none was found for its own sheet.
    fn missing_sp2(&self) -> Option<&str> {
        choice::missing_sp2(self.document(), self.unit.sp2.as_ref())
    }

    /// The `422` of `parameter=value` (`weapon=sword`, `layer=weapon`) for a kind served without
    /// its layer documents, naming them.
    fn no_layers(&self, parameter: &str, value: impl std::fmt::Display) -> ApiError {
        let wanted = weapon_layer_of(&self.unit.name);
        let effect = LayerSet::Eff1;
        let (weapon_shp, weapon_seq) = wanted.files();
        let (effect_shp, effect_seq) = effect.files();
        ApiError {
            parameter: Some(parameter.to_owned()),
            ..ApiError::status(StatusCode::UNPROCESSABLE_ENTITY, {
                let (name, value) = (self.unit.name.clone(), value.to_string());
                let parameter = parameter.to_owned();
                crate::started::spelt(Words::new(move |s| {
                    format!(
                        "{parameter}={value} needs the {wanted} and {effect} layer documents, \
                             and this server has none for kind {name}: serve {} with \
                             {weapon_shp}, {weapon_seq}, {effect_shp} and {effect_seq} in DIR \
                             builds them, and serve {} finds {wanted}.json and {effect}.json (or \
                             {wanted}.tactics-sprite-layer.json and \
                             {effect}.tactics-sprite-layer.json) beside DOC",
                        s.given("originals", &"DIR"),
                        s.given("data", &"DOC")
                    )
                }))
            })
        }
    }

    fn document(&self) -> &Document {
        &self.unit.document
    }

    /// The `404` of an animation `name` the document does not have: `error`'s line (the command
    /// line's) and the nearest names.
    fn unknown_animation(
        &self,
        parameter: &str,
        name: &str,
        error: &sprite_data::Error,
    ) -> ApiError {
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        ApiError::unknown_because(parameter, error.to_string(), name, &names)
    }
}

/// Whether the picture `key` of the state `before` is drawn from the same files among `units`
/// (and `charclut`, for Ramza's colours) as there: the same unit at the same place, the same
/// sheet, SP2 and HD pair.
fn drawn_alike(
    before: &AppState,
    units: &[Prepared],
    charclut: Option<&sprite_inputs::charclut::ServedClut>,
    key: &picture_cache::PictureKey,
) -> bool {
    let (Some(old), Some(new)) = (before.units.get(key.unit), units.get(key.unit)) else {
        return false;
    };
    /// The files a picture of `unit`'s sheet `chosen` is drawn from.
    fn files(
        unit: &ServedUnit,
        chosen: Option<usize>,
    ) -> Option<(&Sheet, Option<&Sheet>, Option<&HdPairFiles>)> {
        match chosen {
            None => Some((&unit.sheet, unit.sp2.as_ref(), unit.hd.as_ref())),
            Some(i) => unit
                .sheets
                .get(i)
                .map(|s| (&s.sheet, s.sp2.as_ref(), s.hd.as_ref())),
        }
    }
    let same_pair = |a: Option<&HdPairFiles>, b: Option<&HdPairFiles>| match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            (&a.upper.name, &a.upper.bytes, &a.lower.name, &a.lower.bytes)
                == (&b.upper.name, &b.upper.bytes, &b.lower.name, &b.lower.bytes)
                && a.sp2.as_ref().map(|f| (&f.name, &f.bytes))
                    == b.sp2.as_ref().map(|f| (&f.name, &f.bytes))
        }
        _ => false,
    };
    let same_clut = key.variant.is_none()
        || before
            .charclut
            .as_ref()
            .map(|c| (&c.file.name, &c.file.bytes))
            == charclut.map(|c| (&c.file.name, &c.file.bytes));
    match (files(&old.unit, key.sheet), files(&new.unit, key.sheet)) {
        (Some((sheet, sp2, hd)), Some((sheet_now, sp2_now, hd_now))) => {
            old.unit.name == new.unit.name
                && sheet == sheet_now
                && sp2 == sp2_now
                && same_pair(hd, hd_now)
                && same_clut
        }
        _ => false,
    }
}

/// `spr`, `png` or `synthetic`.
fn sheet_kind(sheet: &Sheet) -> &'static str {
    match sheet {
        Sheet::Spr { .. } => "spr",
        Sheet::Png { .. } => "png",
        Sheet::Synthetic { .. } => "synthetic",
    }
}

/// The variants `charclut` has for `pair` when it is one of Ramza's.
fn variants(
    charclut: Option<&sprite_inputs::charclut::ServedClut>,
    pair: Option<&sprite_inputs::hd::HdPairFiles>,
) -> Option<Vec<i32>> {
    let chapter = pair?.pair.and_then(sprite_inputs::charclut::chapter_of)?;
    Some(charclut?.variants(chapter))
}

/// An HD pair's file names without their folders: `[tex_N.bin, tex_N+1.bin]`.
fn pair_names(pair: &sprite_inputs::hd::HdPairFiles) -> [&str; 2] {
    [pair.upper.name.as_str(), pair.lower.name.as_str()]
        .map(|name| name.rsplit(['/', '\\']).next().unwrap_or(name))
}

/// The file name, without its folder, of the SP2 at twice the size found with a pair.
fn hd_sp2_name(pair: &sprite_inputs::hd::HdPairFiles) -> Option<&str> {
    let name = pair.sp2.as_ref()?.name.as_str();
    Some(name.rsplit(['/', '\\']).next().unwrap_or(name))
}

/// A sheet's file name without its folder; `None` for a synthetic one.
fn file_name(sheet: &Sheet) -> Option<&str> {
    match sheet {
        Sheet::Spr { file, .. } | Sheet::Png { file, .. } => Some(
            std::path::Path::new(file)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or(file),
        ),
        Sheet::Synthetic { .. } => None,
    }
}

/// Runs picture work on the blocking threads, at most [`AppState::picture_threads`] at once.
///
/// The permit goes into the blocking task and is released when the work ends, not when the
/// request does: a request that times out or whose client leaves drops this future, but not the
/// thread drawing its picture, and the next render must not start beside it (issue 32: 48
/// clients of the largest render took the server past 6 GiB on 46 threads). So that such a
/// thread is given back soon, the work gets a [`Cancel`] that this future's drop sets: a render
/// looks at it once a frame and stops.
async fn picture<T, F>(state: &Arc<AppState>, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &Cancel) -> Result<T, ApiError> + Send + 'static,
{
    let permit = Arc::clone(&state.pictures)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::status(StatusCode::SERVICE_UNAVAILABLE, "shutting down"))?;
    let (cancel, _cancel_on_drop) = Cancel::on_drop();
    let state = Arc::clone(state);
    // The start-up parameters' spelling, taken along off the request's task.
    let started_with = crate::started::spelling();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        // Waiting for a blocking thread counts too: a request gone by then is not drawn at all.
        if cancel.is_cancelled() {
            return Err(given_up());
        }
        crate::started::within(started_with, || work(&state, &cancel))
    })
    .await
    .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

/// What a picture stopped for want of anyone waiting answers (no one reads it).
fn given_up() -> ApiError {
    ApiError::status(
        StatusCode::SERVICE_UNAVAILABLE,
        "the request was given up before its picture was drawn",
    )
}
