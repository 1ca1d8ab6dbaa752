//! Stopping a render nobody waits for any more: a [`Cancel`] token, looked at once a frame drawn
//! or encoded (and once a band of rows of a large picture), so a server whose client has gone
//! (its request timed out, its connection closed) gets its thread back at the next frame instead
//! of after the whole picture. The command line never cancels ([`Cancel::never`], the default).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::RenderError;

/// Whether the one who asked for a render still wants it. Cloning is cheap (a reference count);
/// every clone sees the same answer.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    /// Set once the render is no longer wanted; `None` for a render that is never cancelled.
    cancelled: Option<Arc<AtomicBool>>,
}

/// Cancels its [`Cancel`] when dropped: held by whatever waits for the render (a request's
/// future), so that whichever way the waiting ends, the render hears of it.
#[derive(Debug)]
#[must_use = "the render is cancelled when this is dropped"]
pub struct CancelOnDrop {
    cancelled: Arc<AtomicBool>,
}

impl Cancel {
    /// A token that never cancels: the command line's.
    pub fn never() -> Cancel {
        Cancel::default()
    }

    /// A token, and the guard that cancels it when dropped.
    pub fn on_drop() -> (Cancel, CancelOnDrop) {
        let cancelled = Arc::new(AtomicBool::new(false));
        (
            Cancel {
                cancelled: Some(Arc::clone(&cancelled)),
            },
            CancelOnDrop { cancelled },
        )
    }

    /// Whether the render is no longer wanted.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// [`RenderError::Cancelled`] once the render is no longer wanted: what a render calls between
    /// frames.
    ///
    /// # Errors
    /// [`RenderError::Cancelled`].
    pub fn check(&self) -> Result<(), RenderError> {
        if self.is_cancelled() {
            return Err(RenderError::Cancelled);
        }
        Ok(())
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_cancelled_when_its_guard_is_dropped_and_never_otherwise() {
        assert!(!Cancel::never().is_cancelled());
        let (cancel, guard) = Cancel::on_drop();
        let clone = cancel.clone();
        assert!(!cancel.is_cancelled() && cancel.check().is_ok());
        drop(guard);
        assert!(cancel.is_cancelled() && clone.is_cancelled());
        assert!(matches!(clone.check(), Err(RenderError::Cancelled)));
    }
}
