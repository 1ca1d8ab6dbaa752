//! An install's language variants (`NNNN.LANG.pac`), written by the test fixture from the layout:
//! a file the game asks for by its plain path is read from the chosen language's pack when that
//! pack holds it (`fftpack/unit/battle_x_spr.bin` from `0002.en.pac`, where its path is
//! `battle_x_spr.en.bin`), else from the plain pack; another language's pack is never read; a
//! language the install has no pack of, or one the game does not have, is refused with one line
//! naming what there is.

use std::path::{Path, PathBuf};

use game_archive::{ErrorKind, Install};
use test_support::pac::{PacBuilder, PacStorage};

const UNIT: &str = "fftpack/unit/battle_x_spr.bin";
const ONLY_PLAIN: &str = "fftpack/unit/battle_y_spr.bin";

/// An install folder holding `archives` (file name, bytes).
fn install(test: &str, archives: &[(&str, Vec<u8>)]) -> PathBuf {
    let dir = test_support::temp_dir(test);
    for (name, bytes) in archives {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    dir
}

/// A plain pack, an English and a French variant of the same number; each holds `UNIT` with
/// its own bytes, the plain one also `ONLY_PLAIN`.
fn three_packs(test: &str) -> PathBuf {
    install(
        test,
        &[
            (
                "0002.pac",
                PacBuilder::new()
                    .stored_as(UNIT, b"plain", PacStorage::Chunk(0))
                    .stored_as(ONLY_PLAIN, b"plain only", PacStorage::Chunk(0))
                    .encrypted()
                    .build(),
            ),
            (
                "0002.en.pac",
                PacBuilder::new()
                    .stored_as(UNIT, b"english", PacStorage::Gdeflate)
                    .encrypted()
                    .build(),
            ),
            (
                "0002.fr.pac",
                PacBuilder::new()
                    .stored_as(UNIT, b"french", PacStorage::Stored)
                    .encrypted()
                    .build(),
            ),
        ],
    )
}

fn read(dir: &Path, language: &str, path: &str) -> Vec<u8> {
    let mut install = Install::open(dir, language).unwrap();
    install.read_game_file(path).unwrap()
}

#[test]
fn the_languages_variant_wins_over_the_plain_file() {
    let dir = three_packs("languages_the_variant_wins");
    assert_eq!(read(&dir, "en", UNIT), b"english");
    assert_eq!(read(&dir, "fr", UNIT), b"french");
    // Any case and either slash, as every game path.
    assert_eq!(
        read(&dir, "fr", &UNIT.to_uppercase().replace('/', "\\")),
        b"french"
    );
    // A file no variant holds is the plain pack's.
    assert_eq!(read(&dir, "en", ONLY_PLAIN), b"plain only");
    let install = Install::open(&dir, "en").unwrap();
    let found = install.find_read(UNIT).unwrap();
    assert!(found.archive.name().ends_with("/0002.en.pac"));
    assert_eq!(found.entry.path, "fftpack/unit/battle_x_spr.en.bin");
    // The plain file stays there by its own path, and French is not read at all.
    assert!(
        install
            .find(UNIT)
            .unwrap()
            .archive
            .name()
            .ends_with("/0002.pac")
    );
    assert!(install.find("fftpack/unit/battle_x_spr.fr.bin").is_none());
    let left: Vec<&str> = install
        .left_out()
        .iter()
        .map(|l| l.file_name.as_str())
        .collect();
    assert_eq!(left, ["0002.fr.pac"]);
}

#[test]
fn a_language_the_install_has_no_pack_of_is_refused() {
    let dir = three_packs("languages_a_language_missing");
    let error = Install::open(&dir, "ja").unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::LanguageMissing { language, held }
            if language == "ja" && held == &["en", "fr"]),
        "{error}"
    );
    let message = error.to_string();
    assert!(
        message.ends_with(
            ": no archive of language ja here (NNNN.ja.pac); the install's languages: en, fr"
        ),
        "{message}"
    );
    // An install of no language pack at all reads its plain packs in any language.
    let plain = install(
        "languages_no_language_pack",
        &[("0002.pac", PacBuilder::new().file(UNIT, b"plain").build())],
    );
    assert_eq!(read(&plain, "ja", UNIT), b"plain");
}

#[test]
fn a_language_the_game_does_not_have_is_refused() {
    let dir = three_packs("languages_not_the_games");
    for language in ["xx", "EN", "", "en\u{1b}"] {
        let error = Install::open(&dir, language).unwrap_err();
        assert!(
            matches!(error.kind(), ErrorKind::UnknownLanguage { .. }),
            "{language:?}: {error}"
        );
        let message = error.to_string();
        assert!(
            message.contains("is not one of the game's languages (ar, cs, ct, de, en, es"),
            "{message}"
        );
        assert!(!message.contains('\u{1b}'), "{message:?}");
    }
}
