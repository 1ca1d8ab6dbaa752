//! What a render draws, asked once and checked once: a [`RenderRequest`] (a frame, animations or
//! every frame; views; water; scale; background; labels; columns; plays; hold; the output
//! format) is checked against its document by [`RenderRequest::against`], which looks every
//! animation up once and gives a [`CheckedRender`] borrowing the document; that draws the file
//! ([`CheckedRender::render`], in [`crate::render`]).
//!
//! The command line's `render` and the server's `/api/v1/render.*` both map their arguments to a
//! request, so the same request gives the same bytes from either. A request that cannot be drawn
//! is refused with a [`RequestFault`] (the command line's usage error, the server's `400`), which
//! each front end words with its own flag or parameter names.

use faults::Spelling;
use fft_formats::layer::WeaponType;
use sprite_data::pose::{Motion, View};
use sprite_data::{Document, FrameIndex};

use crate::cancel::Cancel;
use crate::image::Background;
use crate::sheet::SheetScale;

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
    /// The views, 0..7 (checked by [`RenderRequest::against`]); more than one makes a row each
    /// in a `.png` strip.
    pub views: Vec<i64>,
    /// Draw the unit standing in water (its water frames).
    pub water: bool,
    /// Every pixel a `scale x scale` block (nearest neighbour).
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
    /// The sheet's size: SD (the SPR's) or HD, the remaster's sheet at twice it
    /// (docs/remaster.md "Drawing at twice the size"). The art given to
    /// [`CheckedRender::render`] must be of this scale.
    pub sheet_scale: SheetScale,
}

impl RenderRequest {
    /// A request for `what` in `format` with every other choice at the command line's default:
    /// view 1, not in water, scale 1, transparent, no labels, 16 columns, plays as the animation
    /// loops, holds of 60 ticks, no weapon, the SD sheet.
    pub fn new(what: Subject, format: Format) -> RenderRequest {
        RenderRequest {
            what,
            views: vec![1],
            water: false,
            scale: 1,
            background: Background::Transparent,
            labels: false,
            columns: 16,
            plays: None,
            hold: 60,
            format,
            weapon: None,
            sheet_scale: SheetScale::Sd,
        }
    }

    /// The rules a request keeps whatever its document: the formats that hold one animation
    /// and one view, the contact sheet a `.png`, a weapon drawn for an animation. The command
    /// line checks them before it reads the document; [`RenderRequest::against`] checks them
    /// first too.
    ///
    /// # Errors
    /// The first [`RequestFault`], in that order.
    pub fn check(&self) -> Result<(), RequestFault> {
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

    /// The request checked against `doc`: [`RenderRequest::check`], then the views, then each
    /// animation looked up (once: the checked request keeps what was found), then the frame.
    ///
    /// # Errors
    /// The first [`RequestFault`], in that order.
    pub fn against<'r, 'd>(
        &'r self,
        doc: &'d Document,
    ) -> Result<CheckedRender<'r, 'd>, RequestFault> {
        self.check()?;
        let views = self
            .views
            .iter()
            .map(|&v| View::new(v))
            .collect::<Result<Vec<_>, _>>()
            .map_err(RequestFault::View)?;
        let drawn = match &self.what {
            Subject::Frame(n) => {
                if *n >= doc.frames.len() {
                    return Err(RequestFault::FrameOutOfRange {
                        frame: *n,
                        count: doc.frames.len(),
                    });
                }
                // A frame of the document, so a u32.
                Drawn::Frame(FrameIndex(*n as u32))
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
                Drawn::Motions(motions)
            }
            Subject::AllFrames => Drawn::AllFrames,
        };
        Ok(CheckedRender {
            request: self,
            doc,
            views,
            drawn,
            cancel: Cancel::never(),
        })
    }
}

/// A request checked against its document, ready to draw ([`CheckedRender::render`]).
#[derive(Debug, Clone)]
pub struct CheckedRender<'r, 'd> {
    pub(crate) request: &'r RenderRequest,
    pub(crate) doc: &'d Document,
    pub(crate) views: Vec<View>,
    pub(crate) drawn: Drawn<'d>,
    /// Looked at once a frame drawn or encoded ([`CheckedRender::cancelled_by`]); never, unless
    /// told.
    pub(crate) cancel: Cancel,
}

/// What a checked request draws, found in the document.
#[derive(Debug, Clone)]
pub(crate) enum Drawn<'d> {
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

    pub fn views(&self) -> &[View] {
        &self.views
    }

    /// The most frames one row of the render holds before any layer is added (the longest
    /// sequence an animation plays; 1 for a frame or the idle frame; every frame for a contact
    /// sheet): with [`CheckedRender::views`], a bound on the pictures it draws.
    pub fn most_frames_a_row(&self) -> usize {
        match &self.drawn {
            Drawn::Frame(_) => 1,
            Drawn::AllFrames => self.doc.frames.len(),
            Drawn::Motions(motions) => motions
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

/// Why a request cannot be drawn from its document: the request's fault, not the files'. Its
/// `Display` is plain words; [`RequestFault::words`] says it with a front end's own flags or
/// parameters ([`Spelling`]).
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

/// Every fault of a request is the request's, about the parameter that asks it: an animation or
/// a frame the document does not have as naming what it lacks, the others as not valid.
impl faults::Faulty for RequestFault {
    fn fault(&self) -> faults::Fault {
        match self {
            RequestFault::UnknownAnimation { .. } | RequestFault::FrameOutOfRange { .. } => {
                faults::Fault::NoSuch
            }
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
            RequestFault::FrameOutOfRange { .. } => "frame",
            RequestFault::OneAnimation | RequestFault::UnknownAnimation { .. } => "animation",
        }))
    }
}
