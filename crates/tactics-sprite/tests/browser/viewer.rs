//! The viewer page in a real browser: headless Chromium, driven over the DevTools protocol.
//!
//! (a) The JavaScript package as the server sends it (`/tactics-sprite.mjs`, the package's own
//! file), run in the page over every animation (and Idle) of every served kind, views 0-7, ticks
//! up to two loops (and in water at each loop's start): `poseAt` into a `createPose` buffer,
//! each pose compared with `/api/v1/draw`'s line, which the `serve` tests hold to `tactics-sprite
//! draw`; and every export the format description names is there. (b) The viewer's canvas, read
//! back from the page, at every picture of an animation compared pixel for pixel, its size
//! included, with the same picture of `/api/v1/render.png` for the same parameters (which the
//! `serve` tests hold to `tactics-sprite render`): the viewer draws on the canvas render fits to
//! what it draws, with and without a weapon in hand.
//!
//! With the retail files (`FFT_ORIGINALS`) it serves every kind; without them, the demo (and no
//! weapon). Without Chromium it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or
//! `FFT_REQUIRE_BROWSER=1` requires it (as `.ci/run` does, after installing Debian's `chromium`).

use std::time::Instant;

use crate::serve_support::{Server, escape};
use crate::viewer_support::{BACKGROUND, open_viewer, viewer_canvas};
use serde_json::json;
use test_support::browser::{Browser, PngFrame, chromium_or_skip, png_frames};

/// A PNG's pixels, RGBA rows, and its size.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Picture {
    /// Columns `left .. left + width` of the picture.
    fn columns(&self, left: u32, width: u32) -> Picture {
        let mut rgba = Vec::new();
        for y in 0..self.height {
            let row = (y * self.width + left) as usize * 4;
            rgba.extend_from_slice(&self.rgba[row..row + width as usize * 4]);
        }
        Picture {
            width,
            height: self.height,
            rgba,
        }
    }
}

/// Every frame of a PNG or APNG, RGBA, with the tick each starts at.
fn frames(png_bytes: &[u8]) -> Vec<(u64, Picture)> {
    png_frames(png_bytes)
        .into_iter()
        .map(|f| (f.tick, Picture::from(f)))
        .collect()
}

impl From<PngFrame> for Picture {
    fn from(f: PngFrame) -> Picture {
        Picture {
            width: f.width,
            height: f.height,
            rgba: f.rgba,
        }
    }
}

/// Holds the viewer, opened on `query` (a render's parameters) at scale 2, to `render.png` of
/// the same at every picture of it: the viewer's clock stepped to the tick each picture of
/// `render.apng` starts at, its canvas then `render.png`'s picture, pixel for pixel. Returns how
/// many pictures were compared.
fn compare_with_render(browser: &mut Browser, server: &Server, query: &str) -> usize {
    let scale = 2;
    let render = format!("{query}&scale={scale}&background={}", escape(BACKGROUND));
    let apng = server.get(&format!("/api/v1/render.apng?{render}"));
    assert_eq!(apng.status, 200, "render.apng?{render}: {}", apng.text());
    let strip = server.get(&format!("/api/v1/render.png?{render}"));
    assert_eq!(strip.status, 200, "render.png?{render}: {}", strip.text());
    let strip = frames(&strip.body).remove(0).1;
    let starts: Vec<u64> = frames(&apng.body)
        .into_iter()
        .map(|(tick, _)| tick)
        .collect();
    assert_eq!(
        strip.width % starts.len() as u32,
        0,
        "{query}: render.png is not {} pictures side by side",
        starts.len()
    );
    let width = strip.width / starts.len() as u32;
    let base = format!("http://{}", server.addr);
    open_viewer(browser, &format!("{base}/?{query}&scale={scale}&paused=1"));
    let mut at = 0;
    for (k, &tick) in starts.iter().enumerate() {
        browser.evaluate(&format!(
            "(() => {{ for (let i = 0; i < {}; i++) document.getElementById('forward').click();              return true; }})()",
            tick - at
        ));
        at = tick;
        let canvas = Picture::from(viewer_canvas(browser));
        let want = strip.columns(width * k as u32, width);
        assert_eq!(
            (canvas.width, canvas.height),
            (want.width, want.height),
            "{query} at tick {tick}: the viewer's canvas is {} x {}, render.png's picture {} x {}",
            canvas.width,
            canvas.height,
            want.width,
            want.height
        );
        let differing: Vec<String> = canvas
            .rgba
            .chunks(4)
            .zip(want.rgba.chunks(4))
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| {
                let (x, y) = (i as u32 % canvas.width, i as u32 / canvas.width);
                format!("({x}, {y}) viewer {a:?} render {b:?}")
            })
            .collect();
        assert!(
            differing.is_empty(),
            "{query} at tick {tick}: {} of {} pixels differ between the viewer and render.png, \
             first {}",
            differing.len(),
            canvas.rgba.len() / 4,
            differing[..differing.len().min(6)].join(", ")
        );
    }
    println!(
        "the viewer at {query} is render.png pixel for pixel on all {} pictures ({width} x {})",
        starts.len(),
        strip.height
    );
    starts.len()
}

/// Runs the package's `poseAt` in the page over one kind: every animation and Idle, views 0-7,
/// every tick up to two loops (and in water at each loop's start). Keeps `[query, line]` pairs
/// in the page (a `/api/v1/draw` query and the package's line for it) and returns how many.
const POSES: &str = r#"
(async (kind) => {
  const m = await import('/tactics-sprite.mjs');
  const atlas = m.createAtlas(await (await fetch(`/api/v1/data?kind=${kind}`)).json());
  const pose = m.createPose(atlas);
  const total = (sequence) => sequence.ticks.reduce((sum, t) => sum + t, 0);
  const lines = [];
  for (const motion of [m.IDLE, ...atlas.doc.animations]) {
    for (let view = 0; view < 8; view++) {
      let length = 0;
      if (motion !== m.IDLE) {
        length = total(atlas.doc.sequences[m.isBackView(view) ? motion.back : motion.front]);
      }
      const loop = Math.max(length, 1);
      const moments = [];
      for (let tick = 0; tick <= 2 * loop; tick++) moments.push([tick, false]);
      for (let tick = 0; tick <= 2 * loop; tick += loop) moments.push([tick, true]);
      for (const [tick, water] of moments) {
        const query = `kind=${kind}&animation=${encodeURIComponent(motion.name)}&view=${view}` +
          `&tick=${tick}${water ? '&water=1' : ''}`;
        let line;
        try {
          const found = m.findAnimation(atlas, motion.name);
          line = JSON.stringify(m.poseAt(atlas, found, view, tick, water, pose)) + '\n';
        } catch (error) {
          line = `poseAt threw: ${error.message}`;
        }
        lines.push([query, line]);
      }
    }
  }
  window.poseLines = lines;
  return lines.length;
})"#;

/// The names the format description's runtime exports (and the 3D module's); evaluates to those
/// the served modules lack.
const RUNTIME_NAMES: &str = r#"
(async () => {
  const m = await import('/tactics-sprite.mjs');
  const three = await import('/tactics-sprite-three.mjs');
  return ['createAtlas', 'findAnimation', 'poseAt', 'createPose', 'createPlayer', 'eventsBetween',
    'drawPose', 'handPoint', 'frameHand', 'cameraStep', 'viewOf', 'isBackView', 'isMirroredView',
    'FACING', 'FACING_X', 'FACING_Z', 'TICKS_PER_SECOND', 'STANCE_HALF_H', 'poseWithLayers']
    .filter((name) => !(name in m))
    .concat(['placePose3d', 'createUnitGroup'].filter((name) => !(name in three)));
})()"#;

/// How many pose lines one evaluation hands back.
const CHUNK: usize = 4000;

/// Compares the package's lines for `kind` with `/api/v1/draw`: how many poses agreed.
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
                                "poseAt disagrees with /api/v1/draw?{query}:\n\
                                 api    {}\nposeAt {line}",
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
fn the_package_agrees_with_the_api_and_the_viewer_with_render() {
    let test = "the_package_agrees_with_the_api_and_the_viewer_with_render";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    // Every kind with the retail files, else the demo (the browser part needs no game file);
    // the weapons sheet when there is one.
    let originals = test_support::originals_folder().ok();
    let sheets = test_support::sheets_folder().ok();
    let weapons = originals
        .as_ref()
        .and_then(|_| test_support::weapons_sheet(test));
    let mut args: Vec<String> = Vec::new();
    if let Some(dir) = &originals {
        args.extend(["--originals".into(), dir.display().to_string()]);
    }
    if let Some(dir) = &sheets {
        args.extend(["--sheets".into(), dir.display().to_string()]);
    }
    if let Some(file) = &weapons {
        args.extend(["--weapon-sheet".into(), file.display().to_string()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(&args, &[]);
    let listed = server.get("/api/v1/kinds").json();
    let kinds: Vec<String> = listed
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

    // (a) The package's poseAt against /api/v1/draw, kind by kind.
    open_viewer(&mut browser, &format!("{base}/?paused=1"));
    let mut total = 0;
    for kind in &kinds {
        let started = Instant::now();
        let agreed = compare_kind(&mut browser, &server, kind);
        println!(
            "{kind}: the package's poseAt agrees with /api/v1/draw on all {agreed} poses ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
        total += agreed;
    }
    println!(
        "the package's poseAt agrees with /api/v1/draw on {total} poses over {} kinds",
        kinds.len()
    );

    // The served modules have every export the format description names, and find names in
    // any case as `draw` does.
    let missing = browser.evaluate(RUNTIME_NAMES);
    assert_eq!(
        missing,
        json!([]),
        "the served package lacks the runtime's exports {missing}"
    );
    let (kind, name) = if kinds.iter().any(|k| k == "type1") {
        ("type1", "swing high")
    } else {
        (kinds[0].as_str(), "walk")
    };
    let line = browser.evaluate(&format!(
        "(async () => {{ const m = await import('/tactics-sprite.mjs'); \
         const atlas = m.createAtlas(await (await fetch('/api/v1/data?kind={kind}')).json()); \
         return JSON.stringify(m.poseAt(atlas, m.findAnimation(atlas, '{name}'), 1, 18)) + '\\n'; }})()"
    ));
    let api = server.get(&format!(
        "/api/v1/draw?kind={kind}&animation={}&view=1&tick=18",
        escape(name)
    ));
    assert_eq!(
        line.as_str(),
        Some(String::from_utf8_lossy(&api.body).as_ref()),
        "poseAt(createAtlas(doc), findAnimation(atlas, {name:?}), 1, 18)"
    );

    // (b) The viewer's canvas against render.png, picture by picture.
    let type1 = kinds.iter().any(|k| k == "type1");
    let mut cases: Vec<String> = if type1 {
        vec![
            "kind=type1&frame=88".into(),
            format!("kind=type1&animation={}&view=1", escape("Swing High")),
            format!("kind=type1&animation={}&view=5", escape("Swing High")),
            "kind=type1&animation=Walk&view=0&water=1".into(),
            // Drawn in its water frames without water=1, as render draws it.
            format!("kind=type1&animation={}&view=1", escape("Nulled Walk")),
        ]
    } else {
        vec![
            format!("kind={}&frame=9", kinds[0]),
            format!("kind={}&animation=Walk&view=1", kinds[0]),
            format!("kind={}&animation=Walk&view=6", kinds[0]),
        ]
    };
    if kinds.iter().any(|k| k == "mon")
        && listed[kinds.iter().position(|k| k == "mon").expect("mon")]["sp2"] == json!("spr")
    {
        // Its lower-half tiles from the SP2.
        cases.push(format!(
            "kind=mon&animation={}&view=1",
            escape("Bomb Explode")
        ));
    }
    let mut with_weapon = 0;
    if type1 && weapons.is_some() {
        let swing = escape("Swing High");
        cases.extend([
            format!("kind=type1&animation={swing}&view=1&weapon=sword"),
            format!(
                "kind=type1&animation={}&view=6&weapon=sword",
                escape("Swing Mid")
            ),
            format!(
                "kind=type1&animation={swing}&view=5&weapon=sword&weapon-palette=3&weapon-rows=16\
                 &effect-palette=2"
            ),
            format!("kind=type2&animation={swing}&view=1&weapon=knight-sword"),
            format!(
                "kind=type1&animation={}&view=3&weapon=bow",
                escape("Swing Low")
            ),
        ]);
        with_weapon = 5;
    } else if type1 {
        let _: Option<()> = test_support::skip(
            test,
            "no weapons sheet (FFT_WEAPONS): the viewer is not compared with a weapon",
        );
    }
    let mut pictures = 0;
    for query in &cases {
        pictures += compare_with_render(&mut browser, &server, query);
    }
    println!(
        "the viewer is render.png on {pictures} pictures of {} requests ({with_weapon} with a weapon)",
        cases.len()
    );
    // The weapon is drawn, not only the unit: the viewer says which layers show.
    if with_weapon > 0 {
        open_viewer(
            &mut browser,
            &format!(
                "{base}/?kind=type1&animation={}&view=1&tick=16&weapon=sword&paused=1",
                escape("Swing High")
            ),
        );
        let facts = browser.evaluate("document.getElementById('facts').textContent");
        let facts = facts.as_str().expect("text");
        assert!(
            facts.contains("sword: weapon"),
            "no weapon layer shows: {facts}"
        );
    }
    let page = browser.screenshot(None);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("viewer-page.png"), &page).expect("writes the page's screenshot");
    println!("the page: {}", dir.join("viewer-page.png").display());
}

/// The viewer `serve` serves is the static page's too (`cargo xtask web`), but served it answers
/// from the API: it asks `/api/v1/`, fetches no WebAssembly (the server has none to give), and
/// shows none of the static page's own controls (its file inputs, "Download mod").
#[test]
fn the_served_viewer_answers_from_the_api() {
    let test = "the_served_viewer_answers_from_the_api";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let server = Server::start(&[], &[]);
    let mut browser = Browser::launch(&chromium);
    open_viewer(&mut browser, &format!("http://{}/?paused=1", server.addr));
    let asked = browser
        .evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)");
    let asked: Vec<&str> = asked
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p.as_str().expect("a path"))
        .collect();
    for path in ["/api/v1/kinds", "/api/v1/data", "/api/v1/canvas"] {
        assert!(
            asked.contains(&path),
            "the viewer did not ask {path}: {asked:?}"
        );
    }
    assert!(
        asked.iter().all(|p| !p.contains("wasm")),
        "the served viewer fetched WebAssembly: {asked:?}"
    );
    let shown = browser.evaluate(
        "[typeof TACTICS_SPRITE_WASM, document.getElementById('files-panel').getClientRects().length, \
         document.querySelector('header [data-source=api]').getClientRects().length]",
    );
    assert_eq!(
        shown,
        json!(["undefined", 0, 1]),
        "[the module's global, the files panel shown, the API's words shown]"
    );
}
