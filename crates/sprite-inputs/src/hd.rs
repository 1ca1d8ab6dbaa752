//! The remaster's HD sheets found and read (docs/remaster.md): a `tex_N.bin` file given where a
//! sheet is ([`TexFile`]), the other half of its pair found beside it by its number
//! ([`HdPairFiles::beside`]) or a unit's pair found in a folder by the table
//! ([`HdPairFiles::find`]), and the SPR the pair takes its colours from ([`HdPalettes`]): given,
//! else the unit's by the table, beside the pair under either of its names or in the originals
//! (a `--disc` image, `--originals` folders).
//!
//! A file is an HD half by its name (`tex_<N>`, as the remaster's mod loader names them) or by
//! its size (131,072 or 118,784 bytes: the files have no header). Each refusal names the file and
//! what is wrong: a size that is neither half's, a half the table gives the other number,
//! halves of two units by the table, a pair without its other half or its SPR, palettes from a
//! file that is no SPR.

use std::path::{Path, PathBuf};

use faults::Shown;
use faults::Words;
use fft_formats::hd::{HdHalf, HdSheet, HdSp2, SP2_FILE_LEN};
use fft_formats::spr::Spr;
use sprite_render::Rgba;
use sprite_render::sheet::{SheetImage, hd_palettes, load_hd_sheet, load_hd_sp2};

use crate::error::{Error, Result};
use crate::locate::{self, Originals, find_in_folder};
use crate::names::hd::{
    HdPair, other_tex, pair_numbers_written_as, sp2_of_pair, tex_file_name, tex_number, unit_of_tex,
};
use crate::read::InputFile;

/// Whether a file named `file_name` (no folder) with `len` bytes is to be read as a half of an
/// HD pair: named `tex_<N>`, or of either half's size.
pub fn is_hd_input(file_name: &str, len: usize) -> bool {
    tex_number(file_name).is_some() || HdHalf::of_len(len).is_some()
}

/// What a file of `len` bytes named `file_name` is as an HD half, in words: `the upper half of
/// mina_m's pair (tex 992/993)`; `None` when its size is neither half's.
pub fn tex_in_words(file_name: &str, len: usize) -> Option<String> {
    let half = HdHalf::of_len(len)?;
    let of = tex_number(file_name)
        .and_then(unit_of_tex)
        .filter(|(_, listed)| *listed == half)
        .map_or_else(
            || " of an HD pair".to_owned(),
            |(pair, _)| format!(" of {pair}"),
        );
    Some(format!(
        "the {half} half{of} ({} bytes, {} x {})",
        half.file_len(),
        fft_formats::hd::WIDTH,
        half.height()
    ))
}

/// A file given as one half of an HD pair: its bytes, which half its size says it is, its number
/// when its name has one, and the pair the table gives that number.
#[derive(Debug, Clone)]
pub struct TexFile {
    pub file: InputFile,
    pub half: HdHalf,
    /// N of `tex_<N>`, when the file is so named.
    pub number: Option<u32>,
    /// The unit the table gives the number, when it lists it.
    pub pair: Option<HdPair>,
}

impl TexFile {
    /// `file` (named `file_name` without its folder) as a half of an HD pair.
    ///
    /// # Errors
    /// A size that is neither half's; a number the table gives the other half (the size says
    /// the upper half, the table the lower, or the other way).
    pub fn of(file: InputFile, file_name: &str) -> Result<TexFile> {
        let len = file.bytes.len();
        let Some(half) = HdHalf::of_len(len) else {
            return Err(not_a_half(&file.name, len));
        };
        let number = tex_number(file_name);
        // A number the HD table names as no half (a single file, the War of the Lions art).
        if let Some(why) = number.and_then(crate::names::hd::not_read) {
            return Err(Error::file(format!("{}: {why}", file.name)));
        }
        let listed = number.and_then(unit_of_tex);
        if let (Some(n), Some((pair, listed_half))) = (number, listed)
            && listed_half != half
        {
            return Err(Error::file(format!(
                "{}: by the HD table tex {n} is the {listed_half} half of {pair}, but its size \
                 ({len} bytes) is the {half} half's",
                file.name
            )));
        }
        Ok(TexFile {
            file,
            half,
            number,
            pair: listed.map(|(pair, _)| pair),
        })
    }

    /// The number of the pair's other file: the table's, else by the size, N + 1 after an
    /// upper half and N - 1 before a lower one.
    pub fn other_number(&self) -> Option<u32> {
        other_tex(self.number?, self.half)
    }
}

/// The refusal of a file `shown` of `len` bytes given as a tex file: a half has one of two sizes.
pub fn not_a_half(shown: &str, len: usize) -> Error {
    Error::file(format!(
        "{shown}: a tex file is one half of an HD pair, {} or {}; this one is {len} bytes",
        HdHalf::Upper.in_words(),
        HdHalf::Lower.in_words()
    ))
}

/// The two files of an HD pair, read, and the unit the table gives them.
#[derive(Debug, Clone)]
pub struct HdPairFiles {
    /// `tex_N.bin`: SPR rows 0-255 at twice the size.
    pub upper: InputFile,
    /// `tex_N+1.bin`: SPR rows 256-487.
    pub lower: InputFile,
    /// The unit the table gives the pair's numbers, when it lists them.
    pub pair: Option<HdPair>,
    /// The monster's SP2 sheet at twice the size that goes with the pair (`tex_1132.bin` for
    /// behi's, [`sp2_of_pair`]), when it was looked for and found where the pair was: what MON's
    /// SP2 sequences draw from at HD.
    pub sp2: Option<InputFile>,
}

/// `file` as an SP2 sheet at twice the size, `what` naming the SP2 it is (`BEHI2.SP2`): its size
/// checked, the one thing the file says of itself.
///
/// # Errors
/// Any other size than 131,072 bytes, in one line naming the file.
pub fn hd_sp2_file(file: InputFile, what: &str) -> Result<InputFile> {
    if file.bytes.len() != SP2_FILE_LEN {
        return Err(Error::file(format!(
            "{}: {what} at twice the size is {}; this one is {} bytes",
            file.name,
            HdSp2::in_words(),
            file.bytes.len()
        )));
    }
    Ok(file)
}

/// The SP2 at twice the size in `file` drawn in `colours`, palette `palette` of its unit's SPR
/// (or a CharCLUT row's): the second sheet MON's SP2 sequences draw from at HD.
///
/// # Errors
/// A file of another size, naming it.
pub fn hd_sp2_image(file: &InputFile, colours: &[Rgba; 16], palette: usize) -> Result<SheetImage> {
    load_hd_sp2(&file.bytes, colours, palette).map_err(|e| Error::from(e).in_context(&file.name))
}

impl HdPairFiles {
    /// The pair `given` is one half of (`path` its path on disk): the other half read from
    /// beside it, by the number the table (or the size) gives it.
    ///
    /// # Errors
    /// As [`TexFile::of`]; a file not named `tex_<N>` (its other half cannot be found by name);
    /// no other half beside it; another half of the same kind there; halves of two units by
    /// the table.
    pub fn beside(path: &Path, given: InputFile) -> Result<HdPairFiles> {
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Self::with_other_half(given, &file_name, |other_name| {
            let (found, looked) = locate::beside(path, other_name)?;
            let looked = looked
                .first()
                .map_or_else(|| other_name.to_owned(), |p| Shown(&p).to_string());
            Ok((found, looked))
        })
    }

    /// The pair `given` is one half of, `given` as `files` found it ([`Originals::read_found`]):
    /// the other half beside it on disk when it is a file on disk, else asked by name of the
    /// place that held it (an install's `g2d.dat`: [`Originals::beside_found`]).
    ///
    /// # Errors
    /// As [`HdPairFiles::beside`].
    pub fn of_found(files: &Originals, given: locate::Found) -> Result<HdPairFiles> {
        let file_name = match &given.path {
            Some(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
            // An entry's name, `ARCHIVE:PATH` or `IMAGE:PATH`: its last part.
            None => given.file.name.rsplit(['/', ':']).next().map(str::to_owned),
        }
        .unwrap_or_default();
        Self::with_other_half(given.file.clone(), &file_name, |other_name| {
            files.beside_found(&given, other_name)
        })
    }

    /// The pair `given` (named `file_name`) is one half of, its other half asked of `other` by
    /// name: the file if it is there, and where it was looked for.
    fn with_other_half(
        given: InputFile,
        file_name: &str,
        other: impl FnOnce(&str) -> Result<(Option<InputFile>, String)>,
    ) -> Result<HdPairFiles> {
        let tex = TexFile::of(given, file_name)?;
        let Some(other_n) = tex.other_number() else {
            if let Some(n) = tex.number {
                return Err(Error::file(format!(
                    "{}: {} of an HD pair, and tex {n} has no {} half beside it: no number \
                     is {} it (a pair is tex_N.bin and tex_N+1.bin)",
                    tex.file.name,
                    tex.half.in_words(),
                    tex.half.other(),
                    match tex.half {
                        HdHalf::Upper => "after",
                        HdHalf::Lower => "before",
                    }
                )));
            }
            return Err(Error::file(format!(
                "{}: {} of an HD pair, whose other half is found beside it by its number, and \
                 this file is not named tex_N.bin (the pair is tex_N.bin and tex_N+1.bin)",
                tex.file.name,
                tex.half.in_words()
            )));
        };
        let other_name = tex_file_name(other_n);
        let (found, looked) = other(&other_name)?;
        let Some(other_file) = found else {
            return Err(Error::not_found(format!(
                "{}: {} of {}; its other half, {looked}, is not there",
                tex.file.name,
                tex.half.in_words(),
                tex.pair
                    .map_or_else(|| "an HD pair".to_owned(), |pair| pair.to_string())
            )));
        };
        let other = TexFile::of(other_file, &other_name)?;
        if other.half == tex.half {
            return Err(Error::file(format!(
                "{} and {}: both are {}; a pair is an upper half (131072 bytes) and a lower one \
                 (118784 bytes)",
                tex.file.name,
                other.file.name,
                tex.half.in_words()
            )));
        }
        if let (Some(a), Some(b)) = (tex.pair, other.pair)
            && a != b
        {
            return Err(Error::file(format!(
                "{} and {}: halves of two units by the HD table ({a} and {b})",
                tex.file.name, other.file.name
            )));
        }
        let pair = tex.pair.or(other.pair);
        let (upper, lower) = match tex.half {
            HdHalf::Upper => (tex.file, other.file),
            HdHalf::Lower => (other.file, tex.file),
        };
        Ok(HdPairFiles {
            upper,
            lower,
            pair,
            sp2: None,
        })
    }

    /// The pair of the unit `pair` in the first of `places` that has both its files: in each,
    /// its HD sheet folders (`system/ffto/g2d/` at any depth, [`Originals::hd_folders`]), then
    /// its folders themselves (a flat folder of tex files, as a test folder keeps them), then
    /// the user's install under them (entries of its `g2d.dat`); `None` when no place has both.
    /// A monster's SP2 at twice the size ([`sp2_of_pair`]) is taken from where the pair is.
    ///
    /// # Errors
    /// A file that is there but cannot be read, or has the other half's size or neither; an SP2
    /// at twice the size of another size than its own.
    pub fn find(places: &[&Originals], pair: HdPair) -> Result<Option<HdPairFiles>> {
        let names = [pair.file_name(HdHalf::Upper), pair.file_name(HdHalf::Lower)];
        let sp2 = sp2_of_pair(pair);
        let sp2_name = sp2.map(|single| tex_file_name(single.number));
        for place in places {
            let Some((upper, lower, sp2_file)) = both_halves(place, &names, sp2_name.as_deref())?
            else {
                continue;
            };
            let sp2_file = match (sp2_file, sp2) {
                (Some(file), Some(single)) => Some(hd_sp2_file(file, single.what.name())?),
                _ => None,
            };
            for (file, half) in [(&upper, HdHalf::Upper), (&lower, HdHalf::Lower)] {
                if HdHalf::of_len(file.bytes.len()) != Some(half) {
                    return Err(Error::file(format!(
                        "{}: by the HD table this is the {half} half of {pair}, {}, and it is {} \
                         bytes",
                        file.name,
                        half.in_words(),
                        file.bytes.len()
                    )));
                }
            }
            return Ok(Some(HdPairFiles {
                upper,
                lower,
                pair: Some(pair),
                sp2: sp2_file,
            }));
        }
        Ok(None)
    }

    /// `A + B`, the two files' names.
    pub fn names(&self) -> String {
        format!("{} + {}", self.upper.name, self.lower.name)
    }

    /// The pair decoded.
    ///
    /// # Errors
    /// None for files [`HdPairFiles::beside`] or [`HdPairFiles::find`] gave (their sizes are
    /// checked); the codec's error otherwise, naming both files.
    pub fn decode(&self) -> Result<HdSheet> {
        HdSheet::decode(&self.upper.bytes, &self.lower.bytes)
            .map_err(|e| Error::from(e).in_context(self.names()))
    }

    /// The pair drawn with palette `palette` (0 when `None`) of `palettes`.
    ///
    /// # Errors
    /// Palettes from a file that is no SPR, or not a standard sheet (naming it); a palette it
    /// does not have.
    pub fn sheet(&self, palettes: &HdPalettes, palette: Option<usize>) -> Result<SheetImage> {
        self.coloured_by(&palettes.file.name, &palettes.file.bytes, palette)
    }

    /// The pair drawn with palette `palette` (0 when `None`) of the SPR `spr`, named `spr_name`
    /// in messages: [`HdPairFiles::sheet`] for palettes already found (a server's unit's SPR).
    ///
    /// # Errors
    /// As [`HdPairFiles::sheet`].
    pub fn coloured_by(
        &self,
        spr_name: &str,
        spr: &[u8],
        palette: Option<usize>,
    ) -> Result<SheetImage> {
        load_hd_sheet(&self.upper.bytes, &self.lower.bytes, spr, palette).map_err(|e| match e {
            sprite_render::RenderError::HdPair(_) => Error::from(e).in_context(self.names()),
            other => Error::from(other).in_context(spr_name),
        })
    }
}

/// The two files an HD pair written as `out` goes to: `(tex_N.bin, tex_N+1.bin)` beside it, N by
/// the HD table when it lists `out`'s number (either half may be named), else `out`'s own number
/// as the upper half. `None` when `out` is not named `tex_<N>` (the remaster loads its files by
/// that name), or names the largest number, which has no N + 1.
pub fn pair_written_as(out: &Path) -> Option<(PathBuf, PathBuf)> {
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let (upper, lower) = pair_numbers_written_as(tex_number(name)?)?;
    let folder = out.parent().unwrap_or(Path::new(""));
    Some((
        folder.join(tex_file_name(upper)),
        folder.join(tex_file_name(lower)),
    ))
}

/// The SPR an HD pair takes its colours from, read, and how it was found.
#[derive(Debug, Clone)]
pub struct HdPalettes {
    pub file: InputFile,
    /// `given`, `mina_m's SPR by the HD table, found beside the pair`, ...
    pub how: String,
}

impl HdPalettes {
    /// The palettes of the unit the HD table gives `upper` (the upper half of a pair about to be
    /// written), from its SPR beside it, else in `originals` when given, when one is there: what
    /// a picture in colours is matched to when no palettes are given.
    ///
    /// # Errors
    /// An SPR that is there but cannot be read, or is no standard sheet.
    pub fn beside_written(upper: &Path, originals: Option<&Originals>) -> Result<Option<Spr>> {
        let name = upper
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let unit = tex_number(name).and_then(unit_of_tex).map(|(pair, _)| pair);
        let folder = upper.parent().unwrap_or(Path::new(""));
        if unit.is_none() {
            return Ok(None);
        }
        match HdPalettes::find_for(unit, name, Some(folder), None, originals) {
            Ok(found) => Ok(Some(found.decode()?)),
            Err(_) => Ok(None),
        }
    }

    /// The SPR's palettes, decoded for the pair.
    ///
    /// # Errors
    /// A file that is no SPR, or an SPR of another layout than the standard sheet's.
    pub fn decode(&self) -> Result<Spr> {
        hd_palettes(&self.file.bytes).map_err(|e| {
            Error::from(e).in_context(format!("{}: no palettes for an HD pair", self.file.name))
        })
    }

    /// The palettes of `pair`: `given` when given (`--palettes-from`), else the SPR of the unit
    /// the table gives the pair, under its disc name or the remaster's, in `folder` (the
    /// pair's, when it is on disk: `None` for an install's), then in `originals` (a `--disc`
    /// image, `--originals` folders, a `--game` install) by its game name when given.
    ///
    /// # Errors
    /// A pair the table does not list and no palettes given; the unit's SPR in neither place; a
    /// file that is there but cannot be read.
    pub fn find(
        pair: &HdPairFiles,
        folder: Option<&Path>,
        given: Option<InputFile>,
        originals: Option<&Originals>,
    ) -> Result<HdPalettes> {
        Self::find_for(pair.pair, &pair.names(), folder, given, originals)
    }

    /// [`HdPalettes::find`] for the files named `shown` (a pair, or one half), of the unit
    /// `unit` when the table gives one.
    ///
    /// # Errors
    /// As [`HdPalettes::find`].
    pub fn find_for(
        unit: Option<HdPair>,
        shown: &str,
        folder: Option<&Path>,
        given: Option<InputFile>,
        originals: Option<&Originals>,
    ) -> Result<HdPalettes> {
        if let Some(file) = given {
            return Ok(HdPalettes {
                file,
                how: "given".to_owned(),
            });
        }
        let Some(unit) = unit else {
            let shown = shown.to_owned();
            return Err(Error::file(Words::new(move |s| {
                format!(
                    "{shown}: the colours of an HD pair are its unit's SPR's palettes, and the HD \
                     table (docs/remaster.md) lists no unit for these numbers: give {}",
                    s.given("palettes-from", &"SPR")
                )
            })));
        };
        let listed = folder.map(|folder| {
            if folder.as_os_str().is_empty() {
                Path::new(".")
            } else {
                folder
            }
        });
        if let Some(path) = listed.and_then(|dir| find_in_folder(dir, &unit.spr_disc_name())) {
            return Ok(HdPalettes {
                file: InputFile::read(&path)?,
                how: format!("{}'s SPR by the HD table, found beside the pair", unit.unit),
            });
        }
        if let Some(originals) = originals
            && let Some(file) = originals.locate(&unit.spr_disc_name())?
        {
            return Ok(HdPalettes {
                file,
                how: format!(
                    "{}'s SPR by the HD table, in {}",
                    unit.unit,
                    originals.describe()
                ),
            });
        }
        let looked_in = originals.map(Originals::looked_in);
        let missing = format!(
            "{shown}: the colours of {unit} are the palettes of {}, and there is no {} (or {}) \
             beside the pair",
            unit.spr_disc_name(),
            unit.spr_disc_name(),
            unit.spr_remaster_name()
        );
        Err(Error::not_found(Words::new(move |s| {
            let elsewhere = match &looked_in {
                Some(looked_in) => format!(", nor in {looked_in}"),
                None => format!(
                    " (or give {} or {})",
                    s.given("disc", &"IMAGE"),
                    s.given("originals", &"DIR")
                ),
            };
            format!(
                "{missing}{elsewhere}: give {}",
                s.given("palettes-from", &"SPR")
            )
        })))
    }
}

/// Both halves `names` (upper, lower) in one of `originals`' places, read: a folder holding
/// both (its HD sheet folders first, then the folders themselves), else the user's install;
/// and the file `sp2` from the same place, when named and there.
///
/// # Errors
/// A file that is there but cannot be read.
fn both_halves(
    originals: &Originals,
    names: &[String; 2],
    sp2: Option<&str>,
) -> Result<Option<(InputFile, InputFile, Option<InputFile>)>> {
    let flat = originals.places().iter().filter_map(|p| match p {
        locate::Place::Folder(dir) => Some(dir.as_path()),
        locate::Place::Disc(_) | locate::Place::Game(_) => None,
    });
    for dir in originals.hd_folders().chain(flat) {
        if let (Some(upper), Some(lower)) = (
            find_in_folder(dir, &names[0]),
            find_in_folder(dir, &names[1]),
        ) {
            let sp2 = sp2
                .and_then(|name| find_in_folder(dir, name))
                .map(|path| InputFile::read(&path))
                .transpose()?;
            return Ok(Some((
                InputFile::read(&upper)?,
                InputFile::read(&lower)?,
                sp2,
            )));
        }
    }
    for place in originals.places().iter().rev() {
        if let locate::Place::Game(game) = place
            && let (Some(upper), Some(lower)) = (game.locate(&names[0])?, game.locate(&names[1])?)
        {
            let sp2 = match sp2 {
                Some(name) => game.locate(name)?,
                None => None,
            };
            return Ok(Some((upper, lower, sp2)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, len: usize) -> InputFile {
        InputFile {
            name: name.to_owned(),
            bytes: vec![0; len],
        }
    }

    /// The table's pairs, as the test above reads them: 992/993 is mina_m's, 906 h80's lower
    /// half (so its pair starts at 905); a number the table does not list is taken as an upper
    /// half.
    #[test]
    fn a_pair_is_written_as_the_table_s_two_numbers_beside_the_name_given() {
        let written = |out: &str| pair_written_as(Path::new(out));
        let pair = |a: &str, b: &str| Some((PathBuf::from(a), PathBuf::from(b)));
        assert_eq!(
            written("out/tex_993.bin"),
            pair("out/tex_992.bin", "out/tex_993.bin")
        );
        assert_eq!(written("tex_906.bin"), pair("tex_905.bin", "tex_906.bin"));
        assert_eq!(written("tex_7.bin"), pair("tex_7.bin", "tex_8.bin"));
        assert_eq!(written("out/sheet.bin"), None);
    }

    #[test]
    fn a_tex_file_is_its_size_and_the_table_s_number() {
        let upper = TexFile::of(file("tex_992.bin", 131_072), "tex_992.bin").unwrap();
        assert_eq!(upper.half, HdHalf::Upper);
        assert_eq!(upper.pair.map(|p| p.unit), Some("mina_m"));
        assert_eq!(upper.other_number(), Some(993));
        // 906 is h80's lower half, so its other half is 905, not 907.
        let lower = TexFile::of(file("tex_906.bin", 118_784), "tex_906.bin").unwrap();
        assert_eq!(lower.other_number(), Some(905));
        // A number the table does not list: the size says which neighbour.
        let unknown = TexFile::of(file("tex_5000.bin", 118_784), "tex_5000.bin").unwrap();
        assert_eq!((unknown.pair, unknown.other_number()), (None, Some(4999)));
        let unnamed = TexFile::of(file("squire.bin", 131_072), "squire.bin").unwrap();
        assert_eq!(unnamed.other_number(), None);
    }

    #[test]
    fn a_wrong_size_or_the_table_s_other_half_is_refused_naming_the_file() {
        let short = TexFile::of(file("d/tex_992.bin", 131_071), "tex_992.bin").unwrap_err();
        assert_eq!(
            short.to_string(),
            "d/tex_992.bin: a tex file is one half of an HD pair, the upper half (131072 bytes, \
             512 x 512, SPR rows 0-255) or the lower half (118784 bytes, 512 x 464, SPR rows \
             256-487); this one is 131071 bytes"
        );
        let swapped = TexFile::of(file("tex_993.bin", 131_072), "tex_993.bin").unwrap_err();
        assert_eq!(
            swapped.to_string(),
            "tex_993.bin: by the HD table tex 993 is the lower half of mina_m's pair (tex \
             992/993), but its size (131072 bytes) is the upper half's"
        );
    }

    #[test]
    fn a_half_is_said_in_words() {
        assert_eq!(
            tex_in_words("tex_1001.bin", 118_784).as_deref(),
            Some("the lower half of knight_m's pair (tex 1000/1001) (118784 bytes, 512 x 464)")
        );
        assert_eq!(
            tex_in_words("x.bin", 131_072).as_deref(),
            Some("the upper half of an HD pair (131072 bytes, 512 x 512)")
        );
        assert_eq!(tex_in_words("tex_992.bin", 10), None);
        assert!(is_hd_input("tex_992.bin", 10) && is_hd_input("x", 118_784));
        assert!(!is_hd_input("RAMUZA.SPR", 44_032));
    }
}
