//! The viewer page in a real browser: headless Chromium, driven over the DevTools protocol.
//!
//! (a) `/pose.js`, the JavaScript `poseAt`, run in the page over every animation (and Idle) of
//! every served kind, views 0-7, ticks up to two loops (and in water at each loop's start), each
//! pose compared with `/api/v1/draw`'s line, which the `serve` tests hold to `tactics-sprite
//! draw`; (b) a screenshot of the viewer's canvas at a known pose compared pixel for pixel with
//! `tactics-sprite render --frame` of the same frame.
//!
//! With the retail files (`FFT_ORIGINALS`) it serves every kind; without them, the demo. Without
//! Chromium it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or `FFT_REQUIRE_BROWSER=1`
//! requires it (as `.ci/run` does, after installing Debian's `chromium`).

mod serve_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve_support::{Server, escape};
use test_support::browser::{Browser, REQUIRE_BROWSER_VAR, browser_required, find_chromium};

/// The viewer's canvas background (`BACKGROUND` in viewer.js).
const BACKGROUND: &str = "#5a6e5a";
const BACKGROUND_RGB: [u8; 3] = [0x5a, 0x6e, 0x5a];

/// Opens `url` and waits for the viewer to say it has drawn.
fn open_viewer(browser: &mut Browser, url: &str) {
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

/// A PNG's pixels as RGB rows, and its size.
fn rgb(png_bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    let channels = info.color_type.samples();
    let pixels = buffer[..info.buffer_size()]
        .chunks(channels)
        .map(|p| match channels {
            1 | 2 => [p[0], p[0], p[0]],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    (info.width, info.height, pixels)
}

/// The part of a picture that is not background: its size and pixels.
fn content(png_bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let (width, height, pixels) = rgb(png_bytes);
    let at = |x: u32, y: u32| pixels[(y * width + x) as usize];
    let (mut left, mut top, mut right, mut bottom) = (width, height, 0, 0);
    for y in 0..height {
        for x in 0..width {
            if at(x, y) != BACKGROUND_RGB {
                left = left.min(x);
                top = top.min(y);
                right = right.max(x + 1);
                bottom = bottom.max(y + 1);
            }
        }
    }
    assert!(left < right, "the picture is all background");
    let cut = (top..bottom)
        .flat_map(|y| (left..right).map(move |x| (x, y)))
        .map(|(x, y)| at(x, y))
        .collect();
    (right - left, bottom - top, cut)
}

/// Runs pose.js in the page over one kind: every animation and Idle, views 0-7, every tick up to
/// two loops (and in water at each loop's start). Keeps `[query, line]` pairs in the page (a
/// `/api/v1/draw` query and pose.js's line for it) and returns how many.
const POSES: &str = r#"
(async (kind) => {
  const { pose, totalTicks, isBackView, IDLE } = await import('/pose.js');
  const doc = await (await fetch(`/api/v1/data?kind=${kind}`)).json();
  const lines = [];
  for (const motion of [{ name: IDLE }, ...doc.animations]) {
    for (let view = 0; view < 8; view++) {
      let total = 0;
      if (motion.name !== IDLE) {
        total = totalTicks(doc.sequences[isBackView(view) ? motion.back : motion.front]);
      }
      const loop = Math.max(total, 1);
      const moments = [];
      for (let tick = 0; tick <= 2 * loop; tick++) moments.push([tick, false]);
      for (let tick = 0; tick <= 2 * loop; tick += loop) moments.push([tick, true]);
      for (const [tick, water] of moments) {
        const query = `kind=${kind}&animation=${encodeURIComponent(motion.name)}&view=${view}` +
          `&tick=${tick}${water ? '&water=1' : ''}`;
        let line;
        try {
          line = JSON.stringify(pose(doc, motion.name, view, tick, water)) + '\n';
        } catch (error) {
          line = `pose.js threw: ${error.message}`;
        }
        lines.push([query, line]);
      }
    }
  }
  window.poseLines = lines;
  return lines.length;
})"#;

/// The names the format description's runtime exports that pose.js has too (the rest, such as
/// `createPlayer` and `drawPose`, belong to a renderer); evaluates to those missing.
const RUNTIME_NAMES: &str = r#"
(async () => {
  const m = await import('/pose.js');
  return ['createAtlas', 'findAnimation', 'poseAt', 'eventsBetween', 'cameraStep', 'viewOf',
    'isBackView', 'isMirroredView', 'FACING', 'FACING_X', 'FACING_Z', 'TICKS_PER_SECOND']
    .filter((name) => !(name in m));
})()"#;

/// How many pose lines one evaluation hands back.
const CHUNK: usize = 4000;

/// Compares pose.js's lines for `kind` with `/api/v1/draw`: how many poses agreed.
fn compare_kind(browser: &mut Browser, server: &Server, kind: &str) -> usize {
    let count = browser
        .evaluate(&format!("{POSES}({})", json!(kind)))
        .as_u64()
        .expect("a count") as usize;
    assert!(count > 0, "{kind}: no pose to compare");
    let mut agreed = 0;
    for start in (0..count).step_by(CHUNK) {
        let chunk = browser.evaluate(&format!(
            "window.poseLines.slice({start}, {})",
            start + CHUNK
        ));
        let pairs: Vec<(String, String)> = chunk
            .as_array()
            .expect("a list")
            .iter()
            .map(|pair| {
                (
                    pair[0].as_str().expect("a query").to_owned(),
                    pair[1].as_str().expect("a line").to_owned(),
                )
            })
            .collect();
        // Two keep-alive connections, each half of the chunk.
        let half = pairs.len().div_ceil(2);
        agreed += std::thread::scope(|scope| {
            let workers: Vec<_> = pairs
                .chunks(half.max(1))
                .map(|part| {
                    scope.spawn(move || {
                        let mut connection = server.connect();
                        for (query, line) in part {
                            let answer =
                                connection.request("GET", &format!("/api/v1/draw?{query}"), &[]);
                            assert!(
                                answer.status == 200 && answer.body == line.as_bytes(),
                                "pose.js disagrees with /api/v1/draw?{query}:\n\
                                 api     {}\npose.js {line}",
                                answer.text()
                            );
                        }
                        part.len()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a comparison thread"))
                .sum::<usize>()
        });
    }
    agreed
}

#[test]
fn pose_js_agrees_with_the_api_and_the_canvas_with_render() {
    let test = "pose_js_agrees_with_the_api_and_the_canvas_with_render";
    let Some(chromium) = find_chromium() else {
        assert!(
            !browser_required(),
            "{test}: no chromium on the PATH (or $CHROMIUM), and FFT_REQUIRE_ORIGINALS=1 or \
             {REQUIRE_BROWSER_VAR}=1 requires it: apt-get install chromium"
        );
        let _: Option<()> = test_support::skip(
            test,
            "no chromium on the PATH (apt-get install chromium, or set $CHROMIUM)",
        );
        return;
    };
    // Every kind with the retail files, else the demo (the browser part needs no game file).
    let originals = test_support::originals_folder().ok();
    let sheets = test_support::sheets_folder().ok();
    let mut args: Vec<String> = Vec::new();
    if let Some(dir) = &originals {
        args.extend(["--originals".into(), dir.display().to_string()]);
    }
    if let Some(dir) = &sheets {
        args.extend(["--sheets".into(), dir.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(&args, &[]);
    let kinds: Vec<String> = server
        .get("/api/v1/kinds")
        .json()
        .as_array()
        .expect("a list")
        .iter()
        .map(|k| k["kind"].as_str().expect("a name").to_owned())
        .collect();
    // With every retail file, every unit kind; a partial folder serves the kinds it holds.
    let complete = test_support::RETAIL_FILES.iter().all(|file| {
        originals
            .as_ref()
            .is_some_and(|dir| test_support::find_by_either_name(dir, file.disc_name).is_some())
    });
    if complete {
        assert_eq!(kinds.len(), 8, "every kind is served: {kinds:?}");
    }
    let base = format!("http://{}", server.addr);
    let mut browser = Browser::launch(&chromium);

    // (a) pose.js against /api/v1/draw, kind by kind.
    open_viewer(&mut browser, &format!("{base}/?paused=1"));
    let mut total = 0;
    for kind in &kinds {
        let started = Instant::now();
        let agreed = compare_kind(&mut browser, &server, kind);
        println!(
            "{kind}: pose.js agrees with /api/v1/draw on all {agreed} poses ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
        total += agreed;
    }
    println!(
        "pose.js agrees with /api/v1/draw on {total} poses over {} kinds",
        kinds.len()
    );

    // pose.js exports the format description's runtime names where they overlap, and finds
    // names in any case as `draw` does.
    let missing = browser.evaluate(RUNTIME_NAMES);
    assert_eq!(
        missing,
        json!([]),
        "pose.js lacks the runtime's exports {missing}"
    );
    let (kind, name) = if kinds.iter().any(|k| k == "type1") {
        ("type1", "swing high")
    } else {
        (kinds[0].as_str(), "walk")
    };
    let line = browser.evaluate(&format!(
        "(async () => {{ const m = await import('/pose.js'); \
         const doc = m.createAtlas(await (await fetch('/api/v1/data?kind={kind}')).json()); \
         return JSON.stringify(m.poseAt(doc, m.findAnimation(doc, '{name}'), 1, 18)) + '\\n'; }})()"
    ));
    let api = server.get(&format!(
        "/api/v1/draw?kind={kind}&animation={}&view=1&tick=18",
        escape(name)
    ));
    assert_eq!(
        line.as_str(),
        Some(String::from_utf8_lossy(&api.body).as_ref()),
        "poseAt(createAtlas(doc), findAnimation(doc, {name:?}), 1, 18)"
    );

    // (b) the canvas at a known pose against `tactics-sprite render --frame` of its frame.
    let (kind, animation, view, tick) = if kinds.iter().any(|k| k == "type1") {
        ("type1", "Swing High", 1, 18)
    } else {
        (kinds[0].as_str(), "Walk", 1, 3)
    };
    let scale = 2;
    open_viewer(
        &mut browser,
        &format!(
            "{base}/?kind={kind}&animation={}&view={view}&tick={tick}&paused=1&scale={scale}",
            escape(animation)
        ),
    );
    let rect = browser.evaluate(
        "(() => { const r = document.getElementById('canvas').getBoundingClientRect(); \
         return [r.x, r.y, r.width, r.height]; })()",
    );
    let rect: Vec<f64> = rect
        .as_array()
        .expect("a rectangle")
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect();
    let shot = browser.screenshot(Some([rect[0], rect[1], rect[2], rect[3]]));
    let page = browser.screenshot(None);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("viewer-page.png"), &page).expect("writes the page's screenshot");
    println!("the page: {}", dir.join("viewer-page.png").display());

    let pose = server
        .get(&format!(
            "/api/v1/draw?kind={kind}&animation={}&view={view}&tick={tick}",
            escape(animation)
        ))
        .json();
    let shp = pose["shp"].as_u64().expect("a frame");
    let work = test_support::temp_dir("viewer_browser");
    let doc_path = work.join("doc.json");
    std::fs::write(
        &doc_path,
        server.get(&format!("/api/v1/data?kind={kind}")).body,
    )
    .expect("writes the document");
    // The sheet exactly as the server draws it: the SPR file, or the synthetic PNG.
    let sheet_path = match server
        .get("/api/v1/kinds")
        .json()
        .as_array()
        .and_then(|list| list.iter().find(|k| k["kind"] == json!(kind)))
        .and_then(|k| k["sheet"].as_str().map(str::to_owned))
        .as_deref()
    {
        Some("spr") => {
            let file = sprite_data_sheet_file(&doc_path);
            let dir = sheets
                .clone()
                .expect("an SPR sheet came from the sheets folder");
            find_file(&dir, &file)
        }
        _ => {
            let path = work.join("sheet.png");
            std::fs::write(
                &path,
                server.get(&format!("/api/v1/sheet.png?kind={kind}")).body,
            )
            .expect("writes the sheet");
            path
        }
    };
    let out = work.join("frame.png");
    let status = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["render", "--data"])
        .arg(&doc_path)
        .arg("--sheet")
        .arg(&sheet_path)
        .args(["--frame", &shp.to_string(), "--scale", &scale.to_string()])
        .args(["--background", BACKGROUND, "-o"])
        .arg(&out)
        .stdout(Stdio::null())
        .status()
        .expect("render runs");
    assert!(status.success(), "render --frame {shp} failed");
    let rendered = std::fs::read(&out).expect("the render");
    let (sw, sh, screen) = content(&shot);
    let (rw, rh, render) = content(&rendered);
    assert_eq!(
        (sw, sh),
        (rw, rh),
        "the canvas's drawing of {kind} {animation:?} view {view} tick {tick} (frame {shp}) is \
         {sw} x {sh}, render --frame's {rw} x {rh}"
    );
    let differing = screen.iter().zip(&render).filter(|(a, b)| a != b).count();
    assert_eq!(
        differing,
        0,
        "{differing} of {} pixels differ between the canvas and render --frame {shp}",
        screen.len()
    );
    println!(
        "the canvas at {kind} {animation:?} view {view} tick {tick} is render --frame {shp}, pixel for pixel ({sw} x {sh})"
    );
    let _ = std::fs::remove_dir_all(&work);
}

/// The document's `sheet.file`.
fn sprite_data_sheet_file(doc: &Path) -> String {
    let doc: Value = serde_json::from_slice(&std::fs::read(doc).expect("reads")).expect("JSON");
    doc["sheet"]["file"]
        .as_str()
        .expect("a file name")
        .to_owned()
}

/// `name` in `dir`, or its remaster name (`battle_<stem>_<ext>.bin`), any case.
fn find_file(dir: &Path, name: &str) -> PathBuf {
    let lower = name.to_ascii_lowercase();
    let remaster = lower
        .split_once('.')
        .map(|(stem, ext)| format!("battle_{stem}_{ext}.bin"))
        .unwrap_or_default();
    std::fs::read_dir(dir)
        .expect("the sheets folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .map(|f| f.to_string_lossy().to_ascii_lowercase())
                .is_some_and(|f| f == lower || f == remaster)
        })
        .unwrap_or_else(|| panic!("{name} is not in {}", dir.display()))
}
