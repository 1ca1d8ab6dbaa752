//! The few file-system calls a safe write needs, on each platform.

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub use unix::*;

#[cfg(not(unix))]
mod portable;
#[cfg(not(unix))]
pub use portable::*;
