//! How `check` and `diff` print what they found: text grouped by what each difference is about,
//! JSON for programs, or GitHub Actions annotations; long reports cut after `--max` lines with the
//! total; `--ignore` patterns applied; the exit status (0 same, 1 different).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use sprite_data::compare::{self, JsonPath, PathPattern};

use super::{Failure, Outcome, plural};

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines grouped by what they are about, then a summary line.
    Text,
    /// One JSON object with every difference (never cut by --max).
    Json,
    /// GitHub Actions annotations (`::error file=...::...`), one per difference.
    Github,
}

/// The options `check` and `diff` share.
#[derive(Debug, Clone, clap::Args)]
pub struct ReportArgs {
    /// Leave out a path and all under it (`hands`, `animations[*].mode`; `*` any key); repeatable
    #[arg(long, value_name = "PATH", value_parser = PathPattern::parse)]
    pub ignore: Vec<PathPattern>,

    /// How to print the differences: text, json (never cut) or github (annotations) [default: text]
    #[arg(
        long,
        value_enum,
        default_value_t = Format::Text,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub format: Format,

    /// Print at most N differences, then the count (0: no limit) [default: 40]
    #[arg(
        long,
        value_name = "N",
        default_value_t = 40,
        hide_default_value = true,
        allow_negative_numbers = true,
        value_parser = super::whole_number::<usize>
    )]
    pub max: usize,
}

/// One difference, as a report line.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// What it is about (a document's top-level field, `slots`, `frames`, `palettes`, ...).
    pub group: String,
    /// Its machine path, `sequences[102].ticks[3]`, which `--ignore` patterns match.
    pub path: JsonPath,
    /// The whole line a person reads.
    pub text: String,
    /// Both values for JSON output; `None` for a side that has none.
    pub left: Option<Value>,
    pub right: Option<Value>,
    /// Where it is in the annotated document (set by [`Report::locate`]): the value's path there,
    /// or its parent's when only the other side has it.
    pub anchor: Option<JsonPath>,
    /// The 1-based line of `anchor` in the annotated file.
    pub line: Option<usize>,
}

/// Something reported but not a failure: a field the files do not give, listed once per
/// wildcard path.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub pattern: String,
    pub count: usize,
    pub text: String,
    /// As [`Finding::anchor`] and [`Finding::line`], for the first of them.
    pub anchor: Option<JsonPath>,
    pub line: Option<usize>,
}

/// What a comparison found, ready to print.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Lines that say what was compared, printed first in text.
    pub header: Vec<String>,
    /// The names of the two sides in lines and JSON keys (`theirs`/`files`, `a`/`b`).
    pub left_name: String,
    pub right_name: String,
    /// The file GitHub annotations point at.
    pub annotate: Option<PathBuf>,
    pub findings: Vec<Finding>,
    pub notes: Vec<Note>,
    /// The heading of the notes.
    pub notes_heading: String,
    /// Differences left out by `--ignore`.
    pub ignored: usize,
    /// `--ignore` patterns that matched nothing (a typo is worth a word).
    pub unused_patterns: Vec<String>,
}

impl Report {
    /// An empty report between two named sides.
    pub fn new(left_name: &str, right_name: &str) -> Self {
        Self {
            header: Vec::new(),
            left_name: left_name.to_owned(),
            right_name: right_name.to_owned(),
            annotate: None,
            findings: Vec::new(),
            notes: Vec::new(),
            notes_heading: String::new(),
            ignored: 0,
            unused_patterns: Vec::new(),
        }
    }

    /// Finds the line of every finding's and note's anchor in the annotated file's text.
    pub fn locate(&mut self, text: &[u8]) {
        let anchors: Vec<&JsonPath> = self
            .findings
            .iter()
            .filter_map(|f| f.anchor.as_ref())
            .chain(self.notes.iter().filter_map(|n| n.anchor.as_ref()))
            .collect();
        let mut lines = compare::value_lines(text, &anchors).into_iter();
        for finding in &mut self.findings {
            if finding.anchor.is_some() {
                finding.line = lines.next().flatten();
            }
        }
        for note in &mut self.notes {
            if note.anchor.is_some() {
                note.line = lines.next().flatten();
            }
        }
    }

    /// `check`'s and `diff`'s ending: the report printed with exit 0 or 1, or, when the
    /// comparison could not be made, [`Failure::CannotCompare`] (exit 2, so that 1 always means
    /// a difference).
    ///
    /// # Errors
    /// As [`Report::print`]'s, and [`Failure::CannotCompare`].
    pub fn print_or_refuse(prepared: anyhow::Result<Report>, args: &ReportArgs) -> Outcome {
        prepared.map_err(Failure::CannotCompare)?.print(args)
    }

    /// Prints the report: `Ok` (exit 0) when nothing differs.
    ///
    /// # Errors
    /// [`Failure::Reported`] (exit 1) when something differs; [`Failure::Failed`] when stdout
    /// cannot be written.
    pub fn print(&self, args: &ReportArgs) -> Outcome {
        for pattern in &self.unused_patterns {
            eprintln!("tactics-sprite: note: --ignore {pattern} matched no difference");
        }
        let mut out = io::stdout().lock();
        match args.format {
            Format::Text => self.write_text(&mut out, args.max),
            Format::Json => self.write_json(&mut out),
            Format::Github => self.write_github(&mut out, args.max),
        }
        .map_err(super::stdout_error)?;
        if self.findings.is_empty() {
            Ok(())
        } else {
            Err(Failure::Reported)
        }
    }

    fn summary(&self) -> String {
        let n = self.findings.len();
        let mut line = if n == 0 {
            "same: no differences".to_owned()
        } else {
            format!("different: {}", plural(n, "difference"))
        };
        let noted: usize = self.notes.iter().map(|n| n.count).sum();
        if noted > 0 {
            line.push_str(&format!(
                "; {} not derived from the files",
                plural(noted, "value")
            ));
        }
        if self.ignored > 0 {
            line.push_str(&format!("; {} ignored by --ignore", self.ignored));
        }
        line
    }

    fn write_text(&self, out: &mut impl Write, max: usize) -> io::Result<()> {
        for line in &self.header {
            writeln!(out, "{line}")?;
        }
        let mut groups: Vec<(&str, Vec<&Finding>)> = Vec::new();
        for finding in &self.findings {
            match groups.iter_mut().find(|(g, _)| *g == finding.group) {
                Some((_, items)) => items.push(finding),
                None => groups.push((&finding.group, vec![finding])),
            }
        }
        let mut shown = 0;
        'groups: for (group, items) in &groups {
            if max > 0 && shown == max {
                break;
            }
            writeln!(out, "{group}: {}", plural(items.len(), "difference"))?;
            for finding in items {
                if max > 0 && shown == max {
                    break 'groups;
                }
                writeln!(out, "  {}", finding.text)?;
                shown += 1;
            }
        }
        if shown < self.findings.len() {
            writeln!(
                out,
                "  ... {} more not shown ({} in all; --max 0 shows every one)",
                self.findings.len() - shown,
                self.findings.len()
            )?;
        }
        if !self.notes.is_empty() {
            writeln!(out, "{}", self.notes_heading)?;
            for note in &self.notes {
                writeln!(out, "  {}", note.text)?;
            }
        }
        writeln!(out, "{}", self.summary())
    }

    fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        let differences: Vec<Value> = self
            .findings
            .iter()
            .map(|f| {
                let mut item =
                    json!({"group": f.group, "path": f.path.to_string(), "text": f.text});
                if let Some(left) = &f.left {
                    item[&self.left_name] = left.clone();
                }
                if let Some(right) = &f.right {
                    item[&self.right_name] = right.clone();
                }
                item
            })
            .collect();
        let notes: Vec<Value> = self
            .notes
            .iter()
            .map(|n| json!({"pattern": n.pattern, "count": n.count, "text": n.text}))
            .collect();
        let mut counts = BTreeMap::new();
        for finding in &self.findings {
            *counts.entry(finding.group.clone()).or_insert(0usize) += 1;
        }
        let report = json!({
            "same": self.findings.is_empty(),
            "differences": differences,
            "count": self.findings.len(),
            "byGroup": counts,
            "notDerived": notes,
            "ignored": self.ignored,
            "summary": self.summary(),
        });
        writeln!(out, "{report}")
    }

    fn write_github(&self, out: &mut impl Write, max: usize) -> io::Result<()> {
        let file = self
            .annotate
            .as_deref()
            .map(|f| format!("file={},", property(f)))
            .unwrap_or_default();
        let limit = if max == 0 { usize::MAX } else { max };
        let at = |line: Option<usize>| line.map(|l| format!("line={l},")).unwrap_or_default();
        for finding in self.findings.iter().take(limit) {
            writeln!(
                out,
                "::error {file}{}title={}::{}",
                at(finding.line),
                property_text(&format!("tactics-sprite: {}", finding.group)),
                message(&finding.text)
            )?;
        }
        if self.findings.len() > limit {
            writeln!(
                out,
                "::error {file}title=tactics-sprite::{}",
                message(&format!(
                    "{} more differences not shown ({} in all; --max 0 shows every one)",
                    self.findings.len() - limit,
                    self.findings.len()
                ))
            )?;
        }
        for note in &self.notes {
            writeln!(
                out,
                "::notice {file}{}title={}::{}",
                at(note.line),
                property_text("tactics-sprite: not derived from the files"),
                message(&note.text)
            )?;
        }
        writeln!(out, "{}", self.summary())
    }
}

/// A workflow-command message: `%`, CR and LF escaped as GitHub reads them back.
fn message(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow-command property value: a message's escapes plus `:` and `,`.
fn property_text(text: &str) -> String {
    message(text).replace(':', "%3A").replace(',', "%2C")
}

fn property(path: &Path) -> String {
    property_text(&path.display().to_string())
}

/// The `--ignore` patterns as they are applied: which paths they leave out, how many, and which
/// patterns matched nothing.
#[derive(Debug)]
pub struct Ignores<'a> {
    patterns: &'a [PathPattern],
    used: Vec<bool>,
    /// How many paths were left out.
    pub count: usize,
}

impl<'a> Ignores<'a> {
    pub fn new(patterns: &'a [PathPattern]) -> Self {
        Self {
            patterns,
            used: vec![false; patterns.len()],
            count: 0,
        }
    }

    /// Whether some pattern leaves `path` out (and counts it when one does).
    pub fn ignores(&mut self, path: &JsonPath) -> bool {
        let mut hit = false;
        for (pattern, used) in self.patterns.iter().zip(&mut self.used) {
            if pattern.matches(path) {
                *used = true;
                hit = true;
            }
        }
        self.count += usize::from(hit);
        hit
    }

    /// Records the count and the patterns that matched nothing in `report`.
    pub fn finish(self, report: &mut Report) {
        report.ignored = self.count;
        report.unused_patterns = self
            .patterns
            .iter()
            .zip(self.used)
            .filter(|(_, used)| !used)
            .map(|(p, _)| p.to_string())
            .collect();
    }
}
