//! The JavaScript package (`packages/tactics-sprite`) in headless Chromium: `drawPose`'s pixels
//! held to `tactics-sprite render`'s, and the 3D module's placements held to numbers worked out
//! by hand from the format's description.
//!
//! The page imports the package's own files (served from the repository, no copy) and draws on
//! an `OffscreenCanvas` with nothing under it; its pixels (read with `getImageData`) are compared
//! with the render's, both cut to what is not transparent:
//!
//! - TYPE1 on a synthetic sheet (no game file): frame 88 as stored (`render --frame`), every
//!   picture of Swing High in views 1 (front) and 5 (back, mirrored) and of Walk in water in
//!   view 0, each at the tick it starts (`render --animation ... .apng`), at scale 2;
//! - CYOKO's Level Up Dance in view 3 (a tile drawn upside down) and MON's Bomb Explode (its
//!   lower-half tiles from a second, synthetic sheet);
//! - with the weapons sheet (`FFT_WEAPONS`; skipped without it unless required): TYPE1 holding a
//!   sword, every picture of Swing High in views 1 and 5 and of Swing Mid in views 1 and 6 (the
//!   sword turned by 90, 45 and 145.02 degrees, the swoosh added onto the unit).
//!
//! - from an HD sheet (`sheetScale: 2`, docs/remaster.md "The JavaScript package"), against
//!   `sprite_render`'s HD pictures drawn here in Rust (the command line takes tex files in a
//!   later change): TYPE1 on a synthetic HD sheet whose 2 x 2 blocks are not uniform (a cell cut
//!   half a pixel off shows), frame 88 and every picture of Walk in view 0 and Swing High in view
//!   5; with the weapons sheet, Swing High and Swing Mid holding a sword (SD layers drawn 2x);
//!   with the remaster's files (`FFT_HD`), the squire's pair.
//!
//! Then the 3D placements, and, when `npm ci` has installed the package's three.js, the group
//! `createUnitGroup` builds with it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};
use sprite_render::Image;
use test_support::browser::{Browser, StaticServer, chromium_or_skip, decode_base64, png_frames};

const BIN: &str = env!("CARGO_BIN_EXE_tactics-sprite");

/// The page's side of the comparison: draws each request and hands back its pixels, cut.
const HARNESS: &str = r#"
window.drawRequests = async (spec) => {
  const m = await import('/pkg/tactics-sprite.mjs');
  const json = async (url) => (await fetch(url)).json();
  const image = async (url) => url
    ? createImageBitmap(await (await fetch(url)).blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' })
    : null;
  const atlas = m.createAtlas(await json(spec.doc));
  const sheets = { sheet: await image(spec.sheet), sp2: await image(spec.sp2) };
  let layers = null;
  if (spec.weaponType) {
    layers = { weaponType: spec.weaponType, weapon: m.createLayerAtlas(await json(spec.weaponDoc)),
      effect: m.createLayerAtlas(await json(spec.effectDoc)) };
    sheets.weapon = { image: await image(spec.weaponSheet), top: layers.weapon.sheet.top };
    sheets.effect = { image: await image(spec.effectSheet), top: layers.effect.sheet.top };
  }
  const pose = m.createPose(atlas);
  const out = [];
  for (const r of spec.requests) {
    if (r.frame !== undefined) m.framePose(atlas, r.frame, pose);
    else if (layers) m.poseWithLayers(atlas, r.animation, r.view, r.tick, r.water, layers, pose);
    else m.poseAt(atlas, r.animation, r.view, r.tick, r.water, pose);
    const size = 640;
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext('2d');
    m.drawPose(ctx, atlas, pose, sheets, { x: size / 2, y: size / 2, scale: spec.scale, sheetScale: spec.sheetScale ?? 1 });
    const { data } = ctx.getImageData(0, 0, size, size);
    let [left, top, right, bottom] = [size, size, 0, 0];
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
      if (data[(y * size + x) * 4 + 3] !== 0) {
        left = Math.min(left, x); top = Math.min(top, y);
        right = Math.max(right, x + 1); bottom = Math.max(bottom, y + 1);
      }
    }
    if (left >= right) { out.push({ width: 0, height: 0, rgba: '', layers: pose.layerCount }); continue; }
    const cut = new Uint8Array((right - left) * (bottom - top) * 4);
    for (let y = top; y < bottom; y++) {
      cut.set(data.subarray((y * size + left) * 4, (y * size + right) * 4), (y - top) * (right - left) * 4);
    }
    let text = '';
    for (let i = 0; i < cut.length; i += 0x8000) text += String.fromCharCode(...cut.subarray(i, i + 0x8000));
    out.push({ width: right - left, height: bottom - top, rgba: btoa(text), layers: pose.layerCount });
  }
  return out;
};
true
"#;

/// A picture's pixels, cut to what is not transparent (`web` compares its page's so too).
#[derive(Debug, PartialEq)]
pub(crate) struct Cut {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) rgba: Vec<u8>,
}

pub(crate) fn cut(width: u32, height: u32, rgba: &[u8]) -> Cut {
    let at = |x: u32, y: u32| ((y * width + x) * 4) as usize;
    let (mut left, mut top, mut right, mut bottom) = (width, height, 0, 0);
    for y in 0..height {
        for x in 0..width {
            if rgba[at(x, y) + 3] != 0 {
                (left, top) = (left.min(x), top.min(y));
                (right, bottom) = (right.max(x + 1), bottom.max(y + 1));
            }
        }
    }
    if left >= right {
        return Cut {
            width: 0,
            height: 0,
            rgba: Vec::new(),
        };
    }
    let mut out = Vec::new();
    for y in top..bottom {
        out.extend_from_slice(&rgba[at(left, y)..at(right, y)]);
    }
    Cut {
        width: right - left,
        height: bottom - top,
        rgba: out,
    }
}

/// Every frame of a PNG or APNG written by `render`, cut, with the tick it starts at.
pub(crate) fn frames(png_bytes: &[u8]) -> Vec<(u64, Cut)> {
    png_frames(png_bytes)
        .into_iter()
        .map(|f| (f.tick, cut(f.width, f.height, &f.rgba)))
        .collect()
}

fn run(args: &[&str]) {
    let status = Command::new(BIN)
        .args(args)
        .stdout(Stdio::null())
        .status()
        .expect("tactics-sprite runs");
    assert!(status.success(), "tactics-sprite {args:?} failed");
}

fn write_png(path: &Path, image: &Image) {
    let bytes = sprite_render::encode::png_rgba(image).expect("a PNG");
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// A second sheet for MON's SP2 tiles: the synthetic sheet's lower half, its colours inverted, so
/// that a tile cut from the wrong sheet shows.
fn synthetic_sp2(sheet: &Image) -> Image {
    let mut sp2 = Image::new(256, 256);
    for y in 0..256 {
        for x in 0..256 {
            let [r, g, b, a] = sheet.get(x, y + 256);
            if a != 0 {
                sp2.set(x, y, [255 - r, 255 - g, 255 - b, a]);
            }
        }
    }
    sp2
}

struct Page<'a> {
    browser: &'a mut Browser,
}

impl Page<'_> {
    fn draw(&mut self, spec: &Value) -> Vec<(Cut, u64)> {
        let answer = self
            .browser
            .evaluate(&format!("window.drawRequests({spec})"));
        answer
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| {
                let cut = Cut {
                    width: p["width"].as_u64().expect("a width") as u32,
                    height: p["height"].as_u64().expect("a height") as u32,
                    rgba: decode_base64(p["rgba"].as_str().expect("pixels")),
                };
                (cut, p["layers"].as_u64().unwrap_or(0))
            })
            .collect()
    }
}

/// Draws `requests` in the page and compares each with the render's picture; returns how many
/// layer frames the page drew.
fn compare(page: &mut Page, what: &str, spec: Value, expected: &[(u64, Cut)]) -> u64 {
    let drawn = page.draw(&spec);
    assert_eq!(drawn.len(), expected.len(), "{what}: one picture a request");
    let mut layers = 0;
    for ((got, count), (tick, want)) in drawn.iter().zip(expected) {
        assert!(
            want.width > 0,
            "{what} at tick {tick}: the render drew nothing"
        );
        assert_eq!(
            (got.width, got.height),
            (want.width, want.height),
            "{what} at tick {tick}: drawPose's picture is {} x {}, the render's {} x {}",
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
            differing,
            0,
            "{what} at tick {tick}: {differing} of {} pixels differ",
            got.rgba.len() / 4
        );
        layers += count;
    }
    println!(
        "{what}: drawPose is the render pixel for pixel on {} pictures",
        expected.len()
    );
    layers
}

/// The requests for every picture of an animation's render: its start ticks.
fn animation_requests(animation: &str, view: u8, water: bool, pictures: &[(u64, Cut)]) -> Value {
    Value::Array(
        pictures
            .iter()
            .map(|(tick, _)| json!({"animation": animation, "view": view, "tick": tick, "water": water}))
            .collect(),
    )
}

#[test]
fn draw_pose_is_the_render_and_the_3d_placements_are_the_description() {
    let test = "draw_pose_is_the_render_and_the_3d_placements_are_the_description";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let work = test_support::temp_dir("js_browser");
    let package = test_support::node::package_dir();
    let server = StaticServer::start(&[
        ("pkg", package.as_path()),
        ("scratch", work.as_path()),
        ("fixtures", &test_support::repo_root().join("fixtures")),
    ]);
    std::fs::write(
        work.join("index.html"),
        "<!doctype html><title>drawPose</title>",
    )
    .expect("writes the page");
    let mut browser = Browser::launch(&chromium);
    browser.open(
        &format!("{}/scratch/index.html", server.base),
        "document.readyState === 'complete'",
    );
    assert_eq!(browser.evaluate(HARNESS), json!(true));
    let mut page = Page {
        browser: &mut browser,
    };
    let w = |name: &str| work.join(name).display().to_string();

    // Synthetic sheets, written as PNGs both sides read.
    let mut sheets = Vec::new();
    for kind in ["type1", "cyoko", "mon"] {
        let doc = sprite_inputs::documents::load_document(&test_support::fixtures::path(&format!(
            "documents/{kind}.json"
        )))
        .expect("a committed document");
        let sheet = sprite_render::sheet::synthetic_sheet(&doc);
        write_png(&work.join(format!("{kind}-sheet.png")), &sheet);
        if kind == "mon" {
            write_png(&work.join("mon-sp2.png"), &synthetic_sp2(&sheet));
        }
        sheets.push(kind);
    }
    let spec = |kind: &str, requests: Value| {
        json!({
            "doc": format!("/fixtures/documents/{kind}.json"),
            "sheet": format!("/scratch/{kind}-sheet.png"),
            "sp2": if kind == "mon" { json!("/scratch/mon-sp2.png") } else { json!(null) },
            "scale": 2,
            "requests": requests,
        })
    };
    let render = |kind: &str, out: &str, what: &[&str]| -> Vec<(u64, Cut)> {
        let doc = test_support::fixtures::path(&format!("documents/{kind}.json"))
            .display()
            .to_string();
        let sheet = w(&format!("{kind}-sheet.png"));
        let mut args = vec!["render", "--data", &doc, "--sheet", &sheet, "--scale", "2"];
        let sp2 = w("mon-sp2.png");
        if kind == "mon" {
            args.extend(["--sp2", &sp2]);
        }
        let path = w(out);
        args.extend(what);
        args.extend(["-o", &path]);
        run(&args);
        frames(&std::fs::read(&path).expect("the render"))
    };

    // Frame 88 as stored.
    let expected = render("type1", "frame88.png", &["--frame", "88"]);
    compare(
        &mut page,
        "type1 frame 88",
        spec("type1", json!([{"frame": 88}])),
        &expected,
    );
    // Every picture of an animation, front, back and mirrored, in water, upside down, from SP2.
    let cases: [(&str, &str, u8, bool); 5] = [
        ("type1", "Swing High", 1, false),
        ("type1", "Swing High", 5, false),
        ("type1", "Walk", 0, true),
        ("cyoko", "Level Up Dance", 3, false),
        ("mon", "Bomb Explode", 1, false),
    ];
    for (kind, animation, view, water) in cases {
        let view_text = view.to_string();
        let mut what = vec!["--animation", animation, "--view", &view_text];
        if water {
            what.push("--water");
        }
        let out = format!("{kind}-{}-{view}.apng", animation.replace(' ', "-"));
        let expected = render(kind, &out, &what);
        compare(
            &mut page,
            &format!(
                "{kind} {animation:?} view {view}{}",
                if water { " in water" } else { "" }
            ),
            spec(kind, animation_requests(animation, view, water, &expected)),
            &expected,
        );
    }

    // With the weapon: the sword turned about the hand, the swoosh added onto the unit.
    if let Some(wep) = test_support::weapons_sheet(test) {
        let wep_text = wep.display().to_string();
        run(&["sheet", &wep_text, "--palette", "0", "-o", &w("wep-0.png")]);
        run(&[
            "sheet",
            &wep_text,
            "--palette",
            "16",
            "-o",
            &w("wep-16.png"),
        ]);
        let wep1 = test_support::fixtures::path("layers/wep1.json")
            .display()
            .to_string();
        let eff1 = test_support::fixtures::path("layers/eff1.json")
            .display()
            .to_string();
        let mut layer_frames = 0;
        // Swing Mid turns the sword by 145.02 degrees (1650 of the game's 4096 to a turn): a
        // turn that is no multiple of 45 degrees samples between pixels.
        for (animation, view) in [
            ("Swing High", 1u8),
            ("Swing High", 5),
            ("Swing Mid", 1),
            ("Swing Mid", 6),
        ] {
            let view_text = view.to_string();
            let out = format!("sword-{}-{view}.apng", animation.replace(' ', "-"));
            let expected = render(
                "type1",
                &out,
                &[
                    "--animation",
                    animation,
                    "--view",
                    &view_text,
                    "--weapon",
                    "sword",
                    "--weapon-sheet",
                    &wep_text,
                    "--weapon-data",
                    &wep1,
                    "--effect-data",
                    &eff1,
                ],
            );
            let mut s = spec(
                "type1",
                animation_requests(animation, view, false, &expected),
            );
            s["weaponType"] = json!("sword");
            s["weaponDoc"] = json!("/fixtures/layers/wep1.json");
            s["effectDoc"] = json!("/fixtures/layers/eff1.json");
            s["weaponSheet"] = json!("/scratch/wep-0.png");
            s["effectSheet"] = json!("/scratch/wep-16.png");
            layer_frames += compare(
                &mut page,
                &format!("type1 {animation:?} view {view} with a sword"),
                s,
                &expected,
            );
        }
        assert!(layer_frames > 0, "the sword showed in no picture");
    }

    hd(&mut page, test, &work);

    three_d(page.browser);
    examples(page.browser, &server.base, false);
    if package
        .join("node_modules/three/build/three.module.js")
        .is_file()
    {
        with_three(page.browser);
        examples(page.browser, &server.base, true);
    } else {
        let _: Option<()> = test_support::skip(
            test,
            "no three.js for the createUnitGroup check (run `npm ci` in packages/tactics-sprite)",
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// A synthetic HD sheet for `doc`: the synthetic sheet doubled, each 2 x 2 block's pixels made
/// unlike (their red and green channels moved by where in the block they are), so that a cell
/// cut a pixel off, or a block drawn flipped the wrong way, shows.
fn synthetic_hd_sheet(doc: &sprite_data::Document) -> Image {
    let sheet = sprite_render::sheet::synthetic_sheet(doc).scaled(2);
    let mut out = sheet.clone();
    for y in 0..i64::from(sheet.height()) {
        for x in 0..i64::from(sheet.width()) {
            let [r, g, b, a] = sheet.get(x, y);
            if a != 0 {
                let (dx, dy) = ((x % 2) as u8, (y % 2) as u8);
                out.set(
                    x,
                    y,
                    [r.wrapping_add(40 * dx), g.wrapping_add(40 * dy), b, a],
                );
            }
        }
    }
    out
}

/// Every picture of `request` drawn by `sprite_render` at HD from `sheet` (with the weapon's
/// art, if given), as the page's cut pictures, each with its start tick.
fn hd_render(
    doc: &sprite_data::Document,
    sheet: &Image,
    weapon: Option<&sprite_render::layers::WeaponArt<'_>>,
    request: &sprite_render::RenderRequest,
) -> Vec<(u64, Cut)> {
    use sprite_render::sheet::{SheetImage, SheetScale, SheetSource};
    let request = request
        .clone()
        .check()
        .expect("a request that keeps the rules");
    // Drawn at the art's scale: HD.
    let sheet = SheetImage {
        image: sheet.clone(),
        source: SheetSource::Png { indexed: false },
        scale: SheetScale::Hd,
    };
    let rendered = request
        .against(doc)
        .expect("a request the document takes")
        .render(&sprite_render::TileSources {
            weapon,
            ..sprite_render::TileSources::of(&sheet, None)
        })
        .expect("drawn at HD");
    frames(&rendered.bytes)
}

/// drawPose with `sheetScale: 2` against `sprite_render`'s HD pictures.
fn hd(page: &mut Page, test: &str, work: &Path) {
    use sprite_render::{Format, RenderRequest, Subject};
    let doc = sprite_inputs::documents::load_document(&test_support::fixtures::path(
        "documents/type1.json",
    ))
    .expect("TYPE1");
    let hd_sheet = synthetic_hd_sheet(&doc);
    write_png(&work.join("type1-hd.png"), &hd_sheet);
    let spec = |sheet: &str, requests: Value| {
        json!({
            "doc": "/fixtures/documents/type1.json",
            "sheet": format!("/scratch/{sheet}"),
            "sp2": null,
            "scale": 1,
            "sheetScale": 2,
            "requests": requests,
        })
    };
    let animation = |name: &str, view: i64| RenderRequest {
        views: vec![sprite_data::pose::View::new(view).expect("a view")],
        ..RenderRequest::new(Subject::Animations(vec![name.to_owned()]), Format::Apng)
    };
    let expected = hd_render(
        &doc,
        &hd_sheet,
        None,
        &RenderRequest::new(Subject::Frame(88), Format::Png),
    );
    compare(
        page,
        "type1 frame 88 at HD",
        spec("type1-hd.png", json!([{"frame": 88}])),
        &expected,
    );
    for (name, view) in [("Walk", 0), ("Swing High", 5)] {
        let expected = hd_render(&doc, &hd_sheet, None, &animation(name, view));
        compare(
            page,
            &format!("type1 {name:?} view {view} at HD"),
            spec(
                "type1-hd.png",
                animation_requests(name, view as u8, false, &expected),
            ),
            &expected,
        );
    }

    // With the sword: the layers SD art, each pixel a 2 x 2 block.
    if let Some(wep) = test_support::weapons_sheet_bytes(test) {
        let spr = fft_formats::spr::Spr::decode(&wep).expect("WEP.SPR");
        let layer = |name: &str| -> sprite_data::layer::LayerDocument {
            serde_json::from_str(
                &std::fs::read_to_string(test_support::fixtures::path(&format!("layers/{name}")))
                    .expect("a layer"),
            )
            .expect("a layer document")
        };
        let (wep1, eff1) = (layer("wep1.json"), layer("eff1.json"));
        let palettes = sprite_render::layers::LayerPalettes::default();
        let art = sprite_render::layers::WeaponArt::cut(&spr, &wep1, &eff1, palettes)
            .expect("the layers' blocks");
        // The whole weapons sheet with the weapons block's palette 0 and the effects block's
        // (16), as `sheet --palette` writes them for the SD pictures above.
        for palette in [0, 16] {
            let image = sprite_render::sheet::spr_image(&spr, palette).expect("a palette");
            write_png(&work.join(format!("wep-hd-{palette}.png")), &image);
        }
        let mut layer_frames = 0;
        for (name, view) in [("Swing High", 1), ("Swing High", 5), ("Swing Mid", 6)] {
            let request = RenderRequest {
                weapon: Some(fft_formats::layer::WeaponType::Sword),
                ..animation(name, view)
            };
            let expected = hd_render(&doc, &hd_sheet, Some(&art), &request);
            let mut s = spec(
                "type1-hd.png",
                animation_requests(name, view as u8, false, &expected),
            );
            s["weaponType"] = json!("sword");
            s["weaponDoc"] = json!("/fixtures/layers/wep1.json");
            s["effectDoc"] = json!("/fixtures/layers/eff1.json");
            s["weaponSheet"] = json!("/scratch/wep-hd-0.png");
            s["effectSheet"] = json!("/scratch/wep-hd-16.png");
            layer_frames += compare(
                page,
                &format!("type1 {name:?} view {view} with a sword at HD"),
                s,
                &expected,
            );
        }
        assert!(layer_frames > 0, "the sword showed in no HD picture");
    }

    // The squire's own pair, coloured with its SPR's palette 0.
    if let Some(files) = test_support::hd_pair(test, 992, "battle_mina_m_spr.bin") {
        let sheet =
            sprite_render::sheet::load_hd_sheet(&files.upper, &files.lower, &files.spr, None)
                .expect("the squire's pair");
        write_png(&work.join("tex-992.png"), &sheet.image);
        for (name, view) in [("Walk", 1), ("Swing High", 5)] {
            let expected = hd_render(&doc, &sheet.image, None, &animation(name, view));
            compare(
                page,
                &format!("the squire's pair, {name:?} view {view}"),
                spec(
                    "tex-992.png",
                    animation_requests(name, view as u8, false, &expected),
                ),
                &expected,
            );
        }
    }
}

/// The placements worked out by hand from the description: tile centres at `(cx · 0.75,
/// -cy · 0.9)`, `du` screen-vertical (`-du · 0.9`), `fb` along the facing
/// (`(FACING_X, 0, FACING_Z) · fb · 0.75`), texture v from the bottom (`1 - y / 488`).
fn three_d(browser: &mut Browser) {
    let placed = browser.evaluate(
        r#"(async () => {
  const m = await import('/pkg/tactics-sprite.mjs');
  const three = await import('/pkg/tactics-sprite-three.mjs');
  const json = async (url) => (await fetch(url)).json();
  const type1 = m.createAtlas(await json('/fixtures/documents/type1.json'));
  const cyoko = m.createAtlas(await json('/fixtures/documents/cyoko.json'));
  const place = (atlas, name, facing, step, tick) => {
    const pose = m.poseAt(atlas, name, m.viewOf(facing, step), tick);
    const p = three.placePose3d(atlas, pose, facing);
    return { view: pose.view, world: p.world, tiles: p.tiles.slice(0, p.count) };
  };
  return {
    swing: place(type1, 'Swing High', m.FACING.NW, 0, 18),
    dance: place(cyoko, 'Level Up Dance', m.FACING.SW, 0, 12),
  };
})()"#,
    );
    let close = |got: &Value, want: f64, what: &str| {
        let got = got.as_f64().unwrap_or_else(|| panic!("{what}: {got}"));
        assert!((got - want).abs() < 1e-12, "{what}: {got}, by hand {want}");
    };
    // Swing High facing NW (5), camera step 0: view 5, the back sequence mirrored, step 5 (tick
    // 18), frame 137, fb 2, du 0.
    let swing = &placed["swing"];
    assert_eq!(swing["view"], json!(5));
    // fb along NW, (-1, 0, 0): (-1 · 2 · 0.75, 0, 0).
    for (i, want) in [-1.5, 0.0, 0.0].into_iter().enumerate() {
        close(&swing["world"][i], want, "Swing High: the world move");
    }
    // Tile 0 is [111, -7, -1] mirrored: centre (7, -1) (top left -5, -13 and 24 x 24), so
    // (7 · 0.75, 1 · 0.9) = (5.25, 0.9), 18 x 21.6 world units. Cell 111 is at (96, 384):
    // mirrored, u runs from (96 + 24) / 256 back to 96 / 256; v from 1 - 384/488 (top) down to
    // 1 - 408/488.
    let t0 = &swing["tiles"][0];
    close(&t0["x"], 5.25, "Swing High tile 0 x");
    close(&t0["y"], 0.9, "Swing High tile 0 y");
    close(&t0["width"], 18.0, "Swing High tile 0 width");
    close(&t0["height"], 21.6, "Swing High tile 0 height");
    close(&t0["u0"], 120.0 / 256.0, "Swing High tile 0 u0");
    close(&t0["u1"], 96.0 / 256.0, "Swing High tile 0 u1");
    close(&t0["v0"], 1.0 - 384.0 / 488.0, "Swing High tile 0 v0");
    close(&t0["v1"], 1.0 - 408.0 / 488.0, "Swing High tile 0 v1");
    // The body: tile 1, the only 32 x 32.
    let bodies: Vec<bool> = (0..4)
        .map(|i| swing["tiles"][i]["body"].as_bool().expect("a flag"))
        .collect();
    assert_eq!(bodies, [false, true, false, false]);

    // CYOKO's Level Up Dance facing SW (3), step 0: view 3, the back sequence 39, tick 12 is
    // step 2 (delays 6 6 2: ends 6, 12, 14), frame 54, fb 0, du -2.
    let dance = &placed["dance"];
    assert_eq!(dance["view"], json!(3));
    for i in 0..3 {
        close(&dance["world"][i], 0.0, "Level Up Dance: no forward move");
    }
    // Tile 5 is [71, 3, -10, 0, 1]: cell 71 (136, 88, 24 x 24) upside down, centre (3, -10):
    // (3 · 0.75, 10 · 0.9 - (-2) · 0.9) = (2.25, 10.8); upside down, v0 is its bottom edge
    // 1 - 112/488 and v1 its top 1 - 88/488; u from 136/256 to 160/256.
    let t5 = &dance["tiles"][5];
    close(&t5["x"], 2.25, "Level Up Dance tile 5 x");
    close(&t5["y"], 10.8, "Level Up Dance tile 5 y");
    close(&t5["u0"], 136.0 / 256.0, "Level Up Dance tile 5 u0");
    close(&t5["u1"], 160.0 / 256.0, "Level Up Dance tile 5 u1");
    close(&t5["v0"], 1.0 - 112.0 / 488.0, "Level Up Dance tile 5 v0");
    close(&t5["v1"], 1.0 - 88.0 / 488.0, "Level Up Dance tile 5 v1");
    // Tile 3 (cell 72, 32 x 32, the body) at top left (-18, -12): centre (-2, 4), so
    // (-1.5, -3.6 + 1.8) = (-1.5, -1.8).
    let t3 = &dance["tiles"][3];
    close(&t3["x"], -1.5, "Level Up Dance tile 3 x");
    close(&t3["y"], -1.8, "Level Up Dance tile 3 y");
    assert_eq!(t3["body"], json!(true));
    println!("the 3D placements are the hand calculation's");
}

/// The example pages open, play and draw: `examples/2d.html` on its Canvas 2D, and (with
/// three.js installed) `examples/three.html` in WebGL.
fn examples(browser: &mut Browser, base: &str, three: bool) {
    let page = if three { "three" } else { "2d" };
    browser.open(
        &format!("{base}/pkg/examples/{page}.html"),
        "document.body?.dataset.ready === '1'",
    );
    // A few frames later the canvas holds the unit.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let drawn = if three {
        // The scene's background and grid are greys; the stand-in sheet's cells are bright
        // colours: count the screenshot's pixels that are.
        let shot = browser.screenshot(None);
        let kept = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("three-example.png");
        std::fs::write(&kept, &shot).expect("writes the screenshot");
        println!("the three.js example: {}", kept.display());
        let mut decoder = png::Decoder::new(std::io::Cursor::new(shot));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buffer).expect("a frame");
        let channels = info.color_type.samples();
        let bright = buffer[..info.buffer_size()]
            .chunks(channels)
            .filter(|p| {
                let (max, min) = (p[0].max(p[1]).max(p[2]), p[0].min(p[1]).min(p[2]));
                max - min > 60
            })
            .count();
        json!(bright)
    } else {
        browser.evaluate(
            "(() => { const c = document.getElementById('stage'); \
             const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
             let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) n++; return n; })()",
        )
    };
    assert!(
        drawn.as_u64().is_some_and(|n| n > 100),
        "examples/{page}.html drew nothing ({drawn})"
    );
    println!("examples/{page}.html plays and draws ({drawn} pixels)");
}

/// `createUnitGroup` with the package's three.js: one visible quad per tile, where the placement
/// says, the group turned as the camera is.
fn with_three(browser: &mut Browser) {
    let checked = browser.evaluate(
        r#"(async () => {
  const THREE = await import('/pkg/node_modules/three/build/three.module.js');
  const m = await import('/pkg/tactics-sprite.mjs');
  const three = await import('/pkg/tactics-sprite-three.mjs');
  const atlas = m.createAtlas(await (await fetch('/fixtures/documents/type1.json')).json());
  const texture = new THREE.Texture();
  const unit = three.createUnitGroup(THREE, atlas, { sheet: texture });
  const camera = new THREE.PerspectiveCamera();
  camera.position.set(10, 8, -10);
  camera.lookAt(0, 0, 0);
  const pose = m.poseAt(atlas, 'Swing High', 1, 18);
  unit.update(pose, m.FACING.SE, camera, new THREE.Vector3(1, 2, 3));
  const visible = unit.group.children.filter((c) => c.visible);
  const p = unit.placement;
  const uv = visible[0].geometry.attributes.uv;
  return {
    visible: visible.length,
    positions: visible.every((c, i) => c.position.x === p.tiles[i].x && c.position.y === p.tiles[i].y),
    sizes: visible.every((c, i) => c.scale.x === p.tiles[i].width && c.scale.y === p.tiles[i].height),
    group: unit.group.position.toArray(),
    turned: unit.group.quaternion.equals(camera.quaternion),
    uv: [uv.getX(0), uv.getY(0), uv.getX(3), uv.getY(3)],
  };
})()"#,
    );
    // Frame 88 has four tiles; the stance point (1, 2, 3) plus fb 2 along SE (+x) · 0.75.
    assert_eq!(checked["visible"], json!(4));
    assert_eq!(checked["positions"], json!(true));
    assert_eq!(checked["sizes"], json!(true));
    assert_eq!(checked["group"], json!([2.5, 2, 3]));
    assert_eq!(checked["turned"], json!(true));
    // Tile 0, cell 74 at (24, 288), 24 x 24: top left corner (24/256, 1 - 288/488), bottom right
    // (48/256, 1 - 312/488), as three.js's float32 uv attribute holds them.
    let want = [
        24.0 / 256.0,
        1.0 - 288.0 / 488.0,
        48.0 / 256.0,
        1.0 - 312.0 / 488.0,
    ];
    for (i, w) in want.into_iter().enumerate() {
        let got = checked["uv"][i].as_f64().expect("a number");
        assert!((got - w).abs() < 1e-6, "uv {i}: {got}, by hand {w}");
    }
    println!("createUnitGroup with three.js places the quads as placePose3d says");
}
