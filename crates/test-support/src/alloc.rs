//! A global allocator that counts the bytes each thread holds, and the most it held, so that a
//! test can bound the memory of one call while other tests run in parallel on other threads.
//!
//! A test binary installs it with
//! `#[global_allocator] static ALLOCATOR: test_support::alloc::Counting = test_support::alloc::Counting;`
//! and then measures with [`peak_memory`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The counting allocator: the system's, plus per-thread bookkeeping.
pub struct Counting;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to `System` unchanged; the bookkeeping only reads the layout.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = HELD.try_with(|h| {
            h.set(h.get() + layout.size());
            let _ = PEAK.try_with(|p| p.set(p.get().max(h.get())));
        });
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = HELD.try_with(|h| h.set(h.get().saturating_sub(layout.size())));
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Runs `f` and returns its result with the most memory this thread held at once during it,
/// beyond what it held before. Meaningful only where [`Counting`] is the global allocator.
pub fn peak_memory<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = HELD.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let result = f();
    (result, PEAK.with(Cell::get) - base)
}
