//! `tactics-sprite extract`: write the entries of a `pakd` container to files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use sas_formats::{EntryKind, Pakd};
use sprite_data::output::write_atomically;

use super::super::read_input;

/// Write the entries of a pakd container to files.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write the entries of a pakd container (Tactics Ogre) to files",
    long_about = "Write the entries of a pakd container (the archives Tactics Ogre keeps its SAS \
sprite animation sets in) to files in a folder, named NNNN.<kind> by index (.sas for SAS sets, \
.pakd for nested containers, .bin otherwise). Each entry is written as stored, its padding \
included, so `roundtrip` on an extracted SAS set passes. Compressed (ashg) entries are listed \
and skipped: their scheme is not settled. `inspect` lists the entries without writing them.\n\n\
Exit status: 0 when every requested entry was written; 1 when the container cannot be read or \
an entry is compressed or missing."
)]
pub struct Args {
    /// The container.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The folder to write the entries to (created if missing).
    #[arg(short, long, value_name = "DIR")]
    pub out: PathBuf,

    /// Only this entry (repeatable) [default: every entry]
    #[arg(long, value_name = "N")]
    pub entry: Vec<usize>,
}

/// Runs the command.
///
/// # Errors
/// An unreadable or undecodable container, a missing entry, an unwritable file.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let shown = args.file.display().to_string();
    let bytes = read_input(&args.file)?;
    let pakd = Pakd::decode(&bytes).with_context(|| shown.clone())?;
    let wanted: Vec<usize> = if args.entry.is_empty() {
        (0..pakd.entries.len()).collect()
    } else {
        args.entry.clone()
    };
    let mut refused = 0;
    for index in wanted {
        let entry = pakd.entries.get(index).ok_or_else(|| {
            anyhow!(
                "{shown}: no entry {index} (the container has {})",
                pakd.entries.len()
            )
        })?;
        let extension = match entry.kind() {
            EntryKind::Sas(..) => "sas",
            EntryKind::Pakd(_) => "pakd",
            _ => "bin",
        };
        match entry.contents() {
            Ok(contents) => {
                let path = args.out.join(format!("{index:04}.{extension}"));
                write_atomically(&path, contents)
                    .with_context(|| format!("{}: cannot write", path.display()))?;
                println!(
                    "wrote   {} ({} bytes, {})",
                    path.display(),
                    contents.len(),
                    entry.kind()
                );
            }
            Err(reason) => {
                refused += 1;
                eprintln!("tactics-sprite: {shown}#{index}: {reason}");
            }
        }
    }
    Ok(if refused == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
