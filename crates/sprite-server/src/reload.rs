//! `serve --watch`: the thread that loads the request again when its files change
//! (`sprite_inputs::watch`) and swaps each good load into the [`Live`] state; a failed reload
//! keeps the last good state and shows its problem, and a reload that serves the same as before
//! is not announced.

use std::path::PathBuf;
use std::sync::Arc;

use faults::Spelling;
use sprite_inputs::catalog::{self, ServeRequest, Served};
use sprite_inputs::watch::{self, Change, Problem};

use crate::live::Live;

/// Starts the thread that reloads `request` when its files (the ones it names, and `first_read`,
/// the ones its first load read) change, and swaps each good load into `live`; `digest` is what
/// the first load serves ([`Served::digest`]). Each reload is told to `say` in one line, a
/// problem's parameters in the front end's `spelling`. Returns how many files and folders are
/// watched.
///
/// # Errors
/// The thread cannot be started.
pub fn start(
    request: ServeRequest,
    first_read: &[PathBuf],
    digest: String,
    live: Arc<Live>,
    spelling: &'static (dyn Spelling + Sync),
    say: impl Fn(&str) + Send + 'static,
) -> std::io::Result<usize> {
    let given = request.given_paths();
    let first = watch::Baseline::now(&given, first_read);
    let count = first.watched().paths().len();
    std::thread::Builder::new()
        .name("watch".to_owned())
        .spawn(move || {
            let mut digest = digest;
            let load = || watch::load_recorded(|| catalog::load(&request));
            watch::watch(&given, first, spelling, load, |change| {
                if live.is_stopping() {
                    return false;
                }
                match change {
                    Change::Loaded(served) => reloaded(&live, served, &mut digest, &say),
                    Change::Failed(problem) => {
                        say(&format!(
                            "reload failed (still serving the last good files): {}",
                            problem.message
                        ));
                        live.fail(problem);
                    }
                }
                true
            });
        })?;
    Ok(count)
}

/// Serves a reload's `served` from the next request on, unless it serves what is served.
fn reloaded(live: &Live, served: Served, digest: &mut String, say: &impl Fn(&str)) {
    let now = served.digest();
    if now == *digest {
        live.recover();
        return;
    }
    let lines = served.lines();
    match live.current().succeeding(served.catalog, served.sas) {
        Ok(state) => {
            live.replace(state);
            *digest = now;
            say(&format!(
                "reloaded (generation {}): {}",
                live.status().generation,
                lines.get(1).map_or("", |l| l.trim())
            ));
        }
        Err(error) => live.fail(Problem {
            message: error.to_string(),
            file: None,
            line: None,
            column: None,
        }),
    }
}
