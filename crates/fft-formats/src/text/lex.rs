//! The lines and words of a text form: what every form shares. A line is split into words at
//! spaces, tabs and commas; `;` starts a comment that runs to the end of the line. Each word
//! remembers its column (from 1, counted in characters), so that every error points at one.

use crate::error::{Error, ErrorKind};

/// One word of a line, and the column it starts at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Word<'a> {
    pub text: &'a str,
    pub column: usize,
}

/// A line that holds at least one word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    /// From 1.
    pub number: usize,
    pub words: Vec<Word<'a>>,
    /// The column just past the last word, where a missing word would go.
    pub end_column: usize,
}

/// The lines of `text` that hold words, in order; blank and comment-only lines are left out.
pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut words = Vec::new();
        let mut start: Option<(usize, usize)> = None;
        let mut column = 0;
        let mut end_column = 1;
        let code = line.split(';').next().unwrap_or_default();
        for (at, c) in code.char_indices() {
            column += 1;
            let separator = c.is_whitespace() || c == ',';
            match (start, separator) {
                (None, false) => start = Some((at, column)),
                (Some((from, word_column)), true) => {
                    words.push(Word {
                        text: &code[from..at],
                        column: word_column,
                    });
                    end_column = column;
                    start = None;
                }
                _ => {}
            }
        }
        if let Some((from, word_column)) = start {
            words.push(Word {
                text: &code[from..],
                column: word_column,
            });
            end_column = column + 1;
        }
        if !words.is_empty() {
            lines.push(Line {
                number: index + 1,
                words,
                end_column,
            });
        }
    }
    lines
}

impl<'a> Line<'a> {
    /// An error at `word`.
    pub fn error(
        &self,
        word: &Word<'_>,
        kind: ErrorKind,
        problem: impl std::fmt::Display,
    ) -> Error {
        Error::text(kind, self.number, word.column, problem)
    }

    /// An error at the start of the line.
    pub fn error_here(&self, kind: ErrorKind, problem: impl std::fmt::Display) -> Error {
        Error::text(kind, self.number, self.words[0].column, problem)
    }

    /// An error at the end of the line, where a missing word would go.
    pub fn error_at_end(&self, kind: ErrorKind, problem: impl std::fmt::Display) -> Error {
        Error::text(kind, self.number, self.end_column, problem)
    }

    /// The first word.
    pub fn head(&self) -> Word<'a> {
        self.words[0]
    }

    /// Exactly `count` words after the first, or an error naming what was expected
    /// (`what`: "a frame index and a delay").
    pub fn arguments(&self, count: usize, what: &str) -> Result<&[Word<'a>], Error> {
        let args = &self.words[1..];
        let head = self.head().text;
        if args.len() < count {
            return Err(self.error_at_end(
                ErrorKind::Syntax,
                format!(
                    "`{head}` takes {what}; found {}",
                    count_words(args.len(), "argument")
                ),
            ));
        }
        if let Some(extra) = args.get(count) {
            return Err(self.error(
                extra,
                ErrorKind::Syntax,
                format!(
                    "`{head}` takes {what}; `{}` is one word too many",
                    extra.text
                ),
            ));
        }
        Ok(args)
    }
}

/// The column the comments of a written text start at.
const COMMENT_COLUMN: usize = 38;

/// Appends a line and its comment, the comment at [`COMMENT_COLUMN`] when the line leaves room.
pub(crate) fn commented(out: &mut String, line: &str, comment: &str) {
    let pad = COMMENT_COLUMN
        .saturating_sub(line.chars().count() + 1)
        .max(1);
    out.push_str(line);
    out.extend(std::iter::repeat_n(' ', pad));
    out.push_str("; ");
    out.push_str(comment);
    out.push('\n');
}

/// `1 argument`, `2 arguments`, `no argument`.
pub(crate) fn count_words(count: usize, noun: &str) -> String {
    match count {
        0 => format!("no {noun}"),
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// Reads a whole number: decimal or `0x` hexadecimal, with an optional sign. `None` when the word
/// is not one, or is too large for any field.
pub(crate) fn number(word: &str) -> Option<i64> {
    let (negative, digits) = match word.as_bytes().first()? {
        b'-' => (true, &word[1..]),
        b'+' => (false, &word[1..]),
        _ => (false, word),
    };
    let magnitude = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            u32::from_str_radix(hex, 16).ok()?
        }
        Some(_) => return None,
        None if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse::<u32>().ok()?
        }
        None => return None,
    };
    let value = i64::from(magnitude);
    Some(if negative { -value } else { value })
}

/// The number in `word`, which must lie in `min..=max`; `what` names it in the error ("the
/// delay").
pub(crate) fn number_in(
    line: &Line<'_>,
    word: &Word<'_>,
    min: i64,
    max: i64,
    what: &str,
) -> Result<i64, Error> {
    let value = number(word.text).ok_or_else(|| {
        line.error(
            word,
            ErrorKind::Syntax,
            format!(
                "`{}` is not a number; {what} is a whole number from {min} to {max} (decimal, or hex \
                 as 0x..)",
                shown(word.text)
            ),
        )
    })?;
    if !(min..=max).contains(&value) {
        return Err(line.error(
            word,
            ErrorKind::OutOfRange,
            format!("{value} is out of range: {what} is {min} to {max}"),
        ));
    }
    Ok(value)
}

/// A word as an error quotes it: cut to 40 characters, so that a hostile line stays one short
/// line of error, and its control characters escaped (an ESC is no space, so a word may hold
/// one), so that it writes nothing to the terminal.
pub(crate) fn shown(word: &str) -> String {
    const MAX: usize = 40;
    let cut = match word.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}...", &word[..at]),
        None => word.to_owned(),
    };
    faults::escape_controls(&cut).into_owned()
}

/// Whether `word` can name a label: a letter or `_`, then letters, digits, `_` or `.`.
pub(crate) fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// The closest of `candidates` to `word`, when one is close enough to be a slip of the fingers:
/// the same word in another case, or at most one edit (two for longer words) away, a swap of
/// neighbours counting as one.
pub(crate) fn did_you_mean<'c>(
    word: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    // Long words are no slip of the fingers, and would make the comparison slow; so would a
    // hostile text's hundred thousand labels (a real one has a few hundred).
    const LONGEST: usize = 40;
    const MOST_CANDIDATES: usize = 4096;
    let length = word.chars().count();
    if length > LONGEST {
        return None;
    }
    let allowed = if length >= 5 { 2 } else { 1 };
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates.into_iter().take(MOST_CANDIDATES) {
        // Each edit changes the length by one at most.
        if candidate.len().abs_diff(word.len()) > allowed {
            continue;
        }
        let distance = if candidate.eq_ignore_ascii_case(word) {
            0
        } else {
            edit_distance(word, candidate)
        };
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// `; did you mean `x`?`, or nothing.
pub(crate) fn suggestion<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> String {
    did_you_mean(word, candidates)
        .map(|name| format!("; did you mean `{name}`?"))
        .unwrap_or_default()
}

/// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, ignoring ASCII case.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        d[i * width] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_have_columns_and_comments_end_lines() {
        let lines = lines("  Wait L1, 3   ; a loop\n\n; only a comment\n\tFrame 2 0");
        assert_eq!(lines.len(), 2);
        let texts: Vec<(&str, usize)> = lines[0].words.iter().map(|w| (w.text, w.column)).collect();
        assert_eq!(texts, [("Wait", 3), ("L1", 8), ("3", 12)]);
        assert_eq!(lines[0].end_column, 13);
        assert_eq!(lines[1].number, 4);
        assert_eq!(lines[1].words[0].column, 2);
    }

    #[test]
    fn numbers_are_decimal_or_hex_with_a_sign() {
        assert_eq!(number("12"), Some(12));
        assert_eq!(number("-0x80"), Some(-128));
        assert_eq!(number("+7"), Some(7));
        assert_eq!(number("0xFF"), Some(255));
        for bad in ["", "-", "0x", "1e3", "12a", "0xG", "99999999999"] {
            assert_eq!(number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn suggestions_catch_slips_only() {
        let names = ["Wait", "WaitForInput", "PlaySound"];
        assert_eq!(did_you_mean("Wiat", names), Some("Wait"));
        assert_eq!(did_you_mean("wait", names), Some("Wait"));
        assert_eq!(did_you_mean("PlaySond", names), Some("PlaySound"));
        assert_eq!(did_you_mean("Jump", names), None);
    }
}
