//! What the drawing commands (`render`, `export-aseprite`) read besides the document: the flags
//! of the sheet, and the SP2 MON's SP2 sequences draw from (given, or found beside the sheet),
//! or for the remaster's HD sheet the SPR its colours come from, from the disk, a disc image or
//! `--originals` folders (read by `sprite_inputs::sheets`), and the words for a drawing error that
//! names these files.

use std::path::PathBuf;

use anyhow::anyhow;
use sprite_data::Document;
use sprite_inputs::locate::originals_folders;
use sprite_inputs::sheets::{SheetFiles, SheetRequest, Sheets, load_sheets};
use sprite_render::{RenderError, RenderFailure, Renderer};

/// What every drawing command reads: a document and the sheet to draw it from.
#[derive(Debug, clap::Args)]
pub struct DrawingInput {
    /// The document (tactics-sprite-data.json); for `render`, also a SAS set or pakd container.
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The sheet: an SPR, a PNG 256 wide in its layout, or an HD tex_N.bin (with --disc, a name in the image).
    #[arg(long, value_name = "SHEET")]
    pub sheet: PathBuf,

    /// The SP2 sheet MON's SP2 sequences draw from [default: the one the document names, beside --sheet]
    #[arg(long, value_name = "FILE")]
    pub sp2: Option<PathBuf>,

    /// Read --sheet, --sp2 and --weapon-sheet from your own disc image (.cue, .bin, .iso; docs/disc.md).
    #[arg(long, value_name = "IMAGE", conflicts_with = "originals")]
    pub disc: Option<PathBuf>,

    /// Read --sheet, --sp2 and --weapon-sheet by name from these folders (a remaster mod or install too); repeatable, a later one over an earlier one (docs/mods.md).
    #[arg(long, value_name = "DIR")]
    pub originals: Vec<PathBuf>,

    /// The SPR palette to draw with, the SP2's too (SPR sheets only) [default: 0]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::whole_number::<usize>)]
    pub palette: Option<usize>,

    /// The SPR an HD --sheet takes its colours from [default: its unit's by the table, beside it]
    #[arg(long, value_name = "SPR")]
    pub palettes_from: Option<PathBuf>,
}

impl DrawingInput {
    /// Reads the sheet (and the SP2, given or found beside it) for `doc`, from the disk or the
    /// `--disc` image, printing nothing.
    ///
    /// # Errors
    /// An image that does not open, a sheet that cannot be read or is not a sheet (said as what
    /// it is).
    pub fn load(&self, doc: &Document) -> sprite_inputs::Result<Sheets> {
        let files = match originals_folders(&self.originals)? {
            Some(originals) => SheetFiles::Originals(originals),
            None => SheetFiles::of(self.disc.as_deref())?,
        };
        let request = SheetRequest {
            sheet: &self.sheet,
            sp2: self.sp2.as_deref(),
            palette: self.palette,
            palettes_from: self.palettes_from.as_deref(),
        };
        load_sheets(files, request, doc)
    }

    /// A renderer of `doc` on its sheets, at the sheet's scale (twice the size from an HD pair).
    ///
    /// # Errors
    /// A sheet too small for the document's cells.
    pub fn renderer<'a>(
        &self,
        doc: &'a Document,
        sheets: &'a Sheets,
    ) -> anyhow::Result<Renderer<'a>> {
        let renderer = Renderer::new(doc, &sheets.sheet.image)
            .and_then(|renderer| renderer.with_sheet_scale(sheets.sheet.scale))
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
