//! Whose fault an error is ([`Fault`]), what it concerns ([`Concern`]), and what every library
//! error says of itself ([`Faulty`]).

use std::fmt;

use crate::words::Spelling;

/// Whose fault an error is, which decides what a front end tells its user and how it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fault {
    /// The request's: a flag or a query parameter that is not valid (a view outside 0..7, a
    /// contact sheet asked as a GIF). The same files answer a corrected request. The command
    /// line's usage error (exit 2), the server's `400`.
    Input,
    /// The request's: it names something the inputs do not have (no such animation, frame or
    /// set). A usage error too (exit 2); the server's `404`.
    NoSuch,
    /// An input the request needs was not given or not found (the SP2 a sequence draws from, the
    /// weapon art): the request may be fine and so may the files given; one more is needed
    /// (exit 1; the server's `422`: it lacks the file).
    Missing,
    /// An input file's: one that cannot be read, does not decode, breaks a rule or a limit, or
    /// is missing. The request may be fine; the file has to change (exit 1).
    File,
    /// Ours: an invariant broken, a picture that cannot be encoded, a bug (exit 1 with the
    /// message; the server's `500`).
    Internal,
}

impl Fault {
    /// Whether the request is at fault ([`Fault::Input`], [`Fault::NoSuch`]): a corrected
    /// request, not other files, answers it.
    pub fn is_the_requests(self) -> bool {
        matches!(self, Fault::Input | Fault::NoSuch)
    }
}

/// What an error is about, when it is about one thing a user can point at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Concern {
    /// A parameter of the request, by its logical name (`view`, `animation`, `frame`, `all`,
    /// `weapon`, `tick`, ...), which each front end spells its own way ([`Spelling`]).
    Parameter(&'static str),
    /// A file, by its name as the error shows it (a path, or `IMAGE:BATTLE/TYPE1.SHP`).
    File(String),
}

/// What every library error of the workspace says about itself.
pub trait Faulty: fmt::Display {
    /// Whose fault it is.
    fn fault(&self) -> Fault;

    /// The parameter or the file it is about, when there is one.
    fn concerns(&self) -> Option<Concern> {
        None
    }

    /// The message in a front end's words, the parameters it names spelt by `spelling`; its
    /// `Display` when it names none.
    fn words(&self, spelling: &dyn Spelling) -> String {
        let _ = spelling;
        self.to_string()
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

    fn words(&self, spelling: &dyn Spelling) -> String {
        (**self).words(spelling)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Asked;

    impl fmt::Display for Asked {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("view 8 is out of range")
        }
    }

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
