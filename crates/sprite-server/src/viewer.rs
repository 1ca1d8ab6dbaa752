//! The viewer page at `/` and its files, compiled into the binary (nothing is fetched from
//! anywhere else): `index.html`, `viewer.css`, `viewer.js` and `pose.js`, the JavaScript port of
//! `poseAt` a renderer can copy; and `sas.js`, the page's section for Tactics Ogre SAS sets.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sprite_data::pipeline::sha256_hex;

use crate::api::{REVALIDATE, matches_etag};

/// One embedded file.
pub struct Asset {
    pub path: &'static str,
    pub media_type: &'static str,
    pub text: &'static str,
}

/// The page's files.
pub static ASSETS: [Asset; 5] = [
    Asset {
        path: "/",
        media_type: "text/html; charset=utf-8",
        text: include_str!("viewer/index.html"),
    },
    Asset {
        path: "/viewer.css",
        media_type: "text/css; charset=utf-8",
        text: include_str!("viewer/viewer.css"),
    },
    Asset {
        path: "/viewer.js",
        media_type: "text/javascript; charset=utf-8",
        text: include_str!("viewer/viewer.js"),
    },
    Asset {
        path: "/pose.js",
        media_type: "text/javascript; charset=utf-8",
        text: include_str!("viewer/pose.js"),
    },
    Asset {
        path: "/sas.js",
        media_type: "text/javascript; charset=utf-8",
        text: include_str!("viewer/sas.js"),
    },
];

impl Asset {
    /// The file, with an `ETag` (its sha256) answered by `304`.
    pub fn respond(&self, headers: &HeaderMap) -> Response {
        let sha256 = sha256_hex(self.text.as_bytes());
        let mut response = if matches_etag(headers, &sha256) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(self.media_type),
                )],
                self.text,
            )
                .into_response()
        };
        let out = response.headers_mut();
        out.insert(
            header::ETAG,
            HeaderValue::from_str(&format!("\"{sha256}\"")).expect("hex digits"),
        );
        out.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        response
    }
}
