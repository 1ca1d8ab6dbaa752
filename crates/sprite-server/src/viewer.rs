//! The viewer page at `/` and its files, compiled into the binary (nothing is fetched from
//! anywhere else): the page's own (`index.html`, `viewer.css`, `viewer.js`, a module per kind of
//! document it opens under `/viewer/`, and `sas.js`, the page's section for Tactics Ogre SAS
//! sets, which plays them with the package's SAS plugin) and the JavaScript package's modules and
//! types, compiled from `packages/tactics-sprite` itself: one source, so the module the viewer
//! draws with is the one `npm install ./packages/tactics-sprite` installs, byte for byte.
//!
//! The same page is the static page of `cargo xtask web` (`test_support::web` joins these
//! modules into classic scripts): there its answers come from the files the user gives, read by
//! the WebAssembly module (`viewer/source.js` chooses, `viewer/files-api.js` answers). Served
//! here it loads `/files.mjs`, the package's module of that, but never the WebAssembly, which
//! the server does not serve: every answer is the API's.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sprite_inputs::retail::sha256_hex;

use crate::api::{REVALIDATE, matches_etag};
use crate::error::ApiError;

/// One embedded file.
pub struct Asset {
    pub path: &'static str,
    pub media_type: &'static str,
    pub text: &'static str,
    /// Where it comes from in the repository, for the tests that hold the two equal.
    pub source: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
/// TypeScript declarations have no registered media type; they are text.
const TYPES: &str = "text/plain; charset=utf-8";

macro_rules! asset {
    ($path:literal, $media_type:expr, $source:literal) => {
        Asset {
            path: $path,
            media_type: $media_type,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../", $source)),
            source: $source,
        }
    };
}

/// The page's files and the package's.
pub static ASSETS: [Asset; 16] = [
    asset!("/", HTML, "crates/sprite-server/src/viewer/index.html"),
    asset!(
        "/viewer.css",
        CSS,
        "crates/sprite-server/src/viewer/viewer.css"
    ),
    asset!(
        "/viewer.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/viewer.js"
    ),
    asset!(
        "/viewer/unit.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/unit.js"
    ),
    asset!(
        "/viewer/source.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/source.js"
    ),
    asset!(
        "/viewer/files-api.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/files-api.js"
    ),
    asset!(
        "/viewer/files-panel.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/files-panel.js"
    ),
    asset!(
        "/sas.js",
        JAVASCRIPT,
        "crates/sprite-server/src/viewer/sas.js"
    ),
    asset!(
        "/tactics-sprite.mjs",
        JAVASCRIPT,
        "packages/tactics-sprite/tactics-sprite.mjs"
    ),
    asset!(
        "/tactics-sprite.d.mts",
        TYPES,
        "packages/tactics-sprite/tactics-sprite.d.mts"
    ),
    asset!(
        "/tactics-sprite-three.mjs",
        JAVASCRIPT,
        "packages/tactics-sprite/tactics-sprite-three.mjs"
    ),
    asset!(
        "/tactics-sprite-three.d.mts",
        TYPES,
        "packages/tactics-sprite/tactics-sprite-three.d.mts"
    ),
    asset!(
        "/tactics-sprite-sas.mjs",
        JAVASCRIPT,
        "packages/tactics-sprite/tactics-sprite-sas.mjs"
    ),
    asset!(
        "/tactics-sprite-sas.d.mts",
        TYPES,
        "packages/tactics-sprite/tactics-sprite-sas.d.mts"
    ),
    asset!(
        "/files.mjs",
        JAVASCRIPT,
        "packages/tactics-sprite/files.mjs"
    ),
    asset!("/files.d.mts", TYPES, "packages/tactics-sprite/files.d.mts"),
];

impl Asset {
    /// The file's sha256, its `ETag`: worked out once, when the router is built, since the text
    /// never changes.
    pub fn sha256(&self) -> String {
        sha256_hex(self.text.as_bytes())
    }

    /// The file, with its `ETag` (`sha256`, [`Asset::sha256`]) answered by `304`.
    pub fn respond(&self, sha256: &str, headers: &HeaderMap) -> Response {
        let mut response = if matches_etag(headers, sha256) {
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

/// `/pose.js`, the server's own port of `poseAt` until the package replaced it: `410 Gone`,
/// naming the module to use instead. Not a re-export of the package: its names differ (`pose`,
/// `findMotion` and `placeTiles` are `poseAt`, `findAnimation` and `framePose` there), so a
/// renderer that copied `/pose.js` would break at its imports either way, and a clear refusal
/// says why and where to go.
pub async fn pose_js_gone() -> ApiError {
    ApiError::status(
        StatusCode::GONE,
        "/pose.js is gone: the JavaScript runtime is the tactics-sprite package, served here as \
         /tactics-sprite.mjs (and /tactics-sprite-three.mjs for 3D), or npm install \
         ./packages/tactics-sprite. pose(doc, name, view, tick, water) is poseAt(createAtlas(doc), \
         findAnimation(atlas, name), view, tick, water); findMotion is findAnimation (which \
         throws on an unknown name); placeTiles is framePose; IDLE is an object",
    )
}
