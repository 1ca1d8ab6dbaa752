//! The synthetic demo pair, compiled in: a hand-written SHP and SEQ encoded by our own encoder
//! (`fixtures/demo/`, written by `cargo xtask bless`), built with [`crate::Profile::demo`], so that
//! every tool works on a fresh clone without game files.

/// The synthetic demo SHP.
pub const DEMO_SHP: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SHP");
/// The synthetic demo SEQ.
pub const DEMO_SEQ: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SEQ");
