//! A minimal ISO 9660 writer: one volume of cooked 2048-byte sectors, with the directories and
//! files given, level-1 names as given (upper case, `;1` added to files), no path tables, no
//! extensions. For tests, fuzz seeds and examples that need an image without a mastering tool;
//! not for burning (the path tables a drive's firmware may use are left out).

use std::collections::BTreeMap;

use crate::sector::USER_DATA;

/// Files to put in an image, by path (`BATTLE/TYPE1.SEQ`).
#[derive(Debug, Default, Clone)]
pub struct IsoWriter {
    volume_id: String,
    files: Vec<(String, Vec<u8>)>,
}

/// Where the writer put a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub path: String,
    pub lba: u32,
    pub size: u32,
    /// The directory sector holding its record and the record's offset in it.
    pub record_sector: u32,
    pub record_offset: usize,
}

#[derive(Default)]
struct Dir {
    dirs: BTreeMap<String, Dir>,
    files: Vec<(String, usize)>,
    lba: u32,
    size: u32,
}

impl IsoWriter {
    pub fn new(volume_id: &str) -> Self {
        Self {
            volume_id: volume_id.to_owned(),
            files: Vec::new(),
        }
    }

    /// Adds a file; folders in its path are made as needed.
    pub fn file(&mut self, path: &str, bytes: &[u8]) -> &mut Self {
        self.files.push((path.to_ascii_uppercase(), bytes.to_vec()));
        self
    }

    /// The image, and where each file went.
    pub fn build(&self) -> (Vec<u8>, Vec<Placed>) {
        let mut root = Dir::default();
        for (i, (path, _)) in self.files.iter().enumerate() {
            let mut parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
            let name = parts.pop().unwrap_or("NONAME");
            let mut dir = &mut root;
            for part in parts {
                dir = dir.dirs.entry(part.to_owned()).or_default();
            }
            dir.files.push((name.to_owned(), i));
        }
        // Sectors: 16 the primary descriptor, 17 the terminator, then the directories (each as
        // many sectors as its records need), then the files.
        let mut next = 18u32;
        assign_dirs(&mut root, &mut next);
        let mut file_lba = vec![0u32; self.files.len()];
        for (i, (_, bytes)) in self.files.iter().enumerate() {
            file_lba[i] = next;
            next += (bytes.len().div_ceil(USER_DATA) as u32).max(1);
        }
        let total = next as usize;
        let mut image = vec![0u8; total * USER_DATA];
        let mut placed = Vec::new();
        write_dir(
            &root,
            &root,
            "",
            &self.files,
            &file_lba,
            &mut image,
            &mut placed,
        );
        for (i, (_, bytes)) in self.files.iter().enumerate() {
            let at = file_lba[i] as usize * USER_DATA;
            image[at..at + bytes.len()].copy_from_slice(bytes);
        }
        let pvd = &mut image[16 * USER_DATA..17 * USER_DATA];
        pvd[0] = 1;
        pvd[1..6].copy_from_slice(b"CD001");
        pvd[6] = 1;
        pvd[8..40].fill(b' ');
        pvd[40..72].fill(b' ');
        let id = self.volume_id.as_bytes();
        pvd[40..40 + id.len().min(32)].copy_from_slice(&id[..id.len().min(32)]);
        pvd[80..88].copy_from_slice(&both32(total as u32));
        pvd[120..124].copy_from_slice(&both16(1));
        pvd[124..128].copy_from_slice(&both16(1));
        pvd[128..132].copy_from_slice(&both16(USER_DATA as u16));
        let root_record = record(&[0], root.lba, root.size, true);
        pvd[156..156 + root_record.len()].copy_from_slice(&root_record);
        pvd[881] = 1;
        let terminator = &mut image[17 * USER_DATA..18 * USER_DATA];
        terminator[0] = 255;
        terminator[1..6].copy_from_slice(b"CD001");
        terminator[6] = 1;
        (image, placed)
    }
}

fn both32(v: u32) -> [u8; 8] {
    let mut b = [0u8; 8];
    b[..4].copy_from_slice(&v.to_le_bytes());
    b[4..].copy_from_slice(&v.to_be_bytes());
    b
}

fn both16(v: u16) -> [u8; 4] {
    let mut b = [0u8; 4];
    b[..2].copy_from_slice(&v.to_le_bytes());
    b[2..].copy_from_slice(&v.to_be_bytes());
    b
}

/// A directory record.
fn record(identifier: &[u8], lba: u32, size: u32, directory: bool) -> Vec<u8> {
    let len = 33 + identifier.len() + (identifier.len() + 1) % 2;
    let mut r = vec![0u8; len];
    r[0] = len as u8;
    r[2..10].copy_from_slice(&both32(lba));
    r[10..18].copy_from_slice(&both32(size));
    r[18..25].copy_from_slice(&[97, 1, 1, 0, 0, 0, 0]);
    r[25] = if directory { 2 } else { 0 };
    r[28..32].copy_from_slice(&both16(1));
    r[32] = identifier.len() as u8;
    r[33..33 + identifier.len()].copy_from_slice(identifier);
    r
}

/// The records of `dir` (without positions), for its size.
fn records_len(dir: &Dir) -> Vec<usize> {
    let mut lens = vec![34, 34];
    for name in dir.dirs.keys() {
        lens.push(record(name.as_bytes(), 0, 0, true).len());
    }
    for (name, _) in &dir.files {
        lens.push(record(format!("{name};1").as_bytes(), 0, 0, false).len());
    }
    lens
}

/// Sectors needed for records that never cross a sector boundary.
fn sectors_for(lens: &[usize]) -> u32 {
    let (mut sectors, mut used) = (1u32, 0usize);
    for &len in lens {
        if used + len > USER_DATA {
            sectors += 1;
            used = 0;
        }
        used += len;
    }
    sectors
}

fn assign_dirs(dir: &mut Dir, next: &mut u32) {
    let sectors = sectors_for(&records_len(dir));
    dir.lba = *next;
    dir.size = sectors * USER_DATA as u32;
    *next += sectors;
    for sub in dir.dirs.values_mut() {
        assign_dirs(sub, next);
    }
}

fn write_dir(
    dir: &Dir,
    parent: &Dir,
    path: &str,
    files: &[(String, Vec<u8>)],
    file_lba: &[u32],
    image: &mut [u8],
    placed: &mut Vec<Placed>,
) {
    let mut records: Vec<(Vec<u8>, Option<Placed>)> = vec![
        (record(&[0], dir.lba, dir.size, true), None),
        (record(&[1], parent.lba, parent.size, true), None),
    ];
    for (name, sub) in &dir.dirs {
        records.push((record(name.as_bytes(), sub.lba, sub.size, true), None));
    }
    for (name, i) in &dir.files {
        let size = files[*i].1.len() as u32;
        let full = if path.is_empty() {
            name.clone()
        } else {
            format!("{path}/{name}")
        };
        records.push((
            record(format!("{name};1").as_bytes(), file_lba[*i], size, false),
            Some(Placed {
                path: full,
                lba: file_lba[*i],
                size,
                record_sector: 0,
                record_offset: 0,
            }),
        ));
    }
    let (mut sector, mut used) = (dir.lba, 0usize);
    for (bytes, place) in records {
        if used + bytes.len() > USER_DATA {
            sector += 1;
            used = 0;
        }
        let at = sector as usize * USER_DATA + used;
        image[at..at + bytes.len()].copy_from_slice(&bytes);
        if let Some(mut place) = place {
            place.record_sector = sector;
            place.record_offset = used;
            placed.push(place);
        }
        used += bytes.len();
    }
    for (name, sub) in &dir.dirs {
        let sub_path = if path.is_empty() {
            name.clone()
        } else {
            format!("{path}/{name}")
        };
        write_dir(sub, dir, &sub_path, files, file_lba, image, placed);
    }
}
