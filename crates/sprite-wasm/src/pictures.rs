//! Pictures from the files given, through the same code as `tactics-sprite sheet export` and
//! `render`: a sheet as RGBA pixels (`sprite_inputs::sheets::load_sheet_bytes`, the SP2 coloured
//! by its sheet's palette), and a kind drawn to a PNG, an APNG or a GIF (`sprite_render`'s checked
//! request).
//!
//! A render is asked for in JSON, the command line's choices under their parameter names:
//! `{"kind": "type1", "animation": ["Walk"], "view": [1], "scale": 2}`, and `"format"` (`png`,
//! the default, `apng` or `gif`: what `-o` names by its extension); the sheet is the one the
//! kind's document names (`RAMUZA.SPR` for TYPE1) unless `sheet` names another file given; `hd`,
//! `variant`, `weapon`, `weaponPalette`, `weaponRows` and `effectPalette` as `serve`'s viewer asks
//! for them ([`crate::art`]).

use serde_json::Value;
use sprite_data::pose::View;
use sprite_inputs::sheets::{load_sheet_bytes, load_sp2_coloured};
use sprite_render::layers::WeaponArt;
use sprite_render::request::Format;
use sprite_render::{
    Background, CheckedRender, Image, RenderFailure, RenderRequest, RequestFault, Subject,
    TileSources,
};

use crate::art;
use crate::documents::build_unit;
use crate::error::chain;
use crate::files::Files;
use crate::inputs::sheet_file;

/// How the pixels of [`sheet`] begin: the width and the height, each a little-endian `u32`.
pub const PIXELS_HEADER_LEN: usize = 8;

/// The sheet named `name` (any of its names) drawn with `palette` (none: the first, as
/// `sheet export`), as its width, its height and its RGBA pixels, row by row. An SP2, which has
/// no colours of its own, is drawn with those of the sheet `sp2_of` (`BEHI.SPR` for
/// `BEHI2.SP2`), as `render` draws it.
///
/// # Errors
/// No file of that name given, a file that is not a sheet (said as what it is), a palette the
/// sheet does not have.
pub fn sheet(
    files: &Files,
    name: &str,
    palette: Option<usize>,
    sp2_of: Option<&str>,
) -> Result<Vec<u8>, String> {
    let file = sheet_file(files, name, "the sheet")?;
    let shown = faults::Shown(&file.name).to_string();
    let image = match sp2_of {
        Some(sheet) => {
            let sheet = sheet_file(files, sheet, "the SP2's colours")?;
            load_sp2_coloured(&sheet.bytes, &shown, &file.bytes, palette)
        }
        None => load_sheet_bytes(&shown, &file.bytes, palette),
    }
    .map_err(|e| chain(&e))?;
    Ok(pixels(&image.image))
}

/// The HD pair of the sheet named `name` (`tex_N.bin` and `tex_N+1.bin` given, by the HD table)
/// drawn at 512 x 976 with `palette` of the sheet, or for one of Ramza's in `charclut.nxd`'s row
/// `variant` (given), as [`sheet`] gives pixels: what `serve`'s `sheet.png?hd=1` draws.
///
/// # Errors
/// The sheet or a half not given, a palette or variant not there, a file that does not decode.
pub fn hd_sheet(
    files: &Files,
    name: &str,
    palette: Option<usize>,
    variant: Option<i32>,
) -> Result<Vec<u8>, String> {
    let file = sheet_file(files, name, "the sheet")?;
    let image = art::hd_sheet(files, &file, palette, variant)?;
    Ok(pixels(&image.image))
}

/// The block of the weapons sheet a kind's weapon or effect layer (`layer`: `weapon` or
/// `effect`) is cut from for the weapon `request` asks for (JSON: `kind`, `layer`, `weapon`,
/// `weaponPalette`, `weaponRows`, `effectPalette`), as [`sheet`] gives pixels: what `serve`'s
/// `layer.png` draws.
///
/// # Errors
/// A request without a weapon or a layer, the layer files or WEP.SPR not given.
pub fn layer_sheet(files: &Files, request: &str) -> Result<Vec<u8>, String> {
    let asked: Value =
        serde_json::from_str(request).map_err(|e| format!("the layer request: {e}"))?;
    let kind = asked["kind"]
        .as_str()
        .ok_or("the layer request names no kind")?;
    let Some((_, palettes)) = art::asked_weapon(&asked)? else {
        return Err(
            "weapon is missing: the picture is the one a render with that weapon cuts \
                    the layer from"
                .to_owned(),
        );
    };
    let [weapon, effect] = art::layers(files, kind)?;
    let spr = art::weapons_sheet(files)?;
    let cut = WeaponArt::cut(&spr, &weapon, &effect, palettes)
        .map_err(|e| format!("WEP.SPR: {}", chain(&e)))?;
    match asked["layer"].as_str() {
        Some("weapon") => Ok(pixels(&cut.weapon_sheet)),
        Some("effect") => Ok(pixels(&cut.effect_sheet)),
        other => Err(format!(
            "layer {}: give weapon or effect",
            other.unwrap_or("(none)")
        )),
    }
}

/// A picture's size and pixels, as [`sheet`] gives them.
fn pixels(image: &Image) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(PIXELS_HEADER_LEN + image.pixels().len() * 4);
    bytes.extend(image.width().to_le_bytes());
    bytes.extend(image.height().to_le_bytes());
    bytes.extend(image.to_rgba_bytes());
    bytes
}

/// The picture (PNG, APNG or GIF) `request` (JSON, above) asks for.
///
/// # Errors
/// A request that is not JSON or asks for what the rules refuse (in the parameters' names), the
/// kind's files or its sheet missing or bad, a sheet that does not fit the document.
pub fn render(files: &Files, request: &str) -> Result<Vec<u8>, String> {
    drawn(files, request, |checked, art| {
        checked.render(art).map(|rendered| rendered.bytes)
    })
}

/// The box the render `request` asks for draws in, as `serve`'s `/api/v1/canvas` answers it:
/// `{"left", "top", "width", "height"}`, in sprite pixels from the stance point, at scale 1.
///
/// # Errors
/// As [`render`].
pub fn canvas(files: &Files, request: &str) -> Result<Vec<u8>, String> {
    let canvas = drawn(files, request, |checked, art| checked.canvas(art))?;
    let answer = serde_json::json!({
        "left": canvas.left, "top": canvas.top, "width": canvas.width, "height": canvas.height,
    });
    Ok(answer.to_string().into_bytes())
}

/// `out` of the render `request` asks for, checked against its kind's document, and the art it
/// draws from ([`crate::art`]: the sheet or its HD pair, the SP2, the weapon's layers).
fn drawn<T>(
    files: &Files,
    request: &str,
    out: impl FnOnce(&CheckedRender<'_, '_>, &TileSources<'_>) -> Result<T, RenderFailure>,
) -> Result<T, String> {
    let asked: Value =
        serde_json::from_str(request).map_err(|e| format!("the render request: {e}"))?;
    let kind = asked["kind"]
        .as_str()
        .ok_or("the render request names no kind (\"kind\": \"type1\")")?;
    let doc = build_unit(files, kind)?;
    let weapon = art::asked_weapon(&asked)?;
    let mut request = request_of(&asked)?;
    request.weapon = weapon.map(|(choice, _)| choice.weapon_type);
    let checked = request.check().map_err(|f| refused(&f))?;
    let checked = checked.against(&doc).map_err(|f| refused(&f))?;
    let (sheet, sp2) = art::sheets(files, &asked, &doc)?;
    let layers = match weapon {
        Some(_) => Some((art::layers(files, kind)?, art::weapons_sheet(files)?)),
        None => None,
    };
    let weapon_art = match (&layers, weapon) {
        (Some(([weapon_layer, effect_layer], spr)), Some((_, palettes))) => Some(
            WeaponArt::cut(spr, weapon_layer, effect_layer, palettes)
                .map_err(|e| format!("WEP.SPR: {}", chain(&e)))?,
        ),
        _ => None,
    };
    let art = TileSources {
        weapon: weapon_art.as_ref(),
        ..TileSources::of(&sheet, sp2.as_ref())
    };
    out(&checked, &art).map_err(|failure| match failure {
        RenderFailure::Request(fault) => refused(&fault),
        failure => chain(&failure),
    })
}

/// A request fault in the logical parameters' names, as the request spells them.
fn refused(fault: &RequestFault) -> String {
    fault.words(&faults::Logical)
}

/// The request's choices, each at the command line's default when not given.
fn request_of(asked: &Value) -> Result<RenderRequest, String> {
    let what = if let Some(frame) = asked.get("frame") {
        let frame = frame
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| format!("frame {frame}: a frame is a whole number"))?;
        Subject::Frame(frame)
    } else if asked["allFrames"].as_bool() == Some(true) {
        Subject::AllFrames
    } else {
        Subject::Animations(strings(&asked["animation"], "animation")?)
    };
    let format = match asked.get("format") {
        None | Some(Value::Null) => Format::Png,
        Some(named) => named
            .as_str()
            .and_then(Format::from_extension)
            .ok_or_else(|| format!("format {named}: one of \"png\", \"apng\", \"gif\""))?,
    };
    let mut request = RenderRequest::new(what, format);
    if let Some(views) = asked.get("view") {
        let views = match views {
            Value::Array(views) => views.iter().collect(),
            one => vec![one],
        };
        request.views = views
            .into_iter()
            .map(|v| {
                let n = v
                    .as_i64()
                    .ok_or_else(|| format!("view {v}: a view is 0..7"))?;
                View::new(n).map_err(|e| refused(&RequestFault::View(e)))
            })
            .collect::<Result<_, _>>()?;
    }
    request.water = asked["water"].as_bool().unwrap_or(false);
    request.labels = asked["labels"].as_bool().unwrap_or(false);
    if let Some(scale) = art::whole(asked, "scale")? {
        request.scale = scale;
    }
    if let Some(columns) = art::whole(asked, "columns")? {
        request.columns = columns;
    }
    if let Some(background) = asked.get("background") {
        let text = background.as_str().unwrap_or_default();
        request.background = text
            .parse::<Background>()
            .map_err(|e| format!("background {background}: {e}"))?;
    }
    Ok(request)
}

/// One text or a list of them.
fn strings(value: &Value, name: &str) -> Result<Vec<String>, String> {
    let texts = match value {
        Value::Array(items) => items.iter().collect(),
        Value::Null => Vec::new(),
        one => vec![one],
    };
    texts
        .into_iter()
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("{name} {v}: a name is text"))
        })
        .collect()
}
