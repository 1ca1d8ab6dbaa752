//! Drawing with the weapon in hand, through the binary. The command
//! (`render --data type1.json --sheet RAMUZA.SPR --weapon sword --weapon-sheet WEP.SPR --animation
//! "Swing High" --view 1 -o swing.gif`, the layer documents beside the unit document) is run, its
//! GIF decoded, and every frame compared pixel for pixel with a hand assembly made here from the
//! raw files and FFTorama's listings: the unit's tiles from TYPE1.SHP on RAMUZA.SPR, the sword's
//! from WEP1.SHP (first frame 40) and the swoosh's from EFF1.SHP (first frame 18) on their blocks
//! of WEP.SPR, at the ticks FFTorama's slots give them, turned by FFTorama's angle about the SHP
//! anchor, stacked in the order of FFTorama's layer priority row, the effect added on. No document
//! or renderer of the project is used to make the expected pictures.

use std::path::Path;

use crate::common::run;
use fft_formats::shp::Tile;
use fft_formats::spr::Spr;
use fft_formats::{UnitShp, WeaponShp};
use test_support::fftorama::{
    FrameRow, Played, animation_data, opcode_parameters, play, read_frame_data,
};
use test_support::{fftorama_tables, repo_root, retail_bytes, sheet, temp_dir, weapons_sheet};

type Rgba = [u8; 4];

/// A picture: width, height, pixels row by row.
#[derive(Clone, PartialEq)]
struct Picture {
    w: i64,
    h: i64,
    px: Vec<Rgba>,
}

impl Picture {
    fn new(w: i64, h: i64) -> Self {
        Self {
            w,
            h,
            px: vec![[0; 4]; (w * h) as usize],
        }
    }
    fn get(&self, x: i64, y: i64) -> Rgba {
        if (0..self.w).contains(&x) && (0..self.h).contains(&y) {
            self.px[(y * self.w + x) as usize]
        } else {
            [0; 4]
        }
    }
    fn set(&mut self, x: i64, y: i64, c: Rgba) {
        if (0..self.w).contains(&x) && (0..self.h).contains(&y) {
            self.px[(y * self.w + x) as usize] = c;
        }
    }
}

/// The palette's colour `index`: 5-bit channels to 8 (`(v * 255 + 15) / 31`), index 0 clear.
fn colour(spr: &Spr, palette: usize, index: u8) -> Rgba {
    if index == 0 {
        return [0; 4];
    }
    let word = spr.palettes[palette][usize::from(index)];
    let ch = |s: u16| (((word >> s) & 31) * 255 + 15) as u32 / 31;
    [ch(0) as u8, ch(5) as u8, ch(10) as u8, 255]
}

/// Draws `tiles` (file order: the first is the front-most) with the anchor at `anchor`, cut from
/// `spr` rows `top + row` in `palette`.
fn draw_tiles(
    out: &mut Picture,
    tiles: &[Tile],
    anchor: (i64, i64),
    spr: &Spr,
    top: usize,
    palette: usize,
) {
    for tile in tiles.iter().rev() {
        let (w, h) = tile.size();
        let (sx, sy) = (
            usize::from(tile.column) * 8,
            top + usize::from(tile.row) * 8,
        );
        for r in 0..h as usize {
            for c in 0..w as usize {
                let from_c = if tile.flip_x { w as usize - 1 - c } else { c };
                let from_r = if tile.flip_y { h as usize - 1 - r } else { r };
                let col = colour(spr, palette, spr.pixel(sx + from_c, sy + from_r));
                if col[3] != 0 {
                    out.set(
                        anchor.0 + i64::from(tile.dx) + c as i64,
                        anchor.1 + i64::from(tile.dy) + r as i64,
                        col,
                    );
                }
            }
        }
    }
}

/// `layer` turned clockwise by `degrees` about the pixel corner `pivot`, onto `out`, as the
/// rendering docs say a turn is drawn (docs/weapons.md "How a layer is drawn"): the angle in
/// 4096ths of a turn (FFTorama lists it in degrees to three places), its sine and cosine in
/// 4096ths rounded half up, each pixel's centre turned back in whole numbers.
fn stack_turned(out: &mut Picture, layer: &Picture, pivot: (i64, i64), degrees: f64, add: bool) {
    let units = (degrees * 4096.0 / 360.0).round();
    let t = (units * 360.0 / 4096.0).to_radians();
    let sin = (t.sin() * 4096.0 + 0.5).floor() as i64;
    let cos = (t.cos() * 4096.0 + 0.5).floor() as i64;
    for y in 0..out.h {
        for x in 0..out.w {
            // Where this pixel's centre was before the turn, in half pixels from the pivot.
            let (rx, ry) = (2 * (x - pivot.0) + 1, 2 * (y - pivot.1) + 1);
            let bx = pivot.0 + (rx * cos + ry * sin).div_euclid(8192);
            let by = pivot.1 + (ry * cos - rx * sin).div_euclid(8192);
            let c = layer.get(bx, by);
            if c[3] == 0 {
                continue;
            }
            let below = out.get(x, y);
            let c = if add {
                [
                    c[0].saturating_add(below[0]),
                    c[1].saturating_add(below[1]),
                    c[2].saturating_add(below[2]),
                    255,
                ]
            } else {
                c
            };
            out.set(x, y, c);
        }
    }
}

/// The position in `ticks` shown `at` ticks in, or `None` past the end.
fn shown(ticks: &[u32], at: u64) -> Option<usize> {
    let mut end = 0u64;
    for (i, t) in ticks.iter().enumerate() {
        end += u64::from(*t);
        if at < end {
            return Some(i);
        }
    }
    None
}

fn cue(played: &Played, layer: i64) -> (u64, usize) {
    let (tick, _, p) = played
        .cues
        .iter()
        .find(|(_, name, p)| *name == "QueueSpriteAnim" && p[0] == layer)
        .expect("the slot starts the layer");
    (u64::from(*tick), p[1] as usize)
}

fn degrees(rows: &[FrameRow], frame: usize) -> f64 {
    rows[frame].rotation_degrees.parse().unwrap()
}

fn decode_gif(bytes: &[u8]) -> Vec<Picture> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).unwrap();
    let (w, h) = (i64::from(decoder.width()), i64::from(decoder.height()));
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!((frame.left, frame.top), (0, 0));
        assert_eq!((i64::from(frame.width), i64::from(frame.height)), (w, h));
        let px = frame
            .buffer
            .chunks_exact(4)
            .map(|c| {
                if c[3] == 0 {
                    [0; 4]
                } else {
                    [c[0], c[1], c[2], 255]
                }
            })
            .collect();
        frames.push(Picture { w, h, px });
    }
    frames
}

/// One row of FFTorama's weapons table (`FrameData/weapons.txt`): a graphic's name, its entry in
/// the list of first frames, and its offset down the weapons block in pixels.
fn fftorama_graphic(fftorama: &Path, name: &str) -> (String, usize, usize) {
    let text = std::fs::read_to_string(fftorama.join("FrameData/weapons.txt")).unwrap();
    let row = text
        .lines()
        .map(|l| l.trim().split(',').collect::<Vec<_>>())
        .find(|fields| fields[0] == name)
        .unwrap_or_else(|| panic!("{name} is not in weapons.txt"));
    (
        row[1].to_owned(),
        row[2].parse().unwrap(),
        row[3].parse().unwrap(),
    )
}

/// The first frame FFTorama lists for a weapon type in `frame_offset_data_wep1.txt` (its header
/// names the types, its second line gives their first frames).
fn fftorama_first_frame(fftorama: &Path, type_name: &str) -> usize {
    let text =
        std::fs::read_to_string(fftorama.join("FrameData/frame_offset_data_wep1.txt")).unwrap();
    let mut lines = text.lines();
    let names: Vec<&str> = lines.next().unwrap().trim().split(',').collect();
    let frames: Vec<usize> = lines
        .next()
        .unwrap()
        .trim()
        .split(',')
        .map(|f| f.parse().unwrap())
        .collect();
    let at = names.iter().position(|n| *n == type_name).unwrap();
    frames[at]
}

#[test]
fn swing_high_with_a_sword_matches_a_hand_assembly_frame_by_frame() {
    let test = "swing_high_with_a_sword_matches_a_hand_assembly_frame_by_frame";
    if let Some(gif) = swing_high_matches_a_hand_assembly(test, "sword", "Sword 1") {
        // The sword's default graphic is the block's first rows: the hand-set command of before
        // (`--weapon-rows 0 --weapon-palette 0`) draws the same bytes.
        assert_eq!(gif.rows, 0);
        let hand_set = gif.render(&[
            "--weapon",
            "sword",
            "--weapon-rows",
            "0",
            "--weapon-palette",
            "0",
        ]);
        assert!(
            hand_set.0 == gif.bytes,
            "--weapon sword is not --weapon sword --weapon-rows 0 --weapon-palette 0"
        );
        gif.clean();
    }
}

/// `--weapon katana` is drawn from the katana's own rows of the weapons block (FFTorama's "Katana
/// 1", 128 rows down), not the sword's at the top: the hand assembly cuts the blade from there.
#[test]
fn a_katana_is_drawn_from_the_katanas_rows() {
    let test = "a_katana_is_drawn_from_the_katanas_rows";
    let Some(katana) = swing_high_matches_a_hand_assembly(test, "katana", "Katana 1") else {
        return;
    };
    assert_eq!(
        katana.rows, 128,
        "FFTorama's weapons.txt: Katana 1 at 128 pixels"
    );
    // The graphic by its number, and today's hand-set command (the katana shares the sword's
    // frames), draw the same bytes; the sword's rows draw another blade.
    let (numbered, line) = katana.render(&["--weapon", "katana-1"]);
    assert!(
        numbered == katana.bytes,
        "--weapon katana-1 is not --weapon katana"
    );
    assert!(
        line.contains("weapon  katana: graphic katana-1, rows +128 (table), palette 0 (default);"),
        "{line}"
    );
    let (hand_set, line) = katana.render(&["--weapon", "sword", "--weapon-rows", "128"]);
    assert!(
        hand_set == katana.bytes,
        "--weapon sword --weapon-rows 128 is not --weapon katana"
    );
    assert!(
        line.contains("graphic sword-1, rows +128 (--weapon-rows; table +0), palette 0 (default)"),
        "{line}"
    );
    let (sword, _) = katana.render(&["--weapon", "sword"]);
    assert!(sword != katana.bytes, "the katana is drawn as the sword");
    katana.clean();
}

/// A render that matched its hand assembly, and how to make others like it.
struct Swing {
    work: std::path::PathBuf,
    args: Vec<String>,
    bytes: Vec<u8>,
    /// The rows of the weapons block the hand assembly cut the weapon from.
    rows: usize,
}

impl Swing {
    /// The GIF and the stdout of the same render with these weapon flags instead.
    fn render(&self, weapon: &[&str]) -> (Vec<u8>, String) {
        let out = self.work.join("other.gif");
        let mut args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        args.extend_from_slice(weapon);
        args.extend(["-o", out.to_str().unwrap()]);
        let output = run(args);
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{weapon:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        (std::fs::read(&out).unwrap(), text)
    }

    fn clean(self) {
        std::fs::remove_dir_all(&self.work).ok();
    }
}

/// The command with `--weapon weapon`, its GIF compared frame by frame with a hand
/// assembly whose weapon is FFTorama's graphic `graphic`: its type's first frame and its rows,
/// both read from FFTorama's tables. `None` after the loud skip without the game files.
fn swing_high_matches_a_hand_assembly(test: &str, weapon: &str, graphic: &str) -> Option<Swing> {
    let (Some(fftorama), Some(type1), Some(wep1), Some(eff1), Some(ramuza), Some(wep_spr)) = (
        fftorama_tables(test),
        retail_bytes(test, "TYPE1.SHP"),
        retail_bytes(test, "WEP1.SHP"),
        retail_bytes(test, "EFF1.SHP"),
        sheet(test, "RAMUZA.SPR"),
        weapons_sheet(test),
    ) else {
        return None;
    };
    // The command, the layer documents beside the unit document.
    let work = temp_dir(&format!("weapon-swing-{weapon}"));
    for (from, to) in [
        ("fixtures/documents/type1.json", "type1.json"),
        ("fixtures/layers/wep1.json", "wep1.json"),
        ("fixtures/layers/eff1.json", "eff1.json"),
    ] {
        std::fs::copy(repo_root().join(from), work.join(to)).unwrap();
    }
    let gif_path = work.join("swing.gif");
    let s = |p: &Path| p.to_str().unwrap().to_owned();
    let args: Vec<String> = [
        "render",
        "--data",
        &s(&work.join("type1.json")),
        "--sheet",
        &s(&ramuza),
        "--weapon-sheet",
        &s(&wep_spr),
        "--animation",
        "Swing High",
        "--view",
        "1",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut this = args.clone();
    this.extend(["--weapon", weapon, "-o", &s(&gif_path)].map(str::to_owned));
    let output = run(&this);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The canvas is the renderer's choice; read it, and place everything from its stance point.
    let canvas = text
        .lines()
        .find_map(|l| l.strip_prefix("canvas  "))
        .expect("a canvas line");
    let numbers: Vec<i64> = canvas
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    let (w, h, sx, sy) = (numbers[0], numbers[1], numbers[2], numbers[3]);
    let bytes = std::fs::read(&gif_path).unwrap();
    let frames = decode_gif(&bytes);

    // The timelines, from FFTorama's listings.
    let params = opcode_parameters(&fftorama);
    let unit = play(
        &animation_data(&fftorama, "type1")[128].items,
        &params,
        4096,
    );
    let (weapon_start, weapon_slot) = cue(&unit, 1);
    let weapon = play(
        &animation_data(&fftorama, "wep1")[weapon_slot].items,
        &params,
        4096,
    );
    let (effect_after, effect_slot) = cue(&weapon, 2);
    let effect_start = weapon_start + effect_after;
    let effect = play(
        &animation_data(&fftorama, "eff1")[effect_slot].items,
        &params,
        4096,
    );
    let priority = unit
        .cues
        .iter()
        .find(|(_, name, _)| *name == "SetLayerPriority")
        .map(|(_, _, p)| p[0] as usize)
        .unwrap();
    let table = std::fs::read_to_string(fftorama.join("SeqData/LayerPriorityTable.txt")).unwrap();
    let order: Vec<String> = table
        .lines()
        .nth(1 + priority)
        .unwrap()
        .split(',')
        .skip(1)
        .map(str::to_owned)
        .collect();
    assert_eq!(
        order,
        ["text", "effect", "unit", "weapon"],
        "row {priority}"
    );

    // Every tick a picture changes at.
    let total: u64 = unit.ticks.iter().map(|t| u64::from(*t)).sum();
    let starts = |from: u64, ticks: &[u32]| {
        ticks
            .iter()
            .scan(from, |at, t| {
                let s = *at;
                *at += u64::from(*t);
                Some(s)
            })
            .collect::<Vec<u64>>()
    };
    let mut changes: Vec<u64> = starts(0, &unit.ticks);
    changes.extend(starts(weapon_start, &weapon.ticks));
    changes.extend(starts(effect_start, &effect.ticks));
    changes.retain(|t| *t < total);
    changes.sort_unstable();
    changes.dedup();
    assert_eq!(frames.len(), changes.len(), "{text}");

    let type1 = UnitShp::decode(&type1).unwrap();
    let wep1 = WeaponShp::decode(&wep1).unwrap();
    let eff1 = WeaponShp::decode(&eff1).unwrap();
    let (wep_rows, _) = read_frame_data(&fftorama.join("FrameData/frame_data_wep1.txt"));
    let (eff_rows, _) = read_frame_data(&fftorama.join("FrameData/frame_data_eff1.txt"));
    let ramuza = Spr::decode(&std::fs::read(&ramuza).unwrap()).unwrap();
    let wep_spr = Spr::decode(&std::fs::read(&wep_spr).unwrap()).unwrap();
    // The weapon's first frame and rows, from FFTorama's tables (the sword's: frame 40, rows 0),
    // and the swoosh's first frame (FFTorama: 18 in EFF1).
    let (type_name, _, rows) = fftorama_graphic(&fftorama, graphic);
    let (sword_first, swoosh_first) = (fftorama_first_frame(&fftorama, &type_name), 18);

    // The render is cropped to what it draws; the hand assembly is made on that picture with a
    // margin all round (so that a layer turned into the picture is not cut before it turns), and
    // must draw nothing in the margin.
    const MARGIN: i64 = 96;
    let (big_w, big_h) = (w + 2 * MARGIN, h + 2 * MARGIN);
    let mut turned_frames = 0;
    for (n, (&at, got)) in changes.iter().zip(&frames).enumerate() {
        let i = shown(&unit.ticks, at).unwrap();
        let frame = unit.frames[i] as usize;
        // View 1 is not mirrored: a forward move goes left.
        let (mx, my) = (-unit.fb[i], unit.du[i]);
        let anchor = (MARGIN + sx + mx, MARGIN + sy + 15 + my);
        let mut unit_picture = Picture::new(big_w, big_h);
        let lower = frame >= usize::from(type1.lower_half_from);
        draw_tiles(
            &mut unit_picture,
            &type1.main[frame].tiles,
            anchor,
            &ramuza,
            if lower { 256 } else { 0 },
            0,
        );
        let mut expected = Picture::new(big_w, big_h);
        for layer in order.iter().rev() {
            match layer.as_str() {
                "unit" => stack_turned(&mut expected, &unit_picture, anchor, 0.0, false),
                "weapon" => {
                    if let Some(j) = at
                        .checked_sub(weapon_start)
                        .and_then(|t| shown(&weapon.ticks, t))
                    {
                        let f = sword_first + weapon.frames[j] as usize;
                        let mut p = Picture::new(big_w, big_h);
                        draw_tiles(&mut p, &wep1.frames[f].tiles, anchor, &wep_spr, rows, 0);
                        let d = degrees(&wep_rows, f);
                        turned_frames += usize::from(d != 0.0);
                        stack_turned(&mut expected, &p, anchor, d, false);
                    }
                }
                "effect" => {
                    if let Some(j) = at
                        .checked_sub(effect_start)
                        .and_then(|t| shown(&effect.ticks, t))
                    {
                        let f = swoosh_first + effect.frames[j] as usize;
                        let mut p = Picture::new(big_w, big_h);
                        draw_tiles(&mut p, &eff1.frames[f].tiles, anchor, &wep_spr, 256, 16);
                        // EFF1's frames are semi-transparent in blend mode 1: added on.
                        assert_eq!(eff1.frames[f].flags, 0x21);
                        stack_turned(&mut expected, &p, anchor, degrees(&eff_rows, f), true);
                    }
                }
                _ => {}
            }
        }
        let differing = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| expected.get(x + MARGIN, y + MARGIN) != got.get(x, y))
            .count();
        assert_eq!(
            differing, 0,
            "picture {n} (tick {at}): {differing} pixels differ from the hand assembly"
        );
        let outside = (0..big_h)
            .flat_map(|y| (0..big_w).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let inside = (MARGIN..MARGIN + w).contains(&x) && (MARGIN..MARGIN + h).contains(&y);
                !inside && expected.get(x, y)[3] != 0
            })
            .count();
        assert_eq!(
            outside, 0,
            "picture {n} (tick {at}): {outside} drawn pixels fall outside the render's canvas"
        );
    }
    // The sword is turned in some pictures (90 degrees while raised) and the swoosh shows.
    assert!(turned_frames >= 3, "{turned_frames}");
    assert!(changes.contains(&effect_start));
    Some(Swing {
        work,
        args,
        bytes,
        rows,
    })
}

#[test]
fn weapon_flags_refuse_what_they_cannot_draw() {
    let work = temp_dir("weapon-errors");
    std::fs::copy(
        test_support::fixtures::demo_document(),
        work.join("demo.json"),
    )
    .unwrap();
    let data = work.join("demo.json");
    let data = data.to_str().unwrap();
    let out = work.join("x.gif");
    let out = out.to_str().unwrap();
    let base = ["render", "--data", data, "--sheet", "demo.png", "-o", out];
    let with = |extra: &[&str]| run([&base[..], extra].concat());
    // An unknown type lists the types; --weapon needs its sheet; a frame has no layers.
    let unknown = with(&[
        "--weapon",
        "spoon",
        "--weapon-sheet",
        "W",
        "--animation",
        "Walk",
    ]);
    test_support::cli::assert_exit(&unknown, 2);
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("spoon") && stderr.contains("knight-sword"),
        "{stderr}"
    );
    // A graphic past a type's last is answered with the nearest names, the type's own first.
    let past = with(&[
        "--weapon",
        "katana-4",
        "--weapon-sheet",
        "W",
        "--animation",
        "Walk",
    ]);
    test_support::cli::assert_exit(&past, 2);
    let stderr = String::from_utf8_lossy(&past.stderr);
    assert!(
        stderr.contains("unknown weapon \"katana-4\"; the nearest: \"katana\"")
            && stderr.contains("\"katana-3\""),
        "{stderr}"
    );
    // The overrides are of a weapon's rows and palette: not without --weapon.
    for flag in ["--weapon-rows", "--weapon-palette"] {
        let alone = with(&[flag, "8", "--animation", "Walk"]);
        test_support::cli::assert_exit_for(&alone, 2, flag);
        assert!(
            String::from_utf8_lossy(&alone.stderr).contains("--weapon <NAME>"),
            "{flag}"
        );
    }
    let no_sheet = with(&["--weapon", "sword", "--animation", "Walk"]);
    test_support::cli::assert_exit(&no_sheet, 2);
    assert!(String::from_utf8_lossy(&no_sheet.stderr).contains("--weapon-sheet"));
    let frame = with(&["--weapon", "sword", "--weapon-sheet", "W", "--frame", "1"]);
    test_support::cli::assert_exit(&frame, 2);
    assert!(String::from_utf8_lossy(&frame.stderr).contains("give --animation"));
    // No layer documents beside the unit document: the error says where it looked. (The sheet is
    // read first, so give a real one: the demo sheet is drawn by the test's own synthetic PNG.)
    let sheet = work.join("demo.png");
    let doc: sprite_data::Document =
        serde_json::from_str(&std::fs::read_to_string(data).unwrap()).unwrap();
    let picture = sprite_render::sheet::synthetic_sheet(&doc);
    std::fs::write(&sheet, sprite_render::encode::png_rgba(&picture).unwrap()).unwrap();
    let missing = run([
        "render",
        "--data",
        data,
        "--sheet",
        sheet.to_str().unwrap(),
        "-o",
        out,
        "--weapon",
        "sword",
        "--weapon-sheet",
        "W",
        "--animation",
        "Walk",
    ]);
    test_support::cli::assert_exit(&missing, 1);
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("no weapon layer document beside") && stderr.contains("wep1.json"),
        "{stderr}"
    );
    assert!(!Path::new(out).exists());
    std::fs::remove_dir_all(&work).ok();
}

/// `draw --weapon` on the shipped documents. By hand from WEP1 slot 0 (`8 4, 6 2, 7 8, 8 2,
/// QueueSpriteAnim 2 0, 14 2, ...`): at tick 16 the sword shows relative frame 14, SHP frame
/// 40 + 14 = 54, and the swoosh starts, EFF1 frame 18 + 0; TYPE1's Swing High Front sets
/// priority 17 (text, effect, unit, weapon) at tick 0. At tick 3 the sword shows 40 + 8 and no
/// effect has started.
#[test]
fn draw_prints_the_layers_beside_the_pose() {
    let work = temp_dir("weapon-draw");
    for (from, to) in [
        ("fixtures/documents/type1.json", "type1.json"),
        ("fixtures/layers/wep1.json", "wep1.json"),
        ("fixtures/layers/eff1.json", "eff1.json"),
    ] {
        std::fs::copy(repo_root().join(from), work.join(to)).unwrap();
    }
    let data = work.join("type1.json");
    let draw = |tick: &str| -> serde_json::Value {
        let out = run([
            "draw",
            "--data",
            data.to_str().unwrap(),
            "--animation",
            "Swing High",
            "--view",
            "1",
            "--tick",
            tick,
            "--weapon",
            "sword",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let at16 = draw("16");
    assert_eq!(at16["weaponType"], "sword");
    assert_eq!(
        at16["layerOrder"],
        serde_json::json!(["text", "effect", "unit", "weapon"])
    );
    let layers = at16["layers"].as_array().unwrap();
    let shp = |name: &str| {
        layers
            .iter()
            .find(|l| l["layer"] == name)
            .map(|l| l["shp"].as_u64().unwrap())
    };
    assert_eq!((shp("weapon"), shp("effect")), (Some(54), Some(18)));
    // Back to front: the weapon behind the unit, the effect in front of it.
    assert_eq!(layers[0]["layer"], "weapon");
    assert_eq!(layers[0]["pivotY"], 15);
    let at3 = draw("3");
    let layers = at3["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 1);
    assert_eq!(layers[0]["shp"], 48);
    assert_eq!(layers[0]["degrees"], 90.0);
    // Without --weapon the pose is as before: no layers key.
    let plain = run([
        "draw",
        "--data",
        data.to_str().unwrap(),
        "--animation",
        "Swing High",
        "--view",
        "1",
        "--tick",
        "16",
    ]);
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain.get("layers").is_none());
    std::fs::remove_dir_all(&work).ok();
}
