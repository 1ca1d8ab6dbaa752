//! `tactics-sprite extract` and `tactics-sprite pack`: a `pakd` container's entries to files and
//! a manifest, and back to the same bytes.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use faults::Shown;
use sas_formats::{ByteOrder, Entry, EntryKind, Pakd};
use serde_json::{Value, json};
use sprite_data::output::write_atomically;

use super::super::{Failure, Outcome};
use super::read_input;

/// The manifest `extract` writes beside the entries, and `pack` reads.
pub const MANIFEST: &str = "pakd.json";

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

/// An entry's file name in the folder.
fn file_name(index: usize, entry: &Entry) -> String {
    let extension = match entry.kind() {
        EntryKind::Sas(..) => "sas",
        EntryKind::Pakd(_) => "pakd",
        EntryKind::Compressed { .. } => "ashg",
        _ => "bin",
    };
    format!("{index:04}.{extension}")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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
        let path = args.out.join(file_name(index, entry));
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
        let manifest = json!({
            "format": "tactics-pakd-manifest",
            "formatVersion": 1,
            "byteOrder": match pakd.byte_order { ByteOrder::Little => "little", ByteOrder::Big => "big" },
            "ids": pakd.ids,
            "headerPadding": hex(&pakd.header_padding),
            "trailing": hex(&pakd.trailing),
            "entries": pakd.entries.iter().enumerate().map(|(i, e)| file_name(i, e)).collect::<Vec<_>>(),
        });
        let mut text = serde_json::to_vec_pretty(&manifest)?;
        text.push(b'\n');
        let path = args.out.join(MANIFEST);
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

/// A manifest field, or an error naming it.
fn field<'a>(manifest: &'a Value, name: &str, path: &Path) -> anyhow::Result<&'a Value> {
    manifest
        .get(name)
        .ok_or_else(|| anyhow!("{}: no \"{name}\"", Shown(&path)))
}

fn unhex(text: &str, what: &str, path: &Path) -> anyhow::Result<Vec<u8>> {
    let bad = || anyhow!("{}: \"{what}\" is not hex bytes", Shown(&path));
    if text.len() % 2 != 0 {
        return Err(bad());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
                .ok_or_else(bad)
        })
        .collect()
}

/// Runs `pack`.
///
/// # Errors
/// A manifest or entry file that cannot be read or is not what it should be, an output that
/// cannot be written.
pub fn pack(args: &PackArgs) -> Outcome {
    let manifest_path = args.dir.join(MANIFEST);
    let manifest: Value = serde_json::from_slice(&read_input(&manifest_path)?)
        .with_context(|| format!("{}: not a pakd manifest", Shown(&manifest_path)))?;
    let m = &manifest_path;
    if field(&manifest, "format", m)? != "tactics-pakd-manifest" {
        return Err(anyhow!("{}: not a pakd manifest (format)", Shown(&m)).into());
    }
    let byte_order = match field(&manifest, "byteOrder", m)?.as_str() {
        Some("little") => ByteOrder::Little,
        Some("big") => ByteOrder::Big,
        _ => {
            return Err(anyhow!("{}: \"byteOrder\" is \"little\" or \"big\"", Shown(&m)).into());
        }
    };
    let ids = match field(&manifest, "ids", m)? {
        Value::Null => None,
        Value::Array(ids) => Some(
            ids.iter()
                .map(|id| id.as_u64().and_then(|id| u32::try_from(id).ok()))
                .collect::<Option<Vec<u32>>>()
                .ok_or_else(|| anyhow!("{}: \"ids\" are u32 numbers", Shown(&m)))?,
        ),
        _ => return Err(anyhow!("{}: \"ids\" is a list or null", Shown(&m)).into()),
    };
    let text = |name| {
        field(&manifest, name, m)?
            .as_str()
            .ok_or_else(|| anyhow!("{}: \"{name}\" is a string", Shown(&m)))
    };
    let header_padding = unhex(text("headerPadding")?, "headerPadding", m)?;
    let trailing = unhex(text("trailing")?, "trailing", m)?;
    let names = field(&manifest, "entries", m)?
        .as_array()
        .ok_or_else(|| anyhow!("{}: \"entries\" is a list of file names", Shown(&m)))?;
    let mut entries = Vec::with_capacity(names.len());
    for name in names {
        let name = name
            .as_str()
            .filter(|n| !n.is_empty() && !n.contains(['/', '\\']) && *n != "." && *n != "..")
            .ok_or_else(|| anyhow!("{}: an entry is a file name in the folder", Shown(&m)))?;
        let bytes = read_input(&args.dir.join(name))?;
        if bytes.len() % 16 != 0 {
            eprintln!(
                "warning: {name}: {} bytes, not a multiple of 16 (the game pads entries)",
                bytes.len()
            );
        }
        entries.push(Entry { bytes });
    }
    let pakd = Pakd {
        byte_order,
        entries,
        ids,
        header_padding,
        trailing,
    };
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
