//! `inspect` on a half of the remaster's HD sheet (`tex_N.bin`): which unit's pair the HD table
//! gives its number, which half its size says it is, its pixel size and the SPR rows it holds;
//! opaque pixels and the indices used; and, when the unit's SPR is beside it or in the
//! originals (`--originals`, `--disc`), how far its
//! silhouette agrees with that SPR's rows at twice the size (docs/remaster.md "How the HD art
//! relates to the SPR").

use std::path::Path;

use faults::Shown;
use fft_formats::hd::{self, Agreement, HdPart, HdSp2, SP2_HEIGHT, WIDTH};
use fft_formats::spr::Spr;
use sprite_inputs::error::ErrorKind;
use sprite_inputs::hd::{HdPalettes, TexFile, hd_sp2_file};
use sprite_inputs::locate::{Originals, find_in_folder};
use sprite_inputs::names::hd::{HdSingle, pair_of_sp2, sp2_single_of_tex, tex_number};
use sprite_inputs::read::InputFile;

use crate::Result;
use crate::error::Error;
use crate::inspect::{FieldText, Identity, Listing, Numbers, Report, section};

section! {
    pub struct Header {
        /// `mina_m's pair (tex 992/993)`, or that the HD table does not list the number.
        unit: String,
        /// `upper` (SPR rows 0-255) or `lower` (256-487), told from the size.
        half: &'static str,
        width: usize,
        height: usize,
        /// The SPR rows the half holds at twice their size: `0-255`.
        spr_rows: String,
    }
}

section! {
    pub struct Counts {
        pixels: usize,
        /// Pixels of an index other than 0 (transparent).
        opaque_pixels: usize,
        /// The palette indices (0-15) some pixel uses.
        indices_used: Numbers,
        /// The SPR the silhouette was compared with, or why there was none.
        compared_with: String,
        /// The silhouettes' intersection over their union (the SPR doubled), 0 to 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        silhouette_iou: Option<Ratio>,
        /// How much of the SPR's doubled silhouette the half covers, 0 to 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        silhouette_coverage: Option<Ratio>,
        /// Of the pixels opaque in both, the share with the same index, 0 to 1.
        #[serde(skip_serializing_if = "Option::is_none")]
        index_match: Option<Ratio>,
    }
}

/// A share from 0 to 1: three decimals in the text, the number in JSON.
#[derive(serde::Serialize)]
#[serde(transparent)]
pub struct Ratio(f64);

impl FieldText for Ratio {
    fn text(&self) -> Option<String> {
        Some(format!("{:.3}", self.0))
    }
}

/// No verbose listing: a half holds indices only (its palettes are its SPR's).
#[derive(serde::Serialize)]
pub struct NoListing {}

impl Listing for NoListing {
    fn write_text(&self, _text: &mut String) {}
}

/// The report on the half `bytes` read from `path`, compared with its unit's SPR when one is
/// beside it (when `on_disk`: an install's or an image's entry has no folder beside it), else in
/// `originals` when given.
///
/// # Errors
/// A size that is neither half's, a number the table gives the other half; an SPR beside it
/// that cannot be read or decoded.
pub fn report(
    identity: Identity,
    path: &Path,
    on_disk: bool,
    bytes: &[u8],
    originals: Option<&Originals>,
) -> Result<Report<Header, Counts, NoListing>> {
    let shown = Shown(&path).to_string();
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = InputFile {
        name: shown.clone(),
        bytes: bytes.to_vec(),
    };
    if let Some(single) = tex_number(&file_name).and_then(sp2_single_of_tex) {
        let folder = on_disk.then(|| path.parent().unwrap_or(Path::new("")));
        return sp2_report(identity, file, single, folder, originals);
    }
    let tex = TexFile::of(file, &file_name)?;
    let part = HdPart::decode(bytes).map_err(|e| Error::file(&shown, e))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let (compared_with, agreement) =
        match HdPalettes::find_for(tex.pair, &shown, on_disk.then_some(folder), None, originals) {
            Ok(palettes) => {
                let spr = Spr::decode(&palettes.file.bytes)
                    .map_err(|e| Error::file(&palettes.file.name, e))?;
                let agreement =
                    hd::agreement(&part, &spr).map_err(|e| Error::file(&palettes.file.name, e))?;
                (
                    format!("{} ({})", palettes.file.name, palettes.how),
                    Some(agreement),
                )
            }
            Err(why) if matches!(why.kind(), ErrorKind::NotFound(_)) => (
                match tex.pair {
                    Some(pair) => format!(
                        "nothing: no {} (or {}) beside it{}",
                        pair.spr_disc_name(),
                        pair.spr_remaster_name(),
                        originals
                            .map_or_else(String::new, |o| format!(", nor in {}", o.looked_in()))
                    ),
                    None => "nothing: its unit is unknown".to_owned(),
                },
                None,
            ),
            Err(_) if tex.pair.is_none() => ("nothing: its unit is unknown".to_owned(), None),
            Err(other) => return Err(other.into()),
        };
    let rows = part.half.spr_rows();
    Ok(Report {
        identity,
        header: Header {
            unit: tex.pair.map_or_else(
                || match tex.number {
                    Some(n) => format!("tex {n} is in no pair the HD table lists"),
                    None => "not named tex_N.bin: its number, and so its unit, is unknown".into(),
                },
                |pair| pair.to_string(),
            ),
            half: part.half.name(),
            width: WIDTH,
            height: part.half.height(),
            spr_rows: format!("{}-{}", rows.start, rows.end - 1),
        },
        counts: counts(&part.pixels, compared_with, agreement),
        listing: None,
    })
}

/// The counts of an HD file's `pixels` (palette indices), and how far they agree with the SD
/// sheet they were compared with, when one was found.
fn counts(pixels: &[u8], compared_with: String, agreement: Option<Agreement>) -> Counts {
    let mut used = [false; 16];
    for &index in pixels {
        used[usize::from(index & 0x0F)] = true;
    }
    Counts {
        pixels: pixels.len(),
        opaque_pixels: pixels.iter().filter(|&&i| i != 0).count(),
        indices_used: Numbers((0..16).filter(|&i| used[i]).map(|i| i as u64).collect()),
        compared_with,
        silhouette_iou: agreement.map(|a| Ratio(a.iou())),
        silhouette_coverage: agreement.map(|a| Ratio(a.coverage())),
        index_match: agreement.map(|a| Ratio(a.index_match())),
    }
}

/// The report on a monster's SP2 at twice the size, `file` (the HD table's `single`), compared
/// with its SP2 (`BEHI2.SP2`) when one is in `folder` (the file's, when it is on disk) or in
/// `originals`. Its layout is inferred (docs/remaster.md), so the comparison is what says a real
/// file was read right.
///
/// # Errors
/// A file of another size; an SP2 beside it that cannot be read or is no SP2.
fn sp2_report(
    identity: Identity,
    file: InputFile,
    single: HdSingle,
    folder: Option<&Path>,
    originals: Option<&Originals>,
) -> Result<Report<Header, Counts, NoListing>> {
    let name = single.what.name();
    let file = hd_sp2_file(file, name)?;
    let sp2 = HdSp2::decode(&file.bytes).map_err(|e| Error::file(&file.name, e))?;
    let beside = folder
        .and_then(|dir| find_in_folder(dir, name))
        .map(|path| InputFile::read(&path))
        .transpose()?;
    let found = match beside {
        Some(found) => Some((found, "beside it".to_owned())),
        None => match originals {
            Some(originals) => originals
                .locate(name)?
                .map(|found| (found, format!("in {}", originals.describe()))),
            None => None,
        },
    };
    let (compared_with, agreement) = match found {
        Some((spr_file, how)) => {
            let spr = Spr::decode(&spr_file.bytes).map_err(|e| Error::file(&spr_file.name, e))?;
            let agreement = sp2
                .agreement(&spr)
                .map_err(|e| Error::file(&spr_file.name, e))?;
            (format!("{} ({how})", spr_file.name), Some(agreement))
        }
        None => (
            format!(
                "nothing: no {name} beside it{}",
                originals.map_or_else(String::new, |o| format!(", nor in {}", o.looked_in()))
            ),
            None,
        ),
    };
    let goes_with = pair_of_sp2(single).map_or_else(String::new, |pair| format!(", with {pair}"));
    Ok(Report {
        identity,
        header: Header {
            unit: format!(
                "{name} at twice the size (tex {}{goes_with}; its layout inferred, not checked \
                 against a real file)",
                single.number
            ),
            half: "none: one file of its own",
            width: WIDTH,
            height: SP2_HEIGHT,
            spr_rows: format!("0-255 of {name}"),
        },
        counts: counts(&sp2.pixels, compared_with, agreement),
        listing: None,
    })
}
