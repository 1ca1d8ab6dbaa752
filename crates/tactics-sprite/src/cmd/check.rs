//! `tactics-sprite check`: a given document (a renderer's own copy of the tables) against the one
//! built from the game files, compared by meaning, each difference one line with its path.

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use sprite_data::Profile;
use sprite_data::compare::{self, Difference, JsonPath, Step, first_byte_difference};
use sprite_data::pipeline::{
    InputFile, Originals, Output, build_from_sources, find_retail_file, not_in_folder,
};
use sprite_data::profile::UnitKind;
use sprite_data::target;

use super::report::{Finding, Ignores, Note, Report, ReportArgs};
use super::{Outcome, read_input};

/// Check a document against the one the game files give.
#[derive(Debug, clap::Args)]
#[command(
    about = "Compare a document with the one built from the game files, by meaning; exit 1 when they differ",
    long_about = "Build the document from the game files (--shp and --seq, or the kind's files in \
--originals) and compare it with the given one by meaning: key order and whitespace do not \
matter. Each difference is one line with its JSON path and both values, grouped by the field it \
is about:\n\n  \
sequences[102] \"Swing High Fwd\" .ticks[3]: theirs 4, files 2\n  \
animations \"Swing High\" .hitTick: theirs 17, files 18\n\n\
Sequences are compared by index, animations by name (their order carries no meaning). Fields the \
files do not give (a field the build does not write, or writes as null, such as a site's mode, \
hands and holds; and version, notice, sheet.file, sp2.file, which name the copy and the \
renderer's own sheets) are listed once per path as \"not derived from the files\", not as \
failures, unless --strict. --ignore PATH leaves a path out entirely.\n\n\
Exit status: 0 when they agree, 1 when they differ, 2 for a usage error or an input that cannot \
be read or built (so 1 always means a difference)."
)]
pub struct Args {
    /// The document to check (the renderer's copy).
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The unit SHP to build from (with --seq).
    #[arg(
        long,
        value_name = "FILE",
        requires = "seq",
        conflicts_with_all = ["originals", "disc"]
    )]
    pub shp: Option<PathBuf>,

    /// The SEQ to build from (with --shp).
    #[arg(
        long,
        value_name = "FILE",
        requires = "shp",
        conflicts_with_all = ["originals", "disc"]
    )]
    pub seq: Option<PathBuf>,

    /// A folder holding the kind's files under their disc names (TYPE1.SHP) or the remaster's
    /// (battle_type1_shp.bin).
    #[arg(long, value_name = "DIR", required_unless_present_any = ["shp", "disc"])]
    pub originals: Option<PathBuf>,

    /// Your own disc image (.cue, .bin, .img, .iso) whose BATTLE folder holds the kind's files
    /// (docs/disc.md).
    #[arg(long, value_name = "IMAGE", conflicts_with = "originals")]
    pub disc: Option<PathBuf>,

    // The help lists the built-in profiles.
    #[arg(
        long,
        value_name = "NAME",
        value_parser = target::parse_unit_kind,
        help = format!("A built-in profile by unit kind: {} [default: type1]", target::unit_names(", "))
    )]
    pub kind: Option<&'static UnitKind>,

    /// A sheet profile (TOML) instead of a built-in one.
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
/// As [`Report::print_or_refuse`]: a difference, inputs that cannot be compared, stdout that
/// cannot be written.
pub fn run(args: &Args) -> Outcome {
    Report::print_or_refuse(prepare(args), &args.report)
}

fn prepare(args: &Args) -> anyhow::Result<Report> {
    let profile = match (&args.profile, args.kind) {
        (Some(path), _) => Profile::load(path)?,
        (None, Some(kind)) => kind.load(),
        (None, None) => Profile::type1(),
    };
    let output = match (&args.shp, &args.seq, &args.originals, &args.disc) {
        (Some(shp), Some(seq), _, _) => build(&shp.clone(), &seq.clone(), &profile)?,
        (_, _, Some(dir), _) => build(
            &find_in(dir, &profile.shp)?,
            &find_in(dir, &profile.seq)?,
            &profile,
        )?,
        (_, _, _, Some(image)) => build_from_disc(image, &profile)?,
        _ => return Err(anyhow!("give --shp and --seq, --originals or --disc")),
    };
    let (bytes, theirs) = sprite_data::load::load_document_with_bytes(&args.data)?;

    let mut report = Report::new("theirs", "files");
    report.annotate = Some(args.data.clone());
    report.notes_heading = "not derived from the files (listed, not failures; --strict counts \
                            them, --ignore PATH leaves them out):"
        .to_owned();
    report.header = vec![
        format!("theirs  {}", args.data.display()),
        format!(
            "files   {} + {} ({} profile)",
            describe(&output.inputs[0]),
            describe(&output.inputs[1]),
            profile.kind
        ),
    ];
    let mut ignores = Ignores::new(&args.report.ignore);
    let mut not_derived: Vec<(String, Vec<Difference>)> = Vec::new();
    for difference in compare::compare(&theirs, &output.built.document) {
        if ignores.ignores(&difference.path) {
            continue;
        }
        if !args.strict && compare::not_derived_from_files(&difference) {
            let pattern = difference.path.wildcard();
            match not_derived.iter_mut().find(|(p, _)| *p == pattern) {
                Some((_, list)) => list.push(difference),
                None => not_derived.push((pattern, vec![difference])),
            }
        } else {
            report
                .findings
                .push(finding(&difference, "theirs", "files"));
        }
    }
    ignores.finish(&mut report);
    report.notes = not_derived
        .into_iter()
        .map(|(pattern, list)| note(pattern, &list))
        .collect();
    if args.bytes {
        if let Some(first) = first_byte_difference(&bytes, &output.bytes) {
            report.findings.push(Finding {
                group: "bytes".to_owned(),
                path: JsonPath(vec![Step::Key("(bytes)".to_owned())]),
                text: format!(
                    "theirs is not the build's canonical bytes: theirs {} bytes, sha256 {}; files \
                     {} bytes, sha256 {}; first difference at byte {} (line {}, column {})",
                    bytes.len(),
                    sprite_data::pipeline::sha256_hex(&bytes),
                    output.bytes.len(),
                    output.sha256,
                    first.offset,
                    first.line,
                    first.column
                ),
                left: Some(bytes.len().into()),
                right: Some(output.bytes.len().into()),
                anchor: None,
                line: None,
            });
        }
    }
    report.locate(&bytes);
    Ok(report)
}

/// A document difference as a report line.
pub fn finding(difference: &Difference, left: &str, right: &str) -> Finding {
    Finding {
        group: match difference.path.top() {
            "" => "document".to_owned(),
            top => top.to_owned(),
        },
        path: difference.path.clone(),
        text: difference.describe(left, right),
        left: difference.left.clone(),
        right: difference.right.clone(),
        anchor: Some(anchor(difference)),
        line: None,
    }
}

/// Where a difference is in the left document: its path, or its parent's when only the right
/// side has the value (its index there means nothing on the left).
fn anchor(difference: &Difference) -> JsonPath {
    let mut path = difference.path.clone();
    if difference.left.is_none() {
        path.0.pop();
    }
    path
}

/// Differences under one wildcard path, listed once.
fn note(pattern: String, list: &[Difference]) -> Note {
    let text = match list {
        [one] => one.describe("theirs", "files"),
        [first, ..] => format!(
            "{pattern}: {} places, such as {}",
            list.len(),
            first.describe("theirs", "files")
        ),
        [] => pattern.clone(),
    };
    Note {
        pattern,
        count: list.len(),
        text,
        anchor: list.first().map(anchor),
        line: None,
    }
}

fn describe(input: &sprite_data::pipeline::Provenance) -> String {
    match input.retail {
        Some(file) => format!("{} (retail {})", input.name, file.disc_name),
        None => format!("{} (modified)", input.name),
    }
}

fn find_in(dir: &Path, disc_name: &str) -> anyhow::Result<PathBuf> {
    if !dir.is_dir() {
        return Err(anyhow!("--originals {}: no such folder", dir.display()));
    }
    find_retail_file(dir, disc_name).with_context(|| not_in_folder(dir, disc_name))
}

/// The kind's pair from a disc image's BATTLE folder, built.
fn build_from_disc(image: &Path, profile: &Profile) -> anyhow::Result<Output> {
    let originals = Originals::open_disc(image)?;
    let read = |name: &str| -> anyhow::Result<InputFile> {
        originals
            .find(name)?
            .with_context(|| originals.missing(name))
    };
    let (shp, seq) = (read(&profile.shp)?, read(&profile.seq)?);
    Ok(build_from_sources(
        shp.source(),
        seq.source(),
        profile,
        None,
    )?)
}

fn build(shp: &Path, seq: &Path, profile: &Profile) -> anyhow::Result<Output> {
    let shp = InputFile::new(shp, read_input(shp)?);
    let seq = InputFile::new(seq, read_input(seq)?);
    Ok(build_from_sources(
        shp.source(),
        seq.source(),
        profile,
        None,
    )?)
}
