//! `tactics-sprite mod`: a mod of sprite files for the 2025 remaster's mod loader (docs/mods.md):
//! `mod new`, `mod add`, `mod check` and `mod ls`. The flags and the words are here; making,
//! filling, checking and listing a mod are `sprite_inputs::mod_folder`'s.

use std::path::PathBuf;

use faults::Shown;
use sprite_inputs::game::GameRequest;
use sprite_inputs::loader::layout::Mode;
use sprite_inputs::mod_folder::add::{self, AddOptions, Incoming, Placement, Target};
use sprite_inputs::mod_folder::check::{self, Severity};
use sprite_inputs::mod_folder::config::{NewMod, id_of_folder};
use sprite_inputs::mod_folder::{list, new_mod};
use sprite_inputs::sniff::text_form_in_words;

use super::{Failure, Outcome, plural};

/// A mod of sprite files for the remaster.
#[derive(Debug, clap::Args)]
#[command(
    about = "Make, fill, check and list a mod of sprite files for the 2025 remaster's mod loader",
    long_about = "A Reloaded-II mod for the remaster's mod loader (fftivc.utility.modloader): `mod new` makes the
folder and its ModConfig.json, `mod add` places edited files where the loader reads them, `mod
check` says what the loader would make of a mod, `mod ls` what it replaces.
Exit status: 0 done (check: the loader loads every file); 1 an input refused, or (check) anything
the loader would not load; 2 a usage error.
More: docs/mods.md"
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Command,
}

/// `mod new`, `mod add`, `mod check`, `mod ls`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    New(NewArgs),
    Add(AddArgs),
    #[command(
        about = "Say what the loader would make of a mod: each file in its place, size, kind and verdict",
        long_about = "Read the mod DIR as the loader would and print a line for each thing found (ok, note, warning,
error): its ModConfig.json, each sprite file in its place (its size against its original's, its
kind, that it decodes, its verdict), each HD half and its other half, charclut.nxd's rows that
differ from the game's, a Ramza recolour it lacks, and anything the loader would not read, with
where it belongs. Then a count. The game's files: --originals, else $FFT_ORIGINALS, $FFT_SHEETS.
Exit status: 0 the loader loads every file; 1 a folder that is no mod, or anything the loader
would not load as meant; 2 a usage error.
More: docs/mods.md"
    )]
    Check(CheckArgs),
    #[command(
        about = "List what a mod replaces, unit by unit, each file in words and for which game",
        long_about = "List what the mod DIR replaces, unit by unit: each file in words (what it is to the game), for
which game, and its verdict (retail, modified, ...); then its HD sheet halves.
Exit status: 0 listed; 1 a folder that is no mod; 2 a usage error.
More: docs/mods.md"
    )]
    Ls(FolderArgs),
}

/// Make a mod folder and its ModConfig.json.
#[derive(Debug, clap::Args)]
#[command(
    about = "Make a mod folder and its ModConfig.json (for both games, depending on the loader)",
    long_about = "Make the mod folder DIR and its ModConfig.json: the ID (by default DIR's name, when it is a mod
ID), name, author, version and description given, no program (\"ModDll\": \"\"), the loader as its dependency, offered to both games.
Exit status: 0 written (atomically); 1 DIR is a mod already or cannot be written; 2 a usage error
(an ID that is no folder name).
More: docs/mods.md"
)]
pub struct NewArgs {
    /// The mod's folder (made if it is not there).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The mod's ID: dotted lower-case words, such as fftivc.sprites.ramza_red [default: DIR's name, when it is one]
    #[arg(long, value_name = "ID")]
    pub id: Option<String>,

    /// The mod's name, as Reloaded-II lists it.
    #[arg(long, value_name = "NAME")]
    pub name: String,

    /// Who made it.
    #[arg(long, value_name = "AUTHOR")]
    pub author: Option<String>,

    /// Its version [default: 1.0.0]
    #[arg(long, value_name = "VERSION")]
    pub version: Option<String>,

    /// A line on what it does.
    #[arg(long, value_name = "TEXT")]
    pub description: Option<String>,
}

/// Place files in a mod where the loader reads them.
#[derive(Debug, clap::Args)]
#[command(
    about = "Place edited sprite files in a mod where the loader reads them",
    long_about = "Place each FILE in the mod DIR where the loader reads it, told by its bytes: an SPR, SP2, SHP or
SEQ file under its disc or remaster name (RAMUZA.SPR, battle_ramuza_spr.bin), the text form of a
SEQ or SHP (type1.seq.txt, compiled as `asm` does), or a PNG picture of a sheet (ramuza.png,
imported as `sheet import` does, against the retail sheet of that name in --originals or --game,
else $FFT_ORIGINALS and $FFT_SHEETS, or given with --like); a half of the remaster's HD sheet
(tex_992.bin) goes to system/ffto/g2d/ and Ramza's colours (charclut.nxd, once it decodes) to
nxd/, enhanced or combined only. A RAMUZA.SPR (2, 3) with palette 0 recoloured also writes the
colours into the mod's charclut.nxd (from the game's, found in --originals or --game, or given with
--charclut), the enhanced game's colours for him. Refused, before anything is written:
a name the game has no file for (with the nearest names), a file larger than its original (both
sizes said), the loader's H61 trap, a file already in the mod unless --replace. Each is written
atomically, only inside DIR.
Exit status: 0 written; 1 a file refused or a folder that is no mod; 2 a usage error.
More: docs/mods.md"
)]
pub struct AddArgs {
    /// The mod's folder (made by `mod new`).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The files to place.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// The game they are for [default: enhanced]
    #[arg(long, value_name = "MODE", value_enum, default_value_t = ModeArg::Enhanced, hide_default_value = true)]
    pub mode: ModeArg,

    /// The game file the one FILE replaces, when its own name does not say (RAMUZA.SPR, battle_ramuza_spr.bin; an HD half: tex_992.bin or its unit's SPR)
    #[arg(long = "as", value_name = "NAME")]
    pub rename: Option<String>,

    /// Replace a file already in the mod.
    #[arg(long)]
    pub replace: bool,

    /// The sheet a PNG picture is imported against [default: the retail one of its name]
    #[arg(long, value_name = "SPR")]
    pub like: Option<PathBuf>,

    /// Where the retail sheet of a picture's name (and of Ramza's, and charclut.nxd) is looked for; repeatable [default: $FFT_ORIGINALS, $FFT_SHEETS]
    #[arg(long, value_name = "DIR")]
    pub originals: Vec<PathBuf>,

    /// The game's charclut.nxd a recolour of RAMUZA.SPR is written into [default: found in the originals]
    #[arg(long, value_name = "FILE")]
    pub charclut: Option<PathBuf>,

    /// Your own install of the remaster, read from its .pac archives, for the retail sheets; --originals folders are layered over it (docs/remaster.md)
    #[arg(long, value_name = "DIR")]
    pub game: Option<PathBuf>,

    /// With --game: the language whose archives (NNNN.LANG.pac) are read
    #[arg(long, value_name = "LANG", default_value = game_archive::install::DEFAULT_LANGUAGE, requires = "game", value_parser = super::game::language)]
    pub lang: String,
}

/// `mod check DIR [--originals DIR]` (its help is on [`Command`]'s variant).
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The mod's folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,

    /// The game's files the mod's are told against (an HD half's SPR, Ramza's retail SPR, charclut.nxd); repeatable [default: $FFT_ORIGINALS, $FFT_SHEETS]
    #[arg(long, value_name = "DIR")]
    pub originals: Vec<PathBuf>,
}

/// `mod ls DIR` (its help is on [`Command`]'s variant).
#[derive(Debug, clap::Args)]
pub struct FolderArgs {
    /// The mod's folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

/// `--mode` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// The enhanced game (fft_enhanced.exe), the one that reads the HD sheets.
    Enhanced,
    /// The classic game (fft_classic.exe).
    Classic,
    /// Both games.
    Combined,
}

impl From<ModeArg> for Mode {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::Enhanced => Mode::Enhanced,
            ModeArg::Classic => Mode::Classic,
            ModeArg::Combined => Mode::Combined,
        }
    }
}

/// Runs the command.
///
/// # Errors
/// A refused input or a folder that is no mod (exit 1), a usage error (exit 2), a mod `check`
/// finds the loader would not load (exit 1, after its report).
pub fn run(args: &Args) -> Outcome {
    match &args.command {
        Command::New(new) => run_new(new),
        Command::Add(add) => run_add(add),
        Command::Check(folder) => run_check(folder),
        Command::Ls(folder) => run_ls(folder),
    }
}

/// `Failure::of` for the `mod` command.
fn failed(error: sprite_inputs::Error) -> Failure {
    Failure::of("mod", error)
}

fn run_new(args: &NewArgs) -> Outcome {
    let id = match &args.id {
        Some(id) => id.clone(),
        None => id_of_folder(&args.dir).map_err(failed)?,
    };
    let config = new_mod(
        &args.dir,
        &NewMod {
            id,
            name: args.name.clone(),
            author: args.author.clone(),
            version: args.version.clone(),
            description: args.description.clone(),
        },
    )
    .map_err(failed)?;
    println!("mod     {}", config.describe());
    println!(
        "wrote   {}",
        Shown(&args.dir.join(sprite_inputs::loader::layout::CONFIG_FILE))
    );
    Ok(())
}

fn run_add(args: &AddArgs) -> Outcome {
    let game = args
        .game
        .as_ref()
        .map(|dir| GameRequest::new(dir, args.lang.as_str()));
    let sheets = add::sheet_places(&args.originals, game.as_ref(), &args.dir).map_err(failed)?;
    let options = AddOptions {
        mode: args.mode.into(),
        rename: args.rename.as_deref(),
        replace: args.replace,
        sheets: sheets.as_ref(),
        like: args.like.as_deref(),
        charclut: args.charclut.as_deref(),
    };
    let placements = add::plan(&args.dir, &args.files, &options).map_err(failed)?;
    add::write(&args.dir, &placements).map_err(failed)?;
    for placement in &placements {
        for line in placement_lines(placement) {
            println!("{line}");
        }
    }
    // What mod check would warn of the files placed, said now, by its rules; the files are
    // placed whatever it says.
    match add::warnings_after(&args.dir, &placements, sheets.as_ref()) {
        Ok(findings) => {
            for finding in findings {
                super::warn(
                    "mod add",
                    &format!("{}: {}", Shown(&finding.path), finding.message),
                );
            }
        }
        Err(error) => super::warn(
            "mod add",
            &format!("placed, but the mod could not be checked after: {error}"),
        ),
    }
    Ok(())
}

/// What `mod add` says of one file: how it was read, then where it went.
fn placement_lines(placement: &Placement) -> Vec<String> {
    let mut lines = Vec::new();
    match placement.incoming {
        Incoming::Text(format) => lines.push(format!(
            "text    {}: {}, assembled to {} bytes",
            placement.source,
            text_form_in_words(format),
            placement.bytes.len()
        )),
        Incoming::Picture => {
            if let Some(picture) = &placement.picture {
                let against = match &picture.like {
                    Some((name, like)) => format!(
                        "against {name}: {}",
                        super::sheet::compared_with(&picture.imported.spr, like)
                    ),
                    None => "from its own spPl chunk".to_owned(),
                };
                lines.push(format!("import  {} {against}", placement.source));
            }
        }
        Incoming::Sprite(_)
        | Incoming::HdHalf
        | Incoming::HdSp2
        | Incoming::Charclut
        | Incoming::Carried => {}
    }
    for carried in &placement.carried {
        lines.push(format!("colours {}", carried.describe()));
    }
    let verb = if placement.replaces {
        "replaced"
    } else {
        "added"
    };
    let what = match placement.target {
        Target::Unit(file) => format!(
            "{}, {} bytes (the original's {}): {}",
            file.disc_name,
            placement.bytes.len(),
            file.size,
            placement.verdict.describe()
        ),
        Target::Hd { index, half, pair } => format!(
            "tex {index}, the {half} half of {}, {} bytes (the enhanced game draws it; its SD \
             sheet stays the one in fftpack/unit/)",
            pair.map_or_else(
                || "an HD pair the table does not list".to_owned(),
                |p| p.to_string()
            ),
            placement.bytes.len()
        ),
        Target::HdSp2 { index, sp2 } => format!(
            "tex {index}, {sp2} at twice the size, {} bytes (the enhanced game draws it; the SD \
             {sp2} stays the one in fftpack/unit/)",
            placement.bytes.len()
        ),
        Target::Charclut { rows } => format!(
            "Ramza's colours (CharCLUT), {rows} rows, {} bytes (the enhanced game colours his HD \
             pairs with them)",
            placement.bytes.len()
        ),
    };
    lines.push(format!(
        "{verb:<7} {} -> {}: {what}",
        placement.source,
        placement.shown_path()
    ));
    lines
}

fn run_check(args: &CheckArgs) -> Outcome {
    // The originals (--originals, else $FFT_ORIGINALS, $FFT_SHEETS) give an HD half's unit's SPR
    // when the mod holds none, to tell its art, and Ramza's retail SPR and the game's
    // charclut.nxd; a folder given that is not there is refused, a variable's that cannot be
    // walked only leaves them untold.
    let spr_places = if args.originals.is_empty() {
        add::sheet_places(&[], None, &args.dir).ok().flatten()
    } else {
        add::sheet_places(&args.originals, None, &args.dir).map_err(failed)?
    };
    let report = check::check_with(&args.dir, spr_places.as_ref()).map_err(failed)?;
    for finding in &report.findings {
        println!(
            "{:<7} {}: {}",
            finding.severity.word(),
            Shown(&finding.path),
            finding.message
        );
    }
    let (errors, warnings) = (
        report.count(Severity::Error),
        report.count(Severity::Warning),
    );
    let listed = report.paths_listed();
    let sprites = report.sprite_files();
    // What the count counts is what was listed above it, the sprite files among them said.
    println!(
        "checked {listed} {} ({} in {} place): {}, {}; {}",
        if listed == 1 { "entry" } else { "entries" },
        plural(sprites, "sprite file"),
        if sprites == 1 { "its" } else { "their" },
        plural(errors, "error"),
        plural(warnings, "warning"),
        if report.loads() {
            "the loader loads every file as placed"
        } else {
            "the loader would not load this mod as meant"
        }
    );
    if report.loads() {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}

fn run_ls(args: &FolderArgs) -> Outcome {
    let report = check::check(&args.dir).map_err(failed)?;
    println!(
        "mod     {}: replaces {}",
        report.config.describe(),
        plural(report.sprite_files(), "file")
    );
    for unit in list::by_unit(&report) {
        println!("{}", unit.name);
        for (replaced, what) in &unit.files {
            let locale = replaced
                .locale
                .as_deref()
                .map(|l| format!(" ({l} only)"))
                .unwrap_or_default();
            let verdict = list::verdict_in_brief(replaced.verdict);
            println!(
                "  {:<12} {what}; for {}{locale}; {verdict}",
                replaced.file.disc_name,
                list::games(replaced.mode)
            );
        }
    }
    if !report.hd.is_empty() {
        println!("HD sheets");
        for file in &report.hd {
            println!("  {}", Shown(&file.path));
        }
    }
    let errors = report.count(Severity::Error);
    if errors > 0 {
        println!(
            "(mod check finds {}: the loader would not load this mod as meant)",
            plural(errors, "error")
        );
    }
    Ok(())
}
