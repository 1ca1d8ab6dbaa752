//! `tactics-sprite draw`: the format description's `poseAt` at one moment, as one JSON object, so
//! that a renderer in any language can compare its own port against it ("Test a Port").

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use sprite_data::pose::{IDLE, Motion, PoseError, View};

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
    let doc = super::render::load_document(&args.data)?;
    let name = if args.idle {
        IDLE
    } else {
        args.animation.as_deref().unwrap_or(IDLE)
    };
    let request = Motion::find(&doc, name).and_then(|motion| {
        let view = View::new(args.view)?;
        motion.pose(&doc, view, args.tick, args.water)
    });
    let pose = match request {
        Ok(pose) => pose,
        Err(
            error @ (PoseError::UnknownAnimation { .. }
            | PoseError::ViewOutOfRange { .. }
            | PoseError::NegativeTick { .. }),
        ) => {
            eprintln!("tactics-sprite: draw: {error}");
            return Ok(ExitCode::from(2));
        }
        Err(error) => return Err(error).with_context(|| shown.clone()),
    };
    let line = serde_json::to_string(&pose).context("writing the pose as JSON")?;
    writeln!(io::stdout().lock(), "{line}").map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
