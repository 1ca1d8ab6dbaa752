//! Every unit kind (docs/formats/README.md 1), built from the retail files with its built-in
//! profile: it builds, passes the schema, agrees with FFTorama's independent tables (frames,
//! sequences, the SEQ header), and every slot's execution ends with only valid frames (that it
//! matches its shipped table byte for byte is golden.rs). Expected values come from FFTorama's
//! tables, run through the independent interpreter `test_support::fftorama::play`, from the spec
//! and research notes, or from the rules the profiles state, recomputed here from FFTorama's rows;
//! never from our own output.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::OnceLock;

use fft_formats::Seq;
use serde_json::{Value, json};
use sprite_data::NamedBytes;
use sprite_data::document::Document;
use sprite_data::execution::Program;
use sprite_data::pose::{View, idle_pose, pose_at};
use sprite_data::profile::{UNIT_KINDS, UnitKind};
use sprite_data::{FrameIndex, Slot};
use sprite_inputs::build::{Build, build_from_bytes};
use test_support::fftorama::{
    FrameRow, Played, SlotRow, animation_data, cfg_integer, opcode_parameters, play,
    read_frame_data,
};
use test_support::{fftorama_tables, find_by_either_name, originals, schema, skip};

/// The most commands the independent interpreter runs for one slot before calling it runaway.
/// Retail slots run at most a few hundred.
const PLAY_LIMIT: usize = 4096;

/// docs/formats/README.md 1, the unit rows: (kind, SHP, SEQ).
const PAIRS: [(&str, &str, &str); 8] = [
    ("type1", "TYPE1.SHP", "TYPE1.SEQ"),
    ("type2", "TYPE2.SHP", "TYPE3.SEQ"),
    ("cyoko", "CYOKO.SHP", "CYOKO.SEQ"),
    ("mon", "MON.SHP", "MON.SEQ"),
    ("ruka", "MON.SHP", "RUKA.SEQ"),
    ("other", "OTHER.SHP", "OTHER.SEQ"),
    ("arute", "ARUTE.SHP", "ARUTE.SEQ"),
    ("kanzen", "KANZEN.SHP", "KANZEN.SEQ"),
];

/// One kind, built, with FFTorama's view of its two files.
struct Kind {
    name: &'static str,
    output: Build,
    seq: Seq,
    /// FFTorama's rows of the SEQ, one per slot.
    rows: Vec<SlotRow>,
    params: HashMap<String, (usize, u8)>,
    /// FFTorama's main and submerged frame rows of the SHP.
    main: Vec<FrameRow>,
    submerged: Vec<FrameRow>,
    /// From FFTorama's config files: the SHP's first lower-half frame and water pointer, the
    /// SEQ's header `BB`.
    lower_half_from: usize,
    swim_pointer: i64,
    bb: i64,
}

impl Kind {
    fn doc(&self) -> &Document {
        &self.output.document
    }

    fn played(&self, slot: usize) -> Played {
        let played = play(&self.rows[slot].items, &self.params, PLAY_LIMIT);
        assert!(
            played.executed <= PLAY_LIMIT,
            "{} slot {slot}: FFTorama's listing runs past {PLAY_LIMIT} commands",
            self.name
        );
        played
    }
}

/// The lower-case stem FFTorama names a file's tables by: `TYPE3.SEQ` -> `type3`.
fn stem(file: &str) -> String {
    file.split('.').next().unwrap_or(file).to_ascii_lowercase()
}

/// The kind built, or `Err` naming the files it needs that are not in `dir`.
fn build_kind(kind: &UnitKind, dir: &Path, fftorama: &Path) -> Result<Kind, String> {
    let profile = kind.load();
    let (shp_path, seq_path) = (
        find_by_either_name(dir, &profile.shp),
        find_by_either_name(dir, &profile.seq),
    );
    let (Some(shp_path), Some(seq_path)) = (&shp_path, &seq_path) else {
        let missing: Vec<&str> = [(&shp_path, &profile.shp), (&seq_path, &profile.seq)]
            .into_iter()
            .filter(|(path, _)| path.is_none())
            .map(|(_, name)| name.as_str())
            .collect();
        return Err(format!("{} (no {})", kind.name, missing.join(", no ")));
    };
    let read =
        |path: &Path| std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (shp, seq) = (read(shp_path), read(seq_path));
    let output = build_from_bytes(
        NamedBytes {
            name: &profile.shp,
            bytes: &shp,
        },
        NamedBytes {
            name: &profile.seq,
            bytes: &seq,
        },
        &profile,
        None,
    )
    .unwrap_or_else(|e| panic!("{} builds: {e}", kind.name));
    let (shp_stem, seq_stem) = (stem(&profile.shp), stem(&profile.seq));
    let (main, submerged) =
        read_frame_data(&fftorama.join(format!("FrameData/frame_data_{shp_stem}.txt")));
    let shp_cfg = fftorama.join(format!("FrameData/{shp_stem}_shp.cfg"));
    let seq_cfg = fftorama.join(format!("SeqData/{seq_stem}_seq.cfg"));
    Ok(Kind {
        name: kind.name,
        output,
        seq: Seq::decode(&seq).expect("the SEQ decodes"),
        rows: animation_data(fftorama, &seq_stem),
        params: opcode_parameters(fftorama),
        main,
        submerged,
        lower_half_from: cfg_integer(&shp_cfg, "attack_start_index") as usize,
        swim_pointer: cfg_integer(&shp_cfg, "swim_pointer"),
        bb: cfg_integer(&seq_cfg, "BB"),
    })
}

/// Every kind whose two files are in `FFT_ORIGINALS`, built once per test binary, with a SKIPPED
/// line naming the kinds left out; `None` after a SKIPPED line without the originals or FFTorama.
fn kinds(test: &str) -> Option<&'static [Kind]> {
    /// The kinds built, and the ones whose files are missing.
    static KINDS: OnceLock<(Vec<Kind>, Vec<String>)> = OnceLock::new();
    let dir = originals(test)?;
    let fftorama = fftorama_tables(test)?;
    let (built, missing) = KINDS.get_or_init(|| {
        let (mut built, mut missing) = (Vec::new(), Vec::new());
        for kind in &UNIT_KINDS {
            match build_kind(kind, &dir, &fftorama) {
                Ok(kind) => built.push(kind),
                Err(why) => missing.push(why),
            }
        }
        (built, missing)
    });
    if !missing.is_empty() {
        skip::<()>(
            test,
            &format!(
                "left out the kinds whose files are not in {}: {}",
                dir.display(),
                missing.join(", ")
            ),
        );
    }
    Some(built)
}

/// The kind `name` among `kinds`, or `None` after a SKIPPED line when its files were missing.
fn kind<'a>(kinds: &'a [Kind], name: &str, test: &str) -> Option<&'a Kind> {
    let found = kinds.iter().find(|k| k.name == name);
    if found.is_none() {
        skip::<()>(
            test,
            &format!("{name} was not built: its files are missing"),
        );
    }
    found
}

#[test]
fn builtin_profiles_are_the_unit_kinds() {
    let pairs: Vec<(&str, String, String)> = UNIT_KINDS
        .iter()
        .map(|k| {
            let profile = k.load();
            assert_eq!(profile.kind.to_ascii_lowercase(), k.name);
            (k.name, profile.shp, profile.seq)
        })
        .collect();
    let expected: Vec<(&str, String, String)> = PAIRS
        .iter()
        .map(|(k, shp, seq)| (*k, shp.to_string(), seq.to_string()))
        .collect();
    assert_eq!(pairs, expected);
    assert_eq!(UnitKind::find("MON").map(|k| k.name), Some("mon"));
    assert!(UnitKind::find("type4").is_none());
}

/// The kept slots and their count, computed from FFTorama alone: the first slot of each distinct
/// pointer whose listing shows a frame (docs/derivation.md "Which slots are kept"). The counts of
/// docs/formats/seq.md 3.10 (the Shishi editor's CYOKO 104, ARUTE 79, KANZEN 79, our MON 201) and
/// the contract's TYPE1 218 agree.
#[test]
fn every_kind_keeps_the_slots_fftorama_shows() {
    let Some(kinds) = kinds("every_kind_keeps_the_slots_fftorama_shows") else {
        return;
    };
    let known = [
        ("type1", 218),
        ("cyoko", 104),
        ("mon", 201),
        ("arute", 79),
        ("kanzen", 79),
    ];
    for kind in kinds {
        let mut seen = BTreeSet::new();
        let expected: Vec<u32> = (0..kind.rows.len())
            .filter(|&slot| {
                seen.insert(kind.seq.slots[slot]) && !kind.played(slot).frames.is_empty()
            })
            .map(|slot| slot as u32)
            .collect();
        let kept: Vec<u32> = kind.doc().sequences.iter().map(|s| s.raw.0).collect();
        assert_eq!(kept, expected, "{}: kept slots", kind.name);
        if let Some((_, count)) = known.iter().find(|(k, _)| *k == kind.name) {
            assert_eq!(kept.len(), *count, "{}: kept slots", kind.name);
        }
    }
}

/// Every kept slot is named by its profile and every profile animation is built: the only
/// warnings are CYOKO's two counted loops whose targets fall before their segments (at stream
/// offsets 0x643 and 0x674, docs/derivation.md "Counted loops").
#[test]
fn every_kind_builds_without_warnings_but_cyokos_loops() {
    let Some(kinds) = kinds("every_kind_builds_without_warnings_but_cyokos_loops") else {
        return;
    };
    for kind in kinds {
        let warnings = &kind.output.warnings;
        if kind.name == "cyoko" {
            assert_eq!(warnings.len(), 2, "{warnings:?}");
            assert!(warnings[0].contains("offset 0x643"), "{warnings:?}");
            assert!(warnings[1].contains("offset 0x674"), "{warnings:?}");
        } else {
            assert!(warnings.is_empty(), "{}: {warnings:?}", kind.name);
        }
        let doc = kind.doc();
        let profile = UnitKind::find(kind.name).unwrap().load();
        assert_eq!(
            doc.animations.len(),
            profile.animations.len(),
            "{}",
            kind.name
        );
        let names: BTreeSet<&str> = doc.sequences.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names.len(),
            doc.sequences.len(),
            "{}: sequence names",
            kind.name
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The schema (as tests/schema.rs checks it; that each kind's build is its committed document is
// golden.rs)

/// `instance path: message (schema path)` for every error.
fn schema_errors(document: &Value) -> Vec<String> {
    schema::errors(schema::unit(), document)
}

#[test]
fn every_kind_passes_the_schema() {
    let Some(kinds) = kinds("every_kind_passes_the_schema") else {
        return;
    };
    for kind in kinds {
        let document: Value = serde_json::from_slice(&kind.output.bytes).expect("JSON");
        let errors = schema_errors(&document);
        assert!(errors.is_empty(), "{}:\n{}", kind.name, errors.join("\n"));
        // And the bytes read back as the same document.
        let back: Document = serde_json::from_slice(&kind.output.bytes).expect("a document");
        assert_eq!(&back, kind.doc(), "{}", kind.name);
    }
}

/// A change to a document, given the first SP2 sequence and the first frame with an upside-down
/// tile.
type Mutation = fn(&mut Value, usize, usize);

/// The extensions the kinds use, broken one way each, fail the schema at the broken value.
#[test]
fn broken_extensions_fail_the_schema() {
    const TEST: &str = "broken_extensions_fail_the_schema";
    let Some(kinds) = kinds(TEST) else {
        return;
    };
    let json_of = |name: &str| -> Option<Value> {
        let kind = kind(kinds, name, TEST)?;
        Some(serde_json::from_slice(&kind.output.bytes).unwrap())
    };
    let (Some(mon), Some(cyoko), Some(other), Some(type1)) = (
        json_of("mon"),
        json_of("cyoko"),
        json_of("other"),
        json_of("type1"),
    ) else {
        return;
    };
    // TYPE1's sequence 102 (Swing High Fwd) starts with a SetLayerPriority cue.
    assert!(type1["sequences"][102]["layers"][0].get("order").is_some());
    let first_sheet = mon["sequences"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s.get("sheet").is_some())
        .expect("MON has SP2 sequences");
    let flip_y_frame = cyoko["frames"]
        .as_array()
        .unwrap()
        .iter()
        .position(|f| {
            f.as_array()
                .unwrap()
                .iter()
                .any(|t| t.as_array().unwrap().len() == 5)
        })
        .expect("CYOKO has upside-down tiles");
    let cases: Vec<(&str, Value, Mutation, String)> = vec![
        (
            "sheet 2",
            mon.clone(),
            |d, s, _| d["sequences"][s]["sheet"] = json!(2),
            format!("/sequences/{first_sheet}/sheet"),
        ),
        (
            "an SP2 of 488 rows",
            mon.clone(),
            |d, _, _| d["sp2"]["height"] = json!(488),
            "/sp2/height".into(),
        ),
        (
            "an SP2 without a file",
            mon,
            |d, _, _| {
                d["sp2"].as_object_mut().unwrap().remove("file");
            },
            "/sp2".into(),
        ),
        (
            "a 5-element tile with 2 last",
            cyoko.clone(),
            |d, _, f| d["frames"][f][0] = json!([0, 0, 0, 0, 2]),
            format!("/frames/{flip_y_frame}/0/4"),
        ),
        (
            "a 4-element tile with 0 last",
            cyoko,
            |d, _, f| d["frames"][f][0] = json!([0, 0, 0, 0]),
            format!("/frames/{flip_y_frame}/0/3"),
        ),
        (
            "seven idle flips",
            other.clone(),
            |d, _, _| d["idleFlip"] = json!([0, 0, 0, 0, 0, 1, 1]),
            "/idleFlip".into(),
        ),
        (
            "idle flips all 0",
            other.clone(),
            |d, _, _| d["idleFlip"] = json!([0, 0, 0, 0, 0, 0, 0, 0]),
            "/idleFlip".into(),
        ),
        (
            "a layer cue with a field of its own",
            type1.clone(),
            |d, _, _| d["sequences"][102]["layers"][0]["colour"] = json!(1),
            "/sequences/102/layers/0".into(),
        ),
        (
            "a layer order naming a shadow layer",
            type1.clone(),
            |d, _, _| d["sequences"][102]["layers"][0]["order"][0] = json!("shadow"),
            "/sequences/102/layers/0".into(),
        ),
        (
            "an empty list of layer cues",
            type1,
            |d, _, _| d["sequences"][102]["layers"] = json!([]),
            "/sequences/102/layers".into(),
        ),
        (
            "a sheet of 300 rows",
            other,
            |d, _, _| d["sheet"]["height"] = json!(300),
            "/sheet/height".into(),
        ),
    ];
    for (what, mut document, mutate, at) in cases {
        mutate(&mut document, first_sheet, flip_y_frame);
        let errors = schema_errors(&document);
        assert!(
            errors.iter().any(|e| e.starts_with(&format!("{at}: "))),
            "{what}: expected an error at {at}, found {errors:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Agreement with FFTorama

/// Every kept sequence, field for field, against what the independent interpreter plays from
/// FFTorama's listing of its slot; `sheet` against FFTorama's reading of the SEQ header `BB`.
#[test]
fn sequences_agree_with_fftorama_for_every_kind() {
    let Some(kinds) = kinds("sequences_agree_with_fftorama_for_every_kind") else {
        return;
    };
    let mut checked = 0;
    for kind in kinds {
        for s in &kind.doc().sequences {
            let slot = s.raw.index();
            let at = format!("{} {} (slot {slot})", kind.name, s.name);
            assert_eq!(kind.rows[slot].slot, slot, "{at}: FFTorama row");
            let played = kind.played(slot);
            let played_frames: Vec<_> = played.frames.iter().copied().map(FrameIndex).collect();
            assert_eq!(s.frames, played_frames, "{at}: frames");
            assert_eq!(s.ticks, played.ticks, "{at}: ticks");
            assert_eq!(s.looping, played.looping, "{at}: loop");
            let wide = |v: &Option<Vec<i32>>| {
                v.as_ref()
                    .map(|v| v.iter().map(|x| i64::from(*x)).collect::<Vec<_>>())
            };
            let moving = played.fb.iter().chain(&played.du).any(|x| *x != 0);
            let (fb, du) = if moving {
                (Some(played.fb.clone()), Some(played.du.clone()))
            } else {
                (None, None)
            };
            assert_eq!(wide(&s.fb), fb, "{at}: fb");
            assert_eq!(wide(&s.du), du, "{at}: du");
            let rl = played.rl.iter().any(|x| *x != 0).then(|| played.rl.clone());
            assert_eq!(wide(&s.rl), rl, "{at}: rl");
            let flip = played
                .flip
                .iter()
                .any(|f| *f)
                .then(|| played.flip.iter().map(|f| u8::from(*f)).collect::<Vec<_>>());
            assert_eq!(s.flip, flip, "{at}: flip");
            let events: Vec<(u32, &str)> = s.events.iter().map(|e| (e.0, e.1.as_str())).collect();
            assert_eq!(events, played.events, "{at}: events");
            let second_sheet = kind.bb != 0xFF && slot as i64 >= kind.bb;
            assert_eq!(s.sheet, second_sheet.then_some(1), "{at}: sheet");
            assert_eq!(layer_cues(s), played.cues, "{at}: layer cues");
            checked += 1;
        }
    }
    // The kinds' kept slots, from the tables in every_kind_keeps_the_slots_fftorama_shows.
    if kinds.len() == UNIT_KINDS.len() {
        assert_eq!(checked, 218 + 216 + 104 + 201 + 97 + 92 + 79 + 79);
    }
}

/// A sequence's layer cues in the independent interpreter's form: `(tick, opcode, parameters)`.
fn layer_cues(s: &sprite_data::document::Sequence) -> Vec<(u32, &'static str, Vec<i64>)> {
    use sprite_data::document::LayerCue;
    s.layers
        .iter()
        .flatten()
        .map(|cue| match cue {
            LayerCue::Priority(p) => (p.tick, "SetLayerPriority", vec![i64::from(p.priority)]),
            LayerCue::Start(c) => (
                c.tick,
                "QueueSpriteAnim",
                vec![i64::from(c.layer), i64::from(c.slot.0)],
            ),
        })
        .collect()
}

/// The orders FFTorama's `LayerPriorityTable.txt` lists, front-most first, by row.
fn fftorama_layer_orders(fftorama: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(fftorama.join("SeqData/LayerPriorityTable.txt")).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().split(',').skip(1).map(str::to_owned).collect())
        .collect()
}

#[test]
fn layer_cues_name_fftoramas_orders_and_only_type1_and_type2_have_them() {
    let test = "layer_cues_name_fftoramas_orders_and_only_type1_and_type2_have_them";
    let Some(kinds) = kinds(test) else {
        return;
    };
    let Some(fftorama) = fftorama_tables(test) else {
        return;
    };
    let orders = fftorama_layer_orders(&fftorama);
    let mut counted: HashMap<&str, (usize, usize)> = HashMap::new();
    for kind in kinds {
        for s in &kind.doc().sequences {
            for cue in s.layers.iter().flatten() {
                let count = counted.entry(kind.name).or_default();
                match cue {
                    sprite_data::document::LayerCue::Priority(p) => {
                        assert_eq!(
                            p.order, orders[p.priority as usize],
                            "{} {}",
                            kind.name, s.name
                        );
                        count.0 += 1;
                    }
                    sprite_data::document::LayerCue::Start(c) => {
                        assert!([1, 2].contains(&c.layer), "{} {}", kind.name, s.name);
                        count.1 += 1;
                    }
                }
            }
        }
    }
    let mut names: Vec<&str> = counted.keys().copied().collect();
    names.sort_unstable();
    // Of the kinds whose files are here, only TYPE1 and TYPE2 carry cues.
    let expected: Vec<&str> = ["type1", "type2"]
        .into_iter()
        .filter(|name| kinds.iter().any(|kind| kind.name == *name))
        .collect();
    assert_eq!(names, expected);
}

/// Every frame of every kind, tile for tile, against FFTorama's frame rows: the document's tiles
/// back to front, each cell the tile's rectangle (+256 rows from FFTorama's
/// `attack_start_index`), each centre from the stance point, both flips.
#[test]
fn frames_agree_with_fftorama_for_every_kind() {
    let Some(kinds) = kinds("frames_agree_with_fftorama_for_every_kind") else {
        return;
    };
    for kind in kinds {
        let doc = kind.doc();
        let n = kind.main.len();
        assert_eq!(doc.water_offset as usize, n, "{}: waterOffset", kind.name);
        // FFTorama reads a file without a water section (water pointer 8) as if its main table
        // were the water table: its submerged rows are then the main rows, as our copies are.
        assert_eq!(kind.submerged.len(), n, "{}", kind.name);
        assert_eq!(doc.frames.len(), 2 * n, "{}: frames", kind.name);
        if kind.swim_pointer == 8 {
            assert_eq!(
                doc.frames[..n],
                doc.frames[n..],
                "{}: water copies",
                kind.name
            );
        }
        let dv = 118 - doc.stage.stance_row;
        let du = 53 - doc.stage.origin_column;
        for (f, row) in kind.main.iter().chain(&kind.submerged).enumerate() {
            let index = f % n;
            let tiles = &doc.frames[f];
            assert_eq!(tiles.len(), row.tiles.len(), "{} frame {f}", kind.name);
            let lower = if index >= kind.lower_half_from {
                256
            } else {
                0
            };
            for (t, theirs) in tiles.iter().zip(row.tiles.iter().rev()) {
                let cell = &doc.cells[t.cell.index()];
                let at = format!("{} frame {f}", kind.name);
                assert_eq!(
                    (cell.x, cell.y, cell.w, cell.h),
                    (theirs.x, theirs.y + lower, theirs.w, theirs.h),
                    "{at}: cell"
                );
                assert_eq!(t.u, theirs.shift_x + theirs.w as i32 / 2 + du, "{at}: u");
                assert_eq!(t.v, theirs.shift_y + theirs.h as i32 / 2 + dv, "{at}: v");
                assert_eq!((t.flip, t.flip_y), (theirs.flip_x, theirs.flip_y), "{at}");
            }
        }
        // Cells are distinct and numbered by position.
        let rects: BTreeSet<_> = doc.cells.iter().map(|c| (c.x, c.y, c.w, c.h)).collect();
        assert_eq!(rects.len(), doc.cells.len(), "{}", kind.name);
        assert!(doc.cells.iter().enumerate().all(|(i, c)| c.id.index() == i));
    }
}

/// Every slot of every kind (kept or not) ends within the executor's bound, and every kept
/// sequence shows only frames of the SHP's main table: none past FFTorama's frame count, also in
/// MON's SP2 slots, whose "+256" is not a frame index.
#[test]
fn every_slot_ends_and_shows_only_valid_frames() {
    let Some(kinds) = kinds("every_slot_ends_and_shows_only_valid_frames") else {
        return;
    };
    for kind in kinds {
        let program = Program::new(&kind.seq);
        for slot in 0..kind.seq.slots.len() {
            let timeline = program
                .execute(Slot(slot as u32))
                .unwrap_or_else(|e| panic!("{} slot {slot}: {e}", kind.name));
            assert!(
                timeline.frames.len() <= 256,
                "{} slot {slot}: {} frames",
                kind.name,
                timeline.frames.len()
            );
            // The independent interpreter ends too (it fails past PLAY_LIMIT).
            kind.played(slot);
        }
        let count = kind.main.len() as u32;
        for s in &kind.doc().sequences {
            assert!(
                s.frames.iter().all(|f| f.0 < count),
                "{} {}: {:?} (frames 0..{count})",
                kind.name,
                s.name,
                s.frames
            );
        }
        for &f in &kind.doc().idle_frames {
            assert!(f.0 < count, "{}: idle frame {f}", kind.name);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The per-kind decisions, recomputed from FFTorama's rows by the rules the profiles state

/// Stage: the box of the standing pose (the idle frame of view 1), leaving out tiles on frame 0's
/// blank cells; stanceWidth its width, stanceHeight its height rounded up to even, the soles its
/// bottom, so stanceRow = 118 + bottom - stanceHeight / 2. TYPE1 gives the contract's 53, 103,
/// 32, 40.
#[test]
fn stage_follows_the_standing_box() {
    let Some(kinds) = kinds("stage_follows_the_standing_box") else {
        return;
    };
    for kind in kinds {
        let doc = kind.doc();
        let standing = doc.idle_frames[1].index();
        let blank: BTreeSet<(u32, u32, u32, u32)> = kind.main[0]
            .tiles
            .iter()
            .map(|t| (t.x, t.y, t.w, t.h))
            .collect();
        let lower = standing >= kind.lower_half_from;
        assert!(!lower, "{}: a standing pose in the top half", kind.name);
        let tiles: Vec<_> = kind.main[standing]
            .tiles
            .iter()
            .filter(|t| !blank.contains(&(t.x, t.y, t.w, t.h)))
            .collect();
        let left = tiles.iter().map(|t| t.shift_x).min().unwrap();
        let right = tiles.iter().map(|t| t.shift_x + t.w as i32).max().unwrap();
        let top = tiles.iter().map(|t| t.shift_y).min().unwrap();
        let bottom = tiles.iter().map(|t| t.shift_y + t.h as i32).max().unwrap();
        let height = (bottom - top + 1) / 2 * 2;
        let stage = &doc.stage;
        assert_eq!(
            (
                stage.origin_column,
                stage.stance_row,
                stage.stance_width as i32,
                stage.stance_height as i32,
                stage.ticks_per_second
            ),
            (53, 118 + bottom - height / 2, right - left, height, 60),
            "{}: stage",
            kind.name
        );
    }
    let type1 = &kinds[0].doc().stage;
    assert_eq!(
        (type1.stance_row, type1.stance_width, type1.stance_height),
        (103, 32, 40)
    );
}

/// Whether FFTorama's frame `copy` is frame `original` mirrored in place: the same rectangles,
/// every flip toggled, the same rows, and each left edge reflected about the anchor
/// (`dx' = -dx - w`) give or take one constant pixel (MON.SHP's copies sit one pixel left).
fn mirrors(copy: &FrameRow, original: &FrameRow) -> bool {
    let shifts: BTreeSet<i32> = copy
        .tiles
        .iter()
        .zip(&original.tiles)
        .map(|(c, o)| c.shift_x - (-o.shift_x - o.w as i32))
        .collect();
    copy.tiles.len() == original.tiles.len()
        && copy.tiles.iter().zip(&original.tiles).all(|(c, o)| {
            (c.x, c.y, c.w, c.h, c.shift_y) == (o.x, o.y, o.w, o.h, o.shift_y)
                && c.flip_x != o.flip_x
        })
        && shifts.len() == 1
        && shifts.iter().all(|s| (-1..=0).contains(s))
}

/// idleFrames: views 0-4 show the frames of the "Face" slots 1-5 as FFTorama lists them; views
/// 5-7 show the mirror images of views 3, 2, 1: the kind's own mirrored copies where the SHP has
/// them (checked tile by tile, or by the kind's own turn, Spin slot 42, which walks through the
/// standing poses in view order), else the same frames with `idleFlip` 1.
#[test]
fn idle_frames_follow_the_face_slots() {
    let Some(kinds) = kinds("idle_frames_follow_the_face_slots") else {
        return;
    };
    for kind in kinds {
        let doc = kind.doc();
        let idle = &doc.idle_frames;
        for (view, &frame) in idle.iter().enumerate().take(5) {
            let face = kind.played(view + 1).frames;
            assert_eq!(frame, FrameIndex(face[0]), "{}: view {view}", kind.name);
        }
        let flips = doc.idle_flip.clone().unwrap_or(vec![0; 8]);
        assert_eq!(&flips[..5], [0; 5], "{}", kind.name);
        let spin = kind.played(42).frames;
        for view in 5..8 {
            let (copy, original) = (idle[view].index(), idle[8 - view].index());
            if flips[view] == 1 {
                assert_eq!(
                    copy,
                    original,
                    "{}: view {view} flips view {}",
                    kind.name,
                    8 - view
                );
                continue;
            }
            // A mirrored copy, or the next pose of the kind's own turn.
            let by_tiles = mirrors(&kind.main[copy], &kind.main[original]);
            let by_turn = match spin.len() {
                8 => spin[view - 1] == copy as u32,
                4 => view % 2 == 1 && spin[view / 2] == copy as u32,
                _ => false,
            };
            assert!(
                by_tiles || by_turn,
                "{}: view {view} shows {copy}, which mirrors neither view {}'s {original} nor follows the turn {spin:?}",
                kind.name,
                8 - view
            );
        }
    }
    let by_name = |name: &str| {
        kind(kinds, name, "idle_frames_follow_the_face_slots").map(|k| &k.doc().idle_frames)
    };
    if let Some(type1) = by_name("type1") {
        assert_eq!(
            type1,
            &[3, 2, 1, 8, 7, 6, 5, 4].map(FrameIndex),
            "docs/derivation.md"
        );
        if let Some(type2) = by_name("type2") {
            assert_eq!(type2, type1);
        }
    }
}

/// MON's SP2 slots (docs/formats/seq.md 3.1, docs/formats/README.md 1): the document names the
/// second sheet, marks exactly the kept slots from FFTorama's `BB` = 194 on, and their frames'
/// cells fall in the half the rule maps: lower-half cells within the SP2's 256 rows once 256 is
/// taken off, top-half cells above row 256.
#[test]
fn mon_draws_its_sp2_slots_from_the_second_sheet() {
    let Some(kinds) = kinds("mon_draws_its_sp2_slots_from_the_second_sheet") else {
        return;
    };
    for kind in kinds {
        let doc = kind.doc();
        let sheet_one = doc.sequences.iter().filter(|s| s.sheet.is_some()).count();
        if kind.name != "mon" {
            assert_eq!(kind.bb, 0xFF, "{}: BB", kind.name);
            assert!(doc.sp2.is_none() && sheet_one == 0, "{}", kind.name);
            continue;
        }
        assert_eq!(kind.bb, 194);
        let sp2 = doc.sp2.as_ref().expect("MON names its SP2");
        assert_eq!(
            (sp2.file.as_str(), sp2.width, sp2.height),
            ("BEHI2.SP2", 256, 256)
        );
        let expected = (194..kind.rows.len())
            .filter(|&slot| {
                kind.seq.slots[..slot]
                    .iter()
                    .all(|&s| s != kind.seq.slots[slot])
                    && !kind.played(slot).frames.is_empty()
            })
            .count();
        assert_eq!(sheet_one, expected);
        assert_eq!(sheet_one, 44, "slots 194-237, all kept");
        for s in doc.sequences.iter().filter(|s| s.sheet.is_some()) {
            for &f in &s.frames {
                for tile in &doc.frames[f.index()] {
                    let cell = &doc.cells[tile.cell.index()];
                    if f.index() >= kind.lower_half_from {
                        assert!(cell.y >= 256 && cell.y - 256 + cell.h <= 256, "{cell:?}");
                    } else {
                        assert!(cell.y + cell.h <= 256, "{cell:?}");
                    }
                }
            }
        }
    }
}

/// Water: TYPE1 and TYPE2 have one water-only animation, Nulled Walk
/// (docs/derivation.md "animations"); the kinds without a water table have none.
#[test]
fn water_only_animations() {
    let Some(kinds) = kinds("water_only_animations") else {
        return;
    };
    for kind in kinds {
        let water: Vec<&str> = kind
            .doc()
            .animations
            .iter()
            .filter(|a| a.water)
            .map(|a| a.name.as_str())
            .collect();
        let expected: &[&str] = match kind.name {
            "type1" | "type2" => &["Nulled Walk"],
            _ => &[],
        };
        assert_eq!(water, expected, "{}", kind.name);
    }
}

// ---------------------------------------------------------------------------------------------
// poseAt on the extensions

/// MON's Bomb Explode (slot 194, an SP2 slot) at view 1, tick 0 shows frame 57 (FFTorama's
/// listing), a lower-half frame (57 >= FFTorama's `attack_start_index` 29): every tile is read
/// from the SP2. Walk (slot 6) shows frame 2, read from the sheet.
#[test]
fn pose_reads_sp2_slots_from_the_second_sheet() {
    const TEST: &str = "pose_reads_sp2_slots_from_the_second_sheet";
    let Some(mon) = kinds(TEST).and_then(|kinds| kind(kinds, "mon", TEST)) else {
        return;
    };
    let doc = mon.doc();
    let view = View::new(1).unwrap();
    let bomb = pose_at(doc, doc.animation("Bomb Explode").unwrap(), view, 0, false).unwrap();
    assert_eq!(bomb.shp, FrameIndex(mon.played(194).frames[0]));
    assert!(bomb.shp.index() >= mon.lower_half_from);
    assert!(!bomb.tiles.is_empty() && bomb.tiles.iter().all(|t| t.sheet == 1));
    let walk = pose_at(doc, doc.animation("Walk").unwrap(), view, 0, false).unwrap();
    assert_eq!(walk.shp, FrameIndex(mon.played(6).frames[0]));
    assert!(walk.tiles.iter().all(|t| t.sheet == 0));
    let json = serde_json::to_value(&bomb).unwrap();
    assert_eq!(json["tiles"][0]["sheet"], 1);
    assert!(
        serde_json::to_value(&walk).unwrap()["tiles"][0]
            .get("sheet")
            .is_none()
    );
}

/// OTHER's idle at view 5 has no mirrored copy: `idleFlip` mirrors frame 6 (one 16 x 24 tile at
/// FFTorama's shift (-8, -22)), so its left edge is at -(-8) - 16 = -8 and it is drawn flipped.
/// View 3 shows the same frame unmirrored, at -8 too: the tile is centred on the anchor.
#[test]
fn idle_pose_mirrors_the_views_idle_flip_marks() {
    const TEST: &str = "idle_pose_mirrors_the_views_idle_flip_marks";
    let Some(kinds) = kinds(TEST) else {
        return;
    };
    let (Some(other), Some(mon)) = (kind(kinds, "other", TEST), kind(kinds, "mon", TEST)) else {
        return;
    };
    let doc = other.doc();
    let row = &other.main[6].tiles[0];
    assert_eq!((row.shift_x, row.w), (-8, 16));
    for (view, mirrored) in [(3, false), (5, true), (6, true), (7, true), (0, false)] {
        let pose = idle_pose(doc, View::new(view).unwrap(), 0, false).unwrap();
        assert_eq!(pose.mirrored, mirrored, "view {view}");
        assert_eq!(pose.tiles[0].flip_x, mirrored, "view {view}");
    }
    let pose = idle_pose(doc, View::new(5).unwrap(), 0, false).unwrap();
    assert_eq!(pose.shp, FrameIndex(6));
    assert_eq!(pose.tiles[0].x, f64::from(-row.shift_x - row.w as i32));
    // A kind with its own mirrored copies never mirrors idle.
    let mon = mon.doc();
    assert!(mon.idle_flip.is_none());
    assert!(
        !idle_pose(mon, View::new(5).unwrap(), 0, false)
            .unwrap()
            .mirrored
    );
}

/// CYOKO's Charge Wing (slot 46) holds frame 51 (FFTorama's listing), whose tiles FFTorama prints
/// with their vertical flips: the pose carries them, back to front, whatever the mirror.
#[test]
fn pose_carries_vertical_flips() {
    const TEST: &str = "pose_carries_vertical_flips";
    let Some(cyoko) = kinds(TEST).and_then(|kinds| kind(kinds, "cyoko", TEST)) else {
        return;
    };
    let doc = cyoko.doc();
    let shown = cyoko.played(46).frames[0];
    let expected: Vec<bool> = cyoko.main[shown as usize]
        .tiles
        .iter()
        .rev()
        .map(|t| t.flip_y)
        .collect();
    assert!(
        expected.contains(&true),
        "frame {shown} has an upside-down tile"
    );
    for view in [1, 7] {
        let pose = pose_at(
            doc,
            doc.animation("Charge Wing").unwrap(),
            View::new(view).unwrap(),
            0,
            false,
        )
        .unwrap();
        assert_eq!(pose.shp, FrameIndex(shown));
        let flips: Vec<bool> = pose.tiles.iter().map(|t| t.flip_y).collect();
        assert_eq!(flips, expected, "view {view}");
    }
}

/// The profile keys the kinds added are checked when a profile is read.
#[test]
fn profile_extension_keys_are_checked() {
    let type1 = sprite_data::profile::TYPE1_PROFILE;
    let with = |key: &str| type1.replacen("\nidle_frames", &format!("\n{key}\nidle_frames"), 1);
    let parse = |text: &str| sprite_data::Profile::parse(text, "test");
    assert_eq!(parse(type1).unwrap().sheet_height, 488, "the default");
    assert_eq!(
        parse(&with("sheet_height = 256")).unwrap().sheet_height,
        256
    );
    let error = parse(&with("sheet_height = 300")).unwrap_err().to_string();
    assert!(error.contains("sheet_height 300"), "{error}");
    let error = parse(&with("idle_flip = [0, 0, 0, 0, 0, 2, 1, 1]"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("each entry is 0 or 1"), "{error}");
    let error = parse(&with("idle_flip = [0, 1]")).unwrap_err().to_string();
    assert!(error.contains("idle_flip"), "{error}");
    let profile = parse(&with("sp2_file = \"BEHI2.SP2\"")).unwrap();
    assert_eq!(profile.sp2_file.as_deref(), Some("BEHI2.SP2"));
}
