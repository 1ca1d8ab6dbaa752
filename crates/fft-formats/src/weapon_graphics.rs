//! Which graphic of the weapons sheet (the weapons block of WEP.SPR) a weapon is drawn with.
//!
//! The items of one weapon type share the type's frames (a WEP1/WEP2 SHP's first-frame list,
//! [`crate::layer::FirstSection`]); each item's graphic sits in its own rows of the weapons
//! block, so drawing an item is drawing the type's frames with every cell `(x, y)` cut from
//! `(x, y + rows)`. This module is the table of those graphics: per weapon type, each graphic
//! the block holds and its `rows`.
//!
//! Where each fact comes from:
//!
//! - **The graphics and their rows**: FFTorama's weapons table (`FrameData/weapons.txt`, MIT),
//!   39 graphics, each a name (`Sword 2`), its type (by its entry in the first-frame list) and
//!   its offset in pixels (`16`, also given in units of 8 rows). The table below is that list in
//!   our names; `crates/sprite-data/tests/weapon_graphics.rs` holds it to FFTorama's file and to
//!   the sheet: each graphic's rows hold pixels in the cells of its type's first frame, the
//!   graphics of types that share their frames lie apart, and the column the six blade types
//!   share (sword, ninja blade, knight sword, katana, rod, staff: one first frame in WEP1 and in
//!   WEP2) holds exactly the fifteen graphics listed for them, 16 rows each, rows 240-255 empty.
//!   FFTorama names the bomb and the star the other way round, as it does their first frames
//!   ([`crate::layer`]); here they follow the frames.
//! - **Which retail item (Broad Sword, Excalibur) has which graphic, and its palette**: not in
//!   the sprite files, nor in FFTorama's tables. The game keeps both in its item data (two
//!   bytes an item in BATTLE.BIN: a palette of the weapons block, one of the effects block, and
//!   the graphic, as community notes describe them), which no file this project reads holds.
//!   FFTorama's `ItemList.txt` names the item icons of ITEM.BIN (the pictures of the menus and
//!   of an item being used, 16 x 16 each), another sheet altogether: `Sword 1` .. `Sword 10`
//!   there are icons, not these graphics.
//! - **The palette**: no source we hold gives one per graphic, so every graphic is drawn with
//!   [`DEFAULT_WEAPON_PALETTE`] unless a palette is asked for.

use crate::layer::WeaponType;

/// One graphic of the weapons block: the rows an item of its type is drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WeaponGraphic {
    /// Its name: the type's name and the graphic's number within the type, from 1 (`sword-2`,
    /// FFTorama's "Sword 2"; `axe-1`, FFTorama's "Axe").
    pub name: &'static str,
    /// The type whose frames draw it.
    pub weapon: WeaponType,
    /// How many rows further down the weapons block than the type's first graphic it is: a frame
    /// cell `(x, y)` is cut from `(x, y + rows)`. A multiple of 8.
    pub rows: u8,
}

/// The palette of the weapons block (0-15) a graphic is drawn with when none is asked for: its
/// first. No source we hold says which palette an item uses (see the module's notes).
pub const DEFAULT_WEAPON_PALETTE: u8 = 0;

/// Every graphic of the weapons block, by weapon type in [`WeaponType::ALL`]'s order, each
/// type's graphics in FFTorama's order (which is the order of their rows).
pub const WEAPON_GRAPHICS: [WeaponGraphic; 39] = {
    use WeaponType::*;
    const fn g(name: &'static str, weapon: WeaponType, rows: u8) -> WeaponGraphic {
        WeaponGraphic { name, weapon, rows }
    }
    [
        g("knife-1", Knife, 0),
        g("knife-2", Knife, 16),
        g("knife-3", Knife, 32),
        g("knife-4", Knife, 48),
        g("ninja-blade-1", NinjaBlade, 64),
        g("ninja-blade-2", NinjaBlade, 80),
        g("sword-1", Sword, 0),
        g("sword-2", Sword, 16),
        g("sword-3", Sword, 32),
        g("sword-4", Sword, 48),
        g("knight-sword-1", KnightSword, 96),
        g("knight-sword-2", KnightSword, 112),
        g("katana-1", Katana, 128),
        g("katana-2", Katana, 144),
        g("katana-3", Katana, 160),
        g("axe-1", Axe, 0),
        g("rod-1", Rod, 176),
        g("rod-2", Rod, 192),
        g("staff-1", Staff, 208),
        g("staff-2", Staff, 224),
        g("flail-1", Flail, 24),
        g("gun-1", Gun, 0),
        g("gun-2", Gun, 16),
        g("crossbow-1", Crossbow, 0),
        g("crossbow-2", Crossbow, 24),
        g("bow-1", Bow, 0),
        g("bow-2", Bow, 24),
        g("instrument-1", Instrument, 0),
        g("book-1", Book, 0),
        g("spear-1", Spear, 0),
        g("spear-2", Spear, 16),
        g("pole-1", Pole, 32),
        g("pole-2", Pole, 48),
        g("bag-1", Bag, 0),
        g("cloth-1", Cloth, 0),
        g("shield-1", Shield, 0),
        g("shield-2", Shield, 24),
        g("ball-1", Ball, 0),
        g("shuriken-1", Shuriken, 0),
    ]
};

impl WeaponType {
    /// The type's graphics, in the order of their rows.
    pub fn graphics(self) -> &'static [WeaponGraphic] {
        let start = WEAPON_GRAPHICS
            .iter()
            .position(|g| g.weapon == self)
            .expect("every weapon type has a graphic");
        let len = WEAPON_GRAPHICS[start..]
            .iter()
            .take_while(|g| g.weapon == self)
            .count();
        &WEAPON_GRAPHICS[start..start + len]
    }

    /// The graphic an item of the type is drawn with when none is named: its first. For the
    /// types that share the blades' frames but the sword that is not `rows` 0 (`ninja-blade-1`
    /// is 64 rows down: rows 0 are `sword-1`), nor for the flail (24; rows 0 are the axe).
    pub fn default_graphic(self) -> &'static WeaponGraphic {
        &self.graphics()[0]
    }
}

impl WeaponGraphic {
    /// The graphic named `name`, as [`WeaponGraphic::name`] writes it (case ignored).
    pub fn find(name: &str) -> Option<&'static WeaponGraphic> {
        WEAPON_GRAPHICS
            .iter()
            .find(|g| g.name.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_its_graphics_together_numbered_from_one() {
        let mut seen = 0;
        for weapon in WeaponType::ALL {
            let graphics = weapon.graphics();
            seen += graphics.len();
            for (i, graphic) in graphics.iter().enumerate() {
                assert_eq!(graphic.name, format!("{}-{}", weapon.name(), i + 1));
                assert_eq!(graphic.rows % 8, 0, "{}", graphic.name);
            }
            assert!(
                graphics.windows(2).all(|w| w[0].rows < w[1].rows),
                "{weapon}: rows in order"
            );
            assert_eq!(weapon.default_graphic(), &graphics[0]);
        }
        assert_eq!(
            seen,
            WEAPON_GRAPHICS.len(),
            "no graphic out of its type's run"
        );
        let order: Vec<WeaponType> = WEAPON_GRAPHICS.iter().map(|g| g.weapon).collect();
        assert!(order.is_sorted(), "by type in WeaponType::ALL's order");
        assert_eq!(
            WeaponGraphic::find("Knight-Sword-2").map(|g| g.rows),
            Some(112)
        );
        assert_eq!(WeaponGraphic::find("sword"), None);
    }
}
