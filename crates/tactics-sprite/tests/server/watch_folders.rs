//! `serve --watch` watches the folders its lookup searched, not only the files it found: a file
//! `mod add` places in a mod below a watched folder of mods (a mod there before the server
//! started, and one made while it runs), and an HD pair added to an `--originals` mod, are served.
//!
//! Needs TYPE1.SHP and TYPE1.SEQ (`FFT_ORIGINALS`), and for the HD pair RAMUZA.SPR (`FFT_SHEETS`);
//! a loud skip without them.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use crate::watch::{folder, wait_for_generation};
use test_support::retail_file;

/// `mod new DIR` with an id from its name.
fn new_mod(dir: &Path) {
    let id = format!(
        "test.{}",
        dir.file_name().expect("a name").to_string_lossy()
    );
    expect(&run(["mod", "new", s(dir), "--id", &id, "--name", &id]), 0);
}

/// TYPE1.SEQ with Walk's first delay (slot 6's first `Frame`) set to `delay`, compiled into
/// `dir/TYPE1.SEQ`: the size of the original, as `mod add` wants it.
fn seq_with_walk_delay(seq: &Path, dir: &Path, delay: u32) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).expect("a folder");
    let text = dir.join("type1.seq.txt");
    expect(&run(["disasm", s(seq), "-o", s(&text)]), 0);
    let mut lines: Vec<String> = std::fs::read_to_string(&text)
        .expect("the text")
        .lines()
        .map(str::to_owned)
        .collect();
    let first = 1 + lines
        .iter()
        .position(|l| l.split(';').next().unwrap_or_default().trim() == "slot 6:")
        .expect("slot 6");
    let frame = lines[first]
        .split_whitespace()
        .nth(1)
        .expect("a frame")
        .to_owned();
    lines[first] = format!("    Frame {frame} {delay}");
    std::fs::write(&text, lines.join("\n") + "\n").expect("writes");
    let out = dir.join("TYPE1.SEQ");
    expect(&run(["asm", s(&text), "-o", s(&out)]), 0);
    out
}

/// The served first delay of type1's `Walk Fwd`.
fn walk_delay(server: &Server) -> u64 {
    let data = server.get("/api/v1/data?kind=type1");
    assert_eq!(data.status, 200, "{}", data.text());
    let doc: serde_json::Value = serde_json::from_slice(&data.body).expect("JSON");
    let walk = doc["sequences"]
        .as_array()
        .expect("sequences")
        .iter()
        .find(|s| s["name"] == "Walk Fwd")
        .expect("Walk Fwd");
    walk["ticks"][0].as_u64().expect("a tick count")
}

#[test]
fn a_file_added_to_a_mod_below_a_watched_folder_of_mods_is_served() {
    let test = "a_file_added_to_a_mod_below_a_watched_folder_of_mods_is_served";
    let (Some(shp), Some(seq)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let (game, mods, work) = (folder("mods-game"), folder("mods"), folder("mods-work"));
    std::fs::copy(&shp, game.join("TYPE1.SHP")).expect("copies");
    std::fs::copy(&seq, game.join("TYPE1.SEQ")).expect("copies");
    // A mod there before the server starts, holding nothing yet.
    new_mod(&mods.join("first"));
    let server = Server::start(
        &["--watch", "--originals", s(&game), "--originals", s(&mods)],
        &[],
    );
    let original = walk_delay(&server);
    let first = seq_with_walk_delay(&seq, &work.join("first"), original as u32 + 6);
    expect(&run(["mod", "add", s(&mods.join("first")), s(&first)]), 0);
    wait_for_generation(&server, 1);
    assert_eq!(walk_delay(&server), original + 6);
    // A mod made while it runs, then given a file: a modder's two commands, apart.
    new_mod(&mods.join("second"));
    std::thread::sleep(Duration::from_millis(300));
    let second = seq_with_walk_delay(&seq, &work.join("second"), original as u32 + 9);
    expect(&run(["mod", "add", s(&mods.join("second")), s(&second)]), 0);
    let started = Instant::now();
    while walk_delay(&server) != original + 9 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the second mod's SEQ was never served"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_hd_pair_added_to_an_originals_mod_is_served() {
    let test = "an_hd_pair_added_to_an_originals_mod_is_served";
    let (Some(shp), Some(seq), Some(ramuza)) = (
        retail_file(test, "TYPE1.SHP"),
        retail_file(test, "TYPE1.SEQ"),
        test_support::sheet(test, "RAMUZA.SPR"),
    ) else {
        return;
    };
    let (game, sheets, a_mod, work) = (
        folder("hd-mod-game"),
        folder("hd-mod-sheets"),
        folder("hd-mod"),
        folder("hd-mod-work"),
    );
    std::fs::copy(&shp, game.join("TYPE1.SHP")).expect("copies");
    std::fs::copy(&seq, game.join("TYPE1.SEQ")).expect("copies");
    std::fs::copy(&ramuza, sheets.join("RAMUZA.SPR")).expect("copies");
    // The mod holds the game's SEQ already: its folders are there, the HD ones not yet.
    new_mod(&a_mod);
    expect(&run(["mod", "add", s(&a_mod), s(&seq)]), 0);
    let server = Server::start(
        &[
            "--watch",
            "--originals",
            s(&game),
            "--originals",
            s(&a_mod),
            "--sheets",
            s(&sheets),
        ],
        &[],
    );
    let target = "/api/v1/render.png?kind=type1&animation=Walk&view=3&hd=1";
    // Ramza's pair is tex_830.bin and tex_831.bin by the HD table; not there yet.
    assert_eq!(server.get(target).status, 422);
    let upper = work.join("tex_830.bin");
    expect(
        &run(["sheet", "upscale", s(&ramuza), "--out", s(&upper)]),
        0,
    );
    expect(
        &run([
            "mod",
            "add",
            s(&a_mod),
            s(&upper),
            s(&work.join("tex_831.bin")),
        ]),
        0,
    );
    let status = wait_for_generation(&server, 1);
    assert!(status["error"].is_null(), "{status}");
    let answer = server.get(target);
    assert_eq!(answer.status, 200, "{}", answer.text());
}
