//! The docs held to the tool: `run` runs every `sh` block of README.md and docs/*.md as
//! written; `readme` holds the README's commands to what it says they print. (The CI recipe of
//! docs/checking.md is held by `tests/commands/check.rs`.) `viewer_address` holds the server
//! README's table of the viewer's address parameters to the viewer's code.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod readme;
mod run;
mod viewer_address;
