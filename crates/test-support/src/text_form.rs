//! Edits of a SEQ's text form as a modder makes them, for the tests that follow the docs' steps.

/// `text` with the first command under `slot N:` changed from `from` to `to` (`Frame 11 6` to
/// `Frame 11 8`): the line after the `slot N:` line (and any other slots' lines standing before
/// the same command), whatever comment the slot's line carries.
///
/// # Panics
/// When the text has no slot `slot`, or its first command is not `from`.
pub fn edit_first_command(text: &str, slot: usize, from: &str, to: &str) -> String {
    let head = format!("slot {slot}:");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let at = lines
        .iter()
        .position(|l| l == &head || l.starts_with(&format!("{head} ")))
        .unwrap_or_else(|| panic!("no {head} in the text"));
    let command = (at + 1..lines.len())
        .find(|&i| lines[i].starts_with("    "))
        .unwrap_or_else(|| panic!("no command under {head}"));
    let line = &lines[command];
    let body = &line[4..];
    assert!(
        body == from || body.starts_with(&format!("{from} ")),
        "{head} opens with {line:?}, not {from:?}"
    );
    lines[command] = format!("    {to}{}", &body[from.len()..]);
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}
