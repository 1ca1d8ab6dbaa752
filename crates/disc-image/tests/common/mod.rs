//! What the image tests share: the Debian tools they master images with (found on PATH, or a
//! loud skip), a tiny MPEG stream for vcdimager, and deterministic filler bytes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub use test_support::disc::{run, tool};

/// Bytes that look random, the same every run.
pub fn filler(seed: u32, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect()
}

/// One MPEG-1 system stream pack of 2324 bytes (a Form 2 sector's payload) with a sequence
/// header, a GOP and one picture header: the least a Video CD track holds, so that vcdimager
/// masters an image (its track 1 holds the ISO 9660 file system with the files we add).
pub fn tiny_mpeg() -> Vec<u8> {
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    };
    let pack = hex("000001BA2100010001801B91");
    let mut system = hex("000001BB0009");
    system.extend(hex("801B9104E1FFE0E02E"));
    let video =
        hex("000001B31600F0C402CEE0A4000001B800080000000001000FFFF8000001011234567890000001B7");
    let mut data = pack;
    data.extend(system);
    data.extend(hex("000001E0"));
    data.extend(((video.len() + 1) as u16).to_be_bytes());
    data.push(0x0F);
    data.extend(video);
    let pad = 2324 - data.len() - 6 - 4;
    data.extend(hex("000001BE"));
    data.extend((pad as u16).to_be_bytes());
    data.extend(std::iter::repeat_n(0xFF, pad));
    data.extend(hex("000001B9"));
    assert_eq!(data.len(), 2324);
    data
}

/// Masters a Video CD image with vcdimager (raw Mode 2: Form 1 sectors for the file system and
/// the `form1` files, Form 2 for the `form2` ones, whose sources hold whole 2336-byte sectors),
/// `name.cue` + `name.bin` in `dir`; returns the cue's path.
pub fn vcdimager(
    vcdimager: &Path,
    dir: &Path,
    name: &str,
    form1: &[(&Path, &str)],
    form2: &[(&Path, &str)],
) -> PathBuf {
    let mpeg = dir.join("track.mpg");
    std::fs::write(&mpeg, tiny_mpeg()).unwrap();
    let cue = dir.join(format!("{name}.cue"));
    let mut command = Command::new(vcdimager);
    command
        .env("TZ", "UTC")
        .args(["-q", "-t", "vcd2", "-T", "2000-01-01 12:00:00", "-c"])
        .arg(&cue)
        .arg("-b")
        .arg(dir.join(format!("{name}.bin")));
    for (file, iso_name) in form1 {
        command.arg(format!("--add-file={},{iso_name}", file.display()));
    }
    for (file, iso_name) in form2 {
        command.arg(format!("--add-file-2336={},{iso_name}", file.display()));
    }
    run(command.arg(&mpeg));
    cue
}
