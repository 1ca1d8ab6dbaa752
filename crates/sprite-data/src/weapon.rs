//! What a weapon name names: a weapon type (`sword`, drawn with the type's first graphic) or one
//! graphic of a type (`sword-3`, `knight-sword-2`), and the rows and palette of the weapons block
//! to draw it with ([`fft_formats::weapon_graphics`]). The command line's `--weapon NAME` and
//! the server's `weapon=` take these names; an unknown one is answered with the nearest names.

use std::fmt;

use fft_formats::layer::WeaponType;
use fft_formats::weapon_graphics::{DEFAULT_WEAPON_PALETTE, WEAPON_GRAPHICS, WeaponGraphic};

use crate::pose::names;

/// A weapon to draw: its type (which selects the layer's frames) and the graphic and palette of
/// the weapons block its cells are cut from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeaponChoice {
    pub weapon_type: WeaponType,
    pub graphic: &'static WeaponGraphic,
    /// The graphic's rows (`layer_sheet`'s `rows`, `--weapon-rows`).
    pub rows: u8,
    /// The palette of the weapons block, 0-15 (`--weapon-palette`):
    /// [`DEFAULT_WEAPON_PALETTE`], since no source we hold gives an item's own.
    pub palette: u8,
}

impl WeaponChoice {
    /// The type's first graphic.
    pub fn of_type(weapon_type: WeaponType) -> Self {
        Self::of_graphic(weapon_type.default_graphic())
    }

    /// One graphic.
    pub fn of_graphic(graphic: &'static WeaponGraphic) -> Self {
        Self {
            weapon_type: graphic.weapon,
            graphic,
            rows: graphic.rows,
            palette: DEFAULT_WEAPON_PALETTE,
        }
    }
}

/// The weapon `name` names: a type (in any case, with spaces, `-` or `_` between words, as
/// [`WeaponType::from_name`] reads it: `Ninja Sword`, `bomb`), or a type and a graphic's number
/// (`sword-3`, `Sword 3`, `knight_sword2`).
///
/// # Errors
/// [`UnknownWeapon`], with the nearest names, when `name` is neither.
pub fn choose_weapon(name: &str) -> Result<WeaponChoice, UnknownWeapon> {
    if let Some(weapon_type) = WeaponType::from_name(name) {
        return Ok(WeaponChoice::of_type(weapon_type));
    }
    graphic_named(name)
        .map(WeaponChoice::of_graphic)
        .ok_or_else(|| {
            let available: Vec<String> = weapon_names().map(str::to_owned).collect();
            let nearest: Vec<&'static str> = names::nearest(name, &available)
                .into_iter()
                .filter_map(|near| weapon_names().find(|n| *n == near))
                .collect();
            // A name without a number asks for a type: the graphics of a type already suggested
            // add nothing to it (`swrd` is answered `sword`, not `sword` and `sword-1` .. `sword-4`).
            let numbered = name.trim_end().ends_with(|c: char| c.is_ascii_digit());
            let graphic_of_suggested = |near: &str| {
                WeaponGraphic::find(near).is_some_and(|g| nearest.contains(&g.weapon.name()))
            };
            UnknownWeapon {
                name: name.to_owned(),
                nearest: nearest
                    .iter()
                    .copied()
                    .filter(|near| numbered || !graphic_of_suggested(near))
                    .collect(),
            }
        })
}

/// Every name [`choose_weapon`] takes as written: the types, then the graphics.
pub fn weapon_names() -> impl Iterator<Item = &'static str> {
    WeaponType::ALL
        .into_iter()
        .map(WeaponType::name)
        .chain(WEAPON_GRAPHICS.iter().map(|g| g.name))
}

/// `<type><separator?><number>`: the type as [`WeaponType::from_name`] reads it, the graphic's
/// number from 1.
fn graphic_named(name: &str) -> Option<&'static WeaponGraphic> {
    let name = name.trim();
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (type_name, number) = name.split_at(name.len() - digits);
    let number: usize = number.parse().ok()?;
    let weapon_type = WeaponType::from_name(type_name.trim_end_matches([' ', '-', '_']))?;
    weapon_type.graphics().get(number.checked_sub(1)?)
}

/// The deepest rows offset a weapon graphic can be cut from: the weapons block is 256 rows, and a
/// graphic starts on a row of 8 (every graphic of `fft_formats::weapon_graphics` does).
pub const MAX_WEAPON_ROWS: u8 = 248;

/// Reads a rows override (`--weapon-rows`, the server's `weapon-rows=`): a multiple of 8 in
/// `0..=`[`MAX_WEAPON_ROWS`]. Another offset would cut every cell across two graphics.
///
/// # Errors
/// The one line to show the user, without the option's name (each caller names its own).
pub fn weapon_rows(value: &str) -> Result<u8, String> {
    let expected =
        format!("a multiple of 8 in 0..{MAX_WEAPON_ROWS} (the rows a graphic starts at)");
    let rows: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("{value:?} is not a number; expected {expected}"))?;
    u8::try_from(rows)
        .ok()
        .filter(|&r| r <= MAX_WEAPON_ROWS && r % 8 == 0)
        .ok_or_else(|| format!("{rows} is not {expected}"))
}

/// A weapon name that is neither a type nor a graphic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWeapon {
    /// The name as given.
    pub name: String,
    /// The nearest names, nearest first (at most [`names::MAX_SUGGESTIONS`]).
    pub nearest: Vec<&'static str>,
}

impl fmt::Display for UnknownWeapon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown weapon {:?}", self.name)?;
        if !self.nearest.is_empty() {
            let quoted: Vec<String> = self.nearest.iter().map(|n| format!("{n:?}")).collect();
            write!(f, "; the nearest: {}", quoted.join(", "))?;
        }
        write!(
            f,
            "; a weapon is a type ({}) or a type's graphic, numbered from 1 (sword-1 .. sword-4)",
            WeaponType::ALL.map(WeaponType::name).join(", ")
        )
    }
}

impl std::error::Error for UnknownWeapon {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_multiples_of_eight_within_the_block() {
        assert_eq!(weapon_rows("0"), Ok(0));
        assert_eq!(weapon_rows("128"), Ok(128));
        assert_eq!(weapon_rows("248"), Ok(248));
        for bad in ["5", "12", "256", "-8", "x"] {
            assert!(weapon_rows(bad).is_err(), "{bad}");
        }
        assert!(weapon_rows("12").unwrap_err().contains("multiple of 8"));
    }

    fn rows_and_type(name: &str) -> (u8, WeaponType, &'static str) {
        let choice = choose_weapon(name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(choice.palette, DEFAULT_WEAPON_PALETTE);
        (choice.rows, choice.weapon_type, choice.graphic.name)
    }

    #[test]
    fn a_type_is_its_first_graphic_and_a_numbered_name_one_graphic() {
        use WeaponType::*;
        assert_eq!(rows_and_type("sword"), (0, Sword, "sword-1"));
        assert_eq!(rows_and_type("Sword"), (0, Sword, "sword-1"));
        assert_eq!(rows_and_type("Sword 3"), (32, Sword, "sword-3"));
        assert_eq!(
            rows_and_type("knight_sword2"),
            (112, KnightSword, "knight-sword-2")
        );
        assert_eq!(
            rows_and_type("ninja-blade"),
            (64, NinjaBlade, "ninja-blade-1")
        );
        // FFTorama's name for the type is read too.
        assert_eq!(
            rows_and_type("Ninja Sword 2"),
            (80, NinjaBlade, "ninja-blade-2")
        );
        assert_eq!(rows_and_type("flail"), (24, Flail, "flail-1"));
        assert_eq!(rows_and_type("bomb"), (0, Ball, "ball-1"));
    }

    #[test]
    fn an_unknown_name_is_answered_with_the_nearest() {
        let error = choose_weapon("katana-4").unwrap_err();
        assert_eq!(error.nearest.first(), Some(&"katana"), "{error}");
        assert!(error.nearest.contains(&"katana-3"), "{error}");
        let error = choose_weapon("sowrd").unwrap_err();
        assert_eq!(error.nearest.first(), Some(&"sword"), "{error}");
        // Without a number, the types alone: no graphic of a type already suggested.
        assert_eq!(choose_weapon("swrd").unwrap_err().nearest, ["sword"]);
        assert_eq!(
            choose_weapon("swrod").unwrap_err().nearest,
            ["rod", "sword"]
        );
        assert!(
            error
                .to_string()
                .starts_with("unknown weapon \"sowrd\"; the nearest: \"sword\""),
            "{error}"
        );
        for refused in ["sword-0", "sword-5", "", "12", "excalibur"] {
            assert!(choose_weapon(refused).is_err(), "{refused}");
        }
    }
}
