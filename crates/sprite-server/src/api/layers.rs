//! `GET /api/v1/layer` and `/api/v1/layer.png`: a kind's weapon or effect layer document, and the
//! block of the weapons sheet its cells are cut from as a picture: what a page needs to draw a
//! unit holding a weapon itself (`poseWithLayers` and `drawPose` of the JavaScript package), as
//! `render.png?weapon=` draws it.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use sprite_data::layer::LayerDocument;
use sprite_data::pipeline::sha256_hex;
use sprite_render::encode::png_rgba;
use sprite_render::layers::layer_sheet;

use super::render::MAX_WEAPON_ROWS;
use super::respond::{REUSE, body, gzip, tagged_json};
use super::{AppState, Prepared, picture};
use crate::catalog::UnitLayers;
use crate::error::{ApiError, nearest};
use crate::params::Params;

/// The palettes of one block of the weapons sheet (each of its blocks has 16).
const BLOCK_PALETTES: u32 = 16;

/// A unit's two layer documents as served: bytes, digest and gzip of each, made once.
pub(crate) struct ServedLayers {
    weapon: ServedLayer,
    effect: ServedLayer,
}

struct ServedLayer {
    bytes: Bytes,
    sha256: String,
    gzip: Bytes,
}

impl ServedLayers {
    /// The documents' bytes: a layer document's canonical bytes ([`LayerDocument::to_bytes`],
    /// what `build --kind wep1` writes), whether it was built at start or read from a file.
    pub(crate) fn new(layers: &UnitLayers) -> std::io::Result<ServedLayers> {
        let served = |doc: &LayerDocument| -> std::io::Result<ServedLayer> {
            let bytes = doc.to_bytes();
            Ok(ServedLayer {
                sha256: sha256_hex(&bytes),
                gzip: Bytes::from(gzip(&bytes)?),
                bytes: Bytes::from(bytes),
            })
        };
        Ok(ServedLayers {
            weapon: served(&layers.weapon)?,
            effect: served(&layers.effect)?,
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
    let served = state.served(&params)?;
    let which = which(&params)?;
    let bytes = layers_of(served, which)?;
    let doc = match which {
        Which::Weapon => &bytes.weapon,
        Which::Effect => &bytes.effect,
    };
    Ok(tagged_json(&headers, &doc.sha256, &doc.bytes, &doc.gzip))
}

/// `GET /api/v1/layer.png?kind=&layer=weapon|effect&palette=N&rows=R`: the block of the weapons
/// sheet the layer's cells are cut from, in the block's palette `N` (0..15, default 0), the
/// weapon's graphic `R` rows further down (0..248, default 0; the weapon only): the picture
/// `render.png?weapon=TYPE&weapon-palette=N&weapon-rows=R` (or `effect-palette=N`) cuts the
/// layer's tiles from, cell `(x, y)` at `(x, y)`.
pub async fn layer_png(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let params = Params::parse(query.as_deref(), &["kind", "layer", "palette", "rows"])?;
    let served = state.served(&params)?;
    let which = which(&params)?;
    let palette = params
        .number::<u32>("palette", "a palette number")?
        .unwrap_or(0);
    if palette >= BLOCK_PALETTES {
        return Err(ApiError::bad(
            "palette",
            format!(
                "palette={palette} is out of range: a block of the weapons sheet has palettes 0..{}",
                BLOCK_PALETTES - 1
            ),
        ));
    }
    let rows = params
        .number::<u32>("rows", "a whole number of rows")?
        .unwrap_or(0);
    if rows > 0 && which == Which::Effect {
        return Err(ApiError::bad(
            "rows",
            "rows moves the weapon's graphic down its block (render's weapon-rows): only with \
             layer=weapon",
        ));
    }
    if rows > u32::from(MAX_WEAPON_ROWS) {
        return Err(ApiError::bad(
            "rows",
            format!("rows={rows} is out of range: 0..{MAX_WEAPON_ROWS}"),
        ));
    }
    layers_of(served, which)?;
    state.weapon_sheet("layer", which.name())?;
    let index = state.index_of(served);
    let png = picture(&state, move |state| {
        let failed = |error: String| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, error);
        let layers = state.units[index].unit.layers.as_ref().expect("checked");
        let sheet = state.weapon_sheet.as_ref().expect("checked");
        let doc = match which {
            Which::Weapon => &layers.weapon,
            Which::Effect => &layers.effect,
        };
        let image = layer_sheet(&sheet.spr, doc, palette as usize, rows as usize)
            .map_err(|e| failed(format!("{}: {e}", sheet.file)))?;
        png_rgba(&image).map_err(|e| failed(e.to_string()))
    })
    .await?;
    Ok(body("image/png", REUSE, png))
}
