//! What `mod add` and `mod check` say of HD sheet halves beyond their size (docs/mods.md "mod
//! add", "mod check"): a half out of its folder is told where it belongs, as every misplaced
//! file is; `mod add` of a half without its other half, or of a file that lands in a slot of a
//! game another file of the mod has (under `combined/` and `enhanced/`), is placed with a warning
//! on stderr, the one `mod check` gives (exit 0); a pair of another unit's art than the HD table
//! gives its numbers (Ramza's sheet upscaled as the squire's) is warned of by both; a picture of an HD pair is refused naming it
//! and the two commands that place it, which work as given.

use std::path::Path;

use crate::common::{expect, run, s, stderr, stdout};
use test_support::temp_dir;

/// The two sizes of a half (docs/remaster.md "The format": 512 x 512 and 512 x 464 pixels at 4
/// bits).
const UPPER_LEN: usize = 512 * 512 / 2;
const LOWER_LEN: usize = 512 * 464 / 2;

/// A file of `len` zero bytes named `name` beside the mod.
fn half(dir: &Path, name: &str, len: usize) -> String {
    let path = dir.parent().unwrap().join(name);
    std::fs::write(&path, vec![0; len]).unwrap();
    s(&path).to_owned()
}

/// Runs `mod add` (exit 0) and gives its warnings, each line of stderr.
fn add_warnings(args: &[&str]) -> Vec<String> {
    let mut all = vec!["mod", "add"];
    all.extend(args);
    let output = run(&all);
    test_support::cli::assert_exit(&output, 0);
    stderr(&output).lines().map(str::to_owned).collect()
}

/// A new mod in a fresh folder.
fn new_mod(test: &str) -> std::path::PathBuf {
    let dir = temp_dir(test).join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "test.hd.checks",
            "--name",
            "HD",
        ]),
        0,
    );
    dir
}

#[test]
fn an_hd_half_among_the_unit_files_is_told_where_it_belongs() {
    let test = "an_hd_half_among_the_unit_files_is_told_where_it_belongs";
    let dir = new_mod(test);
    let unit = dir.join("FFTIVC/data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&unit).unwrap();
    std::fs::write(unit.join("tex_992.bin"), vec![0; UPPER_LEN]).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    test_support::cli::assert_exit(&output, 1);
    let report = stdout(&output);
    assert!(
        report.lines().any(|l| l
            == "error   FFTIVC/data/enhanced/fftpack/unit/tex_992.bin: an HD sheet half, and the \
                loader reads those only in system/ffto/g2d/: put it at \
                FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin"),
        "{report}"
    );
}

#[test]
fn mod_add_of_one_half_warns_as_mod_check_does() {
    let test = "mod_add_of_one_half_warns_as_mod_check_does";
    let dir = new_mod(test);
    // A pair the HD table does not list (blank halves would be no unit's art: its own check).
    let upper = half(&dir, "tex_5000.bin", UPPER_LEN);
    let warnings = add_warnings(&[s(&dir), &upper]);
    assert_eq!(
        warnings,
        [
            "tactics-sprite: mod add: warning: FFTIVC/data/enhanced/system/ffto/g2d/tex_5000.bin: \
          its other half, tex_5001.bin, is not in the mod: the enhanced game draws this one with \
          the game's own (meant only if that half was not edited)"
        ]
    );
    // The same words as mod check's.
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(
        report.contains("tex_5000.bin: its other half, tex_5001.bin, is not in the mod"),
        "{report}"
    );
    // The other half completes the pair: nothing to say.
    let lower = half(&dir, "tex_5001.bin", LOWER_LEN);
    assert!(add_warnings(&[s(&dir), &lower]).is_empty());
}

#[test]
fn mod_add_of_a_file_both_games_folders_give_the_enhanced_game_warns() {
    let test = "mod_add_of_a_file_both_games_folders_give_the_enhanced_game_warns";
    let dir = new_mod(test);
    let (upper, lower) = (
        half(&dir, "tex_5000.bin", UPPER_LEN),
        half(&dir, "tex_5001.bin", LOWER_LEN),
    );
    assert!(add_warnings(&[s(&dir), &upper, &lower]).is_empty());
    let warnings = add_warnings(&[s(&dir), "--mode", "combined", &upper, &lower]);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    for (warning, name) in warnings.iter().zip(["tex_5000.bin", "tex_5001.bin"]) {
        assert!(
            warning.ends_with(&format!(
                "FFTIVC/data/enhanced/system/ffto/g2d/{name}: FFTIVC/data/combined/system/ffto/g2d/{name} \
                 and this both replace {name} in the enhanced game: the loader logs a conflict and \
                 serves one of them"
            )),
            "{warning}"
        );
    }
}

#[test]
fn mod_add_of_a_sheet_under_combined_and_enhanced_warns() {
    let test = "mod_add_of_a_sheet_under_combined_and_enhanced_warns";
    let Some(spr) = test_support::hd_file(test, "battle_mina_m_spr.bin") else {
        return;
    };
    let dir = new_mod(test);
    assert!(add_warnings(&[s(&dir), s(&spr)]).is_empty());
    let warnings = add_warnings(&[s(&dir), "--mode", "combined", s(&spr)]);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("and this both replace MINA_M.SPR in the enhanced game"),
        "{warnings:?}"
    );
}

#[test]
fn mod_add_of_a_pair_picture_says_what_it_is_and_the_commands_that_place_it() {
    let test = "mod_add_of_a_pair_picture_says_what_it_is_and_the_commands_that_place_it";
    let (Some(upper), Some(spr)) = (
        test_support::hd_file(test, "tex_992.bin"),
        test_support::hd_file(test, "battle_mina_m_spr.bin"),
    ) else {
        return;
    };
    let dir = new_mod(test);
    let folder = dir.parent().unwrap();
    let picture = folder.join("mina_m.png");
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
    let err = expect(&run(["mod", "add", s(&dir), s(&picture)]), 1);
    // The squire's pair by the HD table: 992 and 993, beside the picture.
    let (tex_992, tex_993) = (folder.join("tex_992.bin"), folder.join("tex_993.bin"));
    let import = format!("sheet import {} -o {}", s(&picture), s(&tex_992));
    let add = format!("mod add {} {} {}", s(&dir), s(&tex_992), s(&tex_993));
    assert!(
        err.contains(&format!(
            "{}: a picture of an HD pair (512 wide), which mod add does not place: make the \
             pair's two files with `tactics-sprite {import}`, then place them with \
             `tactics-sprite {add}`",
            s(&picture)
        )),
        "{err}"
    );
    // The commands as said: the pair is made, then placed, byte for byte the game's.
    expect(&run(import.split(' ')), 0);
    expect(&run(add.split(' ')), 0);
    let placed = dir.join("FFTIVC/data/enhanced/system/ffto/g2d/tex_992.bin");
    assert!(std::fs::read(placed).unwrap() == std::fs::read(&upper).unwrap());

    // A name that gives no number: the pair's number is left to say.
    let unnamed = folder.join("pair.png");
    std::fs::copy(&picture, &unnamed).unwrap();
    let err = expect(&run(["mod", "add", s(&dir), s(&unnamed)]), 1);
    assert!(err.contains("a picture of an HD pair (512 wide)"), "{err}");
    assert!(
        err.ends_with(
            "tex_N+1.bin` (N: the pair's first number, 992 for MINA_M.SPR's by the HD table)\n"
        ),
        "{err}"
    );
}

#[test]
fn another_unit_s_art_as_a_pair_is_warned_of_by_mod_add_and_mod_check() {
    let test = "another_unit_s_art_as_a_pair_is_warned_of_by_mod_add_and_mod_check";
    let (Some(ramuza), Some(squire), Some(own)) = (
        test_support::sheet(test, "RAMUZA.SPR"),
        test_support::hd_file(test, "battle_mina_m_spr.bin"),
        test_support::hd_file(test, "tex_992.bin"),
    ) else {
        return;
    };
    let dir = new_mod(test);
    let folder = dir.parent().unwrap();
    let pair = folder.join("ramza_as_squire");
    std::fs::create_dir(&pair).unwrap();
    let (upper, lower) = (pair.join("tex_992.bin"), pair.join("tex_993.bin"));
    let output = run(["sheet", "upscale", s(&ramuza), "-o", s(&upper)]);
    test_support::cli::assert_exit(&output, 0);
    // mod add, the squire's SPR from --originals: both halves said (docs/remaster.md: a half and
    // its own SPR agree at 0.94 or more, Ramza's art far less).
    let originals = squire.parent().unwrap();
    let warnings = add_warnings(&[s(&dir), "--originals", s(originals), s(&upper), s(&lower)]);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    for (warning, n) in warnings.iter().zip([992, 993]) {
        assert!(
            warning.contains(&format!(
                "g2d/tex_{n}.bin: by the HD table tex {n} is mina_m's pair (tex 992/993), and its \
                 art is not mina_m's: its silhouette agrees with battle_mina_m_spr.bin at 0."
            )),
            "{warning}"
        );
    }
    // mod check, the squire's SPR in the mod: the same warnings, exit 0.
    expect(&run(["mod", "add", s(&dir), s(&squire)]), 0);
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert_eq!(
        report.matches("its art is not mina_m's").count(),
        2,
        "{report}"
    );
    // The game's own pair: nothing to say.
    let dir = new_mod(&format!("{test}_own"));
    let lower_own = own.with_file_name("tex_993.bin");
    let warnings = add_warnings(&[s(&dir), "--originals", s(originals), s(&own), s(&lower_own)]);
    assert!(warnings.is_empty(), "{warnings:?}");
}
