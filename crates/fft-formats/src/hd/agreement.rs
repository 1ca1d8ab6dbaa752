//! How far an HD half agrees with its SPR drawn at twice the size (docs/remaster.md "How the HD
//! art relates to the SPR"): what `inspect` says of a tex file, and how a test tells a pair from
//! the wrong unit's.
//!
//! The SPR is doubled by nearest neighbour (each pixel a 2 x 2 block) and laid over the half.
//! A pixel is opaque where its index is not 0. The silhouettes are compared as sets of opaque
//! pixels (their intersection over their union, and how much of the SPR's the HD covers), and
//! where both are opaque the indices themselves: the art is redrawn, so they differ more often
//! than the outline does.

use super::{HdHalf, HdPart, HdSheet, SCALE, WIDTH, check_standard};
use crate::error::{Error, ErrorKind};
use crate::spr::{self, Spr};

/// The counts behind an agreement, and the ratios made of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Agreement {
    /// Opaque pixels of the HD art.
    pub hd_opaque: usize,
    /// Opaque pixels of the SPR at twice the size (four for each of its own).
    pub spr_opaque: usize,
    /// Pixels opaque in both.
    pub both_opaque: usize,
    /// Of those, the pixels whose index is the same in both.
    pub same_index: usize,
}

impl Agreement {
    /// Pixels opaque in either.
    pub fn either_opaque(&self) -> usize {
        self.hd_opaque + self.spr_opaque - self.both_opaque
    }

    /// The silhouettes' intersection over their union, 0 to 1 (1 for two empty ones).
    pub fn iou(&self) -> f64 {
        ratio(self.both_opaque, self.either_opaque())
    }

    /// How much of the SPR's silhouette the HD art covers, 0 to 1.
    pub fn coverage(&self) -> f64 {
        ratio(self.both_opaque, self.spr_opaque)
    }

    /// Of the pixels opaque in both, how many have the same index, 0 to 1.
    pub fn index_match(&self) -> f64 {
        ratio(self.same_index, self.both_opaque)
    }

    fn add(self, other: Agreement) -> Agreement {
        Agreement {
            hd_opaque: self.hd_opaque + other.hd_opaque,
            spr_opaque: self.spr_opaque + other.spr_opaque,
            both_opaque: self.both_opaque + other.both_opaque,
            same_index: self.same_index + other.same_index,
        }
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

/// How far `part` agrees with `spr`'s rows for its half, at twice their size.
///
/// # Errors
/// An SPR that is not a standard sheet; a part with another number of pixels than its half has.
pub fn agreement(part: &HdPart, spr: &Spr) -> Result<Agreement, Error> {
    check_standard(spr)?;
    if part.pixels.len() != WIDTH * part.half.height() {
        return Err(Error::encode(
            ErrorKind::Mismatch,
            "pixels",
            format!(
                "{} of them, but the {} half is {WIDTH} x {}",
                part.pixels.len(),
                part.half,
                part.half.height()
            ),
        ));
    }
    Ok(count_rows(&part.pixels, part.half.spr_rows().start, spr))
}

impl HdSheet {
    /// How far the whole sheet agrees with `spr` at twice its size: both halves' counts summed.
    ///
    /// # Errors
    /// As [`agreement`].
    pub fn agreement(&self, spr: &Spr) -> Result<Agreement, Error> {
        check_standard(spr)?;
        if self.pixels.len() != WIDTH * super::HEIGHT {
            return Err(Error::encode(
                ErrorKind::Mismatch,
                "pixels",
                format!(
                    "{} of them, but an HD pair is {WIDTH} x {}",
                    self.pixels.len(),
                    super::HEIGHT
                ),
            ));
        }
        Ok(HdHalf::BOTH
            .into_iter()
            .map(|half| count_rows(self.half_pixels(half), half.spr_rows().start, spr))
            .fold(Agreement::default(), Agreement::add))
    }
}

/// The counts for `pixels`, rows at twice the size of `spr`'s from `first_spr_row` on (shapes
/// checked by the callers: a pair's half, or an SP2 at twice the size from row 0).
pub(super) fn count_rows(pixels: &[u8], first_spr_row: usize, spr: &Spr) -> Agreement {
    let mut out = Agreement::default();
    for (y, row) in pixels.chunks_exact(WIDTH).enumerate() {
        let spr_row = &spr.pixels[(first_spr_row + y / SCALE) * spr::WIDTH..][..spr::WIDTH];
        for (x, &hd) in row.iter().enumerate() {
            let sd = spr_row[x / SCALE];
            out.hd_opaque += usize::from(hd != 0);
            out.spr_opaque += usize::from(sd != 0);
            if hd != 0 && sd != 0 {
                out.both_opaque += 1;
                out.same_index += usize::from(hd == sd);
            }
        }
    }
    out
}
