//! Writing output files so that a failed write never leaves a half-written file: the bytes go to
//! a temporary file in the same folder, which is flushed to disk and then renamed over the target.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically, creating the folder if needed.
///
/// # Errors
/// The folder cannot be created, the temporary file cannot be written (a full or read-only
/// disk), or the rename fails. The previous file at `path`, if any, is then untouched, and the
/// temporary file is removed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} names no file", path.display())))?;
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
