//! `GET /api/v1/kinds`, `/api/v1/animations`, `/api/v1/data` and `/api/v1/source`: what is
//! served, each unit's animations, its document byte for byte, and the SEQ text it was built
//! from.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::respond::{JSON, REUSE, REVALIDATE, body};
use crate::error::ApiError;
use crate::params::Params;

/// `GET /api/v1/kinds`: every served unit with its counts and sheet.
pub async fn kinds(State(state): State<Arc<AppState>>, RawQuery(query): RawQuery) -> Response {
    match Params::parse(query.as_deref(), &[]) {
        Ok(_) => body(JSON, REUSE, state.kinds_json.clone()),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/v1/animations?kind=K`: the unit's animations with their lengths in ticks.
pub async fn animations(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind"])?;
    let (_, served) = state.served(&params)?;
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
    let (_, served) = state.served(&params)?;
    Ok(served.document.respond(&headers))
}

/// `GET /api/v1/source?kind=K`: the SEQ text form the unit was built from (`serve --seq
/// FILE.seq.txt`), `{file, text, steps}`, `steps` the line (from 1) of the command each step of
/// each sequence shows; `404` when it was built from no text.
pub async fn source(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind"])?;
    let (_, served) = state.served(&params)?;
    match &served.source_json {
        Some(json) => Ok(body(JSON, REVALIDATE, json.clone())),
        None => Err(ApiError::status(
            StatusCode::NOT_FOUND,
            format!(
                "kind {} was not built from a SEQ text form (serve {} serves one)",
                served.unit.name,
                crate::started::spelt(faults::Words::new(|s| s.given("seq", &"FILE.seq.txt")))
            ),
        )),
    }
}
