//! Text from an input as a message shows it, so that no input can write to the terminal: a file
//! name, a path, a string read from a file may hold control characters (an ESC that recolours
//! the screen or moves the cursor, a CR or LF that starts a forged line, a NUL, a DEL), and a
//! message shows each of them escaped.
//!
//! The one rule, as `ls` and `git` show names: text with no control character is shown as it
//! is, so every ordinary name reads the same as before; text with one is shown in double quotes,
//! escaped as Rust's `{:?}` escapes a string (`"a\nb"`, `"\u{1b}[31m"`, `"\0"`, `"\u{7f}"`,
//! `\"` and `\\` inside), the form the project's messages already use where they quote a value.
//! So showing is idempotent: a name a library has shown (an input file's name in its messages)
//! and a front end shows again reads the same, never escaped twice. (The price: a name spelled
//! with quotes and a backslash, `"a\nb"`, reads like one holding a newline; it still writes
//! nothing to the terminal.)
//!
//! [`Shown`] is for one value (a name, a path, a field) where a message formats it;
//! [`escape_controls`] is the last line of defence for a whole line about to be printed, which
//! should hold no control character by then. Data meant for programs (JSON) keeps the real
//! string: only text meant for a terminal is escaped.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt;

/// A name, path or string from an input, displayed as [the module](self) says: as it is, or
/// quoted and escaped when it holds a control character. `Shown(&path)`, `Shown(&name)`,
/// `Shown(entry.file_name())`.
#[derive(Debug, Clone, Copy)]
pub struct Shown<T>(pub T);

impl<T: AsRef<OsStr>> fmt::Display for Shown<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A path that is not UTF-8 is shown with U+FFFD for its odd bytes, as `Path::display` does.
        let text = self.0.as_ref().to_string_lossy();
        if needs_quotes(&text) {
            write!(f, "{:?}", &*text)
        } else {
            f.write_str(&text)
        }
    }
}

/// Whether `text` is shown quoted and escaped: it holds a control character.
fn needs_quotes(text: &str) -> bool {
    text.chars().any(is_escaped)
}

/// The characters no message shows as they are: the C0 controls (below 0x20: NUL, BEL, BS, TAB,
/// LF, CR, ESC, ...), DEL (0x7F) and the C1 controls (U+0080 to U+009F, which some terminals
/// read as ESC sequences, U+009B as CSI).
fn is_escaped(c: char) -> bool {
    c.is_control()
}

/// A whole line about to be printed with each control character escaped (`\n`, `\u{1b}`), and
/// nothing else changed: the last line of defence where a front end prints a message whose
/// parts should each have been [`Shown`] already. No quotes are added (the line is no one
/// value), and a line with no control character is returned as it is.
pub fn escape_controls(line: &str) -> Cow<'_, str> {
    if !line.chars().any(is_escaped) {
        return Cow::Borrowed(line);
    }
    let mut escaped = String::with_capacity(line.len() + 8);
    for c in line.chars() {
        if is_escaped(c) {
            escaped.extend(c.escape_debug());
        } else {
            escaped.push(c);
        }
    }
    Cow::Owned(escaped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Every byte below 0x20, and DEL, written as a hand-typed escape, one per byte.
    #[test]
    fn each_control_byte_is_shown_as_an_escape() {
        let expected = [
            "\\0", "\\u{1}", "\\u{2}", "\\u{3}", "\\u{4}", "\\u{5}", "\\u{6}", "\\u{7}", "\\u{8}",
            "\\t", "\\n", "\\u{b}", "\\u{c}", "\\r", "\\u{e}", "\\u{f}", "\\u{10}", "\\u{11}",
            "\\u{12}", "\\u{13}", "\\u{14}", "\\u{15}", "\\u{16}", "\\u{17}", "\\u{18}", "\\u{19}",
            "\\u{1a}", "\\u{1b}", "\\u{1c}", "\\u{1d}", "\\u{1e}", "\\u{1f}",
        ];
        for (byte, escape) in (0u8..0x20).zip(expected) {
            let name = format!("a{}b", char::from(byte));
            assert_eq!(Shown(&name).to_string(), format!("\"a{escape}b\""));
            assert_eq!(escape_controls(&name), format!("a{escape}b"));
        }
        assert_eq!(Shown("a\u{7f}").to_string(), r#""a\u{7f}""#);
        assert_eq!(Shown("\u{9b}31m").to_string(), r#""\u{9b}31m""#);
    }

    #[test]
    fn a_plain_name_is_shown_as_it_is() {
        for name in [
            "TYPE1.SHP",
            "my mod/battle_ramuza_spr.bin",
            r"C:\mods\a b",
            "café 'x'",
            "a\"b",
        ] {
            assert_eq!(Shown(name).to_string(), name);
            assert_eq!(escape_controls(name), name);
        }
        assert_eq!(
            Shown(Path::new("dir/TYPE1.SEQ")).to_string(),
            "dir/TYPE1.SEQ"
        );
    }

    /// A name shown once and passed on (an input file's name in a message) is not escaped again.
    #[test]
    fn showing_twice_is_showing_once() {
        for name in ["a\nb", "\u{1b}[31m\"x\"\\", "plain", "\"quoted\""] {
            let once = Shown(name).to_string();
            assert_eq!(Shown(&once).to_string(), once);
            assert_eq!(escape_controls(&once), once);
        }
        assert_eq!(Shown("a\nb").to_string(), r#""a\nb""#);
        assert_eq!(Shown("a\u{1b}\"b").to_string(), r#""a\u{1b}\"b""#);
    }

    /// What a forged line needs, a line break and an ESC, never reaches the output raw.
    #[test]
    fn a_forged_line_stays_on_its_line() {
        let name = "x.SEQ\nchecked 0 sprite files: 0 errors\r\u{1b}[2K";
        for shown in [Shown(name).to_string(), escape_controls(name).into_owned()] {
            assert!(!shown.contains(['\n', '\r', '\u{1b}']), "{shown}");
            assert!(shown.contains(r"\nchecked 0"), "{shown}");
        }
    }
}
