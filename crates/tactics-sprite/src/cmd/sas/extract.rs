//! `tactics-sprite extract` and `tactics-sprite pack`: a `pakd` container's entries to files and
//! a manifest, and back to the same bytes.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use faults::Shown;
use sas_formats::pakd::manifest::{self, Manifest};
use sas_formats::{Entry, Pakd};
use sprite_data::output::write_atomically;

use super::super::{Failure, Outcome};
use super::read_input;

/// Write the entries of a pakd container to files.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write the entries of a pakd container (Tactics Ogre) to files",
    long_about = "Write the entries of a pakd container (the archives Tactics Ogre keeps its SAS sets in) to a
folder, NNNN.<kind> by index, each as stored, with a manifest (pakd.json) from which `pack`
rebuilds the same container. Compressed (ashg) entries are refused (and then nothing is written), or kept with --keep-compressed.
Exit status: 0 every requested entry written; 1 an unreadable container, a compressed or missing entry; 2 a usage error.
More: crates/sas-formats/README.md"
)]
pub struct Args {
    /// The container.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The folder to write the entries to (created if missing).
    #[arg(short, long, value_name = "DIR")]
    pub out: PathBuf,

    /// Only this entry (repeatable; no manifest is written) [default: every entry]
    #[arg(long, value_name = "N")]
    pub entry: Vec<usize>,

    /// Write compressed entries as stored (still compressed) instead of refusing them.
    #[arg(long)]
    pub keep_compressed: bool,
}

/// Runs `extract`.
///
/// # Errors
/// An unreadable or undecodable container, a missing entry, an unwritable file;
/// [`Failure::Reported`] when an entry could not be unpacked (each reported on its own line).
pub fn run(args: &Args) -> Outcome {
    let shown = Shown(&args.file).to_string();
    let bytes = read_input(&args.file)?;
    let pakd = Pakd::decode(&bytes).with_context(|| shown.clone())?;
    let whole = args.entry.is_empty();
    let wanted: Vec<usize> = if whole {
        (0..pakd.entries.len()).collect()
    } else {
        args.entry.clone()
    };
    // Every entry is checked before any is written: a refusal leaves the folder as it was, not
    // half an extract that `pack` would then misread.
    let mut chosen = Vec::with_capacity(wanted.len());
    let mut refused = 0;
    for index in wanted {
        // An entry the container does not have is the request's fault, as `load_set` says.
        let entry = pakd.entries.get(index).ok_or_else(|| {
            Failure::usage(
                "extract",
                format!(
                    "{shown}: no entry {index} (the container has {})",
                    pakd.entries.len()
                ),
            )
        })?;
        match entry.contents() {
            Ok(contents) => chosen.push((index, entry, contents)),
            Err(_) if args.keep_compressed => chosen.push((index, entry, &entry.bytes[..])),
            Err(reason) => {
                refused += 1;
                eprintln!(
                    "tactics-sprite: {shown}#{index}: {reason}; nothing written (--keep-compressed \
                     writes it as stored)"
                );
            }
        }
    }
    if refused > 0 {
        return Err(Failure::Reported);
    }
    for (index, entry, contents) in chosen {
        let path = args.out.join(manifest::entry_file_name(index, entry));
        write_atomically(&path, contents)
            .with_context(|| format!("{}: cannot write", Shown(&path)))?;
        println!(
            "wrote   {} ({} bytes, {})",
            Shown(&path),
            contents.len(),
            entry.kind()
        );
    }
    if whole {
        let text = manifest::to_json(&pakd)?;
        let path = args.out.join(manifest::FILE_NAME);
        write_atomically(&path, &text)
            .with_context(|| format!("{}: cannot write", Shown(&path)))?;
        println!(
            "wrote   {} (what pack needs to rebuild the container)",
            Shown(&path)
        );
    }
    Ok(())
}

/// Rebuild a pakd container from a folder `extract` wrote.
#[derive(Debug, clap::Args)]
#[command(
    about = "Rebuild a pakd container from a folder written by extract",
    long_about = "Rebuild a pakd container (Tactics Ogre) from a folder `extract` wrote, as its manifest
(pakd.json) says: an untouched folder gives back the same bytes; pack warns when a replaced
entry's length is not a multiple of 16 (the game pads to 16). Written atomically.
Exit status: 0 written; 1 a manifest or entry file that cannot be read; 2 a usage error.
More: crates/sas-formats/README.md"
)]
pub struct PackArgs {
    /// The folder (with pakd.json).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// Where to write the container.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// Runs `pack`.
///
/// # Errors
/// A manifest or entry file that cannot be read or is not what it should be, an output that
/// cannot be written.
pub fn pack(args: &PackArgs) -> Outcome {
    let manifest_path = args.dir.join(manifest::FILE_NAME);
    let m = &manifest_path;
    let manifest = Manifest::parse(&read_input(m)?).with_context(|| Shown(m).to_string())?;
    let mut entries = Vec::new();
    for name in manifest.entry_names() {
        let name = name.with_context(|| Shown(m).to_string())?;
        let bytes = read_input(&args.dir.join(name))?;
        if bytes.len() % 16 != 0 {
            eprintln!(
                "warning: {name}: {} bytes, not a multiple of 16 (the game pads entries)",
                bytes.len()
            );
        }
        entries.push(Entry { bytes });
    }
    let pakd = manifest.into_pakd(entries);
    let bytes = pakd.encode().map_err(|e| anyhow!("{}: {e}", Shown(&m)))?;
    write_atomically(&args.out, &bytes)
        .with_context(|| format!("{}: cannot write", Shown(&args.out)))?;
    println!(
        "wrote   {} ({} entries, {} bytes)",
        Shown(&args.out),
        pakd.entries.len(),
        bytes.len()
    );
    Ok(())
}
