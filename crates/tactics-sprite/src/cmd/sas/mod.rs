//! Tactics Ogre's SAS sprite animation sets (`SAS3`, `SAS\0`) and their `pakd` containers in the
//! existing commands: `inspect`, `roundtrip`, `build`, `render` and `draw` look at a file's first bytes
//! and hand SAS files and containers to these modules; `extract` is SAS-only.

pub mod build;
pub mod draw;
pub mod extract;
pub mod inspect;
pub mod render;
pub mod roundtrip;

use std::fs::File;
use std::io::Read;
use std::path::Path;

use anyhow::{Context, anyhow};
use sas_formats::meanings::PositionPair;
use sas_formats::{EntryKind, Meanings, Pakd, SasSet};

pub use sas_formats::pakd::MAX_CONTAINER_LEN;

/// Reads a whole SAS file or container (up to [`MAX_CONTAINER_LEN`]).
///
/// # Errors
/// When it cannot be opened or read, or is longer; the message names the path.
pub fn read_input(path: &Path) -> anyhow::Result<Vec<u8>> {
    super::read_at_most(
        path,
        MAX_CONTAINER_LEN,
        "longer than a pakd container is read",
    )
}

/// What a file's first bytes say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    Sas,
    Pakd,
}

/// Whether `path` is a SAS file or a `pakd` container, from its first four bytes. Anything that
/// cannot be read is left to the ordinary path, which reports it.
pub fn sniff(path: &Path) -> Option<Sniffed> {
    let mut head = [0; 4];
    File::open(path).ok()?.read_exact(&mut head).ok()?;
    if sas_formats::is_sas(&head) {
        Some(Sniffed::Sas)
    } else if sas_formats::is_pakd(&head) {
        Some(Sniffed::Pakd)
    } else {
        None
    }
}

/// `--meanings` values: which interpretation table reads the frame types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MeaningsArg {
    /// Type 8 plays a sound (its value the sound id), type 9 loops.
    #[default]
    Seed,
    /// Gibbed's reader: type 8 starts a loop (its value a frame index), type 9 sets a flag.
    Gibbed,
}

impl MeaningsArg {
    pub fn table(self) -> Meanings {
        match self {
            Self::Seed => Meanings::seed(),
            Self::Gibbed => Meanings::gibbed(),
        }
    }
}

/// The options `build` and `render` take for SAS input (flattened into their own).
#[derive(Debug, Clone, clap::Args)]
pub struct SasOptions {
    /// For a pakd container: the entry holding the SAS set [default: its only SAS entry]
    #[arg(long, value_name = "N")]
    pub entry: Option<usize>,

    /// SAS sets: frame types 8, 9 (disputed): seed (a sound, a loop) or gibbed (a loop, a flag) [default: seed]
    #[arg(
        long,
        value_enum,
        value_name = "TABLE",
        default_value_t = MeaningsArg::Seed,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub meanings: MeaningsArg,

    /// SAS sets: which offset pair is the animation's position (not settled): x1y1 or x2y2 [default: x2y2]
    #[arg(
        long,
        value_enum,
        value_name = "PAIR",
        default_value_t = PositionArg::X2y2,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub position: PositionArg,
}

/// `--position` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PositionArg {
    /// x1, y1: the signed bytes at frame bytes 5 and 6.
    X1y1,
    /// x2, y2: the wider pair (s16 in SAS3, bytes in SAS\0).
    #[default]
    X2y2,
}

impl SasOptions {
    /// The interpretation table these options choose.
    pub fn table(&self) -> Meanings {
        let pair = match self.position {
            PositionArg::X1y1 => PositionPair::First,
            PositionArg::X2y2 => PositionPair::Second,
        };
        self.meanings.table().with_position_pair(pair)
    }
}

/// What `--animation NAME` is told when NAME is not an animation's number: a SAS set's animations
/// are numbered, not named.
pub fn not_numbered(name: &str, set: &SasSet) -> String {
    format!(
        "--animation {name:?}: a SAS set's animations are numbered 0..{}",
        set.animations.len().saturating_sub(1)
    )
}

/// A decoded set and a name for it (`file` or `file#entry`).
pub struct LoadedSet {
    pub set: SasSet,
    pub name: String,
    /// The set's bytes as stored (a container entry's, padding included).
    pub bytes: Vec<u8>,
}

/// Reads a SAS file, or entry `entry` of a `pakd` container (the only SAS entry when `None`).
///
/// # Errors
/// An unreadable or undecodable file or entry, a missing or ambiguous entry, a compressed one.
pub fn load_set(path: &Path, entry: Option<usize>) -> anyhow::Result<LoadedSet> {
    let bytes = read_input(path)?;
    let shown = path.display().to_string();
    if sas_formats::is_sas(&bytes) {
        if entry.is_some() {
            return Err(anyhow!(
                "{shown}: --entry picks an entry of a pakd container; this is a SAS file"
            ));
        }
        let set = SasSet::decode(&bytes).with_context(|| shown.clone())?;
        return Ok(LoadedSet {
            set,
            name: shown,
            bytes,
        });
    }
    let pakd = Pakd::decode(&bytes).with_context(|| shown.clone())?;
    let sas_entries: Vec<usize> = pakd
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind(), EntryKind::Sas(..)))
        .map(|(i, _)| i)
        .collect();
    let index = match (entry, sas_entries.as_slice()) {
        (Some(index), _) => index,
        (None, [only]) => *only,
        (None, []) => return Err(anyhow!("{shown}: the container has no SAS entry")),
        (None, many) => {
            return Err(anyhow!(
                "{shown}: the container has {} SAS entries ({}); pick one with --entry N",
                many.len(),
                many.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    };
    let name = format!("{shown}#{index}");
    let entry = pakd.entries.get(index).ok_or_else(|| {
        anyhow!(
            "{shown}: no entry {index} (the container has {})",
            pakd.entries.len()
        )
    })?;
    let contents = entry.contents().map_err(|e| anyhow!("{name}: {e}"))?;
    if !sas_formats::is_sas(contents) {
        return Err(anyhow!(
            "{name}: entry {index} is {}, not a SAS set",
            entry.kind()
        ));
    }
    let set = SasSet::decode_as(contents, pakd.byte_order).with_context(|| name.clone())?;
    Ok(LoadedSet {
        set,
        name,
        bytes: contents.to_vec(),
    })
}
