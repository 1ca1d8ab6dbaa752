//! Reading and writing the fixed records that the codecs declare with binrw.
//!
//! A record is declared once (`#[binrw]`) and both directions come from that declaration. Reading
//! goes through [`Source`], a byte slice as binrw's reader that remembers the first read the
//! bytes were too short for, so that a file cut short is reported at the field it ends in, named
//! by the record's `err_context` frames ([`PathFrame`]), with the same words as every other error
//! of the crate. What a declaration cannot say (records back to back, lengths that must agree) the
//! codecs check right after the read.

use std::io::{self, Read, Seek, SeekFrom, Write};

use binrw::error::BacktraceFrame;
use binrw::meta::{ReadEndian, WriteEndian};
use binrw::{BinRead, BinResult, BinWrite, Endian};

use crate::error::{Error, ErrorKind, FieldPath, PathFrame};

/// A byte slice as a binrw reader. `short` is where the first read past the end started and how
/// many bytes it wanted.
struct Source<'a> {
    bytes: &'a [u8],
    pos: usize,
    short: Option<(usize, usize)>,
}

impl Read for Source<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let rest = self.bytes.get(self.pos..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos += n;
        Ok(n)
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
        let wanted = buf.len();
        match self
            .pos
            .checked_add(wanted)
            .and_then(|end| self.bytes.get(self.pos..end))
        {
            Some(stored) => {
                buf.copy_from_slice(stored);
                self.pos += wanted;
                Ok(())
            }
            None => {
                self.short.get_or_insert((self.pos, wanted));
                Err(io::ErrorKind::UnexpectedEof.into())
            }
        }
    }
}

impl Seek for Source<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let pos = match to {
            SeekFrom::Start(at) => usize::try_from(at).ok(),
            SeekFrom::Current(by) => self.pos.checked_add_signed(by as isize),
            SeekFrom::End(by) => self.bytes.len().checked_add_signed(by as isize),
        };
        self.pos = pos.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        Ok(self.pos as u64)
    }

    fn stream_position(&mut self) -> io::Result<u64> {
        Ok(self.pos as u64)
    }
}

/// Reads the record `T` at byte `at` of `bytes`. `path` names the record; the field a short file
/// ends in is added from the declaration's `err_context`.
///
/// # Errors
/// [`ErrorKind::UnexpectedEnd`] at the field the file ends in, or at the end of the file when the
/// record starts past it.
pub(crate) fn read<T>(bytes: &[u8], at: usize, path: impl FnOnce() -> FieldPath) -> Result<T, Error>
where
    T: BinRead + ReadEndian,
    for<'b> T::Args<'b>: Default,
{
    let mut source = Source {
        bytes,
        pos: at,
        short: None,
    };
    T::read(&mut source).map_err(|error| {
        let mut path = path();
        if let binrw::Error::Backtrace(backtrace) = &error {
            // binrw lists the frames innermost first.
            for frame in backtrace.frames.iter().rev() {
                if let BacktraceFrame::Custom(custom) = frame
                    && let Some(frame) = custom.as_any().downcast_ref::<PathFrame>()
                {
                    path = path.clone().then(frame.clone());
                }
            }
        }
        let (offset, wanted) = source.short.unwrap_or((at, 0));
        cut_short(bytes.len(), offset, wanted, path)
    })
}

/// A field of `wanted` bytes at `offset` that a file of `len` bytes does not hold whole.
pub(crate) fn cut_short(len: usize, offset: usize, wanted: usize, path: FieldPath) -> Error {
    // A read that starts past the end (a field after a table the file is too short for) is
    // reported where the file ends, so that an error offset always lies in the file.
    if offset > len {
        return Error::decode(
            ErrorKind::UnexpectedEnd,
            len,
            path.then(PathFrame::At(offset)),
            format!("{wanted} bytes there"),
            format!("the end of the file at 0x{len:X}"),
        );
    }
    Error::decode(
        ErrorKind::UnexpectedEnd,
        offset,
        path,
        format!("{wanted} more bytes"),
        format!("end of file after {} bytes", len - offset),
    )
}

/// Appends the record `value` to `out`.
pub(crate) fn write<T>(out: &mut Vec<u8>, value: &T)
where
    T: BinWrite + WriteEndian,
    for<'b> T::Args<'b>: Default,
{
    let mut cursor = io::Cursor::new(std::mem::take(out));
    cursor.set_position(cursor.get_ref().len() as u64);
    // Writing to memory fails only when memory does, which aborts anyway.
    value.write(&mut cursor).expect("a record writes to memory");
    *out = cursor.into_inner();
}

/// `N` bytes kept as they are, read and written whole (binrw reads an array byte by byte, which
/// would report a cut-short block at its last byte instead of its start).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Raw<const N: usize>(pub [u8; N]);

impl<const N: usize> BinRead for Raw<N> {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, _: Endian, (): ()) -> BinResult<Self> {
        let mut bytes = [0; N];
        reader.read_exact(&mut bytes)?;
        Ok(Self(bytes))
    }
}

impl<const N: usize> BinWrite for Raw<N> {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, writer: &mut W, _: Endian, (): ()) -> BinResult<()> {
        writer.write_all(&self.0)?;
        Ok(())
    }
}

/// A bit field of a packed word, declared once and used by both directions: `width` bits from
/// bit `shift`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bits {
    pub shift: u32,
    pub width: u32,
}

impl Bits {
    /// The largest value the field holds.
    pub const fn max(self) -> u32 {
        u32::MAX >> (32 - self.width)
    }

    /// The field's value in `word`.
    pub const fn get(self, word: u32) -> u32 {
        (word >> self.shift) & self.max()
    }

    /// `value` placed in the field, or `None` when it does not fit.
    pub const fn put(self, value: u32) -> Option<u32> {
        if value > self.max() {
            None
        } else {
            Some(value << self.shift)
        }
    }
}
