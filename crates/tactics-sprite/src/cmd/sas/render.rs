//! `render` on a SAS set: an animation in one direction drawn from a PNG sheet, each pose where
//! the seed's draw puts it, at the sheet's resolution (`sprite_render::sas`, which the server's
//! `/api/v1/sas/render.*` draws with too); this module maps the flags to its request and says what
//! was drawn.

use std::path::Path;

use faults::Shown;
use sprite_inputs::sheets::SasSheet;
use sprite_render::sas::{SasRenderRequest, SasSubject};
use sprite_render::{Background, Format};

use super::super::output::{picture_format, write_out};
use super::super::{Failure, Flags, Outcome};
use super::{SasOptions, load_set, not_numbered, refusal};

/// The options `render` takes for SAS sets only.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderOptions {
    /// SAS sets: the direction of --animation, 0..3 (a column of the animation table) [default: 0]
    #[arg(long, value_name = "D", default_value_t = 0, hide_default_value = true, value_parser = clap::value_parser!(u8).range(0..=3))]
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
    /// `--disc` or `--originals`, when one was given: refused for a SAS set.
    pub game_files: Option<&'static str>,
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

/// A usage error of `render`.
fn usage(message: impl std::fmt::Display) -> Outcome {
    Err(Failure::usage("render", message))
}

/// Renders the SAS set or container `--data` is (`render` looked at its first bytes).
///
/// # Errors
/// An input that cannot be read or does not fit, or an output that cannot be written; a bad
/// request is a [`Failure::Usage`].
pub fn run(args: &SasRender<'_>) -> Outcome {
    if let Some(flag) = args.game_files {
        return usage(format!(
            "{flag} reads the sheets of Final Fantasy Tactics; a SAS set is drawn from a PNG \
             sheet on disk, without {flag}"
        ));
    }
    let options = args.options;
    let format = picture_format("render", args.out)?;
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
    if format != Format::Png && args.frame.is_none() && args.animation.len() != 1 {
        return usage("an .apng or .gif holds one animation; give --animation once");
    }
    let loaded =
        load_set(args.data, options.sas.entry).map_err(|error| Failure::of("render", error))?;
    let set = &loaded.set;
    let meanings = options.sas.table();
    let sheet = SasSheet::read(args.sheet)?.image;
    println!(
        "sheet   {} (PNG, {} x {})",
        Shown(&args.sheet),
        sheet.width(),
        sheet.height()
    );
    println!(
        "set     {} ({}, scale {}: drawn at the sheet's resolution, shown by the game at 1/{})",
        loaded.name, set.version, set.scale, set.scale
    );
    let what = match args.frame {
        Some(sprite) => SasSubject::Sprite(sprite),
        None => SasSubject::Animations(
            args.animation
                .iter()
                .map(|name| {
                    name.parse::<usize>()
                        .map_err(|_| Failure::usage("render", not_numbered(name, set)))
                })
                .collect::<Result<_, _>>()?,
        ),
    };
    let request = SasRenderRequest {
        what,
        direction: usize::from(options.direction),
        scale: args.scale,
        background: args.background,
        plays: args.plays,
        hold: args.hold,
        format,
    };
    let checked = request
        .against(set, &meanings)
        .map_err(|fault| refusal("render", fault, args.animation, &loaded))?;
    for line in checked.report() {
        println!("{line}");
    }
    for warning in checked.warnings() {
        eprintln!("warning: {}", warning.spelt(&Flags));
    }
    let rendered = checked.render(&sheet)?;
    for warning in &rendered.warnings {
        eprintln!("warning: {warning}");
    }
    println!("{}", rendered.canvas_line);
    write_out(args.out, &rendered.bytes)?;
    println!("wrote   {} {}", Shown(&args.out), rendered.summary);
    Ok(())
}
