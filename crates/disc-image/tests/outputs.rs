//! Where a patched image goes (`Disc::patch_outputs`): docs/disc.md's rules, each case written
//! out by hand.

use disc_image::{Disc, IsoWriter, OutputRefusal, PatchOutputs, PatchTarget};

/// A cooked image with one file, written under a fresh folder, and the folder.
fn image(test: &str) -> (std::path::PathBuf, Disc) {
    let dir = test_support::temp_dir(test);
    let (bytes, _) = IsoWriter::new("TEST")
        .file("BATTLE/TYPE1.SEQ", b"seq")
        .build();
    let path = dir.join("game.iso");
    std::fs::write(&path, bytes).expect("writes");
    let disc = Disc::open(&path).expect("opens");
    (dir, disc)
}

#[test]
fn an_image_without_a_cue_is_patched_to_one_file_and_never_onto_itself() {
    let (dir, disc) = image("outputs-no-cue");
    let own = dir.join("game.iso");
    assert_eq!(
        disc.patch_outputs(PatchTarget::InPlace),
        Ok(PatchOutputs {
            data: own.clone(),
            cue: None
        })
    );
    let new = dir.join("patched.iso");
    assert_eq!(
        disc.patch_outputs(PatchTarget::To(&new)),
        Ok(PatchOutputs {
            data: new,
            cue: None
        })
    );
    assert_eq!(
        disc.patch_outputs(PatchTarget::To(&dir.join("patched.cue"))),
        Err(OutputRefusal::CueWithoutCue)
    );
    assert_eq!(
        disc.patch_outputs(PatchTarget::To(&own)),
        Err(OutputRefusal::SameAsInput)
    );
    // The same file by another spelling of its path is still the image.
    let again = dir.join(".").join("game.iso");
    assert_eq!(
        disc.patch_outputs(PatchTarget::To(&again)),
        Err(OutputRefusal::SameAsInput)
    );
}

#[test]
fn an_image_held_in_memory_has_no_file_to_patch() {
    let (bytes, _) = IsoWriter::new("TEST")
        .file("BATTLE/TYPE1.SEQ", b"seq")
        .build();
    let disc = Disc::from_bytes("memory.iso", bytes).expect("reads");
    assert_eq!(
        disc.patch_outputs(PatchTarget::InPlace),
        Err(OutputRefusal::NoDataFile)
    );
}
