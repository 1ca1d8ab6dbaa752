//! Tiles decoded on several threads: each tile of a stream decodes alone (that is what the
//! tile-stream layout is for), so the threads take the tiles of a list one at a time, in order,
//! whichever comes to the next one first, each decoding into output that is the caller's and
//! disjoint. A thread the machine's load slows leaves the rest of the list to the others,
//! rather than a fixed share the others would wait for.
//!
//! The result is the one decoding the list in order would give: the bytes, or the error of the
//! first tile in the list that fails (a tile after a failure already seen is not started).

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use super::tile::{Tables, decode_tile};

/// The most threads one decode takes: enough for the machines the game runs on to gain, few
/// enough that a reader never floods a shared machine.
const MAX_THREADS: usize = 4;

/// The least output a thread is given: below it, starting the thread costs more than it saves
/// (a thread starts in tens of microseconds; a 64 KiB tile decodes in about a hundred).
const MIN_BYTES_PER_THREAD: usize = 48 << 10;

/// A tile to decode: its number, its compressed bytes, and the room its bytes go to, zeroed
/// and exactly its size.
pub(super) struct Job<'a> {
    pub tile: usize,
    pub input: &'a [u8],
    pub out: &'a mut [u8],
}

/// Why a job failed: its place in the list and the decoder's words.
pub(super) struct Failure {
    pub job: usize,
    pub problem: String,
}

/// The threads this machine offers a decode, asked once (the answer reads system files).
fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(MAX_THREADS)
    })
}

/// Decodes every job on as many threads as the work and the machine allow (this one among
/// them); the first failing job and its problem, in the jobs' order.
pub(super) fn decode_jobs(jobs: &mut [Job<'_>]) -> Result<(), Failure> {
    let bytes: usize = jobs.iter().map(|job| job.out.len()).sum();
    let count = threads()
        .min(jobs.len())
        .min(bytes / MIN_BYTES_PER_THREAD)
        .max(1);
    // Each job in a slot of its own, which the thread that takes its number empties.
    let slots: Vec<Mutex<Option<&mut Job<'_>>>> =
        jobs.iter_mut().map(|job| Mutex::new(Some(job))).collect();
    let next = AtomicUsize::new(0);
    let first_failed = AtomicUsize::new(usize::MAX);
    let work = || -> Option<Failure> {
        let mut tables = Tables::new();
        let mut failure: Option<Failure> = None;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = slots.get(i) else {
                return failure;
            };
            if i > first_failed.load(Ordering::Relaxed) {
                continue;
            }
            let job = slot.lock().unwrap_or_else(PoisonError::into_inner).take();
            let Some(job) = job else { continue };
            if let Err(problem) = decode_tile(job.input, job.out, &mut tables) {
                first_failed.fetch_min(i, Ordering::Relaxed);
                if failure.as_ref().is_none_or(|seen| i < seen.job) {
                    failure = Some(Failure { job: i, problem });
                }
            }
        }
    };
    if count == 1 {
        return work().map_or(Ok(()), Err);
    }
    std::thread::scope(|scope| {
        // Threads the system will not start leave their jobs to the others.
        let helpers: Vec<_> = (1..count)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut failures = vec![work()];
        for helper in helpers {
            let failure = helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            failures.push(failure);
        }
        failures
            .into_iter()
            .flatten()
            .min_by_key(|failure| failure.job)
            .map_or(Ok(()), Err)
    })
}
