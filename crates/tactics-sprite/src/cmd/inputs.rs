//! Where a command's game files are read from ([`GameFileArgs`]: `--disc IMAGE` or layered
//! `--originals DIR`, one definition for every command that names a game file), and what the
//! drawing commands (`render`, `export-aseprite`) read besides the document: the flags of the
//! sheet, and the SP2 MON's SP2 sequences draw from (given, or found beside the sheet), or for
//! the remaster's HD sheet the SPR its colours come from, from the disk, a disc image or
//! `--originals` folders (read by `sprite_inputs::sheets`), and the words for a drawing error
//! that names these files.

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use faults::Shown;
use sprite_data::Document;
use sprite_inputs::InputFile;
use sprite_inputs::game::GameRequest;
use sprite_inputs::locate::Originals;
use sprite_inputs::sheets::{SheetRequest, Sheets, load_sheets};
use sprite_render::{RenderError, RenderFailure, Renderer, TileSources};

/// `--disc IMAGE` or `--originals DIR ...`: where the game files a command names are read from.
/// The one definition every command that reads a game file flattens in, so that a name is looked
/// up the same way in each (docs/disc.md "How a name is looked up", docs/mods.md "Reading a mod: --originals").
#[derive(Debug, Clone, Default, clap::Args)]
pub struct GameFileArgs {
    /// Read the game files named from your own disc image (.cue, .bin, .img, .iso): a name it holds (RAMUZA.SPR, battle_ramuza_spr.bin, BATTLE/RAMUZA.SPR;1, any case) is its file, any other a file on disk, and so is a path with a folder that is on disk (docs/disc.md)
    #[arg(long, value_name = "IMAGE", conflicts_with = "originals")]
    pub disc: Option<PathBuf>,

    /// Read the game files named from this folder of loose files, or a mod or remaster folder with them in fftpack/unit/; repeatable, a later one over an earlier one; a bare name none holds, or a path with a folder (out/x.bin), is a file on disk (docs/mods.md)
    #[arg(long, value_name = "DIR")]
    pub originals: Vec<PathBuf>,

    /// Read the game files named from your own install of the remaster, straight from its .pac archives (the install's folder or its data/enhanced); --originals folders are layered over it, so a mod is read over your game (docs/remaster.md)
    #[arg(long, value_name = "DIR", conflicts_with = "disc")]
    pub game: Option<PathBuf>,

    /// With --game: the language whose archives (NNNN.LANG.pac) are read
    #[arg(long, value_name = "LANG", default_value = game_archive::install::DEFAULT_LANGUAGE, requires = "game", value_parser = super::game::language)]
    pub lang: String,
}

impl GameFileArgs {
    /// Where the files are read from: the image when one is given, else the `--originals`
    /// folders layered, else the disk.
    ///
    /// # Errors
    /// An image that does not open, a folder that is not there or cannot be walked.
    pub fn files(&self) -> sprite_inputs::Result<Originals> {
        let files = Originals::given(self.disc.as_deref(), &self.originals)?;
        for place in files.places() {
            if let sprite_inputs::locate::Place::Disc(disc) = place {
                crate::cmd::disc::say_disagreement(disc)?;
            }
        }
        match self.game_request() {
            Some(game) => Ok(files.over_game(game.open()?)),
            None => Ok(files),
        }
    }

    /// `--game DIR --lang L`, when `--game` is given.
    pub fn game_request(&self) -> Option<GameRequest> {
        self.game
            .as_ref()
            .map(|dir| GameRequest::new(dir, self.lang.as_str()))
    }

    /// The flag that names the places the files come from (`--disc`, `--originals`), if any.
    pub fn flag(&self) -> Option<&'static str> {
        if self.disc.is_some() {
            Some("--disc")
        } else if self.game.is_some() {
            Some("--game")
        } else if !self.originals.is_empty() {
            Some("--originals")
        } else {
            None
        }
    }

    /// The file `path` names, read whole ([`Originals::read`]).
    ///
    /// # Errors
    /// An image that does not open, a file that cannot be read or is not there.
    pub fn read(&self, path: &Path) -> sprite_inputs::Result<InputFile> {
        self.files()?.read(path)
    }
}

/// What every drawing command reads: a document and the sheet to draw it from.
#[derive(Debug, clap::Args)]
pub struct DrawingInput {
    /// The document (tactics-sprite-data.json); for `render`, also a SAS set or pakd container [default: the document of the kind that draws --sheet, built from --originals or the shipped one (docs/kinds.md)]
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,

    /// The sheet: an SPR, a PNG 256 wide in its layout, or an HD tex_N.bin (with --disc, a name in the image).
    #[arg(long, value_name = "SHEET")]
    pub sheet: PathBuf,

    /// The SP2 sheet MON's SP2 sequences draw from [default: the one the document names, beside --sheet]
    #[arg(long, value_name = "FILE")]
    pub sp2: Option<PathBuf>,

    #[command(flatten)]
    pub game: GameFileArgs,

    /// The SPR palette to draw with, the SP2's too (SPR sheets only) [default: 0]
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = super::whole_number::<usize>)]
    pub palette: Option<usize>,

    /// The SPR an HD --sheet takes its colours from [default: its unit's by the table, beside it, else in --originals or --disc]
    #[arg(long, value_name = "SPR")]
    pub palettes_from: Option<PathBuf>,

    /// Ramza's HD pairs: the CharCLUT row of his chapter to colour with, 0 the game's own, 1-3 alternates [default: 0]
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub variant: Option<i32>,

    /// Ramza's HD pairs: the charclut.nxd to colour from [default: beside the pair, or nxd/charclut.nxd in --originals or --game]
    #[arg(long, value_name = "FILE")]
    pub charclut: Option<PathBuf>,
}

impl DrawingInput {
    /// The document's bytes and its name in messages: `--data`'s, or without it the document of
    /// the kind that draws `--sheet` ([`sprite_inputs::kind_document`]), built from the
    /// `--originals` when they hold the kind's pair, else the shipped one.
    ///
    /// # Errors
    /// A document that cannot be read; a sheet no kind is known for, without `--data`.
    pub fn document(&self) -> sprite_inputs::Result<(Vec<u8>, String)> {
        match &self.data {
            Some(data) => Ok((
                sprite_inputs::documents::read_document_bytes(data)?,
                Shown(data).to_string(),
            )),
            None => {
                let found = sprite_inputs::kind_document::document_for_sheet(
                    &self.sheet,
                    &self.game.files()?,
                )?;
                Ok((found.bytes, found.name))
            }
        }
    }

    /// The document's name in messages: `--data` as given, else the kind's document's.
    pub fn document_name(&self) -> String {
        match &self.data {
            Some(data) => Shown(data).to_string(),
            None => match sprite_inputs::kind_document::kind_of_sheet_file(&self.sheet) {
                Some(kind) => format!("the {kind} document"),
                None => "the document".to_owned(),
            },
        }
    }

    /// Where the layer documents are looked for beside: `--data`, else the sheet.
    pub fn data_path(&self) -> &Path {
        self.data.as_deref().unwrap_or(&self.sheet)
    }

    /// Reads the sheet (and the SP2, given or found beside it) for `doc`, from the disk, the
    /// `--disc` image or the `--originals` folders, printing nothing.
    ///
    /// # Errors
    /// An image that does not open, a sheet that cannot be read or is not a sheet (said as what
    /// it is).
    pub fn load(&self, doc: &Document) -> sprite_inputs::Result<Sheets> {
        let files = self.game.files()?;
        let request = SheetRequest {
            sheet: &self.sheet,
            sp2: self.sp2.as_deref(),
            palette: self.palette,
            palettes_from: self.palettes_from.as_deref(),
            variant: self.variant,
            charclut: self.charclut.as_deref(),
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
        art_of(sheets)
            .renderer(doc)
            .map_err(|failure| self.failure(sheets, failure))
    }

    /// A drawing error in words: an SP2 sequence without its SP2 says which file to give.
    pub fn explain(&self, sheets: &Sheets, error: RenderError) -> anyhow::Error {
        self.failure(sheets, RenderFailure::drawing(error))
    }

    /// A render's failure in words, naming these files: the document a drawing error is in, the
    /// sheet that does not fit it, the SP2 to give. (A request fault is the caller's to word.)
    pub fn failure(&self, sheets: &Sheets, failure: RenderFailure) -> anyhow::Error {
        let data = self.document_name();
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
            other => anyhow::Error::new(other),
        }
    }
}

/// The art `sheets` give a render: the sheet and the SP2 at the sheet's scale, no weapon.
pub fn art_of(sheets: &Sheets) -> TileSources<'_> {
    TileSources::of(&sheets.sheet, sheets.sp2.as_ref())
}
