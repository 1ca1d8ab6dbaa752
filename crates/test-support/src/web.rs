//! The static folder of `cargo xtask web -o DIR`, written here so that the browser test writes the
//! same (`crates/tactics-sprite/tests/browser/web.rs`): `serve`'s viewer (its files in
//! `crates/sprite-server/src/viewer/`), which, opened alone, draws the files the user gives it
//! through the WebAssembly module, with nothing installed and no server (docs/web.md "The static
//! page"). Any static host serves it, and it works opened from disk (`file://`), where a page may
//! not load modules nor fetch: so the viewer's modules are joined into classic scripts here, and
//! the WebAssembly module is written as base64 (`files-wasm.js`), whose global is what tells the
//! viewer to answer itself from the files (`viewer/source.js`).
//!
//! What it writes:
//!
//! - `index.html`, `viewer.css`: the viewer's page, its module scripts replaced by the classic
//!   scripts below;
//! - `tactics-sprite.js`: the package's modules joined (the global `TacticsSprite`);
//! - `viewer.js`: the viewer's modules joined, their imports of the package's taken from it;
//! - `files-wasm.js`: the WebAssembly module as base64;
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

/// The viewer's folder, from the repository root.
const VIEWER: &str = "crates/sprite-server/src/viewer";

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

/// The package's modules joined into `tactics-sprite.js`, in order, each by the path the viewer
/// imports it by (the server's) and its file in the package.
const PACKAGE_JOINED: [(&str, &str); 3] = [
    ("/tactics-sprite.mjs", "tactics-sprite.mjs"),
    ("/files.mjs", "files.mjs"),
    ("/tactics-sprite-sas.mjs", "tactics-sprite-sas.mjs"),
];

/// The viewer's modules joined into `viewer.js`, each after those it imports: by the path the
/// page imports it by and its file in the viewer's folder.
const VIEWER_JOINED: [(&str, &str); 6] = [
    ("/viewer/files-api.js", "files-api.js"),
    ("/viewer/source.js", "source.js"),
    ("/viewer/files-panel.js", "files-panel.js"),
    ("/viewer/unit.js", "unit.js"),
    ("/viewer.js", "viewer.js"),
    ("/sas.js", "sas.js"),
];

/// The lines of the viewer's `index.html` that load it as the server serves it, and what loads
/// it from the folder instead (classic scripts, run in order once the page is read).
const PAGE_LINES: [(&str, &str); 3] = [
    (
        r#"<link rel="stylesheet" href="/viewer.css">"#,
        r#"<link rel="stylesheet" href="viewer.css">"#,
    ),
    (
        r#"<script type="module" src="/viewer.js"></script>"#,
        "<script defer src=\"files-wasm.js\"></script>\n<script defer src=\"tactics-sprite.js\"></script>\n<script defer src=\"viewer.js\"></script>",
    ),
    (r#"<script type="module" src="/sas.js"></script>"#, ""),
];

/// Builds the WebAssembly module and writes the folder; the line that says what was written.
///
/// # Errors
/// The toolchain missing or the build failing (said with what to install), a file that cannot
/// be read or written, a module or a page whose shape the joining does not know.
pub fn write_site(out: &Path) -> Result<String> {
    let wasm_path = crate::wasm::build()?;
    let wasm = read(&wasm_path)?;
    let io_wasm = read(&crate::wasm::io_module_path())?;
    let root = repo_root();
    let package = root.join("packages/tactics-sprite");
    let viewer = root.join(VIEWER);
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
    write(
        "index.html",
        static_page(&text(&viewer.join("index.html"))?)?.as_bytes(),
    )?;
    write("viewer.css", &read(&viewer.join("viewer.css"))?)?;
    for name in PACKAGE_FILES {
        write(
            &format!("tactics-sprite/{name}"),
            &read(&package.join(name))?,
        )?;
    }
    write("tactics-sprite/files.wasm", &wasm)?;
    write("tactics-sprite/files-io.wasm", &io_wasm)?;
    let modules =
        |folder: &Path, list: &[(&'static str, &str)]| -> Result<Vec<(&'static str, String)>> {
            list.iter()
                .map(|(path, file)| Ok((*path, text(&folder.join(file))?)))
                .collect()
        };
    let joined = join_modules("TacticsSprite", &modules(&package, &PACKAGE_JOINED)?, &[])?;
    write("tactics-sprite.js", joined.as_bytes())?;
    let outside: Vec<(&str, &str)> = PACKAGE_JOINED
        .iter()
        .map(|(path, _)| (*path, "TacticsSprite"))
        .collect();
    let joined = join_modules(
        "TacticsSpriteViewer",
        &modules(&viewer, &VIEWER_JOINED)?,
        &outside,
    )?;
    write("viewer.js", joined.as_bytes())?;
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
        "wrote   {}: index.html (the viewer), viewer.css, viewer.js, tactics-sprite.js, \
         files-wasm.js ({} bytes of WebAssembly), files-io-wasm.js ({} bytes, loaded when \
         needed), tactics-sprite/ (the package with files.wasm and files-io.wasm); open index.html",
        out.display(),
        wasm.len(),
        io_wasm.len()
    ))
}

/// The viewer's page as the folder loads it: each of [`PAGE_LINES`] replaced, each found once.
fn static_page(page: &str) -> Result<String> {
    let mut page = page.to_owned();
    for (served, folder) in PAGE_LINES {
        if page.matches(served).count() != 1 {
            bail!(
                "the viewer's index.html: `{served}` is not there once, as the static page's joining expects"
            );
        }
        page = page.replacen(served, folder, 1);
    }
    Ok(page)
}

fn text(path: &Path) -> Result<String> {
    String::from_utf8(read(path)?).map_err(|_| format!("{}: not UTF-8", path.display()))
}

fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// ES modules as one classic script whose global `global` holds every export: each module in a
/// function of its own (strict, as a module is), its `export` keywords dropped and its exports
/// kept by its path; an `import` of a module joined before it (`import { a, b as c } from
/// 'PATH'`, `import * as m from 'PATH'`) taken from those, and of a module of `outside` (a path
/// and the global an earlier script defines with it) from that global. Anything else (an import
/// of a module not here, a default import or export, `export { ... }`, two modules exporting one
/// name) is refused: the joining would be wrong, so the task fails rather than write it.
fn join_modules(
    global: &str,
    modules: &[(&str, String)],
    outside: &[(&str, &str)],
) -> Result<String> {
    let mut out = format!(
        "// Modules joined into one classic script by `cargo xtask web`, for a page opened from \
         disk.\nvar {global} = (() => {{\n  const modules = {{}};\n"
    );
    let mut exported: Vec<String> = Vec::new();
    for (index, (name, text)) in modules.iter().enumerate() {
        let joined_before = &modules[..index];
        let mut names = Vec::new();
        let mut body = String::new();
        let mut import = String::new();
        for line in text.lines() {
            if !import.is_empty() || line.starts_with("import ") {
                import.push_str(line);
                import.push(' ');
                if !line.trim_end().ends_with(';') {
                    continue;
                }
                let statement = std::mem::take(&mut import);
                body.push_str(&imported(name, &statement, joined_before, outside)?);
                body.push('\n');
                continue;
            }
            if line.starts_with("export {") || line.starts_with("export default") {
                bail!("{name}: `{line}`: the page's script cannot join a module that exports so");
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
                    if exported.contains(&export) {
                        bail!(
                            "{name}: `{export}` is exported by an earlier module too: {global} would hold one of them"
                        );
                    }
                    exported.push(export.clone());
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
        if !import.is_empty() {
            bail!("{name}: an import that does not end");
        }
        writeln!(
            out,
            "  // {name}\n  modules[{name:?}] = (() => {{\n'use strict';\n{body}  return {{ {} }};\n  }})();",
            names.join(", ")
        )
        .map_err(|e| e.to_string())?;
    }
    out.push_str("  return Object.freeze(Object.assign({}, ...Object.values(modules)));\n})();\n");
    Ok(out)
}

/// An `import` statement of module `name` as the declaration that takes the same names from a
/// module joined before it or from the global of one outside.
fn imported(
    name: &str,
    statement: &str,
    joined_before: &[(&str, String)],
    outside: &[(&str, &str)],
) -> Result<String> {
    let statement = statement.trim();
    let refused = || format!("{name}: `{statement}`: an import the page's script cannot join");
    let (what, from) = statement
        .strip_prefix("import ")
        .and_then(|rest| rest.rsplit_once(" from "))
        .ok_or_else(refused)?;
    let path = from
        .trim_end_matches(';')
        .trim()
        .trim_matches(|c| c == '\'' || c == '"');
    let source = if joined_before.iter().any(|(joined, _)| *joined == path) {
        format!("modules[{path:?}]")
    } else if let Some((_, global)) = outside.iter().find(|(outer, _)| *outer == path) {
        (*global).to_owned()
    } else {
        bail!("{name}: imports {path}, which is not joined before it");
    };
    let what = what.trim();
    if let Some(alias) = what.strip_prefix("* as ") {
        return Ok(format!("const {} = {source};", alias.trim()));
    }
    let Some(list) = what
        .strip_prefix('{')
        .and_then(|rest| rest.strip_suffix('}'))
    else {
        return Err(refused());
    };
    let names: Vec<String> = list
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| match n.split_once(" as ") {
            Some((from, to)) => format!("{}: {}", from.trim(), to.trim()),
            None => n.to_owned(),
        })
        .collect();
    Ok(format!("const {{ {} }} = {source};", names.join(", ")))
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
    fn a_module_is_joined_with_its_imports_taken_from_those_before_it() {
        let modules = [("a.mjs", "import { x } from './x.mjs';\n".to_owned())];
        assert!(join_modules("G", &modules, &[]).is_err());
        let modules = [
            (
                "/b.mjs",
                "export function f() {}\nexport const G = 1;\n".to_owned(),
            ),
            (
                "/c.js",
                "import {\n  f, G as g,\n} from '/b.mjs';\nimport * as b from '/b.mjs';\nimport { h } from '/out.mjs';\nexport let k = 2;\n"
                    .to_owned(),
            ),
        ];
        let joined = join_modules("G", &modules, &[("/out.mjs", "Outer")]).expect("joins");
        for part in [
            "return { f, G };",
            "const { f, G: g } = modules[\"/b.mjs\"];",
            "const b = modules[\"/b.mjs\"];",
            "const { h } = Outer;",
            "return { k };",
        ] {
            assert!(joined.contains(part), "{part} is not in {joined}");
        }
        // An export of the same name twice, and a module imported before it is joined.
        let twice = [
            ("/b.mjs", "export const f = 1;\n".to_owned()),
            ("/c.mjs", "export function f() {}\n".to_owned()),
        ];
        assert!(join_modules("G", &twice, &[]).is_err());
        let late = [
            ("/c.mjs", "import { f } from '/b.mjs';\n".to_owned()),
            ("/b.mjs", "export const f = 1;\n".to_owned()),
        ];
        assert!(join_modules("G", &late, &[]).is_err());
    }
}
