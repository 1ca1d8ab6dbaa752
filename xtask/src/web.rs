//! `cargo xtask web -o DIR`: the static folder whose page reads the user's own files in the
//! browser (`test_support::web`, where the browser test writes the same folder).

use std::path::Path;

use anyhow::Result;

/// Writes the folder and says what it wrote.
///
/// # Errors
/// As `test_support::web::write_site`: the WebAssembly toolchain missing, a build or a write
/// failing.
pub fn web(out: &Path) -> Result<()> {
    let line = test_support::web::write_site(out).map_err(anyhow::Error::msg)?;
    println!("{line}");
    Ok(())
}
