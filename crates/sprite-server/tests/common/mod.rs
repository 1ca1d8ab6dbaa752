//! What the endpoint tests share: the router of a catalog run in-process, one request at a time
//! (`tower::ServiceExt::oneshot`), its answers, and the catalogs `serve` builds.

#![allow(dead_code, unused_imports)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use sprite_data::layer::{LayerSet, layer_file};
use sprite_inputs::Originals;
use sprite_inputs::catalog::{Catalog, SasCatalog, ServedUnit, UnitLayers};
use sprite_inputs::layers::weapon_layer_of;
use sprite_inputs::retail::sha256_hex;
use sprite_inputs::sheets::find_sheets;
use sprite_server::{AppState, Options};
use tower::ServiceExt;

pub use test_support::http::{Answer, escape};

/// The options `serve` runs with by default.
pub fn options() -> Options {
    Options::default()
}

/// The application serving `catalog`.
pub struct App {
    router: Router,
}

impl App {
    pub fn new(catalog: Catalog) -> App {
        App::with(catalog, &options())
    }

    /// The application serving `catalog` and the SAS sets of `sas`.
    pub fn with_sas(catalog: Catalog, sas: SasCatalog) -> App {
        let state = Arc::new(AppState::with_sas(catalog, sas).expect("the catalog is prepared"));
        App {
            router: sprite_server::router(state, &options()).expect("the router"),
        }
    }

    pub fn with(catalog: Catalog, options: &Options) -> App {
        let state = Arc::new(AppState::new(catalog).expect("the catalog is prepared"));
        App {
            router: sprite_server::router(state, options).expect("the router"),
        }
    }

    /// One GET.
    pub async fn get(&self, target: &str) -> Answer {
        self.request("GET", target, &[]).await
    }

    /// Asserts that `target` serves `expected` as every served JSON document is served
    /// (`respond::TaggedJson::respond`): byte for byte, `application/json`, tagged with its
    /// sha256 and revalidated on each use, `304` to its tag, and gzipped when asked, under the
    /// tag `"<sha256>-gzip"`, to the same bytes. The gzip answer, for what a test checks beyond.
    pub async fn assert_tagged_json(&self, target: &str, expected: &[u8]) -> Answer {
        let plain = self.get(target).await;
        assert_eq!(plain.status, 200, "{target}: {}", plain.text());
        assert_eq!(plain.header("content-type"), Some("application/json"));
        assert!(plain.body == expected, "{target}: other bytes");
        let tag = format!("\"{}\"", sha256_hex(expected));
        assert_eq!(plain.header("etag"), Some(tag.as_str()), "{target}");
        assert_eq!(plain.header("cache-control"), Some("no-cache"), "{target}");
        assert_eq!(plain.header("vary"), Some("Accept-Encoding"), "{target}");
        let again = self
            .request("GET", target, &[("If-None-Match", &tag)])
            .await;
        assert_eq!(again.status, 304, "{target}");
        assert!(again.body.is_empty(), "{target}: a body with the 304");
        let gzip = self
            .request("GET", target, &[("Accept-Encoding", "gzip")])
            .await;
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{target}");
        assert_eq!(
            gzip.header("etag"),
            Some(format!("\"{}-gzip\"", sha256_hex(expected)).as_str()),
            "{target}"
        );
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(gzip.body.as_slice())
            .read_to_end(&mut unzipped)
            .expect("gzip");
        assert!(
            unzipped == expected,
            "{target}: the gzip unzips to other bytes"
        );
        gzip
    }

    /// Asserts that `target` is refused with `status` and an error line naming `parameter`.
    pub async fn assert_refused(&self, target: &str, status: u16, parameter: &str) {
        let (got, named, body) = self.get(target).await.refusal();
        assert_eq!(
            (got, named.as_deref()),
            (status, Some(parameter)),
            "{target}: {body}"
        );
    }

    /// `METHOD target` with `headers`, and the answer.
    pub async fn request(&self, method: &str, target: &str, headers: &[(&str, &str)]) -> Answer {
        self.send(method, target, headers, Body::empty()).await
    }

    /// `METHOD target` with `headers` and `body`, and the answer.
    pub async fn send(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: Body,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(target);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request.body(body).expect("a request");
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap_or("").to_owned()))
            .collect();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("the body")
            .to_vec();
        Answer {
            status,
            headers,
            body,
        }
    }
}

/// The catalog `serve --data DOC` serves: the document, named by its file, drawn from its sheet
/// beside it (else a synthetic one), with the layer documents beside it when both are there.
pub fn catalog_of(doc: &Path) -> Catalog {
    let (bytes, document) =
        sprite_inputs::documents::load_document_with_bytes(doc).expect("the document loads");
    let name = doc
        .file_stem()
        .map(|s| s.to_string_lossy().to_ascii_lowercase())
        .expect("a file name");
    let (sheet, sp2) = find_sheets(
        doc.parent()
            .map(|p| Originals::folder(p.to_path_buf()))
            .as_ref(),
        &document,
    )
    .expect("the sheets");
    let beside = |kind: LayerSet| {
        let folder = doc.parent().expect("a folder");
        [
            folder.join(format!("{kind}.json")),
            folder.join(layer_file(kind)),
        ]
        .into_iter()
        .find(|p| p.is_file())
    };
    let layers = match (beside(weapon_layer_of(&name)), beside(LayerSet::Eff1)) {
        (Some(weapon), Some(effect)) => Some(UnitLayers {
            weapon: sprite_inputs::documents::load_layer_document(&weapon)
                .expect("the weapon layer"),
            effect: sprite_inputs::documents::load_layer_document(&effect)
                .expect("the effect layer"),
            origin: "beside the document".to_owned(),
        }),
        _ => None,
    };
    Catalog {
        units: vec![ServedUnit {
            name,
            bytes,
            document,
            origin: format!("read from {}", doc.display()),
            sheet,
            sp2,
            layers,
            hd: None,
            source: None,
            sheets: Vec::new(),
            draws_kind: None,
        }],
        weapon_sheet: None,
        charclut: None,
    }
}
