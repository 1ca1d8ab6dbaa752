//! The HD table's numbers that are no half of a pair (docs/remaster.md "Which N for which unit"):
//! refused with one line naming what the number is, where the same bytes under a pair's number
//! are read; an SP2 at twice the size is read as one (`hd_sp2.rs` holds the rest).

use crate::common::{expect, run, s};

#[test]
fn a_number_the_table_names_as_no_half_is_refused_in_one_line() {
    let dir = test_support::temp_dir("a_number_the_table_names_as_no_half_is_refused_in_one_line");
    // An upper half's size (512 x 512, two pixels a byte: 131,072 bytes), every pixel index 1.
    let bytes = vec![0x11u8; 131_072];
    for (n, says) in [
        (
            1115,
            "tex 1115 is the War of the Lions units' HD art (tex 1110-1130), whose format is not known: it is not read",
        ),
        (
            909,
            "tex 909 is a single file, Ajora's (a file of his own), whose format is not known",
        ),
    ] {
        let path = dir.join(format!("tex_{n}.bin"));
        std::fs::write(&path, &bytes).unwrap();
        let error = expect(&run(["inspect", s(&path)]), 1);
        assert!(error.contains(says), "{error}");
    }
    // The same bytes under an SP2's number: read as the SP2 at twice the size, no half.
    let sp2 = dir.join("tex_1132.bin");
    std::fs::write(&sp2, &bytes).unwrap();
    let said = expect(&run(["inspect", s(&sp2)]), 0);
    assert!(
        said.contains("BEHI2.SP2 at twice the size (tex 1132, with behi's pair"),
        "{said}"
    );
    let half = dir.join("tex_1000.bin");
    std::fs::write(&half, &bytes).unwrap();
    assert!(expect(&run(["inspect", s(&half)]), 0).contains("tex_1000.bin"));
}
