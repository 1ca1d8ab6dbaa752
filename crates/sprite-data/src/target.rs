//! What `--kind NAME` names on the command lines (`tactics-sprite build` and `check`, `cargo xtask
//! build-data`): a unit kind whose profile is built in, or a weapon or effect layer. One parser
//! and one list of names for all of them, taken from [`UNIT_KINDS`] and [`LayerSet::ALL`], so that
//! a new built-in profile shows up in every `--kind`, its error and its `--help` at once.

use std::fmt;

use crate::layer::LayerSet;
use crate::profile::{UNIT_KINDS, UnitKind};

/// A built-in unit kind's profile, or a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildTarget {
    Unit(&'static UnitKind),
    Layer(LayerSet),
}

impl BuildTarget {
    /// The name `--kind` takes: `type1`, `mon`, `wep1`, ...
    pub fn name(self) -> &'static str {
        match self {
            BuildTarget::Unit(kind) => kind.name,
            BuildTarget::Layer(layer) => layer.name(),
        }
    }

    /// `--kind` where a layer is welcome too: a built-in unit kind or a layer, in any case.
    ///
    /// # Errors
    /// [`UnknownKind`], which lists the kinds and the layers.
    pub fn parse(name: &str) -> Result<BuildTarget, UnknownKind> {
        if let Some(layer) = LayerSet::from_name(name) {
            return Ok(BuildTarget::Layer(layer));
        }
        UnitKind::find(name)
            .map(BuildTarget::Unit)
            .ok_or_else(|| UnknownKind {
                name: name.to_owned(),
                layers: true,
            })
    }
}

/// `--kind` that takes a unit kind only, in any case.
///
/// # Errors
/// [`UnknownKind`], which lists the kinds.
pub fn parse_unit_kind(name: &str) -> Result<&'static UnitKind, UnknownKind> {
    UnitKind::find(name).ok_or_else(|| UnknownKind {
        name: name.to_owned(),
        layers: false,
    })
}

/// The built-in unit kinds' names, in [`UNIT_KINDS`]'s order, joined by `separator`.
pub fn unit_names(separator: &str) -> String {
    UNIT_KINDS.map(|kind| kind.name).join(separator)
}

/// The layers' names, in [`LayerSet::ALL`]'s order, joined by `separator`.
pub fn layer_names(separator: &str) -> String {
    LayerSet::ALL.map(LayerSet::name).join(separator)
}

/// The layers' names as words: `wep1, wep2 or eff1`.
pub fn layer_choices() -> String {
    let names = LayerSet::ALL.map(LayerSet::name);
    let (last, others) = names.split_last().expect("there are layers");
    format!("{} or {last}", others.join(", "))
}

/// A `--kind` name that is no built-in kind (nor a layer, where layers are welcome).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKind {
    /// The name as given.
    pub name: String,
    /// Whether a layer would have been accepted (the message then lists the layers too).
    pub layers: bool,
}

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no built-in profile {:?}; the kinds are {}",
            self.name,
            unit_names(", ")
        )?;
        if self.layers {
            write!(f, " and the layers {}", layer_names(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownKind {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_in_any_case_and_layers_only_where_welcome() {
        assert_eq!(BuildTarget::parse("MON").map(BuildTarget::name), Ok("mon"));
        assert_eq!(
            BuildTarget::parse("Wep2"),
            Ok(BuildTarget::Layer(LayerSet::Wep2))
        );
        assert_eq!(parse_unit_kind("Type1").map(|k| k.name), Ok("type1"));
        let refused = parse_unit_kind("eff1").unwrap_err();
        assert!(!refused.layers);
        assert_eq!(
            refused.to_string(),
            "no built-in profile \"eff1\"; the kinds are type1, type2, cyoko, mon, ruka, other, \
             arute, kanzen"
        );
        assert_eq!(
            BuildTarget::parse("nosuch").unwrap_err().to_string(),
            "no built-in profile \"nosuch\"; the kinds are type1, type2, cyoko, mon, ruka, other, \
             arute, kanzen and the layers wep1, wep2, eff1"
        );
    }

    #[test]
    fn the_layers_in_words() {
        assert_eq!(layer_choices(), "wep1, wep2 or eff1");
        assert_eq!(layer_names("|"), "wep1|wep2|eff1");
    }
}
