//! The weapons sheet's blocks as layer pictures (`sprite_render::layers::layer_sheet`), on a
//! sheet made here: each block its own rows and palettes, the item row offset, and the refusals.

use fft_formats::spr::{Spr, SprVariant, WIDTH};
use sprite_data::layer::LayerDocument;
use sprite_render::RenderError;
use sprite_render::layers::layer_sheet;

/// A layer document with nothing in it but its sheet block.
fn layer(kind: &str, top: u32, palette: u32) -> LayerDocument {
    serde_json::from_value(serde_json::json!({
        "format": "tactics-sprite-layer", "formatVersion": 1, "version": "0", "notice": "test",
        "layer": if kind == "eff1" { "effect" } else { "weapon" }, "kind": kind,
        "sheet": {"file": "WEP.SPR", "width": 256, "height": 256, "top": top, "palette": palette},
        "anchor": [0, 15], "firstFrames": [], "cells": [], "frames": [], "sequences": []
    }))
    .unwrap()
}

#[test]
fn each_block_is_cut_with_its_own_palettes_and_rows() {
    let mut spr = Spr::blank(SprVariant::Weapons);
    // Weapons palette 2 colour 1 pure red; effects palette 16 + 2 colour 1 pure blue.
    spr.palettes[2][1] = 0x001F;
    spr.palettes[18][1] = 0x7C00;
    spr.pixels[21 * WIDTH + 3] = 1; // weapons block, row 21
    spr.pixels[(256 + 7) * WIDTH + 9] = 1; // effects block, its row 7
    spr.pixels[(512 + 7) * WIDTH + 9] = 1; // traps block: never in a layer picture
    let weapons = layer_sheet(&spr, &layer("wep1", 0, 0), 2, 0).unwrap();
    assert_eq!((weapons.width(), weapons.height()), (256, 256));
    assert_eq!(weapons.get(3, 21), [255, 0, 0, 255]);
    assert_eq!(weapons.get(9, 7), [0, 0, 0, 0]);
    // A second item 16 rows further down the block.
    let moved = layer_sheet(&spr, &layer("wep1", 0, 0), 2, 16).unwrap();
    assert_eq!(moved.get(3, 5), [255, 0, 0, 255]);
    assert_eq!(moved.get(3, 21), [0, 0, 0, 0]);
    let effects = layer_sheet(&spr, &layer("eff1", 256, 16), 2, 0).unwrap();
    assert_eq!(effects.get(9, 7), [0, 0, 255, 255]);
    assert_eq!(effects.get(3, 21), [0, 0, 0, 0]);
    let opaque = effects.pixels().iter().filter(|p| p[3] != 0).count();
    assert_eq!(opaque, 1);
}

#[test]
fn other_sheets_and_palettes_past_the_block_are_refused() {
    let unit = Spr::blank(SprVariant::Standard);
    assert!(matches!(
        layer_sheet(&unit, &layer("wep1", 0, 0), 0, 0),
        Err(RenderError::NotWeaponsSheet { .. })
    ));
    let weapons = Spr::blank(SprVariant::Weapons);
    assert!(matches!(
        layer_sheet(&weapons, &layer("wep1", 0, 0), 16, 0),
        Err(RenderError::PaletteOutOfRange { .. })
    ));
}
