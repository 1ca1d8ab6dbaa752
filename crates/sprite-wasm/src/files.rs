//! The files a page was given: each with the name it came with (a path from a folder picked, or
//! a bare name) and its bytes, found by any form of a game file's name (`TYPE1.SHP`,
//! `battle_type1_shp.bin`, `BATTLE/TYPE1.SHP;1`), the one rule of `sprite_inputs::names`.
//!
//! What is kept is bounded before it is allocated: a file over the inputs layer's cap
//! ([`MAX_INPUT_LEN`]) is refused with its name, and so is a file that would take the set over
//! [`MAX_TOTAL_LEN`], so that a page given a whole install runs out of nothing but patience.

use sprite_data::build::NamedBytes;
use sprite_inputs::names::GameName;
use sprite_inputs::read::{MAX_INPUT_LEN, TOO_LONG_FOR_A_SPRITE_FILE};
use sprite_inputs::retail::Verdict;

/// The most bytes a set keeps, all files together: every sprite file of the game's BATTLE folder
/// is about 20 MB, and wasm memory grows to 1 GiB at most (`build.rs`).
pub const MAX_TOTAL_LEN: usize = 256 << 20;

/// One file given: its name as given and its bytes.
#[derive(Debug, Clone)]
pub struct GivenFile {
    pub name: String,
    pub bytes: Vec<u8>,
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
        self.files.push(GivenFile { name, bytes });
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

    /// The game file `disc_name` (`TYPE1.SHP`) under any of its names, the last given first.
    pub fn find(&self, disc_name: &str) -> Option<&GivenFile> {
        let wanted = GameName::parse(disc_name);
        self.files
            .iter()
            .rev()
            .find(|file| wanted.is_named(&file.file_name()))
    }

    /// The names (as given) of the files that are not the game's own as it has them, each the
    /// last given of its game name, in the order given: the user's edits, given beside the game's
    /// files, which a mod is made of.
    pub fn edits(&self) -> Vec<String> {
        self.files
            .iter()
            .filter(|file| {
                let newest = self
                    .find(&file.file_name())
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
