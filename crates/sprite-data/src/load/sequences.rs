//! Stage 4 for a unit's sequences: each against its frames, its per-frame lists, its moves, its
//! events and its layer cues, and all of them against the limits.

use crate::document::{Document, Sequence};
use crate::limits::{
    MAX_MOVE, MAX_SEQUENCE_EVENTS, MAX_SEQUENCE_FRAMES, MAX_SEQUENCES, MAX_TOTAL_SEQUENCE_FRAMES,
};

use super::parts::{check_cues, check_main_frame};
use super::problems::Problems;

/// The event labels a sequence carries.
const EVENT_LABELS: [&str; 2] = ["PlaySound", "PostGenericAttack"];

pub(super) fn check_sequences(doc: &Document, p: &mut Problems) {
    p.at_most(
        "/sequences",
        "sequences",
        doc.sequences.len(),
        MAX_SEQUENCES,
        "MAX_SEQUENCES",
    );
    let total: usize = doc.sequences.iter().map(|s| s.frames.len()).sum();
    p.at_most(
        "/sequences",
        "frames in all sequences",
        total,
        MAX_TOTAL_SEQUENCE_FRAMES,
        "MAX_TOTAL_SEQUENCE_FRAMES",
    );
    for (i, sequence) in doc.sequences.iter().enumerate().take(MAX_SEQUENCES + 1) {
        check_sequence(doc, i, sequence, p);
    }
    if doc.draws_from_sp2() && doc.sp2.is_none() {
        p.add(
            "/sp2",
            "missing, but some sequence has \"sheet\": 1 (draws from a second sheet)",
        );
    }
}

fn check_sequence(doc: &Document, i: usize, s: &Sequence, p: &mut Problems) {
    let path = format!("/sequences/{i}");
    if s.seq.index() != i {
        p.add(
            format!("{path}/seq"),
            format!("{}; a sequence's seq is its position, {i}", s.seq),
        );
    }
    if s.raw.index() >= fft_formats::seq::SLOT_ENTRIES {
        p.add(
            format!("{path}/raw"),
            format!(
                "{}; a SEQ slot is 0..{}",
                s.raw,
                fft_formats::seq::SLOT_ENTRIES - 1
            ),
        );
    }
    if s.name.is_empty() {
        p.add(format!("{path}/name"), "empty");
    }
    let frames = s.frames.len();
    if frames == 0 {
        p.add(
            format!("{path}/frames"),
            "empty; a sequence shows at least one frame",
        );
    }
    p.at_most(
        format!("{path}/frames"),
        "frames",
        frames,
        MAX_SEQUENCE_FRAMES,
        "MAX_SEQUENCE_FRAMES",
    );
    for (k, &frame) in s.frames.iter().enumerate().take(MAX_SEQUENCE_FRAMES + 1) {
        check_main_frame(doc, &format!("{path}/frames/{k}"), frame, p);
    }
    let mut same_length = |list: &str, len: Option<usize>| {
        if let Some(len) = len.filter(|&len| len != frames) {
            p.add(
                format!("{path}/{list}"),
                format!("{len} entries for the sequence's {frames} frames"),
            );
        }
    };
    same_length("ticks", Some(s.ticks.len()));
    same_length("fb", s.fb.as_ref().map(Vec::len));
    same_length("du", s.du.as_ref().map(Vec::len));
    same_length("rl", s.rl.as_ref().map(Vec::len));
    same_length("flip", s.flip.as_ref().map(Vec::len));
    if let Some((k, &delay)) = s.ticks.iter().enumerate().find(|(_, t)| **t > 255) {
        p.add(
            format!("{path}/ticks/{k}"),
            format!("{delay}; a delay is a byte, 0..255"),
        );
    }
    match (&s.fb, &s.du) {
        (Some(fb), Some(du)) => {
            if fb.iter().chain(du).all(|&m| m == 0) {
                p.add(format!("{path}/fb"), "fb and du are all 0; leave both out");
            }
        }
        (Some(_), None) => p.add(format!("{path}/du"), "missing; fb and du come together"),
        (None, Some(_)) => p.add(format!("{path}/fb"), "missing; fb and du come together"),
        (None, None) => {}
    }
    for (list, values) in [("fb", &s.fb), ("du", &s.du), ("rl", &s.rl)] {
        let Some(values) = values else { continue };
        if let Some((k, &m)) = values
            .iter()
            .enumerate()
            .find(|(_, m)| m.unsigned_abs() > MAX_MOVE.unsigned_abs())
        {
            p.add(
                format!("{path}/{list}/{k}"),
                format!("a move of {m} pixels, over the limit of ±{MAX_MOVE} (MAX_MOVE)"),
            );
        }
    }
    if s.rl.as_ref().is_some_and(|rl| rl.iter().all(|&m| m == 0)) {
        p.add(format!("{path}/rl"), "all 0; leave it out");
    }
    if let Some(flip) = &s.flip {
        if let Some((k, &f)) = flip.iter().enumerate().find(|(_, f)| **f > 1) {
            p.add(
                format!("{path}/flip/{k}"),
                format!("{f}; each entry is 0 or 1"),
            );
        }
        if !flip.contains(&1) {
            p.add(format!("{path}/flip"), "all 0; leave it out");
        }
    }
    if let Some(sheet) = s.sheet.filter(|&sheet| sheet != 1) {
        p.add(
            format!("{path}/sheet"),
            format!("{sheet}; present only as 1"),
        );
    }
    p.at_most(
        format!("{path}/events"),
        "events",
        s.events.len(),
        MAX_SEQUENCE_EVENTS,
        "MAX_SEQUENCE_EVENTS",
    );
    let total: u64 = s.ticks.iter().map(|&t| u64::from(t)).sum();
    check_cues(&path, s.layers.as_deref(), total, p);
    for (k, event) in s.events.iter().enumerate().take(MAX_SEQUENCE_EVENTS + 1) {
        if !EVENT_LABELS.contains(&event.1.as_str()) {
            let shown: String = event.1.chars().take(64).collect();
            p.add(
                format!("{path}/events/{k}/1"),
                format!("{shown:?} is not an event; PlaySound or PostGenericAttack"),
            );
        }
        if u64::from(event.0) > total {
            p.add(
                format!("{path}/events/{k}/0"),
                format!("tick {} is past the sequence's {total} ticks", event.0),
            );
        }
    }
}
