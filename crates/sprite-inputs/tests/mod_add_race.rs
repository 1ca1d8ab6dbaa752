//! `mod add` against a mod folder swapped for a link while it writes (docs/mods.md "Safe
//! writes"): a thread exchanges the mod's `fftpack/` folder with a link to a folder outside the
//! mod (`renameat2(RENAME_EXCHANGE)`, so the name is always one or the other) while the files
//! `mod add` checked are written 1,200 times. Each write lands in the mod or is refused; none
//! lands outside. (Checked by path and then written by path, 7 of 1,200 landed outside.)

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use sprite_inputs::loader::layout::Mode;
use sprite_inputs::mod_folder::add::{self, AddOptions};
use sprite_inputs::mod_folder::config::NewMod;
use sprite_inputs::mod_folder::new_mod;

const TRIES: usize = 1_200;

/// Every file below `dir`.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                folders.push(entry.path());
            } else {
                found.push(entry.path());
            }
        }
    }
    found
}

#[test]
fn a_mod_folder_swapped_for_a_link_while_mod_add_writes_is_never_left() {
    let root = test_support::temp_dir("mod-add-race");
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("mod");
    new_mod(
        &dir,
        &NewMod {
            id: "fftivc.sprites.race".to_owned(),
            name: "Race".to_owned(),
            author: None,
            version: None,
            description: None,
        },
    )
    .unwrap();
    let outside = root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    let fftpack = dir.join("FFTIVC/data/enhanced/fftpack");
    std::fs::create_dir_all(fftpack.join("unit")).unwrap();
    let link = dir.join("FFTIVC/data/enhanced/fftpack.link");
    std::os::unix::fs::symlink(&outside, &link).unwrap();

    let seq = test_support::fixtures::demo("DEMO.SEQ");
    let options = AddOptions {
        mode: Mode::Enhanced,
        rename: Some("TYPE1.SEQ"),
        replace: true,
        sheets: None,
        like: None,
        charclut: None,
    };
    let placements = add::plan(&dir, &[seq], &options).unwrap();

    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (stop, fftpack) = (Arc::clone(&stop), fftpack.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let flags = rustix::fs::RenameFlags::EXCHANGE;
                rustix::fs::renameat_with(rustix::fs::CWD, &fftpack, rustix::fs::CWD, &link, flags)
                    .unwrap();
            }
        })
    };
    let mut written = 0;
    for _ in 0..TRIES {
        if add::write(&dir, &placements).is_ok() {
            written += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    let escaped = files_below(&outside);
    assert!(
        escaped.is_empty(),
        "{} files outside the mod: {escaped:?}",
        escaped.len()
    );
    assert!(written > 0, "every write was refused");
    std::fs::remove_dir_all(&root).unwrap();
}
