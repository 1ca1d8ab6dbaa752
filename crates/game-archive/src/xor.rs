//! The XOR that hides an encrypted archive's folder name and string table (docs/remaster.md
//! "The archives' layout"): each whole 8-byte word XORed with the key, then a tail of 4, 2 and
//! 1 bytes each XORed with the key's low bytes, every region starting again from the key's
//! first byte. The same call hides and reveals.

/// XORs `region` with `key` in place.
pub fn xor_region(region: &mut [u8], key: u64) {
    let key_bytes = key.to_le_bytes();
    let mut words = region.chunks_exact_mut(8);
    for word in &mut words {
        for (byte, k) in word.iter_mut().zip(key_bytes) {
            *byte ^= k;
        }
    }
    let mut tail = words.into_remainder();
    for width in [4, 2, 1] {
        if tail.len() >= width {
            let (part, rest) = tail.split_at_mut(width);
            for (byte, k) in part.iter_mut().zip(key_bytes) {
                *byte ^= k;
            }
            tail = rest;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tail_starts_again_from_the_keys_first_byte() {
        // 15 bytes: one word, then 4 + 2 + 1 from the key's start: key bytes 0..8, 0..4, 0..2, 0.
        let key = 0x0807_0605_0403_0201;
        let mut region = [0u8; 15];
        xor_region(&mut region, key);
        assert_eq!(region, [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 1, 2, 1]);
        xor_region(&mut region, key);
        assert_eq!(region, [0; 15]);
    }
}
