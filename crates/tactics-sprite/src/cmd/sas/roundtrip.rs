//! `roundtrip` on SAS files and `pakd` containers: decode, encode, compare; in a container, every
//! SAS entry is round-tripped too.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, anyhow};
use faults::Shown;
use sas_formats::{EntryKind, Pakd, SasSet};

use super::super::{report_error, stdout_error};
use super::read_input;

/// Round-trips `path` if it is a SAS file or a container, printing its lines: `Some(identical)`,
/// or `None` when it is neither (the caller's own formats then take it).
///
/// # Errors
/// Only when stdout cannot be written; a bad file is reported on stderr and counts as not
/// identical.
pub fn check_file(path: &Path, out: &mut impl Write) -> anyhow::Result<Option<bool>> {
    let Some(kind) = super::sniff(path) else {
        return Ok(None);
    };
    let lines = match check(path, kind) {
        Ok(lines) => lines,
        Err(error) => {
            out.flush().map_err(stdout_error)?;
            report_error(&error);
            return Ok(Some(false));
        }
    };
    let mut identical = true;
    for (ok, line) in lines {
        identical &= ok;
        writeln!(out, "{line}").map_err(stdout_error)?;
    }
    Ok(Some(identical))
}

/// The lines for a file: the file's own, then one per SAS entry of a container.
fn check(path: &Path, kind: super::Sniffed) -> anyhow::Result<Vec<(bool, String)>> {
    let bytes = read_input(path)?;
    let shown = Shown(&path).to_string();
    match kind {
        super::Sniffed::Sas => {
            let set = SasSet::decode(&bytes).with_context(|| shown.clone())?;
            let encoded = set.encode().map_err(|e| anyhow!("{shown}: {e}"))?;
            let name = format!("sas ({}, {})", set.version, set.byte_order.name());
            Ok(vec![line(&shown, &name, &bytes, &encoded)])
        }
        super::Sniffed::Pakd => {
            let pakd = Pakd::decode(&bytes).with_context(|| shown.clone())?;
            let encoded = pakd.encode().map_err(|e| anyhow!("{shown}: {e}"))?;
            let name = format!("pakd ({} entries)", pakd.entries.len());
            let mut lines = vec![line(&shown, &name, &bytes, &encoded)];
            for (index, entry) in pakd.entries.iter().enumerate() {
                if !matches!(entry.kind(), EntryKind::Sas(..)) {
                    continue;
                }
                let entry_name = format!("{shown}#{index}");
                let set = SasSet::decode_as(&entry.bytes, pakd.byte_order)
                    .with_context(|| entry_name.clone())?;
                let encoded = set.encode().map_err(|e| anyhow!("{entry_name}: {e}"))?;
                let name = format!("sas ({}, {})", set.version, set.byte_order.name());
                lines.push(line(&entry_name, &name, &entry.bytes, &encoded));
            }
            Ok(lines)
        }
        _ => Err(anyhow!("{shown}: not a SAS set or a pakd container")),
    }
}

/// The roundtrip command's line for one comparison.
fn line(shown: &str, kind: &str, original: &[u8], encoded: &[u8]) -> (bool, String) {
    if original == encoded {
        return (
            true,
            format!("identical  {shown}  {kind}  {} bytes", original.len()),
        );
    }
    let first = original
        .iter()
        .zip(encoded)
        .position(|(a, b)| a != b)
        .unwrap_or(original.len().min(encoded.len()));
    (
        false,
        format!(
            "DIFFERENT {shown}  {kind}  first difference at 0x{first:04X} (file {} bytes, \
             re-encoded {} bytes)",
            original.len(),
            encoded.len()
        ),
    )
}
