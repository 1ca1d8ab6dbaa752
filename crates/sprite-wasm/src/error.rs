//! A library error as the page shows it: one line, the error and each of its sources joined
//! with `: `, as the command line shows a chain, without control characters.

use std::error::Error;

/// `error` and its sources on one line, control characters escaped.
pub fn chain(error: &(dyn Error + 'static)) -> String {
    let mut line = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        // A wrapper that already shows its source (`#[error("...: {0}")]`) is not repeated.
        if !line.ends_with(&text) {
            line.push_str(": ");
            line.push_str(&text);
        }
        source = cause.source();
    }
    faults::escape_controls(&line.replace(['\n', '\r'], " ")).into_owned()
}
