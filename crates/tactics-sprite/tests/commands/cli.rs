//! The `tactics-sprite` binary as a user runs it: output, exit codes (0 ok, 1 bad input, 2 usage)
//! and one-line errors. Tests marked "originals" need `FFT_ORIGINALS` and skip loudly without it;
//! the others make their own small files with `fft_formats`. The expected numbers of the retail
//! checks come from docs/formats/shp.md 2.1 and 2.3 and docs/formats/seq.md 3.5, not from this
//! tool's output.

use std::path::PathBuf;
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::{run, stderr, stdout};
use fft_formats::seq::opcode::code;
use fft_formats::{CommandIndex, Frame, Seq, Tile, UnitShp, WeaponShp};
use serde_json::Value;

/// Runs the binary with `args`.
fn code_of(output: &Output) -> i32 {
    output
        .status
        .code()
        .expect("the process exited, not killed")
}

/// `inspect --json ARGS...` parsed, after checking it succeeded.
fn inspect_json(args: &[&str]) -> Value {
    let mut all = vec!["inspect", "--json"];
    all.extend_from_slice(args);
    let output = run(&all);
    assert_eq!(code_of(&output), 0, "stderr: {}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("--json prints one JSON object")
}

/// The single line of stderr, after checking there is exactly one.
fn one_error_line(output: &Output) -> String {
    let err = stderr(output);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "expected one stderr line, got: {err:?}");
    assert!(
        lines[0].starts_with("tactics-sprite: "),
        "error line lacks the program name: {err:?}"
    );
    lines[0].to_owned()
}

/// A fresh folder under the system temp dir, removed when dropped. Game bytes written in tests go
/// here, never into the repository.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> Self {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tactics-sprite-cli-{}-{test}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        Self(dir)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).expect("write temp file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small SEQ: slot 0 shows two frames and loops, slots 1 and 2 share a hold frame.
fn tiny_seq() -> Vec<u8> {
    let commands = vec![
        fft_formats::Command::Frame { frame: 1, delay: 4 },
        fft_formats::Command::op(code::MOVE_UNIT_FB, &[0xFE]).unwrap(),
        fft_formats::Command::Frame { frame: 2, delay: 6 },
        fft_formats::Command::op(code::INCREMENT_LOOP, &[]).unwrap(),
        fft_formats::Command::Frame { frame: 3, delay: 0 },
    ];
    Seq {
        attack_slots_from: 0x78,
        second_sheet_slots_from: 0xFF,
        slots: [0, 4, 4].map(CommandIndex).to_vec(),
        commands,
    }
    .encode()
    .expect("the tiny SEQ encodes")
}

/// Stream offset of the `FF D5` in [`tiny_seq`]: after 2 + 3 + 2 bytes.
const TINY_SEQ_LOOP_AT: usize = 7;

fn tile(dx: i8, dy: i8, column: u8, row: u8, size_code: u8, flip_x: bool) -> Tile {
    Tile {
        dx,
        dy,
        column,
        row,
        size_code,
        flip_x,
        flip_y: false,
    }
}

fn frame(tiles: Vec<Tile>) -> Frame {
    Frame {
        rotation: 0,
        flags: 0,
        tiles,
    }
}

/// A small unit SHP: 3 frames, the last two in the lower half, with a water table.
fn tiny_unit_shp() -> Vec<u8> {
    let main = vec![
        frame(vec![tile(-4, -4, 30, 22, 0, false)]),
        frame(vec![
            tile(-17, -35, 0, 0, 11, false),
            tile(-8, -8, 4, 1, 2, true),
        ]),
        frame(vec![tile(-16, -32, 2, 3, 10, false)]),
    ];
    UnitShp {
        lower_half_from: 1,
        extra: 0xFF,
        water: Some(main.clone()),
        main,
    }
    .encode()
    .expect("the tiny unit SHP encodes")
}

/// A small weapon SHP: 2 frames, one rotated with flags.
fn tiny_weapon_shp() -> Vec<u8> {
    let mut first_section = [0; 0x44];
    first_section[2] = 1;
    WeaponShp {
        first_section,
        frames: vec![
            frame(vec![tile(-4, -4, 1, 2, 1, false)]),
            Frame {
                rotation: 3,
                flags: 1,
                tiles: vec![tile(0, 0, 31, 31, 0, true)],
            },
        ],
    }
    .encode()
    .expect("the tiny weapon SHP encodes")
}

// ---- with the retail files ----

#[test]
fn roundtrip_every_original_is_identical() {
    let Some(dir) = test_support::originals("roundtrip_every_original_is_identical") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the originals folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    if files.len() < test_support::RETAIL_FILES.len() {
        test_support::skip::<()>(
            "roundtrip_every_original_is_identical",
            &format!(
                "{} ($FFT_ORIGINALS) holds {} files, fewer than the {} of the retail manifest; round-tripping those",
                dir.display(),
                files.len(),
                test_support::RETAIL_FILES.len()
            ),
        );
    }
    let mut args = vec![PathBuf::from("roundtrip")];
    args.extend(files.iter().cloned());
    let output = run(&args);
    assert_eq!(code_of(&output), 0, "stderr: {}", stderr(&output));
    assert_eq!(stderr(&output), "");
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), files.len(), "one line per file:\n{out}");
    for (line, path) in lines.iter().zip(&files) {
        let expected = format!("identical  {}  ", path.display());
        assert!(line.starts_with(&expected), "{line:?} for {path:?}");
    }
}

#[test]
fn inspect_type1_shp_shows_the_fingerprint() {
    let Some(path) =
        test_support::retail_file("inspect_type1_shp_shows_the_fingerprint", "TYPE1.SHP")
    else {
        return;
    };
    let json = inspect_json(&[path.to_str().unwrap()]);
    assert_eq!(json["kind"], "unit-shp");
    assert_eq!(json["kind_source"], "detected");
    assert_eq!(json["retail"], "TYPE1.SHP");
    assert_eq!(json["size"], 8192);
    assert_eq!(json["header"]["water_ptr"], 0xEB2);
    assert_eq!(json["header"]["lower_half_from"], 84);
    assert_eq!(json["header"]["extra"], 0xFF);
    assert_eq!(json["counts"]["main_frames"], 182);
    assert_eq!(json["counts"]["water_frames"], 182);
    assert_eq!(json["counts"]["frames_in_lower_half"], 182 - 84);

    let text = stdout(&run(["inspect", path.to_str().unwrap()]));
    assert!(text.contains("retail TYPE1.SHP"), "{text}");
}

#[test]
fn inspect_type1_seq_shows_the_fingerprint() {
    let Some(path) =
        test_support::retail_file("inspect_type1_seq_shows_the_fingerprint", "TYPE1.SEQ")
    else {
        return;
    };
    let json = inspect_json(&[path.to_str().unwrap()]);
    assert_eq!(json["kind"], "seq");
    assert_eq!(json["retail"], "TYPE1.SEQ");
    assert_eq!(json["size"], 6754);
    assert_eq!(json["header"]["AA"], 0x78);
    assert_eq!(json["header"]["BB"], 0xFF);
    assert_eq!(json["header"]["L"], 0x165C);
    assert_eq!(json["counts"]["slots_used"], 252);
    assert_eq!(json["counts"]["distinct_offsets"], 227);
    assert_eq!(json["counts"]["commands"], 2548);
    assert_eq!(json["counts"]["frame_commands"], 1398);
    assert_eq!(json["counts"]["opcodes"], 1150);
}

#[test]
fn inspect_verbose_type1_seq_lists_slot_segments() {
    let Some(path) =
        test_support::retail_file("inspect_verbose_type1_seq_lists_slot_segments", "TYPE1.SEQ")
    else {
        return;
    };
    let json = inspect_json(&["--verbose", path.to_str().unwrap()]);
    let slots = json["slots"].as_array().expect("a slots list");
    assert_eq!(slots.len(), 252);
    assert_eq!(slots[6]["offset"], 0x000C);
    assert_eq!(slots[251]["offset"], 0x1629);
    assert_eq!(
        slots[251]["segment_end"], 0x165C,
        "the last segment ends at L"
    );
    // Slots 12-17 all point at one `FF FF` (docs/formats/seq.md 3.1).
    for slot in 12..=17 {
        assert_eq!(slots[slot]["offset"], slots[12]["offset"]);
        let commands = slots[slot]["commands"].as_array().unwrap();
        assert_eq!(commands.len(), 1, "slot {slot}");
        assert_eq!(commands[0]["opcode"], 0xFF);
        assert_eq!(commands[0]["name"], "PauseAnimation");
    }
    // Slot 128, Swing High (docs/formats/seq.md 3.5): its frames in order, and it ends paused.
    let slot = &slots[128];
    assert_eq!(slot["offset"], 0x073C);
    let commands = slot["commands"].as_array().unwrap();
    let frames: Vec<(u64, u64)> = commands
        .iter()
        .filter(|c| c.get("frame").is_some())
        .map(|c| (c["frame"].as_u64().unwrap(), c["delay"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        frames,
        [
            (86, 4),
            (84, 2),
            (85, 8),
            (86, 2),
            (87, 2),
            (88, 14),
            (88, 2),
            (88, 4)
        ]
    );
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert!(names.contains(&"PostGenericAttack"), "{names:?}");
    assert_eq!(names.last(), Some(&"PauseAnimation"));
    let d3 = commands.iter().find(|c| c["opcode"] == 0xD3).unwrap();
    assert_eq!(d3["args"], serde_json::json!([0xFE]), "D3 -2");
}

#[test]
fn inspect_verbose_type1_shp_places_lower_half_tiles() {
    let Some(path) = test_support::retail_file(
        "inspect_verbose_type1_shp_places_lower_half_tiles",
        "TYPE1.SHP",
    ) else {
        return;
    };
    let json = inspect_json(&["-v", path.to_str().unwrap()]);
    let mut bottom = 0;
    for table in ["main", "water"] {
        let frames = json["frames"][table].as_array().expect("a frames list");
        assert_eq!(frames.len(), 182);
        for frame in frames {
            let lower = frame["index"].as_u64().unwrap() >= 84;
            assert_eq!(frame["lower_half"], lower);
            for tile in frame["tiles"].as_array().unwrap() {
                let (y, h) = (tile["y"].as_u64().unwrap(), tile["h"].as_u64().unwrap());
                // docs/formats/shp.md 2.3: no top-half tile crosses row 256; the lowest is 488.
                if lower {
                    assert!(y >= 256, "{table} {frame}");
                } else {
                    assert!(y + h <= 256, "{table} {frame}");
                }
                bottom = bottom.max(y + h);
            }
        }
    }
    assert_eq!(bottom, 488);
    // Frame 0: a blank 8x8 tile at sheet (240, 176), drawn at (-4, -4) (docs/formats/shp.md 2.5).
    let tile0 = &json["frames"]["main"][0]["tiles"][0];
    assert_eq!(
        (&tile0["dx"], &tile0["dy"], &tile0["x"], &tile0["y"]),
        (&(-4).into(), &(-4).into(), &240.into(), &176.into())
    );
    assert_eq!((&tile0["w"], &tile0["h"]), (&8.into(), &8.into()));
}

#[test]
fn truncated_type1_seq_fails_with_one_line_naming_the_offset() {
    let Some(bytes) = test_support::retail_bytes(
        "truncated_type1_seq_fails_with_one_line_naming_the_offset",
        "TYPE1.SEQ",
    ) else {
        return;
    };
    let tmp = TempDir::new("truncated");
    let path = tmp.write("TYPE1.SEQ", &bytes[..bytes.len() - 100]);
    let path = path.to_str().unwrap();

    // Detected from the structure: no kind fits, so the error says so and suggests --kind.
    let output = run(["inspect", path]);
    assert_eq!(code_of(&output), 1);
    let line = one_error_line(&output);
    assert!(line.contains(path) && line.contains("0x"), "{line}");
    assert!(line.contains("--kind seq"), "{line}");

    // Forced: the decoder names the stream length field at 0x0404.
    let output = run(["inspect", "--kind", "seq", path]);
    assert_eq!(code_of(&output), 1);
    let line = one_error_line(&output);
    assert!(line.contains(path) && line.contains("0x0404"), "{line}");
    assert!(stdout(&output).is_empty());

    let output = run(["roundtrip", "--kind", "seq", path]);
    assert_eq!(code_of(&output), 1);
    assert!(one_error_line(&output).contains("0x0404"));
}

#[test]
fn corrupted_type1_seq_opcode_fails_with_its_offset() {
    let Some(mut bytes) = test_support::retail_bytes(
        "corrupted_type1_seq_opcode_fails_with_its_offset",
        "TYPE1.SEQ",
    ) else {
        return;
    };
    let seq = Seq::decode(&bytes).unwrap();
    let offsets = seq.command_offsets();
    let first_op = seq
        .commands
        .iter()
        .position(|c| matches!(c, fft_formats::Command::Op { .. }))
        .unwrap();
    let op_byte = fft_formats::seq::STREAM_START + offsets[first_op] + 1;
    bytes[op_byte] = 0x12;
    let tmp = TempDir::new("corrupted");
    let path = tmp.write("TYPE1.SEQ", &bytes);
    let output = run(["inspect", path.to_str().unwrap()]);
    assert_eq!(code_of(&output), 1);
    let line = one_error_line(&output);
    assert!(line.contains(&format!("at byte 0x{op_byte:04X}")), "{line}");
    assert!(line.contains("found 0x12"), "{line}");
}

// ---- synthetic inputs ----

#[test]
fn synthetic_seq_inspects_and_round_trips() {
    let tmp = TempDir::new("synthetic-seq");
    let path = tmp.write("tiny.seq", &tiny_seq());
    let path = path.to_str().unwrap();
    let json = inspect_json(&["--verbose", path]);
    assert_eq!(json["kind"], "seq");
    assert_eq!(json["retail"], Value::Null);
    assert_eq!(json["opcode_table"], "retail");
    assert_eq!(json["header"]["AA"], 0x78);
    assert_eq!(json["header"]["L"], 11);
    assert_eq!(json["counts"]["slots_used"], 3);
    assert_eq!(json["counts"]["distinct_offsets"], 2);
    assert_eq!(json["counts"]["commands"], 5);
    assert_eq!(json["counts"]["frame_commands"], 3);
    assert_eq!(json["counts"]["opcodes"], 2);
    let slots = json["slots"].as_array().unwrap();
    assert_eq!(
        slots[0]["segment_end"], 9,
        "slot 0 runs up to slot 1's offset"
    );
    assert_eq!(slots[0]["commands"].as_array().unwrap().len(), 4);
    assert_eq!(slots[0]["commands"][1]["name"], "MoveUnitFB");
    assert_eq!(slots[0]["commands"][1]["args"], serde_json::json!([0xFE]));
    let mut slot2_as_1 = slots[2].clone();
    slot2_as_1["slot"] = 1.into();
    assert_eq!(slots[1], slot2_as_1, "aliased slots list alike");
    assert_eq!(slots[2]["segment_end"], 11, "the last segment ends at L");

    let text = stdout(&run(["inspect", "-v", path]));
    assert!(text.contains("not a known retail file"), "{text}");
    assert!(text.contains("IncrementLoop"), "{text}");

    let output = run(["roundtrip", path, path]);
    assert_eq!(code_of(&output), 0, "stderr: {}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!("identical  {path}  seq  {} bytes\n", 0x406 + 11).repeat(2)
    );
}

#[test]
fn synthetic_seq_with_the_animation_rewrite_table() {
    // `FF C2 xx` is one 3-byte command under the animation rewrite table, but `FF C2` + a frame
    // command start under the retail one.
    let seq = Seq {
        attack_slots_from: 0,
        second_sheet_slots_from: 0xFF,
        slots: vec![CommandIndex(0)],
        commands: vec![
            fft_formats::Command::Frame { frame: 1, delay: 2 },
            fft_formats::Command::op(code::SEGMENT_END_C2, &[5]).unwrap(),
            fft_formats::Command::Frame { frame: 1, delay: 2 },
        ],
    };
    let tmp = TempDir::new("rewrite");
    let path = tmp.write("rewrite.seq", &seq.encode().unwrap());
    let path = path.to_str().unwrap();
    let json = inspect_json(&["--opcodes", "animation-rewrite", path]);
    assert_eq!(json["opcode_table"], "animation-rewrite");
    assert_eq!(json["counts"]["commands"], 3);
    assert_eq!(json["counts"]["opcodes"], 1);
    // Under the retail table the stream splits differently (1 byte is left over: an error).
    let output = run(["inspect", path]);
    assert_eq!(code_of(&output), 1);
    assert!(one_error_line(&output).contains("0x"));
}

#[test]
fn synthetic_unit_shp_adds_256_in_the_lower_half() {
    let tmp = TempDir::new("synthetic-unit");
    let path = tmp.write("tiny.shp", &tiny_unit_shp());
    let json = inspect_json(&["-v", path.to_str().unwrap()]);
    assert_eq!(json["kind"], "unit-shp");
    assert_eq!(json["header"]["lower_half_from"], 1);
    assert_eq!(json["counts"]["main_frames"], 3);
    assert_eq!(json["counts"]["water_frames"], 3);
    assert_eq!(json["counts"]["main_tiles"], 4);
    assert_eq!(json["counts"]["frames_in_lower_half"], 2);
    let main = &json["frames"]["main"];
    assert_eq!(main[0]["lower_half"], false);
    assert_eq!(
        (&main[0]["tiles"][0]["x"], &main[0]["tiles"][0]["y"]),
        (&240.into(), &176.into())
    );
    let flipped = &main[1]["tiles"][1];
    assert_eq!(flipped["x"], 32);
    assert_eq!(flipped["y"], 256 + 8, "row 1 of the lower half");
    assert_eq!((&flipped["w"], &flipped["h"]), (&16.into(), &16.into()));
    assert_eq!(flipped["flip_x"], true);
    assert_eq!(main[1]["tiles"][0]["h"], 40, "size code 11 is 32x40");
    assert_eq!(json["frames"]["water"], json["frames"]["main"]);

    let text = stdout(&run(["inspect", "--verbose", path.to_str().unwrap()]));
    assert!(text.contains("frame 1: 2 tiles, lower half"), "{text}");
    assert!(text.contains("flip-x"), "{text}");
}

#[test]
fn synthetic_weapon_shp_lists_the_first_section() {
    let tmp = TempDir::new("synthetic-weapon");
    let path = tmp.write("tiny_wep.shp", &tiny_weapon_shp());
    let path = path.to_str().unwrap();
    let json = inspect_json(&["--verbose", path]);
    assert_eq!(json["kind"], "weapon-shp");
    let first: Vec<u64> = json["header"]["first_section"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(first.len(), 0x44 / 2);
    assert_eq!(&first[..3], [0, 1, 0]);
    assert_eq!(json["counts"]["frames"], 2);
    assert_eq!(json["frames"][1]["rotation"], 3);
    assert_eq!(json["frames"][1]["flags"], 1);
    assert_eq!(
        json["frames"][1]["tiles"][0]["y"], 248,
        "no lower-half rule"
    );
    let output = run(["roundtrip", path]);
    assert_eq!(code_of(&output), 0, "stderr: {}", stderr(&output));
    assert!(stdout(&output).starts_with("identical  "));
}

#[test]
fn corrupted_opcode_fails_with_exit_1() {
    let mut bytes = tiny_seq();
    let op_byte = fft_formats::seq::STREAM_START + TINY_SEQ_LOOP_AT + 1;
    assert_eq!(bytes[op_byte], code::INCREMENT_LOOP);
    bytes[op_byte] = 0x12;
    let tmp = TempDir::new("bad-opcode");
    let path = tmp.write("bad.seq", &bytes);
    let path = path.to_str().unwrap();
    for args in [vec!["inspect", path], vec!["roundtrip", path]] {
        let output = run(&args);
        assert_eq!(code_of(&output), 1, "{args:?}");
        let line = one_error_line(&output);
        assert!(
            line.contains(&format!("{path}: at byte 0x{op_byte:04X}: ")),
            "{line}"
        );
        assert!(line.contains("found 0x12"), "{line}");
    }
}

#[test]
fn roundtrip_checks_every_file_and_fails_if_one_fails() {
    let tmp = TempDir::new("mixed");
    let good = tmp.write("good.seq", &tiny_seq());
    let bad = tmp.write("bad.seq", &[1, 2, 3]);
    let missing = tmp.0.join("missing.seq");
    let output = run([
        "roundtrip".as_ref(),
        good.as_os_str(),
        bad.as_os_str(),
        missing.as_os_str(),
        good.as_os_str(),
    ]);
    assert_eq!(code_of(&output), 1);
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.lines().all(|l| l.starts_with("identical  ")), "{out}");
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains(bad.to_str().unwrap()), "{err}");
    assert!(err.contains(missing.to_str().unwrap()), "{err}");
}

#[test]
fn undetectable_file_suggests_kind() {
    let tmp = TempDir::new("undetectable");
    let path = tmp.write("mystery.bin", &[0xAB; 100]);
    let output = run(["inspect", path.to_str().unwrap()]);
    assert_eq!(code_of(&output), 1);
    let line = one_error_line(&output);
    assert!(line.contains("--kind"), "{line}");
}

#[test]
fn missing_file_fails_with_exit_1() {
    let tmp = TempDir::new("missing");
    let path = tmp.0.join("no-such-file.seq");
    for command in ["inspect", "roundtrip"] {
        let output = run([command.as_ref(), path.as_os_str()]);
        assert_eq!(code_of(&output), 1, "{command}");
        assert!(one_error_line(&output).contains(path.to_str().unwrap()));
    }
}

#[test]
fn usage_errors_exit_2() {
    let cases: [&[&str]; 6] = [
        &["inspect", "--no-such-flag", "x"],
        &["roundtrip", "--no-such-flag", "x"],
        &["inspect"],
        &["roundtrip"],
        &["inspect", "--kind", "png", "x"],
        &["no-such-command"],
    ];
    for args in cases {
        let output = run(args);
        assert_eq!(code_of(&output), 2, "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn help_explains_commands_and_flags() {
    let output = run(["--help"]);
    assert_eq!(code_of(&output), 0);
    let top = stdout(&output);
    assert!(
        top.contains("inspect") && top.contains("roundtrip"),
        "{top}"
    );
    assert!(top.contains("Exit status"), "{top}");
    let inspect = stdout(&run(["inspect", "--help"]));
    for needle in [
        "--kind",
        "--json",
        "--verbose",
        "--opcodes",
        "[default: retail]",
    ] {
        assert!(inspect.contains(needle), "inspect --help lacks {needle}");
    }
    assert!(inspect.contains("next larger distinct slot offset"));
    let roundtrip = stdout(&run(["roundtrip", "--help"]));
    assert!(roundtrip.contains("identical") && roundtrip.contains("Exit status"));
}

/// Every command's `--help` says what it does in a few lines, its exit status in one, and ends
/// with the page that says the rest, which must exist (issue 25: help that links the docs).
#[test]
fn every_help_is_short_and_names_a_page_that_exists() {
    let commands: [&[&str]; 26] = [
        &[],
        &["inspect"],
        &["build"],
        &["draw"],
        &["roundtrip"],
        &["sheet"],
        &["sheet", "export"],
        &["sheet", "import"],
        &["sheet", "upscale"],
        &["render"],
        &["export-aseprite"],
        &["check"],
        &["diff"],
        &["extract"],
        &["pack"],
        &["serve"],
        &["disc"],
        &["disasm"],
        &["asm"],
        &["palette"],
        &["disc", "ls"],
        &["disc", "extract"],
        &["disc", "patch"],
        &["game"],
        &["game", "ls"],
        &["game", "extract"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.push("--help");
        let help = stdout(&run(&args));
        let about: Vec<&str> = help.lines().take_while(|l| !l.is_empty()).collect();
        assert!(
            about.len() <= 7,
            "{command:?}: the description is {} lines:\n{help}",
            about.len()
        );
        let exit = about
            .iter()
            .filter(|l| l.starts_with("Exit status"))
            .count();
        assert_eq!(exit, 1, "{command:?}: one exit status line:\n{help}");
        let more = about.last().and_then(|l| l.strip_prefix("More: "));
        let page = more
            .and_then(|m| m.split([',', ' ']).next())
            .unwrap_or_else(|| panic!("{command:?}: no closing More: line:\n{help}"));
        assert!(
            test_support::repo_root().join(page).is_file(),
            "{command:?}: More names {page}, which is not a file of the repository"
        );
    }
}

#[test]
fn garbage_never_panics() {
    let tmp = TempDir::new("garbage");
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![],
        vec![0],
        vec![0xFF; 0x406],
        vec![0; 0x40A],
        vec![0xFF; 0x900],
        vec![0; 0x846],
    ];
    // Valid files with one byte changed at spots that matter to each layout.
    for base in [tiny_seq(), tiny_unit_shp(), tiny_weapon_shp()] {
        for at in [0, 4, 8, 0x404, 0x408, 0x40A, 0x844, base.len() - 1] {
            if let Some(byte) = base.get(at) {
                let mut bytes = base.clone();
                bytes[at] = byte.wrapping_add(0x81);
                inputs.push(bytes);
            }
        }
    }
    for (i, bytes) in inputs.iter().enumerate() {
        let path = tmp.write(&format!("input{i}"), bytes);
        let path = path.to_str().unwrap();
        for kind in [None, Some("unit-shp"), Some("weapon-shp"), Some("seq")] {
            let mut args = vec!["inspect", "--verbose", path];
            if let Some(kind) = kind {
                args.extend(["--kind", kind]);
            }
            let output = run(&args);
            let code = code_of(&output);
            assert!(
                code == 0 || code == 1,
                "{args:?} exited {code}: {}",
                stderr(&output)
            );
            if code == 1 {
                one_error_line(&output);
            }
        }
    }
}

/// A synthetic short sheet (288 rows, all palettes zero but one colour), inspected and
/// round-tripped; the expected counts are the ones written into it.
#[test]
fn synthetic_sheet_inspects_and_round_trips() {
    use fft_formats::spr::{Spr, SprVariant};
    let mut sheet = Spr::blank(SprVariant::Short);
    sheet.palettes[3][1] = 0x801F; // red, STP set
    for x in 0..10 {
        sheet.pixels[x] = 1;
    }
    sheet.pixels[256 * 287 + 255] = 15;
    let tmp = TempDir::new("synthetic-sheet");
    let path = tmp.write("tiny.spr", &sheet.encode().unwrap());
    let path = path.to_str().unwrap();
    let json = inspect_json(&["--verbose", path]);
    assert_eq!(json["kind"], "spr");
    assert_eq!(json["header"]["variant"], "short");
    assert_eq!(
        (
            json["header"]["width"].as_u64(),
            json["header"]["height"].as_u64()
        ),
        (Some(256), Some(288))
    );
    assert_eq!(json["header"]["palettes"], 16);
    // A name the game has no sheet of: no kind, and no key for one.
    assert!(json["header"].get("unit_kind").is_none());
    assert_eq!(json["counts"]["opaque_pixels"], 11);
    assert_eq!(
        json["counts"]["indices_used"],
        serde_json::json!([0, 1, 15])
    );
    assert_eq!(json["palettes"][3][1], 0x801F);
    let forced = inspect_json(&["--kind", "spr", path]);
    assert_eq!(forced["kind_source"], "forced");
    let output = run(["roundtrip", path]);
    assert_eq!(code_of(&output), 0, "stderr: {}", stderr(&output));
    assert!(stdout(&output).starts_with("identical"));
}

#[test]
fn inspect_ramuza_sheet() {
    let Some(sheet) = test_support::sheet("inspect_ramuza_sheet", "RAMUZA.SPR") else {
        return;
    };
    let json = inspect_json(&[sheet.to_str().unwrap()]);
    assert_eq!(json["retail"], "RAMUZA.SPR");
    assert_eq!(json["kind"], "spr");
    // docs/formats/spr.md 4.1: a standard sheet, 16 palettes, 256 x 488.
    assert_eq!(json["header"]["variant"], "standard");
    assert_eq!(
        (
            json["header"]["height"].as_u64(),
            json["header"]["palettes"].as_u64()
        ),
        (Some(488), Some(16))
    );
    assert_eq!(json["counts"]["pixels"], 256 * 488);
    // Ramza is TYPE1's (docs/formats/README.md 1; the type1 profile's own sheet).
    assert_eq!(json["header"]["unit_kind"], "type1");
    let text = stdout(&run(["inspect", sheet.to_str().unwrap()]));
    assert!(text.contains("unit_kind  type1\n"), "{text}");
}

/// A War of the Lions sheet says its kind too (docs/kinds.md "Which kind draws which sheet").
#[test]
fn inspect_says_a_war_of_the_lions_sheet_s_kind() {
    let name = "spr_dst_bchr_ankoku_m_spr.bin";
    let Some(sheet) =
        test_support::unit_psp_file("inspect_says_a_war_of_the_lions_sheet_s_kind", name)
    else {
        return;
    };
    let json = inspect_json(&[sheet.to_str().unwrap()]);
    assert_eq!(json["header"]["variant"], "standard");
    assert_eq!(json["header"]["unit_kind"], "type1");
}
