//! The request's parameters in a front end's words. A library names a parameter by its logical
//! name (`scale`, `animation`, `originals`); the command line spells it as a flag (`--scale 16`)
//! and the server as a query parameter (`scale=16`), each in one table, a [`Spelling`]. A message
//! that names one is [`Words`]: worded when a front end shows it, and in plain words
//! ([`Logical`]) by its `Display`.

use std::fmt;
use std::sync::Arc;

/// How a front end spells the request's parameters, by their logical names, in the words of a
/// refusal: the command line's `--all-frames`, `--scale 16` and `give --view once`, the server's
/// `all=1`, `scale=16` and `several views make rows of a .png`. Each front end has one table.
pub trait Spelling {
    /// The parameter alone: `--scale`, `scale`.
    fn name(&self, parameter: &str) -> String;

    /// The parameter given `value`: `--scale 16`, `scale=16`, `--as NAME`.
    fn given(&self, parameter: &str, value: &dyn fmt::Display) -> String;

    /// The parameter as it is set, with what it takes where the front end says it: `--all-frames`,
    /// `all=1`, `--weapon`, `weapon=NAME`, `--tick T`.
    fn set(&self, parameter: &str) -> String;

    /// What to do about a parameter given more often than a file can hold (`animation`,
    /// `view`), when there is something to say.
    fn advice(&self, _parameter: &str) -> Option<String> {
        None
    }
}

/// The parameters by their logical names, as no front end spells them: the plain words of a
/// library error's `Display` (`scale 16`, `give originals DIR`).
pub struct Logical;

impl Spelling for Logical {
    fn name(&self, parameter: &str) -> String {
        parameter.to_owned()
    }

    fn given(&self, parameter: &str, value: &dyn fmt::Display) -> String {
        format!("{parameter} {value}")
    }

    fn set(&self, parameter: &str) -> String {
        parameter.to_owned()
    }
}

/// A message that names the request's parameters, worded when a front end shows it
/// ([`Words::spelt`]); its `Display` is the plain words ([`Logical`]).
#[derive(Clone)]
pub struct Words(Arc<Wording>);

/// How a message is worded with a front end's spelling.
type Wording = dyn Fn(&dyn Spelling) -> String + Send + Sync;

impl Words {
    /// The message `words` says with a front end's spelling.
    pub fn new(words: impl Fn(&dyn Spelling) -> String + Send + Sync + 'static) -> Words {
        Words(Arc::new(words))
    }

    /// The message in the words of a front end.
    pub fn spelt(&self, spelling: &dyn Spelling) -> String {
        (self.0)(spelling)
    }
}

/// A message that names no parameter: the same in every front end.
impl From<String> for Words {
    fn from(message: String) -> Words {
        Words::new(move |_| message.clone())
    }
}

impl From<&'static str> for Words {
    fn from(message: &'static str) -> Words {
        Words::new(move |_| message.to_owned())
    }
}

impl From<fmt::Arguments<'_>> for Words {
    fn from(message: fmt::Arguments<'_>) -> Words {
        Words::from(message.to_string())
    }
}

impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelt(&Logical))
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

/// Two messages are the same when they say the same.
impl PartialEq for Words {
    fn eq(&self, other: &Words) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Words {}

#[cfg(test)]
mod tests {
    use super::*;

    struct Flags;

    impl Spelling for Flags {
        fn name(&self, parameter: &str) -> String {
            format!("--{parameter}")
        }

        fn given(&self, parameter: &str, value: &dyn fmt::Display) -> String {
            format!("--{parameter} {value}")
        }

        fn set(&self, parameter: &str) -> String {
            self.name(parameter)
        }
    }

    #[test]
    fn a_message_is_spelt_by_the_front_end_and_plain_in_its_display() {
        let scale = 16;
        let words = Words::new(move |s| format!("a picture at {}", s.given("scale", &scale)));
        assert_eq!(words.spelt(&Flags), "a picture at --scale 16");
        assert_eq!(words.to_string(), "a picture at scale 16");
        let plain = Words::from("no parameter".to_owned());
        assert_eq!(plain.spelt(&Flags), plain.to_string());
    }
}
