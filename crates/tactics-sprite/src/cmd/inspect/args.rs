//! `inspect`'s arguments: the file, `--kind`, `--json`, `--verbose`, `--opcodes`, and the SAS
//! options (which `sas::inspect` reads).

use std::path::PathBuf;

use fft_formats::OpcodeTable;

use crate::cmd::FormatArg;

/// Show what a sprite file is, its header values and counts.
#[derive(Debug, clap::Args)]
#[command(
    about = "Show what a sprite file is: kind, retail identity, header values, counts",
    long_about = "Show what a sprite file is: its kind (told from its structure, or a SAS set's magic),
whether it is a known retail file (by sha256), its header values and its counts; --json prints one
object. --verbose also lists every frame's tiles (SHP), the palettes as stored (SPR), or each
slot's commands (SEQ), from its offset up to the next larger distinct slot offset.
Exit status: 0 shown; 1 a file that cannot be read or decoded; 2 a usage error.
More: docs/formats/README.md"
)]
pub struct Args {
    /// The file to inspect (any file name).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Decode the file as this kind: unit-shp, weapon-shp, seq or spr [default: told from its structure]
    #[arg(long, value_enum, value_name = "KIND", hide_possible_values = true)]
    pub kind: Option<FormatArg>,

    /// Print one JSON object (the text's content, keys in a stable order) instead of text.
    #[arg(long)]
    pub json: bool,

    /// Also list every frame's tiles (SHP) or every slot's commands (SEQ).
    #[arg(long, short)]
    pub verbose: bool,

    /// SEQ opcode table: retail, or animation-rewrite (a patch of modded games) [default: retail]
    #[arg(
        long,
        value_enum,
        value_name = "TABLE",
        default_value_t = OpcodesArg::Retail,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub opcodes: OpcodesArg,

    /// SAS sets and pakd containers (told from their magic) are described by `sas::inspect`.
    #[command(flatten)]
    pub sas: crate::cmd::sas::SasOptions,

    #[command(flatten)]
    pub game: crate::cmd::inputs::GameFileArgs,
}

/// `--opcodes` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OpcodesArg {
    /// The table every retail file decodes with.
    Retail,
    /// The retail table with the "animation rewrite" patch's lengths and names (C2 is 3 bytes).
    AnimationRewrite,
}

impl OpcodesArg {
    /// The opcode table SEQ files decode with.
    pub fn table(self) -> OpcodeTable {
        match self {
            Self::Retail => OpcodeTable::retail(),
            Self::AnimationRewrite => OpcodeTable::animation_rewrite(),
        }
    }

    /// The name the report gives the table (`opcode_table`), as `--opcodes` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Retail => "retail",
            Self::AnimationRewrite => "animation-rewrite",
        }
    }
}
