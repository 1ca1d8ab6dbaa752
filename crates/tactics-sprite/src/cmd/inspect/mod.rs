//! `tactics-sprite inspect`: what a sprite file is, its header values and counts, and with
//! `--verbose` every frame's tiles (SHP), every palette (SPR) or every slot's commands (SEQ); a
//! half of the remaster's HD sheet with its unit and its agreement with that unit's SPR; as
//! text or as one JSON object with the same content.
//!
//! [`args`] holds the command line; the reports are `sprite_report::inspect`'s (the identity every
//! format shares, the two renderings, and one module per format that fills in its header, counts
//! and listing); this module reads the file, tells its kind and picks the report. SAS sets and
//! pakd containers are `sas::inspect`'s, on the same model.

mod args;

use std::io::Write as _;

use anyhow::Context;
use fft_formats::spr::Spr;
use fft_formats::{FileFormat, Seq, UnitShp, WeaponShp};

use sprite_report::inspect::{Identity, hd, nxd, seq, spr, unit_shp, weapon_shp};

pub use args::Args;

use super::{Outcome, choose_kind, stdout_error};

/// Runs the command.
///
/// # Errors
/// When the file cannot be read, its kind cannot be told, or it does not decode; the message
/// names the file and the byte offset.
pub fn run(args: &Args) -> Outcome {
    if args.kind.is_none() {
        if let Some(result) =
            super::sas::inspect::dispatch(&args.file, &args.sas, args.json, args.verbose)
        {
            return result;
        }
    }
    // A document (a unit document's JSON) is listed as `list` lists it.
    if args.kind.is_none()
        && args.game.flag().is_none()
        && sprite_inputs::sniff::starts_as_json(&args.file)
    {
        return super::list::print_listing(&args.file, args.json);
    }
    let files = args.game.files()?;
    let found = files.read_found(&args.file)?;
    let (shown, bytes) = (found.file.name, found.file.bytes);
    // Where an HD half's SPR is looked for beside it: where it was read, when on disk.
    let on_disk = found.path.is_some();
    let path = found.path.unwrap_or_else(|| args.file.clone());
    let (kind, source) = choose_kind(std::path::Path::new(&shown), &bytes, args.kind)?;
    let name = || shown.clone();
    let mut identity = Identity::new(name(), &bytes, kind, source);
    let (json, verbose) = (args.json, args.verbose);
    let text = match kind {
        FileFormat::UnitShp => {
            let shp = UnitShp::decode(&bytes).with_context(name)?;
            unit_shp::report(identity, &bytes, &shp, verbose).render(json)?
        }
        FileFormat::WeaponShp => {
            let shp = WeaponShp::decode(&bytes).with_context(name)?;
            weapon_shp::report(identity, &shp, verbose).render(json)?
        }
        FileFormat::Seq => {
            let table = args.opcodes.table();
            let seq = Seq::decode_with(&bytes, &table).with_context(name)?;
            identity.opcode_table = Some(args.opcodes.name());
            seq::report(identity, &seq, &table, verbose).render(json)?
        }
        FileFormat::Spr => {
            let sheet = Spr::decode(&bytes).with_context(name)?;
            spr::report(identity, &sheet, verbose).render(json)?
        }
        FileFormat::HdHalf => hd::report(identity, &path, on_disk, &bytes, files.if_any())
            .map_err(anyhow::Error::new)?
            .render(json)?,
        FileFormat::Nxd => nxd::report(identity, &bytes)
            .map_err(anyhow::Error::new)?
            .render(json)?,
    };
    let text = text + &super::disc::sheet_kind_line(args.game.disc.as_deref(), &args.file, json)?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(())
}
