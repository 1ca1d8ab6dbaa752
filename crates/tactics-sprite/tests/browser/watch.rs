//! The live preview in a real browser (headless Chromium over DevTools): `serve --watch --seq
//! type1.seq.txt --shp TYPE1.SHP --sheet ramza.png`, the viewer open on Walk; a delay edited in
//! the text changes the walk's timing in the page without a page reload, keeping the clock and
//! the view; a broken edit shows its line and column in the page, and fixing it redraws.
//!
//! Needs TYPE1.SHP and TYPE1.SEQ (`FFT_ORIGINALS`), RAMUZA.SPR (`FFT_SHEETS`) and Chromium; each
//! missing one is a loud skip (a failure under `FFT_REQUIRE_ORIGINALS=1`).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::{expect, run};
use crate::serve_support::Server;
use serde_json::{Value, json};
use test_support::browser::{Browser, chromium_or_skip};

const TEST: &str = "watch_browser";

/// Waits (10 s at most) until `expression` is true in the page; says what `show` evaluates to
/// when it is not.
fn wait_for(browser: &mut Browser, expression: &str, show: &str) {
    let started = Instant::now();
    while browser.evaluate(expression) != json!(true) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the page never got to `{expression}`: {}",
            browser.evaluate(show)
        );
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// The step spans the page's timeline shows, in ticks.
fn timeline_ticks(browser: &mut Browser) -> Vec<u32> {
    let ticks = browser.evaluate("document.getElementById('timeline').dataset.ticks || ''");
    ticks
        .as_str()
        .expect("text")
        .split(',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a tick count"))
        .collect()
}

/// Writes `text` over `path` in place, as an editor that truncates and writes does.
fn save(path: &Path, text: &str) {
    std::fs::write(path, text).expect("writes the text");
}

#[test]
fn an_edited_delay_retimes_the_walk_in_the_page_and_a_broken_edit_shows_where() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let Some(spr) = test_support::sheet(TEST, "RAMUZA.SPR") else {
        return;
    };
    let Some(chromium) = chromium_or_skip(TEST) else {
        return;
    };
    let dir = tempfile_dir();
    let text_path = dir.join("type1.seq.txt");
    let png_path = dir.join("ramza.png");
    let arg = |p: &Path| p.to_str().expect("a UTF-8 path").to_owned();
    expect(&run(["disasm", &arg(&seq), "-o", &arg(&text_path)]), 0);
    expect(
        &run(["sheet", "export", &arg(&spr), "-o", &arg(&png_path)]),
        0,
    );
    let text = std::fs::read_to_string(&text_path).expect("the text");
    let lines: Vec<&str> = text.lines().collect();
    // Walk's front view is slot 6 (the TYPE1 profile's Walk = slots 6 and 7); its first command
    // is the line after `slot 6:` (and its comment naming Walk), a `Frame FRAME DELAY`.
    let slot = lines
        .iter()
        .position(|l| l.split(';').next().unwrap_or_default().trim() == "slot 6:")
        .expect("slot 6 in the text");
    let first = slot + 1;
    let words: Vec<&str> = lines[first].split_whitespace().collect();
    assert_eq!(
        words[0], "Frame",
        "slot 6 opens with a frame: {}",
        lines[first]
    );
    let delay: u32 = words[2].parse().expect("a delay");
    let with_first = |replacement: &str| {
        let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        edited[first] = format!("    Frame {} {replacement}", words[1]);
        edited.join("\n") + "\n"
    };

    let server = Server::start(
        &[
            "--watch",
            "--seq",
            &arg(&text_path),
            "--shp",
            &arg(&shp),
            "--sheet",
            &arg(&png_path),
        ],
        &[],
    );
    assert!(
        server.banner.iter().any(|l| l.starts_with("watch   ")),
        "no watch line: {:#?}",
        server.banner
    );
    // The weapon and effect layers are built from their files beside the SHP (TYPE1 holds WEP1's
    // weapon, as docs/weapons.md says, and every unit EFF1's effect).
    let kinds: Value = serde_json::from_slice(&server.get("/api/v1/kinds").body).expect("JSON");
    assert_eq!(kinds[0]["layers"], json!(["wep1", "eff1"]), "{kinds}");
    let mut browser = Browser::launch(&chromium);
    let base = format!("http://{}", server.addr);
    browser.open(
        &format!("{base}/?kind=type1&animation=Walk&view=1&paused=1&tick=2"),
        "(document.body ? document.body.dataset.ready : '') === '1'",
    );
    let before = timeline_ticks(&mut browser);
    assert_eq!(
        before.first(),
        Some(&delay),
        "the timeline's first step is not the text's delay"
    );
    // The command playing at tick 2 is the first frame: its line is marked.
    wait_for(
        &mut browser,
        &format!(
            "document.getElementById('source').dataset.line === '{}'",
            first + 1
        ),
        "document.getElementById('source').dataset.line",
    );
    // A mark the page loses if it is reloaded.
    browser.evaluate("window.notReloaded = true");

    let slower = delay + 6;
    save(&text_path, &with_first(&slower.to_string()));
    wait_for(
        &mut browser,
        "document.body.dataset.generation === '1'",
        "document.body.dataset.generation",
    );
    let after = timeline_ticks(&mut browser);
    let mut expected = before.clone();
    expected[0] = slower;
    assert_eq!(after, expected, "the walk's first step is not retimed");
    assert_eq!(
        browser.evaluate("window.notReloaded === true"),
        json!(true),
        "the page was reloaded"
    );
    // Clock and view where they were.
    assert_eq!(
        browser.evaluate("document.getElementById('timeline').dataset.at"),
        json!("2")
    );
    let facts = browser.evaluate("document.getElementById('facts').textContent");
    assert!(
        facts.as_str().is_some_and(|f| f.contains("view1 front")),
        "the view changed: {facts}"
    );

    // A broken edit: the page says where, and keeps the last good walk.
    let broken = format!("{slower}x");
    save(&text_path, &with_first(&broken));
    let column = with_first(&broken)
        .lines()
        .nth(first)
        .expect("the line")
        .find(&broken)
        .expect("the word")
        + 1;
    wait_for(
        &mut browser,
        "!document.getElementById('problem').hidden",
        "document.getElementById('problem').textContent",
    );
    let problem: Value = browser.evaluate(
        "(() => { const p = document.getElementById('problem'); \
         return [p.dataset.line, p.dataset.column, p.textContent]; })()",
    );
    assert_eq!(problem[0], json!((first + 1).to_string()), "{problem}");
    assert_eq!(problem[1], json!(column.to_string()), "{problem}");
    assert!(
        problem[2]
            .as_str()
            .is_some_and(|t| t.contains("type1.seq.txt")),
        "{problem}"
    );
    assert_eq!(
        timeline_ticks(&mut browser),
        expected,
        "the last good walk is not kept"
    );

    // Fixed: the problem goes, and the walk is redrawn with the new delay.
    let fixed = delay + 1;
    save(&text_path, &with_first(&fixed.to_string()));
    wait_for(
        &mut browser,
        "document.getElementById('problem').hidden && document.body.dataset.generation === '2'",
        "[document.getElementById('problem').textContent, document.body.dataset.generation]",
    );
    let mut expected = before;
    expected[0] = fixed;
    assert_eq!(timeline_ticks(&mut browser), expected);
    assert_eq!(
        browser.evaluate("window.notReloaded === true"),
        json!(true),
        "the page was reloaded"
    );
    // The sheet is beside the picture with this frame's cells outlined, and the eight views show.
    let cells = browser.evaluate("Number(document.getElementById('sheet').dataset.cells || 0)");
    assert!(
        cells.as_u64().is_some_and(|n| n > 0),
        "no cell outlined: {cells}"
    );
    browser.evaluate(
        "(() => { const b = document.getElementById('all-views'); b.click(); return true; })()",
    );
    wait_for(
        &mut browser,
        "document.querySelectorAll('#views canvas').length === 8 && !document.getElementById('views').hidden",
        "document.getElementById('views').outerHTML.length",
    );
    let page = browser.screenshot(None);
    std::fs::write(dir.join("watch-page.png"), &page).expect("writes the page's screenshot");
    println!("the page: {}", dir.join("watch-page.png").display());
    drop(server);
}

/// A fresh folder under the test target's temporary folder.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("watch-browser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}
