//! Writes the seeds of the `read_disc` fuzz target into `fuzz/seeds/disc/` (or the folder given),
//! made on demand rather than committed: no disc image is kept in the repository, not even one of
//! our own files.
//!
//! ```sh
//! cargo run -p disc-image --example fuzz_seeds            # fuzz/seeds/disc/
//! cargo run -p disc-image --example fuzz_seeds -- DIR
//! ```
//!
//! The image is mastered by [`IsoWriter`] from the synthetic demo pair (`fixtures/demo/`, our
//! own files, not game data) in a `BATTLE` folder and a short note one folder deeper. The target
//! reads its first byte as the form to give the rest (0: as it is, 1: cooked turned into raw
//! Mode 2 Form 1, 2: into raw Mode 1), so each seed starts with that byte: the cooked image in
//! all three forms, and the image already raw (Mode 2 Form 1, its EDC and ECC in the bytes) for
//! the fuzzer to mutate sector headers and subheaders directly; and a small expanded image (slot
//! names and `BATTLE.BIN`'s location table).

use std::path::PathBuf;

use disc_image::{IsoWriter, RawKind, cooked_to_raw};

const DEMO_SHP: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SHP");
const DEMO_SEQ: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SEQ");
const NOTE: &[u8] = b"synthetic seed file, not game data\n";

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/disc"),
        PathBuf::from,
    );
    let (cooked, _) = IsoWriter::new("SEED")
        .file("BATTLE/DEMO.SHP", DEMO_SHP)
        .file("BATTLE/DEMO.SEQ", DEMO_SEQ)
        .file("EVENT/NOTES/NOTE.TXT", NOTE)
        .build();
    // An image expanded for bigger sprites (docs/disc.md "Expanded images"), small: slots 01
    // and 02 named in BATTLE, BATTLE.BIN's location table (0x2DCD4, u32 sector and size a
    // record) pointing at them.
    let (mut expanded, placed) = IsoWriter::new("SEED")
        .file("BATTLE.BIN", &vec![0; 0x2E800])
        .file("BATTLE/01.SPR", DEMO_SHP)
        .file("BATTLE/02.SPR", DEMO_SEQ)
        .build();
    let table = placed[0].lba as usize * 2048 + 0x2DCD4;
    for (i, file) in placed[1..].iter().enumerate() {
        let at = table + (i + 1) * 8;
        expanded[at..at + 4].copy_from_slice(&file.lba.to_le_bytes());
        expanded[at + 4..at + 8].copy_from_slice(&file.size.to_le_bytes());
    }
    let seeds = [
        ("expanded.iso", 0, expanded),
        ("cooked.iso", 0, cooked.clone()),
        ("as-raw-mode2.iso", 1, cooked.clone()),
        ("as-raw-mode1.iso", 2, cooked.clone()),
        (
            "raw-mode2.bin",
            0,
            cooked_to_raw(&cooked, RawKind::Mode2Form1),
        ),
    ];
    std::fs::create_dir_all(&dir)?;
    for (name, form, image) in seeds {
        let path = dir.join(name);
        let mut bytes = vec![form];
        bytes.extend_from_slice(&image);
        std::fs::write(&path, &bytes)?;
        println!("wrote   {} ({} bytes)", path.display(), bytes.len());
    }
    Ok(())
}
