//! `tactics-sprite disasm`: a SEQ or SHP file as its text form (docs/text-forms.md), which `asm`
//! compiles back to the same bytes.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use faults::Shown;
use fft_formats::seq::OpcodeTable;
use fft_formats::text::seq::SlotNames;
use fft_formats::{FileFormat, text};
use sprite_data::Profile;
use sprite_data::listing::slot_names;
use sprite_data::output::write_atomically;
use sprite_data::profile::UnitKind;

use super::inputs::GameFileArgs;
use super::{FormatArg, Outcome, choose_kind};

/// Write a SEQ or SHP file as editable text.
#[derive(Debug, clap::Args)]
#[command(
    about = "Write a SEQ or SHP file as editable text, which `asm` compiles back to the same bytes",
    long_about = "Write a SEQ file (animation bytecode) or an SHP file (frames) as editable text: a SEQ one command
a line, opcodes by name, labels where jumps land, each slot named by its animation and the views
that play it (from the kind's profile); an SHP each frame's tiles by their sheet pixels.
Every byte has a spelling, so `asm` gives back the same file; edit the text and assemble it.
Written atomically.
Exit status: 0 written; 1 a file that cannot be read or decoded, or a sheet (no text form); 2 a usage error.
More: docs/text-forms.md"
)]
pub struct Args {
    /// The file: a SEQ (TYPE1.SEQ), a unit SHP (TYPE1.SHP) or a weapon/effect SHP (WEP1.SHP).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Decode the file as this kind: unit-shp, weapon-shp or seq [default: told from its structure]
    #[arg(long, value_enum, value_name = "KIND", hide_possible_values = true)]
    pub kind: Option<FormatArg>,

    /// The SEQ opcode table: retail, or animation-rewrite (a patch's; C2 is 3 bytes) [default: retail]
    #[arg(long, value_name = "TABLE", default_value = OpcodeTable::NAMES[0],
          hide_default_value = true, hide_possible_values = true,
          value_parser = clap::builder::PossibleValuesParser::new(OpcodeTable::NAMES))]
    pub opcodes: String,

    /// The profile that names a SEQ's slots: a unit kind (type1, mon, ...) or a profile file [default: the kind whose SEQ it is, by its digest or its name]
    #[arg(long, value_name = "PROFILE")]
    pub profile: Option<String>,

    /// Where to write the text.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,

    #[command(flatten)]
    pub game: GameFileArgs,
}

/// Runs the command.
///
/// # Errors
/// An unreadable or undecodable file, a sheet or a text given as the file, or an output that
/// cannot be written.
pub fn run(args: &Args) -> Outcome {
    let file = args.game.read(&args.file)?;
    let (shown, bytes) = (file.name, file.bytes);
    if let Some(format) = text::detect(&bytes) {
        return Err(anyhow!(
            "{shown}: this is already the text form of {}; `tactics-sprite asm` compiles it",
            format.in_words()
        )
        .into());
    }
    let (format, _) = choose_kind(Path::new(&shown), &bytes, args.kind)?;
    if format == FileFormat::Spr {
        return Err(anyhow!(
            "{shown}: this is an SPR sprite sheet, which has no text form (it is a picture: \
             `tactics-sprite sheet` writes it as a PNG)"
        )
        .into());
    }
    let opcodes = OpcodeTable::by_name(&args.opcodes).expect("clap checks the table's name");
    let names = match format {
        FileFormat::Seq => naming_profile(args.profile.as_deref(), &shown, &bytes)?
            .map(|(profile, source)| slot_names(&profile, &source))
            .unwrap_or_default(),
        _ => SlotNames::default(),
    };
    let written = text::disassemble_named(&bytes, format, &opcodes, &names)
        .with_context(|| format!("{shown}: not {}", format.in_words()))?;
    write_atomically(&args.out, written.as_bytes())
        .with_context(|| format!("{}: cannot write", Shown(&args.out)))?;
    println!("disasm  {shown}  {format}, {} bytes", bytes.len());
    if let Some(source) = &names.source {
        println!("names   {} slots named from {source}", names.slots.len());
    }
    println!(
        "wrote   {} ({} lines, {} bytes)",
        Shown(&args.out),
        written.lines().count(),
        written.len()
    );
    Ok(())
}

/// The profile that names the slots of the SEQ `shown` (its bytes `bytes`), and where it comes
/// from in words: `--profile` (a unit kind's name, else a profile file), else the built-in kind
/// whose SEQ it is by its retail digest, else by its file name (any form: `TYPE1.SEQ`,
/// `battle_type1_seq.bin`); `None` when nothing says.
///
/// # Errors
/// A `--profile` file that cannot be read or is not a profile.
pub fn naming_profile(
    given: Option<&str>,
    shown: &str,
    bytes: &[u8],
) -> anyhow::Result<Option<(Profile, String)>> {
    if let Some(given) = given {
        return Ok(Some(match UnitKind::find(given) {
            Some(kind) => (kind.load(), format!("the {} profile", kind.name)),
            None => (
                sprite_inputs::documents::load_profile(Path::new(given))?,
                format!("the profile {given}"),
            ),
        }));
    }
    Ok(sprite_inputs::retail::kind_of_seq(shown, bytes)
        .map(|kind| (kind.load(), format!("the {} profile", kind.name))))
}
