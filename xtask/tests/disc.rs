//! `cargo xtask build-data --disc IMAGE` builds the same bytes as from the loose files, for a
//! cooked ISO (xorriso's), a raw Mode 2 Form 1 `.bin` through its `.cue` (the PlayStation's
//! form) and a raw Mode 1 image, each made at test time from the retail files.

use std::path::Path;
use std::process::Command;

use test_support::TYPE1_SHA256;
use test_support::disc::images_holding;

fn build_data(args: &[&std::ffi::OsStr], out: &Path) -> (String, Vec<u8>) {
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("build-data")
        .args(args)
        .arg("--out")
        .arg(out)
        .env_remove(test_support::ORIGINALS_VAR)
        .output()
        .expect("xtask runs");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let bytes = std::fs::read(out.join("tactics-sprite-data.json")).expect("written");
    (stdout, bytes)
}

#[test]
fn build_data_from_a_disc_image_gives_the_bytes_of_the_loose_files() {
    let test = "build_data_from_a_disc_image_gives_the_bytes_of_the_loose_files";
    let Some((images, _)) = images_holding(test, &["TYPE1.SHP", "TYPE1.SEQ"]) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    let originals = test_support::originals(test).expect("checked above");
    let (_, loose) = build_data(
        &["--originals".as_ref(), originals.as_os_str()],
        &dir.join("loose"),
    );
    for (name, image) in images.forms() {
        let (stdout, bytes) = build_data(&["--disc".as_ref(), image.as_os_str()], &dir.join(name));
        assert!(
            bytes == loose,
            "{name}: other bytes than from the loose files\n{stdout}"
        );
        assert!(
            stdout.contains(&format!("sha256  {TYPE1_SHA256}")),
            "{name}: {stdout}"
        );
        assert!(
            stdout.contains(":BATTLE/TYPE1.SHP: 8192 bytes, retail TYPE1.SHP"),
            "{stdout}"
        );
    }
}

#[test]
fn a_disc_that_is_no_image_is_one_line_and_bad_input() {
    let dir = test_support::temp_dir("a_disc_that_is_no_image_is_one_line_and_bad_input");
    let not_an_image = dir.join("notes.bin");
    std::fs::write(&not_an_image, vec![0x55u8; 100_000]).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["build-data", "--disc"])
        .arg(&not_an_image)
        .output()
        .expect("xtask runs");
    test_support::cli::assert_exit(&run, 1);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("notes.bin: not a CD-ROM image with an ISO 9660 file system"),
        "{err}"
    );
}

/// The README's first-run lines, `cargo xtask build-data --disc game.cue [...]`, run as written
/// on a raw Mode 2 image with its cue (the `--out` added to keep the repository's `target/`
/// untouched): TYPE1 with the README's sha256, and with `--all` every kind and layer.
#[test]
fn the_readme_s_disc_builds_run_as_written() {
    let test = "the_readme_s_disc_builds_run_as_written";
    let readme = std::fs::read_to_string(test_support::repo_root().join("README.md")).unwrap();
    let lines: Vec<Vec<&str>> = readme
        .lines()
        .filter(|l| l.starts_with("cargo xtask build-data --disc "))
        .map(|l| l.split(" # ").next().unwrap().split_whitespace().collect())
        .collect();
    assert_eq!(
        lines,
        [
            ["cargo", "xtask", "build-data", "--disc", "game.cue"].as_slice(),
            &[
                "cargo",
                "xtask",
                "build-data",
                "--disc",
                "game.cue",
                "--all"
            ],
        ]
    );
    assert!(readme.contains(&format!("sha256\n`{TYPE1_SHA256}`")));
    let Some((images, _)) = images_holding(test, &["TYPE1.SHP"]) else {
        return;
    };
    let dir = test_support::temp_dir(test);
    for (i, line) in lines.iter().enumerate() {
        // `--all` builds every kind and layer: with only some game files it skips.
        if line.contains(&"--all") && !test_support::every_retail_file(test) {
            continue;
        }
        let args: Vec<&std::ffi::OsStr> = line[3..]
            .iter()
            .map(|a| match *a {
                "game.cue" => images.mode2_cue.as_os_str(),
                a => a.as_ref(),
            })
            .collect();
        let out = dir.join(i.to_string());
        let run = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .arg("build-data")
            .args(&args)
            .arg("--out")
            .arg(&out)
            .env_remove(test_support::ORIGINALS_VAR)
            .output()
            .expect("xtask runs");
        let stdout = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success(), "{line:?}: {stdout}");
        if line.contains(&"--all") {
            for (file, name) in [
                ("TYPE1.SHP", "type1.tactics-sprite-data.json"),
                ("MON.SHP", "mon.tactics-sprite-data.json"),
                ("WEP1.SHP", "wep1.tactics-sprite-layer.json"),
            ] {
                if test_support::retail_file(test, file).is_some() {
                    assert!(out.join(name).is_file(), "{line:?}: no {name}\n{stdout}");
                }
            }
        } else {
            assert!(
                stdout.contains(&format!("sha256  {TYPE1_SHA256}")),
                "{stdout}"
            );
        }
    }
}
