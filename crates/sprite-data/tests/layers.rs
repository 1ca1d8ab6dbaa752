//! The layer documents (WEP1, WEP2, EFF1), built from the retail files: they read back, pass
//! their schema (that they match the shipped tables byte for byte is golden.rs), and agree with
//! FFTorama's independent tables: every
//! sequence (frames, ticks, the effect cues) through the independent interpreter
//! `test_support::fftorama::play`, every frame tile for tile with its rotation and flags, and the
//! first frames. Expected values come from FFTorama's tables and the spec, never from our output.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use fft_formats::layer::WeaponType;
use serde_json::{Value, json};
use sprite_data::document::{Document, LayerCue};
use sprite_data::layer::{LayerDocument, LayerSet};
use sprite_data::pose::View;
use sprite_data::pose::layers::{Layers, pose_with_layers};
use sprite_data::{FrameIndex, RelativeFrame, Slot};
use sprite_inputs::layers::build_layer_from_folder;
use test_support::fftorama::{animation_data, opcode_parameters, play, read_frame_data};
use test_support::{fftorama_tables, originals, retail_file, schema};

/// The stance point is 15 px above the SHP anchor on the human kinds' stage (docs/derivation.md
/// "stage, u and v": anchor row 118, stance row 103, same column).
const ANCHOR: (i32, i32) = (0, 15);

struct Built {
    kind: LayerSet,
    doc: LayerDocument,
    bytes: Vec<u8>,
}

fn built(test: &str) -> Option<(&'static [Built], PathBuf)> {
    static BUILT: OnceLock<Vec<Built>> = OnceLock::new();
    let fftorama = fftorama_tables(test)?;
    let dir = originals(test)?;
    for kind in LayerSet::ALL {
        let (shp, seq) = kind.files();
        retail_file(test, shp)?;
        retail_file(test, seq)?;
    }
    let all = BUILT.get_or_init(|| {
        LayerSet::ALL
            .into_iter()
            .map(|kind| {
                let doc = build_layer_from_folder(&dir, kind).unwrap();
                let bytes = doc.to_bytes();
                Built { kind, doc, bytes }
            })
            .collect()
    });
    Some((all, fftorama))
}

#[test]
fn layers_read_back() {
    let Some((all, _)) = built("layers_read_back") else {
        return;
    };
    for b in all {
        let back: LayerDocument = serde_json::from_slice(&b.bytes).unwrap();
        assert_eq!(back, b.doc, "{} reads back", b.kind);
    }
}

fn schema_errors(document: &Value) -> Vec<String> {
    schema::errors(schema::layer(), document)
}

#[test]
fn layers_pass_their_schema_and_broken_ones_do_not() {
    let Some((all, _)) = built("layers_pass_their_schema_and_broken_ones_do_not") else {
        return;
    };
    for b in all {
        let value: Value = serde_json::from_slice(&b.bytes).unwrap();
        assert_eq!(schema_errors(&value), Vec::<String>::new(), "{}", b.kind);
    }
    let wep1: Value = serde_json::from_slice(&all[0].bytes).unwrap();
    type Mutation = fn(&mut Value);
    let cases: [(&str, Mutation, &str); 5] = [
        ("a fifth layer", |d| d["layer"] = json!("text"), "/layer"),
        (
            "a sheet block at row 512",
            |d| d["sheet"]["top"] = json!(512),
            "/sheet/top",
        ),
        (
            "20 first frames",
            |d| {
                d["firstFrames"].as_array_mut().unwrap().pop();
            },
            "/firstFrames",
        ),
        (
            "a turn of 180 degrees",
            |d| d["frames"][0]["degrees"] = json!(180),
            "/frames/0/degrees",
        ),
        (
            "an unknown end",
            |d| d["sequences"][0]["end"] = json!("stop"),
            "/sequences/0/end",
        ),
    ];
    for (what, mutate, at) in cases {
        let mut doc = wep1.clone();
        mutate(&mut doc);
        let errors = schema_errors(&doc);
        assert!(
            errors.iter().any(|e| e.starts_with(&format!("{at}: "))),
            "{what}: expected an error at {at}, found {errors:?}"
        );
    }
}

#[test]
fn every_layer_sequence_agrees_with_fftorama() {
    let Some((all, fftorama)) = built("every_layer_sequence_agrees_with_fftorama") else {
        return;
    };
    let params = opcode_parameters(&fftorama);
    for b in all {
        let rows = animation_data(&fftorama, b.kind.name());
        assert_eq!(
            b.doc.sequences.len(),
            rows.len(),
            "{}: one per slot",
            b.kind
        );
        for (s, row) in b.doc.sequences.iter().zip(&rows) {
            let at = format!("{} slot {}", b.kind, s.slot);
            assert_eq!(row.slot, s.slot.index(), "{at}");
            let played = play(&row.items, &params, 4096);
            let relative: Vec<_> = played.frames.iter().copied().map(RelativeFrame).collect();
            assert_eq!(s.frames, relative, "{at}: frames");
            assert_eq!(s.ticks, played.ticks, "{at}: ticks");
            let cues: Vec<(u32, &str, Vec<i64>)> = s
                .layers
                .iter()
                .flatten()
                .map(|c| match c {
                    LayerCue::Priority(p) => (p.tick, "SetLayerPriority", vec![p.priority.into()]),
                    LayerCue::Start(c) => (
                        c.tick,
                        "QueueSpriteAnim",
                        vec![c.layer.into(), c.slot.0.into()],
                    ),
                })
                .collect();
            assert_eq!(cues, played.cues, "{at}: cues");
        }
    }
    // The example: WEP1 slot 0 runs beside TYPE1's Swing High Front (38 ticks) and starts
    // EFF1 slot 0 after 16 of them.
    let wep1 = &all[0].doc;
    assert_eq!(
        wep1.sequences[0].frames[..4],
        [8, 6, 7, 8].map(RelativeFrame)
    );
    assert_eq!(wep1.sequences[0].ticks.iter().sum::<u32>(), 38);
    assert_eq!(
        wep1.sequences[0].layers,
        Some(vec![LayerCue::Start(sprite_data::document::StartCue {
            tick: 16,
            layer: 2,
            slot: Slot(0)
        })])
    );
}

/// Every frame, tile for tile: FFTorama's rows list tiles front to back with their corner
/// (`shift`) from the anchor and their sheet rectangle; the document lists them back to front,
/// centred on the stance point.
#[test]
fn every_layer_frame_agrees_with_fftorama() {
    let Some((all, fftorama)) = built("every_layer_frame_agrees_with_fftorama") else {
        return;
    };
    for b in all {
        let (rows, _) =
            read_frame_data(&fftorama.join(format!("FrameData/frame_data_{}.txt", b.kind.name())));
        assert_eq!(b.doc.frames.len(), rows.len(), "{}", b.kind);
        assert_eq!(b.doc.anchor, [ANCHOR.0, ANCHOR.1]);
        for (i, (frame, row)) in b.doc.frames.iter().zip(&rows).enumerate() {
            let at = format!("{} frame {i}", b.kind);
            let degrees: f64 = row.rotation_degrees.parse().unwrap();
            assert!(
                (frame.degrees - degrees).abs() < 0.0005,
                "{at}: {} degrees, FFTorama {degrees}",
                frame.degrees
            );
            assert_eq!(frame.flags & 1 == 1, row.transparency_flag, "{at}");
            assert_eq!(
                (frame.flags >> 5) & 3,
                u32::from(row.transparency_type),
                "{at}"
            );
            assert_eq!(frame.tiles.len(), row.tiles.len(), "{at}");
            for (tile, theirs) in frame.tiles.iter().rev().zip(&row.tiles) {
                let cell = &b.doc.cells[tile.cell.index()];
                assert_eq!(
                    (cell.x, cell.y, cell.w, cell.h),
                    (theirs.x, theirs.y, theirs.w, theirs.h),
                    "{at}"
                );
                assert_eq!(
                    (tile.u, tile.v),
                    (
                        theirs.shift_x + theirs.w as i32 / 2 + ANCHOR.0,
                        theirs.shift_y + theirs.h as i32 / 2 + ANCHOR.1
                    ),
                    "{at}"
                );
                assert_eq!(
                    (tile.flip, tile.flip_y),
                    (theirs.flip_x, theirs.flip_y),
                    "{at}"
                );
            }
        }
    }
}

/// FFTorama's `frame_offset_data_<kind>.txt` values: the first frames from byte 6 on.
fn fftorama_first_frames(fftorama: &Path, kind: &str) -> Vec<u32> {
    let text =
        std::fs::read_to_string(fftorama.join(format!("FrameData/frame_offset_data_{kind}.txt")))
            .unwrap();
    let values = text.lines().nth(1).unwrap();
    values
        .split(',')
        .map(|v| v.trim().parse().unwrap())
        .collect()
}

#[test]
fn first_frames_are_fftoramas_by_entry() {
    let Some((all, fftorama)) = built("first_frames_are_fftoramas_by_entry") else {
        return;
    };
    for b in all {
        let theirs = fftorama_first_frames(&fftorama, b.kind.name());
        for f in &b.doc.first_frames {
            // FFTorama's list starts at item type 1.
            assert_eq!(
                f.frame,
                FrameIndex(theirs[f.entry as usize - 1]),
                "{} {}",
                b.kind,
                f.weapon
            );
            assert!(
                f.frame.index() < b.doc.frames.len(),
                "{} {}",
                b.kind,
                f.weapon
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// poseAt with layers, against FFTorama's listings

fn shown_at(ticks: &[u32], at: u64) -> Option<usize> {
    let mut end = 0u64;
    ticks.iter().position(|t| {
        end += u64::from(*t);
        at < end
    })
}

/// Every TYPE1 sequence that starts a layer, at every tick it plays, front and back, with a
/// sword: the weapon and effect frames `poseAt` reports are the ones FFTorama's listings give
/// (the unit's cues, the weapon slot's frames and its effect cue, the effect slot's frames, plus
/// the sword's first frames 40 and 18), and the order is FFTorama's priority row.
#[test]
fn layered_poses_follow_fftoramas_listings() {
    let test = "layered_poses_follow_fftoramas_listings";
    let Some((all, fftorama)) = built(test) else {
        return;
    };
    let doc: Document = serde_json::from_str(
        &std::fs::read_to_string(test_support::fixtures::document("type1")).unwrap(),
    )
    .unwrap();
    let (wep1, eff1) = (&all[0].doc, &all[2].doc);
    let layers = Layers {
        weapon_type: WeaponType::Sword,
        weapon: Some(wep1),
        effect: Some(eff1),
    };
    let params = opcode_parameters(&fftorama);
    let (unit_rows, wep_rows, eff_rows) = (
        animation_data(&fftorama, "type1"),
        animation_data(&fftorama, "wep1"),
        animation_data(&fftorama, "eff1"),
    );
    let orders: Vec<Vec<String>> =
        std::fs::read_to_string(fftorama.join("SeqData/LayerPriorityTable.txt"))
            .unwrap()
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split(',').skip(1).map(str::to_owned).collect())
            .collect();
    let mut checked = 0;
    for animation in &doc.animations {
        for view in [1, 3] {
            let view = View::new(view).unwrap();
            let sequence = &doc.sequences[if view.is_back() {
                animation.back
            } else {
                animation.front
            }
            .index()];
            if sequence.layers.is_none() || animation.looping {
                continue;
            }
            let unit = play(&unit_rows[sequence.raw.index()].items, &params, 4096);
            let start = |played: &test_support::fftorama::Played, layer: i64| {
                played
                    .cues
                    .iter()
                    .filter(|(_, n, p)| *n == "QueueSpriteAnim" && p[0] == layer)
                    .map(|(t, _, p)| (u64::from(*t), p[1] as usize))
                    .collect::<Vec<_>>()
            };
            let total: u64 = unit.ticks.iter().map(|t| u64::from(*t)).sum();
            for tick in 0..total {
                let pose =
                    pose_with_layers(&doc, animation, view, tick as i64, false, &layers).unwrap();
                let at = format!("{} view {view} tick {tick}", animation.name);
                // The weapon: the last start at or before the tick.
                let weapon = start(&unit, 1).into_iter().rev().find(|(t, _)| *t <= tick);
                let mut expected_effect =
                    start(&unit, 2).into_iter().rev().find(|(t, _)| *t <= tick);
                let mut expected_weapon = None;
                if let Some((from, slot)) = weapon {
                    let w = play(&wep_rows[slot].items, &params, 4096);
                    if let Some(i) = shown_at(&w.ticks, tick - from) {
                        expected_weapon = Some(FrameIndex(40 + w.frames[i]));
                    }
                    for (t, s) in start(&w, 2) {
                        if from + t <= tick && expected_effect.is_none_or(|(e, _)| from + t >= e) {
                            expected_effect = Some((from + t, s));
                        }
                    }
                }
                let expected_effect = expected_effect.and_then(|(from, slot)| {
                    let e = play(&eff_rows[slot].items, &params, 4096);
                    shown_at(&e.ticks, tick - from).map(|i| FrameIndex(18 + e.frames[i]))
                });
                let got = |name: &str| pose.layers.iter().find(|l| l.layer == name).map(|l| l.shp);
                assert_eq!(got("weapon"), expected_weapon, "{at}: weapon");
                assert_eq!(got("effect"), expected_effect, "{at}: effect");
                let priority = unit
                    .cues
                    .iter()
                    .rev()
                    .find(|(t, n, _)| *n == "SetLayerPriority" && u64::from(*t) <= tick)
                    .map(|(_, _, p)| p[0] as usize);
                if let Some(row) = priority {
                    assert_eq!(pose.layer_order, orders[row], "{at}: order");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn a_mirrored_view_mirrors_the_layers_and_their_turn() {
    let test = "a_mirrored_view_mirrors_the_layers_and_their_turn";
    let Some((all, _)) = built(test) else {
        return;
    };
    let doc: Document = serde_json::from_str(
        &std::fs::read_to_string(test_support::fixtures::document("type1")).unwrap(),
    )
    .unwrap();
    let layers = Layers {
        weapon_type: WeaponType::Sword,
        weapon: Some(&all[0].doc),
        effect: Some(&all[2].doc),
    };
    let swing = doc.animation("Swing High").unwrap();
    // View 1 and view 7 show the same front sequence, 7 mirrored.
    let (plain, mirror) = (View::new(1).unwrap(), View::new(7).unwrap());
    assert!(!plain.is_mirrored() && mirror.is_mirrored() && !mirror.is_back());
    for tick in [0, 4, 16, 18, 30] {
        let a = pose_with_layers(&doc, swing, plain, tick, false, &layers).unwrap();
        let b = pose_with_layers(&doc, swing, mirror, tick, false, &layers).unwrap();
        assert_eq!(a.layers.len(), b.layers.len());
        for (l, m) in a.layers.iter().zip(&b.layers) {
            assert_eq!((l.layer.as_str(), l.shp), (m.layer.as_str(), m.shp));
            assert_eq!(m.degrees, -l.degrees, "tick {tick}");
            assert_eq!((m.pivot_x, m.pivot_y), (-l.pivot_x, l.pivot_y));
            for (t, u) in l.tiles.iter().zip(&m.tiles) {
                assert_eq!(u.x, -(t.x + f64::from(t.w)), "tick {tick}");
                assert_eq!(u.flip_x, !t.flip_x);
            }
        }
    }
    // Priority 17 (text, effect, unit, weapon) draws the weapon first and the effect last.
    let at16 = pose_with_layers(&doc, swing, plain, 16, false, &layers).unwrap();
    let names: Vec<&str> = at16
        .draw_order()
        .iter()
        .map(|p| p.map_or("unit", |i| at16.layers[i].layer.as_str()))
        .collect();
    assert_eq!(names, ["weapon", "unit", "effect"]);
    // Past the end of WEP1 slot 0 (EndAnimation after 38 ticks) the sword is gone; without layer
    // documents there are no layers.
    let after = pose_with_layers(&doc, swing, plain, 38, false, &layers).unwrap();
    assert!(after.layers.is_empty());
    let bare = Layers {
        weapon_type: WeaponType::Sword,
        weapon: None,
        effect: None,
    };
    assert!(
        pose_with_layers(&doc, swing, plain, 16, false, &bare)
            .unwrap()
            .layers
            .is_empty()
    );
}
