//! The command-line tool as a user runs it, one module per command (or per kind of input a
//! command takes): what each writes and prints, its exit status and its one-line errors. Tests of
//! `serve` are in `tests/server/`, of the viewer page in `tests/browser/`, of the README's and the
//! docs' commands in `tests/docs/`.
//!
//! One test binary for all of them: cargo links one program instead of one per file.
//!
//! - `build`, `build_kind`: `build`, and `build --kind`; `atomic`: a build the disk refuses
//!   half way;
//! - `check`, `check_layers`: `check` and `diff`, on unit and layer documents;
//! - `cli`: the binary's output, exit codes and errors across commands; `errors`: the errors a
//!   new user hit; `usage_errors`: options given a value that cannot mean anything;
//!   `hostile_documents`: hostile documents and profiles through every command that reads one;
//!   `hostile_names`: names and strings holding control characters, shown escaped;
//! - `disc`: `disc ls`, `extract`, `patch`; `disc_inputs`: `--disc IMAGE` for the other commands;
//! - `game`: `game ls` and `game extract` on the user's install (its `.pac` archives);
//!   `game_inputs`: `--game DIR` for the other commands;
//! - `draw`, `list`, `pictures` (`sheet`, `render`, `export-aseprite`), `weapon` (`render
//!   --weapon`), `sheet_import`, `text_forms` (`disasm`, `asm`), `hd` (the remaster's HD sheets),
//!   `sas` (the SAS commands);
//! - `mods`, `mod_hd`, `mod_hostile`: `mod add`, `mod check`, `mod ls`; `safe_writes`: writes
//!   that no link, swap, second writer or signal can steer or leave half-done.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod atomic;
mod build;
mod build_kind;
mod check;
mod check_layers;
mod cli;
mod disc;
mod disc_inputs;
mod draw;
mod errors;
mod game;
mod game_inputs;
mod hd;
mod hostile_documents;
mod hostile_names;
mod list;
mod mod_hd;
mod mod_hostile;
mod mods;
mod pictures;
mod safe_writes;
mod sas;
mod sheet_import;
mod text_forms;
mod usage_errors;
mod weapon;
