//! What a server serves, built from a request of paths ([`ServeRequest`], [`load`]): one
//! [`ServedUnit`] per unit kind, each a document (its exact bytes and the parsed [`Document`])
//! with the sheets and layers it is drawn with, and the weapons sheet the layers of every unit are
//! cut from ([`Catalog`]); the Tactics Ogre SAS sets, apart ([`SasCatalog`]); and the start-up
//! lines that say what is served and where it came from.

mod digest;
mod pair;
mod sheets;

use std::path::{Path, PathBuf};

use faults::Shown;
use faults::Words;
use sas_formats::SasSet;
use sprite_data::Document;
use sprite_data::layer::{LayerDocument, LayerSet};
use sprite_data::profile::UNIT_KINDS;
use sprite_render::demo_sheet::demo_sheet;
use sprite_render::encode::png_rgba;

use crate::build::{build_demo, build_from_originals};
use crate::charclut::ServedClut;
use crate::error::{Error, Result};
use crate::game::GameRequest;
use crate::hd::HdPairFiles;
use crate::layers::{find_layer_beside, layers_from_originals, load_layer, weapon_layer_of};
use crate::locate::{
    Chosen, Originals, OriginalsRequest, Place, find_originals, listing_once, named_folder,
};
use crate::names::hd::pair_of_unit;
use crate::names::sheet_kind::kind_of_sheet;
use crate::retail::{ORIGINALS_VAR, SHEETS_VAR};
use crate::sas::sets_of_file;
use crate::sheets::{SasSheet, Sheet, WeaponSheet, find_sheets};

pub use pair::{PairRequest, SourceText, lines_of_steps, load_pair, step_lines};

/// The served units, in the order they were found, and the weapons sheet.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub units: Vec<ServedUnit>,
    /// WEP.SPR, which renders with `weapon=` cut the layers' blocks from; `None` when it was not
    /// found (such a render is then refused).
    pub weapon_sheet: Option<WeaponSheet>,
    /// `charclut.nxd`, the colours the enhanced game draws Ramza's HD pairs with, when a place
    /// served holds it; without it they are drawn with the SPR's palettes.
    pub charclut: Option<ServedClut>,
}

/// One served document: a unit (a built-in unit kind, the demo, or a `--data` file) with the
/// sheets and layers it is drawn with. (Not "kind": a `--data` document need not be one of the
/// built-in unit kinds, and the URL parameter `kind=` names whichever it is.)
#[derive(Debug, Clone)]
pub struct ServedUnit {
    /// Its name in URLs: `type1`, `mon`, `demo`, or a `--data` file's stem.
    pub name: String,
    /// The document's bytes, exactly as built or read: what `/api/v1/data` sends.
    pub bytes: Vec<u8>,
    pub document: Document,
    /// Where the document came from, for the start-up report.
    pub origin: String,
    pub sheet: Sheet,
    /// The second sheet MON's SP2 sequences cut their lower-half tiles from (the document's
    /// `sp2.file`, found beside its sheet; made up with a synthetic sheet); `None` when the
    /// document draws nothing from one, or it was not found (those sequences are then refused).
    pub sp2: Option<Sheet>,
    /// The weapon and effect layer documents `draw` with `weapon=` draws beside the unit; `None`
    /// when they were not found (such a request is then refused).
    pub layers: Option<UnitLayers>,
    /// The remaster's HD pair of its sheet's unit (by the HD table), which `hd=1` draws from,
    /// coloured with the sheet's palettes; `None` when the sheet is no SPR, the table lists no
    /// pair for it, or no place served holds both files ([`HdPairFiles::find`]).
    pub hd: Option<HdPairFiles>,
    /// The SEQ's text form, when the unit was built from one (`serve --seq type1.seq.txt`).
    pub source: Option<SourceText>,
    /// Every sheet of its kind the places served hold (by the table of kinds), what `sheet=`
    /// chooses from; a unit whose kind is not known lists its own sheet alone (the demo's
    /// `demo.png`), and one drawn from a made-up sheet none.
    pub sheets: Vec<ServedSheet>,
    /// The built-in kind whose sheets it lists and `sheet=` names (`type1`): a built-in kind's
    /// own name; for a `--data` document, the kind the table of kinds gives its sheet
    /// (`MINA_M.SPR`: `type1`); for a pair, its profile's kind; `None` for the demo, or a sheet
    /// the table does not know.
    pub draws_kind: Option<&'static str>,
}

/// One sheet of a served kind that `sheet=` chooses, found in the places served.
#[derive(Debug, Clone)]
pub struct ServedSheet {
    /// Its name in the table of kinds (`MINA_M.SPR`, `spr_dst_bchr_ankoku_m_spr.bin`), or for
    /// a unit whose kind is not known, as its document names its sheet (`demo.png`).
    pub name: String,
    pub sheet: Sheet,
    /// Its second sheet (an SP2), when the kind's document draws from one and it was found.
    pub sp2: Option<Sheet>,
    /// Its HD pair by the HD table, when a place served holds both files.
    pub hd: Option<HdPairFiles>,
}

/// The layer documents a unit's animations start with `QueueSpriteAnim`.
#[derive(Debug, Clone)]
pub struct UnitLayers {
    /// WEP1's, or WEP2's for TYPE2 ([`weapon_layer_of`]).
    pub weapon: LayerDocument,
    /// EFF1's.
    pub effect: LayerDocument,
    /// Where they came from, for the start-up report.
    pub origin: String,
}

impl Catalog {
    /// The unit named `name` (any case).
    pub fn unit(&self, name: &str) -> Option<&ServedUnit> {
        self.units
            .iter()
            .find(|k| k.name.eq_ignore_ascii_case(name))
    }

    /// The synthetic demo unit (built in; not game data), drawn from its demo sheet (the figure
    /// of `fixtures/demo/demo.png`).
    ///
    /// # Errors
    /// None in practice: a test builds the shipped demo.
    pub fn demo() -> Result<Catalog> {
        let build = build_demo(None)?;
        let document = build.document;
        // fixtures/demo/demo.png, painted by the same function `cargo xtask bless` writes it with.
        let sheet = png_rgba(&demo_sheet())
            .map_err(|e| Error::from(e).in_context("encoding the demo sheet"))?;
        let sheet = Sheet::Png {
            file: format!("{} (built in)", document.sheet.file),
            bytes: sheet,
        };
        let listed = sheets::listed_sheets(None, None, &document, &sheet, None)?;
        Ok(Catalog {
            units: vec![ServedUnit {
                name: "demo".to_owned(),
                sheet,
                bytes: build.bytes,
                document,
                origin: "the synthetic demo unit (built in; not game data)".to_owned(),
                hd: None,
                sp2: None,
                layers: None,
                source: None,
                sheets: listed,
                draws_kind: None,
            }],
            weapon_sheet: None,
            charclut: None,
        })
    }

    /// Every built-in kind whose SHP and SEQ are in the originals, built as `cargo xtask
    /// build-data --all` builds them; each drawn from its sheet if `sheets` has it, else from a
    /// synthetic one. The layer documents are built too when their SHP and SEQ are there (WEP1,
    /// WEP2, EFF1; each kind given its weapon layer by [`weapon_layer_of`]).
    ///
    /// # Errors
    /// A file that cannot be read, or does not build.
    pub fn from_originals(originals: &Originals, sheets: Option<&Originals>) -> Result<Catalog> {
        let layers = layers_from_originals(originals)?;
        let mut units = Vec::new();
        for builtin in &UNIT_KINDS {
            let profile = builtin.load();
            if !originals.contains(&profile.shp) || !originals.contains(&profile.seq) {
                continue;
            }
            let build = build_from_originals(originals, &profile, None)
                .map_err(|e| e.in_context(format!("kind {}", builtin.name)))?;
            let inputs = build
                .inputs
                .iter()
                .map(|i| match i.retail() {
                    Some(_) => i.verdict.short(),
                    None => format!("{} ({})", i.name, i.verdict.short()),
                })
                .collect::<Vec<_>>()
                .join(" + ");
            let document = build.document;
            let (sheet, sp2) = find_sheets(sheets, &document)?;
            let served_sheets = sheets::sheets_of(sheets, builtin.name, &document)?;
            units.push(ServedUnit {
                sheets: served_sheets,
                draws_kind: Some(builtin.name),
                name: builtin.name.to_owned(),
                sheet,
                sp2,
                bytes: build.bytes,
                document,
                origin: format!("built from {inputs}"),
                layers: unit_layers(&layers, builtin.name),
                hd: None,
                source: None,
            });
        }
        Ok(Catalog {
            units,
            weapon_sheet: None,
            charclut: None,
        })
    }
}

/// The layers of kind `name` among those built, when its weapon layer and EFF1 both are.
fn unit_layers(built: &[(LayerSet, LayerDocument)], name: &str) -> Option<UnitLayers> {
    let find = |wanted: LayerSet| built.iter().find(|(k, _)| *k == wanted).map(|(_, d)| d);
    let weapon_kind = weapon_layer_of(name);
    let (weapon, effect) = (find(weapon_kind)?, find(LayerSet::Eff1)?);
    let (weapon_shp, weapon_seq) = weapon_kind.files();
    let (effect_shp, effect_seq) = LayerSet::Eff1.files();
    Some(UnitLayers {
        weapon: weapon.clone(),
        effect: effect.clone(),
        origin: format!(
            "built from retail {weapon_shp} + {weapon_seq} and {effect_shp} + {effect_seq}"
        ),
    })
}

/// The served SAS sets, in the order they were given.
#[derive(Debug, Clone, Default)]
pub struct SasCatalog {
    pub sets: Vec<ServedSet>,
    /// One line per container entry left out, for the start-up report.
    pub skipped: Vec<String>,
}

/// One served set.
#[derive(Debug, Clone)]
pub struct ServedSet {
    /// Its name in URLs (`set=`): the file's stem, `<stem>.<entry>` for a container's entry.
    pub name: String,
    pub set: SasSet,
    /// Where it came from, for the start-up report and `/api/v1/sas/sets`.
    pub origin: String,
    /// The sheet its renders are drawn from; `None`: renders are refused.
    pub sheet: Option<SasSheet>,
}

impl SasCatalog {
    /// Adds the sets of the SAS file or `pakd` container at `path` ([`sets_of_file`]), each drawn
    /// from `sheet`.
    ///
    /// # Errors
    /// A file that cannot be read or decoded, a container with no SAS entry, or a set whose name
    /// is taken.
    pub fn add_file(&mut self, path: &Path, sheet: Option<&SasSheet>) -> Result<()> {
        let found = sets_of_file(path)?;
        self.skipped.extend(found.skipped);
        for (name, set, origin) in found.sets {
            if self.set(&name).is_some() {
                return Err(Error::file(format!(
                    "{}: a second SAS set named {name:?} (sets are named by file name)",
                    Shown(&path)
                )));
            }
            self.sets.push(ServedSet {
                name,
                set,
                origin,
                sheet: sheet.cloned(),
            });
        }
        Ok(())
    }

    /// The set named `name` (any case).
    pub fn set(&self, name: &str) -> Option<&ServedSet> {
        self.sets.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }
}

/// What `tactics-sprite serve` is asked to serve: its flags that name files.
#[derive(Debug, Clone, Default)]
pub struct ServeRequest {
    /// `--originals DIR`, each a later one layered over an earlier one (else `$FFT_ORIGINALS`,
    /// else `./originals` if present).
    pub originals: Vec<PathBuf>,
    /// `--disc IMAGE`, in place of `--originals`.
    pub disc: Option<PathBuf>,
    /// `--game DIR` (`--lang L`): the user's install, the `--originals` layered over it.
    pub game: Option<GameRequest>,
    /// `--data DOC.json`, each a kind named by its file.
    pub data: Vec<PathBuf>,
    /// `--sheets DIR` (else `$FFT_SHEETS`, else the originals'), layered under every
    /// `--originals` after the first: the game's sheets, under the mods'.
    pub sheets: Option<PathBuf>,
    /// `--weapon-sheet WEP.SPR` (else found by the sheets, the originals or the documents).
    pub weapon_sheet: Option<PathBuf>,
    /// `--sas FILE`, each a SAS set or a container's sets.
    pub sas: Vec<PathBuf>,
    /// `--sas-sheet SHEET.png`: once for every set, or once per `--sas`.
    pub sas_sheet: Vec<PathBuf>,
    /// `--shp FILE --seq FILE`: one unit built from this pair (each the file or its text form)
    /// in place of the originals' kinds.
    pub pair: Option<PairRequest>,
}

impl ServeRequest {
    /// Every file and folder the request names, in the order of its fields: what a watch
    /// watches whether or not a load read it.
    pub fn given_paths(&self) -> Vec<PathBuf> {
        let mut given: Vec<PathBuf> = Vec::new();
        given.extend(self.originals.iter().cloned());
        given.extend(self.disc.iter().cloned());
        given.extend(self.game.iter().map(|game| game.dir.clone()));
        given.extend(self.data.iter().cloned());
        given.extend(self.sheets.iter().cloned());
        given.extend(self.weapon_sheet.iter().cloned());
        given.extend(self.sas.iter().cloned());
        given.extend(self.sas_sheet.iter().cloned());
        if let Some(pair) = &self.pair {
            given.push(pair.shp.clone());
            given.push(pair.seq.clone());
            given.extend(pair.sheet.iter().cloned());
        }
        given
    }
}

/// What a server serves, and what to say about it.
#[derive(Debug)]
pub struct Served {
    pub catalog: Catalog,
    pub sas: SasCatalog,
    /// A line to say before serving, when no originals were found and the demo is served (it
    /// names the parameters that would give them).
    pub notice: Option<Words>,
    /// A warning to say before serving (originals named that hold no unit kind).
    pub warning: Option<String>,
}

/// Reads and builds everything `request` names: the SAS sets first, then the units (the `--data`
/// documents, else the originals' unit kinds, else the demo) and the weapons sheet.
///
/// # Errors
/// A `--sas-sheet` count that fits neither rule (the request's fault, parameter `sas-sheet`), a
/// folder named that is not there, a file that cannot be read or built.
pub fn load(request: &ServeRequest) -> Result<Served> {
    let sas = load_sas(request)?;
    // Every sheet of a game folder, and each one's HD pair, is looked for in the same folders.
    let mut served = listing_once(|| load_catalog(request))?;
    served.sas = sas;
    Ok(served)
}

/// The SAS sets of `--sas`, each drawn from its `--sas-sheet`.
fn load_sas(request: &ServeRequest) -> Result<SasCatalog> {
    if request.sas_sheet.len() > 1 && request.sas_sheet.len() != request.sas.len() {
        let (sheets, sets) = (request.sas_sheet.len(), request.sas.len());
        return Err(Error::input(
            "sas-sheet",
            Words::new(move |s| {
                format!(
                    "{sheets} {} for {sets} {}: give one sheet for every set, or one per {} in \
                     the same order",
                    s.name("sas-sheet"),
                    s.name("sas"),
                    s.name("sas")
                )
            }),
        ));
    }
    let sheets = request
        .sas_sheet
        .iter()
        .map(|path| SasSheet::read(path))
        .collect::<Result<Vec<_>>>()?;
    let mut catalog = SasCatalog::default();
    for (i, path) in request.sas.iter().enumerate() {
        let sheet = sheets.get(i).or(sheets.first());
        catalog.add_file(path, sheet)?;
    }
    Ok(catalog)
}

/// The units and the weapons sheet.
fn load_catalog(request: &ServeRequest) -> Result<Served> {
    let sheets = match named_folder(request.sheets.as_deref(), "sheets", SHEETS_VAR)? {
        Some(dir) => {
            let mut folders = vec![dir];
            folders.extend(request.originals.iter().skip(1).cloned());
            Some(Originals::from_folders(&folders)?)
        }
        None => None,
    };
    let given = match &request.weapon_sheet {
        Some(path) => Some(WeaponSheet::read(path)?),
        None => None,
    };
    let originals = if request.data.is_empty() && request.pair.is_none() {
        find_originals(&OriginalsRequest {
            disc: request.disc.clone(),
            folders: request.originals.clone(),
            game: request.game.clone(),
            default: Some(PathBuf::from("originals")),
        })?
        .map(|(originals, _): (Originals, Chosen)| originals)
    } else {
        None
    };
    let mut served = load_units(request, originals.as_ref(), sheets.as_ref())?;
    // The sheets' folder, then the originals (a folder or an image), the pair's SHP's folder or
    // the --data documents' folders.
    let mut places: Vec<Originals> = sheets.into_iter().collect();
    places.extend(originals);
    places.extend(
        request
            .pair
            .iter()
            .map(|pair| Originals::folder(pair::folder_of(&pair.shp))),
    );
    places.extend(
        request
            .data
            .iter()
            .map(|p| p.parent().unwrap_or(Path::new("")))
            .map(|p| {
                if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                }
            })
            .map(Originals::folder),
    );
    served.catalog.weapon_sheet = match given {
        Some(sheet) => Some(sheet),
        None => WeaponSheet::find(&places)?,
    };
    let places: Vec<&Originals> = places.iter().collect();
    served.catalog.charclut = find_charclut(&places)?;
    for unit in &mut served.catalog.units {
        let context = |e: Error| e.in_context(format!("kind {}'s HD sheet", unit.name));
        unit.hd = find_hd_pair(&places, &unit.sheet, &unit.document.sheet.file).map_err(context)?;
        for served in &mut unit.sheets {
            served.hd = find_hd_pair(&places, &served.sheet, &served.name).map_err(context)?;
        }
    }
    Ok(served)
}

/// `charclut.nxd` in the first of `places` that has it ([`ServedClut::find_in`]).
///
/// # Errors
/// A file that is there but cannot be read or does not decode.
fn find_charclut(places: &[&Originals]) -> Result<Option<ServedClut>> {
    for place in places {
        if let Some(found) = ServedClut::find_in(place)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The HD pair of the sheet `name` in `places`, when `sheet` is an SPR the HD table lists.
///
/// # Errors
/// As [`HdPairFiles::find`].
fn find_hd_pair(places: &[&Originals], sheet: &Sheet, name: &str) -> Result<Option<HdPairFiles>> {
    let Sheet::Spr { palettes: 16, .. } = sheet else {
        return Ok(None);
    };
    match pair_of_unit(name) {
        Some(pair) => HdPairFiles::find(places, pair),
        None => Ok(None),
    }
}

/// The units to serve: the `--data` documents, else the originals' unit kinds, else the demo.
fn load_units(
    request: &ServeRequest,
    originals: Option<&Originals>,
    sheets: Option<&Originals>,
) -> Result<Served> {
    let served = |catalog, notice, warning| Served {
        catalog,
        sas: SasCatalog::default(),
        notice,
        warning,
    };
    if let Some(pair) = &request.pair {
        let catalog = Catalog {
            units: vec![load_pair(pair, sheets)?],
            weapon_sheet: None,
            charclut: None,
        };
        return Ok(served(catalog, None, None));
    }
    if !request.data.is_empty() {
        let mut catalog = Catalog::default();
        for path in &request.data {
            let (bytes, document) = crate::documents::load_document_with_bytes(path)?;
            let name = kind_name(path);
            if catalog.unit(&name).is_some() {
                return Err(Error::file(format!(
                    "{}: a second document for kind {name:?} (kinds are named by file name)",
                    Shown(&path)
                )));
            }
            let folder = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map(Originals::folder);
            let places = sheets.or(folder.as_ref());
            let (sheet, sp2) = find_sheets(places, &document)?;
            let layers = layers_beside(path, &name)?;
            let draws_kind = kind_of_sheet(&document.sheet.file);
            let listed =
                sheets::listed_sheets(places, draws_kind, &document, &sheet, sp2.as_ref())?;
            catalog.units.push(ServedUnit {
                name,
                bytes,
                document,
                origin: format!("read from {}", Shown(&path)),
                sheet,
                sp2,
                layers,
                hd: None,
                source: None,
                sheets: listed,
                draws_kind,
            });
        }
        return Ok(served(catalog, None, None));
    }
    let Some(originals) = originals else {
        return Ok(served(
            Catalog::demo()?,
            Some(Words::new(|s| {
                format!(
                    "No original files found ({}, {}, {}, ${ORIGINALS_VAR}, ./originals): \
                     serving the synthetic demo unit.",
                    s.name("originals"),
                    s.name("game"),
                    s.name("disc")
                )
            })),
            None,
        ));
    };
    let catalog = Catalog::from_originals(originals, Some(sheets.unwrap_or(originals)))?;
    if !catalog.units.is_empty() {
        return Ok(served(catalog, None, None));
    }
    let empty = match originals.places() {
        [Place::Folder(dir)] => {
            format!("{}: no unit kind's SHP and SEQ in this folder", Shown(&dir))
        }
        _ => format!("no unit kind's SHP and SEQ in {}", originals.looked_in()),
    };
    Ok(served(
        Catalog::demo()?,
        None,
        Some(format!("{empty}; serving the synthetic demo")),
    ))
}

/// The layer documents beside a `--data` document as `draw --weapon` finds them (WEP2's for kind
/// `type2`, WEP1's for the others, and EFF1's); `None` when either is not there.
///
/// # Errors
/// A layer document that is there but cannot be read, or is not valid.
fn layers_beside(data: &Path, kind: &str) -> Result<Option<UnitLayers>> {
    let wanted = weapon_layer_of(kind);
    let (Ok(weapon_path), Ok(effect_path)) = (
        find_layer_beside(data, wanted),
        find_layer_beside(data, LayerSet::Eff1),
    ) else {
        return Ok(None);
    };
    Ok(Some(UnitLayers {
        weapon: load_layer(Some(&weapon_path), data, wanted, "weapon")?,
        effect: load_layer(Some(&effect_path), data, LayerSet::Eff1, "effect")?,
        origin: format!(
            "read from {} and {}",
            Shown(&weapon_path),
            Shown(&effect_path)
        ),
    }))
}

/// A document's kind name, from its file name: `mon.json` and `mon.tactics-sprite-data.json`
/// are `mon`.
pub fn kind_name(path: &Path) -> String {
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

impl Served {
    /// A digest of everything served to a client, made from every input the state holds (the
    /// documents, sheets, HD pairs, layer documents, the weapons sheet, the text forms, the SAS
    /// sets and their sheets; `catalog/digest.rs`): a reload with the same digest changed nothing
    /// a client sees (an editor's swap file beside a watched one), and is not announced.
    pub fn digest(&self) -> String {
        digest::of_served(self)
    }

    /// The start-up lines on what is served: each kind with its counts, origin, sheets and
    /// layers; each SAS set; the entries left out.
    pub fn lines(&self) -> Vec<String> {
        let kinds = &self.catalog.units;
        let sheets: usize = kinds.iter().map(|k| k.sheets.len()).sum();
        let sheets = match sheets {
            0 => String::new(),
            1 => " and 1 sheet (sheet=)".to_owned(),
            n => format!(" and {n} sheets (sheet=)"),
        };
        let mut lines = vec![format!(
            "serving {} kind{}{sheets}:",
            kinds.len(),
            if kinds.len() == 1 { "" } else { "s" }
        )];
        for kind in kinds {
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
            // Said only when there is one: hd=1 is refused, with why, when there is none.
            let hd = kind
                .hd
                .as_ref()
                .map(|pair| format!("; hd=1 from {}", pair.names()))
                .unwrap_or_default();
            let others = match kind.sheets.len() {
                0 => String::new(),
                n => format!(
                    "; {n} sheet{} of the kind ({} with an HD pair)",
                    if n == 1 { "" } else { "s" },
                    kind.sheets.iter().filter(|s| s.hd.is_some()).count()
                ),
            };
            lines.push(format!(
                "  {:<8} {} animations, {} bytes, {}; sheet {}{sp2}{layers}{hd}{others}",
                kind.name,
                kind.document.animations.len(),
                kind.bytes.len(),
                kind.origin,
                kind.sheet.describe()
            ));
        }
        let sets = &self.sas.sets;
        if !sets.is_empty() {
            lines.push(format!(
                "serving {} SAS set{} under /api/v1/sas/:",
                sets.len(),
                if sets.len() == 1 { "" } else { "s" }
            ));
            lines.extend(sets.iter().map(|set| format!("  {}", describe_set(set))));
        }
        lines.extend(
            self.sas
                .skipped
                .iter()
                .map(|line| format!("  not served: {line}")),
        );
        lines
    }
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::{PairRequest, ServeRequest};
    use crate::game::GameRequest;

    /// Every path field of the request, each once, in the order of the fields: written out by
    /// hand from the struct, so that a field added to the request and not to the watch fails.
    #[test]
    fn the_given_paths_are_every_path_the_request_names() {
        let p = PathBuf::from;
        let request = ServeRequest {
            originals: vec![p("mod"), p("game")],
            disc: Some(p("game.cue")),
            game: Some(GameRequest::new("install", "en")),
            data: vec![p("type1.json")],
            sheets: Some(p("sheets")),
            weapon_sheet: Some(p("WEP.SPR")),
            sas: vec![p("a.sas")],
            sas_sheet: vec![p("a.png")],
            pair: Some(PairRequest {
                shp: p("TYPE1.SHP"),
                seq: p("type1.seq.txt"),
                sheet: Some(p("ramza.png")),
                kind: Some("type1".to_owned()),
            }),
        };
        let names = [
            "mod",
            "game",
            "game.cue",
            "install",
            "type1.json",
            "sheets",
            "WEP.SPR",
            "a.sas",
            "a.png",
            "TYPE1.SHP",
            "type1.seq.txt",
            "ramza.png",
        ];
        assert_eq!(request.given_paths(), names.map(PathBuf::from));
        assert!(ServeRequest::default().given_paths().is_empty());
    }
}
