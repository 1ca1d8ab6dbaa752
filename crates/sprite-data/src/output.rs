//! Writing output files: through a temporary file renamed into place, so that a failed or
//! interrupted write leaves no half-written file, and never through a link a hostile folder
//! planted (docs/mods.md "Safe writes"). The writes are the `safe-write` crate's, which
//! `disc-image` below this crate uses too; every tool takes them from here.

pub use safe_write::{
    Publish, WritesHeld, is_temporary_name, remove_temporary_files, write_atomically, write_below,
};
