//! Writes a hostile folder cannot steer, and writes that stop cleanly (docs/mods.md "Safe
//! writes"): a mod or an output folder that ships links named as every temporary file an older
//! version could make; eight `mod add` of one slot at once; SIGINT in the middle of a `mod add`;
//! and `mod check` of the temporary file a killed write leaves. No game file is needed: the
//! synthetic demo files stand in, and HD halves are zeros of a half's size.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{expect, run, s, stdout};

/// Process ids run up to 32,768 on Linux by default (`/proc/sys/kernel/pid_max`): a link for
/// each covers every name `.<name>.<pid>.tmp` a write could have used.
const PIDS: u32 = 32_768;

/// A scratch folder holding a mod `mod/` made by `mod new`, and the mod's folder.
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
            "fftivc.sprites.safe",
            "--name",
            "Safe",
        ]),
        0,
    );
    (root, dir)
}

/// The folder of the enhanced game's sprite files in the mod.
fn unit_folder(dir: &Path) -> PathBuf {
    dir.join("FFTIVC/data/enhanced/fftpack/unit")
}

fn demo(name: &str) -> String {
    s(&test_support::fixtures::demo(name)).to_owned()
}

/// Every file below `dir` whose name is a temporary file's, by its path.
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                folders.push(path);
            } else if entry.file_name().to_string_lossy().ends_with(".tmp") {
                found.push(path);
            }
        }
    }
    found
}

/// Links named `.<name>.<pid>.tmp` for every pid in `folder`, each to `outside`.
#[cfg(unix)]
fn link_farm(folder: &Path, name: &str, outside: &Path) {
    std::fs::create_dir_all(folder).unwrap();
    for pid in 0..PIDS {
        std::os::unix::fs::symlink(outside, folder.join(format!(".{name}.{pid}.tmp"))).unwrap();
    }
}

#[cfg(unix)]
#[test]
fn a_link_farm_of_temporary_names_leaves_the_linked_file_alone() {
    let (root, dir) = scratch("safe-link-farm");
    let outside = root.join("precious.txt");
    std::fs::write(&outside, "the user's file\n").unwrap();

    // `mod add`: the SEQ's place holds a link for every pid.
    link_farm(&unit_folder(&dir), "battle_type1_seq.bin", &outside);
    let added = expect(
        &run([
            "mod",
            "add",
            s(&dir),
            &demo("DEMO.SEQ"),
            "--as",
            "TYPE1.SEQ",
        ]),
        0,
    );
    assert!(added.starts_with("added "), "{added}");
    assert_eq!(
        std::fs::read(&outside).unwrap(),
        b"the user's file\n",
        "the linked file was written"
    );
    let placed = unit_folder(&dir).join("battle_type1_seq.bin");
    assert!(
        placed.symlink_metadata().unwrap().is_file(),
        "placed as a file, not a link"
    );
    let demo_bytes = std::fs::read(test_support::fixtures::demo("DEMO.SEQ")).unwrap();
    assert_eq!(std::fs::read(&placed).unwrap(), demo_bytes);

    // A plain `-o`: the output's folder holds a link for every pid.
    let out_folder = root.join("out");
    link_farm(&out_folder, "demo.seq.txt", &outside);
    let out = out_folder.join("demo.seq.txt");
    expect(&run(["disasm", &demo("DEMO.SEQ"), "-o", s(&out)]), 0);
    assert_eq!(
        std::fs::read(&outside).unwrap(),
        b"the user's file\n",
        "the linked file was written"
    );
    assert!(out.symlink_metadata().unwrap().is_file());
    assert!(std::fs::read_to_string(&out).unwrap().len() > 100);
    std::fs::remove_dir_all(&root).unwrap();
}

/// Eight `mod add` of one slot at once, without `--replace`: one places the file and says
/// "added", the others are refused as the file being in the mod already. Five rounds, since the
/// eight may happen not to overlap in one.
#[test]
fn of_eight_mod_adds_of_one_slot_at_once_exactly_one_adds() {
    let (root, dir) = scratch("safe-eight");
    let seq = demo("DEMO.SEQ");
    let placed = unit_folder(&dir).join("battle_type1_seq.bin");
    for round in 0..5 {
        let children: Vec<_> = (0..8)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
                    .args(["mod", "add", s(&dir), &seq, "--as", "TYPE1.SEQ"])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let outputs: Vec<_> = children
            .into_iter()
            .map(|child| child.wait_with_output().unwrap())
            .collect();
        let added = outputs.iter().filter(|o| o.status.success()).count();
        assert_eq!(added, 1, "round {round}: {added} of 8 said added");
        for output in outputs.iter().filter(|o| !o.status.success()) {
            let err = expect(output, 1);
            assert!(
                err.ends_with(
                    "battle_type1_seq.bin: already in the mod; give --replace to replace it\n"
                ),
                "round {round}: {err}"
            );
        }
        let added_line = outputs
            .iter()
            .find(|o| o.status.success())
            .map(stdout)
            .unwrap();
        assert!(added_line.starts_with("added "), "{added_line}");
        assert!(
            temporary_files(&dir).is_empty(),
            "{:?}",
            temporary_files(&dir)
        );
        std::fs::remove_file(&placed).unwrap();
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// SIGINT while `mod add` writes: no temporary file is left, and the files not yet renamed into
/// place are not there. A watcher sends the signal as soon as it sees a temporary file in the
/// mod (64 HD halves of 128 KiB, each flushed to disk, keep one there most of the run); a run
/// that ends before the signal lands is tried again, at most 20 times.
#[cfg(unix)]
#[test]
fn sigint_during_mod_add_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;

    let (root, dir) = scratch("safe-sigint");
    let halves = root.join("halves");
    std::fs::create_dir_all(&halves).unwrap();
    let files: Vec<PathBuf> = (0..64)
        .map(|n| {
            let path = halves.join(format!("tex_{}.bin", 6000 + 2 * n));
            std::fs::write(&path, vec![0_u8; 131_072]).unwrap();
            path
        })
        .collect();
    let g2d = dir.join("FFTIVC/data/enhanced/system/ffto/g2d");
    let mut interrupted = 0;
    for attempt in 0..20 {
        let _ = std::fs::remove_dir_all(dir.join("FFTIVC"));
        std::fs::create_dir_all(&g2d).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
            .args(["mod", "add", s(&dir)])
            .args(&files)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut signalled = false;
        loop {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            let writing = std::fs::read_dir(&g2d)
                .unwrap()
                .flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(".tmp"));
            if writing {
                // SAFETY: kill(2) with a child's pid that has not been waited for.
                unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) };
                signalled = true;
                break;
            }
        }
        let output = child.wait_with_output().unwrap();
        let left = temporary_files(&dir);
        assert!(
            left.is_empty(),
            "attempt {attempt}: {} ({}) left {left:?}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        if !signalled || output.status.success() {
            continue;
        }
        assert_eq!(
            output.status.code(),
            Some(130),
            "attempt {attempt}: {}",
            output.status
        );
        assert_eq!(output.status.signal(), None);
        // Each file there is whole: the writes renamed into place before the signal.
        for entry in std::fs::read_dir(&g2d).unwrap().flatten() {
            assert_eq!(
                entry.metadata().unwrap().len(),
                131_072,
                "{:?}",
                entry.path()
            );
        }
        interrupted += 1;
        if interrupted == 3 {
            break;
        }
    }
    assert!(interrupted > 0, "no run was interrupted while writing");
    std::fs::remove_dir_all(&root).unwrap();
}

/// A temporary file a killed write left (SIGKILL cannot be handled) is named as one by `mod
/// check`, with the command that removes it, and is no error: the loader never reads it.
#[test]
fn mod_check_names_a_leftover_temporary_file_and_how_to_remove_it() {
    let (root, dir) = scratch("safe-leftover");
    expect(
        &run([
            "mod",
            "add",
            s(&dir),
            &demo("DEMO.SEQ"),
            "--as",
            "TYPE1.SEQ",
        ]),
        0,
    );
    let unit = unit_folder(&dir);
    for name in [
        ".battle_type1_seq.bin.4242.tmp",
        ".battle_type1_seq.bin.0123456789abcdef.tmp",
    ] {
        std::fs::write(unit.join(name), "half").unwrap();
    }
    let output = run(["mod", "check", s(&dir)]);
    let checked = stdout(&output);
    test_support::cli::assert_exit(&output, 0);
    for name in [
        ".battle_type1_seq.bin.4242.tmp",
        ".battle_type1_seq.bin.0123456789abcdef.tmp",
    ] {
        let path = format!("FFTIVC/data/enhanced/fftpack/unit/{name}");
        let line = format!(
            "warning {path}: a temporary file left by a write that was stopped before it \
             finished (the file it was for is as it was); the loader ignores it: remove it with \
             rm '{}'",
            dir.join(&path).display()
        );
        assert!(checked.lines().any(|l| l == line), "{line}\n{checked}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}
