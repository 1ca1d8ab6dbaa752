//! Every page the repository cites is in the repository, with the section cited
//! (CONTRIBUTING.md "Citing the docs"): a citation in a source, test, profile, schema or script
//! is a path from the repository root to a `.md` file, then a section number (`3.4`, `2.1-2.3`,
//! `2.1 and 2.5`) that starts one of its headings, or a heading in double quotes; a link in a
//! `.md` file is a relative path with an optional `#anchor` that one of the target's headings
//! makes. A cited file that does not exist (the team's former notes among them) fails, and so does
//! a section, heading or anchor the page does not have; every failure is listed with its file and
//! line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Folders that hold no source of the repository's own: build output, the user's game files,
/// fuzz corpora, version control; and every `node_modules` (npm's installs, anywhere).
const SKIPPED_DIRS: [&str; 7] = [
    "target",
    ".git",
    "originals",
    "fuzz/target",
    "fuzz/corpus",
    "fuzz/artifacts",
    "node_modules",
];

/// Extensions of the text files citations may stand in.
const TEXT_EXTENSIONS: [&str; 11] = [
    "rs", "toml", "md", "js", "mjs", "json", "py", "html", "css", "sh", "yml",
];

fn root() -> PathBuf {
    test_support::repo_root()
}

/// Every text file of the repository, as paths from its root with `/` separators.
fn text_files() -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a folder entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let relative = path
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                if !SKIPPED_DIRS.contains(&relative.as_str())
                    && !relative.ends_with("/node_modules")
                {
                    walk(root, &path, out);
                }
            } else if relative == ".ci/run"
                || path
                    .extension()
                    .is_some_and(|e| TEXT_EXTENSIONS.contains(&e.to_string_lossy().as_ref()))
            {
                out.push(relative);
            }
        }
    }
    let root = root();
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

/// A page's headings: their text (backticks dropped) and the anchors GitHub makes of them.
struct Headings {
    texts: Vec<String>,
    anchors: BTreeSet<String>,
}

fn headings(markdown: &str) -> Headings {
    let mut texts = Vec::new();
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        let Some(text) = line[hashes..].strip_prefix(' ') else {
            continue;
        };
        if fenced || hashes == 0 || hashes > 6 {
            continue;
        }
        let text = text.trim().replace('`', "");
        let slug = github_anchor(&text);
        let count = seen.entry(slug.clone()).or_insert(0);
        anchors.insert(if *count == 0 {
            slug.clone()
        } else {
            format!("{slug}-{count}")
        });
        *count += 1;
        texts.push(text);
    }
    Headings { texts, anchors }
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and `_` kept, spaces as
/// `-`, everything else dropped.
fn github_anchor(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The parsed pages, read once each.
#[derive(Default)]
struct Pages(BTreeMap<String, Option<Headings>>);

impl Pages {
    /// The headings of `path` (from the root), or `None` when there is no such file.
    fn get(&mut self, path: &str) -> Option<&Headings> {
        self.0
            .entry(path.to_string())
            .or_insert_with(|| {
                std::fs::read_to_string(root().join(path))
                    .ok()
                    .map(|text| headings(&text))
            })
            .as_ref()
    }
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-')
}

/// A section number at the start of `text`: digits and dots, not ending in a dot.
fn section_number(text: &str) -> Option<&str> {
    let end = text
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == '.'))
        .map_or(text.len(), |(i, _)| i);
    let number = text[..end].trim_end_matches('.');
    (!number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit())).then_some(number)
}

/// The sections cited right after a path: section numbers (a range counts both ends) or quoted
/// headings, separated by `-`, `,` or `and`; `text` may run on to the next line.
fn cited_sections(text: &str) -> Vec<String> {
    let mut sections = Vec::new();
    let mut rest = text.trim_start_matches(['`', ',', ' ', '(']);
    loop {
        if let Some(quoted) = rest.strip_prefix('"') {
            let Some(end) = quoted.find('"') else { break };
            sections.push(format!("\"{}\"", &quoted[..end]));
            rest = &quoted[end + 1..];
        } else if let Some(number) = section_number(rest) {
            sections.push(number.to_string());
            rest = &rest[number.len()..];
        } else {
            break;
        }
        let after = rest.trim_start_matches([',', ' ']);
        let after = after.strip_prefix("and ").unwrap_or(after);
        let after = after.strip_prefix('-').unwrap_or(after).trim_start();
        if after.len() == rest.len() || !(after.starts_with('"') || section_number(after).is_some())
        {
            break;
        }
        rest = after;
    }
    sections
}

/// Whether `headings` has the cited section: a heading starting with the number (then a space
/// or nothing), or a heading equal to the quoted text.
fn has_section(headings: &Headings, section: &str) -> bool {
    match section.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(title) => headings.texts.iter().any(|h| h == title),
        None => headings.texts.iter().any(|h| {
            h.strip_prefix(section)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
        }),
    }
}

/// Comment markers a citation may continue after, at the start of a line.
fn strip_comment(line: &str) -> &str {
    let line = line.trim_start();
    ["//!", "///", "//", "#", "*"]
        .iter()
        .find_map(|marker| line.strip_prefix(marker))
        .unwrap_or(line)
        .trim_start()
}

/// The citations of a source file: `(line, path, sections)`.
fn source_citations(text: &str) -> Vec<(usize, String, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let mut from = 0;
        while let Some(found) = line[from..].find(".md") {
            let end = from + found + 3;
            from = end;
            if line[end..].starts_with(|c: char| c.is_ascii_alphanumeric()) {
                continue;
            }
            let start = line[..end - 3]
                .rfind(|c: char| !is_path_char(c))
                .map_or(0, |i| i + 1);
            let path = &line[start..end];
            let before = &line[..start];
            let in_url = path.starts_with("//")
                || before
                    .rsplit(char::is_whitespace)
                    .next()
                    .is_some_and(|word| word.contains("://"));
            if path == ".md" || path.starts_with('.') && !path.starts_with("./") || in_url {
                continue;
            }
            // A path inside a string literal (`read("docs/format.md")`) cites no section.
            if line[end..].starts_with('"') {
                out.push((n + 1, path.to_string(), Vec::new()));
                continue;
            }
            // A section may follow on the next line of the comment.
            let mut after = line[end..].to_string();
            if after.trim_end_matches([',', ' ', '(', '`']).is_empty()
                || after.trim_end().ends_with(" and")
                || after.trim_end().ends_with(',')
            {
                if let Some(next) = lines.get(n + 1) {
                    after.push(' ');
                    after.push_str(strip_comment(next));
                }
            }
            let sections = cited_sections(&after);
            out.push((n + 1, path.to_string(), sections));
        }
    }
    out
}

/// The relative links of a markdown file outside code blocks and inline code: `(line, target)`.
fn markdown_links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code (an example of a link) is not a link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let target = &rest[at + 2..];
            let Some(end) = target.find(')') else { break };
            let link = &target[..end];
            rest = &target[end..];
            if !(link.contains("://") || link.starts_with("mailto:")) {
                out.push((n + 1, link.to_string()));
            }
        }
    }
    out
}

/// `base`'s folder joined with `relative`, `..` resolved, as a path from the root.
fn resolve(base: &str, relative: &str) -> String {
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for part in relative.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// Every citation problem in the repository, as `file:line: problem`, and the pages cited with a
/// section.
fn problems() -> (Vec<String>, BTreeSet<String>) {
    let mut pages = Pages::default();
    let mut problems = Vec::new();
    let mut sectioned = BTreeSet::new();
    for file in text_files() {
        let text =
            std::fs::read_to_string(root().join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        if file.ends_with(".md") {
            for (line, link) in markdown_links(&text) {
                let (path, anchor) = match link.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (link.as_str(), None),
                };
                let target = if path.is_empty() {
                    file.clone()
                } else {
                    resolve(&file, path)
                };
                if !root().join(&target).exists() {
                    problems.push(format!("{file}:{line}: links {link}: no file {target}"));
                    continue;
                }
                let Some(anchor) = anchor else { continue };
                match pages.get(&target) {
                    Some(h) if target.ends_with(".md") && !h.anchors.contains(anchor) => problems
                        .push(format!(
                            "{file}:{line}: links {link}: {target} has no heading #{anchor}"
                        )),
                    _ => {}
                }
            }
            continue;
        }
        for (line, path, sections) in source_citations(&text) {
            let Some(headings) = pages.get(&path) else {
                problems.push(format!(
                    "{file}:{line}: cites {path}, which is not in the repository (a citation is a path from the repository root)"
                ));
                continue;
            };
            if !sections.is_empty() {
                sectioned.insert(path.clone());
            }
            for section in sections {
                if !has_section(headings, &section) {
                    problems.push(format!(
                        "{file}:{line}: cites {path} {section}: no such heading"
                    ));
                }
            }
        }
    }
    (problems, sectioned)
}

#[test]
fn every_cited_page_and_section_exists() {
    let (problems, sectioned) = problems();
    assert!(
        problems.is_empty(),
        "{} citations point nowhere:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The code cites these pages by section; a parser that found none would pass vacuously.
    for page in [
        "docs/formats/README.md",
        "docs/formats/shp.md",
        "docs/formats/seq.md",
        "docs/formats/spr.md",
        "docs/derivation.md",
        "docs/format.md",
    ] {
        assert!(
            sectioned.contains(page),
            "no citation of a section of {page}"
        );
    }
}

/// The parser reads the citation forms CONTRIBUTING.md names.
#[test]
fn citations_are_read_as_contributing_md_writes_them() {
    let text = "\
//! Encoding SEQ files (docs/formats/seq.md 3.4): the header.
/// In the order of docs/formats/seq.md 3.1-3.2, and docs/formats/shp.md 2.1 and 2.5.
// docs/derivation.md \"Canonical bytes\"; `docs/formats/spr.md` 4.6.
# animations (docs/derivation.md \"sequences\" and
# \"animations\"): one entry each; see README.md or https://example.com/x.md 9.
let page = read(\"docs/format.md\");
";
    let found: Vec<(usize, String, Vec<String>)> = source_citations(text);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        found,
        vec![
            (1, "docs/formats/seq.md".into(), s(&["3.4"])),
            (2, "docs/formats/seq.md".into(), s(&["3.1", "3.2"])),
            (2, "docs/formats/shp.md".into(), s(&["2.1", "2.5"])),
            (3, "docs/derivation.md".into(), s(&["\"Canonical bytes\""])),
            (3, "docs/formats/spr.md".into(), s(&["4.6"])),
            (
                4,
                "docs/derivation.md".into(),
                s(&["\"sequences\"", "\"animations\""])
            ),
            (5, "README.md".into(), vec![]),
            (6, "docs/format.md".into(), vec![]),
        ]
    );
    assert_eq!(github_anchor("3.4 Encoder rules"), "34-encoder-rules");
    assert_eq!(
        github_anchor("One pose: tactics-sprite draw"),
        "one-pose-tactics-sprite-draw"
    );
    assert_eq!(
        github_anchor("Where our TYPE1 document differs from the site's"),
        "where-our-type1-document-differs-from-the-sites"
    );
    assert_eq!(
        resolve("docs/formats/shp.md", "../derivation.md"),
        "docs/derivation.md"
    );
}

/// What users read never sends them to the team's own folder, which they do not have.
#[test]
fn no_page_points_outside_the_repository() {
    let outside = concat!("..", "/shared");
    let pages: Vec<String> = text_files()
        .into_iter()
        .filter(|f| f.ends_with(".md"))
        .filter(|f| {
            std::fs::read_to_string(root().join(f))
                .unwrap_or_default()
                .contains(outside)
        })
        .collect();
    assert_eq!(pages, Vec::<String>::new());
}
