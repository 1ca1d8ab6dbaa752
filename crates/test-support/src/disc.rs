//! Disc images made at test time from the retail files (never committed): the files under their
//! disc names in a `BATTLE` folder, mastered to a cooked ISO by Debian's `xorriso`, and raw
//! forms of it made with our own EDC/ECC (`disc_image::cooked_to_raw`, checked against
//! independent implementations in `crates/disc-image/tests/edc_ecc.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

use disc_image::RawKind;

use crate::{
    DEFAULT_SHEETS, DEFAULT_WEAPONS, REQUIRE_VAR, RETAIL_FILES, RETAIL_SHEETS, SHEETS_VAR,
    WEAPONS_VAR, find_by_either_name, folder_from, originals, required, say_skipped, temp_dir,
};

/// A program on PATH, or `None` after the loud skip (a failure under `FFT_REQUIRE_ORIGINALS=1`:
/// `.ci/run` installs it).
pub fn tool(test: &str, name: &str, package: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            !required(),
            "{test}: no {name} on the PATH, and {REQUIRE_VAR}=1 requires it: apt-get install \
             {package} (.ci/run does)"
        );
        say_skipped(&format!(
            "SKIPPED {test}: no {name} on the PATH (apt-get install {package})"
        ));
    }
    found
}

/// Runs a command, failing the test with its output when it fails.
///
/// # Panics
/// When the command cannot start or fails.
pub fn run(command: &mut Command) {
    let out = command.output().expect("the tool starts");
    assert!(
        out.status.success(),
        "{command:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Masters a cooked ISO 9660 image of the folder `root` with xorriso: level-1 names, no Rock
/// Ridge or Joliet, as a PlayStation disc.
pub fn xorriso(xorriso: &Path, root: &Path, iso: &Path) {
    run(Command::new(xorriso)
        .args([
            "-as",
            "mkisofs",
            "-quiet",
            "-iso-level",
            "1",
            "-V",
            "TEST",
            "-o",
        ])
        .arg(iso)
        .arg(root));
}

/// A folder for a test holding `BATTLE/` with every retail SHP and SEQ found in the originals
/// folder, and every retail sheet (`RETAIL_SHEETS`, WEP.SPR among them) found in the sheets or
/// weapons folder, each under its disc name, and the disc names copied; `None` after the loud
/// skip when the originals folder is missing. A missing file is simply not on the disc: a test
/// that needs one asks [`crate::retail_file`] (or [`crate::sheet`], [`crate::weapons_sheet`])
/// for it first, and skips as every game-file test does.
pub fn battle_folder(test: &str) -> Option<(PathBuf, Vec<&'static str>)> {
    let dir = originals(test)?;
    let root = temp_dir(test).join("disc-root");
    let battle = root.join("BATTLE");
    std::fs::create_dir_all(&battle).unwrap_or_else(|e| panic!("{}: {e}", battle.display()));
    let sheet_folders: Vec<PathBuf> = [
        folder_from(SHEETS_VAR, Some(DEFAULT_SHEETS)),
        folder_from(WEAPONS_VAR, Some(DEFAULT_WEAPONS)),
    ]
    .into_iter()
    .flatten()
    .map(|(dir, _)| dir)
    .collect();
    let found = RETAIL_FILES
        .iter()
        .map(|file| (file, find_by_either_name(&dir, file.disc_name)))
        .chain(RETAIL_SHEETS.iter().map(|file| {
            let path = sheet_folders
                .iter()
                .find_map(|dir| find_by_either_name(dir, file.disc_name));
            (file, path)
        }));
    let mut names = Vec::new();
    for (file, path) in found {
        if let Some(path) = path {
            std::fs::copy(&path, battle.join(file.disc_name))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            names.push(file.disc_name);
        }
    }
    Some((root, names))
}

/// The images of one disc, in three forms.
pub struct Images {
    /// Cooked 2048-byte sectors (xorriso's `.iso`).
    pub cooked: PathBuf,
    /// Raw Mode 2 Form 1 sectors, as a PlayStation disc: `game.bin` and `game.cue`.
    pub mode2_cue: PathBuf,
    /// Raw Mode 1 sectors, a `.bin` with no cue.
    pub mode1_bin: PathBuf,
    /// The folder they were mastered from: each file is `BATTLE/<disc name>` in it.
    pub root: PathBuf,
}

impl Images {
    /// The three forms, each with a name for messages.
    pub fn forms(&self) -> [(&'static str, &Path); 3] {
        [
            ("cooked", &self.cooked),
            ("mode2", &self.mode2_cue),
            ("mode1", &self.mode1_bin),
        ]
    }
}

/// The retail files of [`battle_folder`] mastered as [`Images`] in the test's folder, or `None`
/// after the loud skip (no originals, or no xorriso).
pub fn images(test: &str) -> Option<(Images, Vec<&'static str>)> {
    let xorriso_path = tool(test, "xorriso", "xorriso")?;
    let (root, names) = battle_folder(test)?;
    let dir = temp_dir(test);
    let cooked = dir.join("game.iso");
    xorriso(&xorriso_path, &root, &cooked);
    let bytes = std::fs::read(&cooked).unwrap_or_else(|e| panic!("{}: {e}", cooked.display()));
    let bin = dir.join("game.bin");
    std::fs::write(&bin, disc_image::cooked_to_raw(&bytes, RawKind::Mode2Form1))
        .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
    let cue = dir.join("game.cue");
    std::fs::write(
        &cue,
        "FILE \"game.bin\" BINARY\n  TRACK 01 MODE2/2352\n    INDEX 01 00:00:00\n",
    )
    .unwrap_or_else(|e| panic!("{}: {e}", cue.display()));
    let mode1 = dir.join("mode1.img");
    std::fs::write(&mode1, disc_image::cooked_to_raw(&bytes, RawKind::Mode1))
        .unwrap_or_else(|e| panic!("{}: {e}", mode1.display()));
    Some((
        Images {
            cooked,
            mode2_cue: cue,
            mode1_bin: mode1,
            root,
        },
        names,
    ))
}

/// [`images`], once each of `files` (retail SHP or SEQ files, by disc name) is in the originals
/// folder to be put on them; else `None` after the loud skip of the first one missing.
pub fn images_holding(test: &str, files: &[&str]) -> Option<(Images, Vec<&'static str>)> {
    for file in files {
        crate::retail_file(test, file)?;
    }
    images(test)
}

/// A cooked image of [`battle_folder`] with `padding` bytes more in a file at its root
/// (`PADDING.BIN`, zeros, sparse on disk): an image as long as a retail disc's, for tests that
/// hold a reader to reading it in place; or `None` after the loud skip (no originals, or no
/// xorriso).
pub fn padded_image(test: &str, padding: u64) -> Option<(PathBuf, Vec<&'static str>)> {
    let xorriso_path = tool(test, "xorriso", "xorriso")?;
    let (root, names) = battle_folder(test)?;
    let pad = root.join("PADDING.BIN");
    std::fs::File::create(&pad)
        .and_then(|file| file.set_len(padding))
        .unwrap_or_else(|e| panic!("{}: {e}", pad.display()));
    let image = temp_dir(test).join("padded.iso");
    xorriso(&xorriso_path, &root, &image);
    let _ = std::fs::remove_file(&pad);
    Some((image, names))
}
