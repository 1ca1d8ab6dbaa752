//! The endpoints run in-process: each byte for byte what the libraries the command line calls
//! make for the same arguments (the pose `draw` prints, the sheet `sheet` writes, the file
//! `render` writes), the document's ETag, 304 and gzip, and every kind of bad request answered
//! with a named refusal. (`crates/tactics-sprite/tests/server/serve.rs` runs the binary against the
//! command line itself.)

mod common;

use axum::body::Body;
use common::{Answer, App, escape};
use fft_formats::spr::Spr;
use sprite_data::pose::{DrawRequest, View};
use sprite_inputs::Originals;
use sprite_inputs::catalog::Catalog;
use sprite_inputs::retail::sha256_hex;
use sprite_render::sheet::{load_sheet, load_sp2, sheet_png, spr_colours};
use sprite_render::{Format, RenderRequest, Subject, TileSources};

/// The line `tactics-sprite draw` prints for the same request.
fn pose_line(doc: &sprite_data::Document, name: &str, view: i64, tick: i64, water: bool) -> String {
    let request = DrawRequest {
        animation: name.to_owned(),
        view,
        tick: Some(tick),
        water,
        weapon: None,
    };
    let drawn = request.resolve(doc).expect("a pose").draw(None, None);
    format!("{}\n", drawn.expect("drawn").to_json_line())
}

/// The file `tactics-sprite render` writes for `request` from these sheet files.
fn rendered(
    doc: &sprite_data::Document,
    sheet: &[u8],
    sp2: Option<&[u8]>,
    palette: Option<usize>,
    request: &RenderRequest,
) -> Vec<u8> {
    let sheet_image = load_sheet(sheet, palette).expect("the sheet");
    let colours = spr_colours(sheet, palette.unwrap_or(0));
    let sp2 = sp2.map(|b| load_sp2(b, colours.as_ref()).expect("the SP2"));
    request
        .clone()
        .check()
        .expect("a request that keeps the rules")
        .against(doc)
        .expect("a request the document takes")
        .render(&TileSources::of(&sheet_image, sp2.as_ref()))
        .expect("drawn")
        .bytes
}

fn animation(name: &str, format: Format) -> RenderRequest {
    RenderRequest::new(Subject::Animations(vec![name.to_owned()]), format)
}

#[tokio::test]
async fn the_demo_is_served_and_each_endpoint_is_its_command() {
    let app = App::new(Catalog::demo().expect("the demo"));
    let kinds = app.get("/api/v1/kinds").await.json();
    assert_eq!(kinds[0]["kind"], "demo");

    // The document: the shipped demo document, byte for byte, tagged with its sha256.
    let expected =
        std::fs::read(test_support::fixtures::demo_document()).expect("the shipped demo document");
    let data = app.get("/api/v1/data?kind=demo").await;
    // `sha256sum fixtures/documents/demo.json`, quoted.
    let etag = "\"b2fb0a6c4f51fb55ffcf24d32fddfe1f85c2f7379b95c852dc1c335d15f993d8\"";
    assert_eq!(data.header("etag"), Some(etag));
    let gzip = app
        .assert_tagged_json("/api/v1/data?kind=demo", &expected)
        .await;
    assert!(gzip.body.len() < expected.len() / 3);
    let listed = app
        .request(
            "GET",
            "/api/v1/data?kind=demo",
            &[("Accept-Encoding", "br, gzip")],
        )
        .await;
    assert_eq!(listed.header("content-encoding"), Some("gzip"));
    let gzip_tag = gzip.header("etag").expect("an ETag").to_owned();
    let revalidated = app
        .request(
            "GET",
            "/api/v1/data?kind=demo",
            &[("If-None-Match", &gzip_tag), ("Accept-Encoding", "gzip")],
        )
        .await;
    assert_eq!(revalidated.status, 304);
    let refused_gzip = app
        .request(
            "GET",
            "/api/v1/data?kind=demo",
            &[("Accept-Encoding", "gzip;q=0")],
        )
        .await;
    assert_eq!(refused_gzip.header("content-encoding"), None);

    // draw: the line `tactics-sprite draw` prints for the same arguments.
    let doc = sprite_inputs::documents::load_document(&test_support::fixtures::demo_document())
        .expect("the demo document");
    for (animation, view, tick, water) in [
        ("Walk", 1, 3, false),
        ("Walk", 6, 1000, true),
        ("Idle", 7, 0, false),
        ("Idle", 0, 5, true),
    ] {
        let answer = app
            .get(&format!(
                "/api/v1/draw?kind=demo&animation={animation}&view={view}&tick={tick}{}",
                if water { "&water=1" } else { "" }
            ))
            .await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-type"), Some("application/json"));
        assert_eq!(answer.text(), pose_line(&doc, animation, view, tick, water));
    }
    let idle = app.get("/api/v1/draw?kind=demo&idle=1&view=2&tick=0").await;
    assert_eq!(idle.text(), pose_line(&doc, "Idle", 2, 0, false));
    // The idle frame needs no tick; names match in any case, as the command's do.
    for (query, name, view, tick) in [
        ("idle=1&view=4", "Idle", 4, 0),
        ("animation=IDLE&view=5", "IDLE", 5, 0),
        ("animation=walk&view=1&tick=3", "walk", 1, 3),
    ] {
        let answer = app.get(&format!("/api/v1/draw?kind=demo&{query}")).await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert_eq!(
            answer.text(),
            pose_line(&doc, name, view, tick, false),
            "{query}"
        );
    }

    // render: the file `tactics-sprite render` writes for the same arguments, drawn from the
    // sheet the server serves (the demo sheet, fixtures/demo/demo.png).
    let sheet_answer = app.get("/api/v1/sheet.png?kind=demo").await;
    assert_eq!(sheet_answer.header("content-type"), Some("image/png"));
    let demo_png =
        std::fs::read(test_support::fixtures::demo_sheet()).expect("fixtures/demo/demo.png");
    assert!(
        sheet_answer.body == demo_png,
        "the demo is not drawn from fixtures/demo/demo.png"
    );
    let frame = RenderRequest {
        scale: 2,
        ..RenderRequest::new(Subject::Frame(9), Format::Png)
    };
    let walk_gif = RenderRequest {
        views: vec![View::ALL[3]],
        ..animation("Walk", Format::Gif)
    };
    let walk_apng = RenderRequest {
        views: vec![View::ALL[0]],
        water: true,
        plays: Some(2),
        background: "#102030".parse().expect("a colour"),
        ..animation("Walk", Format::Apng)
    };
    let labelled = RenderRequest {
        labels: true,
        ..animation("Walk", Format::Png)
    };
    let contact = RenderRequest {
        columns: 5,
        ..RenderRequest::new(Subject::AllFrames, Format::Png)
    };
    let two_views = RenderRequest {
        views: vec![View::ALL[1], View::ALL[5]],
        labels: true,
        ..animation("walk", Format::Png)
    };
    let cases = [
        ("frame=9&scale=2", frame),
        ("animation=Walk&view=3", walk_gif),
        (
            "animation=Walk&view=0&water=1&plays=2&background=%23102030",
            walk_apng,
        ),
        ("animation=Walk&labels=1", labelled),
        ("all=1&columns=5", contact),
        ("animation=walk&view=1,5&labels=1", two_views),
    ];
    for (query, request) in cases {
        let extension = request.format.extension();
        let answer = app
            .get(&format!("/api/v1/render.{extension}?kind=demo&{query}"))
            .await;
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert_eq!(
            answer.header("content-type"),
            Some(request.format.media_type())
        );
        assert!(
            answer.body == rendered(&doc, &demo_png, None, None, &request),
            "render.{extension}?{query} differs from the render of {request:?}"
        );
    }

    // The viewer page (its files and the package's: tests/viewer.rs).
    let page = app.get("/").await;
    assert_eq!(page.status, 200);
    assert!(
        page.text()
            .contains("<script type=\"module\" src=\"/viewer.js\">")
    );

    let animations = app.get("/api/v1/animations?kind=demo").await.json();
    let walk = animations
        .as_array()
        .expect("a list")
        .iter()
        .find(|a| a["name"] == "Walk")
        .expect("Walk is listed");
    assert_eq!(walk["loop"], true);
}

#[tokio::test]
async fn every_kind_is_served_from_the_originals_as_built() {
    let test = "every_kind_is_served_from_the_originals_as_built";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let (true, Some(sheets)) = (
        test_support::every_retail_file(test),
        test_support::sheets(test),
    ) else {
        return;
    };
    let app = App::new(
        Catalog::from_originals(
            &Originals::folder(originals),
            Some(&Originals::folder(sheets)),
        )
        .expect("builds"),
    );
    let kinds = app.get("/api/v1/kinds").await.json();
    let names: Vec<&str> = kinds
        .as_array()
        .expect("a list")
        .iter()
        .map(|k| k["kind"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        [
            "type1", "type2", "cyoko", "mon", "ruka", "other", "arute", "kanzen"
        ]
    );
    for name in &names {
        let expected =
            std::fs::read(test_support::fixtures::document(name)).expect("the shipped table");
        let data = app.get(&format!("/api/v1/data?kind={name}")).await;
        assert!(
            data.body == expected,
            "{name}: /api/v1/data is not the shipped document"
        );
        assert_eq!(
            data.header("etag"),
            Some(format!("\"{}\"", sha256_hex(&expected)).as_str())
        );
    }
    // The tag is the document's sha256, as `sha256sum fixtures/documents/type1.json` gives it
    // (the README's figure for the TYPE1 build).
    assert_eq!(
        app.get("/api/v1/data?kind=type1").await.header("etag"),
        Some(format!("\"{}\"", test_support::TYPE1_SHA256).as_str())
    );
    // TYPE1's retail sheet: what `tactics-sprite sheet` and `render` make with the same palette.
    assert_eq!(kinds[0]["sheet"], "spr");
    assert_eq!(kinds[0]["palettes"], 16);
    let Some(ramuza) = test_support::sheet_bytes(test, "RAMUZA.SPR") else {
        return;
    };
    let spr = Spr::decode(&ramuza).expect("RAMUZA.SPR");
    let answer = app.get("/api/v1/sheet.png?kind=type1&palette=3").await;
    assert!(
        answer.body == sheet_png(&spr, Some(3), false).expect("palette 3").0,
        "sheet.png differs from `sheet --palette 3`"
    );
    // Tagged with its sha256, so that a viewer asking again (after a reload) is told `304`.
    let tag = format!("\"{}\"", sha256_hex(&answer.body));
    assert_eq!(answer.header("etag"), Some(tag.as_str()));
    let again = app
        .request(
            "GET",
            "/api/v1/sheet.png?kind=type1&palette=3",
            &[("If-None-Match", &tag)],
        )
        .await;
    assert_eq!((again.status, again.body.len()), (304, 0));
    let portrait = app.get("/api/v1/sheet.png?kind=type1&portrait=1").await;
    assert!(
        portrait.body == sheet_png(&spr, None, true).expect("the portrait").0,
        "the portrait differs"
    );
    let type1 = sprite_inputs::documents::load_document(&test_support::fixtures::document("type1"))
        .expect("type1");
    let swing = RenderRequest {
        views: vec![View::ALL[5]],
        scale: 3,
        ..animation("Swing High", Format::Gif)
    };
    let answer = app
        .get(&format!(
            "/api/v1/render.gif?kind=type1&animation={}&view=5&scale=3&palette=2",
            escape("Swing High")
        ))
        .await;
    assert!(
        answer.body == rendered(&type1, &ramuza, None, Some(2), &swing),
        "render.gif differs from `tactics-sprite render`"
    );
    // MON's SP2 animations: the SP2 found beside the sheet, as `render` finds it.
    assert_eq!(kinds[3]["sp2"], "spr");
    assert_eq!(kinds[3]["sp2File"], "battle_behi2_sp2.bin");
    assert_eq!(kinds[0].get("sp2"), None, "TYPE1 draws from no SP2");
    let mon = sprite_inputs::documents::load_document(&test_support::fixtures::document("mon"))
        .expect("mon");
    let behi = test_support::sheet_bytes(test, "BEHI.SPR").expect("every retail sheet is here");
    let behi2 = test_support::sheet_bytes(test, "BEHI2.SP2").expect("every retail sheet is here");
    let answer = app
        .get(&format!(
            "/api/v1/render.gif?kind=mon&animation={}&view=1&palette=1",
            escape("bomb explode")
        ))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body
            == rendered(
                &mon,
                &behi,
                Some(&behi2),
                Some(1),
                &animation("Bomb Explode", Format::Gif)
            ),
        "MON's Bomb Explode differs from `tactics-sprite render` with its SP2"
    );
    assert_eq!(app.get("/api/v1/sp2.png?kind=mon").await.status, 200);
    assert_eq!(app.get("/api/v1/sp2.png?kind=type1").await.status, 404);
}

#[tokio::test]
async fn documents_given_with_data_are_served_as_read() {
    let doc = test_support::fixtures::document("type1");
    let app = App::new(common::catalog_of(&doc));
    let kinds = app.get("/api/v1/kinds").await.json();
    assert_eq!(kinds[0]["kind"], "type1");
    assert_eq!(kinds[0]["sheet"], "synthetic");
    let data = app.get("/api/v1/data?kind=type1").await;
    assert!(data.body == std::fs::read(&doc).expect("reads"));
    let draw = app
        .get(&format!(
            "/api/v1/draw?kind=type1&animation={}&view=1&tick=18",
            escape("Swing High")
        ))
        .await;
    // The README's example pose: Swing High's hit frame, SHP 88, 2 pixels back.
    let pose = draw.json();
    assert_eq!(
        (pose["shp"].as_u64(), pose["moveX"].as_i64()),
        (Some(88), Some(-2))
    );
}

#[tokio::test]
async fn bad_requests_are_refused_naming_the_parameter() {
    let app = App::new(Catalog::demo().expect("the demo"));
    let refused = |answer: Answer| answer.refusal();
    for (target, parameter) in [
        // Missing and malformed parameters.
        ("/api/v1/draw?animation=Walk&view=1", "tick"),
        ("/api/v1/draw?view=1&tick=0", "animation"),
        ("/api/v1/draw?animation=Walk&tick=0", "view"),
        ("/api/v1/draw?animation=Walk&view=one&tick=0", "view"),
        ("/api/v1/draw?animation=Walk&view=8&tick=0", "view"),
        ("/api/v1/draw?animation=Walk&view=-1&tick=0", "view"),
        ("/api/v1/draw?animation=Walk&view=1&tick=-1", "tick"),
        ("/api/v1/draw?idle=1&view=1&tick=-1", "tick"),
        ("/api/v1/draw?animation=Walk&view=1&tick=1.5", "tick"),
        (
            "/api/v1/draw?animation=Walk&view=1&tick=99999999999999999999",
            "tick",
        ),
        (
            "/api/v1/draw?animation=Walk&view=1&tick=0&water=maybe",
            "water",
        ),
        ("/api/v1/draw?animation=Walk&view=1&tick=0&idle=1", "idle"),
        ("/api/v1/draw?idle=1&view=1&weapon=sword", "weapon"),
        (
            "/api/v1/draw?animation=Walk&view=1&tick=0&weapon=",
            "weapon",
        ),
        ("/api/v1/draw?animation=Walk&view=1&tick=0&veiw=2", "veiw"),
        ("/api/v1/draw?animation=Walk&view=1&view=2&tick=0", "view"),
        ("/api/v1/data?kind=demo&format=xml", "format"),
        ("/api/v1/render.png?kind=demo", "animation"),
        (
            "/api/v1/render.png?kind=demo&animation=Walk&frame=1",
            "animation",
        ),
        ("/api/v1/render.gif?kind=demo&all=1", "all"),
        ("/api/v1/render.png?kind=demo&frame=1&scale=17", "scale"),
        ("/api/v1/render.png?kind=demo&frame=1&scale=0", "scale"),
        ("/api/v1/render.png?kind=demo&frame=x", "frame"),
        (
            "/api/v1/render.gif?kind=demo&animation=Walk&plays=100000",
            "plays",
        ),
        (
            "/api/v1/render.gif?kind=demo&animation=Walk&hold=99999",
            "hold",
        ),
        ("/api/v1/render.png?kind=demo&all=1&columns=1000", "columns"),
        (
            "/api/v1/render.png?kind=demo&frame=1&background=purple",
            "background",
        ),
        ("/api/v1/render.png?kind=demo&frame=1&palette=0", "palette"),
        ("/api/v1/sheet.png?kind=demo&palette=1", "palette"),
        ("/api/v1/sheet.png?kind=demo&portrait=1", "portrait"),
        ("/api/v1/render.gif?animation=Walk&view=1,5", "view"),
        ("/api/v1/render.png?animation=Walk&view=1,x", "view"),
    ] {
        let (status, named, body) = refused(app.get(target).await);
        assert_eq!(
            (status, named.as_deref()),
            (400, Some(parameter)),
            "{target}: {body}"
        );
    }
    let (_, _, body) = refused(
        app.get("/api/v1/draw?animation=Walk&view=1&tick=0&weapon=swrd")
            .await,
    );
    assert_eq!(body["parameter"], "weapon", "{body}");
    assert_eq!(body["nearest"], serde_json::json!(["sword"]), "{body}");
    let error = body["error"].as_str().expect("an error line");
    assert!(
        ["knife", "ninja-blade", "sword", "shuriken"]
            .iter()
            .all(|t| error.contains(t)),
        "the weapon types are not listed: {error}"
    );
    // A tick past any loop is a pose, not an error.
    let far = app
        .get("/api/v1/draw?animation=Walk&view=1&tick=9223372036854775807")
        .await;
    assert_eq!(far.status, 200);

    // Unknown names: 404 with the nearest ones.
    let (status, parameter, body) = refused(
        app.get("/api/v1/draw?kind=dmeo&animation=Walk&view=1&tick=0")
            .await,
    );
    assert_eq!((status, parameter.as_deref()), (404, Some("kind")));
    assert_eq!(body["nearest"][0], "demo");
    let (status, parameter, body) =
        refused(app.get("/api/v1/draw?animation=Wlak&view=1&tick=0").await);
    assert_eq!((status, parameter.as_deref()), (404, Some("animation")));
    assert_eq!(body["nearest"][0], "Walk");
    // The command line's own line for it (`draw --animation Wlak` prints the same).
    let error = body["error"].as_str().expect("an error line");
    assert!(
        error.starts_with("unknown animation \"Wlak\"; did you mean \"Walk\""),
        "{error}"
    );
    let (status, parameter, body) = refused(app.get("/api/v1/render.gif?animation=Wlak").await);
    assert_eq!((status, parameter.as_deref()), (404, Some("animation")));
    assert_eq!(body["nearest"][0], "Walk");
    let (status, parameter, _) = refused(app.get("/api/v1/render.png?frame=9999").await);
    assert_eq!((status, parameter.as_deref()), (404, Some("frame")));
    let (status, _, _) = refused(app.get("/api/v2/draw").await);
    assert_eq!(status, 404);

    // Other methods: 405, naming the ones that are answered.
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let answer = app
            .request(method, "/api/v1/draw", &[("Content-Length", "0")])
            .await;
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("allow"), Some("GET, HEAD"));
    }
    let head = app.request("HEAD", "/api/v1/kinds", &[]).await;
    assert_eq!(head.status, 200);

    // Limits: a long query (414), a body (413).
    let long = format!("/api/v1/draw?animation={}&view=1&tick=0", "a".repeat(2000));
    assert_eq!(app.get(&long).await.status, 414);
    let body = app
        .send(
            "GET",
            "/api/v1/kinds",
            &[("Content-Length", "100000")],
            Body::from(vec![b'x'; 100_000]),
        )
        .await;
    assert_eq!(body.status, 413);
    // Percent-encoded bytes that are not UTF-8 are a name that is not there.
    let (status, _, _) = refused(app.get("/api/v1/draw?animation=%FF%FE&view=1&tick=0").await);
    assert_eq!(status, 404);

    // After all of it the server still answers: nothing panicked.
    assert_eq!(app.get("/api/v1/kinds").await.status, 200);
}

#[tokio::test]
async fn a_malformed_parameter_is_answered_before_an_unknown_name() {
    // A query's own form is read before its names are looked up in the document, so a request
    // with both gets the 400 of the malformed parameter (crates/sprite-server/README.md); the
    // kind is looked up first, since every other name is the kind's document's.
    let app = App::new(Catalog::demo().expect("the demo"));
    for (target, status, parameter) in [
        ("draw?animation=Wlak&view=x&tick=0", 400, "view"),
        ("render.png?animation=Wlak&scale=abc", 400, "scale"),
        ("render.png?frame=9999&scale=0", 400, "scale"),
        (
            "render.png?animation=Wlak&weapon=sword&weapon-rows=12",
            400,
            "weapon-rows",
        ),
        ("render.png?kind=dmeo&animation=Walk&scale=abc", 404, "kind"),
        // A view or tick out of range is the pose's to refuse, once its animation is found.
        ("draw?animation=Wlak&view=9&tick=-1", 404, "animation"),
        ("draw?animation=Walk&view=9&tick=0", 400, "view"),
        // Each name alone, for contrast.
        ("draw?animation=Wlak&view=1&tick=0", 404, "animation"),
        ("render.png?frame=9999", 404, "frame"),
    ] {
        app.assert_refused(&format!("/api/v1/{target}"), status, parameter)
            .await;
    }
}

#[tokio::test]
async fn the_404_page_names_every_endpoint_and_only_endpoints() {
    let app = App::new(Catalog::demo().expect("the demo"));
    let (status, _, body) = app.get("/api/v1/nosuch").await.refusal();
    assert_eq!(status, 404);
    let text = body["error"].as_str().expect("an error line").to_owned();
    // Every endpoint the router serves (lib.rs), each named in the text under its prefix.
    let unit = [
        "kinds",
        "animations",
        "data",
        "source",
        "changes",
        "draw",
        "sheet.png",
        "sp2.png",
        "render.png",
        "render.gif",
        "render.apng",
        "canvas",
        "layer",
        "layer.png",
    ];
    let sas = [
        "sets",
        "data",
        "pose",
        "sheet.png",
        "render.png",
        "render.gif",
        "render.apng",
    ];
    let listed = |prefix: &str| -> Vec<String> {
        let after = text.split(prefix).nth(1).expect("the prefix is named");
        let inside = after
            .split_once('(')
            .expect("a list")
            .1
            .split_once(')')
            .expect("closed")
            .0;
        inside.split(", ").map(str::to_owned).collect()
    };
    assert_eq!(listed("under /api/v1/ "), unit);
    assert_eq!(listed("under /api/v1/sas/ "), sas);
    // Each one named is routed: none of them is answered with this page.
    for path in unit
        .map(|p| format!("/api/v1/{p}"))
        .into_iter()
        .chain(sas.map(|p| format!("/api/v1/sas/{p}")))
    {
        let answer = app.get(&path).await;
        assert!(
            !answer.text().contains("no such page"),
            "{path} is listed but not routed"
        );
    }
}

#[tokio::test]
async fn weapon_rows_are_a_multiple_of_eight_within_the_block() {
    let app = App::new(Catalog::demo().expect("the demo"));
    for rows in ["12", "3", "256", "-8", "x"] {
        let target = format!("/api/v1/render.png?animation=Walk&weapon=sword&weapon-rows={rows}");
        let (status, named, body) = app.get(&target).await.refusal();
        assert_eq!(
            (status, named.as_deref()),
            (400, Some("weapon-rows")),
            "{body}"
        );
        let error = body["error"].as_str().expect("an error line");
        assert!(
            error.starts_with("weapon-rows=") && error.contains("a multiple of 8 in 0..248"),
            "{error}"
        );
    }
    // 16 is a graphic's rows: the request goes on, to the demo's missing layer documents.
    let (status, named, _) = app
        .get("/api/v1/render.png?animation=Walk&weapon=sword&weapon-rows=16")
        .await
        .refusal();
    assert_eq!((status, named.as_deref()), (422, Some("weapon")));
}

#[tokio::test]
async fn a_request_over_its_time_is_answered_503() {
    // A contact sheet of every demo frame at scale 10 takes far longer than a millisecond.
    let quick = sprite_server::Options {
        timeout: std::time::Duration::from_millis(1),
        ..common::options()
    };
    let app = App::with(Catalog::demo().expect("the demo"), &quick);
    let (status, _, body) = app.get("/api/v1/render.png?all=1&scale=10").await.refusal();
    assert_eq!(status, 503, "{body}");
    let patient = sprite_server::Options {
        timeout: std::time::Duration::from_secs(60),
        max_concurrent: 1,
        ..common::options()
    };
    let app = App::with(Catalog::demo().expect("the demo"), &patient);
    assert_eq!(
        app.get("/api/v1/render.png?all=1&scale=2").await.status,
        200
    );
}

#[tokio::test]
async fn cors_is_off_unless_an_origin_is_given() {
    let origin = [("Origin", "http://example.test")];
    let app = App::new(Catalog::demo().expect("the demo"));
    let answer = app.request("GET", "/api/v1/kinds", &origin).await;
    assert_eq!(answer.header("access-control-allow-origin"), None);
    let cors = sprite_server::Options {
        cors: Some("http://example.test".to_owned()),
        ..common::options()
    };
    let app = App::with(Catalog::demo().expect("the demo"), &cors);
    let answer = app.request("GET", "/api/v1/kinds", &origin).await;
    assert_eq!(
        answer.header("access-control-allow-origin"),
        Some("http://example.test")
    );
}

#[tokio::test]
async fn an_sp2_animation_without_its_sp2_is_refused_and_said() {
    let test = "an_sp2_animation_without_its_sp2_is_refused_and_said";
    let Some(behi) = test_support::sheet(test, "BEHI.SPR") else {
        return;
    };
    // MON's document with its sheet but not its SP2 beside it.
    let dir = test_support::temp_dir("api_no_sp2");
    std::fs::copy(&behi, dir.join("BEHI.SPR")).expect("copies the sheet");
    let doc = dir.join("mon.json");
    std::fs::copy(test_support::fixtures::document("mon"), &doc).expect("copies the document");
    let app = App::new(common::catalog_of(&doc));
    let kinds = app.get("/api/v1/kinds").await.json();
    assert_eq!(
        (&kinds[0]["sp2"], &kinds[0]["sp2File"]),
        (
            &serde_json::json!("missing"),
            &serde_json::json!("BEHI2.SP2")
        )
    );
    let (status, _, body) = app
        .get(&format!(
            "/api/v1/render.gif?kind=mon&animation={}&view=1",
            escape("Bomb Explode")
        ))
        .await
        .refusal();
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("BEHI2.SP2")),
        "{body}"
    );
    assert_eq!(app.get("/api/v1/sp2.png?kind=mon").await.status, 404);
    // Animations that draw nothing from the SP2 are drawn as ever.
    let walk = app
        .get("/api/v1/render.gif?kind=mon&animation=Walk&view=1")
        .await;
    assert_eq!(walk.status, 200, "{}", walk.text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The server names its own start-up parameters as the front end that started it spells them
/// (`Options::started_with`), and by their logical names when none says how: the library holds
/// no command-line flag.
#[tokio::test]
async fn an_answer_naming_a_start_up_parameter_is_in_the_front_ends_words() {
    struct Dashes;
    impl faults::Spelling for Dashes {
        fn name(&self, parameter: &str) -> String {
            format!("--{parameter}")
        }
        fn given(&self, parameter: &str, value: &dyn std::fmt::Display) -> String {
            format!("--{parameter} {value}")
        }
        fn set(&self, parameter: &str) -> String {
            self.name(parameter)
        }
    }
    let plain = App::new(Catalog::demo().expect("the demo"));
    let answer = plain.get("/api/v1/sas/data").await;
    assert_eq!(answer.status, 404);
    assert!(
        answer
            .text()
            .contains("no SAS set is served: serve sas FILE ("),
        "{}",
        answer.text()
    );
    let options = sprite_server::Options {
        started_with: sprite_server::StartedWith(std::sync::Arc::new(Dashes)),
        ..sprite_server::Options::default()
    };
    let spelt = App::with(Catalog::demo().expect("the demo"), &options);
    let answer = spelt.get("/api/v1/source?kind=demo").await;
    assert_eq!(answer.status, 404);
    assert!(
        answer
            .text()
            .contains("(serve --seq FILE.seq.txt serves one)"),
        "{}",
        answer.text()
    );
    // A render is drawn off the request's task, and says it in the same words.
    let answer = spelt
        .get("/api/v1/render.png?kind=demo&animation=Attack&weapon=sword")
        .await;
    assert_eq!(answer.status, 422, "{}", answer.text());
    assert!(
        answer
            .text()
            .contains("serve --originals DIR with WEP1.SHP"),
        "{}",
        answer.text()
    );
}
