//! What a render draws, asked once and checked once: a [`RenderRequest`] (a frame, animations or
//! every frame; views; water; scale; background; labels; columns; plays; hold; the output
//! format), which each front end converts its own arguments to, once, starting from the
//! defaults and within the bounds stated here ([`DEFAULT_VIEW`], [`SCALES`], [`DEFAULT_COLUMNS`],
//! [`DEFAULT_HOLD_TICKS`]). [`RenderRequest::check`] holds it to the rules that need no document
//! and gives a [`CheckedRequest`]; [`CheckedRequest::against`] looks every animation up once in
//! the document and gives a [`CheckedRender`] borrowing it; that draws the file from the art it is
//! given, at the art's own sheet scale ([`CheckedRender::render`], in [`crate::render`]).
//!
//! The command line's `render` and the server's `/api/v1/render.*` both convert their arguments
//! to a request, so the same request gives the same bytes from either. A request that cannot be
//! drawn is refused with a [`RequestFault`] (the command line's usage error, the server's `400`),
//! which each front end words with its own flag or parameter names.

use std::ops::RangeInclusive;
use std::path::Path;

use faults::Spelling;
use fft_formats::layer::WeaponType;
use sas_formats::pose::PoseFault;
use sprite_data::pose::{Motion, View};
use sprite_data::{Document, FrameIndex};

use crate::cancel::Cancel;
use crate::image::Background;

/// The view a render draws when none is asked.
pub const DEFAULT_VIEW: View = View::ALL[1];

/// The scales a render may ask for (every pixel a `scale x scale` block), the first the default.
pub const SCALES: RangeInclusive<u32> = 1..=16;

/// The scale a render draws at when none is asked: the first of [`SCALES`].
pub const DEFAULT_SCALE: u32 = *SCALES.start();

/// The largest of [`SCALES`].
pub const MAX_SCALE: u32 = *SCALES.end();

/// Cells per row of a contact sheet when not asked.
pub const DEFAULT_COLUMNS: u32 = 16;

/// Ticks an animated file shows a frame the game holds (a last delay of 0) when not asked: a
/// second at the game's 60 ticks a second.
pub const DEFAULT_HOLD_TICKS: u32 = 60;

/// The file a render writes, chosen by the output's extension (the command line) or the
/// endpoint's (the server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A still picture: a strip of frames, one row per animation and view, or a contact sheet.
    Png,
    /// An animated PNG whose delays are exactly ticks / ticksPerSecond.
    Apng,
    /// A GIF with centisecond delays, the rounding carried so the total time is right.
    Gif,
}

impl Format {
    /// The format a file's extension names ([`Format::from_extension`]), the one rule by which a
    /// written file chooses it; `None` without one of them.
    pub fn of_path(path: &Path) -> Option<Format> {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
    }

    /// The format an extension names (`png`, `apng`, `gif`, in any case).
    pub fn from_extension(extension: &str) -> Option<Format> {
        match extension.to_ascii_lowercase().as_str() {
            "png" => Some(Format::Png),
            "apng" => Some(Format::Apng),
            "gif" => Some(Format::Gif),
            _ => None,
        }
    }

    /// The extension it is chosen by.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Apng => "apng",
            Format::Gif => "gif",
        }
    }

    /// The media type an HTTP answer names it by.
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Apng => "image/apng",
            Format::Gif => "image/gif",
        }
    }
}

/// What a render draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// SHP frame N as stored: not mirrored, no move.
    Frame(usize),
    /// These animations by name (any case; `Idle` is the idle frame), a row each at each view.
    Animations(Vec<String>),
    /// A contact sheet of every frame of the document, labelled by index.
    AllFrames,
}

/// One render, as asked: every choice of `tactics-sprite render` but the files it reads.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    pub what: Subject,
    /// The views; more than one makes a row each in a `.png` strip.
    pub views: Vec<View>,
    /// Draw the unit standing in water (its water frames).
    pub water: bool,
    /// Every pixel a `scale x scale` block (nearest neighbour), one of [`SCALES`].
    pub scale: u32,
    pub background: Background,
    /// Each frame's first tick under it in a `.png` strip.
    pub labels: bool,
    /// Cells per row of the contact sheet.
    pub columns: u32,
    /// How many times an animated file plays, 0 for ever; `None`: for ever when the animation
    /// loops, else once.
    pub plays: Option<u32>,
    /// How long an animated file shows a frame the game holds (a last delay of 0), in ticks.
    pub hold: u32,
    pub format: Format,
    /// Draw the unit holding a weapon of this type, with the weapon and effect layers its
    /// animations start (their art is given to [`CheckedRender::render`]).
    pub weapon: Option<WeaponType>,
}

impl RenderRequest {
    /// A request for `what` in `format` with every other choice at its default: [`DEFAULT_VIEW`],
    /// not in water, [`DEFAULT_SCALE`], transparent, no labels, [`DEFAULT_COLUMNS`], plays as the
    /// animation loops, holds of [`DEFAULT_HOLD_TICKS`], no weapon.
    pub fn new(what: Subject, format: Format) -> RenderRequest {
        RenderRequest {
            what,
            views: vec![DEFAULT_VIEW],
            water: false,
            scale: DEFAULT_SCALE,
            background: Background::Transparent,
            labels: false,
            columns: DEFAULT_COLUMNS,
            plays: None,
            hold: DEFAULT_HOLD_TICKS,
            format,
            weapon: None,
        }
    }

    /// The request held to the rules it keeps whatever its document: the formats that hold one
    /// animation and one view, the contact sheet a `.png`, a weapon drawn for an animation. Each
    /// front end checks its request so, once, before it reads a document.
    ///
    /// # Errors
    /// The first [`RequestFault`], in that order.
    pub fn check(self) -> Result<CheckedRequest, RequestFault> {
        self.rules()?;
        Ok(CheckedRequest(self))
    }

    fn rules(&self) -> Result<(), RequestFault> {
        let animated = self.format != Format::Png;
        if animated && self.what == Subject::AllFrames {
            return Err(RequestFault::ContactSheetNotPng);
        }
        if animated && matches!(&self.what, Subject::Animations(names) if names.len() > 1) {
            return Err(RequestFault::OneAnimation);
        }
        if animated && self.views.len() > 1 {
            return Err(RequestFault::OneView);
        }
        if self.weapon.is_some() && !matches!(self.what, Subject::Animations(_)) {
            return Err(RequestFault::WeaponWithoutAnimation);
        }
        Ok(())
    }
}

/// A request that keeps the rules of [`RenderRequest::check`]: what a front end converts its
/// arguments to, once, and checks against each document it draws.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedRequest(RenderRequest);

impl std::ops::Deref for CheckedRequest {
    type Target = RenderRequest;

    fn deref(&self) -> &RenderRequest {
        &self.0
    }
}

impl CheckedRequest {
    /// The request checked against `doc`: each animation looked up (once: the checked render
    /// keeps what was found), then the frame.
    ///
    /// # Errors
    /// The first [`RequestFault`], in that order.
    pub fn against<'r, 'd>(
        &'r self,
        doc: &'d Document,
    ) -> Result<CheckedRender<'r, 'd>, RequestFault> {
        let found = match &self.what {
            Subject::Frame(n) => {
                if *n >= doc.frames.len() {
                    return Err(RequestFault::FrameOutOfRange {
                        frame: *n,
                        count: doc.frames.len(),
                    });
                }
                // A frame of the document, so a u32.
                FoundSubject::Frame(FrameIndex(*n as u32))
            }
            Subject::Animations(names) => {
                let mut motions = Vec::with_capacity(names.len());
                for name in names {
                    let motion = Motion::find(doc, name).map_err(|error| {
                        RequestFault::UnknownAnimation {
                            name: name.clone(),
                            error,
                        }
                    })?;
                    if self.weapon.is_some() && matches!(motion, Motion::Idle) {
                        return Err(RequestFault::WeaponOnIdle);
                    }
                    motions.push(motion);
                }
                FoundSubject::Motions(motions)
            }
            Subject::AllFrames => FoundSubject::AllFrames,
        };
        Ok(CheckedRender {
            request: &self.0,
            doc,
            found,
            cancel: Cancel::never(),
        })
    }
}

/// A request checked against its document, ready to draw ([`CheckedRender::render`]).
#[derive(Debug, Clone)]
pub struct CheckedRender<'r, 'd> {
    pub(crate) request: &'r RenderRequest,
    pub(crate) doc: &'d Document,
    pub(crate) found: FoundSubject<'d>,
    /// Looked at once a frame drawn or encoded ([`CheckedRender::cancelled_by`]); never, unless
    /// told.
    pub(crate) cancel: Cancel,
}

/// What a checked request draws ([`Subject`]), found in the document.
#[derive(Debug, Clone)]
pub(crate) enum FoundSubject<'d> {
    Frame(FrameIndex),
    Motions(Vec<Motion<'d>>),
    AllFrames,
}

impl<'r, 'd> CheckedRender<'r, 'd> {
    /// The same render, stopped at its next frame (drawn or encoded) with
    /// [`crate::RenderFailure::Cancelled`] once `cancel` says it is no longer wanted: a server's
    /// render whose request is gone. The command line's is never cancelled.
    pub fn cancelled_by(self, cancel: Cancel) -> Self {
        Self { cancel, ..self }
    }

    pub fn request(&self) -> &'r RenderRequest {
        self.request
    }

    pub fn document(&self) -> &'d Document {
        self.doc
    }

    pub fn views(&self) -> &'r [View] {
        &self.request.views
    }

    /// The most frames one row of the render holds before any layer is added (the longest
    /// sequence an animation plays; 1 for a frame or the idle frame; every frame for a contact
    /// sheet): with [`CheckedRender::views`], a bound on the pictures it draws.
    pub fn most_frames_a_row(&self) -> usize {
        match &self.found {
            FoundSubject::Frame(_) => 1,
            FoundSubject::AllFrames => self.doc.frames.len(),
            FoundSubject::Motions(motions) => motions
                .iter()
                .map(|motion| match motion {
                    Motion::Idle => 1,
                    Motion::Animation(a) => [a.front, a.back]
                        .iter()
                        .filter_map(|&i| self.doc.sequences.get(i.index()))
                        .map(|s| s.frames.len())
                        .max()
                        .unwrap_or(1),
                })
                .max()
                .unwrap_or(1),
        }
    }
}

/// Why a request cannot be drawn from its document (or a SAS set's request from its set,
/// [`crate::sas`]): the request's fault, not the files'. Its `Display` is plain words;
/// [`RequestFault::words`] says it with a front end's own flags or parameters ([`Spelling`]).
///
/// Kept apart from [`crate::RenderError`], the crate's error for the art and the pictures,
/// because it is found before any sheet is read, from the request and its document alone, and
/// each front end answers it its own way, worded in its own parameters: the command line as a
/// usage error (exit 2), the server as a `400` or a `404`. A [`crate::RenderFailure`] carries
/// it when a render is refused.
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum RequestFault {
    #[error("a contact sheet of every frame is a .png")]
    ContactSheetNotPng,
    #[error("an .apng or .gif holds one animation")]
    OneAnimation,
    #[error("an .apng or .gif holds one view")]
    OneView,
    #[error("the weapon and effect layers are drawn for an animation")]
    WeaponWithoutAnimation,
    /// A view outside 0..7.
    #[error("{0}")]
    View(sprite_data::pose::ViewOutOfRange),
    /// `name` is no animation of the document (the error names the nearest).
    #[error("{error}")]
    UnknownAnimation {
        name: String,
        error: sprite_data::Error,
    },
    #[error("the weapon and effect layers are drawn for attacks, not the idle frame")]
    WeaponOnIdle,
    #[error("frame {frame} is not in the document, which has frames 0..{}", .count.saturating_sub(1))]
    FrameOutOfRange { frame: usize, count: usize },
    /// A sprite a SAS set does not have.
    #[error("sprite {sprite}: the set has {count} sprites")]
    NoSprite { sprite: usize, count: usize },
    /// A SAS set's animation or direction that does not resolve ([`PoseFault`]'s own, which says
    /// whose fault it is).
    #[error("{0}")]
    Pose(#[from] PoseFault),
}

impl RequestFault {
    /// The fault in a front end's words: its flags or parameters spelled by `spelling`.
    pub fn words(&self, spelling: &(impl Spelling + ?Sized)) -> String {
        let with_advice = |plain: String, parameter: &str| match spelling.advice(parameter) {
            Some(advice) => format!("{plain}; {advice}"),
            None => plain,
        };
        match self {
            RequestFault::ContactSheetNotPng => format!(
                "{} makes a contact sheet, which is a .png",
                spelling.set("all")
            ),
            RequestFault::OneAnimation => with_advice(self.to_string(), "animation"),
            RequestFault::OneView => with_advice(self.to_string(), "view"),
            RequestFault::WeaponWithoutAnimation => format!(
                "{} draws the layers an animation starts: give {}",
                spelling.set("weapon"),
                spelling.set("animation")
            ),
            RequestFault::WeaponOnIdle => format!(
                "{} draws attacks, not the idle frame",
                spelling.set("weapon")
            ),
            other => other.to_string(),
        }
    }
}

/// Every fault of a request is the request's, about the parameter that asks it: an animation, a
/// frame or a sprite the document or set does not have as naming what it lacks, the others as
/// not valid. A SAS pose's fault says its own ([`PoseFault`]'s).
impl faults::Faulty for RequestFault {
    fn fault(&self) -> faults::Fault {
        match self {
            RequestFault::Pose(fault) => fault.fault(),
            RequestFault::UnknownAnimation { .. }
            | RequestFault::FrameOutOfRange { .. }
            | RequestFault::NoSprite { .. } => faults::Fault::NoSuch,
            _ => faults::Fault::Input,
        }
    }

    fn words(&self, spelling: &dyn Spelling) -> String {
        RequestFault::words(self, spelling)
    }

    fn concerns(&self) -> Option<faults::Concern> {
        Some(faults::Concern::Parameter(match self {
            RequestFault::ContactSheetNotPng => "all",
            RequestFault::OneView | RequestFault::View(_) => "view",
            RequestFault::WeaponWithoutAnimation | RequestFault::WeaponOnIdle => "weapon",
            RequestFault::FrameOutOfRange { .. } | RequestFault::NoSprite { .. } => "frame",
            RequestFault::OneAnimation | RequestFault::UnknownAnimation { .. } => "animation",
            RequestFault::Pose(fault) => return fault.concerns(),
        }))
    }
}
