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
pub mod documents;
pub mod draw;
pub mod layers;
pub mod pictures;
pub mod render;
pub mod respond;
pub mod sas;
pub mod weapon;

use faults::Words;
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::http::StatusCode;
use fft_formats::layer::WeaponType;
use serde::Serialize;
use sprite_data::layer::LayerSet;
use sprite_data::pose::IDLE;
use sprite_data::{Document, SequenceIndex};
use sprite_render::Cancel;
use sprite_render::layers::{LayerPalettes, WeaponArt};
use sprite_render::sheet::SheetImage;
use tokio::sync::Semaphore;

pub use respond::{REUSE, REVALIDATE, matches_etag};

use crate::error::ApiError;
use crate::params::Params;
use sprite_inputs::catalog::SasCatalog;
use sprite_inputs::catalog::{Catalog, ServedUnit};
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
    /// The sheet drawn with each palette (one entry for a PNG sheet), made when first asked for.
    sheets: Vec<OnceLock<Result<Arc<SheetImage>, String>>>,
    /// The SP2 likewise (drawn with the sheet's palette), when the kind has one.
    sp2s: Vec<OnceLock<Result<Arc<SheetImage>, String>>>,
    /// The HD pair drawn with each palette of the sheet, for `hd=1`.
    hd_sheets: Vec<OnceLock<Result<Arc<SheetImage>, String>>>,
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
    origin: &'a str,
    /// The SEQ text form the unit was built from (`/api/v1/source`), when it was built from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'a str>,
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
        Self::prepare(catalog, sas, Arc::new(Semaphore::new(workers)), workers)
    }

    /// The state that replaces this one on a reload (`serve --watch`): `catalog` and `sas`
    /// prepared as [`AppState::with_sas`] prepares them, drawing on this state's picture threads,
    /// so that a picture still drawn for the old state counts against the same bound.
    ///
    /// # Errors
    /// None in practice (JSON and gzip of in-memory data).
    pub fn succeeding(&self, catalog: Catalog, sas: SasCatalog) -> anyhow::Result<AppState> {
        Self::prepare(
            catalog,
            sas,
            Arc::clone(&self.pictures),
            self.picture_threads,
        )
    }

    fn prepare(
        catalog: Catalog,
        sas: SasCatalog,
        pictures: Arc<Semaphore>,
        workers: usize,
    ) -> anyhow::Result<AppState> {
        let units: Vec<Prepared> = catalog
            .units
            .into_iter()
            .map(Prepared::new)
            .collect::<anyhow::Result<_>>()?;
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
                hd: s.unit.hd.as_ref().map(|pair| {
                    [pair.upper.name.as_str(), pair.lower.name.as_str()]
                        .map(|name| name.rsplit(['/', '\\']).next().unwrap_or(name))
                }),
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
    fn new(unit: ServedUnit) -> anyhow::Result<Prepared> {
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
        let sheets = (0..unit.sheet.palettes().max(1))
            .map(|_| OnceLock::new())
            .collect();
        let sp2s = (0..unit.sheet.palettes().max(1))
            .map(|_| OnceLock::new())
            .collect();
        let hd_sheets = (0..unit.sheet.palettes().max(1))
            .map(|_| OnceLock::new())
            .collect();
        let layers = unit
            .layers
            .as_ref()
            .map(layers::ServedLayers::new)
            .transpose()?;
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
            sheets,
            sp2s,
            hd_sheets,
            layers,
        })
    }

    /// The SP2 file the document draws from when none was found for it.
    fn missing_sp2(&self) -> Option<&str> {
        let doc = self.document();
        let needed = doc.draws_from_sp2();
        match (&self.unit.sp2, &doc.sp2) {
            (None, Some(sp2)) if needed => Some(sp2.file.as_str()),
            _ => None,
        }
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

    /// The palette `palette=` chooses (checked against the sheet), `None` when not given.
    fn palette(&self, params: &Params) -> Result<Option<usize>, ApiError> {
        let Some(palette) = params.number::<usize>("palette", "a palette number")? else {
            return Ok(None);
        };
        let count = self.unit.sheet.palettes();
        if count == 0 {
            return Err(ApiError::bad(
                "palette",
                format!(
                    "kind {}'s sheet is {}: it is drawn in its own colours, with no palette to choose",
                    self.unit.name,
                    self.unit.sheet.describe()
                ),
            ));
        }
        if palette >= count {
            return Err(ApiError::bad(
                "palette",
                format!("palette {palette}: the sheet has palettes 0..{}", count - 1),
            ));
        }
        Ok(Some(palette))
    }

    /// The sheet drawn with `palette`, as `--sheet FILE [--palette N]` reads it
    /// ([`Sheet::image`]).
    fn sheet_image(&self, palette: Option<usize>) -> Result<Arc<SheetImage>, ApiError> {
        made_once(&self.sheets[palette.unwrap_or(0)], || {
            self.unit.sheet.image(palette)
        })
    }

    /// Whether `hd=1` asks for the remaster's HD sheet; refused (`422`, naming what is missing)
    /// when the kind has no HD pair.
    fn wants_hd(&self, params: &Params) -> Result<bool, ApiError> {
        if !params.flag("hd")? {
            return Ok(false);
        }
        if self.unit.hd.is_none() {
            let pair = sprite_inputs::names::hd::pair_of_unit(&self.unit.document.sheet.file);
            let why = match (&self.unit.sheet, pair) {
                (Sheet::Spr { .. }, Some(pair)) => {
                    let upper = pair.file_name(fft_formats::hd::HdHalf::Upper);
                    let lower = pair.file_name(fft_formats::hd::HdHalf::Lower);
                    crate::started::spelt(Words::new(move |s| {
                        format!(
                            "its HD pair is {upper} and {lower}, and no folder served holds both: \
                             put them in the {} folder, or serve {} over a remaster install or \
                             mod (system/ffto/g2d/)",
                            s.name("sheets"),
                            s.name("originals")
                        )
                    }))
                }
                (Sheet::Spr { .. }, None) => format!(
                    "the HD table (docs/remaster.md) lists no pair for {}",
                    self.unit.document.sheet.file
                ),
                (other, _) => format!(
                    "an HD sheet takes its colours from the kind's SPR, and its sheet is {}",
                    other.describe()
                ),
            };
            return Err(ApiError {
                parameter: Some("hd".to_owned()),
                ..ApiError::status(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("hd=1: kind {} has no HD sheet: {why}", self.unit.name),
                )
            });
        }
        Ok(true)
    }

    /// The HD pair drawn with the palette `palette` of the kind's SPR, as `--sheet tex_N.bin
    /// [--palette N]` loads it; only for a kind [`Prepared::wants_hd`] said has one.
    fn hd_image(&self, palette: Option<usize>) -> Result<Arc<SheetImage>, ApiError> {
        let Some(pair) = &self.unit.hd else {
            return Err(ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                "no HD pair (hd=1 was let through)",
            ));
        };
        made_once(&self.hd_sheets[palette.unwrap_or(0)], || {
            let sheet = &self.unit.sheet;
            pair.coloured_by(sheet.name(), sheet.bytes(), palette)
        })
    }

    /// The SP2 drawn with `palette`, as `--sp2 FILE [--palette N]` reads it (an SP2 file in the
    /// main sheet's colours, [`Sheet::sp2_image`]); `None` when the kind has none.
    fn sp2_image(&self, palette: Option<usize>) -> Result<Option<Arc<SheetImage>>, ApiError> {
        let Some(sp2) = &self.unit.sp2 else {
            return Ok(None);
        };
        made_once(&self.sp2s[palette.unwrap_or(0)], || {
            self.unit.sheet.sp2_image(sp2, palette)
        })
        .map(Some)
    }
}

/// The sheet picture in `slot`, made by `make` the first time it is asked for; a sheet that
/// does not read is the server's fault (its files were read when it started).
fn made_once(
    slot: &OnceLock<Result<Arc<SheetImage>, String>>,
    make: impl FnOnce() -> sprite_inputs::Result<SheetImage>,
) -> Result<Arc<SheetImage>, ApiError> {
    slot.get_or_init(|| make().map(Arc::new).map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))
}

/// `spr`, `png` or `synthetic`.
fn sheet_kind(sheet: &Sheet) -> &'static str {
    match sheet {
        Sheet::Spr { .. } => "spr",
        Sheet::Png { .. } => "png",
        Sheet::Synthetic { .. } => "synthetic",
    }
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
