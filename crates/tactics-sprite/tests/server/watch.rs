//! `serve --watch` as a process: a SEQ saved into the second of two layered `--originals`
//! folders (a mod over the game files) is served, and its removal serves the first's again; and
//! a server reloading a text form sixty times holds its memory flat; under `--watch` no answer
//! is kept by a client unasked; a FIFO in a watched file's place is refused, not waited on; and a
//! reload keeps the sheet's picture (and its tag) until the sheet itself changes.
//!
//! Needs TYPE1.SHP and TYPE1.SEQ (`FFT_ORIGINALS`); a loud skip without them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{expect, run, s};
use crate::serve_support::Server;
use serde_json::Value;

const TEST: &str = "serve_watch";

pub(crate) fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("serve-watch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

/// TYPE1.SEQ's text, the index of slot 6's first line (Walk's front view: the TYPE1 profile's
/// Walk is slots 6 and 7), and that line's frame and delay.
struct WalkText {
    lines: Vec<String>,
    first: usize,
    frame: String,
    delay: u32,
}

impl WalkText {
    fn of(seq: &Path, dir: &Path) -> WalkText {
        let out = dir.join("type1.seq.txt");
        expect(&run(["disasm", s(seq), "-o", s(&out)]), 0);
        let lines: Vec<String> = std::fs::read_to_string(&out)
            .expect("the text")
            .lines()
            .map(str::to_owned)
            .collect();
        let first = 1 + lines
            .iter()
            .position(|l| l.split(';').next().unwrap_or_default().trim() == "slot 6:")
            .expect("slot 6");
        let words: Vec<&str> = lines[first].split_whitespace().collect();
        assert_eq!(words[0], "Frame", "{}", lines[first]);
        WalkText {
            frame: words[1].to_owned(),
            delay: words[2].parse().expect("a delay"),
            lines,
            first,
        }
    }

    /// The text with Walk's first delay set to `delay`.
    fn with_delay(&self, delay: u32) -> String {
        let mut lines = self.lines.clone();
        lines[self.first] = format!("    Frame {} {delay}", self.frame);
        lines.join("\n") + "\n"
    }
}

/// The served document's first delay of `Walk Fwd`.
fn walk_delay(server: &Server) -> u64 {
    let data = server.get("/api/v1/data?kind=type1");
    assert_eq!(data.status, 200, "{}", data.text());
    let doc: Value = serde_json::from_slice(&data.body).expect("JSON");
    let walk = doc["sequences"]
        .as_array()
        .expect("sequences")
        .iter()
        .find(|s| s["name"] == "Walk Fwd")
        .expect("Walk Fwd");
    walk["ticks"][0].as_u64().expect("a tick count")
}

/// Long-polls /api/v1/changes until its generation is `generation` (10 s at most).
pub(crate) fn wait_for_generation(server: &Server, generation: u64) -> Value {
    let started = Instant::now();
    let mut revision = None;
    loop {
        let target = match revision {
            Some(r) => format!("/api/v1/changes?after={r}"),
            None => "/api/v1/changes".to_owned(),
        };
        let answer = server.get(&target);
        assert_eq!(answer.status, 200, "{}", answer.text());
        let status: Value = serde_json::from_slice(&answer.body).expect("JSON");
        if status["generation"] == generation {
            return status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "generation {generation} never came: {status}"
        );
        revision = status["revision"].as_u64();
    }
}

#[test]
fn a_seq_saved_into_a_layered_originals_folder_is_served_and_its_removal_undone() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let (game, mod_folder, work) = (folder("game"), folder("mod"), folder("work"));
    std::fs::copy(&shp, game.join("TYPE1.SHP")).expect("copies");
    std::fs::copy(&seq, game.join("TYPE1.SEQ")).expect("copies");
    let walk = WalkText::of(&seq, &work);
    let server = Server::start(
        &[
            "--watch",
            "--originals",
            s(&game),
            "--originals",
            s(&mod_folder),
        ],
        &[],
    );
    assert_eq!(walk_delay(&server), u64::from(walk.delay));
    // The mod's SEQ, compiled from an edited text, appears in the second folder.
    let edited = work.join("edited.seq.txt");
    std::fs::write(&edited, walk.with_delay(walk.delay + 6)).expect("writes");
    let compiled = work.join("TYPE1.SEQ");
    expect(&run(["asm", s(&edited), "-o", s(&compiled)]), 0);
    std::fs::rename(&compiled, mod_folder.join("TYPE1.SEQ")).expect("moves it in");
    let status = wait_for_generation(&server, 1);
    assert!(status["error"].is_null(), "{status}");
    assert_eq!(walk_delay(&server), u64::from(walk.delay + 6));
    // Gone again: the game's own SEQ is served.
    std::fs::remove_file(mod_folder.join("TYPE1.SEQ")).expect("removes");
    wait_for_generation(&server, 2);
    assert_eq!(walk_delay(&server), u64::from(walk.delay));
}

#[test]
fn sixty_reloads_hold_the_servers_memory_flat() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let work = folder("memory");
    let walk = WalkText::of(&seq, &work);
    let text_path = work.join("type1.seq.txt");
    let server = Server::start(&["--watch", "--seq", s(&text_path), "--shp", s(&shp)], &[]);
    let mut rss_after_ten = 0;
    for generation in 1..=60u64 {
        // Alternate two delays, so that each save changes what is served.
        let delay = walk.delay + 1 + (generation % 2) as u32;
        std::fs::write(&text_path, walk.with_delay(delay)).expect("writes");
        wait_for_generation(&server, generation);
        // Every state is asked for, as a viewer would after each change.
        assert_eq!(walk_delay(&server), u64::from(delay));
        if generation == 10 {
            rss_after_ten = server.rss_kib().expect("VmRSS");
        }
    }
    let rss = server.rss_kib().expect("VmRSS");
    println!("VmRSS after 10 reloads {rss_after_ten} KiB, after 60 {rss} KiB");
    // A state is some 0.5 MiB (the document, its gzip, the summaries, the sheet): fifty kept
    // would be 25 MiB more. Allow for the allocator's slack, not for states kept.
    assert!(
        rss <= rss_after_ten + 8 * 1024,
        "VmRSS grew from {rss_after_ten} KiB to {rss} KiB over 50 reloads"
    );
}

#[test]
fn a_text_that_does_not_assemble_at_start_is_refused_at_its_line_and_column() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let work = folder("broken");
    let broken = work.join("type1.seq.txt");
    // Line 3 names an opcode no table has, at column 5.
    std::fs::write(&broken, ".format seq\nslot 0:\n    NoSuchOpcode 1\n").expect("writes");
    let out = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["serve", "--addr", "127.0.0.1:0", "--watch", "--seq"])
        .arg(&broken)
        .arg("--shp")
        .arg(&shp)
        .output()
        .expect("serve runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    test_support::cli::assert_exit(&out, 1);
    assert!(
        stderr.contains("type1.seq.txt: line 3, column 5:"),
        "{stderr}"
    );
}

/// A pose is kept a minute by a client of a server whose files stay (the README's
/// `public, max-age=60`), and asked again each time of one that reloads them (`no-cache`):
/// after a reload the same request gives another pose.
#[test]
fn a_watched_server_has_every_answer_asked_again_not_kept() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let game = folder("cache-game");
    std::fs::copy(&shp, game.join("TYPE1.SHP")).expect("copies");
    std::fs::copy(&seq, game.join("TYPE1.SEQ")).expect("copies");
    let pose = "/api/v1/draw?kind=type1&animation=Walk&view=0&tick=0";
    for (watch, expected) in [(false, "public, max-age=60"), (true, "no-cache")] {
        let mut args = vec!["--originals", s(&game)];
        if watch {
            args.push("--watch");
        }
        let server = Server::start(&args, &[]);
        let answer = server.get(pose);
        assert_eq!(
            answer.status,
            200,
            "{}",
            String::from_utf8_lossy(&answer.body)
        );
        assert_eq!(
            answer.header("cache-control"),
            Some(expected),
            "--watch {watch}"
        );
        server.terminate();
    }
}

/// A FIFO put in place of the watched text is refused in one line naming it (a read of it would
/// wait for a writer for good, on the one thread that watches), and once the text is back, with
/// an edit, the edit is served.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_watched_file_is_refused_and_the_file_back_is_served() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let work = folder("fifo");
    let walk = WalkText::of(&seq, &work);
    let text_path = work.join("type1.seq.txt");
    let server = Server::start(&["--watch", "--seq", s(&text_path), "--shp", s(&shp)], &[]);
    std::fs::remove_file(&text_path).expect("removes");
    let made = Command::new("mkfifo")
        .arg(&text_path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo: {made}");
    let started = Instant::now();
    let mut revision = 0;
    let error = loop {
        let answer = server.get(&format!("/api/v1/changes?after={revision}"));
        let status: Value = serde_json::from_slice(&answer.body).expect("JSON");
        // (The file missing, before mkfifo made the FIFO, may be said first.)
        let message = status["error"]["message"].as_str().unwrap_or_default();
        if message.contains("FIFO") {
            break message.to_owned();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the FIFO was never refused: {status}"
        );
        revision = status["revision"].as_u64().expect("a revision");
    };
    assert!(
        error.contains("type1.seq.txt") && error.contains("not a regular file but a FIFO"),
        "{error}"
    );
    assert!(!error.contains('\n'), "one line: {error}");
    std::fs::remove_file(&text_path).expect("removes the FIFO");
    std::fs::write(&text_path, walk.with_delay(walk.delay + 3)).expect("writes");
    let status = wait_for_generation(&server, 1);
    assert!(status["error"].is_null(), "{status}");
    assert_eq!(walk_delay(&server), u64::from(walk.delay + 3));
}

/// A save of the text keeps the sheet's picture and its tag, so that the viewer is told `304`
/// and decodes nothing again; a sheet saved over with another is served at once as the other's
/// picture (`tactics-sprite sheet`'s, drawn by the library here), under another tag.
#[test]
fn a_reload_keeps_the_sheets_picture_until_the_sheet_itself_changes() {
    let Some(shp) = test_support::retail_file(TEST, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(TEST, "TYPE1.SEQ") else {
        return;
    };
    let Some(ramuza) = test_support::sheet_bytes(TEST, "RAMUZA.SPR") else {
        return;
    };
    let Some(arute) = test_support::sheet_bytes(TEST, "ARUTE.SPR") else {
        return;
    };
    let work = folder("sheet-tag");
    let walk = WalkText::of(&seq, &work);
    let text_path = work.join("type1.seq.txt");
    let sheet_path = work.join("RAMUZA.SPR");
    std::fs::write(&sheet_path, &ramuza).expect("writes");
    let server = Server::start(
        &[
            "--watch",
            "--seq",
            s(&text_path),
            "--shp",
            s(&shp),
            "--sheet",
            s(&sheet_path),
        ],
        &[],
    );
    let sheet = "/api/v1/sheet.png?kind=type1&palette=0";
    let expected = |spr: &[u8]| {
        let spr = fft_formats::spr::Spr::decode(spr).expect("an SPR");
        sprite_render::sheet::sheet_png(&spr, Some(0), false)
            .expect("a sheet")
            .0
    };
    let tag_of = |answer: &crate::serve_support::Answer| {
        assert_eq!(answer.status, 200);
        answer.header("etag").expect("an ETag").to_owned()
    };
    let first = server.get(sheet);
    assert!(first.body == expected(&ramuza), "RAMUZA's sheet");
    let tag = tag_of(&first);

    std::fs::write(&text_path, walk.with_delay(walk.delay + 1)).expect("writes");
    wait_for_generation(&server, 1);
    let again = server
        .connect()
        .request("GET", sheet, &[("If-None-Match", &tag)]);
    assert_eq!(again.status, 304, "the same sheet after a save of the text");

    std::fs::write(&sheet_path, &arute).expect("writes");
    wait_for_generation(&server, 2);
    let other = server
        .connect()
        .request("GET", sheet, &[("If-None-Match", &tag)]);
    assert!(
        other.body == expected(&arute),
        "ARUTE's sheet, not RAMUZA's"
    );
    assert_ne!(tag_of(&other), tag);
}
