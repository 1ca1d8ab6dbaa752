//! `render` on a SAS set: an animation in one direction drawn from a PNG sheet, each pose where
//! the seed's draw puts it (the animation's position plus each quad's x, y), at the sheet's
//! resolution: the game shows the same picture at 1/scale.

use std::path::Path;

use anyhow::{Context, anyhow};
use sas_formats::pose::{self, PlacedQuad, Pose};
use sas_formats::{Command, SasSet};
use sprite_render::compose::{Canvas, check_animation};
use sprite_render::encode::{TimedFrame, apng, gif, png_rgba};
use sprite_render::layout::check_size;
use sprite_render::sheet::decode_png;
use sprite_render::{Background, Image};

use super::super::output::write_out;
use super::super::{Failure, Outcome, read_input};
use super::{SasOptions, load_set};

/// The ticks of a second the pictures assume (the game's frame rate; not settled for SAS).
pub const TICKS_PER_SECOND: u16 = 60;

/// A PNG sheet wider or taller than this is refused before its pixels are read.
const MAX_SHEET_SIDE: u32 = 8192;

/// The options `render` takes for SAS sets only.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderOptions {
    /// SAS sets: the direction of --animation, 0..3 (a column of the animation table)
    #[arg(long, value_name = "D", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub direction: u8,

    #[command(flatten)]
    pub sas: SasOptions,
}

/// `render`'s arguments as a SAS set draws them (`render` maps its own to these).
pub struct SasRender<'a> {
    /// The SAS set or container (`--data`).
    pub data: &'a Path,
    /// The PNG sheet (`--sheet`).
    pub sheet: &'a Path,
    /// `--palette`, refused for a SAS set.
    pub palette: Option<usize>,
    pub options: &'a RenderOptions,
    pub frame: Option<usize>,
    pub animation: &'a [String],
    /// `--all-frames`, refused for a SAS set.
    pub all_frames: bool,
    pub scale: u32,
    pub background: Background,
    pub plays: Option<u32>,
    pub hold: u32,
    pub out: &'a Path,
}

impl SasRender<'_> {
    /// `image` on the background, scaled, after checking the scaled size.
    fn finish(&self, image: &Image) -> anyhow::Result<Image> {
        Ok(sprite_render::render::finish(
            image,
            self.background,
            self.scale,
        )?)
    }
}

/// Renders if `--data` is a SAS file or a container: `None` when it is neither.
pub fn dispatch(args: &SasRender<'_>) -> Option<Outcome> {
    super::sniff(args.data)?;
    Some(run(args))
}

/// A usage error of `render`.
fn usage(message: impl std::fmt::Display) -> Outcome {
    Err(Failure::usage("render", message))
}

/// One picture to draw: the placed quads of a pose and how long it shows.
struct Cell {
    quads: Vec<PlacedQuad>,
    ticks: u32,
}

fn run(args: &SasRender<'_>) -> Outcome {
    let options = args.options;
    let extension = args
        .out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let animated = match extension.as_deref() {
        Some("png") => false,
        Some("apng" | "gif") => true,
        _ => {
            return usage(format!(
                "{}: the output's extension chooses its format: .png, .apng or .gif",
                args.out.display()
            ));
        }
    };
    if args.all_frames {
        return usage(
            "--all-frames is for sprite-data documents; for a SAS set draw one sprite with --frame N",
        );
    }
    if args.palette.is_some() {
        return usage(
            "--palette chooses an SPR palette; a SAS set is drawn from a PNG sheet in its own colours",
        );
    }
    if animated && args.frame.is_none() && args.animation.len() != 1 {
        return usage("an .apng or .gif holds one animation; give --animation once");
    }
    let loaded = load_set(args.data, options.sas.entry)?;
    let set = &loaded.set;
    let meanings = options.sas.table();
    let sheet = load_png_sheet(args.sheet)?;
    println!(
        "sheet   {} (PNG, {} x {})",
        args.sheet.display(),
        sheet.width(),
        sheet.height()
    );
    println!(
        "set     {} ({}, scale {}: drawn at the sheet's resolution, shown by the game at 1/{})",
        loaded.name, set.version, set.scale, set.scale
    );

    let mut rows: Vec<Vec<Cell>> = Vec::new();
    if let Some(index) = args.frame {
        let Ok(sprite) = u8::try_from(index) else {
            return usage(format!("--frame {index}: a frame shows sprites 0..255"));
        };
        if index >= set.sprites.len() {
            return usage(format!(
                "--frame {index}: the set has {} sprites",
                set.sprites.len()
            ));
        }
        let still = Pose {
            start: 0,
            end: 0,
            sprite: Some(sprite),
            x: 0,
            y: 0,
        };
        println!(
            "sprite  {index} ({} quads) at (0, 0)",
            set.sprites[index].quads.len()
        );
        rows.push(vec![Cell {
            quads: pose::place(set, &still, false),
            ticks: 0,
        }]);
    } else {
        let direction = usize::from(options.direction);
        for name in args.animation {
            let Some((index, row)) = name
                .parse::<usize>()
                .ok()
                .and_then(|i| set.animations.get(i).map(|r| (i, r)))
            else {
                return usage(format!(
                    "--animation {name:?}: a SAS set's animations are numbered 0..{}",
                    set.animations.len().saturating_sub(1)
                ));
            };
            let slot = row[direction];
            let Some(block_index) = slot.block else {
                let present: Vec<String> = row
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.block.is_some())
                    .map(|(d, _)| d.to_string())
                    .collect();
                return usage(format!(
                    "animation {index} has nothing in direction {direction} (it has directions: {})",
                    if present.is_empty() {
                        "none".to_owned()
                    } else {
                        present.join(", ")
                    }
                ));
            };
            let block = set.block(block_index).context("the slot's block")?;
            let poses = pose::poses(block, set.byte_order, &meanings);
            report(
                set,
                index,
                direction,
                block_index,
                slot.mirrored,
                block,
                &poses,
                &meanings,
            );
            warn_out_of_range(set, &poses);
            rows.push(
                poses
                    .iter()
                    .map(|p| Cell {
                        quads: pose::place(set, p, slot.mirrored),
                        ticks: p.end - p.start,
                    })
                    .collect(),
            );
        }
    }
    warn_outside_sheet(set, &sheet, &rows);

    let placed: Vec<Vec<PlacedQuad>> = rows.iter().flatten().map(|c| c.quads.clone()).collect();
    let (left, top, right, bottom) = pose::bounds(&placed).unwrap_or((0, 0, 1, 1));
    let (w, h) = (u32::try_from(right - left)?, u32::try_from(bottom - top)?);
    println!(
        "canvas  {w} x {h}, position (0, 0) at ({}, {})",
        -left, -top
    );
    let draw = |cell: &Cell| -> Image {
        let mut image = Image::new(w, h);
        for q in &cell.quads {
            image.draw_rect(
                &sheet,
                (q.quad.u.into(), q.quad.v.into()),
                (q.quad.width.into(), q.quad.height.into()),
                (i64::from(q.x - left), i64::from(q.y - top)),
                (q.mirrored, false),
            );
        }
        image
    };
    if animated {
        // Every frame is held until it is encoded: bounded together, as a document's animation.
        check_animation(
            Canvas {
                left: 0,
                top: 0,
                width: w,
                height: h,
            },
            rows[0].len(),
            args.scale,
            format_args!("the animation's poses at --scale {}", args.scale),
        )?;
        let images: Vec<Image> = rows[0]
            .iter()
            .map(|c| args.finish(&draw(c)))
            .collect::<anyhow::Result<_>>()?;
        let timed: Vec<TimedFrame<'_>> = rows[0]
            .iter()
            .zip(&images)
            .map(|(c, image)| TimedFrame {
                image,
                ticks: if c.ticks == 0 { args.hold } else { c.ticks },
            })
            .collect();
        let plays = args.plays.unwrap_or(0);
        let bytes = if extension.as_deref() == Some("apng") {
            apng(&timed, TICKS_PER_SECOND, plays)
        } else {
            gif(&timed, TICKS_PER_SECOND.into(), plays)
        }
        .context("encoding")?;
        write_out(args.out, &bytes)?;
        println!(
            "wrote   {} ({} frame{}, {} bytes)",
            args.out.display(),
            timed.len(),
            if timed.len() == 1 { "" } else { "s" },
            bytes.len()
        );
        return Ok(());
    }
    let columns = rows.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32;
    check_size(
        u64::from(w) * u64::from(columns),
        u64::from(h) * rows.len() as u64,
        "a strip of",
        format_args!("{} rows of {columns} poses", rows.len()),
    )?;
    let mut strip = Image::new(w * columns, h * rows.len() as u32);
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            strip.draw_image(
                &draw(cell),
                i64::from(w) * c as i64,
                i64::from(h) * r as i64,
            );
        }
    }
    let image = args.finish(&strip)?;
    let bytes = png_rgba(&image).context("encoding the PNG")?;
    write_out(args.out, &bytes)?;
    println!(
        "wrote   {} ({} x {}, {} bytes)",
        args.out.display(),
        image.width(),
        image.height(),
        bytes.len()
    );
    Ok(())
}

/// A PNG sheet of any size up to [`MAX_SHEET_SIDE`] (checked in its header first).
fn load_png_sheet(path: &Path) -> anyhow::Result<Image> {
    let shown = path.display().to_string();
    let bytes = read_input(path)?;
    if !bytes.starts_with(b"\x89PNG\r\n\x1a\n") || bytes.len() < 24 {
        return Err(anyhow!(
            "{shown}: a SAS set is drawn from a PNG sheet; this is not a PNG"
        ));
    }
    let side =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (width, height) = (side(16), side(20));
    if width > MAX_SHEET_SIDE || height > MAX_SHEET_SIDE {
        return Err(anyhow!(
            "{shown}: {width} x {height} is larger than {MAX_SHEET_SIDE} x {MAX_SHEET_SIDE}"
        ));
    }
    let (image, _) = decode_png(&bytes, None).with_context(|| shown.clone())?;
    Ok(image)
}

/// One line on the animation and one per event frame.
#[allow(clippy::too_many_arguments)]
fn report(
    set: &SasSet,
    index: usize,
    direction: usize,
    block_index: usize,
    mirrored: bool,
    block: &sas_formats::Block,
    poses: &[Pose],
    meanings: &sas_formats::Meanings,
) {
    let events: Vec<String> = block
        .frames
        .iter()
        .filter_map(|frame| {
            let command = Command::of(frame, set.byte_order);
            let name = meanings.of_command(&command).event()?;
            let args: Vec<String> = command
                .arguments()
                .iter()
                .map(|(n, v)| format!("{n} {v}"))
                .collect();
            Some(format!(
                "{name} ({}) at tick {}",
                args.join(", "),
                frame.time
            ))
        })
        .collect();
    println!(
        "anim    {index} direction {direction}: block {block_index}{}, {} pose{}, {} ticks{}{}",
        if mirrored { " mirrored" } else { "" },
        poses.len(),
        if poses.len() == 1 { "" } else { "s" },
        block.duration,
        if events.is_empty() { "" } else { "; events: " },
        events.join(", ")
    );
}

fn warn_out_of_range(set: &SasSet, poses: &[Pose]) {
    for p in poses {
        if let Some(s) = p.sprite {
            match set.sprites.get(usize::from(s)) {
                None => eprintln!(
                    "warning: tick {}: sprite {s} is past the sprite table ({} sprites); nothing drawn",
                    p.start,
                    set.sprites.len()
                ),
                Some(sprite) if sprite.sheet != 0 => eprintln!(
                    "warning: sprite {s} names sheet {}; it is drawn from the one --sheet given",
                    sprite.sheet
                ),
                Some(_) => {}
            }
        }
    }
}

fn warn_outside_sheet(set: &SasSet, sheet: &Image, rows: &[Vec<Cell>]) {
    let _ = set;
    let outside = rows
        .iter()
        .flatten()
        .flat_map(|c| &c.quads)
        .filter(|q| {
            u32::from(q.quad.u) + u32::from(q.quad.width) > sheet.width()
                || u32::from(q.quad.v) + u32::from(q.quad.height) > sheet.height()
        })
        .count();
    if outside > 0 {
        eprintln!(
            "warning: {outside} quads reach past the {} x {} sheet; their texels there are transparent",
            sheet.width(),
            sheet.height()
        );
    }
}
