//! The viewer's sheet picker and Ramza's variant picker in a real browser (headless Chromium):
//! `serve --originals GAME --originals MOD`, the mod holding the squire's sheet repainted; a
//! sheet picked in `#sheet-file` (and one named in the address) draws the canvas pixel for
//! pixel as `tactics-sprite render --sheet` draws that sheet through the same folders, the
//! mod's squire over the game's; Ramza's HD pair (made with `sheet upscale RAMUZA.SPR`) with
//! the HD switch on and a variant picked, as `render --sheet tex_830.bin --variant N` draws it
//! in `charclut.nxd`'s colours.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use crate::viewer_support::{BACKGROUND, open_viewer, viewer_canvas};
use test_support::browser::{Browser, PngFrame, chromium_or_skip, png_frames};
use test_support::{hd_file, nxd_file, retail_file, sheet, temp_dir};

/// The game's folder (TYPE1's pair, Ramza's and the squire's sheets, Ramza's pair made here, the
/// squire's, `nxd/charclut.nxd`) and a mod with the squire's sheet repainted.
fn folders(test: &str) -> Option<(PathBuf, PathBuf, PathBuf)> {
    let files = [
        retail_file(test, "TYPE1.SHP")?,
        retail_file(test, "TYPE1.SEQ")?,
        sheet(test, "RAMUZA.SPR")?,
        hd_file(test, "battle_mina_m_spr.bin")?,
        hd_file(test, "tex_992.bin")?,
        hd_file(test, "tex_993.bin")?,
    ];
    let charclut = nxd_file(test, "charclut.nxd")?;
    let dir = temp_dir(test);
    let game = dir.join("game");
    std::fs::create_dir_all(game.join("nxd")).unwrap();
    for file in &files {
        std::fs::copy(file, game.join(file.file_name().unwrap())).unwrap();
    }
    std::fs::copy(&charclut, game.join("nxd/charclut.nxd")).unwrap();
    expect(
        &run([
            "sheet",
            "upscale",
            s(&game.join(files[2].file_name().unwrap())),
            "-o",
            s(&game.join("tex_830.bin")),
        ]),
        0,
    );
    // The squire's palette 0, colour 1 (bytes 2-3) changed, where the mod loader reads it.
    let modded = dir.join("mod");
    let unit = modded.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    let mut squire = std::fs::read(&files[3]).unwrap();
    squire[2] ^= 0x1f;
    std::fs::write(unit.join("battle_mina_m_spr.bin"), &squire).unwrap();
    Some((dir, game, modded))
}

/// `render` through both folders of `args`, on the viewer's background: its one picture.
fn render(dir: &Path, game: &Path, modded: &Path, name: &str, args: &[&str]) -> PngFrame {
    let out = dir.join(name);
    let mut all = vec![
        "render",
        "--originals",
        s(game),
        "--originals",
        s(modded),
        "--background",
        BACKGROUND,
        "--out",
        s(&out),
    ];
    all.extend_from_slice(args);
    expect(&run(&all), 0);
    png_frames(&std::fs::read(&out).unwrap()).remove(0)
}

/// Waits for the viewer's canvas to be `expected` (a change of a picker redraws when its
/// answers arrive), and fails with the pixels that differ when it is not within 20 s.
fn canvas_becomes(browser: &mut Browser, expected: &PngFrame, what: &str) {
    let started = Instant::now();
    loop {
        let canvas = viewer_canvas(browser);
        let same_size = (canvas.width, canvas.height) == (expected.width, expected.height);
        if same_size && canvas.rgba == expected.rgba {
            println!(
                "{what}: the viewer is render's picture ({} x {})",
                canvas.width, canvas.height
            );
            return;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let differing = canvas
                .rgba
                .chunks(4)
                .zip(expected.rgba.chunks(4))
                .filter(|(a, b)| a != b)
                .count();
            panic!(
                "{what}: the viewer's canvas ({} x {}) is not render's ({} x {}): {differing} \
                 pixels differ; status: {}",
                canvas.width,
                canvas.height,
                expected.width,
                expected.height,
                browser.evaluate("document.getElementById('status').textContent")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Sets the select `id` to `value` as a user does, firing its change.
fn pick(browser: &mut Browser, id: &str, value: &str) {
    let picked = browser.evaluate(&format!(
        "(() => {{ const e = document.getElementById('{id}'); e.value = '{value}'; \
         e.dispatchEvent(new Event('change')); return e.value; }})()"
    ));
    assert_eq!(picked, value, "#{id} offers {value}");
}

#[test]
fn the_sheet_picker_draws_any_sheet_of_the_kind_as_render_does() {
    let test = "the_sheet_picker_draws_any_sheet_of_the_kind_as_render_does";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let Some((dir, game, modded)) = folders(test) else {
        return;
    };
    let server = Server::start(&["--originals", s(&game), "--originals", s(&modded)], &[]);
    let base = format!("http://{}", server.addr);
    let mut browser = Browser::launch(&chromium);
    let frame = ["--frame", "88"];
    let squire = render(
        &dir,
        &game,
        &modded,
        "squire.png",
        &[&["--sheet", "MINA_M.SPR"][..], &frame].concat(),
    );
    // Picked in the sheet picker.
    open_viewer(
        &mut browser,
        &format!("{base}/?kind=type1&frame=88&scale=1&paused=1"),
    );
    pick(&mut browser, "sheet-file", "MINA_M.SPR");
    canvas_becomes(&mut browser, &squire, "MINA_M.SPR picked");
    // Named in the address, in the remaster's form.
    open_viewer(
        &mut browser,
        &format!("{base}/?kind=type1&sheet=battle_mina_m_spr.bin&frame=88&scale=1&paused=1"),
    );
    canvas_becomes(
        &mut browser,
        &squire,
        "sheet=battle_mina_m_spr.bin in the address",
    );
    // Ramza's pair in HD, in charclut.nxd's colours: variant 0, then 2 picked.
    open_viewer(
        &mut browser,
        &format!("{base}/?kind=type1&frame=88&scale=1&paused=1"),
    );
    pick(&mut browser, "sheet-file", "RAMUZA.SPR");
    browser.evaluate(
        "(() => { const e = document.getElementById('hd'); e.checked = true; \
         e.dispatchEvent(new Event('change')); return true; })()",
    );
    let upper = game.join("tex_830.bin");
    for variant in ["0", "2"] {
        let expected = render(
            &dir,
            &game,
            &modded,
            &format!("ramza{variant}.png"),
            &[&["--sheet", s(&upper), "--variant", variant][..], &frame].concat(),
        );
        pick(&mut browser, "variant", variant);
        canvas_becomes(
            &mut browser,
            &expected,
            &format!("RAMUZA.SPR in HD, variant {variant}"),
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
