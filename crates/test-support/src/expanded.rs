//! Expanded images made at test time by hand, without the `disc-image` crate's reader or
//! expansion: the layout of docs/disc.md "Expanded images" followed byte by byte over a cooked
//! image mastered by xorriso, so that our reader is held to an independent writer of the layout.
//!
//! The test image holds a synthetic `BATTLE.BIN` (no real one is at hand): zeros, as long as
//! its tables need, with the sprite location table filled as the retail one is (each position's
//! sprite at the sector and size xorriso gave it, the size rounded up to whole sectors).

use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use disc_image::RawKind;

use crate::disc::{battle_folder, tool, xorriso};
use crate::temp_dir;

/// The retail sprite location table's sectors, positions 01 to 9A (the US disc's; Shishi Sprite
/// Editor's list of the default table). Each is the first sector of a `BATTLE` sheet, which
/// `sprite_inputs::names::battle` names; positions 00 and 9B to 9E name none.
pub const RETAIL_LOCATION_SECTORS: [u32; 154] = [
    0xE68D, 0xE6A3, 0xE6B9, 0xE0F2, 0xE108, 0xE11E, 0xDF8D, 0xE97C, 0xE0AF, 0xE676, 0xE239, 0xE387,
    0xE64A, 0xE1CD, 0xE6CF, 0xE9BF, 0xE013, 0xE1E3, 0xE7AC, 0xE24F, 0xE634, 0xE1F8, 0xE265, 0xE134,
    0xE660, 0xE4E8, 0xE178, 0xE18E, 0xDFE7, 0xE3F4, 0xE040, 0xE925, 0xDFFD, 0xE5B0, 0xE6FC, 0xE8E3,
    0xE27B, 0xE291, 0xE2A7, 0xE2BD, 0xE2D3, 0xE2E9, 0xE2FF, 0xE315, 0xE32B, 0xDFA3, 0xE341, 0xDFB9,
    0xDF62, 0xE081, 0xE992, 0xDF4C, 0xE3DE, 0xE7D9, 0xE48D, 0xE608, 0xE4FD, 0xE796, 0xE4D2, 0xE8CC,
    0xE461, 0xE9A8, 0xE93B, 0xE357, 0xDFCF, 0xE48D, 0xE4BA, 0xE88C, 0xDF35, 0xE608, 0xE81D, 0xE6E5,
    0xE40A, 0xE9D6, 0xE9E9, 0xE9FC, 0xEA0F, 0xEA22, 0xEA35, 0xEA48, 0xEA5B, 0xEA6E, 0xEA81, 0xEA94,
    0xEAA7, 0xEABA, 0xE4FD, 0xE4FD, 0xE4FD, 0xE4FD, 0xE4FD, 0xE4FD, 0xE0C5, 0xE422, 0xE436, 0xE4FD,
    0xE513, 0xE3C8, 0xE3DE, 0xE461, 0xE477, 0xE93B, 0xE951, 0xE558, 0xE56E, 0xE7C3, 0xE7D9, 0xE48D,
    0xE4A4, 0xE876, 0xE88C, 0xE806, 0xE81D, 0xE84A, 0xE860, 0xE8F9, 0xE90F, 0xE608, 0xE61E, 0xE1A1,
    0xE1B7, 0xE712, 0xE728, 0xE73E, 0xE754, 0xE5C6, 0xE5DC, 0xE76A, 0xE780, 0xE20E, 0xE5F2, 0xE584,
    0xE59A, 0xE096, 0xE224, 0xE06C, 0xE39D, 0xE3B3, 0xE7F1, 0xE967, 0xDF78, 0xE8A2, 0xE8B8, 0xE44A,
    0xE529, 0xE541, 0xE029, 0xE14A, 0xE161, 0xE056, 0xE36F, 0xE14A, 0xE0DB, 0xE833,
];

/// The SP2 sheets an expanded `BATTLE` folder names by their sprite's position (Shishi Sprite
/// Editor's expansion): retail name, slot name.
pub const SP2_SLOT_NAMES: [(&str, &str); 15] = [
    ("ARLI2.SP2", "8D.SP2"),
    ("BIBU2.SP2", "96.SP2"),
    ("BOM2.SP2", "88.SP2"),
    ("BEHI2.SP2", "93.SP2"),
    ("DEMON2.SP2", "99.SP2"),
    ("DORA22.SP2", "95.SP2"),
    ("HYOU2.SP2", "89.SP2"),
    ("IRON5.SP2", "9A_2.SP2"),
    ("IRON4.SP2", "9A_3.SP2"),
    ("IRON2.SP2", "9A_4.SP2"),
    ("IRON3.SP2", "9A_5.SP2"),
    ("MINOTA2.SP2", "91.SP2"),
    ("MOL2.SP2", "92.SP2"),
    ("TORI2.SP2", "8E.SP2"),
    ("URI2.SP2", "8F.SP2"),
];

/// The retail sheet at `position` of the location table: the `BATTLE` file whose first sector
/// the retail table gives there.
pub fn retail_sheet_at(position: usize) -> Option<&'static str> {
    let sector = *RETAIL_LOCATION_SECTORS.get(position.checked_sub(1)?)?;
    sprite_inputs::names::battle::BATTLE_FILES
        .iter()
        .find(|f| f.lba == sector)
        .map(|f| f.disc_name)
}

/// The location table's offset in `BATTLE.BIN`, its records, a slot's bytes and sectors, the
/// first slot's sector (docs/disc.md "Expanded images").
pub const TABLE_AT: usize = 0x2DCD4;
pub const RECORDS: usize = 159;
pub const SLOT: usize = 65536;
pub const FIRST_SLOT: usize = 219_250;
/// The synthetic `BATTLE.BIN`'s length: its tables end at 0x2E6E4 (the SP2 table, 163 records
/// from 0x2E1CC).
pub const BATTLE_BIN_LEN: usize = 0x2E800;
const SECTOR: usize = 2048;

/// A directory record read by hand: its name (with `;1`), sector, size, and where it is.
#[derive(Debug, Clone)]
pub struct Record {
    pub name: String,
    pub lba: u32,
    pub size: u32,
    pub at: usize,
    pub bytes: Vec<u8>,
}

fn le32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

fn both32(v: u32) -> [u8; 8] {
    let mut b = [0; 8];
    b[..4].copy_from_slice(&v.to_le_bytes());
    b[4..].copy_from_slice(&v.to_be_bytes());
    b
}

/// The records of the directory at `lba`, `size` bytes, of a cooked image (records never cross
/// a sector).
pub fn records(image: &[u8], lba: u32, size: u32) -> Vec<Record> {
    let mut out = Vec::new();
    let start = lba as usize * SECTOR;
    for sector in 0..(size as usize).div_ceil(SECTOR) {
        let mut at = start + sector * SECTOR;
        let end = at + SECTOR;
        while at < end && image[at] != 0 {
            let len = image[at] as usize;
            let name_len = image[at + 32] as usize;
            out.push(Record {
                name: String::from_utf8_lossy(&image[at + 33..at + 33 + name_len]).into_owned(),
                lba: le32(image, at + 2),
                size: le32(image, at + 10),
                at,
                bytes: image[at..at + len].to_vec(),
            });
            at += len;
        }
    }
    out
}

/// The root directory's records.
pub fn root(image: &[u8]) -> Vec<Record> {
    let pvd = 16 * SECTOR;
    records(image, le32(image, pvd + 158), le32(image, pvd + 166))
}

fn named<'a>(records: &'a [Record], name: &str) -> &'a Record {
    records
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no {name} in {:?}", names(records)))
}

fn names(records: &[Record]) -> Vec<&str> {
    records.iter().map(|r| r.name.as_str()).collect()
}

/// Fills the synthetic `BATTLE.BIN`'s location table of a cooked image as the retail one is:
/// position `p` at the sector and (rounded) size of the sheet the retail table names there,
/// where the image holds it, else zeros.
pub fn fill_retail_table(image: &mut [u8]) {
    let top = root(image);
    let battle = named(&top, "BATTLE");
    let files = records(image, battle.lba, battle.size);
    let table = named(&top, "BATTLE.BIN;1").lba as usize * SECTOR + TABLE_AT;
    for position in 0..RECORDS {
        let Some(name) = retail_sheet_at(position) else {
            continue;
        };
        let Some(record) = files.iter().find(|r| r.name == format!("{name};1")) else {
            continue;
        };
        let at = table + position * 8;
        image[at..at + 4].copy_from_slice(&record.lba.to_le_bytes());
        let rounded = (record.size as usize).div_ceil(SECTOR) * SECTOR;
        image[at + 4..at + 8].copy_from_slice(&(rounded as u32).to_le_bytes());
    }
}

/// Expands a cooked image by hand into `out` (a sparse file): each position's sheet, as its
/// table record gives it, copied into slot `p` (219,250 + 32 `p`, 64 KiB, zeros after it); the
/// table rewritten to the slots, each 65,536 bytes; the `BATTLE` folder's sheet names (every
/// `.SPR` and `.SP2` but `OTHER.SPR` and `WEP.SPR`) replaced by `00.SPR;1` ... `9E.SPR;1`
/// (each 65,536 bytes at its slot) and the SP2 slot names, sorted, each new record with the
/// dates and flags of the folder's first file and no system use area (xorriso's Rock Ridge
/// names would misname it); the folder written after the
/// last slot when it no longer fits its sectors (the root's record and its own `.` record
/// pointed there); the volume's size set. Returns the image's sectors.
pub fn expand_by_hand(image: &[u8], out: &Path) -> usize {
    let top = root(image);
    let battle = named(&top, "BATTLE").clone();
    let bin = named(&top, "BATTLE.BIN;1").lba as usize * SECTOR;
    let files = records(image, battle.lba, battle.size);
    let end = FIRST_SLOT + RECORDS * SLOT / SECTOR;
    let mut image = image.to_vec();
    let mut slots = vec![0u8; RECORDS * SLOT];
    let mut kept: Vec<Vec<u8>> = Vec::new();
    for (i, slot) in slots.chunks_mut(SLOT).enumerate() {
        let at = bin + TABLE_AT + i * 8;
        let (sector, size) = (le32(&image, at) as usize, le32(&image, at + 4) as usize);
        let from = sector * SECTOR;
        slot[..size].copy_from_slice(&image[from..from + size]);
        let lba = (FIRST_SLOT + i * SLOT / SECTOR) as u32;
        image[at..at + 4].copy_from_slice(&lba.to_le_bytes());
        image[at + 4..at + 8].copy_from_slice(&(SLOT as u32).to_le_bytes());
        kept.push(record(
            &format!("{i:02X}.SPR;1"),
            lba,
            SLOT as u32,
            &files[2].bytes,
        ));
    }
    for file in &files[2..] {
        let upper = file.name.to_ascii_uppercase();
        if let Some((_, slot)) = SP2_SLOT_NAMES
            .iter()
            .find(|(retail, _)| upper == format!("{retail};1"))
        {
            kept.push(record(
                &format!("{slot};1"),
                file.lba,
                file.size,
                &file.bytes,
            ));
        } else if !(upper.ends_with(".SPR;1") || upper.ends_with(".SP2;1"))
            || upper == "OTHER.SPR;1"
            || upper == "WEP.SPR;1"
        {
            kept.push(file.bytes.clone());
        }
    }
    kept.sort_by(|a, b| a[33..33 + a[32] as usize].cmp(&b[33..33 + b[32] as usize]));
    let mut dir: Vec<u8> = Vec::new();
    for r in [files[0].bytes.clone(), files[1].bytes.clone()]
        .into_iter()
        .chain(kept)
    {
        let used = dir.len() % SECTOR;
        if used + r.len() > SECTOR {
            dir.resize(dir.len() + SECTOR - used, 0);
        }
        dir.extend_from_slice(&r);
    }
    dir.resize(dir.len().div_ceil(SECTOR) * SECTOR, 0);
    let (dir_lba, total) = if dir.len() <= (battle.size as usize).div_ceil(SECTOR) * SECTOR {
        (battle.lba as usize, end)
    } else {
        (end, end + dir.len() / SECTOR)
    };
    // The folder's own record and the root's record of it.
    dir[2..10].copy_from_slice(&both32(dir_lba as u32));
    let dir_len = dir.len() as u32;
    dir[10..18].copy_from_slice(&both32(dir_len));
    image[battle.at + 2..battle.at + 10].copy_from_slice(&both32(dir_lba as u32));
    image[battle.at + 10..battle.at + 18].copy_from_slice(&both32(dir.len() as u32));
    image[16 * SECTOR + 80..16 * SECTOR + 88].copy_from_slice(&both32(total as u32));
    if dir_lba == battle.lba as usize {
        let at = dir_lba * SECTOR;
        image[at..at + (battle.size as usize)].fill(0);
        image[at..at + dir.len()].copy_from_slice(&dir);
    }
    let mut file = std::fs::File::create(out).unwrap();
    file.set_len((total * SECTOR) as u64).unwrap();
    file.write_all(&image).unwrap();
    file.seek(SeekFrom::Start((FIRST_SLOT * SECTOR) as u64))
        .unwrap();
    file.write_all(&slots).unwrap();
    if dir_lba != battle.lba as usize {
        file.write_all(&dir).unwrap();
    }
    total
}

/// A record named `name` for `lba` and `size`, its other fields (dates, flags) as `like`'s.
fn record(name: &str, lba: u32, size: u32, like: &[u8]) -> Vec<u8> {
    let len = 33 + name.len() + (name.len() + 1) % 2;
    let mut r = vec![0u8; len];
    r[0] = len as u8;
    r[2..10].copy_from_slice(&both32(lba));
    r[10..18].copy_from_slice(&both32(size));
    r[18..32].copy_from_slice(&like[18..32]);
    r[32] = name.len() as u8;
    r[33..33 + name.len()].copy_from_slice(name.as_bytes());
    r
}

/// A cooked image of `sectors` sectors as raw ones of `kind` in `out`: each sector written
/// with its header, EDC and ECC but those of the gap between the retail image's end (`gap`)
/// and the first slot, which no reader reads and which stay zeros (a hole of the file).
pub fn raw_of(cooked: &Path, out: &Path, gap: usize, kind: RawKind) {
    use std::io::Read;
    let mut input = std::fs::File::open(cooked).unwrap();
    let len = input.metadata().unwrap().len() as usize / SECTOR;
    let mut output = std::fs::File::create(out).unwrap();
    output.set_len((len * 2352) as u64).unwrap();
    let mut sector = vec![0u8; SECTOR];
    for lba in 0..len {
        input.read_exact(&mut sector).unwrap();
        if (gap..FIRST_SLOT).contains(&lba) {
            continue;
        }
        let raw = disc_image::sector::raw_sector(&sector, lba as u64, kind);
        output.seek(SeekFrom::Start((lba * 2352) as u64)).unwrap();
        output.write_all(&raw).unwrap();
    }
}

/// The retail image (cooked, with the synthetic `BATTLE.BIN`), the same image expanded by hand
/// (cooked, and raw Mode 1 with a cue-less `.img`), and the folder they were mastered from;
/// `None` after the loud skip (no originals, or no xorriso).
pub struct Expanded {
    pub retail: PathBuf,
    pub cooked: PathBuf,
    pub mode1: PathBuf,
    pub root: PathBuf,
}

/// The images are about half a gigabyte each test: removed with the test's folder when the test
/// is done with them, passed or failed, so that runs do not fill the temporary folder.
impl Drop for Expanded {
    fn drop(&mut self) {
        if let Some(dir) = self.retail.parent() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// [`Expanded`] images for `test`.
pub fn expanded_images(test: &str) -> Option<Expanded> {
    let xorriso_path = tool(test, "xorriso", "xorriso")?;
    let (root, _) = battle_folder(test)?;
    std::fs::write(root.join("BATTLE.BIN"), vec![0u8; BATTLE_BIN_LEN]).unwrap();
    let dir = temp_dir(test);
    let retail = dir.join("retail.iso");
    xorriso(&xorriso_path, &root, &retail);
    let mut bytes = std::fs::read(&retail).unwrap();
    fill_retail_table(&mut bytes);
    std::fs::write(&retail, &bytes).unwrap();
    let cooked = dir.join("expanded.iso");
    expand_by_hand(&bytes, &cooked);
    let mode1 = dir.join("expanded.img");
    raw_of(&cooked, &mode1, bytes.len() / SECTOR, RawKind::Mode1);
    Some(Expanded {
        retail,
        cooked,
        mode1,
        root,
    })
}
