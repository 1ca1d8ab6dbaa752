//! The whole build as the command-line tools run it: named input bytes in, a built document and
//! its canonical bytes out, with each input's provenance (retail or modified). `cargo xtask
//! build-data` and `tactics-sprite build` both call [`build_from_sources`], so they cannot differ.

use std::path::{Path, PathBuf};

use fft_formats::retail::{self, RetailFile};
use fft_formats::{Seq, UnitShp};
use sha2::{Digest, Sha256};

use crate::build::{BuildInput, Built, build};
use crate::canonical::to_canonical_bytes;
use crate::error::{Error, ErrorKind};
use crate::profile::Profile;

/// The synthetic demo SHP, built by our own encoder from a hand-written model (`fixtures/demo/`).
pub const DEMO_SHP: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SHP");
/// The synthetic demo SEQ.
pub const DEMO_SEQ: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SEQ");

/// One input file: a name for messages and its bytes.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

impl Source<'_> {
    /// The decoder's `error` about this file, in the context of its name.
    pub(crate) fn decode_error(&self, error: fft_formats::Error) -> Error {
        ErrorKind::Decode(error).in_context(self.name)
    }
}

/// An input file read whole, named in messages by its path as given: what the tools hold before
/// they build, each handing out its [`Source`].
#[derive(Debug, Clone)]
pub struct InputFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl InputFile {
    /// The file at `path`, whose bytes the caller has read (each tool reads with its own limits).
    pub fn new(path: &Path, bytes: Vec<u8>) -> Self {
        Self {
            name: path.display().to_string(),
            bytes,
        }
    }

    /// The file as the pipeline takes it.
    pub fn source(&self) -> Source<'_> {
        Source {
            name: &self.name,
            bytes: &self.bytes,
        }
    }
}

/// Whether an input is a known retail file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    pub name: String,
    pub size: usize,
    pub sha256: String,
    /// The retail file with this digest, if any.
    pub retail: Option<&'static RetailFile>,
}

impl Provenance {
    fn of(source: Source) -> Self {
        let sha256 = sha256_hex(source.bytes);
        Self {
            name: source.name.to_owned(),
            size: source.bytes.len(),
            retail: retail::by_sha256(&sha256),
            sha256,
        }
    }

    /// One line for a report: `retail TYPE1.SHP`, `the synthetic demo file`, or `modified`.
    pub fn describe(&self) -> String {
        match self.retail {
            Some(file) => format!("retail {}", file.disc_name),
            None if [DEMO_SHP, DEMO_SEQ]
                .iter()
                .any(|demo| sha256_hex(demo) == self.sha256) =>
            {
                "the synthetic demo file (not game data)".to_owned()
            }
            None => "modified (sha256 matches no retail file)".to_owned(),
        }
    }
}

/// A finished build.
#[derive(Debug, Clone)]
pub struct Output {
    pub built: Built,
    /// The canonical bytes of the document.
    pub bytes: Vec<u8>,
    pub sha256: String,
    pub inputs: [Provenance; 2],
}

/// Decodes both files, builds the document with the profile and writes its canonical bytes: the
/// build itself, with no hashing (the benchmarks time this).
///
/// # Errors
/// A file that does not decode (named, with the offset), a build error, an unreadable overlay.
pub fn build_document(
    shp: Source,
    seq: Source,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<(Built, Vec<u8>), Error> {
    let decoded_shp = UnitShp::decode(shp.bytes).map_err(|error| shp.decode_error(error))?;
    let decoded_seq = Seq::decode(seq.bytes).map_err(|error| seq.decode_error(error))?;
    let hands = profile.hands.as_deref().map(read_overlay).transpose()?;
    let holds = profile.holds.as_deref().map(read_overlay).transpose()?;
    let built = build(&BuildInput {
        shp: &decoded_shp,
        seq: &decoded_seq,
        profile,
        sheet_file,
        hands: hands.as_ref(),
        holds: holds.as_ref(),
    })?;
    let bytes = to_canonical_bytes(&built.document);
    Ok((built, bytes))
}

/// [`build_document`], plus what a tool reports: each input's provenance (retail or modified)
/// and the output's sha256.
///
/// # Errors
/// As [`build_document`].
pub fn build_from_sources(
    shp: Source,
    seq: Source,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<Output, Error> {
    let (built, bytes) = build_document(shp, seq, profile, sheet_file)?;
    Ok(Output {
        sha256: sha256_hex(&bytes),
        built,
        bytes,
        inputs: [Provenance::of(shp), Provenance::of(seq)],
    })
}

/// Builds the synthetic demo pair with its own profile.
///
/// # Errors
/// None in practice: a test builds the shipped demo.
pub fn build_demo(sheet_file: Option<&str>) -> Result<Output, Error> {
    build_from_sources(
        Source {
            name: "fixtures/demo/DEMO.SHP (built in)",
            bytes: DEMO_SHP,
        },
        Source {
            name: "fixtures/demo/DEMO.SEQ (built in)",
            bytes: DEMO_SEQ,
        },
        &Profile::demo(),
        sheet_file,
    )
}

fn read_overlay(path: &Path) -> Result<serde_json::Value, Error> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ErrorKind::Read(e).in_context(&shown))?;
    serde_json::from_str(&text).map_err(|e| ErrorKind::NotJson(e.to_string()).in_context(shown))
}

/// The retail file `bytes` are, when they are one other than `expected` (the disc name a profile
/// reads, such as `MON.SHP`): TYPE1.SHP given to the MON profile builds a document of wrong names
/// and rules, so tools refuse it unless forced.
pub fn other_retail_file(bytes: &[u8], expected: &str) -> Option<&'static RetailFile> {
    retail::by_sha256(&sha256_hex(bytes))
        .filter(|file| !file.disc_name.eq_ignore_ascii_case(expected))
}

/// Lower-case hex sha256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What to say when [`find_retail_file`] finds nothing: `DIR: no TYPE1.SHP (or
/// battle_type1_shp.bin) in this folder`.
pub fn not_in_folder(dir: &Path, disc_name: &str) -> String {
    let remaster = retail::by_disc_name(disc_name)
        .map(|f| format!(" (or {})", f.remaster_name))
        .unwrap_or_default();
    format!("{}: no {disc_name}{remaster} in this folder", dir.display())
}

/// Finds a retail file in a folder under its disc name or the remaster's name (any case).
pub fn find_retail_file(dir: &Path, disc_name: &str) -> Option<PathBuf> {
    let wanted: Vec<String> = match retail::by_disc_name(disc_name) {
        Some(file) => vec![
            file.disc_name.to_ascii_lowercase(),
            file.remaster_name.to_ascii_lowercase(),
        ],
        None => vec![disc_name.to_ascii_lowercase()],
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    wanted.iter().find_map(|name| {
        entries
            .iter()
            .find(|p| {
                p.is_file()
                    && p.file_name()
                        .is_some_and(|f| f.to_string_lossy().to_ascii_lowercase() == *name)
            })
            .cloned()
    })
}

/// The folder of a disc that holds the sprite files (SHP, SEQ, SPR).
pub const DISC_FOLDER: &str = "BATTLE";
/// The most bytes read of one file from a disc image: every sprite file is far smaller (a unit
/// SHP is at most 0x2080A bytes), and a record that claims more is refused before it is read.
pub const MAX_DISC_FILE_BYTES: u64 = 4 << 20;

/// Where the original files are read from: a folder of loose files (under their disc names or
/// the remaster's), or the user's own disc image (its `BATTLE` folder). Every tool that takes
/// `--originals DIR` or `--disc IMAGE` holds one, and finds each file through [`Originals::find`]
/// (the sheets and `WEP.SPR` too, for `render`, `export-aseprite` and `serve`).
#[derive(Debug)]
pub enum Originals {
    Folder(PathBuf),
    Disc(Box<disc_image::Disc>),
}

impl Originals {
    /// Opens a disc image (a `.cue`, `.bin`, `.img` or `.iso`, told from its bytes).
    ///
    /// # Errors
    /// An image that cannot be read or is not ISO 9660 (`disc_image`'s one-line error).
    pub fn open_disc(path: &Path) -> Result<Self, disc_image::Error> {
        disc_image::Disc::open(path).map(|disc| Self::Disc(Box::new(disc)))
    }

    /// For a line saying where the files come from: the folder, or the image and its form.
    pub fn describe(&self) -> String {
        match self {
            Self::Folder(dir) => dir.display().to_string(),
            Self::Disc(disc) => format!("{} ({})", disc.image(), disc.describe()),
        }
    }

    /// Where a missing file was looked for, as [`ErrorKind::MissingFile`] names it.
    pub fn place(&self) -> String {
        match self {
            Self::Folder(dir) => dir.display().to_string(),
            Self::Disc(disc) => format!("the {DISC_FOLDER} folder of {}", disc.image()),
        }
    }

    /// What to say when [`Originals::find`] finds nothing: [`not_in_folder`] for a folder,
    /// `IMAGE: no BATTLE/TYPE1.SHP in the image` for a disc.
    pub fn missing(&self, disc_name: &str) -> String {
        match self {
            Self::Folder(dir) => not_in_folder(dir, disc_name),
            Self::Disc(disc) => {
                format!("{}: no {} in the image", disc.image(), disc_path(disc_name))
            }
        }
    }

    /// Where [`Originals::find`] looks for `name`, for a message: `DIR/NAME`, or
    /// `IMAGE:BATTLE/NAME`.
    pub fn shown(&self, name: &str) -> String {
        match self {
            Self::Folder(dir) => dir.join(name).display().to_string(),
            Self::Disc(disc) => format!("{}:{}", disc.image(), disc_path(name)),
        }
    }

    /// Whether the file is there (a disc whose directory cannot be read has none).
    pub fn contains(&self, disc_name: &str) -> bool {
        match self {
            Self::Folder(dir) => find_retail_file(dir, disc_name).is_some(),
            Self::Disc(disc) => disc.find(&disc_path(disc_name)).is_ok_and(|e| !e.directory),
        }
    }

    /// The file `disc_name` (`TYPE1.SHP`), read whole: from the folder under its disc or
    /// remaster name, or from the disc's `BATTLE` folder ([`disc_path`]: a remaster name finds
    /// the disc name, a name with a folder is a path from the image's root). `Ok(None)` when it
    /// is not there. Its name in messages is its path, or `IMAGE:BATTLE/TYPE1.SHP`.
    ///
    /// # Errors
    /// A file that is there but cannot be read ([`ErrorKind::Read`], in the context of its
    /// path; for a disc, the image's error with its sector and byte), or one on a disc over
    /// [`MAX_DISC_FILE_BYTES`].
    pub fn find(&self, disc_name: &str) -> Result<Option<InputFile>, Error> {
        match self {
            Self::Folder(dir) => {
                let Some(path) = find_retail_file(dir, disc_name) else {
                    return Ok(None);
                };
                let bytes = std::fs::read(&path)
                    .map_err(|e| ErrorKind::Read(e).in_context(path.display()))?;
                Ok(Some(InputFile::new(&path, bytes)))
            }
            Self::Disc(disc) => {
                let path = disc_path(disc_name);
                let entry = match disc.find(&path) {
                    Ok(entry) if !entry.directory => entry,
                    Ok(_) => return Ok(None),
                    Err(error)
                        if matches!(error.kind(), disc_image::ErrorKind::NotFound { .. }) =>
                    {
                        return Ok(None);
                    }
                    Err(error) => return Err(ErrorKind::Read(error.into()).in_context(&path)),
                };
                let bytes = disc
                    .read(&entry, MAX_DISC_FILE_BYTES)
                    .map_err(|error| ErrorKind::Read(error.into()).in_context(&entry.path))?;
                Ok(Some(InputFile {
                    name: format!("{}:{}", disc.image(), entry.path),
                    bytes,
                }))
            }
        }
    }

    /// [`Originals::find`], with a missing file an error: [`ErrorKind::MissingFile`].
    ///
    /// # Errors
    /// As [`Originals::find`], and a missing file.
    pub fn read(&self, disc_name: &str) -> Result<InputFile, Error> {
        self.find(disc_name)?.ok_or_else(|| {
            ErrorKind::MissingFile {
                name: disc_name.into(),
                dir: self.place(),
            }
            .into()
        })
    }
}

/// Where a file named `name` is on a disc: in its `BATTLE` folder (`TYPE1.SHP` is
/// `BATTLE/TYPE1.SHP`), under its disc name when `name` is the remaster's
/// (`battle_ramuza_spr.bin` is `BATTLE/RAMUZA.SPR`); a name with a folder is a path from the
/// image's root as it is (`BATTLE/RAMUZA.SPR`, as `tactics-sprite disc ls` lists it).
pub fn disc_path(name: &str) -> String {
    if name.contains('/') {
        return name.to_owned();
    }
    format!("{DISC_FOLDER}/{}", disc_name_of(name))
}

/// The disc's name of a file the remaster names `battle_<name>_<ext>.bin` (`battle_behi2_sp2.bin`
/// is `BEHI2.SP2`); any other name as it is.
fn disc_name_of(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let remaster = lower
        .strip_prefix("battle_")
        .and_then(|rest| rest.strip_suffix(".bin"))
        .and_then(|stem| stem.rsplit_once('_'))
        .filter(|(base, ext)| !base.is_empty() && !ext.is_empty());
    match remaster {
        Some((base, ext)) => format!("{base}.{ext}").to_ascii_uppercase(),
        None => name.to_owned(),
    }
}

impl Output {
    /// What a build tells its user, the same from every tool: each input's provenance, the
    /// warnings, and the document's counts.
    pub fn report(&self) -> String {
        let d = &self.built.document;
        let mut lines = Vec::new();
        for input in &self.inputs {
            lines.push(format!(
                "input   {}: {} bytes, {}",
                input.name,
                input.size,
                input.describe()
            ));
        }
        for warning in &self.built.warnings {
            lines.push(format!("warning {warning}"));
        }
        lines.push(format!(
            "built   {} cells, {} frames ({} main + {} water), {} sequences, {} animations",
            d.cells.len(),
            d.frames.len(),
            d.water_offset,
            d.frames.len() - d.water_offset as usize,
            d.sequences.len(),
            d.animations.len()
        ));
        lines.join("\n")
    }
}
