//! `serve` with the remaster's HD sheets: `hd=1` on the render endpoints is `render --sheet
//! tex_992.bin` byte for byte (on `/api/v1/draw`, `draw --hd`'s line), `/api/v1/canvas?hd=1` is the HD picture's box, `/api/v1/sheet.png
//! ?hd=1` is the pair as a picture that imports back to its two files byte for byte, and a kind
//! without a pair refuses `hd=1` with 422 naming the files it wants. The squire's document is
//! built here (TYPE1 with its sheet named MINA_M.SPR) and served with `--sheets` the `FFT_HD`
//! folder.

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use sprite_render::hd_png::{ImportOptions, import};
use test_support::{hd_file, retail_file, temp_dir};

#[test]
fn hd_1_is_render_of_the_pair_and_the_sheet_round_trips() {
    let test = "hd_1_is_render_of_the_pair_and_the_sheet_round_trips";
    let (Some(upper), Some(lower), Some(spr), Some(siro_spr), Some(shp), Some(seq)) = (
        hd_file(test, "tex_992.bin"),
        hd_file(test, "tex_993.bin"),
        hd_file(test, "battle_mina_m_spr.bin"),
        hd_file(test, "battle_siro_m_spr.bin"),
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let doc = dir.join("mina.json");
    let build = |sheet_file: &str, out: &std::path::Path| {
        expect(
            &run([
                "build",
                "--shp",
                s(&shp),
                "--seq",
                s(&seq),
                "--sheet-file",
                sheet_file,
                "--out",
                s(out),
            ]),
            0,
        );
    };
    build("MINA_M.SPR", &doc);
    // The same document with the white mage's sheet, whose SPR is served but not its pair
    // (1012/1013 by the HD table), and with Ramza's, whose sheet is not there at all.
    let siro = dir.join("siro.json");
    build("SIRO_M.SPR", &siro);
    let ramza = dir.join("ramza.json");
    build("RAMUZA.SPR", &ramza);
    let served = dir.join("served");
    std::fs::create_dir_all(&served).unwrap();
    for file in [&upper, &lower, &spr, &siro_spr] {
        std::fs::copy(file, served.join(file.file_name().unwrap())).unwrap();
    }
    let server = Server::start(
        &[
            "--data",
            s(&doc),
            "--data",
            s(&siro),
            "--data",
            s(&ramza),
            "--sheets",
            s(&served),
        ],
        &[],
    );
    assert!(
        server
            .banner
            .iter()
            .any(|l| l.contains("hd=1 from") && l.contains("tex_992.bin")),
        "{:?}",
        server.banner
    );
    for (query, args) in [
        ("frame=88", &["--frame", "88"][..]),
        (
            "animation=Walk&view=3&scale=2",
            &["--animation", "Walk", "--view", "3", "--scale", "2"][..],
        ),
    ] {
        for ext in ["png", "gif"] {
            let out = dir.join(format!("cli.{ext}"));
            let mut all = vec![
                "render",
                "--data",
                s(&doc),
                "--sheet",
                s(&upper),
                "--palettes-from",
                s(&spr),
                "--out",
                s(&out),
            ];
            all.extend_from_slice(args);
            expect(&run(&all), 0);
            let answer = server.get(&format!("/api/v1/render.{ext}?kind=mina&{query}&hd=1"));
            assert_eq!(answer.status, 200, "{}", answer.text());
            assert!(
                answer.body == std::fs::read(&out).unwrap(),
                "render.{ext}?{query}&hd=1 is not render --sheet tex_992.bin's file"
            );
        }
    }
    // /api/v1/draw?hd=1 is draw --hd's line.
    let query = "animation=Walk&view=3&tick=20";
    let cli = expect(
        &run([
            "draw",
            "--data",
            s(&doc),
            "--animation",
            "Walk",
            "--view",
            "3",
            "--tick",
            "20",
            "--hd",
        ]),
        0,
    );
    let api = server.get(&format!("/api/v1/draw?kind=mina&{query}&hd=1"));
    assert_eq!(api.status, 200, "{}", api.text());
    assert_eq!(api.text(), cli);
    // The box doubles: every cell, offset and move is twice the SD one (docs/remaster.md).
    let sd = server.get("/api/v1/canvas?kind=mina&frame=88").json();
    let hd = server.get("/api/v1/canvas?kind=mina&frame=88&hd=1").json();
    for key in ["left", "top", "width", "height"] {
        assert_eq!(
            hd[key].as_i64().unwrap(),
            2 * sd[key].as_i64().unwrap(),
            "{key}"
        );
    }
    // The sheet picture: 512 x 976, and back to the two files byte for byte.
    let sheet = server.get("/api/v1/sheet.png?kind=mina&hd=1&palette=3");
    assert_eq!(sheet.status, 200, "{}", sheet.text());
    let imported = import(&sheet.body, &ImportOptions::default()).expect("imports");
    let files = imported.sheet.encode().unwrap();
    assert!(
        files.upper == std::fs::read(&upper).unwrap(),
        "tex_992.bin back"
    );
    assert!(
        files.lower == std::fs::read(&lower).unwrap(),
        "tex_993.bin back"
    );
    // The white mage's pair is not in the folder: refused, naming its files.
    let refused = server.get("/api/v1/render.png?kind=siro&frame=88&hd=1");
    assert_eq!(refused.status, 422, "{}", refused.text());
    let text = refused.text();
    assert!(
        text.contains("tex_1012.bin") && text.contains("tex_1013.bin"),
        "{text}"
    );
    let refused = server.get("/api/v1/sheet.png?kind=siro&hd=1");
    assert_eq!(refused.status, 422, "{}", refused.text());
    // Ramza's is drawn from a synthetic sheet, which has no palettes to colour a pair with.
    let refused = server.get("/api/v1/canvas?kind=ramza&frame=88&hd=1");
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(refused.text().contains("synthetic"), "{}", refused.text());
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(
        kinds[0]["hd"],
        serde_json::json!(["tex_992.bin", "tex_993.bin"])
    );
    assert!(
        kinds[1].get("hd").is_none() && kinds[2].get("hd").is_none(),
        "{kinds}"
    );
}

/// MON's SP2 sequences at `hd=1` draw from the SP2 at twice the size beside the monster's pair
/// (tex 1132 for behi's 1094/1095, both made here with `sheet upscale` of the retail BEHI.SPR
/// and BEHI2.SP2: no real one is at hand): `render --sheet tex_1094.bin`'s file byte for byte;
/// `/api/v1/kinds` names it; `sp2.png?hd=1` is it in the sheet's palette, 512 x 512.
#[test]
fn hd_1_draws_mon_s_sp2_sequences_from_the_sp2_at_twice_the_size() {
    let test = "hd_1_draws_mon_s_sp2_sequences_from_the_sp2_at_twice_the_size";
    let (Some(spr), Some(sp2)) = (
        test_support::sheet(test, "BEHI.SPR"),
        test_support::sheet(test, "BEHI2.SP2"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let served = dir.join("served");
    std::fs::create_dir_all(&served).unwrap();
    for (from, name) in [(&spr, "BEHI.SPR"), (&sp2, "BEHI2.SP2")] {
        std::fs::copy(from, served.join(name)).unwrap();
    }
    for (from, to) in [("BEHI.SPR", "tex_1094.bin"), ("BEHI2.SP2", "tex_1132.bin")] {
        let (from, to) = (served.join(from), served.join(to));
        expect(&run(["sheet", "upscale", s(&from), "-o", s(&to)]), 0);
    }
    let doc = test_support::fixtures::document("mon");
    let server = Server::start(&["--data", s(&doc), "--sheets", s(&served)], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["hdSp2"], "tex_1132.bin", "{kinds}");
    let out = dir.join("cli.png");
    expect(
        &run([
            "render",
            "--data",
            s(&doc),
            "--sheet",
            s(&served.join("tex_1094.bin")),
            "--animation",
            "Bomb Explode",
            "--view",
            "3",
            "--out",
            s(&out),
        ]),
        0,
    );
    let answer = server.get("/api/v1/render.png?kind=mon&animation=Bomb%20Explode&view=3&hd=1");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(
        answer.body == std::fs::read(&out).unwrap(),
        "render.png?hd=1 of an SP2 sequence is not render --sheet tex_1094.bin's file"
    );
    let picture = server.get("/api/v1/sp2.png?kind=mon&hd=1&palette=2");
    assert_eq!(picture.status, 200, "{}", picture.text());
    let header = |at: usize| u32::from_be_bytes(picture.body[at..at + 4].try_into().unwrap());
    assert_eq!((header(16), header(20)), (512, 512));
    // Without the file beside the pair: the sequence is refused, the rest still drawn.
    std::fs::remove_file(served.join("tex_1132.bin")).unwrap();
    let server = Server::start(&["--data", s(&doc), "--sheets", s(&served)], &[]);
    assert!(server.get("/api/v1/kinds").json()[0].get("hdSp2").is_none());
    let missing = server.get("/api/v1/sp2.png?kind=mon&hd=1");
    assert_eq!(missing.status, 404, "{}", missing.text());
    assert!(
        missing.text().contains("tex_1132.bin"),
        "{}",
        missing.text()
    );
    let refused = server.get("/api/v1/render.png?kind=mon&animation=Bomb%20Explode&hd=1");
    assert_ne!(refused.status, 200, "{}", refused.text());
    let walk = server.get("/api/v1/render.png?kind=mon&animation=Walk&hd=1");
    assert_eq!(walk.status, 200, "{}", walk.text());
}
