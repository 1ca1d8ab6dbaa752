//! `weapon=NAME` and the parameters that go with it: the one place the server reads which weapon
//! a request draws, for every endpoint that takes one (draw and render; the viewer's too).
//!
//! A name is what `--weapon NAME` takes ([`choose_weapon`]): a weapon type, drawn with its first
//! graphic, or one graphic of a type (`sword-3`). The graphic gives the rows of the weapons block
//! and its palette; `weapon-rows=` and `weapon-palette=` override them, as `--weapon-rows` and
//! `--weapon-palette` do on the command line; `effect-palette=` picks the effect's (0 by default).

use sprite_data::weapon::{MAX_WEAPON_ROWS, WeaponChoice, choose_weapon, weapon_rows};
use sprite_render::layers::LayerPalettes;

use crate::error::ApiError;
use crate::params::Params;

/// The weapon a request asks for: the choice its name makes and the palettes and rows its layers
/// are cut with (the choice's unless overridden).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AskedWeapon {
    pub choice: WeaponChoice,
    pub palettes: LayerPalettes,
}

/// The weapon `params` ask for, `None` without `weapon=`. An endpoint that does not take
/// `weapon-rows=`, `weapon-palette=` or `effect-palette=` has refused them already (as unknown
/// parameters), so this reads them wherever they are allowed.
///
/// # Errors
/// `400` naming `weapon` for an unknown name (with the nearest names), or naming the parameter
/// for a number out of range or given without `weapon=`.
pub fn asked_weapon(params: &Params) -> Result<Option<AskedWeapon>, ApiError> {
    let choice = match params.text("weapon") {
        None => None,
        Some(name) => Some(choose_weapon(name).map_err(|unknown| ApiError {
            nearest: unknown.nearest.iter().map(|&n| n.to_owned()).collect(),
            ..ApiError::bad("weapon", unknown.to_string())
        })?),
    };
    let number = |name: &str, max: u8| -> Result<Option<u8>, ApiError> {
        let Some(value) = params.number::<u32>(name, "a whole number")? else {
            return Ok(None);
        };
        if choice.is_none() {
            return Err(ApiError::bad(
                name,
                format!("{name} chooses how the weapon is drawn: give weapon=NAME too"),
            ));
        }
        u8::try_from(value)
            .ok()
            .filter(|&v| v <= max)
            .map(Some)
            .ok_or_else(|| ApiError::bad(name, format!("{name}={value} is out of range: 0..{max}")))
    };
    let palette = number("weapon-palette", 15)?;
    let rows =
        match params.text("weapon-rows") {
            None => None,
            Some(_) if choice.is_none() => number("weapon-rows", MAX_WEAPON_ROWS)?,
            Some(value) => Some(weapon_rows(value).map_err(|expected| {
                ApiError::bad("weapon-rows", format!("weapon-rows={expected}"))
            })?),
        };
    let effect_palette = number("effect-palette", 15)?;
    Ok(choice.map(|choice| AskedWeapon {
        choice,
        palettes: LayerPalettes {
            weapon_palette: palette.unwrap_or(choice.palette),
            weapon_rows: rows.unwrap_or(choice.rows),
            effect_palette: effect_palette.unwrap_or(0),
        },
    }))
}
