//! What a comparison (`check`, `diff`) found, ready to print, and its printers: text grouped by
//! what each difference is about, JSON for programs, or GitHub Actions annotations; long reports
//! cut after a limit with the total; the patterns that leave paths out, applied and counted.
//! The exit status a front end gives (same or different) is [`Report::same`].

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use sprite_data::compare::{self, Difference, JsonPath, PathPattern};

use crate::plural;

/// Which printer writes a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Lines grouped by what they are about, then a summary line.
    Text,
    /// One JSON object with every difference (never cut by the limit).
    Json,
    /// GitHub Actions annotations (`::error file=...::...`), one per difference.
    Github,
}

/// How the front end names the two parameters a report's own lines mention.
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    /// The patterns that leave paths out (`--ignore` on the command line).
    pub ignore: &'a str,
    /// The limit that shows every difference (`--max 0`).
    pub no_limit: &'a str,
}

/// A printer: its format, how many differences it shows at most (0: no limit), and the front
/// end's words.
#[derive(Debug, Clone, Copy)]
pub struct Printer<'a> {
    pub format: Format,
    pub max: usize,
    pub words: Words<'a>,
}

/// One difference, as a report line.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// What it is about (a document's top-level field, `slots`, `frames`, `palettes`, ...).
    pub group: String,
    /// Its machine path, `sequences[102].ticks[3]`, which the patterns that leave paths out
    /// match.
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
    /// Differences left out by the patterns.
    pub ignored: usize,
    /// Patterns that matched nothing (a typo is worth a word).
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

    /// Whether nothing differs (a front end's exit 0).
    pub fn same(&self) -> bool {
        self.findings.is_empty()
    }

    /// Writes the report to `out` as `printer` says.
    ///
    /// # Errors
    /// `out` cannot be written.
    pub fn write(&self, out: &mut impl Write, printer: &Printer) -> io::Result<()> {
        match printer.format {
            Format::Text => self.write_text(out, printer.max, &printer.words),
            Format::Json => self.write_json(out, &printer.words),
            Format::Github => self.write_github(out, printer.max, &printer.words),
        }
    }

    fn summary(&self, words: &Words) -> String {
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
            line.push_str(&format!("; {} ignored by {}", self.ignored, words.ignore));
        }
        line
    }

    fn write_text(&self, out: &mut impl Write, max: usize, words: &Words) -> io::Result<()> {
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
                "  ... {} more not shown ({} in all; {} shows every one)",
                self.findings.len() - shown,
                self.findings.len(),
                words.no_limit
            )?;
        }
        if !self.notes.is_empty() {
            writeln!(out, "{}", self.notes_heading)?;
            for note in &self.notes {
                writeln!(out, "  {}", note.text)?;
            }
        }
        writeln!(out, "{}", self.summary(words))
    }

    fn write_json(&self, out: &mut impl Write, words: &Words) -> io::Result<()> {
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
            "summary": self.summary(words),
        });
        writeln!(out, "{report}")
    }

    fn write_github(&self, out: &mut impl Write, max: usize, words: &Words) -> io::Result<()> {
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
                    "{} more differences not shown ({} in all; {} shows every one)",
                    self.findings.len() - limit,
                    self.findings.len(),
                    words.no_limit
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
        writeln!(out, "{}", self.summary(words))
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

/// The patterns that leave paths out, as they are applied: which paths they leave out, how many, and which
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

impl Finding {
    /// A document difference as a report line, the sides named `left` and `right`.
    pub fn of_difference(difference: &Difference, left: &str, right: &str) -> Finding {
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
}

impl Note {
    /// Differences under one wildcard path, listed once, the sides named `left` and `right`.
    pub fn of_differences(pattern: String, list: &[Difference], left: &str, right: &str) -> Note {
        let text = match list {
            [one] => one.describe(left, right),
            [first, ..] => format!(
                "{pattern}: {} places, such as {}",
                list.len(),
                first.describe(left, right)
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
