//! `serve --watch`: the files a load read, polled for changes, and the load run again when they
//! change, so that a modder's save shows without a restart.
//!
//! Polling, not the system's change notices: a load reads a handful of files (a pair and a sheet,
//! or a kind's SHP and SEQ per served kind) and the folders they are in, and a `stat` of each
//! every [`POLL`] (50 ms: half of it on average between a save and its load) costs next to nothing, works the same on every system and file system (network
//! and container mounts, where notices are lost, included), cannot overflow a queue, and sees an
//! editor's rename over the file as plainly as a write in place. A file's stamp is its kind, its
//! length, its modification time and (on Unix) its inode, so that a file renamed over with the
//! same length and time is still seen.
//!
//! A change is coalesced: the stamps must hold still for [`SETTLE`] before the load runs, and must
//! be the same after it as before, else it runs again; a burst of saves gives one load, or a few.
//! A load that fails while the files still move is not reported (a half-written file is read
//! again); one that fails on files that have held still for two polls is ([`Problem`], with the
//! text form's line and column when it gives them), and whoever serves keeps the last good load.
//! Nothing grows with the number of changes: the watcher holds the stamps of the files the last
//! load read, and hands on each load's result as it is made.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use faults::{Faulty, Spelling};
use serde::Serialize;

use crate::error::{Error, ErrorKind};
use crate::read::recording;

/// How often the files are looked at.
pub const POLL: Duration = Duration::from_millis(50);

/// How long the stamps must hold still before a load runs: a save in progress is not read.
pub const SETTLE: Duration = Duration::from_millis(20);

/// The longest a load waits for the files to hold still; past it the load runs anyway (and runs
/// again if they moved under it), so that a file written without pause is still shown.
pub const LONGEST_SETTLE: Duration = Duration::from_secs(1);

/// What the watcher compares of a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stamp {
    /// Not there, or not readable.
    Missing,
    File {
        len: u64,
        modified: Option<SystemTime>,
        inode: u64,
    },
    /// A folder: its time changes when an entry is made, removed or renamed.
    Folder { modified: Option<SystemTime> },
    /// Anything else (a device, a socket).
    Other,
}

impl Stamp {
    /// The stamp of `path` now (following a link).
    pub fn of(path: &Path) -> Stamp {
        let Ok(meta) = std::fs::metadata(path) else {
            return Stamp::Missing;
        };
        let modified = meta.modified().ok();
        if meta.is_dir() {
            Stamp::Folder { modified }
        } else if meta.is_file() {
            Stamp::File {
                len: meta.len(),
                modified,
                inode: inode(&meta),
            }
        } else {
            Stamp::Other
        }
    }
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(_: &std::fs::Metadata) -> u64 {
    0
}

/// A load that failed, as the viewer shows it: the one-line message, and the file, line and
/// column when the error names them (a text form's do).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub message: String,
    /// The file the error is about, as given: the innermost context of the error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

impl Problem {
    /// The problem `error` says, in the words of the front end that watches (`spelling`).
    pub fn of(error: &Error, spelling: &dyn Spelling) -> Problem {
        let position = match error.kind() {
            ErrorKind::Decode(decode) => decode.text_position(),
            _ => None,
        };
        Problem {
            message: error.words(spelling),
            file: error.context().last().cloned(),
            line: position.map(|(line, _)| line),
            column: position.map(|(_, column)| column),
        }
    }
}

/// What a load gives the watcher: its result, and the files it read beyond those always watched.
pub struct Loaded<T> {
    pub result: Result<T, Error>,
    pub read: Vec<PathBuf>,
}

/// Runs `load`, noting the files it reads ([`recording`]).
pub fn load_recorded<T>(load: impl FnOnce() -> Result<T, Error>) -> Loaded<T> {
    let (result, read) = recording(load);
    Loaded { result, read }
}

/// The paths watched: those always watched (the flags' files and folders), each file a load
/// read, and the folder each is in (where a new file, or one renamed over it, shows first).
#[derive(Debug, Clone, Default)]
pub struct Watched {
    paths: Vec<PathBuf>,
}

impl Watched {
    /// `given` and `read`, with their folders, each once.
    pub fn new(given: &[PathBuf], read: &[PathBuf]) -> Watched {
        let mut paths: Vec<PathBuf> = Vec::new();
        let mut add = |path: &Path| {
            if !paths.iter().any(|p| p == path) {
                paths.push(path.to_path_buf());
            }
        };
        for path in given.iter().chain(read) {
            add(path);
            if let Some(folder) = path.parent() {
                add(if folder.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    folder
                });
            }
        }
        Watched { paths }
    }

    /// The paths, in order.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Every path's stamp now.
    pub fn stamps(&self) -> Vec<Stamp> {
        self.paths.iter().map(|p| Stamp::of(p)).collect()
    }
}

/// What a first load was made from: the paths watched and their stamps, taken right after it
/// (not when the watching starts, which a change made meanwhile would slip past).
#[derive(Debug, Clone)]
pub struct Baseline {
    watched: Watched,
    stamps: Vec<Stamp>,
}

impl Baseline {
    /// The stamps now of `given` and of the files a first load read (`read`), with their folders.
    pub fn now(given: &[PathBuf], read: &[PathBuf]) -> Baseline {
        let watched = Watched::new(given, read);
        let stamps = watched.stamps();
        Baseline { watched, stamps }
    }

    /// The paths watched.
    pub fn watched(&self) -> &Watched {
        &self.watched
    }
}

/// What the watcher hands on.
pub enum Change<T> {
    /// A load that succeeded after a change: serve it.
    Loaded(T),
    /// A load that failed on files that held still: keep serving the last good one, and say this.
    Failed(Problem),
}

/// Watches the files of a first load (`first`) and runs `load` again when they change, handing
/// each result to `publish` ([`Change`]), until `publish` returns false. `given` are always
/// watched (the flags' files and folders, which may not have been read: a folder, a file not
/// there yet). A failed load's problem is said in the words of the front end that watches
/// (`spelling`).
pub fn watch<T>(
    given: &[PathBuf],
    first: Baseline,
    spelling: &dyn Spelling,
    mut load: impl FnMut() -> Loaded<T>,
    mut publish: impl FnMut(Change<T>) -> bool,
) {
    let mut watched = first.watched;
    // The stamps the served state was loaded from (or failed on, once said).
    let mut served = first.stamps;
    // A failure not yet said: the stamps it failed on and how many polls they have held since.
    let mut failing: Option<(Vec<Stamp>, Problem, u32)> = None;
    loop {
        std::thread::sleep(POLL);
        let now = watched.stamps();
        if let Some((stamps, problem, held)) = &mut failing {
            if *stamps == now {
                *held += 1;
                if *held >= 2 {
                    let problem = problem.clone();
                    served = now;
                    failing = None;
                    if !publish(Change::Failed(problem)) {
                        return;
                    }
                }
                continue;
            }
        } else if now == served {
            continue;
        }
        let before = settle(&watched, now);
        let loaded = load();
        let read_now = Watched::new(given, &loaded.read);
        let after = read_now.stamps();
        // Stamps of another list (a file read now that was not before) cannot be compared with
        // `before`: the next poll compares them with themselves.
        let moved = read_now.paths() == watched.paths() && after != before;
        watched = read_now;
        match loaded.result {
            Ok(value) if !moved => {
                served = after;
                failing = None;
                if !publish(Change::Loaded(value)) {
                    return;
                }
            }
            Ok(_) => {
                // Read while being written: read again once it holds still.
                failing = None;
                served = Vec::new();
            }
            Err(error) => failing = Some((after, Problem::of(&error, spelling), 0)),
        }
    }
}

/// Waits until the stamps hold still for [`SETTLE`] (at most [`LONGEST_SETTLE`]), and gives
/// them.
fn settle(watched: &Watched, mut last: Vec<Stamp>) -> Vec<Stamp> {
    let started = Instant::now();
    loop {
        std::thread::sleep(SETTLE);
        let now = watched.stamps();
        if now == last || started.elapsed() >= LONGEST_SETTLE {
            return now;
        }
        last = now;
    }
}
