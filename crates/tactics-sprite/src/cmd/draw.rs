//! `tactics-sprite draw`: the format description's `poseAt` at one moment, as one JSON object, so
//! that a renderer in any language can compare its own port against it ("Test a Port").

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use faults::Shown;
use sprite_data::layer::LayerSet;
use sprite_data::pose::{DrawRequest, IDLE};
use sprite_data::weapon::{WeaponChoice, choose_weapon};

use super::sas::SasOptions;
use super::sas::draw::SasDraw;
use super::{Failure, Outcome, stdout_error};
use sprite_inputs::layers::load_layer;

/// Draw one pose of an animation from a tactics-sprite-data.json.
#[derive(Debug, clap::Args)]
#[command(
    about = "Print the pose an animation shows in a view at a tick, as one JSON object",
    long_about = "Print what poseAt draws for an animation in a view at a tick, from a document: the
sequence, the SHP frame, the 2D move and every tile in draw order with its cell, place and flip.
--idle (or --animation Idle) needs no --tick; --weapon NAME adds the weapon and effect layers;
--hd gives the pixels of the remaster's HD sheet (twice the size, \"sheetScale\": 2).
A SAS set or pakd container as --data takes --animation N, --direction D and --tick T.
Exit status: 0 printed; 1 a document that cannot be read or does not resolve; 2 a usage error.
More: docs/rendering.md",
    after_long_help = super::LIMITS_HELP
)]
pub struct Args {
    /// The document (tactics-sprite-data.json).
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// Pixel positions on the remaster's HD sheet: every place, size, move and pivot doubled (docs/remaster.md)
    #[arg(long)]
    pub hd: bool,

    /// The animation's name, such as "Swing High" (any case); "Idle" for the idle frame.
    #[arg(long, value_name = "NAME", required_unless_present = "idle")]
    pub animation: Option<String>,

    /// The view, 0..7: (facing + camera step) % 8.
    #[arg(
        long,
        value_name = "V",
        allow_negative_numbers = true,
        required_unless_present = "direction"
    )]
    pub view: Option<i64>,

    /// SAS sets: the direction, 0..3 (a column of the animation table), instead of --view.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub direction: Option<u8>,

    /// The tick, 60 to the second, from the animation's start (the idle frame needs none).
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = super::integer)]
    pub tick: Option<i64>,

    /// Draw the unit standing in water (its water frames).
    #[arg(long)]
    pub water: bool,

    /// Draw the idle frame of the view (the same as `--animation Idle`).
    #[arg(long, conflicts_with = "animation")]
    pub idle: bool,

    /// Add the layers of this weapon: a type (sword) or one of its graphics (knight-sword-1); docs/weapons.md
    #[arg(long, value_name = "NAME", conflicts_with = "idle", value_parser = choose_weapon)]
    pub weapon: Option<WeaponChoice>,

    /// The weapon layer document [default: wep1(.tactics-sprite-layer).json beside --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub weapon_data: Option<PathBuf>,

    /// The effect layer document [default: eff1(.tactics-sprite-layer).json beside --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub effect_data: Option<PathBuf>,

    /// For a SAS set or pakd container given as --data (drawn by `sas::draw`).
    #[command(flatten)]
    pub sas: SasOptions,
}

/// What `draw` hands the SAS path: the same arguments, for a SAS set or container as --data.
fn sas_draw(args: &Args) -> SasDraw<'_> {
    SasDraw {
        data: &args.data,
        animation: args.animation.as_deref(),
        view: args.view,
        direction: args.direction,
        tick: args.tick,
        water: args.water,
        idle: args.idle,
        weapon: args.weapon,
        sas: &args.sas,
    }
}

/// The request the arguments make of a unit document: `--idle` is `--animation Idle`; `view` is
/// `--view`, which clap makes present unless `--direction` is, and that is refused first.
fn draw_request(args: &Args, view: i64) -> DrawRequest {
    let animation = match (&args.animation, args.idle) {
        (Some(name), false) => name.clone(),
        _ => IDLE.to_owned(),
    };
    DrawRequest {
        animation,
        view,
        tick: args.tick,
        water: args.water,
        weapon: args.weapon.map(|w| w.weapon_type),
    }
}

/// Runs the command.
///
/// # Errors
/// A document that cannot be read or parsed, or whose references do not resolve, or stdout that
/// cannot be written; a request the document cannot answer is a [`Failure::Usage`].
pub fn run(args: &Args) -> Outcome {
    if let Some(result) = super::sas::draw::dispatch(&sas_draw(args)) {
        return result;
    }
    let view = match (args.view, args.direction) {
        (Some(view), None) => view,
        _ => {
            return Err(Failure::usage(
                "draw",
                "--direction D is for SAS sets; a unit document is drawn in a --view V (0..7)",
            ));
        }
    };
    let request = draw_request(args, view);
    let doc = sprite_inputs::documents::load_document(&args.data)?;
    let refused = |error| refusal(error, &args.data);
    let resolved = request.resolve(&doc).map_err(refused)?;
    let drawn = if resolved.weapon().is_some() {
        let weapon = load_layer(
            args.weapon_data.as_deref(),
            &args.data,
            LayerSet::Wep1,
            "weapon",
        )?;
        let effect = load_layer(
            args.effect_data.as_deref(),
            &args.data,
            LayerSet::Eff1,
            "effect",
        )?;
        resolved.draw(Some(&weapon), Some(&effect))
    } else {
        // No weapon, or the idle frame, which starts no layer: no layer document is read.
        resolved.draw(None, None)
    }
    .map_err(refused)?;
    let line = drawn.to_json_line_at(if args.hd { HD_SCALE } else { 1 });
    writeln!(io::stdout().lock(), "{line}").map_err(stdout_error)?;
    Ok(())
}

/// The remaster's HD sheet's scale.
const HD_SCALE: u32 = fft_formats::hd::SCALE as u32;

/// A draw the document `data` cannot answer: the request's fault a usage error (a missing tick
/// named by its option), the document's a failure in its context.
fn refusal(error: sprite_data::Error, data: &Path) -> Failure {
    Failure::of_data("draw", error, Shown(&data))
}
