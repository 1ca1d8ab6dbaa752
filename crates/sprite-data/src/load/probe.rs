//! What a JSON file plainly is, read from its `format` and `formatVersion` alone: another format,
//! another version, no JSON at all, so that the error names that before any misfit of the shape.

use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::error::ErrorKind;

use super::printable::printable;

/// The two fields that say what a JSON file is; every other field is skipped unread.
#[derive(Deserialize)]
struct Probe {
    format: Option<Stated>,
    #[serde(rename = "formatVersion")]
    format_version: Option<Stated>,
}

/// What a stated field holds, as far as the probe cares. Anything but a string or a number is
/// skipped unread: a `format` that is a large nested list would otherwise be built whole as
/// `serde_json::Value`s, tens of times the input's size (a fuzz find).
enum Stated {
    Text(String),
    Number(serde_json::Number),
    Other,
}

impl<'de> Deserialize<'de> for Stated {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = Stated;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E>(self, v: &str) -> Result<Stated, E> {
                Ok(Stated::Text(v.to_owned()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Stated, E> {
                Ok(Stated::Number(v.into()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Stated, E> {
                Ok(Stated::Number(v.into()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Stated, E> {
                Ok(serde_json::Number::from_f64(v).map_or(Stated::Other, Stated::Number))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Stated, E> {
                Ok(Stated::Other)
            }
            fn visit_unit<E>(self) -> Result<Stated, E> {
                Ok(Stated::Other)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Stated, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Stated::Other)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Stated, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Stated::Other)
            }
        }
        deserializer.deserialize_any(Any)
    }
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
        Some(Stated::Text(found)) if found == format => {}
        Some(Stated::Text(found)) => {
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
        Some(Stated::Number(found)) if found.as_u64() == Some(u64::from(version)) => Ok(()),
        Some(Stated::Number(found)) => Err(other(format!(
            "formatVersion {found}; this tool reads formatVersion {version}"
        ))),
        _ => Err(other(format!("it has no \"formatVersion\": {version}"))),
    }
}
