//! `GET /api/v1/canvas`: the box a render draws in, so that a page drawing the same poses itself
//! (the viewer) sizes its canvas as `render` sizes its picture.
//!
//! The box is measured by drawing the render (not encoding it): `render`'s canvas is the union
//! of the pixels its frames draw, which only the sheet's pixels decide, so a box worked out from
//! the tiles alone would be larger wherever a tile's edge is transparent.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::response::Response;
use serde::Serialize;
use sprite_render::Format;

use super::AppState;
use super::render::checked;
use super::respond::{JSON, REUSE, body};
use crate::error::ApiError;

/// The render parameters that decide what is drawn; the others (scale, background, labels,
/// columns, plays, hold, all) change the file, not the box, and are refused.
const PARAMETERS: [&str; 13] = [
    "kind",
    "sheet",
    "variant",
    "hd",
    "animation",
    "frame",
    "view",
    "water",
    "palette",
    "weapon",
    "weapon-palette",
    "weapon-rows",
    "effect-palette",
];

/// A render's canvas in sprite pixels from the stance point (+x right, +y down): the picture
/// spans `left..left + width` and `top..top + height`, so the stance point is its pixel
/// `(-left, -top)`.
#[derive(Serialize)]
struct CanvasBox {
    left: i64,
    top: i64,
    width: u32,
    height: u32,
}

/// `GET /api/v1/canvas?kind=&sheet=&animation=|frame=&view=&water=&palette=&weapon=...&hd=`: the canvas
/// of one picture of `render.png` with the same parameters, at scale 1 (`view=1,5` gives the box
/// both rows share); refused as that render would be.
pub async fn canvas(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let canvas = checked(state, query, &PARAMETERS, Format::Png, |checked, art| {
        checked.canvas(art)
    })
    .await?;
    let json = serde_json::to_vec(&CanvasBox {
        left: canvas.left,
        top: canvas.top,
        width: canvas.width,
        height: canvas.height,
    })
    .expect("four numbers serialize");
    Ok(body(JSON, REUSE, json))
}
