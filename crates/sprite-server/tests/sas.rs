//! `/api/v1/sas/...`: the SAS sets served, each answer the bytes of the library call the command
//! line makes for the same set (`build --sas`, `draw`, `render`), the facts of the synthetic sets
//! by hand (`test_support::sas` lists their blocks), and the refusals, limits and caching the unit
//! endpoints have.

mod common;

use common::App;
use sas_formats::document::{self, CellTable};
use sas_formats::meanings::PositionPair;
use sas_formats::pose::pose_at;
use sas_formats::{ByteOrder, Meanings, SasSet};
use sprite_inputs::catalog::{Catalog, SasCatalog};
use sprite_inputs::sheets::SasSheet;
use sprite_render::Format;
use sprite_render::sas::{SasRenderRequest, SasSubject, sas_sheet};
use test_support::fixtures;

/// `serve --sas synthetic.sas3 --sas synthetic.pakd --sas-sheet synthetic-sheet.png`.
fn served() -> (App, SasCatalog) {
    let sheet = SasSheet::read(&fixtures::sas("synthetic-sheet.png")).expect("the sheet reads");
    let mut sas = SasCatalog::default();
    sas.add_file(&fixtures::sas("synthetic.sas3"), Some(&sheet))
        .expect("the set reads");
    sas.add_file(&fixtures::sas("synthetic.pakd"), Some(&sheet))
        .expect("the container reads");
    let app = App::with_sas(Catalog::demo().expect("the demo"), sas.clone());
    (app, sas)
}

fn set_named<'a>(sas: &'a SasCatalog, name: &str) -> &'a SasSet {
    &sas.set(name).expect("served").set
}

#[tokio::test]
async fn the_list_names_each_set_and_container_entry_with_its_counts() {
    let (app, sas) = served();
    let list = app.get("/api/v1/sas/sets").await;
    assert_eq!(list.status, 200);
    let list = list.json();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["set"].as_str().unwrap())
        .collect();
    // The file by its stem, the container's two SAS entries by number; entry 2 is compressed.
    assert_eq!(names, ["synthetic", "synthetic.0", "synthetic.1"]);
    assert_eq!(sas.skipped.len(), 1, "{:?}", sas.skipped);
    assert!(sas.skipped[0].contains("entry 2"), "{:?}", sas.skipped);
    // By hand (fixtures/sas/README.md): the SAS3 set has three sprites, three animations, three
    // blocks, a dead frame and scale 2; the PSP set two sprites, two animations, two blocks.
    let first = &list[0];
    for (field, value) in [
        ("magic", serde_json::json!("SAS3")),
        ("byteOrder", "little".into()),
        ("scale", 2.into()),
        ("sprites", 3.into()),
        ("animations", 3.into()),
        ("sequences", 3.into()),
        ("deadFrames", 1.into()),
        ("sheetFile", "synthetic-sheet.png".into()),
        ("sheetWidth", 32.into()),
        ("sheetHeight", 16.into()),
        ("meanings", "seed".into()),
        ("position", "x2y2".into()),
    ] {
        assert_eq!(first[field], value, "{field}: {first}");
    }
    assert_eq!(
        (
            &list[2]["magic"],
            &list[2]["sprites"],
            &list[2]["animations"]
        ),
        (&"SAS\\0".into(), &2.into(), &2.into())
    );
    // The container's first entry is the same set as the file: the same document.
    assert_eq!(list[0]["sha256"], list[1]["sha256"]);
    let data = app.get("/api/v1/sas/data?set=synthetic").await;
    assert_eq!(
        list[0]["documentBytes"].as_u64(),
        Some(data.body.len() as u64)
    );
    assert_eq!(
        list[0]["sha256"].as_str(),
        Some(sprite_inputs::retail::sha256_hex(&data.body).as_str())
    );
}

#[tokio::test]
async fn the_document_is_build_sas_with_its_etag_304_and_gzip() {
    let (app, sas) = served();
    let set = set_named(&sas, "synthetic.1");
    // `build --sas synthetic.pakd --entry 1 --sheet-file synthetic-sheet.png`.
    let expected = document::to_bytes(
        set,
        &Meanings::from_executable(),
        Some("synthetic-sheet.png"),
    );
    app.assert_tagged_json("/api/v1/sas/data?set=synthetic.1", &expected)
        .await;
    // Another reading is another document: `build --sas ... --meanings gibbed --position x1y1`.
    let gibbed = app
        .get("/api/v1/sas/data?set=synthetic.1&meanings=gibbed&position=x1y1")
        .await;
    let table = Meanings::gibbed().with_position_pair(PositionPair::First);
    assert!(gibbed.body == document::to_bytes(set, &table, Some("synthetic-sheet.png")));
    assert_eq!(gibbed.json()["meanings"], "gibbed");
    assert_eq!(gibbed.json()["position"], "x1y1");
}

#[tokio::test]
async fn a_pose_is_the_line_draw_prints_at_every_tick() {
    let (app, sas) = served();
    let mut compared = 0;
    for name in ["synthetic", "synthetic.1"] {
        let set = set_named(&sas, name);
        let cells = CellTable::of(set);
        for (reading, table) in [
            ("", Meanings::from_executable()),
            (
                "&position=x1y1",
                Meanings::from_executable().with_position_pair(PositionPair::First),
            ),
        ] {
            for (animation, row) in set.animations.iter().enumerate() {
                for (direction, slot) in row.iter().enumerate() {
                    let Some(block) = slot.block.and_then(|b| set.block(b)) else {
                        continue;
                    };
                    for tick in 0..=u64::from(block.duration) + 2 {
                        let answer = app
                            .get(&format!(
                                "/api/v1/sas/pose?set={name}&animation={animation}&direction={direction}&tick={tick}{reading}"
                            ))
                            .await;
                        assert_eq!(answer.status, 200, "{}", answer.text());
                        let pose = pose_at(set, &table, animation, direction, tick).unwrap();
                        let expected = format!("{}\n", pose.to_json_line(&cells));
                        assert_eq!(
                            answer.text(),
                            expected,
                            "{name} {animation} {direction} {tick}"
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 100, "{compared}");
    // One by hand: animation 0 direction 1 at tick 8 is block A mirrored, moved to (2, -1),
    // sprite 0's first quad spanning x -6..2 before the mirror, -2..6 after.
    let pose = app
        .get("/api/v1/sas/pose?set=synthetic&animation=0&direction=1&tick=8")
        .await
        .json();
    assert_eq!(
        (&pose["x"], &pose["y"], &pose["index"]),
        (&2.into(), &(-1).into(), &1.into())
    );
    assert_eq!(
        (&pose["quads"][0]["x"], &pose["quads"][0]["flipX"]),
        (&(-2).into(), &true.into())
    );
    assert_eq!(
        app.get("/api/v1/sas/pose?animation=0&direction=1&tick=8")
            .await
            .body,
        app.get("/api/v1/sas/pose?set=SYNTHETIC&animation=0&direction=1&tick=8")
            .await
            .body,
        "the first set by default, a name in any case"
    );
}

/// The file `render --data SET --sheet synthetic-sheet.png` writes for `request`.
fn rendered(set: &SasSet, table: &Meanings, request: &SasRenderRequest) -> Vec<u8> {
    let sheet = sas_sheet(&std::fs::read(fixtures::sas("synthetic-sheet.png")).unwrap()).unwrap();
    request
        .against(set, table)
        .expect("a request the set takes")
        .render(&sheet)
        .expect("drawn")
        .bytes
}

#[tokio::test]
async fn a_render_is_the_file_render_writes() {
    let (app, sas) = served();
    let request = |what, direction, format| SasRenderRequest {
        what,
        direction,
        scale: 1,
        background: sprite_render::Background::Transparent,
        plays: None,
        hold: 60,
        format,
    };
    let v3 = set_named(&sas, "synthetic");
    let v0 = set_named(&sas, "synthetic.1");
    let seed = Meanings::from_executable();
    for (query, expected) in [
        (
            "render.png?set=synthetic&animation=0&direction=1",
            rendered(
                v3,
                &seed,
                &request(SasSubject::Animations(vec![0]), 1, Format::Png),
            ),
        ),
        (
            "render.gif?set=synthetic&animation=0",
            rendered(
                v3,
                &seed,
                &request(SasSubject::Animations(vec![0]), 0, Format::Gif),
            ),
        ),
        (
            "render.apng?set=synthetic.1&animation=1&direction=2&scale=4&background=%23202020&plays=2&hold=7",
            rendered(
                v0,
                &seed,
                &SasRenderRequest {
                    scale: 4,
                    background: "#202020".parse().unwrap(),
                    plays: Some(2),
                    hold: 7,
                    ..request(SasSubject::Animations(vec![1]), 2, Format::Apng)
                },
            ),
        ),
        (
            "render.png?set=synthetic&frame=2&scale=8",
            rendered(
                v3,
                &seed,
                &SasRenderRequest {
                    scale: 8,
                    ..request(SasSubject::Sprite(2), 0, Format::Png)
                },
            ),
        ),
        (
            "render.png?set=synthetic&animation=0&position=x1y1",
            rendered(
                v3,
                &seed.clone().with_position_pair(PositionPair::First),
                &request(SasSubject::Animations(vec![0]), 0, Format::Png),
            ),
        ),
    ] {
        let answer = app.get(&format!("/api/v1/sas/{query}")).await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert!(
            answer.body == expected,
            "{query} is not the file render writes"
        );
    }
    // The animated file's type and a mirrored direction drawn mirrored (not the same picture).
    let gif = app
        .get("/api/v1/sas/render.gif?animation=0&direction=1")
        .await;
    assert_eq!(gif.header("content-type"), Some("image/gif"));
    let straight = app
        .get("/api/v1/sas/render.gif?animation=0&direction=0")
        .await;
    assert!(gif.body != straight.body);
    let sheet = app.get("/api/v1/sas/sheet.png?set=synthetic.0").await;
    assert!(sheet.body == std::fs::read(fixtures::sas("synthetic-sheet.png")).unwrap());
}

#[tokio::test]
async fn what_a_set_does_not_have_is_refused_naming_the_parameter() {
    let (app, _) = served();
    for (target, status, parameter) in [
        (
            "pose?set=synthetc&animation=0&direction=0&tick=0",
            404,
            "set",
        ),
        ("pose?animation=3&direction=0&tick=0", 404, "animation"),
        ("pose?animation=Walk&direction=0&tick=0", 400, "animation"),
        ("pose?animation=2&direction=3&tick=0", 404, "direction"),
        ("pose?animation=0&direction=4&tick=0", 400, "direction"),
        ("pose?animation=0&tick=0", 400, "direction"),
        ("pose?animation=0&direction=0", 400, "tick"),
        ("pose?animation=0&direction=0&tick=-1", 400, "tick"),
        ("pose?animation=0&direction=0&tick=x", 400, "tick"),
        (
            "pose?animation=0&direction=0&tick=0&meanings=other",
            400,
            "meanings",
        ),
        ("pose?animation=0&direction=0&tick=0&view=1", 400, "view"),
        ("render.png?set=synthetic", 400, "animation"),
        ("render.png?animation=0&frame=1", 400, "animation"),
        ("render.png?frame=99", 404, "frame"),
        ("render.png?animation=9", 404, "animation"),
        ("render.png?animation=0&scale=17", 400, "scale"),
        ("render.png?animation=0&scale=0", 400, "scale"),
        ("render.gif?animation=0&plays=1001", 400, "plays"),
        ("render.gif?animation=0&background=pink", 400, "background"),
        ("data?set=nosuch", 404, "set"),
        ("data?kind=type1", 400, "kind"),
    ] {
        app.assert_refused(&format!("/api/v1/sas/{target}"), status, parameter)
            .await;
    }
    let (_, _, body) = app
        .get("/api/v1/sas/pose?set=synthetc&animation=0&direction=0&tick=0")
        .await
        .refusal();
    assert_eq!(body["nearest"][0], "synthetic", "{body}");
    let (_, _, body) = app
        .get("/api/v1/sas/pose?animation=2&direction=3&tick=0")
        .await
        .refusal();
    assert_eq!(
        body["error"],
        "animation 2 has nothing in direction 3 (it has directions: 0)"
    );
}

#[tokio::test]
async fn a_set_without_a_sheet_is_posed_but_not_drawn_and_no_set_is_said() {
    let mut sas = SasCatalog::default();
    sas.add_file(&fixtures::sas("synthetic.sas3"), None)
        .unwrap();
    let app = App::with_sas(Catalog::demo().unwrap(), sas);
    let pose = app
        .get("/api/v1/sas/pose?animation=0&direction=0&tick=0")
        .await;
    assert_eq!(pose.status, 200);
    let (status, _, body) = app
        .get("/api/v1/sas/render.png?animation=0")
        .await
        .refusal();
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("sas-sheet SHEET.png"),
        "{body}"
    );
    assert_eq!(app.get("/api/v1/sas/sheet.png").await.status, 404);
    let list = app.get("/api/v1/sas/sets").await.json();
    assert!(list[0].get("sheetFile").is_none(), "{list}");
    assert_eq!(
        app.get("/api/v1/sas/data").await.json()["sheet"]["file"],
        serde_json::Value::Null
    );

    let none = App::new(Catalog::demo().unwrap());
    assert_eq!(
        none.get("/api/v1/sas/sets").await.json(),
        serde_json::json!([])
    );
    let (status, _, body) = none
        .get("/api/v1/sas/pose?animation=0&direction=0&tick=0")
        .await
        .refusal();
    assert_eq!(status, 404);
    assert!(
        body["error"].as_str().unwrap().contains("serve sas FILE"),
        "{body}"
    );
}

#[tokio::test]
async fn a_render_over_the_pixel_limit_is_refused_before_it_is_drawn() {
    // Sprite 0's first quad made 4000 x 4000: its pose's canvas is 4000 x 4000 or more, 16
    // million pixels, 64 million at scale 2: over the 2^25 a request may draw.
    let mut set = test_support::sas::set_v3(ByteOrder::Little);
    set.sprites[0].quads[0].width = 4000;
    set.sprites[0].quads[0].height = 4000;
    let dir = test_support::temp_dir("api_sas_limit");
    let path = dir.join("huge.sas3");
    std::fs::write(&path, set.encode().unwrap()).unwrap();
    let sheet = SasSheet::read(&fixtures::sas("synthetic-sheet.png")).unwrap();
    let mut sas = SasCatalog::default();
    sas.add_file(&path, Some(&sheet)).unwrap();
    let app = App::with_sas(Catalog::demo().unwrap(), sas);
    let (status, parameter, body) = app
        .get("/api/v1/sas/render.png?set=huge&frame=0&scale=2")
        .await
        .refusal();
    assert_eq!(
        (status, parameter.as_deref()),
        (400, Some("scale")),
        "{body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("33554432"),
        "{body}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
