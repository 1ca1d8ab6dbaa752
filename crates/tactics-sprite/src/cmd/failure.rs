//! How a command ends when it does not simply succeed, decided in one place: every command's
//! `run` returns an [`Outcome`], and `main` turns a [`Failure`] into the exit status and the one
//! line on stderr ([`Failure::status`], [`Failure::print`]). No command prints its own usage line
//! or picks its own exit code.

use std::fmt;
use std::io;
use std::process::ExitCode;

use faults::{Faulty, Spelling, escape_controls};
use sprite_render::RequestFault;

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

    /// A sprite-data error of `command` as its fault says ([`faults::Fault`]): the request's is a
    /// usage error, its message alone in flags ([`Flags`]: a missing tick is `--tick T`); any other
    /// a failure, shown in `context` (the document's path).
    pub fn of_data(
        command: &'static str,
        error: sprite_data::Error,
        context: impl fmt::Display,
    ) -> Failure {
        if error.fault().is_the_requests() {
            return Failure::usage(command, error.words(&Flags));
        }
        Failure::Failed(anyhow::Error::new(error).context(context.to_string()))
    }

    /// Any library error of `command` as its fault says ([`Faulty`]): the request's is a usage
    /// error in flags ([`Flags`]), anything else a failure.
    pub fn of<E>(command: &'static str, error: E) -> Failure
    where
        E: Faulty + std::error::Error + Send + Sync + 'static,
    {
        if error.fault().is_the_requests() {
            return Failure::usage(command, error.words(&Flags));
        }
        Failure::Failed(error.into())
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

/// How the command line spells the parameters a library names (by their logical names) in the
/// words of an error: the table every message that names one reads (the server has its own). A
/// flag is its logical name after `--` but for these.
pub struct Flags;

impl Spelling for Flags {
    fn name(&self, parameter: &str) -> String {
        match parameter {
            "all" => "--all-frames".to_owned(),
            other => format!("--{other}"),
        }
    }

    fn given(&self, parameter: &str, value: &dyn fmt::Display) -> String {
        format!("{} {value}", self.name(parameter))
    }

    fn set(&self, parameter: &str) -> String {
        match parameter {
            "tick" => self.given("tick", &"T"),
            other => self.name(other),
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
    // A name from an input is shown escaped where it is formatted (`faults::Shown`); this is the
    // last line of defence, so that no control character reaches the terminal.
    eprintln!("tactics-sprite: {}", escape_controls(&one_line(error)));
}

/// The context chain joined with ": " on one line, as `{:#}` shows it, each library error in
/// flags ([`in_flags`]); no backtrace, no "Caused by".
fn one_line(error: &anyhow::Error) -> String {
    let chain: Vec<String> = error.chain().map(in_flags).collect();
    chain.join(": ").replace(['\n', '\r'], " ")
}

/// One error of a chain in the command line's words: a library's, the parameters it names spelt
/// as flags ([`Flags`]); any other as it displays itself.
fn in_flags(cause: &(dyn std::error::Error + 'static)) -> String {
    macro_rules! spelt {
        ($($library:ty),* $(,)?) => {
            $(if let Some(error) = cause.downcast_ref::<$library>() {
                return error.words(&Flags);
            })*
        };
    }
    spelt!(
        sprite_inputs::Error,
        sprite_data::Error,
        sprite_render::RenderError,
        sprite_render::RenderFailure,
        sprite_render::RequestFault,
    );
    cause.to_string()
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

    /// A missing tick is the request's, said with the flag `render --help` documents.
    #[test]
    fn a_tick_needed_is_named_by_its_flag() {
        let kind = sprite_data::ErrorKind::TickNeeded {
            animation: "Walk".to_owned(),
        };
        match Failure::of_data("draw", kind.into(), "type1.json") {
            Failure::Usage { message, .. } => assert_eq!(
                message,
                "--tick T is needed to draw \"Walk\" (only the idle frame needs none)"
            ),
            other => panic!("{other:?}"),
        }
    }

    /// A library error deep in a chain names its parameters as flags; the frames around it stay.
    #[test]
    fn a_library_error_in_a_chain_names_flags() {
        let words = faults::Words::new(|s| format!("pick one with {}", s.given("entry", &"N")));
        let refused = sprite_inputs::Error::input("entry", words).in_context("SAS.BIN");
        let error = anyhow::Error::new(refused).context("loading the set");
        assert_eq!(
            one_line(&error),
            "loading the set: SAS.BIN: pick one with --entry N"
        );
    }
}
