//! From a decoded SHP + SEQ and a profile to the document, field by field as
//! docs/derivation.md derives them ([`build`]); and from the files' bytes to the document and its
//! canonical bytes ([`build_document`]), the pure build every tool runs (finding and reading the
//! files, and saying whether they are retail, is `sprite-inputs`').

use fft_formats::layer::layer_order;
use fft_formats::shp::{Frame, SheetRect, Tile};
use fft_formats::{Seq, UnitShp};

use crate::canonical::to_canonical_bytes;
use crate::document::{
    Animation, Cell, Document, FORMAT, FORMAT_VERSION, FrameTile, HELD_ITEM_SCALE, LayerCue,
    PriorityCue, SHEET_SIZE, Sequence, SequenceEvent, Sheet, Stage, StartCue,
};
use crate::error::{Error, ErrorKind};
use crate::execution::{Cue, CueKind, End, EventKind, Program, Timeline, TimelineFrame};
use crate::index::{CellId, FrameIndex, SequenceIndex, Slot};
use crate::profile::{Profile, Slots};

/// A file's bytes and its name in messages (its path, or `IMAGE:BATTLE/TYPE1.SHP`): what the
/// builders take, so a decoder's error names the file.
#[derive(Debug, Clone, Copy)]
pub struct NamedBytes<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

impl NamedBytes<'_> {
    /// The decoder's `error` about this file, in the context of its name.
    pub(crate) fn decode_error(&self, error: fft_formats::Error) -> Error {
        ErrorKind::Decode(error).in_context(self.name)
    }
}

/// The files a profile's `hands` and `holds` overlays name ([`Profile::hands`],
/// [`Profile::holds`]), as read by the caller: this crate reads no file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Overlays<'a> {
    pub hands: Option<NamedBytes<'a>>,
    pub holds: Option<NamedBytes<'a>>,
}

/// Decodes both files, builds the document with the profile and its overlays' files, and writes
/// its canonical bytes: the build itself, with no hashing (the benchmarks time this).
///
/// # Errors
/// A file that does not decode (named, with the offset), a build error, an overlay that is not
/// JSON.
pub fn build_document(
    shp: NamedBytes,
    seq: NamedBytes,
    profile: &Profile,
    overlays: Overlays,
    sheet_file: Option<&str>,
) -> Result<(Built, Vec<u8>), Error> {
    let decoded_shp = UnitShp::decode(shp.bytes).map_err(|error| shp.decode_error(error))?;
    let decoded_seq = Seq::decode(seq.bytes).map_err(|error| seq.decode_error(error))?;
    let hands = overlays.hands.map(parse_overlay).transpose()?;
    let holds = overlays.holds.map(parse_overlay).transpose()?;
    let built = build(&BuildInput {
        shp: &decoded_shp,
        seq: &decoded_seq,
        profile,
        sheet_file,
        hands: hands.as_ref(),
        holds: holds.as_ref(),
    })?;
    let bytes = to_canonical_bytes(&built.document);
    Ok((built, bytes))
}

/// A profile's `hands` or `holds` overlay file, parsed.
fn parse_overlay(file: NamedBytes) -> Result<serde_json::Value, Error> {
    // Text first, in the words a file read as text fails in (`stream did not contain valid
    // UTF-8`), then JSON.
    let text = std::io::read_to_string(file.bytes)
        .map_err(|e| ErrorKind::Read(e).in_context(file.name))?;
    serde_json::from_str(&text).map_err(|e| ErrorKind::NotJson(e.to_string()).in_context(file.name))
}

/// Everything a build reads.
#[derive(Debug, Clone, Copy)]
pub struct BuildInput<'a> {
    pub shp: &'a UnitShp,
    pub seq: &'a Seq,
    pub profile: &'a Profile,
    /// `sheet.file`, when not the profile's.
    pub sheet_file: Option<&'a str>,
    /// The `hands` and `holds` overlays, already read.
    pub hands: Option<&'a serde_json::Value>,
    pub holds: Option<&'a serde_json::Value>,
}

/// A built document and what the build noticed on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    pub document: Document,
    /// Things a user should know that do not stop the build (skipped counted loops, slots with no
    /// name in the profile, profile animations whose slots were not kept).
    pub warnings: Vec<String>,
}

/// Builds the document.
///
/// # Errors
/// A slot that does not end, a frame index outside the main table, an idle frame outside it, an
/// overlay that is not a JSON object; each in the context of the profile's kind.
pub fn build(input: &BuildInput) -> Result<Built, Error> {
    let BuildInput {
        shp, seq, profile, ..
    } = *input;
    let kind = profile.kind.as_str();
    let mut warnings = Vec::new();
    let frame_count = shp.frame_count();
    for (view, &frame) in profile.idle_frames.iter().enumerate() {
        if frame.index() >= frame_count {
            return Err(ErrorKind::IdleFrameOutOfRange {
                view,
                frame,
                count: frame_count,
            }
            .in_context(kind));
        }
    }

    let (cells, frames) = cells_and_frames(shp, profile);
    let kept = kept_slots(seq, kind, frame_count, &mut warnings)?;
    // Slot-indexed tables: a slot is at most 255, so plain vectors beat hashing.
    let mut sequence_of_slot = vec![None; seq.slots.len()];
    for (index, (slot, _)) in kept.iter().enumerate() {
        sequence_of_slot[slot.index()] = Some(SequenceIndex(index as u32));
    }
    let mut names = slot_names(profile, seq.slots.len());
    let sequences: Vec<Sequence> = kept
        .iter()
        .enumerate()
        .map(|(index, (slot, timeline))| {
            let name = names[slot.index()].take().unwrap_or_else(|| {
                warnings.push(format!("{kind}: slot {slot} is kept but no profile animation names it; called \"Slot {slot}\""));
                format!("Slot {slot}")
            });
            let index = SequenceIndex(index as u32);
            sequence(index, *slot, name, timeline, second_sheet(seq, *slot))
        })
        .collect();
    let sp2 = sequences.iter().any(|s| s.sheet.is_some()).then(|| {
        let file = profile.sp2_file.clone().unwrap_or_else(|| {
            warnings.push(format!(
                "{kind}: slots from {} on draw from a second sheet, but the profile names none (`sp2_file`); called \"SP2\"",
                seq.second_sheet_slots_from
            ));
            "SP2".into()
        });
        Sheet {
            file,
            width: SHEET_SIZE.0,
            height: SP2_HEIGHT,
        }
    });
    let animations = animations(profile, shp, &sequences, &sequence_of_slot, &mut warnings);

    let overlay = |value: Option<&serde_json::Value>, what| match value {
        Some(v) if !v.is_object() => Err(ErrorKind::OverlayNotObject { what }.in_context(kind)),
        v => Ok(v.cloned()),
    };
    let stage = &profile.stage;
    let document = Document {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        version: env!("CARGO_PKG_VERSION").into(),
        notice: profile.notice.clone(),
        sheet: Sheet {
            file: input.sheet_file.unwrap_or(&profile.sheet_file).into(),
            width: SHEET_SIZE.0,
            height: profile.sheet_height,
        },
        sp2,
        stage: Stage {
            origin_column: stage.origin_column,
            stance_row: stage.stance_row,
            stance_width: stage.stance_width,
            stance_height: stage.stance_height,
            ticks_per_second: stage.ticks_per_second,
        },
        water_offset: frame_count as u32,
        idle_frames: profile.idle_frames.to_vec(),
        idle_flip: profile
            .idle_flip
            .filter(|flips| flips.contains(&1))
            .map(|flips| flips.to_vec()),
        cells,
        frames,
        sequences,
        animations,
        hands: overlay(input.hands, "hands")?,
        holds: overlay(input.holds, "holds")?,
        held_item_scale: HELD_ITEM_SCALE,
    };
    Ok(Built { document, warnings })
}

/// The main frames then the water frames (docs/derivation.md "cells", "frames"). A kind with no
/// water table (MON.SHP, ARUTE, KANZEN: `water_ptr` 8) repeats its main frames as their own water
/// copies, so that `frame + waterOffset` is always a frame and every document has one shape: the
/// game has nothing else to draw for such a unit in water, and the tools that read these files
/// draw the main frame (TacticsEngineG `Shp.get_frame` without submerged data).
fn cells_and_frames(shp: &UnitShp, profile: &Profile) -> (Vec<Cell>, Vec<Vec<FrameTile>>) {
    let tables: [&[Frame]; 2] = [&shp.main, shp.water.as_deref().unwrap_or(&shp.main)];
    let du = profile.stage.anchor_column - profile.stage.origin_column;
    let dv = profile.stage.anchor_row - profile.stage.stance_row;
    let mut cells: Vec<Cell> = Vec::with_capacity(256);
    // A cell is fixed by its tile's column, row (with the half) and size code: 32 x 64 x 16 keys,
    // so there are fewer than 2^15 cells and a u16 table of 64 KiB maps a key to its id.
    const NONE: u16 = u16::MAX;
    let mut cell_ids = vec![NONE; 32 * 64 * 16];
    let mut frames = Vec::with_capacity(2 * shp.frame_count());
    for table in tables {
        for (index, frame) in table.iter().enumerate() {
            let lower = shp.in_lower_half(index);
            frames.push(frame_tiles(frame, lower, [du, dv], |tile, rect| {
                let key = (usize::from(tile.column & 0x1F) * 64 + (rect.y / 8) as usize) * 16
                    + usize::from(tile.size_code & 0x0F);
                if cell_ids[key] == NONE {
                    cell_ids[key] = cells.len() as u16;
                    cells.push(Cell {
                        id: CellId(u32::from(cell_ids[key])),
                        x: rect.x,
                        y: rect.y,
                        w: rect.w,
                        h: rect.h,
                    });
                }
                CellId(u32::from(cell_ids[key]))
            }));
        }
    }
    (cells, frames)
}

/// A frame's tiles back to front (the SHP lists them front to back), each of the cell `cell_of`
/// gives it and centred `offset` from where the SHP places it; `lower` picks the sheet's lower
/// half ([`Tile::sheet_rect`]). Unit and layer documents place their tiles alike.
pub(crate) fn frame_tiles(
    frame: &Frame,
    lower: bool,
    offset: [i32; 2],
    mut cell_of: impl FnMut(&Tile, SheetRect) -> CellId,
) -> Vec<FrameTile> {
    let mut tiles: Vec<FrameTile> = frame
        .tiles
        .iter()
        .map(|tile| {
            let rect = tile.sheet_rect(lower);
            FrameTile {
                cell: cell_of(tile, rect),
                u: i32::from(tile.dx) + rect.w as i32 / 2 + offset[0],
                v: i32::from(tile.dy) + rect.h as i32 / 2 + offset[1],
                flip: tile.flip_x,
                flip_y: tile.flip_y,
            }
        })
        .collect();
    tiles.reverse();
    tiles
}

/// Slots in table order whose offset no earlier slot has and whose execution shows a frame,
/// with their timelines. Every frame must be a main frame.
fn kept_slots(
    seq: &Seq,
    kind: &str,
    frame_count: usize,
    warnings: &mut Vec<String>,
) -> Result<Vec<(Slot, Timeline)>, Error> {
    let program = Program::new(seq);
    let mut seen = vec![false; seq.commands.len() + 1];
    let mut kept = Vec::new();
    for (slot, start) in seq.slots.iter().enumerate() {
        if std::mem::replace(&mut seen[start.index()], true) {
            continue;
        }
        let slot = Slot(slot as u32);
        let timeline = program
            .execute(slot)
            .map_err(|error| error.in_context(kind))?;
        for skipped in &timeline.skipped_loops {
            warnings.push(format!(
                "{kind}: slot {slot}: counted loop at stream offset 0x{:X} jumps to 0x{:X}, outside the slot's segment; not replayed",
                skipped.offset, skipped.target
            ));
        }
        if timeline.frames.is_empty() {
            continue;
        }
        if let Some(bad) = timeline
            .frames
            .iter()
            .find(|f| !(0..frame_count as i32).contains(&f.frame))
        {
            return Err(ErrorKind::FrameOutOfRange {
                slot,
                frame: bad.frame,
                count: frame_count,
            }
            .in_context(kind));
        }
        kept.push((slot, timeline));
    }
    Ok(kept)
}

/// Each slot's sequence name, by slot: the animation's name plus " Fwd" (even slot, facing the
/// camera) or " Bck"; a single-slot animation's name as it is. Slots past the file's are ignored:
/// their animations are left out later with a warning.
fn slot_names(profile: &Profile, slots: usize) -> Vec<Option<String>> {
    let mut names = vec![None; slots];
    let mut name = |slot: Slot, text: String| {
        if let Some(entry) = names.get_mut(slot.index()) {
            *entry = Some(text);
        }
    };
    for a in &profile.animations {
        match a.slots {
            Slots::Single(slot) => name(slot, a.name.clone()),
            Slots::Pair { front, back } => {
                name(front, format!("{} Fwd", a.name));
                name(back, format!("{} Bck", a.name));
            }
        }
    }
    names
}

/// The height of an SP2 sheet (docs/formats/spr.md 4.6).
pub const SP2_HEIGHT: u32 = fft_formats::spr::SP2_SIZE.1 as u32;

/// Whether a slot draws from the second sheet: MON.SEQ's header `BB` (194) is the first such slot
/// ([`Seq::second_sheet_from`]; every other SEQ has none, docs/formats/seq.md 3.1). Such a slot
/// shows ordinary SHP frames; the game loads the SP2 where the sheet's lower half was, so the tiles
/// of frames from `lower_half_from` on read the SP2 at the same row within the half (checked by
/// drawing MON.SHP frames with BEHI.SPR and BEHI2.SP2; profiles/mon.toml has the details).
pub fn second_sheet(seq: &Seq, slot: Slot) -> bool {
    seq.second_sheet_from()
        .is_some_and(|from| slot.index() >= usize::from(from))
}

fn sequence(
    seq: SequenceIndex,
    slot: Slot,
    name: String,
    timeline: &Timeline,
    second_sheet: bool,
) -> Sequence {
    let frames = &timeline.frames;
    // A list is written only when some value is non-zero; fb and du come as a pair.
    let moves = |f: fn(&TimelineFrame) -> i32| frames.iter().any(|frame| f(frame) != 0);
    let list = |f: fn(&TimelineFrame) -> i32| frames.iter().map(f).collect::<Vec<i32>>();
    let (fb, du) = if moves(|f| f.fb) || moves(|f| f.du) {
        (Some(list(|f| f.fb)), Some(list(|f| f.du)))
    } else {
        (None, None)
    };
    Sequence {
        seq,
        raw: slot,
        name,
        looping: timeline.end == End::Loop,
        frames: frames.iter().map(|f| FrameIndex(f.frame as u32)).collect(),
        ticks: frames.iter().map(|f| u32::from(f.delay_ticks)).collect(),
        fb,
        du,
        rl: moves(|f| f.rl).then(|| list(|f| f.rl)),
        flip: frames
            .iter()
            .any(|f| f.flip)
            .then(|| frames.iter().map(|f| u8::from(f.flip)).collect()),
        sheet: second_sheet.then_some(1),
        events: timeline
            .events
            .iter()
            .map(|e| SequenceEvent(e.tick, e.kind.label().into()))
            .collect(),
        layers: layer_cues(&timeline.cues),
    }
}

/// The document's form of a timeline's layer cues; `None` when it has none.
pub fn layer_cues(cues: &[Cue]) -> Option<Vec<LayerCue>> {
    if cues.is_empty() {
        return None;
    }
    let cue = |cue: &Cue| match cue.kind {
        CueKind::SetLayerPriority { priority } => LayerCue::Priority(PriorityCue {
            tick: cue.tick,
            priority: priority.into(),
            order: layer_order(priority)
                .map(|order| order.iter().map(|l| l.name().to_owned()).collect())
                .unwrap_or_default(),
        }),
        CueKind::QueueSpriteAnim { layer, slot } => LayerCue::Start(StartCue {
            tick: cue.tick,
            layer: layer.into(),
            slot: Slot(slot.into()),
        }),
    };
    Some(cues.iter().map(cue).collect())
}

fn animations(
    profile: &Profile,
    shp: &UnitShp,
    sequences: &[Sequence],
    sequence_of_slot: &[Option<SequenceIndex>],
    warnings: &mut Vec<String>,
) -> Vec<Animation> {
    let kind = &profile.kind;
    let mut out = Vec::with_capacity(profile.animations.len());
    for a in &profile.animations {
        let (front, back) = match a.slots {
            Slots::Single(slot) => (slot, slot),
            Slots::Pair { front, back } => (front, back),
        };
        let kept = |slot: Slot| sequence_of_slot.get(slot.index()).copied().flatten();
        let (Some(front), Some(back)) = (kept(front), kept(back)) else {
            warnings.push(format!(
                "{kind}: animation {:?} left out: its slots are not kept (no frames, or aliased to an earlier slot)",
                a.name
            ));
            continue;
        };
        let front_sequence = &sequences[front.index()];
        out.push(Animation {
            name: a.name.clone(),
            category: a.category.clone(),
            front,
            back,
            looping: front_sequence.looping,
            hit_tick: front_sequence
                .events
                .iter()
                .find(|e| e.1 == EventKind::PostGenericAttack.label())
                .map(|e| e.0),
            water: water_only(shp, &front_sequence.frames),
            mode: a.mode.clone(),
        });
    }
    out
}

/// True when every frame is blank in the main table (its record equals frame 0's) and some frame
/// is not blank in the water table.
fn water_only(shp: &UnitShp, frames: &[FrameIndex]) -> bool {
    let Some(water) = &shp.water else {
        return false;
    };
    let blank = |table: &[Frame], i: FrameIndex| table.get(i.index()) == table.first();
    frames.iter().all(|&i| blank(&shp.main, i)) && frames.iter().any(|&i| !blank(water, i))
}
