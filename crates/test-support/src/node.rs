//! Node.js for the tests of the JavaScript package (`packages/tactics-sprite`): finding `node`,
//! and where the package is.

use std::path::PathBuf;

/// Turns a missing `node` into a failure (besides `FFT_REQUIRE_ORIGINALS=1`, which CI sets).
pub const REQUIRE_NODE_VAR: &str = "FFT_REQUIRE_NODE";

/// The `node` binary: `$NODE`, else `node` on the PATH.
pub fn find_node() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NODE").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("node"))
        .find(|candidate| candidate.is_file())
}

/// Whether a missing `node` fails the test (CI installs Debian's `nodejs`).
pub fn node_required() -> bool {
    crate::required() || std::env::var(REQUIRE_NODE_VAR).is_ok_and(|v| v == "1")
}

/// The JavaScript package's folder.
pub fn package_dir() -> PathBuf {
    crate::repo_root().join("packages").join("tactics-sprite")
}

/// The `node` binary, or `None` after a SKIPPED line when it is not there and not required.
///
/// # Panics
/// When it is missing and required.
pub fn node_or_skip(test: &str) -> Option<PathBuf> {
    crate::program_or_skip(
        test,
        find_node(),
        ("node", "NODE"),
        (REQUIRE_NODE_VAR, node_required()),
        "nodejs",
    )
}
