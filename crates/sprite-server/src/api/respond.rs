//! What every endpoint answers with: a body with its media type and caching, the document's
//! gzip, and the `ETag` and `Accept-Encoding` rules.

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sprite_inputs::retail::sha256_hex;

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

/// Bytes made once (a sheet's PNG), with their sha256: their `ETag`, so that a client that has
/// them (a viewer asking again after a reload) is answered `304` and decodes nothing again.
#[derive(Clone)]
pub struct Tagged {
    pub bytes: Bytes,
    pub sha256: String,
}

impl Tagged {
    /// `bytes` and their digest.
    pub fn new(bytes: impl Into<Bytes>) -> Tagged {
        let bytes = bytes.into();
        Tagged {
            sha256: sha256_hex(&bytes),
            bytes,
        }
    }

    /// The bytes as `media_type` with `cache`, or `304` when `If-None-Match` names them; their
    /// `ETag` either way.
    pub fn respond(
        &self,
        media_type: &'static str,
        cache: &'static str,
        headers: &HeaderMap,
    ) -> Response {
        let mut response = if matches_etag(headers, &self.sha256) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            response
        } else {
            body(media_type, cache, self.bytes.clone())
        };
        response.headers_mut().insert(
            header::ETAG,
            HeaderValue::from_str(&format!("\"{}\"", self.sha256)).expect("hex digits"),
        );
        response
    }
}

/// A JSON document made ready to serve once, at start: its bytes, their sha256 (its `ETag`) and
/// their gzip.
#[derive(Clone)]
pub struct TaggedJson {
    pub bytes: Bytes,
    pub sha256: String,
    gzip: Bytes,
}

impl TaggedJson {
    /// `bytes` hashed and compressed.
    ///
    /// # Errors
    /// None in practice (gzip of in-memory data).
    pub fn new(bytes: Vec<u8>) -> std::io::Result<TaggedJson> {
        Ok(TaggedJson {
            sha256: sha256_hex(&bytes),
            gzip: Bytes::from(gzip(&bytes)?),
            bytes: Bytes::from(bytes),
        })
    }

    /// The document as `/api/v1/data` serves it: `ETag` its sha256 (`"<sha256>-gzip"` for the
    /// gzip), `304` on `If-None-Match` naming either, gzip when `Accept-Encoding` takes it,
    /// `Cache-Control: no-cache`, `Vary: Accept-Encoding`.
    pub fn respond(&self, headers: &HeaderMap) -> Response {
        let sha256 = &self.sha256;
        let gzipped = accepts_gzip(headers);
        // Each representation has its own strong tag; If-None-Match takes either.
        let etag = if gzipped {
            format!("\"{sha256}-gzip\"")
        } else {
            format!("\"{sha256}\"")
        };
        let mut response = if matches_etag(headers, sha256) {
            StatusCode::NOT_MODIFIED.into_response()
        } else if gzipped {
            let mut response = body(JSON, REVALIDATE, self.gzip.clone());
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            response
        } else {
            body(JSON, REVALIDATE, self.bytes.clone())
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
}

/// `bytes` compressed with gzip, once per state served. At the default level, not the best:
/// under `serve --watch` a document is compressed again on every reload, and the best level cost
/// about 13 ms of the save-to-pixels time for TYPE1's 100 KB to save a few percent of the bytes.
fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
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
