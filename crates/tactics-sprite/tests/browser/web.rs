//! The static page of `cargo xtask web` (`test_support::web`), `serve`'s viewer opened alone, in
//! headless Chromium from disk (`file://`, no server): the retail BATTLE files given to its file
//! input are read through the WebAssembly module, and the viewer's canvas is held pixel for pixel
//! to `tactics-sprite render` (`--background` the viewer's) of the committed documents with the
//! same sheets, at every picture: TYPE1's Walk and Swing High in view 1, and MON's Walk and Bomb
//! Explode in view 3, the latter's lower half from its SP2 (BEHI2.SP2, coloured by BEHI.SPR). Its
//! "Save APNG" and "Save GIF" are `render -o`'s bytes, its timeline the document's steps.
//!
//! Skipped, loudly, without Chromium (unless required), without the WebAssembly toolchain
//! (`test_support::wasm`), or without the retail files and sheets (unless required).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use test_support::browser::{Browser, PngFrame, chromium_or_skip, decode_base64, png_frames};

use crate::viewer_support::{BACKGROUND, viewer_canvas};

const BIN: &str = env!("CARGO_BIN_EXE_tactics-sprite");

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

/// Whether this test can run: Chromium and the WebAssembly toolchain (else SKIPPED).
fn browser_and_toolchain(test: &str) -> Option<PathBuf> {
    let chromium = chromium_or_skip(test)?;
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return None;
    }
    Some(chromium)
}

/// The static folder, written into `work`.
fn site(test: &str, work: &Path) -> PathBuf {
    let site = work.join("site");
    test_support::web::write_site(&site).unwrap_or_else(|e| panic!("{test}: {e}"));
    site
}

/// Each path as the absolute path it resolves to: Chromium cannot read a file given by a path
/// with `..` in it (CI's variables hold such paths).
fn absolute(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .map(|p| {
            let real = std::fs::canonicalize(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            real.display().to_string()
        })
        .collect()
}

/// Gives the page's file input `files`, as a user picking them does.
fn give(browser: &mut Browser, files: &[PathBuf]) {
    let document = browser.call("DOM.getDocument", json!({}));
    let input = browser.call(
        "DOM.querySelector",
        json!({"nodeId": document["root"]["nodeId"], "selector": "#files"}),
    );
    browser.call(
        "DOM.setFileInputFiles",
        json!({"files": absolute(files), "nodeId": input["nodeId"]}),
    );
}

/// Waits (60 s at most) until `expression` is true, saying the page's status otherwise.
fn wait_for(browser: &mut Browser, expression: &str, what: &str) -> Duration {
    let started = Instant::now();
    while browser.evaluate(expression) != json!(true) {
        let said = browser.evaluate("document.getElementById('status').textContent");
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{what}: the page says {said}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    started.elapsed()
}

/// Opens the static page from disk with `query` (the viewer's address: where it starts), gives
/// it `files`, and waits until it has drawn them.
fn open_with(browser: &mut Browser, site: &Path, query: &str, files: &[PathBuf]) {
    let url = format!("file://{}?{query}", site.join("index.html").display());
    browser.open(&url, "typeof window.viewer === 'object'");
    give(browser, files);
    wait_for(
        browser,
        "document.body.dataset.ready === '1'",
        "the page did not draw the files",
    );
}

/// Runs the command line, which must succeed.
fn run(args: &[&str]) {
    let status = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .status()
        .expect("tactics-sprite runs");
    assert!(status.success(), "tactics-sprite {args:?} failed");
}

/// The viewer's canvas, from tick 0, held at the tick each picture of `tactics-sprite render
/// ARGS --scale 2 --background` starts at (its APNG) to that picture of its strip (its PNG),
/// pixel for pixel, its size included: `args` name the document, the animation, the view and
/// the sheets, the page shows the same at scale 2. Returns how many pictures were compared.
fn compare_with_render(browser: &mut Browser, work: &Path, name: &str, args: &[&str]) -> usize {
    let [strip, apng] = ["png", "apng"].map(|ext| work.join(format!("{name}.{ext}")));
    for out in [&strip, &apng] {
        let out = out.display().to_string();
        let mut all = vec!["render"];
        all.extend(args);
        all.extend(["--scale", "2", "--background", BACKGROUND, "-o", &out]);
        run(&all);
    }
    let starts: Vec<u64> = png_frames(&read(&apng)).iter().map(|f| f.tick).collect();
    let strip = png_frames(&read(&strip)).remove(0);
    let width = strip.width / starts.len() as u32;
    assert_eq!(
        width * starts.len() as u32,
        strip.width,
        "{name}: not a strip"
    );
    browser.evaluate("document.getElementById('restart').click(); true");
    let mut at = 0;
    for (k, &tick) in starts.iter().enumerate() {
        browser.evaluate(&format!(
            "(() => {{ for (let i = 0; i < {}; i++) document.getElementById('forward').click(); \
             return true; }})()",
            tick - at
        ));
        at = tick;
        let canvas = viewer_canvas(browser);
        let want = columns(&strip, width * k as u32, width);
        assert_eq!(
            (canvas.width, canvas.height),
            (want.width, want.height),
            "{name} at tick {tick}: the page's canvas is {} x {}, render's picture {} x {}",
            canvas.width,
            canvas.height,
            want.width,
            want.height
        );
        let differing = canvas
            .rgba
            .chunks(4)
            .zip(want.rgba.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            differing, 0,
            "{name} at tick {tick}: {differing} pixels differ"
        );
    }
    starts.len()
}

/// Columns `left .. left + width` of a picture.
fn columns(picture: &PngFrame, left: u32, width: u32) -> PngFrame {
    let mut rgba = Vec::new();
    for y in 0..picture.height {
        let row = (y * picture.width + left) as usize * 4;
        rgba.extend_from_slice(&picture.rgba[row..row + width as usize * 4]);
    }
    PngFrame {
        tick: picture.tick,
        width,
        height: picture.height,
        rgba,
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The bytes of the last file the page saved (`window.viewer.saved`), once it has saved one
/// named otherwise than `before`.
fn saved(browser: &mut Browser, before: &Value) -> (String, Vec<u8>) {
    let named = format!(
        "window.viewer.saved !== null && window.viewer.saved.name !== {before} \
         && window.viewer.saved.bytes.length > 0"
    );
    wait_for(browser, &named, "the page saved nothing");
    let got = browser.evaluate(
        "(() => { const { name, bytes } = window.viewer.saved; let t = ''; \
         for (let i = 0; i < bytes.length; i += 0x8000) t += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); \
         return { name, bytes: btoa(t) }; })()",
    );
    (
        got["name"].as_str().expect("a name").to_owned(),
        decode_base64(got["bytes"].as_str().expect("base64")),
    )
}

#[test]
fn the_static_page_draws_the_users_files_as_render_does() {
    let test = "the_static_page_draws_the_users_files_as_render_does";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let Some(battle) = battle_files(test) else {
        return;
    };
    let work = test_support::temp_dir("web_page");
    let site = site(test, &work);
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
    let mut browser = Browser::launch(&chromium);
    for (kind, sheets, animation, view) in [
        ("type1", &["RAMUZA.SPR"][..], "Walk", 1),
        ("type1", &["RAMUZA.SPR"][..], "Swing High", 1),
        ("mon", &["BEHI.SPR", "BEHI2.SP2"][..], "Walk", 3),
        // Its lower-half tiles cut from the SP2 (crates/tactics-sprite/tests/browser/js.rs).
        ("mon", &["BEHI.SPR", "BEHI2.SP2"][..], "Bomb Explode", 3),
    ] {
        let query = format!(
            "kind={kind}&animation={}&view={view}&scale=2&paused=1",
            animation.replace(' ', "%20")
        );
        open_with(&mut browser, &site, &query, &battle);
        let doc = test_support::fixtures::document(kind).display().to_string();
        let view_text = view.to_string();
        let mut args = vec![
            "--data",
            &doc,
            "--animation",
            animation,
            "--view",
            &view_text,
        ];
        let sheets: Vec<String> = sheets.iter().map(|s| sheet_of(s)).collect();
        for (flag, sheet) in ["--sheet", "--sp2"].iter().zip(&sheets) {
            args.extend([*flag, sheet.as_str()]);
        }
        let name = format!("{kind}-{}-{view}", animation.replace(' ', "-"));
        let pictures = compare_with_render(&mut browser, &work, &name, &args);
        println!(
            "{kind} {animation} view {view}: the page is the render pixel for pixel on {pictures} pictures"
        );
    }

    // The timeline of TYPE1's Walk is the document's steps: each span its step's ticks.
    open_with(
        &mut browser,
        &site,
        "kind=type1&animation=Walk&view=1&paused=1",
        &battle,
    );
    let doc: Value = serde_json::from_slice(&read(&test_support::fixtures::document("type1")))
        .expect("the document");
    let walk = doc["animations"]
        .as_array()
        .expect("animations")
        .iter()
        .find(|a| a["name"] == "Walk")
        .expect("TYPE1 has Walk");
    let front = walk["front"].as_u64().expect("a sequence") as usize;
    let ticks: Vec<String> = doc["sequences"][front]["ticks"]
        .as_array()
        .expect("ticks")
        .iter()
        .map(|t| t.to_string())
        .collect();
    let shown = browser.evaluate(
        "(() => { const t = document.getElementById('timeline'); \
         return t.hidden || t.getClientRects().length === 0 ? null : t.dataset.ticks; })()",
    );
    assert_eq!(
        shown,
        json!(ticks.join(",")),
        "the timeline of TYPE1's Walk is not shown as its steps"
    );

    // "Save APNG" and "Save GIF": TYPE1's Walk in view 1, the bytes `render -o` writes.
    let doc = test_support::fixtures::document("type1")
        .display()
        .to_string();
    let sheet = sheet_of("RAMUZA.SPR");
    for format in ["apng", "gif"] {
        let out = work.join(format!("walk.{format}"));
        let out_text = out.display().to_string();
        run(&[
            "render",
            "--data",
            &doc,
            "--sheet",
            &sheet,
            "--animation",
            "Walk",
            "--view",
            "1",
            "-o",
            &out_text,
        ]);
        let before = browser.evaluate("window.viewer.saved && window.viewer.saved.name");
        browser.evaluate(&format!(
            "document.getElementById('save-{format}').click(); true"
        ));
        let (name, got) = saved(&mut browser, &before);
        assert!(
            got == read(&out),
            "the page's {name} of TYPE1's Walk is not render's ({} bytes)",
            got.len()
        );
        println!(
            "the page's {name} is render's, byte for byte ({} bytes)",
            got.len()
        );
    }
    // "Save Aseprite": NAME.png and NAME.json as `export-aseprite` writes them.
    let out = work.join("aseprite");
    let out_text = out.display().to_string();
    run(&[
        "export-aseprite",
        "--data",
        &doc,
        "--sheet",
        &sheet,
        "--out",
        &out_text,
    ]);
    browser.evaluate(
        "window.viewer.saves = []; document.getElementById('save-aseprite').click(); true",
    );
    wait_for(
        &mut browser,
        "window.viewer.saves.length === 2",
        "the page did not save the export's two files",
    );
    for k in 0..2 {
        let got = browser.evaluate(&format!(
            "(() => {{ const {{ name, bytes }} = window.viewer.saves[{k}]; let t = ''; \
             for (let i = 0; i < bytes.length; i += 0x8000) t += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); \
             return {{ name, bytes: btoa(t) }}; }})()"
        ));
        let name = got["name"].as_str().expect("a name");
        let want = read(&out.join(name));
        assert!(
            decode_base64(got["bytes"].as_str().expect("base64")) == want,
            "the page's {name} is not export-aseprite's"
        );
        println!(
            "the page's {name} is export-aseprite's, byte for byte ({} bytes)",
            want.len()
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
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
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
    let site = site(test, &work);

    let mut browser = Browser::launch(&chromium);
    let url = format!("file://{}", site.join("index.html").display());
    browser.open(&url, "typeof window.viewer === 'object'");
    give(&mut browser, std::slice::from_ref(&image));
    let took = wait_for(
        &mut browser,
        "document.body.dataset.ready === '1'",
        "the page did not read the image",
    );
    let kinds =
        browser.evaluate("Array.from(document.getElementById('kind').options, (o) => o.value)");
    for kind in ["unit:type1", "unit:mon"] {
        assert!(
            kinds.as_array().expect("a list").contains(&json!(kind)),
            "{kind} is not listed from the image: {kinds}"
        );
    }
    let memory = browser.evaluate("window.viewer.memory");
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
        "a {image_len}-byte image read in place and drawn in {took:?}: the module's memory \
         {before} bytes before, {after} after"
    );
    let _ = std::fs::remove_file(&image);
    let _ = std::fs::remove_dir_all(&work);
}

/// Every file below `dir`, by its path from `under` with `/` between the parts.
fn tree(dir: &Path, under: &Path, out: &mut Vec<(String, Vec<u8>)>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            tree(&path, under, out);
        } else {
            let relative = path.strip_prefix(under).expect("below");
            let parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push((parts.join("/"), read(&path)));
        }
    }
}

/// "Download mod" in the page given the retail files, then an edit (BEHI.SPR with one colour
/// changed): its zip, read by Python's `zipfile` (each entry's CRC-32 checked), is path for path
/// and byte for byte the tree `tactics-sprite mod new` and `mod add` write on disk for the edit.
#[test]
fn the_static_pages_download_mod_is_mod_new_and_mod_add() {
    let test = "the_static_pages_download_mod_is_mod_new_and_mod_add";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let Some(battle) = battle_files(test) else {
        return;
    };
    let work = test_support::temp_dir("web_page_mod");
    let site = site(test, &work);
    let edit = work.join("edits").join("BEHI.SPR");
    std::fs::create_dir_all(edit.parent().expect("a folder")).expect("a folder");
    let behi = battle
        .iter()
        .find(|p| {
            sprite_inputs::GameName::parse("BEHI.SPR")
                .is_named(&p.file_name().unwrap().to_string_lossy())
        })
        .expect("BEHI.SPR is given");
    let mut spr = read(behi);
    // The first palette's second colour, one step redder: still a sheet, no longer retail.
    spr[2] ^= 1;
    std::fs::write(&edit, &spr).expect("writes the edit");
    let (id, name) = ("fftivc.sprites.page_test", "Page test");
    let disk = work.join("disk").join(id);
    let disk_text = disk.display().to_string();
    run(&["mod", "new", &disk_text, "--id", id, "--name", name]);
    run(&["mod", "add", &disk_text, &edit.display().to_string()]);

    let mut browser = Browser::launch(&chromium);
    open_with(&mut browser, &site, "kind=mon&paused=1", &battle);
    give(&mut browser, std::slice::from_ref(&edit));
    wait_for(
        &mut browser,
        "document.body.dataset.generation === '1'",
        "the page did not take the edit",
    );
    browser.evaluate(&format!(
        "document.getElementById('mod-id').value = {}; \
         document.getElementById('mod-name').value = {}; \
         document.getElementById('download').click(); true",
        json!(id),
        json!(name)
    ));
    let (saved_name, zip) = saved(&mut browser, &Value::Null);
    assert_eq!(saved_name, format!("{id}.zip"));
    let zip_path = work.join("mod.zip");
    std::fs::write(&zip_path, &zip).expect("writes the zip");
    let listed = Command::new("python3")
        .args([
            "-c",
            "import base64, json, sys, zipfile\n\
             with zipfile.ZipFile(sys.argv[1]) as z:\n\
             \x20   assert z.testzip() is None, z.testzip()\n\
             \x20   print(json.dumps({i.filename: base64.b64encode(z.read(i)).decode() for i in z.infolist()}))",
        ])
        .arg(&zip_path)
        .output()
        .expect("python3 runs");
    assert!(
        listed.status.success(),
        "zipfile cannot read the page's zip: {}",
        String::from_utf8_lossy(&listed.stderr)
    );
    let listed: serde_json::Map<String, Value> =
        serde_json::from_slice(&listed.stdout).expect("JSON");
    let mut zipped: Vec<(String, Vec<u8>)> = listed
        .into_iter()
        .map(|(path, bytes)| (path, decode_base64(bytes.as_str().expect("base64"))))
        .collect();
    zipped.sort();
    let mut on_disk = Vec::new();
    tree(
        &disk,
        disk.parent().expect("the mods' folder"),
        &mut on_disk,
    );
    on_disk.sort();
    let paths =
        |tree: &[(String, Vec<u8>)]| tree.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(
        paths(&zipped),
        paths(&on_disk),
        "the zip's paths are not mod add's"
    );
    for ((path, got), (_, want)) in zipped.iter().zip(&on_disk) {
        assert!(got == want, "{path}: the zip's bytes are not mod add's");
    }
    assert!(
        zipped
            .iter()
            .any(|(p, _)| p.ends_with("/fftpack/unit/battle_behi_spr.bin")),
        "no sheet in the mod: {:?}",
        paths(&zipped)
    );
    println!(
        "the page's mod zip is mod new and mod add's tree: {:?}",
        paths(&zipped)
    );
    let _ = std::fs::remove_dir_all(&work);
}

/// The step spans the page's timeline shows, in ticks.
fn timeline_ticks(browser: &mut Browser) -> Vec<u64> {
    let ticks = browser.evaluate("document.getElementById('timeline').dataset.ticks || ''");
    ticks
        .as_str()
        .expect("text")
        .split(',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a tick count"))
        .collect()
}

/// The page given the retail files, then TYPE1.SEQ's text form (`disasm`'s) with Walk's first
/// delay six ticks longer, then RAMUZA.SPR's picture (`sheet export --palette 3`), each given
/// after the page has drawn: the walk is retimed at once, where it was, the page not reloaded,
/// and the text is shown with the command playing marked; then the walk is drawn from the
/// picture, pixel for pixel as `render` draws the edited text's document from it.
#[test]
fn the_static_page_redraws_an_edited_text_and_a_repainted_sheet_at_once() {
    let test = "the_static_page_redraws_an_edited_text_and_a_repainted_sheet_at_once";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let Some(battle) = battle_files(test) else {
        return;
    };
    let work = test_support::temp_dir("web_page_edits");
    let site = site(test, &work);
    let edits = work.join("edits");
    std::fs::create_dir_all(&edits).expect("a folder");
    let text_path = edits.join("type1.seq.txt");
    let picture = edits.join("RAMUZA.png");
    let given = |name: &str| {
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
    let (shp, seq, spr) = (given("TYPE1.SHP"), given("TYPE1.SEQ"), given("RAMUZA.SPR"));
    let text_out = text_path.display().to_string();
    run(&["disasm", &seq, "-o", &text_out]);
    let text = std::fs::read_to_string(&text_path).expect("the text");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    // Walk's front view is slot 6 (the TYPE1 profile's Walk: slots 6 and 7); its first command is
    // the line after `slot 6:`, a `Frame FRAME DELAY`.
    let slot = lines
        .iter()
        .position(|l| l.split(';').next().unwrap_or_default().trim() == "slot 6:")
        .expect("slot 6 in the text");
    let first = slot + 1;
    let words: Vec<String> = lines[first].split_whitespace().map(str::to_owned).collect();
    assert_eq!(
        words[0], "Frame",
        "slot 6 opens with a frame: {}",
        lines[first]
    );
    let delay: u64 = words[2].parse().expect("a delay");
    lines[first] = format!("    Frame {} {}", words[1], delay + 6);
    std::fs::write(&text_path, lines.join("\n") + "\n").expect("writes the edit");

    let mut browser = Browser::launch(&chromium);
    open_with(
        &mut browser,
        &site,
        "kind=type1&animation=Walk&view=1&tick=2&paused=1&scale=2",
        &battle,
    );
    let before = timeline_ticks(&mut browser);
    assert_eq!(
        before.first(),
        Some(&delay),
        "Walk's first step is not the text's delay"
    );
    browser.evaluate("window.notReloaded = true");
    give(&mut browser, std::slice::from_ref(&text_path));
    wait_for(
        &mut browser,
        "document.body.dataset.generation === '1'",
        "the page did not take the edited text",
    );
    let after = timeline_ticks(&mut browser);
    let mut expected = before.clone();
    expected[0] = delay + 6;
    assert_eq!(after, expected, "Walk's first step is not retimed");
    assert_eq!(
        after.iter().sum::<u64>(),
        before.iter().sum::<u64>() + 6,
        "Walk is not six ticks longer"
    );
    let kept = browser
        .evaluate("[window.notReloaded === true, document.getElementById('timeline').dataset.at]");
    assert_eq!(
        kept,
        json!([true, "2"]),
        "[not reloaded, the clock where it was]"
    );
    // The text form shown, the command playing at tick 2 (Walk's first frame) marked.
    let shown = browser.evaluate(
        "(() => { const panel = document.getElementById('source-panel'); \
         return [panel.getClientRects().length > 0, document.getElementById('source-file').textContent, \
         document.getElementById('source').dataset.line, document.getElementById('source').children.length]; })()",
    );
    assert_eq!(
        shown,
        json!([
            true,
            "type1.seq.txt",
            (first + 1).to_string(),
            text.split('\n').count()
        ]),
        "[the text shown, its name, the line marked, its lines]"
    );

    // The sheet's picture, in another palette's colours, given: drawn from at once.
    let picture_out = picture.display().to_string();
    run(&[
        "sheet",
        "export",
        &spr,
        "--palette",
        "3",
        "-o",
        &picture_out,
    ]);
    give(&mut browser, std::slice::from_ref(&picture));
    wait_for(
        &mut browser,
        "document.body.dataset.generation === '2'",
        "the page did not take the picture",
    );
    let edited = work.join("edited.json");
    let edited_out = edited.display().to_string();
    run(&[
        "build",
        "--shp",
        &shp,
        "--seq",
        &text_out,
        "--out",
        &edited_out,
    ]);
    let pictures = compare_with_render(
        &mut browser,
        &work,
        "edited-walk",
        &[
            "--data",
            &edited_out,
            "--sheet",
            &picture_out,
            "--animation",
            "Walk",
            "--view",
            "1",
        ],
    );
    println!(
        "an edited text retimed Walk ({before:?} to {after:?}) and a repainted sheet redrew it, \
         render's pixels on {pictures} pictures"
    );
    let _ = std::fs::remove_dir_all(&work);
}

/// The page given the retail files with the weapon and effect layers' (WEP1, EFF1) and the
/// weapons sheet (WEP.SPR), opened with `weapon=sword`: TYPE1's Swing High in view 1 holds it,
/// pixel for pixel as `render --weapon sword` draws it from the committed layer documents, and
/// the facts say which layers show.
#[test]
fn the_static_page_holds_a_weapon_as_render_does() {
    let test = "the_static_page_holds_a_weapon_as_render_does";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let Some(mut files) = battle_files(test) else {
        return;
    };
    for name in ["WEP1.SHP", "WEP1.SEQ", "EFF1.SHP", "EFF1.SEQ"] {
        let Some(file) = test_support::retail_file(test, name) else {
            return;
        };
        files.push(file);
    }
    let Some(weapons) = test_support::weapons_sheet(test) else {
        return;
    };
    files.push(weapons.clone());
    let work = test_support::temp_dir("web_page_weapon");
    let site = site(test, &work);
    let mut browser = Browser::launch(&chromium);
    open_with(
        &mut browser,
        &site,
        "kind=type1&animation=Swing%20High&view=1&weapon=sword&scale=2&paused=1",
        &files,
    );
    let spr = files
        .iter()
        .find(|p| {
            sprite_inputs::GameName::parse("RAMUZA.SPR")
                .is_named(&p.file_name().unwrap().to_string_lossy())
        })
        .expect("given")
        .display()
        .to_string();
    let doc = test_support::fixtures::document("type1")
        .display()
        .to_string();
    let wep1 = test_support::fixtures::layer("wep1").display().to_string();
    let eff1 = test_support::fixtures::layer("eff1").display().to_string();
    let weapons = weapons.display().to_string();
    let pictures = compare_with_render(
        &mut browser,
        &work,
        "type1-sword",
        &[
            "--data",
            &doc,
            "--sheet",
            &spr,
            "--animation",
            "Swing High",
            "--view",
            "1",
            "--weapon",
            "sword",
            "--weapon-sheet",
            &weapons,
            "--weapon-data",
            &wep1,
            "--effect-data",
            &eff1,
        ],
    );
    browser.evaluate("document.getElementById('restart').click(); for (let i = 0; i < 16; i++) document.getElementById('forward').click(); true");
    let facts = browser.evaluate("document.getElementById('facts').textContent");
    assert!(
        facts.as_str().is_some_and(|f| f.contains("sword: weapon")),
        "no weapon layer shows at tick 16: {facts}"
    );
    println!("TYPE1's Swing High with a sword: the page is render's pixels on {pictures} pictures");
    let _ = std::fs::remove_dir_all(&work);
}

/// The measure of the page's speed: from the game's BATTLE files given to the file input
/// (every retail SHP and SEQ there is, and every retail sheet) to the first frame drawn with
/// them, on the page's own clock (its measure `files-to-first-frame`, from the mark set as the
/// files are taken to the one set once the first frame is drawn): the module compiled, the files
/// read into it and listed, the first kind's document built, its sheet decoded and drawn.
/// Printed, not held to a bound: the time is the machine's, and this one is shared
/// (docs/performance.md, "WebAssembly", gives the figures).
#[test]
fn the_static_page_times_its_first_frame_from_the_battle_files() {
    let test = "the_static_page_times_its_first_frame_from_the_battle_files";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let mut battle: Vec<PathBuf> = std::fs::read_dir(&originals)
        .expect("the originals' folder reads")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    // The unit sheets are in one folder, the weapons' in another.
    for sheet in &test_support::RETAIL_SHEETS {
        let found = match sheet.disc_name {
            "WEP.SPR" => test_support::weapons_sheet(test),
            name => test_support::sheet(test, name),
        };
        let Some(path) = found else {
            return;
        };
        battle.push(path);
    }
    battle.sort();
    let bytes: u64 = battle
        .iter()
        .map(|p| std::fs::metadata(p).expect("a file").len())
        .sum();
    let work = test_support::temp_dir("web_page_first_frame");
    let site = site(test, &work);

    let mut browser = Browser::launch(&chromium);
    let url = format!("file://{}", site.join("index.html").display());
    browser.open(&url, "typeof window.viewer === 'object'");
    give(&mut browser, &battle);
    let measure = "performance.getEntriesByName('files-to-first-frame')";
    wait_for(
        &mut browser,
        &format!("{measure}.length === 1"),
        "the page drew no frame",
    );
    let took = browser.evaluate(&format!("{measure}[0].duration"));
    let took = took.as_f64().expect("a duration in milliseconds");
    let kinds =
        browser.evaluate("Array.from(document.getElementById('kind').options, (o) => o.value)");
    println!(
        "{} files ({bytes} bytes) given: the first frame drawn {took:.1} ms after, on the page's \
         clock; listed: {kinds}",
        battle.len()
    );
    assert!(took > 0.0, "{took} ms");
    let _ = std::fs::remove_dir_all(&work);
}

/// The page given TYPE1's files, RAMUZA.SPR, a pair of HD halves in the names of Ramza's first
/// pair (`tex_830.bin`, `tex_831.bin`: the squire's halves, copied under those names, since the
/// remaster's own are not among the test files) and `charclut.nxd`: opened with `hd=1` and
/// `variant=1`, the HD switch is on and Walk in view 1 is drawn pixel for pixel as `render
/// --sheet tex_830.bin --charclut charclut.nxd --variant 1` draws it from the same files.
#[test]
fn the_static_page_draws_an_hd_pair_in_ramzas_colours_as_render_does() {
    let test = "the_static_page_draws_an_hd_pair_in_ramzas_colours_as_render_does";
    let Some(chromium) = browser_and_toolchain(test) else {
        return;
    };
    let mut files = Vec::new();
    for name in ["TYPE1.SHP", "TYPE1.SEQ"] {
        let Some(file) = test_support::retail_file(test, name) else {
            return;
        };
        files.push(file);
    }
    let Some(ramza) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    files.push(ramza);
    let (Some(upper), Some(lower), Some(charclut)) = (
        test_support::hd_file(test, "tex_992.bin"),
        test_support::hd_file(test, "tex_993.bin"),
        test_support::nxd_file(test, "charclut.nxd"),
    ) else {
        return;
    };
    let work = test_support::temp_dir("web_page_hd");
    let pair = [work.join("tex_830.bin"), work.join("tex_831.bin")];
    std::fs::copy(&upper, &pair[0]).expect("copies the upper half");
    std::fs::copy(&lower, &pair[1]).expect("copies the lower half");
    files.extend(pair.iter().cloned());
    files.push(charclut.clone());
    let site = site(test, &work);
    let mut browser = Browser::launch(&chromium);
    open_with(
        &mut browser,
        &site,
        "kind=type1&hd=1&variant=1&animation=Walk&view=1&scale=2&paused=1",
        &files,
    );
    assert_eq!(
        browser.evaluate(
            "[document.getElementById('hd').checked, document.getElementById('variant').value]"
        ),
        json!([true, "1"]),
        "[the HD switch, the variant]: {}",
        browser.evaluate("document.getElementById('status').textContent")
    );
    let doc = test_support::fixtures::document("type1")
        .display()
        .to_string();
    let (sheet, charclut) = (
        pair[0].display().to_string(),
        charclut.display().to_string(),
    );
    let pictures = compare_with_render(
        &mut browser,
        &work,
        "type1-hd-walk",
        &[
            "--data",
            &doc,
            "--sheet",
            &sheet,
            "--charclut",
            &charclut,
            "--variant",
            "1",
            "--animation",
            "Walk",
            "--view",
            "1",
        ],
    );
    println!("an HD pair in Ramza's colours: the page is render's pixels on {pictures} pictures");
    let _ = std::fs::remove_dir_all(&work);
}
