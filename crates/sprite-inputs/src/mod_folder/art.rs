//! Whether an HD half in a mod is the art of the unit the HD table gives its number
//! (docs/mods.md "mod check"): the loader draws `tex_N.bin` as that unit whatever it holds, so a
//! pair written from another unit's sheet (`sheet upscale RAMUZA.SPR -o tex_992.bin`) dresses the
//! squire as Ramza. The half's silhouette is laid over the unit's SPR at twice its size
//! ([`fft_formats::hd::agreement`]): a pair and its own SPR agree at an IoU of 0.94-0.96
//! (docs/remaster.md "How the HD art relates to the SPR"), the test pairs and the other units'
//! SPRs at 0.55-0.77, so under [`OWN_ART_IOU`] the art is said to be another's.

use fft_formats::hd::{HdPart, agreement};
use fft_formats::spr::Spr;

use crate::names::hd::unit_of_tex;

/// The least IoU of a half and its own unit's SPR: below the 0.94 the three test pairs reach,
/// above the 0.77 the nearest other unit's reaches.
pub const OWN_ART_IOU: f64 = 0.9;

/// The warning for the half `tex_<n>.bin` (`bytes`) when its art is not its unit's by the HD
/// table, `spr` being that unit's SPR; `None` when it agrees, when the table does not list `n`,
/// or when either does not decode (an error said elsewhere).
pub fn another_unit_s_art(n: u32, bytes: &[u8], spr: &[u8]) -> Option<String> {
    let (pair, _) = unit_of_tex(n)?;
    let part = HdPart::decode(bytes).ok()?;
    let spr = Spr::decode(spr).ok()?;
    let iou = agreement(&part, &spr).ok()?.iou();
    (iou < OWN_ART_IOU).then(|| {
        format!(
            "by the HD table tex {n} is {pair}, and its art is not {}'s: its silhouette agrees \
             with {} at {iou:.2} (a half and its own unit's SPR agree at {OWN_ART_IOU} or \
             more); the enhanced game draws it as {} (another unit's art goes in that unit's \
             pair)",
            pair.unit,
            pair.spr_remaster_name(),
            pair.unit
        )
    })
}
