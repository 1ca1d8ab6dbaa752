//! The watcher of `serve --watch` on bad input (`sprite_inputs::watch`): a watched file deleted,
//! renamed over, truncated, replaced by a folder, and saved 1,000 times in a second. Each time it
//! goes on watching, says a failure once the file holds still (naming the file), never hands on
//! a half-written file, and loads again once the file is good.
//!
//! The load here is a stand-in for a catalog's: it reads the file through the inputs layer (so
//! the watcher learns what it read) and accepts only a whole "record": `ok N` and a newline.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use sprite_inputs::Error;
use sprite_inputs::read::read_input;
use sprite_inputs::watch::{Baseline, Change, POLL, SETTLE_NOTIFIED, load_recorded, watch};

/// What the stand-in load gives: the number of the record.
fn parse(path: &Path) -> Result<u32, Error> {
    let bytes = read_input(path)?;
    let text = String::from_utf8_lossy(&bytes);
    let whole = text
        .strip_prefix("ok ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .and_then(|n| n.parse().ok());
    whole.ok_or_else(|| Error::file(format!("{}: not a whole record: {text:?}", path.display())))
}

/// A watcher of `file` on its own thread; what it hands on comes out of the receiver, and how
/// many times it loaded is counted.
struct Watching {
    changes: Receiver<Result<u32, String>>,
    loads: Arc<AtomicUsize>,
}

fn start(file: &Path) -> Watching {
    let (send, changes) = channel();
    let loads = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&loads);
    let path = file.to_path_buf();
    let first = load_recorded(|| parse(&path));
    assert!(first.result.is_ok(), "the first load: {:?}", first.result);
    assert_eq!(
        first.read,
        vec![path.clone()],
        "the load's read is recorded"
    );
    let baseline = Baseline::now(&[], &first.read);
    std::thread::spawn(move || {
        let load = || {
            counted.fetch_add(1, Ordering::SeqCst);
            load_recorded(|| parse(&path))
        };
        watch(&[], baseline, &faults::Logical, load, |change| {
            let sent = match change {
                Change::Loaded(n) => Ok(n),
                Change::Failed(problem) => Err(problem.message),
            };
            send.send(sent).is_ok()
        });
    });
    Watching { changes, loads }
}

impl Watching {
    /// The next thing handed on, within `wait`.
    fn next(&self, wait: Duration) -> Result<u32, String> {
        match self.changes.recv_timeout(wait) {
            Ok(change) => change,
            Err(RecvTimeoutError::Timeout) => panic!("nothing handed on within {wait:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the watcher stopped"),
        }
    }

    /// Nothing handed on within `wait`.
    fn quiet(&self, wait: Duration) {
        if let Ok(change) = self.changes.recv_timeout(wait) {
            panic!("handed on {change:?} with nothing changed");
        }
    }
}

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("watch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

fn record(n: u32) -> String {
    format!("ok {n}\n")
}

/// A failure's wait: two polls of stillness after the settle, and room for a busy machine.
const FAILURE_WAIT: Duration = Duration::from_secs(5);

#[test]
fn a_deleted_file_is_said_and_its_return_is_loaded() {
    let dir = folder("deleted");
    let file = dir.join("a.txt");
    std::fs::write(&file, record(1)).unwrap();
    let watching = start(&file);
    watching.quiet(POLL * 3);
    std::fs::remove_file(&file).unwrap();
    let said = watching.next(FAILURE_WAIT).expect_err("a failure");
    assert!(said.contains("a.txt"), "{said}");
    std::fs::write(&file, record(2)).unwrap();
    assert_eq!(watching.next(FAILURE_WAIT), Ok(2));
}

#[test]
fn a_file_renamed_over_is_loaded_even_at_the_same_length_and_time() {
    let dir = folder("renamed");
    let file = dir.join("a.txt");
    std::fs::write(&file, record(1)).unwrap();
    let watching = start(&file);
    let other = dir.join("a.txt.new");
    std::fs::write(&other, record(2)).unwrap();
    // The same length and modification time as the file it replaces: only its inode differs.
    let time = std::fs::metadata(&file).unwrap().modified().unwrap();
    std::fs::File::options()
        .write(true)
        .open(&other)
        .unwrap()
        .set_modified(time)
        .unwrap();
    std::fs::rename(&other, &file).unwrap();
    assert_eq!(watching.next(FAILURE_WAIT), Ok(2));
}

#[test]
fn a_truncated_file_is_said_once_it_holds_still_and_its_rewrite_is_loaded() {
    let dir = folder("truncated");
    let file = dir.join("a.txt");
    std::fs::write(&file, record(1)).unwrap();
    let watching = start(&file);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_len(3)
        .unwrap();
    let said = watching.next(FAILURE_WAIT).expect_err("a failure");
    assert!(said.contains("not a whole record: \"ok \""), "{said}");
    // Said once, not at every poll.
    watching.quiet(POLL * 4);
    std::fs::write(&file, record(3)).unwrap();
    assert_eq!(watching.next(FAILURE_WAIT), Ok(3));
}

#[test]
fn a_file_replaced_by_a_folder_is_said_and_the_file_back_is_loaded() {
    let dir = folder("folder");
    let file = dir.join("a.txt");
    std::fs::write(&file, record(1)).unwrap();
    let watching = start(&file);
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    let said = watching.next(FAILURE_WAIT).expect_err("a failure");
    assert!(said.contains("a.txt"), "{said}");
    std::fs::remove_dir(&file).unwrap();
    std::fs::write(&file, record(4)).unwrap();
    assert_eq!(watching.next(FAILURE_WAIT), Ok(4));
}

#[test]
fn a_thousand_saves_in_a_second_give_a_few_loads_and_never_a_half_written_file() {
    let dir = folder("saves");
    let file = dir.join("a.txt");
    std::fs::write(&file, record(0)).unwrap();
    let watching = start(&file);
    let started = Instant::now();
    // Where each save ended, to count the pauses a load could have settled in.
    let mut saved_at = Vec::with_capacity(1000);
    for n in 1..=1000 {
        // Each save in two writes, so that a load between them would read half a record.
        let whole = record(n);
        let (head, tail) = whole.split_at(3);
        let mut out = std::fs::File::create(&file).unwrap();
        std::io::Write::write_all(&mut out, head.as_bytes()).unwrap();
        std::io::Write::write_all(&mut out, tail.as_bytes()).unwrap();
        drop(out);
        saved_at.push(started.elapsed());
        let due = Duration::from_millis(u64::from(n));
        if let Some(wait) = due.checked_sub(started.elapsed()) {
            std::thread::sleep(wait);
        }
    }
    let burst = started.elapsed();
    // Every change handed on is a whole record, and the last is the last save.
    let mut last = None;
    loop {
        match watching.changes.recv_timeout(FAILURE_WAIT) {
            Ok(Ok(n)) => {
                last = Some(n);
                if n == 1000 {
                    break;
                }
            }
            Ok(Err(problem)) => panic!("a save in progress was said as a failure: {problem}"),
            Err(_) => panic!("the last save was never loaded (last handed on: {last:?})"),
        }
    }
    watching.quiet(POLL * 3);
    // Coalesced: a load waits for the file to hold still for the settling pause, so within the
    // burst there is about one load for each gap between saves at least that long (the shortest
    // pause, the notified one, bounds both ways of watching), and a couple after it. Saves a
    // millisecond apart leave few such gaps; a loaded machine that delays the writer leaves more,
    // and the bound follows it. Twice that count, since the stamps are kept to the system's tick
    // and the writer's clock is not the watcher's: a gap a little short of the pause can pass for
    // one (35 loads for 31 such gaps were seen on a busy machine). A watcher that loads at every
    // save gives hundreds.
    let loads = watching.loads.load(Ordering::SeqCst);
    let pauses = saved_at
        .windows(2)
        .filter(|pair| pair[1] - pair[0] >= SETTLE_NOTIFIED)
        .count();
    let bound = 2 * pauses + 3;
    println!("{loads} loads for 1,000 saves in {burst:?}, {pauses} pauses of the settle's length");
    assert!(
        loads <= bound,
        "{loads} loads for 1,000 saves in {burst:?} (at most {bound}: {pauses} pauses)"
    );
}
