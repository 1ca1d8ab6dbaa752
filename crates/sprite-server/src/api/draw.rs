//! `GET /api/v1/draw`: the pose `tactics-sprite draw` prints, as its one JSON line.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use sprite_data::ErrorKind;
use sprite_data::pose::layers::{Layers, pose_with_layers};
use sprite_data::pose::{IDLE, Motion, View};

use super::respond::{JSON, REUSE, body};
use super::{AppState, weapon_type};
use crate::error::ApiError;
use crate::params::Params;

/// `GET /api/v1/draw?kind=&animation=&view=&tick=&water=&idle=&weapon=`: `tactics-sprite draw`'s
/// line (`weapon=TYPE`: `draw --weapon TYPE` with the unit's layer documents).
pub async fn draw(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "kind",
            "animation",
            "view",
            "tick",
            "water",
            "idle",
            "weapon",
        ],
    )?;
    let served = state.served(&params)?;
    let idle = params.flag("idle")?;
    let weapon = weapon_type(&params)?;
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
    let motion = served.motion("animation", animation)?;
    let view: i64 = params.required_number("view", "a view number 0..7")?;
    let view = View::new(view).map_err(|e| ApiError::bad("view", e.to_string()))?;
    // The idle frame is the same at every tick; an animation needs its moment.
    let tick: Option<i64> = match motion {
        Motion::Idle => params.number("tick", "a whole number of ticks")?,
        Motion::Animation(animation) => {
            let tick = params.number("tick", "a whole number of ticks")?;
            Some(tick.ok_or_else(|| {
                ApiError::bad(
                    "tick",
                    format!(
                        "tick=T is needed to draw {:?} (only the idle frame needs none)",
                        animation.name
                    ),
                )
            })?)
        }
    };
    if let Some(tick) = tick.filter(|&t| t < 0) {
        return Err(ApiError::bad(
            "tick",
            ErrorKind::NegativeTick { tick }.to_string(),
        ));
    }
    let tick = tick.unwrap_or(0);
    // `draw --weapon TYPE --weapon-data W --effect-data E`, the unit's layers as W and E; the
    // idle frame starts no layer, so it is drawn as the plain pose and needs none.
    let layers = match (weapon, motion) {
        (Some(weapon_type), Motion::Animation(animation)) => {
            let Some(found) = served.unit.layers.as_ref() else {
                return Err(served.no_layers(weapon_type));
            };
            let layers = Layers {
                weapon_type,
                weapon: Some(&found.weapon),
                effect: Some(&found.effect),
            };
            Some((animation, layers))
        }
        _ => None,
    };
    let water = params.flag("water")?;
    let doc = served.document();
    let failed = |error: sprite_data::Error| {
        ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    };
    // Poses are strings, integers, whole floats and booleans: nothing serde_json can refuse.
    let mut line = match layers {
        Some((animation, layers)) => {
            let pose =
                pose_with_layers(doc, animation, view, tick, water, &layers).map_err(failed)?;
            serde_json::to_string(&pose).unwrap_or_default()
        }
        None => {
            let pose = motion.pose(doc, view, tick, water).map_err(failed)?;
            serde_json::to_string(&pose).unwrap_or_default()
        }
    };
    line.push('\n');
    Ok(body(JSON, REUSE, line))
}
