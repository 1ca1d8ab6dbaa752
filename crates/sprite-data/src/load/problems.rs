//! The rules' findings: every problem is counted, the first few are written out with their JSON
//! paths.

use std::fmt::Display;

use crate::error::{Error, ErrorKind};
use crate::limits::MAX_REPORTED_PROBLEMS;

/// The problems found, the first few written out.
#[derive(Debug, Default)]
pub(super) struct Problems {
    listed: Vec<String>,
    more: usize,
}

impl Problems {
    pub(super) fn add(&mut self, path: impl Display, message: impl Display) {
        if self.listed.len() < MAX_REPORTED_PROBLEMS {
            self.listed.push(format!("{path}: {message}"));
        } else {
            self.more += 1;
        }
    }

    /// `field` must be at most `limit`, named `name` in [`crate::limits`].
    pub(super) fn at_most(
        &mut self,
        path: impl Display,
        what: &str,
        value: usize,
        limit: usize,
        name: &str,
    ) {
        if value > limit {
            self.add(
                path,
                format!("{value} {what}, over the limit of {limit} ({name})"),
            );
        }
    }

    pub(super) fn into_result(self) -> Result<(), Error> {
        if self.listed.is_empty() {
            Ok(())
        } else {
            Err(ErrorKind::InvalidDocument {
                problems: self.listed,
                more: self.more,
            }
            .into())
        }
    }
}
