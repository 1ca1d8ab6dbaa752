//! Ramza's SPRs in a mod (docs/mods.md "Ramza's colours"): the enhanced game colours his HD pairs
//! from `charclut.nxd`, not from RAMUZA.SPR's palettes, so `mod add` of a recoloured RAMUZA.SPR
//! (RAMUZA2.SPR, RAMUZA3.SPR) also writes the recolour into the mod's `charclut.nxd`
//! ([`carry_into_charclut`]), and `mod check` warns of one whose recolour the mod's
//! `charclut.nxd` does not hold ([`ramza_palette::not_carried`]). The mapping of an SPR palette
//! to a CharCLUT row is [`crate::ramza_palette`]'s.

use std::path::Path;

use faults::{Fault, Shown, Words};
use fft_formats::nxd::CharClut;
use fft_formats::spr::{Palette, Spr};

use crate::charclut;
use crate::error::{Error, Result};
use crate::loader::layout::{self, Mode};
use crate::locate::Originals;
use crate::mod_folder::add::{AddOptions, Incoming, Placement, Target};
use crate::mod_folder::check::{Finding, Report, Severity};
use crate::names::battle::BattleFile;
use crate::ramza_palette::{self, SPR_PALETTE, VARIANT};
use crate::read::{Capped, InputFile, MAX_INPUT_LEN, read_capped};
use crate::retail::Verdict;

/// A recolour carried into a CharCLUT row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarriedRow {
    /// The SPR's disc name: `RAMUZA.SPR`.
    pub spr: &'static str,
    /// The row's keys: the chapter, and the variant ([`VARIANT`]).
    pub chapter: i32,
    pub variant: i32,
    /// The colours written, by index.
    pub colours: Vec<usize>,
    /// What the row was taken from: `the game's charclut.nxd (in DIR)`, `the mod's own`.
    pub from: String,
}

impl CarriedRow {
    /// `RAMUZA.SPR palette 0 -> CharCLUT row (1, 0): colours 3, 4, 5, 6 written (the rest the
    /// game's charclut.nxd's, in DIR)`.
    pub fn describe(&self) -> String {
        format!(
            "{} palette {SPR_PALETTE} -> CharCLUT row ({}, {}): {} {} written, the rest as in {}",
            self.spr,
            self.chapter,
            self.variant,
            if self.colours.len() == 1 {
                "colour"
            } else {
                "colours"
            },
            ramza_palette::listed(&self.colours),
            self.from
        )
    }
}

/// The CharCLUT a mod's Ramza recolours are carried into, and what it was taken from.
struct Base {
    clut: CharClut,
    from: String,
    /// The placement of `charclut.nxd` this run makes, if there is one already.
    placement: Option<usize>,
    /// Whether the mod holds the file already (it is then updated).
    in_the_mod: bool,
    /// Where below the mod it is written: the mod's own file's place when it has one (whatever
    /// `--mode` says, so that the enhanced game never reads two), else the mode's.
    relative: std::path::PathBuf,
}

/// Writes the recolour of each of Ramza's SPRs among `placements` into the mod's
/// `charclut.nxd` (enhanced and combined only: the classic game reads his SPR): a colour of
/// palette 0 changed from the retail SPR's (found in `options.sheets`) goes into the row of the
/// SPR's chapter, variant 0, as [`ramza_palette::carried`] says. The file is the one among
/// `placements`, else the mod's own, else the game's (`--charclut`, else found in
/// `options.sheets`); it is placed (or updated) only when a row changed.
///
/// # Errors
/// A recoloured SPR and no `charclut.nxd` found (one line naming `--charclut`); one that does
/// not decode, or lacks the chapter's row.
pub fn carry_into_charclut(
    dir: &Path,
    placements: &mut Vec<Placement>,
    options: &AddOptions,
) -> Result<()> {
    if options.mode == Mode::Classic {
        return Ok(());
    }
    let mut base: Option<Base> = None;
    let mut carried = Vec::new();
    for k in 0..placements.len() {
        let Target::Unit(file) = placements[k].target else {
            continue;
        };
        let Some(chapter) = charclut::chapter_of_spr(file.disc_name) else {
            continue;
        };
        let Some(palette) = palette_of(&placements[k].bytes) else {
            continue;
        };
        let retail = retail_palette(file, options.sheets);
        if retail.is_none() && matches!(placements[k].verdict, Verdict::Retail(_)) {
            continue;
        }
        if retail.is_some_and(|retail| ramza_palette::same_colours(&palette, &retail)) {
            continue;
        }
        if base.is_none() {
            base = Some(find_base(
                dir,
                placements,
                options,
                &placements[k].source,
                retail.is_some(),
            )?);
        }
        let Some(base) = base.as_mut() else {
            continue;
        };
        let Some(row) = base.clut.row(chapter, VARIANT) else {
            let (from, spr) = (base.from.clone(), file.disc_name);
            return Err(Error::file(format!(
                "{from} has no CharCLUT row ({chapter}, {VARIANT}), the enhanced game's colours \
                 for {spr}'s chapter: rows are never added, so the recolour cannot be carried"
            )));
        };
        let colours = ramza_palette::changed(&palette, retail.as_ref(), &row.colours);
        let new = ramza_palette::carried(&palette, retail.as_ref(), &row.colours);
        if new == row.colours {
            continue;
        }
        let written: Vec<usize> = colours
            .into_iter()
            .filter(|&i| new[i] != row.colours[i])
            .collect();
        // The row is there (read just above), so it is set.
        let _ = base.clut.set_colours(chapter, VARIANT, &new);
        carried.push(CarriedRow {
            spr: file.disc_name,
            chapter,
            variant: VARIANT,
            colours: written,
            from: base.from.clone(),
        });
    }
    let Some(base) = base else { return Ok(()) };
    if carried.is_empty() {
        return Ok(());
    }
    let bytes = base
        .clut
        .encode()
        .map_err(|e| Error::file(format!("{}: does not encode: {e}", base.from)))?;
    let rows = base.clut.rows().count();
    match base.placement {
        Some(k) => {
            placements[k].bytes = bytes;
            placements[k].carried = carried;
        }
        None => placements.push(Placement {
            source: carried
                .iter()
                .map(|c| format!("{}'s palette {SPR_PALETTE}", c.spr))
                .collect::<Vec<_>>()
                .join(" and "),
            incoming: Incoming::Carried,
            target: Target::Charclut { rows },
            relative: base.relative,
            verdict: Verdict::of_named(charclut::FILE_NAME, &bytes),
            bytes,
            replaces: base.in_the_mod,
            publish: if base.in_the_mod {
                sprite_data::output::Publish::Replace
            } else {
                sprite_data::output::Publish::KeepExisting
            },
            picture: None,
            carried,
        }),
    }
    Ok(())
}

/// Palette 0 of an SPR's bytes, when they decode as one with palettes.
fn palette_of(bytes: &[u8]) -> Option<Palette> {
    Spr::decode(bytes)
        .ok()
        .and_then(|spr| spr.palettes.get(SPR_PALETTE).copied())
}

/// Palette 0 of the retail sheet `file`, found in `places`; `None` when it is not found or
/// does not decode.
fn retail_palette(file: &BattleFile, places: Option<&Originals>) -> Option<Palette> {
    let found = places?.locate(file.disc_name).ok()??;
    palette_of(&found.bytes)
}

/// The CharCLUT a recolour is carried into: the one placed in this run, else the mod's own,
/// else the game's.
fn find_base(
    dir: &Path,
    placements: &[Placement],
    options: &AddOptions,
    source: &str,
    against_retail: bool,
) -> Result<Base> {
    let decode = |bytes: &[u8], name: &str| {
        CharClut::decode(bytes).map_err(|e| {
            Error::file(format!(
                "{name}: does not decode as NXD CharCLUT ({}): {e}",
                charclut::FILE_NAME
            ))
        })
    };
    if let Some(k) = placements
        .iter()
        .position(|p| matches!(p.target, Target::Charclut { .. }))
    {
        let from = placements[k].source.clone();
        return Ok(Base {
            clut: decode(&placements[k].bytes, &from)?,
            from,
            placement: Some(k),
            in_the_mod: placements[k].replaces,
            relative: placements[k].relative.clone(),
        });
    }
    if let Some(relative) = own_charclut(dir, options.mode) {
        let own = dir.join(&relative);
        let shown = Shown(&own).to_string();
        let bytes = match read_capped(&own, MAX_INPUT_LEN) {
            Ok(Capped::Bytes(bytes)) => bytes,
            Ok(Capped::Over { len }) => {
                return Err(Error::file(format!(
                    "{shown}: {len} bytes, over the {MAX_INPUT_LEN} an NXD table is read to"
                )));
            }
            Err(e) => return Err(Error::from(e).in_context(shown)),
        };
        return Ok(Base {
            clut: decode(&bytes, &shown)?,
            from: format!("the mod's own {shown}"),
            placement: None,
            in_the_mod: true,
            relative,
        });
    }
    let Some((InputFile { name, bytes }, how)) =
        charclut::locate(None, options.charclut, options.sheets)?
    else {
        let source = source.to_owned();
        // Without the retail sheet, whether palette 0 was recoloured is told against the row.
        let what = if against_retail {
            "a recolour of Ramza (palette 0 differs from the retail sheet's)"
        } else {
            "Ramza's sheet, modified, with no retail sheet found to tell whether palette 0 was \
             recoloured"
        };
        return Err(Error::refused(
            Fault::Missing,
            Some("charclut"),
            Words::new(move |s| {
                format!(
                    "{source}: {what}; the enhanced game colours him from {} (CharCLUT), and \
                     none was found (in the originals' nxd/): give {} (the game's) or \
                     --originals GAME, or --mode classic",
                    charclut::FILE_NAME,
                    s.given("charclut", &"FILE")
                )
            }),
        ));
    };
    Ok(Base {
        clut: decode(&bytes, &name)?,
        from: if how == "given" {
            format!("{name} (given)")
        } else {
            name
        },
        placement: None,
        in_the_mod: false,
        relative: layout::charclut_path(options.mode),
    })
}

/// The mod's own `charclut.nxd` the enhanced game reads, below `dir`: `mode`'s, else the other
/// mode the enhanced game reads too (combined for enhanced, enhanced for combined). Writing
/// `mode`'s beside the other's would give the game two, which the mod loader reports as a
/// conflict.
fn own_charclut(dir: &Path, mode: Mode) -> Option<std::path::PathBuf> {
    let other = match mode {
        Mode::Enhanced => Mode::Combined,
        Mode::Combined => Mode::Enhanced,
        Mode::Classic => return None,
    };
    [mode, other]
        .into_iter()
        .map(layout::charclut_path)
        .find(|relative| dir.join(relative).is_file())
}

/// What `mod check` says of Ramza's colours in the mod at `dir`, from its `report`: each
/// `charclut.nxd`'s rows that differ from the game's (found in `places`, as `mod add` finds it),
/// added to its note; and a warning on each of Ramza's SPRs the enhanced game reads whose
/// recolour of palette 0 (against the retail SPR in `places`, else against the CharCLUT row, by
/// [`ramza_palette::changed`]) the mod's CharCLUT row does not hold ([`ramza_palette::not_carried`]).
pub fn check_findings(dir: &Path, report: &mut Report, places: Option<&Originals>) {
    let game = charclut::locate(None, None, places)
        .ok()
        .flatten()
        .and_then(|(file, _)| {
            let clut = CharClut::decode(&file.bytes).ok()?;
            Some((clut, file.name))
        });
    let own: Vec<(String, CharClut)> = report
        .colours
        .iter()
        .filter_map(|path| Some((path.clone(), read_clut(&dir.join(path))?)))
        .collect();
    if let Some((game, game_name)) = &game {
        for (path, clut) in &own {
            let differing: Vec<String> = clut
                .rows()
                .filter(|row| {
                    game.row(row.key, row.key2)
                        .is_none_or(|theirs| theirs.colours != row.colours)
                })
                .map(|row| format!("({}, {})", row.key, row.key2))
                .collect();
            let said = if differing.is_empty() {
                format!("; the same colours as the game's {game_name}")
            } else {
                format!(
                    "; rows differing from the game's: {} (against {game_name})",
                    differing.join(", ")
                )
            };
            if let Some(finding) = report
                .findings
                .iter_mut()
                .find(|f| &f.path == path && f.severity == Severity::Note)
            {
                finding.message.push_str(&said);
            }
        }
    }
    let mut warnings = Vec::new();
    for replaced in &report.replaced {
        if replaced.mode == Mode::Classic || matches!(replaced.verdict, Some(Verdict::Retail(_))) {
            continue;
        }
        let Some(chapter) = charclut::chapter_of_spr(replaced.file.disc_name) else {
            continue;
        };
        let Some(palette) = read_whole(&dir.join(&replaced.path), replaced.len)
            .as_deref()
            .and_then(palette_of)
        else {
            continue;
        };
        let retail = retail_palette(replaced.file, places);
        // The mod's own CharCLUT the enhanced game reads: its mode's, else the other one it reads.
        let mine = [replaced.mode, Mode::Enhanced, Mode::Combined]
            .iter()
            .find_map(|mode| {
                let path = layout::slashed(&layout::charclut_path(*mode));
                own.iter().find(|(p, _)| *p == path)
            });
        let message = match mine {
            Some((path, clut)) => {
                let Some(row) = clut.row(chapter, VARIANT) else {
                    continue;
                };
                let missing = ramza_palette::not_carried(&palette, retail.as_ref(), &row.colours);
                if missing.is_empty() {
                    continue;
                }
                format!(
                    "{}; CharCLUT row ({chapter}, {VARIANT}) of {path} does not hold them: the \
                     enhanced game draws Ramza's HD pairs in that row's colours",
                    recoloured(replaced.file, &missing, retail.is_some())
                )
            }
            None => {
                let changed = match (&retail, &game) {
                    (Some(retail), _) => {
                        ramza_palette::changed(&palette, Some(retail), &[[0; 3]; 16])
                    }
                    (None, Some((game, _))) => match game.row(chapter, VARIANT) {
                        Some(row) => ramza_palette::changed(&palette, None, &row.colours),
                        None => continue,
                    },
                    (None, None) => continue,
                };
                if changed.is_empty() {
                    continue;
                }
                format!(
                    "{}, and the mod has no nxd/charclut.nxd: the enhanced game draws Ramza's HD \
                     pairs in CharCLUT row ({chapter}, {VARIANT}), the game's colours (`mod add` \
                     of the SPR writes the row)",
                    recoloured(replaced.file, &changed, retail.is_some())
                )
            }
        };
        warnings.push(Finding {
            severity: Severity::Warning,
            path: replaced.path.clone(),
            message,
            also: None,
        });
    }
    report.insert_after_their_files(warnings);
}

/// `a recolour of Ramza: palette 0's colours 3, 4 differ from the retail RAMUZA.SPR's`.
fn recoloured(file: &BattleFile, colours: &[usize], against_retail: bool) -> String {
    format!(
        "a recolour of Ramza: palette {SPR_PALETTE}'s {} {} {}",
        if colours.len() == 1 {
            "colour"
        } else {
            "colours"
        },
        ramza_palette::listed(colours),
        if against_retail {
            format!("differ from the retail {}'s", file.disc_name)
        } else {
            "lie more than two steps from the game's CharCLUT row".to_owned()
        }
    )
}

/// The file at `path`, read under the cap, when it decodes as CharCLUT.
fn read_clut(path: &Path) -> Option<CharClut> {
    match read_capped(path, MAX_INPUT_LEN) {
        Ok(Capped::Bytes(bytes)) => CharClut::decode(&bytes).ok(),
        _ => None,
    }
}

/// The `len` bytes of the file at `path`, when it still has that many.
fn read_whole(path: &Path, len: u64) -> Option<Vec<u8>> {
    match read_capped(path, len) {
        Ok(Capped::Bytes(bytes)) => Some(bytes),
        _ => None,
    }
}
