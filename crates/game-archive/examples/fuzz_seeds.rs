//! Writes the seeds of the `read_pac` and `gdeflate` fuzz targets into `fuzz/seeds/pac/` and
//! `fuzz/seeds/gdeflate/` (or below the folder given), made on demand rather than committed.
//!
//! ```sh
//! cargo run -p game-archive --example fuzz_seeds            # fuzz/seeds/pac/, fuzz/seeds/gdeflate/
//! cargo run -p game-archive --example fuzz_seeds -- DIR
//! ```
//!
//! Every archive is written by the test fixture (`test_support::pac`, from the layout, not by
//! the reader) from the synthetic demo pair (`fixtures/demo/`, our own files): plain and XORed,
//! under a folder, each storage mode (stored, one GDeflate stream, several streams, a shared
//! chunk), and an empty file. `read_pac` reads its input's first byte as the pack's name (odd: a
//! language pack), the rest as the archive, so each archive is there twice, after a 0 and a 1.
//! The GDeflate seeds start with the two bytes the target reads as the size asked (in 16-byte
//! units), then a tile stream of the reference's of that many bytes of the demo files.

use std::path::PathBuf;

use test_support::pac::{PacBuilder, PacStorage, gdeflate_stream};

const DEMO_SHP: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SHP");
const DEMO_SEQ: &[u8] = include_bytes!("../../../fixtures/demo/DEMO.SEQ");

fn main() -> std::io::Result<()> {
    let root = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds"),
        PathBuf::from,
    );
    let (pac, gdeflate) = (root.join("pac"), root.join("gdeflate"));
    std::fs::create_dir_all(&pac)?;
    std::fs::create_dir_all(&gdeflate)?;
    let every_mode = |builder: PacBuilder| {
        builder
            .stored_as(
                "fftpack/unit/battle_demo_shp.bin",
                DEMO_SHP,
                PacStorage::Stored,
            )
            .stored_as(
                "fftpack/unit/battle_demo_seq.bin",
                DEMO_SEQ,
                PacStorage::Gdeflate,
            )
            .stored_as(
                "fftpack/unit/battle_a_shp.bin",
                DEMO_SHP,
                PacStorage::Chunk(0),
            )
            .stored_as(
                "fftpack/unit/battle_a_seq.bin",
                DEMO_SEQ,
                PacStorage::Chunk(0),
            )
            .stored_as("fftpack/unit/battle_b_seq.bin", DEMO_SEQ, PacStorage::Parts)
            .file("fftpack/empty.bin", b"")
    };
    let archives = [
        ("plain", every_mode(PacBuilder::new()).build()),
        ("xored", every_mode(PacBuilder::new()).encrypted().build()),
        (
            "folder",
            PacBuilder::new()
                .folder("nxd")
                .stored_as("charclut.nxd", DEMO_SEQ, PacStorage::Chunk(0))
                .encrypted()
                .build(),
        ),
    ];
    for (name, bytes) in archives {
        for choice in [0u8, 1] {
            let mut seed = vec![choice];
            seed.extend_from_slice(&bytes);
            std::fs::write(pac.join(format!("{name}-{choice}.pac")), seed)?;
        }
    }
    for (name, data, level) in [("shp", DEMO_SHP, 9u8), ("seq", DEMO_SEQ, 1)] {
        // A whole number of 16-byte units, so that the size asked is the stream's.
        let data = &data[..data.len() / 16 * 16];
        let units = u16::try_from(data.len() / 16).expect("a small file");
        let mut seed = units.to_le_bytes().to_vec();
        seed.extend_from_slice(&gdeflate_stream(data, level));
        std::fs::write(gdeflate.join(format!("{name}.bin")), seed)?;
    }
    println!("wrote the seeds in {}", root.display());
    Ok(())
}
