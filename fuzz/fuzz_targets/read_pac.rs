//! A `.pac` archive from bytes: the table of contents read, then every entry extracted. Never a
//! panic or a hang; an entry extracted is exactly its stated size; memory stays bounded by the
//! input and the entries' sizes (the counting allocator's peak, checked in the tests). Read
//! together (`Archive::read_each`, a shared chunk's files from one decode of its tiles), the
//! entries give what reading each alone gives: the same bytes, then the same refusal.

#![no_main]

use std::io::Cursor;

use game_archive::{Archive, Error};
use libfuzzer_sys::fuzz_target;

/// The entries read.
const ENTRIES: usize = 64;

fuzz_target!(|bytes: &[u8]| {
    // The first byte chooses the name, a language pack's half the time, so that language paths
    // are read too; the rest is the archive (whose first byte must be the magic's, so it cannot
    // choose).
    let Some((&choice, bytes)) = bytes.split_first() else {
        return;
    };
    let name = if choice & 1 == 1 { "0002.en.pac" } else { "0002.pac" };
    let open = || Archive::from_reader(name, name, Cursor::new(bytes));
    let Ok(mut archive) = open() else {
        return;
    };
    let entries: Vec<_> = archive.entries().iter().take(ENTRIES).cloned().collect();
    // Alone, in order, up to the first refusal.
    let mut alone = Vec::new();
    let mut alone_error = None;
    for entry in &entries {
        match archive.read(entry) {
            Ok(data) => {
                assert_eq!(data.len() as u64, entry.len);
                if alone_error.is_none() {
                    alone.push((entry.path.clone(), data));
                }
            }
            Err(error) => {
                if alone_error.is_none() {
                    alone_error = Some(error.to_string());
                }
            }
        }
        let _ = archive.extract(&entry.path);
    }
    // Together, from a fresh reader.
    let mut together = Vec::new();
    let together_error = open()
        .expect("opened once")
        .read_each(&entries, |entry, data| {
            together.push((entry.path.clone(), data));
            Ok::<(), Error>(())
        })
        .err()
        .map(|error| error.to_string());
    assert!(together == alone, "read together, other files than alone");
    assert_eq!(together_error, alone_error);
});
