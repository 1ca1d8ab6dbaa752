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
//! the fuzzer to mutate sector headers and subheaders directly.

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
    let seeds = [
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
