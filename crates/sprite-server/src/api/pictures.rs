//! `GET /api/v1/sheet.png` and `/api/v1/sp2.png`: a unit's sheets as pictures, each made once
//! (and kept by the next state on a reload when its files did not change), with its sha256 as
//! `ETag`, so that a viewer asking again after a reload is answered `304`.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use fft_formats::hd::HdSheet;
use fft_formats::spr::Spr;
use sprite_render::encode::png_rgba;
use sprite_render::hd_png;
use sprite_render::sheet::sheet_png;

use super::picture_cache::Drawing;
use super::respond::REUSE;
use super::{AppState, picture};
use crate::error::ApiError;
use crate::params::Params;
use sprite_inputs::sheets::Sheet;

/// `GET /api/v1/sheet.png?kind=&sheet=&palette=&portrait=&hd=`: `tactics-sprite sheet`'s PNG (a PNG
/// sheet as it is); with `hd=1` the kind's HD pair as `sheet export` writes it (512 x 976,
/// indexed, a palette of its SPR, or for one of Ramza's `charclut.nxd`'s row of `variant=`;
/// docs/remaster.md "Sheet pictures of a pair").
pub async fn sheet(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &["kind", "sheet", "variant", "palette", "portrait", "hd"],
    )?;
    let drawn = state.chosen(&params)?;
    let choice = drawn.choice;
    let palette = drawn.palette(&params)?;
    let portrait = params.flag("portrait")?;
    let hd = drawn.wants_hd(&params)?;
    let ramza = drawn.ramza_colours(&params, hd)?;
    if hd {
        if portrait {
            return Err(ApiError::bad(
                "portrait",
                "the portrait is the SPR's (an HD pair holds the unit's frames only): ask \
                 without hd=1",
            ));
        }
        let png = picture(&state, move |state, _| {
            let drawn = state.drawn(choice);
            let variant = ramza.as_ref().map(|r| r.variant);
            drawn.png(Drawing::Hd, palette, variant, || {
                let pair = drawn.hd().expect("wants_hd checked it");
                let sheet = HdSheet::decode(&pair.upper.bytes, &pair.lower.bytes)
                    .map_err(|e| failed(format!("{}: {e}", pair.names())))?;
                let spr = Spr::decode(drawn.sheet().bytes())
                    .map_err(|e| failed(format!("not an SPR sheet: {e}")))?;
                match &ramza {
                    Some(ramza) => hd_png::export_in_colours(
                        &sheet,
                        &spr,
                        palette.unwrap_or(0),
                        &ramza.colours,
                    ),
                    None => hd_png::export(&sheet, &spr, palette.unwrap_or(0)),
                }
                .map_err(|e| failed(e.to_string()))
            })
        })
        .await?;
        return Ok(png.respond("image/png", REUSE, &headers));
    }
    let png = match drawn.sheet() {
        Sheet::Spr { .. } => {
            picture(&state, move |state, _| {
                let drawn = state.drawn(choice);
                let which = if portrait {
                    Drawing::Portrait
                } else {
                    Drawing::Sheet
                };
                drawn.png(which, palette, None, || {
                    let spr = Spr::decode(drawn.sheet().bytes())
                        .map_err(|e| failed(format!("not an SPR sheet: {e}")))?;
                    sheet_png(&spr, palette, portrait)
                        .map(|(png, _)| png)
                        .map_err(|e| failed(e.to_string()))
                })
            })
            .await?
        }
        other if portrait => {
            return Err(ApiError::bad(
                "portrait",
                format!(
                    "the sheet is {}: it has no portrait to cut",
                    other.describe()
                ),
            ));
        }
        other => drawn.png(Drawing::Sheet, palette, None, || Ok(other.bytes().to_vec()))?,
    };
    Ok(png.respond("image/png", REUSE, &headers))
}

/// `404` for `sp2.png?hd=1` of a sheet whose pair has no SP2 at twice the size beside it.
fn no_hd_sp2(drawn: &super::choice::Drawn<'_>) -> ApiError {
    let sheet = drawn.sheet_name();
    let why = match sprite_inputs::names::hd::pair_of_unit(sheet)
        .and_then(sprite_inputs::names::hd::sp2_of_pair)
    {
        Some(single) => format!(
            "{sheet}'s SP2 at twice the size is tex_{}.bin ({} by the HD table), and it is not \
             beside its pair",
            single.number,
            single.what.name()
        ),
        None => format!("the HD table names no SP2 at twice the size for {sheet}"),
    };
    ApiError::status(StatusCode::NOT_FOUND, format!("hd=1: {why}"))
}

/// A picture that does not make: the server's fault (its files were read when it started).
fn failed(error: String) -> ApiError {
    ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, error)
}

/// `GET /api/v1/sp2.png?kind=&sheet=&palette=`: the second sheet MON's SP2 sequences draw from, as
/// `render` draws it (an SP2 file in the main sheet's palette; a PNG as it is), for the viewer
/// page; `404` when the unit has none.
pub async fn sp2(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind", "sheet", "palette", "hd"])?;
    let drawn = state.chosen(&params)?;
    let palette = drawn.palette(&params)?;
    let name = &drawn.served.unit.name;
    if drawn.wants_hd(&params)? {
        let choice = drawn.choice;
        let png = picture(&state, move |state, _| {
            let drawn = state.drawn(choice);
            drawn.png(Drawing::HdSp2, palette, None, || {
                let Some(image) = drawn.hd_sp2_image(palette, None)? else {
                    return Err(no_hd_sp2(&drawn));
                };
                png_rgba(&image.image).map_err(|e| failed(e.to_string()))
            })
        })
        .await?;
        return Ok(png.respond("image/png", REUSE, &headers));
    }
    let png = match drawn.sp2() {
        None => {
            let why = match drawn.missing_sp2() {
                Some(file) if drawn.choice.sheet.is_some() => format!(
                    "kind {name}'s document draws from an SP2 ({file} for its own sheet), and none was found for {}",
                    drawn.sheet_name()
                ),
                Some(file) => format!(
                    "kind {name}'s document draws from {file}, which was not found beside its sheet"
                ),
                None => format!("kind {name} draws from no SP2"),
            };
            return Err(ApiError::status(StatusCode::NOT_FOUND, why));
        }
        Some(Sheet::Spr { .. }) => drawn.png(Drawing::Sp2, palette, None, || {
            let image = drawn.sp2_image(palette)?.expect("the sheet has an SP2");
            png_rgba(&image.image).map_err(|e| failed(e.to_string()))
        })?,
        Some(other) => drawn.png(Drawing::Sp2, palette, None, || Ok(other.bytes().to_vec()))?,
    };
    Ok(png.respond("image/png", REUSE, &headers))
}
