//! Stage 1 for a file: its length checked against the cap before it is read.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::error::{Error, ErrorKind};
use crate::limits::MAX_DOCUMENT_BYTES;

/// A document file's bytes, its length checked against [`MAX_DOCUMENT_BYTES`] before it is read.
pub(super) fn read_capped(path: &Path, origin: &str) -> Result<Vec<u8>, Error> {
    let fail = |kind: ErrorKind| kind.in_context(origin);
    let file = File::open(path).map_err(|e| fail(ErrorKind::Read(e)))?;
    let len = file.metadata().map_err(|e| fail(ErrorKind::Read(e)))?.len();
    if len > MAX_DOCUMENT_BYTES {
        return Err(fail(ErrorKind::DocumentTooLarge { len }));
    }
    // The length can change under us (a growing file, a device): read one byte past the cap.
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_DOCUMENT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(ErrorKind::Read(e)))?;
    Ok(bytes)
}
