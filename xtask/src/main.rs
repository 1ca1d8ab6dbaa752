//! Project tasks, run as `cargo xtask <task>` (the alias is in `.cargo/config.toml`).
//!
//! - `build-data`: the main job. The retail TYPE1.SHP and TYPE1.SEQ in, `tactics-sprite-data.json`
//!   out, byte for byte the same on every run. With no originals, the synthetic demo pair. With
//!   `--all`, one document per unit kind (`<kind>.tactics-sprite-data.json`) and a table of their
//!   counts; with `--kind NAME`, that kind's.
//! - `bless`: regenerates the committed outputs the tests compare against (the demo pair and the
//!   shipped documents). Tests never rewrite them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use sprite_data::Profile;
use sprite_data::output::write_atomically;
use sprite_data::pipeline::{self, Output, Source};
use sprite_data::profile::{BUILTIN, BuiltinKind};

/// The file name of the built document.
const DOCUMENT_FILE: &str = "tactics-sprite-data.json";
/// Where `build-data` writes unless told otherwise, from the repository root.
const DEFAULT_OUT: &str = "target/tactics-sprite-data";
/// The variable naming the folder of retail files.
const ORIGINALS_VAR: &str = "FFT_ORIGINALS";

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
    /// disc names (TYPE1.SHP, TYPE1.SEQ) or the remaster's (battle_type1_shp.bin, ...). Each is
    /// checked against the known retail sha256 digests; modified files still build. With no
    /// originals anywhere, the bundled synthetic demo pair is built instead.
    BuildData {
        /// Folder holding the original files [default: $FFT_ORIGINALS, else originals/].
        #[arg(long, value_name = "DIR")]
        originals: Option<PathBuf>,
        /// Folder to write tactics-sprite-data.json into [default: target/tactics-sprite-data/].
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// The document's sheet.file [default: the profile's, RAMUZA.SPR for TYPE1].
        #[arg(long, value_name = "NAME", conflicts_with = "all")]
        sheet_file: Option<String>,
        /// Build every unit kind (type1, type2, cyoko, mon, ruka, other, arute, kanzen), one
        /// document each, `<kind>.tactics-sprite-data.json`, and print a table of their counts.
        #[arg(long, conflicts_with = "kind")]
        all: bool,
        /// Build one unit kind's document, `<kind>.tactics-sprite-data.json` (the built-in
        /// profiles: type1, type2, cyoko, mon, ruka, other, arute, kanzen).
        #[arg(long, value_name = "NAME")]
        kind: Option<String>,
    },
    /// Regenerate the committed demo pair (fixtures/demo/) and shipped documents
    /// (fixtures/documents/: demo.json, and `<kind>.json` for every unit kind from the originals when
    /// they can be found).
    Bless {
        /// Folder holding the original files [default: $FFT_ORIGINALS, else originals/].
        #[arg(long, value_name = "DIR")]
        originals: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::BuildData {
            originals,
            out,
            sheet_file,
            all,
            kind,
        } => match (all, kind) {
            (true, _) => build_kinds(originals, out, &BUILTIN.iter().collect::<Vec<_>>(), None),
            (false, Some(name)) => match BuiltinKind::find(&name) {
                Some(kind) => build_kinds(originals, out, &[kind], sheet_file.as_deref()),
                None => Err(anyhow::anyhow!(
                    "--kind {name}: no such kind; the kinds are {}",
                    BuiltinKind::names()
                )),
            },
            (false, None) => build_data(originals, out, sheet_file.as_deref()),
        },
        Task::Bless { originals } => bless(originals),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one folder below the repository root")
        .to_path_buf()
}

/// Where the originals are, and how the folder was chosen. An explicitly named folder (flag or
/// variable) must exist; the default `originals/` may be absent.
fn locate_originals(flag: Option<PathBuf>) -> Result<Option<(PathBuf, String)>> {
    if let Some(dir) = flag {
        if !dir.is_dir() {
            bail!("--originals {}: no such folder", dir.display());
        }
        return Ok(Some((dir, "--originals".into())));
    }
    if let Some(dir) = std::env::var_os(ORIGINALS_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
    {
        if !dir.is_dir() {
            bail!("{ORIGINALS_VAR}={}: no such folder", dir.display());
        }
        return Ok(Some((dir, format!("${ORIGINALS_VAR}"))));
    }
    let default = repo_root().join("originals");
    Ok(default
        .is_dir()
        .then(|| (default, "the default originals/ folder".into())))
}

/// Builds the pair a profile names from a folder of originals.
fn build_from_folder(dir: &Path, profile: &Profile, sheet_file: Option<&str>) -> Result<Output> {
    let read = |disc_name: &str| -> Result<(String, Vec<u8>)> {
        let path = pipeline::find_retail_file(dir, disc_name).with_context(|| {
            let remaster = fft_formats::retail::by_disc_name(disc_name)
                .map(|f| format!(" (or {})", f.remaster_name))
                .unwrap_or_default();
            format!("{}: no {disc_name}{remaster} in this folder", dir.display())
        })?;
        let bytes =
            std::fs::read(&path).with_context(|| format!("{}: cannot read", path.display()))?;
        Ok((path.display().to_string(), bytes))
    };
    let (shp_name, shp) = read(&profile.shp)?;
    let (seq_name, seq) = read(&profile.seq)?;
    Ok(pipeline::build_from_sources(
        Source {
            name: &shp_name,
            bytes: &shp,
        },
        Source {
            name: &seq_name,
            bytes: &seq,
        },
        profile,
        sheet_file,
    )?)
}

fn build_data(
    originals: Option<PathBuf>,
    out: Option<PathBuf>,
    sheet_file: Option<&str>,
) -> Result<()> {
    let started = Instant::now();
    let output = match locate_originals(originals)? {
        Some((dir, how)) => {
            println!("originals: {} (from {how})", dir.display());
            build_from_folder(&dir, &Profile::type1(), sheet_file)?
        }
        None => {
            println!(
                "No original files found: building the bundled synthetic demo pair (fixtures/demo/) instead.\n\
                 To build the real data, copy TYPE1.SHP and TYPE1.SEQ from your own copy of the game into\n\
                 originals/ at the repository root, or run with --originals DIR or {ORIGINALS_VAR}=DIR."
            );
            pipeline::build_demo(sheet_file)?
        }
    };
    let out_dir = out.unwrap_or_else(|| repo_root().join(DEFAULT_OUT));
    let path = out_dir.join(DOCUMENT_FILE);
    println!("{}", output.report());
    write_atomically(&path, &output.bytes)
        .with_context(|| format!("{}: cannot write", path.display()))?;
    println!("wrote   {} ({} bytes)", path.display(), output.bytes.len());
    println!("sha256  {}", output.sha256);
    println!("took    {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
    Ok(())
}

/// The file a kind's document is written to by `--all` and `--kind`.
fn kind_file(kind: &BuiltinKind) -> String {
    format!("{}.{DOCUMENT_FILE}", kind.name)
}

/// `build-data --all` / `--kind`: each kind from the originals into one folder, then a table.
fn build_kinds(
    originals: Option<PathBuf>,
    out: Option<PathBuf>,
    kinds: &[&BuiltinKind],
    sheet_file: Option<&str>,
) -> Result<()> {
    let started = Instant::now();
    let Some((dir, how)) = locate_originals(originals)? else {
        bail!(
            "no original files found: building the unit kinds needs their SHP and SEQ files.\n\
             Copy them from your own copy of the game into originals/ at the repository root, or run\n\
             with --originals DIR or {ORIGINALS_VAR}=DIR."
        );
    };
    println!("originals: {} (from {how})", dir.display());
    let out_dir = out.unwrap_or_else(|| repo_root().join(DEFAULT_OUT));
    let mut rows = Vec::new();
    for kind in kinds {
        let profile = kind.load();
        let output = build_from_folder(&dir, &profile, sheet_file)
            .with_context(|| format!("kind {}", kind.name))?;
        let path = out_dir.join(kind_file(kind));
        write_atomically(&path, &output.bytes)
            .with_context(|| format!("{}: cannot write", path.display()))?;
        let inputs = output
            .inputs
            .iter()
            .map(|i| match i.retail {
                Some(file) => file.disc_name.to_owned(),
                None => format!("{} (modified)", i.name),
            })
            .collect::<Vec<_>>()
            .join(" + ");
        for warning in &output.built.warnings {
            println!("warning {warning}");
        }
        let d = &output.built.document;
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
            output.built.warnings.len().to_string(),
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
    println!("took    {:.1} ms", started.elapsed().as_secs_f64() * 1e3);
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

fn bless(originals: Option<PathBuf>) -> Result<()> {
    let root = repo_root();
    let demo_dir = root.join("fixtures/demo");
    let shp = test_support::demo::demo_shp().encode()?;
    let seq = test_support::demo::demo_seq().encode()?;
    write_atomically(&demo_dir.join("DEMO.SHP"), &shp)?;
    write_atomically(&demo_dir.join("DEMO.SEQ"), &seq)?;
    println!("wrote fixtures/demo/DEMO.SHP and DEMO.SEQ from test_support::demo");
    // The demo document is built from the files just written, not from the copies compiled into
    // this binary, which may be older.
    let demo = pipeline::build_from_sources(
        Source {
            name: "fixtures/demo/DEMO.SHP",
            bytes: &shp,
        },
        Source {
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
        Some((dir, _)) => {
            for kind in &BUILTIN {
                let output = build_from_folder(&dir, &kind.load(), None)
                    .with_context(|| format!("kind {}", kind.name))?;
                if output.inputs.iter().any(|i| i.retail.is_none()) {
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
        }
        None => println!(
            "no originals found: the kinds' documents (fixtures/documents/<kind>.json) left as they are"
        ),
    }
    Ok(())
}
