//! `tactics-sprite serve` as a process, over real HTTP: `serve` (what it prints, its answers
//! byte for byte the command line's, its stop and the flags it refuses), `hd` (the remaster's HD
//! sheets served), `hosts` (the hosts it answers), `watch` (`serve --watch`), `watch_inputs` (each kind of input
//! a watched server reloads), `watch_folders` (the folders its lookup searched). Every endpoint is also tested in-process in
//! `crates/sprite-server/tests/`; the server under hostile load is `tests/serve_limits.rs`, a
//! binary of its own; the viewer page in a browser is `tests/browser/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod hd;
mod hosts;
mod serve;
mod sheets;
mod watch;
mod watch_folders;
mod watch_inputs;
