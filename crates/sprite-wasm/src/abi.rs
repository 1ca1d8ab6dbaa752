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

/// `/api/v1/source`'s answer for the kind named: the SEQ text form it was built from, with the
/// line of each step, or `null` ([`crate::documents::source`]).
///
/// # Safety
/// `kind_ptr` and `kind_len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_source(kind_ptr: *const u8, kind_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let kind = text(unsafe { borrowed(kind_ptr, kind_len) }, "the kind");
    let mut state = state();
    let source = kind.and_then(|kind| crate::documents::source(&state.files, &kind));
    answer(&mut state, source.map(|v| v.to_string().into_bytes()))
}

/// What the second module assembled of the last file given, a text form: [`memory::OK`] and
/// the bytes (its lines' count, little-endian `u32`, each command's line, `u32` each, then the
/// bytes `asm` writes), or [`memory::FAILED`] and its error's line ([`Files::assembled`]).
///
/// # Safety
/// `ptr` and `len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_assembled(status: u32, ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let bytes = unsafe { borrowed(ptr, len) };
    let assembled = if status == OK {
        crate::files::Assembled::from_packed(bytes)
    } else {
        Err(String::from_utf8_lossy(bytes).into_owned())
    };
    let mut state = state();
    let kept = state.files.assembled(assembled);
    answer(&mut state, kept.map(|()| Vec::new()))
}

/// What the second module decoded of the last file given, `charclut.nxd`: [`memory::OK`] and
/// its rows (`sprite_wasm::files::ClutRow::to_packed`), or [`memory::FAILED`] and its error's
/// line ([`Files::clut`]).
///
/// # Safety
/// `ptr` and `len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_charclut(status: u32, ptr: *const u8, len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let bytes = unsafe { borrowed(ptr, len) };
    let rows = if status == OK {
        crate::files::ClutRow::from_packed(bytes)
    } else {
        Err(String::from_utf8_lossy(bytes).into_owned())
    };
    let mut state = state();
    let kept = state.files.clut(rows);
    answer(&mut state, kept.map(|()| Vec::new()))
}

/// The HD pair a picture given under the name is of, as JSON ([`crate::art::pair_of_picture`]).
///
/// # Safety
/// The name is a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_pair_of_picture(name_ptr: *const u8, name_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(
        unsafe { borrowed(name_ptr, name_len) },
        "the picture's name",
    );
    let mut state = state();
    let pair = name.and_then(|name| crate::art::pair_of_picture(&state.files, &name));
    answer(&mut state, pair.map(|v| v.to_string().into_bytes()))
}

/// The file given under the name (any of its names; the last given), as its name as given
/// (its length, little-endian `u32`, then the name) and its bytes; with `beside` 1, the file of
/// the game file it stands for given as itself (the SPR a picture of it was painted from; the
/// SEQ of a text form), for the second module's `asm`, `disasm` and `sheet import`.
///
/// # Safety
/// The name is a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_found(name_ptr: *const u8, name_len: usize, beside: u32) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let mut state = state();
    let found = name.and_then(|name| {
        let file = state.files.require(&name, "it")?;
        let file = if beside == 1 {
            state.files.binary_beside(file).ok_or_else(|| {
                format!(
                    "no file given is {} itself (for {})",
                    file.game_name(),
                    faults::Shown(&file.name)
                )
            })?
        } else {
            file
        };
        Ok(memory::packed(&[file.name.as_bytes(), &file.bytes]))
    });
    answer(&mut state, found)
}

/// The box of the render a request (JSON, [`crate::pictures::render`]'s) draws in, as JSON
/// ([`crate::pictures::canvas`]).
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

/// A kind's layer document (JSON `{"kind", "layer"}`, `layer` `weapon` or `effect`)
/// ([`crate::documents::unit_layer`]), or with `pixels` 1 the block of the weapons sheet it is
/// cut from for the weapon asked (the same JSON with `weapon` and its numbers), as
/// [`ts_sheet`]'s pixels ([`crate::pictures::layer_sheet`]).
///
/// # Safety
/// `request_ptr` and `request_len` are a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_layer(request_ptr: *const u8, request_len: usize, pixels: u32) -> u32 {
    // SAFETY: the caller's promise.
    let request = text(
        unsafe { borrowed(request_ptr, request_len) },
        "the layer request",
    );
    let mut state = state();
    let layer = request.and_then(|request| {
        if pixels == 1 {
            return crate::pictures::layer_sheet(&state.files, &request);
        }
        let asked: serde_json::Value =
            serde_json::from_str(&request).map_err(|e| format!("the layer request: {e}"))?;
        let kind = asked["kind"].as_str().unwrap_or_default();
        let which = asked["layer"].as_str().unwrap_or_default();
        crate::documents::unit_layer(&state.files, kind, which)
    });
    answer(&mut state, layer)
}

/// The HD pair of the sheet named so drawn with `palette` (`u32::MAX`: the first) or, for one
/// of Ramza's, `charclut.nxd`'s row `variant` (`i32::MIN`: 0, the game's own), as [`ts_sheet`]'s
/// pixels ([`crate::pictures::hd_sheet`]).
///
/// # Safety
/// The name is a live buffer of [`ts_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ts_hd_sheet(
    name_ptr: *const u8,
    name_len: usize,
    palette: u32,
    variant: i32,
) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "the sheet's name");
    let palette = (palette != u32::MAX).then_some(palette as usize);
    let variant = (variant != i32::MIN).then_some(variant);
    let mut state = state();
    let pixels =
        name.and_then(|name| crate::pictures::hd_sheet(&state.files, &name, palette, variant));
    answer(&mut state, pixels)
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
