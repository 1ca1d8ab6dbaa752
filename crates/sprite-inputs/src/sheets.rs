//! The pictures a document is drawn from, found and read: a unit's sheet and the SP2 its MON
//! sequences draw from, from the disk, a disc image or folders ([`Originals`], [`load_sheets`]);
//! the sheets a server draws each kind from ([`Sheet`], [`find_sheets`]); the weapons sheet
//! `WEP.SPR` ([`WeaponSheet`]); and a SAS set's PNG sheet ([`SasSheet`]). A unit's sheet may be
//! the remaster's HD pair, given by either of its files (read by [`crate::hd`]).

use std::path::Path;
use std::sync::Arc;

use bytes::Bytes;
use faults::Shown;
use faults::Words;
use fft_formats::spr::{Spr, SprVariant};
use sprite_data::Document;
use sprite_data::layer::WEAPONS_SHEET;
use sprite_render::compose::SP2_FROM_ROW;
use sprite_render::encode::png_rgba;
use sprite_render::sheet::{
    PNG_SIGNATURE, SheetImage, SheetSource, load_hd_sheet_coloured, load_sheet, load_sp2,
    rgb_colours, spr_colours, synthetic_sheet,
};
use sprite_render::{Image, RenderError};

use crate::charclut;
use crate::error::{Error, Result};
use crate::hd::{HdPairFiles, HdPalettes, hd_sp2_file, hd_sp2_image, is_hd_input};
use crate::locate::{Found, Originals};
use crate::names::hd::{sp2_of_pair, tex_file_name};
use crate::read::{InputFile, read_container};
use crate::sniff::not_a_sprite_file;

/// A document's sheets, read and checked, and what to say about them once drawing succeeds.
pub struct Sheets {
    pub sheet: SheetImage,
    pub sp2: Option<SheetImage>,
    /// `sheet   ...` and `sp2     ...` lines, printed only when the command goes on to succeed.
    pub lines: Vec<String>,
    /// Where an SP2 was looked for, when none was given or found (for the error that needs it).
    pub sp2_looked_for: Vec<String>,
    /// Where the sheets were read from, and the weapons sheet is read from.
    pub files: Originals,
    /// The sheet's name in messages.
    pub sheet_name: String,
    /// The given SP2's name in messages.
    pub sp2_name: Option<String>,
}

/// What to read a document's sheets from: the sheet, the SP2 when one is given, the palette to
/// draw with, and for the remaster's HD sheet the SPR its colours come from when it is given.
#[derive(Debug, Clone, Copy)]
pub struct SheetRequest<'a> {
    pub sheet: &'a Path,
    pub sp2: Option<&'a Path>,
    pub palette: Option<usize>,
    /// `--palettes-from`: the SPR an HD pair is coloured with [default: its unit's by the
    /// table, beside the pair or in the image].
    pub palettes_from: Option<&'a Path>,
    /// `--variant`: the CharCLUT row (a Ramza pair's chapter, this) it is drawn with [default:
    /// 0, the game's own colours].
    pub variant: Option<i32>,
    /// `--charclut`: the `charclut.nxd` a Ramza pair is coloured from [default: found as every
    /// game file is, [`crate::charclut::find`]].
    pub charclut: Option<&'a Path>,
}

/// Reads the sheet (and the SP2, given or found beside it when a sequence of `doc` draws from
/// one) from `files`, printing nothing.
///
/// # Errors
/// A sheet that cannot be read or is not a sheet (said as what it is), a palette it does not
/// have, `--palette` for a PNG.
pub fn load_sheets(files: Originals, request: SheetRequest, doc: &Document) -> Result<Sheets> {
    let file_name = request
        .sheet
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // A bare tex name is found in the HD sheet folders below the `--originals` folders, as
    // every name is found ([`Originals::read_found`]); its other half and its SPR beside it.
    let found = files.read_found(request.sheet)?;
    if is_hd_input(&file_name, found.file.bytes.len()) {
        return load_hd_sheets(files, request, found, doc);
    }
    let sheet_file = found.file;
    if request.palettes_from.is_some() {
        let shown = sheet_file.name;
        return Err(Error::file(Words::new(move |s| {
            format!(
                "{shown}: {} colours the remaster's HD sheet (tex_N.bin), and this is not one; \
                 an SPR sheet is drawn with its own palettes ({})",
                s.name("palettes-from"),
                s.given("palette", &"N")
            )
        })));
    }
    let sheet = load_sheet_bytes(&sheet_file.name, &sheet_file.bytes, request.palette)?;
    let mut lines = vec![format!(
        "sheet   {}",
        describe_sheet(&sheet_file.name, &sheet)
    )];
    let needs_sp2 = doc.draws_from_sp2();
    let mut sp2_looked_for = Vec::new();
    let mut sp2_name = None;
    let sp2_file = match (request.sp2, &doc.sp2) {
        (Some(path), _) => {
            let given = files.read(path)?;
            sp2_name = Some(given.name.clone());
            Some((given, ""))
        }
        (None, Some(named)) if needs_sp2 => {
            let (found, looked) = files.beside(request.sheet, &named.file)?;
            sp2_looked_for = looked;
            found.map(|file| (file, " (found beside the sheet)"))
        }
        _ => None,
    };
    let sp2 = match sp2_file {
        Some((file, how)) => {
            let sp2 =
                load_sp2_coloured(&sheet_file.bytes, &file.name, &file.bytes, request.palette)?;
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

/// The remaster's HD pair of which `given` is a half, the other half read from beside it on
/// disk or from the place that held it ([`HdPairFiles::of_found`]), drawn with the palettes of
/// its SPR ([`HdPalettes::find`]); and, when a sequence of `doc` draws from an SP2, the SP2 at
/// twice the size (`--sp2`, else the one the HD table gives the pair's monster, beside the pair),
/// in the same colours.
///
/// # Errors
/// As [`HdPairFiles::beside`] and [`HdPalettes::find`]; an SP2 that is no SP2 at twice the size.
fn load_hd_sheets(
    files: Originals,
    request: SheetRequest,
    given: Found,
    doc: &Document,
) -> Result<Sheets> {
    let sp2_given = match request.sp2 {
        Some(path) => Some(files.read(path)?),
        None => None,
    };
    // Beside a file on disk: its folder; an install's entry has none (its SPR is the install's).
    let folder = given.folder().map(Path::to_path_buf);
    let pair = HdPairFiles::of_found(&files, given.clone())?;
    let palettes_given = match request.palettes_from {
        Some(path) => Some(files.read(path)?),
        None => None,
    };
    let originals = files.if_any();
    let folder = folder.as_deref();
    let unit = pair.pair.map_or_else(
        || "numbers the HD table does not list".to_owned(),
        |p| p.to_string(),
    );
    let variant = request.variant.unwrap_or(charclut::DEFAULT_VARIANT);
    let ramza = match &palettes_given {
        Some(_) => None,
        None => charclut::find(
            pair.pair,
            variant,
            folder.unwrap_or(Path::new("")),
            request.charclut,
            originals,
        )?,
    };
    let (sheet, colours, mut lines) = match ramza {
        Some(ramza) => {
            let source = SheetSource::HdCharClut {
                chapter: ramza.chapter,
                variant: ramza.variant,
            };
            let sheet = load_hd_sheet_coloured(
                &pair.upper.bytes,
                &pair.lower.bytes,
                &ramza.colours,
                source,
            )
            .map_err(|e| Error::from(e).in_context(pair.names()))?;
            let colours = format!(
                "colours {} row ({}, {}) ({}; the pair is {unit}, coloured by the enhanced game's \
                 CharCLUT)",
                ramza.file, ramza.chapter, ramza.variant, ramza.how
            );
            (sheet, rgb_colours(&ramza.colours), vec![colours])
        }
        None => {
            let palettes = HdPalettes::find(&pair, folder, palettes_given, originals)?;
            let sheet = pair.sheet(&palettes, request.palette)?;
            let mut lines = vec![format!(
                "colours {} ({}; the pair is {unit})",
                palettes.file.name, palettes.how
            )];
            if pair.pair.and_then(charclut::chapter_of).is_some() && request.palettes_from.is_none()
            {
                lines.push(charclut::not_found_note());
            }
            // The pair drew with this palette, so the SPR has it.
            let colours = spr_colours(&palettes.file.bytes, request.palette.unwrap_or(0))
                .unwrap_or([[0; 4]; 16]);
            (sheet, colours, lines)
        }
    };
    lines.insert(
        0,
        format!("sheet   {}", describe_sheet(&pair.names(), &sheet)),
    );
    let mut sp2_looked_for = Vec::new();
    let sp2_single = pair.pair.and_then(sp2_of_pair);
    let sp2_file = match (sp2_given, sp2_single) {
        (Some(file), single) => {
            let what = single.map_or("an SP2", |s| s.what.name());
            Some((hd_sp2_file(file, what)?, ""))
        }
        (None, Some(single)) if doc.draws_from_sp2() => {
            let (found, looked) = files.beside_found(&given, &tex_file_name(single.number))?;
            sp2_looked_for.push(looked);
            match found {
                Some(file) => Some((
                    hd_sp2_file(file, single.what.name())?,
                    " (found beside the pair by the HD table)",
                )),
                None => None,
            }
        }
        _ => None,
    };
    let palette = request.palette.unwrap_or(0);
    let sp2 = match sp2_file {
        Some((file, how)) => {
            let sp2 = hd_sp2_image(&file, &colours, palette)?;
            lines.push(format!("sp2     {}{how}", describe_sheet(&file.name, &sp2)));
            sp2_looked_for.clear();
            Some((sp2, file.name))
        }
        None => None,
    };
    let (sp2, sp2_name) = sp2.unzip();
    Ok(Sheets {
        sheet,
        sp2,
        lines,
        sp2_looked_for,
        files,
        sheet_name: pair.names(),
        sp2_name: sp2_name.filter(|_| request.sp2.is_some()),
    })
}

/// Reads a sheet from its bytes: a PNG by its signature, else an SPR drawn with `palette`.
///
/// # Errors
/// An undecodable sheet (said as what the file is); the request's fault, about its parameter
/// `palette`, for a `palette` the sheet does not have or one asked of a PNG: the same sheet
/// answers a corrected request.
pub fn load_sheet_bytes(shown: &str, bytes: &[u8], palette: Option<usize>) -> Result<SheetImage> {
    let sheet = load_sheet(bytes, palette).map_err(|e| match e {
        RenderError::PaletteOutOfRange { .. } if palette.is_some() => {
            Error::input("palette", format!("{shown}: {e}"))
        }
        e => describe_bad_sheet(shown, bytes, e),
    })?;
    if palette.is_some() && matches!(sheet.source, SheetSource::Png { .. }) {
        let shown = shown.to_owned();
        return Err(Error::input(
            "palette",
            Words::new(move |s| {
                format!(
                    "{shown}: {} chooses an SPR palette; a PNG sheet is drawn in its own colours",
                    s.name("palette")
                )
            }),
        ));
    }
    Ok(sheet)
}

/// An SP2 drawn in its base sheet's colours, the one rule for it: an SP2 file has no palette of
/// its own and takes palette `palette` (0 when `None`) of the base sheet's SPR, `sheet` (an SP2
/// given as a PNG is in its own colours); `sp2_name` names it in messages.
///
/// # Errors
/// An SP2 that does not load (said as what the file is, [`describe_bad_sheet`]), or an SP2 file
/// whose base sheet gives it no colours.
pub fn load_sp2_coloured(
    sheet: &[u8],
    sp2_name: &str,
    sp2: &[u8],
    palette: Option<usize>,
) -> Result<SheetImage> {
    let colours = spr_colours(sheet, palette.unwrap_or(0));
    load_sp2(sp2, colours.as_ref()).map_err(|e| describe_bad_sheet(sp2_name, sp2, e))
}

/// A sheet that does not load, said as what the file is when it is plainly something else (a
/// JSON document, an SHP or SEQ), else as the decoder's one line.
pub fn describe_bad_sheet(shown: &str, bytes: &[u8], error: RenderError) -> Error {
    let what = match not_a_sprite_file(bytes) {
        Some(what) if !what.starts_with("a PNG") => Some(what),
        _ => fft_formats::detect_format(bytes)
            .filter(|k| *k != fft_formats::FileFormat::Spr)
            .map(|k| k.in_words().to_owned()),
    };
    match what {
        Some(what) => Error::file(format!(
            "{shown}: this is {what}, not a sheet (an SPR, or a PNG 256 pixels wide)"
        )),
        None => Error::from(error).in_context(shown),
    }
}

/// Describes a sheet in one line, named `shown`.
pub fn describe_sheet(shown: &str, sheet: &SheetImage) -> String {
    let what = match sheet.source {
        SheetSource::Spr {
            variant: SprVariant::Sp2,
            ..
        } => "SP2, drawn with the sheet's palette".to_owned(),
        SheetSource::Spr { variant, palette } => format!("{variant} SPR, palette {palette}"),
        SheetSource::Png { indexed: true } => "indexed PNG".to_owned(),
        SheetSource::Png { indexed: false } => "PNG".to_owned(),
        SheetSource::HdPair { palette } => format!("HD pair, palette {palette} of its SPR"),
        SheetSource::HdCharClut { chapter, variant } => {
            format!("HD pair, CharCLUT row ({chapter}, {variant})")
        }
        SheetSource::HdSp2 { palette } => {
            format!("SP2 at twice the size, palette {palette} of its SPR")
        }
    };
    format!(
        "{shown} ({what}, {} x {})",
        sheet.image.width(),
        sheet.image.height()
    )
}

/// The sheet a served kind is drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sheet {
    /// An SPR file (drawn with any of its palettes; an SP2 with its main sheet's).
    Spr {
        file: String,
        bytes: Vec<u8>,
        palettes: usize,
    },
    /// A PNG in the sheet's layout, drawn in its own colours.
    Png { file: String, bytes: Vec<u8> },
    /// No sheet was found: a made-up one, each cell a coloured rectangle (as a PNG).
    Synthetic { bytes: Vec<u8> },
}

impl Sheet {
    /// The sheet's bytes, as `--sheet` would read them.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Sheet::Spr { bytes, .. } | Sheet::Png { bytes, .. } | Sheet::Synthetic { bytes } => {
                bytes
            }
        }
    }

    /// The file's name in messages; for a made-up sheet, what it is.
    pub fn name(&self) -> &str {
        match self {
            Sheet::Spr { file, .. } | Sheet::Png { file, .. } => file,
            Sheet::Synthetic { .. } => "the synthetic sheet",
        }
    }

    /// The sheet drawn with `palette`, as `--sheet FILE [--palette N]` reads it
    /// ([`load_sheet_bytes`]).
    ///
    /// # Errors
    /// As [`load_sheet_bytes`].
    pub fn image(&self, palette: Option<usize>) -> Result<SheetImage> {
        load_sheet_bytes(self.name(), self.bytes(), palette)
    }

    /// `sp2`, this sheet's second sheet, drawn in this sheet's colours with `palette`, as
    /// `--sp2 FILE [--palette N]` reads it ([`load_sp2_coloured`]).
    ///
    /// # Errors
    /// As [`load_sp2_coloured`].
    pub fn sp2_image(&self, sp2: &Sheet, palette: Option<usize>) -> Result<SheetImage> {
        load_sp2_coloured(self.bytes(), sp2.name(), sp2.bytes(), palette)
    }

    /// How many palettes `palette=` can choose from (0: the sheet has its own colours).
    pub fn palettes(&self) -> usize {
        match self {
            Sheet::Spr { palettes, .. } => *palettes,
            _ => 0,
        }
    }

    /// One line on the sheet.
    pub fn describe(&self) -> String {
        match self {
            Sheet::Spr {
                file, palettes: 0, ..
            } => {
                format!("{file} (an SP2, drawn with its sheet's palettes)")
            }
            Sheet::Spr { file, palettes, .. } => format!("{file} ({palettes} palettes)"),
            Sheet::Png { file, .. } => format!("{file} (PNG)"),
            Sheet::Synthetic { .. } => "a synthetic sheet (no sheet file found)".to_owned(),
        }
    }

    /// The made-up sheet of a document, as a PNG.
    ///
    /// # Errors
    /// None in practice (a PNG of a sheet-sized picture).
    pub fn synthetic(doc: &Document) -> Result<Sheet> {
        let bytes = png_rgba(&synthetic_sheet(doc))
            .map_err(|e| Error::from(e).in_context("encoding the synthetic sheet"))?;
        Ok(Sheet::Synthetic { bytes })
    }

    /// A made-up SP2 for a document drawn from a synthetic sheet: its SP2 cells (rows 256 and
    /// down of the document's cell layout) painted as [`Sheet::synthetic`] paints cells.
    ///
    /// # Errors
    /// None in practice (a PNG of a sheet-sized picture).
    pub fn synthetic_sp2(doc: &Document) -> Result<Sheet> {
        let height = doc.sp2.as_ref().map_or(256, |s| s.height);
        let mut tall = doc.clone();
        tall.sheet.height = SP2_FROM_ROW + height;
        let image =
            synthetic_sheet(&tall).crop(0, i64::from(SP2_FROM_ROW), tall.sheet.width, height);
        let bytes = png_rgba(&image)
            .map_err(|e| Error::from(e).in_context("encoding the synthetic SP2"))?;
        Ok(Sheet::Synthetic { bytes })
    }

    /// The sheet in `file` as one of many listed (a served kind's other sheets, `sheet=`): a PNG
    /// by its signature, else an SPR whose palettes are counted from its size
    /// ([`Spr::palette_count_of_len`]) and whose pixels are decoded only when it is drawn, so
    /// that serving every sheet of a game folder costs reading them and no more. One that does
    /// not decode is refused then, naming it.
    pub fn listed(file: InputFile) -> Sheet {
        let InputFile { name, bytes } = file;
        if bytes.starts_with(&PNG_SIGNATURE) {
            return Sheet::Png { file: name, bytes };
        }
        Sheet::Spr {
            file: name,
            palettes: Spr::palette_count_of_len(bytes.len()),
            bytes,
        }
    }

    /// The sheet in `file`: a PNG by its signature, else an SPR that decodes.
    ///
    /// # Errors
    /// Bytes that are neither a PNG nor an SPR that decodes.
    pub fn from_file(file: InputFile) -> Result<Sheet> {
        let InputFile { name, bytes } = file;
        if bytes.starts_with(&PNG_SIGNATURE) {
            return Ok(Sheet::Png { file: name, bytes });
        }
        let spr = Spr::decode(&bytes).map_err(|e| {
            Error::from(e)
                .in_context("not an SPR sheet")
                .in_context(&name)
        })?;
        Ok(Sheet::Spr {
            file: name,
            palettes: spr.palettes.len(),
            bytes,
        })
    }
}

/// The document's `sheet.file` in `sheets` (a folder, by its disc name or the remaster's name,
/// any case; or a disc image's `BATTLE` folder), else a synthetic sheet; and its `sp2.file` there
/// when some sequence draws from it (as `tactics-sprite render` looks for it), made up too with
/// a synthetic sheet.
///
/// # Errors
/// A sheet file that is there but cannot be read or decoded.
pub fn find_sheets(
    sheets: Option<&Originals>,
    document: &Document,
) -> Result<(Sheet, Option<Sheet>)> {
    let needs_sp2 = document.draws_from_sp2();
    let sp2_file = document.sp2.as_ref().filter(|_| needs_sp2).map(|s| &s.file);
    let found = |file: &str| -> Result<Option<InputFile>> {
        match sheets {
            Some(sheets) => sheets.locate(file),
            None => Ok(None),
        }
    };
    let Some(sheet) = found(&document.sheet.file)? else {
        let sp2 = match sp2_file {
            Some(_) => Some(Sheet::synthetic_sp2(document)?),
            None => None,
        };
        return Ok((Sheet::synthetic(document)?, sp2));
    };
    let sheet = Sheet::from_file(sheet)?;
    let sp2 = match sp2_file.map(|file| found(file)).transpose()?.flatten() {
        Some(sp2) => Some(Sheet::from_file(sp2)?),
        None => None,
    };
    Ok((sheet, sp2))
}

/// The weapons sheet, WEP.SPR (`battle_wep_spr.bin` in the remaster), decoded.
#[derive(Debug, Clone)]
pub struct WeaponSheet {
    /// Where it was read from, for the start-up report.
    pub file: String,
    pub spr: Spr,
}

impl WeaponSheet {
    /// Reads the weapons sheet at `path`.
    ///
    /// # Errors
    /// A file that cannot be read, is not an SPR, or is another sheet than the weapons sheet.
    pub fn read(path: &Path) -> Result<WeaponSheet> {
        WeaponSheet::decode(InputFile::read(path)?)
    }

    /// The weapons sheet in `file`.
    ///
    /// # Errors
    /// Bytes that are not an SPR, or another sheet than the weapons sheet.
    pub fn decode(file: InputFile) -> Result<WeaponSheet> {
        let spr = Spr::decode(&file.bytes).map_err(|e| {
            Error::from(e)
                .in_context("not an SPR sheet")
                .in_context(&file.name)
        })?;
        if spr.variant != SprVariant::Weapons {
            let error = RenderError::NotWeaponsSheet {
                variant: spr.variant,
            };
            return Err(Error::from(error).in_context(&file.name));
        }
        Ok(WeaponSheet {
            file: file.name,
            spr,
        })
    }

    /// The weapons sheet in the first of `places` that has it (a folder, by its disc or
    /// remaster name; a disc image's `BATTLE` folder).
    ///
    /// # Errors
    /// A weapons sheet that is there but does not read ([`WeaponSheet::decode`]).
    pub fn find(places: &[Originals]) -> Result<Option<WeaponSheet>> {
        for place in places {
            if let Some(file) = place.locate(WEAPONS_SHEET)? {
                return WeaponSheet::decode(file).map(Some);
            }
        }
        Ok(None)
    }
}

/// A PNG sheet of a SAS set (any size up to `sprite_render::sas::MAX_SHEET_SIDE`), its bytes as
/// `sheet.png` sends them and the picture renders are drawn from, decoded once when it is read
/// and shared by every set drawn from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SasSheet {
    /// The file's name without its folder (`sheet.file` of the served document).
    pub file: String,
    pub bytes: Bytes,
    pub image: Arc<Image>,
}

impl SasSheet {
    /// Reads and checks the PNG sheet at `path`, as `render --sheet` and `serve --sas-sheet`
    /// read it.
    ///
    /// # Errors
    /// A file that cannot be read, is not a PNG, is too large or does not decode.
    pub fn read(path: &Path) -> Result<SasSheet> {
        let shown = Shown(&path).to_string();
        let bytes = read_container(path)?;
        let image = sprite_render::sas::sas_sheet(&bytes)
            .map_err(|e| Error::file(e.to_string()).in_context(&shown))?;
        let file = path
            .file_name()
            .map_or(shown, |n| n.to_string_lossy().into_owned());
        Ok(SasSheet {
            file,
            bytes: Bytes::from(bytes),
            image: Arc::new(image),
        })
    }
}
