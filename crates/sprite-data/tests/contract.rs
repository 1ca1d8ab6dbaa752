//! The contract's TYPE1 numbers (docs/derivation.md), checked on a document built from the retail
//! files. Every expected value here comes from the contract, the format description, the SHP
//! itself or FFTorama's independent tables, never from our own output.

use std::collections::BTreeSet;

use fft_formats::UnitShp;
use sprite_data::NamedBytes;
use sprite_data::document::Document;
use sprite_data::{FrameIndex, Profile, Slot};
use sprite_inputs::build::{Build, build_from_bytes};
use test_support::fftorama::{animation_data, opcode_parameters, play};
use test_support::{fftorama_tables, retail_bytes};

const MAIN_FRAMES: usize = 182;

fn build_type1(test: &str) -> Option<(Build, UnitShp)> {
    let shp = retail_bytes(test, "TYPE1.SHP")?;
    let seq = retail_bytes(test, "TYPE1.SEQ")?;
    let output = build_from_bytes(
        NamedBytes {
            name: "TYPE1.SHP",
            bytes: &shp,
        },
        NamedBytes {
            name: "TYPE1.SEQ",
            bytes: &seq,
        },
        &Profile::type1(),
        None,
    )
    .expect("TYPE1 builds");
    Some((output, UnitShp::decode(&shp).expect("TYPE1.SHP decodes")))
}

fn sequence_by_slot(doc: &Document, slot: u32) -> &sprite_data::document::Sequence {
    doc.sequences
        .iter()
        .find(|s| s.raw == Slot(slot))
        .unwrap_or_else(|| panic!("slot {slot} is kept"))
}

#[test]
fn type1_counts_follow_the_contract() {
    let Some((output, _)) = build_type1("type1_counts_follow_the_contract") else {
        return;
    };
    let doc = &output.document;
    assert_eq!(doc.cells.len(), 197, "cells");
    assert_eq!(doc.frames.len(), 364, "frames");
    assert_eq!(doc.sequences.len(), 218, "sequences");
    assert_eq!(
        doc.animations.len(),
        112,
        "animations: 106 pairs + 6 singles"
    );
    assert_eq!(doc.water_offset as usize, MAIN_FRAMES);
    assert_eq!(doc.stage.origin_column, 53);
    assert_eq!(doc.stage.stance_row, 103);
    assert_eq!(
        (
            doc.stage.stance_width,
            doc.stage.stance_height,
            doc.stage.ticks_per_second
        ),
        (32, 40, 60)
    );
    assert_eq!((doc.sheet.width, doc.sheet.height), (256, 488));
    assert_eq!(doc.held_item_scale, 4.5);
    assert!(
        doc.hands.is_none() && doc.holds.is_none(),
        "the TYPE1 profile has no overlays"
    );
    assert!(
        doc.notice.contains("(c) 1997 SQUARE ENIX"),
        "notice: {}",
        doc.notice
    );
    assert!(
        output.warnings.is_empty(),
        "TYPE1 builds without warnings: {:?}",
        output.warnings
    );
    let singles: Vec<&str> = doc
        .animations
        .iter()
        .filter(|a| a.front == a.back)
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(
        singles,
        [
            "Blank",
            "Face Down",
            "Face Front",
            "Face Left",
            "Face Back",
            "Face Up"
        ]
    );
    // seq is the position in the list, raw the slot, in table order.
    for (i, s) in doc.sequences.iter().enumerate() {
        assert_eq!(s.seq.index(), i);
    }
    assert!(doc.sequences.windows(2).all(|w| w[0].raw < w[1].raw));
}

#[test]
fn swing_high_worked_example() {
    let Some((output, _)) = build_type1("swing_high_worked_example") else {
        return;
    };
    let doc = &output.document;
    let fwd = sequence_by_slot(doc, 128);
    assert_eq!(fwd.name, "Swing High Fwd");
    assert_eq!(fwd.frames, [86, 84, 85, 86, 87, 88, 88, 88].map(FrameIndex));
    assert_eq!(fwd.ticks, [4, 2, 8, 2, 2, 14, 2, 4]);
    assert_eq!(fwd.fb.as_deref(), Some(&[0, -2, -2, 0, 0, 2, 2, 0][..]));
    assert_eq!(fwd.du.as_deref(), Some(&[0; 8][..]));
    assert_eq!(fwd.rl, None);
    assert_eq!(fwd.flip, None);
    assert_eq!(fwd.events.len(), 1);
    assert_eq!(
        (fwd.events[0].0, fwd.events[0].1.as_str()),
        (18, "PostGenericAttack")
    );
    assert!(!fwd.looping);
    let swing = doc.animation("Swing High").expect("Swing High is named");
    assert_eq!(swing.category, "Swing");
    assert_eq!(swing.front, fwd.seq);
    assert_eq!(swing.back, sequence_by_slot(doc, 129).seq);
    assert_eq!(sequence_by_slot(doc, 129).name, "Swing High Bck");
    assert_eq!(swing.hit_tick, Some(18));
    for name in ["Swing Mid", "Swing Low"] {
        assert_eq!(doc.animation(name).expect(name).category, "Swing");
    }
}

/// Frames 4, 5 and 6 are per-tile mirror images of 2, 1 and 8: the same sheet rectangle, the flip
/// bit set, the left edge reflected about the anchor (`dx' = -dx - w`).
#[test]
fn idle_frames_and_their_mirrors() {
    let Some((output, shp)) = build_type1("idle_frames_and_their_mirrors") else {
        return;
    };
    let doc = &output.document;
    assert_eq!(doc.idle_frames, [3, 2, 1, 8, 7, 6, 5, 4].map(FrameIndex));
    for (copy, original) in [(4, 2), (5, 1), (6, 8)] {
        let (a, b) = (&shp.main[copy].tiles, &shp.main[original].tiles);
        assert_eq!(a.len(), b.len());
        for (m, o) in a.iter().zip(b) {
            let (w, _) = o.size();
            assert_eq!(
                m.sheet_rect(false),
                o.sheet_rect(false),
                "frame {copy} reuses frame {original}'s cells"
            );
            assert!(m.flip_x && !o.flip_x, "frame {copy} is the flipped one");
            assert_eq!(
                i32::from(m.dx),
                -i32::from(o.dx) - w as i32,
                "frame {copy} mirrors {original}"
            );
            assert_eq!(m.dy, o.dy);
        }
        // In the document the mirror is u -> -u around the stance column.
        let u = |f: usize| doc.frames[f].iter().map(|t| t.u).collect::<Vec<_>>();
        assert_eq!(u(copy), u(original).iter().map(|u| -u).collect::<Vec<_>>());
    }
    // A battle view is odd (diagonal facing, diagonal camera): it must show a diagonal pose.
    for view in [1, 3, 5, 7] {
        assert!(
            [2, 4, 6, 8]
                .map(FrameIndex)
                .contains(&doc.idle_frames[view]),
            "view {view}"
        );
    }
}

#[test]
fn only_the_idle_copies_flip() {
    let Some((output, _)) = build_type1("only_the_idle_copies_flip") else {
        return;
    };
    let doc = &output.document;
    let flipped: Vec<usize> = (0..doc.frames.len())
        .filter(|&f| doc.frames[f].iter().any(|t| t.flip))
        .collect();
    assert_eq!(
        flipped,
        [4, 5, 6, 4 + MAIN_FRAMES, 5 + MAIN_FRAMES, 6 + MAIN_FRAMES]
    );
}

#[test]
fn water_only_on_nulled_walk() {
    let Some((output, _)) = build_type1("water_only_on_nulled_walk") else {
        return;
    };
    let water: Vec<&str> = output
        .document
        .animations
        .iter()
        .filter(|a| a.water)
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(water, ["Nulled Walk"]);
}

#[test]
fn cells_are_distinct_and_frames_use_them() {
    let Some((output, shp)) = build_type1("cells_are_distinct_and_frames_use_them") else {
        return;
    };
    let doc = &output.document;
    let rects: BTreeSet<(u32, u32, u32, u32)> =
        doc.cells.iter().map(|c| (c.x, c.y, c.w, c.h)).collect();
    assert_eq!(rects.len(), doc.cells.len(), "no rectangle twice");
    assert!(doc.cells.iter().enumerate().all(|(i, c)| c.id.index() == i));
    // Each document tile is its SHP tile, reversed, with the centre from the stance point.
    let water = shp.water.as_ref().expect("TYPE1 has a water table");
    for (f, frame) in shp.main.iter().chain(water).enumerate() {
        let index = f % MAIN_FRAMES;
        let tiles = &doc.frames[f];
        assert_eq!(tiles.len(), frame.tiles.len());
        for (t, tile) in tiles.iter().zip(frame.tiles.iter().rev()) {
            let cell = doc.cells[t.cell.index()];
            let rect = tile.sheet_rect(index >= 84);
            assert_eq!(
                (cell.x, cell.y, cell.w, cell.h),
                (rect.x, rect.y, rect.w, rect.h)
            );
            assert_eq!(t.u, i32::from(tile.dx) + rect.w as i32 / 2);
            assert_eq!(t.v, i32::from(tile.dy) + rect.h as i32 / 2 + 15);
        }
    }
    // Standing body: 32x40, v = 0 (the stance point is the middle of the standing box).
    assert_eq!(doc.frames[2].len(), 1);
    assert_eq!(doc.frames[2][0].v, 0);
}

#[test]
fn every_sequence_frame_is_a_main_frame() {
    let Some((output, _)) = build_type1("every_sequence_frame_is_a_main_frame") else {
        return;
    };
    for s in &output.document.sequences {
        assert!(!s.frames.is_empty(), "{} shows a frame", s.name);
        assert_eq!(s.frames.len(), s.ticks.len(), "{}", s.name);
        assert!(
            s.frames.iter().all(|f| f.index() < MAIN_FRAMES),
            "{}: {:?}",
            s.name,
            s.frames
        );
    }
}

/// Spin Punch and Evade Defend are the two TYPE1 users of each extension
/// (docs/derivation.md "sequences").
#[test]
fn rl_and_flip_extensions() {
    let Some((output, _)) = build_type1("rl_and_flip_extensions") else {
        return;
    };
    let doc = &output.document;
    let with = |f: fn(&sprite_data::document::Sequence) -> bool| -> Vec<String> {
        doc.sequences
            .iter()
            .filter(|s| f(s))
            .map(|s| s.name.clone())
            .collect()
    };
    let rl = with(|s| s.rl.is_some());
    let flip = with(|s| s.flip.is_some());
    assert_eq!(rl.len(), 2, "{rl:?}");
    assert_eq!(flip.len(), 2, "{flip:?}");
    assert!(rl.iter().all(|n| n.starts_with("Evade Defend")), "{rl:?}");
    assert!(flip.iter().all(|n| n.starts_with("Spin Punch")), "{flip:?}");
    // docs/formats/seq.md 3.8: Evade Defend's RL goes -2, -4, -6, -8, -6, -4, -2, then 0 after the
    // last move.
    assert_eq!(
        sequence_by_slot(doc, 48).rl.as_deref(),
        Some(&[-2, -4, -6, -8, -6, -4, -2][..])
    );
}

#[test]
fn sequences_agree_with_fftorama() {
    let test = "sequences_agree_with_fftorama";
    let Some((output, _)) = build_type1(test) else {
        return;
    };
    let Some(fftorama) = fftorama_tables(test) else {
        return;
    };
    let params = opcode_parameters(&fftorama);
    let rows = animation_data(&fftorama, "type1");
    assert_eq!(rows.len(), 252, "FFTorama lists every used slot");
    let doc = &output.document;
    for s in &doc.sequences {
        let row = &rows[s.raw.index()];
        assert_eq!(row.slot, s.raw.index());
        let played = play(&row.items, &params, 1 << 16);
        let played_frames: Vec<_> = played.frames.iter().copied().map(FrameIndex).collect();
        assert_eq!(
            s.frames, played_frames,
            "{} (slot {}): frames",
            s.name, s.raw
        );
        assert_eq!(s.ticks, played.ticks, "{} (slot {}): ticks", s.name, s.raw);
        assert_eq!(
            s.looping, played.looping,
            "{} (slot {}): loop",
            s.name, s.raw
        );
        let zeros = |v: &[i64]| v.iter().all(|x| *x == 0);
        let (fb, du) = if zeros(&played.fb) && zeros(&played.du) {
            (None, None)
        } else {
            (Some(played.fb), Some(played.du))
        };
        let as_i64 = |v: &Option<Vec<i32>>| {
            v.as_ref()
                .map(|v| v.iter().map(|x| i64::from(*x)).collect::<Vec<_>>())
        };
        assert_eq!(as_i64(&s.fb), fb, "{} (slot {}): fb", s.name, s.raw);
        assert_eq!(as_i64(&s.du), du, "{} (slot {}): du", s.name, s.raw);
        let events: Vec<(u32, &str)> = s.events.iter().map(|e| (e.0, e.1.as_str())).collect();
        assert_eq!(events, played.events, "{} (slot {}): events", s.name, s.raw);
    }
    // And the slots left out are exactly those FFTorama shows no frame for, or aliases.
    let kept: BTreeSet<u32> = doc.sequences.iter().map(|s| s.raw.0).collect();
    for row in &rows {
        let shows = !play(&row.items, &params, 1 << 16).frames.is_empty();
        if !shows {
            assert!(
                !kept.contains(&(row.slot as u32)),
                "slot {} shows nothing but is kept",
                row.slot
            );
        }
    }
}
