//! `tactics-sprite game`: the user's install of the remaster: list its archives and their
//! files, and extract files into the loose layout the mod loader reads, each with its verdict
//! (docs/remaster.md "The user's install").

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use faults::Shown;
use game_archive::g2d::{G2D_PATH, TEX_FOLDER};
use game_archive::install::DEFAULT_LANGUAGE;
use game_archive::name::relative_path;
use game_archive::{Install, Storage};
use sprite_data::output::{Publish, write_below};
use sprite_inputs::names::{GameName, hd};
use sprite_inputs::retail::Verdict;

use super::Outcome;

/// The folders of the unit files in an install, the files `game extract` takes by default.
const UNIT_FOLDERS: [&str; 2] = ["fftpack/unit/", "fftpack/unit_psp/"];

/// The user's own install of the remaster.
#[derive(Debug, clap::Args)]
#[command(
    about = "List and extract the files of your own install of the remaster (its .pac archives)",
    long_about = "Read your own install of Final Fantasy Tactics: The Ivalice Chronicles straight from its .pac
archives, nothing unpacked first: list them, or copy files out in the mod loader's layout.
Give the install's folder (data/enhanced is found below it), a folder of archives, or one
archive. Only the game's archives are read (NNNN.pac, your language's NNNN.LANG.pac), never
modded*.pac, *.diff.pac or loose files.
Exit status: 0 done; 1 an archive that cannot be read or is damaged, a file not in it; 2 a usage error.
More: docs/remaster.md"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: GameCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum GameCommand {
    /// List each archive and its files: size, stored size, storage mode, path
    #[command(
        long_about = "List each archive read (in the order the game reads them; a later one's file wins) and its
files: the size, the bytes stored, the storage mode (stored, gdeflate, shared chunk) and the
path; then the .pac files left out and why. No file's data is read.
Exit status: 0 listed; 1 an archive that cannot be read or is damaged; 2 a usage error.
More: docs/remaster.md"
    )]
    Ls {
        /// The install's folder, a folder of archives, or one archive.
        path: PathBuf,
        /// The language whose variants (NNNN.LANG.pac) are read: ar, cs, ct, de, en, es, fr,
        /// it, ja, ko, ls, pb, pl, ru.
        #[arg(long, value_name = "LANG", default_value = DEFAULT_LANGUAGE, value_parser = language)]
        lang: String,
    },
    /// Copy the unit files (or the files named) into a folder, in the loader's layout
    #[command(
        long_about = "Copy files out of the archives into a folder at their game paths, the mod loader's layout:
by default every unit file (fftpack/unit/, fftpack/unit_psp/) and each unit's HD pair
(system/ffto/g2d/tex_N.bin, from g2d.dat), else the files named. Each is checked (CRC-32) and
given its verdict: retail (a known digest), modified, or no digest on record. A name from an
archive with a .. part, an absolute path or a control character is refused.
Exit status: 0 copied; 1 an archive that cannot be read or is damaged, a file not in it; 2 a usage error.
More: docs/remaster.md"
    )]
    Extract {
        /// The install's folder, a folder of archives, or one archive.
        path: PathBuf,
        /// Files to extract, by path (fftpack/unit/battle_10m_spr.bin), by file name
        /// (battle_10m_spr.bin), by disc name (10M.SPR), or a tex file (tex_992.bin, from
        /// system/ffto/g2d.dat) [default: every unit file and every unit's HD pair].
        names: Vec<String>,
        /// The folder to write them into (made if needed).
        #[arg(short, long, value_name = "DIR")]
        out: PathBuf,
        /// The language whose variants (NNNN.LANG.pac) are read.
        #[arg(long, value_name = "LANG", default_value = DEFAULT_LANGUAGE, value_parser = language)]
        lang: String,
    },
}

/// Runs the command.
///
/// # Errors
/// An archive that cannot be opened or read, a file not in the install, an output that cannot
/// be written; each one line.
pub fn run(args: &Args) -> Outcome {
    match &args.command {
        GameCommand::Ls { path, lang } => ls(path, lang),
        GameCommand::Extract {
            path,
            names,
            out,
            lang,
        } => extract(path, names, out, lang),
    }?;
    Ok(())
}

/// Reads `--lang`: one of the game's languages (`en`, `fr`, ...), else a usage error.
///
/// # Errors
/// The line clap shows after the option's name.
pub fn language(value: &str) -> Result<String, String> {
    let languages = game_archive::layout::LANGUAGES;
    if languages.contains(&value) {
        Ok(value.to_owned())
    } else {
        Err(format!(
            "not one of the game's languages ({})",
            languages.join(", ")
        ))
    }
}

/// The install at `path`: one archive when it is a file, else the folder's archives.
fn open(path: &Path, language: &str) -> anyhow::Result<Install> {
    if path.is_file() {
        Ok(Install::of_archive(path)?)
    } else {
        Ok(Install::open(path, language)?)
    }
}

fn ls(path: &Path, language: &str) -> anyhow::Result<()> {
    let install = open(path, language)?;
    let mut out = String::new();
    for archive in install.archives() {
        let toc = archive.toc();
        out.push_str(&format!(
            "archive {}: {} {}, {} bytes, names {}{}{}\n",
            Shown(archive.name()),
            archive.entries().len(),
            if archive.entries().len() == 1 {
                "file"
            } else {
                "files"
            },
            archive.len(),
            if toc.encrypted {
                "XORed"
            } else {
                "in the clear"
            },
            match toc.folder.as_str() {
                "" => String::new(),
                folder => format!(", under {}", Shown(folder)),
            },
            match toc.language {
                Some(language) => format!(", language {language}"),
                None => String::new(),
            },
        ));
        let rows: Vec<[String; 4]> = archive
            .entries()
            .iter()
            .map(|entry| {
                [
                    entry.len.to_string(),
                    stored_len(entry.storage, entry.stored_len, entry.len),
                    entry.storage.name().to_owned(),
                    Shown(&entry.path).to_string(),
                ]
            })
            .collect();
        let width = |column: usize, head: &str| {
            rows.iter()
                .map(|row| row[column].len())
                .chain([head.len()])
                .max()
                .unwrap_or(0)
        };
        let (size_w, stored_w, storage_w) =
            (width(0, "size"), width(1, "stored"), width(2, "storage"));
        out.push_str(&format!(
            "{:>size_w$}  {:>stored_w$}  {:<storage_w$}  path\n",
            "size", "stored", "storage"
        ));
        for [size, stored, storage, path] in &rows {
            out.push_str(&format!(
                "{size:>size_w$}  {stored:>stored_w$}  {storage:<storage_w$}  {path}\n"
            ));
        }
    }
    for left_out in install.left_out() {
        out.push_str(&format!(
            "left out {}: {}\n",
            Shown(&left_out.file_name),
            left_out.reason
        ));
    }
    use std::io::Write;
    std::io::stdout()
        .write_all(out.as_bytes())
        .map_err(super::stdout_error)?;
    Ok(())
}

/// The bytes an entry takes in its archive: its own for a stream of its own or stored data,
/// `-` for a slice of a shared chunk (the chunk's bytes are shared).
fn stored_len(storage: Storage, stored: u32, len: u64) -> String {
    match storage {
        Storage::Stored => len.to_string(),
        Storage::SharedChunk => "-".to_owned(),
        Storage::Gdeflate | Storage::MultipleChunks => stored.to_string(),
    }
}

fn extract(path: &Path, names: &[String], out: &Path, language: &str) -> anyhow::Result<()> {
    let mut install = open(path, language)?;
    let paths: Vec<String> = if names.is_empty() {
        let mut units: Vec<String> = install
            .paths()
            .into_iter()
            .filter(|path| UNIT_FOLDERS.iter().any(|folder| path.starts_with(folder)))
            .map(str::to_owned)
            .collect();
        let pairs: Vec<usize> = hd::PAIRS
            .iter()
            .flat_map(|pair| [pair.upper, pair.lower()])
            .map(|n| n as usize)
            .collect();
        for n in install.tex_entries_held(&pairs)? {
            units.push(format!("{TEX_FOLDER}tex_{n}.bin"));
        }
        if units.is_empty() {
            bail!(
                "{}: no unit file (fftpack/unit/) in the archives; name the files",
                Shown(install.folder())
            );
        }
        units
    } else {
        paths_named(&install, names)?
    };
    std::fs::create_dir_all(out).with_context(|| format!("{}: cannot make", Shown(out)))?;
    // Each file's archive and place below `out` first; then the files read in one pass, so that
    // the files of a shared chunk cost its tiles once. A name that cannot be written ends the
    // pass before its file is read (the files before it written).
    let mut places = Vec::new();
    let mut refusal = None;
    for path in &paths {
        let from = install
            .find(path)
            .map_or(G2D_PATH, |found| found.entry.path.as_str());
        let archive = install
            .find(from)
            .map(|found| found.archive.name().to_owned())
            .unwrap_or_default();
        match relative_path(path) {
            Ok(relative) => places.push((archive, relative)),
            Err(why) => {
                refusal = Some(anyhow::anyhow!(
                    "{}: entry {}: not written: {why}",
                    Shown(&archive),
                    Shown(path)
                ));
                break;
            }
        }
    }
    let mut place = places.iter();
    install.read_game_files(
        &paths[..places.len()],
        |path, bytes| -> anyhow::Result<()> {
            let Some((archive, relative)) = place.next() else {
                bail!("{}: read past the files named", Shown(path));
            };
            write_below(out, relative, &bytes, Publish::Replace)
                .with_context(|| format!("{}: cannot write", Shown(&out.join(relative))))?;
            let file_name = path.rsplit('/').next().unwrap_or(path);
            println!(
                "wrote   {} ({} bytes, from {}): {}",
                Shown(&out.join(relative)),
                bytes.len(),
                Shown(archive),
                Verdict::of_named(file_name, &bytes).describe()
            );
            Ok(())
        },
    )?;
    refusal.map_or(Ok(()), Err)
}

/// The game paths `names` name: a path as it is; a file name (or a disc name, `10M.SPR`) under
/// `fftpack/unit/`; else the one path whose file name it is. A list partly wrong is refused
/// whole, naming each name not found, and nothing is written.
fn paths_named(install: &Install, names: &[String]) -> anyhow::Result<Vec<String>> {
    let mut paths = Vec::new();
    let mut missing = Vec::new();
    for name in names {
        match path_named(install, name) {
            Ok(path) => paths.push(path),
            Err(why) => missing.push(format!("{}: {why}", Shown(name))),
        }
    }
    if missing.is_empty() {
        return Ok(paths);
    }
    bail!(
        "{}: {} of the {} files named {} not in the archives, so nothing is written: {}",
        Shown(install.folder()),
        missing.len(),
        names.len(),
        if missing.len() == 1 { "is" } else { "are" },
        missing.join("; ")
    )
}

fn path_named(install: &Install, name: &str) -> Result<String, String> {
    if let Some(found) = install.find(name) {
        return Ok(found.entry.path.clone());
    }
    if let Some(n) = hd::tex_number(name.rsplit(['/', '\\']).next().unwrap_or(name)) {
        let path = format!("{TEX_FOLDER}tex_{n}.bin");
        if install.holds(&path) {
            return Ok(path);
        }
        return Err(format!("no {G2D_PATH} in the archives to take it from"));
    }
    let game_name = GameName::parse(name);
    if let Some(remaster) = game_name.remaster_name() {
        for folder in UNIT_FOLDERS {
            if let Some(found) = install.find(&format!("{folder}{remaster}")) {
                return Ok(found.entry.path.clone());
            }
        }
    }
    let wanted = name.to_ascii_lowercase();
    let matches: Vec<&str> = install
        .paths()
        .into_iter()
        .filter(|path| path.rsplit('/').next() == Some(wanted.as_str()))
        .collect();
    match matches.as_slice() {
        [one] => Ok((*one).to_owned()),
        [] => Err("no such file".to_owned()),
        several => Err(format!(
            "{} files have this name ({}); give the path",
            several.len(),
            several.join(", ")
        )),
    }
}
