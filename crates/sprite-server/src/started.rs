//! How the front end that started this server spells its start-up parameters (`sas`,
//! `sas-sheet`, `seq`, `sheets`, `cors`, `timeout-ms`). An answer that says how to serve what a
//! request found missing names them in the words of whoever started the server: the command
//! line's `serve --sas FILE`. The server itself knows them only by their logical names.
//!
//! The spelling is given once (the server's `Options::started_with`) and is in scope for the
//! whole of every request (a task-local set by the router's outermost layer), so that an answer
//! made deep in a handler needs no extra parameter; work moved off the request's task (a render's
//! blocking task) takes it along (`spelling()`). Outside a request, the plain logical names.

use std::fmt;
use std::sync::Arc;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use faults::{Logical, Spelling, Words};

/// A front end's spelling of the server's start-up parameters.
#[derive(Clone)]
pub struct StartedWith(pub Arc<dyn Spelling + Send + Sync>);

impl Default for StartedWith {
    /// The logical names, as no front end spells them.
    fn default() -> StartedWith {
        StartedWith(Arc::new(Logical))
    }
}

impl fmt::Debug for StartedWith {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StartedWith({})", self.0.name("PARAMETER"))
    }
}

tokio::task_local! {
    static STARTED_WITH: StartedWith;
}

/// The spelling in scope: the one the server was started with, inside a request.
pub(crate) fn spelling() -> StartedWith {
    STARTED_WITH
        .try_with(StartedWith::clone)
        .unwrap_or_default()
}

/// Runs `work` (off the request's task: a blocking picture) with `started_with` in scope.
pub(crate) fn within<R>(started_with: StartedWith, work: impl FnOnce() -> R) -> R {
    STARTED_WITH.sync_scope(started_with, work)
}

/// `words` in the start-up spelling in scope.
pub(crate) fn spelt(words: Words) -> String {
    words.spelt(&*spelling().0)
}

/// The layer that puts `started_with` in scope for a request and everything it runs.
pub(crate) async fn scope(started_with: StartedWith, request: Request, next: Next) -> Response {
    STARTED_WITH.scope(started_with, next.run(request)).await
}
