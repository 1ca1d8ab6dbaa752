//! Whose fault an error is, said once by the library that makes it and read by every front end.
//!
//! Each library error of the workspace implements [`Faulty`]: its [`Fault`] (the request's, as
//! not valid or as naming what the inputs lack; an input not given; an input file's; or ours),
//! what it [`Concern`]s (the request's parameter, by a logical name such as `view`, or the file
//! by its name as shown), and its message in a front end's [`words`]: the command line spells
//! `view` as `--view`, the API as `view=`, each in its one [`Spelling`] table. The command line
//! turns the fault into its exit status and the server into its HTTP status, each in one place,
//! so no command or endpoint decides it again.
//!
//! [`position`] holds the other thing the codec crates share: where in a file an error is (the
//! byte offset and the path of fields being read); [`context`], the shape of an error kind in its
//! context that `sprite-data` and `sprite-inputs` share; [`shown`], how a message shows text
//! from an input (a name, a path, a field) so that no input writes to the terminal.

pub mod context;
mod fault;
pub mod position;
pub mod shown;
pub mod words;

pub use fault::{Concern, Fault, Faulty};
pub use position::{FieldPath, PathFrame, Position};
pub use shown::{Shown, escape_controls};
pub use words::{Logical, Spelling, Words};
