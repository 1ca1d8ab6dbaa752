//! What a document holds, animation by animation: the listing `tactics-sprite list` prints (and
//! `inspect` of a document), as text or JSON. Each animation with the slot each view plays (the
//! front sequence in the views that face the camera, the back one in the others: docs/format.md
//! "The draw algorithm"), its length in ticks, its events and the layers it starts. Idle is no
//! animation of the list (it has no sequence, only a frame per view, `idleFrames`): the listing
//! says so apart, and counts the animations alone.

use serde::Serialize;

use faults::Shown;
use fft_formats::text::seq::SlotNames;

use crate::document::{Document, LayerCue, Sequence};
use crate::index::{SequenceIndex, Slot, View};
use crate::pose::{IDLE, total_ticks};
use crate::profile::{Profile, Slots};

/// Every animation of a document, in its order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub animations: Vec<AnimationEntry>,
    /// The name that draws the idle frames (`Idle`), which is not one of `animations`.
    pub idle: &'static str,
}

/// One animation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnimationEntry {
    pub name: String,
    pub category: String,
    #[serde(rename = "loop")]
    pub looping: bool,
    pub hit_tick: Option<u32>,
    /// Whether it is drawn in its water frames only.
    pub water: bool,
    /// What each view plays: one entry when the front and back sequences are one (every view
    /// plays it), else the front's then the back's.
    pub plays: Vec<ViewsEntry>,
}

/// A sequence and the views that play it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewsEntry {
    /// The views, 0..7, in order.
    pub views: Vec<u8>,
    pub sequence: SequenceIndex,
    /// The SEQ slot it was executed from.
    pub slot: Slot,
    /// The sum of its delays.
    pub ticks: u64,
    /// `[tick, label]`, as the document holds them.
    pub events: Vec<(u32, String)>,
    /// The layers it starts (`QueueSpriteAnim`), at their ticks.
    pub layers: Vec<StartedLayer>,
}

/// A layer a sequence starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StartedLayer {
    pub tick: u32,
    /// `weapon` or `effect` (the number when it names neither).
    pub layer: String,
    pub slot: Slot,
}

impl Listing {
    /// The listing of `doc`. A sequence an animation names that the document lacks is listed
    /// with no slot and no ticks (a loaded document has none).
    pub fn of(doc: &Document) -> Listing {
        let animations = doc
            .animations
            .iter()
            .map(|animation| {
                let plays = if animation.front == animation.back {
                    vec![entry(doc, animation.front, (0..8).collect())]
                } else {
                    vec![
                        entry(doc, animation.front, views_of(false)),
                        entry(doc, animation.back, views_of(true)),
                    ]
                };
                AnimationEntry {
                    name: animation.name.clone(),
                    category: animation.category.clone(),
                    looping: animation.looping,
                    hit_tick: animation.hit_tick,
                    water: animation.water,
                    plays,
                }
            })
            .collect();
        Listing {
            animations,
            idle: IDLE,
        }
    }

    /// The listing as text: a line of counts, then each animation and what each view plays.
    pub fn to_text(&self, file: &str) -> String {
        let mut out = format!(
            "{file}: {} animation{}; {} (not an animation: one idle frame per view) apart\n",
            self.animations.len(),
            if self.animations.len() == 1 { "" } else { "s" },
            self.idle
        );
        for animation in &self.animations {
            let mut about = vec![Shown(&animation.category).to_string()];
            if animation.looping {
                about.push("loops".to_owned());
            }
            if let Some(tick) = animation.hit_tick {
                about.push(format!("hit at tick {tick}"));
            }
            if animation.water {
                about.push("in water only".to_owned());
            }
            out.push_str(&format!(
                "{} ({})\n",
                Shown(&animation.name),
                about.join(", ")
            ));
            let single = animation.plays.len() == 1;
            for (i, play) in animation.plays.iter().enumerate() {
                let side = match (single, i) {
                    (true, _) => "every view",
                    (false, 0) => "front",
                    (false, _) => "back",
                };
                let views = if single {
                    String::new()
                } else {
                    format!(", views {}", views_in_words(&play.views))
                };
                let length = match play.ticks {
                    0 => "holds its frame".to_owned(),
                    1 => "1 tick".to_owned(),
                    ticks => format!("{ticks} ticks"),
                };
                let mut line = format!("  {side:<11}slot {}{views}: {length}", play.slot);
                for (tick, label) in &play.events {
                    line.push_str(&format!("; {label} at {tick}"));
                }
                for started in &play.layers {
                    line.push_str(&format!(
                        "; starts {} slot {} at {}",
                        started.layer, started.slot, started.tick
                    ));
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }
}

/// What sequence `index` plays, for `views`.
fn entry(doc: &Document, index: SequenceIndex, views: Vec<u8>) -> ViewsEntry {
    let sequence: Option<&Sequence> = doc.sequences.get(index.index());
    ViewsEntry {
        views,
        sequence: index,
        slot: sequence.map_or(Slot(0), |s| s.raw),
        ticks: sequence.map_or(0, total_ticks),
        events: sequence
            .map(|s| s.events.iter().map(|e| (e.0, e.1.clone())).collect())
            .unwrap_or_default(),
        layers: sequence
            .and_then(|s| s.layers.as_ref())
            .map(|cues| {
                cues.iter()
                    .filter_map(|cue| match cue {
                        LayerCue::Start(start) => Some(StartedLayer {
                            tick: start.tick,
                            layer: start
                                .started_layer()
                                .map_or_else(|| start.layer.to_string(), |l| l.name().to_owned()),
                            slot: start.slot,
                        }),
                        LayerCue::Priority(_) => None,
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// The views that play the front sequence of a pair (facing the camera) or the back one.
pub fn views_of(back: bool) -> Vec<u8> {
    View::ALL
        .iter()
        .filter(|v| v.is_back() == back)
        .map(|v| v.number())
        .collect()
}

/// What a profile says of each slot it names, for the comments of a SEQ text: `Walk: front,
/// views 0-2 and 7`, `Walk: back, views 3-6`, `Face Down: every view`. A slot two animations
/// play is named for both.
pub fn slot_names(profile: &Profile, source: &str) -> SlotNames {
    let mut names = SlotNames {
        source: Some(source.to_owned()),
        ..SlotNames::default()
    };
    let mut name = |slot: Slot, text: String| {
        names
            .slots
            .entry(slot.0 as usize)
            .and_modify(|named| {
                named.push_str("; ");
                named.push_str(&text);
            })
            .or_insert(text);
    };
    for animation in &profile.animations {
        match animation.slots {
            Slots::Single(slot) => name(slot, format!("{}: every view", animation.name)),
            Slots::Pair { front, back } => {
                let side = |which: &str, back: bool| {
                    format!(
                        "{}: {which}, views {}",
                        animation.name,
                        views_in_words(&views_of(back))
                    )
                };
                name(front, side("front", false));
                name(back, side("back", true));
            }
        }
    }
    names
}

/// The animations of `profile` that play any of `slots`, each with the slots of it among them:
/// `Walk (slots 6 front, 7 back)`; and the slots no animation plays.
pub fn animations_playing(profile: &Profile, slots: &[Slot]) -> (Vec<String>, Vec<Slot>) {
    let mut named = Vec::new();
    let mut played = Vec::new();
    for animation in &profile.animations {
        let sides: Vec<String> = match animation.slots {
            Slots::Single(slot) => vec![(slot, "")],
            Slots::Pair { front, back } => vec![(front, " front"), (back, " back")],
        }
        .into_iter()
        .filter(|(slot, _)| slots.contains(slot))
        .map(|(slot, side)| {
            played.push(slot);
            format!("{slot}{side}")
        })
        .collect();
        if !sides.is_empty() {
            let noun = if sides.len() == 1 { "slot" } else { "slots" };
            named.push(format!("{} ({noun} {})", animation.name, sides.join(", ")));
        }
    }
    let unnamed = slots
        .iter()
        .copied()
        .filter(|slot| !played.contains(slot))
        .collect();
    (named, unnamed)
}

/// Views as runs: `0-2 and 7`, `3-6`.
pub fn views_in_words(views: &[u8]) -> String {
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for &view in views {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == view => *last = view,
            _ => runs.push((view, view)),
        }
    }
    let runs: Vec<String> = runs
        .iter()
        .map(|&(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            }
        })
        .collect();
    match runs.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/format.md "The draw algorithm": pattern [0,1,1,2,2,3,3,0][view], back when >= 2.
    #[test]
    fn the_front_plays_in_views_facing_the_camera() {
        let front = views_of(false);
        assert_eq!(front, [0, 1, 2, 7]);
        assert_eq!(views_in_words(&front), "0-2 and 7");
        assert_eq!(views_in_words(&[3, 4, 5, 6]), "3-6");
        assert_eq!(views_in_words(&[1, 3, 5]), "1, 3 and 5");
    }

    /// profiles/demo.toml: Blank is slot 0 in every view, Walk slots 6 (front) and 7 (back),
    /// Attack 14 and 15; slots 10-13 are no animation's.
    #[test]
    fn slots_are_named_by_the_animations_of_the_profile() {
        let demo = Profile::demo();
        let names = slot_names(&demo, "the demo profile");
        assert_eq!(names.slots[&0], "Blank: every view");
        assert_eq!(names.slots[&6], "Walk: front, views 0-2 and 7");
        assert_eq!(names.slots[&7], "Walk: back, views 3-6");
        assert!(!names.slots.contains_key(&10));
        assert_eq!(names.slots.len(), 14, "6 poses and 4 pairs");

        let (named, unnamed) = animations_playing(&demo, &[Slot(7), Slot(0), Slot(6), Slot(11)]);
        assert_eq!(named, ["Blank (slot 0)", "Walk (slots 6 front, 7 back)"]);
        assert_eq!(unnamed, [Slot(11)]);
        let (named, _) = animations_playing(&demo, &[Slot(15)]);
        assert_eq!(named, ["Attack (slot 15 back)"]);
    }
}
