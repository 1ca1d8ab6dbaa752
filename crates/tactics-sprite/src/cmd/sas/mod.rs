//! Tactics Ogre's SAS sprite animation sets (`SAS3`, `SAS\0`) and their `pakd` containers in the
//! existing commands: `inspect`, `roundtrip`, `build`, `render` and `draw` look at a file's first bytes
//! and hand SAS files and containers to these modules; `extract` is SAS-only.

pub mod build;
pub mod draw;
pub mod extract;
pub mod inspect;
pub mod render;
pub mod roundtrip;

use std::path::Path;

use faults::Faulty;
use sas_formats::meanings::PositionPair;
use sas_formats::pose::PoseFault;
use sas_formats::{Meanings, SasSet};
use sprite_inputs::sas::LoadedSet;
use sprite_render::RequestFault;

use super::Failure;

pub use sprite_inputs::read::read_container as read_input;
pub use sprite_inputs::sas::load_set;
pub use sprite_inputs::sniff::Sniffed;

/// Whether `path` is a SAS file or a `pakd` container, from its first four bytes
/// ([`sprite_inputs::sniff::sniff_sas_file`]). Anything that cannot be read is left to the
/// ordinary path, which reports it.
pub fn sniff(path: &Path) -> Option<Sniffed> {
    sprite_inputs::sniff::sniff_sas_file(path)
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
            Self::Seed => Meanings::from_executable(),
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

/// A SAS request `command` refuses, in the command line's words: a sprite past the table named by
/// `--frame`, an animation the set does not number named as given (`09` is animation 9); the
/// set's own fault a failure named by the set.
pub fn refusal(
    command: &'static str,
    fault: RequestFault,
    given: &[String],
    set: &LoadedSet,
) -> Failure {
    if !fault.fault().is_the_requests() {
        return Failure::Failed(anyhow::anyhow!("{}: {fault}", set.name));
    }
    let words = match fault {
        RequestFault::NoSprite { sprite, .. } if sprite > 255 => {
            format!("--frame {sprite}: a frame shows sprites 0..255")
        }
        RequestFault::NoSprite { sprite, count } => {
            format!("--frame {sprite}: the set has {count} sprites")
        }
        RequestFault::Pose(PoseFault::NoAnimation { animation, .. }) => {
            let given = given
                .iter()
                .find(|n| n.parse::<usize>().ok() == Some(animation))
                .cloned()
                .unwrap_or_else(|| animation.to_string());
            not_numbered(&given, &set.set)
        }
        other => other.to_string(),
    };
    Failure::usage(command, words)
}

/// What `--animation NAME` is told when NAME is not an animation's number: a SAS set's animations
/// are numbered, not named.
pub fn not_numbered(name: &str, set: &SasSet) -> String {
    format!(
        "--animation {name:?}: a SAS set's animations are numbered 0..{}",
        set.animations.len().saturating_sub(1)
    )
}
