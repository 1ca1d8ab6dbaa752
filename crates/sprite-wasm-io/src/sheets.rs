//! `tactics-sprite sheet import` of a picture given among the page's files: the SPR (or SP2) it
//! writes, through the same function (`sprite_render::spr_png::import`), with the sheet of the
//! picture's name given as itself standing for `--like` (what a picture without its `spPl`
//! chunk lacks). The first module draws a picture as it is (as `render --sheet NAME.png` does);
//! the import, which it has no room for, is this module's; and a picture of an HD pair (512
//! wide) to the pair, through `sprite_render::hd_png::import`.

use fft_formats::hd::HdSheet;
use fft_formats::spr::Spr;
use sprite_render::RenderError;
use sprite_render::hd_png;
use sprite_render::sheet::{PNG_SIGNATURE, hd_palettes, png_size};
use sprite_render::spr_png::{self, ImportOptions};
use sprite_wasm::error::chain;

/// The width of a picture of an HD pair, which [`import_pair`] imports.
pub const HD_PICTURE_WIDTH: u32 = 512;

/// The SPR `tactics-sprite sheet import NAME [--like LIKE] [--palette N]` writes of the picture
/// `picture` named `name`; `like`, the sheet of its name given as itself, when there is one.
///
/// # Errors
/// Not a PNG, a picture of an HD pair, a `like` that is not an SPR, and a picture that makes no
/// sheet (its name, and why): one line each.
pub fn import(
    name: &str,
    picture: &[u8],
    like: Option<(&str, &[u8])>,
    palette: Option<usize>,
) -> Result<Vec<u8>, String> {
    let shown = faults::Shown(name);
    if !picture.starts_with(&PNG_SIGNATURE) {
        return Err(format!(
            "{shown}: not a PNG picture (it does not start with the PNG signature)"
        ));
    }
    if png_size(picture).map(|(width, _)| width) == Some(HD_PICTURE_WIDTH) {
        return Err(format!(
            "{shown}: a picture of an HD pair (512 wide): importPair imports it to the pair"
        ));
    }
    let like = like
        .map(|(like_name, bytes)| {
            Spr::decode(bytes).map_err(|e| {
                format!(
                    "--like {}: not an SPR sheet: {}",
                    faults::Shown(like_name),
                    chain(&e)
                )
            })
        })
        .transpose()?;
    let options = ImportOptions {
        like: like.as_ref(),
        palette,
        variant: None,
    };
    let imported =
        spr_png::import(picture, &options).map_err(|e| format!("{shown}: {}", chain(&e)))?;
    imported
        .spr
        .encode()
        .map_err(|e| format!("{shown}: the sheet does not encode: {}", chain(&e)))
}

/// The HD pair `sheet import PICTURE --palettes-from SPR --like tex_N.bin -o tex_N.bin` writes
/// of the picture `picture` (512 wide) named `name`: `palettes`, the SPR of the pair's unit;
/// `like`, the pair's two halves given, when they are; `palette`, the palette it shows. The
/// halves' bytes, upper then lower.
///
/// # Errors
/// Not a PNG, an SPR that gives no palettes, halves that do not decode, and a picture that
/// makes no pair (its name, and why): one line each.
pub fn import_pair(
    name: &str,
    picture: &[u8],
    palettes: Option<(&str, &[u8])>,
    like: Option<[&[u8]; 2]>,
    palette: Option<usize>,
) -> Result<[Vec<u8>; 2], String> {
    let shown = faults::Shown(name);
    if !picture.starts_with(&PNG_SIGNATURE) {
        return Err(format!(
            "{shown}: not a PNG picture (it does not start with the PNG signature)"
        ));
    }
    let palettes = palettes
        .map(|(spr_name, bytes)| {
            hd_palettes(bytes).map_err(|e| {
                format!(
                    "--palettes-from {}: no palettes for an HD pair: {}",
                    faults::Shown(spr_name),
                    chain(&e)
                )
            })
        })
        .transpose()?;
    let like = like
        .map(|[upper, lower]| {
            HdSheet::decode(upper, lower).map_err(|e| format!("--like: {}", chain(&e)))
        })
        .transpose()?;
    let options = hd_png::ImportOptions {
        palettes: palettes.as_ref(),
        palette,
        like: like.as_ref(),
    };
    let imported = hd_png::import(picture, &options).map_err(|e| match e {
        RenderError::NoPalettes => format!(
            "{shown}: a picture in colours (not indexed) carries no palette: give its unit's \
             sheet (the SPR), whose palettes its colours are matched to"
        ),
        other => format!("{shown}: {}", chain(&other)),
    })?;
    let files = imported
        .sheet
        .encode()
        .map_err(|e| format!("{shown}: the pair does not encode: {}", chain(&e)))?;
    Ok([files.upper, files.lower])
}
