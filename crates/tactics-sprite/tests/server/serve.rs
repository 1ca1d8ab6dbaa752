//! `tactics-sprite serve` as a process: what it prints when it starts, answers over real HTTP that
//! are byte for byte the command line's own output (`draw`, `render`, `render --weapon`, and on
//! SAS sets `draw`, `render` and `build --sas`), what a
//! connection that is not HTTP gets, a clean stop on SIGTERM and Ctrl-C, and the flags it refuses.
//! (Every endpoint and refusal is tested in-process in `crates/sprite-server/tests/`.)

use std::path::Path;
use std::process::Command;

use crate::serve_support::{Connection, Server, escape};
use test_support::fixtures;

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

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// `tactics-sprite render --data DOC --sheet SHEET ARGS -o OUT.ext`'s file.
fn cli_render(doc: &Path, sheet: &Path, args: &[&str], extension: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join(format!("out.{extension}"));
    let mut all = vec!["render", "--data", path(doc), "--sheet", path(sheet)];
    all.extend_from_slice(args);
    all.extend(["-o", path(&out)]);
    cli(&all);
    std::fs::read(&out).expect("the render")
}

#[test]
fn it_starts_answers_as_the_command_line_and_stops_cleanly() {
    let server = Server::start(&[], &[]);
    assert!(
        server.banner.iter().any(|l| l.contains("synthetic demo")),
        "{:#?}",
        server.banner
    );
    assert!(
        server.banner[1..]
            .iter()
            .any(|l| l.starts_with("  demo     ") && l.contains("no layer documents")),
        "{:#?}",
        server.banner
    );
    let viewer = format!("viewer  http://{}/", server.addr);
    assert_eq!(server.banner.last(), Some(&viewer));
    assert_eq!(server.get("/api/v1/kinds").json()[0]["kind"], "demo");

    // draw: `tactics-sprite draw` with the same arguments, stdout byte for byte.
    let doc = fixtures::document("demo");
    let answer = server.get("/api/v1/draw?kind=demo&animation=Walk&view=6&tick=1000&water=1");
    assert_eq!(answer.status, 200);
    let expected = cli(&[
        "draw",
        "--data",
        path(&doc),
        "--animation",
        "Walk",
        "--view",
        "6",
        "--tick",
        "1000",
        "--water",
    ]);
    assert_eq!(answer.text(), String::from_utf8_lossy(&expected));

    // render: `tactics-sprite render` with the same arguments, drawn from the sheet the server
    // serves (the demo sheet).
    let dir = test_support::temp_dir("serve_demo_render");
    let sheet = dir.join("sheet.png");
    std::fs::write(&sheet, server.get("/api/v1/sheet.png?kind=demo").body).expect("writes");
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
fn what_is_not_http_or_never_finishes_holds_up_no_one() {
    let server = Server::start(&[], &[]);
    // A malformed request line: 400.
    let mut connection = server.connect();
    connection.send_raw(b"NOT HTTP AT ALL\r\n\r\n");
    assert_eq!(connection.read_response(false).status, 400);
    // A body: 413, over the wire too.
    let mut connection = server.connect();
    connection.send_raw(
        b"GET /api/v1/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n",
    );
    connection.send_raw(&vec![b'x'; 100_000]);
    assert_eq!(connection.read_response(false).status, 413);
    // Connections that send nothing, or half a request, hold up no one else.
    let idle: Vec<Connection> = (0..100).map(|_| server.connect()).collect();
    let mut half = server.connect();
    half.send_raw(b"GET /api/v1/kinds HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    assert_eq!(server.get("/api/v1/kinds").status, 200);
    drop((idle, half));
    assert_eq!(server.get("/api/v1/kinds").status, 200);
}

#[test]
fn it_listens_on_loopback_unless_told_otherwise_and_refuses_bad_flags() {
    let help = String::from_utf8(cli(&["serve", "--help"])).expect("UTF-8");
    assert!(help.contains("[default: 127.0.0.1:8000]"), "{help}");
    assert!(help.contains("--weapon-sheet"), "{help}");
    // The bounds of crates/sprite-server/README.md "Limits", each with its default, one line
    // each.
    let short = String::from_utf8(cli(&["serve", "-h"])).expect("UTF-8");
    for (flag, default) in [
        ("--header-timeout-ms", "5000"),
        ("--idle-timeout-ms", "5000"),
        ("--max-connections", "1024"),
        ("--shutdown-timeout-ms", "10000"),
    ] {
        let line = short
            .lines()
            .find(|l| l.trim_start().starts_with(flag))
            .unwrap_or_else(|| panic!("no {flag} in {short}"));
        assert!(line.ends_with(&format!("[default: {default}]")), "{line}");
    }
    let serve = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .arg("serve")
            .args(args)
            .env_remove(test_support::ORIGINALS_VAR)
            .env_remove(test_support::SHEETS_VAR)
            .output()
            .expect("runs")
    };
    let output = serve(&["--originals", "/no/such/folder"]);
    test_support::cli::assert_exit(&output, 1);
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("--originals /no/such/folder: no such folder")
    );
    // A weapons sheet that is not one is refused before anything is served.
    let not_wep = test_support::fixtures::demo_sheet();
    let output = serve(&["--weapon-sheet", path(&not_wep)]);
    test_support::cli::assert_exit(&output, 1);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("demo.png: not an SPR sheet"), "{stderr}");
    for flag in [
        "--max-concurrent",
        "--timeout-ms",
        "--header-timeout-ms",
        "--idle-timeout-ms",
        "--max-connections",
        "--shutdown-timeout-ms",
    ] {
        let output = serve(&[flag, "0"]);
        test_support::cli::assert_exit(&output, 2);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(flag) && stderr.contains("a whole number of at least 1"),
            "{stderr}"
        );
    }
}

#[test]
fn the_start_up_lines_say_what_each_document_lacks() {
    let test = "the_start_up_lines_say_what_each_document_lacks";
    let Some(behi) = test_support::sheet(test, "BEHI.SPR") else {
        return;
    };
    let dir = test_support::temp_dir("serve_banner");
    // MON's document with its sheet but not its SP2 beside it.
    std::fs::copy(&behi, dir.join("BEHI.SPR")).expect("copies the sheet");
    let mon = dir.join("mon.json");
    std::fs::copy(fixtures::document("mon"), &mon).expect("copies the document");
    let server = Server::start(&["--data", path(&mon)], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("sp2 BEHI2.SP2 not found")),
        "{:#?}",
        server.banner
    );
    drop(server);
    // TYPE1's document alone, and then with its layer documents beside it.
    let type1 = dir.join("type1.json");
    std::fs::copy(fixtures::document("type1"), &type1).expect("copies the document");
    let server = Server::start(&["--data", path(&type1)], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("no layer documents: weapon= is refused")),
        "{:#?}",
        server.banner
    );
    drop(server);
    let layers = test_support::repo_root().join("fixtures/layers");
    std::fs::copy(layers.join("wep1.json"), dir.join("wep1.json")).expect("copies wep1");
    std::fs::copy(
        layers.join("eff1.json"),
        dir.join("eff1.tactics-sprite-layer.json"),
    )
    .expect("copies eff1");
    let server = Server::start(&["--data", path(&type1)], &[]);
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("layers wep1 + eff1")),
        "{:#?}",
        server.banner
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_render_with_a_weapon_is_the_bytes_of_render_weapon() {
    let test = "a_render_with_a_weapon_is_the_bytes_of_render_weapon";
    let (Some(ramuza), Some(wep)) = (
        test_support::sheet(test, "RAMUZA.SPR"),
        test_support::weapons_sheet(test),
    ) else {
        return;
    };
    // TYPE1's document, its sheet, its layer documents and the weapons sheet in one folder: the
    // server finds them all there, as `render` is given them.
    let dir = test_support::temp_dir("serve_weapon_render");
    let doc = dir.join("type1.json");
    std::fs::copy(fixtures::document("type1"), &doc).expect("copies the document");
    let sheet = dir.join(ramuza.file_name().expect("a file name"));
    std::fs::copy(&ramuza, &sheet).expect("copies the sheet");
    std::fs::copy(&wep, dir.join(wep.file_name().expect("a file name"))).expect("copies WEP");
    let layers = test_support::repo_root().join("fixtures/layers");
    for layer in ["wep1.json", "eff1.json"] {
        std::fs::copy(layers.join(layer), dir.join(layer)).expect("copies a layer document");
    }
    let server = Server::start(&["--data", path(&doc)], &[]);
    let swing = escape("Swing High");
    for (query, args, extension) in [
        (
            format!("animation={swing}&weapon=sword"),
            vec!["--animation", "Swing High"],
            "gif",
        ),
        (
            format!(
                "animation={swing}&view=5&weapon=sword&weapon-palette=3&weapon-rows=16&effect-palette=2&scale=2"
            ),
            vec![
                "--animation",
                "Swing High",
                "--view",
                "5",
                "--weapon-palette",
                "3",
                "--weapon-rows",
                "16",
                "--effect-palette",
                "2",
                "--scale",
                "2",
            ],
            "apng",
        ),
        (
            format!("animation={swing}&view=1,5&labels=1&weapon=sword"),
            vec![
                "--animation",
                "Swing High",
                "--view",
                "1",
                "--view",
                "5",
                "--labels",
            ],
            "png",
        ),
    ] {
        let answer = server.get(&format!("/api/v1/render.{extension}?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let mut args = args;
        args.extend(["--weapon", "sword", "--weapon-sheet", path(&wep)]);
        let expected = cli_render(&doc, &sheet, &args, extension, &dir);
        assert!(
            answer.body == expected,
            "render.{extension}?{query} differs from tactics-sprite render {args:?}"
        );
    }
    // A weapon by name picks its graphic's rows on both sides (the katana's, 128 rows down the
    // block; the second knight sword's, 112), an override the same on both.
    for (weapon, extra, query_extra) in [
        ("katana", vec![], ""),
        (
            "knight-sword-2",
            vec!["--weapon-palette", "4"],
            "&weapon-palette=4",
        ),
        ("Katana 3", vec!["--weapon-rows", "96"], "&weapon-rows=96"),
    ] {
        let query = format!("animation={swing}&weapon={}{query_extra}", escape(weapon));
        let answer = server.get(&format!("/api/v1/render.gif?{query}"));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let mut args = vec!["--animation", "Swing High", "--weapon", weapon];
        args.extend(extra);
        args.extend(["--weapon-sheet", path(&wep)]);
        let extension = "gif";
        let expected = cli_render(&doc, &sheet, &args, extension, &dir);
        assert!(
            answer.body == expected,
            "render.{extension}?{query} differs from tactics-sprite render {args:?}"
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Done-when for SAS sets: a pose over HTTP is the line `tactics-sprite draw` prints
/// for the same set, animation, direction and tick; a render is the file `tactics-sprite render`
/// writes; the set's document is the file `build --sas --sheet-file` writes.
#[test]
fn a_sas_set_is_served_as_the_command_line_draws_it() {
    let fixtures = test_support::repo_root().join("fixtures/sas");
    let (set, container, sheet) = (
        fixtures.join("synthetic.sas3"),
        fixtures.join("synthetic.pakd"),
        fixtures.join("synthetic-sheet.png"),
    );
    let server = Server::start(
        &[
            "--sas",
            path(&set),
            "--sas",
            path(&container),
            "--sas-sheet",
            path(&sheet),
        ],
        &[],
    );
    for said in ["serving 3 SAS sets under /api/v1/sas/:", "not served: "] {
        assert!(
            server.banner.iter().any(|l| l.contains(said)),
            "{said}: {:#?}",
            server.banner
        );
    }
    // Every direction that plays something of the two sets, at ticks through and past the end.
    for (name, data, entry) in [
        ("synthetic", &set, None),
        ("synthetic.1", &container, Some("1")),
    ] {
        let mut base = vec!["draw", "--data", path(data)];
        if let Some(entry) = entry {
            base.extend(["--entry", entry]);
        }
        for (animation, direction) in [("0", "0"), ("0", "1"), ("1", "0"), ("1", "2")] {
            for tick in ["0", "5", "8", "16", "40"] {
                let answer = server.get(&format!(
                    "/api/v1/sas/pose?set={name}&animation={animation}&direction={direction}&tick={tick}"
                ));
                let mut args = base.clone();
                args.extend([
                    "--animation",
                    animation,
                    "--direction",
                    direction,
                    "--tick",
                    tick,
                ]);
                let output = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
                    .args(&args)
                    .output()
                    .expect("tactics-sprite runs");
                if output.status.success() {
                    assert_eq!(answer.status, 200, "{name} {args:?}: {}", answer.text());
                    assert!(
                        answer.body == output.stdout,
                        "{args:?}: {} is not {}",
                        answer.text(),
                        String::from_utf8_lossy(&output.stdout)
                    );
                } else {
                    // A direction the set lacks: refused on both sides.
                    test_support::cli::assert_exit_for(&output, 2, format!("{args:?}"));
                    assert_eq!(answer.status, 404, "{args:?}: {}", answer.text());
                }
            }
        }
    }
    let dir = test_support::temp_dir("serve_sas");
    for (query, args, extension) in [
        (
            "animation=0&direction=1",
            vec!["--animation", "0", "--direction", "1"],
            "gif",
        ),
        (
            "animation=1&scale=3&background=%23102030",
            vec![
                "--animation",
                "1",
                "--scale",
                "3",
                "--background",
                "#102030",
            ],
            "png",
        ),
        (
            "frame=0&scale=2",
            vec!["--frame", "0", "--scale", "2"],
            "apng",
        ),
    ] {
        let answer = server.get(&format!(
            "/api/v1/sas/render.{extension}?set=synthetic&{query}"
        ));
        assert_eq!(answer.status, 200, "{query}: {}", answer.text());
        let expected = cli_render(&set, &sheet, &args, extension, &dir);
        assert!(
            answer.body == expected,
            "sas/render.{extension}?{query} differs from tactics-sprite render {args:?}"
        );
    }
    let out = dir.join("set.json");
    cli(&[
        "build",
        "--sas",
        path(&container),
        "--entry",
        "1",
        "--sheet-file",
        "synthetic-sheet.png",
        "-o",
        path(&out),
    ]);
    let data = server.get("/api/v1/sas/data?set=synthetic.1");
    assert!(data.body == std::fs::read(&out).expect("the document"));
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An answer that says how to serve what is missing names `serve`'s own flags, as the command
/// line spells them (the server library knows them only by their logical names): no SAS set,
/// and a kind not built from a SEQ text form.
#[test]
fn an_answer_that_says_how_to_serve_a_file_names_the_flag() {
    let server = Server::start(&[], &[]);
    let sets = server.get("/api/v1/sas/data");
    assert_eq!(sets.status, 404);
    let body = String::from_utf8_lossy(&sets.body).into_owned();
    assert!(
        body.contains("no SAS set is served: serve --sas FILE (a SAS set or a pakd container)"),
        "{body}"
    );
    let source = server.get("/api/v1/source?kind=demo");
    assert_eq!(source.status, 404);
    let body = String::from_utf8_lossy(&source.body).into_owned();
    assert!(
        body.contains(
            "kind demo was not built from a SEQ text form (serve --seq FILE.seq.txt serves one)"
        ),
        "{body}"
    );
}
