//! Driving the viewer page in a browser, shared by the viewer's browser tests: open it and wait
//! until it says it has drawn, and read its canvas back.

use std::time::{Duration, Instant};

use serde_json::json;
use test_support::browser::{Browser, PngFrame, decode_base64, png_frames};

/// The viewer's canvas background (`BACKGROUND` in viewer.js).
pub const BACKGROUND: &str = "#5a6e5a";

/// Opens `url` and waits for the viewer to say it has drawn.
pub fn open_viewer(browser: &mut Browser, url: &str) {
    browser.call("Page.navigate", json!({"url": url}));
    let started = Instant::now();
    loop {
        let ready = browser.evaluate("document.body ? (document.body.dataset.ready || '') : ''");
        match ready.as_str() {
            Some("1") => return,
            Some("error") => panic!(
                "the viewer failed: {}",
                browser.evaluate("document.getElementById('status').textContent")
            ),
            _ => {}
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the viewer at {url} did not get ready"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The viewer's canvas as it holds it (its backing store, not a screenshot), RGBA.
pub fn viewer_canvas(browser: &mut Browser) -> PngFrame {
    let url = browser.evaluate("document.getElementById('canvas').toDataURL('image/png')");
    let url = url.as_str().expect("a data URL");
    let png = decode_base64(url.strip_prefix("data:image/png;base64,").expect("a PNG"));
    png_frames(&png).remove(0)
}
