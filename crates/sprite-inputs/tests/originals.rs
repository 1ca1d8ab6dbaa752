//! Originals layered as the remaster's mod loader layers mods: a later folder's file wins, a mod's
//! or an install's `fftpack/unit/` is found at any depth below the folder given, and its HD sheet
//! folders are kept for the HD sheets.

use std::path::{Path, PathBuf};

use sprite_inputs::Originals;
use sprite_inputs::locate::{OriginalsRequest, find_originals};

fn put(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_later_folder_and_its_mod_folders_win() {
    let dir = test_support::temp_dir("originals-layered");
    let game = dir.join("game");
    put(&game.join("TYPE1.SEQ"), b"game seq");
    put(&game.join("TYPE1.SHP"), b"game shp");
    let unit = |mode: &str| {
        dir.join("mods/fftivc.sprites.test/FFTIVC/data")
            .join(mode)
            .join("fftpack/unit")
    };
    put(
        &unit("classic").join("battle_type1_seq.bin"),
        b"classic seq",
    );
    put(
        &unit("classic").join("battle_type1_shp.bin"),
        b"classic shp",
    );
    put(
        &unit("enhanced").join("battle_type1_seq.bin"),
        b"enhanced seq",
    );
    let hd = dir.join("mods/fftivc.sprites.test/FFTIVC/data/enhanced/system/ffto/g2d");
    put(&hd.join("tex_992.bin"), b"hd");

    let originals = Originals::from_folders(&[game.clone(), dir.join("mods")]).unwrap();
    let read = |name: &str| String::from_utf8(originals.require(name).unwrap().bytes).unwrap();
    // The enhanced game's file over the classic game's over the game's own.
    assert_eq!(read("TYPE1.SEQ"), "enhanced seq");
    assert_eq!(read("battle_type1_shp.bin"), "classic shp");
    assert_eq!(originals.hd_folders().collect::<Vec<_>>(), [hd.as_path()]);
    // The game alone, its own files.
    let alone = Originals::from_folders(std::slice::from_ref(&game)).unwrap();
    assert_eq!(alone.require("TYPE1.SEQ").unwrap().bytes, b"game seq");
    assert_eq!(alone.places().len(), 1);

    // The flags in the order given: the mod under the game, the game's file wins.
    let (flipped, _) = find_originals(&OriginalsRequest {
        folders: vec![dir.join("mods"), game.clone()],
        ..OriginalsRequest::default()
    })
    .unwrap()
    .unwrap();
    assert_eq!(flipped.require("TYPE1.SEQ").unwrap().bytes, b"game seq");
    let missing = find_originals(&OriginalsRequest {
        folders: vec![game, PathBuf::from("no-such-folder")],
        ..OriginalsRequest::default()
    })
    .unwrap_err();
    // Named by the parameter's logical name; the command line spells it `--originals`.
    assert_eq!(
        missing.to_string(),
        "originals no-such-folder: no such folder"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A link loop below a folder given is walked past, not into.
#[cfg(unix)]
#[test]
fn a_link_loop_below_the_originals_is_harmless() {
    let dir = test_support::temp_dir("originals-loop");
    put(&dir.join("TYPE1.SEQ"), b"seq");
    std::fs::create_dir_all(dir.join("a/b")).unwrap();
    let _ = std::fs::remove_file(dir.join("a/b/loop"));
    std::os::unix::fs::symlink(&dir, dir.join("a/b/loop")).unwrap();
    let originals = Originals::from_folders(std::slice::from_ref(&dir)).unwrap();
    assert_eq!(originals.places().len(), 1);
    assert_eq!(originals.require("TYPE1.SEQ").unwrap().bytes, b"seq");
    std::fs::remove_dir_all(&dir).unwrap();
}
