//! `tactics-sprite palette`: one row of the enhanced game's CharCLUT (`charclut.nxd`, Ramza's
//! colours, docs/formats/nxd.md 7.3) shown, or set from a list of 16 colours and written through
//! a safe write; for modders who only recolour. A row is never added: keys the file lacks are
//! refused.

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use faults::Shown;
use fft_formats::nxd::{COLOURS, CharClut, Rgb};
use sprite_data::output::write_atomically;

use super::{Failure, Outcome, stdout_error};

/// Show or set one row of charclut.nxd (Ramza's colours in the enhanced game).
#[derive(Debug, clap::Args)]
#[command(
    about = "Show or set one row of charclut.nxd (Ramza's colours in the enhanced game)",
    long_about = "Show one row of charclut.nxd, the table the enhanced game colours Ramza's HD sheets with (key
1 chapter 1, 2 chapters 2-3, 3 chapter 4; variant 0 the game's own, 1-3 alternates), or set its
16 colours from a list or a PNG's palette and write the file to --out. A row the file lacks is
refused, never added.
Exit status: 0 success; 1 a file that cannot be read or decoded, or a failed write; 2 a usage
error (a row the file lacks, a list that is not 16 RRGGBB colours).
More: docs/remaster.md, docs/formats/nxd.md"
)]
pub struct Args {
    /// The charclut.nxd to read.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The row's first key: 1 chapter 1, 2 chapters 2-3, 3 chapter 4
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub key: i32,

    /// The row's second key: 0 the game's own colours, 1-3 alternates
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub variant: i32,

    /// 16 colours as RRGGBB, separated by commas or spaces (index 0 first; it is drawn transparent)
    #[arg(long, value_name = "COLOURS", requires = "out", group = "colours")]
    pub set: Option<String>,

    /// An 8-bit indexed PNG whose palette's first 16 colours the row takes (a sheet picture's)
    #[arg(long, value_name = "PNG", requires = "out", group = "colours")]
    pub from_png: Option<PathBuf>,

    /// Where to write the file with the row set (it may be FILE itself)
    #[arg(short, long, value_name = "FILE", requires = "colours")]
    pub out: Option<PathBuf>,
}

/// Runs the command.
///
/// # Errors
/// A file that cannot be read or is no CharCLUT table (naming it and the offset); keys it has
/// no row for; a colour list that is not 16 `RRGGBB` values; a write that fails.
pub fn run(args: &Args) -> Outcome {
    let shown = Shown(&args.file).to_string();
    let bytes = std::fs::read(&args.file).with_context(|| shown.clone())?;
    let mut clut = CharClut::decode(&bytes).with_context(|| shown.clone())?;
    let keys = (args.key, args.variant);
    let Some(row) = clut.row(keys.0, keys.1) else {
        let rows: Vec<String> = clut
            .rows()
            .map(|row| format!("({}, {})", row.key, row.key2))
            .collect();
        return Err(Failure::usage(
            "palette",
            format!(
                "{shown} has no row ({}, {}) (--key {} --variant {}); its rows are {}, and a row \
                 is never added",
                keys.0,
                keys.1,
                keys.0,
                keys.1,
                rows.join(" ")
            ),
        ));
    };
    let before = row.colours;
    let mut out = std::io::stdout().lock();
    let colours = match (&args.set, &args.from_png) {
        (Some(list), _) => {
            parse_colours(list).map_err(|message| Failure::usage("palette", message))?
        }
        (None, Some(png)) => png_colours(png)?,
        (None, None) => {
            writeln!(out, "row      ({}, {}) of {shown}", keys.0, keys.1).map_err(stdout_error)?;
            writeln!(out, "colours  {}", hex_list(&before)).map_err(stdout_error)?;
            return Ok(());
        }
    };
    if !clut.set_colours(keys.0, keys.1, &colours) {
        // Found above; kept as a refusal rather than a panic.
        return Err(Failure::usage(
            "palette",
            format!("{shown}: no row {keys:?}"),
        ));
    }
    let encoded = clut.encode().with_context(|| shown.clone())?;
    let target = args.out.as_deref().unwrap_or(&args.file);
    write_atomically(target, &encoded).with_context(|| format!("writing {}", Shown(&target)))?;
    let changed = before.iter().zip(&colours).filter(|(a, b)| a != b).count();
    writeln!(
        out,
        "wrote    {} (row ({}, {}): {changed} of {COLOURS} colours changed)",
        Shown(&target),
        keys.0,
        keys.1
    )
    .map_err(stdout_error)?;
    writeln!(out, "colours  {}", hex_list(&colours)).map_err(stdout_error)?;
    Ok(())
}

/// The first 16 colours of an 8-bit indexed PNG's palette.
fn png_colours(path: &std::path::Path) -> anyhow::Result<[Rgb; COLOURS]> {
    let shown = Shown(&path).to_string();
    let bytes = std::fs::read(path).with_context(|| shown.clone())?;
    palette_of_png(&shown, &bytes)
}

/// The first 16 colours of the palette of the 8-bit indexed PNG `bytes` (named `shown`).
///
/// # Errors
/// A PNG that does not decode, is not indexed, or has fewer than 16 colours.
pub fn palette_of_png(shown: &str, bytes: &[u8]) -> anyhow::Result<[Rgb; COLOURS]> {
    let shown = shown.to_owned();
    let picture = sprite_render::sheet::read_indexed_png(bytes).with_context(|| shown.clone())?;
    let Some(picture) = picture else {
        anyhow::bail!("{shown}: not an 8-bit indexed PNG, so it has no palette to take");
    };
    if picture.palette.len() < COLOURS {
        anyhow::bail!(
            "{shown}: its palette has {} colours; a row takes {COLOURS}",
            picture.palette.len()
        );
    }
    Ok(std::array::from_fn(|i| {
        let [r, g, b, _] = picture.palette[i];
        [r, g, b]
    }))
}

/// `RRGGBB RRGGBB ...`.
fn hex_list(colours: &[Rgb]) -> String {
    let hex: Vec<String> = colours
        .iter()
        .map(|[r, g, b]| format!("{r:02X}{g:02X}{b:02X}"))
        .collect();
    hex.join(" ")
}

/// 16 colours from `RRGGBB` values separated by commas or spaces (a leading `#` allowed).
fn parse_colours(list: &str) -> Result<[Rgb; COLOURS], String> {
    let values: Vec<&str> = list
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|v| !v.is_empty())
        .collect();
    if values.len() != COLOURS {
        return Err(format!(
            "--set: {} colours given; a row holds {COLOURS} (RRGGBB each)",
            values.len()
        ));
    }
    let mut colours = [[0; 3]; COLOURS];
    for (i, (colour, value)) in colours.iter_mut().zip(&values).enumerate() {
        let hex = value.strip_prefix('#').unwrap_or(value);
        let parsed = (hex.len() == 6 && hex.is_ascii())
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten();
        let Some(rgb) = parsed else {
            return Err(format!(
                "--set: colour {i}, {}, is not RRGGBB (six hexadecimal digits)",
                Shown(value)
            ));
        };
        *colour = [(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8];
    }
    Ok(colours)
}
