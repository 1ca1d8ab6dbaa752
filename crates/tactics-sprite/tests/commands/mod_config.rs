//! A mod's `ModConfig.json` as editors leave it (docs/mods.md "ModConfig.json"): one Notepad
//! saved, with the UTF-8 byte-order mark (EF BB BF) before the `{`, is read by `mod check`, `mod
//! ls` and `mod add` as Reloaded-II reads it and left byte for byte as it was; a NUL inside an
//! item of `ModDependencies` or `SupportedAppId` is refused as in any other string.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s};
use test_support::temp_dir;

/// U+FEFF in UTF-8 (the Unicode standard's byte-order mark, as an editor writes it first).
const BYTE_ORDER_MARK: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// A new mod whose `ModConfig.json` is `edit` of the one `mod new` wrote.
fn mod_edited(test: &str, edit: impl FnOnce(Vec<u8>) -> Vec<u8>) -> (PathBuf, Vec<u8>) {
    let dir = temp_dir(test).join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "test.config",
            "--name",
            "Config",
        ]),
        0,
    );
    let path = dir.join("ModConfig.json");
    let edited = edit(std::fs::read(&path).unwrap());
    std::fs::write(&path, &edited).unwrap();
    (dir, edited)
}

fn config(dir: &Path) -> Vec<u8> {
    std::fs::read(dir.join("ModConfig.json")).unwrap()
}

#[test]
fn a_description_notepad_saved_is_read_and_kept() {
    let test = "a_description_notepad_saved_is_read_and_kept";
    let (dir, edited) = mod_edited(test, |json| [&BYTE_ORDER_MARK[..], &json].concat());
    let report = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(
        report.contains("ok      ModConfig.json: test.config \"Config\""),
        "{report}"
    );
    let listed = expect(&run(["mod", "ls", s(&dir)]), 0);
    assert!(listed.starts_with("mod     test.config"), "{listed}");
    // An HD half of the upper half's size (512 x 512 at 4 bits), added to it.
    let half = dir.parent().unwrap().join("tex_5000.bin");
    std::fs::write(&half, vec![0; 512 * 512 / 2]).unwrap();
    expect(&run(["mod", "add", s(&dir), s(&half)]), 0);
    assert_eq!(
        config(&dir),
        edited,
        "the description is as it was, mark and all"
    );
}

#[test]
fn a_nul_in_a_list_of_the_description_is_refused() {
    let test = "a_nul_in_a_list_of_the_description_is_refused";
    for (field, from, to) in [
        (
            "ModDependencies",
            "\"fftivc.utility.modloader\"",
            "\"fftivc.utility.modloader\", \"x\\u0000y\"",
        ),
        (
            "SupportedAppId",
            "\"fft_classic.exe\"",
            "\"fft_classic.exe\\u0000\"",
        ),
    ] {
        let (dir, _) = mod_edited(&format!("{test}_{field}"), |json| {
            let text = String::from_utf8(json).unwrap();
            assert!(text.contains(from), "{text}");
            text.replacen(from, to, 1).into_bytes()
        });
        for command in ["check", "ls"] {
            let err = expect(&run(["mod", command, s(&dir)]), 1);
            assert!(
                err.contains(&format!("{field} holds a NUL character")),
                "{command}: {err}"
            );
        }
    }
}
