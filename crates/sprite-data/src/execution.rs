//! SEQ execution: the timeline one slot plays, without any JSON
//! (docs/derivation.md "Executing a slot", docs/formats/seq.md 3.3).
//!
//! A slot runs from its first command until an end (`FF D5` loop, `FF FF`, `FF FE`, `FF C2`,
//! `FF FD`, a frame with delay 0) or the end of its storage segment. Moves accumulate, `FF D8`
//! sets an offset added to later frame indices, `FF EC` toggles a mirror, counted loops replay
//! their block, and the conditional holds a game would wait on are taken as satisfied. Only the
//! first pass is produced: a looping slot's timeline ends where `FF D5` sends it back.

use fft_formats::seq::opcode::code;
use fft_formats::{Command, OpArgs, Seq};

use crate::error::{Error, ErrorKind};
use crate::index::Slot;
use crate::limits::MAX_EXECUTED_COMMANDS;

/// What one slot plays.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Timeline {
    /// Every frame command executed, in order.
    pub frames: Vec<TimelineFrame>,
    /// For each of `frames`, the index in the SEQ of the `Frame` command that showed it (a loop
    /// shows one command more than once), so that a text form's line can be named for each
    /// step. Kept apart from the frames: what a slot plays is the frames, not where they are.
    pub commands: Vec<usize>,
    /// Sounds and hits, at the tick they happen.
    pub events: Vec<Event>,
    /// The layer cues (`SetLayerPriority`, `QueueSpriteAnim`), at the tick they happen.
    pub cues: Vec<Cue>,
    /// Why execution stopped.
    pub end: End,
    /// Counted loops that could not be replayed (their target is outside the slot's segment).
    pub skipped_loops: Vec<SkippedLoop>,
}

/// One frame of a timeline, with the state in force when it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimelineFrame {
    /// SHP frame index: the command's frame plus the `SetFrameOffset` in force.
    pub frame: i32,
    /// Ticks of 1/60 s; 0 holds the frame (and ends the timeline).
    pub delay_ticks: u8,
    /// Accumulated move along the facing (+ forward), in pixels.
    pub fb: i32,
    /// Accumulated vertical move (+ down), in pixels.
    pub du: i32,
    /// Accumulated sideways move, in pixels.
    pub rl: i32,
    /// Whether `FlipHorizontal` toggles have mirrored the body.
    pub flip: bool,
}

/// An event a renderer or a game reacts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// Sum of the delays of the frames executed before it.
    pub tick: u32,
    pub kind: EventKind,
}

/// The events the document carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// `FF F6 id`: a sound starts.
    PlaySound { sound: u8 },
    /// `FF DE`: the hit lands.
    PostGenericAttack,
}

impl EventKind {
    /// The label the document uses.
    pub fn label(self) -> &'static str {
        match self {
            Self::PlaySound { .. } => "PlaySound",
            Self::PostGenericAttack => "PostGenericAttack",
        }
    }
}

/// A command that starts or orders the other sprite layers: the weapon and the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cue {
    /// Sum of the delays of the frames executed before it.
    pub tick: u32,
    pub kind: CueKind,
}

/// The layer cues a SEQ carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CueKind {
    /// `FF E2 n`: draw the layers in row `n` of the layer order table
    /// ([`fft_formats::layer::LAYER_ORDERS`]) from now on.
    SetLayerPriority { priority: u8 },
    /// `FF F2 layer slot`: start slot `slot` of layer `layer`'s SEQ (1 the weapon, 2 the
    /// effect) now; it plays beside this one, tick for tick.
    QueueSpriteAnim { layer: u8, slot: u8 },
}

/// Why a timeline stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum End {
    /// `FF D5` IncrementLoop: the sequence starts again.
    Loop,
    /// `FF FF` PauseAnimation.
    Pause,
    /// `FF FE` EndAnimation.
    EndAnimation,
    /// `FF C2`, which ends a segment.
    C2,
    /// `FF FD` HoldWeapon (an unconditional jump back; taken as an end).
    HoldWeapon,
    /// A frame with delay 0.
    Hold,
    /// The end of the slot's storage segment, with no end command.
    #[default]
    SegmentEnd,
}

impl End {
    /// Every end.
    pub const ALL: [Self; 7] = [
        Self::Loop,
        Self::Pause,
        Self::EndAnimation,
        Self::C2,
        Self::HoldWeapon,
        Self::Hold,
        Self::SegmentEnd,
    ];
}

/// A counted loop `FF FC n c` that was not replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkippedLoop {
    /// Stream offset of the loop command's `FF` byte.
    pub offset: usize,
    /// Stream offset its jump lands on.
    pub target: i64,
}

/// A decoded SEQ with what execution needs precomputed: each command's byte offset and each
/// slot's storage segment.
#[derive(Debug, Clone)]
pub struct Program<'a> {
    seq: &'a Seq,
    /// Stream offset of each command, plus the stream length.
    offsets: Vec<usize>,
    /// The storage segments ([`Seq::segments`]), ascending.
    segments: Vec<std::ops::Range<usize>>,
}

impl<'a> Program<'a> {
    pub fn new(seq: &'a Seq) -> Self {
        Self {
            seq,
            offsets: seq.command_offsets(),
            segments: seq.segments(),
        }
    }

    /// The command index one past the storage segment that starts at command `start`, which is
    /// always a slot start and so always starts a segment.
    fn segment_end(&self, start: usize) -> usize {
        self.segments[self.segments.partition_point(|s| s.start <= start) - 1].end
    }

    /// Executes slot `slot` (first pass only).
    ///
    /// # Errors
    /// When the slot does not exist, or runs past [`MAX_EXECUTED_COMMANDS`].
    pub fn execute(&self, slot: Slot) -> Result<Timeline, Error> {
        let start = self
            .seq
            .slots
            .get(slot.index())
            .ok_or(ErrorKind::NoSuchSlot {
                slot,
                slots: self.seq.slots.len(),
            })?
            .index();
        let end = self.segment_end(start);
        let mut run = Run::default();
        let mut pc = start;
        let mut executed = 0;
        while pc < end {
            executed += 1;
            if executed > MAX_EXECUTED_COMMANDS {
                return Err(ErrorKind::SlotTooLong { slot }.into());
            }
            match self.seq.commands[pc] {
                Command::Frame { frame, delay } => {
                    run.show(frame, delay, pc);
                    if delay == 0 {
                        run.timeline.end = End::Hold;
                        return Ok(run.timeline);
                    }
                }
                Command::Op { code, args } => match self.step_op(&mut run, code, args, pc, start) {
                    Step::Next => {}
                    Step::Jump(target) => {
                        pc = target;
                        continue;
                    }
                    Step::Stop(why) => {
                        run.timeline.end = why;
                        return Ok(run.timeline);
                    }
                },
            }
            pc += 1;
        }
        run.timeline.end = End::SegmentEnd;
        Ok(run.timeline)
    }

    fn step_op(&self, run: &mut Run, op: u8, args: OpArgs, pc: usize, start: usize) -> Step {
        let arg = |i| i32::from(args.signed(i));
        match op {
            code::INCREMENT_LOOP => return Step::Stop(End::Loop),
            code::PAUSE_ANIMATION => return Step::Stop(End::Pause),
            code::END_ANIMATION => return Step::Stop(End::EndAnimation),
            code::SEGMENT_END_C2 => return Step::Stop(End::C2),
            code::HOLD_WEAPON => return Step::Stop(End::HoldWeapon),
            code::MOVE_UP_2 => run.du -= 2,
            code::MOVE_UP_1 => run.du -= 1,
            code::MOVE_DOWN_2 => run.du += 2,
            code::MOVE_DOWN_1 => run.du += 1,
            code::MOVE_FORWARD_2 => run.fb += 2,
            code::MOVE_FORWARD_1 => run.fb += 1,
            code::MOVE_BACKWARD_2 => run.fb -= 2,
            code::MOVE_BACKWARD_1 => run.fb -= 1,
            code::MOVE_UNIT_FB => run.fb += arg(0),
            code::MOVE_UNIT_DU => run.du += arg(0),
            code::MOVE_UNIT_RL => run.rl += arg(0),
            code::MOVE_UNIT_RL_DU_FB => {
                run.rl += arg(0);
                run.du += arg(1);
                run.fb += arg(2);
            }
            code::SET_FRAME_OFFSET => run.frame_offset = arg(0),
            code::FLIP_HORIZONTAL => run.flip = !run.flip,
            code::POST_GENERIC_ATTACK => run.event(EventKind::PostGenericAttack),
            code::PLAY_SOUND => run.event(EventKind::PlaySound {
                sound: args.unsigned(0),
            }),
            code::SET_LAYER_PRIORITY => run.cue(CueKind::SetLayerPriority {
                priority: args.unsigned(0),
            }),
            code::QUEUE_SPRITE_ANIM => run.cue(CueKind::QueueSpriteAnim {
                layer: args.unsigned(0),
                slot: args.unsigned(1),
            }),
            code::WAIT => return self.counted_loop(run, args, pc, start),
            // Everything else, the conditional holds (C0, C6, D3, D6) included, has no effect on
            // a timeline built without a game.
            _ => {}
        }
        Step::Next
    }

    /// `FF FC n c`: the block of `|n|` bytes before the command plays `c` more times.
    fn counted_loop(&self, run: &mut Run, args: OpArgs, pc: usize, start: usize) -> Step {
        let here = self.offsets[pc];
        let target_offset = here as i64 + i64::from(args.signed(0));
        let target = usize::try_from(target_offset)
            .ok()
            .and_then(|t| self.offsets.binary_search(&t).ok())
            .filter(|t| (start..pc).contains(t));
        let Some(target) = target else {
            run.timeline.skipped_loops.push(SkippedLoop {
                offset: here,
                target: target_offset,
            });
            return Step::Next;
        };
        let remaining = run
            .loop_passes
            .iter_mut()
            .find(|(at, _)| *at == pc)
            .map(|(_, left)| left);
        match remaining {
            None => {
                let passes = args.unsigned(1);
                if passes == 0 {
                    return Step::Next;
                }
                run.loop_passes.push((pc, passes - 1));
                Step::Jump(target)
            }
            Some(0) => {
                run.loop_passes.retain(|(at, _)| *at != pc);
                Step::Next
            }
            Some(left) => {
                *left -= 1;
                Step::Jump(target)
            }
        }
    }
}

enum Step {
    Next,
    Jump(usize),
    Stop(End),
}

/// The interpreter's state while a slot runs.
#[derive(Default)]
struct Run {
    timeline: Timeline,
    tick: u32,
    fb: i32,
    du: i32,
    rl: i32,
    flip: bool,
    frame_offset: i32,
    /// Counted loops in progress: the loop command's index and the passes still to play.
    loop_passes: Vec<(usize, u8)>,
}

impl Run {
    fn show(&mut self, frame: u8, delay: u8, command: usize) {
        self.timeline.frames.push(TimelineFrame {
            frame: i32::from(frame) + self.frame_offset,
            delay_ticks: delay,
            fb: self.fb,
            du: self.du,
            rl: self.rl,
            flip: self.flip,
        });
        self.timeline.commands.push(command);
        self.tick += u32::from(delay);
    }

    fn cue(&mut self, kind: CueKind) {
        self.timeline.cues.push(Cue {
            tick: self.tick,
            kind,
        });
    }

    fn event(&mut self, kind: EventKind) {
        self.timeline.events.push(Event {
            tick: self.tick,
            kind,
        });
    }
}

/// The slots of `a` and `b` that play differently: their frames (with delays, moves and flips),
/// events, layer cues or end differ, or one of them does not run. What the commands' byte offsets
/// are is no part of what a slot plays, so a command added in one slot changes that slot alone.
pub fn slots_played_differently(a: &Seq, b: &Seq) -> Vec<Slot> {
    let (a_program, b_program) = (Program::new(a), Program::new(b));
    let plays = |timeline: Result<Timeline, Error>| {
        timeline
            .map(|t| (t.frames, t.events, t.cues, t.end))
            .map_err(|e| e.to_string())
    };
    (0..a.slots.len().max(b.slots.len()))
        .map(|slot| Slot(slot as u32))
        .filter(|&slot| plays(a_program.execute(slot)) != plays(b_program.execute(slot)))
        .collect()
}
