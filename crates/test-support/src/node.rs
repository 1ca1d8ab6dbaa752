//! Node.js for the tests of the JavaScript package (`packages/tactics-sprite`): finding `node`
//! and `npm`, where the package is, and the development dependencies `npm ci` installs in it.

use std::path::PathBuf;

use crate::variables::REQUIRE_NODE_VAR;

/// The `node` binary: `$NODE`, else `node` on the PATH.
pub fn find_node() -> Option<PathBuf> {
    find_program("node", "NODE")
}

/// The `npm` command: `$NPM`, else `npm` on the PATH (Debian's `npm` package).
pub fn find_npm() -> Option<PathBuf> {
    find_program("npm", "NPM")
}

/// `$override_var`, else `name` on the PATH.
fn find_program(name: &str, override_var: &str) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(override_var).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
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

/// The `npm` command, or `None` after a SKIPPED line when it is not there and not required.
///
/// # Panics
/// When it is missing and required.
pub fn npm_or_skip(test: &str) -> Option<PathBuf> {
    crate::program_or_skip(
        test,
        find_npm(),
        ("npm", "NPM"),
        (REQUIRE_NODE_VAR, node_required()),
        "npm",
    )
}

/// `relative` under the package's `node_modules` (a development dependency's file, such as
/// `typescript/bin/tsc`), or `None` after a SKIPPED line when `npm ci` has not installed it and
/// node is not required.
///
/// # Panics
/// When it is missing and node is required (CI runs `npm ci` in the package first).
pub fn installed_or_skip(test: &str, relative: &str) -> Option<PathBuf> {
    let path = package_dir().join("node_modules").join(relative);
    if path.is_file() {
        return Some(path);
    }
    assert!(
        !node_required(),
        "{test}: {} is missing, and {REQUIRE_NODE_VAR}=1 requires it: run `npm ci` in \
         packages/tactics-sprite",
        path.display()
    );
    crate::skip(
        test,
        &format!("no {relative} (run `npm ci` in packages/tactics-sprite)"),
    )
}
