//! Sectors: where logical sector N of the data track is in the image file, and its 2048 bytes
//! of user data, in either sector form. The form is told from the bytes: a raw image opens with
//! the sync pattern and holds the volume descriptors at sector 16 of 2352 bytes; a cooked one
//! holds them at byte 16 x 2048.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::sync::Mutex;

use crate::edc_ecc::{self, RAW_SECTOR, RawKind, SYNC};

/// Bytes of user data in a logical sector (ISO 9660's logical block).
pub const USER_DATA: usize = 2048;
/// The first volume descriptor's sector.
pub const DESCRIPTORS_AT: u64 = 16;

/// How sectors are stored in the image file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectorForm {
    /// 2048 bytes a sector, the user data only (`.iso`, a `MODE1/2048` track).
    Cooked,
    /// 2352 bytes a sector: sync, header, (subheader,) user data, EDC and ECC (`.bin`, `.img`).
    Raw,
}

impl SectorForm {
    pub fn sector_size(self) -> u64 {
        match self {
            Self::Cooked => USER_DATA as u64,
            Self::Raw => RAW_SECTOR as u64,
        }
    }
}

/// The bytes an image is read from: a file, memory (tests, the fuzz target), or what a caller
/// fetches on demand ([`crate::Disc::from_storage_named`]: a web page reads the user's image a
/// slice at a time, never whole).
pub trait Storage: Send + Sync {
    /// The image's length in bytes.
    fn len(&self) -> u64;
    /// Whether the image has no bytes at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Fills `buf` with the bytes from `offset`; an error when they cannot be had (past the end,
    /// or not fetched yet), which the reader says as the image's I/O error.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()>;
}

impl Storage for Vec<u8> {
    fn len(&self) -> u64 {
        self.len() as u64
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        let start = usize::try_from(offset).map_err(|_| io::ErrorKind::UnexpectedEof)?;
        let bytes = start
            .checked_add(buf.len())
            .and_then(|end| self.get(start..end))
            .ok_or(io::ErrorKind::UnexpectedEof)?;
        buf.copy_from_slice(bytes);
        Ok(())
    }
}

/// An open image file, read by seeking (a disc image is hundreds of megabytes: never read whole).
pub(crate) struct FileStorage {
    file: Mutex<File>,
    len: u64,
}

impl FileStorage {
    pub(crate) fn new(file: File) -> io::Result<Self> {
        let len = file.metadata()?.len();
        Ok(Self {
            file: Mutex::new(file),
            len,
        })
    }
}

impl Storage for FileStorage {
    fn len(&self) -> u64 {
        self.len
    }
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()> {
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// Where the data track's sectors are in the data file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub form: SectorForm,
    /// Byte offset of logical sector 0 in the data file.
    pub start: u64,
    /// Whole sectors the file holds from `start`.
    pub sectors: u64,
}

impl Layout {
    pub fn offset(&self, lba: u64) -> u64 {
        self.start + lba * self.form.sector_size()
    }
}

/// Whether the bytes at `start` read as an ISO 9660 volume in this form: the sync pattern (raw)
/// and a volume descriptor's "CD001" at sector 16.
pub(crate) fn probe(storage: &dyn Storage, start: u64, form: SectorForm) -> bool {
    let layout = Layout {
        form,
        start,
        sectors: u64::MAX,
    };
    let at = layout.offset(DESCRIPTORS_AT);
    match form {
        SectorForm::Cooked => {
            let mut id = [0u8; 6];
            storage.read_at(at, &mut id).is_ok() && &id[1..6] == b"CD001"
        }
        SectorForm::Raw => {
            let mut first = [0u8; 12];
            let mut sector = [0u8; RAW_SECTOR];
            if storage.read_at(start, &mut first).is_err()
                || first != SYNC
                || storage.read_at(at, &mut sector).is_err()
                || sector[..12] != SYNC
            {
                return false;
            }
            match RawKind::of(&sector) {
                Some(RawKind::Mode1 | RawKind::Mode2Form1) => {
                    let data = RawKind::of(&sector).map_or(16..16, RawKind::user_data);
                    &sector[data.start + 1..data.start + 6] == b"CD001"
                }
                _ => false,
            }
        }
    }
}

/// The raw sector of logical sector `lba`: sync, the BCD address and the mode, the subheader (Mode 2: a data sector of file 0,
/// channel 0), `data` padded with zeros, and the EDC and ECC.
pub fn raw_sector(data: &[u8], lba: u64, kind: RawKind) -> [u8; RAW_SECTOR] {
    let mut sector = [0u8; RAW_SECTOR];
    sector[..12].copy_from_slice(&SYNC);
    // The address is the sector's time on the disc: logical sector 0 is 2 seconds (150 frames) in.
    let frames = lba + 150;
    let bcd = |n: u64| ((n / 10) << 4 | (n % 10)) as u8;
    sector[12] = bcd(frames / (60 * 75) % 100);
    sector[13] = bcd(frames / 75 % 60);
    sector[14] = bcd(frames % 75);
    sector[15] = if kind == RawKind::Mode1 { 1 } else { 2 };
    if kind != RawKind::Mode1 {
        let submode = if kind == RawKind::Mode2Form2 {
            0x28
        } else {
            0x08
        };
        sector[16..24].copy_from_slice(&[0, 0, submode, 0, 0, 0, submode, 0]);
    }
    let range = kind.user_data();
    let n = data.len().min(range.len());
    sector[range.start..range.start + n].copy_from_slice(&data[..n]);
    edc_ecc::encode(&mut sector, kind);
    sector
}

/// A cooked image as raw sectors of `kind` (Mode 1 or Mode 2 Form 1), each with its address,
/// EDC and ECC: what a `.bin` of the same disc holds. The last sector is padded with zeros.
pub fn cooked_to_raw(cooked: &[u8], kind: RawKind) -> Vec<u8> {
    let mut raw = Vec::with_capacity(cooked.len().div_ceil(USER_DATA) * RAW_SECTOR);
    for (lba, chunk) in cooked.chunks(USER_DATA).enumerate() {
        raw.extend_from_slice(&raw_sector(chunk, lba as u64, kind));
    }
    raw
}
