//! The live preview's latency: from a save of TYPE1.SEQ's text to new pixels in the viewer, in
//! headless Chromium, on loopback.
//!
//! Serves `serve --watch --seq type1.seq.txt --shp TYPE1.SHP --sheet RAMUZA.SPR` (the release
//! build, under `cargo bench`), opens the viewer on Walk paused at tick 0, then `WATCH_EDITS`
//! times (50 by default) rewrites the text with slot 6's first frame (Walk's front view, shown at
//! tick 0) swapped between two frames, and times each save until the page's canvas holds other
//! pixels than before (a promise in the page polls it at every animation frame). Prints p50, p95
//! and the slowest, on the page's clock (the system's time when the promise saw the pixels: what
//! the user sees) and as DevTools answers (the promise's answer back to this process counted
//! in); and where the time went, the median of each part: the save until the page was told (the
//! long poll's answer: the server's reload), the page's requests after it (until the last
//! answer), and the rest (parsing, drawing, the next animation frame), from the page's resource
//! timings.
//!
//! ```sh
//! FFT_ORIGINALS=/path/to/originals FFT_SHEETS=/path/to/sheets cargo bench -p tactics-sprite --bench watch_latency
//! ```

#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use serve_support::Server;
use test_support::browser::{Browser, find_chromium};

/// The page's promise: the canvas's pixels once they differ from those last seen, noting the
/// system's time then (milliseconds since 1970, as `now()` below).
const NEW_PIXELS: &str = "new Promise((resolve) => {
  const canvas = document.getElementById('canvas');
  const check = () => {
    const now = canvas.toDataURL();
    if (now !== window.lastPixels) {
      window.lastPixels = now;
      window.pixelsAt = performance.timeOrigin + performance.now();
      resolve(true);
    } else requestAnimationFrame(check);
  };
  check();
})";

/// What the page timed since the last call, in milliseconds since 1970: when it saw the new
/// pixels, when the long poll that told it of the change answered (the last one to end), and
/// when the last answer of the other requests ended.
const PAGE_TIMES: &str = "(() => {
  const at = (t) => performance.timeOrigin + t;
  let told = null, fetched = null;
  for (const e of performance.getEntriesByType('resource')) {
    if (!e.name.includes('/api/v1/')) continue;
    if (e.name.includes('/api/v1/changes')) told = Math.max(told ?? 0, at(e.responseEnd));
    else fetched = Math.max(fetched ?? 0, at(e.responseEnd));
  }
  performance.clearResourceTimings();
  return { pixels: window.pixelsAt, told, fetched };
})()";

/// The system's time in milliseconds since 1970, as the page's `performance.timeOrigin +
/// performance.now()` gives it.
fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// One save's times, in milliseconds.
struct Timed {
    /// To new pixels on the page's clock.
    pixels: f64,
    /// To DevTools' answer that the pixels are new.
    answered: f64,
    /// The save until the page was told (the server's part).
    told: f64,
    /// The page's requests after it.
    fetched: f64,
    /// The rest: parsing, drawing, the next animation frame.
    drawn: f64,
}

fn main() {
    let edits: usize = std::env::var("WATCH_EDITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let (Ok(originals), Some(chromium)) = (std::env::var("FFT_ORIGINALS"), find_chromium()) else {
        eprintln!(
            "watch_latency: needs FFT_ORIGINALS (TYPE1.SHP, TYPE1.SEQ) and Chromium; not run"
        );
        return;
    };
    let originals = PathBuf::from(originals);
    let dir = std::env::temp_dir().join(format!("watch-latency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let text_path = dir.join("type1.seq.txt");
    let binary = env!("CARGO_BIN_EXE_tactics-sprite");
    let disasm = Command::new(binary)
        .arg("disasm")
        .arg(originals.join("TYPE1.SEQ"))
        .arg("-o")
        .arg(&text_path)
        .output()
        .expect("disasm runs");
    assert!(
        disasm.status.success(),
        "disasm: {}",
        String::from_utf8_lossy(&disasm.stderr)
    );
    let text = std::fs::read_to_string(&text_path).expect("the text");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let first = 1 + lines
        .iter()
        .position(|l| l.split(';').next().unwrap_or_default().trim() == "slot 6:")
        .expect("slot 6");
    let words: Vec<String> = lines[first].split_whitespace().map(str::to_owned).collect();
    assert_eq!(words[0], "Frame");
    let frame: u32 = words[1].parse().expect("a frame");
    let other = if frame > 0 { frame - 1 } else { frame + 1 };

    let shp = originals.join("TYPE1.SHP");
    let mut args = vec![
        "--watch".to_owned(),
        "--seq".to_owned(),
        text_path.display().to_string(),
        "--shp".to_owned(),
        shp.display().to_string(),
    ];
    if let Ok(sheets) = std::env::var("FFT_SHEETS") {
        args.extend(["--sheet".to_owned(), format!("{sheets}/RAMUZA.SPR")]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(&args, &[]);
    let mut browser = Browser::launch(&chromium);
    browser.open(
        &format!(
            "http://{}/?kind=type1&animation=Walk&view=1&paused=1&tick=0",
            server.addr
        ),
        "(document.body ? document.body.dataset.ready : '') === '1'",
    );
    assert_eq!(browser.evaluate(NEW_PIXELS), json!(true));
    browser.evaluate(PAGE_TIMES);

    let mut timed = Vec::with_capacity(edits);
    for edit in 0..edits {
        let shown = if edit % 2 == 0 { other } else { frame };
        lines[first] = format!("    Frame {shown} {}", words[2]);
        let saved = lines.join("\n") + "\n";
        let (started, saved_at) = (Instant::now(), now());
        std::fs::write(&text_path, saved).expect("saves");
        assert_eq!(browser.evaluate(NEW_PIXELS), json!(true));
        let answered = started.elapsed().as_secs_f64() * 1000.0;
        let page = browser.evaluate(PAGE_TIMES);
        let time = |name: &str| page[name].as_f64();
        let pixels = time("pixels").expect("the page timed the pixels");
        let told = time("told").unwrap_or(saved_at).max(saved_at);
        let fetched = time("fetched").unwrap_or(told).clamp(told, pixels);
        timed.push(Timed {
            pixels: pixels - saved_at,
            answered,
            told: told - saved_at,
            fetched: fetched - told,
            drawn: pixels - fetched,
        });
        // Apart, so that each save is its own reload.
        std::thread::sleep(Duration::from_millis(150));
    }
    let sorted = |part: fn(&Timed) -> f64| {
        let mut values: Vec<f64> = timed.iter().map(part).collect();
        values.sort_by(f64::total_cmp);
        values
    };
    let at = |values: &[f64], q: f64| {
        values[((values.len() as f64 * q).ceil() as usize).clamp(1, values.len()) - 1]
    };
    for (what, part) in [
        ("on the page's clock", (|t| t.pixels) as fn(&Timed) -> f64),
        ("as DevTools answered", |t| t.answered),
    ] {
        let values = sorted(part);
        println!(
            "save to new pixels over {edits} edits of TYPE1.SEQ's text, {what}: p50 {:.0} ms, p95 {:.0} ms, slowest {:.0} ms",
            at(&values, 0.5),
            at(&values, 0.95),
            values.last().expect("an edit")
        );
    }
    let median = |part: fn(&Timed) -> f64| at(&sorted(part), 0.5);
    println!(
        "medians: the save until the page is told {:.0} ms, the page's requests {:.0} ms, parsing and drawing {:.0} ms",
        median(|t| t.told),
        median(|t| t.fetched),
        median(|t| t.drawn)
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
