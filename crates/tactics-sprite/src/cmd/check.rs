//! `tactics-sprite check`: a given document (a renderer's own copy of the tables) against the one
//! built from the game files, compared by meaning, each difference one line with its path.

use std::path::PathBuf;

use anyhow::anyhow;
use faults::Shown;
use fft_formats::FileFormat;
use sprite_data::Profile;
use sprite_data::compare::DocumentFormat;
use sprite_data::layer::{LayerSet, build_layer};
use sprite_data::target::{self, BuildTarget};
use sprite_inputs::build::build_files;
use sprite_inputs::documents::unit_profile;
use sprite_inputs::pair::{PairFile, Part, Which, read_pair};
use sprite_inputs::retail::Verdict;
use sprite_report::check::Check;
use sprite_report::findings::Report;

use super::documents::{AnyDocument, DocumentFile, LoadedDocument};
use super::inputs::GameFileArgs;
use super::report::{ReportArgs, print_or_refuse};
use super::{Outcome, SpriteFile};

/// Check a document against the one the game files give.
#[derive(Debug, clap::Args)]
#[command(
    about = "Compare a document with the one built from the game files, by meaning; exit 1 when they differ",
    long_about = "Build the document from the game files (--shp and --seq, --originals DIR or --disc) and
compare it with the given one by meaning, one line per difference with its JSON path and both
values. A layer document (wep1, wep2, eff1) is checked against its layer's SHP and SEQ; either
file may be its text form. Fields the files do not give are listed, not counted (--strict).
Exit status: 0 they agree; 1 they differ; 2 a usage error or an input that cannot be read or built.
More: docs/checking.md"
)]
pub struct Args {
    /// The document to check (the renderer's copy): a unit document or a layer document.
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The SHP to build from: the unit's or the layer's (WEP1.SHP), or its text form [default: with --disc or --originals, the kind's]
    #[arg(long, value_name = "FILE", required_unless_present_any = ["originals", "disc", "game"])]
    pub shp: Option<PathBuf>,

    /// The SEQ to build from, or its text form (type1.seq.txt, from `disasm`) [default: with --disc or --originals, the kind's]
    #[arg(long, value_name = "FILE", required_unless_present_any = ["originals", "disc", "game"])]
    pub seq: Option<PathBuf>,

    // The kind's files from your own disc image or --originals folders (layered), or those --shp
    // and --seq name.
    #[command(flatten)]
    pub game: GameFileArgs,

    // The help lists the built-in profiles and the layers.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = BuildTarget::parse,
        help = format!(
            "A unit kind ({}) or a layer ({}) [default: the document's own kind, else type1]",
            target::unit_names(", "),
            target::layer_names(", ")
        )
    )]
    pub kind: Option<BuildTarget>,

    /// A sheet profile (TOML) instead of a built-in one (the document is then a unit document)
    #[arg(long, value_name = "FILE", conflicts_with = "kind")]
    pub profile: Option<PathBuf>,

    /// Count the fields the files do not give as differences too.
    #[arg(long)]
    pub strict: bool,

    /// Also require the document's bytes to be the canonical bytes of the build.
    #[arg(long)]
    pub bytes: bool,

    #[command(flatten)]
    pub report: ReportArgs,
}

/// Runs the command: exit 0 same, 1 different, 2 when it cannot compare.
///
/// # Errors
/// As [`print_or_refuse`]: a difference, inputs that cannot be compared, stdout that
/// cannot be written.
pub fn run(args: &Args) -> Outcome {
    print_or_refuse(prepare(args), &args.report)
}

fn prepare(args: &Args) -> anyhow::Result<Report> {
    let data = DocumentFile::read(&args.data);
    if let Some(format) = data.text_form() {
        let flag = if format == FileFormat::Seq {
            "--seq"
        } else {
            "--shp"
        };
        return Err(anyhow!(
            "{}: this is {}, not a document; give it as {flag} to check a document against it",
            Shown(&args.data),
            super::text_form_in_words(format)
        ));
    }
    let sides = match wanted_format(args, &data) {
        DocumentFormat::Unit => unit_sides(args, data)?,
        DocumentFormat::Layer => layer_sides(args, data)?,
    };
    Ok(report(args, sides))
}

/// What `--data` is read as: what `--kind` forces (a unit kind or a layer) or `--profile` (a
/// unit's), else the format the file states; a unit document when it states none, so that the
/// unit loader says what is wrong with it.
fn wanted_format(args: &Args, data: &DocumentFile) -> DocumentFormat {
    match (args.kind, &args.profile) {
        (Some(BuildTarget::Layer(_)), _) => DocumentFormat::Layer,
        (Some(BuildTarget::Unit(_)), _) | (None, Some(_)) => DocumentFormat::Unit,
        (None, None) => data.stated_format().unwrap_or(DocumentFormat::Unit),
    }
}

/// The two sides of a check, whatever their format.
struct Sides {
    theirs: LoadedDocument,
    files: AnyDocument,
    /// The build's canonical bytes, for `--bytes`.
    files_bytes: Vec<u8>,
    /// The `files` line of the header.
    files_line: String,
}

/// A unit document: the profile first, then its files and the build, then the document.
fn unit_sides(args: &Args, data: DocumentFile) -> anyhow::Result<Sides> {
    let kind = match args.kind {
        Some(BuildTarget::Unit(kind)) => Some(kind),
        _ => None,
    };
    let profile = unit_profile(args.profile.as_deref(), kind)?;
    let (shp, seq) = read_pair_of(args, &profile.shp, &profile.seq, FileFormat::UnitShp)?;
    let output = build_files(&shp.file, &seq.file, &profile, None)?;
    let theirs = data.load(Some(DocumentFormat::Unit))?;
    Ok(Sides {
        theirs,
        files_line: format!(
            "files   {} + {} ({} profile)",
            describe(&shp),
            describe(&seq),
            profile.kind
        ),
        files: AnyDocument::Unit(output.document),
        files_bytes: output.bytes,
    })
}

/// A layer document: the document first (its kind names the layer set, unless `--kind` does),
/// then the set's SHP and SEQ and the build.
fn layer_sides(args: &Args, data: DocumentFile) -> anyhow::Result<Sides> {
    let theirs = data.load(Some(DocumentFormat::Layer))?;
    let set = match (args.kind, &theirs.doc) {
        (Some(BuildTarget::Layer(set)), _) => set,
        (_, AnyDocument::Layer(doc)) => LayerSet::from_name(&doc.kind).ok_or_else(|| {
            anyhow!(
                "{}: kind {:?} is no layer set ({})",
                Shown(&args.data),
                doc.kind,
                target::layer_choices()
            )
        })?,
        (_, AnyDocument::Unit(_)) => unreachable!("read as a layer document"),
    };
    let (shp_name, seq_name) = set.files();
    let (shp, seq) = read_pair_of(args, shp_name, seq_name, FileFormat::WeaponShp)?;
    // The human kinds' stage places a layer, as `build --kind wep1` and `build-data` do.
    let built = build_layer(
        set,
        shp.file.named_bytes(),
        seq.file.named_bytes(),
        &Profile::type1(),
    )?;
    Ok(Sides {
        theirs,
        files_line: format!(
            "files   {} + {} ({} layer)",
            describe(&shp),
            describe(&seq),
            set.name().to_ascii_uppercase()
        ),
        files_bytes: built.to_bytes(),
        files: AnyDocument::Layer(built),
    })
}

/// The report of a check ([`Report::of_check`]), headed and its notes explained in the command
/// line's words.
fn report(args: &Args, sides: Sides) -> Report {
    let differences = sides
        .theirs
        .doc
        .differences(&sides.files)
        .expect("both sides are read and built as one format");
    let check = Check {
        differences,
        format: sides.files.format(),
        strict: args.strict,
        theirs: &sides.theirs.bytes,
        canonical: args.bytes.then_some(sides.files_bytes.as_slice()),
    };
    let mut report = Report::of_check(check, &args.report.ignore);
    report.annotate = Some(args.data.clone());
    report.notes_heading = "not derived from the files (listed, not failures; --strict counts \
                            them, --ignore PATH leaves them out):"
        .to_owned();
    report.header = vec![format!("theirs  {}", Shown(&args.data)), sides.files_line];
    report
}

/// An input file as the header names it: its path, and its verdict (`type1.seq.txt (text form
/// of retail TYPE1.SEQ)` for a text form that assembles to it).
fn describe(input: &SpriteFile) -> String {
    let name = &input.file.name;
    let verdict = Verdict::of(&input.file.bytes).short();
    match (input.text, verdict.as_str()) {
        (Some(_), "modified") => format!("{name} (text form, modified)"),
        (Some(_), _) => format!("{name} (text form of {verdict})"),
        (None, _) => format!("{name} ({verdict})"),
    }
}

/// The SHP and SEQ to build from, read ([`read_pair`]): the files `--shp` and `--seq` name (each
/// the file or its text form, the SHP's of `shp_kind`; with `--disc` or `--originals`, the
/// places' when they hold it), else `shp_name` and `seq_name` (disc names) found in the
/// `--originals` folders (layered) or in the BATTLE folder of `--disc`.
fn read_pair_of(
    args: &Args,
    shp_name: &str,
    seq_name: &str,
    shp_kind: FileFormat,
) -> anyhow::Result<(SpriteFile, SpriteFile)> {
    let accept = |read: &PairFile, which| {
        let (wanted, flag) = match which {
            Which::Shp => (shp_kind, "--shp"),
            Which::Seq => (FileFormat::Seq, "--seq"),
        };
        match read.file.other_text(wanted) {
            Some(what) => Err(anyhow!(
                "{}: this is {what}, given as {flag}, which wants {}",
                read.file.file.name,
                wanted.in_words()
            )),
            None => Ok(()),
        }
    };
    let files = args.game.files()?;
    let (shp, seq) = read_pair(
        &files,
        Part::given_or_named(args.shp.as_deref(), shp_name),
        Part::given_or_named(args.seq.as_deref(), seq_name),
        accept,
    )?
    .ok_or_else(|| anyhow!("give --shp and --seq, --originals or --disc"))?;
    Ok((shp.file, seq.file))
}
