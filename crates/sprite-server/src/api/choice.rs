//! `kind=` and `sheet=`: the unit a request is about and the sheet a drawing endpoint draws it
//! from, checked once, here, for every endpoint (render, canvas, sheet.png, sp2.png, draw).
//!
//! `sheet=` names any sheet of the game by any form of its name (`MINA_M.SPR`,
//! `battle_mina_m_spr.bin`, `spr_dst_bchr_ankoku_m_spr.bin`); it is drawn with its kind's
//! document (by the table of kinds, `sprite_inputs::names::sheet_kind`), which it chooses when
//! `kind=` is not given. A name the table lacks, a sheet of another kind than `kind=`, and one
//! no place served holds are each refused in one line.

use std::sync::Arc;

use axum::http::StatusCode;
use faults::Words;
use sprite_data::Document;
use sprite_inputs::charclut::{DEFAULT_VARIANT, FILE_NAME, RamzaColours, chapter_of};
use sprite_inputs::hd::{HdPairFiles, hd_sp2_image};
use sprite_inputs::names::GameName;
use sprite_inputs::names::sheet_kind::{SHEET_KINDS, Source, sheet_kind};
use sprite_inputs::sheets::Sheet;
use sprite_render::sheet::{
    SheetImage, SheetSource, load_hd_sheet_coloured, rgb_colours, spr_colours,
};

use super::picture_cache::{Drawing, PictureKey};
use super::respond::Tagged;
use super::{AppState, Prepared};
use crate::error::ApiError;
use crate::params::Params;

/// The parameter.
pub const SHEET: &str = "sheet";

/// The CharCLUT row Ramza's HD pairs are drawn in (with `hd=1`).
pub const VARIANT: &str = "variant";

/// A unit and the sheet chosen, by where they are in the state: what work off the async threads
/// finds them by again.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Choice {
    pub unit: usize,
    /// Which of the unit's sheets; `None`: its own (the document's sheet).
    pub sheet: Option<usize>,
}

/// A served unit with the sheet a request chose: what is drawn.
pub(crate) struct Drawn<'a> {
    pub state: &'a AppState,
    pub served: &'a Prepared,
    pub choice: Choice,
}

/// Whether `served` draws the sheets of the built-in kind `kind` (its own, or its document's
/// sheet's by the table of kinds).
fn draws(served: &Prepared, kind: &str) -> bool {
    served
        .unit
        .draws_kind
        .is_some_and(|k| k.eq_ignore_ascii_case(kind))
}

/// The SP2 file `doc` draws from when a sheet has none (`sp2`).
pub(super) fn missing_sp2<'a>(doc: &'a Document, sp2: Option<&Sheet>) -> Option<&'a str> {
    match (sp2, &doc.sp2) {
        (None, Some(named)) if doc.draws_from_sp2() => Some(named.file.as_str()),
        _ => None,
    }
}

impl AppState {
    /// The unit and sheet `kind=` and `sheet=` name: `kind=`'s unit (the first served when
    /// neither is given, the first that lists the sheet, else the sheet's kind, when only
    /// `sheet=` is), drawn from `sheet=`'s sheet or its own.
    pub(crate) fn chosen(&self, params: &Params) -> Result<Drawn<'_>, ApiError> {
        let Some(name) = params.text(SHEET) else {
            let (unit, served) = self.served(params)?;
            return Ok(self.drawn(Choice { unit, sheet: None }).with(served));
        };
        if let Some((unit, sheet)) = self.listing(params, name)? {
            let served = &self.units[unit];
            return Ok(self
                .drawn(Choice {
                    unit,
                    sheet: Some(sheet),
                })
                .with(served));
        }
        let Some(row) = sheet_kind(name) else {
            let names: Vec<&str> = SHEET_KINDS.iter().map(|row| row.sheet).collect();
            return Err(ApiError::unknown_because(
                SHEET,
                format!("sheet={name:?} is no sheet of the game (its SPR and SP2 files)"),
                name,
                &names,
            ));
        };
        if let Source::SecondSheet { of } = row.source {
            return Err(ApiError::bad(
                SHEET,
                format!(
                    "sheet={name}: {} is the second sheet of {of}, drawn with it: ask sheet={of}",
                    row.sheet
                ),
            ));
        }
        let Some(kind) = row.kind else {
            return Err(ApiError {
                parameter: Some(SHEET.to_owned()),
                ..ApiError::status(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "sheet={name}: no kind is known to draw {} (docs/kinds.md \"Which kind \
                         draws which sheet\")",
                        row.sheet
                    ),
                )
            });
        };
        let (unit, served) = match params.text("kind") {
            Some(_) => self.served(params)?,
            None => self
                .units
                .iter()
                .enumerate()
                .find(|(_, s)| draws(s, kind))
                .ok_or_else(|| {
                    let served = self.unit_names().join(", ");
                    ApiError::status(
                        StatusCode::NOT_FOUND,
                        format!(
                            "sheet={name}: {} is drawn by kind {kind}, which this server does not \
                             serve (it serves {served})",
                            row.sheet
                        ),
                    )
                    .about(SHEET)
                })?,
        };
        if !draws(served, kind) {
            return Err(ApiError::bad(
                SHEET,
                format!(
                    "sheet={name}: {} is drawn by kind {kind}, not {}: ask kind={kind}, or no kind",
                    row.sheet, served.unit.name
                ),
            ));
        }
        let Some(sheet) = served
            .unit
            .sheets
            .iter()
            .position(|s| row.is_named(&s.name))
        else {
            let (sheet, name) = (row.sheet, name.to_owned());
            return Err(ApiError::status(
                StatusCode::NOT_FOUND,
                crate::started::spelt(Words::new(move |s| {
                    format!(
                        "sheet={name}: no folder served holds {sheet}: put it in the {} or {} \
                         folder",
                        s.name("sheets"),
                        s.name("originals")
                    )
                })),
            )
            .about(SHEET));
        };
        Ok(self
            .drawn(Choice {
                unit,
                sheet: Some(sheet),
            })
            .with(served))
    }

    /// The unit and sheet of `choice`, which [`AppState::chosen`] gave.
    /// The unit (`kind=`'s when given, else the first) and the index of its listed sheet named
    /// `name` (any form of a game file's name, or as a document names its own), when one lists it.
    fn listing(&self, params: &Params, name: &str) -> Result<Option<(usize, usize)>, ApiError> {
        let named = |listed: &str| {
            listed.eq_ignore_ascii_case(name) || GameName::parse(name).is_named(listed)
        };
        let find = |(unit, served): (usize, &Prepared)| {
            let sheet = served.unit.sheets.iter().position(|s| named(&s.name))?;
            Some((unit, sheet))
        };
        Ok(match params.text("kind") {
            Some(_) => find(self.served(params)?),
            None => self.units.iter().enumerate().find_map(find),
        })
    }

    pub(crate) fn drawn(&self, choice: Choice) -> Drawn<'_> {
        Drawn {
            state: self,
            served: &self.units[choice.unit],
            choice,
        }
    }
}

impl<'a> Drawn<'a> {
    fn with(self, served: &'a Prepared) -> Drawn<'a> {
        Drawn { served, ..self }
    }

    /// The sheet drawn.
    pub(crate) fn sheet(&self) -> &'a Sheet {
        match self.choice.sheet {
            Some(i) => &self.served.unit.sheets[i].sheet,
            None => &self.served.unit.sheet,
        }
    }

    /// Its SP2, when it has one.
    pub(crate) fn sp2(&self) -> Option<&'a Sheet> {
        match self.choice.sheet {
            Some(i) => self.served.unit.sheets[i].sp2.as_ref(),
            None => self.served.unit.sp2.as_ref(),
        }
    }

    /// Its HD pair, when one was found.
    pub(crate) fn hd(&self) -> Option<&'a HdPairFiles> {
        match self.choice.sheet {
            Some(i) => self.served.unit.sheets[i].hd.as_ref(),
            None => self.served.unit.hd.as_ref(),
        }
    }

    /// The sheet's name in the table (`MINA_M.SPR`), or the document's for the kind's own.
    pub(crate) fn sheet_name(&self) -> &'a str {
        match self.choice.sheet {
            Some(i) => &self.served.unit.sheets[i].name,
            None => &self.served.unit.document.sheet.file,
        }
    }

    /// The SP2 file the document draws from when none was found for the sheet.
    pub(crate) fn missing_sp2(&self) -> Option<&'a str> {
        missing_sp2(&self.served.unit.document, self.sp2())
    }

    /// The key of the picture `drawn` in `palette` (or Ramza's `variant`).
    fn key(&self, drawn: Drawing, palette: Option<usize>, variant: Option<i32>) -> PictureKey {
        PictureKey {
            unit: self.choice.unit,
            sheet: self.choice.sheet,
            drawn,
            palette: palette.unwrap_or(0),
            variant,
        }
    }

    /// The picture `drawn` in `palette` (or Ramza's `variant`), from the state's cache. A
    /// picture that does not make is the server's fault (its files were read when it started).
    fn picture(
        &self,
        drawn: Drawing,
        palette: Option<usize>,
        variant: Option<i32>,
        make: impl FnOnce() -> sprite_inputs::Result<SheetImage>,
    ) -> Result<Arc<SheetImage>, ApiError> {
        let key = self.key(drawn, palette, variant);
        self.state.picture_cache.get_or_make(key, || {
            make()
                .map(Arc::new)
                .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
        })
    }

    /// The PNG `sheet.png` or `sp2.png` sends of the picture `drawn` in `palette` (or Ramza's
    /// `variant`), from the state's cache of them, made by `make` when it is not kept.
    pub(crate) fn png(
        &self,
        drawn: Drawing,
        palette: Option<usize>,
        variant: Option<i32>,
        make: impl FnOnce() -> Result<Vec<u8>, ApiError>,
    ) -> Result<Tagged, ApiError> {
        let key = self.key(drawn, palette, variant);
        self.state
            .png_cache
            .get_or_make(key, || make().map(Tagged::new))
    }

    /// The palette `palette=` chooses (checked against the sheet), `None` when not given.
    pub(crate) fn palette(&self, params: &Params) -> Result<Option<usize>, ApiError> {
        let Some(palette) = params.number::<usize>("palette", "a palette number")? else {
            return Ok(None);
        };
        let sheet = self.sheet();
        let count = sheet.palettes();
        if count == 0 {
            return Err(ApiError::bad(
                "palette",
                format!(
                    "kind {}'s sheet is {}: it is drawn in its own colours, with no palette to choose",
                    self.served.unit.name,
                    sheet.describe()
                ),
            ));
        }
        if palette >= count {
            return Err(ApiError::bad(
                "palette",
                format!("palette {palette}: the sheet has palettes 0..{}", count - 1),
            ));
        }
        Ok(Some(palette))
    }

    /// The sheet drawn with `palette`, as `--sheet FILE [--palette N]` reads it
    /// ([`Sheet::image`]).
    pub(crate) fn sheet_image(&self, palette: Option<usize>) -> Result<Arc<SheetImage>, ApiError> {
        self.picture(Drawing::Sheet, palette, None, || {
            self.sheet().image(palette)
        })
    }

    /// The SP2 drawn with `palette`, as `--sp2 FILE [--palette N]` reads it (an SP2 file in the
    /// main sheet's colours, [`Sheet::sp2_image`]); `None` when the sheet has none.
    pub(crate) fn sp2_image(
        &self,
        palette: Option<usize>,
    ) -> Result<Option<Arc<SheetImage>>, ApiError> {
        let Some(sp2) = self.sp2() else {
            return Ok(None);
        };
        self.picture(Drawing::Sp2, palette, None, || {
            self.sheet().sp2_image(sp2, palette)
        })
        .map(Some)
    }

    /// Whether `hd=1` asks for the remaster's HD sheet; refused (`422`, naming what is missing)
    /// when the sheet has no HD pair.
    pub(crate) fn wants_hd(&self, params: &Params) -> Result<bool, ApiError> {
        if !params.flag("hd")? {
            return Ok(false);
        }
        if self.hd().is_some() {
            return Ok(true);
        }
        let name = self.sheet_name();
        let pair = sprite_inputs::names::hd::pair_of_unit(name);
        let why = match (self.sheet(), pair) {
            (Sheet::Spr { .. }, Some(pair)) => {
                let upper = pair.file_name(fft_formats::hd::HdHalf::Upper);
                let lower = pair.file_name(fft_formats::hd::HdHalf::Lower);
                crate::started::spelt(Words::new(move |s| {
                    format!(
                        "its HD pair is {upper} and {lower}, and no folder served holds both: \
                         put them in the {} folder, or serve {} over a remaster install or mod \
                         (system/ffto/g2d/)",
                        s.name("sheets"),
                        s.name("originals")
                    )
                }))
            }
            (Sheet::Spr { .. }, None) => {
                format!("the HD table (docs/remaster.md) lists no pair for {name}")
            }
            (other, _) => format!(
                "an HD sheet takes its colours from the kind's SPR, and its sheet is {}",
                other.describe()
            ),
        };
        let whose = match self.choice.sheet {
            Some(_) => format!("sheet {name}"),
            None => format!("kind {}", self.served.unit.name),
        };
        Err(ApiError {
            parameter: Some("hd".to_owned()),
            ..ApiError::status(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("hd=1: {whose} has no HD sheet: {why}"),
            )
        })
    }

    /// The HD pair drawn in `ramza`'s colours when given, else with the palette `palette` of
    /// the sheet's SPR, as `--sheet tex_N.bin [--palette N] [--variant N]` loads it; only for a
    /// sheet [`Drawn::wants_hd`] said has one.
    pub(crate) fn hd_image(
        &self,
        palette: Option<usize>,
        ramza: Option<&RamzaColours>,
    ) -> Result<Arc<SheetImage>, ApiError> {
        let Some(pair) = self.hd() else {
            return Err(ApiError::status(
                StatusCode::INTERNAL_SERVER_ERROR,
                "no HD pair (hd=1 was let through)",
            ));
        };
        self.picture(Drawing::Hd, palette, ramza.map(|r| r.variant), || {
            let Some(ramza) = ramza else {
                let sheet = self.sheet();
                return pair.coloured_by(sheet.name(), sheet.bytes(), palette);
            };
            let source = SheetSource::HdCharClut {
                chapter: ramza.chapter,
                variant: ramza.variant,
            };
            load_hd_sheet_coloured(&pair.upper.bytes, &pair.lower.bytes, &ramza.colours, source)
                .map_err(|e| sprite_inputs::Error::from(e).in_context(pair.names()))
        })
    }

    /// The SP2 at twice the size that goes with the sheet's pair, in the pair's colours
    /// (`ramza`'s, else palette `palette` of the sheet's SPR), as `--sheet tex_N.bin` finds it
    /// beside the pair: what MON's SP2 sequences draw from at HD; `None` when the pair has none.
    pub(crate) fn hd_sp2_image(
        &self,
        palette: Option<usize>,
        ramza: Option<&RamzaColours>,
    ) -> Result<Option<Arc<SheetImage>>, ApiError> {
        let Some(file) = self.hd().and_then(|pair| pair.sp2.as_ref()) else {
            return Ok(None);
        };
        let variant = ramza.map(|r| r.variant);
        self.picture(Drawing::HdSp2, palette, variant, || {
            let index = palette.unwrap_or(0);
            let colours = match ramza {
                Some(ramza) => rgb_colours(&ramza.colours),
                None => spr_colours(self.sheet().bytes(), index).ok_or_else(|| {
                    sprite_inputs::Error::file(format!(
                        "{}: no palette {index} to draw {} with",
                        self.sheet().name(),
                        file.name
                    ))
                })?,
            };
            hd_sp2_image(file, &colours, index)
        })
        .map(Some)
    }

    /// The colours `hd=1` draws the sheet's pair in when it is one of Ramza's and the server
    /// has `charclut.nxd`: the row of its chapter and `variant=` (0, the game's own, when not
    /// given), as `render --variant N` draws it; `None` for any other pair, or without the file
    /// (the SPR's palette). `variant=` is refused without `hd=1`, for a pair not Ramza's, and
    /// without the file; a variant the file lacks is `404`.
    pub(crate) fn ramza_colours(
        &self,
        params: &Params,
        hd: bool,
    ) -> Result<Option<RamzaColours>, ApiError> {
        let variant = params.number::<i32>(VARIANT, "a whole number")?;
        let chapter = self.hd().and_then(|pair| pair.pair).and_then(chapter_of);
        let refused = |why: String| Err(ApiError::bad(VARIANT, why));
        match (hd, chapter, &self.state.charclut, variant) {
            (true, Some(chapter), Some(clut), variant) => clut
                .colours(chapter, variant.unwrap_or(DEFAULT_VARIANT))
                .map(Some)
                .map_err(|e| ApiError::of(&e)),
            (_, _, _, None) => Ok(None),
            (false, _, _, Some(v)) => refused(format!(
                "variant={v} chooses the colours of one of Ramza's HD pairs: ask with hd=1"
            )),
            (true, None, _, Some(v)) => refused(format!(
                "variant={v}: {}'s HD pair is not one of Ramza's (tex 830-835), the only ones \
                 {FILE_NAME} colours",
                self.sheet_name()
            )),
            (true, Some(_), None, Some(v)) => Err(ApiError::status(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "variant={v}: no {FILE_NAME} in the folders served (nxd/{FILE_NAME}): \
                     Ramza's pair is drawn with the SPR's palette"
                ),
            )
            .about(VARIANT)),
        }
    }
}
