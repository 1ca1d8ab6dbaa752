//! Expanded images (docs/disc.md "Expanded images") made at test time from the retail files:
//! mastered by xorriso, expanded by hand by `test_support::expanded` (the layout followed byte by
//! byte, none of this crate's code), then read by this crate: every sheet by its retail name in
//! its slot, the same bytes as the loose file's (and zeros to the slot's end), and patched: an
//! edited RAMUZA.SPR of 50 KiB read back byte for byte, every sector of the image checking with
//! an independent EDC and ECC.

mod common;

use disc_image::{Disc, ErrorKind, Replacement};
use test_support::expanded::{FIRST_SLOT, SLOT, expanded_images, retail_sheet_at as sheet_at};

#[test]
fn a_hand_expanded_image_reads_every_sheet_by_its_name() {
    let test = "a_hand_expanded_image_reads_every_sheet_by_its_name";
    if test_support::sheet(test, "RAMUZA.SPR").is_none() {
        return;
    }
    let Some(images) = expanded_images(test) else {
        return;
    };
    let loose = images.root.join("BATTLE");
    for image in [&images.cooked, &images.mode1] {
        let disc = Disc::open(image).unwrap();
        let expansion = disc.expansion().unwrap().expect("expanded");
        assert_eq!(expansion.slots.len(), 159);
        assert!(expansion.disagreement.is_none());
        let mut read = 0;
        for position in 0..159 {
            let slot = expansion.slot(position).unwrap();
            assert_eq!(
                (slot.lba as usize, slot.size as usize),
                (FIRST_SLOT + 32 * position, SLOT)
            );
            let Some(name) = sheet_at(position) else {
                continue;
            };
            assert_eq!(slot.sprite.as_deref(), Some(name), "slot {position:02X}");
            let Ok(original) = std::fs::read(loose.join(name)) else {
                continue;
            };
            let bytes = disc.read_path(&format!("BATTLE/{name}"), 1 << 20).unwrap();
            assert_eq!(bytes.len(), SLOT, "{name}");
            assert!(bytes[..original.len()] == original[..], "{name}");
            assert!(bytes[original.len()..].iter().all(|b| *b == 0), "{name}");
            read += 1;
        }
        assert!(read > 0, "no retail sheet was on the image");
        // The SHP and SEQ files stay where they were, and the SP2 sheets are found by their
        // retail names under their slot names.
        for name in ["TYPE1.SHP", "BEHI2.SP2"] {
            if let Ok(original) = std::fs::read(loose.join(name)) {
                let bytes = disc.read_path(&format!("BATTLE/{name}"), 1 << 20).unwrap();
                assert!(bytes == original, "{name}");
            }
        }
    }
    // xorriso, an independent ISO 9660 reader, finds each slot where we do.
    let Some(xorriso) = common::tool(test, "xorriso", "xorriso") else {
        return;
    };
    let out = test_support::temp_dir(test).join("01.SPR");
    common::run(
        std::process::Command::new(xorriso)
            .args(["-osirrox", "on", "-indev"])
            .arg(&images.cooked)
            .args(["-extract", "/BATTLE/01.SPR"])
            .arg(&out),
    );
    let disc = Disc::open(&images.cooked).unwrap();
    assert!(std::fs::read(&out).unwrap() == disc.read_path("BATTLE/RAMUZA.SPR", 1 << 20).unwrap());
}

#[test]
fn a_50_kib_sheet_is_patched_into_its_slot_and_every_sector_checks() {
    use iso9660_core::sector::{cd_edc, mode1_ecc_valid};
    let test = "a_50_kib_sheet_is_patched_into_its_slot_and_every_sector_checks";
    let Some(ramuza) = test_support::sheet_bytes(test, "RAMUZA.SPR") else {
        return;
    };
    let Some(images) = expanded_images(test) else {
        return;
    };
    // An edited sheet: a colour changed, and zeros to 50 KiB (an SPR may end in zeros).
    let mut edited = ramuza.clone();
    edited[2] ^= 0x1F;
    edited.resize(50 * 1024, 0);
    let disc = Disc::open(&images.mode1).unwrap();
    let plan = disc
        .plan_patch(&[Replacement {
            path: "BATTLE/RAMUZA.SPR",
            bytes: &edited,
        }])
        .unwrap();
    let change = &plan.changes[0];
    assert_eq!(change.slot.as_deref(), Some("01.SPR"));
    assert_eq!(
        (change.old_size, change.new_size, change.sectors),
        (65536, 51200, 32)
    );
    assert!(change.record_sector.is_some() && change.table_sector.is_some());
    let out = test_support::temp_dir(test).join("patched.img");
    disc.write_patched(&plan, &out).unwrap();

    let patched = Disc::open(&out).unwrap();
    assert!(patched.read_path("BATTLE/RAMUZA.SPR", 1 << 20).unwrap() == edited);
    assert!(patched.read_path("BATTLE/01.SPR", 1 << 20).unwrap() == edited);
    let slot = patched
        .expansion()
        .unwrap()
        .unwrap()
        .slot(1)
        .unwrap()
        .clone();
    assert_eq!(slot.size, 51200);
    assert!(patched.expansion().unwrap().unwrap().disagreement.is_none());
    // Every sector written (all but the hole before the slots) checks with iso9660-forensic-core.
    let bytes = std::fs::read(&out).unwrap();
    let mut checked = 0;
    for (lba, sector) in bytes.chunks_exact(2352).enumerate() {
        if sector.iter().all(|b| *b == 0) {
            continue;
        }
        let stored = u32::from_le_bytes(sector[2064..2068].try_into().unwrap());
        assert_eq!(cd_edc(&sector[..2064]), stored, "sector {lba}: EDC");
        assert!(mode1_ecc_valid(sector), "sector {lba}: P/Q");
        checked += 1;
    }
    assert!(checked > 159 * 32, "{checked} sectors");

    // More than the slot is refused with both sizes.
    let too_big = vec![0u8; 70_000];
    let error = disc
        .plan_patch(&[Replacement {
            path: "BATTLE/RAMUZA.SPR",
            bytes: &too_big,
        }])
        .unwrap_err();
    assert!(matches!(error.kind(), ErrorKind::DoesNotFitSlot { .. }));
    assert!(
        error.to_string().contains(
            "BATTLE/RAMUZA.SPR: the new file is 70000 bytes, but its slot 01.SPR holds 65536 \
             bytes (the file is 65536 bytes now); a file cannot grow past its slot"
        ),
        "{error}"
    );
}

/// Whether two files hold the same bytes, read a megabyte at a time.
fn same_bytes(a: &std::path::Path, b: &std::path::Path) -> Result<(), String> {
    use std::io::Read;
    let (mut a, mut b) = (
        std::io::BufReader::new(std::fs::File::open(a).unwrap()),
        std::io::BufReader::new(std::fs::File::open(b).unwrap()),
    );
    let (mut x, mut y) = (vec![0u8; 1 << 20], vec![0u8; 1 << 20]);
    let mut at = 0usize;
    loop {
        let n = a.read(&mut x).unwrap();
        let mut m = 0;
        while m < n {
            let k = b.read(&mut y[m..n]).unwrap();
            if k == 0 {
                return Err(format!("the second ends at byte {}", at + m));
            }
            m += k;
        }
        if n == 0 {
            return match b.read(&mut y).unwrap() {
                0 => Ok(()),
                _ => Err(format!("the first ends at byte {at}")),
            };
        }
        if x[..n] == y[..n] {
            at += n;
            continue;
        }
        if let Some(i) = (0..n).find(|&i| x[i] != y[i]) {
            return Err(format!("byte {} (sector {})", at + i, (at + i) / 2048));
        }
        at += n;
    }
}

#[test]
fn our_expansion_is_the_hand_expansion_byte_for_byte() {
    let test = "our_expansion_is_the_hand_expansion_byte_for_byte";
    if test_support::sheet(test, "RAMUZA.SPR").is_none() {
        return;
    }
    let Some(images) = expanded_images(test) else {
        return;
    };
    let ours = test_support::temp_dir(test).join("ours.iso");
    let retail = Disc::open(&images.retail).unwrap();
    let expanded = retail.write_expanded(&ours).unwrap();
    assert_eq!(expanded.slots, 159);
    assert_eq!(
        expanded.sectors as usize * 2048,
        std::fs::metadata(&images.cooked).unwrap().len() as usize
    );
    if let Err(where_) = same_bytes(&ours, &images.cooked) {
        panic!("our expansion differs from the hand expansion at {where_}");
    }
    // Expanding twice is refused.
    let again = Disc::open(&ours)
        .unwrap()
        .write_expanded(&test_support::temp_dir(test).join("twice.iso"));
    assert!(again.unwrap_err().to_string().contains("already expanded"));
    // xorriso reads ours: slot 01 is RAMUZA.SPR's bytes and zeros to 64 KiB.
    let Some(xorriso) = common::tool(test, "xorriso", "xorriso") else {
        return;
    };
    let out = test_support::temp_dir(test).join("01.SPR");
    common::run(
        std::process::Command::new(xorriso)
            .args(["-osirrox", "on", "-indev"])
            .arg(&ours)
            .args(["-extract", "/BATTLE/01.SPR"])
            .arg(&out),
    );
    let original = std::fs::read(images.root.join("BATTLE/RAMUZA.SPR")).unwrap();
    let slot = std::fs::read(&out).unwrap();
    assert_eq!(slot.len(), SLOT);
    assert!(slot[..original.len()] == original[..]);
    assert!(slot[original.len()..].iter().all(|b| *b == 0));
}
