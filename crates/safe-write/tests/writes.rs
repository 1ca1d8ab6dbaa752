//! The guards of `safe_write`, each against what it guards from: links where the temporary file
//! or a folder goes, a folder swapped for a link while writes run, writes that fail, and several
//! writers of one file at once.

use std::path::{Path, PathBuf};

use safe_write::{Publish, is_temporary_name, write_atomically, write_below};

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("safe-write-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The name an older version gave its temporary file, `.<name>.<pid>.tmp`, a link to a file
/// outside (a folder can ship one for every pid): the write goes to its own new file, and the
/// linked file is untouched. (`File::create` at that name truncated and wrote the linked file.)
#[cfg(unix)]
#[test]
fn a_link_at_a_temporary_name_is_never_written_through() {
    let dir = scratch("no-follow");
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "outside").unwrap();
    let inside = dir.join("inside");
    std::fs::create_dir(&inside).unwrap();
    let planted = format!(".out.bin.{}.tmp", std::process::id());
    std::os::unix::fs::symlink(&outside, inside.join(&planted)).unwrap();
    write_atomically(&inside.join("out.bin"), b"written").unwrap();
    write_below(
        &dir,
        Path::new("inside/out.bin"),
        b"again",
        Publish::Replace,
    )
    .unwrap();
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "outside");
    assert_eq!(std::fs::read(inside.join("out.bin")).unwrap(), b"again");
    assert!(inside.join("out.bin").symlink_metadata().unwrap().is_file());
    assert_eq!(names(&inside), [planted.as_str(), "out.bin"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_folder_that_is_a_link_is_refused_by_name() {
    let dir = scratch("link-folder");
    let outside = dir.join("outside");
    std::fs::create_dir(&outside).unwrap();
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("a")).unwrap();
    std::os::unix::fs::symlink(&outside, root.join("a/b")).unwrap();
    let error = write_below(&root, Path::new("a/b/c/file"), b"x", Publish::Replace).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::NotADirectory);
    assert_eq!(
        error.to_string(),
        format!(
            "{}: a link where a folder is to be; nothing is written through a link",
            root.join("a/b").display()
        )
    );
    std::fs::write(root.join("a/file"), "").unwrap();
    let error = write_below(&root, Path::new("a/file/x"), b"x", Publish::Replace).unwrap_err();
    assert!(
        error
            .to_string()
            .ends_with("a/file: a file where a folder is to be"),
        "{error}"
    );
    let error = write_below(&root, Path::new("../x"), b"x", Publish::Replace).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
    assert!(names(&outside).is_empty());
    assert!(!dir.join("x").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A thread swaps a folder of the path with a link to a folder outside and back, as fast as it
/// can (`renameat2(RENAME_EXCHANGE)`: the name is always one or the other), while writes run
/// below the root: a write either lands inside or is refused, never outside. (With a check by
/// path before a write by path, 7 of 1,200 landed outside.)
#[cfg(target_os = "linux")]
#[test]
fn a_folder_swapped_for_a_link_during_writes_never_leads_out() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    const TRIES: usize = 1_200;
    let dir = scratch("swap");
    let outside = dir.join("outside");
    std::fs::create_dir(&outside).unwrap();
    let root = dir.join("root");
    let swapped = root.join("data");
    std::fs::create_dir_all(swapped.join("unit")).unwrap();
    let link = root.join("data.link");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (stop, swapped) = (Arc::clone(&stop), swapped.clone());
        std::thread::spawn(move || {
            let mut swaps = 0_u64;
            while !stop.load(Ordering::Relaxed) {
                let flags = rustix::fs::RenameFlags::EXCHANGE;
                rustix::fs::renameat_with(rustix::fs::CWD, &swapped, rustix::fs::CWD, &link, flags)
                    .unwrap();
                swaps += 1;
            }
            swaps
        })
    };
    let mut refused = 0;
    for n in 0..TRIES {
        let relative = PathBuf::from(format!("data/unit/file{n}"));
        if write_below(&root, &relative, b"x", Publish::Replace).is_err() {
            refused += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    let escaped = names(&outside);
    assert!(
        escaped.is_empty(),
        "{} of {TRIES} escaped: {escaped:?}",
        escaped.len()
    );
    assert!(
        swaps > 0 && refused < TRIES,
        "{swaps} swaps, {refused} refused"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_leaves_no_temporary_file_and_the_old_file_as_it_was() {
    let dir = scratch("failed");
    // A folder (not empty) where the file goes: the rename fails.
    std::fs::create_dir_all(dir.join("out.json/keep")).unwrap();
    assert!(write_atomically(&dir.join("out.json"), b"new").is_err());
    assert_eq!(names(&dir), ["out.json"]);
    // A file there already, not to be replaced.
    std::fs::write(dir.join("kept.bin"), "old").unwrap();
    let error =
        write_below(&dir, Path::new("kept.bin"), b"new", Publish::KeepExisting).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::AlreadyExists);
    assert_eq!(
        std::fs::read_to_string(dir.join("kept.bin")).unwrap(),
        "old"
    );
    assert_eq!(names(&dir), ["kept.bin", "out.json"]);
    // Replaced when asked.
    write_below(&dir, Path::new("kept.bin"), b"new", Publish::Replace).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("kept.bin")).unwrap(),
        "new"
    );
    assert!(!names(&dir).iter().any(|name| is_temporary_name(name)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn of_eight_writers_of_one_new_file_exactly_one_places_it() {
    const WRITERS: usize = 8;
    let dir = scratch("eight");
    for round in 0..20 {
        let relative = PathBuf::from(format!("unit/file{round}"));
        let barrier = std::sync::Barrier::new(WRITERS);
        let placed: Vec<bool> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..WRITERS)
                .map(|writer| {
                    let (dir, relative, barrier) = (&dir, &relative, &barrier);
                    scope.spawn(move || {
                        barrier.wait();
                        let bytes = format!("writer {writer}");
                        match write_below(dir, relative, bytes.as_bytes(), Publish::KeepExisting) {
                            Ok(()) => true,
                            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
                            Err(e) => panic!("{e}"),
                        }
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let winners: Vec<usize> = (0..WRITERS).filter(|&w| placed[w]).collect();
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let written = std::fs::read_to_string(dir.join(&relative)).unwrap();
        assert_eq!(written, format!("writer {}", winners[0]));
    }
    assert_eq!(names(&dir.join("unit")).len(), 20, "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}
