//! Ramza's SPR palette carried into CharCLUT (docs/mods.md "Ramza's colours"): a
//! recolour of RAMUZA.SPR, RAMUZA2.SPR or RAMUZA3.SPR reaches the classic game through the SPR,
//! and the enhanced game only through the row of `charclut.nxd` for his chapter.
//!
//! What the files say, measured on the game's `charclut.nxd` and RAMUZA.SPR:
//!
//! - RAMUZA.SPR fills palette 0 (the unit) and 8 (the portrait) only; its palette 0 is CharCLUT
//!   row (1, 0), the game's own chapter-1 colours: 9 of 16 colours equal once each 5-bit channel
//!   is widened by times 8 ([`rgb_of_word`]); of the other 7, six are one 5-bit step apart in one
//!   or more channels and colour 10 two steps in blue. Every colour of every row has its low three bits zero, so the file is written by
//!   times 8, not by the times-8-plus-a-quarter that spreads 5 bits over 0-255.
//! - The chapter is the HD table's: the SPR whose pair is 830/831, 832/833 or 834/835
//!   ([`crate::charclut::chapter_of_spr`]). Only chapter 1's tie is checked on a file (no RAMUZA2.SPR or
//!   RAMUZA3.SPR was at hand; their rows match RAMUZA.SPR's palette 0 in 2 of 16 colours, as
//!   other chapters' clothes would).
//! - The variants 1-3 of a chapter are alternates that share the game's own row's hair and skin
//!   and differ in colours 3-6; no SPR palette holds them (palettes 1-7 of RAMUZA.SPR are all
//!   zero), so a recolour of the SPR changes variant 0 only.
//!
//! So a colour of palette 0 that the recolour changed is written to the row as its word times 8;
//! a colour left as it was keeps the row's own (the game's one-step retouch stays). Which
//! colours changed is told against the retail SPR when it is at hand; without it, a colour more
//! than two steps from the row's in any channel counts as changed (the game's own row is within
//! two steps of the retail palette in every channel of every colour).

use fft_formats::nxd::{COLOURS, Rgb, rgb_of_word};
use fft_formats::spr::{Palette, STP_BIT};

/// The SPR palette the game's own row (variant 0) holds: the unit's first.
pub const SPR_PALETTE: usize = 0;
/// The CharCLUT variant an SPR recolour is carried to: the game's own.
pub const VARIANT: i32 = 0;

/// How far a colour of the game's row lies from the retail palette's at most, per channel: two
/// 5-bit steps (colour 10's blue in row (1, 0)), widened.
const RETOUCH: u8 = 16;

/// The colours of `palette` that a recolour changed, by index: those whose word (its STP bit
/// aside) differs from `retail`'s, or without `retail`, those more than two steps from `row`'s in
/// any channel.
pub fn changed(palette: &Palette, retail: Option<&Palette>, row: &[Rgb; COLOURS]) -> Vec<usize> {
    (0..COLOURS)
        .filter(|&i| match retail {
            Some(retail) => (palette[i] ^ retail[i]) & !STP_BIT != 0,
            None => !within_the_retouch(rgb_of_word(palette[i]), row[i]),
        })
        .collect()
}

/// Whether two palettes hold the same colours (their STP bits aside).
pub fn same_colours(a: &Palette, b: &Palette) -> bool {
    a.iter().zip(b).all(|(x, y)| (x ^ y) & !STP_BIT == 0)
}

/// `row` with the colours of `palette` that a recolour changed ([`changed`]) written in, each
/// its word times 8; the others as they are.
pub fn carried(
    palette: &Palette,
    retail: Option<&Palette>,
    row: &[Rgb; COLOURS],
) -> [Rgb; COLOURS] {
    let mut out = *row;
    for i in changed(palette, retail, row) {
        out[i] = rgb_of_word(palette[i]);
    }
    out
}

/// The colours of `palette` a recolour changed that `row` does not hold: the ones the enhanced
/// game would not show.
pub fn not_carried(
    palette: &Palette,
    retail: Option<&Palette>,
    row: &[Rgb; COLOURS],
) -> Vec<usize> {
    changed(palette, retail, row)
        .into_iter()
        .filter(|&i| row[i] != rgb_of_word(palette[i]))
        .collect()
}

/// Indices as a list for a message: `3, 4, 5`.
pub fn listed(indices: &[usize]) -> String {
    indices
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn within_the_retouch(a: Rgb, b: Rgb) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= RETOUCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word of 5-bit channels.
    fn word(r: u16, g: u16, b: u16) -> u16 {
        r | (g << 5) | (b << 10)
    }

    #[test]
    fn a_changed_colour_is_written_times_8_and_the_others_keep_the_row_s() {
        let mut retail = [0u16; COLOURS];
        retail[1] = word(5, 5, 4);
        retail[3] = word(5, 7, 10);
        let mut row = [[0u8; 3]; COLOURS];
        // The game's retouch: one step off in green.
        row[1] = [40, 32, 32];
        row[3] = [40, 56, 80];
        let mut palette = retail;
        palette[3] = word(1, 31, 2) | STP_BIT;
        let out = carried(&palette, Some(&retail), &row);
        assert_eq!(out[1], [40, 32, 32], "unchanged: the row's own colour");
        assert_eq!(out[3], [8, 248, 16], "changed: 1, 31, 2 times 8");
        assert_eq!(changed(&palette, Some(&retail), &row), vec![3]);
        assert_eq!(not_carried(&palette, Some(&retail), &row), vec![3]);
        assert!(not_carried(&palette, Some(&retail), &out).is_empty());
    }

    #[test]
    fn without_the_retail_palette_a_colour_two_steps_off_is_unchanged() {
        let mut palette = [0u16; COLOURS];
        palette[1] = word(5, 5, 6);
        palette[2] = word(8, 5, 4);
        let mut row = [[0u8; 3]; COLOURS];
        // (5, 4, 4) widened: palette 1 is one step off in green and two in blue; palette 2
        // three steps off in red.
        row[1] = [40, 32, 32];
        row[2] = [40, 32, 32];
        assert_eq!(changed(&palette, None, &row), vec![2]);
        assert_eq!(carried(&palette, None, &row)[2], [64, 40, 32]);
    }

    #[test]
    fn only_the_stp_bit_is_no_change() {
        let retail = [word(3, 4, 5); COLOURS];
        let palette = [word(3, 4, 5) | STP_BIT; COLOURS];
        assert!(changed(&palette, Some(&retail), &[[0; 3]; COLOURS]).is_empty());
    }
}
