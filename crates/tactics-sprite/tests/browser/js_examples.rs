//! The package's example scenes (`packages/tactics-sprite/examples/`: `canvas.html` on a Canvas
//! 2D, `phaser.html` in Phaser 3, `pixi.html` in PixiJS 8) in headless Chromium, each holding one
//! moment of the demo unit's Walk (`?view=V&tick=0`), held pixel for pixel to the picture
//! `tactics-sprite render` draws of the same moment from the same document and sheet (the demo's,
//! which the examples ship in `examples/demo/`).
//!
//! - View 1 (facing SE from camera step 0: the front sequence, not mirrored): tick 0 shows the
//!   sequence's first frame with no move, so `render --frame N` is that very picture, N being
//!   the frame the library's `pose_at` says Walk shows there.
//! - View 0 (mirrored: every tile flipped, which the engines each do their own way): the first
//!   picture of `render --animation Walk --view 0`.
//!
//! The package README's "A first drawing" runs too, as it stands, on a page beside the demo unit:
//! the same picture as view 1's.
//!
//! Each page puts the stance point in the middle of its 192 x 192 canvas at scale 3; `render`
//! prints where the stance point is in its picture, so the page's whole canvas is compared: the
//! render's picture there, nothing anywhere else. The canvas is read from a screenshot with the
//! page's background made transparent, the one way to read a WebGL canvas the engines drew.
//! Phaser and PixiJS are the package's development dependencies (`npm ci` installs them).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;
use sprite_data::pose::{Motion, View};
use test_support::browser::{Browser, StaticServer, chromium_or_skip, png_frames};
use test_support::node::{installed_or_skip, package_dir};

const BIN: &str = env!("CARGO_BIN_EXE_tactics-sprite");
/// The examples' scale and canvas (a square, the stance point in its middle).
const SCALE: u32 = 3;
const CANVAS: u32 = 192;
/// The examples, each with the engine file its import map names.
const PAGES: [(&str, Option<&str>); 3] = [
    ("canvas", None),
    ("phaser", Some("phaser/dist/phaser.esm.min.js")),
    ("pixi", Some("pixi.js/dist/pixi.min.mjs")),
];

/// An RGBA picture.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

/// Runs `render` and returns its picture (the first, of an APNG) and where it says the stance
/// point is in it.
fn render(args: &[&str], out: &Path) -> (Picture, (u32, u32)) {
    let output = Command::new(BIN)
        .arg("render")
        .args(args)
        .args(["--scale", &SCALE.to_string(), "-o"])
        .arg(out)
        .output()
        .expect("tactics-sprite runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "render {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // "canvas  22 x 37, stance point at (11, 20) (...)", in sprite pixels.
    let at = stdout
        .split("stance point at (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|pair| pair.split_once(", "))
        .and_then(|(x, y)| Some((x.parse::<u32>().ok()?, y.parse::<u32>().ok()?)))
        .unwrap_or_else(|| panic!("render says where the stance point is: {stdout}"));
    let first = png_frames(&std::fs::read(out).expect("the render"))
        .into_iter()
        .next()
        .expect("a picture");
    let picture = Picture {
        width: first.width,
        height: first.height,
        rgba: first.rgba,
    };
    (picture, (at.0 * SCALE, at.1 * SCALE))
}

/// The page's canvas as it should be: transparent, with `picture` placed so that its stance point
/// `at` is the canvas's middle.
fn expected_canvas(picture: &Picture, at: (u32, u32)) -> Vec<u8> {
    let (left, top) = (CANVAS / 2 - at.0, CANVAS / 2 - at.1);
    assert!(
        left + picture.width <= CANVAS && top + picture.height <= CANVAS,
        "the render's picture fits the examples' canvas"
    );
    let mut canvas = vec![0u8; (CANVAS * CANVAS * 4) as usize];
    for y in 0..picture.height {
        let from = (y * picture.width * 4) as usize;
        let to = (((top + y) * CANVAS + left) * 4) as usize;
        let row = (picture.width * 4) as usize;
        canvas[to..to + row].copy_from_slice(&picture.rgba[from..from + row]);
    }
    canvas
}

/// The example page's canvas, from a screenshot of it with nothing behind it.
fn page_canvas(browser: &mut Browser, url: &str) -> Picture {
    browser.open(url, "document.body?.dataset.ready === '1'");
    let rect = browser.evaluate(
        "(() => { document.head.append(Object.assign(document.createElement('style'), \
         { textContent: 'html, body { background: transparent !important; }' })); \
         const r = document.querySelector('canvas').getBoundingClientRect(); \
         return [r.x, r.y, r.width, r.height]; })()",
    );
    let clip: Vec<f64> = rect
        .as_array()
        .expect("the canvas's box")
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect();
    assert_eq!(
        clip[2..],
        [f64::from(CANVAS), f64::from(CANVAS)],
        "{url}: the canvas is {CANVAS} x {CANVAS} on the page"
    );
    let shot = browser.screenshot(Some([clip[0], clip[1], clip[2], clip[3]]));
    let frame = png_frames(&shot).into_iter().next().expect("a screenshot");
    Picture {
        width: frame.width,
        height: frame.height,
        rgba: frame.rgba,
    }
}

/// A page that runs the package README's "A first drawing" as it stands, beside a copy of the
/// examples' demo unit (which the drawing fetches): `dir/index.html`.
fn first_drawing_page(dir: &Path) {
    let readme =
        std::fs::read_to_string(package_dir().join("README.md")).expect("the package's README");
    let code = readme
        .split("## A first drawing")
        .nth(1)
        .and_then(|rest| rest.split("```js\n").nth(1))
        .and_then(|rest| rest.split("\n```").next())
        .expect("the README's first drawing, a js block under \"## A first drawing\"");
    std::fs::create_dir_all(dir.join("demo")).expect("the page's folder");
    for name in ["demo.json", "demo.png"] {
        std::fs::copy(
            package_dir().join("examples/demo").join(name),
            dir.join("demo").join(name),
        )
        .expect("copies the demo unit");
    }
    let page = format!(
        "<!doctype html>\n<meta charset=\"utf-8\">\n<canvas width=\"{CANVAS}\" height=\"{CANVAS}\"></canvas>\n\
         <script type=\"importmap\">{{ \"imports\": {{ \"tactics-sprite\": \"/pkg/tactics-sprite.mjs\" }} }}</script>\n\
         <script type=\"module\">\n{code}\ndocument.body.dataset.ready = '1';\n</script>\n"
    );
    std::fs::write(dir.join("index.html"), page).expect("writes the page");
}

/// How many pixels differ, a transparent pixel being the same as any other transparent pixel.
fn differing(got: &[u8], want: &[u8]) -> usize {
    got.chunks(4)
        .zip(want.chunks(4))
        .filter(|(a, b)| !(a[3] == 0 && b[3] == 0) && a != b)
        .count()
}

#[test]
fn the_example_scenes_draw_walk_as_render_does() {
    let test = "the_example_scenes_draw_walk_as_render_does";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    for (_, engine) in PAGES {
        if let Some(file) = engine
            && installed_or_skip(test, file).is_none()
        {
            return;
        }
    }
    let root = test_support::repo_root();
    let document = root.join("fixtures/documents/demo.json");
    let sheet = root.join("fixtures/demo/demo.png");
    let work = test_support::temp_dir("js_examples");
    let doc = sprite_inputs::documents::load_document(&document).expect("the demo document");
    let walk = doc.animation("Walk").expect("the demo's Walk");

    // View 1, tick 0: the frame the library says Walk shows, unmirrored and unmoved, so that
    // `render --frame` draws the same picture.
    let pose = Motion::Animation(walk)
        .pose(&doc, View::new(1).expect("a view"), 0, false)
        .expect("Walk at view 1, tick 0");
    assert!(
        !pose.mirrored && pose.move_x == 0 && pose.move_y == 0,
        "view 1 at tick 0 draws its frame as stored"
    );
    let frame = pose.shp.to_string();
    let inputs = [
        "--data",
        &document.display().to_string(),
        "--sheet",
        &sheet.display().to_string(),
    ]
    .map(str::to_owned);
    let with = |what: &[&str]| -> Vec<String> {
        inputs
            .iter()
            .cloned()
            .chain(what.iter().map(|s| (*s).to_owned()))
            .collect()
    };
    let cases: [(u8, Vec<String>, PathBuf); 2] = [
        (1, with(&["--frame", &frame]), work.join("frame.png")),
        (
            0,
            with(&["--animation", "Walk", "--view", "0"]),
            work.join("walk-0.apng"),
        ),
    ];
    let expected: Vec<(u8, String, Vec<u8>)> = cases
        .iter()
        .map(|(view, args, out)| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (picture, at) = render(&args, out);
            let shown = format!("render {}", args[4..].join(" "));
            (*view, shown, expected_canvas(&picture, at))
        })
        .collect();

    let package = package_dir();
    let first = work.join("first");
    first_drawing_page(&first);
    let server = StaticServer::start(&[("pkg", package.as_path()), ("first", first.as_path())]);
    let mut browser = Browser::launch(&chromium);
    // Nothing behind the page, so that the screenshot's transparent pixels are the canvas's.
    browser.call(
        "Emulation.setDefaultBackgroundColorOverride",
        json!({"color": {"r": 0, "g": 0, "b": 0, "a": 0}}),
    );
    let mut pages: Vec<(String, u8, String)> = PAGES
        .iter()
        .flat_map(|(page, _)| {
            [1, 0].map(|view| {
                let url = format!(
                    "{}/pkg/examples/{page}.html?view={view}&tick=0",
                    server.base
                );
                (format!("{page}.html"), view, url)
            })
        })
        .collect();
    pages.push((
        "the README's first drawing".to_owned(),
        1,
        format!("{}/first/index.html", server.base),
    ));
    for (page, view, url) in &pages {
        let (_, shown, want) = expected
            .iter()
            .find(|(v, _, _)| v == view)
            .expect("a render of the view");
        let got = page_canvas(&mut browser, url);
        assert_eq!((got.width, got.height), (CANVAS, CANVAS), "{page}");
        let drawn = got.rgba.chunks(4).filter(|p| p[3] != 0).count();
        let wrong = differing(&got.rgba, want);
        if wrong > 0 {
            let kept = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
                "example-{}-view-{view}.png",
                page.replace(' ', "-")
            ));
            let pixels = got
                .rgba
                .chunks(4)
                .map(|p| [p[0], p[1], p[2], p[3]])
                .collect();
            if let Some(image) = sprite_render::Image::from_pixels(CANVAS, CANVAS, pixels) {
                let bytes = sprite_render::encode::png_rgba(&image).expect("a PNG");
                std::fs::write(&kept, bytes).expect("writes the page's canvas");
            }
            panic!(
                "{page} at view {view}, tick 0: {wrong} of {} pixels differ from {shown} \
                 (the page's canvas: {})",
                CANVAS * CANVAS,
                kept.display()
            );
        }
        println!("{page}, Walk at view {view}, tick 0: {drawn} pixels drawn, the same as {shown}");
    }
    let _ = std::fs::remove_dir_all(&work);
}
