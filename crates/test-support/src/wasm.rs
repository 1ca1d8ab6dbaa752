//! The WebAssembly modules (`crates/sprite-wasm`, and `crates/sprite-wasm-io`, the one a page
//! fetches only for a disc image or a mod) built for the tests and for `cargo xtask web`: the one
//! recipe. The rustup toolchains have no `wasm32-unknown-unknown` standard library, so
//! the module is built with Debian's `rustc-web` and `cargo-web`, which build one from the
//! source of `rust-web-src` (`-Zbuild-std`), linked by LLVM's `wasm-ld-19` (`lld-19`), in a
//! target folder of its own (`target/wasm`). `.ci/run` installs the four packages.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The target the module is built for.
pub const TARGET: &str = "wasm32-unknown-unknown";
/// The profile it is built with (the workspace's `Cargo.toml`: small, no debug information).
pub const PROFILE: &str = "wasm";
/// Its target folder, from the repository root: apart from the native one, whose compiler and
/// flags differ.
pub const TARGET_DIR: &str = "target/wasm";
/// Debian's compiler and cargo (`rustc-web`, `cargo-web`) and linker (`lld-19`).
const RUSTC: &str = "/usr/bin/rustc";
const CARGO: &str = "/usr/bin/cargo";
const LINKER: &str = "wasm-ld-19";
/// The Debian packages that make the toolchain.
pub const PACKAGES: &str = "rustc-web cargo-web rust-web-src lld-19";

/// The first module's package: decoding, building, drawing.
pub const PACKAGE: &str = "sprite-wasm";
/// The second's: a disc image read in place, a mod made and zipped.
pub const IO_PACKAGE: &str = "sprite-wasm-io";

/// The first module's path once built.
pub fn module_path() -> PathBuf {
    built(PACKAGE)
}

/// The second module's path once built.
pub fn io_module_path() -> PathBuf {
    built(IO_PACKAGE)
}

fn built(package: &str) -> PathBuf {
    crate::repo_root()
        .join(TARGET_DIR)
        .join(TARGET)
        .join(PROFILE)
        .join(format!("{}.wasm", package.replace('-', "_")))
}

/// Whether the toolchain is here, or what is missing: the compiler, cargo, the linker on the
/// `PATH`, and the standard library's source for this very compiler (`/usr/src/rustc-VERSION`,
/// reached from the compiler's sysroot).
///
/// # Errors
/// What is missing or does not match, in one line.
pub fn toolchain() -> Result<(), String> {
    let missing = |what: &str| format!("no {what} (apt-get install {PACKAGES})");
    for program in [RUSTC, CARGO] {
        if !Path::new(program).is_file() {
            return Err(missing(program));
        }
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(LINKER).is_file()));
    if !on_path {
        return Err(missing(LINKER));
    }
    let version = output(Command::new(RUSTC).arg("--version"))?;
    // `rustc 1.96.0 (ac68faa20 2026-05-25) (built from a source tarball)`
    let number = version
        .split_whitespace()
        .nth(1)
        .ok_or_else(|| format!("{RUSTC} --version said {version:?}"))?;
    let sysroot = output(Command::new(RUSTC).args(["--print", "sysroot"]))?;
    let source = Path::new(sysroot.trim()).join("lib/rustlib/src/rust");
    let resolved =
        std::fs::canonicalize(&source).map_err(|_| missing(&source.display().to_string()))?;
    let expected = format!("rustc-{number}");
    if resolved.file_name().and_then(|n| n.to_str()) != Some(expected.as_str()) {
        return Err(format!(
            "the standard library's source {} is not {expected}'s (rust-web-src and rustc-web differ)",
            resolved.display()
        ));
    }
    Ok(())
}

/// A program's standard output, or why there is none.
fn output(command: &mut Command) -> Result<String, String> {
    let out = command
        .output()
        .map_err(|e| format!("{:?}: {e}", command.get_program()))?;
    if !out.status.success() {
        return Err(format!(
            "{:?} failed: {}",
            command.get_program(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The command that builds the module of `package`, from the repository root. The variables a
/// surrounding `cargo` sets (its compiler, its flags) are not passed on: this build has its own.
/// Each module is built by a command of its own: built together, cargo would unify the features
/// of `sprite-wasm`, and the second module would carry the first's exports.
///
/// It is `cargo rustc --crate-type cdylib`, not `cargo build`: both crates are also `rlib`s (the
/// second module and the native tests use them), and cargo gives a target of two crate types no
/// link-time optimisation, whatever the profile says (it passes `-C lto` only when every type
/// can take it). Built as a `cdylib` alone, the first module was a ninth smaller gzipped and
/// faster (docs/performance.md, "WebAssembly").
pub fn build_command(package: &str) -> Command {
    let mut command = Command::new(CARGO);
    for var in [
        "CARGO",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "RUSTDOCFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_BUILD_TARGET",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
        "MFLAGS",
    ] {
        command.env_remove(var);
    }
    command
        .current_dir(crate::repo_root())
        .env("RUSTC", RUSTC)
        // -Zbuild-std on a stable compiler: Debian's own recipe for this package.
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", LINKER)
        .env("CARGO_TARGET_DIR", TARGET_DIR)
        .args([
            "rustc",
            "-p",
            package,
            "--lib",
            "--crate-type",
            "cdylib",
            "--profile",
            PROFILE,
            "--target",
            TARGET,
        ])
        .arg("-Zbuild-std=std,panic_abort");
    command
}

/// Builds both modules (quickly when they are built already) and gives the first's path (the
/// second's is [`io_module_path`]).
///
/// # Errors
/// The toolchain missing ([`toolchain`]), or a build failing, with cargo's output.
pub fn build() -> Result<PathBuf, String> {
    toolchain()?;
    for package in [PACKAGE, IO_PACKAGE] {
        let mut command = build_command(package);
        let out = command.output().map_err(|e| format!("{CARGO}: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "building the WebAssembly module {package} failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    Ok(module_path())
}

/// The module built, or `None` after a SKIPPED line when the toolchain is not here. A toolchain
/// that is here and fails to build the module fails the test.
///
/// # Panics
/// When the build fails.
pub fn module_or_skip(test: &str) -> Option<PathBuf> {
    if let Err(why) = toolchain() {
        skip(test, &why);
        return None;
    }
    Some(build().unwrap_or_else(|e| panic!("{test}: {e}")))
}

/// The loud skip of a test for want of the toolchain (`why`), which no variable makes a failure:
/// the toolchain is Debian's, and `.ci/run` installs it.
pub fn skip(test: &str, why: &str) {
    crate::say_skipped(&format!("SKIPPED {test}: {why}"));
}
