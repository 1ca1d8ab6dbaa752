//! `tactics-sprite diff A B`: what changed between two files of one kind. Two SEQ files: the
//! slots whose commands changed, command by command, with byte offsets; two SHP files: the frames,
//! tile by tile; two SPR sheets: the palettes and how many pixels; two documents (unit or layer
//! documents, [`super::documents`]): as `check`. The comparisons are `sprite_report::diff`'s; this
//! module reads the two files, tells their kind (`--kind`) and heads the report.

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use faults::Shown;
use fft_formats::FileFormat;
use sprite_inputs::sniff::starts_as_json;
use sprite_report::diff::{self, Side};
use sprite_report::findings::{Finding, Ignores, Report};

use super::documents;
use super::report::{ReportArgs, print_or_refuse};

use super::{FormatArg, Outcome, SpriteFile, choose_kind};

/// Compare two files of the same kind.
#[derive(Debug, clap::Args)]
#[command(
    about = "Say what changed between two SEQ, SHP, SPR files or two documents; exit 1 when they differ",
    long_about = "Compare two files of one kind and print each difference on one line: two SEQ files slot by
slot and command by command, two SHP files frame by frame and tile by tile, with byte offsets;
two SPR sheets palette by palette and row by row; two documents (unit or layer) as check does.
A SEQ or SHP file may be its text form (from disasm), compared as the bytes it assembles to.
Exit status: 0 the same; 1 different; 2 a usage error or a file that cannot be read or decoded.
More: docs/checking.md"
)]
pub struct Args {
    /// The first file (A): a SEQ, SHP or SPR file, a text form of a SEQ or SHP, or a document
    #[arg(value_name = "A")]
    pub a: PathBuf,

    /// The second file (B), of the same kind.
    #[arg(value_name = "B")]
    pub b: PathBuf,

    /// Decode both files as this kind: unit-shp, weapon-shp, seq or spr [default: detected]
    #[arg(long, value_enum, value_name = "KIND", hide_possible_values = true)]
    pub kind: Option<FormatArg>,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub game: super::inputs::GameFileArgs,
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
    // Two documents go to the one loader before anything else is read: it refuses a file past
    // its size limit unread, with the line every command gives.
    // Two SEQ or SHP files may each be given as its text form: they are compared as the files
    // the texts assemble to.
    let json = (starts_as_json(&args.a), starts_as_json(&args.b));
    let (a, b, documents) = if json == (true, true) {
        let left = documents::load(&args.a, None)?;
        let right = documents::load(&args.b, None)?;
        let side = |path: &Path, bytes| Side {
            name: Shown(&path).to_string(),
            bytes,
            text: None,
        };
        (
            side(&args.a, left.bytes),
            side(&args.b, right.bytes),
            Some((left.doc, right.doc)),
        )
    } else {
        let files = args.game.files()?;
        let side = |path: &Path| -> anyhow::Result<Side> {
            let read = SpriteFile::from_input(files.read(path)?)?;
            Ok(Side {
                name: read.file.name,
                bytes: read.file.bytes,
                text: read.text,
            })
        };
        (side(&args.a)?, side(&args.b)?, None)
    };
    let mut report = Report::new("A", "B");
    report.annotate = Some(args.a.clone());
    report.header = vec![format!("A  {}", a.name), format!("B  {}", b.name)];
    let findings = match (&documents, json) {
        (Some((left, right)), _) => left
            .differences(right)
            .ok_or_else(|| {
                anyhow!(
                    "{} is {} ({}) and {} {} ({}); diff compares two documents of one format",
                    a.name,
                    left.format().in_words(),
                    left.format(),
                    b.name,
                    right.format().in_words(),
                    right.format()
                )
            })?
            .iter()
            .map(|d| Finding::of_difference(d, "A", "B"))
            .collect(),
        (None, (false, false)) => {
            let kind_a = kind_of(&a, args.kind)?;
            let kind_b = kind_of(&b, args.kind)?;
            if kind_a != kind_b {
                return Err(anyhow!(
                    "{} is a {kind_a} file and {} a {kind_b} file; diff compares two files of one \
                     kind",
                    a.name,
                    b.name
                ));
            }
            let text = |text: Option<FileFormat>| if text.is_some() { ", text form" } else { "" };
            report.header[0].push_str(&format!("  ({kind_a}{})", text(a.text)));
            report.header[1].push_str(&format!("  ({kind_b}{})", text(b.text)));
            diff::files(&a, &b, kind_a)?
        }
        _ => {
            return Err(anyhow!(
                "one of {} and {} is a JSON document and the other is not; diff compares two files \
                 of one kind",
                a.name,
                b.name
            ));
        }
    };
    let mut ignores = Ignores::new(&args.report.ignore);
    report.findings = findings
        .into_iter()
        .filter(|f: &Finding| !ignores.ignores(&f.path))
        .collect();
    ignores.finish(&mut report);
    if documents.is_some() {
        report.locate(&a.bytes);
    }
    Ok(report)
}

/// The kind to compare a side as: its text's format when it was a text form (which `--kind`, if
/// given, must name), else as [`choose_kind`] tells it.
fn kind_of(side: &Side, forced: Option<FormatArg>) -> anyhow::Result<FileFormat> {
    match (side.text, forced) {
        (Some(format), Some(kind)) if FileFormat::from(kind) != format => Err(anyhow!(
            "{}: --kind {} is given, but this is {}",
            side.name,
            FileFormat::from(kind),
            super::text_form_in_words(format)
        )),
        (Some(format), _) => Ok(format),
        (None, _) => Ok(choose_kind(Path::new(&side.name), &side.bytes, forced)?.0),
    }
}
