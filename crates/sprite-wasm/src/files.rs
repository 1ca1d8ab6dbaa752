//! The files a page was given: each with the name it came with (a path from a folder picked, or
//! a bare name) and its bytes, found by any form of a game file's name (`TYPE1.SHP`,
//! `battle_type1_shp.bin`, `BATTLE/TYPE1.SHP;1`), the one rule of `sprite_inputs::names`.
//!
//! What is kept is bounded before it is allocated: a file over the inputs layer's cap
//! ([`MAX_INPUT_LEN`]) is refused with its name, and so is a file that would take the set over
//! [`MAX_TOTAL_LEN`], so that a page given a whole install runs out of nothing but patience.

use sprite_data::build::NamedBytes;
use sprite_inputs::mod_folder::add::stands_for;
use sprite_inputs::names::GameName;
use sprite_inputs::read::{MAX_INPUT_LEN, TOO_LONG_FOR_A_SPRITE_FILE};
use sprite_inputs::retail::Verdict;
use sprite_inputs::sniff::starts_as_text;
use sprite_render::sheet::PNG_SIGNATURE;

/// The most bytes a set keeps, all files together: every sprite file of the game's BATTLE folder
/// is about 20 MB, and wasm memory grows to 1 GiB at most (`build.rs`).
pub const MAX_TOTAL_LEN: usize = 256 << 20;

/// One file given: its name as given and its bytes; for a text form, what it assembled to.
#[derive(Debug, Clone)]
pub struct GivenFile {
    pub name: String,
    pub bytes: Vec<u8>,
    /// A text form's assembly, made by the second module (`sprite-wasm-io`), whose assembler
    /// this module has no room for: the file, or the one line that says why it is not one.
    pub assembled: Option<Result<Assembled, String>>,
    /// `charclut.nxd`'s rows, decoded by the second module, whose NXD reader this module has no
    /// room for: Ramza's colours, or the one line that says why the file is not the table.
    pub clut: Option<Result<Vec<ClutRow>, String>>,
}

/// One row of `charclut.nxd`: the chapter key, the variant, and the sixteen colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClutRow {
    pub chapter: i32,
    pub variant: i32,
    pub colours: [[u8; 3]; CLUT_COLOURS],
}

/// The colours of a row.
pub const CLUT_COLOURS: usize = 16;
/// The bytes of a row as the second module hands it over: the keys (little-endian `i32` each)
/// and the colours.
pub const CLUT_ROW_LEN: usize = 8 + 3 * CLUT_COLOURS;

impl ClutRow {
    /// Rows as the second module hands them over, one after another ([`CLUT_ROW_LEN`] bytes
    /// each).
    pub fn to_packed(rows: &[ClutRow]) -> Vec<u8> {
        let mut packed = Vec::with_capacity(rows.len() * CLUT_ROW_LEN);
        for row in rows {
            packed.extend(row.chapter.to_le_bytes());
            packed.extend(row.variant.to_le_bytes());
            packed.extend(row.colours.iter().flatten());
        }
        packed
    }

    /// [`ClutRow::to_packed`]'s bytes read back.
    ///
    /// # Errors
    /// A length that is not a whole number of rows.
    pub fn from_packed(packed: &[u8]) -> Result<Vec<ClutRow>, String> {
        if packed.len() % CLUT_ROW_LEN != 0 {
            return Err(format!(
                "charclut rows of {} bytes are cut short",
                packed.len()
            ));
        }
        Ok(packed
            .chunks_exact(CLUT_ROW_LEN)
            .map(|row| {
                let key = |at: usize| {
                    i32::from_le_bytes([row[at], row[at + 1], row[at + 2], row[at + 3]])
                };
                let mut colours = [[0; 3]; CLUT_COLOURS];
                for (colour, rgb) in colours.iter_mut().zip(row[8..].chunks_exact(3)) {
                    colour.copy_from_slice(rgb);
                }
                ClutRow {
                    chapter: key(0),
                    variant: key(4),
                    colours,
                }
            })
            .collect())
    }
}

/// A SEQ's or SHP's text form assembled, as `asm` assembles it.
#[derive(Debug, Clone)]
pub struct Assembled {
    /// The bytes `asm` writes.
    pub bytes: Vec<u8>,
    /// The line (from 1) each command of a SEQ was read from, in command order.
    pub command_lines: Vec<usize>,
}

impl Assembled {
    /// How the second module hands an assembly over: the count of lines (little-endian `u32`),
    /// each command's line (`u32` each), then the bytes.
    pub fn to_packed(&self) -> Vec<u8> {
        let mut packed = Vec::with_capacity(4 + 4 * self.command_lines.len() + self.bytes.len());
        packed.extend((self.command_lines.len() as u32).to_le_bytes());
        for &line in &self.command_lines {
            packed.extend((line as u32).to_le_bytes());
        }
        packed.extend(&self.bytes);
        packed
    }

    /// [`Assembled::to_packed`]'s bytes read back.
    ///
    /// # Errors
    /// Bytes too short for the count they begin with.
    pub fn from_packed(packed: &[u8]) -> Result<Assembled, String> {
        let short = || format!("an assembly of {} bytes is cut short", packed.len());
        let count = packed
            .get(..4)
            .and_then(|b| b.try_into().ok())
            .map(u32::from_le_bytes)
            .ok_or_else(short)? as usize;
        let lines_end = count
            .checked_mul(4)
            .and_then(|n| n.checked_add(4))
            .filter(|&end| end <= packed.len())
            .ok_or_else(short)?;
        let command_lines = packed[4..lines_end]
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .collect();
        Ok(Assembled {
            bytes: packed[lines_end..].to_vec(),
            command_lines,
        })
    }
}

impl GivenFile {
    /// The file as the builder takes it, named as it was given.
    pub fn named_bytes(&self) -> NamedBytes<'_> {
        NamedBytes {
            name: &self.name,
            bytes: &self.bytes,
        }
    }

    /// The name without its folders or a version suffix (`TYPE1.SHP` of `BATTLE/TYPE1.SHP;1`).
    pub fn file_name(&self) -> String {
        GameName::parse(&self.name).given().to_owned()
    }

    /// The game file it is given as, by its name, as `mod add` names what it places: its own
    /// name, a text form's without `.txt` (`type1.seq.txt`: `type1.seq`, the text of TYPE1.SEQ),
    /// a picture's the sheet of its name without `.png` (`RAMUZA.png`: RAMUZA.SPR).
    pub fn game_name(&self) -> String {
        stands_for(&self.file_name())
    }
}

/// The files given, in the order they came.
#[derive(Debug, Default)]
pub struct Files {
    files: Vec<GivenFile>,
    total_len: usize,
}

impl Files {
    /// No files.
    pub const fn new() -> Files {
        Files {
            files: Vec::new(),
            total_len: 0,
        }
    }

    /// Whether a file of `len` bytes named `name` may be kept, before its bytes are allocated.
    ///
    /// # Errors
    /// A file over the cap of any sprite file, or one that would take the set over
    /// [`MAX_TOTAL_LEN`], named.
    pub fn check_room(&self, name: &str, len: usize) -> Result<(), String> {
        let shown = faults::Shown(name);
        if len as u64 > MAX_INPUT_LEN {
            return Err(format!(
                "{shown}: {len} bytes, {TOO_LONG_FOR_A_SPRITE_FILE} (at most {MAX_INPUT_LEN})"
            ));
        }
        if self.total_len.saturating_add(len) > MAX_TOTAL_LEN {
            return Err(format!(
                "{shown}: {len} bytes more would take the files given over {MAX_TOTAL_LEN} bytes \
                 (give the BATTLE folder's files, not a whole install)"
            ));
        }
        Ok(())
    }

    /// Keeps a file; a later file of the same game name is found instead of an earlier one, as a
    /// later folder wins over an earlier one in `--originals`.
    ///
    /// # Errors
    /// As [`Files::check_room`].
    pub fn add(&mut self, name: String, bytes: Vec<u8>) -> Result<(), String> {
        self.check_room(&name, bytes.len())?;
        self.total_len += bytes.len();
        self.files.push(GivenFile {
            name,
            bytes,
            assembled: None,
            clut: None,
        });
        Ok(())
    }

    /// Keeps what the last file given assembled to (it was a text form).
    ///
    /// # Errors
    /// No file given yet, or assembled bytes that would take the set over its caps.
    pub fn assembled(&mut self, assembled: Result<Assembled, String>) -> Result<(), String> {
        let Some(last) = self.files.last() else {
            return Err("no text form was given to assemble".to_owned());
        };
        let len = assembled.as_ref().map_or(0, |a| a.bytes.len());
        self.check_room(&last.name, len)?;
        self.total_len += len;
        if let Some(last) = self.files.last_mut() {
            last.assembled = Some(assembled);
        }
        Ok(())
    }

    /// Every file, in the order given.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &GivenFile> {
        self.files.iter()
    }

    /// How many files were given.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether none were.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The game file `disc_name` (`TYPE1.SHP`) under any of its names, or its text form or
    /// picture ([`GivenFile::game_name`]), the last given first; or the file given under that
    /// very name (`RAMUZA.png`).
    pub fn find(&self, disc_name: &str) -> Option<&GivenFile> {
        let wanted = GameName::parse(disc_name);
        self.files
            .iter()
            .rev()
            .find(|file| wanted.is_named(&file.game_name()) || wanted.is_named(&file.file_name()))
    }

    /// Keeps `charclut.nxd`'s rows beside the last file given (it was that file).
    ///
    /// # Errors
    /// No file given yet.
    pub fn clut(&mut self, rows: Result<Vec<ClutRow>, String>) -> Result<(), String> {
        let last = self
            .files
            .last_mut()
            .ok_or_else(|| "no charclut.nxd was given to decode".to_owned())?;
        last.clut = Some(rows);
        Ok(())
    }

    /// The last file given as the game file `file` stands for ([`GivenFile::game_name`]), as
    /// itself: not a picture, not a text form (the SPR a picture was painted from).
    pub fn binary_beside(&self, file: &GivenFile) -> Option<&GivenFile> {
        let wanted = GameName::parse(&file.game_name());
        self.files.iter().rev().find(|f| {
            wanted.is_named(&f.file_name())
                && !f.bytes.starts_with(&PNG_SIGNATURE)
                && !starts_as_text(&f.bytes)
        })
    }

    /// The names (as given) of the files that are not the game's own as it has them, each the
    /// last given of its game name, in the order given: the user's edits, given beside the game's
    /// files, which a mod is made of.
    pub fn edits(&self) -> Vec<String> {
        self.files
            .iter()
            .filter(|file| {
                let newest = self
                    .find(&file.game_name())
                    .is_some_and(|found| std::ptr::eq(found, *file));
                newest
                    && !matches!(
                        Verdict::of_named(&file.file_name(), &file.bytes),
                        Verdict::Retail(_)
                    )
            })
            .map(|file| file.name.clone())
            .collect()
    }

    /// [`Files::find`], or an error naming the file and its two names.
    ///
    /// # Errors
    /// When no file given has either name, for `what` (`the type1 document`).
    pub fn require(&self, disc_name: &str, what: &str) -> Result<&GivenFile, String> {
        self.find(disc_name).ok_or_else(|| {
            let other = GameName::parse(disc_name)
                .other_form()
                .map(|name| format!(" (or {name})"))
                .unwrap_or_default();
            format!(
                "{what} needs {disc_name}{other}, and none of the {} files given is named so",
                self.files.len()
            )
        })
    }
}
