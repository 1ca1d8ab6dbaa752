//! Any bytes as a disc image (the first byte chooses: the rest as they are, or the rest taken
//! as a cooked image and turned into raw Mode 2 or Mode 1 sectors, so that the cooked seeds
//! reach the raw paths too): no panic; every listed file is found (a slot of an expanded image
//! may be refused for its location table) and reads (or is refused) within its size; a file replaced by bytes of its own size or less reads back as those bytes, and
//! every sector the patch rewrites checks.

#![no_main]

use disc_image::edc_ecc::{self, RAW_SECTOR};
use disc_image::{Disc, RawKind, Replacement, SectorForm, cooked_to_raw};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let image = match mode % 3 {
        0 => rest.to_vec(),
        1 => cooked_to_raw(rest, RawKind::Mode2Form1),
        _ => cooked_to_raw(rest, RawKind::Mode1),
    };
    let Ok(disc) = Disc::from_bytes("fuzz", image.clone()) else {
        return;
    };
    let _ = disc.describe();
    let Ok(entries) = disc.list() else {
        return;
    };
    let mut first_file = None;
    for entry in &entries {
        let found = disc.find(&entry.path);
        // An expanded image's slot is refused whole when its location table is not sound.
        assert!(
            found.is_ok()
                || found
                    .as_ref()
                    .is_err_and(|e| matches!(e.kind(), disc_image::ErrorKind::Expansion(_))),
            "{}: listed but not found: {found:?}",
            entry.path
        );
        if let Ok(bytes) = disc.read(entry, 1 << 20) {
            assert_eq!(bytes.len(), entry.size as usize);
            first_file.get_or_insert((entry.clone(), bytes));
        }
    }
    let Some((entry, bytes)) = first_file else {
        return;
    };
    let mut edited: Vec<u8> = bytes.iter().map(|b| b ^ 0x5A).collect();
    edited.truncate(edited.len() / 2 + usize::from(mode) % 7);
    let Ok(patch) = disc.plan_patch(&[Replacement {
        path: &entry.path,
        bytes: &edited,
    }]) else {
        return;
    };
    let mut patched = image;
    patch.apply(&mut patched);
    let after = Disc::from_bytes("patched", patched.clone()).expect("a patched image opens");
    assert_eq!(
        after.read_path(&entry.path, 1 << 20).expect("reads"),
        edited
    );
    if after.layout().form == SectorForm::Raw {
        for lba in patch.sectors() {
            let at = after.layout().offset(lba) as usize;
            let sector: &[u8; RAW_SECTOR] = patched[at..at + RAW_SECTOR].try_into().unwrap();
            assert!(
                edc_ecc::check(sector).is_some_and(edc_ecc::Check::ok),
                "sector {lba}"
            );
        }
    }
});
