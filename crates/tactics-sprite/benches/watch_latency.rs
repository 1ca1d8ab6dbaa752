//! The live preview's latency: from a save of TYPE1.SEQ's text to new pixels in the viewer, in
//! headless Chromium, on loopback.
//!
//! Serves `serve --watch --seq type1.seq.txt --shp TYPE1.SHP --sheet RAMUZA.SPR` (the release
//! build, under `cargo bench`), opens the viewer on Walk paused at tick 0, then `WATCH_EDITS`
//! times (50 by default) rewrites the text with slot 6's first frame (Walk's front view, shown at
//! tick 0) swapped between two frames, and times each save until the page's canvas holds other
//! pixels than before (a promise in the page polls it at every animation frame). Prints p50, p95
//! and the slowest.
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

/// The page's promise: the canvas's pixels once they differ from those last seen.
const NEW_PIXELS: &str = "new Promise((resolve) => {
  const canvas = document.getElementById('canvas');
  const check = () => {
    const now = canvas.toDataURL();
    if (now !== window.lastPixels) { window.lastPixels = now; resolve(true); }
    else requestAnimationFrame(check);
  };
  check();
})";

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

    let mut latencies = Vec::with_capacity(edits);
    for edit in 0..edits {
        let shown = if edit % 2 == 0 { other } else { frame };
        lines[first] = format!("    Frame {shown} {}", words[2]);
        let saved = lines.join("\n") + "\n";
        let started = Instant::now();
        std::fs::write(&text_path, saved).expect("saves");
        assert_eq!(browser.evaluate(NEW_PIXELS), json!(true));
        latencies.push(started.elapsed());
        // Apart, so that each save is its own reload.
        std::thread::sleep(Duration::from_millis(150));
    }
    latencies.sort();
    let at = |q: f64| {
        latencies[((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1]
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "save to new pixels over {edits} edits of TYPE1.SEQ's text: p50 {:.0} ms, p95 {:.0} ms, slowest {:.0} ms",
        ms(at(0.5)),
        ms(at(0.95)),
        ms(*latencies.last().expect("an edit"))
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
