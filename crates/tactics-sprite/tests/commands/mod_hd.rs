//! `mod add` and `mod check` of the remaster's HD sheet halves (docs/mods.md "mod add", "mod
//! check"): a pair is placed at `FFTIVC/data/<mode>/system/ffto/g2d/tex_<N>.bin` byte for byte,
//! `N` from the name or from `--as`; `--mode classic` is refused, `combined` placed; a half of
//! the wrong size is refused by `mod add` and an error of `mod check`, a half without its other
//! half a warning; and `render --originals MOD --sheet tex_992.bin` draws from the mod's pair.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stdout};
use test_support::{fixtures, hd_file, temp_dir};

/// A new mod in a fresh folder.
fn new_mod(test: &str) -> PathBuf {
    let dir = temp_dir(test).join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "test.squire.hd",
            "--name",
            "Squire HD",
        ]),
        0,
    );
    dir
}

/// `FFTIVC/data/<mode>/system/ffto/g2d/<name>` in `dir`, as docs/mods.md "The layout" gives it.
fn g2d(dir: &Path, mode: &str, name: &str) -> PathBuf {
    dir.join("FFTIVC/data")
        .join(mode)
        .join("system/ffto/g2d")
        .join(name)
}

#[test]
fn a_pair_is_placed_where_the_enhanced_game_reads_it_and_checks_clean() {
    let test = "a_pair_is_placed_where_the_enhanced_game_reads_it_and_checks_clean";
    let (Some(upper), Some(lower), Some(spr)) = (
        hd_file(test, "tex_992.bin"),
        hd_file(test, "tex_993.bin"),
        hd_file(test, "battle_mina_m_spr.bin"),
    ) else {
        return;
    };
    let dir = new_mod(test);
    let text = expect(&run(["mod", "add", s(&dir), s(&upper), s(&lower)]), 0);
    assert!(text.contains("the upper half of mina_m's pair"), "{text}");
    for (given, name) in [(&upper, "tex_992.bin"), (&lower, "tex_993.bin")] {
        let placed = g2d(&dir, "enhanced", name);
        assert!(
            std::fs::read(&placed).unwrap() == std::fs::read(given).unwrap(),
            "{} is {} byte for byte",
            placed.display(),
            given.display()
        );
    }
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(report.contains("0 errors, 0 warnings"), "{report}");
    assert!(
        report.contains("tex_993.bin: the lower half of mina_m's pair (tex 992/993), 118784 bytes"),
        "{report}"
    );
    // The mod's pair drawn: render reads a tex --sheet from the originals' g2d/ folders (the
    // mod's), and the squire's SPR by the HD table from the originals (the HD folder's).
    let out = dir.parent().unwrap().join("f.png");
    let drawn = expect(
        &run([
            "render",
            "--data",
            s(&fixtures::document("type1")),
            "--originals",
            s(spr.parent().unwrap()),
            "--originals",
            s(&dir),
            "--sheet",
            "tex_992.bin",
            "--frame",
            "88",
            "--out",
            s(&out),
        ]),
        0,
    );
    assert!(
        drawn.contains(s(&g2d(&dir, "enhanced", "tex_992.bin"))),
        "{drawn}"
    );
    assert!(
        drawn.contains("mina_m's SPR by the HD table, in"),
        "{drawn}"
    );
    // Added again: refused without --replace, placed with it.
    expect(&run(["mod", "add", s(&dir), s(&upper)]), 1);
    let again = expect(&run(["mod", "add", s(&dir), s(&upper), "--replace"]), 0);
    assert!(again.starts_with("replaced"), "{again}");
}

#[test]
fn classic_is_refused_combined_placed_and_as_names_the_half() {
    let test = "classic_is_refused_combined_placed_and_as_names_the_half";
    let Some(upper) = hd_file(test, "tex_1012.bin") else {
        return;
    };
    let dir = new_mod(test);
    let err = expect(
        &run(["mod", "add", s(&dir), s(&upper), "--mode", "classic"]),
        2,
    );
    assert!(
        err.contains("classic game never reads the HD sheets"),
        "{err}"
    );
    // Named otherwise: N from the unit by the HD table (siro_m: 1012/1013), the half by its size.
    let unnamed = dir.parent().unwrap().join("white-mage-upper.bin");
    std::fs::copy(&upper, &unnamed).unwrap();
    let err = expect(&run(["mod", "add", s(&dir), s(&unnamed)]), 1);
    assert!(err.contains("--as tex_N.bin"), "{err}");
    expect(
        &run([
            "mod",
            "add",
            s(&dir),
            s(&unnamed),
            "--as",
            "SIRO_M.SPR",
            "--mode",
            "combined",
        ]),
        0,
    );
    assert!(g2d(&dir, "combined", "tex_1012.bin").is_file());
    // Alone: the enhanced game draws it with its own lower half; said, not refused.
    let output = run(["mod", "check", s(&dir)]);
    let report = stdout(&output);
    test_support::cli::assert_exit(&output, 0);
    assert!(
        report.contains("its other half, tex_1013.bin, is not in the mod"),
        "{report}"
    );
}

#[test]
fn a_half_of_the_wrong_size_is_refused_and_checked() {
    let test = "a_half_of_the_wrong_size_is_refused_and_checked";
    let Some(upper) = hd_file(test, "tex_992.bin") else {
        return;
    };
    let dir = new_mod(test);
    let short = dir.parent().unwrap().join("tex_992.bin");
    let bytes = std::fs::read(&upper).unwrap();
    std::fs::write(&short, &bytes[..100_000]).unwrap();
    let err = expect(&run(["mod", "add", s(&dir), s(&short)]), 1);
    assert!(err.contains("this one is 100000 bytes"), "{err}");
    assert!(!g2d(&dir, "enhanced", "tex_992.bin").exists());
    // The upper half's bytes as 993, the lower half's number: the size is the other half's.
    let err = expect(
        &run(["mod", "add", s(&dir), s(&upper), "--as", "tex_993.bin"]),
        1,
    );
    assert!(err.contains("lower half of mina_m's pair"), "{err}");
    // Put there by hand: mod check says what is wrong with each.
    let folder = g2d(&dir, "enhanced", "");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("tex_992.bin"), &bytes[..100_000]).unwrap();
    std::fs::write(folder.join("tex_993.bin"), &bytes).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    test_support::cli::assert_exit(&output, 1);
    let report = stdout(&output);
    assert!(report.contains("tex_992.bin: 100000 bytes"), "{report}");
    assert!(
        report.contains("tex 993 is the lower half of mina_m's pair (tex 992/993), and this file has the upper half's size"),
        "{report}"
    );
    assert!(report.contains("2 errors"), "{report}");
}
