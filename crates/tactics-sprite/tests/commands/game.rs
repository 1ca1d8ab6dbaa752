//! `tactics-sprite game`: `ls` and `extract` on the one real archive (`FFT_PAC`) and on installs
//! written at test time (`test_support::pac`, from the layout): the game's archives read in
//! order, a later one's file winning, other languages', the mod loader's and mods' archives and
//! loose files left alone; names from an archive that would write outside `-o` refused.

use std::path::{Path, PathBuf};

use test_support::pac::PacBuilder;

use crate::common::{expect, run, s};

/// An install's root with `data/enhanced/` holding `archives` (file name, bytes).
fn install(test: &str, archives: &[(&str, Vec<u8>)]) -> PathBuf {
    let root = test_support::temp_dir(test);
    let data = root.join("data/enhanced");
    std::fs::create_dir_all(&data).unwrap();
    for (name, bytes) in archives {
        std::fs::write(data.join(name), bytes).unwrap();
    }
    root
}

fn files_below(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for item in std::fs::read_dir(&at).unwrap() {
            let path = item.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn the_real_archive_is_listed_and_its_sheet_extracted() {
    let test = "game_the_real_archive_is_listed";
    let Some(pac) = test_support::pac_file(test, "0002.blue.diff.pac") else {
        return;
    };
    let listing = expect(&run(["game", "ls", s(&pac)]), 0);
    assert!(
        listing.contains(": 1 file, 38489 bytes, names in the clear\n"),
        "{listing}"
    );
    assert!(
        listing.contains("37377   37377  stored   fftpack/unit/battle_10m_spr.bin\n"),
        "{listing}"
    );
    let out = test_support::temp_dir(test).join("out");
    let said = expect(
        &run(["game", "extract", s(&pac), "10M.SPR", "-o", s(&out)]),
        0,
    );
    assert!(said.contains("(37377 bytes, from "), "{said}");
    let written = std::fs::read(out.join("fftpack/unit/battle_10m_spr.bin")).unwrap();
    let archive = std::fs::read(&pac).unwrap();
    assert_eq!(written, archive[0x458..0x458 + 37_377]);
    // The folder it is in holds only a mod's archive: the game's install reads none of it.
    let refused = expect(&run(["game", "ls", s(pac.parent().unwrap())]), 1);
    assert!(
        refused.contains("no archive of the game's here") && refused.contains("a mod's archive"),
        "{refused}"
    );
}

#[test]
fn an_install_is_read_from_its_archives_only_in_the_games_order() {
    let test = "game_an_install_is_read_from_its_archives";
    let Some(type1) = test_support::retail_file(test, "TYPE1.SHP") else {
        return;
    };
    let type1 = std::fs::read(type1).unwrap();
    let root = install(
        test,
        &[
            (
                "0002.pac",
                PacBuilder::new()
                    .file("fftpack/unit/battle_type1_shp.bin", &type1)
                    .file("fftpack/unit/battle_zz_spr.bin", b"replaced below")
                    .file("fftpack/battle_bin.bin", b"no language")
                    .encrypted()
                    .build(),
            ),
            (
                "0002.en.pac",
                PacBuilder::new()
                    .file("fftpack/battle_bin.bin", b"english")
                    .encrypted()
                    .build(),
            ),
            (
                "0002.fr.pac",
                PacBuilder::new()
                    .file("fftpack/battle_bin.bin", b"french")
                    .build(),
            ),
            (
                "0009.pac",
                PacBuilder::new()
                    .file("fftpack/unit/battle_zz_spr.bin", b"the later archive's")
                    .encrypted()
                    .build(),
            ),
            (
                "modded.pac",
                PacBuilder::new()
                    .file("fftpack/unit/battle_type1_shp.bin", b"mod")
                    .build(),
            ),
        ],
    );
    // A stale loose copy that a tool left in the install: never read as the game's.
    let loose = root.join("data/enhanced/fftpack/unit");
    std::fs::create_dir_all(&loose).unwrap();
    std::fs::write(loose.join("battle_type1_shp.bin"), b"stale").unwrap();

    let listing = expect(&run(["game", "ls", s(&root)]), 0);
    let archives: Vec<&str> = listing
        .lines()
        .filter(|l| l.starts_with("archive "))
        .collect();
    assert_eq!(archives.len(), 3, "{listing}");
    assert!(archives[0].contains("0002.pac: 3 files") && archives[0].contains("names XORed"));
    assert!(archives[1].contains("0002.en.pac: 1 file") && archives[1].contains("language en"));
    assert!(archives[2].contains("0009.pac: 1 file"));
    assert!(
        listing.contains("left out 0002.fr.pac: another language's variant"),
        "{listing}"
    );
    assert!(
        listing.contains("left out modded.pac: the mod loader's merge"),
        "{listing}"
    );
    assert!(listing.contains("fftpack/battle_bin.en.bin"), "{listing}");

    let out = test_support::temp_dir(test).join("out");
    let said = expect(&run(["game", "extract", s(&root), "-o", s(&out)]), 0);
    assert_eq!(
        files_below(&out),
        [
            "fftpack/unit/battle_type1_shp.bin",
            "fftpack/unit/battle_zz_spr.bin"
        ]
    );
    assert_eq!(
        std::fs::read(out.join("fftpack/unit/battle_type1_shp.bin")).unwrap(),
        type1
    );
    assert_eq!(
        std::fs::read(out.join("fftpack/unit/battle_zz_spr.bin")).unwrap(),
        b"the later archive's"
    );
    assert!(
        said.contains("from ") && said.contains("0002.pac): retail TYPE1.SHP\n"),
        "{said}"
    );
    assert!(said.contains("0009.pac): no digest on record"), "{said}");

    // The language's variant by its path; another language's on request.
    let said = expect(
        &run([
            "game",
            "extract",
            s(&root),
            "fftpack/battle_bin.en.bin",
            "-o",
            s(&out),
        ]),
        0,
    );
    assert!(said.contains("0002.en.pac"), "{said}");
    assert_eq!(
        std::fs::read(out.join("fftpack/battle_bin.en.bin")).unwrap(),
        b"english"
    );
    let french = [
        "game",
        "extract",
        s(&root),
        "battle_bin.fr.bin",
        "--lang",
        "fr",
        "-o",
        s(&out),
    ];
    expect(&run(french), 0);
    assert_eq!(
        std::fs::read(out.join("fftpack/battle_bin.fr.bin")).unwrap(),
        b"french"
    );
}

#[test]
fn names_that_would_write_outside_the_folder_are_refused() {
    let test = "game_names_that_would_write_outside";
    for (name, why) in [
        ("../escaped.bin", "it has a . or .. part"),
        ("fftpack/../../escaped.bin", "it has a . or .. part"),
        ("/tmp/escaped.bin", "it is an absolute path"),
        ("fftpack/red\x1b[31m.bin", "it holds a control character"),
    ] {
        let root = install(
            test,
            &[("0002.pac", PacBuilder::new().file(name, b"x").build())],
        );
        let out = root.join("out");
        let refused = expect(&run(["game", "extract", s(&root), name, "-o", s(&out)]), 1);
        assert!(
            refused.contains(&format!("not written: {why}")),
            "{refused}"
        );
        assert!(!refused.contains('\x1b'), "{refused:?}");
        assert!(
            files_below(&root).iter().all(|f| !f.contains("escaped")),
            "{name}"
        );
        assert!(files_below(&out).is_empty(), "{name}");
    }
}

#[test]
fn a_damaged_archive_is_one_line() {
    let test = "game_a_damaged_archive_is_one_line";
    let mut bytes = PacBuilder::new()
        .file("fftpack/unit/battle_a_spr.bin", b"data")
        .build();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let root = install(test, &[("0002.pac", bytes)]);
    let out = root.join("out");
    let refused = expect(&run(["game", "extract", s(&root), "-o", s(&out)]), 1);
    assert!(
        refused.contains(
            "0002.pac: entry fftpack/unit/battle_a_spr.bin: byte 1024 (0x400): its data's CRC-32"
        ),
        "{refused}"
    );
    // A language the game does not have: a usage error naming the option, wherever it is taken.
    for args in [
        &["game", "ls", s(&root), "--lang", "xx"][..],
        &["disasm", "TYPE1.SEQ", "--game", s(&root), "--lang", "xx"],
        &["serve", "--game", s(&root), "--lang", "xx"],
    ] {
        let output = run(args);
        test_support::cli::assert_exit(&output, 2);
        let refused = String::from_utf8_lossy(&output.stderr);
        let first = refused.lines().next().unwrap_or_default();
        assert!(
            first.contains("'xx' for '--lang <LANG>': not one of the game's languages (ar, cs"),
            "{args:?}: {refused}"
        );
    }
}

/// `--lang` chooses the variants read through `--game`: the English pack's TYPE1.SEQ by
/// default, the French one's with `--lang fr`, named by their entries; a language the install
/// has no pack of is one line naming the languages it has.
#[test]
fn the_language_chosen_is_the_one_read_through_game() {
    let test = "game_the_language_chosen_is_the_one_read";
    let Some(seq) = test_support::retail_file(test, "TYPE1.SEQ") else {
        return;
    };
    let seq = std::fs::read(seq).unwrap();
    let mut french = seq.clone();
    let last = french.len() - 1;
    french[last] ^= 0x01;
    let path = "fftpack/unit/battle_type1_seq.bin";
    let root = install(
        test,
        &[
            (
                "0002.pac",
                PacBuilder::new()
                    .file(path, b"not read")
                    .encrypted()
                    .build(),
            ),
            (
                "0002.en.pac",
                PacBuilder::new().file(path, &seq).encrypted().build(),
            ),
            (
                "0002.fr.pac",
                PacBuilder::new().file(path, &french).encrypted().build(),
            ),
        ],
    );
    let dir = test_support::temp_dir(test);
    let text = |args: &[&str], name: &str| {
        let out = dir.join(name);
        expect(&run([&["disasm"][..], args, &["-o", s(&out)]].concat()), 0);
        std::fs::read(out).unwrap()
    };
    let (en_seq, fr_seq) = (dir.join("en.seq"), dir.join("fr.seq"));
    std::fs::write(&en_seq, &seq).unwrap();
    std::fs::write(&fr_seq, &french).unwrap();
    let (english, french) = (text(&[s(&en_seq)], "en.txt"), text(&[s(&fr_seq)], "fr.txt"));
    assert!(english != french);
    let game = s(&root);
    assert!(text(&["TYPE1.SEQ", "--game", game], "game-en.txt") == english);
    assert!(
        text(
            &["TYPE1.SEQ", "--game", game, "--lang", "fr"],
            "game-fr.txt"
        ) == french
    );
    let nowhere = s(&dir.join("nowhere.txt")).to_owned();
    let refused = expect(
        &run([
            "disasm",
            "TYPE1.SEQ",
            "--game",
            game,
            "--lang",
            "ja",
            "-o",
            &nowhere,
        ]),
        1,
    );
    assert!(
        refused.contains(
            "no archive of language ja here (NNNN.ja.pac); the install's languages: en, fr"
        ),
        "{refused}"
    );
}

/// An install as the game keeps one: the retail unit files in a shared GDeflate chunk of an
/// encrypted `0002.pac`, `g2d.dat` holding the HD pairs as one GDeflate stream in `0007.pac`.
#[test]
fn unit_files_and_hd_pairs_come_out_of_compressed_encrypted_archives() {
    let test = "game_unit_files_and_hd_pairs_come_out";
    let (Some(type1), Some(upper), Some(lower)) = (
        test_support::retail_file(test, "TYPE1.SEQ"),
        test_support::hd_file(test, "tex_992.bin"),
        test_support::hd_file(test, "tex_993.bin"),
    ) else {
        return;
    };
    use test_support::pac::{G2dSpec, PacStorage, g2d_dat};
    let type1 = std::fs::read(type1).unwrap();
    let (upper, lower) = (std::fs::read(upper).unwrap(), std::fs::read(lower).unwrap());
    let mut specs = vec![G2dSpec::Empty; 992];
    specs.push(G2dSpec::Zlib(upper.clone()));
    specs.push(G2dSpec::Zlib(lower.clone()));
    let root = install(
        test,
        &[
            (
                "0002.pac",
                PacBuilder::new()
                    .stored_as(
                        "fftpack/unit/battle_type1_seq.bin",
                        &type1,
                        PacStorage::Chunk(0),
                    )
                    .stored_as(
                        "fftpack/unit/battle_x_spr.bin",
                        b"small",
                        PacStorage::Chunk(0),
                    )
                    .encrypted()
                    .build(),
            ),
            (
                "0007.pac",
                PacBuilder::new()
                    .stored_as(
                        "system/ffto/g2d.dat",
                        &g2d_dat(&specs),
                        PacStorage::Gdeflate,
                    )
                    .encrypted()
                    .build(),
            ),
        ],
    );
    let listing = expect(&run(["game", "ls", s(&root)]), 0);
    assert!(
        listing.contains("shared chunk  fftpack/unit/battle_type1_seq.bin"),
        "{listing}"
    );
    assert!(
        listing.contains("gdeflate  system/ffto/g2d.dat"),
        "{listing}"
    );

    let out = test_support::temp_dir(test).join("out");
    let said = expect(&run(["game", "extract", s(&root), "-o", s(&out)]), 0);
    assert_eq!(
        std::fs::read(out.join("fftpack/unit/battle_type1_seq.bin")).unwrap(),
        type1
    );
    assert!(std::fs::read(out.join("system/ffto/g2d/tex_992.bin")).unwrap() == upper);
    assert!(std::fs::read(out.join("system/ffto/g2d/tex_993.bin")).unwrap() == lower);
    assert!(said.contains("0002.pac): retail TYPE1.SEQ\n"), "{said}");
    // The other units' pairs are not in this g2d.dat: the default takes the pairs it holds.
    assert!(!out.join("system/ffto/g2d/tex_1000.bin").exists());
    let one = expect(
        &run(["game", "extract", s(&root), "tex_993.bin", "-o", s(&out)]),
        0,
    );
    assert!(one.contains("tex_993.bin (118784 bytes, from "), "{one}");
}
