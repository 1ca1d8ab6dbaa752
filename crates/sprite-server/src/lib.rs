//! `tactics-sprite serve`: the format's HTTP API and a viewer page, on axum.
//!
//! Every endpoint answers with the libraries the command line calls (`sprite-data` for poses and
//! documents, `sprite-render` for sheets and renders), so that it is byte for byte the command
//! with the same arguments; this crate knows nothing of the command line.
//!
//! What is served (each unit's document bytes and sheets, the weapons sheet, the Tactics Ogre SAS
//! sets) is `sprite_inputs::catalog`'s, built from the files before the server starts; this crate
//! is HTTP only:
//!
//! - [`api`]: the endpoints; [`params`] and [`error`]: queries in, named refusals out;
//! - [`viewer`]: the page at `/` and the JavaScript package it draws with, compiled in;
//! - [`connections`]: the connections accepted, bounded in time and number, and the stop;
//! - [`host`]: the host names a request may name (the guard against DNS rebinding);
//! - [`live`]: the state served now, replaced whole on a reload (`serve --watch`), and the long
//!   poll the viewer learns of it by;
//! - [`reload`]: the thread that loads again what changed on disk and swaps it into [`live`];
//! - this module: the router, its limits, and [`run`].

pub mod api;
pub mod connections;
pub mod error;
pub mod host;
pub mod live;
pub mod params;
pub mod reload;
pub mod started;
pub mod viewer;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{DefaultBodyLimit, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use faults::Words;
use sprite_render::Format;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

pub use api::AppState;
pub use connections::{HEADER_TIMEOUT, IDLE_TIMEOUT, Limits, MAX_CONNECTIONS, SHUTDOWN_TIMEOUT};
pub use error::ApiError;
pub use host::AllowedHosts;
pub use live::Live;
use sprite_inputs::catalog::Catalog;
pub use started::StartedWith;

/// The address served unless told otherwise: loopback only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8000";
/// The longest a request may take before it is answered `503`, unless told otherwise.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Requests handled at once unless told otherwise; more wait their turn (and count against the
/// timeout).
pub const MAX_CONCURRENT: usize = 256;
/// No endpoint takes a body; a body longer than this is refused with `413`.
pub const MAX_BODY: usize = 1024;

/// How to serve.
#[derive(Debug, Clone)]
pub struct Options {
    pub addr: SocketAddr,
    /// The origin allowed to call the API from a page elsewhere (`*` for any).
    pub cors: Option<String>,
    /// The host names answered besides localhost and IP addresses ([`host::AllowedHosts`]).
    pub allowed_hosts: Vec<String>,
    /// The longest a request may take ([`REQUEST_TIMEOUT`]).
    pub timeout: Duration,
    /// Requests handled at once ([`MAX_CONCURRENT`]).
    pub max_concurrent: usize,
    /// The longest a request's header may take from its first byte ([`HEADER_TIMEOUT`]).
    pub header_timeout: Duration,
    /// The longest a connection stays open with nothing under way ([`IDLE_TIMEOUT`]).
    pub idle_timeout: Duration,
    /// The most connections open at once ([`MAX_CONNECTIONS`]; fewer when the open-file limit
    /// allows fewer: [`Limits::new`]).
    pub max_connections: usize,
    /// The longest a stop waits for the requests under way ([`SHUTDOWN_TIMEOUT`]).
    pub shutdown_timeout: Duration,
    /// How the front end spells the start-up parameters an answer may name ([`started`]).
    pub started_with: StartedWith,
}

impl Default for Options {
    /// `serve`'s defaults: [`DEFAULT_ADDR`], no CORS, every bound at its constant.
    fn default() -> Options {
        Options {
            addr: DEFAULT_ADDR.parse().expect("DEFAULT_ADDR is an address"),
            cors: None,
            allowed_hosts: Vec::new(),
            timeout: REQUEST_TIMEOUT,
            max_concurrent: MAX_CONCURRENT,
            header_timeout: HEADER_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            shutdown_timeout: SHUTDOWN_TIMEOUT,
            started_with: StartedWith::default(),
        }
    }
}

/// The whole application serving `state` and no other: the API, the viewer page, the limits,
/// the host guard.
///
/// # Errors
/// A `--cors` origin that is not a valid header value, an allowed host that is no host name.
pub fn router(state: Arc<AppState>, options: &Options) -> anyhow::Result<Router> {
    live_router(Arc::new(Live::new(state, false)), options)
}

/// The whole application serving what `live` serves now ([`live::Shared`]).
///
/// # Errors
/// A `--cors` origin that is not a valid header value, an allowed host that is no host name.
pub fn live_router(live: Arc<Live>, options: &Options) -> anyhow::Result<Router> {
    let watching = live.watching();
    let state = live::Shared(live);
    let mut app = Router::new()
        .route("/api/v1/kinds", get(api::documents::kinds))
        .route("/api/v1/animations", get(api::documents::animations))
        .route("/api/v1/data", get(api::documents::data))
        .route("/api/v1/source", get(api::documents::source))
        .route("/api/v1/changes", get(live::changes))
        .route("/api/v1/draw", get(api::draw::draw))
        .route("/api/v1/sheet.png", get(api::pictures::sheet))
        .route("/api/v1/sp2.png", get(api::pictures::sp2))
        .route("/api/v1/layer", get(api::layers::layer))
        .route("/api/v1/layer.png", get(api::layers::layer_png))
        .route("/api/v1/canvas", get(api::canvas::canvas))
        .route(
            "/api/v1/render.png",
            get(|State(s), RawQuery(q)| api::render::render(s, q, Format::Png)),
        )
        .route(
            "/api/v1/render.gif",
            get(|State(s), RawQuery(q)| api::render::render(s, q, Format::Gif)),
        )
        .route(
            "/api/v1/render.apng",
            get(|State(s), RawQuery(q)| api::render::render(s, q, Format::Apng)),
        )
        .route("/api/v1/sas/sets", get(api::sas::sets))
        .route("/api/v1/sas/data", get(api::sas::data))
        .route("/api/v1/sas/pose", get(api::sas::pose))
        .route("/api/v1/sas/sheet.png", get(api::sas::sheet))
        .route(
            "/api/v1/sas/render.png",
            get(|State(s), RawQuery(q)| api::sas::render(s, q, Format::Png)),
        )
        .route(
            "/api/v1/sas/render.gif",
            get(|State(s), RawQuery(q)| api::sas::render(s, q, Format::Gif)),
        )
        .route(
            "/api/v1/sas/render.apng",
            get(|State(s), RawQuery(q)| api::sas::render(s, q, Format::Apng)),
        );
    for asset in viewer::ASSETS.iter() {
        let sha256 = asset.sha256();
        app = app.route(
            asset.path,
            get(move |headers: HeaderMap| std::future::ready(asset.respond(&sha256, &headers))),
        );
    }
    app = app.route("/pose.js", get(viewer::pose_js_gone));
    let mut app = app
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(GlobalConcurrencyLimitLayer::new(
            options.max_concurrent.max(1),
        ))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            options.timeout,
        ))
        .layer(axum::middleware::map_response(explain_timeout));
    if watching {
        app = app.layer(axum::middleware::map_response(revalidate_while_watching));
    }
    if let Some(origin) = options.cors.as_deref() {
        let allow =
            if origin == "*" {
                AllowOrigin::any()
            } else {
                AllowOrigin::exact(HeaderValue::from_str(origin).with_context(|| {
                    format!("{} {origin:?}", options.started_with.0.name("cors"))
                })?)
            };
        app = app.layer(
            CorsLayer::new()
                .allow_origin(allow)
                .allow_methods([Method::GET, Method::HEAD])
                .expose_headers([header::ETAG]),
        );
    }
    // Outermost: a request for another host is refused before anything else runs.
    let allowed = AllowedHosts::new(&options.allowed_hosts).map_err(anyhow::Error::msg)?;
    app = app.layer(axum::middleware::from_fn_with_state(
        Arc::new(allowed),
        host::guard,
    ));
    // Around everything: the start-up parameters' spelling, for every answer that names one.
    let started_with = options.started_with.clone();
    app = app.layer(axum::middleware::from_fn(move |request, next| {
        started::scope(started_with.clone(), request, next)
    }));
    Ok(app)
}

/// Under `--watch` the same request may give other bytes after a reload, so nothing is reused
/// unasked: the minute of reuse a pose, sheet or render carries becomes a revalidation.
async fn revalidate_while_watching(mut response: Response) -> Response {
    let headers = response.headers_mut();
    if headers
        .get(header::CACHE_CONTROL)
        .map(HeaderValue::as_bytes)
        == Some(api::REUSE.as_bytes())
    {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(api::REVALIDATE),
        );
    }
    response
}

/// The timeout layer answers `503` with no body; every refusal of this API has a JSON one.
async fn explain_timeout(response: Response) -> Response {
    if response.status() == StatusCode::SERVICE_UNAVAILABLE
        && !response.headers().contains_key(header::CONTENT_TYPE)
    {
        return ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            started::spelt(Words::new(|s| {
                format!(
                    "the request took longer than this server allows ({})",
                    s.name("timeout-ms")
                )
            })),
        )
        .into_response();
    }
    response
}

async fn not_found() -> ApiError {
    ApiError::status(
        StatusCode::NOT_FOUND,
        "no such page: the viewer is at /, the JavaScript package at /tactics-sprite.mjs, the API \
         under /api/v1/ (kinds, animations, data, source, changes, draw, sheet.png, sp2.png, render.png, \
         render.gif, render.apng, canvas, layer, layer.png) and Tactics Ogre's SAS sets under \
         /api/v1/sas/ (sets, data, pose, sheet.png, render.png, render.gif, render.apng)",
    )
}

async fn method_not_allowed() -> Response {
    let mut response = ApiError::status(
        StatusCode::METHOD_NOT_ALLOWED,
        "only GET and HEAD are answered",
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// Serves `catalog` until SIGINT (Ctrl-C), SIGTERM or SIGHUP, then stops as
/// [`connections`] says. `listening` is called with the bound address and the connections'
/// limits once the server accepts connections.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn run(
    catalog: Catalog,
    options: &Options,
    listening: impl FnOnce(SocketAddr, &AppState, &Limits),
) -> anyhow::Result<()> {
    serve(AppState::new(catalog)?, options, listening)
}

/// How long a long poll of `/api/v1/changes` waits under `options`: at most
/// [`live::LONGEST_WAIT`], and half the request timeout.
pub fn longest_wait(options: &Options) -> Duration {
    live::LONGEST_WAIT.min(options.timeout / 2)
}

/// Serves `state` (a catalog prepared, with its SAS sets: [`AppState::with_sas`]) as [`run`]
/// does.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(
    state: AppState,
    options: &Options,
    listening: impl FnOnce(SocketAddr, &AppState, &Limits),
) -> anyhow::Result<()> {
    let live = Live::new(Arc::new(state), false).with_longest_wait(longest_wait(options));
    serve_live(Arc::new(live), options, listening)
}

/// Serves what `live` serves now, as [`run`] does; whoever holds `live` too may replace it
/// meanwhile ([`Live::replace`]). On a stop, the long polls are answered at once.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve_live(
    live: Arc<Live>,
    options: &Options,
    listening: impl FnOnce(SocketAddr, &AppState, &Limits),
) -> anyhow::Result<()> {
    let state = live.current();
    let app = live_router(Arc::clone(&live), options)?;
    let limits = Limits::new(
        options.header_timeout,
        options.idle_timeout,
        options.max_connections,
        options.shutdown_timeout,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .with_context(|| format!("cannot listen on {}", options.addr))?;
        let addr = listener.local_addr()?;
        let signal = shutdown_signal()?;
        let stop = async move {
            signal.await;
            live.stop();
        };
        listening(addr, &state, &limits);
        connections::serve(listener, app, limits, stop).await;
        anyhow::Ok(())
    });
    // Every connection has been answered and closed, or the stop's deadline has passed: what is
    // left (a picture being drawn for a request already given up, a client that will not read
    // its answer) is abandoned rather than waited for.
    runtime.shutdown_background();
    served
}

/// A future that resolves on SIGINT (Ctrl-C), SIGTERM or SIGHUP: each stops the server the same
/// way (a hang-up, the terminal closing, has no other meaning here). The handlers are installed
/// when this is called, not when the future is first polled, so a signal sent as soon as the
/// server says it listens already stops it cleanly.
///
/// # Errors
/// The handlers cannot be installed.
#[cfg(unix)]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("handling SIGINT")?;
    let mut terminate = signal(SignalKind::terminate()).context("handling SIGTERM")?;
    let mut hang_up = signal(SignalKind::hangup()).context("handling SIGHUP")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
            _ = hang_up.recv() => {}
        }
    })
}

/// A future that resolves on Ctrl-C.
///
/// # Errors
/// None.
#[cfg(not(unix))]
fn shutdown_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
