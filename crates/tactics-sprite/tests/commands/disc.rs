//! `tactics-sprite disc`: on images made at test time from the retail files (never committed),
//! `ls` lists what xorriso put where, `patch` then `extract` gives back the edited file byte for
//! byte while every other file and sector stays as it was, and every rewritten sector's EDC and
//! ECC check with an independent implementation (`iso9660-forensic-core`).

use std::path::Path;
use std::process::{Command, Output};

use test_support::disc::{images, images_holding};

fn tactics_sprite(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(args)
        .output()
        .expect("tactics-sprite runs")
}

fn ok(output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn os(s: &str) -> &std::ffi::OsStr {
    s.as_ref()
}

/// The EDC and P/Q of a raw sector, checked by the independent implementation: Mode 1 as it is;
/// Mode 2 Form 1 with its header read as zero (the parities do not cover the address) and its
/// EDC over the subheader and data.
fn independently_checked(sector: &[u8]) -> bool {
    use iso9660_core::sector::{cd_edc, mode1_ecc_valid};
    let edc = |range: std::ops::Range<usize>, at: usize| {
        cd_edc(&sector[range]) == u32::from_le_bytes(sector[at..at + 4].try_into().unwrap())
    };
    match sector[15] {
        1 => edc(0..2064, 2064) && mode1_ecc_valid(sector),
        2 => {
            let mut zeroed = sector.to_vec();
            zeroed[12..16].fill(0);
            edc(16..2072, 2072) && mode1_ecc_valid(&zeroed)
        }
        mode => panic!("mode {mode}"),
    }
}

#[test]
fn ls_lists_each_file_where_xorriso_put_it() {
    let test = "ls_lists_each_file_where_xorriso_put_it";
    let Some(xorriso) = test_support::disc::tool(test, "xorriso", "xorriso") else {
        return;
    };
    let Some((images, names)) = images(test) else {
        return;
    };
    let report = Command::new(xorriso)
        .arg("-indev")
        .arg(&images.cooked)
        .args(["-find", "/", "-exec", "report_lba"])
        .output()
        .expect("xorriso runs");
    let report = String::from_utf8_lossy(&report.stdout);
    for (_, image) in images.forms() {
        let listing = ok(&tactics_sprite(&[os("disc"), os("ls"), image.as_os_str()]));
        for name in &names {
            // xorriso: "File data lba:  0 ,  33 ,  4 ,  6754 , '/BATTLE/TYPE1.SEQ'".
            let line = report
                .lines()
                .find(|l| l.ends_with(&format!("'/BATTLE/{name}'")))
                .unwrap_or_else(|| panic!("xorriso lists no {name}:\n{report}"));
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let (lba, size) = (fields[1], fields[3]);
            assert!(
                listing.lines().any(|l| {
                    let words: Vec<&str> = l.split_whitespace().collect();
                    words == [size, lba, &format!("BATTLE/{name}")]
                }),
                "{}: no line `{size} {lba} BATTLE/{name}` in\n{listing}",
                image.display()
            );
        }
    }
}

#[test]
fn patch_then_extract_gives_back_the_edited_file_and_changes_nothing_else() {
    let test = "patch_then_extract_gives_back_the_edited_file_and_changes_nothing_else";
    let Some(seq_path) = test_support::retail_file(test, "TYPE1.SEQ") else {
        return;
    };
    let Some((images, names)) = images(test) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let retail = std::fs::read(&seq_path).unwrap();
    // An edit that changes a byte and grows the file within its 4 sectors (6754 -> 6800 bytes).
    let mut edited = retail.clone();
    edited[0x500] ^= 0x01;
    edited.extend(std::iter::repeat_n(0xFF, 46));
    let edited_path = dir.join("edited.seq");
    std::fs::write(&edited_path, &edited).unwrap();
    let file_arg = format!("BATTLE/TYPE1.SEQ={}", edited_path.display());

    for (name, image, out_name, raw) in [
        ("mode2", &images.mode2_cue, "patched.cue", true),
        ("mode1", &images.mode1_bin, "patched.img", true),
        ("cooked", &images.cooked, "patched.iso", false),
    ] {
        let out = dir.join(name).join(out_name);
        let stdout = ok(&tactics_sprite(&[
            os("disc"),
            os("patch"),
            image.as_os_str(),
            os("--file"),
            os(&file_arg),
            os("-o"),
            out.as_os_str(),
        ]));
        assert!(
            stdout.contains("patched BATTLE/TYPE1.SEQ: 6754 -> 6800 bytes in its 4 sectors"),
            "{stdout}"
        );

        // extract gives the edited file back, and every other file as it was (retail).
        let extracted = dir.join(name).join("extracted");
        let stdout = ok(&tactics_sprite(&[
            os("disc"),
            os("extract"),
            out.as_os_str(),
            os("-o"),
            extracted.as_os_str(),
        ]));
        assert_eq!(
            std::fs::read(extracted.join("TYPE1.SEQ")).unwrap(),
            edited,
            "{name}"
        );
        assert!(
            stdout.contains("from BATTLE/TYPE1.SEQ): modified (sha256 matches no retail file)"),
            "{stdout}"
        );
        for other in names.iter().filter(|n| **n != "TYPE1.SEQ") {
            let original = std::fs::read(images.root.join("BATTLE").join(other)).unwrap();
            assert_eq!(
                std::fs::read(extracted.join(other)).unwrap(),
                original,
                "{name}: {other}"
            );
            assert!(stdout.contains(&format!("): retail {other}")), "{stdout}");
        }

        // The images compared whole: only the file's sectors and its directory sector differ.
        let data_in = if name == "mode2" {
            image.with_extension("bin")
        } else {
            image.to_path_buf()
        };
        let data_out = if name == "mode2" {
            out.with_extension("bin")
        } else {
            out.clone()
        };
        let (before, after) = (
            std::fs::read(&data_in).unwrap(),
            std::fs::read(&data_out).unwrap(),
        );
        assert_eq!(before.len(), after.len(), "{name}");
        let size = if raw { 2352 } else { 2048 };
        let disc = disc_image::Disc::open(image).unwrap();
        let entry = disc.find("BATTLE/TYPE1.SEQ").unwrap();
        let allowed: Vec<usize> = (entry.lba as usize..entry.lba as usize + 4)
            .chain([entry.record.sector as usize])
            .collect();
        let changed: Vec<usize> = before
            .chunks(size)
            .zip(after.chunks(size))
            .enumerate()
            .filter(|(_, (b, a))| b != a)
            .map(|(i, _)| i)
            .collect();
        assert!(!changed.is_empty());
        assert!(
            changed.iter().all(|s| allowed.contains(s)),
            "{name}: sectors {changed:?}, allowed {allowed:?}"
        );
        assert!(
            changed.contains(&(entry.record.sector as usize)),
            "{name}: the size was not rewritten"
        );
        if raw {
            for &s in &changed {
                assert!(
                    independently_checked(&after[s * size..(s + 1) * size]),
                    "{name}: sector {s}"
                );
            }
        }
    }
    // The patched cue names the patched bin, and opens.
    let cue = std::fs::read_to_string(dir.join("mode2/patched.cue")).unwrap();
    assert!(cue.starts_with("FILE \"patched.bin\" BINARY"), "{cue}");
}

#[test]
fn a_file_that_does_not_fit_and_an_output_that_is_the_input_are_refused() {
    let test = "a_file_that_does_not_fit_and_an_output_that_is_the_input_are_refused";
    let Some((images, _)) = images_holding(test, &["TYPE1.SEQ"]) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let big = dir.join("big.seq");
    std::fs::write(&big, vec![0u8; 9000]).unwrap();
    let file_arg = format!("BATTLE/TYPE1.SEQ={}", big.display());
    let out = dir.join("out.iso");
    let run_patch = |out: &Path| {
        tactics_sprite(&[
            os("disc"),
            os("patch"),
            images.cooked.as_os_str(),
            os("--file"),
            os(&file_arg),
            os("-o"),
            out.as_os_str(),
        ])
    };
    let refused = run_patch(&out);
    test_support::cli::assert_exit(&refused, 1);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("BATTLE/TYPE1.SEQ: the new file is 9000 bytes (5 sectors), but the image holds 4 sectors (8192 bytes) for it (the file is 6754 bytes now)"),
        "{err}"
    );
    assert!(!out.exists());
    let same = run_patch(&images.cooked);
    test_support::cli::assert_exit(&same, 1);
    let err = String::from_utf8_lossy(&same.stderr);
    assert!(err.contains("is the input image; give --in-place"), "{err}");
}

#[test]
fn in_place_replaces_the_image_itself() {
    let test = "in_place_replaces_the_image_itself";
    let Some((images, _)) = images_holding(test, &["TYPE1.SHP"]) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let edited = dir.join("edited.shp");
    let mut bytes = test_support::retail_bytes(test, "TYPE1.SHP").unwrap();
    bytes[100] ^= 0x80;
    std::fs::write(&edited, &bytes).unwrap();
    ok(&tactics_sprite(&[
        os("disc"),
        os("patch"),
        images.mode1_bin.as_os_str(),
        os("--file"),
        os(&format!("BATTLE/TYPE1.SHP={}", edited.display())),
        os("--in-place"),
    ]));
    let disc = disc_image::Disc::open(&images.mode1_bin).unwrap();
    assert_eq!(disc.read_path("BATTLE/TYPE1.SHP", 1 << 20).unwrap(), bytes);
}

#[test]
fn build_and_check_read_the_kind_from_a_disc() {
    let test = "build_and_check_read_the_kind_from_a_disc";
    let Some((images, _)) = images_holding(test, &["TYPE1.SHP", "TYPE1.SEQ"]) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let out = dir.join("type1.json");
    let stdout = ok(&tactics_sprite(&[
        os("build"),
        os("--disc"),
        images.mode2_cue.as_os_str(),
        os("-o"),
        out.as_os_str(),
    ]));
    let shipped = test_support::fixtures::document("type1");
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(&shipped).unwrap(),
        "{stdout}"
    );
    let check = tactics_sprite(&[
        os("check"),
        os("--data"),
        shipped.as_os_str(),
        os("--disc"),
        images.cooked.as_os_str(),
        os("--bytes"),
    ]);
    test_support::cli::assert_exit(&check, 0);
    // A kind whose files the disc lacks: one line naming the image and the file.
    let missing = tactics_sprite(&[
        os("build"),
        os("--disc"),
        images.cooked.as_os_str(),
        os("--kind"),
        os("wep1"),
        os("-o"),
        dir.join("x.json").as_os_str(),
    ]);
    if test_support::retail_file(test, "WEP1.SHP").is_some() {
        assert!(missing.status.success());
    }
}

/// An image mastered by our own writer (no game files needed): `SYSTEM.CNF` at the root and a
/// made-up `BATTLE/TYPE1.SEQ`, as a PlayStation disc lays them out.
fn image_with_a_root_file(test: &str) -> (std::path::PathBuf, &'static [u8]) {
    const CNF: &[u8] = b"BOOT = cdrom:\\SCUS_942.21;1\r\nTCB = 4\r\n";
    let (bytes, _) = disc_image::master::IsoWriter::new("TEST")
        .file("SYSTEM.CNF", CNF)
        .file("BATTLE/TYPE1.SEQ", &[0x5A; 300])
        .build();
    let image = test_support::temp_dir(test).join("game.iso");
    std::fs::write(&image, bytes).unwrap();
    (image, CNF)
}

#[test]
fn extract_takes_a_file_at_the_root_by_a_leading_slash() {
    let test = "extract_takes_a_file_at_the_root_by_a_leading_slash";
    let (image, cnf) = image_with_a_root_file(test);
    let out = test_support::temp_dir(test).join("out");
    let stdout = ok(&tactics_sprite(&[
        os("disc"),
        os("extract"),
        image.as_os_str(),
        os("/SYSTEM.CNF"),
        os("-o"),
        out.as_os_str(),
    ]));
    assert_eq!(
        std::fs::read(out.join("SYSTEM.CNF")).unwrap(),
        cnf,
        "{stdout}"
    );
    assert!(stdout.contains("from SYSTEM.CNF)"), "{stdout}");
    // A bare name is still the BATTLE folder's: the root's SYSTEM.CNF is not taken for it.
    let bare = tactics_sprite(&[
        os("disc"),
        os("extract"),
        image.as_os_str(),
        os("SYSTEM.CNF"),
        os("-o"),
        out.join("bare").as_os_str(),
    ]);
    test_support::cli::assert_exit(&bare, 1);
}

#[test]
fn extract_of_names_one_missing_writes_none_and_names_each_missing() {
    let test = "extract_of_names_one_missing_writes_none_and_names_each_missing";
    let (image, _) = image_with_a_root_file(test);
    let out = test_support::temp_dir(test).join("out");
    let refused = tactics_sprite(&[
        os("disc"),
        os("extract"),
        image.as_os_str(),
        os("TYPE1.SEQ"),
        os("/NOPE.CNF"),
        os("TYPE9.SEQ"),
        os("-o"),
        out.as_os_str(),
    ]);
    test_support::cli::assert_exit(&refused, 1);
    let err = String::from_utf8_lossy(&refused.stderr);
    // Each missing name as typed and where it was looked for; the one found is not written.
    assert!(err.contains("/NOPE.CNF: no NOPE.CNF in the image"), "{err}");
    assert!(
        err.contains("TYPE9.SEQ: no BATTLE/TYPE9.SEQ in the image"),
        "{err}"
    );
    assert!(err.contains("nothing is written"), "{err}");
    assert!(!out.join("TYPE1.SEQ").exists(), "{err}");
}
