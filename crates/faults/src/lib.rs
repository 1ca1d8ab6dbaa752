//! Whose fault an error is, said once by the library that makes it and read by every front end.
//!
//! Each library error of the workspace implements [`Faulty`]: its [`Fault`] (the request's, an
//! input file's, or ours) and what it [`Concern`]s (the request's parameter, by a logical name
//! such as `view` that the command line spells `--view` and the API `view=`, or the file by its
//! name as shown). The command line turns the fault into its exit status and the server into its
//! HTTP status, each in one place, so no command or endpoint decides it again.
//!
//! [`position`] holds the other thing the codec crates share: where in a file an error is (the
//! byte offset and the path of fields being read); [`context`], the shape of an error kind in its
//! context that `sprite-data` and `sprite-inputs` share; [`shown`], how a message shows text
//! from an input (a name, a path, a field) so that no input writes to the terminal.

pub mod context;
pub mod position;
pub mod shown;

pub use position::{FieldPath, PathFrame, Position};
pub use shown::{Shown, escape_controls};

/// Whose fault an error is, which decides what a front end tells its user and how it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The request's: a flag, a query parameter or a name asked for that the inputs do not
    /// have or that is not valid (an animation the document lacks, a view outside 0..7, a
    /// contact sheet asked as a GIF). The same files answer a corrected request. The command
    /// line's usage error (exit 2), the server's `4xx`.
    Input,
    /// An input file's: one that cannot be read, does not decode, breaks a rule or a limit, or
    /// is missing. The request may be fine; the file has to change (exit 1).
    File,
    /// Ours: an invariant broken, a picture that cannot be encoded, a bug (exit 1 with the
    /// message; the server's `500`).
    Internal,
}

/// What an error is about, when it is about one thing a user can point at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Concern {
    /// A parameter of the request, by its logical name (`view`, `animation`, `frame`, `all`,
    /// `weapon`, `tick`, ...), which each front end spells its own way.
    Parameter(&'static str),
    /// A file, by its name as the error shows it (a path, or `IMAGE:BATTLE/TYPE1.SHP`).
    File(String),
}

/// What every library error of the workspace says about itself.
pub trait Faulty {
    /// Whose fault it is.
    fn fault(&self) -> Fault;

    /// The parameter or the file it is about, when there is one.
    fn concerns(&self) -> Option<Concern> {
        None
    }

    /// For the request's fault: whether it names something the inputs do not have (an animation,
    /// a frame, a set), which a server answers `404` rather than `400`.
    fn names_nothing(&self) -> bool {
        false
    }

    /// For a file's fault: whether an input the request needs was not given or not found (the
    /// SP2 a sequence draws from, the weapon art), which a server answers `422`: the server
    /// lacks it, the request is fine.
    fn missing_input(&self) -> bool {
        false
    }

    /// The logical name of the parameter at fault, when it concerns one.
    fn parameter(&self) -> Option<&'static str> {
        match self.concerns() {
            Some(Concern::Parameter(name)) => Some(name),
            _ => None,
        }
    }
}

impl<T: Faulty + ?Sized> Faulty for Box<T> {
    fn fault(&self) -> Fault {
        (**self).fault()
    }

    fn concerns(&self) -> Option<Concern> {
        (**self).concerns()
    }

    fn names_nothing(&self) -> bool {
        (**self).names_nothing()
    }

    fn missing_input(&self) -> bool {
        (**self).missing_input()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Asked;

    impl Faulty for Asked {
        fn fault(&self) -> Fault {
            Fault::Input
        }

        fn concerns(&self) -> Option<Concern> {
            Some(Concern::Parameter("view"))
        }
    }

    #[test]
    fn a_parameter_is_read_from_what_an_error_concerns() {
        assert_eq!(Asked.parameter(), Some("view"));
        assert_eq!(Box::new(Asked).fault(), Fault::Input);
    }
}
