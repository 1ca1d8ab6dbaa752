//! The weapon and effect layers (WEP1, WEP2, EFF1, EFF2): the named reading of a weapon/effect
//! SHP's first section, the weapon types that select a layer's frames, and the layer order table
//! that `SetLayerPriority` (`FF E2 n`) indexes.
//!
//! [`WeaponShp`](crate::shp::WeaponShp) keeps the 0x44-byte first section as raw bytes; this
//! module reads and writes it as fields, losslessly:
//!
//! | offset | type | field |
//! |---|---|---|
//! | 0x00 | 4 bytes | [`FirstSection::lead`]: zero in every retail file |
//! | 0x04 | 32 x u16 | [`FirstSection::first_frames`]: the first frame of each item type, entry `t` at `0x04 + 2t` |
//!
//! The list is indexed by the game's item type (0 = fists, 1 = knife, 2 = ninja blade, ...,
//! 19 = shield). The two tools that disagree about where it starts (4 or 6 bytes in) read the
//! same bytes for the same weapon: one counts entries from the fists (item type 0, at 0x04), the
//! other from the knife (item type 1, at 0x06). The retail files decide which bytes belong to
//! which weapon: 0x06 (the knife) is 0, the frame whose tile is a 16 x 16 blade; 0x0A (the sword)
//! is 40, the first 24-pixel blade; 0x10 (the axe) is 86. Reading the list from 0x04 with knife
//! as entry 0 would give the axe 40, a sword's frames.
//!
//! Throwing items have no entry of their own: the ball (bomb) uses entry 20 and the shuriken
//! entry 21, the places item types 20 and 21 (helmet, hat) would take. The frames decide it: in
//! WEP1 entry 21 starts at frame 389, a four-pointed star, and entry 20 at frame 408, a round bomb
//! (FFTorama's table names these two the other way round).

use binrw::binrw;

use crate::error::PathFrame;
use crate::record;
use crate::shp::WEAPON_FIRST_SECTION_LEN;
use crate::spr::{SheetBlock, SprVariant};

/// Entries of the first-frame list: 0x04..0x44 holds 32 u16.
pub const FIRST_FRAME_ENTRIES: usize = 32;
/// Where the first-frame list starts.
pub const FIRST_FRAMES_AT: usize = 4;

const _: () = assert!(FIRST_FRAMES_AT + 2 * FIRST_FRAME_ENTRIES == WEAPON_FIRST_SECTION_LEN);

/// The first section of a weapon/effect SHP, as fields. Declared once with binrw: [`decode`]
/// and [`encode`] both go through this declaration.
///
/// [`decode`]: FirstSection::decode
/// [`encode`]: FirstSection::encode
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FirstSection {
    /// Bytes 0x00-0x03, zero in every retail file; kept verbatim.
    #[br(err_context(PathFrame::Field("lead")))]
    pub lead: [u8; FIRST_FRAMES_AT],
    /// Per item type (entry `t` at `0x04 + 2t`), the frame index that the layer's SEQ frame 0
    /// shows: a frame command `f` draws SHP frame `first_frames[t] + f`.
    #[br(err_context(PathFrame::Field("first_frames")))]
    pub first_frames: [u16; FIRST_FRAME_ENTRIES],
}

impl FirstSection {
    /// Reads the raw first section a [`WeaponShp`](crate::shp::WeaponShp) keeps.
    pub fn decode(bytes: &[u8; WEAPON_FIRST_SECTION_LEN]) -> Self {
        record::read(bytes, 0, || "first section".into())
            .expect("the declaration is exactly WEAPON_FIRST_SECTION_LEN bytes")
    }

    /// The raw bytes again: `decode` then `encode` gives back any first section.
    pub fn encode(&self) -> [u8; WEAPON_FIRST_SECTION_LEN] {
        let mut out = Vec::with_capacity(WEAPON_FIRST_SECTION_LEN);
        record::write(&mut out, self);
        out.try_into()
            .expect("the declaration is exactly WEAPON_FIRST_SECTION_LEN bytes")
    }

    /// The first frame of `weapon`'s frames in this layer.
    pub fn first_frame(&self, weapon: WeaponType) -> u16 {
        self.first_frames[usize::from(weapon.entry())]
    }
}

/// The weapon types that select a weapon or effect layer's frames, in item-type order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WeaponType {
    Knife,
    NinjaBlade,
    Sword,
    KnightSword,
    Katana,
    Axe,
    Rod,
    Staff,
    Flail,
    Gun,
    Crossbow,
    Bow,
    Instrument,
    Book,
    Spear,
    Pole,
    Bag,
    Cloth,
    Shield,
    Ball,
    Shuriken,
}

impl WeaponType {
    /// Every weapon type, in entry order.
    pub const ALL: [Self; 21] = [
        Self::Knife,
        Self::NinjaBlade,
        Self::Sword,
        Self::KnightSword,
        Self::Katana,
        Self::Axe,
        Self::Rod,
        Self::Staff,
        Self::Flail,
        Self::Gun,
        Self::Crossbow,
        Self::Bow,
        Self::Instrument,
        Self::Book,
        Self::Spear,
        Self::Pole,
        Self::Bag,
        Self::Cloth,
        Self::Shield,
        Self::Ball,
        Self::Shuriken,
    ];

    /// The entry of [`FirstSection::first_frames`] the type reads: its item type (knife 1 ...
    /// shield 19), and 20, 21 for the ball and the shuriken.
    pub fn entry(self) -> u8 {
        self as u8 + 1
    }

    /// The name used in documents and on the command line: lower case, words joined by `-`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Knife => "knife",
            Self::NinjaBlade => "ninja-blade",
            Self::Sword => "sword",
            Self::KnightSword => "knight-sword",
            Self::Katana => "katana",
            Self::Axe => "axe",
            Self::Rod => "rod",
            Self::Staff => "staff",
            Self::Flail => "flail",
            Self::Gun => "gun",
            Self::Crossbow => "crossbow",
            Self::Bow => "bow",
            Self::Instrument => "instrument",
            Self::Book => "book",
            Self::Spear => "spear",
            Self::Pole => "pole",
            Self::Bag => "bag",
            Self::Cloth => "cloth",
            Self::Shield => "shield",
            Self::Shuriken => "shuriken",
            Self::Ball => "ball",
        }
    }

    /// The type named `name`, ignoring case, spaces and `-`/`_` (`"Ninja Blade"`, `ninja_blade`);
    /// `ninja-sword` is taken for the ninja blade and `bomb` for the ball.
    pub fn from_name(name: &str) -> Option<Self> {
        let wanted: String = name
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        let wanted = match wanted.as_str() {
            "ninjasword" => "ninjablade",
            "bomb" => "ball",
            other => other,
        };
        Self::ALL
            .into_iter()
            .find(|t| t.name().replace('-', "") == wanted)
    }
}

impl std::fmt::Display for WeaponType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for WeaponType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::from_name(s).ok_or_else(|| {
            format!(
                "unknown weapon type {s:?}; the types are: {}",
                Self::ALL.map(Self::name).join(", ")
            )
        })
    }
}

/// The layers a unit's animation draws, in the names `SetLayerPriority`'s orders use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The unit itself.
    Unit,
    /// Layer 1 of `QueueSpriteAnim`: WEP1 (TYPE1 units) or WEP2 (TYPE2 units).
    Weapon,
    /// Layer 2 of `QueueSpriteAnim`: EFF1.
    Effect,
    /// Damage numbers and status text (not drawn from a sprite file).
    Text,
}

impl Layer {
    /// Every layer, in the order of row 0 of [`LAYER_ORDERS`].
    pub const ALL: [Self; 4] = [Self::Unit, Self::Weapon, Self::Effect, Self::Text];

    /// The name used in documents.
    pub fn name(self) -> &'static str {
        match self {
            Self::Unit => "unit",
            Self::Weapon => "weapon",
            Self::Effect => "effect",
            Self::Text => "text",
        }
    }

    /// The block of the weapons sheet WEP.SPR the layer's cells are cut from: the weapons block
    /// (image rows 0-255, palettes 0-15) or the effects block (rows 256-511, palettes 16-31);
    /// `None` for the unit and the text, which are not drawn from it.
    pub fn sheet_block(self) -> Option<SheetBlock> {
        let index = match self {
            Self::Weapon => 0,
            Self::Effect => 1,
            Self::Unit | Self::Text => return None,
        };
        SprVariant::Weapons.blocks().get(index).copied()
    }

    /// The layer `QueueSpriteAnim` (`FF F2 layer slot`) starts: 1 the weapon, 2 the effect.
    pub fn from_queue_arg(layer: u8) -> Option<Self> {
        match layer {
            1 => Some(Self::Weapon),
            2 => Some(Self::Effect),
            _ => None,
        }
    }
}

/// The draw orders `SetLayerPriority n` selects, front-most layer first: `LAYER_ORDERS[n]`.
///
/// The table lives in the game's executable, not in the sprite files; these are the 27 rows
/// FFTorama publishes from it (MIT). Rows 0-23 are the orders of the four layers, except that row
/// 5 repeats row 4 (the order unit, text, effect, weapon is missing); rows 24-26 name a layer
/// twice and are probably not orders at all. Retail SEQ files use rows 11, 17, 18 and 23 (unit
/// files) and no others. Front-most first is the reading the files support: the shield of Shield
/// Block and the book of the Book attacks, held towards the viewer in the front sequences (rows
/// 18), come first there, and the unit last.
pub const LAYER_ORDERS: [[Layer; 4]; 27] = {
    use Layer::{Effect as E, Text as T, Unit as U, Weapon as W};
    [
        [U, W, E, T],
        [U, W, T, E],
        [U, E, W, T],
        [U, T, W, E],
        [U, E, T, W],
        [U, E, T, W],
        [W, U, E, T],
        [W, U, T, E],
        [E, U, W, T],
        [T, U, W, E],
        [E, U, T, W],
        [T, U, E, W],
        [W, E, U, T],
        [W, T, U, E],
        [E, W, U, T],
        [T, W, U, E],
        [E, T, U, W],
        [T, E, U, W],
        [W, E, T, U],
        [W, T, E, U],
        [E, W, T, U],
        [T, W, E, U],
        [E, T, W, U],
        [T, E, W, U],
        [W, W, E, W],
        [E, E, E, T],
        [T, W, T, E],
    ]
};

/// The order `SetLayerPriority priority` selects, front-most first; `None` past the table.
pub fn layer_order(priority: u8) -> Option<[Layer; 4]> {
    LAYER_ORDERS.get(usize::from(priority)).copied()
}

/// Units of the game's angles: 4096 to a full turn.
pub const ANGLE_UNITS_PER_TURN: u32 = 4096;

/// The angle each rotation index of a frame record (bits 3-7 of byte 0) turns the frame by, in
/// [`ANGLE_UNITS_PER_TURN`] units, clockwise on screen about the unit's anchor; index 0 is no
/// turn. The game's table has 26 entries (indices 26-31 select nothing). These are the angles
/// community tools list in degrees to three places (15.996, 23.027, ... 164.971), each of which
/// is `units * 360 / 4096` for exactly one whole number of units, the PlayStation's angle unit.
pub const ROTATION_UNITS: [u16; 26] = [
    0, 182, 262, 301, 304, 307, 341, 489, 512, 626, 683, 797, 1024, 1365, 1366, 1422, 1456, 1479,
    1536, 1593, 1650, 1707, 1741, 1763, 1821, 1877,
];

/// The turn rotation index `index` selects, in degrees clockwise; `None` for an index the table
/// does not have.
pub fn rotation_degrees(index: u8) -> Option<f64> {
    ROTATION_UNITS
        .get(usize::from(index))
        .map(|units| f64::from(*units) * 360.0 / f64::from(ANGLE_UNITS_PER_TURN))
}
