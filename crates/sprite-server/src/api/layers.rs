//! `GET /api/v1/layer` and `/api/v1/layer.png`: a kind's weapon or effect layer document, and the
//! block of the weapons sheet its cells are cut from as a picture: what a page needs to draw a
//! unit holding a weapon itself (`poseWithLayers` and `drawPose` of the JavaScript package), as
//! `render.png?weapon=` draws it.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use sprite_render::encode::png_rgba;

use super::respond::{REUSE, TaggedJson, body};
use super::weapon::asked_weapon;
use super::{AppState, Prepared, picture};
use crate::error::{ApiError, nearest};
use crate::params::Params;
use sprite_inputs::catalog::UnitLayers;

/// A unit's two layer documents as served: bytes, digest and gzip of each, made once.
#[derive(Clone)]
pub(crate) struct ServedLayers {
    weapon: TaggedJson,
    effect: TaggedJson,
}

impl ServedLayers {
    /// The documents' bytes: a layer document's canonical bytes ([`LayerDocument::to_bytes`](sprite_data::layer::LayerDocument::to_bytes),
    /// what `build --kind wep1` writes), whether it was built at start or read from a file.
    pub(crate) fn new(layers: &UnitLayers) -> std::io::Result<ServedLayers> {
        Ok(ServedLayers {
            weapon: TaggedJson::new(layers.weapon.to_bytes())?,
            effect: TaggedJson::new(layers.effect.to_bytes())?,
        })
    }
}

/// `layer=`: the weapon or the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    Weapon,
    Effect,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Which::Weapon => "weapon",
            Which::Effect => "effect",
        }
    }
}

/// `layer=weapon|effect`, which must be given; `400` naming it otherwise.
fn which(params: &Params) -> Result<Which, ApiError> {
    match params.required("layer")? {
        "weapon" => Ok(Which::Weapon),
        "effect" => Ok(Which::Effect),
        other => Err(ApiError {
            nearest: nearest(other, &["weapon", "effect"]),
            ..ApiError::bad(
                "layer",
                format!("layer={other:?}: give weapon (WEP1, WEP2 for type2) or effect (EFF1)"),
            )
        }),
    }
}

/// The layer documents of `served` as served; `422` naming what it lacks when it has none.
fn layers_of(served: &Prepared, which: Which) -> Result<&ServedLayers, ApiError> {
    served
        .layers
        .as_ref()
        .ok_or_else(|| served.no_layers("layer", which.name()))
}

/// `GET /api/v1/layer?kind=&layer=weapon|effect`: the kind's weapon layer (WEP1, WEP2 for type2)
/// or its effect layer (EFF1), the document `draw --weapon` draws with; `ETag`, `304` and gzip
/// as `/api/v1/data`.
pub async fn layer(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind", "layer"])?;
    let (_, served) = state.served(&params)?;
    let which = which(&params)?;
    let bytes = layers_of(served, which)?;
    let doc = match which {
        Which::Weapon => &bytes.weapon,
        Which::Effect => &bytes.effect,
    };
    Ok(doc.respond(&headers))
}

/// `GET /api/v1/layer.png?kind=&layer=weapon|effect&weapon=NAME[&weapon-palette=&weapon-rows=&effect-palette=]`:
/// the block of the weapons sheet the layer's cells are cut from, as
/// `render.png?weapon=NAME&...` with the same weapon parameters cuts it (the weapon's block in
/// its palette, its graphic moved down by its rows; the effect's block in the effect's
/// palette): cell `(x, y)` is at `(x, y)`. The weapon parameters are the render's, read by the
/// render's own functions, so the picture is the render's art for them.
pub async fn layer_png(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(
        query.as_deref(),
        &[
            "kind",
            "layer",
            "weapon",
            "weapon-palette",
            "weapon-rows",
            "effect-palette",
        ],
    )?;
    let (index, _) = state.served(&params)?;
    let which = which(&params)?;
    let Some(weapon) = asked_weapon(&params)? else {
        return Err(ApiError::bad(
            "weapon",
            "weapon is missing: the picture is the one render.png?weapon=NAME cuts the layer from",
        ));
    };
    let png = picture(&state, move |state, _| {
        let art = state.weapon_art(
            &state.units[index],
            weapon.choice.weapon_type,
            weapon.palettes,
        )?;
        let image = match which {
            Which::Weapon => &art.weapon_sheet,
            Which::Effect => &art.effect_sheet,
        };
        png_rgba(image)
            .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    })
    .await?;
    Ok(body("image/png", REUSE, png))
}
