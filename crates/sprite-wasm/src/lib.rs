//! The project's libraries for a web page: built for `wasm32-unknown-unknown`, this crate reads
//! the files a page is given (names and bytes) and builds each kind's document through the same
//! functions as the command line, so the bytes are the same ([`documents`]), and draws sheets
//! and renders with the same code as `sheet export` and `render` ([`pictures`]). It builds natively
//! too, so that its tests and clippy cover it.
//!
//! What JavaScript calls is [`abi`]: plain exported functions, memory passed as a pointer and a
//! length. A WebAssembly module built with `panic=abort` traps on a panic, so nothing here may
//! panic on any input: every input is bounded before it is allocated ([`files`]), and the
//! module's memory cannot grow past 1 GiB (`build.rs`), where an allocation fails instead.

#[cfg(feature = "exports")]
pub mod abi;
pub mod art;
pub mod documents;
pub mod error;
pub mod files;
pub mod inputs;
pub mod memory;
pub mod pictures;

pub use files::{Files, GivenFile};
