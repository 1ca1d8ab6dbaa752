//! The temporary files that exist now, so that a signal handler can remove them before the
//! process ends ([`remove_temporary_files`]). A file is created and entered here, and published
//! (or removed) and taken out, under one lock: while a handler holds it, no temporary file
//! appears, is renamed into place or is left unlisted.

use std::ffi::OsString;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::sys::{self, Dir};

/// The temporary files of this process that exist now.
#[derive(Debug, Default)]
pub(crate) struct Live {
    next_id: u64,
    files: Vec<LiveFile>,
}

#[derive(Debug)]
struct LiveFile {
    id: u64,
    folder: Arc<Dir>,
    name: OsString,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    next_id: 0,
    files: Vec::new(),
});

/// The list, locked. A thread that panicked while holding it left it whole (each change is one
/// push or one removal), so a poisoned lock is taken as it is.
pub(crate) fn lock() -> MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Live {
    /// Enters the file `name` of `folder`; the id takes it out again.
    pub(crate) fn enter(&mut self, folder: Arc<Dir>, name: OsString) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.files.push(LiveFile { id, folder, name });
        id
    }

    /// Takes the file entered as `id` out (it was renamed into place, or removed).
    pub(crate) fn leave(&mut self, id: u64) {
        self.files.retain(|file| file.id != id);
    }
}

/// The lock on the temporary files, held: until it is dropped, no temporary file is created,
/// renamed into place or removed by another thread. A signal handler keeps it until the process
/// exits, so that nothing is written after the files were removed.
#[must_use = "dropping it lets writes go on"]
#[derive(Debug)]
pub struct WritesHeld {
    _live: MutexGuard<'static, Live>,
}

/// Removes every temporary file this process has open for a write, and holds further writes
/// back: for a handler of SIGINT or SIGTERM, which then ends the process. The outputs the writes
/// were for are left as they were (each is replaced only by a rename, which has not happened).
pub fn remove_temporary_files() -> WritesHeld {
    let mut live = lock();
    for file in live.files.drain(..) {
        // A file already gone is what was wanted; one that cannot go is named as a temporary
        // file by its name (`crate::is_temporary_name`).
        let _ = sys::remove(&file.folder, &file.name);
    }
    WritesHeld { _live: live }
}
