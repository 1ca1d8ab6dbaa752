//! `sheet` for the remaster's HD sheet (docs/remaster.md "Sheet pictures of a pair"): `sheet
//! export tex_N.bin` writes the pair as an indexed 512 x 976 PNG, `sheet import` reads such a
//! picture (painted or not) back into the pair's two files, and `sheet upscale SPR -o tex_N.bin`
//! writes a pair from a PlayStation sheet at twice its size (nearest neighbour).
//!
//! The pair is found from either of its files ([`HdPairFiles::beside`]) and coloured by its
//! unit's SPR (`--palettes-from`, else by the HD table beside it or in the originals); a bare
//! tex name, and the names `--palettes-from` and `--like` give, are found as every name is
//! ([`Originals::read_found`]: a bare tex name in the `--originals` folders' HD sheet folders).
//! The two files written are named by `-o` (`tex_992.bin` or `tex_993.bin`: the pair by the
//! table, else N and N + 1), each written atomically once both are made, so a refusal writes
//! nothing.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use faults::Shown;
use fft_formats::hd::{HdFiles, HdHalf, HdSheet, HdSp2};
use fft_formats::nxd::{COLOURS, CharClut, Rgb};
use fft_formats::spr::{Spr, SprVariant};
use sprite_data::output::write_atomically;
use sprite_inputs::hd::{HdPairFiles, HdPalettes, hd_sp2_file, pair_written_as};
use sprite_inputs::locate::{Found, Originals};
use sprite_inputs::names::hd::{
    HdSingle, SINGLES, Single, pair_of_sp2, pair_of_unit, single_of_sp2, single_of_tex, tex_number,
    unit_of_tex,
};
use sprite_inputs::{charclut, ramza_palette};
use sprite_render::RenderError;
use sprite_render::encode::png_indexed;
use sprite_render::hd_png::{self, ImportOptions};
use sprite_render::sheet::check_palette;
use sprite_render::sheet::hd_palettes;
use sprite_render::spr_png::PixelSource;

use super::{Failure, Outcome, read_input};

/// The width of an HD pair's picture: a PNG this wide is imported as a pair.
pub const PICTURE_WIDTH: u32 = fft_formats::hd::WIDTH as u32;

/// The pair `given` (either of its files, found in `files` as every name is) is part of,
/// decoded, and the palettes that colour it.
///
/// # Errors
/// As [`HdPairFiles::beside`] and [`HdPalettes::find`]; palettes from a file that is no SPR.
fn read_pair(
    files: &Originals,
    given: Found,
    palettes_from: Option<&Path>,
) -> anyhow::Result<(HdPairFiles, HdSheet, Spr, String)> {
    // A file on disk has its other half beside it; an install's, in the install.
    let folder = given.folder().map(Path::to_path_buf);
    let pair = HdPairFiles::of_found(files, given)?;
    let sheet = pair.decode()?;
    let (spr, how) = read_palettes(files, &pair, folder.as_deref(), palettes_from)?;
    Ok((pair, sheet, spr, how))
}

/// The SPR whose palettes colour `pair`: `palettes_from` (found in `files`), else its unit's
/// beside the pair in `folder` when it is on disk, else in `files`.
fn read_palettes(
    files: &Originals,
    pair: &HdPairFiles,
    folder: Option<&Path>,
    palettes_from: Option<&Path>,
) -> anyhow::Result<(Spr, String)> {
    let file = palettes_from.map(|p| files.read(p)).transpose()?;
    let palettes = HdPalettes::find(pair, folder, file, files.if_any())?;
    let spr = palettes.decode()?;
    Ok((spr, format!("{} ({})", palettes.file.name, palettes.how)))
}

/// `sheet export tex_N.bin -o OUT.png`: the pair as `sheet` writes an SPR, drawn with palette
/// `palette` (0 by default) of its SPR, the 16 palettes in the picture's chunk; one of Ramza's
/// pairs in the colours of CharCLUT's row for its chapter and `variant` when `charclut.nxd` is
/// found (given, beside the pair, in the originals), as the enhanced game draws him.
///
/// # Errors
/// A pair that cannot be found or read, palettes that cannot be found or are no SPR's, a
/// palette the SPR does not have, a charclut.nxd that does not decode or lacks the row, an
/// output that cannot be written.
pub fn export(files: &Originals, file: Found, out: &Path, colours: &ExportColours) -> Outcome {
    let given_path = file.path.clone();
    let (pair, sheet, spr, how) = read_pair(files, file, colours.palettes_from)?;
    let palette = colours.palette.unwrap_or(0);
    let ramza = match colours.palettes_from {
        Some(_) => None,
        None => {
            let path = given_path.unwrap_or_default();
            let folder = path.parent().unwrap_or(Path::new(""));
            let variant = colours.variant.unwrap_or(charclut::DEFAULT_VARIANT);
            charclut::find(pair.pair, variant, folder, colours.charclut, files.if_any())?
        }
    };
    let png = match &ramza {
        Some(ramza) => hd_png::export_in_colours(&sheet, &spr, palette, &ramza.colours),
        None => hd_png::export(&sheet, &spr, palette),
    }
    .with_context(|| pair.names())?;
    write_atomically(out, &png).with_context(|| format!("{}: cannot write", Shown(&out)))?;
    println!("sheet   {}  HD pair, 512 x 976", pair.names());
    match &ramza {
        Some(ramza) => {
            println!(
                "colours {} row ({}, {}) ({}; coloured by the enhanced game's CharCLUT)",
                ramza.file, ramza.chapter, ramza.variant, ramza.how
            );
            println!("chunk   the palettes of {how}");
        }
        None => {
            println!("colours palette {palette} of {how}");
            if pair.pair.and_then(charclut::chapter_of).is_some() && colours.palettes_from.is_none()
            {
                println!("{}", charclut::not_found_note());
            }
        }
    }
    println!(
        "wrote   {} (the pair, indexed, all 16 palettes in its spPl chunk; {} bytes)",
        Shown(&out),
        png.len()
    );
    Ok(())
}

/// `sheet export tex_1132.bin -o OUT.png`: a monster's SP2 at twice the size as an indexed
/// 512 x 512 PNG, its PLTE palette `palette` (0 by default) of its monster's SPR (found as a
/// pair's is: `--palettes-from`, else beside it, else in the originals).
///
/// # Errors
/// A file of another size than 131,072 bytes; palettes that cannot be found or are no SPR's, a
/// palette the SPR does not have; `--variant` or `--charclut` (Ramza's, no monster's); an output
/// that cannot be written.
pub fn export_sp2(
    files: &Originals,
    file: Found,
    single: HdSingle,
    out: &Path,
    colours: &ExportColours,
) -> Outcome {
    if colours.variant.is_some() || colours.charclut.is_some() {
        return Err(Failure::usage(
            "sheet",
            format!(
                "--variant and --charclut choose Ramza's colours; {} is {} at twice the size, a \
                 monster's",
                file.file.name,
                single.what.name()
            ),
        ));
    }
    let folder = file.folder().map(Path::to_path_buf);
    let sp2_file = hd_sp2_file(file.file, single.what.name())?;
    let sp2 = HdSp2::decode(&sp2_file.bytes).with_context(|| sp2_file.name.clone())?;
    let given = colours.palettes_from.map(|p| files.read(p)).transpose()?;
    let palettes = HdPalettes::find_for(
        pair_of_sp2(single),
        &sp2_file.name,
        folder.as_deref(),
        given,
        files.if_any(),
    )?;
    let spr = palettes.decode()?;
    let palette = colours.palette.unwrap_or(0);
    check_palette(&spr, palette).with_context(|| palettes.file.name.clone())?;
    let png = png_indexed(
        fft_formats::hd::WIDTH as u32,
        fft_formats::hd::SP2_HEIGHT as u32,
        &sp2.pixels,
        &spr.palette_rgba(palette),
    )
    .with_context(|| sp2_file.name.clone())?;
    write_atomically(out, &png).with_context(|| format!("{}: cannot write", Shown(&out)))?;
    println!(
        "sheet   {}  {} at twice the size, 512 x 512",
        sp2_file.name,
        single.what.name()
    );
    println!(
        "colours palette {palette} of {} ({})",
        palettes.file.name, palettes.how
    );
    println!("wrote   {} (indexed, {} bytes)", Shown(&out), png.len());
    Ok(())
}

/// What colours `sheet export` of a pair: `--palette`, `--palettes-from`, and for Ramza's pairs
/// `--variant` and `--charclut`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExportColours<'a> {
    pub palette: Option<usize>,
    pub palettes_from: Option<&'a Path>,
    pub variant: Option<i32>,
    pub charclut: Option<&'a Path>,
}

/// The two files `out` names ([`pair_written_as`]).
///
/// # Errors
/// An `out` not named `tex_<N>` (a usage error: the remaster loads its files by that name).
pub fn pair_paths(command: &'static str, out: &Path) -> Result<(PathBuf, PathBuf), Failure> {
    pair_written_as(out).ok_or_else(|| {
        let name = out.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let why = match tex_number(name) {
            // The largest number has no N + 1 (rather than wrapping to tex_0).
            Some(n) => format!(
                "tex {n} is the largest number a tex name holds, so no tex_N+1.bin follows it"
            ),
            None => "the names the remaster loads".to_owned(),
        };
        Failure::usage(
            command,
            format!(
                "-o {}: an HD pair is written as tex_N.bin and tex_N+1.bin ({why}); name either \
                 of them",
                Shown(&out)
            ),
        )
    })
}

/// Writes `files` to `paths`, each atomically, after both were made.
fn write_pair(files: &HdFiles, (upper, lower): &(PathBuf, PathBuf)) -> anyhow::Result<()> {
    for (path, bytes) in [(upper, &files.upper), (lower, &files.lower)] {
        write_atomically(path, bytes).with_context(|| format!("{}: cannot write", Shown(&path)))?;
    }
    Ok(())
}

/// What `sheet import` reads for a pair: the flags beside the picture.
pub struct PairImport<'a> {
    pub picture: &'a Path,
    pub bytes: &'a [u8],
    pub out: &'a Path,
    pub palette: Option<usize>,
    pub palettes_from: Option<&'a Path>,
    /// A file of the pair the picture was painted from, for a colour two indices share.
    pub like: Option<&'a Path>,
    /// Where `palettes_from`, `like` and the unit's SPR are found (`--originals`, `--disc`).
    pub files: &'a Originals,
    /// For one of Ramza's pairs: the `charclut.nxd` the picture's changed colours go into.
    pub charclut: Option<&'a Path>,
    /// The row's variant in his chapter (0 unless told).
    pub charclut_variant: Option<i32>,
}

/// `sheet import PICTURE -o tex_N.bin`: the picture back into the pair's two files.
///
/// # Errors
/// An `-o` not named `tex_<N>` (usage); palettes or `--like` that cannot be read; a picture the
/// import refuses (one line naming the file and the pixel or the size); an output that cannot
/// be written.
pub fn import(args: &PairImport) -> Outcome {
    let shown = Shown(&args.picture).to_string();
    let paths = pair_paths("sheet import", args.out)?;
    let chapter = paths
        .0
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(tex_number)
        .and_then(unit_of_tex)
        .and_then(|(pair, _)| charclut::chapter_of(pair));
    // Checked before anything is written: the file, its row, and the picture's palette.
    let recolour = match args.charclut {
        Some(path) => Some(RowRecolour::read(
            &shown,
            args.bytes,
            path,
            chapter,
            args.charclut_variant.unwrap_or(charclut::DEFAULT_VARIANT),
        )?),
        None => None,
    };
    let palettes = match args.palettes_from {
        Some(path) => {
            let file = args.files.read(path)?;
            Some(hd_palettes(&file.bytes).with_context(|| {
                format!("--palettes-from {}: no palettes for an HD pair", file.name)
            })?)
        }
        None => HdPalettes::beside_written(&paths.0, args.files.if_any())?,
    };
    let like = match args.like {
        Some(path) => {
            let found = args.files.read_found(path)?;
            Some(HdPairFiles::of_found(args.files, found)?.decode()?)
        }
        None => None,
    };
    let options = ImportOptions {
        palettes: palettes.as_ref(),
        palette: args.palette,
        like: like.as_ref(),
    };
    let imported = hd_png::import(args.bytes, &options).map_err(|e| match e {
        RenderError::NoPalettes => anyhow!(
            "{shown}: a picture in colours (not indexed) carries no palette: give --palettes-from \
             SPR (its unit's sheet), whose palettes its colours are matched to"
        ),
        other => anyhow::Error::new(other).context(shown.clone()),
    })?;
    let files = imported
        .sheet
        .encode()
        .with_context(|| format!("{shown}: the pair does not encode"))?;
    write_pair(&files, &paths)?;
    println!("import  {shown}  HD pair, 512 x 976");
    println!(
        "pixels  {}",
        match imported.pixels {
            PixelSource::Indices => "the picture's indices".to_owned(),
            PixelSource::Colours { palette } =>
                format!("the picture's colours, in palette {palette}"),
        }
    );
    match &recolour {
        Some(recolour) => recolour.write()?,
        None => warn_of_a_recolour(&shown, &imported, chapter.is_some()),
    }
    if let Some(like) = &like {
        let changed = like
            .pixels
            .iter()
            .zip(&imported.sheet.pixels)
            .filter(|(a, b)| a != b)
            .count();
        println!(
            "like    {}: {}",
            args.like
                .map(Path::display)
                .map(|d| d.to_string())
                .unwrap_or_default(),
            if changed == 0 {
                "the same pair, byte for byte".to_owned()
            } else {
                format!("{changed} pixels differ")
            }
        );
    }
    for (path, half, len) in [
        (&paths.0, HdHalf::Upper, files.upper.len()),
        (&paths.1, HdHalf::Lower, files.lower.len()),
    ] {
        println!("wrote   {} (the {half} half, {len} bytes)", Shown(&path));
    }
    Ok(())
}

/// The colours of a picture of one of Ramza's pairs, to be written into a row of
/// `charclut.nxd`: the picture's first 16 PLTE colours against the row's, index 0 (transparent)
/// aside.
struct RowRecolour {
    path: PathBuf,
    shown: String,
    clut: CharClut,
    chapter: i32,
    variant: i32,
    colours: [Rgb; COLOURS],
    changed: Vec<usize>,
}

impl RowRecolour {
    /// Reads the file at `path` and the picture's palette; refuses a pair not Ramza's (no
    /// `chapter`), a file that does not decode, a row it lacks (rows are never added), a
    /// picture without an indexed palette.
    fn read(
        picture: &str,
        png: &[u8],
        path: &Path,
        chapter: Option<i32>,
        variant: i32,
    ) -> Result<RowRecolour, Failure> {
        let Some(chapter) = chapter else {
            return Err(Failure::usage(
                "sheet import",
                "--charclut takes the colours of a picture of one of Ramza's HD pairs (-o \
                 tex_830.bin to tex_835.bin: CharCLUT colours only his)",
            ));
        };
        let file = read_input(path)?;
        let shown = Shown(&path).to_string();
        let clut = CharClut::decode(&file).with_context(|| shown.clone())?;
        let Some(row) = clut.row(chapter, variant) else {
            let variants: Vec<String> = clut
                .rows()
                .filter(|row| row.key == chapter)
                .map(|row| row.key2.to_string())
                .collect();
            return Err(Failure::usage(
                "sheet import",
                format!(
                    "--charclut-variant {variant}: {shown} has no row ({chapter}, {variant}) \
                     (chapter key {chapter}'s variants: {}); rows are never added",
                    variants.join(", ")
                ),
            ));
        };
        let colours = super::palette::palette_of_png(picture, png)?;
        let changed: Vec<usize> = (1..COLOURS)
            .filter(|&i| colours[i] != row.colours[i])
            .collect();
        let mut written = row.colours;
        for &i in &changed {
            written[i] = colours[i];
        }
        Ok(RowRecolour {
            path: path.to_path_buf(),
            shown,
            clut,
            chapter,
            variant,
            colours: written,
            changed,
        })
    }

    /// Writes the row's changed colours into the file, in place (atomically), and says so.
    fn write(&self) -> Result<(), Failure> {
        let (chapter, variant) = (self.chapter, self.variant);
        if self.changed.is_empty() {
            println!(
                "colours {} row ({chapter}, {variant}): the picture's colours are the row's; not \
                 written",
                self.shown
            );
            return Ok(());
        }
        let mut clut = self.clut.clone();
        // The row is there: read() found it.
        let _ = clut.set_colours(chapter, variant, &self.colours);
        let bytes = clut.encode().with_context(|| self.shown.clone())?;
        write_atomically(&self.path, &bytes)
            .with_context(|| format!("{}: cannot write", self.shown))?;
        println!(
            "colours {} row ({chapter}, {variant}): {} {} written from the picture's PLTE",
            self.shown,
            if self.changed.len() == 1 {
                "colour"
            } else {
                "colours"
            },
            ramza_palette::listed(&self.changed)
        );
        Ok(())
    }
}

/// A recolour an imported picture carries, which the pair cannot hold, said as a warning: the
/// colours its PLTE changes from the palettes it was compared with (its chunk's, `--palettes-from`
/// or its unit's SPR beside the pair), or, for an indexed picture with none of those (an editor
/// dropped the chunk), that a recolour could not be told and would be dropped.
///
/// For one of Ramza's pairs (`ramza`), whose colours in the enhanced game are CharCLUT's, the
/// recolour is told to go there.
fn warn_of_a_recolour(shown: &str, imported: &hd_png::Imported, ramza: bool) {
    let recolour = if ramza {
        "recolour Ramza's row of charclut.nxd with `tactics-sprite palette` or `sheet import \
         --charclut FILE` (the enhanced game's colours for his pairs), or his SPR for the \
         classic game"
    } else {
        "recolour the unit's SPR"
    };
    match imported.recoloured {
        Some((palette, changed)) if changed > 0 => super::warn(
            "sheet import",
            &format!(
                "{shown}: its PLTE changes {changed} of palette {palette}'s 16 colours; a pair \
                 holds no colour, so they are not written ({recolour})"
            ),
        ),
        None if imported.pixels == PixelSource::Indices => super::warn(
            "sheet import",
            &format!(
                "{shown}: an indexed picture without its spPl chunk, and no palettes to compare \
                 its PLTE with (no --palettes-from, no unit's SPR beside the pair): a pair holds \
                 no colour, so a recolour in it is not written; give --palettes-from SPR to be \
                 told (recolour the unit's SPR)"
            ),
        ),
        _ => {}
    }
}

/// When the SPR `file` is a unit's by its name and the HD table gives the pair written at
/// `upper` to another unit: the game would draw this art as that unit (docs/remaster.md "Which N
/// for which unit").
fn another_unit_s_pair(file: &Path, upper: &Path) -> Option<String> {
    let name = |path: &Path| path.file_name()?.to_str().map(str::to_owned);
    let from = pair_of_unit(&name(file)?)?;
    let (to, _) = unit_of_tex(tex_number(&name(upper)?)?)?;
    (from != to).then(|| {
        format!(
            "{} is {}'s sheet, and by the HD table tex {}/{} is {}'s pair: the enhanced game \
             draws this art as {} ({}'s own pair is tex {}/{}: -o {})",
            Shown(&file),
            from.unit,
            to.upper,
            to.lower(),
            to.unit,
            to.unit,
            from.unit,
            from.upper,
            from.lower(),
            from.file_name(HdHalf::Upper)
        )
    })
}

/// `sheet upscale SPR -o tex_N.bin`: the PlayStation sheet at twice its size, each pixel a
/// 2 x 2 block, as a pair the remaster loads; a monster's SP2 likewise, as the one file of 512 x
/// 512 the HD table names for it (its layout inferred: docs/remaster.md).
///
/// # Errors
/// A sheet that cannot be read or is neither a standard SPR nor an SP2; an `-o` not named
/// `tex_<N>` (usage); an output that cannot be written.
pub fn upscale(file: &Path, out: &Path) -> Outcome {
    let shown = Shown(&file).to_string();
    let bytes = read_input(file)?;
    if let Some(what) = super::wrong_kind(&bytes, fft_formats::FileFormat::Spr) {
        return Err(anyhow!("{shown}: this is {what}, not an SPR sprite sheet").into());
    }
    let spr = Spr::decode(&bytes).with_context(|| format!("{shown}: not an SPR sheet"))?;
    if spr.variant == SprVariant::Sp2 {
        return upscale_sp2(file, &spr, out);
    }
    let paths = pair_paths("sheet upscale", out)?;
    let sheet = HdSheet::upscaled(&spr).with_context(|| shown.clone())?;
    let files = sheet.encode().with_context(|| shown.clone())?;
    write_pair(&files, &paths)?;
    if let Some(warning) = another_unit_s_pair(file, &paths.0) {
        super::warn("sheet upscale", &warning);
    }
    println!("sheet   {shown}  {} sheet, 256 x 488", spr.variant);
    println!("upscale nearest neighbour, each pixel a 2 x 2 block: a start to redraw, not HD art");
    for (path, half, len) in [
        (&paths.0, HdHalf::Upper, files.upper.len()),
        (&paths.1, HdHalf::Lower, files.lower.len()),
    ] {
        println!("wrote   {} (the {half} half, {len} bytes)", Shown(&path));
    }
    Ok(())
}

/// `sheet upscale SP2 -o tex_N.bin`: the SP2 `sp2` (read from `file`) at twice its size, one
/// file; a warning when the HD table gives N to another file than this SP2's.
fn upscale_sp2(file: &Path, sp2: &Spr, out: &Path) -> Outcome {
    let shown = Shown(&file).to_string();
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let Some(n) = tex_number(name) else {
        return Err(Failure::usage(
            "sheet upscale",
            format!(
                "-o {}: an SP2 at twice the size is written as tex_N.bin (the name the remaster \
                 loads; {})",
                Shown(&out),
                sp2_numbers_in_words()
            ),
        ));
    };
    let bytes = HdSp2::upscaled(sp2)
        .and_then(|hd| hd.encode())
        .with_context(|| shown.clone())?;
    write_atomically(out, &bytes).with_context(|| format!("{}: cannot write", Shown(&out)))?;
    let own = file
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(single_of_sp2);
    if own.is_none_or(|own| own.number != n) {
        let is = match single_of_tex(n) {
            Some(single) => format!("{} at twice the size", single.what.name()),
            None => match unit_of_tex(n) {
                Some((pair, half)) => format!("the {half} half of {pair}"),
                None => "no file it lists".to_owned(),
            },
        };
        let own = own.map_or_else(
            || format!("the table names none for {shown}"),
            |own| format!("{shown}'s is tex {}: -o tex_{}.bin", own.number, own.number),
        );
        super::warn(
            "sheet upscale",
            &format!("by the HD table tex {n} is {is}, and {own}"),
        );
    }
    println!("sheet   {shown}  sp2 sheet, 256 x 256");
    println!("upscale nearest neighbour, each pixel a 2 x 2 block: a start to redraw, not HD art");
    println!(
        "wrote   {} (the SP2 at twice the size, {} bytes, {} x {}; its layout is inferred, not \
         checked against a real file)",
        Shown(&out),
        bytes.len(),
        fft_formats::hd::WIDTH,
        fft_formats::hd::SP2_HEIGHT
    );
    Ok(())
}

/// The numbers the HD table gives the SP2 sheets at twice the size, in words: `ARLI2.SP2 1131,
/// ...`.
fn sp2_numbers_in_words() -> String {
    let listed: Vec<String> = SINGLES
        .iter()
        .filter(|single| matches!(single.what, Single::Sp2(_)))
        .map(|single| format!("{} {}", single.what.name(), single.number))
        .collect();
    format!("the HD table's are {}", listed.join(", "))
}
