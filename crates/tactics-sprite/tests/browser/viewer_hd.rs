//! The viewer's HD switch in a real browser (headless Chromium over the DevTools protocol): the
//! squire served with its HD pair (`serve --data` of a TYPE1 document whose sheet is
//! `MINA_M.SPR`, `--sheets` the `FFT_HD` folder, which holds the pair beside that SPR), opened
//! with `hd=1`, its canvas read back at every picture of an animation and compared pixel for
//! pixel, size included, with `tactics-sprite render --sheet tex_992.bin --palettes-from
//! battle_mina_m_spr.bin` of the same: the command line, not the server, is the reference.
//! A weapon in hand is drawn too (SD art drawn 2x, as render draws it) when the retail
//! files and the weapons sheet are there to build its layers from.
//!
//! MON in HD draws its SP2 tiles from the SP2 at twice the size beside its pair, likewise.
//!
//! Kept apart from `viewer.rs` so the switch can be held wherever the page's controls
//! go: it needs only the `hd` checkbox and the `hd=1` query parameter.

use std::path::PathBuf;

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use crate::viewer_support::{BACKGROUND, open_viewer, viewer_canvas};
use serde_json::json;
use test_support::browser::{Browser, chromium_or_skip, png_frames};
use test_support::{hd_file, retail_file, temp_dir, weapons_sheet};

/// What the test serves and renders from: the document, its folder, the pair and its SPR.
struct Squire {
    dir: PathBuf,
    doc: PathBuf,
    upper: PathBuf,
    spr: PathBuf,
    hd: PathBuf,
    weapon_sheet: Option<PathBuf>,
}

/// The squire's document built into a fresh folder (TYPE1's SHP and SEQ, its sheet named
/// MINA_M.SPR), with the layer documents beside it when the retail files have them.
fn squire(test: &str) -> Option<Squire> {
    let upper = hd_file(test, "tex_992.bin")?;
    let spr = hd_file(test, "battle_mina_m_spr.bin")?;
    let shp = retail_file(test, "TYPE1.SHP")?;
    let seq = retail_file(test, "TYPE1.SEQ")?;
    let dir = temp_dir(test);
    let doc = dir.join("mina.json");
    expect(
        &run([
            "build",
            "--shp",
            s(&shp),
            "--seq",
            s(&seq),
            "--sheet-file",
            "MINA_M.SPR",
            "--out",
            s(&doc),
        ]),
        0,
    );
    let mut weapon_sheet = None;
    if let (Some(sheet), Some(wep1), Some(wep1_seq), Some(eff1), Some(eff1_seq)) = (
        weapons_sheet(test),
        retail_file(test, "WEP1.SHP"),
        retail_file(test, "WEP1.SEQ"),
        retail_file(test, "EFF1.SHP"),
        retail_file(test, "EFF1.SEQ"),
    ) {
        for (kind, shp, seq) in [("wep1", &wep1, &wep1_seq), ("eff1", &eff1, &eff1_seq)] {
            let out = dir.join(format!("{kind}.json"));
            let args = ["build", "--kind", kind, "--shp", s(shp), "--seq", s(seq)];
            let mut args = args.to_vec();
            args.extend(["--out", s(&out)]);
            expect(&run(&args), 0);
        }
        weapon_sheet = Some(sheet);
    }
    let hd = spr.parent().expect("the HD folder").to_path_buf();
    Some(Squire {
        dir,
        doc,
        upper,
        spr,
        hd,
        weapon_sheet,
    })
}

/// `render` of the same as `args` (render flags: `--frame 88`, `--animation Walk --view 1`) from
/// the pair, as an APNG with the viewer's background: each picture and the tick it starts at.
fn cli_pictures(
    squire: &Squire,
    name: &str,
    args: &[&str],
) -> Vec<test_support::browser::PngFrame> {
    let out = squire.dir.join(format!("{name}.apng"));
    let mut all = vec![
        "render",
        "--data",
        s(&squire.doc),
        "--sheet",
        s(&squire.upper),
        "--palettes-from",
        s(&squire.spr),
        "--background",
        BACKGROUND,
        "--out",
        s(&out),
    ];
    if let Some(sheet) = squire
        .weapon_sheet
        .as_ref()
        .filter(|_| args.contains(&"--weapon"))
    {
        all.extend(["--weapon-sheet", s(sheet)]);
    }
    all.extend_from_slice(args);
    expect(&run(&all), 0);
    png_frames(&std::fs::read(&out).unwrap())
}

/// Holds the viewer on `query` with `hd=1` at scale 1 to `render`'s pictures of `args`, at every
/// picture: the viewer's clock stepped to the tick each starts at. Returns how many.
fn compare(
    browser: &mut Browser,
    base: &str,
    squire: &Squire,
    query: &str,
    args: &[&str],
) -> usize {
    let pictures = cli_pictures(squire, &query.replace(['&', '='], "_"), args);
    open_viewer(browser, &format!("{base}/?{query}&hd=1&scale=1&paused=1"));
    let checked = browser.evaluate("document.getElementById('hd').checked");
    assert_eq!(checked, json!(true), "{query}: the HD switch is on");
    let mut at = 0;
    for picture in &pictures {
        browser.evaluate(&format!(
            "(() => {{ for (let i = 0; i < {}; i++) document.getElementById('forward').click(); \
             return true; }})()",
            picture.tick - at
        ));
        at = picture.tick;
        let canvas = viewer_canvas(browser);
        let (width, height, rgba) = (canvas.width, canvas.height, canvas.rgba);
        assert_eq!(
            (width, height),
            (picture.width, picture.height),
            "{query} at tick {}: the viewer's canvas against render's picture",
            picture.tick
        );
        let differing: Vec<String> = rgba
            .chunks(4)
            .zip(picture.rgba.chunks(4))
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| {
                let (x, y) = (i as u32 % width, i as u32 / width);
                format!("({x}, {y}) viewer {a:?} render {b:?}")
            })
            .collect();
        assert!(
            differing.is_empty(),
            "{query} at tick {}: {} of {} pixels differ between the viewer in HD and render \
             --sheet tex_992.bin, first {}",
            picture.tick,
            differing.len(),
            rgba.len() / 4,
            differing[..differing.len().min(6)].join(", ")
        );
    }
    println!(
        "the viewer at {query}&hd=1 is render --sheet tex_992.bin pixel for pixel on all {} \
         pictures ({} x {})",
        pictures.len(),
        pictures[0].width,
        pictures[0].height
    );
    pictures.len()
}

#[test]
fn the_viewer_in_hd_is_render_of_the_tex_pair() {
    let test = "the_viewer_in_hd_is_render_of_the_tex_pair";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let Some(squire) = squire(test) else {
        return;
    };
    let mut args = vec![
        "--data".to_owned(),
        s(&squire.doc).to_owned(),
        "--sheets".to_owned(),
        s(&squire.hd).to_owned(),
    ];
    if let Some(sheet) = &squire.weapon_sheet {
        args.extend(["--weapon-sheet".to_owned(), s(sheet).to_owned()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(&args, &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(
        kinds[0]["hd"],
        json!(["tex_992.bin", "tex_993.bin"]),
        "the kind is served with its pair"
    );
    let base = format!("http://{}", server.addr);
    let mut browser = Browser::launch(&chromium);
    let mut pictures = 0;
    pictures += compare(
        &mut browser,
        &base,
        &squire,
        "kind=mina&frame=88",
        &["--frame", "88"],
    );
    pictures += compare(
        &mut browser,
        &base,
        &squire,
        "kind=mina&animation=Walk&view=1",
        &["--animation", "Walk", "--view", "1"],
    );
    pictures += compare(
        &mut browser,
        &base,
        &squire,
        "kind=mina&animation=Swing%20High&view=5",
        &["--animation", "Swing High", "--view", "5"],
    );
    if squire.weapon_sheet.is_some() {
        pictures += compare(
            &mut browser,
            &base,
            &squire,
            "kind=mina&animation=Swing%20High&view=1&weapon=sword",
            &[
                "--animation",
                "Swing High",
                "--view",
                "1",
                "--weapon",
                "sword",
            ],
        );
    } else {
        let _: Option<()> = test_support::skip(test, "no weapons sheet: no weapon in hand");
    }
    println!("the viewer in HD is render of the tex pair on {pictures} pictures");
}

/// MON in HD: Bomb Explode's SP2 tiles drawn by the viewer from the SP2 at twice the size beside
/// behi's pair (`sp2.png?hd=1`), pixel for pixel `render --sheet tex_1094.bin`'s pictures. No
/// real one is at hand: the pair and the SP2 are BEHI.SPR and BEHI2.SP2 upscaled here.
#[test]
fn the_viewer_in_hd_draws_mon_s_sp2_tiles_from_the_sp2_at_twice_the_size() {
    let test = "the_viewer_in_hd_draws_mon_s_sp2_tiles_from_the_sp2_at_twice_the_size";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let (Some(spr), Some(sp2)) = (
        test_support::sheet(test, "BEHI.SPR"),
        test_support::sheet(test, "BEHI2.SP2"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let (spr_copy, sp2_copy) = (dir.join("BEHI.SPR"), dir.join("BEHI2.SP2"));
    std::fs::copy(&spr, &spr_copy).unwrap();
    std::fs::copy(&sp2, &sp2_copy).unwrap();
    for (from, to) in [(&spr_copy, "tex_1094.bin"), (&sp2_copy, "tex_1132.bin")] {
        expect(
            &run(["sheet", "upscale", s(from), "-o", s(&dir.join(to))]),
            0,
        );
    }
    let behi = Squire {
        doc: test_support::fixtures::document("mon"),
        upper: dir.join("tex_1094.bin"),
        spr: spr_copy,
        hd: dir.clone(),
        weapon_sheet: None,
        dir,
    };
    let server = Server::start(&["--data", s(&behi.doc), "--sheets", s(&behi.hd)], &[]);
    let kinds = server.get("/api/v1/kinds").json();
    assert_eq!(kinds[0]["hdSp2"], json!("tex_1132.bin"), "{kinds}");
    let base = format!("http://{}", server.addr);
    let mut browser = Browser::launch(&chromium);
    let pictures = compare(
        &mut browser,
        &base,
        &behi,
        "kind=mon&animation=Bomb%20Explode&view=3",
        &["--animation", "Bomb Explode", "--view", "3"],
    );
    assert!(pictures > 1, "Bomb Explode shows several pictures");
}
