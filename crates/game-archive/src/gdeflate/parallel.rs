//! Tiles decoded on several threads: each tile of a stream decodes alone (that is what the
//! tile-stream layout is for), so a list of tiles is cut into one run per thread, each run
//! decoded in order on its thread, into output that is the caller's and disjoint.
//!
//! The result is the one decoding the list in order would give: the bytes, or the error of the
//! first tile in the list that fails (a run stops at its first failure; an earlier run's failure
//! wins over a later one's).

use std::num::NonZeroUsize;
use std::sync::{Mutex, OnceLock};

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

/// A run of jobs waiting for its thread (or, when no thread starts, for this one): the place of
/// its first job in the list, and the jobs.
type Slot<'s, 'a> = Mutex<Option<(usize, &'s mut [Job<'a>])>>;

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

/// Decodes every job, the runs on as many threads as the work and the machine allow; the first
/// failing job and its problem, in the jobs' order.
pub(super) fn decode_jobs(jobs: &mut [Job<'_>]) -> Result<(), Failure> {
    let bytes: usize = jobs.iter().map(|job| job.out.len()).sum();
    let count = threads()
        .min(jobs.len())
        .min(bytes / MIN_BYTES_PER_THREAD)
        .max(1);
    if count == 1 {
        return decode_run(0, jobs);
    }
    // Runs of about equal output, in order: a cut after the job that reaches each share.
    let share = bytes.div_ceil(count);
    let mut runs: Vec<Slot<'_, '_>> = Vec::with_capacity(count);
    let mut rest = jobs;
    let mut first_job = 0;
    while !rest.is_empty() {
        let (mut len, mut taken) = (0, 0);
        while len < rest.len() && taken < share {
            taken += rest[len].out.len();
            len += 1;
        }
        let (run, after) = rest.split_at_mut(len);
        runs.push(Mutex::new(Some((first_job, run))));
        first_job += len;
        rest = after;
    }
    let take = |slot: &Slot<'_, '_>| {
        slot.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
            .map_or(Ok(()), |(first_job, run)| decode_run(first_job, run))
    };
    std::thread::scope(|scope| {
        // The first run on this thread; each other on a thread of its own, or on this one when
        // the system will not start another (the run is still in its slot then).
        let handles: Vec<_> = runs[1..]
            .iter()
            .map(|slot| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || take(slot))
                    .ok()
            })
            .collect();
        let mut results = vec![take(&runs[0])];
        for (slot, handle) in runs[1..].iter().zip(handles) {
            let result = match handle {
                Some(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                None => take(slot),
            };
            results.push(result);
        }
        results.into_iter().collect()
    })
}

/// The jobs of one run (the first of them job `first_job` of the list), in order, with one set
/// of tables; the first failure ends it.
fn decode_run(first_job: usize, jobs: &mut [Job<'_>]) -> Result<(), Failure> {
    let mut tables = Tables::new();
    for (i, job) in jobs.iter_mut().enumerate() {
        decode_tile(job.input, job.out, &mut tables).map_err(|problem| Failure {
            job: first_job + i,
            problem,
        })?;
    }
    Ok(())
}
