//! The GDeflate benchmark's data, shared with `examples/gdeflate_profile.rs` so that the
//! instruction counts and the throughput figures measure the same bytes.

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
