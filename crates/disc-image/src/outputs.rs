//! Where a patched image goes: over the image's own data file, or to a new file named by the
//! caller, with a new cue sheet beside it when the image has one (docs/disc.md). A new image
//! never lands on the image it is made from unless the caller asks for that.

use std::path::{Path, PathBuf};

use crate::disc::Disc;

/// Where the caller asked the patched image to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatchTarget<'a> {
    /// Over the image's own data file.
    InPlace,
    /// To this file: a data file, or a cue sheet (`.cue`) with its data file beside it.
    To(&'a Path),
}

/// The files a patch writes: the data file, and the cue sheet naming it, when one is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchOutputs {
    pub data: PathBuf,
    pub cue: Option<PathBuf>,
}

/// Why a patch's outputs are refused, for the caller to word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutputRefusal {
    /// The image is held in memory: there is no data file to patch.
    NoDataFile,
    /// The target names a cue sheet (`.cue`), but the image has none to rewrite.
    CueWithoutCue,
    /// The target is the image's own data file or cue sheet, not asked as [`PatchTarget::InPlace`].
    SameAsInput,
}

impl Disc {
    /// The files a patch of this image to `target` writes: in place, its data file; to a cue
    /// sheet, the sheet and a `.bin` beside it; to another file of an image with a cue sheet of
    /// one file, that file and a `.cue` beside it; else the file alone.
    ///
    /// # Errors
    /// An image held in memory; a cue sheet asked of an image that has none; a target that is
    /// the image itself.
    pub fn patch_outputs(&self, target: PatchTarget) -> Result<PatchOutputs, OutputRefusal> {
        let data = self
            .data_file()
            .ok_or(OutputRefusal::NoDataFile)?
            .to_owned();
        let out = match target {
            PatchTarget::InPlace => return Ok(PatchOutputs { data, cue: None }),
            PatchTarget::To(out) => out,
        };
        let is_cue = out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("cue"));
        let (data_out, cue_out) = match (self.cue(), is_cue) {
            (Some(_), true) => (out.with_extension("bin"), Some(out.to_owned())),
            (Some(cue), false) if cue.files == 1 => {
                (out.to_owned(), Some(out.with_extension("cue")))
            }
            (Some(_), false) => (out.to_owned(), None),
            (None, true) => return Err(OutputRefusal::CueWithoutCue),
            (None, false) => (out.to_owned(), None),
        };
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same(&data_out, &data)
            || self
                .cue()
                .is_some_and(|c| cue_out.as_deref().is_some_and(|o| same(o, &c.path)))
        {
            return Err(OutputRefusal::SameAsInput);
        }
        Ok(PatchOutputs {
            data: data_out,
            cue: cue_out,
        })
    }
}
