//! What a server serves: one [`ServedUnit`] per unit kind, each a document (its exact bytes and
//! the parsed [`Document`]) and the sheet to draw it from; and the weapons sheet the layers of
//! every unit are cut from, when there is one.

use std::path::Path;

use anyhow::Context;
use fft_formats::spr::Spr;
use sprite_data::Document;
use sprite_data::layer::{LayerDocument, LayerSet, build_layer_from};
use sprite_data::pipeline::{self, InputFile, Originals};
use sprite_data::profile::UNIT_KINDS;
use sprite_render::compose::SP2_FROM_ROW;
use sprite_render::demo_sheet::demo_sheet;
use sprite_render::encode::png_rgba;
use sprite_render::sheet::synthetic_sheet;

/// The served units, in the order they were found, and the weapons sheet.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub units: Vec<ServedUnit>,
    /// WEP.SPR, which renders with `weapon=` cut the layers' blocks from; `None` when it was not
    /// found (such a render is then refused).
    pub weapon_sheet: Option<WeaponSheet>,
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

/// The weapon layer a kind's attacks draw their weapon from: WEP2 for `type2` (TYPE2's units
/// hold WEP2's weapons), WEP1 for every other kind (TYPE1's; the kinds that start no layer never
/// draw it).
pub fn weapon_layer_of(kind: &str) -> LayerSet {
    if kind.eq_ignore_ascii_case("type2") {
        LayerSet::Wep2
    } else {
        LayerSet::Wep1
    }
}

/// The sheet a kind is drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sheet {
    /// An SPR file (drawn with any of its palettes; an SP2 with its main sheet's).
    Spr {
        file: String,
        bytes: Vec<u8>,
        palettes: usize,
    },
    /// A PNG in the sheet's layout, drawn in its own colours.
    Png { file: String, bytes: Vec<u8> },
    /// No sheet was found: a made-up one, each cell a coloured rectangle (as a PNG).
    Synthetic { bytes: Vec<u8> },
}

impl Sheet {
    /// The sheet's bytes, as `--sheet` would read them.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Sheet::Spr { bytes, .. } | Sheet::Png { bytes, .. } | Sheet::Synthetic { bytes } => {
                bytes
            }
        }
    }

    /// How many palettes `palette=` can choose from (0: the sheet has its own colours).
    pub fn palettes(&self) -> usize {
        match self {
            Sheet::Spr { palettes, .. } => *palettes,
            _ => 0,
        }
    }

    /// One line on the sheet.
    pub fn describe(&self) -> String {
        match self {
            Sheet::Spr {
                file, palettes: 0, ..
            } => {
                format!("{file} (an SP2, drawn with its sheet's palettes)")
            }
            Sheet::Spr { file, palettes, .. } => format!("{file} ({palettes} palettes)"),
            Sheet::Png { file, .. } => format!("{file} (PNG)"),
            Sheet::Synthetic { .. } => "a synthetic sheet (no sheet file found)".to_owned(),
        }
    }

    /// The made-up sheet of a document, as a PNG.
    ///
    /// # Errors
    /// None in practice (a PNG of a sheet-sized picture).
    pub fn synthetic(doc: &Document) -> anyhow::Result<Sheet> {
        let bytes = png_rgba(&synthetic_sheet(doc)).context("encoding the synthetic sheet")?;
        Ok(Sheet::Synthetic { bytes })
    }

    /// A made-up SP2 for a document drawn from a synthetic sheet: its SP2 cells (rows 256 and
    /// down of the document's cell layout) painted as [`Sheet::synthetic`] paints cells.
    ///
    /// # Errors
    /// None in practice (a PNG of a sheet-sized picture).
    pub fn synthetic_sp2(doc: &Document) -> anyhow::Result<Sheet> {
        let height = doc.sp2.as_ref().map_or(256, |s| s.height);
        let mut tall = doc.clone();
        tall.sheet.height = SP2_FROM_ROW + height;
        let image =
            synthetic_sheet(&tall).crop(0, i64::from(SP2_FROM_ROW), tall.sheet.width, height);
        let bytes = png_rgba(&image).context("encoding the synthetic SP2")?;
        Ok(Sheet::Synthetic { bytes })
    }

    /// The sheet in `bytes` (an SPR, or a PNG by its signature), named `file`.
    ///
    /// # Errors
    /// Bytes that are neither a PNG nor an SPR that decodes.
    pub fn from_bytes(file: &str, bytes: Vec<u8>) -> anyhow::Result<Sheet> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            return Ok(Sheet::Png {
                file: file.to_owned(),
                bytes,
            });
        }
        let spr = Spr::decode(&bytes).with_context(|| format!("{file}: not an SPR sheet"))?;
        Ok(Sheet::Spr {
            file: file.to_owned(),
            palettes: spr.palettes.len(),
            bytes,
        })
    }
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
    pub fn demo() -> anyhow::Result<Catalog> {
        let output = pipeline::build_demo(None)?;
        let document = output.built.document;
        // fixtures/demo/demo.png, painted by the same function `cargo xtask bless` writes it with.
        let sheet = png_rgba(&demo_sheet()).context("encoding the demo sheet")?;
        Ok(Catalog {
            units: vec![ServedUnit {
                name: "demo".to_owned(),
                sheet: Sheet::Png {
                    file: format!("{} (built in)", document.sheet.file),
                    bytes: sheet,
                },
                bytes: output.bytes,
                document,
                origin: "the synthetic demo unit (built in; not game data)".to_owned(),
                sp2: None,
                layers: None,
            }],
            weapon_sheet: None,
        })
    }

    /// Every built-in kind whose SHP and SEQ are in the originals (a folder, under disc or
    /// remaster names, or a disc image's `BATTLE` folder), built as `cargo xtask build-data
    /// --all` builds them; each drawn from its sheet if `sheets` has it, else from a synthetic
    /// one. The layer documents are built too when their SHP and SEQ are there (WEP1, WEP2,
    /// EFF1; each kind given its weapon layer by [`weapon_layer_of`]).
    ///
    /// # Errors
    /// A file that cannot be read, or does not build.
    pub fn from_originals(
        originals: &Originals,
        sheets: Option<&Originals>,
    ) -> anyhow::Result<Catalog> {
        let layers = layers_from_originals(originals)?;
        let mut units = Vec::new();
        for builtin in &UNIT_KINDS {
            let profile = builtin.load();
            let (Some(shp), Some(seq)) =
                (originals.find(&profile.shp)?, originals.find(&profile.seq)?)
            else {
                continue;
            };
            let output = pipeline::build_from_sources(shp.source(), seq.source(), &profile, None)
                .with_context(|| format!("kind {}", builtin.name))?;
            let inputs = output
                .inputs
                .iter()
                .map(|i| match i.retail {
                    Some(file) => format!("retail {}", file.disc_name),
                    None => format!("{} (modified)", i.name),
                })
                .collect::<Vec<_>>()
                .join(" + ");
            let document = output.built.document;
            let (sheet, sp2) = find_sheets(sheets, &document)?;
            units.push(ServedUnit {
                name: builtin.name.to_owned(),
                sheet,
                sp2,
                bytes: output.bytes,
                document,
                origin: format!("built from {inputs}"),
                layers: unit_layers(&layers, builtin.name),
            });
        }
        Ok(Catalog {
            units,
            weapon_sheet: None,
        })
    }
}

/// The layer documents whose SHP and SEQ are both in the originals, built as `cargo xtask
/// build-data --all` builds them.
///
/// # Errors
/// A layer's files are there but cannot be read, or do not build.
fn layers_from_originals(originals: &Originals) -> anyhow::Result<Vec<(LayerSet, LayerDocument)>> {
    let mut built = Vec::new();
    for kind in LayerSet::ALL {
        let (shp, seq) = kind.files();
        if !originals.contains(shp) || !originals.contains(seq) {
            continue;
        }
        let doc = build_layer_from(originals, kind)?;
        built.push((kind, doc));
    }
    Ok(built)
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

/// The document's `sheet.file` in `sheets` (a folder, by its disc name or the remaster's name,
/// any case; or a disc image's `BATTLE` folder), else a synthetic sheet; and its `sp2.file`
/// beside it when some sequence draws from it (as `tactics-sprite render` looks for it), made up
/// too with a synthetic sheet.
///
/// # Errors
/// A sheet file that is there but cannot be read or decoded.
pub fn find_sheets(
    sheets: Option<&Originals>,
    document: &Document,
) -> anyhow::Result<(Sheet, Option<Sheet>)> {
    let needs_sp2 = document.draws_from_sp2();
    let sp2_file = document.sp2.as_ref().filter(|_| needs_sp2).map(|s| &s.file);
    let found = |file: &str| -> anyhow::Result<Option<InputFile>> {
        Ok(match sheets {
            Some(sheets) => sheets.find(file)?,
            None => None,
        })
    };
    let Some(sheet) = found(&document.sheet.file)? else {
        let sp2 = match sp2_file {
            Some(_) => Some(Sheet::synthetic_sp2(document)?),
            None => None,
        };
        return Ok((Sheet::synthetic(document)?, sp2));
    };
    let sheet = Sheet::from_bytes(&sheet.name, sheet.bytes)?;
    let sp2 = match sp2_file.map(|file| found(file)).transpose()?.flatten() {
        Some(sp2) => Some(Sheet::from_bytes(&sp2.name, sp2.bytes)?),
        None => None,
    };
    Ok((sheet, sp2))
}

/// The weapons sheet, WEP.SPR (`battle_wep_spr.bin` in the remaster), decoded.
#[derive(Debug, Clone)]
pub struct WeaponSheet {
    /// Where it was read from, for the start-up report.
    pub file: String,
    pub spr: Spr,
}

/// The weapons sheet's disc name ([`Originals::find`] also finds its remaster name in a folder).
pub const WEAPON_SHEET: &str = "WEP.SPR";

impl WeaponSheet {
    /// Reads the weapons sheet at `path`.
    ///
    /// # Errors
    /// A file that cannot be read, is not an SPR, or is another sheet than the weapons sheet.
    pub fn read(path: &Path) -> anyhow::Result<WeaponSheet> {
        let file = path.display().to_string();
        let bytes = std::fs::read(path).with_context(|| format!("{file}: cannot read"))?;
        WeaponSheet::decode(file, &bytes)
    }

    /// The weapons sheet in `bytes`, named `file` in messages.
    ///
    /// # Errors
    /// Bytes that are not an SPR, or another sheet than the weapons sheet.
    fn decode(file: String, bytes: &[u8]) -> anyhow::Result<WeaponSheet> {
        let spr = Spr::decode(bytes).with_context(|| format!("{file}: not an SPR sheet"))?;
        if spr.variant != fft_formats::spr::SprVariant::Weapons {
            let error = sprite_render::RenderError::NotWeaponsSheet {
                variant: spr.variant,
            };
            anyhow::bail!("{file}: {error}");
        }
        Ok(WeaponSheet { file, spr })
    }

    /// The weapons sheet in the first of `places` that has it (a folder, by its disc or
    /// remaster name; a disc image's `BATTLE` folder).
    ///
    /// # Errors
    /// A weapons sheet that is there but does not read ([`WeaponSheet::read`]).
    pub fn find(places: &[Originals]) -> anyhow::Result<Option<WeaponSheet>> {
        for place in places {
            if let Some(file) = place.find(WEAPON_SHEET)? {
                return WeaponSheet::decode(file.name, &file.bytes).map(Some);
            }
        }
        Ok(None)
    }
}
