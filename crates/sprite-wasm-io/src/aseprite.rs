//! `tactics-sprite export-aseprite` of a kind from the page's files: the atlas PNG and the
//! sprite-sheet JSON (Aseprite's Hash) it writes, through the same function
//! (`sprite_render::aseprite::export`), drawn as the first module draws (`sprite_wasm::art`:
//! the sheet or its HD pair, the SP2, the weapon's layers). The first module has no room for
//! it; the page hands this one the files given ([`crate::abi::io_draw_file`]), which it keeps as
//! the first keeps them, a text form with what it assembles to.

use serde_json::Value;
use sprite_data::pose::View;
use sprite_inputs::names::GameName;
use sprite_render::TileSources;
use sprite_render::aseprite::export;
use sprite_render::compose::sequence_alone;
use sprite_render::encode::png_rgba;
use sprite_render::layers::WeaponArt;
use sprite_render::request::DEFAULT_HOLD_TICKS;
use sprite_wasm::art;
use sprite_wasm::documents::build_unit;
use sprite_wasm::error::chain;
use sprite_wasm::files::Files;

/// What `export-aseprite` writes: the files' name (`NAME.png`, `NAME.json`), the atlas and the
/// JSON.
#[derive(Debug)]
pub struct Exported {
    pub name: String,
    pub png: Vec<u8>,
    pub json: Vec<u8>,
}

/// The export the request asks for (JSON: `kind`; `name`, default the sheet's stem as
/// `export-aseprite` takes it from `--sheet`; `hold`, default 60; `data`, the document's name
/// in the JSON's provenance, default `KIND.json`, `build-data`'s; and `render`'s `sheet`,
/// `palette`, `hd`, `variant`, `weapon`, `weaponPalette`, `weaponRows`, `effectPalette`).
///
/// # Errors
/// A request that is not such JSON, a name that is not a plain file name, the kind's files or
/// its sheets missing or bad, a sheet that does not fit the document.
pub fn aseprite(files: &Files, request: &str) -> Result<Exported, String> {
    let asked: Value =
        serde_json::from_str(request).map_err(|e| format!("the export request: {e}"))?;
    let kind = asked["kind"]
        .as_str()
        .ok_or("the export request names no kind (\"kind\": \"type1\")")?;
    let doc = build_unit(files, kind)?;
    let sheet_name = sheet_file_name(files, &asked, &doc.sheet.file)?;
    let name = match &asked["name"] {
        Value::Null => GameName::parse(&sheet_name).stem().to_owned(),
        Value::String(name) => name.clone(),
        other => return Err(format!("name {other}: the files' name is text")),
    };
    if name.is_empty() || name.contains(['/', '\\']) || name == "." || name == ".." {
        return Err(format!("name {name:?} must be a plain file name"));
    }
    let hold = match art::whole(&asked, "hold")? {
        None => DEFAULT_HOLD_TICKS,
        Some(0) => return Err("hold 0: a held frame lasts at least one tick".to_owned()),
        Some(hold) => hold,
    };
    let data_name = match &asked["data"] {
        Value::String(data) => data.clone(),
        _ => format!("{kind}.json"),
    };
    let image_name = format!("{name}.png");
    let provenance = format!(
        "written by tactics-sprite {} from {data_name} and {sheet_name}",
        env!("CARGO_PKG_VERSION")
    );
    let (sheet, sp2) = art::sheets(files, &asked, &doc)?;
    let sources = TileSources::of(&sheet, sp2.as_ref());
    let renderer = sources.renderer(&doc).map_err(|e| chain(&e))?;
    let weapon = art::asked_weapon(&asked)?;
    let exported = match weapon {
        None => export(&renderer, &image_name, &provenance, hold),
        Some((choice, palettes)) => {
            let [weapon_layer, effect_layer] = art::layers(files, kind)?;
            let spr = art::weapons_sheet(files)?;
            let cut = WeaponArt::cut(&spr, &weapon_layer, &effect_layer, palettes)
                .map_err(|e| format!("WEP.SPR: {}", chain(&e)))?;
            let alone: Vec<_> = doc
                .sequences
                .iter()
                .enumerate()
                .map(|(i, s)| sequence_alone(s, i, false))
                .collect();
            let refs: Vec<_> = alone.iter().collect();
            let layered = TileSources {
                weapon: Some(&cut),
                ..sources
            }
            .layered_renderer(&doc, choice.weapon_type, &refs, &[View::ALL[1]])
            .map_err(|e| chain(&e))?;
            export(&layered, &image_name, &provenance, hold)
        }
    }
    .map_err(|e| format!("the {kind} document: {}", chain(&e)))?;
    let png = png_rgba(&exported.atlas).map_err(|e| format!("the atlas: {}", chain(&e)))?;
    Ok(Exported {
        name,
        png,
        json: exported.to_text().into_bytes(),
    })
}

/// The file name `export-aseprite --sheet` would be given for what the request draws from: the
/// sheet's file as given (without its folders), or with `hd` its pair's upper half.
fn sheet_file_name(files: &Files, asked: &Value, document_sheet: &str) -> Result<String, String> {
    let sheet = asked["sheet"].as_str().unwrap_or(document_sheet);
    let given = files.require(sheet, "the drawing")?;
    let name = if asked["hd"].as_bool() == Some(true) {
        art::hd_pair(files, &given.name)?.upper.name
    } else {
        given.name.clone()
    };
    Ok(GameName::parse(&name).given().to_owned())
}
