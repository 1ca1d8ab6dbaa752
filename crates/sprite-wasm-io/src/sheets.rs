//! `tactics-sprite sheet import` of a picture given among the page's files: the SPR (or SP2) it
//! writes, through the same function (`sprite_render::spr_png::import`), with the sheet of the
//! picture's name given as itself standing for `--like` (what a picture without its `spPl`
//! chunk lacks). The first module draws a picture as it is (as `render --sheet NAME.png` does);
//! the import, which it has no room for, is this module's.

use fft_formats::spr::Spr;
use sprite_render::sheet::{PNG_SIGNATURE, png_size};
use sprite_render::spr_png::{self, ImportOptions};
use sprite_wasm::error::chain;

/// The width of a picture of an HD pair, whose import this module does not make.
const HD_PICTURE_WIDTH: u32 = 512;

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
            "{shown}: a picture of an HD pair (512 wide), which the page does not import yet; \
             `tactics-sprite sheet import` does"
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
