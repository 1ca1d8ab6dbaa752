//! A checked request drawn to its file ([`CheckedRender::render`]): the one path of every render,
//! a unit's alone or with its weapon and effect layers, to a `.png` strip or contact sheet, an
//! animated PNG or a GIF, with the report the command line prints about it.
//!
//! A render's canvas is the box of what it draws (the union of the drawn pixels of all its
//! frames, [`fit_to_drawn`]), with the stance point at the same place in each frame; a contact
//! sheet uses the document's canvas.

use faults::Words;
use sprite_data::Document;
use sprite_data::limits::{LimitExceeded, MAX_PICTURE_PIXELS};
use sprite_data::pose::{Motion, View};

use fft_formats::layer::WeaponType;
use sprite_data::document::Animation;

use crate::compose::{AnimationFrame, Canvas, Renderer, check_animation, fit_to_drawn};
use crate::encode::{TimedFrame, apng_unless_cancelled, gif_unless_cancelled, png_scaled};
use crate::error::RenderError;
use crate::image::Background;
use crate::image::Image;
use crate::layers::{LayeredRenderer, WeaponArt};
use crate::layout::{check_size, contact_sheet, strip};
use crate::request::{CheckedRender, Format, FoundSubject, RequestFault, Subject};
use crate::sheet::{SheetImage, SheetScale};

/// The pictures a render cuts its tiles from.
#[derive(Debug, Clone, Copy)]
pub struct TileSources<'a> {
    /// The unit's sheet.
    pub sheet: &'a Image,
    /// The second sheet MON's SP2 sequences cut their lower-half tiles from, when there is one.
    pub sp2: Option<&'a Image>,
    /// The weapon and effect layers, cut from the weapons sheet: needed when the request asks
    /// for a weapon.
    pub weapon: Option<&'a WeaponArt<'a>>,
    /// The size the sheet (and the SP2) are drawn at, a fact of the art: SD (the SPR's) or HD,
    /// the remaster's sheet at twice it (docs/remaster.md "Drawing at twice the size"). Every
    /// picture of a render is drawn at it.
    pub sheet_scale: SheetScale,
}

impl<'a> TileSources<'a> {
    /// The tile sources of loaded sheets, at the unit sheet's scale.
    pub fn of(sheet: &'a SheetImage, sp2: Option<&'a SheetImage>) -> TileSources<'a> {
        TileSources {
            sheet: &sheet.image,
            sp2: sp2.map(|s| &s.image),
            weapon: None,
            sheet_scale: sheet.scale,
        }
    }

    /// A renderer of `doc` on these sheets at their scale: the one way a unit's renderer is
    /// made from its art.
    ///
    /// # Errors
    /// [`RenderFailure::SheetMismatch`]: the sheet, or the SP2, does not fit the document's
    /// cells (or the document's canvas does not fit its limit).
    pub fn renderer(&self, doc: &'a Document) -> Result<Renderer<'a>, RenderFailure> {
        let renderer = Renderer::new(doc, self.sheet)
            .and_then(|renderer| renderer.with_sheet_scale(self.sheet_scale))
            .map_err(|error| RenderFailure::mismatch(false, error))?;
        match self.sp2 {
            Some(sp2) => renderer
                .with_sp2(sp2)
                .map_err(|error| RenderFailure::mismatch(true, error)),
            None => Ok(renderer),
        }
    }

    /// A renderer of `doc` on these sheets at their scale holding a weapon of `weapon_type`,
    /// with the weapon and effect layers cut from [`TileSources::weapon`], on a canvas that
    /// holds every layer frame `animations` show at `views`: the one way a layered renderer is
    /// made from its art.
    ///
    /// # Errors
    /// [`RenderFailure::Missing`] without the weapon art; else the document's or the sheets'
    /// refusal as a drawing error ([`RenderFailure::drawing`]).
    pub fn layered_renderer(
        &self,
        doc: &'a Document,
        weapon_type: WeaponType,
        animations: &[&Animation],
        views: &[View],
    ) -> Result<LayeredRenderer<'a>, RenderFailure> {
        let weapon = self
            .weapon
            .ok_or_else(|| RenderFailure::Missing(Box::new(RenderError::WeaponArtNeeded)))?;
        weapon
            .renderer(doc, self.sheet, weapon_type, animations, views)
            .and_then(|renderer| renderer.with_sheet_scale(self.sheet_scale))
            .and_then(|renderer| match self.sp2 {
                Some(sp2) => renderer.with_sp2(sp2),
                None => Ok(renderer),
            })
            .map_err(RenderFailure::drawing)
    }
}

/// What a report's `hd` line says was drawn at the HD sheet's scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HdPicture {
    /// A render: its cells cut from the sheet.
    Render,
    /// An atlas (`export-aseprite`): its frames cut from the sheet.
    Atlas,
}

/// The report's line on pictures drawn from the remaster's HD sheet (none at SD): what was
/// drawn at the scale, and with the `layers`, that they are SD art drawn at it (there is no HD
/// weapons sheet). The one wording of the line, for a render and an atlas.
pub fn hd_line(scale: SheetScale, picture: HdPicture, layers: bool) -> Option<String> {
    (scale != SheetScale::Sd).then(|| {
        let k = scale.factor();
        let what = match picture {
            HdPicture::Render => {
                format!("the sheet at {k}x: cells cut at {k} times their place and size, offsets")
            }
            HdPicture::Atlas => {
                format!("the atlas at {k}x: every frame cut from the HD sheet, its offsets")
            }
        };
        let layers = if layers {
            format!(
                "; the weapon and effect are SD art drawn {k}x (nearest neighbour: there is no \
                 HD weapons sheet)"
            )
        } else {
            String::new()
        };
        format!("hd      {what} and moves {k} times the document's{layers}")
    })
}

/// A rendered file: its bytes, and what the command line reports about it.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    /// Lines on what was drawn (canvas, frames, animations).
    pub report: Vec<String>,
    /// What the file holds, in a few words (`48 x 60, 12 frames, plays for ever, 5210 bytes`).
    pub summary: String,
}

/// Why a render made no file: a [`RequestFault`] or a [`RenderError`] sorted by the input it
/// concerns (the request, the sheet or the SP2, the document, the output), which each front end
/// names in its own words (the command line names the file, the server chooses its status). It
/// adds no kind of error of its own but [`RenderFailure::Cancelled`].
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum RenderFailure {
    /// The request's fault (the command line's usage error, the server's `400`).
    #[error(transparent)]
    Request(#[from] RequestFault),
    /// An input the request needs was not given: the SP2 an SP2 sequence draws from
    /// ([`RenderError::Sp2Needed`]), or the weapon art for a weapon (the server's `422`).
    #[error("{0}")]
    Missing(Box<RenderError>),
    /// The sheet (`sp2: false`) or the SP2 does not fit the document's cells.
    #[error("the {} does not fit the document: {error}", if *.sp2 { "SP2" } else { "sheet" })]
    SheetMismatch { sp2: bool, error: Box<RenderError> },
    /// The document, or a layer document, does not draw (a reference that does not resolve, a
    /// canvas past its limit): the command line names the document.
    #[error("{0}")]
    Drawing(Box<RenderError>),
    /// The file would pass a limit, or cannot be encoded; `stage` says what was being made.
    #[error("{}{error}", .stage.map(|s| format!("{s}: ")).unwrap_or_default())]
    Output {
        stage: Option<&'static str>,
        error: Box<RenderError>,
    },
    /// Stopped between two frames: the render is no longer wanted
    /// ([`CheckedRender::cancelled_by`]).
    #[error("{}", RenderError::Cancelled)]
    Cancelled,
}

impl RenderFailure {
    /// A drawing error: an SP2 sequence without its SP2 is a missing input, anything else the
    /// document's (or its layers').
    pub fn drawing(error: RenderError) -> RenderFailure {
        match error {
            RenderError::Cancelled => RenderFailure::Cancelled,
            RenderError::Sp2Needed { .. } => RenderFailure::Missing(Box::new(error)),
            other => RenderFailure::Drawing(Box::new(other)),
        }
    }

    /// The sheet (`sp2: false`) or the SP2 that does not fit the document.
    pub fn mismatch(sp2: bool, error: RenderError) -> RenderFailure {
        RenderFailure::SheetMismatch {
            sp2,
            error: Box::new(error),
        }
    }

    fn output(error: impl Into<RenderError>) -> RenderFailure {
        match error.into() {
            RenderError::Cancelled => RenderFailure::Cancelled,
            error => RenderFailure::Output {
                stage: None,
                error: Box::new(error),
            },
        }
    }

    fn while_making(stage: &'static str) -> impl FnOnce(RenderError) -> RenderFailure {
        move |error| match error {
            RenderError::Cancelled => RenderFailure::Cancelled,
            error => RenderFailure::Output {
                stage: Some(stage),
                error: Box::new(error),
            },
        }
    }
}

/// A request fault is the request's; an input needed and not given (the SP2, the weapon art) is
/// a missing one; a sheet that does not fit or a document that does not draw is the file's; a
/// picture past a limit or that cannot be encoded says its own; a render stopped because nobody
/// waits for it is ours to answer.
impl faults::Faulty for RenderFailure {
    fn fault(&self) -> faults::Fault {
        match self {
            RenderFailure::Request(fault) => fault.fault(),
            RenderFailure::Missing(_) => faults::Fault::Missing,
            RenderFailure::SheetMismatch { .. } | RenderFailure::Drawing(_) => faults::Fault::File,
            RenderFailure::Output { error, .. } => error.fault(),
            // Nobody's: whoever asked has gone (the server answers it apart).
            RenderFailure::Cancelled => faults::Fault::Internal,
        }
    }

    fn concerns(&self) -> Option<faults::Concern> {
        match self {
            RenderFailure::Request(fault) => fault.concerns(),
            _ => None,
        }
    }

    fn words(&self, spelling: &dyn faults::Spelling) -> String {
        match self {
            RenderFailure::Request(fault) => fault.words(spelling),
            RenderFailure::Missing(error) | RenderFailure::Drawing(error) => error.words(spelling),
            RenderFailure::Output { stage, error } => format!(
                "{}{}",
                stage.map(|s| format!("{s}: ")).unwrap_or_default(),
                error.words(spelling)
            ),
            other => other.to_string(),
        }
    }
}

/// What a request draws before it is encoded: rows of frames fitted to what they draw, or a
/// contact sheet; with the canvas of one picture and the report.
enum Drawing {
    Rows {
        rows: Vec<Vec<AnimationFrame>>,
        loops: bool,
        canvas: Canvas,
        report: Vec<String>,
    },
    ContactSheet {
        sheet: Image,
        canvas: Canvas,
        report: Vec<String>,
    },
}

impl CheckedRender<'_, '_> {
    /// The file this request asks for, drawn from `art`.
    ///
    /// # Errors
    /// A [`RenderFailure`]: [`RenderFailure::Missing`] for an SP2 sequence without `art.sp2`
    /// or a weapon without `art.weapon`, else the inputs' or the output's failure.
    pub fn render(&self, art: &TileSources<'_>) -> Result<Rendered, RenderFailure> {
        match self.draw(art)? {
            Drawing::Rows {
                rows,
                loops,
                report,
                ..
            } => self.encode_rows(&rows, loops, report),
            Drawing::ContactSheet { sheet, report, .. } => self.png_file(&sheet, report),
        }
    }

    /// The canvas of one picture of this render, before its scale: the box of what it draws
    /// (the union of the drawn pixels of all its frames, [`fit_to_drawn`]), the stance point at
    /// `(-left, -top)`; the document's canvas for a contact sheet's cell. Drawn as
    /// [`CheckedRender::render`] draws, so it is that file's canvas; nothing is encoded.
    ///
    /// # Errors
    /// As [`CheckedRender::render`], but for the encoding's own.
    pub fn canvas(&self, art: &TileSources<'_>) -> Result<Canvas, RenderFailure> {
        match self.draw(art)? {
            Drawing::Rows { canvas, .. } | Drawing::ContactSheet { canvas, .. } => Ok(canvas),
        }
    }

    /// The pictures this request draws, fitted, not yet encoded.
    fn draw(&self, art: &TileSources<'_>) -> Result<Drawing, RenderFailure> {
        if let (Some(weapon_type), FoundSubject::Motions(motions)) =
            (self.request.weapon, &self.found)
        {
            return self.draw_with_layers(art, weapon_type, motions);
        }
        let renderer = art.renderer(self.doc)?.with_cancel(self.cancel.clone());
        let hd_line = hd_line(art.sheet_scale, HdPicture::Render, false);
        let mut rows = Rows::default();
        let mut loops = false;
        match &self.found {
            FoundSubject::AllFrames => return self.contact_sheet(&renderer, hd_line),
            FoundSubject::Frame(shp) => {
                let image = renderer.draw_frame(*shp).map_err(RenderFailure::drawing)?;
                rows.lines.push(format!(
                    "frame   {} ({} tiles)",
                    shp.index(),
                    self.doc.frames[shp.index()].len()
                ));
                rows.frames.push(vec![AnimationFrame {
                    image,
                    ticks: 0,
                    start: 0,
                    index: None,
                    shp: *shp,
                    move_x: 0,
                    move_y: 0,
                    events: Vec::new(),
                }]);
            }
            FoundSubject::Motions(motions) => {
                for &motion in motions {
                    // An animation that only draws in its water frames (Nulled Walk) is drawn
                    // in them.
                    let water =
                        self.request.water || matches!(motion, Motion::Animation(a) if a.water);
                    if let Motion::Animation(animation) = motion {
                        loops = animation.looping;
                    }
                    for &view in self.views() {
                        let frames = renderer
                            .animation(motion, view, water)
                            .map_err(RenderFailure::drawing)?;
                        rows.push_animation(
                            motion.name(),
                            view,
                            water,
                            self.doc,
                            frames,
                            renderer.canvas(),
                        )?;
                    }
                }
            }
        }
        Ok(rows.fitted(renderer.canvas(), "", loops, hd_line))
    }

    /// Each animation at each view with its layers, on a canvas that holds them (then fitted to
    /// what is drawn, as without a weapon).
    fn draw_with_layers(
        &self,
        art: &TileSources<'_>,
        weapon_type: WeaponType,
        motions: &[Motion<'_>],
    ) -> Result<Drawing, RenderFailure> {
        // RenderRequest::against refuses the idle frame with a weapon.
        let animations: Vec<_> = motions
            .iter()
            .filter_map(|motion| match motion {
                Motion::Animation(animation) => Some(*animation),
                Motion::Idle => None,
            })
            .collect();
        let renderer = art
            .layered_renderer(self.doc, weapon_type, &animations, self.views())?
            .with_cancel(self.cancel.clone());
        let mut rows = Rows::default();
        let mut loops = false;
        for animation in animations {
            let water = self.request.water || animation.water;
            loops = animation.looping;
            for &view in self.views() {
                let frames = renderer
                    .animation(animation, view, water)
                    .map_err(RenderFailure::drawing)?;
                rows.push_animation(
                    &animation.name,
                    view,
                    water,
                    self.doc,
                    frames,
                    renderer.canvas(),
                )?;
            }
        }
        Ok(rows.fitted(
            renderer.canvas(),
            ", weapon and effect included",
            loops,
            hd_line(art.sheet_scale, HdPicture::Render, true),
        ))
    }

    /// A contact sheet of every frame on the document's canvas.
    fn contact_sheet(
        &self,
        renderer: &Renderer<'_>,
        hd_line: Option<String>,
    ) -> Result<Drawing, RenderFailure> {
        let columns = self.request.columns;
        let sheet = contact_sheet(renderer, columns).map_err(RenderFailure::drawing)?;
        let canvas = renderer.canvas();
        let mut report = vec![format!(
            "canvas  {} x {} a frame (the document's), stance point at ({}, {})",
            canvas.width,
            canvas.height,
            canvas.stance().0,
            canvas.stance().1
        )];
        report.extend(hd_line);
        report.push(format!(
            "frames  {} (contact sheet, {} a row)",
            self.doc.frames.len(),
            columns.max(1)
        ));
        Ok(Drawing::ContactSheet {
            sheet,
            canvas,
            report,
        })
    }

    /// The drawn rows in the request's format, with the report and the summary.
    fn encode_rows(
        &self,
        rows: &[Vec<AnimationFrame>],
        loops: bool,
        report: Vec<String>,
    ) -> Result<Rendered, RenderFailure> {
        let request = self.request;
        if request.format == Format::Png {
            let image = strip(rows, request.labels)
                .map_err(RenderFailure::while_making("drawing the strip"))?;
            return self.png_file(&image, report);
        }
        let frames = &rows[0];
        let fitted = Canvas {
            left: 0,
            top: 0,
            width: frames.first().map_or(1, |f| f.image.width()),
            height: frames.first().map_or(1, |f| f.image.height()),
        };
        let (what, scale) = (request.what.clone(), request.scale);
        let drawn = Words::new(move |s| {
            let drawn = match &what {
                Subject::Animations(names) => s.given("animation", &format_args!("{:?}", names[0])),
                Subject::Frame(n) => s.given("frame", n),
                Subject::AllFrames => s.name("all"),
            };
            format!("{drawn} at {}", s.given("scale", &scale))
        });
        check_animation(fitted, frames.len(), request.scale, drawn)
            .map_err(RenderFailure::output)?;
        let scaled: Vec<Image> = frames
            .iter()
            .map(|f| {
                self.cancel.check()?;
                finish(&f.image, request.background, request.scale)
            })
            .collect::<Result<_, _>>()
            .map_err(RenderFailure::output)?;
        let timed: Vec<TimedFrame<'_>> = frames
            .iter()
            .zip(&scaled)
            .map(|(f, image)| TimedFrame {
                image,
                ticks: if f.ticks == 0 { request.hold } else { f.ticks },
            })
            .collect();
        let plays = request.plays.unwrap_or(if loops { 0 } else { 1 });
        let tps = self.doc.stage.ticks_per_second;
        let bytes = if request.format == Format::Apng {
            let tps = u16::try_from(tps).map_err(|_| {
                RenderFailure::output(RenderError::TicksPerSecondTooHigh {
                    ticks_per_second: tps,
                })
            })?;
            apng_unless_cancelled(&timed, tps, plays, &self.cancel)
        } else {
            gif_unless_cancelled(&timed, tps, plays, &self.cancel)
        }
        .map_err(RenderFailure::while_making("encoding"))?;
        let (w, h) = (scaled[0].width(), scaled[0].height());
        let summary = format!(
            "{w} x {h}, {} frames, plays {}, {} bytes",
            timed.len(),
            if plays == 0 {
                "for ever".to_owned()
            } else {
                plays.to_string()
            },
            bytes.len()
        );
        Ok(Rendered {
            bytes,
            report,
            summary,
        })
    }

    /// A `.png` of `image` (on the background, scaled), scaled as it is encoded
    /// ([`png_scaled`]).
    fn png_file(&self, image: &Image, report: Vec<String>) -> Result<Rendered, RenderFailure> {
        let scale = self.request.scale;
        let (width, height) = check_scaled(image, scale).map_err(RenderFailure::output)?;
        let bytes = png_scaled(image, self.request.background, scale, &self.cancel)
            .map_err(RenderFailure::while_making("encoding the PNG"))?;
        let summary = format!("{width} x {height}, {} bytes", bytes.len());
        Ok(Rendered {
            bytes,
            report,
            summary,
        })
    }
}

/// `image` on `background`, every pixel a `scale x scale` block, after checking the scaled size
/// (the command line draws a SAS set's pictures with it too).
///
/// # Errors
/// [`RenderError::Limit`] past [`MAX_PICTURE_PIXELS`], naming the scale.
pub fn finish(image: &Image, background: Background, scale: u32) -> Result<Image, RenderError> {
    check_scaled(image, scale)?;
    Ok(image.scaled_on(scale, background))
}

/// The size of `image` at `scale`, checked against [`MAX_PICTURE_PIXELS`] (naming the scale).
///
/// # Errors
/// [`RenderError::Limit`].
pub(crate) fn check_scaled(image: &Image, scale: u32) -> Result<(u32, u32), RenderError> {
    let k = u64::from(scale);
    let (width, height) = (u64::from(image.width()) * k, u64::from(image.height()) * k);
    check_size(
        width,
        height,
        "a picture of",
        Words::new(move |s| s.given("scale", &scale)),
    )?;
    // check_size holds each side to u32.
    Ok((width as u32, height as u32))
}

/// The rows a render draws (one per animation and view, or the one frame) and a report line each.
#[derive(Default)]
struct Rows {
    frames: Vec<Vec<AnimationFrame>>,
    lines: Vec<String>,
}

impl Rows {
    /// Adds `name`'s frames in `view` as the next row, with its report line, and bounds the rows
    /// held so far together ([`bound_rows`]).
    fn push_animation(
        &mut self,
        name: &str,
        view: View,
        water: bool,
        doc: &Document,
        frames: Vec<AnimationFrame>,
        canvas: Canvas,
    ) -> Result<(), RenderFailure> {
        let tps = doc.stage.ticks_per_second;
        self.lines
            .push(describe_animation(name, view, water, tps, &frames));
        self.frames.push(frames);
        bound_rows(&self.frames, canvas)
    }

    /// The rows fitted to what they draw ([`fit_to_drawn`]), with the fitted canvas and the
    /// report: that canvas (`the box of what this render draws{drawn_too}`), the HD line when
    /// there is one, then each row's line.
    fn fitted(
        mut self,
        canvas: Canvas,
        drawn_too: &str,
        loops: bool,
        hd_line: Option<String>,
    ) -> Drawing {
        let canvas = fit_to_drawn(&mut self.frames, canvas);
        let mut report = vec![format!(
            "canvas  {} x {}, stance point at ({}, {}) (the box of what this render draws{drawn_too})",
            canvas.width,
            canvas.height,
            canvas.stance().0,
            canvas.stance().1
        )];
        report.extend(hd_line);
        report.extend(self.lines);
        Drawing::Rows {
            rows: self.frames,
            loops,
            canvas,
            report,
        }
    }
}

/// Every row is held until the strip is made: bounds them together as they are drawn, before the
/// next is.
///
/// # Errors
/// [`LimitExceeded`] (`MAX_PICTURE_PIXELS`) naming how many animation rows it took.
fn bound_rows(rows: &[Vec<AnimationFrame>], canvas: Canvas) -> Result<(), RenderFailure> {
    let held: usize = rows.iter().map(Vec::len).sum();
    let pixels = held as u64 * u64::from(canvas.width) * u64::from(canvas.height);
    if pixels > MAX_PICTURE_PIXELS {
        return Err(RenderFailure::output(LimitExceeded {
            what: format!("{held} frames of {} x {},", canvas.width, canvas.height),
            value: format!("{pixels} pixels in all,"),
            limit: format!("{MAX_PICTURE_PIXELS} pixels"),
            name: "MAX_PICTURE_PIXELS",
            field: {
                let count = rows.len();
                Words::new(move |s| format!("{} x {count}", s.name("animation")))
            },
        }));
    }
    Ok(())
}

/// One line on what an animation shows: frames, length, events.
fn describe_animation(
    name: &str,
    view: View,
    water: bool,
    tps: u32,
    frames: &[AnimationFrame],
) -> String {
    let ticks: u64 = frames.iter().map(|f| u64::from(f.ticks)).sum();
    let events: Vec<String> = frames
        .iter()
        .enumerate()
        .flat_map(|(i, f)| {
            f.events
                .iter()
                .map(move |e| format!("{e} in frame {i} (tick {})", f.start))
        })
        .collect();
    format!(
        "anim    {name:?} view {view}{}: {} frames, {ticks} ticks ({:.3} s){}{}",
        if water { " in water" } else { "" },
        frames.len(),
        ticks as f64 / f64::from(tps.max(1)),
        if events.is_empty() { "" } else { "; " },
        events.join(", ")
    )
}
