//! Every `sh` block of README.md and docs/*.md, run as written (issue 33, friction 3): each page's
//! blocks in order, in a scratch folder of their own, so that a doc cannot drift from the tool.
//!
//! A block's command runs as the page writes it, from the scratch folder, with no `FFT_*`
//! variable set (a reader has none): the game files it names (`TYPE1.SEQ`, `game/RAMUZA.SPR`,
//! `battle_ramuza_spr.bin`, `WEP.SPR`, `crono1.png`) are copied there from the test folders
//! under the names the page uses, and the names that stand for a reader's own file are bound to
//! a fixture built at test time by the one table [`PLACEHOLDERS`] (`game.cue` is a disc image
//! mastered from the retail files, as the disc tests make it). What a command does besides
//! exit 0 is declared in the other tables: [`NOT_RUN`] (a command that must not run here, and
//! why), [`EXITS`] (a command that exits otherwise by design), [`EDITS`] (what a comment or the
//! prose between blocks asks the reader to do, done). A page with a block is declared in
//! [`PAGES`]; a new page, a name no table binds, or an entry that matches nothing fails the test.
//! A page whose blocks need a missing game file skips loudly, per file, as every game-file test.
//!
//! `cargo xtask build-data` writes under the repository's `target/` whatever the folder it is
//! typed in; here it is given `--out` in the scratch folder's `target/` instead, the folder it
//! would choose (`target/demo/` for the demo, else `target/tactics-sprite-data/`), so that the
//! page's later commands find its output where the page says. `serve` is started on a free
//! port, asked for a document, and stopped.
//!
//! Some pages have their own tests of what the output says (tests/docs/readme.rs for the README's
//! sections, xtask/tests/disc.rs for its disc builds); this one holds every block to running.
//! docs/mods.md's walkthrough is checked here too (it was tests/mods_doc.rs): `mod check` ends
//! with the lines the page shows, and the mod holds the painted colour and the retimed walk.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::s;
use crate::serve_support::Server;
use test_support::docs::words;
use test_support::{RETAIL_FILES, RETAIL_SHEETS};

/// Every page with an `sh` block, and whether its `cargo xtask` commands find the reader's game
/// files (`originals/` or `FFT_ORIGINALS`, as the page assumes) or none (a fresh clone).
const PAGES: &[(&str, Xtask)] = &[
    ("README.md", Xtask::FreshClone),
    ("docs/aseprite.md", Xtask::FreshClone),
    ("docs/checking.md", Xtask::FreshClone),
    ("docs/disc.md", Xtask::FreshClone),
    ("docs/format.md", Xtask::FreshClone),
    ("docs/kinds.md", Xtask::WithOriginals),
    ("docs/limits.md", Xtask::FreshClone),
    ("docs/mods.md", Xtask::FreshClone),
    ("docs/performance.md", Xtask::FreshClone),
    ("docs/remaster.md", Xtask::FreshClone),
    ("docs/rendering.md", Xtask::FreshClone),
    ("docs/sheet-import.md", Xtask::FreshClone),
    ("docs/text-forms.md", Xtask::FreshClone),
    ("docs/weapons.md", Xtask::WithOriginals),
];

/// What `cargo xtask` finds of the reader's game files on a page.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Xtask {
    /// None: a flag names them (`--disc`, `--originals`), else it builds the demo.
    FreshClone,
    /// The game files, as `FFT_ORIGINALS` names them.
    WithOriginals,
}

/// The names that stand for a reader's own file, each bound to a fixture built at test time.
const PLACEHOLDERS: &[(&str, Fixture)] = &[
    ("game.cue", Fixture::DiscImage),
    ("/path/to/BATTLE", Fixture::OriginalsFolder),
    ("$FFT_ORIGINALS", Fixture::OriginalsFolder),
    // A document the reader built: the committed one, which the golden test holds to the build.
    ("tactics-sprite-data.json", Fixture::Document("type1")),
    ("type1.json", Fixture::Document("type1")),
    (
        "constants/sprites/tactics-sprite-data.json",
        Fixture::Document("type1"),
    ),
    ("mon.json", Fixture::Document("mon")),
    // docs/limits.md's hostile document: TYPE1's with the move it quotes.
    ("hostile.json", Fixture::HostileMove),
    // README's edited SEQ to patch in: TYPE1.SEQ with Walk's first delay made 8.
    ("edited.seq", Fixture::EditedSeq),
];

/// What a placeholder is bound to.
#[derive(Debug, Clone, Copy)]
enum Fixture {
    DiscImage,
    OriginalsFolder,
    Document(&'static str),
    HostileMove,
    EditedSeq,
}

/// A committed input a page's commands read, bound to a smaller one here (by page, the start of
/// the commands, the word, what it is bound to, and why): the same steps, in less time.
const SMALLER_INPUTS: &[(&str, &str, &str, &str, &str)] = &[(
    "docs/format.md",
    "python3 docs/check-port.py ",
    "fixtures/documents/type1.json",
    "fixtures/documents/demo.json",
    "check-port.py runs one `draw` a moment: TYPE1 has 9,884 of them, the demo 350",
)];

/// Commands that do not run here, by page and the start of the command, and why.
const NOT_RUN: &[(&str, &str, &str)] = &[
    (
        "README.md",
        "cargo xtask test",
        "the command that runs this test",
    ),
    (
        "README.md",
        "cargo install",
        "installs into the reader's ~/.cargo",
    ),
    (
        "docs/performance.md",
        "FFT_ORIGINALS=/path/to/originals LOAD_REQUESTS=1000000",
        "a benchmark: speed is measured by benchmarks, never in tests",
    ),
    (
        "docs/performance.md",
        "LOAD_REQUESTS=200000",
        "a benchmark: speed is measured by benchmarks, never in tests",
    ),
    (
        "docs/performance.md",
        "LOAD_EVERY_SHEET=1",
        "a benchmark: speed is measured by benchmarks, never in tests",
    ),
    (
        "docs/performance.md",
        "tactics-sprite serve --originals DIR",
        "the benchmark's server, for wrk",
    ),
    ("docs/performance.md", "wrk ", "a benchmark, with wrk"),
    (
        "docs/performance.md",
        "cargo build --release -p sprite-render --example hd_profile",
        "a profiling recipe: a release build, then valgrind",
    ),
    (
        "docs/performance.md",
        "valgrind --tool=callgrind",
        "a profiling recipe, under valgrind",
    ),
    (
        "docs/performance.md",
        "cargo test -p sprite-wasm --test node",
        "the WebAssembly module's tests, which print its sizes: a test of their own",
    ),
    (
        "docs/performance.md",
        "(cd packages/tactics-sprite && node bench/files.mjs",
        "a benchmark: speed is measured by benchmarks, never in tests",
    ),
    (
        "docs/performance.md",
        "cargo bench -p sprite-inputs --bench build",
        "a benchmark: speed is measured by benchmarks, never in tests",
    ),
    (
        "docs/performance.md",
        "cargo test -p tactics-sprite --test browser web::the_static_page_times",
        "a browser test that prints the page's speed: a test of its own",
    ),
];

/// Commands that exit otherwise than 0 by design, by page and the start of the command.
const EXITS: &[(&str, &str, i32)] = &[
    // check and diff exit 1 when they find differences (the edit the page makes).
    (
        "README.md",
        "tactics-sprite check --data walk.json --shp TYPE1.SHP",
        1,
    ),
    (
        "docs/text-forms.md",
        "tactics-sprite check --data walk.json --shp TYPE1.SHP",
        1,
    ),
    (
        "docs/text-forms.md",
        "tactics-sprite diff TYPE1.SEQ WALK.SEQ",
        1,
    ),
    // A hostile document is bad input.
    (
        "docs/limits.md",
        "tactics-sprite render --data hostile.json",
        1,
    ),
];

/// What the reader is asked to do between commands, by page and where: a comment's start in a
/// block, or `before COMMAND` for an edit the prose asks for between two blocks.
const EDITS: &[(&str, &str, Edit)] = &[
    ("README.md", "# in type1.seq.txt, under", Edit::SlotEdits),
    ("docs/mods.md", "# in type1.seq.txt, under", Edit::SlotEdits),
    ("docs/mods.md", "# paint ramuza.png", Edit::Paint),
    (
        "docs/sheet-import.md",
        "#   ... paint ramuza.png",
        Edit::Paint,
    ),
    (
        "docs/text-forms.md",
        "before tactics-sprite asm type1.seq.txt -o WALK.SEQ",
        Edit::RetimeWalk,
    ),
    (
        "docs/format.md",
        "before python3 docs/check-port.py compare reference.jsonl port.jsonl",
        Edit::ReferencePort,
    ),
];

/// An edit the reader makes.
#[derive(Debug, Clone, Copy)]
enum Edit {
    /// The comment's "under `slot N:` change `A` to `B`", each.
    SlotEdits,
    /// The prose's edit of docs/text-forms.md: Walk's `Frame 11 6` made `Frame 11 8`.
    RetimeWalk,
    /// Paint `ramuza.png`: palette 0's colour 1 made red.
    Paint,
    /// The reader's port writes `port.jsonl` (the comment between the commands): here a copy of
    /// the reference, a port without a fault.
    ReferencePort,
}

/// One step of a page: a command (with the shown output after a `$ ` command), or a comment.
#[derive(Debug, Clone)]
enum Step {
    Command { line: String, shown: Vec<String> },
    Comment(String),
}

/// The steps of every `sh` block of `page`, in order: commands joined at a trailing `\`, a
/// trailing `# ...` comment dropped, `$ ` taken off a command whose output the block shows.
fn steps(page: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    for block in page.split("```sh\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed block")];
        let shows = block.lines().any(|l| l.starts_with("$ "));
        let mut command = String::new();
        for line in block.lines() {
            if line.trim_start().starts_with('#') {
                steps.push(Step::Comment(line.trim().to_string()));
                continue;
            }
            if shows && !line.starts_with("$ ") && command.is_empty() {
                if let Some(Step::Command { shown, .. }) = steps.last_mut() {
                    shown.push(line.to_string());
                }
                continue;
            }
            let line = line.strip_prefix("$ ").unwrap_or(line);
            let line = line.split(" # ").next().unwrap_or(line).trim_end();
            match line.strip_suffix('\\') {
                Some(part) => command.push_str(part),
                None => {
                    command.push_str(line);
                    let joined = command.split_whitespace().collect::<Vec<_>>().join(" ");
                    if !joined.is_empty() {
                        steps.push(Step::Command {
                            line: joined,
                            shown: Vec::new(),
                        });
                    }
                    command.clear();
                }
            }
        }
    }
    steps
}

fn page_text(page: &str) -> String {
    std::fs::read_to_string(test_support::repo_root().join(page)).expect("the page")
}

/// The game file a word names (`TYPE1.SEQ`, `game/RAMUZA.SPR`, `battle_ramuza_spr.bin`, a
/// `NAME=FILE` pair's file, the remaster's `tex_992.bin` and `charclut.nxd`), as its disc name (a tex file's own),
/// with the path the page gives it.
fn game_file(word: &str) -> Option<(String, String)> {
    let path = word.rsplit('=').next().unwrap_or(word);
    let name = path.rsplit('/').next().unwrap_or(path);
    let remaster_only = name.starts_with("battle_") && name.ends_with(".bin");
    if remaster_only
        || sprite_inputs::names::hd::tex_number(name).is_some() && name.ends_with(".bin")
    {
        let disc = sprite_inputs::GameName::parse(name).disc_name();
        let known = RETAIL_FILES
            .iter()
            .chain(RETAIL_SHEETS.iter())
            .find(|file| file.disc_name.eq_ignore_ascii_case(&disc));
        return Some((
            known.map_or_else(|| name.to_owned(), |file| file.disc_name.to_owned()),
            path.to_string(),
        ));
    }
    if name == sprite_inputs::charclut::FILE_NAME {
        return Some((name.to_owned(), path.to_string()));
    }
    let disc = sprite_inputs::GameName::parse(name).disc_name();
    RETAIL_FILES
        .iter()
        .chain(RETAIL_SHEETS.iter())
        .map(|file| file.disc_name)
        .chain(["crono1.png"])
        .find(|known| known.eq_ignore_ascii_case(&disc) || known.eq_ignore_ascii_case(name))
        .map(|known| (known.to_owned(), path.to_string()))
}

/// Where a game file is, or `None` after the loud skip: a retail SHP or SEQ in `FFT_ORIGINALS`,
/// `WEP.SPR` in `FFT_WEAPONS`, a tex file in `FFT_HD`, `charclut.nxd` in `FFT_NXD`, a sheet in `FFT_SHEETS` (else, under the
/// remaster's name `word` gives, in `FFT_HD`, which holds the SPRs its pairs go with).
fn find_game_file(test: &str, disc_name: &str, word: &str) -> Option<PathBuf> {
    let name = word.rsplit('/').next().unwrap_or(word);
    if RETAIL_FILES.iter().any(|f| f.disc_name == disc_name) {
        test_support::retail_file(test, disc_name)
    } else if disc_name == "WEP.SPR" {
        test_support::weapons_sheet(test)
    } else if disc_name == sprite_inputs::charclut::FILE_NAME {
        test_support::nxd_file(test, disc_name)
    } else if sprite_inputs::names::hd::tex_number(disc_name).is_some() {
        test_support::hd_file(test, disc_name)
    } else {
        let in_sheets = test_support::sheets_folder()
            .ok()
            .and_then(|dir| test_support::find_by_either_name(&dir, disc_name));
        in_sheets
            .or_else(|| {
                let hd = test_support::hd_folder_path()?;
                Some(hd.join(name)).filter(|p| p.is_file())
            })
            .or_else(|| test_support::sheet(test, disc_name))
    }
}

/// The scratch folder of one page, with what its commands name: the game files, the
/// placeholders' fixtures, and the repository's `fixtures/` and `docs/check-port.py`.
struct Scratch {
    dir: PathBuf,
    image: Option<PathBuf>,
    originals: Option<PathBuf>,
}

impl Scratch {
    /// The folder for `page`, or `None` after the loud skip of the first file its commands need
    /// that is missing.
    fn prepare(test: &str, commands: &[&str], xtask: Xtask) -> Option<Scratch> {
        let dir = test_support::temp_dir(test).join("scratch");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::os::unix::fs::symlink(
            test_support::repo_root().join("fixtures"),
            dir.join("fixtures"),
        )
        .unwrap();
        // The docs' own scripts (check-port.py, hd-agreement.py), run from docs/ as the pages say.
        for entry in std::fs::read_dir(test_support::repo_root().join("docs"))
            .unwrap()
            .flatten()
        {
            if entry.path().extension().is_some_and(|e| e == "py") {
                std::fs::copy(entry.path(), dir.join("docs").join(entry.file_name())).unwrap();
            }
        }
        let mut scratch = Scratch {
            dir,
            image: None,
            originals: None,
        };
        let all_words: Vec<String> = commands.iter().flat_map(|c| words(c)).collect();
        let xtask_needs_all = commands.iter().any(|c| {
            c.starts_with("cargo xtask ") && (c.contains(" --all") || xtask == Xtask::WithOriginals)
        });
        if xtask_needs_all && !test_support::every_retail_file(test) {
            return None;
        }
        for word in &all_words {
            if let Some((name, path)) = game_file(word) {
                let found = find_game_file(test, &name, &path)?;
                let to = scratch.dir.join(&path);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                std::fs::copy(&found, &to).unwrap();
            }
        }
        for (placeholder, fixture) in PLACEHOLDERS {
            let named = |w: &String| w == placeholder || w.ends_with(&format!("={placeholder}"));
            if !all_words.iter().any(named) {
                continue;
            }
            match fixture {
                Fixture::DiscImage => {
                    let (images, _) = test_support::disc::images(test)?;
                    scratch.image = Some(images.mode2_cue);
                }
                Fixture::OriginalsFolder => {
                    scratch.originals = Some(test_support::originals(test)?);
                }
                Fixture::Document(kind) => {
                    let to = scratch.dir.join(placeholder);
                    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                    let from =
                        test_support::repo_root().join(format!("fixtures/documents/{kind}.json"));
                    std::fs::copy(from, to).unwrap();
                }
                Fixture::HostileMove => {
                    let mut doc: serde_json::Value = serde_json::from_slice(
                        &std::fs::read(test_support::fixtures::document("type1")).unwrap(),
                    )
                    .unwrap();
                    doc["sequences"][102]["fb"][0] = 100_000_000.into();
                    std::fs::write(scratch.dir.join(placeholder), doc.to_string()).unwrap();
                }
                Fixture::EditedSeq => {
                    let text = run_tactics_sprite(
                        &scratch.dir,
                        &[
                            "disasm",
                            s(&find_game_file(test, "TYPE1.SEQ", "TYPE1.SEQ")?),
                            "-o",
                            "edited.txt",
                        ],
                    );
                    test_support::cli::assert_exit(&text, 0);
                    let written = std::fs::read_to_string(scratch.dir.join("edited.txt")).unwrap();
                    let walk = test_support::text_form::edit_first_command(
                        &written,
                        6,
                        "Frame 11 6",
                        "Frame 11 8",
                    );
                    std::fs::write(scratch.dir.join("edited.txt"), walk).unwrap();
                    let out =
                        run_tactics_sprite(&scratch.dir, &["asm", "edited.txt", "-o", placeholder]);
                    test_support::cli::assert_exit(&out, 0);
                }
            }
        }
        Some(scratch)
    }

    /// A word as the command is given it: a placeholder's fixture, else itself.
    fn bind(&self, word: &str) -> String {
        match PLACEHOLDERS
            .iter()
            .find(|(p, _)| *p == word)
            .map(|(_, f)| f)
        {
            Some(Fixture::DiscImage) => s(self.image.as_ref().unwrap()).to_owned(),
            Some(Fixture::OriginalsFolder) => s(self.originals.as_ref().unwrap()).to_owned(),
            _ => word.to_owned(),
        }
    }
}

/// Runs `tactics-sprite` in `dir` with no `FFT_*` variable.
fn run_tactics_sprite(dir: &Path, args: &[&str]) -> Output {
    without_variables(Command::new(env!("CARGO_BIN_EXE_tactics-sprite")))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `command` as a reader runs it: without the variables of the tests' game files, and with this
/// build's `tactics-sprite` first on the `PATH`, as `cargo install` puts it there (for
/// docs/check-port.py, which runs it).
fn without_variables(mut command: Command) -> Command {
    for variable in test_support::skips::VARIABLES {
        command.env_remove(variable.name);
    }
    let installed = Path::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .parent()
        .unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let paths = std::iter::once(installed.to_path_buf()).chain(std::env::split_paths(&path));
    command.env("PATH", std::env::join_paths(paths).unwrap());
    command
}

/// The `xtask` binary cargo built beside this test (`cargo test --workspace` builds it for
/// xtask's own tests), or `None` after the loud skip.
fn xtask_binary(test: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().unwrap();
    let built = exe.parent()?.parent()?.join("xtask");
    if built.is_file() {
        Some(built)
    } else {
        test_support::skip(
            test,
            &format!(
                "no xtask binary at {} (cargo test --workspace builds it; or cargo build -p xtask)",
                built.display()
            ),
        )
    }
}

/// Does what `edit` asks, in `dir`.
fn edit(dir: &Path, edit: Edit, comment: &str) {
    match edit {
        Edit::SlotEdits => {
            let text = dir.join("type1.seq.txt");
            let mut written = std::fs::read_to_string(&text).unwrap();
            let edits: Vec<&str> = comment.split("under `slot ").skip(1).collect();
            assert!(!edits.is_empty(), "no edit in {comment:?}");
            for part in edits {
                let ticked: Vec<&str> = part.split('`').collect();
                let slot = ticked[0].trim_end_matches(':').parse().expect("a slot");
                written = test_support::text_form::edit_first_command(
                    &written, slot, ticked[2], ticked[4],
                );
            }
            std::fs::write(&text, written).unwrap();
        }
        Edit::RetimeWalk => {
            let text = dir.join("type1.seq.txt");
            let written = std::fs::read_to_string(&text).unwrap();
            let walk = test_support::text_form::edit_first_command(
                &written,
                6,
                "Frame 11 6",
                "Frame 11 8",
            );
            std::fs::write(&text, walk).unwrap();
        }
        Edit::Paint => paint(&dir.join("ramuza.png")),
        Edit::ReferencePort => {
            std::fs::copy(dir.join("reference.jsonl"), dir.join("port.jsonl")).unwrap();
        }
    }
}

/// Paints the picture `tactics-sprite sheet` wrote as an editor that keeps the other chunks
/// would: its PLTE's colour 1 made (255, 0, 0), the chunk's CRC recomputed.
fn paint(png: &Path) {
    let mut bytes = std::fs::read(png).unwrap();
    let mut at = 8;
    loop {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if &bytes[at + 4..at + 8] == b"PLTE" {
            bytes[at + 8 + 3..at + 8 + 6].copy_from_slice(&[255, 0, 0]);
            let mut crc = flate2::Crc::new();
            crc.update(&bytes[at + 4..at + 8 + len]);
            bytes[at + 8 + len..at + 12 + len].copy_from_slice(&crc.sum().to_be_bytes());
            break;
        }
        at += 12 + len;
        assert!(at < bytes.len(), "no PLTE in {}", png.display());
    }
    std::fs::write(png, bytes).unwrap();
}

/// Runs every block of `page`, as the module says; returns the scratch folder and what each
/// command printed, or `None` after a loud skip.
fn run_page(test: &str, page: &str) -> Option<(PathBuf, Vec<(String, String)>)> {
    let xtask_mode = PAGES
        .iter()
        .find(|(p, _)| *p == page)
        .map(|(_, x)| *x)
        .unwrap_or_else(|| panic!("{page} is not in PAGES"));
    let steps = steps(&page_text(page));
    let declared = |table: &[(&str, &str)], line: &str| {
        table
            .iter()
            .any(|(p, start)| *p == page && line.starts_with(start))
    };
    let not_run: Vec<(&str, &str)> = NOT_RUN.iter().map(|(p, c, _)| (*p, *c)).collect();
    let commands: Vec<&str> = steps
        .iter()
        .filter_map(|step| match step {
            Step::Command { line, .. } if !declared(&not_run, line) => Some(line.as_str()),
            _ => None,
        })
        .collect();
    let scratch = Scratch::prepare(test, &commands, xtask_mode)?;
    let dir = scratch.dir.clone();
    let mut printed = Vec::new();
    for step in &steps {
        let (line, shown) = match step {
            Step::Comment(comment) => {
                if let Some((_, _, what)) = EDITS
                    .iter()
                    .find(|(p, start, _)| *p == page && comment.starts_with(start))
                {
                    edit(&dir, *what, comment);
                }
                continue;
            }
            Step::Command { line, shown } => (line, shown),
        };
        if declared(&not_run, line) {
            continue;
        }
        if let Some((_, _, what)) = EDITS
            .iter()
            .find(|(p, start, _)| *p == page && start.strip_prefix("before ") == Some(line))
        {
            edit(&dir, *what, line);
        }
        let mut args: Vec<String> = words(line)
            .iter()
            .map(|w| {
                SMALLER_INPUTS
                    .iter()
                    .find(|(p, start, word, _, _)| {
                        *p == page && line.starts_with(start) && word == w
                    })
                    .map_or_else(|| scratch.bind(w), |(.., bound, _)| (*bound).to_owned())
            })
            .collect();
        let stdout_to = args.iter().position(|a| a == ">").map(|at| {
            let file = args[at + 1].clone();
            args.truncate(at);
            file
        });
        let mut originals_for_xtask = None;
        let program: Command = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["tactics-sprite", ..] => {
                args.remove(0);
                Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            }
            ["cargo", "run", "-p", "tactics-sprite", "--", ..] => {
                args.drain(..5);
                Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            }
            ["cargo", "xtask", ..] => {
                args.drain(..2);
                if xtask_mode == Xtask::WithOriginals {
                    originals_for_xtask = Some(test_support::originals(test)?);
                }
                if !args.iter().any(|a| a == "--out") {
                    let chosen = originals_for_xtask.is_some()
                        || args.iter().any(|a| a == "--disc" || a == "--originals");
                    let folder = if chosen {
                        "target/tactics-sprite-data"
                    } else {
                        "target/demo"
                    };
                    args.extend(["--out".to_owned(), s(&dir.join(folder)).to_owned()]);
                }
                Command::new(xtask_binary(test)?)
            }
            ["python3", ..] => {
                args.remove(0);
                Command::new("python3")
            }
            _ => panic!("{page}: `{line}`: a program this runner does not know"),
        };
        if args.first().is_some_and(|a| a == "serve") {
            let served: Vec<&str> = args[1..].iter().map(String::as_str).collect();
            let server = Server::start(&served, &[]);
            let data = server.get("/api/v1/data?kind=type1");
            assert_eq!(data.status, 200, "{page}: `{line}`: /api/v1/data");
            assert!(server.terminate().success(), "{page}: `{line}`");
            continue;
        }
        let mut program = without_variables(program);
        if let Some(originals) = originals_for_xtask {
            program.env(test_support::ORIGINALS_VAR, originals);
        }
        let output = program
            .current_dir(&dir)
            .args(&args)
            .output()
            .expect("the program runs");
        let said = check_exit(page, line, &output);
        if let Some(file) = stdout_to {
            std::fs::write(dir.join(file), &output.stdout).unwrap();
        }
        for shown in shown {
            let all = format!("{said}{}", String::from_utf8_lossy(&output.stderr));
            let matches = match shown.strip_suffix("...]}") {
                Some(head) => all.lines().any(|l| l.starts_with(head)),
                None => all.lines().any(|l| l == shown),
            };
            assert!(
                matches,
                "{page}: `{line}` printed\n{all}\nand the page shows\n{shown}"
            );
        }
        printed.push((line.clone(), said));
    }
    Some((dir, printed))
}

/// The command's exit as [`EXITS`] declares it (else 0); what it printed on stdout.
fn check_exit(page: &str, line: &str, output: &Output) -> String {
    let expected = EXITS
        .iter()
        .find(|(p, start, _)| *p == page && line.starts_with(start))
        .map_or(0, |(_, _, code)| *code);
    test_support::cli::assert_exit_for(output, expected, format!("{page}: {line}"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Every page with an `sh` block is in [`PAGES`], and every entry of the tables matches a page's
/// command or comment: a table cannot keep an entry for a block that is gone.
#[test]
fn every_block_is_declared_and_every_declaration_used() {
    let root = test_support::repo_root();
    let mut pages = vec!["README.md".to_owned()];
    for entry in std::fs::read_dir(root.join("docs")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            pages.push(format!("docs/{name}"));
        }
    }
    for page in &pages {
        let has_block = page_text(page).contains("```sh\n");
        let declared = PAGES.iter().any(|(p, _)| p == page);
        assert_eq!(
            has_block, declared,
            "{page}: an sh block, but not in PAGES (or the other way)"
        );
    }
    let mut entries: Vec<(&str, &str)> = NOT_RUN.iter().map(|(p, c, _)| (*p, *c)).collect();
    entries.extend(EXITS.iter().map(|(p, c, _)| (*p, *c)));
    entries.extend(EDITS.iter().map(|(p, c, _)| (*p, *c)));
    for (page, _, word, _, _) in SMALLER_INPUTS {
        assert!(
            page_text(page).contains(word),
            "{page} does not name {word}"
        );
    }
    for (page, start) in entries {
        let found = steps(&page_text(page)).iter().any(|step| match step {
            Step::Command { line, .. } => {
                line.starts_with(start) || start.strip_prefix("before ") == Some(line)
            }
            Step::Comment(comment) => comment.starts_with(start),
        });
        assert!(found, "{page}: no command or comment starts with {start:?}");
    }
}

macro_rules! page_tests {
    ($($name:ident: $page:literal,)*) => {$(
        #[test]
        fn $name() {
            let _ = run_page(stringify!($name), $page);
        }
    )*};
}

page_tests! {
    the_readme_runs_as_written: "README.md",
    docs_aseprite_runs_as_written: "docs/aseprite.md",
    docs_checking_runs_as_written: "docs/checking.md",
    docs_disc_runs_as_written: "docs/disc.md",
    docs_format_runs_as_written: "docs/format.md",
    docs_kinds_runs_as_written: "docs/kinds.md",
    docs_limits_runs_as_written: "docs/limits.md",
    docs_performance_runs_as_written: "docs/performance.md",
    docs_remaster_runs_as_written: "docs/remaster.md",
    docs_rendering_runs_as_written: "docs/rendering.md",
    docs_sheet_import_runs_as_written: "docs/sheet-import.md",
    docs_text_forms_runs_as_written: "docs/text-forms.md",
    docs_weapons_runs_as_written: "docs/weapons.md",
}

/// docs/mods.md "From a painted sheet or a retimed walk to a mod", run as written: every
/// command exits 0, `mod check` ends with the lines the page shows, and the mod holds the painted
/// colour and the retimed walk.
#[test]
fn docs_mods_runs_as_written() {
    const TEST: &str = "docs_mods_runs_as_written";
    let Some((dir, printed)) = run_page(TEST, "docs/mods.md") else {
        return;
    };
    let page = page_text("docs/mods.md");
    let heading = "## From a painted sheet or a retimed walk to a mod";
    let section = &page[page.find(heading).unwrap()..];
    let section = &section[..section[3..].find("\n## ").unwrap() + 3];
    let (_, checked) = printed
        .iter()
        .find(|(line, _)| line.starts_with("tactics-sprite mod check "))
        .expect("the page runs mod check");
    let shown = section
        .split("```text\n")
        .nth(1)
        .and_then(|block| block.split("```").next())
        .expect("the page shows what mod check prints");
    assert!(
        checked.ends_with(shown),
        "mod check printed\n{checked}\nand the page shows\n{shown}"
    );
    // The painted colour in the mod's sheet (red 31: docs/formats/spr.md 4.2), the walk retimed.
    let unit = dir.join("fftivc.sprites.ramza_red/FFTIVC/data/enhanced/fftpack/unit");
    let sheet = std::fs::read(unit.join("battle_ramuza_spr.bin")).unwrap();
    assert_eq!(u16::from_le_bytes([sheet[2], sheet[3]]) & 0x7FFF, 0x001F);
    let retimed = std::fs::read(unit.join("battle_type1_seq.bin")).unwrap();
    let retail = std::fs::read(dir.join("game/TYPE1.SEQ")).unwrap();
    let differing: Vec<(u8, u8)> = retail
        .iter()
        .zip(&retimed)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| (*a, *b))
        .collect();
    assert_eq!(differing, [(6, 8)]);
    assert!(dir.join("walk.gif").is_file(), "{}", s(&dir));
}
