//! The table of weapon graphics (`fft_formats::weapon_graphics`) held to its two witnesses:
//! FFTorama's weapons table (`FrameData/weapons.txt`, row for row), and the weapons sheet WEP.SPR
//! as the WEP1 and WEP2 layers cut it (each graphic's rows hold pixels where its type's first
//! frame cuts them; graphics of types that share frames lie apart; the blades' column holds
//! exactly the graphics listed for it). Nothing expected here comes from our own output.

use std::collections::BTreeMap;
use std::path::Path;

use fft_formats::layer::WeaponType;
use fft_formats::spr::Spr;
use fft_formats::weapon_graphics::{DEFAULT_WEAPON_PALETTE, WEAPON_GRAPHICS, WeaponGraphic};
use sprite_data::document::Cell;
use sprite_data::layer::{LayerDocument, LayerSet};
use sprite_inputs::layers::build_layer_from_folder;
use test_support::{fftorama_tables, originals, retail_file, weapons_sheet_bytes};

/// One row of FFTorama's weapons table: `name,type,frame_offset_index,v_offset_pixels,v_offset`.
struct FftoramaGraphic {
    name: String,
    /// Its index in FFTorama's list of first frames, which starts at the knife (our entry 1).
    frame_offset_index: u8,
    pixels: u8,
    eighths: u8,
}

fn fftorama_weapons(fftorama: &Path) -> Vec<FftoramaGraphic> {
    let path = fftorama.join("FrameData/weapons.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(
        lines.next().map(str::trim),
        Some("name,type,frame_offset_index,v_offset_pixels,v_offset")
    );
    lines
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.trim().split(',').collect();
            assert_eq!(fields.len(), 5, "{line}");
            let number = |i: usize| {
                fields[i]
                    .parse::<u8>()
                    .unwrap_or_else(|e| panic!("{line}: {e}"))
            };
            FftoramaGraphic {
                name: fields[0].to_owned(),
                frame_offset_index: number(2),
                pixels: number(3),
                eighths: number(4),
            }
        })
        .collect()
}

/// FFTorama's name in ours: `Knight Sword 2` is `knight-sword-2`, `Axe` is `axe-1`, its
/// `Ninja Sword` our `ninja-blade`.
fn our_name(fftorama: &str) -> String {
    let lower = fftorama
        .to_lowercase()
        .replace("ninja sword", "ninja blade");
    let numbered = if lower.ends_with(|c: char| c.is_ascii_digit()) {
        lower
    } else {
        format!("{lower} 1")
    };
    numbered.replace(' ', "-")
}

#[test]
fn the_table_is_fftoramas_weapons_table() {
    let Some(fftorama) = fftorama_tables("the_table_is_fftoramas_weapons_table") else {
        return;
    };
    let theirs = fftorama_weapons(&fftorama);
    assert_eq!(theirs.len(), WEAPON_GRAPHICS.len());
    for (ours, theirs) in WEAPON_GRAPHICS.iter().zip(&theirs) {
        assert_eq!(
            theirs.pixels,
            8 * theirs.eighths,
            "{}: its two offsets agree",
            theirs.name
        );
        assert_eq!(ours.rows, theirs.pixels, "{}", theirs.name);
        assert_eq!(
            ours.weapon.entry(),
            theirs.frame_offset_index + 1,
            "{}: the same first frames",
            theirs.name
        );
        // FFTorama names the bomb's frames (entry 20) "Shuriken" and the star's (21) "Ball", as
        // its first-frame list does (fft_formats::layer); ours follow the frames.
        let expected = match theirs.name.as_str() {
            "Shuriken" => "ball-1".to_owned(),
            "Ball" => "shuriken-1".to_owned(),
            other => our_name(other),
        };
        assert_eq!(ours.name, expected);
    }
}

/// The weapons block of WEP.SPR as palette indices, and the WEP1 and WEP2 documents built from
/// the retail files; `None` after the loud skip of the first file missing (with only some game
/// files, a folder without WEP1.SHP skips rather than fails).
fn sheet_and_layers(test: &str) -> Option<(Spr, Vec<LayerDocument>)> {
    let sheet = Spr::decode(&weapons_sheet_bytes(test)?).expect("WEP.SPR decodes");
    let dir = originals(test)?;
    let sets = [LayerSet::Wep1, LayerSet::Wep2];
    for set in sets {
        let (shp, seq) = set.files();
        retail_file(test, shp)?;
        retail_file(test, seq)?;
    }
    let layers = sets
        .into_iter()
        .map(|set| build_layer_from_folder(&dir, set).expect("the layer builds"))
        .collect();
    Some((sheet, layers))
}

/// The cells the first frame of `weapon` cuts (the frame its SEQ frame 0 shows).
fn first_frame_cells(doc: &LayerDocument, weapon: WeaponType) -> Vec<Cell> {
    let first = doc
        .first_frame(weapon)
        .expect("every weapon type has a first frame");
    let frame = &doc.frames[first.0 as usize];
    frame
        .tiles
        .iter()
        .map(|tile| doc.cells[tile.cell.0 as usize])
        .collect()
}

/// The sheet pixels (`x`, `y`, palette index) of `cells` moved `rows` down the block, within
/// the block.
fn pixels(sheet: &Spr, doc: &LayerDocument, cells: &[Cell], rows: u8) -> Vec<(u32, u32, u8)> {
    let (top, height) = (doc.sheet.top, doc.sheet.height);
    let mut out = Vec::new();
    for cell in cells {
        for y in cell.y + u32::from(rows)..(cell.y + u32::from(rows) + cell.h).min(height) {
            for x in cell.x..cell.x + cell.w {
                out.push((x, y, sheet.pixel(x as usize, (top + y) as usize)));
            }
        }
    }
    out
}

#[test]
fn each_graphic_is_drawn_where_its_types_frames_cut_the_sheet() {
    let Some((sheet, layers)) =
        sheet_and_layers("each_graphic_is_drawn_where_its_types_frames_cut_the_sheet")
    else {
        return;
    };
    let block = &layers[0].sheet;
    let colours = sheet.palette_rgba((block.palette + u32::from(DEFAULT_WEAPON_PALETTE)) as usize);
    for doc in &layers {
        for graphic in &WEAPON_GRAPHICS {
            let cells = first_frame_cells(doc, graphic.weapon);
            for cell in &cells {
                assert!(
                    cell.y + u32::from(graphic.rows) + cell.h <= doc.sheet.height,
                    "{} {}: within the weapons block",
                    doc.kind,
                    graphic.name
                );
                let inked = pixels(&sheet, doc, std::slice::from_ref(cell), graphic.rows);
                assert!(
                    inked.iter().any(|&(_, _, index)| index != 0),
                    "{} {}: cell {:?} moved {} rows down holds pixels",
                    doc.kind,
                    graphic.name,
                    (cell.x, cell.y, cell.w, cell.h),
                    graphic.rows
                );
            }
            // The default palette draws it in colours: not a palette of the block that is black
            // but for a few (palettes 1 and 2 of WEP.SPR hold only their last five colours).
            let shown = pixels(&sheet, doc, &cells, graphic.rows);
            assert!(
                shown
                    .iter()
                    .filter(|&&(_, _, index)| index != 0)
                    .any(|&(_, _, index)| colours[usize::from(index)][..3] != [0, 0, 0]),
                "{} {}: drawn in colours with palette {DEFAULT_WEAPON_PALETTE}",
                doc.kind,
                graphic.name
            );
        }
    }
}

#[test]
fn graphics_of_types_that_share_their_frames_lie_apart() {
    let Some((_, layers)) = sheet_and_layers("graphics_of_types_that_share_their_frames_lie_apart")
    else {
        return;
    };
    for doc in &layers {
        // The types by first frame: those with one are drawn by the same frames.
        let mut by_frame: BTreeMap<u32, Vec<&WeaponGraphic>> = BTreeMap::new();
        for graphic in &WEAPON_GRAPHICS {
            let first = doc.first_frame(graphic.weapon).unwrap();
            by_frame.entry(first.0).or_default().push(graphic);
        }
        let shared: Vec<&Vec<&WeaponGraphic>> = by_frame
            .values()
            .filter(|graphics| graphics.iter().any(|g| g.weapon != graphics[0].weapon))
            .collect();
        let types = |graphics: &[&WeaponGraphic]| {
            let mut names: Vec<&str> = graphics.iter().map(|g| g.weapon.name()).collect();
            names.dedup();
            names
        };
        // WEP1 and WEP2 alike: the blades, the axe and the flail, the spear and the pole.
        let groups: Vec<Vec<&str>> = shared.iter().map(|g| types(g)).collect();
        assert_eq!(
            groups,
            [
                vec![
                    "ninja-blade",
                    "sword",
                    "knight-sword",
                    "katana",
                    "rod",
                    "staff"
                ],
                vec!["axe", "flail"],
                vec!["spear", "pole"],
            ],
            "{}",
            doc.kind
        );
        for graphics in shared {
            let cells = first_frame_cells(doc, graphics[0].weapon);
            for (i, a) in graphics.iter().enumerate() {
                for b in &graphics[i + 1..] {
                    let apart = cells.iter().all(|cell| {
                        let (low, high) = (a.rows.min(b.rows), a.rows.max(b.rows));
                        u32::from(high - low) >= cell.h
                    });
                    assert!(apart, "{}: {} and {} overlap", doc.kind, a.name, b.name);
                }
            }
        }
    }
}

#[test]
fn the_blades_column_holds_exactly_the_graphics_listed_for_it() {
    let Some((sheet, layers)) =
        sheet_and_layers("the_blades_column_holds_exactly_the_graphics_listed_for_it")
    else {
        return;
    };
    let blades = [
        WeaponType::Sword,
        WeaponType::NinjaBlade,
        WeaponType::KnightSword,
        WeaponType::Katana,
        WeaponType::Rod,
        WeaponType::Staff,
    ];
    for doc in &layers {
        let cells = first_frame_cells(doc, WeaponType::Sword);
        assert_eq!(cells.len(), 1, "{}: one blade tile", doc.kind);
        let step = cells[0].h as u8;
        let mut listed: Vec<(u8, &str)> = WEAPON_GRAPHICS
            .iter()
            .filter(|g| blades.contains(&g.weapon))
            .map(|g| (g.rows, g.name))
            .collect();
        listed.sort();
        // Every band of the column with pixels in it, one graphic each: the rows a sword does not
        // name are the ninja blades', knight swords', katanas', rods' and staves'.
        let inked: Vec<u8> = (0..doc.sheet.height / u32::from(step))
            .map(|band| band as u8 * step)
            .filter(|&rows| pixels(&sheet, doc, &cells, rows).iter().any(|p| p.2 != 0))
            .collect();
        let rows: Vec<u8> = listed.iter().map(|(rows, _)| *rows).collect();
        assert_eq!(inked, rows, "{}: {listed:?}", doc.kind);
        assert_eq!(rows.len(), 15);
        assert_eq!(rows, (0..15).map(|band| band * step).collect::<Vec<u8>>());
    }
}
