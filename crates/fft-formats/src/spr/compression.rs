//! The run-length coding of zero pixels that holds the lower rows of standard and tall sheets
//! (docs/formats/spr.md 4.5).
//!
//! The stream is read as nibbles, the high half of each byte first. A non-zero nibble is one
//! pixel; a zero nibble starts a run of zero pixels:
//!
//! | nibbles | zeros |
//! |---|---|
//! | `0 s`, s in 1-6 or 9-15 | s |
//! | `0 0 c` | c (0-15) |
//! | `0 7 a b` | a + 16 b |
//! | `0 8 a b c` | a + 16 b + 256 c |
//!
//! The decoded nibbles come in pairs in reverse screen order: stream nibble `p` is pixel `p ^ 1`.
//! There is no length field and no end marker; the stream stops when the fixed pixel count is
//! reached. An odd nibble count leaves a pad nibble in the low half of the last byte.

use crate::error::{DecodeError, EncodeError, Error, ErrorKind};

/// The longest zero run one token holds (`0 8 f f f`).
pub const MAX_RUN: usize = 0xFFF;

/// The pixels a stream gave, and how much of it the tokens used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decompressed {
    /// Palette indices in screen order (pairs already swapped back).
    pub pixels: Vec<u8>,
    /// Nibbles the tokens used, from the start of the stream. When odd, the low half of the last
    /// byte read is the pad nibble.
    pub nibbles: usize,
}

impl Decompressed {
    /// Bytes the tokens touched, the pad nibble's byte included.
    pub fn bytes(&self) -> usize {
        self.nibbles.div_ceil(2)
    }
}

/// Where stream nibble `p` goes in screen order, for `count` pixels. An odd count leaves the last
/// pixel unpaired, in place.
fn screen_index(p: usize, count: usize) -> usize {
    if p ^ 1 < count { p ^ 1 } else { p }
}

/// Reads nibbles high half first; `pos` counts nibbles.
struct Nibbles<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Nibbles<'_> {
    fn next(&mut self) -> Option<u8> {
        let byte = *self.bytes.get(self.pos / 2)?;
        let nibble = if self.pos % 2 == 0 {
            byte >> 4
        } else {
            byte & 0x0F
        };
        self.pos += 1;
        Some(nibble)
    }

    /// `digits` nibbles as one number, least significant first.
    fn number(&mut self, digits: u32) -> Option<usize> {
        let mut value = 0;
        for i in 0..digits {
            value |= usize::from(self.next()?) << (4 * i);
        }
        Some(value)
    }
}

/// Decodes exactly `pixel_count` pixels from the start of `stream`; bytes after the last token
/// are not looked at. `file_offset` is where `stream` starts in the file, for error offsets.
///
/// Allocates `pixel_count` bytes whatever the stream holds, and reads each nibble once.
///
/// # Errors
/// When the stream ends before `pixel_count` pixels (at the end of the stream), or a zero run goes
/// past them (at the run's token).
pub fn decompress(
    stream: &[u8],
    pixel_count: usize,
    file_offset: usize,
) -> Result<Decompressed, DecodeError> {
    let mut pixels = vec![0; pixel_count];
    let mut reader = Nibbles {
        bytes: stream,
        pos: 0,
    };
    let mut produced = 0;
    while produced < pixel_count {
        let token_at = reader.pos;
        let ran_out = || {
            Error::decode(
                ErrorKind::BadCompression,
                file_offset + stream.len(),
                "compressed stream",
                format!(
                    "{} more pixels (the stream holds {pixel_count})",
                    pixel_count - produced
                ),
                if token_at == 2 * stream.len() {
                    "end of file".to_string()
                } else {
                    format!(
                        "end of file inside the token at byte 0x{:X}",
                        file_offset + token_at / 2
                    )
                },
            )
        };
        let first = reader.next().ok_or_else(ran_out)?;
        if first != 0 {
            pixels[screen_index(produced, pixel_count)] = first;
            produced += 1;
            continue;
        }
        let run = match reader.next().ok_or_else(ran_out)? {
            0 => reader.number(1),
            7 => reader.number(2),
            8 => reader.number(3),
            short => Some(usize::from(short)),
        }
        .ok_or_else(ran_out)?;
        let left = pixel_count - produced;
        if run > left {
            return Err(Error::decode(
                ErrorKind::BadCompression,
                file_offset + token_at / 2,
                "compressed stream, zero run",
                format!("at most {left} zeros (the pixels left of {pixel_count})"),
                format!("a run of {run}"),
            ));
        }
        // The pixels are 0 already.
        produced += run;
    }
    Ok(Decompressed {
        pixels,
        nibbles: reader.pos,
    })
}

/// Encodes `pixels` (screen order) with the rules that give the retail files back: each zero
/// run as long as possible up to [`MAX_RUN`], in its shortest token; a 0 pad nibble when the
/// count of nibbles is odd.
///
/// # Errors
/// When a pixel is over 15.
pub fn compress(pixels: &[u8]) -> Result<Vec<u8>, EncodeError> {
    let count = pixels.len();
    if let Some(index) = pixels.iter().position(|v| *v > 0x0F) {
        return Err(Error::encode(
            ErrorKind::OutOfRange,
            format!("compressed pixel {index}"),
            format!("palette index {} does not fit in 4 bits", pixels[index]),
        ));
    }
    let at = |p: usize| pixels[screen_index(p, count)];
    // Worst case: a literal and a one-zero run in turn, 3 nibbles per 2 pixels.
    let mut nibbles = Vec::with_capacity(count / 2 * 3 + 2);
    let mut p = 0;
    while p < count {
        let value = at(p);
        if value != 0 {
            nibbles.push(value);
            p += 1;
            continue;
        }
        let mut run = 1;
        while run < MAX_RUN && p + run < count && at(p + run) == 0 {
            run += 1;
        }
        push_run(&mut nibbles, run);
        p += run;
    }
    if nibbles.len() % 2 == 1 {
        nibbles.push(0);
    }
    Ok(nibbles
        .chunks_exact(2)
        .map(|pair| (pair[0] << 4) | pair[1])
        .collect())
}

/// The shortest token for a run of `run` zeros (1 to [`MAX_RUN`]).
fn push_run(nibbles: &mut Vec<u8>, run: usize) {
    debug_assert!((1..=MAX_RUN).contains(&run));
    let digit = |i: u32| ((run >> (4 * i)) & 0x0F) as u8;
    match run {
        // `0 7` and `0 8` start the longer tokens, so these two need the 3-nibble form.
        7 | 8 => nibbles.extend_from_slice(&[0, 0, digit(0)]),
        1..=15 => nibbles.extend_from_slice(&[0, digit(0)]),
        16..=0xFF => nibbles.extend_from_slice(&[0, 7, digit(0), digit(1)]),
        _ => nibbles.extend_from_slice(&[0, 8, digit(0), digit(1), digit(2)]),
    }
}
