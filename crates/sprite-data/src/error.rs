//! The crate's one error type: a profile, an overlay or a document that cannot be read or used, a
//! build that cannot finish, a pose that cannot be drawn, a limit exceeded.
//!
//! As in `fft-formats`, every error carries a matchable kind, here [`ErrorKind`], and where it
//! happened as context frames, outermost first (the file, then the unit kind): the build of
//! `TYPE1` failing on slot 3 is the kind [`ErrorKind::SlotTooLong`] in the context `["TYPE1"]`,
//! shown `TYPE1: slot 3 did not end within 65536 commands`. The kinds carry their facts as fields
//! (the slot, the frame, the JSON path), so that a caller matches on what it needs and the message
//! is made from the fields only when the error is shown.
//!
//! Each kind is also either the request's fault (as not valid, or as naming an animation the
//! document lacks) or the file's ([`Fault`], [`ErrorKind::fault`]), decided here once, with the
//! parameter a request's fault concerns ([`faults::Faulty`]): the command line makes the first a
//! usage error (exit 2) and the second a failure (exit 1), a server answers the first `400` (or
//! `404` for a name it does not have) and the second as its own trouble.

use std::fmt;

pub use faults::Fault;
use faults::{Concern, Faulty, Spelling};

use crate::document::IDLE;
use crate::index::{CellId, FrameIndex, SequenceIndex, Slot, View, ViewOutOfRange};
use crate::limits::{LimitExceeded, MAX_DOCUMENT_BYTES, MAX_EXECUTED_COMMANDS};

/// What went wrong, with its facts, for callers and tests to match on (`error.kind()`).
#[non_exhaustive]
#[derive(Debug)]
pub enum ErrorKind {
    // Files.
    /// A file that cannot be read: a profile, an overlay, a document.
    Read(std::io::Error),
    /// A game file that does not decode; the message is the decoder's whole error.
    Decode(fft_formats::Error),
    /// An overlay or a document that is not JSON at all.
    NotJson(String),

    // Profiles.
    /// A profile that is not TOML, or has a missing or unknown key.
    ProfileSyntax(String),
    /// A profile that breaks a rule of [`crate::Profile::validate`].
    InvalidProfile(String),

    // Building a document.
    /// An overlay (`hands`, `holds`) that is not a JSON object.
    OverlayNotObject { what: &'static str },
    /// A slot that the SEQ does not have.
    NoSuchSlot { slot: Slot, slots: usize },
    /// A slot that does not end within [`MAX_EXECUTED_COMMANDS`].
    SlotTooLong { slot: Slot },
    /// A slot that shows a frame past the SHP's main frames.
    FrameOutOfRange {
        slot: Slot,
        frame: i32,
        count: usize,
    },
    /// A profile's idle frame past the SHP's main frames.
    IdleFrameOutOfRange {
        view: usize,
        frame: FrameIndex,
        count: usize,
    },

    // Reading a document.
    /// A document file over [`MAX_DOCUMENT_BYTES`], refused unread.
    DocumentTooLarge { len: u64 },
    /// JSON, but not a document of the format wanted (`format`: `tactics-sprite-data`, or
    /// `tactics-sprite-layer` for a layer document), and why.
    OtherFormat { format: &'static str, why: String },
    /// A field that does not fit the typed document, at its JSON path.
    Shape { path: String, message: String },
    /// A document that breaks the loader's rules ([`crate::load::check_document`]).
    InvalidDocument {
        /// The first problems, each `path: what`.
        problems: Vec<String>,
        /// How many more there are.
        more: usize,
    },

    // `--ignore` patterns.
    /// A path pattern that does not parse, and why.
    BadPattern { pattern: String, problem: String },

    // Poses: a bad request (the first four: [`Fault::NoSuch`] for the animation, [`Fault::Input`]
    // for the others), or a document that breaks its
    // own references.
    /// No animation of this name: the names nearest to it, nearest first (at most
    /// [`MAX_SUGGESTIONS`](crate::pose::names::MAX_SUGGESTIONS), chosen where the name was looked
    /// up, [`crate::pose::names::nearest`]), how many animations the document has, and
    /// whether `Idle` (no animation of the list: the idle frames) was a name to choose too.
    UnknownAnimation {
        name: String,
        nearest: Vec<String>,
        animations: usize,
        idle: bool,
    },
    /// A view outside 0..7.
    ViewOutOfRange { view: i64 },
    /// A negative tick.
    NegativeTick { tick: i64 },
    /// A draw of an animation without a tick (only the idle frame needs none): a request's
    /// option, which a command line or a server names in its own words.
    TickNeeded { animation: String },
    /// An animation that plays a sequence the document lacks.
    SequenceMissing {
        animation: String,
        sequence: SequenceIndex,
        count: usize,
    },
    /// A sequence with no frame to show.
    EmptySequence { sequence: SequenceIndex },
    /// A per-frame list (`ticks`, `fb`, ...) not as long as the sequence's `frames`.
    LengthMismatch {
        sequence: SequenceIndex,
        list: &'static str,
        len: usize,
        frames: usize,
    },
    /// A frame the document lacks (`u64`: a main frame plus the water offset can be past any
    /// [`FrameIndex`]).
    FrameMissing { shp: u64, count: usize },
    /// A tile whose cell the document lacks.
    CellMissing {
        shp: FrameIndex,
        tile: usize,
        cell: CellId,
        count: usize,
    },
    /// An `idleFrames` with no entry for the view.
    IdleFrameMissing { view: View, count: usize },
    /// An event past the end of its looping sequence.
    EventPastEnd {
        sequence: SequenceIndex,
        tick: u32,
        total: u64,
    },

    // Limits.
    /// A count or size over one of [`crate::limits`].
    Limit(LimitExceeded),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Read(error) => write!(f, "cannot read: {error}"),
            Self::Decode(error) => write!(f, "{error}"),
            Self::NotJson(message) => write!(f, "not JSON: {message}"),
            Self::ProfileSyntax(message) | Self::InvalidProfile(message) => f.write_str(message),
            Self::OverlayNotObject { what } => write!(f, "{what} must be a JSON object"),
            Self::NoSuchSlot { slot, slots } => {
                write!(f, "slot {slot} does not exist (the file has {slots} slots)")
            }
            Self::SlotTooLong { slot } => write!(
                f,
                "slot {slot} did not end within {MAX_EXECUTED_COMMANDS} commands"
            ),
            Self::FrameOutOfRange { slot, frame, count } => write!(
                f,
                "slot {slot} shows frame {frame}, but the SHP has main frames 0..{count}"
            ),
            Self::IdleFrameOutOfRange { view, frame, count } => write!(
                f,
                "idle frame for view {view} is {frame}, but the SHP has main frames 0..{count}"
            ),
            Self::DocumentTooLarge { len } => write!(
                f,
                "{len} bytes, over the limit of {MAX_DOCUMENT_BYTES} bytes for a document \
                 (MAX_DOCUMENT_BYTES); not read"
            ),
            Self::OtherFormat { format, why } => write!(f, "not a {format} document: {why}"),
            Self::Shape { path, message } => write!(f, "{path}: {message}"),
            Self::InvalidDocument { problems, more } => {
                let total = problems.len() + more;
                write!(
                    f,
                    "{total} problem{}: {}",
                    if total == 1 { "" } else { "s" },
                    problems.join("; ")
                )?;
                if *more > 0 {
                    write!(f, "; and {more} more")?;
                }
                Ok(())
            }
            Self::BadPattern { pattern, problem } => write!(
                f,
                "{pattern:?}: {problem}; a path is keys joined by `.` with `[N]` or `[*]` for \
                 list items, such as animations[*].mode or sequences[102].ticks"
            ),
            Self::UnknownAnimation {
                name,
                nearest,
                animations,
                idle,
            } => {
                write!(f, "unknown animation {name:?}; ")?;
                if nearest.is_empty() {
                    f.write_str("no name is close")?;
                } else {
                    let quoted: Vec<String> = nearest.iter().map(|n| format!("{n:?}")).collect();
                    write!(f, "did you mean {}?", quoted.join(", "))?;
                }
                let idle = if *idle {
                    format!(", and {:?} for the idle frames", IDLE)
                } else {
                    String::new()
                };
                write!(
                    f,
                    " ({animations} animation{} in the document's \"animations\" list{idle}, \
                     matched in any case; `tactics-sprite list` lists them)",
                    if *animations == 1 { "" } else { "s" }
                )
            }
            Self::ViewOutOfRange { view } => write!(f, "{}", ViewOutOfRange { view: *view }),
            Self::NegativeTick { tick } => {
                write!(f, "tick {tick} is negative: ticks count up from 0")
            }
            Self::TickNeeded { animation } => f.write_str(&tick_needed("a tick", animation)),
            Self::SequenceMissing {
                animation,
                sequence,
                count,
            } => write!(
                f,
                "animation {animation:?} plays sequence {sequence}, but the document has sequences 0..{count}"
            ),
            Self::EmptySequence { sequence } => write!(f, "sequence {sequence} shows no frame"),
            Self::LengthMismatch {
                sequence,
                list,
                len,
                frames,
            } => write!(
                f,
                "sequence {sequence} has {len} {list} for its {frames} frames"
            ),
            Self::FrameMissing { shp, count } => write!(
                f,
                "frame {shp} is not in the document, which has frames 0..{count}"
            ),
            Self::CellMissing {
                shp,
                tile,
                cell,
                count,
            } => write!(
                f,
                "frame {shp}, tile {tile}: cell {cell} is not in the document's cells 0..{count}"
            ),
            Self::IdleFrameMissing { view, count } => {
                write!(f, "idleFrames has {count} entries, none for view {view}")
            }
            Self::EventPastEnd {
                sequence,
                tick,
                total,
            } => write!(
                f,
                "sequence {sequence} loops over {total} ticks but has an event at tick {tick}"
            ),
            Self::Limit(limit) => write!(f, "{limit}"),
        }
    }
}

faults::error_in_context! {
    /// Everything that goes wrong in this crate: what ([`Error::kind`]) and where
    /// ([`Error::context`]). Displayed, it is one line: each context frame followed by `: `, then
    /// the kind's message (`TYPE1.SHP: at byte 0x0004: ...`).
    ///
    /// The errors of other crates it carries ([`ErrorKind::Decode`], [`ErrorKind::Read`]) are
    /// part of its message, so [`std::error::Error::source`] does not chain them too (the command
    /// line prints an error with its chain, `{:#}`, and would show them twice);
    /// [`ErrorKind::decode_error`] and [`ErrorKind::io_error`] reach them.
    pub struct Error(ErrorKind);
}

impl Error {
    /// Whose fault it is ([`ErrorKind::fault`]).
    pub fn fault(&self) -> Fault {
        self.kind().fault()
    }
}

impl ErrorKind {
    /// Whose fault this kind of error is: the one place that decides it.
    pub fn fault(&self) -> Fault {
        match self {
            Self::UnknownAnimation { .. } => Fault::NoSuch,
            Self::ViewOutOfRange { .. }
            | Self::NegativeTick { .. }
            | Self::TickNeeded { .. }
            | Self::BadPattern { .. } => Fault::Input,
            Self::Read(_)
            | Self::Decode(_)
            | Self::NotJson(_)
            | Self::ProfileSyntax(_)
            | Self::InvalidProfile(_)
            | Self::OverlayNotObject { .. }
            | Self::NoSuchSlot { .. }
            | Self::SlotTooLong { .. }
            | Self::FrameOutOfRange { .. }
            | Self::IdleFrameOutOfRange { .. }
            | Self::DocumentTooLarge { .. }
            | Self::OtherFormat { .. }
            | Self::Shape { .. }
            | Self::InvalidDocument { .. }
            | Self::SequenceMissing { .. }
            | Self::EmptySequence { .. }
            | Self::LengthMismatch { .. }
            | Self::FrameMissing { .. }
            | Self::CellMissing { .. }
            | Self::IdleFrameMissing { .. }
            | Self::EventPastEnd { .. }
            | Self::Limit(_) => Fault::File,
        }
    }

    /// The request's parameter a request's fault concerns, by its logical name (`animation`,
    /// `view`, `tick`, `ignore`), which each front end spells its own way.
    pub fn parameter(&self) -> Option<&'static str> {
        match self {
            Self::UnknownAnimation { .. } => Some("animation"),
            Self::ViewOutOfRange { .. } => Some("view"),
            Self::NegativeTick { .. } | Self::TickNeeded { .. } => Some("tick"),
            Self::BadPattern { .. } => Some("ignore"),
            _ => None,
        }
    }

    /// This kind in a front end's words: a tick needed names how the front end sets one
    /// (`--tick T`, `tick=T`), a limit the parameter that passed it; any other as displayed.
    pub fn words(&self, spelling: &dyn Spelling) -> String {
        match self {
            Self::TickNeeded { animation } => tick_needed(&spelling.set("tick"), animation),
            Self::Limit(limit) => limit.words(spelling),
            other => other.to_string(),
        }
    }

    /// The decoder's error, when a game file did not decode.
    pub fn decode_error(&self) -> Option<&fft_formats::Error> {
        match self {
            ErrorKind::Decode(error) => Some(error),
            _ => None,
        }
    }

    /// The system's error, when a file could not be read.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match self {
            ErrorKind::Read(error) => Some(error),
            _ => None,
        }
    }

    /// This kind of error inside `context` (a file, a unit kind): [`Error::in_context`].
    pub fn in_context(self, context: impl fmt::Display) -> Error {
        Error::from(self).in_context(context)
    }
}

/// A draw of `animation` refused for want of a tick, `tick` being how one is set.
fn tick_needed(tick: &str, animation: &str) -> String {
    format!("{tick} is needed to draw {animation:?} (only the idle frame needs none)")
}

impl From<ViewOutOfRange> for Error {
    fn from(ViewOutOfRange { view }: ViewOutOfRange) -> Self {
        ErrorKind::ViewOutOfRange { view }.into()
    }
}

impl From<LimitExceeded> for Error {
    fn from(limit: LimitExceeded) -> Self {
        ErrorKind::Limit(limit).into()
    }
}

impl Faulty for Error {
    fn fault(&self) -> Fault {
        self.kind().fault()
    }

    fn words(&self, spelling: &dyn Spelling) -> String {
        self.framing(self.kind().words(spelling))
    }

    /// The parameter a request's fault is about; for the file's, the file the error is in (its
    /// outermost context, when it has one).
    fn concerns(&self) -> Option<Concern> {
        match self.kind().parameter() {
            Some(parameter) => Some(Concern::Parameter(parameter)),
            None => self.context().first().cloned().map(Concern::File),
        }
    }
}
