//! `tactics-sprite build`: one SHP + SEQ pair and a profile in, `tactics-sprite-data.json` out,
//! through the same pipeline as `cargo xtask build-data`.

use std::path::PathBuf;

use anyhow::{Context, anyhow};
use faults::Shown;
use fft_formats::FileFormat;
use sprite_data::Profile;
use sprite_data::layer::{LayerSet, build_layer};
use sprite_data::output::write_atomically;
use sprite_data::target::{self, BuildTarget};
use sprite_inputs::InputFile;
use sprite_inputs::build::{build_files, kind_reading, remaster_sheet_file};
use sprite_inputs::documents::unit_profile;
use sprite_inputs::pair::{PairFile, Part, Which, read_pair};
use sprite_inputs::retail::other_retail_file;

use super::inputs::GameFileArgs;
use super::{Failure, Outcome, SpriteFile, text_form_in_words};

/// The line `build` prints for a text form: `text    type1.seq.txt: the text form of a SEQ file
/// (animation bytecode), assembled to 6754 bytes`.
fn text_line(input: &SpriteFile) -> Option<String> {
    input.text.map(|format| {
        format!(
            "text    {}: {}, assembled to {} bytes",
            input.file.name,
            text_form_in_words(format),
            input.file.bytes.len()
        )
    })
}

/// Refuses an input of another kind (a SEQ given as --shp, a PNG, JSON, the text form of
/// another file) with what it is, before a decoder complains about an offset. `other` is what
/// the other flag wants: an input of that kind suggests the two were swapped.
fn check_input(
    input: &SpriteFile,
    wanted: FileFormat,
    other: FileFormat,
    flag: &str,
) -> anyhow::Result<()> {
    let Some(what) = input.wrong_kind(wanted) else {
        return Ok(());
    };
    let kind = input
        .text
        .or_else(|| fft_formats::detect_format(&input.file.bytes));
    let swap = if kind == Some(other) {
        "; are --shp and --seq swapped?"
    } else {
        ""
    };
    Err(anyhow!(
        "{}: this is {what}, given as {flag}, which wants {}{swap}",
        input.file.name,
        wanted.in_words()
    ))
}

/// The pair to build ([`read_pair`]): `--shp` and `--seq` (the SHP of `shp_kind`), each the file
/// or its text form, read as every command reads a game file it names ([`GameFileArgs`]: with
/// `--disc` or `--originals`, the places' when they hold it); a flag not given, the file
/// `shp_name` or `seq_name` of those places. Either is refused when it is of another kind.
fn inputs(
    args: &Args,
    shp_name: &str,
    seq_name: &str,
    shp_kind: FileFormat,
) -> anyhow::Result<(SpriteFile, SpriteFile)> {
    let files = args.game.files()?;
    let accept = |read: &PairFile, which| {
        let (wanted, other, given, flags) = match which {
            Which::Shp => (shp_kind, FileFormat::Seq, &args.shp, ["--shp", "the SHP"]),
            Which::Seq => (FileFormat::Seq, shp_kind, &args.seq, ["--seq", "the SEQ"]),
        };
        let flag = if given.is_some() { flags[0] } else { flags[1] };
        check_input(&read.file, wanted, other, flag)
    };
    let (shp, seq) = read_pair(
        &files,
        Part::given_or_named(args.shp.as_deref(), shp_name),
        Part::given_or_named(args.seq.as_deref(), seq_name),
        accept,
    )?
    .expect("clap requires --shp and --seq without --sas, --disc or --originals");
    Ok((shp.file, seq.file))
}

/// Refuses an input that is the retail file of another kind than the one `which` (the profile or
/// `--kind`) reads, with the `--kind` that reads it, else `otherwise(expected)` as the advice.
fn refuse_other_retail(
    inputs: [(&InputFile, &str); 2],
    which: &str,
    otherwise: impl Fn(&str) -> String,
) -> anyhow::Result<()> {
    for (input, expected) in inputs {
        if let Some(file) = other_retail_file(&input.bytes, expected) {
            let hint = match kind_reading(file.disc_name) {
                Some(kind) => format!("pass --kind {kind}"),
                None => otherwise(expected),
            };
            return Err(anyhow!(
                "{}: this is the retail {}, but {which} reads {expected}; {hint}, or --force to build it anyway",
                input.name,
                file.disc_name
            ));
        }
    }
    Ok(())
}

/// Build the sprite-data document from an SHP and a SEQ.
#[derive(Debug, clap::Args)]
#[command(
    about = "Build tactics-sprite-data.json from an SHP + SEQ pair and a sheet profile",
    long_about = format!("Build tactics-sprite-data.json, the document renderers draw a unit from, out of a unit
SHP, its SEQ and a sheet profile (--kind {}; TYPE1's by default),
or a layer document (--kind {}). --shp and --seq may be text forms; --disc reads your disc
image (the kind's files, or those --shp and --seq name); --sas builds a Tactics Ogre set. The same inputs give the same bytes, written atomically.
Exit status: 0 built; 1 an input that cannot be read, decoded or built; 2 a usage error.
More: docs/derivation.md",
        target::unit_names(", "),
        target::layer_choices()
    )
)]
pub struct Args {
    /// The unit SHP (e.g. TYPE1.SHP), or its text form (from `disasm`, edited or not).
    #[arg(long, value_name = "FILE", required_unless_present_any = ["sas", "disc", "originals", "game"])]
    pub shp: Option<PathBuf>,

    /// The SEQ that goes with it (e.g. TYPE1.SEQ), or its text form (type1.seq.txt).
    #[arg(long, value_name = "FILE", required_unless_present_any = ["sas", "disc", "originals", "game"])]
    pub seq: Option<PathBuf>,

    // With --disc or --originals and without --shp or --seq, the kind's file there.
    #[command(flatten)]
    pub game: GameFileArgs,

    /// Instead of an SHP + SEQ pair: a Tactics Ogre SAS set or pakd container (its own document)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["shp", "seq", "profile", "kind", "disc", "originals", "game"])]
    pub sas: Option<PathBuf>,

    #[command(flatten)]
    pub sas_options: super::sas::SasOptions,

    /// A sheet profile (TOML; start from crates/sprite-data/profiles/type1.toml) [default: TYPE1's]
    #[arg(long, value_name = "FILE", conflicts_with = "kind")]
    pub profile: Option<PathBuf>,

    // The help lists the built-in profiles and the layers.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = BuildTarget::parse,
        help = format!(
            "A built-in profile by unit kind ({}), or a layer ({}: a layer document)",
            target::unit_names(", "),
            target::layer_names(", ")
        )
    )]
    pub kind: Option<BuildTarget>,

    /// The document's sheet.file [default: the profile's, RAMUZA.SPR; battle_ramuza_spr.bin for remaster names]
    #[arg(long, value_name = "NAME")]
    pub sheet_file: Option<String>,

    /// Build even from a retail file of another kind than the profile reads (TYPE1.SHP with --kind mon)
    #[arg(long)]
    pub force: bool,

    /// Where to write the document.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// Runs the command.
///
/// # Errors
/// An unreadable or undecodable input (named, with the offset), an invalid profile, a build
/// error, or an output that cannot be written.
pub fn run(args: &Args) -> Outcome {
    if let Some(sas) = &args.sas {
        let sheet = args.sheet_file.as_deref();
        return super::sas::build::run(sas, &args.sas_options, sheet, &args.out);
    }
    if args.sas_options.entry.is_some() {
        return Err(Failure::usage(
            "build",
            "--entry picks the SAS set of a pakd container: give the container as --sas FILE",
        ));
    }
    let kind = match args.kind {
        Some(BuildTarget::Layer(layer)) => {
            let (shp, seq) = layer.files();
            let pair = inputs(args, shp, seq, FileFormat::WeaponShp)?;
            return Ok(run_layer(args, layer, pair)?);
        }
        Some(BuildTarget::Unit(kind)) => Some(kind),
        _ => None,
    };
    let profile = unit_profile(args.profile.as_deref(), kind)?;
    let (shp, seq) = inputs(args, &profile.shp, &profile.seq, FileFormat::UnitShp)?;
    let texts: Vec<String> = [&shp, &seq].into_iter().filter_map(text_line).collect();
    let (shp, seq) = (shp.file, seq.file);
    if !args.force {
        let which = match (&args.profile, args.kind) {
            (Some(path), _) => format!("the profile {}", Shown(&path)),
            (None, Some(kind)) => format!("--kind {}", kind.name()),
            (None, None) => "the default TYPE1 profile".to_owned(),
        };
        refuse_other_retail([(&shp, &profile.shp), (&seq, &profile.seq)], &which, |_| {
            "give the profile's file".to_owned()
        })?;
    }
    let output = build_files(
        &shp,
        &seq,
        &profile,
        args.sheet_file
            .clone()
            .or_else(|| {
                let shp_path = args.shp.as_deref()?;
                remaster_sheet_file(shp_path, &profile.sheet_file)
            })
            .as_deref(),
    )?;
    for line in texts {
        println!("{line}");
    }
    println!("{}", output.report());
    write_atomically(&args.out, &output.bytes)
        .with_context(|| format!("{}: cannot write", Shown(&args.out)))?;
    println!(
        "wrote   {} ({} bytes)",
        Shown(&args.out),
        output.bytes.len()
    );
    println!("sha256  {}", output.sha256);
    Ok(())
}

/// `--kind wep1|wep2|eff1`: the layer document, with the human kinds' stage.
fn run_layer(
    args: &Args,
    layer: LayerSet,
    (shp, seq): (SpriteFile, SpriteFile),
) -> anyhow::Result<()> {
    let texts: Vec<String> = [&shp, &seq].into_iter().filter_map(text_line).collect();
    let (shp, seq) = (shp.file, seq.file);
    if !args.force {
        let (shp_file, seq_file) = layer.files();
        refuse_other_retail(
            [(&shp, shp_file), (&seq, seq_file)],
            &format!("--kind {layer}"),
            |expected| format!("give {expected}"),
        )?;
    }
    let doc = build_layer(
        layer,
        shp.named_bytes(),
        seq.named_bytes(),
        &Profile::type1(),
    )?;
    let bytes = doc.to_bytes();
    for line in texts {
        println!("{line}");
    }
    println!(
        "layer   {layer} ({}): {} cells, {} frames, {} sequences",
        doc.layer,
        doc.cells.len(),
        doc.frames.len(),
        doc.sequences.len()
    );
    write_atomically(&args.out, &bytes)
        .with_context(|| format!("{}: cannot write", Shown(&args.out)))?;
    println!("wrote   {} ({} bytes)", Shown(&args.out), bytes.len());
    Ok(())
}
