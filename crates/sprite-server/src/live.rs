//! What is served now, replaced whole while serving (`serve --watch`), and
//! `GET /api/v1/changes`, the long poll the viewer learns of a change by.
//!
//! Every request takes the state current when it starts (an `Arc`: a request under way keeps
//! the state it started with, and a new one swaps in between two requests, never within one),
//! through axum's `FromRef`, so the endpoints know nothing of it. A failed reload keeps the last
//! good state and sets the problem the viewer shows, until a reload succeeds.
//!
//! The long poll rather than server-sent events: an answer is a request like the others, under
//! the same timeout, concurrency and connection bounds, each client is told the latest state and
//! never a queue of them, and a client that goes away holds nothing. At most
//! [`MAX_WATCHERS`] wait at once (more are answered at once, `503`), each at most
//! [`LONGEST_WAIT`] (less than the request timeout).

use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{FromRef, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sprite_inputs::watch::Problem;
use tokio::sync::{Semaphore, watch};

use crate::api::AppState;
use crate::api::respond::{JSON, REVALIDATE, body};
use crate::error::ApiError;
use crate::params::Params;

/// The most long polls waiting at once.
pub const MAX_WATCHERS: usize = 32;

/// The longest a long poll waits for a change before it answers with the state as it is.
pub const LONGEST_WAIT: Duration = Duration::from_secs(4);

/// What `/api/v1/changes` says.
#[derive(Debug, Clone, Serialize)]
pub struct Status {
    /// Counts the statuses: one more at each change of this one (a new state, a new problem).
    pub revision: u64,
    /// Counts the states served: 0 at start, one more at each reload that changed something.
    pub generation: u64,
    /// Whether the files are watched (`serve --watch`).
    pub watching: bool,
    /// The last reload's failure, while the last good state is served; `null` once one succeeds.
    pub error: Option<Problem>,
    /// The server is stopping: the viewer stops asking.
    pub stopping: bool,
}

/// The state served now, and what the long polls wait on.
pub struct Live {
    current: RwLock<Arc<AppState>>,
    status: watch::Sender<Status>,
    watchers: Arc<Semaphore>,
    longest_wait: Duration,
}

impl Live {
    /// Serves `state`; `watching` says whether reloads will come.
    pub fn new(state: Arc<AppState>, watching: bool) -> Live {
        let (status, _) = watch::channel(Status {
            revision: 0,
            generation: 0,
            watching,
            error: None,
            stopping: false,
        });
        Live {
            current: RwLock::new(state),
            status,
            watchers: Arc::new(Semaphore::new(MAX_WATCHERS)),
            longest_wait: LONGEST_WAIT,
        }
    }

    /// The long polls wait at most `wait` (at most [`LONGEST_WAIT`] and half the request
    /// timeout: an answer is due before the timeout answers `503`).
    pub fn with_longest_wait(mut self, wait: Duration) -> Live {
        self.longest_wait = wait;
        self
    }

    /// Whether reloads will come (`serve --watch`).
    pub fn watching(&self) -> bool {
        self.status.borrow().watching
    }

    /// The state served now.
    pub fn current(&self) -> Arc<AppState> {
        Arc::clone(&self.current.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Serves `state` from the next request on, and clears a reload's failure.
    pub fn replace(&self, state: AppState) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(state);
        self.status.send_modify(|status| {
            status.revision += 1;
            status.generation += 1;
            status.error = None;
        });
    }

    /// Says a reload failed: the state served stays.
    pub fn fail(&self, problem: Problem) {
        self.status.send_if_modified(|status| {
            let changed = status.error.as_ref() != Some(&problem);
            status.revision += u64::from(changed);
            status.error = Some(problem);
            changed
        });
    }

    /// Clears a reload's failure without a new state (the files are back as they were served).
    pub fn recover(&self) {
        self.status.send_if_modified(|status| {
            let changed = status.error.take().is_some();
            status.revision += u64::from(changed);
            changed
        });
    }

    /// Tells the long polls the server stops, so that each answers now.
    pub fn stop(&self) {
        self.status.send_modify(|status| {
            status.revision += 1;
            status.stopping = true;
        });
    }

    /// Whether [`Live::stop`] was called.
    pub fn is_stopping(&self) -> bool {
        self.status.borrow().stopping
    }

    /// The status now.
    pub fn status(&self) -> Status {
        self.status.borrow().clone()
    }
}

/// The router's state: the one [`Live`].
#[derive(Clone)]
pub struct Shared(pub Arc<Live>);

impl FromRef<Shared> for Arc<AppState> {
    fn from_ref(shared: &Shared) -> Arc<AppState> {
        shared.0.current()
    }
}

/// `GET /api/v1/changes[?after=N]`: the status ([`Status`]); with `after`, once its revision is
/// another than `N` (or the server stops), or the longest wait has passed.
pub async fn changes(
    State(shared): State<Shared>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["after"])?;
    let live = &shared.0;
    let Some(after) = params.number::<u64>("after", "a generation number")? else {
        return Ok(answer(&live.status()));
    };
    let Ok(_permit) = Arc::clone(&live.watchers).try_acquire_owned() else {
        return Err(ApiError::status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{MAX_WATCHERS} viewers already wait for a change; ask again later"),
        ));
    };
    let mut receiver = live.status.subscribe();
    let differs = |s: &Status| s.revision != after || s.stopping;
    let waited = tokio::time::timeout(live.longest_wait, receiver.wait_for(differs)).await;
    let status = match waited {
        Ok(Ok(status)) => status.clone(),
        _ => live.status(),
    };
    Ok(answer(&status))
}

fn answer(status: &Status) -> Response {
    match serde_json::to_vec(status) {
        Ok(json) => body(JSON, REVALIDATE, json),
        Err(e) => {
            ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response()
        }
    }
}
