//! Project tasks, run as `cargo xtask <task>` (the alias is in `.cargo/config.toml`).
//!
//! - `build-data`: the main job. The retail TYPE1.SHP and TYPE1.SEQ in, `tactics-sprite-data.json`
//!   out, byte for byte the same on every run. With no originals, the synthetic demo pair. With
//!   `--all`, one document per unit kind (`<kind>.tactics-sprite-data.json`) and a table of their
//!   counts, then the weapon and effect layer documents (`<layer>.tactics-sprite-layer.json`);
//!   with `--kind NAME`, that kind's or that layer's. `--check` writes nothing and fails on a
//!   stale file.
//! - `test`: the project's test command, `cargo test --workspace` with the arguments given, then
//!   the skip summary of that run (`test.rs`).
//! - `web`: a static folder (`-o DIR`) whose page reads the user's own files in the browser
//!   through the WebAssembly module, and the package with that module (`web.rs`).
//! - `bless`: regenerates the committed outputs the tests compare against (the demo pair and its
//!   copies among the fuzz seeds, the shipped documents and the layer documents). Tests never
//!   rewrite them.
//!
//! Exit status, as `tactics-sprite`'s: 0 on success; 1 for bad input (a file that cannot be
//! read, decoded or built, a folder that is not there, no originals where a task needs them); 2
//! for a usage error (clap's own code: an unknown option, or a `--kind` that is no built-in kind;
//! and flags that do not go together, such as `--sheet-file` with a layer's `--kind`). An error
//! is one line, `error: ...`.

mod stale;
mod test;
mod web;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use sprite_data::layer::{self, LayerSet};
use sprite_data::output::write_atomically;
use sprite_data::profile::{UNIT_KINDS, UnitKind};
use sprite_data::target::{self, BuildTarget};
use sprite_data::{NamedBytes, Profile};
use sprite_inputs::Originals;
use sprite_inputs::build::{build_demo, build_from_bytes, build_from_originals};
use sprite_inputs::layers::build_layer_from;
use sprite_inputs::locate::{Chosen, OriginalsRequest, find_originals};
use sprite_inputs::retail::ORIGINALS_VAR;
use test_support::repo_root;

/// The file name of the built document.
const DOCUMENT_FILE: &str = "tactics-sprite-data.json";
/// Where `build-data` writes unless told otherwise, from the repository root.
const DEFAULT_OUT: &str = "target/tactics-sprite-data";
/// Where the demo's document goes without `--out`: apart from the game files' outputs, so that a
/// build from the game files never finds the demo's document in its place, nor the other way.
const DEMO_OUT: &str = "target/demo";

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Project tasks for the tactics-sprite workspace"
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Build tactics-sprite-data.json from the original TYPE1.SHP and TYPE1.SEQ.
    ///
    /// The originals are looked for in --originals, else in the folder named by $FFT_ORIGINALS,
    /// else in `originals/` at the repository root (ignored by git). Files are found under their
    /// disc names (TYPE1.SHP, TYPE1.SEQ) or the remaster's (battle_type1_shp.bin, ...), also in
    /// any fftpack/unit/ below the folder (a remaster mod or install); --originals twice layers
    /// the second over the first, as the remaster's mod loader does (docs/mods.md). Each is
    /// checked against the known retail sha256 digests; modified files still build. With no
    /// originals anywhere, the bundled synthetic demo pair is built instead.
    BuildData {
        /// Folder holding the original files, repeatable, a later one over an earlier one
        /// [default: $FFT_ORIGINALS, else originals/].
        #[arg(long, value_name = "DIR")]
        originals: Vec<PathBuf>,
        /// Read the originals from your own disc image instead: a .cue (with its .bin), a .bin
        /// or .img of raw 2352-byte sectors, or an .iso of 2048-byte ones (told from the bytes);
        /// the files are taken from its BATTLE folder (docs/disc.md).
        #[arg(long, value_name = "IMAGE", conflicts_with = "originals")]
        disc: Option<PathBuf>,
        /// Folder to write tactics-sprite-data.json into [default: target/tactics-sprite-data/, the demo's target/demo/].
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// The document's sheet.file [default: the profile's, RAMUZA.SPR for TYPE1].
        #[arg(long, value_name = "NAME", conflicts_with = "all")]
        sheet_file: Option<String>,
        // The helps of --all and --kind list the built-in profiles and the layers.
        #[arg(
            long,
            conflicts_with = "kind",
            help = format!(
                "Build every unit kind ({}), one document each, `<kind>.tactics-sprite-data.json`, \
                 and print a table of their counts; then the weapon and effect layers, \
                 `<layer>.tactics-sprite-layer.json` ({})",
                target::unit_names(", "),
                target::layer_names(", ")
            )
        )]
        all: bool,
        #[arg(
            long,
            value_name = "NAME",
            value_parser = BuildTarget::parse,
            help = format!(
                "Build one unit kind's document, `<kind>.tactics-sprite-data.json` (the built-in \
                 profiles: {}), or one layer's, `<layer>.tactics-sprite-layer.json` ({})",
                target::unit_names(", "),
                target::layer_names(", ")
            )
        )]
        kind: Option<BuildTarget>,
        /// Write nothing: build in memory and compare with what is already there (the --out
        /// folder when given, else the shipped fixtures/documents/ and fixtures/layers/), failing
        /// when any file is stale. For CI, like a check that generated files are up to date.
        #[arg(long)]
        check: bool,
    },
    /// Regenerate the committed demo pair and its sheet (fixtures/demo/), the fuzz seeds copied
    /// from the pair (fuzz/seeds/shp/, fuzz/seeds/seq/) and shipped documents
    /// (fixtures/documents/: demo.json, and `<kind>.json` for every unit kind, and
    /// fixtures/layers/`<layer>.json` for the weapon and effect layers, from the originals when
    /// they can be found).
    Bless {
        /// Folder holding the original files, repeatable, a later one over an earlier one
        /// [default: $FFT_ORIGINALS, else originals/].
        #[arg(long, value_name = "DIR")]
        originals: Vec<PathBuf>,
    },
    /// Write a static folder whose page reads your own game files in the browser, with nothing
    /// installed and no server: the page (index.html, opened from disk or served by any static
    /// host), the JavaScript package with the WebAssembly modules built from crates/sprite-wasm
    /// and crates/sprite-wasm-io (tactics-sprite/), and the scripts the page loads. Builds the
    /// modules first, with
    /// Debian's WebAssembly toolchain (apt-get install rustc-web cargo-web rust-web-src lld-19;
    /// docs/web.md).
    Web {
        /// The folder to write into (made when missing; its files of these names replaced).
        #[arg(short, long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Run every test: `cargo test --workspace --no-fail-fast` with the arguments given (a
    /// filter, `-- --nocapture`, ...), then the summary of the tests that skipped for want of a
    /// game file, table or tool, by the variable that would run them; exits as cargo did.
    #[command(disable_help_flag = true)]
    Test {
        /// Passed on to `cargo test --workspace` as given.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "CARGO TEST ARGS"
        )]
        args: Vec<OsString>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::BuildData {
            originals,
            disc,
            out,
            sheet_file,
            all,
            kind,
            check,
        } => match (all, kind, Flags { originals, disc }) {
            (true, _, originals) => build_kinds(
                originals,
                out,
                &UNIT_KINDS.iter().collect::<Vec<_>>(),
                None,
                check,
            ),
            (false, Some(BuildTarget::Unit(kind)), originals) => {
                build_kinds(originals, out, &[kind], sheet_file.as_deref(), check)
            }
            (false, Some(BuildTarget::Layer(layer)), originals) => match sheet_file {
                Some(_) => Err(Usage(format!(
                    "--sheet-file names a unit document's sheet; a layer document's is {}",
                    layer::WEAPONS_SHEET
                ))
                .into()),
                None => build_layers(originals, out, &[layer], check),
            },
            (false, None, originals) => build_data(originals, out, sheet_file.as_deref(), check),
        }
        .map(|()| ExitCode::SUCCESS),
        Task::Bless { originals } => bless(Flags {
            originals,
            disc: None,
        })
        .map(|()| ExitCode::SUCCESS),
        Task::Web { out } => web::web(&out).map(|()| ExitCode::SUCCESS),
        Task::Test { args } => test::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            // One line, as `tactics-sprite` prints it (README.md "The command-line tool").
            let message = format!("{error:#}").replace(['\n', '\r'], " ");
            eprintln!("error: {message}");
            if is_usage(&error) {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// A request the task refuses as asked (exit 2, as clap's own usage errors): flags that do not
/// go together.
#[derive(Debug)]
struct Usage(String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Whether an error is the request's fault: a [`Usage`] error, or a library's that says so.
fn is_usage(error: &anyhow::Error) -> bool {
    use faults::{Fault, Faulty};
    error.chain().any(|cause| {
        cause.is::<Usage>()
            || cause
                .downcast_ref::<sprite_inputs::Error>()
                .is_some_and(|e| e.fault() == Fault::Input)
    })
}

/// The flags that say where the originals are: `--originals DIR` or `--disc IMAGE`.
struct Flags {
    originals: Vec<PathBuf>,
    disc: Option<PathBuf>,
}

/// Where the originals are, and how they were chosen ([`find_originals`]): an explicitly
/// named folder (flag or variable) must exist, and a named disc image must open; the default
/// `originals/` may be absent.
fn locate_originals(flags: Flags) -> Result<Option<(Originals, Chosen)>> {
    Ok(find_originals(&OriginalsRequest {
        disc: flags.disc,
        folders: flags.originals,
        game: None,
        default: Some(repo_root().join("originals")),
    })?)
}

/// The originals for a build that cannot do without them, said on a line; the error says
/// `building {needs} SHP and SEQ files` ("a layer needs its").
fn required_originals(flags: Flags, needs: &str) -> Result<Originals> {
    let Some((originals, how)) = locate_originals(flags)? else {
        bail!(
            "no original files found: building {needs} SHP and SEQ files; copy them from your own \
             copy of the game into originals/ at the repository root, or run with --originals \
             DIR, --disc IMAGE or {ORIGINALS_VAR}=DIR"
        );
    };
    println!(
        "originals: {} (from {})",
        originals.describe(),
        how.describe(&TaskFlags)
    );
    Ok(originals)
}

/// What a stale file from `--check` is regenerated with: a build into the `--out` folder, or
/// `bless` for the shipped files.
fn regenerate(out: Option<&Path>) -> &'static str {
    match out {
        Some(_) => "cargo xtask build-data (without --check)",
        None => "cargo xtask bless",
    }
}

/// The shipped document a build is held to by `--check` without `--out`.
fn shipped_document(name: &str) -> PathBuf {
    repo_root()
        .join("fixtures/documents")
        .join(format!("{name}.json"))
}

fn build_data(
    originals: Flags,
    out: Option<PathBuf>,
    sheet_file: Option<&str>,
    check: bool,
) -> Result<()> {
    let started = Instant::now();
    let mut shipped = shipped_document("type1");
    let (output, demo) = match locate_originals(originals)? {
        Some((originals, how)) => {
            println!(
                "originals: {} (from {})",
                originals.describe(),
                how.describe(&TaskFlags)
            );
            (
                build_from_originals(&originals, &Profile::type1(), sheet_file)?,
                false,
            )
        }
        None => {
            println!(
                "No original files found: building the bundled synthetic demo pair (fixtures/demo/) instead.\n\
                 To build the real data, copy TYPE1.SHP and TYPE1.SEQ from your own copy of the game into\n\
                 originals/ at the repository root, or run with --originals DIR, --disc IMAGE or\n\
                 {ORIGINALS_VAR}=DIR."
            );
            shipped = shipped_document("demo");
            (build_demo(sheet_file)?, true)
        }
    };
    if check {
        println!("{}", output.report());
        let expected = [stale::Expected {
            path: out.as_ref().map_or(shipped, |dir| dir.join(DOCUMENT_FILE)),
            built: stale::Built::Unit(&output),
        }];
        return stale::check(&expected, &repo_root(), regenerate(out.as_deref()));
    }
    let out_dir =
        out.unwrap_or_else(|| repo_root().join(if demo { DEMO_OUT } else { DEFAULT_OUT }));
    let path = out_dir.join(DOCUMENT_FILE);
    println!("{}", output.report());
    write_atomically(&path, &output.bytes)
        .with_context(|| format!("{}: cannot write", path.display()))?;
    println!("wrote   {} ({} bytes)", path.display(), output.bytes.len());
    println!("sha256  {}", output.sha256);
    println!("took    {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
    if demo {
        println!(
            "draw it  cargo run -p tactics-sprite -- render --data {} --sheet fixtures/demo/demo.png \\\n           --animation Attack --view 1 --scale 4 -o target/demo/attack.gif",
            path.strip_prefix(repo_root()).unwrap_or(&path).display()
        );
    }
    Ok(())
}

/// The file a kind's document is written to by `--all` and `--kind`.
fn kind_file(kind: &UnitKind) -> String {
    format!("{}.{DOCUMENT_FILE}", kind.name)
}

/// `build-data --all` / `--kind`: each kind from the originals into one folder, then a table.
fn build_kinds(
    originals: Flags,
    out: Option<PathBuf>,
    kinds: &[&UnitKind],
    sheet_file: Option<&str>,
    check: bool,
) -> Result<()> {
    let started = Instant::now();
    let originals = required_originals(originals, "the unit kinds needs their")?;
    if check {
        let outputs = kinds
            .iter()
            .map(|kind| {
                build_from_originals(&originals, &kind.load(), sheet_file)
                    .with_context(|| format!("kind {}", kind.name))
            })
            .collect::<Result<Vec<_>>>()?;
        // `--all` writes the layer documents too, so it holds them to their files as well.
        let layers = if kinds.len() == UNIT_KINDS.len() {
            build_layer_bytes(&originals, &LayerSet::ALL)?
        } else {
            Vec::new()
        };
        let mut expected: Vec<stale::Expected> = kinds
            .iter()
            .zip(&outputs)
            .map(|(kind, output)| stale::Expected {
                path: match &out {
                    Some(dir) => dir.join(kind_file(kind)),
                    None => shipped_document(kind.name),
                },
                built: stale::Built::Unit(output),
            })
            .collect();
        expected.extend(layer_expectations(&layers, out.as_deref()));
        return stale::check(&expected, &repo_root(), regenerate(out.as_deref()));
    }
    let out_dir = out.unwrap_or_else(|| repo_root().join(DEFAULT_OUT));
    let mut rows = Vec::new();
    for kind in kinds {
        let profile = kind.load();
        let output = build_from_originals(&originals, &profile, sheet_file)
            .with_context(|| format!("kind {}", kind.name))?;
        let path = out_dir.join(kind_file(kind));
        write_atomically(&path, &output.bytes)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        let inputs = output
            .inputs
            .iter()
            .map(|i| i.in_brief())
            .collect::<Vec<_>>()
            .join(" + ");
        for warning in &output.warnings {
            println!("warning {warning}");
        }
        let d = &output.document;
        rows.push([
            kind.name.to_owned(),
            inputs,
            d.cells.len().to_string(),
            format!(
                "{} ({} + {})",
                d.frames.len(),
                d.water_offset,
                d.frames.len() - d.water_offset as usize
            ),
            d.sequences.len().to_string(),
            d.animations.len().to_string(),
            output.warnings.len().to_string(),
            output.bytes.len().to_string(),
            output.sha256[..16].to_owned(),
        ]);
    }
    println!("{}", table(&rows));
    println!(
        "wrote   {} document{} to {}",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        out_dir.display()
    );
    if kinds.len() == UNIT_KINDS.len() {
        write_layers(&originals, &out_dir, &LayerSet::ALL)?;
    }
    println!("took    {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
    Ok(())
}

/// `build-data --kind wep1|wep2|eff1`: one layer document (or with `--check`, whether its file
/// is fresh).
fn build_layers(
    originals: Flags,
    out: Option<PathBuf>,
    layers: &[LayerSet],
    check: bool,
) -> Result<()> {
    let originals = required_originals(originals, "a layer needs its")?;
    if check {
        let built = build_layer_bytes(&originals, layers)?;
        return stale::check(
            &layer_expectations(&built, out.as_deref()),
            &repo_root(),
            regenerate(out.as_deref()),
        );
    }
    let out_dir = out.unwrap_or_else(|| repo_root().join(DEFAULT_OUT));
    write_layers(&originals, &out_dir, layers)
}

/// Each layer document's canonical bytes, built in memory.
fn build_layer_bytes(
    originals: &Originals,
    layers: &[LayerSet],
) -> Result<Vec<(LayerSet, Vec<u8>)>> {
    layers
        .iter()
        .map(|&kind| {
            let doc = build_layer_from(originals, kind)?;
            Ok((kind, doc.to_bytes()))
        })
        .collect()
}

/// The files built layer documents are held to: `<layer>.tactics-sprite-layer.json` in `out`
/// when given, else the shipped `fixtures/layers/<layer>.json`.
fn layer_expectations<'a>(
    built: &'a [(LayerSet, Vec<u8>)],
    out: Option<&Path>,
) -> Vec<stale::Expected<'a>> {
    built
        .iter()
        .map(|(kind, bytes)| stale::Expected {
            path: match out {
                Some(dir) => dir.join(layer::layer_file(*kind)),
                None => shipped_layer(*kind),
            },
            built: stale::Built::Layer(bytes),
        })
        .collect()
}

/// The shipped layer document a build is held to by `--check` without `--out`.
fn shipped_layer(kind: LayerSet) -> PathBuf {
    repo_root()
        .join("fixtures/layers")
        .join(format!("{kind}.json"))
}

/// Builds and writes each layer document, `<layer>.tactics-sprite-layer.json`, with a line each.
fn write_layers(originals: &Originals, out_dir: &Path, layers: &[LayerSet]) -> Result<()> {
    for &kind in layers {
        let doc = build_layer_from(originals, kind)?;
        let bytes = doc.to_bytes();
        let path = out_dir.join(layer::layer_file(kind));
        write_atomically(&path, &bytes)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        println!(
            "layer   {kind}: {} cells, {} frames, {} sequences -> {} ({} bytes)",
            doc.cells.len(),
            doc.frames.len(),
            doc.sequences.len(),
            path.display(),
            bytes.len()
        );
    }
    Ok(())
}

/// The kinds' counts as an aligned text table.
fn table(rows: &[[String; 9]]) -> String {
    const HEAD: [&str; 9] = [
        "kind",
        "files",
        "cells",
        "frames (main + water)",
        "sequences",
        "animations",
        "warnings",
        "bytes",
        "sha256",
    ];
    let widths: Vec<usize> = (0..HEAD.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([HEAD[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| {
        cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, width))| {
                // Text left, numbers right.
                if c < 2 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_owned()
    };
    let mut out = vec![line(HEAD.to_vec())];
    out.extend(
        rows.iter()
            .map(|r| line(r.iter().map(String::as_str).collect())),
    );
    out.join("\n")
}

/// The fuzz seeds that are copies of the demo pair, from the repository root (`bless` writes them
/// with the pair; `crates/fft-formats/tests/demo.rs` holds them to the model).
const DEMO_SHP_SEED: &str = "fuzz/seeds/shp/DEMO.SHP";
const DEMO_SEQ_SEED: &str = "fuzz/seeds/seq/DEMO.SEQ";

fn bless(originals: Flags) -> Result<()> {
    let root = repo_root();
    let demo_dir = root.join("fixtures/demo");
    let shp = test_support::demo::demo_shp().encode()?;
    let seq = test_support::demo::demo_seq().encode()?;
    write_atomically(&demo_dir.join("DEMO.SHP"), &shp)?;
    write_atomically(&demo_dir.join("DEMO.SEQ"), &seq)?;
    println!("wrote fixtures/demo/DEMO.SHP and DEMO.SEQ from test_support::demo");
    // The fuzz targets start from copies of the pair (fuzz/README.md).
    for (seed, bytes) in [(DEMO_SHP_SEED, &shp), (DEMO_SEQ_SEED, &seq)] {
        write_atomically(&root.join(seed), bytes)?;
    }
    println!("wrote {DEMO_SHP_SEED} and {DEMO_SEQ_SEED}, the same bytes");
    let sheet = sprite_render::encode::png_rgba(&sprite_render::demo_sheet::demo_sheet())?;
    write_atomically(&demo_dir.join("demo.png"), &sheet)?;
    println!("wrote fixtures/demo/demo.png from sprite_render::demo_sheet");
    // The demo document is built from the files just written, not from the copies compiled into
    // this binary, which may be older.
    let demo = build_from_bytes(
        NamedBytes {
            name: "fixtures/demo/DEMO.SHP",
            bytes: &shp,
        },
        NamedBytes {
            name: "fixtures/demo/DEMO.SEQ",
            bytes: &seq,
        },
        &Profile::demo(),
        None,
    )?;
    let documents = root.join("fixtures/documents");
    write_atomically(&documents.join("demo.json"), &demo.bytes)?;
    println!("wrote fixtures/documents/demo.json ({})", demo.sha256);
    match locate_originals(originals)? {
        Some((originals, _)) => {
            for kind in &UNIT_KINDS {
                let output = build_from_originals(&originals, &kind.load(), None)
                    .with_context(|| format!("kind {}", kind.name))?;
                if output.inputs.iter().any(|i| i.retail().is_none()) {
                    bail!(
                        "the shipped {} document is made from retail files only:\n{}",
                        kind.name,
                        output.report()
                    );
                }
                let file = format!("{}.json", kind.name);
                write_atomically(&documents.join(&file), &output.bytes)?;
                println!("wrote fixtures/documents/{file} ({})", output.sha256);
            }
            for kind in LayerSet::ALL {
                let bytes = build_layer_from(&originals, kind)?.to_bytes();
                let file = format!("{kind}.json");
                write_atomically(&shipped_layer(kind), &bytes)?;
                println!("wrote fixtures/layers/{file} ({} bytes)", bytes.len());
            }
        }
        None => println!(
            "no originals found: the kinds' documents (fixtures/documents/<kind>.json) left as they are"
        ),
    }
    Ok(())
}

/// The task's flags, as its lines spell a parameter a library names (`--originals`, `--disc`).
struct TaskFlags;

impl faults::Spelling for TaskFlags {
    fn name(&self, parameter: &str) -> String {
        format!("--{parameter}")
    }

    fn given(&self, parameter: &str, value: &dyn std::fmt::Display) -> String {
        format!("--{parameter} {value}")
    }

    fn set(&self, parameter: &str) -> String {
        format!("--{parameter}")
    }
}
