//! The functions the module exports, as `sprite_wasm::abi`'s: every call that can fail returns
//! [`OK`] or [`FAILED`] and leaves its answer (the bytes asked for, or the error's one line) for
//! [`io_result_ptr`] and [`io_result_len`], until the next call. `packages/tactics-sprite/files.mjs`
//! is the one caller.

use std::sync::{Mutex, MutexGuard, PoisonError};

use sprite_inputs::GameName;
use sprite_inputs::charclut::{FILE_NAME as CHARCLUT, ServedClut};
use sprite_inputs::sniff::starts_as_text;
use sprite_wasm::error::chain;
use sprite_wasm::files::{ClutRow, Files};
use sprite_wasm::memory::{self, borrowed, taken, text};

use crate::disc::{DiscReading, Step};

pub use sprite_wasm::memory::{FAILED, OK};
/// A disc image's reading needs bytes of the image: the result is their offset and length
/// (little-endian `u64` each), for [`io_disc_feed`].
pub const NEED: u32 = 2;
/// A disc image's reading read a file: the result is its name's length (little-endian `u32`),
/// its name and its bytes.
pub const FILE: u32 = 3;

/// The disc image being read, the files given for a mod, the files given for drawing (an
/// export), and the last call's result.
struct State {
    disc: Option<DiscReading>,
    mod_files: Vec<(String, Vec<u8>)>,
    draw_files: Files,
    result: Vec<u8>,
}

static STATE: Mutex<State> = Mutex::new(State {
    disc: None,
    mod_files: Vec::new(),
    draw_files: Files::new(),
    result: Vec::new(),
});

fn state() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Keeps `answer` as the result and says which it was.
fn answer(state: &mut State, answer: Result<Vec<u8>, String>) -> u32 {
    memory::keep(&mut state.result, answer)
}

/// `len` bytes for the caller to fill, or null when they cannot be had.
#[unsafe(no_mangle)]
pub extern "C" fn io_alloc(len: usize) -> *mut u8 {
    memory::alloc(len)
}

/// Takes back a buffer of [`io_alloc`].
///
/// # Safety
/// `ptr` and `len` are a buffer [`io_alloc`] gave and nothing else took back.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise.
    unsafe { memory::free(ptr, len) }
}

/// Starts reading the disc image named so, `len` bytes long ([`crate::disc`]); a reading begun
/// before is dropped. [`io_disc_step`] goes on.
///
/// # Safety
/// The name is a live buffer of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_disc_open(name_ptr: *const u8, name_len: usize, len: u64) -> u32 {
    // SAFETY: the caller's promise.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "the image's name");
    let mut state = state();
    state.disc = None;
    let opened = name.map(|name| {
        state.disc = Some(DiscReading::new(&name, len));
        Vec::new()
    });
    answer(&mut state, opened)
}

/// Goes on reading the disc image: [`NEED`] with the bytes of the image it needs first, [`FILE`]
/// with a file read, [`OK`] once every file is handed out, or [`FAILED`] with the image's error.
/// The reading ends with [`OK`] or [`FAILED`].
#[unsafe(no_mangle)]
pub extern "C" fn io_disc_step() -> u32 {
    let mut guard = state();
    let state = &mut *guard;
    let Some(reading) = state.disc.as_mut() else {
        return answer(state, Err("no disc image is being read".to_owned()));
    };
    match reading.step() {
        Ok(Step::Need { offset, len }) => {
            state.result = [offset.to_le_bytes(), len.to_le_bytes()].concat();
            NEED
        }
        Ok(Step::File { name, bytes }) => {
            state.result = memory::packed(&[name.as_bytes(), &bytes]);
            FILE
        }
        Ok(Step::Done) => {
            state.disc = None;
            answer(state, Ok(Vec::new()))
        }
        Err(message) => {
            state.disc = None;
            answer(state, Err(message))
        }
    }
}

/// Gives the disc image's bytes from `offset` that [`io_disc_step`] asked for: the buffer of
/// [`io_alloc`], which the module takes.
///
/// # Safety
/// `bytes_ptr` and `bytes_len` are a live buffer of [`io_alloc`]; the caller uses it no more.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_disc_feed(offset: u64, bytes_ptr: *mut u8, bytes_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let bytes = unsafe { taken(bytes_ptr, bytes_len) };
    let mut guard = state();
    let state = &mut *guard;
    let fed = match state.disc.as_mut() {
        Some(reading) => reading.feed(offset, bytes),
        None => Err("no disc image is being read".to_owned()),
    };
    answer(state, fed.map(|()| Vec::new()))
}

/// Keeps a file for the next mod: its name (borrowed), which says which game file it is, and its
/// bytes, whose buffer of [`io_alloc`] the module takes.
///
/// # Safety
/// Both are live buffers of [`io_alloc`]; the caller uses the bytes' buffer no more.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_mod_file(
    name_ptr: *const u8,
    name_len: usize,
    bytes_ptr: *mut u8,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both buffers.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let bytes = unsafe { taken(bytes_ptr, bytes_len) };
    let mut state = state();
    let kept = name.map(|name| {
        state.mod_files.push((name, bytes));
        Vec::new()
    });
    answer(&mut state, kept)
}

/// The zip of a mod of the files kept ([`io_mod_file`], then let go), as the request (JSON,
/// [`crate::mods::mod_zip`]) describes it.
///
/// # Safety
/// `request_ptr` and `request_len` are a live buffer of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_mod_zip(request_ptr: *const u8, request_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let request = text(
        unsafe { borrowed(request_ptr, request_len) },
        "the mod request",
    );
    let mut state = state();
    let files = std::mem::take(&mut state.mod_files);
    let zip = request.and_then(|request| crate::mods::mod_zip(files, &request));
    answer(&mut state, zip)
}

/// The text `tactics-sprite disasm` writes of the file named so, its bytes given
/// ([`crate::text_forms::disasm`]).
///
/// # Safety
/// Both are live buffers of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_disasm(
    name_ptr: *const u8,
    name_len: usize,
    bytes_ptr: *const u8,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let bytes = unsafe { borrowed(bytes_ptr, bytes_len) };
    let written = name.and_then(|name| crate::text_forms::disasm(&name, bytes));
    answer(&mut state(), written.map(String::into_bytes))
}

/// What `tactics-sprite asm` makes of a text form named so: the bytes it writes with the line of
/// each command (`sprite_wasm::files::Assembled::to_packed`), or the error's one line
/// ([`crate::text_forms::asm`]).
///
/// # Safety
/// Both are live buffers of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_asm(
    name_ptr: *const u8,
    name_len: usize,
    text_ptr: *const u8,
    text_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "the text's name");
    let bytes = unsafe { borrowed(text_ptr, text_len) };
    let assembled = name.and_then(|name| crate::text_forms::asm(&name, bytes));
    answer(&mut state(), assembled.map(|a| a.to_packed()))
}

/// The SPR `tactics-sprite sheet import` writes of the picture named so, `like` (empty: none)
/// the sheet of its name given as itself (its name's length, little-endian `u32`, its name and
/// its bytes, as the first module's `ts_found` gives it), `palette` the one its colours are in (`u32::MAX`:
/// as its chunk or colours say) ([`crate::sheets::import`]).
///
/// # Safety
/// All are live buffers of [`io_alloc`] (or of length 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_import(
    name_ptr: *const u8,
    name_len: usize,
    picture_ptr: *const u8,
    picture_len: usize,
    like_ptr: *const u8,
    like_len: usize,
    palette: u32,
) -> u32 {
    // SAFETY: the caller's promise, for all three.
    let name = text(
        unsafe { borrowed(name_ptr, name_len) },
        "the picture's name",
    );
    let picture = unsafe { borrowed(picture_ptr, picture_len) };
    let like = unsafe { borrowed(like_ptr, like_len) };
    let palette = (palette != u32::MAX).then_some(palette as usize);
    let imported = name.and_then(|name| {
        let like = if like.is_empty() {
            None
        } else {
            Some(named_file(like)?)
        };
        crate::sheets::import(&name, picture, like, palette)
    });
    answer(&mut state(), imported)
}

/// `charclut.nxd`'s rows, named so, for the first module: each row's keys and colours
/// (`sprite_wasm::files::ClutRow::to_packed`), or the one line that says why the file does not
/// decode as the table.
///
/// # Safety
/// Both are live buffers of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_charclut(
    name_ptr: *const u8,
    name_len: usize,
    bytes_ptr: *const u8,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let bytes = unsafe { borrowed(bytes_ptr, bytes_len) };
    let rows = name.and_then(|name| clut_rows(name, bytes));
    answer(&mut state(), rows.map(|rows| ClutRow::to_packed(&rows)))
}

/// The rows of `charclut.nxd`, named `name`, decoded by the inputs layer's reading of it.
fn clut_rows(name: String, bytes: &[u8]) -> Result<Vec<ClutRow>, String> {
    let input = sprite_inputs::InputFile {
        name,
        bytes: bytes.to_vec(),
    };
    let clut = ServedClut::decode(input, "given".to_owned()).map_err(|e| chain(&e))?;
    Ok(clut
        .clut
        .rows()
        .map(|row| ClutRow {
            chapter: row.key,
            variant: row.key2,
            colours: row.colours,
        })
        .collect())
}

/// Keeps a file for drawing (an export), as the first module keeps the files given: its name
/// (borrowed) and its bytes, whose buffer of [`io_alloc`] the module takes; a text form with
/// what it assembles to ([`crate::text_forms::asm`]), `charclut.nxd` with its rows. The files are kept until
/// [`io_draw_clear`].
///
/// # Safety
/// Both are live buffers of [`io_alloc`]; the caller uses the bytes' buffer no more.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_draw_file(
    name_ptr: *const u8,
    name_len: usize,
    bytes_ptr: *mut u8,
    bytes_len: usize,
) -> u32 {
    // SAFETY: the caller's promise, for both buffers.
    let name = text(unsafe { borrowed(name_ptr, name_len) }, "a file's name");
    let bytes = unsafe { taken(bytes_ptr, bytes_len) };
    let mut guard = state();
    let state = &mut *guard;
    let kept = name.and_then(|name| {
        let assembled = starts_as_text(&bytes).then(|| crate::text_forms::asm(&name, &bytes));
        let clut = GameName::parse(&name)
            .given()
            .eq_ignore_ascii_case(CHARCLUT)
            .then(|| clut_rows(name.clone(), &bytes));
        state.draw_files.add(name, bytes)?;
        if let Some(rows) = clut {
            state.draw_files.clut(rows)?;
        }
        match assembled {
            Some(assembled) => state.draw_files.assembled(assembled),
            None => Ok(()),
        }
    });
    answer(state, kept.map(|()| Vec::new()))
}

/// Forgets the files kept for drawing.
#[unsafe(no_mangle)]
pub extern "C" fn io_draw_clear() {
    state().draw_files = Files::new();
}

/// What `tactics-sprite export-aseprite` writes for the request (JSON,
/// [`crate::aseprite::aseprite`]) from the files kept for drawing: the name's length
/// (little-endian `u32`), the name, the atlas PNG's length (`u32`), the PNG, then the JSON.
///
/// # Safety
/// `request_ptr` and `request_len` are a live buffer of [`io_alloc`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn io_aseprite(request_ptr: *const u8, request_len: usize) -> u32 {
    // SAFETY: the caller's promise.
    let request = text(
        unsafe { borrowed(request_ptr, request_len) },
        "the export request",
    );
    let mut guard = state();
    let state = &mut *guard;
    let exported = request
        .and_then(|request| crate::aseprite::aseprite(&state.draw_files, &request))
        .map(|exported| memory::packed(&[exported.name.as_bytes(), &exported.png, &exported.json]));
    answer(state, exported)
}

/// Where the last call's result is.
#[unsafe(no_mangle)]
pub extern "C" fn io_result_ptr() -> *const u8 {
    state().result.as_ptr()
}

/// How long the last call's result is.
#[unsafe(no_mangle)]
pub extern "C" fn io_result_len() -> usize {
    state().result.len()
}

/// The halves `tactics-sprite sheet import` writes of a picture of an HD pair named so: their
/// lengths' first (little-endian `u32`), the upper half's bytes, then the lower's
/// ([`crate::sheets::import_pair`]). `palettes` is the pair's unit's SPR as the first module's
/// `ts_found` hands a file over (empty: none); `upper` and `lower` the pair's halves given (both
/// empty: none); `palette` as [`io_import`]'s.
///
/// # Safety
/// All are live buffers of [`io_alloc`] (or of length 0).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn io_import_pair(
    name_ptr: *const u8,
    name_len: usize,
    picture_ptr: *const u8,
    picture_len: usize,
    palettes_ptr: *const u8,
    palettes_len: usize,
    upper_ptr: *const u8,
    upper_len: usize,
    lower_ptr: *const u8,
    lower_len: usize,
    palette: u32,
) -> u32 {
    // SAFETY: the caller's promise, for all five.
    let name = text(
        unsafe { borrowed(name_ptr, name_len) },
        "the picture's name",
    );
    let picture = unsafe { borrowed(picture_ptr, picture_len) };
    let palettes = unsafe { borrowed(palettes_ptr, palettes_len) };
    let halves = unsafe {
        [
            borrowed(upper_ptr, upper_len),
            borrowed(lower_ptr, lower_len),
        ]
    };
    let palette = (palette != u32::MAX).then_some(palette as usize);
    let imported = name.and_then(|name| {
        let palettes = if palettes.is_empty() {
            None
        } else {
            Some(named_file(palettes)?)
        };
        let like = halves.iter().all(|half| !half.is_empty()).then_some(halves);
        let [upper, lower] = crate::sheets::import_pair(&name, picture, palettes, like, palette)?;
        Ok(memory::packed(&[&upper, &lower]))
    });
    answer(&mut state(), imported)
}

/// A file handed over as its name's length (little-endian `u32`), its name and its bytes.
fn named_file(packed: &[u8]) -> Result<(&str, &[u8]), String> {
    let cut = || "a file handed over is cut short".to_owned();
    let len = packed
        .get(..4)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
        .ok_or_else(cut)? as usize;
    let rest = &packed[4..];
    if len > rest.len() {
        return Err(cut());
    }
    let (name, bytes) = rest.split_at(len);
    let name = std::str::from_utf8(name).map_err(|_| "a file's name is not UTF-8".to_owned())?;
    Ok((name, bytes))
}
