//! `tactics-sprite disc`: the user's own disc image: list it, extract the sprite files with their
//! verdicts, and patch edited files back into a new image (docs/disc.md).

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
use disc_image::{Disc, Entry, OutputRefusal, PatchTarget, Replacement};
use faults::Shown;
use sprite_data::output::write_atomically;
use sprite_inputs::locate::{MAX_DISC_FILE_BYTES, find_on_disc, sprite_files_in};
use sprite_inputs::names::DISC_FOLDER;
use sprite_inputs::retail::Verdict;

use super::{Outcome, read_input};

/// The user's own disc image.
#[derive(Debug, clap::Args)]
#[command(
    about = "List, extract from and patch your own disc image (.cue/.bin, .img, .iso)",
    long_about = "Work with your own disc image of the game: a .cue with its .bin, a .bin or .img of raw 2352-byte
sectors, or an .iso of 2048-byte sectors (told from the bytes, not the name): list its files,
copy the sprite files out, or write a new image with edited files in.
Exit status: 0 done; 1 an image or file that cannot be read, or a file that does not fit; 2 a usage error.
More: docs/disc.md"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: DiscCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum DiscCommand {
    /// List every file and folder: path, size in bytes, first sector (LBA)
    #[command(
        long_about = "List every file and folder of the image: its path, size in bytes and first sector (LBA).
Exit status: 0 listed; 1 an image that cannot be read; 2 a usage error.
More: docs/disc.md"
    )]
    Ls {
        /// The image (.cue, .bin, .img, .iso).
        image: PathBuf,
    },
    /// Copy the sprite files (or the files named) into a folder, each with its verdict
    #[command(
        long_about = "Copy the sprite files (every SHP, SEQ, SPR and SP2 of the BATTLE folder), or the files named,
into a folder, each with its verdict: retail (a known retail file's digest), modified, or unknown.
Exit status: 0 copied; 1 an image that cannot be read, a file not in it; 2 a usage error.
More: docs/disc.md"
    )]
    Extract {
        /// The image (.cue, .bin, .img, .iso).
        image: PathBuf,
        /// Files to extract, by path in the image (BATTLE/TYPE1.SEQ, /SYSTEM.CNF for a file at
        /// its root) or by name in its BATTLE folder (TYPE1.SEQ) [default: every sprite file of
        /// BATTLE].
        names: Vec<String>,
        /// The folder to write them into (made if needed).
        #[arg(short, long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Write a new image with files replaced, each within the sectors of the file it replaces
    #[command(
        long_about = "Write a new image with files replaced: each new file must fit in the sectors the old one has;
raw sectors get their EDC and ECC recomputed, the directory record its new size. Written
atomically, read back and checked before it replaces anything.
Exit status: 0 written; 1 an image or file that cannot be read, a file that does not fit; 2 a usage error.
More: docs/disc.md"
    )]
    Patch {
        /// The image (.cue, .bin, .img, .iso).
        image: PathBuf,
        /// NAME=FILE: the file NAME names in the image replaced by FILE, NAME as everywhere
        /// (TYPE1.SEQ and battle_type1_seq.bin are BATTLE/TYPE1.SEQ; any case, ;1 or not); may be
        /// given several times.
        #[arg(long = "file", value_name = "NAME=FILE", required = true)]
        files: Vec<String>,
        /// The new image. For a .cue input, a .cue (its .bin is written beside it) or the data
        /// file (a .cue naming it is written beside it).
        #[arg(short, long, value_name = "OUT", required_unless_present = "in_place")]
        out: Option<PathBuf>,
        /// Replace the input image itself (still atomically) instead of writing a new one.
        #[arg(long, conflicts_with = "out")]
        in_place: bool,
    },
    /// Write the image expanded for bigger sprites: each sheet in a 64 KiB slot of its own
    #[command(
        long_about = "Write a new image expanded as Shishi Sprite Editor expands one: every sprite sheet the game
numbers moved to a 64 KiB slot of its own from sector 219250, the BATTLE folder's sheets named
00.SPR to 9E.SPR (the SP2 sheets 8D.SP2, 9A_2.SP2, ...), and BATTLE.BIN's sprite location table
pointed at the slots; every command still finds a sheet by its name, and disc patch can then
write one up to 64 KiB. Written atomically, read back and checked.
Exit status: 0 written; 1 an image that cannot be read or expanded; 2 a usage error.
More: docs/disc.md"
    )]
    Expand {
        /// The image (.cue, .bin, .img, .iso).
        image: PathBuf,
        /// The new image. For a .cue input, a .cue (its .bin is written beside it) or the data
        /// file (a .cue naming it is written beside it).
        #[arg(short, long, value_name = "OUT")]
        out: PathBuf,
    },
}

/// Runs the command.
///
/// # Errors
/// An image that cannot be opened or read, a file not in it, an output that cannot be written,
/// a replacement that does not fit; each one line.
pub fn run(args: &Args) -> Outcome {
    match &args.command {
        DiscCommand::Ls { image } => ls(image),
        DiscCommand::Extract { image, names, out } => extract(image, names, out),
        DiscCommand::Patch {
            image,
            files,
            out,
            in_place,
        } => patch(image, files, out.as_deref(), *in_place),
        DiscCommand::Expand { image, out } => expand(image, out),
    }?;
    Ok(())
}

/// The line `inspect` adds for a sheet read from an image that holds `BATTLE.BIN`: the kind
/// the game draws it with, from the sprite attribute table; empty for JSON, no image, or a sheet
/// the table does not number.
///
/// # Errors
/// An image that cannot be opened, or a `BATTLE.BIN` too short for the table.
pub fn sheet_kind_line(image: Option<&Path>, name: &Path, json: bool) -> anyhow::Result<String> {
    let Some(image) = image.filter(|_| !json) else {
        return Ok(String::new());
    };
    let disc = Disc::open(image)?;
    let disc_name = sprite_inputs::GameName::parse(&name.to_string_lossy()).disc_name();
    let Some(a) = disc.sprite_attributes(&disc_name)? else {
        return Ok(String::new());
    };
    let kind = disc_image::expanded::attributes::kind_name;
    Ok(format!(
        "drawn   as SHP {}, SEQ {} (BATTLE.BIN's sprite attributes, position {:02X}), flying {}, \
         height {}\n",
        kind(a.shp),
        kind(a.seq),
        a.position,
        if a.flying { "yes" } else { "no" },
        a.height
    ))
}

/// Opens the image; for an expanded one whose location table and `BATTLE` folder disagree, says
/// so on one line (the table is read).
fn open(image: &Path) -> anyhow::Result<Disc> {
    let disc = Disc::open(image)?;
    say_disagreement(&disc)?;
    Ok(disc)
}

/// For an expanded image whose location table and `BATTLE` folder disagree, the one line that
/// says so (the table is what is read, as the game reads it), once per run whichever command
/// opened the image and however often.
///
/// # Errors
/// A location table or folder that cannot be read.
pub fn say_disagreement(disc: &Disc) -> Result<(), disc_image::Error> {
    static SAID: std::sync::Once = std::sync::Once::new();
    if let Some(line) = disc.expansion()?.and_then(|e| e.disagreement.as_deref()) {
        SAID.call_once(|| eprintln!("tactics-sprite: disc: {}", faults::escape_controls(line)));
    }
    Ok(())
}

fn header(disc: &Disc) -> String {
    let volume = match disc.volume_id() {
        "" => String::new(),
        id => format!(", volume {id}"),
    };
    match disc.cue() {
        Some(cue) => format!(
            "image   {} (track {} {} of {}): {}{volume}",
            disc.image(),
            cue.track,
            cue.mode,
            Shown(&cue.path),
            disc.describe()
        ),
        None => format!("image   {}: {}{volume}", disc.image(), disc.describe()),
    }
}

fn ls(image: &Path) -> anyhow::Result<()> {
    let disc = open(image)?;
    let entries = disc.list()?;
    let expansion = disc.expansion()?;
    let rows: Vec<[String; 3]> = entries
        .iter()
        .map(|e| {
            let mut path = e.path.clone();
            if e.directory {
                path.push('/');
            }
            // A slot of an expanded image: the sprite it holds beside its name.
            let slot_name = e.path.strip_prefix("BATTLE/").unwrap_or_default();
            if let Some(retail) = expansion.and_then(|x| x.retail_name(slot_name)) {
                path.push_str(&format!("  ({retail})"));
            }
            // Where the game reads it: the location table's sector and size.
            let (size, lba) = disc_image::expanded::slots::position_of(slot_name)
                .and_then(|p| expansion?.slot(p))
                .map_or((e.size, e.lba), |slot| (slot.size, slot.lba));
            if e.first_sector == Some(disc_image::RawKind::Mode2Form2) {
                path.push_str("  (Mode 2 Form 2: audio or video)");
            }
            [path, size.to_string(), lba.to_string()]
        })
        .collect();
    let width = |c: usize, head: &str| {
        rows.iter()
            .map(|r| r[c].len())
            .chain([head.len()])
            .max()
            .unwrap_or(0)
    };
    let (size_w, lba_w) = (width(1, "size"), width(2, "lba"));
    let mut out = String::new();
    out.push_str(&header(&disc));
    out.push('\n');
    out.push_str(&format!("{:>size_w$}  {:>lba_w$}  path\n", "size", "lba"));
    for [path, size, lba] in &rows {
        out.push_str(&format!("{size:>size_w$}  {lba:>lba_w$}  {path}\n"));
    }
    use std::io::Write;
    std::io::stdout()
        .write_all(out.as_bytes())
        .map_err(super::stdout_error)?;
    Ok(())
}

/// What a file is: `retail TYPE1.SEQ`, `modified (...)`, or one the project has no digest for.
fn verdict(name: &str, bytes: &[u8]) -> String {
    Verdict::of_named(name, bytes).describe()
}

fn extract(image: &Path, names: &[String], out: &Path) -> anyhow::Result<()> {
    let disc = open(image)?;
    println!("{}", header(&disc));
    let entries: Vec<Entry> = if names.is_empty() {
        let battle = disc
            .find(DISC_FOLDER)
            .with_context(|| "no BATTLE folder to take the sprite files from; name the files")?;
        if !battle.directory {
            bail!("{}: {DISC_FOLDER} is a file, not a folder", disc.image());
        }
        sprite_files_in(&disc, &battle)?
    } else {
        entries_named(&disc, names)?
    };
    if entries.is_empty() {
        bail!("{}: no sprite file in {DISC_FOLDER}", disc.image());
    }
    let mut written: Vec<String> = Vec::new();
    for entry in &entries {
        let file_name = entry.path.rsplit('/').next().unwrap_or(&entry.path);
        if written.iter().any(|w| w.eq_ignore_ascii_case(file_name)) {
            bail!(
                "{}: two files named {file_name} would go to {}",
                disc.image(),
                Shown(&out)
            );
        }
        let bytes = disc.read(entry, MAX_DISC_FILE_BYTES)?;
        let path = out.join(file_name);
        write_atomically(&path, &bytes)
            .with_context(|| format!("{}: cannot write", Shown(&path)))?;
        println!(
            "wrote   {} ({} bytes, from {}): {}",
            Shown(&path),
            bytes.len(),
            entry.path,
            verdict(&entry.path, &bytes)
        );
        written.push(file_name.to_owned());
    }
    Ok(())
}

/// The entries `names` name. When several are named and any is missing, the error names each
/// missing one as typed with where it was looked for, and says that nothing is written: a list
/// partly wrong is refused whole, and the user mends it in one go.
fn entries_named(disc: &Disc, names: &[String]) -> anyhow::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    let mut missing = Vec::new();
    for name in names {
        match find_on_disc(disc, name) {
            Ok(entry) => entries.push(entry),
            Err(error)
                if names.len() > 1
                    && matches!(error.kind, disc_image::ErrorKind::NotFound { .. }) =>
            {
                missing.push(format!("{name}: {}", error.kind));
            }
            Err(error) => return Err(error.into()),
        }
    }
    if missing.is_empty() {
        return Ok(entries);
    }
    bail!(
        "{}: {} of the {} files named {} not in the image, so nothing is written: {}",
        disc.image(),
        missing.len(),
        names.len(),
        if missing.len() == 1 { "is" } else { "are" },
        missing.join("; ")
    )
}

/// The data file and the cue (if any) a patch writes ([`Disc::patch_outputs`]), its refusals in
/// the words of `-o` and `--in-place`.
fn outputs(
    disc: &Disc,
    out: Option<&Path>,
    in_place: bool,
) -> anyhow::Result<(PathBuf, Option<PathBuf>)> {
    let target = if in_place {
        PatchTarget::InPlace
    } else {
        PatchTarget::To(out.expect("clap requires --out without --in-place"))
    };
    let shown = || out.map(|o| Shown(o).to_string()).unwrap_or_default();
    match disc.patch_outputs(target) {
        Ok(outputs) => Ok((outputs.data, outputs.cue)),
        Err(OutputRefusal::NoDataFile) => bail!("{}: no data file", disc.image()),
        Err(OutputRefusal::CueWithoutCue) => bail!(
            "{}: -o {} names a cue sheet, but the image has none; name the new image file",
            disc.image(),
            shown()
        ),
        Err(OutputRefusal::SameAsInput) => bail!(
            "-o {} is the input image; give --in-place to replace it",
            shown()
        ),
    }
}

fn expand(image: &Path, out: &Path) -> anyhow::Result<()> {
    let disc = open(image)?;
    println!("{}", header(&disc));
    let (data_out, cue_out) = outputs(&disc, Some(out), false)?;
    let expanded = disc.write_expanded(&data_out)?;
    println!(
        "wrote   {} ({} sectors: {} slots of 64 KiB from sector {}, the BATTLE folder at sector {}, \
         BATTLE.BIN's location table pointed at the slots)",
        Shown(&data_out),
        expanded.sectors,
        expanded.slots,
        disc_image::expanded::FIRST_SLOT_LBA,
        expanded.folder_lba
    );
    write_cue(&disc, &data_out, cue_out)
}

/// The cue sheet naming a new image's data file, when one is to be written beside it.
fn write_cue(disc: &Disc, data_out: &Path, cue_out: Option<PathBuf>) -> anyhow::Result<()> {
    if let (Some(cue_out), Some(cue)) = (cue_out, disc.cue()) {
        let name = data_out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = disc_image::cue::with_file_renamed(&cue.text, cue.file_line, &name);
        write_atomically(&cue_out, text.as_bytes())
            .with_context(|| format!("{}: cannot write", Shown(&cue_out)))?;
        println!("wrote   {} (naming {name})", Shown(&cue_out));
    }
    Ok(())
}

fn patch(image: &Path, files: &[String], out: Option<&Path>, in_place: bool) -> anyhow::Result<()> {
    let disc = open(image)?;
    println!("{}", header(&disc));
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    for spec in files {
        let (name, file) = spec.split_once('=').ok_or_else(|| {
            anyhow!("--file {spec}: give NAME=FILE, such as TYPE1.SEQ=edited.seq")
        })?;
        // The image's own spelling of the path, found by the one name rule.
        let entry = find_on_disc(&disc, name)?;
        inputs.push((entry.path, read_input(Path::new(file))?));
    }
    let replacements: Vec<Replacement> = inputs
        .iter()
        .map(|(path, bytes)| Replacement { path, bytes })
        .collect();
    let (data_out, cue_out) = outputs(&disc, out, in_place)?;
    let plan = disc.plan_patch(&replacements)?;
    disc.write_patched(&plan, &data_out)?;
    for (change, (_, bytes)) in plan.changes.iter().zip(&inputs) {
        let slot = match &change.slot {
            Some(slot) => format!(" (slot {slot})"),
            None => String::new(),
        };
        println!(
            "patched {}{slot}: {} -> {} bytes in its {} sector{} from {}, {} rewritten{}{}: {}",
            change.path,
            change.old_size,
            change.new_size,
            change.sectors,
            if change.sectors == 1 { "" } else { "s" },
            change.lba,
            change.rewritten.len(),
            if change.record_sector.is_some() {
                ", directory record resized"
            } else {
                ""
            },
            if change.table_sector.is_some() {
                ", location table resized"
            } else {
                ""
            },
            verdict(&change.path, bytes)
        );
    }
    let rewritten = plan.sectors().count();
    let edc = if disc.layout().form == disc_image::SectorForm::Raw {
        ", EDC/ECC recomputed and checked"
    } else {
        ""
    };
    println!(
        "wrote   {} ({rewritten} sector{} rewritten{edc})",
        Shown(&data_out),
        if rewritten == 1 { "" } else { "s" }
    );
    write_cue(&disc, &data_out, cue_out)
}
