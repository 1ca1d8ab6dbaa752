//! A mod folder built from the input (`arbitrary`) in a scratch folder, then walked and checked
//! as `mod check` and `mod ls` do (`sprite_inputs::mod_folder::check::check`, `list::by_unit`):
//! files, folders and symbolic links at paths of the loader's names (`FFTIVC`, `data`,
//! `enhanced`, `fftpack`, `unit`, `battle_type1_seq.bin`, `tex_992.bin`, ...) or of any bytes
//! (control characters, names that are not UTF-8), as deep as 24 levels, holding any bytes or
//! the synthetic demo SEQ and SHP cut or with a byte flipped; a ModConfig.json that is ours,
//! any bytes, a folder or missing. What must hold: no panic; a refusal is one line holding no
//! control character; every finding's message and the report's first line hold no control
//! character (issue 38: the names are in them, shown escaped); no more sprite files are
//! reported than files were made. The tree is made without following a link it holds, so
//! nothing is written outside the scratch folder.

#![no_main]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sprite_data::demo::{DEMO_SEQ, DEMO_SHP};
use sprite_inputs::mod_folder::check::check;
use sprite_inputs::mod_folder::config::{ModConfig, NewMod};
use sprite_inputs::mod_folder::list::by_unit;

/// The names the loader's paths are made of, and a few near them.
const KNOWN: &[&str] = &[
    "FFTIVC",
    "data",
    "enhanced",
    "classic",
    "combined",
    "fftpack",
    "unit",
    "system",
    "ffto",
    "g2d",
    "tables",
    "battle_type1_seq.bin",
    "battle_type1_shp.bin",
    "battle_ramuza_spr.bin",
    "battle_behi2_sp2.bin",
    "battle_wep_spr.bin",
    "battle_type1_seq.en.bin",
    "battle_type1_seq.xx.bin",
    "BATTLE_TYPE1_SEQ.BIN",
    "TYPE1.SEQ",
    "RAMUZA.SPR",
    "tex_992.bin",
    "tex_993.bin",
    "tex_1.bin",
    "tex_x.bin",
    "Enhanced",
    "ModConfig.json",
    "README.md",
];

/// The most entries made, the most path pieces of one, the most bytes of one file.
const MAX_ENTRIES: usize = 48;
const MAX_PIECES: usize = 24;
const MAX_FILE: usize = 4096;

#[derive(Arbitrary, Debug)]
enum Piece {
    Known(u8),
    /// Any bytes but `/` and NUL (which no name holds), not `.` or `..`, at most 64.
    Raw(Vec<u8>),
}

#[derive(Arbitrary, Debug)]
enum What {
    File(Vec<u8>),
    Folder,
    /// A link to a path of these pieces, after `ups` times `..`, or absolute.
    Link {
        ups: u8,
        absolute: bool,
        to: Vec<Piece>,
    },
    /// The demo SEQ (or SHP), cut at `cut` and with the byte at `flip` inverted.
    Demo {
        seq: bool,
        cut: u16,
        flip: Option<u16>,
    },
}

#[derive(Arbitrary, Debug)]
struct Entry {
    path: Vec<Piece>,
    what: What,
}

#[derive(Arbitrary, Debug)]
enum Config {
    Ours { name: String, author: String },
    Bytes(Vec<u8>),
    Folder,
    Missing,
}

#[derive(Arbitrary, Debug)]
struct Tree {
    config: Config,
    entries: Vec<Entry>,
}

fn name_of(piece: &Piece) -> Option<PathBuf> {
    match piece {
        Piece::Known(i) => Some(PathBuf::from(KNOWN[usize::from(*i) % KNOWN.len()])),
        Piece::Raw(bytes) => {
            let bytes: Vec<u8> = bytes
                .iter()
                .copied()
                .filter(|&b| b != b'/' && b != 0)
                .take(64)
                .collect();
            let name = PathBuf::from(OsStr::from_bytes(&bytes));
            // One plain component: not empty, `.` or `..`.
            let plain = matches!(
                name.components().collect::<Vec<_>>().as_slice(),
                [Component::Normal(_)]
            );
            plain.then_some(name)
        }
    }
}

/// Makes the folders of `relative` below `root` and returns the full path, or `None` when a
/// part of the way is not a folder (a file, a link: never followed) or the place is taken.
fn place(root: &Path, relative: &Path) -> Option<PathBuf> {
    let mut at = root.to_path_buf();
    let parts: Vec<_> = relative.components().collect();
    let (last, folders) = parts.split_last()?;
    for part in folders {
        at.push(part);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_dir() => {}
            Ok(_) => return None,
            Err(_) => std::fs::create_dir(&at).ok()?,
        }
    }
    at.push(last);
    std::fs::symlink_metadata(&at).is_err().then_some(at)
}

/// Writes a new file (`create_new`: never through a link), `false` when it cannot.
fn write_new(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
        .is_ok()
}

/// Builds `tree` in `root` (empty); returns how many files were made.
fn build(root: &Path, tree: &Tree) -> usize {
    let config = root.join("ModConfig.json");
    match &tree.config {
        Config::Ours { name, author } => {
            let made = ModConfig::new(&NewMod {
                id: "fftivc.sprites.fuzz".to_owned(),
                name: name.clone(),
                author: Some(author.clone()),
                ..NewMod::default()
            })
            .ok()
            .or_else(|| {
                ModConfig::new(&NewMod {
                    id: "fftivc.sprites.fuzz".to_owned(),
                    name: "Fuzz".to_owned(),
                    ..NewMod::default()
                })
                .ok()
            });
            if let Some(made) = made {
                write_new(&config, &made.to_bytes());
            }
        }
        Config::Bytes(bytes) => {
            write_new(&config, &bytes[..bytes.len().min(MAX_FILE)]);
        }
        Config::Folder => {
            let _ = std::fs::create_dir(&config);
        }
        Config::Missing => {}
    }
    let mut files = 0;
    for entry in tree.entries.iter().take(MAX_ENTRIES) {
        let relative: PathBuf = entry
            .path
            .iter()
            .take(MAX_PIECES)
            .filter_map(name_of)
            .collect();
        let Some(path) = place(root, &relative) else {
            continue;
        };
        match &entry.what {
            What::File(bytes) => {
                files += usize::from(write_new(&path, &bytes[..bytes.len().min(MAX_FILE)]));
            }
            What::Folder => {
                let _ = std::fs::create_dir(&path);
            }
            What::Link { ups, absolute, to } => {
                let mut target = if *absolute {
                    PathBuf::from("/")
                } else {
                    PathBuf::new()
                };
                for _ in 0..ups % 4 {
                    target.push("..");
                }
                target.extend(to.iter().take(4).filter_map(name_of));
                let _ = std::os::unix::fs::symlink(&target, &path);
            }
            What::Demo { seq, cut, flip } => {
                let demo = if *seq { DEMO_SEQ } else { DEMO_SHP };
                let mut bytes = demo[..usize::from(*cut).min(demo.len())].to_vec();
                if let Some(at) = flip.map(usize::from).filter(|&at| at < bytes.len()) {
                    bytes[at] = !bytes[at];
                }
                files += usize::from(write_new(&path, &bytes));
            }
        }
    }
    files
}

fn no_control(what: &str, text: &str) {
    assert!(
        !text.chars().any(char::is_control),
        "{what} holds a control character: {text:?}"
    );
}

fuzz_target!(|tree: Tree| {
    let scratch = std::env::temp_dir().join(format!("fuzz-mod-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let root = scratch.join("mod");
    std::fs::create_dir_all(&root).expect("the scratch folder");
    let files = build(&root, &tree);
    match check(&root) {
        Err(error) => no_control("a refusal", &error.to_string()),
        Ok(report) => {
            no_control("the report's first line", &report.config.describe());
            for finding in &report.findings {
                no_control("a finding", &finding.message);
            }
            assert!(
                report.replaced.len() + report.hd.len() <= files,
                "{} sprite files reported of {files} files made",
                report.replaced.len() + report.hd.len()
            );
            let _ = by_unit(&report);
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
});
