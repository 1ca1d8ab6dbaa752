//! `--ignore` patterns: paths with `*` for any index or key.

use std::fmt;

use super::{JsonPath, Step};
use crate::error::{Error, ErrorKind};

/// A pattern of `--ignore`: a path whose indices may be `*` (any index) and whose keys may be
/// `*` (any key). It matches that path and everything under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPattern {
    text: String,
    steps: Vec<PatternStep>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum PatternStep {
    Key(String),
    AnyKey,
    Index(usize),
    AnyIndex,
}

impl PathPattern {
    /// Parses `animations[*].mode`, `hands`, `sequences[102].events`.
    ///
    /// # Errors
    /// [`ErrorKind::BadPattern`]: an empty pattern, an empty key, an unclosed `[` or an index that
    /// is neither a number nor `*`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let fail = |problem: &str| -> Error {
            ErrorKind::BadPattern {
                pattern: text.to_owned(),
                problem: problem.to_owned(),
            }
            .into()
        };
        let mut steps = Vec::new();
        let mut rest = text.trim();
        if rest.is_empty() {
            return Err(fail("empty"));
        }
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix('[') {
                let close = after.find(']').ok_or_else(|| fail("`[` without `]`"))?;
                let index = &after[..close];
                steps.push(if index == "*" {
                    PatternStep::AnyIndex
                } else {
                    PatternStep::Index(
                        index
                            .parse()
                            .map_err(|_| fail("an index is a number or `*`"))?,
                    )
                });
                rest = &after[close + 1..];
            } else {
                if !steps.is_empty() {
                    rest = rest
                        .strip_prefix('.')
                        .ok_or_else(|| fail("expected `.` or `[` after a step"))?;
                }
                let end = rest.find(['.', '[']).unwrap_or(rest.len());
                let key = &rest[..end];
                if key.is_empty() {
                    return Err(fail("an empty key"));
                }
                if key.contains(']') {
                    return Err(fail("`]` without `[`"));
                }
                steps.push(if key == "*" {
                    PatternStep::AnyKey
                } else {
                    PatternStep::Key(key.to_owned())
                });
                rest = &rest[end..];
            }
        }
        Ok(Self {
            text: text.trim().to_owned(),
            steps,
        })
    }

    /// Whether the pattern is `path` or a path above it.
    pub fn matches(&self, path: &JsonPath) -> bool {
        self.steps.len() <= path.0.len()
            && self.steps.iter().zip(&path.0).all(|(p, s)| match (p, s) {
                (PatternStep::Key(k), Step::Key(key)) => k == key,
                (PatternStep::AnyKey, Step::Key(_)) => true,
                (PatternStep::Index(i), Step::Index(index)) => i == index,
                (PatternStep::AnyIndex, Step::Index(_)) => true,
                _ => false,
            })
    }
}

impl fmt::Display for PathPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
