//! The weapon flags `render` and `export-aseprite` share: which weapon the unit holds (a type or
//! one of its graphics, read by [`choose_weapon`], as `draw` reads it), the weapons sheet, the
//! layer documents (found beside the unit document unless named), and the rows and palette to cut
//! the weapon from (the chosen graphic's unless overridden).

use std::path::{Path, PathBuf};

use anyhow::Context;
use fft_formats::spr::Spr;
use sprite_data::FrameIndex;
use sprite_data::layer::{LayerDocument, LayerSet};
use sprite_data::weapon::{WeaponChoice, choose_weapon};
use sprite_inputs::layers::load_layer;
use sprite_inputs::locate::Originals;
use sprite_render::layers::{LayerPalettes, WeaponArt};

/// Draw the unit holding a weapon.
#[derive(Debug, Clone, clap::Args)]
pub struct WeaponInput {
    /// Draw the unit holding this weapon: a type (sword) or one of its graphics (knight-sword-1); docs/weapons.md
    #[arg(long, value_name = "NAME", requires = "weapon_sheet", value_parser = choose_weapon)]
    pub weapon: Option<WeaponChoice>,

    /// The weapons sheet, WEP.SPR (with --disc, the image's when it has it).
    #[arg(long, value_name = "WEP.SPR", requires = "weapon")]
    pub weapon_sheet: Option<PathBuf>,

    /// The weapon layer document, wep2's for a TYPE2 unit [default: wep1(.tactics-sprite-layer).json beside --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub weapon_data: Option<PathBuf>,

    /// The effect layer document [default: eff1(.tactics-sprite-layer).json beside --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub effect_data: Option<PathBuf>,

    /// The weapon's palette in its block, 0..15, instead of the graphic's (0: no file says an item's)
    #[arg(long, value_name = "N", requires = "weapon", allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..16))]
    pub weapon_palette: Option<u8>,

    /// Cut the weapon this many rows down its block instead of the graphic's (0..248, a multiple of 8).
    #[arg(long, value_name = "ROWS", requires = "weapon", allow_negative_numbers = true, value_parser = sprite_data::weapon::weapon_rows)]
    pub weapon_rows: Option<u8>,

    /// The effect's palette in the effects block, 0..15 [default: 0]
    #[arg(long, value_name = "N", default_value_t = 0, hide_default_value = true, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..16))]
    pub effect_palette: u8,
}

/// Everything the weapon flags load.
pub struct LoadedWeapon {
    /// The weapon chosen (its type draws the frames).
    pub choice: WeaponChoice,
    pub weapon: LayerDocument,
    pub effect: LayerDocument,
    /// The weapons sheet, decoded.
    pub spr: Spr,
    pub palettes: LayerPalettes,
    /// The `weapon  ...` line, printed only when the command goes on to succeed.
    pub line: String,
    /// The weapons sheet's name, for errors.
    sheet_name: String,
}

impl LoadedWeapon {
    /// The layers' art: each layer's block cut from the weapons sheet.
    ///
    /// # Errors
    /// A sheet that is not WEP.SPR, or a palette its block does not have.
    pub fn art(&self) -> anyhow::Result<WeaponArt<'_>> {
        WeaponArt::cut(&self.spr, &self.weapon, &self.effect, self.palettes)
            .with_context(|| self.sheet_name.clone())
    }
}

impl WeaponInput {
    /// Loads the layer documents and the weapons sheet (from the disk, or the `--disc` image),
    /// printing nothing; `None` without `--weapon`.
    ///
    /// # Errors
    /// A layer document that cannot be found, read or parsed, or a sheet that is not an SPR.
    pub fn load(&self, data: &Path, files: &Originals) -> anyhow::Result<Option<LoadedWeapon>> {
        let (Some(choice), Some(sheet_path)) = (self.weapon, &self.weapon_sheet) else {
            return Ok(None);
        };
        let weapon = load_layer(self.weapon_data.as_deref(), data, LayerSet::Wep1, "weapon")?;
        let effect = load_layer(self.effect_data.as_deref(), data, LayerSet::Eff1, "effect")?;
        let sheet = files.read(sheet_path)?;
        let shown = sheet.name;
        let spr = Spr::decode(&sheet.bytes).with_context(|| shown.clone())?;
        let palettes = LayerPalettes {
            weapon_palette: self.weapon_palette.unwrap_or(choice.palette),
            weapon_rows: self.weapon_rows.unwrap_or(choice.rows),
            effect_palette: self.effect_palette,
        };
        let rows_from = match self.weapon_rows {
            None => "table".to_owned(),
            Some(_) => format!("--weapon-rows; table +{}", choice.rows),
        };
        let palette_from = match self.weapon_palette {
            None => "default",
            Some(_) => "--weapon-palette",
        };
        let line = format!(
            "weapon  {}: graphic {}, rows +{} ({rows_from}), palette {} ({palette_from}); {} frame \
             {}, {} palette {} ({shown})",
            choice.weapon_type,
            choice.graphic.name,
            palettes.weapon_rows,
            palettes.weapon_palette,
            weapon.kind,
            weapon
                .first_frame(choice.weapon_type)
                .unwrap_or(FrameIndex(0)),
            effect.kind,
            palettes.effect_palette
        );
        Ok(Some(LoadedWeapon {
            choice,
            weapon,
            effect,
            spr,
            palettes,
            line,
            sheet_name: shown,
        }))
    }
}
