//! The functions the WebAssembly module exports, plain `extern "C"` ones that pass memory as a
//! pointer and a length (no generated bindings): `packages/tactics-sprite/files.mjs` is the one
//! caller. Every call that can fail returns [`OK`] or [`FAILED`] and leaves its answer (the bytes
//! asked for, or the error's one line of text) for [`ts_result_ptr`] and [`ts_result_len`], until
//! the next call. They are exported only with the feature `exports` (a default): the module of
//! discs and mods (`sprite-wasm-io`) uses this crate without them, and exports its own.
//!
//! The module is single-threaded; the state is behind a mutex all the same, so that the native
//! build (tests, clippy) holds the same code to Rust's rules.

use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::files::Files;
use crate::memory::{self, borrowed, taken, text};

pub use crate::memory::{FAILED, OK};
/// The files given and the last call's result.
struct State {
    files: Files,
    result: Vec<u8>,
}

static STATE: Mutex<State> = Mutex::new(State {
    files: Files::new(),
    result: Vec::new(),
});

fn state() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Keeps `answer` as the result and says which it was.
fn answer(state: &mut State, answer: Result<Vec<u8>, String>) -> u32 {
    memory::keep(&mut state.result, answer)
}

/// `len` bytes for the caller to fill (a name, a file, a request), or null when they cannot be
/// had ([`memory::alloc`]).
#[unsafe(no_mangle)]
pub extern "C" fn ts_alloc(len: usize) -> *mut u8 {
    memory::alloc(len)
}

/// Takes back a buffer of [`ts_alloc`].
///
/// # Safety
/// `ptr` and `len` are a buffer [`ts_alloc`] gave and nothing else took back.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise.
    unsafe { memory::free(ptr, len) }
}

/// Forgets every file given.
#[unsafe(no_mangle)]
pub extern "C" fn ts_clear() {
    let mut state = state();
    state.files = Files::new();
    state.result = Vec::new();
}

/// Whether a file of `bytes_len` bytes named so may be kept ([`Files::check_room`]), asked
/// before its bytes are copied into the module's memory.
///
/// # Safety
/// The name is a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_check_file(
    name_ptr: *const u8,
    name_len: usize,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let mut state = state();
    let room = name.and_then(|name| state.files.check_room(&name, bytes_len));
    answer(&mut state, room.map(|()| Vec::new()))
}

/// Keeps a file: its name (borrowed) and its bytes, whose buffer of [`ts_alloc`] the module
/// takes, copied nowhere. A file over the caps is refused, named ([`Files::check_room`]).
///
/// # Safety
/// Both are live buffers of [`ts_alloc`]; the caller uses the bytes' buffer no more.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_add_file(
    name_ptr: *const u8,
    name_len: usize,
    bytes_ptr: *mut u8,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both buffers.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let bytes = if bytes_ptr.is_null() {
        Vec::new()
    } else {
        // SAFETY: as above.
        unsafe { taken(bytes_ptr, bytes_len) }
    };
    let mut state = state();
    let added = name.and_then(|name| state.files.add(name, bytes));
    answer(&mut state, added.map(|()| Vec::new()))
}

/// What the files given can build, as JSON ([`crate::documents::list`]).
#[unsafe(no_mangle)]
pub extern "C" fn ts_list() -> u32 {
    let mut state = state();
    let listed = crate::documents::list(&state.files)
        .to_string()
        .into_bytes();
    answer(&mut state, Ok(listed))
}

/// The canonical bytes of the document of the kind named (`type1`, `wep1`), built from the
/// files given ([`crate::documents::build`]).
///
/// # Safety
/// `kind_ptr` and `kind_len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_build(kind_ptr: *const u8, kind_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let kind = text(unsafe { borrowed(kind_ptr, kind_len) }, "the kind");
    let mut state = state();
    let built = kind.and_then(|kind| crate::documents::build(&state.files, &kind));
    answer(&mut state, built)
}

/// The sheet named (any of its names) drawn with `palette` (`u32::MAX`: none, the first), as
/// its width and height (little-endian `u32` each) and its RGBA pixels; an SP2 with the colours
/// of the sheet `sp2_of` names, when it names one (length 0: none)
/// ([`crate::pictures::sheet`]).
///
/// # Safety
/// Both names are live buffers of [`ts_alloc`] (or of length 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_sheet(
    name_ptr: *const u8,
    name_len: usize,
    palette: u32,
    sp2_of_ptr: *const u8,
    sp2_of_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "the sheet's name");
    let sp2_of = text(
        unsafe { borrowed(sp2_of_ptr, sp2_of_len) },
        "the SP2's sheet",
    );
    let palette = (palette != u32::MAX).then_some(palette as usize);
    let mut state = state();
    let pixels = name.and_then(|name| {
        let sp2_of = sp2_of?;
        let sp2_of = (!sp2_of.is_empty()).then_some(sp2_of.as_str());
        crate::pictures::sheet(&state.files, &name, palette, sp2_of)
    });
    answer(&mut state, pixels)
}

/// The PNG a render request (JSON, [`crate::pictures::render`]) asks for.
///
/// # Safety
/// `request_ptr` and `request_len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_render(request_ptr: *const u8, request_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let request = text(
        unsafe { borrowed(request_ptr, request_len) },
        "the render request",
    );
    let mut state = state();
    let png = request.and_then(|request| crate::pictures::render(&state.files, &request));
    answer(&mut state, png)
}

/// The canvas of one picture of a render request (JSON, [`crate::pictures::canvas`]): what
/// `serve`'s `/api/v1/canvas` answers.
///
/// # Safety
/// `request_ptr` and `request_len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_canvas(request_ptr: *const u8, request_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let request = text(
        unsafe { borrowed(request_ptr, request_len) },
        "the canvas request",
    );
    let mut state = state();
    let canvas = request.and_then(|request| crate::pictures::canvas(&state.files, &request));
    answer(&mut state, canvas)
}

/// The names of the files given that are not the game's own as it has them, each the last given
/// of its game name: the user's edits, what a mod is made of ([`Files::edits`]), as JSON.
#[unsafe(no_mangle)]
pub extern "C" fn ts_edits() -> u32 {
    let mut state = state();
    let names = serde_json::Value::from(state.files.edits())
        .to_string()
        .into_bytes();
    answer(&mut state, Ok(names))
}

/// The bytes of the last file given under exactly this name, to be handed to the module of
/// discs and mods (`sprite-wasm-io`).
///
/// # Safety
/// The name is a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_file(name_ptr: *const u8, name_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let mut state = state();
    let bytes = name.and_then(|name| {
        state
            .files
            .iter()
            .rev()
            .find(|file| file.name == name)
            .map(|file| file.bytes.clone())
            .ok_or_else(|| format!("no file given is named {}", faults::Shown(&name)))
    });
    answer(&mut state, bytes)
}

/// Where the last call's result is.
#[unsafe(no_mangle)]
pub extern "C" fn ts_result_ptr() -> *const u8 {
    state().result.as_ptr()
}

/// How long the last call's result is.
#[unsafe(no_mangle)]
pub extern "C" fn ts_result_len() -> usize {
    state().result.len()
}
