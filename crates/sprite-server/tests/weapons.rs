//! `weapon=`: the pose with the weapon and effect layers a unit's animation starts, as
//! `tactics-sprite draw --weapon` prints it, and a render with the layers drawn, as `tactics-sprite
//! render --weapon --weapon-sheet WEP.SPR` writes it; and the refusals when the server has no
//! layer documents or no weapons sheet.

mod common;

use common::{App, escape};
use fft_formats::layer::WeaponType;
use fft_formats::spr::Spr;
use sprite_data::layer::LayerDocument;
use sprite_data::pose::{DrawRequest, View};
use sprite_inputs::Originals;
use sprite_inputs::catalog::Catalog;
use sprite_inputs::sheets::WeaponSheet;
use sprite_render::layers::{LayerPalettes, WeaponArt};
use sprite_render::sheet::load_sheet;
use sprite_render::{Format, RenderRequest, Subject, TileSources};

fn layer(name: &str) -> LayerDocument {
    sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer(name))
        .expect("a shipped layer document")
}

/// The line `tactics-sprite draw --weapon sword --weapon-data W --effect-data E` prints.
fn layered_line(
    doc: &sprite_data::Document,
    name: &str,
    view: i64,
    tick: i64,
    weapon: &LayerDocument,
    effect: &LayerDocument,
) -> Vec<u8> {
    let request = DrawRequest {
        animation: name.to_owned(),
        view,
        tick: Some(tick),
        water: false,
        weapon: Some(WeaponType::Sword),
    };
    let resolved = request.resolve(doc).expect("a pose");
    let drawn = resolved.draw(Some(weapon), Some(effect)).expect("drawn");
    format!("{}\n", drawn.to_json_line()).into_bytes()
}

/// The weapon layer's tiles in a `draw --weapon` line (none when no weapon layer is drawn).
fn weapon_tiles(line: &[u8]) -> usize {
    let pose: serde_json::Value = serde_json::from_slice(line).expect("a JSON line");
    pose["layers"]
        .as_array()
        .expect("a layered pose")
        .iter()
        .filter(|l| l["layer"] == "weapon")
        .map(|l| l["tiles"].as_array().map_or(0, Vec::len))
        .sum()
}

#[tokio::test]
async fn a_weapon_is_drawn_from_the_originals_as_draw_draws_it() {
    let test = "a_weapon_is_drawn_from_the_originals_as_draw_draws_it";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    if !test_support::every_retail_file(test) {
        return;
    }
    let app =
        App::new(Catalog::from_originals(&Originals::folder(originals), None).expect("builds"));
    let kinds = app.get("/api/v1/kinds").await.json();
    assert_eq!(kinds[0]["layers"], serde_json::json!(["wep1", "eff1"]));
    assert_eq!(kinds[1]["layers"], serde_json::json!(["wep2", "eff1"]));
    // TYPE1 draws WEP1's weapons and TYPE2 WEP2's, each with EFF1: the shipped layer documents,
    // which `build --kind wep1` (wep2, eff1) makes from the same files.
    let eff1 = layer("eff1");
    for (kind, weapon) in [("type1", layer("wep1")), ("type2", layer("wep2"))] {
        let doc = sprite_inputs::documents::load_document(&test_support::fixtures::document(kind))
            .expect("loads");
        let mut drawn_with_a_sword = 0;
        // Views 1 and 5 (a mirrored one); the swing's start, its hit frame (tick 16 holds the
        // sword at 90 degrees, see the command line's tests/weapon.rs), its end and past it.
        for (view, tick) in [(1, 0), (1, 8), (1, 16), (1, 18), (1, 40), (5, 16), (5, 30)] {
            let answer = app
                .get(&format!(
                    "/api/v1/draw?kind={kind}&animation={}&view={view}&tick={tick}&weapon=sword",
                    escape("Swing High")
                ))
                .await;
            assert_eq!(
                answer.status,
                200,
                "{kind} {view} {tick}: {}",
                answer.text()
            );
            let expected = layered_line(&doc, "Swing High", view, tick, &weapon, &eff1);
            assert!(
                answer.body == expected,
                "{kind} view {view} tick {tick}: /api/v1/draw?weapon=sword is not draw --weapon \
                 sword:\n{}\n{}",
                answer.text(),
                String::from_utf8_lossy(&expected)
            );
            drawn_with_a_sword += usize::from(weapon_tiles(&answer.body) > 0);
        }
        // Not a comparison of two empty layer lists: the sword is in the unit's hand.
        assert!(drawn_with_a_sword > 0, "{kind}: no pose drew the sword");
    }
}

/// TYPE1's document with the shipped layer documents beside it, as `draw --weapon` finds them
/// when --weapon-data and --effect-data are not given.
fn type1_with_layers(test: &str) -> std::path::PathBuf {
    let dir = test_support::temp_dir(test);
    let doc = dir.join("type1.json");
    std::fs::copy(test_support::fixtures::document("type1"), &doc).expect("copies the document");
    std::fs::copy(test_support::fixtures::layer("wep1"), dir.join("wep1.json"))
        .expect("copies wep1");
    std::fs::copy(
        test_support::fixtures::layer("eff1"),
        dir.join("eff1.tactics-sprite-layer.json"),
    )
    .expect("copies eff1");
    doc
}

#[tokio::test]
async fn a_weapon_is_drawn_from_the_layer_documents_beside_data() {
    let doc_path = type1_with_layers("api_weapon_beside");
    let app = App::new(common::catalog_of(&doc_path));
    let doc = sprite_inputs::documents::load_document(&doc_path).expect("loads");
    let (wep1, eff1) = (layer("wep1"), layer("eff1"));
    for tick in [0, 16, 18] {
        let answer = app
            .get(&format!(
                "/api/v1/draw?animation={}&view=1&tick={tick}&weapon=Sword",
                escape("Swing High")
            ))
            .await;
        let expected = layered_line(&doc, "Swing High", 1, tick, &wep1, &eff1);
        assert!(
            answer.body == expected,
            "tick {tick}: {}\n{}",
            answer.text(),
            String::from_utf8_lossy(&expected)
        );
    }
    let sword = app
        .get(&format!(
            "/api/v1/draw?animation={}&view=1&tick=16&weapon=sword",
            escape("Swing High")
        ))
        .await;
    assert!(weapon_tiles(&sword.body) > 0);
    // The idle frame starts no layer: as `draw --animation Idle --weapon sword`, the plain pose.
    let idle = app
        .get("/api/v1/draw?animation=Idle&view=1&weapon=sword")
        .await;
    let plain = app.get("/api/v1/draw?animation=Idle&view=1").await;
    assert!(idle.body == plain.body, "{}", idle.text());
    let _ = std::fs::remove_dir_all(doc_path.parent().expect("its folder"));
}

#[tokio::test]
async fn a_weapon_without_its_layer_documents_is_refused_and_said() {
    // The shipped TYPE1 document alone: no wep1 or eff1 document beside it.
    let dir = test_support::temp_dir("api_weapon_missing");
    let doc = dir.join("type1.json");
    std::fs::copy(test_support::fixtures::document("type1"), &doc).expect("copies the document");
    let app = App::new(common::catalog_of(&doc));
    assert!(
        app.get("/api/v1/kinds").await.json()[0]
            .get("layers")
            .is_none()
    );
    let swing = escape("Swing High");
    for target in [
        format!("/api/v1/draw?animation={swing}&view=1&tick=16&weapon=sword"),
        format!("/api/v1/render.gif?animation={swing}&weapon=sword"),
    ] {
        let (status, parameter, body) = app.get(&target).await.refusal();
        assert_eq!(
            (status, parameter.as_deref()),
            (422, Some("weapon")),
            "{body}"
        );
        let error = body["error"].as_str().expect("an error line");
        for named in ["wep1.json", "eff1.json", "WEP1.SHP", "EFF1.SEQ"] {
            assert!(error.contains(named), "{named} is not named: {error}");
        }
    }
    // Without weapon= the same pose is drawn as ever.
    let plain = app
        .get(&format!("/api/v1/draw?animation={swing}&view=1&tick=16"))
        .await;
    assert_eq!(plain.status, 200, "{}", plain.text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The file `render --weapon NAME --weapon-sheet WEP.SPR` writes for `request` (TYPE1 on
/// RAMUZA.SPR with palette 0, the shipped WEP1 and EFF1 documents, the layers cut with
/// `palettes`).
fn rendered_with_a_sword(
    doc: &sprite_data::Document,
    ramuza: &[u8],
    wep: &Spr,
    palettes: LayerPalettes,
    request: &RenderRequest,
) -> Vec<u8> {
    let (wep1, eff1) = (layer("wep1"), layer("eff1"));
    let art = WeaponArt::cut(wep, &wep1, &eff1, palettes).expect("the layers' blocks");
    let sheet = load_sheet(ramuza, None).expect("the sheet");
    request
        .clone()
        .check()
        .expect("a request that keeps the rules")
        .against(doc)
        .expect("a request the document takes")
        .render(&TileSources {
            weapon: Some(&art),
            ..TileSources::of(&sheet, None)
        })
        .expect("drawn")
        .bytes
}

#[tokio::test]
async fn a_render_draws_the_weapon_when_asked() {
    let test = "a_render_draws_the_weapon_when_asked";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let (Some(sheets), Some(weapons)) = (
        test_support::sheets(test),
        test_support::weapons_sheet(test),
    ) else {
        return;
    };
    if !test_support::every_retail_file(test) {
        return;
    }
    let mut catalog = Catalog::from_originals(
        &Originals::folder(originals),
        Some(&Originals::folder(sheets)),
    )
    .expect("builds");
    catalog.weapon_sheet = WeaponSheet::find(&[Originals::folder(
        weapons.parent().expect("its folder").to_path_buf(),
    )])
    .expect("reads")
    .map(Some)
    .expect("WEP.SPR is found by either name");
    let app = App::new(catalog);
    let doc = sprite_inputs::documents::load_document(&test_support::fixtures::document("type1"))
        .expect("loads");
    let ramuza = test_support::sheet_bytes(test, "RAMUZA.SPR").expect("every retail sheet is here");
    let wep = Spr::decode(&std::fs::read(&weapons).expect("reads")).expect("WEP.SPR");
    let swing = |format| RenderRequest {
        weapon: Some(WeaponType::Sword),
        ..RenderRequest::new(Subject::Animations(vec!["Swing High".to_owned()]), format)
    };
    let coloured = LayerPalettes {
        weapon_palette: 3,
        weapon_rows: 16,
        effect_palette: 2,
    };
    let two_views = RenderRequest {
        views: vec![View::ALL[1], View::ALL[5]],
        labels: true,
        ..swing(Format::Png)
    };
    let name = escape("Swing High");
    for (query, request, palettes) in [
        (
            format!("render.gif?animation={name}&weapon=sword"),
            swing(Format::Gif),
            LayerPalettes::default(),
        ),
        (
            format!(
                "render.apng?animation={name}&weapon=sword&weapon-palette=3&weapon-rows=16&effect-palette=2"
            ),
            swing(Format::Apng),
            coloured,
        ),
        (
            format!("render.png?animation={name}&weapon=sword&view=1,5&labels=1"),
            two_views,
            LayerPalettes::default(),
        ),
    ] {
        let answer = app.get(&format!("/api/v1/{query}")).await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let expected = rendered_with_a_sword(&doc, &ramuza, &wep, palettes, &request);
        assert!(
            answer.body == expected,
            "{query} is not render --weapon sword"
        );
        let without = query.replace("&weapon=sword", "");
        let without = without.split("&weapon-").next().expect("the query");
        let bare = app.get(&format!("/api/v1/{without}")).await;
        assert_eq!(
            bare.status,
            200,
            "{query} without the weapon: {}",
            bare.text()
        );
        assert!(bare.body != answer.body, "{query}: no weapon was drawn");
    }

    // A weapon by name: its type's frames, its graphic's rows (FFTorama's weapons table: Katana 1
    // 128 rows down the block, Knight Sword 2 112) and palette 0 unless weapon-palette= says.
    for (query, weapon, rows, palette) in [
        ("weapon=katana", WeaponType::Katana, 128, 0),
        ("weapon=Katana%201", WeaponType::Katana, 128, 0),
        (
            "weapon=knight-sword-2&weapon-palette=5",
            WeaponType::KnightSword,
            112,
            5,
        ),
        ("weapon=katana&weapon-rows=0", WeaponType::Katana, 0, 0),
    ] {
        let answer = app
            .get(&format!("/api/v1/render.gif?animation={name}&{query}"))
            .await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let request = RenderRequest {
            weapon: Some(weapon),
            ..swing(Format::Gif)
        };
        let palettes = LayerPalettes {
            weapon_palette: palette,
            weapon_rows: rows,
            effect_palette: 0,
        };
        let expected = rendered_with_a_sword(&doc, &ramuza, &wep, palettes, &request);
        assert!(
            answer.body == expected,
            "{query} is not render --weapon with rows +{rows}, palette {palette}"
        );
    }
    let sword = app
        .get(&format!("/api/v1/render.gif?animation={name}&weapon=sword"))
        .await;
    let katana = app
        .get(&format!(
            "/api/v1/render.gif?animation={name}&weapon=katana"
        ))
        .await;
    assert!(
        sword.body != katana.body,
        "the katana is drawn as the sword"
    );
    let (status, parameter, body) = app
        .get(&format!(
            "/api/v1/render.gif?animation={name}&weapon=katana-4"
        ))
        .await
        .refusal();
    assert_eq!(
        (status, parameter.as_deref()),
        (400, Some("weapon")),
        "{body}"
    );
    assert_eq!(body["nearest"][0], "katana", "{body}");

    // What a render with a weapon refuses, as `render --weapon` refuses it.
    for (target, status, parameter) in [
        ("render.png?frame=3&weapon=sword", 400, "weapon"),
        ("render.png?all=1&weapon=sword", 400, "weapon"),
        ("render.gif?animation=Idle&weapon=sword", 400, "weapon"),
        ("render.gif?animation=Walk&weapon=swrd", 400, "weapon"),
        (
            "render.gif?animation=Walk&weapon-palette=3",
            400,
            "weapon-palette",
        ),
        (
            "render.gif?animation=Walk&weapon=sword&weapon-palette=16",
            400,
            "weapon-palette",
        ),
        (
            "render.gif?animation=Walk&weapon=sword&weapon-rows=249",
            400,
            "weapon-rows",
        ),
        (
            "render.gif?animation=Walk&weapon=sword&effect-palette=x",
            400,
            "effect-palette",
        ),
    ] {
        app.assert_refused(&format!("/api/v1/{target}"), status, parameter)
            .await;
    }
}

#[tokio::test]
async fn a_render_with_a_weapon_needs_the_weapons_sheet() {
    // The layer documents beside the document, but no weapons sheet anywhere.
    let doc = type1_with_layers("api_no_weapons_sheet");
    let app = App::new(common::catalog_of(&doc));
    let (status, parameter, body) = app
        .get(&format!(
            "/api/v1/render.gif?animation={}&weapon=sword",
            escape("Swing High")
        ))
        .await
        .refusal();
    assert_eq!(
        (status, parameter.as_deref()),
        (422, Some("weapon")),
        "{body}"
    );
    let error = body["error"].as_str().expect("an error line");
    for named in ["WEP.SPR", "battle_wep_spr.bin", "weapon-sheet FILE"] {
        assert!(error.contains(named), "{named} is not named: {error}");
    }
    let _ = std::fs::remove_dir_all(doc.parent().expect("its folder"));
}
