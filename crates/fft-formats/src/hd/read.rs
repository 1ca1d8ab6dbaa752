//! Decoding HD pairs: each file's half told from its size, its bytes unpacked to indices, then
//! the two halves joined, upper first. Mirrors `write.rs`. Nothing is allocated before the size
//! is known to be one of the two, so a hostile file costs at most one half.

use super::{HEIGHT, HdHalf, HdPart, HdSheet, WIDTH};
use crate::error::{CodecError, DecodeError, Error, ErrorKind, FieldPath, Position};
use crate::spr::record::unpack_nibbles;

impl HdPart {
    /// Decodes one file of a pair: 131,072 bytes is the upper half, 118,784 the lower.
    ///
    /// # Errors
    /// [`ErrorKind::BadSize`] for any other size, naming both.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let half = HdHalf::of_len(bytes.len()).ok_or_else(|| size_error(bytes.len()))?;
        let mut pixels = vec![0; WIDTH * half.height()];
        unpack_nibbles(bytes, &mut pixels);
        Ok(Self { half, pixels })
    }
}

impl HdSheet {
    /// Decodes a pair: `upper` is `tex_N.bin` (the even number), `lower` is `tex_N+1.bin`.
    ///
    /// # Errors
    /// A file of neither size ([`ErrorKind::BadSize`], the path naming the first or second file),
    /// or two files that are no pair in this order ([`HdSheet::join`]).
    pub fn decode(upper: &[u8], lower: &[u8]) -> Result<Self, DecodeError> {
        let first = HdHalf::of_len(upper.len())
            .ok_or_else(|| in_file(size_error(upper.len()), "first file"))?;
        let second = HdHalf::of_len(lower.len())
            .ok_or_else(|| in_file(size_error(lower.len()), "second file"))?;
        pair_order(first, second)?;
        // Both halves unpacked into the one sheet, in place.
        let mut pixels = vec![0; WIDTH * HEIGHT];
        let (top, bottom) = pixels.split_at_mut(WIDTH * HdHalf::Upper.height());
        unpack_nibbles(upper, top);
        unpack_nibbles(lower, bottom);
        Ok(Self { pixels })
    }

    /// The sheet of two decoded halves, `upper` first.
    ///
    /// # Errors
    /// [`ErrorKind::NotAPair`]: two halves of the same kind, or the lower half given first.
    pub fn join(upper: HdPart, lower: HdPart) -> Result<Self, DecodeError> {
        pair_order(upper.half, lower.half)?;
        let mut pixels = upper.pixels;
        pixels.extend_from_slice(&lower.pixels);
        Ok(Self { pixels })
    }
}

/// Refuses two halves that are no pair in this order.
fn pair_order(first: HdHalf, second: HdHalf) -> Result<(), DecodeError> {
    match (first, second) {
        (HdHalf::Upper, HdHalf::Lower) => Ok(()),
        (HdHalf::Lower, HdHalf::Upper) => Err(Error::decode(
            ErrorKind::NotAPair,
            0,
            FieldPath::part("HD pair").then_part("first file"),
            format!(
                "{} (tex_N.bin, the even number) first",
                HdHalf::Upper.in_words()
            ),
            format!(
                "{}: the pair is given in the wrong order",
                HdHalf::Lower.in_words()
            ),
        )),
        (same, _) => {
            let other = match same {
                HdHalf::Upper => HdHalf::Lower,
                HdHalf::Lower => HdHalf::Upper,
            };
            Err(Error::decode(
                ErrorKind::NotAPair,
                0,
                FieldPath::part("HD pair").then_part(match same {
                    HdHalf::Upper => "second file",
                    HdHalf::Lower => "first file",
                }),
                other.in_words(),
                format!("{} too: two halves of the same kind", same.in_words()),
            ))
        }
    }
}

/// A file that is neither half: where its bytes stop fitting either size (its end, or the end of
/// the upper half for a longer file) and what the two sizes are.
fn size_error(len: usize) -> Error {
    let offset = len.min(HdHalf::Upper.file_len());
    Error::decode(
        ErrorKind::BadSize,
        offset,
        "HD sheet half (tex file)",
        format!(
            "{} or {}",
            HdHalf::Upper.in_words(),
            HdHalf::Lower.in_words()
        ),
        format!("a file of {len} bytes"),
    )
}

/// `error` with the file of the pair it is in before its path.
fn in_file(error: Error, file: &'static str) -> Error {
    match error {
        Error::Codec(CodecError::Decode {
            kind,
            at,
            expected,
            found,
        }) => {
            let mut frames = FieldPath::part("HD pair").then_part(file);
            frames.0.extend(at.path.0);
            Error::Codec(CodecError::Decode {
                kind,
                at: Position {
                    offset: at.offset,
                    path: frames,
                },
                expected,
                found,
            })
        }
        other => other,
    }
}
