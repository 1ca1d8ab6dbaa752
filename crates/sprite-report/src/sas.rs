//! `inspect`'s reports on SAS files and `pakd` containers: what the file is, its counts, the frame
//! types it uses and what each table says they mean; when verbose every slot, sprite, quad and
//! frame with its offset and raw bytes, so that someone with the game can check the meanings.
//!
//! Each report is one model on the inspect report model ([`crate::inspect`]): serde writes it as
//! JSON (fields marked `skip` are facts only the text's sentences use), its flat values are a
//! `section!` that the text lists as `key  value` lines, and each list writes its own lines.
//! [`set`] is the report on a set, [`container`] on a container; [`frame_types`] holds what the
//! set's frames use and [`details`] its verbose tables; [`text`] the pieces both texts share.

pub mod container;
pub mod details;
pub mod frame_types;
pub mod set;
pub mod text;

pub use container::Container;
pub use set::SetReport;
