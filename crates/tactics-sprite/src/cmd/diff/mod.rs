//! `tactics-sprite diff A B`: what changed between two files of one kind. Two SEQ files: the
//! slots whose commands changed, command by command, with byte offsets; two SHP files: the frames,
//! tile by tile; two SPR sheets: the palettes and how many pixels; two documents (unit or layer
//! documents, [`super::documents`]): as `check`.

mod seq;
mod shp;
mod spr;

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use faults::Shown;
use fft_formats::{DecodeError, FileFormat};
use serde_json::Value;
use sprite_data::compare::{self, JsonPath, Step};

use super::documents;
use super::report::{Finding, Ignores, Report, ReportArgs};
use sprite_inputs::sniff::starts_as_json;

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
/// As [`Report::print_or_refuse`]: a difference, inputs that cannot be compared, stdout that
/// cannot be written.
pub fn run(args: &Args) -> Outcome {
    Report::print_or_refuse(prepare(args), &args.report)
}

/// One side of the comparison: its name in messages (its path, or `IMAGE:BATTLE/TYPE1.SEQ`), its
/// bytes, and the format of the text form they were assembled from, if they were.
struct Side {
    name: String,
    bytes: Vec<u8>,
    text: Option<FileFormat>,
}

impl Side {
    /// A decoder's error, naming this file.
    fn error(&self, error: DecodeError) -> anyhow::Error {
        anyhow!("{}: {error}", self.name)
    }
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
            .map(|d| super::check::finding(d, "A", "B"))
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
            let mut findings = match kind_a {
                FileFormat::Seq => seq::diff(&a, &b)?,
                FileFormat::UnitShp => shp::diff_unit(&a, &b)?,
                FileFormat::WeaponShp => shp::diff_weapon(&a, &b)?,
                FileFormat::Spr => spr::diff(&a, &b)?,
                FileFormat::HdHalf => spr::diff_hd_half(&a, &b)?,
            };
            // Bytes no model field shows (dead stream bytes before the first slot, say) still
            // make the files differ.
            if findings.is_empty() {
                if let Some(first) = compare::first_byte_difference(&a.bytes, &b.bytes) {
                    findings.push(finding(
                        "bytes",
                        &[PathStep::Key("bytes")],
                        format!(
                            "bytes: first difference at 0x{:X}, outside anything decoded ({} and {} bytes)",
                            first.offset,
                            a.bytes.len(),
                            b.bytes.len()
                        ),
                        Some(a.bytes.len().into()),
                        Some(b.bytes.len().into()),
                    ));
                }
            }
            findings
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

/// A path from steps written as `key` or `[index]`: `path(&["slots"], &[102])`-like helpers for the
/// file diffs.
fn path(steps: &[PathStep]) -> JsonPath {
    JsonPath(
        steps
            .iter()
            .map(|s| match s {
                PathStep::Key(k) => Step::Key((*k).to_owned()),
                PathStep::Index(i) => Step::Index(*i),
            })
            .collect(),
    )
}

enum PathStep {
    Key(&'static str),
    Index(usize),
}

/// A finding of a file diff.
fn finding(
    group: &str,
    steps: &[PathStep],
    text: String,
    left: Option<Value>,
    right: Option<Value>,
) -> Finding {
    Finding {
        group: group.to_owned(),
        path: path(steps),
        text,
        left,
        right,
        anchor: None,
        line: None,
    }
}
