//! Pictures from the files given, through the same code as `tactics-sprite sheet export` and
//! `render`: a sheet as RGBA pixels (`sprite_inputs::sheets::load_sheet_bytes`, the SP2 coloured
//! by its sheet's palette), and a kind drawn to a PNG, an APNG or a GIF (`sprite_render`'s checked
//! request).
//!
//! A render is asked for in JSON, the command line's choices under their parameter names:
//! `{"kind": "type1", "animation": ["Walk"], "view": [1], "scale": 2}`, and `"format"` (`png`,
//! the default, `apng` or `gif`: what `-o` names by its extension); the sheet is the one the
//! kind's document names (`RAMUZA.SPR` for TYPE1) unless `sheet` names another file given.

use serde_json::Value;
use sprite_data::Document;
use sprite_data::pose::View;
use sprite_inputs::sheets::{load_sheet_bytes, load_sp2_coloured};
use sprite_render::request::Format;
use sprite_render::sheet::SheetImage;
use sprite_render::{
    Background, CheckedRender, RenderFailure, RenderRequest, RequestFault, Subject, TileSources,
};

use crate::documents::build_unit;
use crate::error::chain;
use crate::files::Files;

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
    let file = files.require(name, "the sheet")?;
    let shown = faults::Shown(&file.name).to_string();
    let image = match sp2_of {
        Some(sheet) => {
            let sheet = files.require(sheet, "the SP2's colours")?;
            load_sp2_coloured(&sheet.bytes, &shown, &file.bytes, palette)
        }
        None => load_sheet_bytes(&shown, &file.bytes, palette),
    }
    .map_err(|e| chain(&e))?;
    Ok(pixels(&image))
}

/// A sheet's size and pixels, as [`sheet`] gives them.
fn pixels(sheet: &SheetImage) -> Vec<u8> {
    let image = &sheet.image;
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

/// The canvas of one picture of the render `request` asks for, before its scale, as JSON
/// `{"left", "top", "width", "height"}` (the stance point at `(-left, -top)`): what `serve`'s
/// `/api/v1/canvas` answers, so that a page drawing the poses itself sizes its canvas as
/// `render` sizes its picture. Drawn, not encoded.
///
/// # Errors
/// As [`render`].
pub fn canvas(files: &Files, request: &str) -> Result<Vec<u8>, String> {
    drawn(files, request, |checked, art| {
        let canvas = checked.canvas(art)?;
        Ok(serde_json::json!({
            "left": canvas.left, "top": canvas.top,
            "width": canvas.width, "height": canvas.height,
        })
        .to_string()
        .into_bytes())
    })
}

/// `request` (JSON, above) checked against its kind's document and handed, with its sheets, to
/// `draw`: the one reading of a render request, for [`render`] and [`canvas`].
fn drawn(
    files: &Files,
    request: &str,
    draw: impl FnOnce(&CheckedRender<'_, '_>, &TileSources<'_>) -> Result<Vec<u8>, RenderFailure>,
) -> Result<Vec<u8>, String> {
    let asked: Value =
        serde_json::from_str(request).map_err(|e| format!("the render request: {e}"))?;
    let kind = asked["kind"]
        .as_str()
        .ok_or("the render request names no kind (\"kind\": \"type1\")")?;
    let doc = build_unit(files, kind)?;
    let checked = request_of(&asked)?.check().map_err(|f| refused(&f))?;
    let checked = checked.against(&doc).map_err(|f| refused(&f))?;
    let (sheet, sp2) = sheets_of(files, &asked, &doc)?;
    let art = TileSources::of(&sheet, sp2.as_ref());
    draw(&checked, &art).map_err(|failure| match failure {
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
    if let Some(scale) = number(asked, "scale")? {
        request.scale = scale;
    }
    if let Some(columns) = number(asked, "columns")? {
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

/// A whole number the request gives for `name`, if any.
fn number(asked: &Value, name: &str) -> Result<Option<u32>, String> {
    asked
        .get(name)
        .map(|v| {
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| format!("{name} {v}: a whole number"))
        })
        .transpose()
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

/// The sheet the request or the document names, and the SP2 when a sequence draws from one and
/// it is given, each read from the files given.
fn sheets_of(
    files: &Files,
    asked: &Value,
    doc: &Document,
) -> Result<(SheetImage, Option<SheetImage>), String> {
    let name = asked["sheet"].as_str().unwrap_or(&doc.sheet.file);
    let palette = number(asked, "palette")?.map(|p| p as usize);
    let file = files.require(name, "the drawing")?;
    let shown = faults::Shown(&file.name).to_string();
    let sheet = load_sheet_bytes(&shown, &file.bytes, palette).map_err(|e| chain(&e))?;
    let sp2 = match &doc.sp2 {
        Some(named) if doc.draws_from_sp2() => match files.find(&named.file) {
            Some(sp2) => Some(
                load_sp2_coloured(
                    &file.bytes,
                    &faults::Shown(&sp2.name).to_string(),
                    &sp2.bytes,
                    palette,
                )
                .map_err(|e| chain(&e))?,
            ),
            None => None,
        },
        _ => None,
    };
    Ok((sheet, sp2))
}
