//! The numbers of an HD pair's two files at the ends of a name's number (docs/remaster.md "Which
//! N for which unit", docs/mods.md "mod check"): a pair is `tex_N.bin` and `tex_N+1.bin`, so the
//! largest number (4294967295, `u32::MAX`) has no N + 1 and `tex_0.bin` no N - 1; nothing wraps
//! around to the other end. `sheet upscale`/`sheet import -o tex_4294967295.bin` are refused and
//! write nothing (not `tex_0.bin`); `sheet export` of an upper half of that name says why it has
//! no other half; `mod check` pairs a lower half the table does not list with N - 1, so the pair
//! 5000/5001 checks clean.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use test_support::{hd_file, temp_dir};

/// The largest number a tex name holds: `u32::MAX`, written out.
const LARGEST: &str = "4294967295";

/// The two sizes of a half (docs/remaster.md "The format"): 512 x 512 and 512 x 464 pixels at 4
/// bits.
const UPPER_LEN: usize = 512 * 512 / 2;
const LOWER_LEN: usize = 512 * 464 / 2;

/// The files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_pair_is_never_written_past_the_largest_number() {
    let test = "a_pair_is_never_written_past_the_largest_number";
    let (Some(spr), Some(upper)) = (
        hd_file(test, "battle_mina_m_spr.bin"),
        hd_file(test, "tex_992.bin"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let out = dir.join(format!("tex_{LARGEST}.bin"));
    let err = expect(&run(["sheet", "upscale", s(&spr), "-o", s(&out)]), 2);
    assert!(
        err.contains(&format!("tex {LARGEST} is the largest number")),
        "{err}"
    );
    // A picture of the squire's pair, imported to the same name: refused alike.
    let picture = dir.join("pair.png");
    expect(
        &run([
            "sheet",
            "export",
            s(&upper),
            "--palettes-from",
            s(&spr),
            "-o",
            s(&picture),
        ]),
        0,
    );
    let err = expect(&run(["sheet", "import", s(&picture), "-o", s(&out)]), 2);
    assert!(err.contains("no tex_N+1.bin follows it"), "{err}");
    assert_eq!(listing(&dir), ["pair.png"], "nothing written, no tex_0.bin");
}

#[test]
fn an_upper_half_named_with_the_largest_number_says_it_has_no_other_half() {
    let test = "an_upper_half_named_with_the_largest_number_says_it_has_no_other_half";
    let dir = temp_dir(test);
    let upper = dir.join(format!("tex_{LARGEST}.bin"));
    std::fs::write(&upper, vec![0; UPPER_LEN]).unwrap();
    // What would wrap to: a lower half at tex_0.bin, which must not be taken as its pair.
    std::fs::write(dir.join("tex_0.bin"), vec![0; LOWER_LEN]).unwrap();
    let err = expect(
        &run(["sheet", "export", s(&upper), "-o", s(&dir.join("o.png"))]),
        1,
    );
    assert!(!err.contains("not named tex_N.bin"), "it is: {err}");
    assert!(
        err.contains(&format!(
            "tex {LARGEST} has no lower half beside it: no number is after it"
        )),
        "{err}"
    );
}

/// A mod with `halves` (name, size) placed under `enhanced/system/ffto/g2d/`.
fn mod_with(test: &str, halves: &[(&str, usize)]) -> PathBuf {
    let dir = temp_dir(test).join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "test.hd.ends",
            "--name",
            "Ends",
        ]),
        0,
    );
    let g2d = dir.join("FFTIVC/data/enhanced/system/ffto/g2d");
    std::fs::create_dir_all(&g2d).unwrap();
    for (name, len) in halves {
        std::fs::write(g2d.join(name), vec![0; *len]).unwrap();
    }
    dir
}

#[test]
fn mod_check_pairs_an_unlisted_lower_half_with_the_number_before_it() {
    let test = "mod_check_pairs_an_unlisted_lower_half_with_the_number_before_it";
    // 5000/5001: an upper half and the lower half after it, a pair the table does not list.
    let dir = mod_with(
        test,
        &[("tex_5000.bin", UPPER_LEN), ("tex_5001.bin", LOWER_LEN)],
    );
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(report.contains("0 errors, 0 warnings"), "{report}");

    // A lower half alone: its other half is the number before it, not after it.
    let dir = mod_with(&format!("{test}_alone"), &[("tex_7001.bin", LOWER_LEN)]);
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(
        report.contains("its other half, tex_7000.bin, is not in the mod"),
        "{report}"
    );
}

#[test]
fn mod_check_never_pairs_across_the_ends_of_the_numbers() {
    let test = "mod_check_never_pairs_across_the_ends_of_the_numbers";
    let upper_last = format!("tex_{LARGEST}.bin");
    // An upper half at the largest number, and a lower half at 0 that a wrap would pair it with.
    let dir = mod_with(test, &[(&upper_last, UPPER_LEN), ("tex_0.bin", LOWER_LEN)]);
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    let line = |name: &str| {
        report
            .lines()
            .find(|l| l.starts_with("warning") && l.contains(name))
            .unwrap_or_else(|| panic!("a warning of {name}: {report}"))
            .to_owned()
    };
    assert!(
        line(&upper_last).contains(&format!("no number is after {LARGEST}")),
        "{report}"
    );
    assert!(
        line("tex_0.bin").contains("no number is before 0"),
        "{report}"
    );
    assert!(report.contains("0 errors, 2 warnings"), "{report}");
}
