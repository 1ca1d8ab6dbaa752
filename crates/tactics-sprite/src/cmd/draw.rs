//! `tactics-sprite draw`: the format description's `poseAt` at one moment, as one JSON object, so
//! that a renderer in any language can compare its own port against it ("Test a Port").

use std::io::{self, Write};
use std::path::PathBuf;

use fft_formats::layer::WeaponType;
use sprite_data::Document;
use sprite_data::layer::LayerSet;
use sprite_data::pose::layers::{Layers, pose_with_layers};
use sprite_data::pose::{IDLE, Motion, View};
use sprite_data::{Error, ErrorKind};

use super::weapon::load_layer;
use super::{Failure, Outcome, stdout_error};

/// Draw one pose of an animation from a tactics-sprite-data.json.
#[derive(Debug, clap::Args)]
#[command(
    about = "Print the pose an animation shows in a view at a tick, as one JSON object",
    long_about = "Print what the draw algorithm (poseAt) draws for an animation in a view at a \
tick, from a tactics-sprite-data.json: the sequence and frame position, the SHP frame, the 2D move \
(moveX, moveY) and every tile in draw order with its cell, top left (x, y) from the stance point, \
size, flipX and depth order (0 furthest back). `--animation Idle` or `--idle` draws the idle \
frame of the view, which needs no --tick. Animation names match in any case.\n\n\
--weapon TYPE adds the weapon and effect layers the animation starts: `weaponType`, \
`layerOrder` (the draw order in force, front-most first) and `layers` (each layer showing a frame, \
back to front: its slot, the tick it started, its frame, the turn in degrees clockwise about \
(pivotX, pivotY) from the stance point, its flags and its tiles placed as the unit's), read from \
wep1.json and eff1.json beside --data unless --weapon-data and --effect-data name them.\n\n\
Exit status: 0 on success; 1 when the document cannot be read or does not resolve; 2 for a usage \
error: an unknown animation, a view outside 0..7 or a negative tick, in one line naming what is \
valid.",
    after_long_help = super::LIMITS_HELP
)]
pub struct Args {
    /// The document (tactics-sprite-data.json).
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// The animation's name, such as "Swing High"; "Idle" for the idle branch.
    #[arg(long, value_name = "NAME", required_unless_present = "idle")]
    pub animation: Option<String>,

    /// The view, 0..7: (facing + camera step) % 8.
    #[arg(long, value_name = "V", allow_negative_numbers = true)]
    pub view: i64,

    /// The tick, 60 to the second, from the start of the animation (the idle frame needs none).
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub tick: Option<i64>,

    /// Draw the unit standing in water (its water frames).
    #[arg(long)]
    pub water: bool,

    /// Draw the idle frame of the view (the same as `--animation Idle`).
    #[arg(long, conflicts_with = "animation")]
    pub idle: bool,

    /// The weapon type the unit holds (knife, sword, axe, ...): add the layers it starts.
    #[arg(long, value_name = "TYPE", conflicts_with = "idle")]
    pub weapon: Option<WeaponType>,

    /// The weapon layer document [default: wep1.json or wep1.tactics-sprite-layer.json beside
    /// --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub weapon_data: Option<PathBuf>,

    /// The effect layer document [default: eff1.json or eff1.tactics-sprite-layer.json beside
    /// --data]
    #[arg(long, value_name = "FILE", requires = "weapon")]
    pub effect_data: Option<PathBuf>,
}

/// Runs the command.
///
/// # Errors
/// A document that cannot be read or parsed, or whose references do not resolve, or stdout that
/// cannot be written; a bad request is [`Failure::Usage`].
pub fn run(args: &Args) -> Outcome {
    let shown = args.data.display().to_string();
    let doc = sprite_data::load_document(&args.data)?;
    let name = if args.idle {
        IDLE
    } else {
        args.animation.as_deref().unwrap_or(IDLE)
    };
    let line = match pose_line(&doc, name, args.view, args.tick, args.water) {
        Ok(line) => line,
        Err(DrawRefusal::Usage(message)) => return Err(Failure::usage("draw", message)),
        Err(DrawRefusal::Failed(error)) => {
            return Err(anyhow::Error::new(error).context(shown).into());
        }
    };
    let line = match args.weapon {
        // The idle frame starts no layer: its line is the plain pose, and no layer document is
        // needed for it.
        Some(weapon_type) if draws_an_animation(&doc, name) => {
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
            let layers = Layers {
                weapon_type,
                weapon: Some(&weapon),
                effect: Some(&effect),
            };
            layered_line(&doc, name, args.view, args.tick, args.water, &layers)
                .map_err(|error| anyhow::Error::new(error).context(shown.clone()))?
                .unwrap_or(line)
        }
        _ => line,
    };
    writeln!(io::stdout().lock(), "{line}").map_err(stdout_error)?;
    Ok(())
}

/// Why [`pose_line`] drew nothing.
#[derive(Debug)]
pub enum DrawRefusal {
    /// The request's fault (exit 2; a `400` from `serve`): an unknown animation (with the
    /// nearest names), a view outside 0..7, a negative or missing tick.
    Usage(String),
    /// The document's: a reference that does not resolve.
    Failed(Error),
}

/// The pose `name` (an animation, or `Idle`, in any case) shows in `view` at `tick` as the one
/// JSON line this command prints (without its newline); `serve`'s `/api/v1/draw` sends the same
/// line. The idle frame needs no tick; an animation does.
///
/// # Errors
/// A [`DrawRefusal`].
pub fn pose_line(
    doc: &Document,
    name: &str,
    view: i64,
    tick: Option<i64>,
    water: bool,
) -> Result<String, DrawRefusal> {
    let usage = |error: &dyn std::fmt::Display| DrawRefusal::Usage(error.to_string());
    let motion = Motion::find(doc, name).map_err(|e| usage(&e))?;
    let view = View::new(view).map_err(|e| usage(&e))?;
    // The idle frame is the same at every tick; an animation needs its moment.
    let tick = match (motion, tick) {
        (Motion::Animation(animation), None) => {
            return Err(usage(&format!(
                "--tick T is needed to draw {:?} (only the idle frame needs none)",
                animation.name
            )));
        }
        (_, tick) => tick.unwrap_or(0),
    };
    let pose = match motion.pose(doc, view, tick, water) {
        Ok(pose) => pose,
        Err(error) if matches!(error.kind(), ErrorKind::NegativeTick { .. }) => {
            return Err(usage(&error));
        }
        Err(error) => return Err(DrawRefusal::Failed(error)),
    };
    // A pose is strings, integers, whole floats and booleans: nothing serde_json can refuse.
    Ok(serde_json::to_string(&pose).unwrap_or_default())
}

/// Whether `name` is an animation (which may start layers) rather than the idle frame.
pub fn draws_an_animation(doc: &Document, name: &str) -> bool {
    matches!(Motion::find(doc, name), Ok(Motion::Animation(_)))
}

/// The `--weapon` line: the pose with the weapon and effect layers the animation starts, once
/// [`pose_line`] has accepted the same request; `None` for the idle frame, which starts no layer.
/// `serve`'s `/api/v1/draw` with `weapon=` sends the same line.
///
/// # Errors
/// A reference of the document or a layer document that does not resolve.
pub fn layered_line(
    doc: &Document,
    name: &str,
    view: i64,
    tick: Option<i64>,
    water: bool,
    layers: &Layers,
) -> Result<Option<String>, Error> {
    let (Ok(Motion::Animation(animation)), Ok(view)) = (Motion::find(doc, name), View::new(view))
    else {
        return Ok(None);
    };
    let layered = pose_with_layers(doc, animation, view, tick.unwrap_or(0), water, layers)?;
    // As the pose: strings, integers, whole floats and booleans.
    Ok(Some(serde_json::to_string(&layered).unwrap_or_default()))
}
