//! `tactics-sprite render`: a frame, an animation at a view, or every frame of a document, drawn
//! from a sheet to a PNG strip, an animated PNG or a GIF (by the output's extension).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow};
use sprite_data::Document;
use sprite_data::limits::{LimitExceeded, MAX_OUTPUT_BYTES, MAX_PICTURE_PIXELS};
use sprite_data::output::write_atomically;
use sprite_data::pose::{Motion, PoseError, View};
use sprite_render::compose::check_animation;
use sprite_render::encode::{TimedFrame, apng, gif, png_rgba};
use sprite_render::layout::{check_size, contact_sheet, strip};
use sprite_render::sheet::{SheetImage, SheetSource, load_sheet};
use sprite_render::{AnimationFrame, Background, Image, RenderError, Renderer};

use super::read_input;

/// Draw frames and animations of a document from a sheet.
#[derive(Debug, clap::Args)]
#[command(
    about = "Draw a frame, an animation or every frame of a document from a sheet (PNG, APNG, GIF)",
    long_about = "Draw pictures of a tactics-sprite-data.json document from its sprite sheet (an \
SPR file, or a PNG in the same 256-wide layout, indexed or RGBA), placing every tile as the draw \
algorithm (poseAt) does: tiles back to front, mirrored tiles and mirrored views flipped, the 2D \
move (moveX, moveY) added. Every picture of a document has the same canvas, the union of all its \
frames' boxes at their moves, with the stance point at the same place, so frames do not jump.\n\n\
What is drawn: --frame N (SHP frame N as stored), --animation NAME at --view V [--water] (every \
frame the animation shows, each at the tick it starts; \"Idle\" is the idle frame of the view; \
an animation that only draws in water, such as Nulled Walk, is always drawn in its water frames), \
or --all-frames (a contact sheet of every frame, labelled by index).\n\n\
The output's extension chooses the format: .png a strip (one row per --animation, which may be \
given several times; with --labels each frame's first tick is written under it, red where a hit \
lands, blue where a sound plays), .apng an animated PNG whose delays are exactly ticks/60 s, \
.gif a GIF with centisecond delays whose rounding is carried so the total time is right. An \
animation that loops plays for ever, one that does not plays once and holds its last frame \
(--plays changes it); a last frame the game holds (delay 0) shows for --hold ticks.\n\n\
The output is written atomically. Exit status: 0 on success; 1 when an input cannot be read or \
does not fit (a sheet too small for the document's cells); 2 for a usage error: an unknown \
animation, a view outside 0..7, a frame not in the document, an unknown extension."
)]
#[command(after_long_help = super::LIMITS_HELP)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["frame", "animation", "all_frames"])))]
pub struct Args {
    #[command(flatten)]
    pub input: DrawingInput,

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

    /// The view, 0..7: (facing + camera step) % 8.
    #[arg(
        long,
        value_name = "V",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub view: i64,

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
enum Format {
    Png,
    Apng,
    Gif,
}

/// A usage error: one line on stderr, exit 2.
fn usage(message: impl std::fmt::Display) -> anyhow::Result<ExitCode> {
    eprintln!("tactics-sprite: render: {message}");
    Ok(ExitCode::from(2))
}

/// Reads and parses a document.
///
/// # Errors
/// What every drawing command reads: a document and the sheet to draw it from.
#[derive(Debug, clap::Args)]
pub struct DrawingInput {
    /// The document (tactics-sprite-data.json).
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The sheet: an SPR file, or a PNG 256 pixels wide in the sheet's layout.
    #[arg(long, value_name = "SHEET")]
    pub sheet: PathBuf,

    /// The SPR palette to draw with (SPR sheets only) [default: 0]
    #[arg(long, value_name = "N")]
    pub palette: Option<usize>,
}

impl DrawingInput {
    /// Reads the document and the sheet, and says which sheet it is.
    ///
    /// # Errors
    /// Either cannot be read or is not what it should be.
    pub fn load(&self) -> anyhow::Result<(Document, SheetImage)> {
        let doc = load_document(&self.data)?;
        let sheet = load_sheet_file(&self.sheet, self.palette)?;
        println!("sheet   {}", describe_sheet(&self.sheet, &sheet));
        Ok((doc, sheet))
    }

    /// A renderer of the document on the sheet.
    ///
    /// # Errors
    /// The sheet is too small for the document's cells.
    pub fn renderer<'a>(
        &self,
        doc: &'a Document,
        sheet: &'a SheetImage,
    ) -> anyhow::Result<Renderer<'a>> {
        Renderer::new(doc, &sheet.image).with_context(|| {
            format!(
                "{} does not fit {}",
                self.sheet.display(),
                self.data.display()
            )
        })
    }
}

/// Reads and checks a document with the one loader every command uses
/// ([`sprite_data::load_document`]), so that every command refuses a document with the same one
/// line.
///
/// # Errors
/// When it cannot be read or is not a usable sprite-data document; the message names the file.
pub fn load_document(path: &Path) -> anyhow::Result<Document> {
    Ok(sprite_data::load_document(path)?)
}

/// Reads a sheet: a PNG by its signature, else an SPR drawn with `palette`.
///
/// # Errors
/// An unreadable or undecodable sheet, a palette it does not have, or `--palette` for a PNG.
pub fn load_sheet_file(path: &Path, palette: Option<usize>) -> anyhow::Result<SheetImage> {
    let shown = path.display().to_string();
    let bytes = read_input(path)?;
    let sheet = load_sheet(&bytes, palette).with_context(|| shown.clone())?;
    if palette.is_some() && matches!(sheet.source, SheetSource::Png { .. }) {
        return Err(anyhow!(
            "{shown}: --palette chooses an SPR palette; a PNG sheet is drawn in its own colours"
        ));
    }
    Ok(sheet)
}

/// Describes a sheet in one line.
pub fn describe_sheet(path: &Path, sheet: &SheetImage) -> String {
    let what = match sheet.source {
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

/// Runs the command.
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written. A bad
/// request prints its one line and gives exit 2.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
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
            return usage(format!(
                "{}: the output's extension chooses its format: .png, .apng or .gif",
                args.out.display()
            ));
        }
    };
    if args.all_frames && format != Format::Png {
        return usage("--all-frames makes a contact sheet, which is a .png");
    }
    if args.animation.len() > 1 && format != Format::Png {
        return usage("an .apng or .gif holds one animation; give --animation once");
    }

    let (doc, sheet) = args.input.load()?;
    let renderer = args.input.renderer(&doc, &sheet)?;
    let shown_data = args.input.data.display().to_string();
    let canvas = renderer.canvas();
    println!(
        "canvas  {} x {}, stance point at ({}, {})",
        canvas.width,
        canvas.height,
        canvas.stance().0,
        canvas.stance().1
    );

    // What to draw: rows of timed frames, and whether the one animation loops.
    let mut rows: Vec<Vec<AnimationFrame>> = Vec::new();
    let mut loops = false;
    if args.all_frames {
        let sheet_image =
            contact_sheet(&renderer, args.columns).with_context(|| shown_data.clone())?;
        println!(
            "frames  {} (contact sheet, {} a row)",
            doc.frames.len(),
            args.columns.max(1)
        );
        return write_png(args, &sheet_image);
    } else if let Some(n) = args.frame {
        let image = match renderer.draw_frame(n) {
            Ok(image) => image,
            Err(error @ RenderError::FrameOutOfRange { .. }) => return usage(error),
            Err(error) => return Err(error).with_context(|| shown_data.clone()),
        };
        println!("frame   {n} ({} tiles)", doc.frames[n].len());
        rows.push(vec![AnimationFrame {
            image,
            ticks: 0,
            start: 0,
            index: None,
            shp: n as u32,
            move_x: 0,
            move_y: 0,
            events: Vec::new(),
        }]);
    } else {
        let view = match View::new(args.view) {
            Ok(view) => view,
            Err(error) => return usage(error),
        };
        for name in &args.animation {
            let motion = match Motion::find(&doc, name) {
                Ok(motion) => motion,
                Err(error) => return usage(error),
            };
            // An animation that only draws in its water frames (Nulled Walk) is drawn in them.
            let water = args.water || matches!(motion, Motion::Animation(a) if a.water);
            let frames = match renderer.animation(motion, view, water) {
                Ok(frames) => frames,
                Err(RenderError::Pose(
                    error @ (PoseError::ViewOutOfRange { .. } | PoseError::NegativeTick { .. }),
                )) => return usage(error),
                Err(error) => return Err(error).with_context(|| shown_data.clone()),
            };
            if let Motion::Animation(animation) = motion {
                loops = animation.looping;
            }
            report_animation(name, view, water, doc.stage.ticks_per_second, &frames);
            rows.push(frames);
            // Every row is held until the strip is made: bound them together, before the next.
            let held: usize = rows.iter().map(Vec::len).sum();
            let pixels = held as u64 * u64::from(canvas.width) * u64::from(canvas.height);
            if pixels > MAX_PICTURE_PIXELS {
                return Err(LimitExceeded {
                    what: format!("{held} frames of {} x {},", canvas.width, canvas.height),
                    value: format!("{pixels} pixels in all,"),
                    limit: format!("{MAX_PICTURE_PIXELS} pixels"),
                    name: "MAX_PICTURE_PIXELS",
                    field: format!("--animation x {}", rows.len()),
                }
                .into());
            }
        }
    }

    match format {
        Format::Png => {
            let image = strip(&rows, args.labels).context("drawing the strip")?;
            write_png(args, &image)
        }
        Format::Apng | Format::Gif => {
            let frames = &rows[0];
            check_animation(
                renderer.canvas(),
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
            write_out(&args.out, &bytes)?;
            println!(
                "wrote   {} ({w} x {h}, {} frames, plays {}, {} bytes)",
                args.out.display(),
                timed.len(),
                if plays == 0 {
                    "for ever".to_owned()
                } else {
                    plays.to_string()
                },
                bytes.len()
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// One line on what an animation shows: frames, length, events.
fn report_animation(name: &str, view: View, water: bool, tps: u32, frames: &[AnimationFrame]) {
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
    println!(
        "anim    {name:?} view {view}{}: {} frames, {ticks} ticks ({:.3} s){}{}",
        if water { " in water" } else { "" },
        frames.len(),
        ticks as f64 / f64::from(tps.max(1)),
        if events.is_empty() { "" } else { "; " },
        events.join(", ")
    );
}

/// `image` on the background, scaled, after checking the scaled size.
fn finish(args: &Args, image: &Image) -> anyhow::Result<Image> {
    let k = u64::from(args.scale);
    check_size(
        u64::from(image.width()) * k,
        u64::from(image.height()) * k,
        "a picture of",
        format_args!("--scale {}", args.scale),
    )?;
    Ok(args.background.apply(image).scaled(args.scale))
}

fn write_png(args: &Args, image: &Image) -> anyhow::Result<ExitCode> {
    let image = finish(args, image)?;
    let bytes = png_rgba(&image).context("encoding the PNG")?;
    write_out(&args.out, &bytes)?;
    println!(
        "wrote   {} ({} x {}, {} bytes)",
        args.out.display(),
        image.width(),
        image.height(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes an output file atomically.
///
/// # Errors
/// When it cannot be written; the message names it.
pub fn write_out(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if bytes.len() as u64 > MAX_OUTPUT_BYTES {
        return Err(LimitExceeded {
            what: "the output of".into(),
            value: format!("{} bytes", bytes.len()),
            limit: format!("{MAX_OUTPUT_BYTES} bytes"),
            name: "MAX_OUTPUT_BYTES",
            field: path.display().to_string(),
        }
        .into());
    }
    write_atomically(path, bytes).with_context(|| format!("{}: cannot write", path.display()))
}
