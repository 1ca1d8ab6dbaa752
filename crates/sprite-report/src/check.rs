//! `check`'s comparison of a document with the one built from the game files, as a report: each
//! difference a finding, unless the files do not give the value (then a note, listed once per
//! wildcard path, unless the check is strict); and, when asked, the document's bytes against the
//! build's canonical bytes. The sides are named `theirs` and `files`.

use sprite_data::compare::{
    Difference, DocumentFormat, JsonPath, PathPattern, Step, first_byte_difference,
};
use sprite_inputs::retail::sha256_hex;

use crate::findings::{Finding, Ignores, Note, Report};

/// What a check compares, and how.
#[derive(Debug)]
pub struct Check<'a> {
    /// The given document's differences from the built one ([`sprite_data::compare`]).
    pub differences: Vec<Difference>,
    /// The documents' format, which says which values the files do not give.
    pub format: DocumentFormat,
    /// Count the values the files do not give as differences too.
    pub strict: bool,
    /// The given document's bytes, where the findings' lines are found.
    pub theirs: &'a [u8],
    /// The build's canonical bytes, when the given document must be them.
    pub canonical: Option<&'a [u8]>,
}

impl Report {
    /// The report of `check`, the differences under `patterns` left out and counted; the lines
    /// of its findings and notes found in the given document.
    pub fn of_check(check: Check, patterns: &[PathPattern]) -> Report {
        let mut report = Report::new("theirs", "files");
        let mut ignores = Ignores::new(patterns);
        let mut not_derived: Vec<(String, Vec<Difference>)> = Vec::new();
        for difference in check.differences {
            if ignores.ignores(&difference.path) {
                continue;
            }
            if !check.strict && check.format.not_derived_from_files(&difference) {
                let pattern = difference.path.wildcard();
                match not_derived.iter_mut().find(|(p, _)| *p == pattern) {
                    Some((_, list)) => list.push(difference),
                    None => not_derived.push((pattern, vec![difference])),
                }
            } else {
                report
                    .findings
                    .push(Finding::of_difference(&difference, "theirs", "files"));
            }
        }
        ignores.finish(&mut report);
        report.notes = not_derived
            .into_iter()
            .map(|(pattern, list)| Note::of_differences(pattern, &list, "theirs", "files"))
            .collect();
        let bytes = check.theirs;
        if let Some(canonical) = check.canonical {
            if let Some(first) = first_byte_difference(bytes, canonical) {
                report.findings.push(Finding {
                    group: "bytes".to_owned(),
                    path: JsonPath(vec![Step::Key("(bytes)".to_owned())]),
                    text: format!(
                        "theirs is not the build's canonical bytes: theirs {} bytes, sha256 {}; \
                         files {} bytes, sha256 {}; first difference at byte {} (line {}, column \
                         {})",
                        bytes.len(),
                        sha256_hex(bytes),
                        canonical.len(),
                        sha256_hex(canonical),
                        first.offset,
                        first.line,
                        first.column
                    ),
                    left: Some(bytes.len().into()),
                    right: Some(canonical.len().into()),
                    anchor: None,
                    line: None,
                });
            }
        }
        report.locate(bytes);
        report
    }
}
