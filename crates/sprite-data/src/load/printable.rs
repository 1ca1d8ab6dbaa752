//! Document text echoed in an error, made safe to print on one line.

/// The longest piece of document text (a key, a value) an error repeats, in characters.
const MAX_ECHOED: usize = 400;

/// Text from the document made safe to print on one line: control characters (newlines, terminal
/// escapes) written as escapes, and cut to [`MAX_ECHOED`] characters, since serde's messages repeat
/// a misfit key or value whole.
pub(super) fn printable(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_ECHOED {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
