//! Bounds-checked little-endian reads. Every read names its field so that a short file reports
//! where it ran out and what it was reading, instead of panicking on a slice index.

use crate::error::DecodeError;

/// Reads `N` bytes at `offset`, or says which field ran past the end of the file.
pub(crate) fn array<const N: usize>(
    bytes: &[u8],
    offset: usize,
    field: impl FnOnce() -> String,
) -> Result<[u8; N], DecodeError> {
    offset
        .checked_add(N)
        .and_then(|end| bytes.get(offset..end))
        .map(|s| {
            let mut out = [0; N];
            out.copy_from_slice(s);
            out
        })
        .ok_or_else(|| {
            // A read that starts past the end (a field after a table the file is too short for)
            // is reported where the file ends, so that an error offset always lies in the file.
            if offset > bytes.len() {
                return DecodeError::new(
                    bytes.len(),
                    format!("{} at 0x{offset:X}", field()),
                    format!("{N} bytes there"),
                    format!("the end of the file at 0x{:X}", bytes.len()),
                );
            }
            DecodeError::new(
                offset,
                field(),
                format!("{N} more bytes"),
                format!(
                    "end of file after {} bytes",
                    bytes.len().saturating_sub(offset)
                ),
            )
        })
}

pub(crate) fn u8_at(
    bytes: &[u8],
    offset: usize,
    field: impl FnOnce() -> String,
) -> Result<u8, DecodeError> {
    array::<1>(bytes, offset, field).map(|[b]| b)
}

pub(crate) fn u16_at(
    bytes: &[u8],
    offset: usize,
    field: impl FnOnce() -> String,
) -> Result<u16, DecodeError> {
    array(bytes, offset, field).map(u16::from_le_bytes)
}

pub(crate) fn u32_at(
    bytes: &[u8],
    offset: usize,
    field: impl FnOnce() -> String,
) -> Result<u32, DecodeError> {
    array(bytes, offset, field).map(u32::from_le_bytes)
}
