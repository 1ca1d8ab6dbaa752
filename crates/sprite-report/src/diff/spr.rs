//! Two SPR sheets: the layout, each palette whose colours changed, and how many pixels changed
//! and where.

use fft_formats::spr::{COLOUR_BYTES, PALETTE_COLOURS, Spr, SprVariant, WIDTH};

use super::{PathStep, Side, finding};
use crate::Result;
use crate::findings::Finding;

pub(super) fn diff(a: &Side, b: &Side) -> Result<Vec<Finding>> {
    let left = Spr::decode(&a.bytes).map_err(|e| a.error(e))?;
    let right = Spr::decode(&b.bytes).map_err(|e| b.error(e))?;
    let mut out = Vec::new();
    if left.variant != right.variant {
        out.push(finding(
            "layout",
            &[PathStep::Key("variant")],
            format!(
                "layout: A {} ({} x {}), B {} ({} x {})",
                left.variant,
                WIDTH,
                left.height(),
                right.variant,
                WIDTH,
                right.height()
            ),
            Some(left.variant.name().into()),
            Some(right.variant.name().into()),
        ));
    }
    for p in 0..left.palettes.len().max(right.palettes.len()) {
        let (l, r) = (left.palettes.get(p), right.palettes.get(p));
        let text = match (l, r) {
            (Some(l), Some(r)) if l == r => continue,
            (Some(l), Some(r)) => {
                // Both sides hold palette `p`; where it is stored comes from A's layout.
                let palette_at = left.variant.palette_at(p).unwrap_or_default();
                let changed: Vec<String> = (0..PALETTE_COLOURS)
                    .filter(|&c| l[c] != r[c])
                    .map(|c| {
                        format!(
                            "{c} (byte 0x{:X}) A 0x{:04X} B 0x{:04X}",
                            palette_at + COLOUR_BYTES * c,
                            l[c],
                            r[c]
                        )
                    })
                    .collect();
                format!(
                    "palette {p}: {} colour{} changed: {}",
                    changed.len(),
                    if changed.len() == 1 { "" } else { "s" },
                    changed.join("; ")
                )
            }
            (Some(_), None) => format!("palette {p}: only in A"),
            _ => format!("palette {p}: only in B"),
        };
        out.push(finding(
            "palettes",
            &[PathStep::Key("palettes"), PathStep::Index(p)],
            text,
            l.map(|l| l.to_vec().into()),
            r.map(|r| r.to_vec().into()),
        ));
    }
    let rows = left.height().min(right.height());
    let mut changed = 0usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..rows {
        for x in 0..WIDTH {
            if left.pixel(x, y) != right.pixel(x, y) {
                changed += 1;
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    if changed > 0 {
        out.push(finding(
            "pixels",
            &[PathStep::Key("pixels")],
            format!(
                "pixels: {changed} of {} changed, within columns {x0}..={x1}, rows {y0}..={y1}",
                WIDTH * rows
            ),
            None,
            Some(changed.into()),
        ));
    }
    if left.height() != right.height() {
        out.push(finding(
            "pixels",
            &[PathStep::Key("rows")],
            format!(
                "rows: A {}, B {} (only the first {rows} compared)",
                left.height(),
                right.height()
            ),
            Some(left.height().into()),
            Some(right.height().into()),
        ));
    }
    if left.padding != right.padding {
        out.push(finding(
            "padding",
            &[PathStep::Key("padding")],
            format!(
                "zero bytes after the pixels: A {}, B {}",
                left.padding, right.padding
            ),
            Some(left.padding.into()),
            Some(right.padding.into()),
        ));
    }
    Ok(out)
}

/// Two halves of HD sheets (`tex_N.bin`): which half each is, and how many pixels changed and
/// where (the pair holds indices only; its colours are its SPR's).
pub(super) fn diff_hd_half(a: &Side, b: &Side) -> Result<Vec<Finding>> {
    use fft_formats::hd::{HdPart, WIDTH};
    let left = HdPart::decode(&a.bytes).map_err(|e| a.error(e))?;
    let right = HdPart::decode(&b.bytes).map_err(|e| b.error(e))?;
    if left.half != right.half {
        return Ok(vec![finding(
            "layout",
            &[PathStep::Key("half")],
            format!(
                "half: A {}, B {}: the two files are the two halves of a pair, not two copies of one",
                left.half.in_words(),
                right.half.in_words()
            ),
            Some(left.half.name().into()),
            Some(right.half.name().into()),
        )]);
    }
    let mut changed = 0usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (l, r)) in left.pixels.iter().zip(&right.pixels).enumerate() {
        if l != r {
            let (x, y) = (i % WIDTH, i / WIDTH);
            changed += 1;
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    if changed == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![finding(
        "pixels",
        &[PathStep::Key("pixels")],
        format!(
            "pixels: {changed} of {} changed, within columns {x0}..={x1}, rows {y0}..={y1} of the \
             {} half",
            left.pixels.len(),
            left.half
        ),
        None,
        Some(changed.into()),
    )])
}

/// How a sheet differs from another, in brief: what `sheet import` and `mod add` say of the
/// sheet they made against the one it was painted from (the lines of a diff say where).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetChange {
    /// The same sheet, byte for byte.
    Same,
    /// Another layout: `like`'s, then this one's.
    OtherLayout { like: SprVariant, this: SprVariant },
    /// The same layout: how many pixels and palette colours differ, and the two paddings
    /// (this one's, then `like`'s) when they differ.
    Differs {
        pixels: usize,
        colours: usize,
        padding: Option<(usize, usize)>,
    },
}

/// How `spr` differs from `like`.
pub fn sheet_change(spr: &Spr, like: &Spr) -> SheetChange {
    if spr == like {
        return SheetChange::Same;
    }
    if spr.variant != like.variant {
        return SheetChange::OtherLayout {
            like: like.variant,
            this: spr.variant,
        };
    }
    let pixels = spr
        .pixels
        .iter()
        .zip(&like.pixels)
        .filter(|(a, b)| a != b)
        .count();
    let colours = spr
        .palettes
        .iter()
        .flatten()
        .zip(like.palettes.iter().flatten())
        .filter(|(a, b)| a != b)
        .count();
    SheetChange::Differs {
        pixels,
        colours,
        padding: (spr.padding != like.padding).then_some((spr.padding, like.padding)),
    }
}

#[cfg(test)]
mod tests {
    use fft_formats::spr::{PALETTE_COLOURS, Spr, SprVariant, WIDTH};

    use super::{SheetChange, sheet_change};

    /// A blank sheet of `variant`: 16 palettes of black, every pixel index 0.
    fn blank(variant: SprVariant) -> Spr {
        Spr {
            variant,
            palettes: vec![[0; PALETTE_COLOURS]; 16],
            pixels: vec![0; WIDTH * variant.height()],
            padding: 0,
        }
    }

    /// Counted by hand: three pixels and two colours changed, one zero byte more at the end.
    #[test]
    fn a_sheet_is_the_same_another_layout_or_so_many_pixels_and_colours() {
        let like = blank(SprVariant::Standard);
        assert_eq!(sheet_change(&like.clone(), &like), SheetChange::Same);
        let mut painted = like.clone();
        painted.pixels[0] = 1;
        painted.pixels[WIDTH] = 2;
        painted.pixels[WIDTH * 487 + 255] = 15;
        painted.palettes[0][1] = 0x7FFF;
        painted.palettes[15][15] = 0x001F;
        painted.padding = 1;
        assert_eq!(
            sheet_change(&painted, &like),
            SheetChange::Differs {
                pixels: 3,
                colours: 2,
                padding: Some((1, 0))
            }
        );
        let other = blank(SprVariant::Sp2);
        assert_eq!(
            sheet_change(&other, &like),
            SheetChange::OtherLayout {
                like: SprVariant::Standard,
                this: SprVariant::Sp2
            }
        );
    }
}
