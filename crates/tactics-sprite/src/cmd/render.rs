//! `tactics-sprite render`: a frame, an animation at a view, or every frame of a document, drawn
//! from a sheet to a PNG strip, an animated PNG or a GIF (by the output's extension).

use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use sprite_data::limits::{LimitExceeded, MAX_OUTPUT_BYTES, MAX_PICTURE_PIXELS};
use sprite_data::output::write_atomically;
use sprite_data::pose::{Motion, View};
use sprite_data::{Document, FrameIndex};
use sprite_render::compose::{Canvas, check_animation, fit_to_drawn};
use sprite_render::encode::{TimedFrame, apng, gif, png_rgba};
use sprite_render::layout::{check_size, contact_sheet, strip};
use sprite_render::sheet::{SheetImage, SheetSource, load_sheet, load_sp2, spr_colours};
use sprite_render::{AnimationFrame, Background, Image, RenderError, Renderer};

use super::weapon::{LoadedWeapon, WeaponInput};
use super::{Failure, Outcome, read_input};

/// Draw frames and animations of a document from a sheet.
#[derive(Debug, clap::Args)]
#[command(
    about = "Draw a frame, an animation or every frame of a document from a sheet (PNG, APNG, GIF)",
    long_about = "Draw pictures of a tactics-sprite-data.json document from its sprite sheet (an \
SPR file, or a PNG in the same 256-wide layout, indexed or RGBA), placing every tile as the draw \
algorithm (poseAt) does: tiles back to front, mirrored tiles and mirrored views flipped, the 2D \
move (moveX, moveY) added. A render's canvas is the box of what it draws (the union of the drawn \
pixels of all its frames), with the stance point at the same place in each, so frames do not \
jump; --all-frames uses the document's canvas. MON's SP2 animations cut their lower-half tiles \
from the SP2 (--sp2, or the file the document names, found beside the sheet) and are refused \
without it. Weapons and effects are drawn with --weapon (below).\n\n\
What is drawn: --frame N (SHP frame N as stored), --animation NAME at --view V [--water] (every \
frame the animation shows, each at the tick it starts; \"Idle\" is the idle frame of the view; \
an animation that only draws in water, such as Nulled Walk, is always drawn in its water frames), \
or --all-frames (a contact sheet of every frame, labelled by index).\n\n\
The output's extension chooses the format: .png a strip (one row per --animation, which may be \
given several times, as may --view: a row per animation and view; with --labels each frame's \
first tick is written under it, red where a hit \
lands, blue where a sound plays), .apng an animated PNG whose delays are exactly ticks/60 s, \
.gif a GIF with centisecond delays whose rounding is carried so the total time is right. An \
animation that loops plays for ever, one that does not plays once and holds its last frame \
(--plays changes it); a last frame the game holds (delay 0) shows for --hold ticks.\n\n\
The output is written atomically. Exit status: 0 on success; 1 when an input cannot be read or \
does not fit (a sheet too small for the document's cells, an SP2 animation without its SP2); 2 \
for a usage error: an unknown animation (names match in any case; the nearest are suggested), a \
view outside 0..7, a frame not in the document, an unknown extension. Nothing is printed before \
a failure.\n\n\
--weapon TYPE --weapon-sheet WEP.SPR draws an --animation with the weapon in hand: the weapon and \
effect layers the animation's sequence starts (QueueSpriteAnim), each from its layer document \
(wep1.json and eff1.json beside --data unless --weapon-data/--effect-data name them) and its block \
of the weapons sheet, in the draw order SetLayerPriority sets, a turned frame turned about the \
unit's anchor. A picture is drawn wherever the unit's or a layer's frame changes.\n\n\
Tactics Ogre SAS sets: give the SAS file (or a pakd container, with --entry N) as --data and a PNG \
sheet of any size as --sheet; --animation N picks an animation by index and --direction D (0..3) \
its column, a mirrored direction is drawn mirrored. Each pose is a cell of the strip (or a frame \
of the .apng/.gif, at 60 ticks a second), quads at the animation's position plus their x, y, at \
the sheet's resolution (the game shows it at 1/scale). --frame N draws sprite N."
)]
#[command(after_long_help = super::LIMITS_HELP)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["frame", "animation", "all_frames"])))]
pub struct Args {
    #[command(flatten)]
    pub input: DrawingInput,

    #[command(flatten)]
    pub weapon: WeaponInput,

    /// For a SAS set or pakd container given as --data (drawn by `sas::render`).
    #[command(flatten)]
    pub sas: super::sas::render::RenderOptions,

    /// Draw SHP frame N as stored (not mirrored, no move).
    #[arg(long, value_name = "N")]
    pub frame: Option<usize>,

    /// Draw this animation ("Swing High"; "Idle" for the idle frame); repeat for more rows of a
    /// .png strip.
    #[arg(long, value_name = "NAME")]
    pub animation: Vec<String>,

    /// Draw a contact sheet of every frame of the document, labelled by index (.png only).
    #[arg(long)]
    pub all_frames: bool,

    /// The view, 0..7: (facing + camera step) % 8; repeat for more rows of a .png strip (each
    /// animation at each view).
    #[arg(
        long,
        value_name = "V",
        default_value = "1",
        allow_negative_numbers = true
    )]
    pub view: Vec<i64>,

    /// Draw the unit standing in water (its water frames).
    #[arg(long)]
    pub water: bool,

    /// Scale every pixel to a K x K block (nearest neighbour), 1..16.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub scale: u32,

    /// `transparent` or a colour #RRGGBB.
    #[arg(long, value_name = "BG", default_value = "transparent")]
    pub background: Background,

    /// Write each frame's first tick under it in a .png strip (red: a hit lands; blue: a sound).
    #[arg(long)]
    pub labels: bool,

    /// Cells per row of the contact sheet.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub columns: u32,

    /// How many times an .apng or .gif plays, 0 for ever [default: 0 when the animation loops,
    /// else 1]
    #[arg(long, value_name = "N")]
    pub plays: Option<u32>,

    /// How long an .apng or .gif shows a frame the game holds (a last delay of 0), in ticks.
    #[arg(long, value_name = "TICKS", default_value_t = 60)]
    pub hold: u32,

    /// Where to write: .png, .apng or .gif.
    #[arg(short, long, value_name = "OUT")]
    pub out: PathBuf,
}

/// The output format, from the extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Apng,
    Gif,
}

/// A usage error of `render` (exit 2; a `400` from `serve`).
fn usage(message: impl std::fmt::Display) -> Failure {
    Failure::usage("render", message)
}

/// What every drawing command reads: a document and the sheet to draw it from.
#[derive(Debug, clap::Args)]
pub struct DrawingInput {
    /// The document (tactics-sprite-data.json); for `render`, also a SAS set or pakd container.
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The sheet: an SPR file, or a PNG 256 pixels wide in the sheet's layout.
    #[arg(long, value_name = "SHEET")]
    pub sheet: PathBuf,

    /// The second sheet (an SP2, or a 256-wide PNG) that MON's SP2 sequences draw from
    /// [default: the document's sp2 file (its disc or remaster name), if it is beside the sheet]
    #[arg(long, value_name = "FILE")]
    pub sp2: Option<PathBuf>,

    /// The SPR palette to draw with (SPR sheets only; an SP2 is drawn with it too) [default: 0]
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,
}

/// A document with its sheets, read and checked, and what to say about them once drawing
/// succeeds.
pub struct Loaded {
    pub doc: Document,
    pub sheet: SheetImage,
    pub sp2: Option<SheetImage>,
    /// `sheet   ...` and `sp2     ...` lines, printed only when the command goes on to succeed.
    pub lines: Vec<String>,
    /// Where an SP2 was looked for, when none was given or found (for the error that needs it).
    pub sp2_looked_for: Vec<PathBuf>,
}

impl DrawingInput {
    /// Reads the sheet (and the SP2, given or found beside it) for `doc`, printing nothing.
    ///
    /// # Errors
    /// A sheet that cannot be read or is not a sheet (said as what it is).
    pub fn load(&self, doc: Document) -> anyhow::Result<Loaded> {
        let sheet_bytes = read_input(&self.sheet)?;
        let sheet = load_sheet_bytes(&self.sheet, &sheet_bytes, self.palette)?;
        let mut lines = vec![format!("sheet   {}", describe_sheet(&self.sheet, &sheet))];
        let needs_sp2 = doc.draws_from_sp2();
        let mut sp2_looked_for = Vec::new();
        let sp2_path = match (&self.sp2, &doc.sp2) {
            (Some(path), _) => Some((path.clone(), "")),
            (None, Some(named)) if needs_sp2 => {
                sp2_looked_for = beside(&self.sheet, &named.file);
                sp2_looked_for
                    .iter()
                    .find(|p| p.is_file())
                    .map(|p| (p.clone(), " (found beside the sheet)"))
            }
            _ => None,
        };
        let sp2 = match sp2_path {
            Some((path, how)) => {
                let bytes = read_input(&path)?;
                let colours = spr_colours(&sheet_bytes, self.palette.unwrap_or(0));
                let sp2 = load_sp2(&bytes, colours.as_ref())
                    .map_err(|e| describe_bad_sheet(&path, &bytes, e))?;
                lines.push(format!("sp2     {}{how}", describe_sheet(&path, &sp2)));
                sp2_looked_for.clear();
                Some(sp2)
            }
            None => None,
        };
        Ok(Loaded {
            doc,
            sheet,
            sp2,
            lines,
            sp2_looked_for,
        })
    }

    /// A renderer of the document on its sheets.
    ///
    /// # Errors
    /// A sheet too small for the document's cells.
    pub fn renderer<'a>(&self, loaded: &'a Loaded) -> anyhow::Result<Renderer<'a>> {
        let fits = || {
            format!(
                "{} does not fit {}",
                self.sheet.display(),
                self.data.display()
            )
        };
        let renderer = Renderer::new(&loaded.doc, &loaded.sheet.image).with_context(fits)?;
        match &loaded.sp2 {
            Some(sp2) => renderer.with_sp2(&sp2.image).with_context(|| {
                let path = self.sp2.as_deref().unwrap_or(Path::new("the SP2"));
                format!("{} does not fit {}", path.display(), self.data.display())
            }),
            None => Ok(renderer),
        }
    }

    /// A drawing error in words: an SP2 sequence without its SP2 says which file to give.
    pub fn explain(&self, loaded: &Loaded, error: RenderError) -> anyhow::Error {
        match error {
            RenderError::Sp2Needed { .. } => {
                let looked: Vec<String> = loaded
                    .sp2_looked_for
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect();
                let looked = if looked.is_empty() {
                    String::new()
                } else {
                    format!(" (not found: {})", looked.join(", "))
                };
                anyhow!(
                    "{}: {error}; give it with --sp2 FILE{looked}",
                    self.data.display()
                )
            }
            other => anyhow::Error::new(other).context(self.data.display().to_string()),
        }
    }
}

/// Where a file the document names is looked for beside `sheet`: its name as written and the
/// other naming (disc `BEHI2.SP2` or the remaster's `battle_behi2_sp2.bin`), in any case.
fn beside(sheet: &Path, file: &str) -> Vec<PathBuf> {
    let folder = sheet.parent().unwrap_or(Path::new(""));
    let lower = file.to_ascii_lowercase();
    let other = match lower
        .strip_prefix("battle_")
        .and_then(|s| s.strip_suffix(".bin"))
    {
        Some(stem) => match stem.rsplit_once('_') {
            Some((name, ext)) => format!("{name}.{ext}").to_ascii_uppercase(),
            None => stem.to_ascii_uppercase(),
        },
        None => format!("battle_{}.bin", lower.replace('.', "_")),
    };
    let wanted = [file.to_owned(), other];
    let entries: Vec<PathBuf> = std::fs::read_dir(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    })
    .map(|dir| dir.flatten().map(|e| e.path()).collect())
    .unwrap_or_default();
    wanted
        .iter()
        .map(|name| {
            entries
                .iter()
                .find(|p| {
                    p.file_name()
                        .is_some_and(|f| f.to_string_lossy().eq_ignore_ascii_case(name))
                })
                .cloned()
                .unwrap_or_else(|| folder.join(name))
        })
        .collect()
}

/// Reads a sheet from its bytes: a PNG by its signature, else an SPR drawn with `palette`.
///
/// # Errors
/// An undecodable sheet (said as what the file is), a palette it does not have, or `--palette`
/// for a PNG.
fn load_sheet_bytes(
    path: &Path,
    bytes: &[u8],
    palette: Option<usize>,
) -> anyhow::Result<SheetImage> {
    let shown = path.display().to_string();
    let sheet = load_sheet(bytes, palette).map_err(|e| describe_bad_sheet(path, bytes, e))?;
    if palette.is_some() && matches!(sheet.source, SheetSource::Png { .. }) {
        return Err(anyhow!(
            "{shown}: --palette chooses an SPR palette; a PNG sheet is drawn in its own colours"
        ));
    }
    Ok(sheet)
}

/// A sheet that does not load, said as what the file is when it is plainly something else (a
/// JSON document, an SHP or SEQ), else as the decoder's one line.
fn describe_bad_sheet(path: &Path, bytes: &[u8], error: RenderError) -> anyhow::Error {
    let what = match super::not_a_sprite_file(bytes) {
        Some(what) if !what.starts_with("a PNG") => Some(what.to_owned()),
        _ => fft_formats::detect_format(bytes)
            .filter(|k| *k != fft_formats::FileFormat::Spr)
            .map(|k| k.in_words().to_owned()),
    };
    match what {
        Some(what) => anyhow!(
            "{}: this is {what}, not a sheet (an SPR, or a PNG 256 pixels wide)",
            path.display()
        ),
        None => anyhow::Error::new(error).context(path.display().to_string()),
    }
}

/// Describes a sheet in one line.
pub fn describe_sheet(path: &Path, sheet: &SheetImage) -> String {
    let what = match sheet.source {
        SheetSource::Spr {
            variant: fft_formats::spr::SprVariant::Sp2,
            ..
        } => "SP2, drawn with the sheet's palette".to_owned(),
        SheetSource::Spr { variant, palette } => format!("{variant} SPR, palette {palette}"),
        SheetSource::Png { indexed: true } => "indexed PNG".to_owned(),
        SheetSource::Png { indexed: false } => "PNG".to_owned(),
    };
    format!(
        "{} ({what}, {} x {})",
        path.display(),
        sheet.image.width(),
        sheet.image.height()
    )
}

/// Runs the command. Nothing is printed before every input is read and every frame drawn: a
/// failure prints its one line and nothing else.
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written. A bad
/// request is a [`Failure::Usage`].
pub fn run(args: &Args) -> Outcome {
    if let Some(result) = super::sas::render::dispatch(args) {
        return result;
    }
    if let Err(message) = check_request(args) {
        return Err(usage(message));
    }
    let doc = sprite_data::load_document(&args.input.data)?;
    // The request, checked against the document before any sheet is read.
    if let Err(message) = check_against(args, &doc) {
        return Err(usage(message));
    }
    let loaded = args.input.load(doc)?;
    let result = match args.weapon.load(&args.input.data)? {
        Some(weapon) => render_with_weapon(args, &loaded, &weapon),
        None => {
            let renderer = args.input.renderer(&loaded)?;
            let explain = |error| args.input.explain(&loaded, error);
            render_file(args, &loaded.doc, &renderer, &explain)
        }
    };
    let rendered = result?;
    write_out(&args.out, &rendered.bytes)?;
    print_lines(&loaded.lines);
    print_lines(&rendered.report);
    println!("wrote   {} ({})", args.out.display(), rendered.summary);
    Ok(())
}

/// A rendered file: its bytes, and what the command reports about it.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    /// Lines on what was drawn (canvas, frames, animations), printed once the file is written.
    pub report: Vec<String>,
    /// What the file holds, in the `wrote` line's parentheses.
    pub summary: String,
}

/// The output's format, from the extension of `--out`; and the requests only some formats take.
///
/// # Errors
/// The usage error's message.
pub fn check_request(args: &Args) -> Result<Format, String> {
    let extension = args
        .out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let format = match extension.as_deref() {
        Some("png") => Format::Png,
        Some("apng") => Format::Apng,
        Some("gif") => Format::Gif,
        _ => {
            return Err(format!(
                "{}: the output's extension chooses its format: .png, .apng or .gif",
                args.out.display()
            ));
        }
    };
    if args.all_frames && format != Format::Png {
        return Err("--all-frames makes a contact sheet, which is a .png".to_owned());
    }
    if args.animation.len() > 1 && format != Format::Png {
        return Err("an .apng or .gif holds one animation; give --animation once".to_owned());
    }
    if args.view.len() > 1 && format != Format::Png {
        return Err("an .apng or .gif holds one view; give --view once".to_owned());
    }
    if args.weapon.weapon.is_some() && args.animation.is_empty() {
        return Err("--weapon draws the layers an animation starts: give --animation".to_owned());
    }
    Ok(format)
}

/// The views, animations and frame of the request, checked against the document.
///
/// # Errors
/// The usage error's message: a view outside 0..7, an unknown animation (with the nearest
/// names), a frame not in the document.
pub fn check_against(args: &Args, doc: &Document) -> Result<Vec<View>, String> {
    let views = args
        .view
        .iter()
        .map(|&v| View::new(v))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    for name in &args.animation {
        let motion = Motion::find(doc, name).map_err(|e| e.to_string())?;
        if args.weapon.weapon.is_some() && matches!(motion, Motion::Idle) {
            return Err("--weapon draws attacks, not the idle frame".to_owned());
        }
    }
    if let Some(n) = args.frame {
        if n >= doc.frames.len() {
            return Err(RenderError::FrameOutOfRange {
                frame: n,
                count: doc.frames.len(),
            }
            .to_string());
        }
    }
    Ok(views)
}

/// The file this command writes for `args` (all but `--data`, `--sheet`, `--sp2` and
/// `--palette`, which made `doc` and `renderer`), and its report lines; `serve`'s
/// `/api/v1/render.*` sends the same bytes. `explain` words a drawing error (the command names
/// the files, and the SP2 to give).
///
/// # Errors
/// [`Failure::Usage`] for a bad request, [`Failure::Failed`] for inputs that do not resolve.
pub fn render_file(
    args: &Args,
    doc: &Document,
    renderer: &Renderer,
    explain: &dyn Fn(RenderError) -> anyhow::Error,
) -> Result<Rendered, Failure> {
    let format = check_request(args).map_err(usage)?;
    let views = check_against(args, doc).map_err(usage)?;
    let mut report = Vec::new();

    if args.all_frames {
        let sheet_image = contact_sheet(renderer, args.columns).map_err(explain)?;
        let canvas = renderer.canvas();
        report.push(format!(
            "canvas  {} x {} a frame (the document's), stance point at ({}, {})",
            canvas.width,
            canvas.height,
            canvas.stance().0,
            canvas.stance().1
        ));
        report.push(format!(
            "frames  {} (contact sheet, {} a row)",
            doc.frames.len(),
            args.columns.max(1)
        ));
        return Ok(png_file(args, &sheet_image, report)?);
    }

    // What to draw: rows of timed frames, and whether the one animation loops.
    let mut rows = Rows::default();
    let mut loops = false;
    if let Some(n) = args.frame {
        // A frame of the document (check_against), so a u32.
        let shp = FrameIndex(n as u32);
        let image = renderer.draw_frame(shp).map_err(explain)?;
        rows.lines
            .push(format!("frame   {n} ({} tiles)", doc.frames[n].len()));
        rows.frames.push(vec![AnimationFrame {
            image,
            ticks: 0,
            start: 0,
            index: None,
            shp,
            move_x: 0,
            move_y: 0,
            events: Vec::new(),
        }]);
    } else {
        for name in &args.animation {
            let motion = Motion::find(doc, name).map_err(usage)?;
            // An animation that only draws in its water frames (Nulled Walk) is drawn in them.
            let water = args.water || matches!(motion, Motion::Animation(a) if a.water);
            if let Motion::Animation(animation) = motion {
                loops = animation.looping;
            }
            for &view in &views {
                let frames = renderer.animation(motion, view, water).map_err(explain)?;
                rows.push_animation(motion.name(), view, water, doc, frames, renderer.canvas())?;
            }
        }
    }
    let (rows, report) = rows.fitted(renderer.canvas(), report, "");
    Ok(encode_rows(args, format, doc, &rows, loops, report)?)
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
    ) -> anyhow::Result<()> {
        let tps = doc.stage.ticks_per_second;
        self.lines
            .push(describe_animation(name, view, water, tps, &frames));
        self.frames.push(frames);
        bound_rows(&self.frames, canvas)
    }

    /// The rows fitted to what they draw ([`fit_to_drawn`]), and the report: `report`, the fitted
    /// canvas (`the box of what this render draws{drawn_too}`), then each row's line.
    fn fitted(
        mut self,
        canvas: Canvas,
        mut report: Vec<String>,
        drawn_too: &str,
    ) -> (Vec<Vec<AnimationFrame>>, Vec<String>) {
        let canvas = fit_to_drawn(&mut self.frames, canvas);
        report.push(format!(
            "canvas  {} x {}, stance point at ({}, {}) (the box of what this render draws{drawn_too})",
            canvas.width,
            canvas.height,
            canvas.stance().0,
            canvas.stance().1
        ));
        report.extend(self.lines);
        (self.frames, report)
    }
}

/// `render --weapon`: each animation at each view with its layers, on a canvas that holds them
/// (then fitted to what is drawn, as without a weapon).
fn render_with_weapon(
    args: &Args,
    loaded: &Loaded,
    weapon: &LoadedWeapon,
) -> Result<Rendered, Failure> {
    let format = check_request(args).map_err(usage)?;
    let views = check_against(args, &loaded.doc).map_err(usage)?;
    let doc = &loaded.doc;
    let mut animations = Vec::new();
    for name in &args.animation {
        match Motion::find(doc, name) {
            Ok(Motion::Animation(animation)) => animations.push(animation),
            _ => {
                return Err(usage("--weapon draws attacks, not the idle frame"));
            }
        }
    }
    let explain = |error| args.input.explain(loaded, error);
    let renderer = weapon
        .renderer(loaded, &animations, &views)
        .map_err(explain)?;
    let mut rows = Rows::default();
    let mut loops = false;
    for animation in animations {
        let water = args.water || animation.water;
        loops = animation.looping;
        for &view in &views {
            let frames = renderer
                .animation(animation, view, water)
                .map_err(explain)?;
            rows.push_animation(&animation.name, view, water, doc, frames, renderer.canvas())?;
        }
    }
    let (rows, report) = rows.fitted(
        renderer.canvas(),
        vec![weapon.line.clone()],
        ", weapon and effect included",
    );
    Ok(encode_rows(args, format, doc, &rows, loops, report)?)
}

/// Every row is held until the strip is made: bounds them together as they are drawn, before the
/// next is.
///
/// # Errors
/// [`LimitExceeded`] (`MAX_PICTURE_PIXELS`) naming how many `--animation` rows it took.
fn bound_rows(rows: &[Vec<AnimationFrame>], canvas: Canvas) -> anyhow::Result<()> {
    let held: usize = rows.iter().map(Vec::len).sum();
    let pixels = held as u64 * u64::from(canvas.width) * u64::from(canvas.height);
    if pixels > MAX_PICTURE_PIXELS {
        return Err(sprite_data::Error::from(LimitExceeded {
            what: format!("{held} frames of {} x {},", canvas.width, canvas.height),
            value: format!("{pixels} pixels in all,"),
            limit: format!("{MAX_PICTURE_PIXELS} pixels"),
            name: "MAX_PICTURE_PIXELS",
            field: format!("--animation x {}", rows.len()),
        })
        .into());
    }
    Ok(())
}

/// The drawn rows in the output's format, with the report and the `wrote` line's summary.
fn encode_rows(
    args: &Args,
    format: Format,
    doc: &Document,
    rows: &[Vec<AnimationFrame>],
    loops: bool,
    report: Vec<String>,
) -> anyhow::Result<Rendered> {
    match format {
        Format::Png => {
            let image = strip(rows, args.labels).context("drawing the strip")?;
            png_file(args, &image, report)
        }
        Format::Apng | Format::Gif => {
            let frames = &rows[0];
            let fitted = Canvas {
                left: 0,
                top: 0,
                width: frames.first().map_or(1, |f| f.image.width()),
                height: frames.first().map_or(1, |f| f.image.height()),
            };
            check_animation(
                fitted,
                frames.len(),
                args.scale,
                format_args!(
                    "--animation {:?} at --scale {}",
                    args.animation[0], args.scale
                ),
            )?;
            let scaled: Vec<Image> = frames
                .iter()
                .map(|f| finish(args, &f.image))
                .collect::<anyhow::Result<_>>()?;
            let timed: Vec<TimedFrame<'_>> = frames
                .iter()
                .zip(&scaled)
                .map(|(f, image)| TimedFrame {
                    image,
                    ticks: if f.ticks == 0 { args.hold } else { f.ticks },
                })
                .collect();
            let plays = args.plays.unwrap_or(if loops { 0 } else { 1 });
            let tps = doc.stage.ticks_per_second;
            let bytes = if format == Format::Apng {
                let tps = u16::try_from(tps).context("ticksPerSecond over 65535")?;
                apng(&timed, tps, plays)
            } else {
                gif(&timed, tps, plays)
            }
            .context("encoding")?;
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
    }
}

fn print_lines(lines: &[String]) {
    for line in lines {
        println!("{line}");
    }
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

/// `image` on the background, scaled, after checking the scaled size (a SAS set's pictures too).
pub fn finish(args: &Args, image: &Image) -> anyhow::Result<Image> {
    let k = u64::from(args.scale);
    check_size(
        u64::from(image.width()) * k,
        u64::from(image.height()) * k,
        "a picture of",
        format_args!("--scale {}", args.scale),
    )?;
    Ok(args.background.apply(image).scaled(args.scale))
}

/// A `.png` of `image` (on the background, scaled).
fn png_file(args: &Args, image: &Image, report: Vec<String>) -> anyhow::Result<Rendered> {
    let image = finish(args, image)?;
    let bytes = png_rgba(&image).context("encoding the PNG")?;
    let summary = format!(
        "{} x {}, {} bytes",
        image.width(),
        image.height(),
        bytes.len()
    );
    Ok(Rendered {
        bytes,
        report,
        summary,
    })
}

/// Writes an output file atomically.
///
/// # Errors
/// When it cannot be written; the message names it.
pub fn write_out(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if bytes.len() as u64 > MAX_OUTPUT_BYTES {
        return Err(sprite_data::Error::from(LimitExceeded {
            what: "the output of".into(),
            value: format!("{} bytes", bytes.len()),
            limit: format!("{MAX_OUTPUT_BYTES} bytes"),
            name: "MAX_OUTPUT_BYTES",
            field: path.display().to_string(),
        })
        .into());
    }
    write_atomically(path, bytes).with_context(|| format!("{}: cannot write", path.display()))
}
