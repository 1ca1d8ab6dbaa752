//! The SHP and SEQ a unit or a layer is built from, read in one place for every tool that builds
//! one (`build`, `check`, a pair served by `catalog::pair`): each the file given by path, read as
//! every command reads a game file it names ([`Originals::read`]), or the file of its disc name
//! in the places; assembled when it is a text form. Whether a file is of the kind its part wants
//! is the caller's to say, in its own words, as each file is read.

use std::path::Path;

use crate::error::{Error, Result};
use crate::locate::Originals;
use crate::sniff::{SpriteFile, TextSource};

/// Where one file of the pair comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// The path given for it.
    Given(&'a Path),
    /// Its disc name (`TYPE1.SHP`), found in the places.
    Named(&'a str),
}

impl<'a> Part<'a> {
    /// The path given, else the file named `name` in the places.
    pub fn given_or_named(given: Option<&'a Path>, name: &'a str) -> Part<'a> {
        given.map_or(Part::Named(name), Part::Given)
    }
}

/// Which file of the pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Shp,
    Seq,
}

/// One file of the pair, read.
#[derive(Debug, Clone)]
pub struct PairFile {
    /// Its bytes (assembled when a text form) and the text form's format.
    pub file: SpriteFile,
    /// The text it was assembled from, when it was a text form.
    pub source: Option<TextSource>,
}

/// Reads the pair's SHP, then its SEQ, each through `files`, and hands each to `accept` as it is
/// read (the SHP is refused before the SEQ is read). `None` when a file is [`Part::Named`] and
/// `files` has no places to find it in (nothing after it is read).
///
/// # Errors
/// A file that cannot be read or found, or a text form that does not assemble (at its line and
/// column); what `accept` refuses.
pub fn read_pair<E: From<Error>>(
    files: &Originals,
    shp: Part,
    seq: Part,
    mut accept: impl FnMut(&PairFile, Which) -> std::result::Result<(), E>,
) -> std::result::Result<Option<(PairFile, PairFile)>, E> {
    let mut read = |part: Part, which: Which| -> std::result::Result<Option<PairFile>, E> {
        let Some(file) = read_part(files, part)? else {
            return Ok(None);
        };
        accept(&file, which)?;
        Ok(Some(file))
    };
    let Some(shp) = read(shp, Which::Shp)? else {
        return Ok(None);
    };
    let Some(seq) = read(seq, Which::Seq)? else {
        return Ok(None);
    };
    Ok(Some((shp, seq)))
}

/// One file of the pair: `None` when it is named and there are no places.
fn read_part(files: &Originals, part: Part) -> Result<Option<PairFile>> {
    let (file, source) = match (part, files.if_any()) {
        (Part::Given(path), _) => SpriteFile::assembled(files.read(path)?)?,
        (Part::Named(name), Some(originals)) => {
            (SpriteFile::binary(originals.require(name)?), None)
        }
        (Part::Named(_), None) => return Ok(None),
    };
    Ok(Some(PairFile { file, source }))
}
