//! Stages 1 to 3 for bytes: the size, the format and the typed parse, with the JSON path of the
//! first misfit.

use crate::error::{Error, ErrorKind};
use crate::limits::MAX_DOCUMENT_BYTES;

use super::printable::printable;
use super::probe::probe_format;

/// The first three stages: size, format (`format`, `formatVersion`, which `stated` reads off a
/// parsed document) and shape.
///
/// The text is parsed once when it is a document of `format`: [`probe_format`], a second pass
/// that reads only those two fields, runs only when the typed parse fails or finds another
/// format, so that what the file plainly is (another format, not JSON) is said before how its
/// shape misfits.
pub(super) fn parse_shape<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    origin: &str,
    format: &'static str,
    version: u32,
    stated: impl Fn(&T) -> (&str, u32),
) -> Result<T, Error> {
    let fail = |kind: ErrorKind| kind.in_context(origin);
    if bytes.len() as u64 > MAX_DOCUMENT_BYTES {
        return Err(fail(ErrorKind::DocumentTooLarge {
            len: bytes.len() as u64,
        }));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = printable(&json_pointer(e.path()));
        let inner = e.into_inner();
        if inner.is_data() {
            ErrorKind::Shape {
                path,
                message: printable(&inner.to_string()),
            }
        } else {
            ErrorKind::NotJson(printable(&inner.to_string()))
        }
    });
    let parsed = parsed.and_then(|doc: T| {
        deserializer
            .end()
            .map(|()| doc)
            .map_err(|e| ErrorKind::NotJson(printable(&e.to_string())))
    });
    match parsed {
        Ok(doc) if stated(&doc) == (format, version) => Ok(doc),
        // Another format, or no document: the probe says which, before any misfit of the shape.
        Ok(_) => Err(fail(
            probe_format(bytes, format, version).expect_err("the probe sees the other format"),
        )),
        Err(misfit) => {
            probe_format(bytes, format, version).map_err(fail)?;
            Err(fail(misfit))
        }
    }
}

/// `serde_path_to_error`'s path as a JSON Pointer (`/sequences/4/frames/2`).
fn json_pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        pointer.push('/');
        match segment {
            Segment::Seq { index } => pointer.push_str(&index.to_string()),
            Segment::Map { key } => pointer.push_str(&key.replace('~', "~0").replace('/', "~1")),
            Segment::Enum { variant } => pointer.push_str(variant),
            Segment::Unknown => pointer.push('?'),
        }
    }
    if pointer.is_empty() {
        pointer.push('/');
    }
    pointer
}
