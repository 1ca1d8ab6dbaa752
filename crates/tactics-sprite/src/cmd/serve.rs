//! `tactics-sprite serve`: the documents, poses, sheets and renders over HTTP, and a viewer page
//! (the `sprite-server` crate). This command only finds what to serve and how; the endpoints
//! answer with the libraries the other commands call, so that each is byte for byte the command
//! with the same arguments.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::bail;
use fft_formats::retail::{ORIGINALS_VAR, SHEETS_VAR};
use sprite_data::layer::LayerSet;
use sprite_data::pipeline::Originals;
use sprite_server::catalog::{find_sheets, weapon_layer_of};
use sprite_server::{
    Catalog, SasCatalog, SasSheet, ServedSet, ServedUnit, UnitLayers, WeaponSheet,
};

use super::{Failure, Outcome, weapon};

/// Serve the documents over HTTP, with a viewer page.
#[derive(Debug, clap::Args)]
#[command(
    about = "Serve the documents, poses, sheets and renders over HTTP, with a viewer page at /",
    long_about = "Serve the documents, poses, sheets and renders over HTTP (/api/v1/...), with a viewer page at /
that plays any animation: the kinds in --originals or --disc, the --data documents, else a
synthetic demo unit. weapon=NAME draws the weapon in hand; --sas sets are served under /api/v1/sas/.
Listens on 127.0.0.1:8000 (loopback) unless --addr says otherwise; stops cleanly on Ctrl-C,
SIGTERM or SIGHUP, within --shutdown-timeout-ms whatever the clients do.
Exit status: 0 after a clean stop; 1 a file that cannot be read or built, or an address in use; 2 a usage error.
More: crates/sprite-server/README.md"
)]
pub struct Args {
    /// Folder holding the original SHP and SEQ files [default: $FFT_ORIGINALS, else
    /// ./originals if present].
    #[arg(long, value_name = "DIR", conflicts_with = "data")]
    pub originals: Option<PathBuf>,

    /// Your own disc image in place of --originals: its kinds, sheets and WEP.SPR (docs/disc.md)
    #[arg(long, value_name = "IMAGE", conflicts_with_all = ["data", "originals"])]
    pub disc: Option<PathBuf>,

    /// Serve this document (repeatable), its kind named by its file (mon.json: mon)
    #[arg(long, value_name = "DOC.json")]
    pub data: Vec<PathBuf>,

    /// Folder holding the sheets (RAMUZA.SPR, ...) [default: $FFT_SHEETS, else the originals']
    #[arg(long, value_name = "DIR")]
    pub sheets: Option<PathBuf>,

    /// The weapons sheet weapon= renders cut from [default: WEP.SPR by the sheets, originals or --data]
    #[arg(long, value_name = "WEP.SPR")]
    pub weapon_sheet: Option<PathBuf>,

    /// Serve this Tactics Ogre SAS set, or a pakd container's (repeatable), under /api/v1/sas/
    #[arg(long, value_name = "FILE")]
    pub sas: Vec<PathBuf>,

    /// The PNG sheet the --sas sets are drawn from: once, or once per --sas [default: none, no renders]
    #[arg(long, value_name = "SHEET.png", requires = "sas")]
    pub sas_sheet: Vec<PathBuf>,

    /// The address to listen on; 0 as the port picks a free one.
    #[arg(long, value_name = "IP:PORT", default_value = sprite_server::DEFAULT_ADDR)]
    pub addr: SocketAddr,

    /// Let pages from this origin call the API (CORS), such as http://localhost:3000; `*` for any
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Option<String>,

    /// The longest a request may take, in milliseconds, before it is answered 503.
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = super::at_least_one::<u64>)]
    pub timeout_ms: u64,

    /// How many requests are handled at once; more wait their turn (within the timeout).
    #[arg(long, value_name = "N", default_value_t = sprite_server::MAX_CONCURRENT, value_parser = super::at_least_one::<usize>)]
    pub max_concurrent: usize,

    /// The longest a request's header may take from its first byte, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::HEADER_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub header_timeout_ms: u64,

    /// How long a connection stays open with no request under way, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::IDLE_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub idle_timeout_ms: u64,

    /// The most connections open at once (fewer when the open-file limit is lower)
    #[arg(long, value_name = "N", default_value_t = sprite_server::MAX_CONNECTIONS, value_parser = super::at_least_one::<usize>)]
    pub max_connections: usize,

    /// How long a stop waits for the requests under way, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::SHUTDOWN_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub shutdown_timeout_ms: u64,
}

/// A default duration as its flag's milliseconds.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Runs the command: loads, prints what is served and where, and serves until stopped.
///
/// # Errors
/// A file that cannot be read or built, or an address that cannot be bound.
pub fn run(args: &Args) -> Outcome {
    let sas = load_sas(args)?;
    let catalog = load_catalog(args)?;
    let options = sprite_server::Options {
        addr: args.addr,
        cors: args.cors.clone(),
        timeout: Duration::from_millis(args.timeout_ms),
        max_concurrent: args.max_concurrent,
        header_timeout: Duration::from_millis(args.header_timeout_ms),
        idle_timeout: Duration::from_millis(args.idle_timeout_ms),
        max_connections: args.max_connections,
        shutdown_timeout: Duration::from_millis(args.shutdown_timeout_ms),
    };
    let kinds = catalog.units.clone();
    let sets: Vec<String> = sas.sets.iter().map(describe_set).collect();
    let skipped = sas.skipped.clone();
    let state = sprite_server::AppState::with_sas(catalog, sas)?;
    sprite_server::serve(state, &options, |addr, state, limits| {
        say(&format!(
            "serving {} kind{}:",
            kinds.len(),
            if kinds.len() == 1 { "" } else { "s" }
        ));
        for kind in &kinds {
            let needs_sp2 = kind.document.draws_from_sp2();
            let sp2 = match (&kind.sp2, &kind.document.sp2) {
                (Some(sp2), _) => format!("; sp2 {}", sp2.describe()),
                (None, Some(named)) if needs_sp2 => format!(
                    "; sp2 {} not found beside the sheet: its SP2 animations are refused",
                    named.file
                ),
                _ => String::new(),
            };
            let layers = match &kind.layers {
                Some(l) => format!(
                    "; layers {} + {} {}",
                    l.weapon.kind, l.effect.kind, l.origin
                ),
                None => "; no layer documents: weapon= is refused".to_owned(),
            };
            say(&format!(
                "  {:<8} {} animations, {} bytes, {}; sheet {}{sp2}{layers}",
                kind.name,
                kind.document.animations.len(),
                kind.bytes.len(),
                kind.origin,
                kind.sheet.describe()
            ));
        }
        if !sets.is_empty() {
            say(&format!(
                "serving {} SAS set{} under /api/v1/sas/:",
                sets.len(),
                if sets.len() == 1 { "" } else { "s" }
            ));
            for line in &sets {
                say(&format!("  {line}"));
            }
        }
        for line in &skipped {
            say(&format!("  not served: {line}"));
        }
        say(&describe_limits(state, limits));
        say(&format!("viewer  http://{addr}/"));
        say(&format!("api     http://{addr}/api/v1/kinds"));
        say(&format!(
            "Ctrl-C, SIGTERM or SIGHUP stops the server (the requests under way get {}).",
            seconds(limits.shutdown_timeout)
        ));
    })?;
    say("stopped");
    Ok(())
}

/// The start-up line on the bounds connections and pictures are held to.
fn describe_limits(state: &sprite_server::AppState, limits: &sprite_server::Limits) -> String {
    let open_files = match limits.open_files {
        Some(n) => format!("the open-file limit is {n}"),
        None => "the open-file limit is unknown".to_owned(),
    };
    let threads = state.picture_threads();
    format!(
        "limits  at most {} connections ({open_files}); a header within {}, idle {}; {threads} \
         picture{} drawn at once, {} MiB of pictures in flight",
        limits.max_connections,
        seconds(limits.header_timeout),
        seconds(limits.idle_timeout),
        if threads == 1 { "" } else { "s" },
        sprite_server::api::render::picture_budget_bytes(threads) >> 20
    )
}

/// `5 s`, `0.25 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// Prints a line of the server's report; a closed stdout (its reader gone) does not stop a
/// server, so the error is dropped rather than panicking as `println!` would.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// A folder named by a flag, else by a variable; it must exist when named.
fn named_folder(flag: Option<&Path>, variable: &str) -> anyhow::Result<Option<PathBuf>> {
    if let Some(dir) = flag {
        if !dir.is_dir() {
            bail!("{}: no such folder", dir.display());
        }
        return Ok(Some(dir.to_path_buf()));
    }
    match std::env::var_os(variable).filter(|v| !v.is_empty()) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            if !dir.is_dir() {
                bail!("${variable}={}: no such folder", dir.display());
            }
            Ok(Some(dir))
        }
        None => Ok(None),
    }
}

/// What to serve, as the command's help says, and the weapons sheet.
fn load_catalog(args: &Args) -> anyhow::Result<Catalog> {
    let sheets = named_folder(args.sheets.as_deref(), SHEETS_VAR)?.map(Originals::Folder);
    let given = match &args.weapon_sheet {
        Some(path) => Some(WeaponSheet::read(path)?),
        None => None,
    };
    let originals = if args.data.is_empty() {
        find_originals(args)?
    } else {
        None
    };
    let mut catalog = load_units(args, originals.as_ref(), sheets.as_ref())?;
    // The sheets' folder, then the originals (a folder or an image) or the --data documents'
    // folders.
    let mut places: Vec<Originals> = sheets.into_iter().collect();
    places.extend(originals);
    places.extend(
        args.data
            .iter()
            .map(|p| p.parent().unwrap_or(Path::new("")))
            .map(|p| {
                if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                }
            })
            .map(|p| Originals::Folder(p.to_path_buf())),
    );
    catalog.weapon_sheet = match given {
        Some(sheet) => Some(sheet),
        None => WeaponSheet::find(&places)?,
    };
    Ok(catalog)
}

/// The SAS sets of --sas, each drawn from its --sas-sheet.
fn load_sas(args: &Args) -> Result<SasCatalog, Failure> {
    if args.sas_sheet.len() > 1 && args.sas_sheet.len() != args.sas.len() {
        return Err(Failure::usage(
            "serve",
            format!(
                "{} --sas-sheet for {} --sas: give one sheet for every set, or one per --sas in \
                 the same order",
                args.sas_sheet.len(),
                args.sas.len()
            ),
        ));
    }
    let sheets = args
        .sas_sheet
        .iter()
        .map(|path| SasSheet::read(path))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut catalog = SasCatalog::default();
    for (i, path) in args.sas.iter().enumerate() {
        let sheet = sheets.get(i).or(sheets.first());
        catalog.add_file(path, sheet)?;
    }
    Ok(catalog)
}

/// One start-up line on a served set.
fn describe_set(served: &ServedSet) -> String {
    let set = &served.set;
    let sheet = match &served.sheet {
        Some(sheet) => format!(
            "sheet {} ({} x {})",
            sheet.file,
            sheet.image.width(),
            sheet.image.height()
        ),
        None => "no sheet: its renders are refused".to_owned(),
    };
    format!(
        "{:<12} {}, {} animations, {} sprites, {}; {sheet}",
        served.name,
        set.version,
        set.animations.len(),
        set.sprites.len(),
        served.origin
    )
}

/// The originals: --disc, else --originals, else $FFT_ORIGINALS, else ./originals if present.
fn find_originals(args: &Args) -> anyhow::Result<Option<Originals>> {
    if let Some(image) = &args.disc {
        return Ok(Some(Originals::open_disc(image)?));
    }
    let dir = match named_folder(args.originals.as_deref(), ORIGINALS_VAR)? {
        Some(dir) => Some(dir),
        None => Some(PathBuf::from("originals")).filter(|d| d.is_dir()),
    };
    Ok(dir.map(Originals::Folder))
}

/// The units to serve: the --data documents, else the originals' unit kinds, else the demo.
fn load_units(
    args: &Args,
    originals: Option<&Originals>,
    sheets: Option<&Originals>,
) -> anyhow::Result<Catalog> {
    if !args.data.is_empty() {
        let mut catalog = Catalog::default();
        for path in &args.data {
            let (bytes, document) = sprite_data::load::load_document_with_bytes(path)?;
            let name = kind_name(path);
            if catalog.unit(&name).is_some() {
                bail!(
                    "{}: a second document for kind {name:?} (kinds are named by file name)",
                    path.display()
                );
            }
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map(|p| Originals::Folder(p.to_path_buf()));
            let (sheet, sp2) = find_sheets(sheets.or(folder.as_ref()), &document)?;
            let layers = layers_beside(path, &name)?;
            catalog.units.push(ServedUnit {
                name,
                bytes,
                document,
                origin: format!("read from {}", path.display()),
                sheet,
                sp2,
                layers,
            });
        }
        return Ok(catalog);
    }
    if let Some(originals) = originals {
        let catalog = Catalog::from_originals(originals, Some(sheets.unwrap_or(originals)))?;
        if !catalog.units.is_empty() {
            return Ok(catalog);
        }
        let empty = match originals {
            Originals::Folder(dir) => format!(
                "{}: no unit kind's SHP and SEQ in this folder",
                dir.display()
            ),
            Originals::Disc(_) => format!("no unit kind's SHP and SEQ in {}", originals.place()),
        };
        eprintln!("tactics-sprite: serve: {empty}; serving the synthetic demo");
    } else {
        say(&format!(
            "No original files found (--originals, --disc, ${ORIGINALS_VAR}, ./originals): \
             serving the synthetic demo unit."
        ));
    }
    Catalog::demo()
}

/// The layer documents beside a `--data` document as `draw --weapon` finds them (WEP2's for kind
/// `type2`, WEP1's for the others, and EFF1's); `None` when either is not there.
///
/// # Errors
/// A layer document that is there but cannot be read, or is not valid.
fn layers_beside(data: &Path, kind: &str) -> anyhow::Result<Option<UnitLayers>> {
    let wanted = weapon_layer_of(kind);
    let (Ok(weapon_path), Ok(effect_path)) = (
        weapon::find_layer_beside(data, wanted),
        weapon::find_layer_beside(data, LayerSet::Eff1),
    ) else {
        return Ok(None);
    };
    Ok(Some(UnitLayers {
        weapon: weapon::load_layer(Some(&weapon_path), data, wanted, "weapon")?,
        effect: weapon::load_layer(Some(&effect_path), data, LayerSet::Eff1, "effect")?,
        origin: format!(
            "read from {} and {}",
            weapon_path.display(),
            effect_path.display()
        ),
    }))
}

/// A document's kind name, from its file name: `mon.json` and `mon.tactics-sprite-data.json`
/// are `mon`.
fn kind_name(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let stem = name.strip_suffix(".json").unwrap_or(&name);
    let stem = stem.strip_suffix(".tactics-sprite-data").unwrap_or(stem);
    if stem.is_empty() || stem == "tactics-sprite-data" {
        "type1".to_owned()
    } else {
        stem.to_owned()
    }
}
