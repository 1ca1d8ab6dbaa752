//! What a JSON file plainly is, read from its `format` and `formatVersion` alone: another format,
//! another version, no JSON at all, so that the error names that before any misfit of the shape.

use serde::Deserialize;

use crate::error::ErrorKind;

use super::printable::printable;

/// The two fields that say what a JSON file is; every other field is skipped unread.
#[derive(Deserialize)]
struct Probe {
    format: Option<serde_json::Value>,
    #[serde(rename = "formatVersion")]
    format_version: Option<serde_json::Value>,
}

/// What a file that is not JSON plainly is, in words (a picture, a game file), for the error.
fn what_the_bytes_are(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Some("a PNG picture");
    }
    if bytes.starts_with(b"GIF8") {
        return Some("a GIF picture");
    }
    fft_formats::detect_format(bytes).map(fft_formats::FileFormat::in_words)
}

pub(super) fn probe_format(
    bytes: &[u8],
    format: &'static str,
    version: u32,
) -> Result<(), ErrorKind> {
    let other = |why: String| ErrorKind::OtherFormat { format, why };
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        return Err(
            match serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
                Ok(_) => other("the top level is not a JSON object".into()),
                Err(e) => match what_the_bytes_are(bytes) {
                    Some(what) => other(format!("this is {what}")),
                    None => ErrorKind::NotJson(printable(&e.to_string())),
                },
            },
        );
    }
    let probe: Probe = serde_json::from_slice(bytes).map_err(|e| {
        if e.is_data() {
            other(printable(&format!(
                "the top level is not a JSON object ({e})"
            )))
        } else {
            ErrorKind::NotJson(printable(&e.to_string()))
        }
    })?;
    match probe.format {
        Some(serde_json::Value::String(found)) if found == format => {}
        Some(serde_json::Value::String(found)) => {
            let shown: String = found.chars().take(64).collect();
            return Err(other(format!(
                "its \"format\" is {shown:?}, not {format:?}"
            )));
        }
        Some(_) => {
            return Err(other(format!(
                "its \"format\" is not the string {format:?}"
            )));
        }
        None => {
            return Err(other(format!("it has no \"format\": {format:?}")));
        }
    }
    match probe.format_version {
        Some(found) if found.as_u64() == Some(u64::from(version)) => Ok(()),
        Some(serde_json::Value::Number(found)) => Err(other(format!(
            "formatVersion {found}; this tool reads formatVersion {version}"
        ))),
        _ => Err(other(format!("it has no \"formatVersion\": {version}"))),
    }
}
