//! `GET /api/v1/kinds`, `/api/v1/animations` and `/api/v1/data`: what is served, each unit's
//! animations, and its document byte for byte.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::AppState;
use super::respond::{JSON, REUSE, REVALIDATE, accepts_gzip, body, matches_etag};
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
