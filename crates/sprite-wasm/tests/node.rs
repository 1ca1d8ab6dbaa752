//! The WebAssembly module in node, held to the command line: builds the module
//! (`test_support::wasm`), then runs the package's `test/files.test.mjs`, which rebuilds every
//! committed document (`fixtures/documents/`, `fixtures/layers/`) from the retail files through
//! `files.mjs` and compares the bytes, and checks the TYPE1 document's sha256 against the one on
//! record ([`test_support::TYPE1_SHA256`]); and every unit kind's sheet in `FFT_SHEETS`, as
//! pixels, and renders of TYPE1 and MON, each the bytes the native build of the same code gives
//! ([`write_pictures`]): the code is the same, so must be what it makes on either target; and
//! a disc image of the retail files padded to 512 MiB, read in place through a `Blob`, with the
//! module's memory measured before and after.
//!
//! Without the WebAssembly toolchain (Debian's `rustc-web`, `cargo-web`, `rust-web-src`,
//! `lld-19`) it prints SKIPPED; with it, a missing `node` fails under `FFT_REQUIRE_NODE=1`, and
//! missing retail files under `FFT_REQUIRE_ORIGINALS=1`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};
use sprite_data::layer::LayerSet;
use sprite_data::profile::UNIT_KINDS;
use sprite_wasm::Files;
use sprite_wasm::pictures::{PIXELS_HEADER_LEN, render, sheet};
use test_support::node::{node_or_skip, package_dir};

/// The renders compared: TYPE1's walk and a swing in two views at twice the size, and MON's
/// first animations (its SP2 drawn when BEHI2.SP2 is in the sheets folder); TYPE1's walk as an
/// APNG and as a GIF.
fn render_requests() -> Vec<(&'static str, Value)> {
    vec![
        ("type1", json!({"animation": "Walk", "view": 1})),
        (
            "type1",
            json!({"animation": ["Swing High"], "view": [1, 5], "scale": 2}),
        ),
        ("type1", json!({"frame": 10, "background": "#102030"})),
        ("mon", json!({"animation": ["Idle", "Walk"], "view": 3})),
        (
            "type1",
            json!({"animation": "Walk", "view": 1, "format": "apng"}),
        ),
        (
            "type1",
            json!({"animation": "Walk", "view": 1, "format": "gif"}),
        ),
    ]
}

/// Writes into `dir` what the native build gives for each sheet of a unit kind found in
/// `sheets_dir` and each render of [`render_requests`] whose files are there, and the list of
/// them, `pictures.json`.
fn write_pictures(dir: &Path, originals: &Path, sheets_dir: &Path) {
    let mut files = Files::new();
    for folder in [originals, sheets_dir] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
            .expect("the folder reads")
            .map(|e| e.expect("an entry").path())
            .collect();
        paths.sort();
        for path in paths {
            let name = format!(
                "BATTLE/{}",
                path.file_name().expect("a name").to_string_lossy()
            );
            let bytes = std::fs::read(&path).expect("the file reads");
            files.add(name, bytes).expect("kept");
        }
    }
    let mut sheets = Vec::new();
    let sp2s = UNIT_KINDS.iter().filter_map(|kind| {
        let profile = kind.load();
        Some((profile.sp2_file?, Some(profile.sheet_file)))
    });
    let spr = UNIT_KINDS
        .iter()
        .map(|kind| (kind.load().sheet_file, None::<String>));
    for (name, sp2_of) in spr.chain(sp2s) {
        let Ok(pixels) = sheet(&files, &name, None, sp2_of.as_deref()) else {
            continue;
        };
        let (header, rgba) = pixels.split_at(PIXELS_HEADER_LEN);
        let width = u32::from_le_bytes(header[..4].try_into().expect("4 bytes"));
        let height = u32::from_le_bytes(header[4..].try_into().expect("4 bytes"));
        let file = format!("{name}.rgba");
        std::fs::write(dir.join(&file), rgba).expect("writes");
        sheets.push(json!({"name": name, "sp2Of": sp2_of, "width": width, "height": height, "pixels": file}));
    }
    assert!(
        sheets.iter().any(|s| s["name"] == "BEHI2.SP2"),
        "BEHI2.SP2 is drawn with BEHI.SPR's colours"
    );
    let mut renders = Vec::new();
    for (n, (kind, request)) in render_requests().into_iter().enumerate() {
        let mut asked = request.clone();
        asked["kind"] = json!(kind);
        let png = render(&files, &asked.to_string()).unwrap_or_else(|e| panic!("{kind}: {e}"));
        let file = format!("render-{n}.png");
        std::fs::write(dir.join(&file), png).expect("writes");
        renders.push(json!({"kind": kind, "request": request, "png": file}));
    }
    let manifest = json!({"sheetFolders": [sheets_dir], "sheets": sheets, "renders": renders});
    std::fs::write(dir.join("pictures.json"), manifest.to_string()).expect("writes");
}

/// The mod's ID and name of the "Download mod" test.
const MOD_ID: &str = "fftivc.sprites.node_test";
const MOD_NAME: &str = "Node test";

/// Writes into `dir/input` two edits a user would give (TYPE1.SEQ's text form, as `disasm`
/// writes it, and BEHI.SPR with one colour changed: not one of Ramza's, whose recolour goes
/// into his charclut.nxd, which a page given the BATTLE files lacks), and into `dir/disk/MOD_ID` the mod `mod
/// new` and `mod add` make of them on disk, through the library functions the command line
/// calls; the node test holds the module's zip of the same files to that tree.
fn write_mod(dir: &Path) {
    use sprite_inputs::mod_folder::{add, config::NewMod, new_mod};
    let input = dir.join("input");
    std::fs::create_dir_all(&input).expect("a folder");
    let seq = std::fs::read(
        test_support::retail_file("write_mod", "TYPE1.SEQ").expect("TYPE1.SEQ is there"),
    )
    .expect("reads");
    let text = fft_formats::text::disassemble(
        &seq,
        fft_formats::FileFormat::Seq,
        &fft_formats::seq::OpcodeTable::default(),
    )
    .expect("disassembles");
    std::fs::write(input.join("type1.seq.txt"), text).expect("writes");
    let mut spr =
        std::fs::read(test_support::sheet("write_mod", "BEHI.SPR").expect("there")).expect("reads");
    // The first palette's second colour, one step redder: still a sheet, no longer retail.
    spr[2] ^= 1;
    std::fs::write(input.join("BEHI.SPR"), spr).expect("writes");
    let disk = dir.join("disk").join(MOD_ID);
    let new = NewMod {
        id: MOD_ID.to_owned(),
        name: MOD_NAME.to_owned(),
        ..NewMod::default()
    };
    new_mod(&disk, &new).expect("mod new");
    let options = add::AddOptions {
        mode: sprite_inputs::loader::layout::Mode::Enhanced,
        rename: None,
        replace: false,
        sheets: None,
        like: None,
        charclut: None,
    };
    let given = [input.join("type1.seq.txt"), input.join("BEHI.SPR")];
    let placements = add::plan(&disk, &given, &options).expect("mod add plans");
    add::write(&disk, &placements).expect("mod add writes");
}

/// Every committed document built from the retail files, with its kind: the eight unit kinds'
/// and the three layer sets' (the demo's is built from the demo pair, not the retail files).
fn committed_documents() -> Vec<(&'static str, PathBuf)> {
    let units = UNIT_KINDS
        .iter()
        .map(|kind| (kind.name, test_support::fixtures::document(kind.name)));
    let layers = LayerSet::ALL
        .into_iter()
        .map(|layer| (layer.name(), test_support::fixtures::layer(layer.name())));
    units.chain(layers).collect()
}

#[test]
fn every_committed_document_is_rebuilt_byte_for_byte_through_the_wasm_in_node() {
    let test = "every_committed_document_is_rebuilt_byte_for_byte_through_the_wasm_in_node";
    if let Err(why) = test_support::wasm::toolchain() {
        test_support::wasm::skip(test, &why);
        return;
    }
    let Some(originals) = test_support::originals(test) else {
        return;
    };
    let Some(sheets_dir) = test_support::sheets(test) else {
        return;
    };
    for name in ["RAMUZA.SPR", "BEHI.SPR", "BEHI2.SP2"] {
        if test_support::sheet(test, name).is_none() {
            return;
        }
    }
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let Some((disc, _)) = test_support::disc::padded_image(test, 512 << 20) else {
        return;
    };
    let module = test_support::wasm::build().unwrap_or_else(|e| panic!("{test}: {e}"));
    let documents = committed_documents();
    assert_eq!(documents.len(), 11, "eight unit kinds and three layer sets");
    for (_, path) in &documents {
        assert!(path.is_file(), "{} is not there", path.display());
    }
    let pictures = std::env::temp_dir().join(format!("sprite-wasm-node-{}", std::process::id()));
    std::fs::create_dir_all(&pictures).expect("a scratch folder");
    write_pictures(&pictures, &originals, &sheets_dir);
    let mod_dir = pictures.join("mod");
    write_mod(&mod_dir);
    let output = Command::new(&node)
        .args(["--test", "--test-reporter=spec", "test/files.test.mjs"])
        .current_dir(package_dir())
        .env("TACTICS_SPRITE_WASM", &module)
        .env(
            "TACTICS_SPRITE_IO_WASM",
            test_support::wasm::io_module_path(),
        )
        .env("TACTICS_SPRITE_FILES", &originals)
        .env("TACTICS_SPRITE_DOCUMENTS", json!(documents).to_string())
        .env("TACTICS_SPRITE_TYPE1_SHA256", test_support::TYPE1_SHA256)
        .env("TACTICS_SPRITE_PICTURES", &pictures)
        .env("TACTICS_SPRITE_DISC", &disc)
        .env("TACTICS_SPRITE_MOD", &mod_dir)
        .env("TACTICS_SPRITE_MOD_ID", MOD_ID)
        .env("TACTICS_SPRITE_MOD_NAME", MOD_NAME)
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
    let _ = std::fs::remove_dir_all(&pictures);
    let _ = std::fs::remove_file(&disc);
}

/// The budget for what decoding, building and drawing cost a page: the first module and
/// `files.mjs`, each compressed as a static host sends them (`gzip -9`), at most 400 KB together
/// (docs/performance.md "WebAssembly"). The second module, fetched only for a disc image, a mod,
/// a text form or a sheet's import, is not counted.
const FIRST_MODULE_BUDGET: usize = 400_000;

/// The length of the file at `path` compressed by `gzip -9`.
fn gzipped_len(path: &Path) -> usize {
    let output = Command::new("gzip")
        .args(["-9c"])
        .arg(path)
        .output()
        .expect("gzip runs");
    assert!(output.status.success(), "gzip {}", path.display());
    output.stdout.len()
}

#[test]
fn the_first_module_and_files_mjs_stay_within_400_kb_gzipped() {
    let test = "the_first_module_and_files_mjs_stay_within_400_kb_gzipped";
    let Some(module) = test_support::wasm::module_or_skip(test) else {
        return;
    };
    let wasm = gzipped_len(&module);
    let js = gzipped_len(&package_dir().join("files.mjs"));
    println!(
        "files.wasm {wasm} bytes gzipped, files.mjs {js}: {}",
        wasm + js
    );
    assert!(
        wasm + js <= FIRST_MODULE_BUDGET,
        "files.wasm ({wasm} bytes gzipped) and files.mjs ({js}) are {} bytes, over the budget of \
         {FIRST_MODULE_BUDGET}: put what is not decoding, building or drawing into the second module",
        wasm + js
    );
}
