//! The static folder of `cargo xtask web -o DIR`, written here so that the browser test writes the
//! same (`crates/tactics-sprite/tests/browser/web.rs`): a page that reads the user's own files in
//! the browser, with nothing installed and no server (docs/web.md "The static page"). Any static host serves it, and
//! it works opened from disk (`file://`), where a page may not load modules nor fetch: so the page
//! takes classic scripts only, the package's two modules joined into one (`tactics-sprite.js`,
//! the global `TacticsSprite`) and the WebAssembly module as base64 (`files-wasm.js`).
//!
//! What it writes:
//!
//! - `index.html`, `page.js`: the page (from `web/`);
//! - `tactics-sprite.js`, `files-wasm.js`: the classic scripts it loads;
//! - `files-io-wasm.js`: the second module (discs and mods) as base64, a classic script the page
//!   loads only when a disc image or a mod asks for it;
//! - `tactics-sprite/`: the package as npm packs it, with `files.wasm` and `files-io.wasm` beside
//!   `files.mjs`, for pages that import modules (`npm pack DIR/tactics-sprite` packs it with its
//!   modules).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sprite_data::output::write_atomically;

use crate::repo_root;

type Result<T> = std::result::Result<T, String>;

macro_rules! bail {
    ($($arg:tt)*) => {
        return Err(format!($($arg)*))
    };
}

/// The page's own files, copied as they are.
const PAGE_FILES: [&str; 2] = ["index.html", "page.js"];

/// The package's files copied into `tactics-sprite/` (its `package.json` `files`, but the
/// examples and the module, which is written there built).
const PACKAGE_FILES: [&str; 13] = [
    "package.json",
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    "tactics-sprite.mjs",
    "tactics-sprite.d.mts",
    "tactics-sprite-three.mjs",
    "tactics-sprite-three.d.mts",
    "tactics-sprite-sas.mjs",
    "tactics-sprite-sas.d.mts",
    "tactics-sprite-data.json",
    "files.mjs",
    "files.d.mts",
];

/// The modules joined into `tactics-sprite.js`, in order.
const JOINED: [&str; 2] = ["tactics-sprite.mjs", "files.mjs"];

/// Builds the WebAssembly module and writes the folder; the line that says what was written.
///
/// # Errors
/// The toolchain missing or the build failing (said with what to install), a file that cannot
/// be read or written, a module of the package whose shape the joining does not know.
pub fn write_site(out: &Path) -> Result<String> {
    let wasm_path = crate::wasm::build()?;
    let wasm = read(&wasm_path)?;
    let io_wasm = read(&crate::wasm::io_module_path())?;
    let root = repo_root();
    let package = root.join("packages/tactics-sprite");
    let write = |relative: &str, bytes: &[u8]| -> Result<PathBuf> {
        let path = out.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("{}: cannot create: {e}", parent.display()))?;
        }
        write_atomically(&path, bytes)
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        Ok(path)
    };
    for name in PAGE_FILES {
        write(name, &read(&root.join("web").join(name))?)?;
    }
    for name in PACKAGE_FILES {
        write(
            &format!("tactics-sprite/{name}"),
            &read(&package.join(name))?,
        )?;
    }
    write("tactics-sprite/files.wasm", &wasm)?;
    write("tactics-sprite/files-io.wasm", &io_wasm)?;
    let mut modules = Vec::new();
    for name in JOINED {
        let text = String::from_utf8(read(&package.join(name))?)
            .map_err(|_| format!("{name}: not UTF-8"))?;
        modules.push((name, text));
    }
    write("tactics-sprite.js", join_modules(&modules)?.as_bytes())?;
    let script = format!(
        "// The WebAssembly module of crates/sprite-wasm ({} bytes), for a page opened from disk, \
         where it cannot be fetched.\nvar TACTICS_SPRITE_WASM = \"{}\";\n",
        wasm.len(),
        base64(&wasm)
    );
    write("files-wasm.js", script.as_bytes())?;
    let script = format!(
        "// The second WebAssembly module, of crates/sprite-wasm-io ({} bytes: a disc image read \
         in place, a mod zipped), loaded by the page only when it is needed.\nvar \
         TACTICS_SPRITE_IO_WASM = \"{}\";\n",
        io_wasm.len(),
        base64(&io_wasm)
    );
    write("files-io-wasm.js", script.as_bytes())?;
    Ok(format!(
        "wrote   {}: index.html, page.js, tactics-sprite.js, files-wasm.js ({} bytes of \
         WebAssembly), files-io-wasm.js ({} bytes, loaded when needed), tactics-sprite/ (the \
         package with files.wasm and files-io.wasm); open index.html",
        out.display(),
        wasm.len(),
        io_wasm.len()
    ))
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// ES modules as one classic script: each in a function of its own, its `export` keywords
/// dropped and its exports returned, all of them the global `TacticsSprite`. A module that
/// imports another, or exports otherwise than `export function|const|class NAME`, is refused: the
/// joining would be wrong, so the task fails rather than write it.
fn join_modules(modules: &[(&str, String)]) -> Result<String> {
    let mut out = String::from(
        "// tactics-sprite's modules joined into one classic script by `cargo xtask web`, for a \
         page opened from disk.\nvar TacticsSprite = (() => {\n  const all = {};\n",
    );
    for (name, text) in modules {
        let mut names = Vec::new();
        let mut body = String::new();
        for line in text.lines() {
            if line.starts_with("import ")
                || line.starts_with("export {")
                || line.starts_with("export default")
            {
                bail!(
                    "{name}: `{line}`: the page's script cannot join a module that imports or exports so"
                );
            }
            let line = match line.strip_prefix("export ") {
                Some(rest) => {
                    let declaration = rest.strip_prefix("async ").unwrap_or(rest);
                    let Some(tail) = ["function ", "const ", "let ", "class "]
                        .iter()
                        .find_map(|keyword| declaration.strip_prefix(keyword))
                    else {
                        bail!("{name}: `{line}`: an export the page's script cannot join");
                    };
                    let export: String = tail
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                        .collect();
                    names.push(export);
                    rest
                }
                None => line,
            };
            // The one place a module names itself: where files.mjs looks for files.wasm, which
            // the page gives it instead.
            let line = line.replace("import.meta.url", "document.baseURI");
            body.push_str(&line);
            body.push('\n');
        }
        writeln!(
            out,
            "  // {name}\n  Object.assign(all, (() => {{\n{body}  return {{ {} }};\n  }})());",
            names.join(", ")
        )
        .map_err(|e| e.to_string())?;
    }
    out.push_str("  return Object.freeze(all);\n})();\n");
    Ok(out)
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648's test vectors (section 10).
    #[test]
    fn base64_is_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn a_module_that_imports_is_not_joined() {
        let modules = [("a.mjs", "import { x } from './x.mjs';\n".to_owned())];
        assert!(join_modules(&modules).is_err());
        let modules = [(
            "b.mjs",
            "export function f() {}\nexport const G = 1;\n".to_owned(),
        )];
        let joined = join_modules(&modules).expect("joins");
        assert!(joined.contains("return { f, G };"), "{joined}");
    }
}
