//! Documents made from `arbitrary` values, lightly shaped so that many get past the first rules
//! (ids equal to positions half the time, sizes from the SHP tile sizes most of the time), through
//! the loader's rules (`check_document`) and, as bytes, through the whole loader: the two agree,
//! a document the rules accept loads back from its canonical bytes as the same document, and it is
//! then safe for every command (`document_checks.rs`).

#![no_main]

#[path = "document_checks.rs"]
mod document_checks;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sprite_data::document::{
    Animation, Cell, Document, FrameTile, LayerCue, PriorityCue, Sequence, SequenceEvent, Sheet,
    Stage, StartCue,
};
use sprite_data::{CellId, FrameIndex, SequenceIndex, Slot};

#[global_allocator]
static ALLOCATOR: document_checks::Counting = document_checks::Counting;

/// A cell's size: one of the SHP tile sizes (`fft_formats::shp::TILE_SIZES`), or for one pick in
/// seventeen 40 x 40, which no tile has.
fn cell_size(pick: u8) -> (u32, u32) {
    let sizes = &fft_formats::shp::TILE_SIZES;
    match sizes.get(usize::from(pick) % (sizes.len() + 1)) {
        Some(&(w, h)) => (u32::from(w), u32::from(h)),
        None => (40, 40),
    }
}

#[derive(Debug, Arbitrary)]
struct ArbDocument {
    water_offset: u16,
    idle_frames: Vec<u16>,
    idle_flip: Option<Vec<u8>>,
    cells: Vec<(u8, u8, u8, u32)>,
    frames: Vec<Vec<(u16, i32, i32, u8)>>,
    sequences: Vec<ArbSequence>,
    animations: Vec<ArbAnimation>,
    ticks_per_second: u16,
    tall_sheet: bool,
    sp2: bool,
    ids_as_positions: bool,
    frames_twice_water: bool,
}

#[derive(Debug, Arbitrary)]
struct ArbSequence {
    raw: u16,
    looping: bool,
    frames: Vec<u16>,
    ticks: Vec<u16>,
    moves: Option<(Vec<i32>, Vec<i32>)>,
    rl: Option<Vec<i32>>,
    flip: Option<Vec<u8>>,
    sheet: Option<u8>,
    events: Vec<(u32, bool)>,
    cues: Option<Vec<ArbCue>>,
}

/// A layer cue: its tick, and a priority with its order's names, or (layer, slot).
type ArbCue = (u32, Result<(u16, Vec<u8>), (u16, u16)>);

#[derive(Debug, Arbitrary)]
struct ArbAnimation {
    name: u8,
    front: u16,
    back: u16,
    looping: bool,
    hit_tick: Option<u32>,
    water: bool,
}

fn document(a: ArbDocument) -> Document {
    let cells = a
        .cells
        .iter()
        .enumerate()
        .map(|(i, &(x, y, size, id))| {
            let (w, h) = cell_size(size);
            Cell {
                id: CellId(if a.ids_as_positions { i as u32 } else { id }),
                x: u32::from(x % 33) * 8,
                y: u32::from(y % 62) * 8,
                w,
                h,
            }
        })
        .collect();
    let mut frames: Vec<Vec<FrameTile>> = a
        .frames
        .iter()
        .map(|tiles| {
            tiles
                .iter()
                .map(|&(cell, u, v, flips)| FrameTile {
                    cell: CellId(u32::from(cell)),
                    u: u % 300,
                    v: v % 300,
                    flip: flips & 1 == 1,
                    flip_y: flips & 2 == 2,
                })
                .collect()
        })
        .collect();
    if a.frames_twice_water {
        let main = frames.len();
        frames.extend_from_within(..main);
    }
    let water_offset = if a.frames_twice_water {
        (frames.len() / 2) as u32
    } else {
        u32::from(a.water_offset)
    };
    let sequences = a
        .sequences
        .into_iter()
        .enumerate()
        .map(|(i, s)| Sequence {
            seq: SequenceIndex(if a.ids_as_positions {
                i as u32
            } else {
                u32::from(s.raw)
            }),
            raw: Slot(u32::from(s.raw)),
            name: format!("Sequence {i}"),
            looping: s.looping,
            frames: s.frames.iter().map(|&f| FrameIndex(f.into())).collect(),
            ticks: s.ticks.iter().map(|&t| u32::from(t)).collect(),
            fb: s.moves.as_ref().map(|m| m.0.clone()),
            du: s.moves.map(|m| m.1),
            rl: s.rl,
            flip: s.flip,
            sheet: s.sheet,
            events: s
                .events
                .iter()
                .map(|&(tick, hit)| {
                    let label = if hit {
                        "PostGenericAttack"
                    } else {
                        "PlaySound"
                    };
                    SequenceEvent(tick, label.into())
                })
                .collect(),
            layers: s.cues.map(|cues| {
                cues.into_iter()
                    .map(|(tick, cue)| match cue {
                        Ok((priority, order)) => LayerCue::Priority(PriorityCue {
                            tick,
                            priority: u32::from(priority),
                            order: order
                                .iter()
                                .map(|&n| {
                                    ["unit", "weapon", "effect", "text", "sword"]
                                        [usize::from(n % 5)]
                                    .to_owned()
                                })
                                .collect(),
                        }),
                        Err((layer, slot)) => LayerCue::Start(StartCue {
                            tick,
                            layer: u32::from(layer % 4),
                            slot: Slot(u32::from(slot)),
                        }),
                    })
                    .collect()
            }),
        })
        .collect();
    let animations = a
        .animations
        .iter()
        .map(|x| Animation {
            name: format!("Animation {}", x.name),
            category: "Fuzz".into(),
            front: SequenceIndex(u32::from(x.front)),
            back: SequenceIndex(u32::from(x.back)),
            looping: x.looping,
            hit_tick: x.hit_tick,
            water: x.water,
            mode: None,
        })
        .collect();
    Document {
        format: sprite_data::document::FORMAT.into(),
        format_version: sprite_data::document::FORMAT_VERSION,
        version: "0.1.0".into(),
        notice: "fuzz".into(),
        sheet: Sheet {
            file: "FUZZ.SPR".into(),
            width: 256,
            height: if a.tall_sheet { 488 } else { 256 },
        },
        sp2: a.sp2.then(|| Sheet {
            file: "FUZZ.SP2".into(),
            width: 256,
            height: 256,
        }),
        stage: Stage {
            origin_column: 53,
            stance_row: 103,
            stance_width: 32,
            stance_height: 40,
            ticks_per_second: u32::from(a.ticks_per_second),
        },
        water_offset,
        idle_frames: a
            .idle_frames
            .iter()
            .map(|&f| FrameIndex(f.into()))
            .collect(),
        idle_flip: a.idle_flip,
        cells,
        frames,
        sequences,
        animations,
        hands: None,
        holds: None,
        held_item_scale: sprite_data::document::HELD_ITEM_SCALE,
    }
}

fuzz_target!(|arb: ArbDocument| {
    let doc = document(arb);
    let accepted = sprite_data::load::check_document(&doc).is_ok();
    let bytes = sprite_data::to_canonical_bytes(&doc);
    if accepted {
        let back = sprite_data::parse_document(&bytes, "fuzz.json").unwrap_or_else(|e| {
            panic!("the rules accept it, its canonical bytes do not load: {e}")
        });
        assert!(
            back == doc,
            "the canonical bytes load back as another document"
        );
    }
    document_checks::check_bytes(&bytes);
});
