//! `serve --watch` reloads every kind of input a picture is drawn from: an HD pair, another
//! sheet of a kind (`sheet=`) and its pair, the weapons sheet, a layer document, a SAS set and a
//! SAS sheet, an archive of the user's install (a SEQ, a text form and a layered folder's file
//! are `watch`'s). For each, the file is saved anew while the server runs, and the next picture
//! is another than before and the one a server started now on the same files draws.
//!
//! The HD pair needs `FFT_HD` and TYPE1's pair (`FFT_ORIGINALS`); the weapons sheet and the layer
//! document need RAMUZA.SPR (`FFT_SHEETS`) and WEP.SPR (`FFT_WEAPONS`); the SAS set is
//! synthetic. Each skips loudly without its files.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use crate::serve_support::{Server, escape};
use crate::watch::{folder, wait_for_generation};
use test_support::{fixtures, hd_file, retail_file};

/// Serves `args` with `--watch`, asks for `target`, then for each change in turn makes it, waits
/// for the reload it brings and asks again: each answer must differ from the one before, and be
/// what a server started now (unwatched) on the same files answers.
fn each_change_is_served(args: &[&str], target: &str, changes: &[&dyn Fn()]) {
    let mut watched_args = vec!["--watch"];
    watched_args.extend_from_slice(args);
    let server = Server::start(&watched_args, &[]);
    let mut before = server.get(target);
    assert_eq!(before.status, 200, "{target}: {}", before.text());
    for (generation, change) in (1..).zip(changes) {
        change();
        let status = wait_for_generation(&server, generation);
        assert!(status["error"].is_null(), "{status}");
        let after = server.get(target);
        assert_eq!(after.status, 200, "{target}: {}", after.text());
        assert!(
            after.body != before.body,
            "{target}: the same picture after change {generation}"
        );
        let fresh = Server::start(args, &[]);
        let expected = fresh.get(target);
        assert_eq!(expected.status, 200, "{target}: {}", expected.text());
        assert!(
            after.body == expected.body,
            "{target}: after change {generation}, not what a server started now serves"
        );
        fresh.terminate();
        before = after;
    }
}

/// Rewrites `path` in place with every byte from `from` on XORed with 0x11: the same length, so
/// the file stays a valid one of its kind, and every 4-bit pixel index in that part moves.
fn flip_from(path: &Path, from: usize) {
    let mut bytes = std::fs::read(path).expect("reads");
    for byte in &mut bytes[from..] {
        *byte ^= 0x11;
    }
    std::fs::write(path, bytes).expect("writes");
}

#[test]
fn an_hd_pair_saved_anew_is_served() {
    let test = "an_hd_pair_saved_anew_is_served";
    let (Some(upper), Some(lower), Some(spr), Some(shp), Some(seq)) = (
        hd_file(test, "tex_992.bin"),
        hd_file(test, "tex_993.bin"),
        hd_file(test, "battle_mina_m_spr.bin"),
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let dir = folder("hd");
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
    let served = dir.join("served");
    std::fs::create_dir_all(&served).expect("a folder");
    for file in [&upper, &lower, &spr] {
        std::fs::copy(file, served.join(file.file_name().expect("a name"))).expect("copies");
    }
    let upper_served = served.join("tex_992.bin");
    each_change_is_served(
        &["--data", s(&doc), "--sheets", s(&served)],
        // Walk's view 3 is cut from the upper half (SPR rows 0-255).
        "/api/v1/render.png?kind=mina&animation=Walk&view=3&hd=1",
        // The upper half's pixels (it is all pixels: 4 bits each, no header).
        &[&|| flip_from(&upper_served, 0)],
    );
}

/// A sheet of the kind other than its own (`sheet=`), and that sheet's HD pair, each saved anew
/// in the originals' folder while the server runs: the sheets of every unit are watched.
#[test]
fn another_sheet_of_the_kind_and_its_pair_saved_anew_are_served() {
    let test = "another_sheet_of_the_kind_and_its_pair_saved_anew_are_served";
    let (Some(upper), Some(lower), Some(spr), Some(shp), Some(seq)) = (
        hd_file(test, "tex_992.bin"),
        hd_file(test, "tex_993.bin"),
        hd_file(test, "battle_mina_m_spr.bin"),
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let game = folder("sheets");
    for file in [&upper, &lower, &spr, &shp, &seq] {
        std::fs::copy(file, game.join(file.file_name().expect("a name"))).expect("copies");
    }
    let (spr_served, upper_served) = (game.join("battle_mina_m_spr.bin"), game.join("tex_992.bin"));
    each_change_is_served(
        &["--originals", s(&game)],
        "/api/v1/render.png?sheet=MINA_M.SPR&animation=Walk&view=3",
        // The sheet's first 256 rows of pixels, after its 16 palettes (512 bytes), stored
        // as they are (docs/formats/spr.md); the rows after them are compressed.
        &[&|| {
            let mut bytes = std::fs::read(&spr_served).expect("reads");
            for byte in &mut bytes[512..512 + 256 * 128] {
                *byte ^= 0x11;
            }
            std::fs::write(&spr_served, bytes).expect("writes");
        }],
    );
    each_change_is_served(
        &["--originals", s(&game)],
        "/api/v1/render.png?sheet=MINA_M.SPR&animation=Walk&view=3&hd=1",
        &[&|| flip_from(&upper_served, 0)],
    );
}

/// TYPE1's document, RAMUZA.SPR, WEP.SPR and the layer documents in one folder (`serve --data`
/// finds them beside the document); `None` without the sheets.
fn weapon_folder(test: &str) -> Option<(PathBuf, PathBuf)> {
    let ramuza = test_support::sheet(test, "RAMUZA.SPR")?;
    let wep = test_support::weapons_sheet(test)?;
    let dir = folder(test);
    let doc = dir.join("type1.json");
    std::fs::copy(fixtures::document("type1"), &doc).expect("copies the document");
    std::fs::copy(&ramuza, dir.join(ramuza.file_name().expect("a name"))).expect("copies");
    std::fs::copy(&wep, dir.join(wep.file_name().expect("a name"))).expect("copies");
    let layers = test_support::repo_root().join("fixtures/layers");
    for layer in ["wep1.json", "eff1.json"] {
        std::fs::copy(layers.join(layer), dir.join(layer)).expect("copies a layer document");
    }
    Some((dir, doc))
}

fn swing_with_a_sword() -> String {
    format!(
        "/api/v1/render.png?kind=type1&animation={}&view=5&weapon=sword",
        escape("Swing High")
    )
}

#[test]
fn a_weapons_sheet_saved_anew_is_served() {
    let test = "a_weapons_sheet_saved_anew_is_served";
    let Some((dir, doc)) = weapon_folder(test) else {
        return;
    };
    let wep = test_support::weapons_sheet(test).expect("found above");
    let served = dir.join(wep.file_name().expect("a name"));
    each_change_is_served(
        &["--data", s(&doc)],
        &swing_with_a_sword(),
        // Its pixels from the weapons block's on, past that block's 16 palettes of 32 bytes
        // (docs/formats/spr.md: the weapons sheet's blocks).
        &[&|| flip_from(&served, 16 * 32)],
    );
}

#[test]
fn a_layer_document_saved_anew_is_served() {
    let test = "a_layer_document_saved_anew_is_served";
    let Some((dir, doc)) = weapon_folder(test) else {
        return;
    };
    let layer = dir.join("wep1.json");
    // The weapon's pivot moved 8 pixels right and down: the sword is drawn elsewhere.
    let move_anchor = || {
        let mut json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&layer).expect("reads")).expect("JSON");
        for (i, at) in json["anchor"]
            .as_array_mut()
            .expect("an anchor")
            .iter_mut()
            .enumerate()
        {
            *at = (at.as_i64().expect("a number") + 8 * (i as i64 + 1)).into();
        }
        std::fs::write(&layer, serde_json::to_vec(&json).expect("JSON")).expect("writes");
    };
    each_change_is_served(&["--data", s(&doc)], &swing_with_a_sword(), &[&move_anchor]);
}

#[test]
fn a_sas_set_and_its_sheet_saved_anew_are_served() {
    let dir = folder("sas");
    let (set, sheet) = (dir.join("set.sas"), dir.join("sheet.png"));
    std::fs::copy(fixtures::sas("synthetic.sas3"), &set).expect("copies");
    std::fs::copy(fixtures::sas("synthetic-sheet.png"), &sheet).expect("copies");
    each_change_is_served(
        &["--sas", s(&set), "--sas-sheet", s(&sheet)],
        "/api/v1/sas/render.png?set=set&frame=0&scale=2",
        &[
            // Another set under the same name: the PSP layout's, whose sprite 0 is another.
            &|| {
                std::fs::copy(fixtures::sas("synthetic-psp.sas"), &set).expect("copies");
            },
            // Another sheet under the same name: the demo unit's colours.
            &|| {
                std::fs::copy(fixtures::demo_sheet(), &sheet).expect("copies");
            },
        ],
    );
}

/// The user's install (`--game`): its `0002.pac` rewritten while the server runs (as a game
/// update rewrites it), here with Ramza's sheet's first palette changed, is served anew.
#[test]
fn an_installs_archive_rewritten_is_served() {
    let test = "an_installs_archive_rewritten_is_served";
    let (Some(shp), Some(seq), Some(ramuza)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
        test_support::sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    use test_support::pac::{PacBuilder, PacStorage};
    let read = |path: &Path| std::fs::read(path).expect("reads");
    let archive = |sheet: &[u8]| {
        PacBuilder::new()
            .stored_as(
                "fftpack/unit/battle_type1_shp.bin",
                &read(&shp),
                PacStorage::Chunk(0),
            )
            .stored_as(
                "fftpack/unit/battle_type1_seq.bin",
                &read(&seq),
                PacStorage::Chunk(0),
            )
            .stored_as(
                "fftpack/unit/battle_ramuza_spr.bin",
                sheet,
                PacStorage::Gdeflate,
            )
            .encrypted()
            .build()
    };
    let game = folder("game");
    let data = game.join("data/enhanced");
    std::fs::create_dir_all(&data).expect("a folder");
    let pac = data.join("0002.pac");
    std::fs::write(&pac, archive(&read(&ramuza))).expect("writes");
    let mut recoloured = read(&ramuza);
    recoloured[2] ^= 0x1F;
    each_change_is_served(
        &["--game", s(&game)],
        "/api/v1/sheet.png?kind=type1",
        &[&|| std::fs::write(&pac, archive(&recoloured)).expect("writes")],
    );
}
