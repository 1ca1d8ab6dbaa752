//! A zip archive of stored (uncompressed) files, as PKWARE's APPNOTE describes the format: each
//! file's local header and bytes, then the central directory and its end record. What a page
//! downloads for a mod: Reloaded-II and every unzip read it. The sprite files are a few
//! kilobytes each and compress little, so storing them costs next to nothing and keeps the
//! module free of a deflater; the one checksum, CRC-32, is `crc32fast`'s, which the PNG encoder
//! already brings.
//!
//! Nothing here is dated: every entry says 1980-01-01 00:00, the format's first moment, so that
//! the same files make the same archive.

/// The most entries the end record counts without the ZIP64 extension.
pub const MAX_ENTRIES: usize = 0xFFFF;
/// The most bytes an archive may reach without the ZIP64 extension.
pub const MAX_ARCHIVE_LEN: u64 = 0xFFFF_FFFF;

const LOCAL_HEADER: u32 = 0x0403_4B50;
const CENTRAL_HEADER: u32 = 0x0201_4B50;
const END_OF_CENTRAL_DIRECTORY: u32 = 0x0605_4B50;
/// Version 1.0: stored files, no folders' entries, no encryption.
const VERSION_NEEDED: u16 = 10;
/// Bit 11: the names are UTF-8.
const UTF8_NAMES: u16 = 1 << 11;
const STORED: u16 = 0;
/// 1980-01-01 in MS-DOS's date form (the year from 1980, the month, the day); time 00:00:00.
const DOS_DATE: u16 = (1 << 5) | 1;

/// The archive of `files` (each a `/`-separated path and its bytes), in the order given.
///
/// # Errors
/// More than [`MAX_ENTRIES`] files, a name longer than 65,535 bytes, or an archive that would
/// pass [`MAX_ARCHIVE_LEN`] bytes.
pub fn stored_zip(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    if files.len() > MAX_ENTRIES {
        return Err(format!(
            "{} files are more than a zip holds without ZIP64 ({MAX_ENTRIES})",
            files.len()
        ));
    }
    let total: u64 = files
        .iter()
        .map(|(name, bytes)| 30 + 46 + 2 * name.len() as u64 + bytes.len() as u64)
        .sum::<u64>()
        + 22;
    if total > MAX_ARCHIVE_LEN {
        return Err(format!(
            "the zip would be {total} bytes, more than one holds without ZIP64 ({MAX_ARCHIVE_LEN})"
        ));
    }
    let mut out = Vec::with_capacity(total as usize);
    let mut central = Vec::new();
    for (name, bytes) in files {
        let name_len = u16::try_from(name.len())
            .map_err(|_| format!("{}: a name too long for a zip", faults::Shown(name)))?;
        let offset = out.len() as u32;
        let crc = crc32fast::hash(bytes);
        let size = bytes.len() as u32;
        let common = |out: &mut Vec<u8>| {
            put16(out, VERSION_NEEDED);
            put16(out, UTF8_NAMES);
            put16(out, STORED);
            put16(out, 0);
            put16(out, DOS_DATE);
            put32(out, crc);
            put32(out, size);
            put32(out, size);
            put16(out, name_len);
            put16(out, 0);
        };
        put32(&mut out, LOCAL_HEADER);
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);

        put32(&mut central, CENTRAL_HEADER);
        // Made by: MS-DOS attributes, version 1.0.
        put16(&mut central, VERSION_NEEDED);
        common(&mut central);
        // Comment length, disk, internal and external attributes, then the local header.
        put16(&mut central, 0);
        put16(&mut central, 0);
        put16(&mut central, 0);
        put32(&mut central, 0);
        put32(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let central_at = out.len() as u32;
    let central_len = central.len() as u32;
    out.extend_from_slice(&central);
    put32(&mut out, END_OF_CENTRAL_DIRECTORY);
    put16(&mut out, 0);
    put16(&mut out, 0);
    put16(&mut out, files.len() as u16);
    put16(&mut out, files.len() as u16);
    put32(&mut out, central_len);
    put32(&mut out, central_at);
    put16(&mut out, 0);
    Ok(out)
}

fn put16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty archive is the end record alone: 22 bytes, `PK\5\6` and zeros.
    #[test]
    fn an_empty_archive_is_its_end_record() {
        let zip = stored_zip(&[]).expect("written");
        assert_eq!(zip.len(), 22);
        assert_eq!(&zip[..4], b"PK\x05\x06");
        assert!(zip[4..].iter().all(|&b| b == 0));
    }

    /// One file, laid out by hand from APPNOTE 4.3.7 and 4.3.12: the CRC-32 of "hello" is
    /// 0x3610A686 (the check value of the standard polynomial, reflected).
    #[test]
    fn one_file_is_laid_out_as_appnote_says() {
        let zip = stored_zip(&[("a/b.txt".to_owned(), b"hello".to_vec())]).expect("written");
        let local = 30 + 7 + 5;
        let central = 46 + 7;
        assert_eq!(zip.len(), local + central + 22);
        assert_eq!(&zip[..4], b"PK\x03\x04");
        assert_eq!(&zip[14..18], &0x3610_A686u32.to_le_bytes());
        assert_eq!(&zip[18..22], &5u32.to_le_bytes());
        assert_eq!(&zip[30..37], b"a/b.txt");
        assert_eq!(&zip[37..42], b"hello");
        assert_eq!(&zip[local..local + 4], b"PK\x01\x02");
        let end = &zip[local + central..];
        assert_eq!(&end[..4], b"PK\x05\x06");
        assert_eq!(&end[10..12], &1u16.to_le_bytes());
        assert_eq!(&end[12..16], &(central as u32).to_le_bytes());
        assert_eq!(&end[16..20], &(local as u32).to_le_bytes());
    }
}
