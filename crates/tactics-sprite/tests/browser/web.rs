//! The static page of `cargo xtask web` (`test_support::web`) in headless Chromium, opened from
//! disk (`file://`, no server): the retail BATTLE files given to its file input are read through
//! the WebAssembly module, and what the page draws with them is held pixel for pixel to
//! `tactics-sprite render` of the committed documents with the same sheets: TYPE1's Walk and
//! Swing High in view 1, and MON's Walk and Bomb Explode in view 3, the latter's lower half from
//! its SP2 (BEHI2.SP2, coloured by BEHI.SPR).
//!
//! Skipped, loudly, without Chromium (unless required), without the WebAssembly toolchain
//! (`test_support::wasm`), or without the retail files and sheets (unless required).

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::json;
use test_support::browser::{Browser, chromium_or_skip, decode_base64};

use crate::js::{Cut, frames};

const BIN: &str = env!("CARGO_BIN_EXE_tactics-sprite");

/// The page's drawing (`window.page.drawUnit`) on a canvas of its own with nothing under it, its
/// pixels cut to what is not transparent, as base64.
const HARNESS: &str = r#"
window.cutPose = (kind, animation, view, tick, scale) => {
  const size = 640;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d');
  window.page.drawUnit(ctx, kind, animation, view, tick, size / 2, size / 2, scale);
  const { data } = ctx.getImageData(0, 0, size, size);
  let [left, top, right, bottom] = [size, size, 0, 0];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
    if (data[(y * size + x) * 4 + 3] !== 0) {
      left = Math.min(left, x); top = Math.min(top, y);
      right = Math.max(right, x + 1); bottom = Math.max(bottom, y + 1);
    }
  }
  if (left >= right) return { width: 0, height: 0, rgba: '' };
  const out = new Uint8Array((right - left) * (bottom - top) * 4);
  for (let y = top; y < bottom; y++) {
    out.set(data.subarray((y * size + left) * 4, (y * size + right) * 4), (y - top) * (right - left) * 4);
  }
  let text = '';
  for (let i = 0; i < out.length; i += 0x8000) text += String.fromCharCode(...out.subarray(i, i + 0x8000));
  return { width: right - left, height: bottom - top, rgba: btoa(text) };
};
true
"#;

/// The files the page is given, by the name a test finds each under (disc or remaster name).
fn battle_files(test: &str) -> Option<Vec<PathBuf>> {
    let mut files = Vec::new();
    for name in ["TYPE1.SHP", "TYPE1.SEQ", "MON.SHP", "MON.SEQ"] {
        files.push(test_support::retail_file(test, name)?);
    }
    for name in ["RAMUZA.SPR", "BEHI.SPR", "BEHI2.SP2"] {
        files.push(test_support::sheet(test, name)?);
    }
    Some(files)
}

#[test]
fn the_static_page_draws_the_users_files_as_render_does() {
    let test = "the_static_page_draws_the_users_files_as_render_does";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return;
    }
    let Some(battle) = battle_files(test) else {
        return;
    };
    let work = test_support::temp_dir("web_page");
    let site = work.join("site");
    test_support::web::write_site(&site).unwrap_or_else(|e| panic!("{test}: {e}"));

    let mut browser = Browser::launch(&chromium);
    let url = format!("file://{}", site.join("index.html").display());
    browser.open(&url, "typeof window.page === 'object'");
    let document = browser.call("DOM.getDocument", json!({}));
    let input = browser.call(
        "DOM.querySelector",
        json!({"nodeId": document["root"]["nodeId"], "selector": "#files"}),
    );
    // Chromium cannot read a file given by a path with `..` in it (CI's variables hold such
    // paths): each is given as the absolute path it resolves to.
    let paths: Vec<String> = battle
        .iter()
        .map(|p| {
            let real = std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            real.display().to_string()
        })
        .collect();
    browser.call(
        "DOM.setFileInputFiles",
        json!({"files": paths, "nodeId": input["nodeId"]}),
    );
    let started = std::time::Instant::now();
    while browser.evaluate("window.page.ready") != json!(true) {
        let said = browser.evaluate("document.getElementById('status').textContent");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the page did not read the files: {said}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(browser.evaluate(HARNESS), json!(true));

    let sheet_of = |name: &str| {
        battle
            .iter()
            .find(|p| {
                sprite_inputs::GameName::parse(name)
                    .is_named(&p.file_name().unwrap().to_string_lossy())
            })
            .expect("given")
            .display()
            .to_string()
    };
    for (kind, sheet, sp2, animation, view) in [
        ("type1", "RAMUZA.SPR", None, "Walk", 1),
        ("type1", "RAMUZA.SPR", None, "Swing High", 1),
        ("mon", "BEHI.SPR", Some("BEHI2.SP2"), "Walk", 3),
        // Its lower-half tiles cut from the SP2 (crates/tactics-sprite/tests/browser/js.rs).
        ("mon", "BEHI.SPR", Some("BEHI2.SP2"), "Bomb Explode", 3),
    ] {
        let out = work.join(format!("{kind}-{}.apng", animation.replace(' ', "-")));
        let doc = test_support::fixtures::document(kind).display().to_string();
        let (sheet, view_text) = (sheet_of(sheet), view.to_string());
        let mut args = vec![
            "render",
            "--data",
            &doc,
            "--sheet",
            &sheet,
            "--animation",
            animation,
            "--view",
            &view_text,
            "--scale",
            "2",
        ];
        let sp2 = sp2.map(sheet_of);
        if let Some(sp2) = &sp2 {
            args.extend(["--sp2", sp2]);
        }
        let out_text = out.display().to_string();
        args.extend(["-o", &out_text]);
        let status = Command::new(BIN)
            .args(&args)
            .stdout(Stdio::null())
            .status()
            .expect("tactics-sprite runs");
        assert!(status.success(), "tactics-sprite {args:?} failed");
        let expected = frames(&std::fs::read(&out).expect("the render"));
        assert!(
            expected.iter().any(|(_, want)| want.width > 0),
            "{kind} {animation}: the render drew nothing"
        );
        for (tick, want) in &expected {
            let got = browser.evaluate(&format!(
                "window.cutPose({}, {}, {view}, {tick}, 2)",
                json!(kind),
                json!(animation)
            ));
            let got = Cut {
                width: got["width"].as_u64().expect("a width") as u32,
                height: got["height"].as_u64().expect("a height") as u32,
                rgba: decode_base64(got["rgba"].as_str().expect("pixels")),
            };
            assert_eq!(
                (got.width, got.height),
                (want.width, want.height),
                "{kind} {animation} at tick {tick}: the page's picture is {} x {}, the render's {} x {}",
                got.width,
                got.height,
                want.width,
                want.height
            );
            let differing = got
                .rgba
                .chunks(4)
                .zip(want.rgba.chunks(4))
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(
                differing, 0,
                "{kind} {animation} view {view} at tick {tick}: {differing} pixels differ"
            );
        }
        println!(
            "{kind} {animation} view {view}: the page is the render pixel for pixel on {} pictures",
            expected.len()
        );
    }
    // The page's "Save APNG" and "Save GIF": TYPE1's Walk in view 1, the bytes `render` writes.
    let doc = test_support::fixtures::document("type1")
        .display()
        .to_string();
    let sheet = sheet_of("RAMUZA.SPR");
    browser.evaluate(
        "document.getElementById('kind').value = 'type1'; \
         document.getElementById('animation').value = 'Walk'; \
         document.getElementById('view').value = '1'; true",
    );
    for format in ["apng", "gif"] {
        let out = work.join(format!("walk.{format}"));
        let out_text = out.display().to_string();
        let status = Command::new(BIN)
            .args([
                "render",
                "--data",
                &doc,
                "--sheet",
                &sheet,
                "--animation",
                "Walk",
            ])
            .args(["--view", "1", "-o", &out_text])
            .stdout(Stdio::null())
            .status()
            .expect("tactics-sprite runs");
        assert!(
            status.success(),
            "tactics-sprite render -o {out_text} failed"
        );
        let got = browser.evaluate(&format!(
            "(() => {{ const {{ bytes }} = window.page.animated('{format}'); let t = ''; \
             for (let i = 0; i < bytes.length; i += 0x8000) t += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); \
             return btoa(t); }})()"
        ));
        let got = decode_base64(got.as_str().expect("base64"));
        assert!(
            got == std::fs::read(&out).expect("the render"),
            "the page's {format} of TYPE1's Walk is not render's ({} bytes)",
            got.len()
        );
        println!(
            "the page's {format} is render's, byte for byte ({} bytes)",
            got.len()
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// A disc image of the retail files, padded to 512 MiB as a disc is long, given to the page's
/// file input: its BATTLE folder is read in place (`File.slice`), and the module's memory,
/// measured by the page before and after, grows by far less than the image.
#[test]
fn the_static_page_reads_a_disc_image_in_place() {
    let test = "the_static_page_reads_a_disc_image_in_place";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return;
    }
    for name in ["TYPE1.SHP", "TYPE1.SEQ", "MON.SHP", "MON.SEQ"] {
        if test_support::retail_file(test, name).is_none() {
            return;
        }
    }
    for name in ["RAMUZA.SPR", "BEHI.SPR"] {
        if test_support::sheet(test, name).is_none() {
            return;
        }
    }
    let Some((image, _)) = test_support::disc::padded_image(test, 512 << 20) else {
        return;
    };
    let image_len = std::fs::metadata(&image).expect("the image").len();
    let work = test_support::temp_dir("web_page_disc");
    let site = work.join("site");
    test_support::web::write_site(&site).unwrap_or_else(|e| panic!("{test}: {e}"));

    let mut browser = Browser::launch(&chromium);
    let url = format!("file://{}", site.join("index.html").display());
    browser.open(&url, "typeof window.page === 'object'");
    let document = browser.call("DOM.getDocument", json!({}));
    let input = browser.call(
        "DOM.querySelector",
        json!({"nodeId": document["root"]["nodeId"], "selector": "#files"}),
    );
    let real = std::fs::canonicalize(&image).expect("the image's path");
    browser.call(
        "DOM.setFileInputFiles",
        json!({"files": [real.display().to_string()], "nodeId": input["nodeId"]}),
    );
    let started = std::time::Instant::now();
    while browser.evaluate("window.page.ready") != json!(true) {
        let said = browser.evaluate("document.getElementById('status').textContent");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the page did not read the image: {said}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let took = started.elapsed();
    let kinds =
        browser.evaluate("Array.from(document.getElementById('kind').options, (o) => o.value)");
    for kind in ["type1", "mon"] {
        assert!(
            kinds.as_array().expect("a list").contains(&json!(kind)),
            "{kind} is not listed from the image: {kinds}"
        );
    }
    let memory = browser.evaluate("window.page.memory");
    let before = memory["before"].as_u64().expect("before");
    let after = memory["after"].as_u64().expect("after");
    assert!(image_len > 512 << 20, "the image is {image_len} bytes");
    // What the reading holds at once is a file's sectors (8 MiB at most); the sprite files read
    // are kept, and are a few MiB.
    assert!(
        after - before < 32 << 20,
        "the module's memory grew from {before} to {after} bytes reading a {image_len}-byte image"
    );
    println!(
        "a {image_len}-byte image read in place in {took:?}: the module's memory {before} bytes \
         before, {after} after"
    );
    let _ = std::fs::remove_file(&image);
    let _ = std::fs::remove_dir_all(&work);
}
