//! What every endpoint answers with: a body with its media type and caching, the document's
//! gzip, and the `ETag` and `Accept-Encoding` rules.

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// `Cache-Control` of the document: keep it, but ask each time (its `ETag` makes that a `304`).
pub const REVALIDATE: &str = "no-cache";
/// `Cache-Control` of a pose, sheet or render: the same request gives the same bytes for as long
/// as the server serves the same documents, so a minute of reuse is safe.
pub const REUSE: &str = "public, max-age=60";

pub const JSON: &str = "application/json";

/// A `200` with a body of `media_type`.
pub fn body(media_type: &'static str, cache: &'static str, bytes: impl Into<Bytes>) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(media_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        ],
        bytes.into(),
    )
        .into_response()
}

/// A served document (`/api/v1/data`, `/api/v1/sas/data`): `bytes` as they are, or their
/// `gzip` when `Accept-Encoding` takes it; `ETag` the `sha256` of the bytes (`-gzip` after it for
/// the gzip, so each representation has its own strong tag), `304` when `If-None-Match` names
/// either; asked to revalidate each time.
pub fn document(headers: &HeaderMap, bytes: &Bytes, gzip: &Bytes, sha256: &str) -> Response {
    let compressed = accepts_gzip(headers);
    let etag = if compressed {
        format!("\"{sha256}-gzip\"")
    } else {
        format!("\"{sha256}\"")
    };
    let mut response = if matches_etag(headers, sha256) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if compressed {
        let mut response = body(JSON, REVALIDATE, gzip.clone());
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        body(JSON, REVALIDATE, bytes.clone())
    };
    let out = response.headers_mut();
    out.insert(
        header::ETAG,
        HeaderValue::from_str(&etag).expect("hex digits"),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
    out.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    response
}

/// `bytes` compressed with gzip at its best (made once, at start).
pub fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// Whether `Accept-Encoding` takes gzip (`gzip` or `*`, with a weight above 0).
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
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
