//! The weapon/effect first section as fields, the weapon types and the layer orders
//! (`fft_formats::layer`), and the weapons sheet WEP.SPR: hand-made bytes first, then the retail
//! files (`FFT_ORIGINALS`, the weapons sheet from `FFT_WEAPONS` or `FFT_SHEETS`) checked against
//! FFTorama's tables.

use fft_formats::layer::{FirstSection, LAYER_ORDERS, Layer, WeaponType, layer_order};
use fft_formats::shp::WEAPON_FIRST_SECTION_LEN;
use fft_formats::spr::{Spr, SprVariant};
use fft_formats::{FileFormat, RoundTrip, WeaponShp, round_trip};

#[test]
fn first_section_fields_sit_where_the_table_says() {
    let mut raw = [0u8; WEAPON_FIRST_SECTION_LEN];
    raw[0] = 0xAB; // a lead byte, kept
    raw[0x06] = 7; // item type 1, the knife
    raw[0x0A] = 0x28; // item type 3, the sword: 40
    raw[0x42] = 0x01; // the last entry, 31: 0x0201
    raw[0x43] = 0x02;
    let section = FirstSection::decode(&raw);
    assert_eq!(section.lead, [0xAB, 0, 0, 0]);
    assert_eq!(section.first_frame(WeaponType::Knife), 7);
    assert_eq!(section.first_frame(WeaponType::Sword), 40);
    assert_eq!(section.first_frames[31], 0x0201);
    assert_eq!(section.encode(), raw);
}

#[test]
fn the_weapons_sheet_blocks_and_sizes_follow_its_layout() {
    use fft_formats::spr::SheetBlock;
    // docs/formats/spr.md 4.6: 3 blocks of 16 palettes and raw rows (256, 256, 144), 85504 bytes.
    let block = |first_palette, first_row, end_row| SheetBlock {
        first_palette,
        palettes: 16,
        first_row,
        end_row,
    };
    assert_eq!(
        SprVariant::Weapons.blocks(),
        [block(0, 0, 256), block(16, 256, 512), block(32, 512, 656)]
    );
    assert_eq!(SprVariant::Weapons.fixed_len(), 85504);
    assert_eq!(SprVariant::Sp2.fixed_len(), 32768);
    assert_eq!(SprVariant::Other.fixed_len(), 33792);
    // Palette 16 follows the weapons block's 16 palettes and 256 rows of 128 bytes.
    assert_eq!(SprVariant::Weapons.palette_at(16), Some(512 + 256 * 128));
    assert_eq!(SprVariant::Weapons.palette_at(48), None);
    assert_eq!(SprVariant::Standard.palette_at(3), Some(3 * 32));
    assert_eq!(Layer::Weapon.sheet_block(), Some(block(0, 0, 256)));
    assert_eq!(Layer::Effect.sheet_block(), Some(block(16, 256, 512)));
    assert_eq!(Layer::Unit.sheet_block(), None);
}

#[test]
fn weapon_types_are_item_types_and_parse_by_name() {
    assert_eq!(WeaponType::Knife.entry(), 1);
    assert_eq!(WeaponType::Sword.entry(), 3);
    assert_eq!(WeaponType::Shield.entry(), 19);
    assert_eq!(WeaponType::Ball.entry(), 20);
    assert_eq!(WeaponType::Shuriken.entry(), 21);
    for t in WeaponType::ALL {
        assert_eq!(t.name().parse::<WeaponType>(), Ok(t));
    }
    assert_eq!(
        WeaponType::from_name("Ninja Sword"),
        Some(WeaponType::NinjaBlade)
    );
    assert_eq!(
        WeaponType::from_name("KNIGHT_SWORD"),
        Some(WeaponType::KnightSword)
    );
    let err = "spoon".parse::<WeaponType>().unwrap_err();
    assert!(
        err.contains("spoon") && err.contains("knight-sword"),
        "{err}"
    );
}

#[test]
fn layer_orders_are_the_permutations_fftorama_lists() {
    // Rows 0..24 hold every order of the four layers once, except 5, a copy of 4.
    let mut seen: Vec<[Layer; 4]> = LAYER_ORDERS[..24].to_vec();
    assert_eq!(seen[4], seen[5]);
    seen.remove(5);
    seen.sort_by_key(|o| o.map(Layer::name));
    seen.dedup();
    assert_eq!(seen.len(), 23);
    // The rows the retail unit files use.
    use Layer::{Effect, Text, Unit, Weapon};
    assert_eq!(layer_order(11), Some([Text, Unit, Effect, Weapon]));
    assert_eq!(layer_order(17), Some([Text, Effect, Unit, Weapon]));
    assert_eq!(layer_order(18), Some([Weapon, Effect, Text, Unit]));
    assert_eq!(layer_order(23), Some([Text, Effect, Weapon, Unit]));
    assert_eq!(layer_order(27), None);
}

#[test]
fn layer_order_table_matches_fftorama() {
    let Some(fftorama) = test_support::fftorama_tables("layer_order_table_matches_fftorama") else {
        return;
    };
    let text = std::fs::read_to_string(fftorama.join("SeqData/LayerPriorityTable.txt")).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(rows.len(), LAYER_ORDERS.len());
    for (i, row) in rows.iter().enumerate() {
        let cols: Vec<&str> = row.trim().split(',').collect();
        assert_eq!(cols[0], i.to_string());
        let ours: Vec<&str> = LAYER_ORDERS[i].iter().map(|l| l.name()).collect();
        assert_eq!(ours, cols[1..].to_vec(), "row {i}");
    }
}

/// FFTorama's `frame_offset_data_<label>.txt`: 21 names on one line, 31 first frames on the next
/// (the names cover the first 21 values).
fn fftorama_first_frames(fftorama: &std::path::Path, label: &str) -> (Vec<String>, Vec<u16>) {
    let path = fftorama.join(format!("FrameData/frame_offset_data_{label}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let names = lines
        .next()
        .unwrap()
        .split(',')
        .map(str::to_owned)
        .collect();
    let values = lines
        .next()
        .unwrap()
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect();
    (names, values)
}

#[test]
fn retail_first_sections_decode_to_fftorama_first_frames() {
    let test = "retail_first_sections_decode_to_fftorama_first_frames";
    let Some(fftorama) = test_support::fftorama_tables(test) else {
        return;
    };
    for (file, label) in [
        ("WEP1.SHP", "wep1"),
        ("WEP2.SHP", "wep2"),
        ("EFF1.SHP", "eff1"),
        ("EFF2.SHP", "eff2"),
    ] {
        let Some(bytes) = test_support::retail_bytes(test, file) else {
            continue;
        };
        let shp = WeaponShp::decode(&bytes).unwrap();
        let section = FirstSection::decode(&shp.first_section);
        assert_eq!(section.encode(), shp.first_section, "{file}: lossless");
        assert_eq!(section.lead, [0; 4], "{file}");
        assert_eq!(section.first_frames[0], 0, "{file}: fists");
        let (names, values) = fftorama_first_frames(&fftorama, label);
        // FFTorama lists 31 values from byte 6 (item type 1 on): the same bytes as entries 1..32.
        assert_eq!((names.len(), values.len()), (21, 31), "{file}");
        assert_eq!(values, section.first_frames[1..].to_vec(), "{file}");
        for t in WeaponType::ALL {
            // FFTorama's names for entries 20 and 21 are swapped (the frames show which is which).
            let their_name = match t {
                WeaponType::Ball => "Shuriken".to_owned(),
                WeaponType::Shuriken => "Ball".to_owned(),
                _ => names[usize::from(t.entry()) - 1].replace("Ninja Sword", "Ninja Blade"),
            };
            let at = names
                .iter()
                .position(|n| n.replace("Ninja Sword", "Ninja Blade") == their_name)
                .unwrap();
            assert_eq!(section.first_frame(t), values[at], "{file} {t}");
            let ours = t.name().replace('-', " ");
            assert_eq!(
                their_name.to_lowercase(),
                match t {
                    WeaponType::Ball => "shuriken".to_owned(),
                    WeaponType::Shuriken => "ball".to_owned(),
                    _ => ours,
                },
                "{file}: entry {} is {t}",
                t.entry()
            );
            assert!(
                usize::from(section.first_frame(t)) < shp.frames.len(),
                "{file} {t}: first frame past the {} frames",
                shp.frames.len()
            );
        }
    }
    // The figures for WEP1.
    let Some(wep1) = test_support::retail_bytes(test, "WEP1.SHP") else {
        return;
    };
    let wep1 = WeaponShp::decode(&wep1).unwrap();
    let section = FirstSection::decode(&wep1.first_section);
    let first = |t| section.first_frame(t);
    assert_eq!(
        [
            WeaponType::Knife,
            WeaponType::Sword,
            WeaponType::Axe,
            WeaponType::Gun,
            WeaponType::Bow
        ]
        .map(first),
        [0, 40, 86, 126, 192]
    );
}

#[test]
fn the_throwing_entries_are_told_apart_by_their_tiles() {
    let Some(wep1) = test_support::retail_bytes(
        "the_throwing_entries_are_told_apart_by_their_tiles",
        "WEP1.SHP",
    ) else {
        return;
    };
    let wep1 = WeaponShp::decode(&wep1).unwrap();
    let section = FirstSection::decode(&wep1.first_section);
    // The shuriken is a small square star drawn about the anchor; the ball a 16 x 24 bomb held up.
    let shuriken = &wep1.frames[usize::from(section.first_frame(WeaponType::Shuriken))];
    let ball = &wep1.frames[usize::from(section.first_frame(WeaponType::Ball))];
    assert_eq!(shuriken.tiles[0].size(), (16, 16));
    assert_eq!((shuriken.tiles[0].dx, shuriken.tiles[0].dy), (-8, -8));
    assert_eq!(ball.tiles[0].size(), (16, 24));
}

#[test]
fn retail_weapons_sheet_round_trips_as_three_blocks() {
    let Some(bytes) =
        test_support::weapons_sheet_bytes("retail_weapons_sheet_round_trips_as_three_blocks")
    else {
        return;
    };
    assert_eq!(bytes.len(), 85504);
    let spr = Spr::decode(&bytes).unwrap();
    assert_eq!(spr.variant, SprVariant::Weapons);
    assert_eq!((spr.width(), spr.height()), (256, 656));
    assert_eq!(spr.palettes.len(), 48);
    assert_eq!(spr.encode().unwrap(), bytes);
    assert_eq!(
        round_trip(FileFormat::Spr, &bytes),
        Ok(RoundTrip::Identical)
    );
    // Each block starts with its own 16 palettes: the effects block at 33280 = 512 + 256 rows of
    // 128 bytes, the traps block at twice that; each has a palette with a colour in it.
    for (block, at) in [(0, 0usize), (1, 33280), (2, 66560)] {
        let word = u16::from_le_bytes([bytes[at + 2], bytes[at + 3]]);
        assert_eq!(spr.palettes[block * 16][1], word, "block {block}");
        assert!(
            spr.palettes[block * 16..block * 16 + 16]
                .iter()
                .any(|p| p.iter().any(|w| *w != 0)),
            "block {block}"
        );
    }
    // The first raw row of the effects block is image row 256.
    let row = 33280 + 512;
    assert_eq!(spr.pixel(0, 256), bytes[row] & 0x0F);
    assert_eq!(spr.pixel(1, 256), bytes[row] >> 4);
}
