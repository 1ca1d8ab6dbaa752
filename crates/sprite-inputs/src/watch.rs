//! `serve --watch`: the files a load read, and the folders it searched, watched for changes, and
//! the load run again when they change, so that a modder's save shows without a restart.
//!
//! The system's change notices wake the watcher where it gives them (inotify, FSEvents,
//! ReadDirectoryChangesW, through the `notify` crate): a save is seen within a millisecond or so,
//! not at the next poll. They are only a wake-up call: what changed is always told by the stamps,
//! and the stamps are also looked at every [`POLL`] (50 ms) whatever the notices say, since
//! notices are lost on network and container mounts, a system can refuse more watches, and a
//! queue can overflow. A `stat` of a handful of files and folders every 50 ms costs next to
//! nothing. The notices watch the folders (each file's folder, each folder searched), which tell
//! of every entry made, written, removed or renamed in them: an editor's rename over a file is
//! seen as plainly as a write in place. A file's stamp is its kind, its length, its modification
//! time and (on Unix) its inode, so that a file renamed over with the same length and time is
//! still seen.
//!
//! A change is coalesced: the stamps must hold still for a pause ([`SETTLE`] when polling,
//! [`SETTLE_NOTIFIED`] when the notices work) before
//! the load runs, and must be the same after it as before, else it runs again; a burst of saves
//! gives one load, or a few. A load that fails while the files still move is not reported (a
//! half-written file is read again); one that fails on files that have held still for two polls,
//! with no writer still at them as far as the notices tell (a second at most), is ([`Problem`], with the text form's line and column when it gives them), and whoever serves
//! keeps the last good load. Nothing grows with the number of changes: the watcher holds the
//! stamps of the files the last load read, the notices are a queue of one, and each load's result
//! is handed on as it is made.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::{Duration, Instant, SystemTime};

use faults::{Faulty, Spelling};
use serde::Serialize;

use crate::error::{Error, ErrorKind};
use crate::read::recording;

/// How often the files are looked at.
pub const POLL: Duration = Duration::from_millis(50);

/// How long the stamps must hold still before a load runs, when the files are polled: a save in
/// progress is not read.
pub const SETTLE: Duration = Duration::from_millis(20);

/// The same when the system's notices work: they wake the watcher at a save's first write, not
/// up to a poll later, and a writer still at it moves the stamps again within the pause (the
/// load is run again, too, when they move under it).
pub const SETTLE_NOTIFIED: Duration = Duration::from_millis(4);

/// How long the files a load failed on must hold still before the failure is said, when no
/// writer is known to be at them: two polls.
pub const FAILURE_HELD: Duration = POLL.saturating_mul(2);

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
    let mut notices = Notices::start();
    notices.follow(&watched);
    // The stamps the served state was loaded from (or failed on, once said).
    let mut served = first.stamps;
    // A failure not yet said: the stamps it failed on and when the load that failed ended. It is
    // said once they have held [`FAILURE_HELD`] by the clock (not after so many wake-ups: the
    // save's own notices wake the loop at once) and no writer is still at a file, or
    // [`LONGEST_SETTLE`] whatever the notices say: a writer paused between its truncation and its
    // first write (a busy machine pauses one for over 100 ms) has not failed.
    let mut failing: Option<(Vec<Stamp>, Problem, Instant)> = None;
    loop {
        notices.wait(POLL);
        let now = watched.stamps();
        if let Some((stamps, problem, since)) = &failing {
            if *stamps == now {
                let held = since.elapsed();
                if held >= LONGEST_SETTLE || (held >= FAILURE_HELD && !notices.writing()) {
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
        let before = settle(&watched, now, &notices);
        let loaded = load();
        let read_now = Watched::new(given, &loaded.read);
        let after = read_now.stamps();
        // Stamps of another list (a file or folder read now that was not before) cannot be
        // compared with `before`, and may already show a change the load did not see (a file
        // renamed into a folder just listed): the state is served, and loaded once more with
        // the new list watched, which then compares as usual.
        let same_list = read_now.paths() == watched.paths();
        let moved = same_list && after != before;
        watched = read_now;
        notices.follow(&watched);
        match loaded.result {
            Ok(value) if !moved => {
                served = if same_list { after } else { Vec::new() };
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
            Err(error) => failing = Some((after, Problem::of(&error, spelling), Instant::now())),
        }
        if notices.take() {
            // A change told while the load ran, which the stamps may not show (a folder's time
            // is kept to the system's tick, and an entry renamed in within the same tick leaves
            // it as it was): look again.
            served = Vec::new();
        }
    }
}

/// Waits until the stamps hold still for the pause ([`SETTLE`], or [`SETTLE_NOTIFIED`] while
/// the notices work), at most [`LONGEST_SETTLE`], and gives them. The notices that came
/// meanwhile are taken: the stamps after the load tell whether anything moved under it.
fn settle(watched: &Watched, mut last: Vec<Stamp>, notices: &Notices) -> Vec<Stamp> {
    let pause = if notices.working() {
        SETTLE_NOTIFIED
    } else {
        SETTLE
    };
    let started = Instant::now();
    loop {
        std::thread::sleep(pause);
        // Told by the stamps from here on; one pending would only wake the next wait.
        let _ = notices.take();
        let now = watched.stamps();
        if now == last || started.elapsed() >= LONGEST_SETTLE {
            return now;
        }
        last = now;
    }
}

/// The system's change notices for the folders watched: a wake-up call, sent through a queue of
/// one (a notice pending already says that something changed). Without them (the system gives
/// none, or refuses the watch) the watcher polls alone.
struct Notices {
    watcher: Option<notify::RecommendedWatcher>,
    woken: Receiver<()>,
    /// The folders the system watches now.
    folders: Vec<PathBuf>,
    /// A file in them was written and its writer has not closed it yet, as far as the notices
    /// tell (one flag for all: it only makes a failure wait).
    writing: Arc<AtomicBool>,
}

impl Notices {
    fn start() -> Notices {
        let (wake, woken): (SyncSender<()>, Receiver<()>) = sync_channel(1);
        let writing = Arc::new(AtomicBool::new(false));
        let writer_seen = Arc::clone(&writing);
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Some(at_it) = event.as_ref().ok().and_then(writing_told) {
                writer_seen.store(at_it, Ordering::Relaxed);
            }
            // An error (a queue that overflowed) may hide a change: look.
            if event.as_ref().map_or(true, tells_of_a_change) {
                // Full: a notice is pending already, which says as much.
                let _ = wake.try_send(());
            }
        })
        .ok();
        Notices {
            watcher,
            woken,
            folders: Vec::new(),
            writing,
        }
    }

    /// Whether the notices last told of a file written and not yet closed (never, without them).
    fn writing(&self) -> bool {
        self.working() && self.writing.load(Ordering::Relaxed)
    }

    /// Whether notices come: the system watches at least one folder.
    fn working(&self) -> bool {
        self.watcher.is_some() && !self.folders.is_empty()
    }

    /// Watches the folders among `watched`'s paths (a file's changes are told by its folder's
    /// notices, a rename over it included), and no others. A folder the system refuses is left to
    /// the poll, and asked for again at the next call.
    fn follow(&mut self, watched: &Watched) {
        let Some(watcher) = self.watcher.as_mut() else {
            return;
        };
        use notify::Watcher;
        let wanted: Vec<&PathBuf> = watched.paths().iter().filter(|p| p.is_dir()).collect();
        for gone in self.folders.iter().filter(|f| !wanted.contains(f)) {
            // Gone or not, it is no longer asked for.
            let _ = watcher.unwatch(gone);
        }
        let mut now = Vec::with_capacity(wanted.len());
        for folder in wanted {
            if self.folders.contains(folder)
                || watcher
                    .watch(folder, notify::RecursiveMode::NonRecursive)
                    .is_ok()
            {
                now.push(folder.clone());
            }
        }
        self.folders = now;
    }

    /// Waits for a notice, at most `longest`.
    fn wait(&self, longest: Duration) {
        if self.watcher.is_none() {
            std::thread::sleep(longest);
            return;
        }
        // A notice, or the time is up: either way the stamps are looked at.
        let _ = self.woken.recv_timeout(longest);
    }

    /// Takes a notice pending, if any: whether there was one.
    fn take(&self) -> bool {
        self.woken.try_recv().is_ok()
    }
}

/// What a notice tells of a writer: at a file (its data changed), done (it closed a file it
/// wrote), or nothing.
fn writing_told(event: &notify::Event) -> Option<bool> {
    use notify::event::{AccessKind, AccessMode, EventKind, ModifyKind};
    match event.kind {
        EventKind::Modify(ModifyKind::Data(_)) => Some(true),
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => Some(false),
        _ => None,
    }
}

/// Whether a notice may tell of a change: any but a file opened, read or closed unwritten (the
/// load's own reads).
fn tells_of_a_change(event: &notify::Event) -> bool {
    use notify::event::{AccessKind, AccessMode, EventKind};
    !matches!(
        event.kind,
        EventKind::Access(AccessKind::Open(_) | AccessKind::Read | AccessKind::Any)
            | EventKind::Access(AccessKind::Close(AccessMode::Read | AccessMode::Execute))
    )
}
