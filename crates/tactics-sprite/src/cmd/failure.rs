//! How a command ends when it does not simply succeed, decided in one place: every command's
//! `run` returns an [`Outcome`], and `main` turns a [`Failure`] into the exit status and the one
//! line on stderr ([`Failure::status`], [`Failure::print`]). No command prints its own usage line
//! or picks its own exit code.

use std::fmt;
use std::io;
use std::process::ExitCode;

use faults::{Fault, Faulty, escape_controls};
use sprite_render::{RequestFault, Spelling};

/// What a command's `run` returns: `Ok` is exit 0.
pub type Outcome = Result<(), Failure>;

/// Why a command did not end with exit 0.
#[derive(Debug)]
pub enum Failure {
    /// A request the command refuses as asked, an option its input does not have or a value out
    /// of range (exit 2; `serve` answers the same request `400`). Printed as
    /// `tactics-sprite: <command>: <message>`.
    Usage {
        /// The subcommand, as typed: `render`, `draw`, `export-aseprite`.
        command: &'static str,
        message: String,
    },
    /// An input that cannot be read, decoded or used, or an output that cannot be written
    /// (exit 1). Printed as [`report_error`] prints it: the context chain on one line.
    Failed(anyhow::Error),
    /// `check` and `diff`: inputs they cannot compare (exit 2, so that their exit 1 always means
    /// a difference). Printed as [`Failure::Failed`] is.
    CannotCompare(anyhow::Error),
    /// The command ran to its end and has printed its answer, which is not a plain yes: `check`
    /// and `diff` found a difference, `roundtrip` a file that does not give back its bytes,
    /// `extract` an entry it could not write (exit 1; nothing more is printed).
    Reported,
}

impl Failure {
    /// A usage error of `command`.
    pub fn usage(command: &'static str, message: impl fmt::Display) -> Failure {
        Failure::Usage {
            command,
            message: message.to_string(),
        }
    }

    /// A sprite-data error of `command` as its fault says ([`Fault`]): the request's is a usage
    /// error, its message alone (a missing tick named by its flag, [`Flags`]); the file's is a
    /// failure, shown in `context` (the document's path).
    pub fn of_data(
        command: &'static str,
        error: sprite_data::Error,
        context: impl fmt::Display,
    ) -> Failure {
        if let sprite_data::ErrorKind::TickNeeded { animation } = error.kind() {
            return Failure::usage(
                command,
                format!(
                    "{} is needed to draw {animation:?} (only the idle frame needs none)",
                    Flags.set("tick")
                ),
            );
        }
        match error.fault() {
            Fault::Input => Failure::usage(command, error),
            Fault::File | Fault::Internal => {
                Failure::Failed(anyhow::Error::new(error).context(context.to_string()))
            }
        }
    }

    /// Any library error of `command` as its fault says ([`Faulty`]): the request's is a usage
    /// error, anything else a failure.
    pub fn of<E>(command: &'static str, error: E) -> Failure
    where
        E: Faulty + std::error::Error + Send + Sync + 'static,
    {
        match error.fault() {
            Fault::Input => Failure::usage(command, error),
            Fault::File | Fault::Internal => Failure::Failed(error.into()),
        }
    }

    /// A render request `command` refuses, in the command line's words ([`Flags`]).
    pub fn of_request(command: &'static str, fault: &RequestFault) -> Failure {
        Failure::usage(command, fault.words(&Flags))
    }

    /// The exit status: 2 for a usage error or inputs `check` and `diff` cannot compare, 1
    /// otherwise.
    pub fn status(&self) -> u8 {
        match self {
            Failure::Usage { .. } | Failure::CannotCompare(_) => 2,
            Failure::Failed(_) | Failure::Reported => 1,
        }
    }

    /// The exit code of [`Failure::status`].
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.status())
    }

    /// Prints the failure's one line on stderr (none for [`Failure::Reported`], which has printed
    /// its own, or for stdout closed under us).
    pub fn print(&self) {
        match self {
            Failure::Usage { command, message } => {
                eprintln!("tactics-sprite: {command}: {}", escape_controls(message));
            }
            Failure::Failed(error) | Failure::CannotCompare(error) => report_error(error),
            Failure::Reported => {}
        }
    }
}

/// How the command line spells the request's parameters in the words of a refusal, by their
/// logical names: the table every refusal that names one reads (the server has its own).
pub struct Flags;

impl Spelling for Flags {
    fn set(&self, parameter: &str) -> String {
        match parameter {
            "all" => "--all-frames".to_owned(),
            "tick" => "--tick T".to_owned(),
            other => format!("--{other}"),
        }
    }

    fn advice(&self, parameter: &str) -> Option<String> {
        matches!(parameter, "animation" | "view").then(|| format!("give --{parameter} once"))
    }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure::Failed(error)
    }
}

/// The other errors a command passes on with `?`, each a [`Failure::Failed`] as it would be
/// through `anyhow::Error` (one impl for every `std::error::Error` would overlap the one above).
/// Where a sprite-data error may be the request's fault, a command uses [`Failure::of_data`].
macro_rules! failed_from {
    ($($error:ty),* $(,)?) => {
        $(impl From<$error> for Failure {
            fn from(error: $error) -> Self {
                Failure::Failed(error.into())
            }
        })*
    };
}

failed_from!(
    sprite_inputs::Error,
    sprite_data::Error,
    sprite_render::RenderError,
    serde_json::Error,
    std::num::TryFromIntError,
);

/// Prints an error as one line on stderr: `tactics-sprite: <file>: <problem>`. Nothing is
/// printed when stdout was closed under us (`| head`): that is not the user's problem to read.
pub fn report_error(error: &anyhow::Error) {
    let broken_pipe = error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return;
    }
    // `{:#}` joins the context chain with ": " on one line; no backtrace, no "Caused by". A name
    // from an input is shown escaped where it is formatted (`faults::Shown`); this is the last
    // line of defence, so that no control character reaches the terminal.
    let message = format!("{error:#}");
    eprintln!("tactics-sprite: {}", escape_controls(&message));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exit statuses `--help` promises: 2 for a usage error and for inputs check and diff
    /// cannot compare, 1 for a failure and for a difference.
    #[test]
    fn each_failure_has_the_status_help_promises() {
        let error = || anyhow::anyhow!("TYPE1.SHP: at byte 0x0004: no");
        assert_eq!(Failure::usage("draw", "view 9 is out of range").status(), 2);
        assert_eq!(Failure::CannotCompare(error()).status(), 2);
        assert_eq!(Failure::Failed(error()).status(), 1);
        assert_eq!(Failure::Reported.status(), 1);
    }

    #[test]
    fn a_sprite_data_error_is_a_usage_error_or_a_failure_by_its_fault() {
        let view = sprite_data::Error::from(sprite_data::View::new(8).unwrap_err());
        match Failure::of_data("draw", view, "type1.json") {
            Failure::Usage { command, message } => assert_eq!(
                (command, message.as_str()),
                ("draw", "view 8 is out of range: views are 0..7")
            ),
            other => panic!("{other:?}"),
        }
        let cut = sprite_data::parse_document(b"{\"format\": ", "x").unwrap_err();
        match Failure::of_data("draw", cut, "type1.json") {
            Failure::Failed(error) => {
                let shown = format!("{error:#}");
                assert!(shown.starts_with("type1.json: x: not JSON"), "{shown}");
            }
            other => panic!("{other:?}"),
        }
    }
}
