//! The BATTLE file table against a disc image mastered from the test data at test time: each
//! retail file the test data has is the table's size and takes the table's sectors in the image,
//! and the two "does it fit" rules (the disc patcher's, which measures the image's own record,
//! and a mod's, which reads the table) say it in the same words.

use disc_image::{Disc, Replacement};
use sprite_inputs::names::battle::battle_file;

#[test]
fn the_table_holds_the_image_s_sizes_and_both_rules_say_the_same_words() {
    const TEST: &str = "the_table_holds_the_image_s_sizes_and_both_rules_say_the_same_words";
    let Some((images, names)) = test_support::disc::images_holding(TEST, &["TYPE1.SEQ"]) else {
        return;
    };
    let disc = Disc::open(&images.cooked).unwrap();
    assert!(names.len() >= 2, "{names:?}");
    for name in &names {
        let entry = disc.find(&format!("BATTLE/{name}")).unwrap();
        let file = battle_file(name).unwrap_or_else(|| panic!("{name} is not in the table"));
        assert_eq!(u64::from(entry.size), u64::from(file.size), "{name}");
        assert_eq!(entry.sectors(), file.sectors(), "{name}");
    }

    // TYPE1.SEQ: 6754 bytes, 4 sectors of 2048 (8192 bytes) on the disc. One byte past its
    // sectors is refused by the patcher; one byte past its size by a mod.
    let seq = battle_file("TYPE1.SEQ").unwrap();
    let too_big = vec![0u8; 8193];
    let error = disc
        .plan_patch(&[Replacement {
            path: "BATTLE/TYPE1.SEQ",
            bytes: &too_big,
        }])
        .unwrap_err()
        .to_string();
    assert!(
        error.ends_with(
            "BATTLE/TYPE1.SEQ: the new file is 8193 bytes (5 sectors), but the image holds 4 \
             sectors (8192 bytes) for it (the file is 6754 bytes now); a file cannot grow past \
             its sectors"
        ),
        "{error}"
    );
    assert_eq!(
        seq.check_fits("BATTLE/TYPE1.SEQ", 6755).unwrap_err(),
        "BATTLE/TYPE1.SEQ: the new file is 6755 bytes, but the game reads at most 6754 bytes for \
         it (the size of the original TYPE1.SEQ); a file cannot grow past its original's size"
    );
    assert_eq!(seq.check_fits("BATTLE/TYPE1.SEQ", 6754), Ok(()));
    // What fits the sectors but not the original: the disc takes it, the remaster's loader not.
    assert!(
        disc.plan_patch(&[Replacement {
            path: "BATTLE/TYPE1.SEQ",
            bytes: &too_big[..8192],
        }])
        .is_ok()
    );
}
