//! `tactics-sprite asm`: the text form of a SEQ or SHP file (docs/text-forms.md) compiled back
//! to the file.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use faults::Shown;
use fft_formats::text::{self, Model};
use fft_formats::{FileFormat, Seq};
use sprite_data::execution::slots_played_differently;
use sprite_data::index::Slot;
use sprite_data::listing::animations_playing;
use sprite_data::output::write_atomically;

use sprite_inputs::names::battle::battle_file;

use super::disasm::naming_profile;
use super::inputs::GameFileArgs;
use super::{Outcome, SpriteFile, plural, read_input};

/// Compile a text form back to a SEQ or SHP file.
#[derive(Debug, clap::Args)]
#[command(
    about = "Compile the text form of a SEQ or SHP file (from `disasm`, or edited) back to the file",
    long_about = "Compile the text form of a SEQ or SHP file (from `disasm`, edited or not; its `.format` line says
which) back to the file, checked as strictly as the encoders: an untouched text gives back the
same bytes. A problem is one line naming the text's line and column, and nothing is written.
build, check and diff take the text itself too. --check ORIGINAL says which animations the text
plays differently from the original SEQ, by name (from the kind's profile).
Exit status: 0 written (atomically); 1 a text that cannot be read or does not assemble; 2 a usage error.
More: docs/text-forms.md"
)]
pub struct Args {
    /// The text (type1.seq.txt, from `tactics-sprite disasm`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Where to write the SEQ or SHP file (not needed with --check).
    #[arg(short, long, value_name = "OUT", required_unless_present = "check")]
    pub out: Option<PathBuf>,

    /// Say which animations the text plays differently from this SEQ (the file or its text; with --disc, the image's)
    #[arg(long, value_name = "ORIGINAL")]
    pub check: Option<PathBuf>,

    /// The profile that names the slots --check reports: a unit kind or a profile file [default: the original's kind]
    #[arg(long, value_name = "PROFILE", requires = "check")]
    pub profile: Option<String>,

    #[command(flatten)]
    pub game: GameFileArgs,
}

/// Runs the command.
///
/// # Errors
/// An unreadable file, a text that does not assemble (at its line and column), a binary file
/// given as the text, or an output that cannot be written.
pub fn run(args: &Args) -> Outcome {
    let shown = Shown(&args.file).to_string();
    let bytes = read_input(&args.file)?;
    if text::detect(&bytes).is_none() {
        if let Some(format) = fft_formats::detect_format(&bytes) {
            return Err(anyhow!(
                "{shown}: this is {}, not its text form; `tactics-sprite disasm` writes that",
                format.in_words()
            )
            .into());
        }
        if let Some(what) = super::not_a_sprite_file(&bytes) {
            return Err(
                anyhow!("{shown}: this is {what}, not the text form of a SEQ or SHP file").into(),
            );
        }
    }
    let assembly = text::assemble_bytes(&bytes).map_err(|e| anyhow!("{shown}: {e}"))?;
    let format = assembly.model.format();
    println!("asm     {shown}  {format} text");
    if let Some(original) = &args.check {
        let Model::Seq { seq, opcodes } = &assembly.model else {
            return Err(anyhow!(
                "--check compares the animations of a SEQ; {shown} is the text form of {}",
                format.in_words()
            )
            .into());
        };
        let read = args.game.read(original);
        let original = SpriteFile::from_input(read.map_err(|e| not_there(args, original, e))?)?;
        let name = &original.file.name;
        if let Some(what) = original.wrong_kind(FileFormat::Seq) {
            return Err(anyhow!("--check {name}: this is {what}, not a SEQ file").into());
        }
        let before = Seq::decode_with(&original.file.bytes, opcodes)
            .with_context(|| format!("--check {name}"))?;
        println!(
            "{}",
            changes_line(args, seq, &before, name, &original.file.bytes)?
        );
        if let Some(warning) = over_the_room(args, &shown, assembly.bytes.len(), seq, &before)? {
            super::warn("asm", &warning);
        }
    }
    if let Some(out) = &args.out {
        write_atomically(out, &assembly.bytes)
            .with_context(|| format!("{}: cannot write", Shown(&out)))?;
        println!(
            "wrote   {} ({}, {} bytes)",
            Shown(&out),
            format.in_words(),
            assembly.bytes.len()
        );
    }
    Ok(())
}

/// `changes Walk (slots 6 front, 7 back) against TYPE1.SEQ`: the animations of the original's
/// profile whose slots `seq` plays differently from `before`, and the slots no animation plays.
fn changes_line(
    args: &Args,
    seq: &Seq,
    before: &Seq,
    name: &str,
    bytes: &[u8],
) -> anyhow::Result<String> {
    let changed = slots_played_differently(before, seq);
    if changed.is_empty() {
        return Ok(format!("check   every slot plays as in {name}"));
    }
    let Some((profile, source)) = naming_profile(args.profile.as_deref(), name, bytes)? else {
        let slots: Vec<String> = changed.iter().map(ToString::to_string).collect();
        return Ok(format!(
            "check   {} played differently from {name}: {} (no profile names them: give --profile)",
            plural(changed.len(), "slot"),
            slots.join(", ")
        ));
    };
    let (animations, unnamed) = animations_playing(&profile, &changed);
    let mut parts = Vec::new();
    if !animations.is_empty() {
        parts.push(format!(
            "{}: {}",
            plural(animations.len(), "animation"),
            animations.join(", ")
        ));
    }
    if !unnamed.is_empty() {
        let slots: Vec<String> = unnamed.iter().map(ToString::to_string).collect();
        parts.push(format!(
            "{} no animation plays: {}",
            plural(unnamed.len(), "slot"),
            slots.join(", ")
        ));
    }
    Ok(format!(
        "check   changes against {name}, named from {source}: {}",
        parts.join("; ")
    ))
}

/// When the text assembles to more bytes than the game reads for the `--check` original (its
/// original's size in the disc's table, the size `mod add` holds a file to: docs/mods.md
/// "Sizes"), the warning: the bytes over, the slots whose commands grew and by how much, named
/// by their animations, and how to shrink them. `None` when it fits, or when the original is no
/// game file's name (its own length is then no room the game sets).
fn over_the_room(
    args: &Args,
    shown: &str,
    len: usize,
    seq: &Seq,
    before: &Seq,
) -> anyhow::Result<Option<String>> {
    let Some(original) = args.check.as_deref() else {
        return Ok(None);
    };
    let name = original.to_string_lossy();
    let Some(file) = battle_file(&name) else {
        return Ok(None);
    };
    let room = file.size as usize;
    if len <= room {
        return Ok(None);
    }
    let grown = slots_grown(before, seq);
    let slots: Vec<Slot> = grown.iter().map(|(slot, _)| *slot).collect();
    let by_slot = grown
        .iter()
        .map(|(slot, bytes)| format!("slot {slot} +{}", plural(*bytes, "byte")))
        .collect::<Vec<_>>()
        .join(", ");
    let named = match naming_profile(args.profile.as_deref(), &name, &[])? {
        Some((profile, _)) => {
            let (animations, _) = animations_playing(&profile, &slots);
            if animations.is_empty() {
                String::new()
            } else {
                format!("{}: ", animations.join(", "))
            }
        }
        None => String::new(),
    };
    let went = if grown.is_empty() {
        "no slot's commands grew (the slot table did)".to_owned()
    } else {
        format!("they went to {named}{by_slot}")
    };
    Ok(Some(format!(
        "{shown} assembles to {len} bytes, {} over the {room} the game reads for {} (its \
         original's size; mod add refuses it): {went}; to shrink it, join a frame shown twice in \
         a row into one `Frame` line with the delays added (each line is 2 bytes), or drop \
         commands from those slots",
        len - room,
        file.disc_name
    )))
}

/// The slots whose commands take more bytes in `after` than in `before`, and by how many, in
/// slot order (a slot `before` lacks grew by all of its bytes).
fn slots_grown(before: &Seq, after: &Seq) -> Vec<(Slot, usize)> {
    let bytes = |seq: &Seq| -> Vec<usize> {
        let offsets = seq.command_offsets();
        seq.slot_segments()
            .into_iter()
            .map(|segment| offsets[segment.end] - offsets[segment.start])
            .collect()
    };
    let (was, is) = (bytes(before), bytes(after));
    is.iter()
        .enumerate()
        .filter_map(|(i, &now)| {
            let then = was.get(i).copied().unwrap_or(0);
            (now > then).then(|| (Slot(i as u32), now - then))
        })
        .collect()
}

/// A `--check` original that is not on disk, when no place to read the game's files from was
/// given: named, with the ways to give it, instead of the system's bare "No such file".
fn not_there(args: &Args, original: &Path, error: sprite_inputs::Error) -> anyhow::Error {
    let missing = matches!(
        error.kind(),
        sprite_inputs::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::NotFound
    );
    if !missing || args.game.flag().is_some() {
        return error.into();
    }
    anyhow!(
        "--check {}: no such file; give its path, or --originals DIR (or --disc IMAGE) to read \
         it from the game files",
        original.display()
    )
}
