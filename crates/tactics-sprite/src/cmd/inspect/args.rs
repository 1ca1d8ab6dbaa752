//! `inspect`'s arguments: the file, `--kind`, `--json`, `--verbose`, `--opcodes`, and the SAS
//! options (which `sas::inspect` reads).

use std::path::PathBuf;

use fft_formats::OpcodeTable;

use crate::cmd::FormatArg;

/// Show what a sprite file is, its header values and counts.
#[derive(Debug, clap::Args)]
#[command(
    about = "Show what a sprite file is: kind, retail identity, header values, counts",
    long_about = "Show what a sprite file is: its kind (told from its structure), whether it is a \
known retail file (by sha256), its header values and its counts.\n\n\
Unit SHP: header water_ptr, lower_half_from, extra; frames and tiles per table (main, water), \
frames in the lower half of the sheet.\n\
Weapon/effect SHP: the 0x44-byte first section as u16 values; frames and tiles.\n\
SEQ: header AA, BB, L; slots used, distinct slot offsets, commands, frame commands, opcodes.\n\
SPR: the variant, image size, palette count, padding; opaque pixels and the colour indices used.\n\n\
With --verbose, SHP files list every frame's tiles (dx, dy from the anchor; sheet x, y in \
pixels, +256 for frames in the lower half; width, height; flips), and SEQ files list, per slot, \
the commands of its storage segment: from the slot's offset up to the next larger distinct slot \
offset, or to L for the last segment. Slots that share an offset list the same commands. Command \
offsets count from the start of the command stream (file byte 0x406). SPR files list their \
palettes as raw 16-bit words (STP bit included).\n\n\
Tactics Ogre SAS sets (SAS3, SAS\\0) and pakd containers are told from their magic. A set: \
version, byte order, scale, counts, dead frames and padding, and every frame type used with what \
the --meanings table calls it and the values it carries; --verbose lists every slot, sprite, \
quad and frame with its offset and raw bytes. A container: its entries (offset, size, id, kind); \
--entry N inspects one."
)]
pub struct Args {
    /// The file to inspect (any file name).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Decode the file as this kind instead of telling its kind from its structure (its length
    /// fields) [default: detected]
    #[arg(long, value_enum, value_name = "KIND")]
    pub kind: Option<FormatArg>,

    /// Print one JSON object (same content as the text, keys in a stable order) instead of text.
    #[arg(long)]
    pub json: bool,

    /// Also list every frame's tiles (SHP) or every slot's commands (SEQ).
    #[arg(long, short)]
    pub verbose: bool,

    /// Opcode table for SEQ files: the retail game's, or the lengths of the "animation rewrite"
    /// patch found in modded games. Ignored for SHP files.
    #[arg(long, value_enum, value_name = "TABLE", default_value_t = OpcodesArg::Retail)]
    pub opcodes: OpcodesArg,

    /// SAS sets and pakd containers (told from their magic) are described by `sas::inspect`.
    #[command(flatten)]
    pub sas: crate::cmd::sas::SasOptions,
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
