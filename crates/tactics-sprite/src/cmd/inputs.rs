//! What the drawing commands (`render`, `export-aseprite`) read besides the document: the sheet,
//! and the SP2 MON's SP2 sequences draw from (given, or found beside the sheet), from the disk or
//! from a disc image ([`SheetFiles`]), with the lines they report about them and the words for a
//! drawing error that names these files.

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use sprite_data::Document;
use sprite_data::pipeline::{InputFile, Originals};
use sprite_render::sheet::{SheetImage, SheetSource, load_sheet, load_sp2, spr_colours};
use sprite_render::{RenderError, RenderFailure, Renderer};

use super::read_input;

/// What every drawing command reads: a document and the sheet to draw it from.
#[derive(Debug, clap::Args)]
pub struct DrawingInput {
    /// The document (tactics-sprite-data.json); for `render`, also a SAS set or pakd container.
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The sheet: an SPR file, or a PNG 256 pixels wide in its layout (with --disc, a name in the image).
    #[arg(long, value_name = "SHEET")]
    pub sheet: PathBuf,

    /// The SP2 sheet MON's SP2 sequences draw from [default: the one the document names, beside --sheet]
    #[arg(long, value_name = "FILE")]
    pub sp2: Option<PathBuf>,

    /// Read --sheet, --sp2 and --weapon-sheet from your own disc image (.cue, .bin, .iso; docs/disc.md).
    #[arg(long, value_name = "IMAGE")]
    pub disc: Option<PathBuf>,

    /// The SPR palette to draw with, the SP2's too (SPR sheets only) [default: 0]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::whole_number::<usize>)]
    pub palette: Option<usize>,
}

/// Where `--sheet`, `--sp2` and `--weapon-sheet` are read from: the disk, or with `--disc` the
/// image, through [`Originals::find`] (a name in its BATTLE folder, a path with a folder from
/// its root). With `--disc` a file of that name on disk is never read, so the same command draws
/// the same picture in any working folder.
pub enum SheetFiles {
    Disk,
    Disc(Originals),
}

impl SheetFiles {
    /// The file `path` names for `flag` (`--sheet`), read whole and named for messages (its path,
    /// or `IMAGE:BATTLE/RAMUZA.SPR`).
    ///
    /// # Errors
    /// A file that cannot be read, or is not in the image.
    pub fn read(&self, path: &Path, flag: &str) -> anyhow::Result<InputFile> {
        let Self::Disc(originals) = self else {
            return Ok(InputFile::new(path, read_input(path)?));
        };
        let name = path.to_string_lossy();
        originals.find(&name)?.ok_or_else(|| {
            let on_disk = if path.is_file() {
                format!(
                    "; with --disc, {flag} names a file in the image, not {} on disk",
                    path.display()
                )
            } else {
                String::new()
            };
            anyhow!("{}{on_disk}", originals.missing(&name))
        })
    }

    /// The file a document names (its SP2) beside `sheet`, read, if it is there; and where it
    /// was looked for. On disk: its name as written or the other naming, in the sheet's folder;
    /// in an image: in the folder `sheet` names, else the BATTLE folder.
    fn beside(&self, sheet: &Path, file: &str) -> anyhow::Result<(Option<InputFile>, Vec<String>)> {
        let Self::Disc(originals) = self else {
            let looked = beside(sheet, file);
            let found = match looked.iter().find(|p| p.is_file()) {
                Some(path) => Some(InputFile::new(path, read_input(path)?)),
                None => None,
            };
            return Ok((
                found,
                looked.iter().map(|p| p.display().to_string()).collect(),
            ));
        };
        let sheet = sheet.to_string_lossy();
        let name = match sheet.rsplit_once('/') {
            Some((folder, _)) => format!("{folder}/{file}"),
            None => file.to_owned(),
        };
        Ok((originals.find(&name)?, vec![originals.shown(&name)]))
    }
}

/// A document's sheets, read and checked, and what to say about them once drawing succeeds.
pub struct Sheets {
    pub sheet: SheetImage,
    pub sp2: Option<SheetImage>,
    /// `sheet   ...` and `sp2     ...` lines, printed only when the command goes on to succeed.
    pub lines: Vec<String>,
    /// Where an SP2 was looked for, when none was given or found (for the error that needs it).
    pub sp2_looked_for: Vec<String>,
    /// Where the sheets were read from, and the weapons sheet is read from.
    pub files: SheetFiles,
    /// The sheet's name in messages, and the given SP2's.
    sheet_name: String,
    sp2_name: Option<String>,
}

impl DrawingInput {
    /// Reads the sheet (and the SP2, given or found beside it) for `doc`, from the disk or the
    /// `--disc` image, printing nothing.
    ///
    /// # Errors
    /// An image that does not open, a sheet that cannot be read or is not a sheet (said as what
    /// it is).
    pub fn load(&self, doc: &Document) -> anyhow::Result<Sheets> {
        let files = match &self.disc {
            Some(image) => SheetFiles::Disc(Originals::open_disc(image)?),
            None => SheetFiles::Disk,
        };
        let sheet_file = files.read(&self.sheet, "--sheet")?;
        let sheet = load_sheet_bytes(&sheet_file.name, &sheet_file.bytes, self.palette)?;
        let mut lines = vec![format!(
            "sheet   {}",
            describe_sheet(&sheet_file.name, &sheet)
        )];
        let needs_sp2 = doc.draws_from_sp2();
        let mut sp2_looked_for = Vec::new();
        let mut sp2_name = None;
        let sp2_file = match (&self.sp2, &doc.sp2) {
            (Some(path), _) => {
                let given = files.read(path, "--sp2")?;
                sp2_name = Some(given.name.clone());
                Some((given, ""))
            }
            (None, Some(named)) if needs_sp2 => {
                let (found, looked) = files.beside(&self.sheet, &named.file)?;
                sp2_looked_for = looked;
                found.map(|file| (file, " (found beside the sheet)"))
            }
            _ => None,
        };
        let sp2 = match sp2_file {
            Some((file, how)) => {
                let colours = spr_colours(&sheet_file.bytes, self.palette.unwrap_or(0));
                let sp2 = load_sp2(&file.bytes, colours.as_ref())
                    .map_err(|e| describe_bad_sheet(&file.name, &file.bytes, e))?;
                lines.push(format!("sp2     {}{how}", describe_sheet(&file.name, &sp2)));
                sp2_looked_for.clear();
                Some(sp2)
            }
            None => None,
        };
        Ok(Sheets {
            sheet,
            sp2,
            lines,
            sp2_looked_for,
            files,
            sheet_name: sheet_file.name,
            sp2_name,
        })
    }

    /// A renderer of `doc` on its sheets.
    ///
    /// # Errors
    /// A sheet too small for the document's cells.
    pub fn renderer<'a>(
        &self,
        doc: &'a Document,
        sheets: &'a Sheets,
    ) -> anyhow::Result<Renderer<'a>> {
        let renderer = Renderer::new(doc, &sheets.sheet.image)
            .map_err(|error| self.failure(sheets, RenderFailure::mismatch(false, error)))?;
        match &sheets.sp2 {
            Some(sp2) => renderer
                .with_sp2(&sp2.image)
                .map_err(|error| self.failure(sheets, RenderFailure::mismatch(true, error))),
            None => Ok(renderer),
        }
    }

    /// A drawing error in words: an SP2 sequence without its SP2 says which file to give.
    pub fn explain(&self, sheets: &Sheets, error: RenderError) -> anyhow::Error {
        self.failure(sheets, RenderFailure::drawing(error))
    }

    /// A render's failure in words, naming these files: the document a drawing error is in, the
    /// sheet that does not fit it, the SP2 to give. (A request fault is the caller's to word.)
    pub fn failure(&self, sheets: &Sheets, failure: RenderFailure) -> anyhow::Error {
        let data = self.data.display();
        match failure {
            RenderFailure::Missing(error) if matches!(*error, RenderError::Sp2Needed { .. }) => {
                let looked = &sheets.sp2_looked_for;
                let looked = if looked.is_empty() {
                    String::new()
                } else {
                    format!(" (not found: {})", looked.join(", "))
                };
                anyhow!("{data}: {error}; give it with --sp2 FILE{looked}")
            }
            RenderFailure::Missing(error) | RenderFailure::Drawing(error) => {
                anyhow::Error::new(error).context(data.to_string())
            }
            RenderFailure::SheetMismatch { sp2: false, error } => anyhow::Error::new(error)
                .context(format!("{} does not fit {data}", sheets.sheet_name)),
            RenderFailure::SheetMismatch { sp2: true, error } => {
                let name = sheets.sp2_name.as_deref().unwrap_or("the SP2");
                anyhow::Error::new(error).context(format!("{name} does not fit {data}"))
            }
            other => anyhow!("{other}"),
        }
    }
}

/// Where a file the document names is looked for beside `sheet`: its name as written and the
/// other naming (disc `BEHI2.SP2` or the remaster's `battle_behi2_sp2.bin`), in any case.
fn beside(sheet: &Path, file: &str) -> Vec<PathBuf> {
    let folder = sheet.parent().unwrap_or(Path::new(""));
    let lower = file.to_ascii_lowercase();
    let other = match lower
        .strip_prefix("battle_")
        .and_then(|s| s.strip_suffix(".bin"))
    {
        Some(stem) => match stem.rsplit_once('_') {
            Some((name, ext)) => format!("{name}.{ext}").to_ascii_uppercase(),
            None => stem.to_ascii_uppercase(),
        },
        None => format!("battle_{}.bin", lower.replace('.', "_")),
    };
    let wanted = [file.to_owned(), other];
    let entries: Vec<PathBuf> = std::fs::read_dir(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    })
    .map(|dir| dir.flatten().map(|e| e.path()).collect())
    .unwrap_or_default();
    wanted
        .iter()
        .map(|name| {
            entries
                .iter()
                .find(|p| {
                    p.file_name()
                        .is_some_and(|f| f.to_string_lossy().eq_ignore_ascii_case(name))
                })
                .cloned()
                .unwrap_or_else(|| folder.join(name))
        })
        .collect()
}

/// Reads a sheet from its bytes: a PNG by its signature, else an SPR drawn with `palette`.
///
/// # Errors
/// An undecodable sheet (said as what the file is), a palette it does not have, or `--palette`
/// for a PNG.
fn load_sheet_bytes(
    shown: &str,
    bytes: &[u8],
    palette: Option<usize>,
) -> anyhow::Result<SheetImage> {
    let sheet = load_sheet(bytes, palette).map_err(|e| describe_bad_sheet(shown, bytes, e))?;
    if palette.is_some() && matches!(sheet.source, SheetSource::Png { .. }) {
        return Err(anyhow!(
            "{shown}: --palette chooses an SPR palette; a PNG sheet is drawn in its own colours"
        ));
    }
    Ok(sheet)
}

/// A sheet that does not load, said as what the file is when it is plainly something else (a
/// JSON document, an SHP or SEQ), else as the decoder's one line.
fn describe_bad_sheet(shown: &str, bytes: &[u8], error: RenderError) -> anyhow::Error {
    let what = match super::not_a_sprite_file(bytes) {
        Some(what) if !what.starts_with("a PNG") => Some(what.to_owned()),
        _ => fft_formats::detect_format(bytes)
            .filter(|k| *k != fft_formats::FileFormat::Spr)
            .map(|k| k.in_words().to_owned()),
    };
    match what {
        Some(what) => {
            anyhow!("{shown}: this is {what}, not a sheet (an SPR, or a PNG 256 pixels wide)")
        }
        None => anyhow::Error::new(error).context(shown.to_owned()),
    }
}

/// Describes a sheet in one line, named `shown`.
pub fn describe_sheet(shown: &str, sheet: &SheetImage) -> String {
    let what = match sheet.source {
        SheetSource::Spr {
            variant: fft_formats::spr::SprVariant::Sp2,
            ..
        } => "SP2, drawn with the sheet's palette".to_owned(),
        SheetSource::Spr { variant, palette } => format!("{variant} SPR, palette {palette}"),
        SheetSource::Png { indexed: true } => "indexed PNG".to_owned(),
        SheetSource::Png { indexed: false } => "PNG".to_owned(),
        SheetSource::HdPair { palette } => format!("HD pair, palette {palette} of its SPR"),
    };
    format!(
        "{shown} ({what}, {} x {})",
        sheet.image.width(),
        sheet.image.height()
    )
}
