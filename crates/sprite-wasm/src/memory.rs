//! Memory passed between JavaScript and a module: a buffer the caller asks for and fills, given
//! back or taken by the module, and borrowed for a call. Both modules (this crate's and
//! `sprite-wasm-io`'s) export their own functions over these.

/// `len` bytes for the caller to fill, or null when they cannot be had: an allocation that fails
/// here is said, not a trap.
pub fn alloc(len: usize) -> *mut u8 {
    let mut buffer: Vec<u8> = Vec::new();
    if buffer.try_reserve_exact(len).is_err() {
        return std::ptr::null_mut();
    }
    buffer.resize(len, 0);
    Box::into_raw(buffer.into_boxed_slice()).cast::<u8>()
}

/// Takes back a buffer of [`alloc`].
///
/// # Safety
/// `ptr` and `len` are a buffer [`alloc`] gave and nothing else took back (or `ptr` is null).
pub unsafe fn free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: the caller's promise: a boxed slice of `len` bytes from `alloc`.
        drop(unsafe { taken(ptr, len) });
    }
}

/// The boxed slice of [`alloc`] at `ptr`, owned again (empty for a null `ptr`).
///
/// # Safety
/// As [`free`].
pub unsafe fn taken(ptr: *mut u8, len: usize) -> Vec<u8> {
    if ptr.is_null() {
        return Vec::new();
    }
    // SAFETY: `alloc` made it with `Box<[u8]>` of exactly `len` bytes.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }.into_vec()
}

/// The bytes at `ptr`, borrowed for the call.
///
/// # Safety
/// `ptr` and `len` are a live buffer of [`alloc`] (or `len` is 0).
pub unsafe fn borrowed<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// Text from the caller, or an error saying what it was for.
///
/// # Errors
/// Bytes that are not UTF-8.
pub fn text(bytes: &[u8], what: &str) -> Result<String, String> {
    String::from_utf8(bytes.to_vec()).map_err(|_| format!("{what} is not UTF-8 text"))
}

/// The call succeeded; the result is what was asked for.
pub const OK: u32 = 0;
/// The call failed; the result is the error's text (UTF-8).
pub const FAILED: u32 = 1;

/// Parts handed to the other side as one buffer: each but the last after its length (a
/// little-endian `u32`), the last running to the end (a file as its name and bytes; an export as
/// its name, PNG and JSON; a pair as its two halves).
pub fn packed(parts: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(parts.iter().map(|part| 4 + part.len()).sum());
    if let Some((last, before)) = parts.split_last() {
        for part in before {
            out.extend((part.len() as u32).to_le_bytes());
            out.extend_from_slice(part);
        }
        out.extend_from_slice(last);
    }
    out
}

/// Keeps `answer` in `result` (the bytes asked for, or the error's text) and says which it was.
pub fn keep(result: &mut Vec<u8>, answer: Result<Vec<u8>, String>) -> u32 {
    match answer {
        Ok(bytes) => {
            *result = bytes;
            OK
        }
        Err(message) => {
            *result = message.into_bytes();
            FAILED
        }
    }
}
