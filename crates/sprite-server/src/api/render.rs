//! `GET /api/v1/render.png|gif|apng`: the query converted to a [`RenderRequest`] once, up front
//! (as `tactics-sprite render` converts its flags to one, from the same defaults and within the
//! same bounds, `sprite_render::request`'s), checked against the unit's document and drawn by
//! `sprite-render`, so an answer is byte for byte the file the command writes.

use std::sync::Arc;

use axum::response::Response;
use sprite_data::pose::View;
use sprite_render::request::{
    DEFAULT_COLUMNS, DEFAULT_HOLD_TICKS, DEFAULT_SCALE, DEFAULT_VIEW, MAX_SCALE,
};
use sprite_render::sheet::SheetScale;
use sprite_render::{
    Background, CheckedRender, Format, RenderFailure, RenderRequest, RequestFault, Subject,
    TileSources,
};

use super::respond::{REUSE, body};
use super::weapon::asked_weapon;
use super::{AppState, Prepared, given_up, picture};
use crate::error::ApiError;
use crate::params::Params;

/// The upper bounds the render endpoints hold their numbers to where the command line has none
/// (the scale's is the request's own, [`MAX_SCALE`]), so no request can ask for an unbounded
/// picture or loop.
pub const MAX_COLUMNS: u32 = 64;
pub const MAX_PLAYS: u32 = 1000;
pub const MAX_HOLD: u32 = 3600;
/// The most pixels one render may hold in memory, every frame at its scale (128 MiB of RGBA):
/// the command line's own limit (a picture of 2^27 pixels) is meant for one process on one
/// machine, not for each of a server's requests at once.
pub const MAX_RENDER_PIXELS: u64 = 1 << 25;

/// The most bytes the pictures of renders in flight hold when `threads` are drawn at once:
/// each render at most [`MAX_RENDER_PIXELS`] at its scale, at 4 bytes a pixel (docs/limits.md
/// "A server's pictures in flight").
pub const fn picture_budget_bytes(threads: usize) -> u64 {
    MAX_RENDER_PIXELS * 4 * threads as u64
}

/// The parameters a render takes.
const PARAMETERS: [&str; 20] = [
    "kind",
    "sheet",
    "variant",
    "hd",
    "animation",
    "frame",
    "all",
    "view",
    "water",
    "palette",
    "scale",
    "background",
    "labels",
    "columns",
    "plays",
    "hold",
    "weapon",
    "weapon-palette",
    "weapon-rows",
    "effect-palette",
];

/// `GET /api/v1/render.{png,gif,apng}?kind=&sheet=&animation=|frame=|all=&view=...&weapon=...&hd=`: the
/// file `tactics-sprite render` writes with the same arguments (`weapon=NAME`: `--weapon NAME
/// --weapon-sheet WEP.SPR` with the unit's layer documents; `hd=1`: `--sheet tex_N.bin` of the
/// kind's HD pair, coloured by its sheet, or for one of Ramza's by `charclut.nxd`'s row of
/// `variant=`; `sheet=NAME`: `--sheet NAME`, any sheet of the kind).
pub async fn render(
    state: Arc<AppState>,
    query: Option<String>,
    format: Format,
) -> Result<Response, ApiError> {
    let bytes = checked(state, query, &PARAMETERS, format, |checked, art| {
        checked.render(art).map(|r| r.bytes)
    })
    .await?;
    Ok(body(format.media_type(), REUSE, bytes))
}

/// The render the query asks for (taking the parameters `allowed`, the others at their
/// defaults), checked against the unit's document and handed with its art to `out`, off the
/// async threads: what `render.*` encodes and `canvas` measures.
pub(super) async fn checked<T, F>(
    state: Arc<AppState>,
    query: Option<String>,
    allowed: &[&str],
    format: Format,
    out: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&CheckedRender<'_, '_>, &TileSources<'_>) -> Result<T, RenderFailure>
        + Send
        + 'static,
{
    let params = Params::parse(query.as_deref(), allowed)?;
    let drawn = state.chosen(&params)?;
    let (choice, served) = (drawn.choice, drawn.served);
    let what = render_what(&params)?;
    let views = render_views(&params)?;
    let scale = bounded(&params, "scale", DEFAULT_SCALE, MAX_SCALE)?;
    let columns = bounded(&params, "columns", DEFAULT_COLUMNS, MAX_COLUMNS)?;
    let hold = bounded(&params, "hold", DEFAULT_HOLD_TICKS, MAX_HOLD)?;
    let plays = plays(&params)?;
    let background = background(&params)?;
    let weapon = asked_weapon(&params)?;
    let hd = drawn.wants_hd(&params)?;
    let ramza = drawn.ramza_colours(&params, hd)?;
    let request = RenderRequest {
        what,
        views,
        water: params.flag("water")?,
        scale,
        background,
        labels: params.flag("labels")?,
        columns,
        plays,
        hold,
        format,
        weapon: weapon.map(|w| w.choice.weapon_type),
    }
    .check()
    .map_err(|fault| refused(served, fault))?;
    let palette = drawn.palette(&params)?;
    // The start-up parameters' spelling, taken along off the request's task.
    let started_with = crate::started::spelling();
    // Checked against the document and drawn off the async threads: the animations are looked
    // up once, here.
    picture(&state, move |state, cancel| {
        let drawn = state.drawn(choice);
        let served = drawn.served;
        let checked = request
            .against(served.document())
            .map_err(|fault| refused(served, fault))?
            .cancelled_by(cancel.clone());
        // The HD sheet draws every picture at its scale.
        let sheet_scale = if hd { SheetScale::Hd } else { SheetScale::Sd };
        let pixels = (checked.most_frames_a_row() as u64)
            .saturating_mul(checked.views().len() as u64)
            .saturating_mul(served.canvas_pixels)
            .saturating_mul(u64::from(scale) * u64::from(scale))
            .saturating_mul(u64::from(sheet_scale.factor()).pow(2));
        if pixels > MAX_RENDER_PIXELS {
            return Err(ApiError::bad(
                "scale",
                format!(
                    "at scale {scale} this render holds {pixels} pixels; at most \
                     {MAX_RENDER_PIXELS} are drawn for a request: lower the scale"
                ),
            ));
        }
        let weapon = match weapon {
            Some(weapon) => {
                Some(state.weapon_art(served, weapon.choice.weapon_type, weapon.palettes)?)
            }
            None => None,
        };
        // At HD, the SP2 at twice the size beside the pair, when there is one.
        let (sheet, sp2) = if hd {
            (
                drawn.hd_image(palette, ramza.as_ref())?,
                drawn.hd_sp2_image(palette, ramza.as_ref())?,
            )
        } else {
            (drawn.sheet_image(palette)?, drawn.sp2_image(palette)?)
        };
        let art = TileSources {
            weapon: weapon.as_ref(),
            ..TileSources::of(&sheet, sp2.as_deref())
        };
        out(&checked, &art).map_err(|failure| match failure {
            RenderFailure::Request(fault) => refused(served, fault),
            RenderFailure::Cancelled => given_up(),
            // An SP2 sequence of a unit whose SP2 was not found is the server's want, not the
            // request's fault.
            failure => ApiError::of_render(&failure, &started_with),
        })
    })
    .await
}

/// `name=` as a whole number up to `max`, `default` when not given; 0 only where the default is 0
/// or for `hold` (a held frame shown for no time). Every render's numbers, SAS sets' too.
pub(crate) fn bounded(
    params: &Params,
    name: &str,
    default: u32,
    max: u32,
) -> Result<u32, ApiError> {
    let value = params
        .number::<u32>(name, "a whole number")?
        .unwrap_or(default);
    if value > max || (value == 0 && default > 0 && name != "hold") {
        return Err(ApiError::bad(
            name,
            format!("{name}={value} is out of range: 1..{max}"),
        ));
    }
    Ok(value)
}

/// `plays=`, 0 (for ever) to [`MAX_PLAYS`]; `None` when not given.
pub(crate) fn plays(params: &Params) -> Result<Option<u32>, ApiError> {
    params
        .number::<u32>("plays", "a whole number (0: for ever)")?
        .map(|plays| {
            if plays > MAX_PLAYS {
                Err(ApiError::bad(
                    "plays",
                    format!("plays={plays} is out of range: 0..{MAX_PLAYS}"),
                ))
            } else {
                Ok(plays)
            }
        })
        .transpose()
}

/// `background=`: `transparent` (the default) or a colour `#RRGGBB`.
pub(crate) fn background(params: &Params) -> Result<Background, ApiError> {
    match params.text("background") {
        None => Ok(Background::Transparent),
        Some(text) => text
            .parse()
            .map_err(|e: String| ApiError::bad("background", e)),
    }
}

/// A request fault as the answer naming the parameter at fault ([`ApiError::of_request`]), an
/// unknown animation with the kind's nearest names.
fn refused(served: &Prepared, fault: RequestFault) -> ApiError {
    match fault {
        RequestFault::UnknownAnimation { name, error } => {
            served.unknown_animation("animation", &name, &error)
        }
        fault => ApiError::of_request(&fault),
    }
}

/// The views of `view=` (default [`DEFAULT_VIEW`]): one, or several separated by commas
/// (`view=1,5`), a row each of a `.png` strip, as `--view` repeated.
fn render_views(params: &Params) -> Result<Vec<View>, ApiError> {
    let Some(text) = params.text("view") else {
        return Ok(vec![DEFAULT_VIEW]);
    };
    let mut views = Vec::new();
    for part in text.split(',') {
        let view: i64 = part.trim().parse().map_err(|_| {
            ApiError::bad(
                "view",
                format!(
                    "view={text:?}: expected a view number 0..7, or several separated by commas"
                ),
            )
        })?;
        // Checked here as it is read, so a long list of bad views stops at the first.
        views.push(View::new(view).map_err(|e| ApiError::bad("view", e.to_string()))?);
    }
    if views.len() > 8 {
        return Err(ApiError::bad("view", "at most 8 views (a row each)"));
    }
    Ok(views)
}

/// What `animation=`, `frame=` or `all=` asks to draw: exactly one of them.
fn render_what(params: &Params) -> Result<Subject, ApiError> {
    let all = params.flag("all")?;
    let given = [
        params.text("animation").is_some(),
        params.text("frame").is_some(),
        all,
    ];
    match given.iter().filter(|&&g| g).count() {
        0 => {
            return Err(ApiError::bad(
                "animation",
                "say what to draw: animation=NAME, frame=N or all=1",
            ));
        }
        1 => {}
        _ => {
            return Err(ApiError::bad(
                if given[0] { "animation" } else { "frame" },
                "animation, frame and all are either-or",
            ));
        }
    }
    if let Some(name) = params.text("animation") {
        return Ok(Subject::Animations(vec![name.to_owned()]));
    }
    if let Some(frame) = params.number::<usize>("frame", "a frame number")? {
        return Ok(Subject::Frame(frame));
    }
    Ok(Subject::AllFrames)
}
