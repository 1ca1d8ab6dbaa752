//! What a signal handler calls: every temporary file that exists is removed, and writes are held
//! back until the process ends. (Its own test binary: it removes every temporary file of the
//! process, which would break writes of other tests running beside it.)

use safe_write::{Folder, TemporaryFile, remove_temporary_files};

#[test]
fn the_handler_removes_every_temporary_file_and_leaves_the_outputs() {
    let dir = std::env::temp_dir().join(format!("safe-write-signal-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("out.bin"), "previous").unwrap();
    let folder = Folder::open(&dir).unwrap();
    let mut first = TemporaryFile::create(&folder, "out.bin".as_ref()).unwrap();
    std::io::Write::write_all(first.file(), b"half").unwrap();
    let second = TemporaryFile::create(&folder, "other.bin".as_ref()).unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
    let held = remove_temporary_files();
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["out.bin"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("out.bin")).unwrap(),
        "previous"
    );
    drop(held);
    // What the program would not reach after the handler: the files are gone, so dropping them
    // (or publishing) finds nothing.
    drop((first, second));
    std::fs::remove_dir_all(&dir).unwrap();
}
