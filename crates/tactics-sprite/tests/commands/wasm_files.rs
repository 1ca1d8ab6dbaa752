//! The WebAssembly modules' text forms and pictures (`packages/tactics-sprite/files.mjs`) held
//! to this command line: the command line writes what `disasm`, `asm`, `build`, `render` and
//! `sheet import` make of the retail files, an edited SEQ text and a repainted sheet into a
//! folder, and the package's `test/files-cli.test.mjs`, run in node, asks the modules for the
//! same and compares the bytes (the errors, the line without the `tactics-sprite: ` before it).
//! `input/` holds what the page is given (the retail files copied, `type1.seq.txt` with Walk
//! retimed, `bad.seq.txt`, `RAMUZA.png` repainted, the weapons sheet and layer files, the
//! squire's HD pair with its SPR, one of Ramza's made by `sheet upscale`, `charclut.nxd`),
//! `cli/` what the command line wrote of them: `render --weapon` and `render` from the pairs,
//! and `export-aseprite` (`cli/aseprite/`).
//!
//! Skipped, loudly, without the WebAssembly toolchain (`test_support::wasm`); without `node`
//! or the retail files unless required.

use std::path::Path;
use std::process::Command;

use fft_formats::spr::Spr;
use serde_json::json;
use test_support::node::{node_or_skip, package_dir};

const BIN: &str = env!("CARGO_BIN_EXE_tactics-sprite");

/// Runs the command line in `dir` (so that it names its inputs as the page names its files),
/// and gives what it printed on stderr; its exit status must be `code`.
fn cli(dir: &Path, args: &[&str], code: i32) -> String {
    let output = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    test_support::cli::assert_exit_for(&output, code, args.join(" "));
    String::from_utf8(output.stderr).expect("UTF-8")
}

/// The text of TYPE1.SEQ with Walk's first delay (slot 6, frame 11 for 6 ticks) made 12: the
/// retiming a modder makes.
fn retimed_walk(text: &str) -> String {
    let slot = text.find("\nslot 6:").expect("slot 6 is Walk's front");
    let frame = slot
        + text[slot..]
            .find("Frame 11 6 ")
            .expect("Walk starts on frame 11");
    format!(
        "{}Frame 11 12{}",
        &text[..frame],
        &text[frame + "Frame 11 6".len()..]
    )
}

/// RAMUZA.SPR repainted: every pixel of index 5 in its top 40 rows made index 6, written as the
/// picture `sheet export` writes (its chunk carrying what the picture lacks).
fn repainted(sheet: &Path) -> Vec<u8> {
    let mut spr = Spr::decode(&std::fs::read(sheet).expect("reads")).expect("RAMUZA.SPR decodes");
    let mut changed = 0;
    for pixel in spr.pixels.iter_mut().take(256 * 40) {
        if *pixel == 5 {
            *pixel = 6;
            changed += 1;
        }
    }
    assert!(changed > 0, "the top rows hold colour 5");
    sprite_render::spr_png::export(&spr, 0).expect("the picture encodes")
}

#[test]
fn the_modules_text_forms_and_pictures_are_the_command_lines_bytes() {
    let test = "the_modules_text_forms_and_pictures_are_the_command_lines_bytes";
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return;
    }
    let mut given = Vec::new();
    for name in ["TYPE1.SHP", "TYPE1.SEQ", "WEP1.SHP"] {
        let Some(path) = test_support::retail_file(test, name) else {
            return;
        };
        given.push((name, path));
    }
    let Some(sheet) = test_support::sheet(test, "RAMUZA.SPR") else {
        return;
    };
    given.push(("RAMUZA.SPR", sheet.clone()));
    let retail_files = [
        ("WEP1.SEQ", test_support::retail_file(test, "WEP1.SEQ")),
        ("EFF1.SHP", test_support::retail_file(test, "EFF1.SHP")),
        ("EFF1.SEQ", test_support::retail_file(test, "EFF1.SEQ")),
        ("WEP.SPR", test_support::weapons_sheet(test)),
        ("tex_992.bin", test_support::hd_file(test, "tex_992.bin")),
        ("tex_993.bin", test_support::hd_file(test, "tex_993.bin")),
        (
            "battle_mina_m_spr.bin",
            test_support::hd_file(test, "battle_mina_m_spr.bin"),
        ),
        ("charclut.nxd", test_support::nxd_file(test, "charclut.nxd")),
    ];
    for (name, path) in retail_files {
        let Some(path) = path else {
            return;
        };
        given.push((name, path));
    }
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let module = test_support::wasm::build().unwrap_or_else(|e| panic!("{test}: {e}"));
    let dir = std::env::temp_dir().join(format!("tactics-sprite-wasm-cli-{}", std::process::id()));
    let input = dir.join("input");
    let out = dir.join("cli");
    std::fs::create_dir_all(&input).expect("a folder");
    std::fs::create_dir_all(&out).expect("a folder");
    for (name, path) in &given {
        std::fs::copy(path, input.join(name)).expect("copies");
    }
    let o = |name: &str| out.join(name).to_str().expect("UTF-8").to_owned();
    for name in ["TYPE1.SEQ", "TYPE1.SHP", "WEP1.SHP"] {
        cli(
            &input,
            &["disasm", name, "-o", &o(&format!("{name}.txt"))],
            0,
        );
    }
    let text = std::fs::read_to_string(out.join("TYPE1.SEQ.txt")).expect("disasm wrote it");
    std::fs::write(input.join("type1.seq.txt"), retimed_walk(&text)).expect("writes");
    cli(
        &input,
        &["asm", "type1.seq.txt", "-o", &o("retimed.SEQ")],
        0,
    );
    std::fs::write(
        input.join("bad.seq.txt"),
        ".format seq\nFrame 1 2\nbogus 3\n",
    )
    .expect("writes");
    let error = cli(&input, &["asm", "bad.seq.txt", "-o", &o("bad.SEQ")], 1);
    std::fs::write(out.join("bad.seq.txt.error"), error).expect("writes");
    let walk = [
        "--sheet",
        "RAMUZA.SPR",
        "--animation",
        "Walk",
        "--view",
        "1",
        "-o",
    ];
    cli(
        &input,
        &[
            "build",
            "--shp",
            "TYPE1.SHP",
            "--seq",
            "type1.seq.txt",
            "-o",
            &o("retimed.json"),
        ],
        0,
    );
    let retimed = o("retimed.json");
    cli(
        &input,
        &[
            &["render", "--data", &retimed][..],
            &walk,
            &[&o("walk-retimed.apng")],
        ]
        .concat(),
        0,
    );
    std::fs::write(input.join("RAMUZA.png"), repainted(&sheet)).expect("writes");
    cli(
        &input,
        &[
            "sheet",
            "import",
            "RAMUZA.png",
            "--like",
            "RAMUZA.SPR",
            "-o",
            &o("RAMUZA.imported.SPR"),
        ],
        0,
    );
    let document = test_support::fixtures::document("type1");
    let document = document.to_str().expect("UTF-8");
    let mut repainted_walk = walk.to_vec();
    repainted_walk[1] = "RAMUZA.png";
    cli(
        &input,
        &[
            &["render", "--data", document][..],
            &repainted_walk,
            &[&o("walk-repainted.png")],
        ]
        .concat(),
        0,
    );
    // TYPE1 holding a sword (the layer documents as build-data writes them, from the committed
    // ones), and from the HD pairs: the squire's (MINA_M's, 992/993) in its SPR's colours, and
    // one of Ramza's made by sheet upscale (830/831) in charclut.nxd's row of variant 1.
    let layers = [
        test_support::fixtures::layer("wep1"),
        test_support::fixtures::layer("eff1"),
    ];
    let layer = |n: usize| layers[n].to_str().expect("UTF-8").to_owned();
    let swing = ["--animation", "Swing High", "--view", "1", "-o"];
    cli(
        &input,
        &[
            &["render", "--data", document, "--sheet", "RAMUZA.SPR"][..],
            &["--weapon", "sword", "--weapon-sheet", "WEP.SPR"],
            &["--weapon-data", &layer(0), "--effect-data", &layer(1)],
            &swing,
            &[&o("sword.apng")],
        ]
        .concat(),
        0,
    );
    cli(
        &input,
        &[
            &["render", "--data", document, "--sheet", "tex_992.bin"][..],
            &walk[2..],
            &[&o("walk-hd.apng")],
        ]
        .concat(),
        0,
    );
    cli(
        &input,
        &["sheet", "upscale", "RAMUZA.SPR", "-o", "tex_830.bin"],
        0,
    );
    cli(
        &input,
        &[
            &["render", "--data", document, "--sheet", "tex_830.bin"][..],
            &["--variant", "1", "--charclut", "charclut.nxd"],
            &walk[2..],
            &[&o("walk-ramza-1.apng")],
        ]
        .concat(),
        0,
    );
    // The squire's pair as a picture, and that picture imported back to the pair.
    cli(
        &input,
        &["sheet", "export", "tex_992.bin", "-o", "tex_992.png"],
        0,
    );
    std::fs::create_dir_all(out.join("hd")).expect("a folder");
    cli(
        &input,
        &[
            &["sheet", "import", "tex_992.png"][..],
            &[
                "--palettes-from",
                "battle_mina_m_spr.bin",
                "--like",
                "tex_992.bin",
            ],
            &["-o", &o("hd/tex_992.bin")],
        ]
        .concat(),
        0,
    );
    // export-aseprite of TYPE1 from RAMUZA.SPR (named ramuza by default), and holding a sword.
    cli(
        &input,
        &[
            &[
                "export-aseprite",
                "--data",
                document,
                "--sheet",
                "RAMUZA.SPR",
            ][..],
            &["-o", &o("aseprite")],
        ]
        .concat(),
        0,
    );
    cli(
        &input,
        &[
            &[
                "export-aseprite",
                "--data",
                document,
                "--sheet",
                "RAMUZA.SPR",
            ][..],
            &["--weapon", "sword", "--weapon-sheet", "WEP.SPR"],
            &["--weapon-data", &layer(0), "--effect-data", &layer(1)],
            &["--name", "sword", "--hold", "30", "-o", &o("aseprite")],
        ]
        .concat(),
        0,
    );
    let output = Command::new(&node)
        .args(["--test", "--test-reporter=spec", "test/files-cli.test.mjs"])
        .current_dir(package_dir())
        .env("TACTICS_SPRITE_WASM", &module)
        .env(
            "TACTICS_SPRITE_IO_WASM",
            test_support::wasm::io_module_path(),
        )
        .env(
            "TACTICS_SPRITE_CLI",
            json!({"input": input, "cli": out, "layers": layers}).to_string(),
        )
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "node --test failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
    assert!(
        stdout.contains("pass 9") && stdout.contains("skipped 0"),
        "node ran other than the nine tests:\n{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
