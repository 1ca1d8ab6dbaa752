//! The JavaScript package (`packages/tactics-sprite`) as a web developer installs it: `npm pack`,
//! then the tarball installed into a fresh project with no network (`npm install --offline`: the
//! package has no dependencies), imported there from an ES module and from CommonJS, and its
//! types checked under `tsc --strict` with and without the DOM lib. The consumer's files are in
//! `tests/js_package/`; `npm publish --dry-run` is held to no warning but the one for not being
//! logged in.
//!
//! Without `node` or `npm` it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or
//! `FFT_REQUIRE_NODE=1`; without the package's TypeScript (`npm ci` in the package) likewise.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;
use sprite_data::pose::View;
use test_support::node::{installed_or_skip, node_or_skip, npm_or_skip, package_dir};

/// What the tarball holds, exactly: the modules and their types, the document, the examples and
/// their demo unit, the README, the changelog and the licence (npm adds `package.json`). No test,
/// benchmark or lockfile. `files.wasm` is listed in `files` too, and packed where it is built
/// (`cargo xtask web` writes it beside `files.mjs` in its copy of the package), never here.
const PACKED: &[&str] = &[
    "CHANGELOG.md",
    "LICENSE",
    "README.md",
    "examples/2d.html",
    "examples/canvas.html",
    "examples/cell-map.mjs",
    "examples/demo/demo.json",
    "examples/demo/demo.png",
    "examples/phaser.html",
    "examples/pixi.html",
    "examples/three.html",
    "examples/typed-three.ts",
    "examples/typed.ts",
    "files.d.mts",
    "files.mjs",
    "package.json",
    "tactics-sprite-data.json",
    "tactics-sprite-sas.d.mts",
    "tactics-sprite-sas.mjs",
    "tactics-sprite-three.d.mts",
    "tactics-sprite-three.mjs",
    "tactics-sprite.d.mts",
    "tactics-sprite.mjs",
];

/// The Node releases from which `require()` loads an ES module without a flag (Node's changelogs
/// for 20.19.0 and 22.12.0; 21 and 22.0-22.11 need `--experimental-require-module`), so what
/// `engines` may promise when the package has no CommonJS entry of its own.
const ENGINES: &str = "^20.19.0 || >=22.12.0";

fn consumer_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/js_package")
        .join(name)
}

/// Runs `program args` in `dir` with npm kept quiet and off the network; panics unless it
/// succeeds, showing both streams.
fn run(program: &Path, args: &[&str], dir: &Path) -> Output {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("npm_config_update_notifier", "false")
        .env("npm_config_audit", "false")
        .env("npm_config_fund", "false")
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", program.display()));
    assert!(
        output.status.success(),
        "{} {args:?} in {} failed ({}):\n{}{}",
        program.display(),
        dir.display(),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The names a declaration file exports as values (`export const`, `export function`).
fn declared_values(declarations: &str) -> BTreeSet<String> {
    declarations
        .lines()
        .filter_map(|line| {
            let rest = line
                .strip_prefix("export const ")
                .or_else(|| line.strip_prefix("export function "))?;
            let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
            Some(rest[..end].to_owned())
        })
        .collect()
}

fn names(list: &Value) -> BTreeSet<String> {
    list.as_array()
        .expect("a list of names")
        .iter()
        .map(|n| n.as_str().expect("a name").to_owned())
        .collect()
}

#[test]
fn the_packed_package_installs_imports_and_type_checks() {
    let test = "the_packed_package_installs_imports_and_type_checks";
    let Some(node) = node_or_skip(test) else {
        return;
    };
    let Some(npm) = npm_or_skip(test) else {
        return;
    };
    let Some(tsc) = installed_or_skip(test, "typescript/bin/tsc") else {
        return;
    };
    let work = test_support::temp_dir("js_package");
    let package = package_dir();

    // The tarball, and what is in it.
    let work_text = work.display().to_string();
    let packed = run(
        &npm,
        &["pack", "--json", "--pack-destination", &work_text],
        &package,
    );
    let report: Value = serde_json::from_slice(&packed.stdout).expect("npm pack --json");
    let files: BTreeSet<&str> = report[0]["files"]
        .as_array()
        .expect("the packed files")
        .iter()
        .map(|f| f["path"].as_str().expect("a path"))
        .collect();
    assert_eq!(
        files,
        PACKED.iter().copied().collect::<BTreeSet<_>>(),
        "the tarball's files"
    );
    let tarball = work.join(report[0]["filename"].as_str().expect("the tarball's name"));
    println!(
        "npm pack: {} files, {} bytes packed, {} unpacked",
        files.len(),
        report[0]["size"],
        report[0]["unpackedSize"]
    );
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(package.join("package.json")).expect("package.json"),
    )
    .expect("package.json is JSON");
    assert_eq!(manifest["engines"]["node"], ENGINES, "engines.node");

    // npm publish --dry-run: nothing to warn about the files, the fields or the size.
    let published = run(&npm, &["publish", "--dry-run", "--offline"], &package);
    let warnings: Vec<String> = String::from_utf8_lossy(&published.stderr)
        .lines()
        .filter(|l| l.starts_with("npm warn") && !l.contains("requires you to be logged in"))
        .map(str::to_owned)
        .collect();
    assert!(
        warnings.is_empty(),
        "npm publish --dry-run warns:\n{}",
        warnings.join("\n")
    );

    // A fresh project, the tarball installed from the file alone; --engine-strict: npm refuses
    // a node outside `engines`.
    let project = work.join("project");
    std::fs::create_dir_all(&project).expect("the project's folder");
    std::fs::write(
        project.join("package.json"),
        r#"{ "name": "consumer", "version": "1.0.0", "private": true }"#,
    )
    .expect("writes package.json");
    let tarball_text = tarball.display().to_string();
    run(
        &npm,
        &["install", "--offline", "--engine-strict", &tarball_text],
        &project,
    );
    for name in [
        "esm.mjs",
        "cjs.cjs",
        "node.ts",
        "dom.ts",
        "require.cts",
        "tsconfig.node.json",
        "tsconfig.dom.json",
    ] {
        std::fs::copy(consumer_file(name), project.join(name))
            .unwrap_or_else(|e| panic!("copies {name}: {e}"));
    }

    // ES module and CommonJS: the same lines, no warning; the pose is the library's, the names
    // those the declarations export.
    let doc = sprite_inputs::documents::load_document(
        &test_support::repo_root().join("fixtures/documents/type1.json"),
    )
    .expect("type1.json");
    let swing = doc.animation("Swing High").expect("Swing High");
    let pose = sprite_data::pose::pose_at(&doc, swing, View::new(1).expect("a view"), 18, false)
        .expect("a pose");
    let expected_pose = serde_json::to_string(&pose).expect("JSON");
    let installed = project.join("node_modules/tactics-sprite");
    let read = |name: &str| {
        std::fs::read_to_string(installed.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let runtime_names = declared_values(&read("tactics-sprite.d.mts"));
    let three_names = declared_values(&read("tactics-sprite-three.d.mts"));
    let mut lines = Vec::new();
    for script in ["esm.mjs", "cjs.cjs"] {
        let output = run(&node, &[script], &project);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.is_empty(), "{script} warns:\n{stderr}");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let mut said = stdout.lines();
        assert_eq!(
            said.next(),
            Some(expected_pose.as_str()),
            "{script}: the pose"
        );
        let exports: Value =
            serde_json::from_str(said.next().expect("the export names")).expect("JSON");
        assert_eq!(
            names(&exports["runtime"]),
            runtime_names,
            "{script}: tactics-sprite's exports"
        );
        assert_eq!(
            names(&exports["three"]),
            three_names,
            "{script}: tactics-sprite/three's"
        );
        lines.push(stdout);
    }
    assert_eq!(lines[0], lines[1], "ESM and CommonJS see the same package");
    println!(
        "imported from ESM and CommonJS: {} + {} exports, the pose the library gives",
        runtime_names.len(),
        three_names.len()
    );

    // The types, strict, no skipLibCheck: without the DOM lib and with it.
    let tsc_text = tsc.display().to_string();
    for config in ["tsconfig.node.json", "tsconfig.dom.json"] {
        run(&node, &[&tsc_text, "-p", config], &project);
        println!("tsc -p {config}: 0 errors");
    }
    let _ = std::fs::remove_dir_all(&work);
}
