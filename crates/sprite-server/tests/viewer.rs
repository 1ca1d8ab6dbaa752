//! What the viewer page is served and what it asks for: its files and the JavaScript package's,
//! each byte for byte the repository's file (one source, no copy); `/pose.js` gone, naming the
//! package; `/api/v1/canvas`, the box a render draws in; `/api/v1/layer` and `/api/v1/layer.png`,
//! a kind's layer documents and the blocks of the weapons sheet they are cut from. (The page
//! itself runs in Chromium in `crates/tactics-sprite/tests/browser/viewer.rs`.)

mod common;

use common::{App, escape};
use fft_formats::layer::WeaponType;
use fft_formats::spr::Spr;
use sprite_data::pose::{DrawRequest, View};
use sprite_inputs::Originals;
use sprite_inputs::catalog::Catalog;
use sprite_inputs::retail::sha256_hex;
use sprite_inputs::sheets::WeaponSheet;
use sprite_render::compose::place_frame;
use sprite_render::layers::{LayerPalettes, WeaponArt};
use sprite_render::sheet::sheet_png;
use sprite_render::{Format, Image, RenderRequest, Subject, TileSources};
use sprite_server::viewer::ASSETS;

/// TYPE1's document with the shipped layer documents beside it (and no sheet: drawn from a
/// synthetic one, every cell opaque).
fn type1_with_layers(test: &str) -> std::path::PathBuf {
    let dir = test_support::temp_dir(test);
    let doc = dir.join("type1.json");
    std::fs::copy(test_support::fixtures::document("type1"), &doc).expect("copies the document");
    std::fs::copy(test_support::fixtures::layer("wep1"), dir.join("wep1.json"))
        .expect("copies wep1");
    std::fs::copy(test_support::fixtures::layer("eff1"), dir.join("eff1.json"))
        .expect("copies eff1");
    doc
}

#[tokio::test]
async fn the_page_and_the_package_are_served_as_the_repository_holds_them() {
    let app = App::new(Catalog::demo().expect("the demo"));
    let root = test_support::repo_root();
    for path in [
        "/tactics-sprite.mjs",
        "/tactics-sprite-three.mjs",
        "/tactics-sprite.d.mts",
        "/tactics-sprite-three.d.mts",
        "/tactics-sprite-sas.mjs",
        "/tactics-sprite-sas.d.mts",
    ] {
        let asset = ASSETS.iter().find(|a| a.path == path);
        assert!(
            asset.is_some_and(|a| a.source == format!("packages/tactics-sprite{path}")),
            "{path} is not the package's file"
        );
    }
    for asset in &ASSETS {
        let file = std::fs::read(root.join(asset.source))
            .unwrap_or_else(|e| panic!("{}: {e}", asset.source));
        let answer = app.get(asset.path).await;
        assert_eq!(answer.status, 200, "{}", asset.path);
        assert_eq!(answer.header("content-type"), Some(asset.media_type));
        assert!(
            answer.body == file,
            "{} is not {} byte for byte",
            asset.path,
            asset.source
        );
        let tag = format!("\"{}\"", sha256_hex(&file));
        assert_eq!(answer.header("etag"), Some(tag.as_str()), "{}", asset.path);
        let cached = app
            .request("GET", asset.path, &[("If-None-Match", &tag)])
            .await;
        assert_eq!(cached.status, 304, "{}", asset.path);
        let head = app.request("HEAD", asset.path, &[]).await;
        assert_eq!((head.status, head.body.len()), (200, 0));
    }
    // Every module the page's JavaScript imports is served (an absolute path, as the page
    // imports them).
    for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
        for import in asset.text.split("from '").skip(1) {
            let target = import.split('\'').next().expect("a quoted path");
            assert!(
                target.starts_with('/') && ASSETS.iter().any(|a| a.path == target),
                "{} imports {target}, which is not served",
                asset.path
            );
        }
    }
    assert!(ASSETS.iter().all(|a| a.path != "/pose.js"));
    let (status, _, body) = app.get("/pose.js").await.refusal();
    assert_eq!(status, 410, "{body}");
    let error = body["error"].as_str().expect("an error line");
    for named in [
        "/tactics-sprite.mjs",
        "poseAt",
        "findAnimation",
        "framePose",
    ] {
        assert!(error.contains(named), "{named} is not named: {error}");
    }
}

/// The box of `tiles` at their move, from the stance point: `(left, top, right, bottom)`.
fn tile_box(tiles: &[sprite_data::pose::PoseTile], dx: i64, dy: i64) -> Option<[i64; 4]> {
    tiles
        .iter()
        .map(|t| {
            let (x, y) = (t.x.floor() as i64 + dx, t.y.floor() as i64 + dy);
            [x, y, x + i64::from(t.w), y + i64::from(t.h)]
        })
        .reduce(|a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        })
}

/// The box of every pose `name` shows in `view` over one pass (every tick from 0 to its length,
/// which meets every picture `render` draws of it), worked out from the tiles: what a render
/// on a sheet whose cells are opaque draws in.
fn animation_box(doc: &sprite_data::Document, name: &str, view: i64, water: bool) -> [i64; 4] {
    let total = doc
        .animations
        .iter()
        .find(|a| a.name == name)
        .map(|a| {
            let played = if [3, 4, 5, 6].contains(&view) {
                a.back
            } else {
                a.front
            };
            sprite_data::pose::total_ticks(&doc.sequences[played.index()])
        })
        .unwrap_or(0);
    (0..=total)
        .filter_map(|tick| {
            let request = DrawRequest {
                animation: name.to_owned(),
                view,
                tick: Some(tick as i64),
                water,
                weapon: None,
            };
            let resolved = request.resolve(doc).expect("a pose");
            let pose = resolved.pose();
            tile_box(&pose.tiles, pose.move_x, pose.move_y)
        })
        .reduce(|a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        })
        .expect("something is drawn")
}

/// `/api/v1/canvas`'s answer as `(left, top, right, bottom)`.
fn box_of(canvas: &serde_json::Value) -> [i64; 4] {
    let number = |key: &str| {
        canvas[key]
            .as_i64()
            .unwrap_or_else(|| panic!("{key}: {canvas}"))
    };
    let (left, top) = (number("left"), number("top"));
    [left, top, left + number("width"), top + number("height")]
}

fn as_box(b: [i64; 4]) -> serde_json::Value {
    serde_json::json!({"left": b[0], "top": b[1], "width": b[2] - b[0], "height": b[3] - b[1]})
}

/// A PNG's size (an APNG's, its first frame's).
fn size(png_bytes: &[u8]) -> (u32, u32) {
    let image = rgba(png_bytes);
    (image.width(), image.height())
}

#[tokio::test]
async fn the_canvas_is_the_box_the_render_draws_in() {
    let doc_path = type1_with_layers("viewer_canvas");
    let app = App::new(common::catalog_of(&doc_path));
    let doc = sprite_inputs::documents::load_document(&doc_path).expect("loads");
    // The synthetic sheet paints every cell opaque, so what a render draws is its tiles' box.
    for (name, view, water) in [
        ("Swing High", 1, false),
        ("Swing High", 5, false),
        ("Walk", 0, true),
        ("Walk", 3, false),
        ("Idle", 6, false),
    ] {
        let query = format!(
            "animation={}&view={view}{}",
            escape(name),
            if water { "&water=1" } else { "" }
        );
        let answer = app.get(&format!("/api/v1/canvas?{query}")).await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let canvas = answer.json();
        assert_eq!(
            canvas,
            as_box(animation_box(&doc, name, view, water)),
            "{query}"
        );
        // render.png of the same: a strip of frames of that size, at scale 2 twice as large.
        let strip = app
            .get(&format!("/api/v1/render.png?{query}&scale=2"))
            .await;
        assert_eq!(strip.status, 200, "{query}: {}", strip.text());
        let (width, height) = size(&strip.body);
        let (w, h) = (
            canvas["width"].as_u64().expect("a width") as u32,
            canvas["height"].as_u64().expect("a height") as u32,
        );
        assert_eq!(height, 2 * h, "{query}");
        assert_eq!(width % (2 * w), 0, "{query}: the strip is not whole frames");
    }
    // A frame as stored: its own tiles' box, not mirrored, no move.
    let canvas = app.get("/api/v1/canvas?frame=88").await.json();
    let tiles = place_frame(&doc, sprite_data::FrameIndex(88), false).expect("frame 88");
    assert_eq!(canvas, as_box(tile_box(&tiles, 0, 0).expect("tiles")));
    // Two views: the box both rows of the strip share.
    let both = app
        .get(&format!(
            "/api/v1/canvas?animation={}&view=1,5",
            escape("Swing High")
        ))
        .await
        .json();
    let (a, b) = (
        animation_box(&doc, "Swing High", 1, false),
        animation_box(&doc, "Swing High", 5, false),
    );
    let union = [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ];
    assert_eq!(both, as_box(union));
    // Not the document's canvas: an animation's box is smaller than every frame's.
    let document = sprite_render::Canvas::of_document(&doc).expect("a canvas");
    let walk = app.get("/api/v1/canvas?animation=Walk&view=1").await.json();
    assert!(
        walk["width"].as_u64() < Some(u64::from(document.width)),
        "{walk}"
    );

    for (target, status, parameter) in [
        ("canvas?animation=Walk&scale=2", 400, "scale"),
        (
            "canvas?animation=Walk&background=%23000000",
            400,
            "background",
        ),
        ("canvas?all=1", 400, "all"),
        ("canvas?view=1", 400, "animation"),
        ("canvas?animation=Walk&frame=3", 400, "animation"),
        ("canvas?animation=Walk&view=8", 400, "view"),
        ("canvas?animation=Walk&water=maybe", 400, "water"),
        ("canvas?animation=Wlak", 404, "animation"),
        ("canvas?frame=100000", 404, "frame"),
        ("canvas?kind=type2&animation=Walk", 404, "kind"),
        ("canvas?animation=Idle&weapon=sword", 400, "weapon"),
        (
            "canvas?animation=Walk&weapon-palette=1",
            400,
            "weapon-palette",
        ),
        ("canvas?animation=Walk&weapon=swrd", 400, "weapon"),
        // The layer documents are here, the weapons sheet is not.
        ("canvas?animation=Walk&weapon=sword", 422, "weapon"),
    ] {
        app.assert_refused(&format!("/api/v1/{target}"), status, parameter)
            .await;
    }
    let _ = std::fs::remove_dir_all(doc_path.parent().expect("its folder"));
}

#[tokio::test]
async fn the_canvas_with_a_weapon_is_the_render_with_it() {
    let test = "the_canvas_with_a_weapon_is_the_render_with_it";
    let Some(weapons) = test_support::weapons_sheet(test) else {
        return;
    };
    let doc_path = type1_with_layers("viewer_canvas_weapon");
    let mut catalog = common::catalog_of(&doc_path);
    catalog.weapon_sheet = Some(WeaponSheet::read(&weapons).expect("WEP.SPR reads"));
    let app = App::new(catalog);
    let doc = sprite_inputs::documents::load_document(&doc_path).expect("loads");
    let sheet = sprite_render::sheet::synthetic_sheet(&doc);
    let spr = Spr::decode(&std::fs::read(&weapons).expect("reads")).expect("WEP.SPR");
    let wep1 =
        sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer("wep1"))
            .expect("wep1");
    let eff1 =
        sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer("eff1"))
            .expect("eff1");
    for (name, view, palettes) in [
        ("Swing High", 1, LayerPalettes::default()),
        ("Swing Mid", 6, LayerPalettes::default()),
        (
            "Swing High",
            5,
            LayerPalettes {
                weapon_palette: 3,
                weapon_rows: 16,
                effect_palette: 2,
            },
        ),
    ] {
        let mut query = format!("animation={}&view={view}&weapon=sword", escape(name));
        if palettes != LayerPalettes::default() {
            query += &format!(
                "&weapon-palette={}&weapon-rows={}&effect-palette={}",
                palettes.weapon_palette, palettes.weapon_rows, palettes.effect_palette
            );
        }
        let canvas = app.get(&format!("/api/v1/canvas?{query}")).await;
        assert_eq!(canvas.status, 200, "{query}: {}", canvas.text());
        let canvas = canvas.json();
        // What `render --weapon sword` says of its canvas.
        let request = RenderRequest {
            views: vec![View::new(view).expect("a view")],
            weapon: Some(WeaponType::Sword),
            ..RenderRequest::new(Subject::Animations(vec![name.to_owned()]), Format::Apng)
        };
        let art = WeaponArt::cut(&spr, &wep1, &eff1, palettes).expect("the blocks");
        let request = request.check().expect("a request that keeps the rules");
        let rendered = request
            .against(&doc)
            .expect("a request")
            .render(&TileSources {
                sheet: &sheet,
                sp2: None,
                weapon: Some(&art),
                sheet_scale: sprite_render::sheet::SheetScale::Sd,
            })
            .expect("drawn");
        let [left, top, right, bottom] = box_of(&canvas);
        let said = format!(
            "canvas  {} x {}, stance point at ({}, {}) (the box of what this render draws, \
             weapon and effect included)",
            right - left,
            bottom - top,
            -left,
            -top
        );
        assert_eq!(rendered.report[0], said, "{query}");
        assert_eq!(
            size(&rendered.bytes),
            ((right - left) as u32, (bottom - top) as u32)
        );
        // The sword reaches past the unit's own box.
        let unarmed = animation_box(&doc, name, view, false);
        assert!(
            left < unarmed[0] || top < unarmed[1] || right > unarmed[2],
            "{query}: the weapon does not widen the box ({canvas} against {unarmed:?})"
        );
    }
    let _ = std::fs::remove_dir_all(doc_path.parent().expect("its folder"));
}

#[tokio::test]
async fn the_layer_documents_are_served_with_their_tags() {
    let doc_path = type1_with_layers("viewer_layer");
    let app = App::new(common::catalog_of(&doc_path));
    for (layer, file) in [("weapon", "wep1"), ("effect", "eff1")] {
        let shipped =
            std::fs::read(test_support::fixtures::layer(file)).expect("a shipped layer document");
        app.assert_tagged_json(&format!("/api/v1/layer?layer={layer}"), &shipped)
            .await;
    }
    for (target, status, parameter) in [
        ("layer", 400, "layer"),
        ("layer?layer=wepon", 400, "layer"),
        ("layer?layer=weapon&palette=1", 400, "palette"),
        ("layer?layer=weapon&layer=effect", 400, "layer"),
        ("layer?kind=typ1&layer=weapon", 404, "kind"),
        ("layer.png?layer=weapon", 400, "weapon"),
        ("layer.png?layer=wepon&weapon=sword", 400, "layer"),
        ("layer.png?layer=weapon&weapon=swrd", 400, "weapon"),
        (
            "layer.png?layer=weapon&weapon=sword&palette=1",
            400,
            "palette",
        ),
        (
            "layer.png?layer=effect&weapon=sword&effect-palette=16",
            400,
            "effect-palette",
        ),
        (
            "layer.png?layer=weapon&weapon=sword&weapon-rows=249",
            400,
            "weapon-rows",
        ),
        (
            "layer.png?layer=weapon&weapon=sword&weapon-rows=x",
            400,
            "weapon-rows",
        ),
        // The layer documents are here, the weapons sheet is not.
        ("layer.png?layer=weapon&weapon=sword", 422, "weapon"),
    ] {
        app.assert_refused(&format!("/api/v1/{target}"), status, parameter)
            .await;
    }
    let (_, _, body) = app.get("/api/v1/layer?layer=wepon").await.refusal();
    assert_eq!(body["nearest"], serde_json::json!(["weapon"]), "{body}");
    let (_, _, body) = app
        .get("/api/v1/layer.png?layer=weapon&weapon=sword")
        .await
        .refusal();
    let error = body["error"].as_str().expect("an error line");
    assert!(
        error.contains("WEP.SPR") && error.contains("weapon-sheet FILE"),
        "{error}"
    );

    // A kind served without its layer documents.
    let bare = App::new(common::catalog_of(&test_support::fixtures::document(
        "type1",
    )));
    for (target, parameter) in [
        ("layer?layer=weapon", "layer"),
        ("layer.png?layer=effect&weapon=sword", "weapon"),
    ] {
        let (status, named, body) = bare.get(&format!("/api/v1/{target}")).await.refusal();
        assert_eq!((status, named.as_deref()), (422, Some(parameter)), "{body}");
        let error = body["error"].as_str().expect("an error line");
        assert!(
            error.contains("wep1.json") && error.contains("EFF1.SHP"),
            "{error}"
        );
    }
    let _ = std::fs::remove_dir_all(doc_path.parent().expect("its folder"));
}

/// A PNG's pixels, RGBA.
fn rgba(png_bytes: &[u8]) -> Image {
    sprite_render::sheet::decode_png(png_bytes, None)
        .expect("a PNG")
        .0
}

#[tokio::test]
async fn a_layer_picture_is_its_block_of_the_weapons_sheet() {
    let test = "a_layer_picture_is_its_block_of_the_weapons_sheet";
    let Some(weapons) = test_support::weapons_sheet(test) else {
        return;
    };
    let doc_path = type1_with_layers("viewer_layer_png");
    let mut catalog = common::catalog_of(&doc_path);
    catalog.weapon_sheet = Some(WeaponSheet::read(&weapons).expect("WEP.SPR reads"));
    let app = App::new(catalog);
    let spr = Spr::decode(&std::fs::read(&weapons).expect("reads")).expect("WEP.SPR");
    for (layer, file, palette, rows) in [
        ("weapon", "wep1", 0, 0),
        ("weapon", "wep1", 3, 16),
        ("effect", "eff1", 0, 0),
        ("effect", "eff1", 2, 0),
    ] {
        let doc =
            sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer(file))
                .expect("a layer");
        let mut target = format!("/api/v1/layer.png?layer={layer}&weapon=sword");
        match layer {
            "weapon" => target += &format!("&weapon-palette={palette}&weapon-rows={rows}"),
            _ => target += &format!("&effect-palette={palette}"),
        }
        let answer = app.get(&target).await;
        assert_eq!(answer.status, 200, "{target}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("image/png"));
        let block = rgba(&answer.body);
        // `tactics-sprite sheet WEP.SPR --palette P` with P the block's palette: its rows from
        // the block's top (moved down by `rows`), transparent past the block.
        let palette_in_sheet = doc.sheet.palette as usize + palette;
        let (whole, _) = sheet_png(&spr, Some(palette_in_sheet), false).expect("the sheet");
        let whole = rgba(&whole);
        assert_eq!(
            (block.width(), block.height()),
            (doc.sheet.width, doc.sheet.height),
            "{target}"
        );
        let mut differing = 0;
        let mut opaque = 0;
        for y in 0..block.height() {
            for x in 0..block.width() {
                let source = i64::from(doc.sheet.top + rows + y);
                let want = if y + rows < doc.sheet.height {
                    whole.get(i64::from(x), source)
                } else {
                    [0, 0, 0, 0]
                };
                let got = block.get(i64::from(x), i64::from(y));
                // Transparent is transparent, whatever colour it carries.
                if !(got == want || (got[3] == 0 && want[3] == 0)) {
                    differing += 1;
                }
                opaque += usize::from(got[3] != 0);
            }
        }
        assert_eq!(differing, 0, "{target}: pixels differ from the sheet's");
        assert!(opaque > 1000, "{target}: the block is nearly empty");
        // What `render --weapon` cuts its layers from.
        let palettes = match layer {
            "weapon" => LayerPalettes {
                weapon_palette: palette as u8,
                weapon_rows: rows as u8,
                effect_palette: 0,
            },
            _ => LayerPalettes {
                effect_palette: palette as u8,
                ..LayerPalettes::default()
            },
        };
        let wep1 =
            sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer("wep1"))
                .expect("wep1");
        let eff1 =
            sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer("eff1"))
                .expect("eff1");
        let art = WeaponArt::cut(&spr, &wep1, &eff1, palettes).expect("the blocks");
        let cut = if layer == "weapon" {
            &art.weapon_sheet
        } else {
            &art.effect_sheet
        };
        assert!(
            cut.to_rgba_bytes() == block.to_rgba_bytes(),
            "{target} is not what render cuts"
        );
    }
    let _ = std::fs::remove_dir_all(doc_path.parent().expect("its folder"));
}

#[tokio::test]
async fn the_layers_built_from_the_originals_are_the_shipped_documents() {
    let test = "the_layers_built_from_the_originals_are_the_shipped_documents";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    if !test_support::every_retail_file(test) {
        return;
    }
    let app =
        App::new(Catalog::from_originals(&Originals::folder(originals), None).expect("builds"));
    // TYPE2's units hold WEP2's weapons, every other kind WEP1's; all start EFF1's effects.
    for (kind, layer, file) in [
        ("type1", "weapon", "wep1"),
        ("type2", "weapon", "wep2"),
        ("type1", "effect", "eff1"),
        ("type2", "effect", "eff1"),
        ("mon", "weapon", "wep1"),
    ] {
        let answer = app
            .get(&format!("/api/v1/layer?kind={kind}&layer={layer}"))
            .await;
        assert_eq!(answer.status, 200, "{kind} {layer}: {}", answer.text());
        let shipped =
            std::fs::read(test_support::fixtures::layer(file)).expect("a shipped layer document");
        assert!(
            answer.body == shipped,
            "{kind}'s {layer} layer is not {file}"
        );
    }
}
