//! `tactics-sprite serve` over real HTTP: each endpoint byte for byte the command it stands for
//! (`draw`, `sheet`, `render`, the built document), the document's ETag, 304 and gzip, every
//! kind of bad request answered with a named refusal, and a clean stop on SIGTERM and Ctrl-C.

mod serve_support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use serve_support::{Connection, Server, escape};
use sprite_data::pipeline::sha256_hex;

fn cli(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(args)
        .output()
        .expect("tactics-sprite runs");
    assert!(
        output.status.success(),
        "tactics-sprite {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn shipped(name: &str) -> PathBuf {
    test_support::repo_root()
        .join("fixtures/documents")
        .join(name)
}

/// Whether every retail file is in the originals folder (the server builds every kind it finds, so
/// a test of all of them needs all of them); `false` after the loud skip of the first missing one.
fn every_retail_file(test: &str) -> bool {
    test_support::RETAIL_FILES
        .iter()
        .all(|file| test_support::retail_file(test, file.disc_name).is_some())
}

/// `tactics-sprite render --data DOC --sheet SHEET ARGS -o OUT.ext`'s file.
fn cli_render(doc: &Path, sheet: &Path, args: &[&str], extension: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join(format!("out.{extension}"));
    let mut all = vec![
        "render",
        "--data",
        doc.to_str().expect("UTF-8 path"),
        "--sheet",
        sheet.to_str().expect("UTF-8 path"),
    ];
    all.extend_from_slice(args);
    all.extend(["-o", out.to_str().expect("UTF-8 path")]);
    cli(&all);
    std::fs::read(&out).expect("the render")
}

#[test]
fn the_demo_is_served_and_each_endpoint_is_its_command() {
    let server = Server::start(&[], &[]);
    assert!(
        server.banner.iter().any(|l| l.contains("synthetic demo")),
        "{:#?}",
        server.banner
    );
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["kind"], "demo");

    // The document: the shipped demo document, byte for byte, tagged with its sha256.
    let expected = std::fs::read(shipped("demo.json")).expect("the shipped demo document");
    let data = server.get("/api/v1/data?kind=demo");
    assert_eq!(data.status, 200);
    assert!(
        data.body == expected,
        "/api/v1/data is not the built demo document"
    );
    // `sha256sum fixtures/documents/demo.json`, quoted.
    let etag = "\"b2fb0a6c4f51fb55ffcf24d32fddfe1f85c2f7379b95c852dc1c335d15f993d8\"";
    assert_eq!(data.header("etag"), Some(etag));
    assert_eq!(data.header("cache-control"), Some("no-cache"));
    let mut connection = server.connect();
    let again = connection.request("GET", "/api/v1/data?kind=demo", &[("If-None-Match", etag)]);
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let gzip = connection.request(
        "GET",
        "/api/v1/data?kind=demo",
        &[("Accept-Encoding", "br, gzip")],
    );
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.header("vary"), Some("Accept-Encoding"));
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(gzip.body.as_slice())
        .read_to_end(&mut unzipped)
        .expect("gzip");
    assert!(
        unzipped == expected,
        "the gzip answer unzips to another document"
    );
    assert!(gzip.body.len() < expected.len() / 3);
    let gzip_tag = gzip.header("etag").expect("an ETag").to_owned();
    let revalidated = connection.request(
        "GET",
        "/api/v1/data?kind=demo",
        &[("If-None-Match", &gzip_tag), ("Accept-Encoding", "gzip")],
    );
    assert_eq!(revalidated.status, 304);
    let refused_gzip = connection.request(
        "GET",
        "/api/v1/data?kind=demo",
        &[("Accept-Encoding", "gzip;q=0")],
    );
    assert_eq!(refused_gzip.header("content-encoding"), None);

    // draw: `tactics-sprite draw` with the same arguments, stdout byte for byte.
    let doc = shipped("demo.json");
    let doc_arg = doc.to_str().expect("UTF-8 path");
    for (animation, view, tick, water) in [
        ("Walk", 1, 3, false),
        ("Walk", 6, 1000, true),
        ("Idle", 7, 0, false),
        ("Idle", 0, 5, true),
    ] {
        let mut args = vec![
            "draw",
            "--data",
            doc_arg,
            "--animation",
            animation,
            "--view",
            &*Box::leak(view.to_string().into_boxed_str()),
            "--tick",
            &*Box::leak(tick.to_string().into_boxed_str()),
        ];
        if water {
            args.push("--water");
        }
        let expected = cli(&args);
        let answer = server.get(&format!(
            "/api/v1/draw?kind=demo&animation={animation}&view={view}&tick={tick}{}",
            if water { "&water=1" } else { "" }
        ));
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-type"), Some("application/json"));
        assert_eq!(answer.text(), String::from_utf8_lossy(&expected));
    }
    let idle = server.get("/api/v1/draw?kind=demo&idle=1&view=2&tick=0");
    assert_eq!(
        idle.text(),
        String::from_utf8_lossy(&cli(&[
            "draw", "--data", doc_arg, "--idle", "--view", "2", "--tick", "0"
        ]))
    );
    // The idle frame needs no tick; names match in any case, as the command's do.
    for (query, args) in [
        ("idle=1&view=4", &["--idle", "--view", "4"][..]),
        (
            "animation=IDLE&view=5",
            &["--animation", "IDLE", "--view", "5"][..],
        ),
        (
            "animation=walk&view=1&tick=3",
            &["--animation", "walk", "--view", "1", "--tick", "3"][..],
        ),
    ] {
        let mut command = vec!["draw", "--data", doc_arg];
        command.extend_from_slice(args);
        let answer = server.get(&format!("/api/v1/draw?kind=demo&{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        assert_eq!(
            answer.text(),
            String::from_utf8_lossy(&cli(&command)),
            "{query}"
        );
    }

    // render: `tactics-sprite render` with the same arguments, drawn from the sheet the server
    // serves (the demo sheet, fixtures/demo/demo.png).
    let dir = test_support::temp_dir("serve_demo_render");
    let sheet = dir.join("sheet.png");
    let sheet_answer = server.get("/api/v1/sheet.png?kind=demo");
    assert_eq!(sheet_answer.header("content-type"), Some("image/png"));
    let demo_png = test_support::repo_root().join("fixtures/demo/demo.png");
    assert!(
        sheet_answer.body == std::fs::read(&demo_png).expect("fixtures/demo/demo.png"),
        "the demo is not drawn from fixtures/demo/demo.png"
    );
    std::fs::write(&sheet, &sheet_answer.body).expect("writes the sheet");
    let cases: [(&str, &[&str], &str); 6] = [
        ("frame=9&scale=2", &["--frame", "9", "--scale", "2"], "png"),
        (
            "animation=Walk&view=3",
            &["--animation", "Walk", "--view", "3"],
            "gif",
        ),
        (
            "animation=Walk&view=0&water=1&plays=2&background=%23102030",
            &[
                "--animation",
                "Walk",
                "--view",
                "0",
                "--water",
                "--plays",
                "2",
                "--background",
                "#102030",
            ],
            "apng",
        ),
        (
            "animation=Walk&labels=1",
            &["--animation", "Walk", "--labels"],
            "png",
        ),
        (
            "all=1&columns=5",
            &["--all-frames", "--columns", "5"],
            "png",
        ),
        (
            "animation=walk&view=1,5&labels=1",
            &[
                "--animation",
                "walk",
                "--view",
                "1",
                "--view",
                "5",
                "--labels",
            ],
            "png",
        ),
    ];
    for (query, args, extension) in cases {
        let answer = server.get(&format!("/api/v1/render.{extension}?kind=demo&{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let expected = cli_render(&doc, &sheet, args, extension, &dir);
        assert!(
            answer.body == expected,
            "render.{extension}?{query} differs from tactics-sprite render {args:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);

    // The viewer page and pose.js, with their ETags.
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(
        page.text()
            .contains("<script type=\"module\" src=\"/viewer.js\">")
    );
    let pose_js = server.get("/pose.js");
    assert_eq!(
        pose_js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(pose_js.text().contains("export function poseAt("));
    let tag = pose_js.header("etag").expect("an ETag").to_owned();
    let cached = server
        .connect()
        .request("GET", "/pose.js", &[("If-None-Match", &tag)]);
    assert_eq!(cached.status, 304);

    let animations = server.get("/api/v1/animations?kind=demo").json();
    let walk = animations
        .as_array()
        .expect("a list")
        .iter()
        .find(|a| a["name"] == "Walk")
        .expect("Walk is listed");
    assert_eq!(walk["loop"], true);
}

#[test]
fn every_kind_is_served_from_the_originals_as_built() {
    let test = "every_kind_is_served_from_the_originals_as_built";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let (true, Some(sheets)) = (every_retail_file(test), test_support::sheets(test)) else {
        return;
    };
    let server = Server::start(
        &[
            "--originals",
            originals.to_str().expect("UTF-8 path"),
            "--sheets",
            sheets.to_str().expect("UTF-8 path"),
        ],
        &[],
    );
    let kinds = server.get("/api/v1/kinds").json();
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
        let expected = std::fs::read(shipped(&format!("{name}.json"))).expect("the shipped table");
        let data = server.get(&format!("/api/v1/data?kind={name}"));
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
        server.get("/api/v1/data?kind=type1").header("etag"),
        Some("\"a4f40c5ad0c5b5327fbd8418eb94ad9f598fff9d06feb9ad5efe1145817299b9\"")
    );
    // TYPE1's retail sheet: `tactics-sprite sheet` and `render` with the same palette.
    assert_eq!(kinds[0]["sheet"], "spr");
    assert_eq!(kinds[0]["palettes"], 16);
    let Some(ramuza) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    let dir = test_support::temp_dir("serve_originals");
    let out = dir.join("sheet.png");
    let ramuza_arg = ramuza.to_str().expect("UTF-8 path");
    cli(&[
        "sheet",
        ramuza_arg,
        "--palette",
        "3",
        "-o",
        out.to_str().expect("UTF-8 path"),
    ]);
    let answer = server.get("/api/v1/sheet.png?kind=type1&palette=3");
    assert!(
        answer.body == std::fs::read(&out).expect("the sheet"),
        "sheet.png differs from `sheet --palette 3`"
    );
    cli(&[
        "sheet",
        ramuza_arg,
        "--portrait",
        "-o",
        out.to_str().expect("UTF-8 path"),
    ]);
    let portrait = server.get("/api/v1/sheet.png?kind=type1&portrait=1");
    assert!(
        portrait.body == std::fs::read(&out).expect("the portrait"),
        "the portrait differs"
    );
    let doc = shipped("type1.json");
    let expected = cli_render(
        &doc,
        &ramuza,
        &[
            "--animation",
            "Swing High",
            "--view",
            "5",
            "--scale",
            "3",
            "--palette",
            "2",
        ],
        "gif",
        &dir,
    );
    let answer = server.get(&format!(
        "/api/v1/render.gif?kind=type1&animation={}&view=5&scale=3&palette=2",
        escape("Swing High")
    ));
    assert!(
        answer.body == expected,
        "render.gif differs from `tactics-sprite render`"
    );
    // MON's SP2 animations: the SP2 found beside the sheet, as `render` finds it.
    assert_eq!(kinds[3]["sp2"], "spr");
    assert_eq!(kinds[3]["sp2File"], "battle_behi2_sp2.bin");
    assert_eq!(kinds[0].get("sp2"), None, "TYPE1 draws from no SP2");
    let expected = cli_render(
        &shipped("mon.json"),
        &test_support::sheet(test, "BEHI.SPR").expect("every retail sheet is here"),
        &[
            "--animation",
            "Bomb Explode",
            "--view",
            "1",
            "--palette",
            "1",
        ],
        "gif",
        &dir,
    );
    let answer = server.get(&format!(
        "/api/v1/render.gif?kind=mon&animation={}&view=1&palette=1",
        escape("bomb explode")
    ));
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == expected,
        "MON's Bomb Explode differs from `tactics-sprite render` with its SP2"
    );
    assert_eq!(server.get("/api/v1/sp2.png?kind=mon").status, 200);
    assert_eq!(server.get("/api/v1/sp2.png?kind=type1").status, 404);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn documents_given_with_data_are_served_as_read() {
    let doc = shipped("type1.json");
    let server = Server::start(&["--data", doc.to_str().expect("UTF-8 path")], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["kind"], "type1");
    assert_eq!(kinds[0]["sheet"], "synthetic");
    let data = server.get("/api/v1/data?kind=type1");
    assert!(data.body == std::fs::read(&doc).expect("reads"));
    let draw = server.get(&format!(
        "/api/v1/draw?kind=type1&animation={}&view=1&tick=18",
        escape("Swing High")
    ));
    // The README's example pose: Swing High's hit frame, SHP 88, 2 pixels back.
    let pose = draw.json();
    assert_eq!(
        (pose["shp"].as_u64(), pose["moveX"].as_i64()),
        (Some(88), Some(-2))
    );
}

/// A refusal: its status, and the parameter its JSON body names.
fn refused(server: &Server, target: &str) -> (u16, Option<String>, serde_json::Value) {
    let answer = server.get(target);
    let body = answer.json();
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{target}: no error line in {body}"
    );
    (
        answer.status,
        body["parameter"].as_str().map(str::to_owned),
        body,
    )
}

#[test]
fn bad_requests_are_refused_naming_the_parameter() {
    let server = Server::start(&[], &[]);
    let bad = |target: &str, parameter: &str| {
        let (status, named, body) = refused(&server, target);
        assert_eq!(
            (status, named.as_deref()),
            (400, Some(parameter)),
            "{target}: {body}"
        );
    };
    // Missing and malformed parameters.
    bad("/api/v1/draw?animation=Walk&view=1", "tick");
    bad("/api/v1/draw?view=1&tick=0", "animation");
    bad("/api/v1/draw?animation=Walk&tick=0", "view");
    bad("/api/v1/draw?animation=Walk&view=one&tick=0", "view");
    bad("/api/v1/draw?animation=Walk&view=8&tick=0", "view");
    bad("/api/v1/draw?animation=Walk&view=-1&tick=0", "view");
    bad("/api/v1/draw?animation=Walk&view=1&tick=-1", "tick");
    bad("/api/v1/draw?animation=Walk&view=1&tick=1.5", "tick");
    bad(
        "/api/v1/draw?animation=Walk&view=1&tick=99999999999999999999",
        "tick",
    );
    bad(
        "/api/v1/draw?animation=Walk&view=1&tick=0&water=maybe",
        "water",
    );
    bad("/api/v1/draw?animation=Walk&view=1&tick=0&idle=1", "idle");
    bad("/api/v1/draw?idle=1&view=1&weapon=sword", "weapon");
    bad(
        "/api/v1/draw?animation=Walk&view=1&tick=0&weapon=",
        "weapon",
    );
    let (_, _, body) = refused(
        &server,
        "/api/v1/draw?animation=Walk&view=1&tick=0&weapon=swrd",
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
    bad("/api/v1/draw?animation=Walk&view=1&tick=0&veiw=2", "veiw");
    bad("/api/v1/draw?animation=Walk&view=1&view=2&tick=0", "view");
    bad("/api/v1/data?kind=demo&format=xml", "format");
    bad("/api/v1/render.png?kind=demo", "animation");
    bad(
        "/api/v1/render.png?kind=demo&animation=Walk&frame=1",
        "animation",
    );
    bad("/api/v1/render.gif?kind=demo&all=1", "all");
    bad("/api/v1/render.png?kind=demo&frame=1&scale=17", "scale");
    bad("/api/v1/render.png?kind=demo&frame=1&scale=0", "scale");
    bad("/api/v1/render.png?kind=demo&frame=x", "frame");
    bad(
        "/api/v1/render.gif?kind=demo&animation=Walk&plays=100000",
        "plays",
    );
    bad(
        "/api/v1/render.gif?kind=demo&animation=Walk&hold=99999",
        "hold",
    );
    bad("/api/v1/render.png?kind=demo&all=1&columns=1000", "columns");
    bad(
        "/api/v1/render.png?kind=demo&frame=1&background=purple",
        "background",
    );
    bad("/api/v1/render.png?kind=demo&frame=1&palette=0", "palette");
    bad("/api/v1/sheet.png?kind=demo&palette=1", "palette");
    bad("/api/v1/sheet.png?kind=demo&portrait=1", "portrait");
    // A tick past any loop is a pose, not an error.
    let far = server.get("/api/v1/draw?animation=Walk&view=1&tick=9223372036854775807");
    assert_eq!(far.status, 200);

    // Unknown names: 404 with the nearest ones.
    let (status, parameter, body) = refused(
        &server,
        "/api/v1/draw?kind=dmeo&animation=Walk&view=1&tick=0",
    );
    assert_eq!((status, parameter.as_deref()), (404, Some("kind")));
    assert_eq!(body["nearest"][0], "demo");
    let (status, parameter, body) = refused(&server, "/api/v1/draw?animation=Wlak&view=1&tick=0");
    assert_eq!((status, parameter.as_deref()), (404, Some("animation")));
    assert_eq!(body["nearest"][0], "Walk");
    // The command line's own line for it (`draw --animation Wlak` prints the same).
    let error = body["error"].as_str().expect("an error line");
    assert!(
        error.starts_with("unknown animation \"Wlak\"; did you mean \"Walk\""),
        "{error}"
    );
    bad("/api/v1/render.gif?animation=Walk&view=1,5", "view");
    bad("/api/v1/render.png?animation=Walk&view=1,x", "view");
    let (status, parameter, _) = refused(&server, "/api/v1/render.png?frame=9999");
    assert_eq!((status, parameter.as_deref()), (404, Some("frame")));
    let (status, _, _) = refused(&server, "/api/v2/draw");
    assert_eq!(status, 404);

    // Other methods: 405, naming the ones that are answered.
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let answer = server
            .connect()
            .request(method, "/api/v1/draw", &[("Content-Length", "0")]);
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.header("allow"), Some("GET, HEAD"));
    }
    let head = server.connect().request("HEAD", "/api/v1/kinds", &[]);
    assert_eq!(head.status, 200);

    // Limits: a long query (414), a body (413), a malformed request line (400).
    let long = format!("/api/v1/draw?animation={}&view=1&tick=0", "a".repeat(2000));
    assert_eq!(server.get(&long).status, 414);
    let mut connection = server.connect();
    connection.send_raw(b"GET /api/v1/kinds HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n");
    connection.send_raw(&vec![b'x'; 100_000]);
    assert_eq!(connection.read_response(false).status, 413);
    let mut connection = server.connect();
    connection.send_raw(b"NOT HTTP AT ALL\r\n\r\n");
    assert_eq!(connection.read_response(false).status, 400);
    // Percent-encoded bytes that are not UTF-8 are a name that is not there.
    let (status, _, _) = refused(&server, "/api/v1/draw?animation=%FF%FE&view=1&tick=0");
    assert_eq!(status, 404);

    // Connections that send nothing, or half a request, hold up no one else.
    let idle: Vec<Connection> = (0..100).map(|_| server.connect()).collect();
    let mut half = server.connect();
    half.send_raw(b"GET /api/v1/kinds HTTP/1.1\r\nHost: x\r\n");
    assert_eq!(server.get("/api/v1/kinds").status, 200);
    drop((idle, half));

    // After all of it the server still answers: nothing panicked.
    assert_eq!(server.get("/api/v1/kinds").status, 200);
}

#[test]
fn a_request_over_its_time_is_answered_503() {
    // A contact sheet of every demo frame at scale 10 takes far longer than a millisecond.
    let server = Server::start(&["--timeout-ms", "1"], &[]);
    let (status, _, body) = refused(&server, "/api/v1/render.png?all=1&scale=10");
    assert_eq!(status, 503, "{body}");
    let server = Server::start(&["--timeout-ms", "60000", "--max-concurrent", "1"], &[]);
    assert_eq!(server.get("/api/v1/render.png?all=1&scale=2").status, 200);
}

#[test]
fn cors_is_off_unless_an_origin_is_given() {
    let server = Server::start(&[], &[]);
    let answer =
        server
            .connect()
            .request("GET", "/api/v1/kinds", &[("Origin", "http://example.test")]);
    assert_eq!(answer.header("access-control-allow-origin"), None);
    drop(server);
    let server = Server::start(&["--cors", "http://example.test"], &[]);
    let answer =
        server
            .connect()
            .request("GET", "/api/v1/kinds", &[("Origin", "http://example.test")]);
    assert_eq!(
        answer.header("access-control-allow-origin"),
        Some("http://example.test")
    );
}

#[test]
fn sigterm_and_ctrl_c_stop_it_cleanly() {
    let server = Server::start(&[], &[]);
    assert_eq!(server.get("/api/v1/kinds").status, 200);
    let status = server.terminate();
    assert!(status.success(), "SIGTERM: {status:?}");

    let mut server = Server::start(&[], &[]);
    let _ = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status();
    let status = server.child.wait().expect("it exits");
    assert!(status.success(), "Ctrl-C (SIGINT): {status:?}");
}

#[test]
fn it_listens_on_loopback_unless_told_otherwise() {
    let help = String::from_utf8(cli(&["serve", "--help"])).expect("UTF-8");
    assert!(help.contains("[default: 127.0.0.1:8000]"), "{help}");
    let output = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["serve", "--originals", "/no/such/folder"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/no/such/folder: no such folder"));
}

#[test]
fn an_sp2_animation_without_its_sp2_is_refused_and_said() {
    let test = "an_sp2_animation_without_its_sp2_is_refused_and_said";
    let Some(behi) = test_support::sheet(test, "BEHI.SPR") else {
        return;
    };
    // MON's document with its sheet but not its SP2 beside it.
    let dir = test_support::temp_dir("serve_no_sp2");
    std::fs::copy(&behi, dir.join("BEHI.SPR")).expect("copies the sheet");
    let doc = dir.join("mon.json");
    std::fs::copy(shipped("mon.json"), &doc).expect("copies the document");
    let server = Server::start(&["--data", doc.to_str().expect("UTF-8 path")], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("sp2 BEHI2.SP2 not found")),
        "{:#?}",
        server.banner
    );
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(
        (&kinds[0]["sp2"], &kinds[0]["sp2File"]),
        (
            &serde_json::json!("missing"),
            &serde_json::json!("BEHI2.SP2")
        )
    );
    let (status, _, body) = refused(
        &server,
        &format!(
            "/api/v1/render.gif?kind=mon&animation={}&view=1",
            escape("Bomb Explode")
        ),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("BEHI2.SP2")),
        "{body}"
    );
    assert_eq!(server.get("/api/v1/sp2.png?kind=mon").status, 404);
    // Animations that draw nothing from the SP2 are drawn as ever.
    let walk = server.get("/api/v1/render.gif?kind=mon&animation=Walk&view=1");
    assert_eq!(walk.status, 200, "{}", walk.text());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tactics-sprite draw --data DOC --animation NAME --view V --tick T --weapon TYPE ARGS`'s line.
fn cli_draw_weapon(
    doc: &Path,
    name: &str,
    view: u8,
    tick: u32,
    weapon: &str,
    args: &[&str],
) -> Vec<u8> {
    let (view, tick) = (view.to_string(), tick.to_string());
    let mut all = vec![
        "draw",
        "--data",
        doc.to_str().expect("UTF-8 path"),
        "--animation",
        name,
        "--view",
        &view,
        "--tick",
        &tick,
        "--weapon",
        weapon,
    ];
    all.extend_from_slice(args);
    cli(&all)
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

#[test]
fn a_weapon_is_drawn_from_the_originals_as_draw_draws_it() {
    let test = "a_weapon_is_drawn_from_the_originals_as_draw_draws_it";
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    if !every_retail_file(test) {
        return;
    }
    let dir = test_support::temp_dir("serve_weapon_originals");
    // The layer documents as a user builds them with the command line, from the same files.
    let build = |kind: &str, shp: &str, seq: &str| {
        let (Some(shp), Some(seq)) = (
            test_support::retail_file(test, shp),
            test_support::retail_file(test, seq),
        ) else {
            panic!("{kind}: the originals have no {shp} and {seq}");
        };
        let out = dir.join(format!("{kind}.json"));
        cli(&[
            "build",
            "--kind",
            kind,
            "--shp",
            shp.to_str().expect("UTF-8 path"),
            "--seq",
            seq.to_str().expect("UTF-8 path"),
            "-o",
            out.to_str().expect("UTF-8 path"),
        ]);
        out
    };
    let wep1 = build("wep1", "WEP1.SHP", "WEP1.SEQ");
    let wep2 = build("wep2", "WEP2.SHP", "WEP2.SEQ");
    let eff1 = build("eff1", "EFF1.SHP", "EFF1.SEQ");
    let server = Server::start(
        &["--originals", originals.to_str().expect("UTF-8 path")],
        &[],
    );
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["layers"], serde_json::json!(["wep1", "eff1"]));
    assert_eq!(kinds[1]["layers"], serde_json::json!(["wep2", "eff1"]));
    // TYPE1 draws WEP1's weapons and TYPE2 WEP2's (the README's layer files), each with EFF1.
    for (kind, weapon_data) in [("type1", &wep1), ("type2", &wep2)] {
        let doc = dir.join(format!("{kind}.json"));
        std::fs::write(&doc, server.get(&format!("/api/v1/data?kind={kind}")).body)
            .expect("writes the served document");
        let layer_args = [
            "--weapon-data",
            weapon_data.to_str().expect("UTF-8 path"),
            "--effect-data",
            eff1.to_str().expect("UTF-8 path"),
        ];
        let mut drawn_with_a_sword = 0;
        // Views 1 and 5 (a mirrored one); the swing's start, its hit frame (tick 16 holds the
        // sword at 90 degrees, see tests/weapon.rs), its end and past it.
        for (view, tick) in [(1, 0), (1, 8), (1, 16), (1, 18), (1, 40), (5, 16), (5, 30)] {
            let expected = cli_draw_weapon(&doc, "Swing High", view, tick, "sword", &layer_args);
            let answer = server.get(&format!(
                "/api/v1/draw?kind={kind}&animation={}&view={view}&tick={tick}&weapon=sword",
                escape("Swing High")
            ));
            assert_eq!(
                answer.status,
                200,
                "{kind} {view} {tick}: {}",
                answer.text()
            );
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_weapon_is_drawn_from_the_layer_documents_beside_data() {
    // The shipped TYPE1 document with the shipped layer documents beside it, as `draw --weapon`
    // finds them when --weapon-data and --effect-data are not given.
    let dir = test_support::temp_dir("serve_weapon_beside");
    let doc = dir.join("type1.json");
    std::fs::copy(shipped("type1.json"), &doc).expect("copies the document");
    let layers = test_support::repo_root().join("fixtures/layers");
    std::fs::copy(layers.join("wep1.json"), dir.join("wep1.json")).expect("copies wep1");
    std::fs::copy(
        layers.join("eff1.json"),
        dir.join("eff1.tactics-sprite-layer.json"),
    )
    .expect("copies eff1");
    let server = Server::start(&["--data", doc.to_str().expect("UTF-8 path")], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("layers wep1 + eff1")),
        "{:#?}",
        server.banner
    );
    for tick in [0, 16, 18] {
        let expected = cli_draw_weapon(&doc, "Swing High", 1, tick, "Sword", &[]);
        let answer = server.get(&format!(
            "/api/v1/draw?animation={}&view=1&tick={tick}&weapon=Sword",
            escape("Swing High")
        ));
        assert!(
            answer.body == expected,
            "tick {tick}: {}\n{}",
            answer.text(),
            String::from_utf8_lossy(&expected)
        );
    }
    assert!(
        weapon_tiles(
            &server
                .get(&format!(
                    "/api/v1/draw?animation={}&view=1&tick=16&weapon=sword",
                    escape("Swing High")
                ))
                .body
        ) > 0
    );
    // The idle frame starts no layer: as `draw --animation Idle --weapon sword`, the plain pose.
    let idle = server.get("/api/v1/draw?animation=Idle&view=1&weapon=sword");
    let plain = server.get("/api/v1/draw?animation=Idle&view=1");
    assert!(idle.body == plain.body, "{}", idle.text());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_weapon_without_its_layer_documents_is_refused_and_said() {
    // The shipped TYPE1 document alone: no wep1 or eff1 document beside it.
    let dir = test_support::temp_dir("serve_weapon_missing");
    let doc = dir.join("type1.json");
    std::fs::copy(shipped("type1.json"), &doc).expect("copies the document");
    let server = Server::start(&["--data", doc.to_str().expect("UTF-8 path")], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("no layer documents: weapon= is refused")),
        "{:#?}",
        server.banner
    );
    assert!(
        server.get("/api/v1/kinds").json()[0]
            .get("layers")
            .is_none()
    );
    let (status, parameter, body) = refused(
        &server,
        &format!(
            "/api/v1/draw?animation={}&view=1&tick=16&weapon=sword",
            escape("Swing High")
        ),
    );
    assert_eq!(
        (status, parameter.as_deref()),
        (422, Some("weapon")),
        "{body}"
    );
    let error = body["error"].as_str().expect("an error line");
    for named in ["wep1.json", "eff1.json", "WEP1.SHP", "EFF1.SEQ"] {
        assert!(error.contains(named), "{named} is not named: {error}");
    }
    // Without weapon= the same pose is drawn as ever.
    let plain = server.get(&format!(
        "/api/v1/draw?animation={}&view=1&tick=16",
        escape("Swing High")
    ));
    assert_eq!(plain.status, 200, "{}", plain.text());
    let _ = std::fs::remove_dir_all(&dir);
}
