//! The README's commands, run as written: it opens with the two commands a newcomer types (and
//! `.ci/run` runs the same test command), the demo's commands draw what the README says they draw,
//! the build's figures are the committed TYPE1 document's, with the fan-made sheet the Pictures
//! commands draw the pictures committed under `docs/`, and, with the game files, the editing
//! example changes the one tick its `check` names.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{expect, s};
use crate::serve_support::Server;
use test_support::docs::{commands, words};

fn root() -> PathBuf {
    test_support::repo_root()
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// Runs the binary from the repository root (where the README's relative paths are) with `args`.
fn run_in_root(args: &[String]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `args` with the value of `-o` moved into `dir` (keeping its file name); returns the new path.
fn output_into(args: &mut [String], dir: &Path) -> PathBuf {
    let at = args.iter().position(|a| a == "-o").expect("an -o") + 1;
    let name = Path::new(&args[at])
        .file_name()
        .expect("a file name")
        .to_owned();
    let path = dir.join(name);
    args[at] = s(&path).to_string();
    path
}

#[test]
fn the_readme_opens_with_the_two_commands_and_ci_runs_the_second() {
    let readme = readme();
    let first = readme.split("```sh\n").nth(1).expect("a first sh block");
    let first = &first[..first.find("```").unwrap()];
    let opening: Vec<&str> = first
        .lines()
        .map(|l| l.split(" #").next().unwrap().trim())
        .collect();
    assert_eq!(opening, ["cargo xtask build-data", "cargo xtask test"]);
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.lines()
            .any(|l| !l.trim_start().starts_with('#') && l.contains("cargo xtask test")),
        ".ci/run does not run the README's test command"
    );
    // The README stays the front door: about 200 lines.
    assert!(
        readme.lines().count() < 250,
        "{} lines",
        readme.lines().count()
    );
}

/// The demo section's commands, on the document `cargo xtask build-data` writes without game
/// files (the committed `fixtures/documents/demo.json`, which the golden test and `build-data
/// --check` hold to that build), draw what the README says: the Attack GIF lasts 30 ticks with
/// its hit at tick 14, and the strip has three animations at two views.
#[test]
fn the_demo_commands_draw_what_the_readme_says() {
    let dir = test_support::temp_dir("readme-demo");
    let commands = commands(&readme(), "## Without game files");
    assert_eq!(commands.len(), 2, "{commands:?}");
    let mut printed = Vec::new();
    for command in &commands {
        let mut args: Vec<String> = words(command);
        assert_eq!(
            args[..4],
            ["cargo", "run", "-p", "tactics-sprite"],
            "{command}"
        );
        assert_eq!(args[4], "--", "{command}");
        args.drain(..5);
        let data = args.iter().position(|a| a == "--data").unwrap() + 1;
        // Without game files, build-data writes the demo's document apart (xtask DEMO_OUT).
        assert_eq!(args[data], "target/demo/tactics-sprite-data.json");
        args[data] = "fixtures/documents/demo.json".into();
        let output = output_into(&mut args, &dir);
        printed.push(expect(&run_in_root(&args), 0));
        let written = std::fs::read(&output).expect("the command wrote its output");
        let magic: &[u8] = if output.extension().unwrap() == "gif" {
            b"GIF89a"
        } else {
            b"\x89PNG"
        };
        assert!(written.starts_with(magic), "{}", output.display());
    }
    let attack = printed[0]
        .lines()
        .find(|l| l.starts_with("anim    \"Attack\" view 1: "))
        .unwrap_or_else(|| panic!("{}", printed[0]));
    assert!(attack.contains(" 30 ticks (0.500 s); "), "{attack}");
    let hit = attack
        .split("PostGenericAttack in frame ")
        .nth(1)
        .expect("a hit");
    assert!(hit.contains("(tick 14)"), "{attack}");
    let strip: Vec<&str> = printed[1]
        .lines()
        .filter(|l| l.starts_with("anim "))
        .collect();
    assert_eq!(
        strip.len(),
        6,
        "three animations at views 1 and 5: {strip:?}"
    );

    // "The demo document has 10 animations: Blank, Face Down, ..."
    let listed = readme()
        .split("The demo document has 10 animations: ")
        .nth(1)
        .expect("the README lists the demo's animations")
        .split('.')
        .next()
        .unwrap()
        .replace('\n', " ")
        .replace(" (water only)", "");
    let listed: Vec<String> = listed.split(", ").map(|n| n.trim().to_string()).collect();
    let demo: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(test_support::fixtures::demo_document()).unwrap(),
    )
    .unwrap();
    let names: Vec<String> = demo["animations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed, names);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The figures the README gives for the retail TYPE1 build are the committed TYPE1 document's
/// (the golden test holds that document to the build).
#[test]
fn the_build_figures_are_the_committed_documents() {
    let readme = readme();
    let bytes = std::fs::read(test_support::fixtures::document("type1")).unwrap();
    let sha = sprite_inputs::retail::sha256_hex(&bytes);
    let stated = format!("the output is {} bytes with sha256\n`{sha}`", bytes.len());
    assert!(
        readme.contains(&stated),
        "the README does not say {stated:?}"
    );
    let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let count = |key: &str| doc[key].as_array().unwrap().len();
    let counts = format!(
        "({} cells, {} frames,\n{} sequences, {} animations)",
        count("cells"),
        count("frames"),
        count("sequences"),
        count("animations")
    );
    assert!(
        readme.contains(&counts),
        "the README does not say {counts:?}"
    );
}

/// The first-run section starts from a disc image, and its disc commands run as written on an
/// image made at test time from the retail files and sheets (a raw Mode 2 `.bin` with its `.cue`,
/// as a PlayStation disc is dumped): `render` draws from the image's sheet, `serve` serves every
/// kind built from it, `disc ls`, `extract` and `patch` list, take out and put back. (The two
/// `cargo xtask build-data --disc` lines are run by `xtask/tests/disc.rs`, which reads them here.)
#[test]
fn the_own_files_section_starts_from_a_disc_image_and_its_commands_run() {
    const TEST: &str = "the_own_files_section_starts_from_a_disc_image_and_its_commands_run";
    let commands = commands(&readme(), "## Your own files");
    assert_eq!(
        words(&commands[0])[..5],
        ["cargo", "xtask", "build-data", "--disc", "game.cue"],
        "the section starts from a disc image: {commands:?}"
    );
    let on_disc: Vec<&String> = commands
        .iter()
        .filter(|c| c.starts_with("cargo run -p tactics-sprite -- ") && c.contains(" game.cue"))
        .collect();
    assert_eq!(on_disc.len(), 5, "{commands:?}");
    let Some(_) = test_support::sheet(TEST, "RAMUZA.SPR") else {
        return;
    };
    let Some((images, _)) = test_support::disc::images(TEST) else {
        return;
    };
    let dir = test_support::temp_dir(TEST);
    let image = images.mode2_cue.display().to_string();
    // The document build-data writes from the retail files is the committed one (the golden
    // test holds them equal).
    let type1 = test_support::fixtures::document("type1");
    let retail_seq = std::fs::read(images.root.join("BATTLE/TYPE1.SEQ")).expect("on the disc");
    let mut edited = retail_seq.clone();
    edited[0x500] ^= 1;
    let edited_path = dir.join("edited.seq");
    std::fs::write(&edited_path, &edited).unwrap();
    let shown = disc_image::Disc::open(&images.mode2_cue).expect("opens");
    for command in on_disc {
        let mut args = words(command);
        args.drain(..5);
        for arg in &mut args {
            *arg = match arg.as_str() {
                "game.cue" => image.clone(),
                "target/tactics-sprite-data/tactics-sprite-data.json" => s(&type1).to_owned(),
                "BATTLE/TYPE1.SEQ=edited.seq" => format!("BATTLE/TYPE1.SEQ={}", s(&edited_path)),
                _ => continue,
            };
        }
        // The banner counts every kind: with only some game files that part skips.
        if args[0] == "serve" && !test_support::every_retail_file(TEST) {
            continue;
        }
        if args[0] == "serve" {
            let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
            let server = Server::start(&args, &[]);
            // And the sheets of their kinds the image holds, when it holds more than theirs.
            assert!(
                server.banner[0].starts_with("serving 8 kinds"),
                "{:#?}",
                server.banner
            );
            let sheet = format!("sheet {}:BATTLE/RAMUZA.SPR", shown.image());
            assert!(server.banner[1].contains(&sheet), "{:#?}", server.banner);
            let data = server.get("/api/v1/data?kind=type1");
            assert!(data.body == std::fs::read(&type1).unwrap(), "{command}");
            assert!(server.terminate().success());
            continue;
        }
        let out = args
            .iter()
            .any(|a| a == "-o")
            .then(|| output_into(&mut args, &dir));
        let printed = expect(&run_in_root(&args), 0);
        match (args[0].as_str(), args[1].as_str()) {
            ("render", _) => {
                let sheet = format!("sheet   {}:BATTLE/RAMUZA.SPR (", shown.image());
                assert!(printed.contains(&sheet), "{printed}");
                assert!(std::fs::read(out.unwrap()).unwrap().starts_with(b"GIF89a"));
            }
            ("disc", "ls") => assert!(printed.contains(" BATTLE/RAMUZA.SPR\n"), "{printed}"),
            ("disc", "extract") => {
                let got = std::fs::read(out.unwrap().join("TYPE1.SEQ")).expect("extracted");
                assert!(got == retail_seq, "{printed}");
                assert!(printed.contains("): retail TYPE1.SEQ"), "{printed}");
            }
            ("disc", "patch") => {
                let patched = disc_image::Disc::open(&out.unwrap()).expect("opens");
                let got = patched.read_path("BATTLE/TYPE1.SEQ", 1 << 20).unwrap();
                assert!(got == edited, "{printed}");
            }
            _ => panic!("a command this test does not know: {command}"),
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With the fan-made sheet, the Pictures commands give back the committed pictures byte for byte.
#[test]
fn the_pictures_commands_draw_the_committed_pictures() {
    const TEST: &str = "the_pictures_commands_draw_the_committed_pictures";
    let Some(crono) = test_support::sheet(TEST, "crono1.png") else {
        return;
    };
    let dir = test_support::temp_dir("readme-pictures");
    let commands = commands(&readme(), "## Pictures");
    let pictures: Vec<&String> = commands
        .iter()
        .filter(|c| c.starts_with("tactics-sprite render --data fixtures/documents/type1.json"))
        .collect();
    assert_eq!(pictures.len(), 2, "{commands:?}");
    for command in pictures {
        let mut args = words(command);
        args.remove(0);
        let sheet = args.iter().position(|a| a == "--sheet").unwrap() + 1;
        assert_eq!(args[sheet], "crono1.png");
        args[sheet] = s(&crono).to_string();
        let committed = {
            let at = args.iter().position(|a| a == "-o").unwrap() + 1;
            root().join(&args[at])
        };
        let output = output_into(&mut args, &dir);
        expect(&run_in_root(&args), 0);
        assert!(
            std::fs::read(&output).unwrap() == std::fs::read(&committed).unwrap(),
            "{} is not what `{command}` draws: remake it with that command",
            committed.display()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// "Editing the files", with the game files: the commands as written, in a scratch folder, with
/// the edit the comment asks for between `disasm` and `asm`; `check` prints the lines the README
/// shows and exits 1. The sheet sentence's two commands give back RAMUZA.SPR's bytes.
#[test]
fn the_editing_example_retimes_every_view_of_walk_as_check_names() {
    const TEST: &str = "the_editing_example_retimes_every_view_of_walk_as_check_names";
    let heading = "## Editing the files";
    let readme = readme();
    let commands = commands(&readme, heading);
    let section = &readme[readme.find(heading).unwrap()..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    assert_eq!(commands.len(), 4, "{commands:?}");
    // The comment's edits: "under `slot N:` change `A` to `B`", one per view of Walk.
    let asked = section
        .lines()
        .find(|l| l.starts_with("# in type1.seq.txt, "))
        .expect("the README says what to edit");
    let edits: Vec<(String, String, String)> = asked
        .split("under `slot ")
        .skip(1)
        .map(|part| {
            let ticked: Vec<&str> = part.split('`').collect();
            let slot = ticked[0].trim_end_matches(':').to_string();
            (slot, ticked[2].to_string(), ticked[4].to_string())
        })
        .collect();
    let slots: Vec<&str> = edits.iter().map(|(slot, ..)| slot.as_str()).collect();
    // profiles/type1.toml: Walk is front 6, back 7: every view of it.
    assert_eq!(slots, ["6", "7"], "{asked}");
    let dir = test_support::temp_dir("readme-editing");
    let run_here = |args: &[String]| {
        Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .current_dir(&dir)
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let mut game_files = Vec::new();
    for name in ["TYPE1.SEQ", "TYPE1.SHP"] {
        match test_support::retail_file(TEST, name) {
            Some(path) => game_files.push((name, path)),
            None => return,
        }
    }
    let mut printed = String::new();
    for (i, command) in commands.iter().enumerate() {
        let mut args = words(command);
        assert_eq!(args.remove(0), "tactics-sprite", "{command}");
        for arg in &mut args {
            if let Some((_, path)) = game_files.iter().find(|(name, _)| name == arg) {
                *arg = s(path).to_string();
            }
        }
        let output = run_here(&args);
        let last = i + 1 == commands.len();
        test_support::cli::assert_exit_for(&output, if last { 1 } else { 0 }, command);
        printed = String::from_utf8(output.stdout).unwrap();
        if args[0] == "asm" {
            let said = "1 animation: Walk (slots 6 front, 7 back)";
            assert!(
                section.contains(&format!("`{said}`")),
                "the README quotes asm --check"
            );
            assert!(printed.contains(&format!(": {said}\n")), "{printed}");
        }
        if args[0] == "disasm" {
            let text = dir.join("type1.seq.txt");
            let mut written = std::fs::read_to_string(&text).unwrap();
            for (slot, from, to) in &edits {
                let slot = slot.parse().expect("a slot number");
                written = test_support::text_form::edit_first_command(&written, slot, from, to);
            }
            std::fs::write(&text, written).unwrap();
        }
    }
    let shown = section
        .split("```text\n")
        .nth(1)
        .and_then(|block| block.split("```").next())
        .expect("the README shows what check prints");
    assert!(
        printed.ends_with(shown),
        "check printed\n{printed}\nand the README shows\n{shown}"
    );

    // "tactics-sprite sheet RAMUZA.SPR -o ramuza.png, paint, then tactics-sprite sheet import
    // ramuza.png -o RAMUZA.SPR": unpainted, the same bytes come back.
    if let Some(ramuza) = test_support::sheet(TEST, "RAMUZA.SPR") {
        let inline: Vec<&str> = section
            .split('`')
            .filter(|span| span.starts_with("tactics-sprite sheet "))
            .collect();
        assert_eq!(inline.len(), 2, "{inline:?}");
        for command in inline {
            let mut args = words(command);
            args.remove(0);
            // The sheet is the export's input (the import writes RAMUZA.SPR into the folder).
            if args[1] != "import" {
                for arg in args.iter_mut().filter(|arg| *arg == "RAMUZA.SPR") {
                    *arg = s(&ramuza).to_string();
                }
            }
            test_support::cli::assert_exit_for(&run_here(&args), 0, command);
        }
        assert!(std::fs::read(dir.join("RAMUZA.SPR")).unwrap() == std::fs::read(&ramuza).unwrap());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every variable the tests read is in `test_support::skips::VARIABLES` (found in the tests' and
/// test-support's sources: `env::var("NAME")`, `env::var_os("NAME")`, a `..._VAR: &str = "NAME"`
/// constant, a `("program", "NAME")` pair of a program looked up by variable), and the README
/// and CONTRIBUTING.md name each of them.
#[test]
fn the_readme_names_every_variable_the_tests_read() {
    use test_support::skips::VARIABLES;
    let known: Vec<&str> = VARIABLES.iter().map(|v| v.name).collect();
    // The folder variables test-support re-exports are sprite-inputs' (the tools read them too).
    let retail = root().join("crates/sprite-inputs/src/retail.rs");
    let mut sources = vec![(retail.clone(), std::fs::read_to_string(&retail).unwrap())];
    let mut folders = vec![
        root().join("crates/test-support/src"),
        root().join("xtask/tests"),
    ];
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        folders.push(entry.path().join("tests"));
    }
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                sources.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    let mut read = Vec::new();
    for (path, text) in &sources {
        for opening in ["env::var(\"", "env::var_os(\"", "_VAR: &str = \"", "\", \""] {
            for (at, _) in text.match_indices(opening) {
                let line = &text[text[..at].rfind('\n').map_or(0, |n| n + 1)..at];
                if line.trim_start().starts_with("//") {
                    continue;
                }
                let rest = &text[at + opening.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                let whole = rest[name.len()..].starts_with('"');
                if whole && name.len() > 2 && !name.starts_with("CARGO_") && name != "PATH" {
                    // A `("program", "NAME")` pair only counts after a lower-case program name.
                    if opening == "\", \"" {
                        let before = &text[..at];
                        let program = before.rsplit('"').next().unwrap_or("");
                        if !before.ends_with(program)
                            || program.is_empty()
                            || !program.chars().all(|c| c.is_ascii_lowercase())
                        {
                            continue;
                        }
                    }
                    read.push((name, path.display().to_string()));
                }
            }
        }
    }
    let unknown: Vec<&(String, String)> = read
        .iter()
        .filter(|(name, _)| !known.contains(&name.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "variables the tests read that test_support::skips::VARIABLES does not list: {unknown:?}"
    );
    for name in [
        "FFT_ORIGINALS",
        "FFT_FFTORAMA",
        "SERVE_BINARY",
        "CHROMIUM",
        "NODE",
    ] {
        assert!(
            read.iter().any(|(read, _)| read == name),
            "the scan finds {name}"
        );
    }
    let contributing = std::fs::read_to_string(root().join("CONTRIBUTING.md")).unwrap();
    for name in known {
        let named = format!("`{name}");
        assert!(readme().contains(&named), "the README does not name {name}");
        assert!(
            contributing.contains(&named),
            "CONTRIBUTING.md does not name {name}"
        );
    }
}
