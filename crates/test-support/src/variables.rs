//! The variables the tests read, by name: where the game files and tables are, and what turns a
//! missing one (or a missing tool) into a failure. `skips` lists them with what each turns on;
//! the folders' own (`FFT_ORIGINALS`, `FFT_SHEETS`) are `sprite_inputs::retail`'s, which the tools
//! read too.

pub use sprite_inputs::retail::{ORIGINALS_VAR, SHEETS_VAR};

/// The variable naming the folder of FFTorama's decoded tables.
pub const FFTORAMA_VAR: &str = "FFT_FFTORAMA";
/// The variable naming the folder of the weapons sheet.
pub const WEAPONS_VAR: &str = "FFT_WEAPONS";
/// The variable naming the folder of the remaster's HD sheets and their SPRs.
pub const HD_VAR: &str = "FFT_HD";
/// The variable naming the folder of the remaster's NXD tables (`charclut.nxd`).
pub const NXD_VAR: &str = "FFT_NXD";
/// The variable naming the folder of the remaster's War of the Lions sheets (`fftpack/unit_psp/`).
pub const UNIT_PSP_VAR: &str = "FFT_UNIT_PSP";
/// The variable naming the folder of the remaster's `.pac` archives.
pub const PAC_VAR: &str = "FFT_PAC";
/// The variable naming a remaster install (its folder, or its `data/enhanced`), for the tests that
/// read the real archives; no default.
pub const GAME_VAR: &str = "FFT_GAME";
/// The variable that turns a missing file into a failure.
pub const REQUIRE_VAR: &str = "FFT_REQUIRE_ORIGINALS";
/// Turns a missing `node` into a failure (besides `FFT_REQUIRE_ORIGINALS=1`, which CI sets).
pub const REQUIRE_NODE_VAR: &str = "FFT_REQUIRE_NODE";
/// Turns a missing browser into a failure.
pub const REQUIRE_BROWSER_VAR: &str = "FFT_REQUIRE_BROWSER";
