//! A `.pac` archive from bytes: the table of contents read, then every entry extracted. Never a
//! panic or a hang; an entry extracted is exactly its stated size; memory stays bounded by the
//! input and the entries' sizes (the counting allocator's peak, checked in the tests).

#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    // The first byte chooses the name, a language pack's half the time, so that language paths
    // are read too; the rest is the archive (whose first byte must be the magic's, so it cannot
    // choose).
    let Some((&choice, bytes)) = bytes.split_first() else {
        return;
    };
    let name = if choice & 1 == 1 { "0002.en.pac" } else { "0002.pac" };
    let Ok(mut archive) = game_archive::Archive::from_reader(name, name, Cursor::new(bytes)) else {
        return;
    };
    let entries = archive.entries().to_vec();
    for entry in entries.iter().take(64) {
        if let Ok(data) = archive.read(entry) {
            assert_eq!(data.len() as u64, entry.len);
        }
        let _ = archive.extract(&entry.path);
    }
});
