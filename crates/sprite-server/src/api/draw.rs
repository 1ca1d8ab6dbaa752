//! `GET /api/v1/draw`: the pose `tactics-sprite draw` prints, as its one JSON line: the query
//! mapped to sprite-data's [`DrawRequest`] (as `draw` maps its flags to one) and resolved once.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::response::Response;
use sprite_data::ErrorKind;
use sprite_data::pose::{DrawRequest, IDLE};

use super::respond::{JSON, REUSE, body};
use super::weapon::asked_weapon;
use super::{AppState, Prepared};
use crate::error::ApiError;
use crate::params::Params;

/// `GET /api/v1/draw?kind=&sheet=&animation=&view=&tick=&water=&idle=&weapon=&hd=`: `tactics-sprite
/// draw`'s line (`weapon=NAME`: `draw --weapon NAME` with the unit's layer documents; `hd=1`:
/// `draw --hd`).
pub async fn draw(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "kind",
            "sheet",
            "animation",
            "view",
            "tick",
            "water",
            "idle",
            "weapon",
            "hd",
        ],
    )?;
    // The pose is the document's alone: `sheet=` chooses the kind, and is checked as every
    // drawing endpoint checks it.
    let served = state.chosen(&params)?.served;
    let idle = params.flag("idle")?;
    let weapon = asked_weapon(&params)?.map(|w| w.choice.weapon_type);
    // `draw --hd`: the pose in the HD sheet's pixels (the document's alone: no pair needed).
    let scale = if params.flag("hd")? {
        fft_formats::hd::SCALE as u32
    } else {
        1
    };
    if idle && weapon.is_some() {
        return Err(ApiError::bad(
            "weapon",
            "idle and weapon are either-or: the idle frame starts no layer",
        ));
    }
    let animation = match (idle, params.text("animation")) {
        (true, Some(_)) => {
            return Err(ApiError::bad(
                "idle",
                "idle and animation are either-or: idle draws the idle frame",
            ));
        }
        (true, None) => IDLE,
        (false, _) => params.required("animation")?,
    };
    let request = DrawRequest {
        animation: animation.to_owned(),
        view: params.required_number("view", "a view number 0..7")?,
        tick: params.number("tick", "a whole number of ticks")?,
        water: params.flag("water")?,
        weapon,
    };
    let resolved = request
        .resolve(served.document())
        .map_err(|error| refused(served, &request, error))?;
    // `draw --weapon NAME --weapon-data W --effect-data E`, the unit's layers as W and E; the
    // idle frame starts no layer, so it is drawn as the plain pose and needs none.
    let layers = match resolved.weapon() {
        Some(weapon) => match &served.unit.layers {
            Some(layers) => Some(layers),
            None => return Err(served.no_layers("weapon", weapon)),
        },
        None => None,
    };
    let drawn = resolved
        .draw(layers.map(|l| &l.weapon), layers.map(|l| &l.effect))
        .map_err(|error| ApiError::of(&error))?;
    let mut line = drawn.to_json_line_at(scale);
    line.push('\n');
    Ok(body(JSON, REUSE, line))
}

/// A draw the document refuses as the answer naming the parameter at fault
/// ([`ApiError::of_data`]): `404` for an animation it does not have (with the nearest names),
/// `400` for the view or the tick; `500` for a document that does not resolve.
fn refused(served: &Prepared, request: &DrawRequest, error: sprite_data::Error) -> ApiError {
    match error.kind() {
        ErrorKind::UnknownAnimation { .. } => {
            served.unknown_animation("animation", &request.animation, &error)
        }
        _ => ApiError::of_data(&error),
    }
}
