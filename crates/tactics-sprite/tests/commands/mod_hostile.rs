//! `tactics-sprite mod` on hostile input (docs/mods.md "Bad input"): a ModConfig.json that is
//! not JSON, 100 MB, nested past any depth, with an ID that leaves the folder or a NUL in a
//! name; a mod with a link loop, a link out of it, a folder where a file goes. Each is one line
//! and exit 1 (a bad flag: exit 2), and nothing is written anywhere. No game file is needed: the
//! synthetic demo SEQ stands in for TYPE1.SEQ.

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stdout};

/// Every file and folder below `dir`, with the bytes of each file, in path order.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    fn walk(at: &Path, out: &mut Vec<(PathBuf, Option<Vec<u8>>)>) {
        let Ok(listing) = std::fs::read_dir(at) else {
            return;
        };
        for entry in listing {
            let path = entry.unwrap().path();
            let meta = path.symlink_metadata().unwrap();
            if meta.file_type().is_symlink() {
                out.push((path, None));
            } else if meta.is_dir() {
                out.push((path.clone(), None));
                walk(&path, out);
            } else {
                out.push((path.clone(), std::fs::read(&path).ok()));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// A scratch folder holding a mod `mod/` made by `mod new`.
fn scratch(test: &str) -> (PathBuf, PathBuf) {
    let root = test_support::temp_dir(test);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let dir = root.join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&dir),
            "--id",
            "fftivc.sprites.hostile",
            "--name",
            "Hostile",
        ]),
        0,
    );
    (root, dir)
}

/// Runs `mod ARGS...` and expects exit `code` with one line containing `words`, and nothing
/// changed below `root`.
fn refused(root: &Path, args: &[&str], code: i32, words: &str) {
    let before = snapshot(root);
    let mut all = vec!["mod"];
    all.extend(args);
    let err = expect(&run(&all), code);
    assert!(err.contains(words), "{args:?}: {err}");
    assert!(snapshot(root) == before, "{args:?} wrote something");
}

fn demo_seq() -> String {
    s(&test_support::fixtures::demo("DEMO.SEQ")).to_owned()
}

#[test]
fn a_hostile_mod_config_is_one_line_and_nothing_is_written() {
    let (root, dir) = scratch("mod-hostile-config");
    let config = dir.join("ModConfig.json");
    let seq = demo_seq();
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let cases: [(&str, Vec<u8>, String); 5] = [
        ("not JSON", b"ModId = x".to_vec(), format!("{}: not JSON: expected value at line 1 column 1", config.display())),
        ("nested", deep.into_bytes(), "not JSON: recursion limit exceeded".to_owned()),
        (
            "an ID out of the folder",
            br#"{"ModId": "../../x", "ModName": "x"}"#.to_vec(),
            "ModId \"../../x\": holds a path separator; a mod ID names a folder: dotted lower-case words".to_owned(),
        ),
        (
            "a NUL in the ID",
            br#"{"ModId": "fftivc.a\u0000b", "ModName": "x"}"#.to_vec(),
            "ModId holds a NUL character".to_owned(),
        ),
        (
            "a NUL in the name",
            br#"{"ModId": "fftivc.a.b", "ModName": "a\u0000b"}"#.to_vec(),
            "ModName holds a NUL character".to_owned(),
        ),
    ];
    for (what, bytes, words) in cases {
        std::fs::write(&config, &bytes).unwrap();
        for args in [
            vec!["check", s(&dir)],
            vec!["ls", s(&dir)],
            vec!["add", s(&dir), &seq, "--as", "TYPE1.SEQ"],
        ] {
            let before = snapshot(&root);
            let mut all = vec!["mod"];
            all.extend(&args);
            let err = expect(&run(&all), 1);
            assert!(err.contains(&words), "{what}, {args:?}: {err}");
            assert!(
                snapshot(&root) == before,
                "{what}, {args:?} wrote something"
            );
        }
    }
    // 100 MB, refused before it is read (a sparse file: no 100 MB written).
    std::fs::File::create(&config)
        .unwrap()
        .set_len(100 << 20)
        .unwrap();
    refused(
        &root,
        &["check", s(&dir)],
        1,
        "ModConfig.json: over 0x100000 bytes, far longer than a ModConfig.json",
    );
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "TYPE1.SEQ"],
        1,
        "over 0x100000 bytes",
    );
    // A folder that is no mod at all.
    std::fs::remove_file(&config).unwrap();
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "TYPE1.SEQ"],
        1,
        "no ModConfig.json: not a mod folder (`tactics-sprite mod new` makes one)",
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_id_that_leaves_the_folder_is_refused_before_anything_is_made() {
    let root = test_support::temp_dir("mod-hostile-new");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let dir = root.join("a/b/mod");
    for (id, words) in [
        ("../../x", "holds a path separator"),
        ("..", "holds `..`"),
        ("my mod", "holds ' '"),
    ] {
        refused(
            &root,
            &["new", s(&dir), "--id", id, "--name", "x"],
            2,
            &format!("tactics-sprite: mod: the mod ID {id:?}: {words}"),
        );
    }
    assert!(!root.join("a").exists());
    // A mod already there is left alone.
    expect(
        &run(["mod", "new", s(&dir), "--id", "a.b", "--name", "x"]),
        0,
    );
    refused(
        &root,
        &["new", s(&dir), "--id", "a.c", "--name", "y"],
        1,
        "ModConfig.json: already there",
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[cfg(unix)]
#[test]
fn links_and_folders_in_a_mod_are_named_and_never_followed() {
    let (root, dir) = scratch("mod-hostile-links");
    let seq = demo_seq();
    let enhanced = dir.join("FFTIVC/data/enhanced");
    std::fs::create_dir_all(&enhanced).unwrap();
    // A link back up: a loop for anything that follows links.
    std::os::unix::fs::symlink("..", enhanced.join("loop")).unwrap();
    let output = run(["mod", "check", s(&dir)]);
    test_support::cli::assert_exit(&output, 1);
    let checked = stdout(&output);
    assert!(
        checked.lines().any(|l| l
            == "error   FFTIVC/data/enhanced/loop: a symbolic link to ..: a mod holds files, not links (an archive of it keeps none, and a link to a folder above it loops a walk)"),
        "{checked}"
    );
    expect(&run(["mod", "ls", s(&dir)]), 0);

    // fftpack/ a link to a folder outside the mod: mod add writes nothing there.
    let outside = root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, enhanced.join("fftpack")).unwrap();
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "TYPE1.SEQ"],
        1,
        "fftpack: a link; mod add writes only inside the mod's own folders",
    );
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0);
    std::fs::remove_file(enhanced.join("fftpack")).unwrap();

    // A folder where the file goes, and a folder given as the file.
    let unit = enhanced.join("fftpack/unit");
    std::fs::create_dir_all(unit.join("battle_type1_seq.bin")).unwrap();
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "TYPE1.SEQ"],
        1,
        "battle_type1_seq.bin: a folder where the loader reads a file",
    );
    let checked = stdout(&run(["mod", "check", s(&dir)]));
    assert!(
        checked.lines().any(|l| l
            == "error   FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.bin: a folder where the loader reads a file"),
        "{checked}"
    );
    refused(
        &root,
        &["add", s(&dir), s(&unit)],
        1,
        "unit: a folder, not a file",
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A file the name says is one kind but whose bytes are another is refused, as is a name the
/// game has no file for; the demo SEQ as TYPE1.SEQ is placed (and checked: no digest names it).
#[test]
fn a_file_of_another_kind_is_refused_and_the_demo_seq_is_placed() {
    let (root, dir) = scratch("mod-hostile-kinds");
    let seq = demo_seq();
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "RAMUZA.SPR"],
        1,
        "this is a SEQ file (animation bytecode), but RAMUZA.SPR is an SPR sprite sheet",
    );
    refused(
        &root,
        &["add", s(&dir), &seq, "--as", "ZODIAC.BIN"],
        1,
        "ZODIAC.BIN is not a sprite file",
    );
    refused(
        &root,
        &["add", s(&dir), &seq],
        1,
        "the game has no file named DEMO.SEQ",
    );
    let shp = s(&test_support::fixtures::demo("DEMO.SHP")).to_owned();
    refused(
        &root,
        &["add", s(&dir), &seq, &shp, "--as", "TYPE1.SEQ"],
        2,
        "--as names the game file one file replaces, and 2 files are given",
    );
    let added = expect(
        &run(["mod", "add", s(&dir), &seq, "--as", "battle_type1_seq.bin"]),
        0,
    );
    assert!(
        added.ends_with("FFTIVC/data/enhanced/fftpack/unit/battle_type1_seq.bin: TYPE1.SEQ, 1189 bytes (the original's 6754): the synthetic demo file (not game data)\n"),
        "{added}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
