//! The GDeflate benchmark's data, shared with `examples/gdeflate_profile.rs` so that the
//! instruction counts and the throughput figures measure the same bytes: sheet-like bytes made
//! here, and the retail files' bytes when the test variables name them.

use std::path::PathBuf;

/// Runs of a few palette indices and repeated rows, as a sheet's bytes look.
pub fn game_like(len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    while out.len() < len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let run = 1 + (state % 24) as usize;
        if state % 9 == 0 && out.len() > 512 {
            let back = out.len() - 256;
            let row: Vec<u8> = out[back..back + 128].to_vec();
            out.extend_from_slice(&row);
        } else {
            out.extend(std::iter::repeat_n((state >> 32) as u8 & 0x0F, run));
        }
    }
    out.truncate(len);
    out
}

/// `len` bytes of the retail files in the folders `FFT_SHEETS` and `FFT_ORIGINALS` name (every
/// `.bin`, by name), over and over; none without both.
pub fn retail_bytes(len: usize) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for variable in ["FFT_SHEETS", "FFT_ORIGINALS"] {
        let folder = std::env::var_os(variable)?;
        let mut paths: Vec<PathBuf> = std::fs::read_dir(folder)
            .ok()?
            .filter_map(|entry| Some(entry.ok()?.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "bin"))
            .collect();
        paths.sort();
        for path in paths {
            bytes.extend(std::fs::read(path).ok()?);
        }
    }
    (!bytes.is_empty()).then(|| bytes.iter().copied().cycle().take(len).collect())
}
