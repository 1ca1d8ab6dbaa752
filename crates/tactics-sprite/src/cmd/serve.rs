//! `tactics-sprite serve`: the documents, poses, sheets and renders over HTTP, and a viewer page
//! (the `sprite-server` crate). This command only finds what to serve and how; the endpoints
//! answer with the libraries the other commands call, so that each is byte for byte the command
//! with the same arguments.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

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
    long_about = "Serve unit kinds over HTTP: GET /api/v1/kinds, /api/v1/animations?kind=K, \
/api/v1/data?kind=K (the document as built, with an ETag, 304 and gzip), /api/v1/draw (what \
`tactics-sprite draw` prints), /api/v1/sheet.png (what `tactics-sprite sheet` writes), \
/api/v1/render.png|gif|apng (what `tactics-sprite render` writes), /api/v1/sp2.png (MON's \
SP2 as render draws it), /api/v1/canvas, /api/v1/layer and /api/v1/layer.png (what the viewer \
draws from), and a viewer page at / that plays any animation with the JavaScript package, \
served at /tactics-sprite.mjs. Animation names match in any case.\n\n\
What is served: the documents given with --data; else every unit kind whose SHP and SEQ are in \
--originals (or in the BATTLE folder of the disc image --disc names, or $FFT_ORIGINALS, or \
./originals), built at start; else the synthetic demo unit, so it works on a fresh machine. \
Each kind is drawn from its sheet (the document's sheet.file, by its disc or remaster name) \
found in --sheets (or $FFT_SHEETS, or the originals' folder or image, or a --data document's \
folder), else from a synthetic sheet of coloured cells; MON's SP2 animations from its SP2 found \
beside that sheet (refused, 422, without it). The demo is drawn from its demo sheet.\n\n\
/api/v1/draw takes weapon=NAME as draw takes --weapon NAME (a type, or one of its graphics): the \
weapon and effect layers are built \
from WEP1 (WEP2 for type2) and EFF1 in the originals' folder or image, or read from wep1.json (wep2.json \
for type2) and eff1.json, or their .tactics-sprite-layer.json names, beside a --data document; \
without them weapon= is refused (422). /api/v1/render.png|gif|apng takes weapon=NAME (with \
weapon-palette=N and weapon-rows=ROWS to override the graphic's, and effect-palette=N) as render \
takes --weapon NAME --weapon-sheet WEP.SPR: the same layer documents, cut from the weapons sheet given with \
--weapon-sheet, else WEP.SPR (or battle_wep_spr.bin) found in the sheets' folder, the \
originals' folder or image, or a --data document's folder; without it weapon= is refused \
(422).\n\n\
Tactics Ogre SAS sets given with --sas (a SAS file, or every SAS entry of a pakd container, named \
<stem>.<entry>) are served under /api/v1/sas/: sets (the list), data?set= (the document `build \
--sas` writes, with an ETag, 304 and gzip), pose?set=&animation=&direction=&tick= (what `draw` \
prints for the set), render.png|gif|apng?set=&animation=|frame=&direction= (what `render` writes, \
drawn from the --sas-sheet PNG) and sheet.png?set=; meanings= and position= choose the reading, \
as --meanings and --position do.\n\n\
It listens on 127.0.0.1:8000 (loopback only) unless --addr says otherwise, and stops cleanly on \
Ctrl-C or SIGTERM. Exit status: 0 after a clean stop; 1 when a file cannot be read or built or \
the address cannot be bound; 2 for a usage error."
)]
pub struct Args {
    /// Folder holding the original SHP and SEQ files [default: $FFT_ORIGINALS, else
    /// ./originals if present].
    #[arg(long, value_name = "DIR", conflicts_with = "data")]
    pub originals: Option<PathBuf>,

    /// Your own disc image (.cue, .bin, .img, .iso) in place of --originals: the kinds, layers,
    /// sheets and WEP.SPR of its BATTLE folder; --sheets and --weapon-sheet, when given, still
    /// name files on disk (docs/disc.md).
    #[arg(long, value_name = "IMAGE", conflicts_with_all = ["data", "originals"])]
    pub disc: Option<PathBuf>,

    /// Serve this document (repeatable); its kind is named by the file name
    /// (`mon.json` or `mon.tactics-sprite-data.json`: `mon`).
    #[arg(long, value_name = "DOC.json")]
    pub data: Vec<PathBuf>,

    /// Folder holding the sheets (RAMUZA.SPR or battle_ramuza_spr.bin, ...) [default:
    /// $FFT_SHEETS, else the originals' folder or image].
    #[arg(long, value_name = "DIR")]
    pub sheets: Option<PathBuf>,

    /// The weapons sheet renders with weapon= cut the layers from [default: WEP.SPR or
    /// battle_wep_spr.bin in the sheets' folder, the originals' folder or image, or a --data
    /// document's folder].
    #[arg(long, value_name = "WEP.SPR")]
    pub weapon_sheet: Option<PathBuf>,

    /// Serve this Tactics Ogre SAS set, or every SAS entry of this pakd container (repeatable),
    /// under /api/v1/sas/: a set is named by its file stem, a container's entries `<stem>.<N>`.
    #[arg(long, value_name = "FILE")]
    pub sas: Vec<PathBuf>,

    /// The PNG sheet the --sas sets are drawn from: once for all of them, or once per --sas in
    /// the same order [default: none; their renders are refused]
    #[arg(long, value_name = "SHEET.png", requires = "sas")]
    pub sas_sheet: Vec<PathBuf>,

    /// The address to listen on; 0 as the port picks a free one.
    #[arg(long, value_name = "IP:PORT", default_value = sprite_server::DEFAULT_ADDR)]
    pub addr: SocketAddr,

    /// Let pages from this origin call the API (CORS), such as http://localhost:3000; `*` for
    /// any.
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Option<String>,

    /// The longest a request may take, in milliseconds, before it is answered 503.
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout_ms: u64,

    /// How many requests are handled at once; more wait their turn (within the timeout).
    #[arg(long, value_name = "N", default_value_t = sprite_server::MAX_CONCURRENT, value_parser = parse_positive)]
    pub max_concurrent: usize,
}

fn parse_positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{text:?} is not a whole number above 0")),
    }
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
        timeout: std::time::Duration::from_millis(args.timeout_ms),
        max_concurrent: args.max_concurrent,
    };
    let kinds = catalog.units.clone();
    let sets: Vec<String> = sas.sets.iter().map(describe_set).collect();
    let skipped = sas.skipped.clone();
    let state = sprite_server::AppState::with_sas(catalog, sas)?;
    sprite_server::serve(state, &options, |addr, _| {
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
        say(&format!("viewer  http://{addr}/"));
        say(&format!("api     http://{addr}/api/v1/kinds"));
        say("Ctrl-C or SIGTERM stops the server.");
    })?;
    say("stopped");
    Ok(())
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
        Some(sheet) => format!("sheet {} ({} x {})", sheet.file, sheet.width, sheet.height),
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
