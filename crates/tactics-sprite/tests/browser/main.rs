//! Pages in headless Chromium, driven over the DevTools protocol (`test_support::browser`): the
//! viewer (`viewer`, `viewer_hd`: its HD switch, `viewer_sheets`: its sheet and variant pickers, `sas_viewer`: its SAS section, `watch`: the
//! live preview of `serve --watch`) and the JavaScript package (`js`: `drawPose` and the 3D
//! placement, `js_examples`: the example scenes) and the static page of `cargo xtask web`
//! (`web`: the user's files read by the WebAssembly module), each picture held pixel for pixel to
//! `tactics-sprite render`. Without Chromium each test prints SKIPPED, unless
//! `FFT_REQUIRE_BROWSER=1` or `FFT_REQUIRE_ORIGINALS=1`. The package's own tests, in node, are
//! `packages/tactics-sprite/test/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;
#[path = "../viewer_support/mod.rs"]
mod viewer_support;

mod js;
mod js_examples;
mod sas_viewer;
mod viewer;
mod viewer_hd;
mod viewer_sheets;
mod watch;
mod web;
