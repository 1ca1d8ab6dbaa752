//! The endpoints under `/api/v1/`: the documents, poses, sheets and renders of the served kinds.

use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fft_formats::layer::WeaponType;
use serde::Serialize;
use sprite_data::layer::LayerSet;
use sprite_data::pipeline::sha256_hex;
use sprite_data::pose::{IDLE, Motion, View};
use sprite_data::{Document, ErrorKind, SequenceIndex};
use sprite_render::Background;
use sprite_render::encode::png_rgba;
use sprite_render::sheet::{SheetImage, load_sheet, load_sp2, spr_colours};
use tokio::sync::Semaphore;

use crate::catalog::{Catalog, Kind, Sheet, weapon_layer_of};
use crate::error::ApiError;
use crate::outputs::{DrawRequest, OutputError, Outputs, RenderFormat, RenderRequest, RenderWhat};
use crate::params::Params;

/// `Cache-Control` of the document: keep it, but ask each time (its `ETag` makes that a `304`).
pub const REVALIDATE: &str = "no-cache";
/// `Cache-Control` of a pose, sheet or render: the same request gives the same bytes for as long
/// as the server serves the same documents, so a minute of reuse is safe.
pub const REUSE: &str = "public, max-age=60";

/// The upper bounds the render endpoints hold their numbers to (the command line's own where it
/// has them), so no request can ask for an unbounded picture or loop.
pub const MAX_SCALE: u32 = 16;
pub const MAX_COLUMNS: u32 = 64;
pub const MAX_PLAYS: u32 = 1000;
pub const MAX_HOLD: u32 = 3600;
/// The most pixels one render may hold in memory, every frame at its scale (128 MiB of RGBA):
/// the command line's own limit (a picture of 2^27 pixels) is meant for one process on one
/// machine, not for each of a server's requests at once.
pub const MAX_RENDER_PIXELS: u64 = 1 << 25;

/// Everything the handlers share.
pub struct AppState {
    outputs: Arc<dyn Outputs>,
    kinds: Vec<Served>,
    kinds_json: Bytes,
    /// Sheets and renders are CPU work run off the async threads; at most this many at once.
    pictures: Semaphore,
}

/// A kind and what is made once for it.
struct Served {
    kind: Kind,
    bytes: Bytes,
    sha256: String,
    gzip: Bytes,
    animations_json: Bytes,
    /// `Idle` and the animations' names, for the nearest names of an unknown one.
    names: Vec<String>,
    /// The pixels of the document's canvas (`tactics-sprite render`'s picture of one frame).
    canvas_pixels: u64,
    /// The sheet drawn with each palette (one entry for a PNG sheet), made when first asked for.
    sheets: Vec<OnceLock<Result<Arc<SheetImage>, String>>>,
    /// The SP2 likewise (drawn with the sheet's palette), when the kind has one.
    sp2s: Vec<OnceLock<Result<Arc<SheetImage>, String>>>,
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
    origin: &'a str,
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
    pub fn new(catalog: Catalog, outputs: Arc<dyn Outputs>) -> anyhow::Result<AppState> {
        let kinds: Vec<Served> = catalog
            .kinds
            .into_iter()
            .map(Served::new)
            .collect::<anyhow::Result<_>>()?;
        let summaries: Vec<KindSummary> = kinds
            .iter()
            .map(|s| KindSummary {
                kind: &s.kind.name,
                animations: s.kind.document.animations.len(),
                frames: s.kind.document.frames.len(),
                sequences: s.kind.document.sequences.len(),
                document_bytes: s.bytes.len(),
                sha256: &s.sha256,
                sheet: sheet_kind(&s.kind.sheet),
                sheet_file: file_name(&s.kind.sheet),
                palettes: s.kind.sheet.palettes(),
                sp2: match (&s.kind.sp2, s.missing_sp2()) {
                    (Some(sp2), _) => Some(sheet_kind(sp2)),
                    (None, Some(_)) => Some("missing"),
                    (None, None) => None,
                },
                sp2_file: s.kind.sp2.as_ref().and_then(file_name).or(s.missing_sp2()),
                layers: s
                    .kind
                    .layers
                    .as_ref()
                    .map(|l| [l.weapon.kind.as_str(), l.effect.kind.as_str()]),
                origin: &s.kind.origin,
            })
            .collect();
        let kinds_json = Bytes::from(serde_json::to_vec(&summaries)?);
        let workers = std::thread::available_parallelism().map_or(2, usize::from);
        Ok(AppState {
            outputs,
            kinds,
            kinds_json,
            pictures: Semaphore::new(workers),
        })
    }

    /// The kind named by `kind=`, or the first served when it is not given.
    fn served(&self, params: &Params) -> Result<&Served, ApiError> {
        let Some(name) = params.text("kind") else {
            return self
                .kinds
                .first()
                .ok_or_else(|| ApiError::status(StatusCode::NOT_FOUND, "no kind is served"));
        };
        self.kinds
            .iter()
            .find(|s| s.kind.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| ApiError::unknown("kind", name, &self.kind_names()))
    }

    /// The served kinds' names, in order.
    pub fn kind_names(&self) -> Vec<&str> {
        self.kinds.iter().map(|s| s.kind.name.as_str()).collect()
    }
}

impl Served {
    fn new(kind: Kind) -> anyhow::Result<Served> {
        let bytes = Bytes::from(kind.bytes.clone());
        let sha256 = sha256_hex(&bytes);
        let gzip = Bytes::from(gzip(&bytes)?);
        let doc = &kind.document;
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
        let sheets = (0..kind.sheet.palettes().max(1))
            .map(|_| OnceLock::new())
            .collect();
        let sp2s = (0..kind.sheet.palettes().max(1))
            .map(|_| OnceLock::new())
            .collect();
        Ok(Served {
            kind,
            bytes,
            sha256,
            gzip,
            animations_json,
            names,
            canvas_pixels,
            sheets,
            sp2s,
        })
    }

    /// The SP2 file the document draws from when none was found for it.
    fn missing_sp2(&self) -> Option<&str> {
        let doc = self.document();
        let needed = doc.draws_from_sp2();
        match (&self.kind.sp2, &doc.sp2) {
            (None, Some(sp2)) if needed => Some(sp2.file.as_str()),
            _ => None,
        }
    }

    /// The `422` of `weapon=` for a kind served without its layer documents, naming them.
    fn no_layers(&self, weapon: WeaponType) -> ApiError {
        let wanted = weapon_layer_of(&self.kind.name);
        let effect = LayerSet::Eff1;
        let (weapon_shp, weapon_seq) = wanted.files();
        let (effect_shp, effect_seq) = effect.files();
        ApiError {
            parameter: Some("weapon".to_owned()),
            ..ApiError::status(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "weapon={weapon} needs the {wanted} and {effect} layer documents, and this \
                     server has none for kind {}: serve --originals DIR with {weapon_shp}, \
                     {weapon_seq}, {effect_shp} and {effect_seq} in DIR builds them, and serve \
                     --data DOC finds {wanted}.json and {effect}.json (or \
                     {wanted}.tactics-sprite-layer.json and {effect}.tactics-sprite-layer.json) \
                     beside DOC",
                    self.kind.name
                ),
            )
        }
    }

    /// How many frames a render of `what` draws at most.
    fn frames_drawn(&self, what: &RenderWhat) -> u64 {
        let doc = self.document();
        let frames = match what {
            RenderWhat::Frame(_) => 1,
            RenderWhat::AllFrames => doc.frames.len(),
            RenderWhat::Animation(name) => match doc.animation(name) {
                Some(a) => [a.front, a.back]
                    .iter()
                    .filter_map(|&i| doc.sequences.get(i.index()))
                    .map(|s| s.frames.len())
                    .max()
                    .unwrap_or(1),
                None => 1,
            },
        };
        frames as u64
    }

    fn document(&self) -> &Document {
        &self.kind.document
    }

    /// The motion named `name` (in any case), or a `404` with the command line's line and the
    /// nearest names.
    fn motion(&self, parameter: &str, name: &str) -> Result<Motion<'_>, ApiError> {
        Motion::find(self.document(), name).map_err(|error| {
            let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
            ApiError::unknown_because(parameter, error.to_string(), name, &names)
        })
    }

    /// The palette `palette=` chooses (checked against the sheet), `None` when not given.
    fn palette(&self, params: &Params) -> Result<Option<usize>, ApiError> {
        let Some(palette) = params.number::<usize>("palette", "a palette number")? else {
            return Ok(None);
        };
        let count = self.kind.sheet.palettes();
        if count == 0 {
            return Err(ApiError::bad(
                "palette",
                format!(
                    "kind {}'s sheet is {}: it is drawn in its own colours, with no palette to choose",
                    self.kind.name,
                    self.kind.sheet.describe()
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

    /// The sheet drawn with `palette`, as `--sheet FILE [--palette N]` loads it.
    fn sheet_image(&self, palette: Option<usize>) -> Result<Arc<SheetImage>, ApiError> {
        let slot = &self.sheets[palette.unwrap_or(0)];
        slot.get_or_init(|| {
            load_sheet(self.kind.sheet.bytes(), palette)
                .map(Arc::new)
                .map_err(|e| format!("{}: {e}", self.kind.sheet.describe()))
        })
        .clone()
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))
    }

    /// The SP2 drawn with `palette`, as `--sp2 FILE [--palette N]` loads it (an SP2 file in the
    /// main sheet's colours); `None` when the kind has none.
    fn sp2_image(&self, palette: Option<usize>) -> Result<Option<Arc<SheetImage>>, ApiError> {
        let Some(sp2) = &self.kind.sp2 else {
            return Ok(None);
        };
        let slot = &self.sp2s[palette.unwrap_or(0)];
        slot.get_or_init(|| {
            let colours = spr_colours(self.kind.sheet.bytes(), palette.unwrap_or(0));
            load_sp2(sp2.bytes(), colours.as_ref())
                .map(Arc::new)
                .map_err(|e| format!("{}: {e}", sp2.describe()))
        })
        .clone()
        .map(Some)
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))
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

fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// Whether `Accept-Encoding` takes gzip (`gzip` or `*`, with a weight above 0).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f64>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
}

/// Whether `If-None-Match` names `sha256` (as either representation's tag, weak or strong) or
/// is `*`.
pub fn matches_etag(headers: &HeaderMap, sha256: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| {
            let tag = tag.strip_prefix("W/").unwrap_or(tag).trim_matches('"');
            tag == "*" || tag.strip_suffix("-gzip").unwrap_or(tag) == sha256
        })
}

/// A `200` with a body of `media_type`.
fn body(media_type: &'static str, cache: &'static str, bytes: impl Into<Bytes>) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(media_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        ],
        bytes.into(),
    )
        .into_response()
}

const JSON: &str = "application/json";

/// `GET /api/v1/kinds`: every served kind with its counts and sheet.
pub async fn kinds(State(state): State<Arc<AppState>>, RawQuery(query): RawQuery) -> Response {
    match Params::parse(query.as_deref(), &[]) {
        Ok(_) => body(JSON, REUSE, state.kinds_json.clone()),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/v1/animations?kind=K`: the kind's animations with their lengths in ticks.
pub async fn animations(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind"])?;
    let served = state.served(&params)?;
    Ok(body(JSON, REUSE, served.animations_json.clone()))
}

/// `GET /api/v1/data?kind=K`: the document, byte for byte as built; `ETag` its sha256, `304` on
/// `If-None-Match`, gzip when `Accept-Encoding` takes it.
pub async fn data(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind"])?;
    let served = state.served(&params)?;
    let gzip = accepts_gzip(&headers);
    // Each representation has its own strong tag; If-None-Match takes either.
    let etag = if gzip {
        format!("\"{}-gzip\"", served.sha256)
    } else {
        format!("\"{}\"", served.sha256)
    };
    let mut response = if matches_etag(&headers, &served.sha256) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if gzip {
        let mut response = body(JSON, REVALIDATE, served.gzip.clone());
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        body(JSON, REVALIDATE, served.bytes.clone())
    };
    let headers = response.headers_mut();
    headers.insert(
        header::ETAG,
        HeaderValue::from_str(&etag).expect("hex digits"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    Ok(response)
}

/// `GET /api/v1/draw?kind=&animation=&view=&tick=&water=&idle=&weapon=`: `tactics-sprite draw`'s
/// line (`weapon=TYPE`: `draw --weapon TYPE` with the kind's layer documents).
pub async fn draw(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "kind",
            "animation",
            "view",
            "tick",
            "water",
            "idle",
            "weapon",
        ],
    )?;
    let served = state.served(&params)?;
    let idle = params.flag("idle")?;
    let weapon = weapon_type(&params)?;
    if idle && weapon.is_some() {
        return Err(ApiError::bad(
            "weapon",
            "idle and weapon are either-or: the idle frame starts no layer",
        ));
    }
    let animation = match (idle, params.text("animation")) {
        (true, Some(_)) => {
            return Err(ApiError::bad(
                "idle",
                "idle and animation are either-or: idle draws the idle frame",
            ));
        }
        (true, None) => IDLE,
        (false, _) => params.required("animation")?,
    };
    let motion = served.motion("animation", animation)?;
    let view: i64 = params.required_number("view", "a view number 0..7")?;
    View::new(view).map_err(|e| ApiError::bad("view", e.to_string()))?;
    // The idle frame is the same at every tick; an animation needs its moment.
    let tick: Option<i64> = match motion {
        Motion::Idle => params.number("tick", "a whole number of ticks")?,
        Motion::Animation(animation) => {
            let tick = params.number("tick", "a whole number of ticks")?;
            Some(tick.ok_or_else(|| {
                ApiError::bad(
                    "tick",
                    format!(
                        "tick=T is needed to draw {:?} (only the idle frame needs none)",
                        animation.name
                    ),
                )
            })?)
        }
    };
    if let Some(tick) = tick.filter(|&t| t < 0) {
        return Err(ApiError::bad(
            "tick",
            ErrorKind::NegativeTick { tick }.to_string(),
        ));
    }
    let layers = served.kind.layers.as_ref();
    if let (Some(weapon), Motion::Animation(_), None) = (weapon, motion, layers) {
        return Err(served.no_layers(weapon));
    }
    let request = DrawRequest {
        animation: animation.to_owned(),
        view,
        tick,
        water: params.flag("water")?,
        weapon,
    };
    let line = state
        .outputs
        .draw(served.document(), layers, &request)
        .map_err(output_error)?;
    Ok(body(JSON, REUSE, line))
}

/// `weapon=TYPE`, if given: a weapon type by its name (any case; `-`, `_` or a space between
/// words), else `400` listing the types.
fn weapon_type(params: &Params) -> Result<Option<WeaponType>, ApiError> {
    let Some(value) = params.text("weapon") else {
        return Ok(None);
    };
    value.parse().map(Some).map_err(|error: String| {
        let names = WeaponType::ALL.map(WeaponType::name);
        ApiError {
            nearest: crate::error::nearest(value, &names),
            ..ApiError::bad("weapon", error)
        }
    })
}

fn output_error(error: OutputError) -> ApiError {
    match error {
        OutputError::Refused(message) => ApiError::status(StatusCode::BAD_REQUEST, message),
        OutputError::Unavailable(message) => {
            ApiError::status(StatusCode::UNPROCESSABLE_ENTITY, message)
        }
        OutputError::Failed(error) => {
            ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, format!("{error:#}"))
        }
    }
}

/// Runs picture work on the blocking threads, at most [`AppState::pictures`] at once.
async fn picture<F>(state: &Arc<AppState>, work: F) -> Result<Vec<u8>, ApiError>
where
    F: FnOnce(&AppState) -> Result<Vec<u8>, ApiError> + Send + 'static,
{
    let _permit = state
        .pictures
        .acquire()
        .await
        .map_err(|_| ApiError::status(StatusCode::SERVICE_UNAVAILABLE, "shutting down"))?;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || work(&state))
        .await
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

/// `GET /api/v1/sheet.png?kind=&palette=&portrait=`: `tactics-sprite sheet`'s PNG (a PNG sheet
/// as it is).
pub async fn sheet(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind", "palette", "portrait"])?;
    let served = state.served(&params)?;
    let palette = served.palette(&params)?;
    let portrait = params.flag("portrait")?;
    let index = state
        .kinds
        .iter()
        .position(|s| std::ptr::eq(s, served))
        .expect("served from the list");
    let png = match &served.kind.sheet {
        Sheet::Spr { .. } => {
            picture(&state, move |state| {
                let served = &state.kinds[index];
                state
                    .outputs
                    .sheet(served.kind.sheet.bytes(), palette, portrait)
                    .map_err(output_error)
            })
            .await?
        }
        other if portrait => {
            return Err(ApiError::bad(
                "portrait",
                format!(
                    "the sheet is {}: it has no portrait to cut",
                    other.describe()
                ),
            ));
        }
        other => other.bytes().to_vec(),
    };
    Ok(body("image/png", REUSE, png))
}

/// `GET /api/v1/render.{png,gif,apng}?kind=&animation=|frame=|all=&view=...`: the file
/// `tactics-sprite render` writes with the same arguments.
pub async fn render(
    state: Arc<AppState>,
    query: Option<String>,
    format: RenderFormat,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "kind",
            "animation",
            "frame",
            "all",
            "view",
            "water",
            "palette",
            "scale",
            "background",
            "labels",
            "columns",
            "plays",
            "hold",
        ],
    )?;
    let served = state.served(&params)?;
    let what = render_what(served, &params, format)?;
    let views = render_views(&params, format)?;
    let bounded = |name: &str, default: u32, max: u32| -> Result<u32, ApiError> {
        let value = params
            .number::<u32>(name, "a whole number")?
            .unwrap_or(default);
        if value > max || (value == 0 && default > 0 && name != "hold") {
            return Err(ApiError::bad(
                name,
                format!("{name}={value} is out of range: 1..{max}"),
            ));
        }
        Ok(value)
    };
    let scale = bounded("scale", 1, MAX_SCALE)?;
    let columns = bounded("columns", 16, MAX_COLUMNS)?;
    let hold = bounded("hold", 60, MAX_HOLD)?;
    let pixels = served
        .frames_drawn(&what)
        .saturating_mul(views.len() as u64)
        .saturating_mul(served.canvas_pixels)
        .saturating_mul(u64::from(scale) * u64::from(scale));
    if pixels > MAX_RENDER_PIXELS {
        return Err(ApiError::bad(
            "scale",
            format!(
                "at scale {scale} this render holds {pixels} pixels; at most {MAX_RENDER_PIXELS} \
                 are drawn for a request: lower the scale"
            ),
        ));
    }
    let plays = params
        .number::<u32>("plays", "a whole number (0: for ever)")?
        .map(|plays| {
            if plays > MAX_PLAYS {
                Err(ApiError::bad(
                    "plays",
                    format!("plays={plays} is out of range: 0..{MAX_PLAYS}"),
                ))
            } else {
                Ok(plays)
            }
        })
        .transpose()?;
    let background = match params.text("background") {
        None => Background::Transparent,
        Some(text) => text
            .parse()
            .map_err(|e: String| ApiError::bad("background", e))?,
    };
    let request = RenderRequest {
        format,
        what,
        view: views,
        water: params.flag("water")?,
        scale,
        background,
        labels: params.flag("labels")?,
        columns,
        plays,
        hold,
    };
    let palette = served.palette(&params)?;
    let sheet = served.sheet_image(palette)?;
    let sp2 = served.sp2_image(palette)?;
    let index = state
        .kinds
        .iter()
        .position(|s| std::ptr::eq(s, served))
        .expect("served from the list");
    let bytes = picture(&state, move |state| {
        let served = &state.kinds[index];
        state
            .outputs
            .render(served.document(), &sheet, sp2.as_deref(), &request)
            .map_err(output_error)
    })
    .await?;
    Ok(body(format.media_type(), REUSE, bytes))
}

/// The views of `view=` (default 1): one, or several separated by commas (`view=1,5`), a row
/// each of a `.png` strip, as `--view` repeated.
fn render_views(params: &Params, format: RenderFormat) -> Result<Vec<i64>, ApiError> {
    let Some(text) = params.text("view") else {
        return Ok(vec![1]);
    };
    let mut views = Vec::new();
    for part in text.split(',') {
        let view: i64 = part.trim().parse().map_err(|_| {
            ApiError::bad(
                "view",
                format!(
                    "view={text:?}: expected a view number 0..7, or several separated by commas"
                ),
            )
        })?;
        View::new(view).map_err(|e| ApiError::bad("view", e.to_string()))?;
        views.push(view);
    }
    if views.len() > 8 {
        return Err(ApiError::bad("view", "at most 8 views (a row each)"));
    }
    if views.len() > 1 && format != RenderFormat::Png {
        return Err(ApiError::bad(
            "view",
            "an .apng or .gif holds one view; several views make rows of a .png",
        ));
    }
    Ok(views)
}

/// `GET /api/v1/sp2.png?kind=&palette=`: the second sheet MON's SP2 sequences draw from, as
/// `render` draws it (an SP2 file in the main sheet's palette; a PNG as it is), for the viewer
/// page; `404` when the kind has none.
pub async fn sp2(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind", "palette"])?;
    let served = state.served(&params)?;
    let palette = served.palette(&params)?;
    let png = match &served.kind.sp2 {
        None => {
            let why = match served.missing_sp2() {
                Some(file) => format!(
                    "kind {}'s document draws from {file}, which was not found beside its sheet",
                    served.kind.name
                ),
                None => format!("kind {} draws from no SP2", served.kind.name),
            };
            return Err(ApiError::status(StatusCode::NOT_FOUND, why));
        }
        Some(Sheet::Spr { .. }) => {
            let image = served.sp2_image(palette)?.expect("the kind has an SP2");
            png_rgba(&image.image)
                .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        }
        Some(other) => other.bytes().to_vec(),
    };
    Ok(body("image/png", REUSE, png))
}

/// What `animation=`, `frame=` or `all=` asks to draw: exactly one of them.
fn render_what(
    served: &Served,
    params: &Params,
    format: RenderFormat,
) -> Result<RenderWhat, ApiError> {
    let all = params.flag("all")?;
    let given = [
        params.text("animation").is_some(),
        params.text("frame").is_some(),
        all,
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => {
            return Err(ApiError::bad(
                "animation",
                "say what to draw: animation=NAME, frame=N or all=1",
            ));
        }
        1 => {}
        _ => {
            return Err(ApiError::bad(
                if given[0] { "animation" } else { "frame" },
                "animation, frame and all are either-or",
            ));
        }
    }
    if let Some(name) = params.text("animation") {
        served.motion("animation", name)?;
        return Ok(RenderWhat::Animation(name.to_owned()));
    }
    if let Some(frame) = params.number::<usize>("frame", "a frame number")? {
        let count = served.document().frames.len();
        if frame >= count {
            return Err(ApiError {
                status: StatusCode::NOT_FOUND,
                error: format!(
                    "frame {frame} is not in the document, which has frames 0..{}",
                    count - 1
                ),
                parameter: Some("frame".to_owned()),
                nearest: Vec::new(),
            });
        }
        return Ok(RenderWhat::Frame(frame));
    }
    if format != RenderFormat::Png {
        return Err(ApiError::bad(
            "all",
            "all=1 makes a contact sheet, which is a .png",
        ));
    }
    Ok(RenderWhat::AllFrames)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: header::HeaderName, value: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(name, HeaderValue::from_str(value).unwrap());
        map
    }

    #[test]
    fn if_none_match_takes_either_tag_weak_or_strong() {
        let sha = "ab12";
        for value in [
            "\"ab12\"",
            "W/\"ab12\"",
            "\"ab12-gzip\"",
            "\"x\", \"ab12\"",
            "*",
        ] {
            assert!(
                matches_etag(&headers(header::IF_NONE_MATCH, value), sha),
                "{value}"
            );
        }
        for value in ["\"ab1\"", "\"ab12-br\"", "ab13"] {
            assert!(
                !matches_etag(&headers(header::IF_NONE_MATCH, value), sha),
                "{value}"
            );
        }
        assert!(!matches_etag(&HeaderMap::new(), sha));
    }

    #[test]
    fn gzip_is_sent_only_when_accepted() {
        for value in ["gzip", "br, gzip", "gzip;q=0.5", "*", "deflate, GZIP"] {
            assert!(
                accepts_gzip(&headers(header::ACCEPT_ENCODING, value)),
                "{value}"
            );
        }
        for value in ["br", "gzip;q=0", "identity", "gzip; q=0.0"] {
            assert!(
                !accepts_gzip(&headers(header::ACCEPT_ENCODING, value)),
                "{value}"
            );
        }
    }
}
