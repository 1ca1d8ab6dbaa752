//! `GET /api/v1/sas/...`: the Tactics Ogre SAS sets served ([`sprite_inputs::catalog::SasCatalog`]), answered with the
//! libraries the command line calls, so each is byte for byte the command with the same
//! arguments:
//!
//! - `sets`: every set with its counts, its document's size and sha256, and its sheet;
//! - `data?set=`: the set's document, the bytes `tactics-sprite build --sas SET --sheet-file
//!   SHEET` writes, with `ETag`, `304` and gzip as `/api/v1/data`;
//! - `pose?set=&animation=&direction=&tick=`: the line `tactics-sprite draw` prints for the set;
//! - `render.png|gif|apng?set=&animation=|frame=&direction=...`: the file `tactics-sprite render`
//!   writes for the set and its sheet;
//! - `sheet.png?set=`: the sheet, as given.
//!
//! Each takes `meanings=seed|gibbed` and `position=x2y2|x1y1` where the reading matters (the
//! command line's `--meanings` and `--position`; `seed` and `x2y2` unless given).

use faults::Words;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use sas_formats::document::{self, CellTable};
use sas_formats::meanings::PositionPair;
use sas_formats::pose::pose_at;
use sas_formats::{ByteOrder, Meanings};
use serde::Serialize;
use sprite_render::sas::{SasRenderRequest, SasSubject};
use sprite_render::{Format, Image, RenderError};

use super::render::{MAX_HOLD, MAX_RENDER_PIXELS, background, bounded, plays};
use super::respond::{self, JSON, REUSE, body};
use super::{AppState, given_up, picture};
use crate::error::ApiError;
use crate::params::Params;
use sprite_inputs::catalog::{SasCatalog, ServedSet};
use sprite_render::request::{DEFAULT_HOLD_TICKS, DEFAULT_SCALE, MAX_SCALE};

/// The readings a set's frame types can be given (`meanings=`, `position=`), in the order the
/// prepared documents are kept; the first is the default.
const READINGS: [(&str, &str); 4] = [
    ("seed", "x2y2"),
    ("seed", "x1y1"),
    ("gibbed", "x2y2"),
    ("gibbed", "x1y1"),
];

/// The served sets and what is made once for each.
#[derive(Default)]
pub(crate) struct SasState {
    sets: Vec<PreparedSet>,
    list_json: Bytes,
}

struct PreparedSet {
    served: ServedSet,
    /// The document's cells, which the pose line names.
    cells: CellTable,
    /// The document in each of [`READINGS`].
    documents: Vec<respond::TaggedJson>,
}

/// One entry of `/api/v1/sas/sets`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SetSummary<'a> {
    set: &'a str,
    magic: &'static str,
    byte_order: &'static str,
    scale: i8,
    sprites: usize,
    animations: usize,
    sequences: usize,
    dead_frames: usize,
    /// The document in the default reading (`meanings`, `position`).
    document_bytes: usize,
    sha256: &'a str,
    meanings: &'static str,
    position: &'static str,
    /// The sheet's file name, its size; absent when the set has none (renders are refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet_file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet_width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet_height: Option<u32>,
    origin: &'a str,
}

/// The meanings table of a reading.
fn meanings_of(reading: usize) -> Meanings {
    let (meanings, position) = READINGS[reading];
    let table = if meanings == "gibbed" {
        Meanings::gibbed()
    } else {
        Meanings::from_executable()
    };
    table.with_position_pair(if position == "x1y1" {
        PositionPair::First
    } else {
        PositionPair::Second
    })
}

/// The reading `meanings=` and `position=` choose.
fn reading(params: &Params) -> Result<usize, ApiError> {
    let choice = |name: &str, values: [&'static str; 2]| -> Result<&'static str, ApiError> {
        match params.text(name) {
            None => Ok(values[0]),
            Some(value) => values
                .into_iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .ok_or_else(|| {
                    ApiError::bad(
                        name,
                        format!("{name}={value:?}: give {} or {}", values[0], values[1]),
                    )
                }),
        }
    };
    let meanings = choice("meanings", ["seed", "gibbed"])?;
    let position = choice("position", ["x2y2", "x1y1"])?;
    Ok(READINGS
        .iter()
        .position(|&r| r == (meanings, position))
        .expect("every pair is a reading"))
}

impl SasState {
    /// Prepares the sets: their documents in every reading, digests, gzip, the list.
    ///
    /// # Errors
    /// None in practice (JSON and gzip of in-memory data).
    pub(crate) fn new(catalog: SasCatalog) -> anyhow::Result<SasState> {
        let sets: Vec<PreparedSet> = catalog
            .sets
            .into_iter()
            .map(|served| {
                let sheet_file = served.sheet.as_ref().map(|s| s.file.as_str());
                let documents = (0..READINGS.len())
                    .map(|reading| {
                        respond::TaggedJson::new(document::to_bytes(
                            &served.set,
                            &meanings_of(reading),
                            sheet_file,
                        ))
                    })
                    .collect::<std::io::Result<_>>()?;
                Ok(PreparedSet {
                    cells: CellTable::of(&served.set),
                    served,
                    documents,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        let summaries: Vec<SetSummary> = sets
            .iter()
            .map(|p| {
                let set = &p.served.set;
                let sheet = p.served.sheet.as_ref();
                SetSummary {
                    set: &p.served.name,
                    magic: set.version.name(),
                    byte_order: match set.byte_order {
                        ByteOrder::Little => "little",
                        ByteOrder::Big => "big",
                    },
                    scale: set.scale,
                    sprites: set.sprites.len(),
                    animations: set.animations.len(),
                    sequences: set.blocks().count(),
                    dead_frames: set.dead_frame_count(),
                    document_bytes: p.documents[0].bytes.len(),
                    sha256: &p.documents[0].sha256,
                    meanings: READINGS[0].0,
                    position: READINGS[0].1,
                    sheet_file: sheet.map(|s| s.file.as_str()),
                    sheet_width: sheet.map(|s| s.image.width()),
                    sheet_height: sheet.map(|s| s.image.height()),
                    origin: &p.served.origin,
                }
            })
            .collect();
        let list_json = Bytes::from(serde_json::to_vec(&summaries)?);
        Ok(SasState { sets, list_json })
    }

    /// The served sets' names, in order.
    pub(crate) fn names(&self) -> Vec<&str> {
        self.sets.iter().map(|s| s.served.name.as_str()).collect()
    }

    /// The set `set=` names (any case), or the first served when it is not given, with its place
    /// in the list.
    fn served(&self, params: &Params) -> Result<(usize, &PreparedSet), ApiError> {
        if self.sets.is_empty() {
            return Err(ApiError::status(
                StatusCode::NOT_FOUND,
                crate::started::spelt(Words::new(|s| {
                    format!(
                        "no SAS set is served: serve {} (a SAS set or a pakd container)",
                        s.given("sas", &"FILE")
                    )
                })),
            ));
        }
        let Some(name) = params.text("set") else {
            return Ok((0, &self.sets[0]));
        };
        self.sets
            .iter()
            .enumerate()
            .find(|(_, s)| s.served.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| ApiError::unknown("set", name, &self.names()))
    }
}

impl PreparedSet {
    /// The sheet to draw from; `422` when the set is served without one.
    fn sheet_image(&self) -> Result<&Image, ApiError> {
        let Some(sheet) = &self.served.sheet else {
            return Err(ApiError::status(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "set {} is served without a sheet to draw it from: serve {}",
                    self.served.name,
                    how_to_serve_a_sheet()
                ),
            ));
        };
        Ok(&sheet.image)
    }

    /// `animation=` as an index of the set's animation table.
    fn animation(&self, params: &Params) -> Result<usize, ApiError> {
        let text = params.required("animation")?;
        text.parse().map_err(|_| {
            ApiError::bad(
                "animation",
                format!(
                    "animation={text:?}: a SAS set's animations are numbered 0..{}",
                    self.served.set.animations.len().saturating_sub(1)
                ),
            )
        })
    }
}

/// `direction=`, 0..3; `default` when not given (`None`: it must be).
fn direction(params: &Params, default: Option<usize>) -> Result<usize, ApiError> {
    let direction = match default {
        Some(d) => params
            .number::<usize>("direction", "a direction 0..3")?
            .unwrap_or(d),
        None => params.required_number::<usize>("direction", "a direction 0..3")?,
    };
    if direction > 3 {
        return Err(ApiError::bad(
            "direction",
            format!("direction={direction}: an animation has directions 0..3"),
        ));
    }
    Ok(direction)
}

/// `GET /api/v1/sas/sets`: every served set.
pub async fn sets(State(state): State<Arc<AppState>>, RawQuery(query): RawQuery) -> Response {
    match Params::parse(query.as_deref(), &[]) {
        Ok(_) => body(JSON, REUSE, state.sas.list_json.clone()),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/v1/sas/data?set=&meanings=&position=`: the set's document as `build --sas` writes
/// it (its `sheet.file` the served sheet's name); `ETag` its sha256, `304`, gzip.
pub async fn data(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["set", "meanings", "position"])?;
    let (_, prepared) = state.sas.served(&params)?;
    let document = &prepared.documents[reading(&params)?];
    Ok(document.respond(&headers))
}

/// `GET /api/v1/sas/pose?set=&animation=&direction=&tick=&meanings=&position=`: the line
/// `tactics-sprite draw --data SET --animation N --direction D --tick T` prints.
pub async fn pose(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "set",
            "animation",
            "direction",
            "tick",
            "meanings",
            "position",
        ],
    )?;
    let (_, prepared) = state.sas.served(&params)?;
    let animation = prepared.animation(&params)?;
    let direction = direction(&params, None)?;
    let tick: i64 = params.required_number("tick", "a whole number of ticks")?;
    let tick = u64::try_from(tick)
        .map_err(|_| ApiError::bad("tick", format!("tick={tick}: ticks count from 0")))?;
    let meanings = meanings_of(reading(&params)?);
    let pose = pose_at(&prepared.served.set, &meanings, animation, direction, tick)
        .map_err(|fault| ApiError::of(&fault))?;
    let mut line = pose.to_json_line(&prepared.cells);
    line.push('\n');
    Ok(body(JSON, REUSE, line))
}

/// `GET /api/v1/sas/render.{png,gif,apng}?set=&animation=|frame=&direction=&scale=&background=
/// &plays=&hold=&meanings=&position=`: the file `tactics-sprite render --data SET --sheet SHEET`
/// writes with the same arguments (`frame=N`: sprite N, as `--frame N`).
pub async fn render(
    state: Arc<AppState>,
    query: Option<String>,
    format: Format,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "set",
            "animation",
            "frame",
            "direction",
            "scale",
            "background",
            "plays",
            "hold",
            "meanings",
            "position",
        ],
    )?;
    let (index, prepared) = state.sas.served(&params)?;
    let what = match (params.text("animation"), params.text("frame")) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad(
                "animation",
                "animation and frame are either-or",
            ));
        }
        (None, None) => {
            return Err(ApiError::bad(
                "animation",
                "say what to draw: animation=N or frame=N (a sprite)",
            ));
        }
        (Some(_), None) => SasSubject::Animations(vec![prepared.animation(&params)?]),
        (None, Some(_)) => SasSubject::Sprite(params.required_number("frame", "a sprite number")?),
    };
    let request = SasRenderRequest {
        what,
        direction: direction(&params, Some(0))?,
        scale: bounded(&params, "scale", DEFAULT_SCALE, MAX_SCALE)?,
        background: background(&params)?,
        plays: plays(&params)?,
        hold: bounded(&params, "hold", DEFAULT_HOLD_TICKS, MAX_HOLD)?,
        format,
    };
    let meanings = meanings_of(reading(&params)?);
    prepared.sheet_image()?;
    let bytes = picture(&state, move |state, cancel| {
        let prepared = &state.sas.sets[index];
        let checked = request
            .against(&prepared.served.set, &meanings)
            .map_err(|fault| ApiError::of(&fault))?;
        let pixels = checked.pixels();
        if pixels > MAX_RENDER_PIXELS {
            return Err(ApiError::bad(
                "scale",
                format!(
                    "at scale {} this render holds {pixels} pixels; at most {MAX_RENDER_PIXELS} \
                     are drawn for a request: lower the scale",
                    request.scale
                ),
            ));
        }
        let sheet = prepared.sheet_image()?;
        checked
            .cancelled_by(cancel.clone())
            .render(sheet)
            .map(|r| r.bytes)
            .map_err(|error| match error {
                RenderError::Cancelled => given_up(),
                other => ApiError::of(&other),
            })
    })
    .await?;
    Ok(body(format.media_type(), REUSE, bytes))
}

/// `GET /api/v1/sas/sheet.png?set=`: the set's PNG sheet as given; `404` when it has none.
pub async fn sheet(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["set"])?;
    let (_, prepared) = state.sas.served(&params)?;
    match &prepared.served.sheet {
        Some(sheet) => Ok(body("image/png", REUSE, sheet.bytes.clone())),
        None => Err(ApiError::status(
            StatusCode::NOT_FOUND,
            format!(
                "set {} is served without a sheet (serve {})",
                prepared.served.name,
                how_to_serve_a_sheet()
            ),
        )),
    }
}

/// `--sas FILE --sas-sheet SHEET.png`, as the server was started to spell it.
fn how_to_serve_a_sheet() -> String {
    crate::started::spelt(Words::new(|s| {
        format!(
            "{} {}",
            s.given("sas", &"FILE"),
            s.given("sas-sheet", &"SHEET.png")
        )
    }))
}
