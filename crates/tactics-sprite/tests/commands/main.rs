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
//!   `expanded`: images expanded for bigger sprites;
//! - `game`: `game ls` and `game extract` on the user's install (its `.pac` archives);
//!   `game_inputs`: `--game DIR` for the other commands; `game_real`: a real install (`FFT_GAME`);
//! - `draw`, `list`, `pictures` (`sheet`, `render`, `export-aseprite`), `weapon` (`render
//!   --weapon`), `sheet_import`, `text_forms` (`disasm`, `asm`), `hd` (the remaster's HD sheets;
//!   `hd_originals`: their names found in `--originals`),
//!   `sas` (the SAS commands); `typed_paths`: a path typed with a folder is that file, beside
//!   `--originals` or `--disc`;
//! - `mods`, `mod_hd`, `mod_hostile`: `mod add`, `mod check`, `mod ls`; `safe_writes`: writes
//!   --weapon`), `sheet_import`, `text_forms` (`disasm`, `asm`), `asm_room`
//!   (a text grown past its original's room), `hd` (the remaster's HD sheets),
//!   `hd_numbers` (a pair's numbers at their ends), `hd_sp2` (a monster's SP2 at twice the size), `sheet_hd_warnings` (what `sheet` warns of
//!   for an HD pair), `sas` (the SAS commands);
//! - `mods`, `mod_hd`, `mod_hostile`: `mod add`, `mod check`, `mod ls`; `mod_config`: the
//!   description as editors leave it; `mod_usage`: `mod`'s helps, defaults, misplaced folders
//!   and words; `mod_hd_checks`: HD halves out of place, alone, or of another unit;
//!   `safe_writes`: writes
//!   that no link, swap, second writer or signal can steer or leave half-done.
//!   that no link, swap, second writer or signal can steer or leave half-done;
//! - `charclut`: Ramza's colours (`charclut.nxd`): `inspect`; `mod_charclut`: `mod add` and
//!   `mod check` of it; `mod_ramza`: a recolour of RAMUZA.SPR carried into the mod's
//!   `charclut.nxd`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod asm_room;
mod atomic;
mod build;
mod build_kind;
mod charclut;
mod check;
mod check_layers;
mod cli;
mod disc;
mod disc_inputs;
mod draw;
mod errors;
mod expanded;
mod game;
mod game_inputs;
mod game_real;
mod hd;
mod hd_numbers;
mod hd_originals;
mod hd_sp2;
mod hd_table;
mod hostile_documents;
mod hostile_names;
mod list;
mod mod_charclut;
mod mod_config;
mod mod_hd;
mod mod_hd_checks;
mod mod_hostile;
mod mod_ramza;
mod mod_usage;
mod mods;
mod pictures;
mod safe_writes;
mod sas;
mod sheet_hd_warnings;
mod sheet_import;
mod sheet_kinds;
mod text_forms;
mod typed_paths;
mod unit_psp;
mod usage_errors;
mod wasm_files;
mod weapon;
