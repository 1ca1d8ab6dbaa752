//! `draw` on a SAS set: what an animation shows in one direction at one tick, as the one JSON
//! line of `sas_formats::pose::PoseAt` (which the server's `/api/v1/sas/pose` sends too).

use std::io::{self, Write};
use std::path::Path;

use sas_formats::document::CellTable;
use sas_formats::pose::pose_at;
use sprite_data::weapon::WeaponChoice;
use sprite_render::RequestFault;

use super::super::{Failure, Outcome, stdout_error};
use super::{SasOptions, load_set, not_numbered, refusal};

/// The arguments of `draw` that the SAS path reads (`draw::sas_draw` makes it).
pub struct SasDraw<'a> {
    /// The SAS set or container (`--data`).
    pub data: &'a Path,
    pub animation: Option<&'a str>,
    /// `--view`, refused for a SAS set.
    pub view: Option<i64>,
    pub direction: Option<u8>,
    pub tick: Option<i64>,
    /// `--water`, `--idle` and `--weapon`, refused for a SAS set.
    pub water: bool,
    pub idle: bool,
    pub weapon: Option<WeaponChoice>,
    pub sas: &'a SasOptions,
}

/// Draws if `--data` is a SAS file or a container: `None` when it is neither.
pub fn dispatch(args: &SasDraw<'_>) -> Option<Outcome> {
    super::sniff(args.data)?;
    Some(run(args))
}

fn usage(message: impl std::fmt::Display) -> Failure {
    Failure::usage("draw", message)
}

fn run(args: &SasDraw<'_>) -> Outcome {
    // What a unit document takes and a set has no use for.
    let refused = [
        (args.view.is_some(), "--view"),
        (args.idle, "--idle"),
        (args.water, "--water"),
        (args.weapon.is_some(), "--weapon"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        return Err(usage(format!(
            "{flag} is for sprite-data documents; a SAS set is drawn with --animation N \
             --direction D --tick T"
        )));
    }
    let Some(direction) = args.direction else {
        return Err(usage("--direction D (0..3) is needed to draw a SAS set"));
    };
    let tick = match args.tick {
        None => return Err(usage("--tick T is needed to draw a SAS set's animation")),
        Some(tick) => {
            u64::try_from(tick).map_err(|_| usage(format!("--tick {tick}: ticks count from 0")))?
        }
    };
    let name = args.animation.unwrap_or_default();
    let loaded = load_set(args.data, args.sas.entry).map_err(|error| Failure::of("draw", error))?;
    let set = &loaded.set;
    let numbered = || usage(not_numbered(name, set));
    let animation: usize = name.parse().map_err(|_| numbered())?;
    let pose = pose_at(
        set,
        &args.sas.table(),
        animation,
        usize::from(direction),
        tick,
    )
    .map_err(|fault| {
        refusal(
            "draw",
            RequestFault::Pose(fault),
            &[name.to_owned()],
            &loaded,
        )
    })?;
    let line = pose.to_json_line(&CellTable::of(set));
    writeln!(io::stdout().lock(), "{line}").map_err(stdout_error)?;
    Ok(())
}
