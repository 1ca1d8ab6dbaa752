//! `tactics-sprite draw`: the format description's `poseAt` at one moment, as one JSON object, so
//! that a renderer in any language can compare its own port against it ("Test a Port").

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use sprite_data::Document;
use sprite_data::pose::{IDLE, Motion, PoseError, View};

use super::render::load_document;
use super::stdout_error;

/// Draw one pose of an animation from a tactics-sprite-data.json.
#[derive(Debug, clap::Args)]
#[command(
    about = "Print the pose an animation shows in a view at a tick, as one JSON object",
    long_about = "Print what the draw algorithm (poseAt) draws for an animation in a view at a \
tick, from a tactics-sprite-data.json: the sequence and frame position, the SHP frame, the 2D move \
(moveX, moveY) and every tile in draw order with its cell, top left (x, y) from the stance point, \
size, flipX and depth order (0 furthest back). `--animation Idle` or `--idle` draws the idle \
frame of the view.\n\n\
Exit status: 0 on success; 1 when the document cannot be read or does not resolve; 2 for a usage \
error: an unknown animation, a view outside 0..7 or a negative tick, in one line naming what is \
valid."
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

    /// The tick, 60 to the second, from the start of the animation.
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub tick: i64,

    /// Draw the unit standing in water (its water frames).
    #[arg(long)]
    pub water: bool,

    /// Draw the idle frame of the view (the same as `--animation Idle`).
    #[arg(long, conflicts_with = "animation")]
    pub idle: bool,
}

/// Runs the command.
///
/// # Errors
/// A document that cannot be read or parsed, or whose references do not resolve, or stdout that
/// cannot be written. A bad request is not an error here: it prints its one line and gives exit 2.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let shown = args.data.display().to_string();
    let doc = load_document(&args.data)?;
    let name = if args.idle {
        IDLE
    } else {
        args.animation.as_deref().unwrap_or(IDLE)
    };
    let line = match pose_line(&doc, name, args.view, args.tick, args.water) {
        Ok(line) => line,
        Err(error) if is_bad_request(&error) => {
            eprintln!("tactics-sprite: draw: {error}");
            return Ok(ExitCode::from(2));
        }
        Err(error) => return Err(error).with_context(|| shown.clone()),
    };
    writeln!(io::stdout().lock(), "{line}").map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// The pose `name` (an animation, or `Idle`) shows in `view` at `tick` as the one JSON line this
/// command prints (without its newline); `serve`'s `/api/v1/draw` sends the same line.
///
/// # Errors
/// A [`PoseError`]: a bad request ([`is_bad_request`]) or a document that does not resolve.
pub fn pose_line(
    doc: &Document,
    name: &str,
    view: i64,
    tick: i64,
    water: bool,
) -> Result<String, PoseError> {
    let pose = Motion::find(doc, name).and_then(|motion| {
        let view = View::new(view)?;
        motion.pose(doc, view, tick, water)
    })?;
    // A pose is strings, integers, whole floats and booleans: nothing serde_json can refuse.
    Ok(serde_json::to_string(&pose).unwrap_or_default())
}

/// Whether a pose error is the request's fault (an unknown animation, a view outside 0..7, a
/// negative tick) rather than the document's.
pub fn is_bad_request(error: &PoseError) -> bool {
    matches!(
        error,
        PoseError::UnknownAnimation { .. }
            | PoseError::ViewOutOfRange { .. }
            | PoseError::NegativeTick { .. }
    )
}
