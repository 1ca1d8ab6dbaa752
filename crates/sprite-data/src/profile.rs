//! Sheet profiles: the per-kind facts that are not in the binaries (docs/derivation.md "Inputs").
//!
//! A profile is a TOML file, so that a profile for another sheet is a new file, not a code change.
//! The TYPE1 profile ships inside the crate (`profiles/type1.toml`) and is the default.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use faults::Shown;
use fft_formats::seq::SLOT_ENTRIES;
use fft_formats::spr::SprVariant;
use serde::Deserialize;

use crate::error::{Error, ErrorKind};
use crate::index::{FrameIndex, Slot};
use crate::limits::{
    MAX_MAIN_FRAMES, MAX_PROFILE_BYTES, MAX_STAGE_COORDINATE, MAX_TICKS_PER_SECOND,
};

/// The TYPE1 profile's text.
pub const TYPE1_PROFILE: &str = include_str!("../profiles/type1.toml");
/// The demo profile's text, for the synthetic pair in `fixtures/demo/`.
pub const DEMO_PROFILE: &str = include_str!("../profiles/demo.toml");

/// A unit kind whose profile ships inside the crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitKind {
    /// The kind's short name, lower case: `type1`, `mon`, ... (file names and `--kind` use it).
    pub name: &'static str,
    /// The profile's TOML text.
    pub profile: &'static str,
}

/// Every unit kind of docs/formats/README.md 1, in that table's order: one built-in profile each.
/// TYPE2 pairs TYPE2.SHP with TYPE3.SEQ and RUKA pairs MON.SHP with RUKA.SEQ (the profiles name
/// their files). A `static`, not a `const`: a constant's texts are copied into every function
/// that uses it, which put the profiles (115 KB) twice into the WebAssembly module.
pub static UNIT_KINDS: [UnitKind; 8] = [
    UnitKind {
        name: "type1",
        profile: TYPE1_PROFILE,
    },
    UnitKind {
        name: "type2",
        profile: include_str!("../profiles/type2.toml"),
    },
    UnitKind {
        name: "cyoko",
        profile: include_str!("../profiles/cyoko.toml"),
    },
    UnitKind {
        name: "mon",
        profile: include_str!("../profiles/mon.toml"),
    },
    UnitKind {
        name: "ruka",
        profile: include_str!("../profiles/ruka.toml"),
    },
    UnitKind {
        name: "other",
        profile: include_str!("../profiles/other.toml"),
    },
    UnitKind {
        name: "arute",
        profile: include_str!("../profiles/arute.toml"),
    },
    UnitKind {
        name: "kanzen",
        profile: include_str!("../profiles/kanzen.toml"),
    },
];

impl UnitKind {
    /// The built-in kind named `name` (any case).
    pub fn find(name: &str) -> Option<&'static UnitKind> {
        UNIT_KINDS
            .iter()
            .find(|k| k.name.eq_ignore_ascii_case(name))
    }

    /// The built-in kind whose profile reads the SEQ `disc_name` (any case): `TYPE1.SEQ` is
    /// type1's, `TYPE3.SEQ` type2's, `RUKA.SEQ` ruka's.
    pub fn reading_seq(disc_name: &str) -> Option<&'static UnitKind> {
        UNIT_KINDS
            .iter()
            .find(|kind| kind.load().seq.eq_ignore_ascii_case(disc_name))
    }

    /// The parsed profile.
    ///
    /// # Panics
    /// Never for the shipped profiles: a test parses every one.
    pub fn load(&self) -> Profile {
        Profile::parse(self.profile, &format!("{} profile (built in)", self.name))
            .unwrap_or_else(|e| panic!("the shipped {} profile is invalid: {e}", self.name))
    }
}

/// A sheet profile.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Short name of the unit kind, e.g. `TYPE1`.
    pub kind: String,
    /// One line about the kind.
    #[serde(default)]
    pub description: String,
    /// Disc name of the SHP this profile describes, e.g. `TYPE1.SHP`.
    pub shp: String,
    /// Disc name of the SEQ, e.g. `TYPE1.SEQ`.
    pub seq: String,
    /// The document's `notice`.
    pub notice: String,
    /// The document's `sheet.file`, unless the command line names another.
    pub sheet_file: String,
    /// The document's `sheet.height`: 488 for a standard sheet (the default), 256 for OTHER.SPR.
    #[serde(default = "default_sheet_height")]
    pub sheet_height: u32,
    /// The second sheet (SP2) that the SEQ's slots from header `BB` on draw their lower half
    /// from: the document's `sp2.file`. Only MON.SEQ has such slots.
    #[serde(default)]
    pub sp2_file: Option<String>,
    /// SHP frame for each view 0..7 when idle.
    #[serde(deserialize_with = "one_per_view")]
    pub idle_frames: [FrameIndex; 8],
    /// The extension `idleFlip`: 1 where a view's idle frame is drawn mirrored because the SHP
    /// has no mirrored copy of that pose. Absent (or all 0) when every view has its own frame.
    #[serde(default, deserialize_with = "one_per_view_if_given")]
    pub idle_flip: Option<[u8; 8]>,
    pub stage: StageProfile,
    /// Path (relative to the profile) of a JSON object to carry as `hands`.
    #[serde(default)]
    pub hands: Option<PathBuf>,
    /// Path (relative to the profile) of a JSON object to carry as `holds`.
    #[serde(default)]
    pub holds: Option<PathBuf>,
    /// The animations, in document order.
    pub animations: Vec<AnimationProfile>,
}

/// Eight values, one per view. serde reads an array into `[T; 8]` from its first eight entries
/// and ignores the rest, so a ninth idle frame would pass unnoticed.
fn one_per_view<'de, D, T>(deserializer: D) -> Result<[T; 8], D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    let values = Vec::<T>::deserialize(deserializer)?;
    let len = values.len();
    values.try_into().map_err(|_| {
        serde::de::Error::custom(format!(
            "{len} entries; one per view 0..7 is 8 (expected an array of length 8)"
        ))
    })
}

fn one_per_view_if_given<'de, D, T>(deserializer: D) -> Result<Option<[T; 8]>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    one_per_view(deserializer).map(Some)
}

fn default_sheet_height() -> u32 {
    crate::document::SHEET_SIZE.1
}

/// The stage constants, and where the SHP anchor sits on the same canvas.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageProfile {
    pub origin_column: i32,
    pub stance_row: i32,
    pub stance_width: u32,
    pub stance_height: u32,
    pub ticks_per_second: u32,
    /// Canvas column of the SHP anchor (`dx = 0`).
    pub anchor_column: i32,
    /// Canvas row of the SHP anchor (`dy = 0`).
    pub anchor_row: i32,
}

/// One animation: a front/back slot pair, or a single slot used for both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnimationProfile {
    pub name: String,
    pub category: String,
    /// The SEQ slot or slots it plays.
    pub slots: Slots,
    /// The site's code for the animation, when it has one.
    pub mode: Option<String>,
}

/// Which SEQ slots an animation plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slots {
    /// One slot for both facings (`slot` in the TOML).
    Single(Slot),
    /// The slot facing the camera (even) and the one facing away (odd, the next).
    Pair { front: Slot, back: Slot },
}

/// An animation as the TOML writes it: `slot`, or both `front` and `back`. Reading it into an
/// [`AnimationProfile`] refuses any other combination, so a profile holds no animation with no
/// slot, a front with no back, or both shapes at once.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnimationEntry {
    name: String,
    category: String,
    #[serde(default)]
    slot: Option<Slot>,
    #[serde(default)]
    front: Option<Slot>,
    #[serde(default)]
    back: Option<Slot>,
    #[serde(default)]
    mode: Option<String>,
}

impl<'de> Deserialize<'de> for AnimationProfile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> serde::de::Visitor<'de> for EntryVisitor {
            type Value = AnimationProfile;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an animation: name, category, and `slot` or `front` and `back`")
            }
            // The shape is checked inside the visit, not after it (serde's `try_from`), so that
            // the TOML reader places the error on the animation's own line.
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<AnimationProfile, A::Error> {
                let entry =
                    AnimationEntry::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                AnimationProfile::try_from(entry).map_err(serde::de::Error::custom)
            }
        }
        deserializer.deserialize_map(EntryVisitor)
    }
}

impl TryFrom<AnimationEntry> for AnimationProfile {
    type Error = String;

    fn try_from(entry: AnimationEntry) -> Result<Self, String> {
        let slots = match (entry.slot, entry.front, entry.back) {
            (Some(slot), None, None) => Slots::Single(slot),
            (None, Some(front), Some(back)) => Slots::Pair { front, back },
            _ => {
                return Err(format!(
                    "animation {:?}: give either `slot` (one slot for both facings) or both `front` and `back`",
                    entry.name
                ));
            }
        };
        Ok(Self {
            name: entry.name,
            category: entry.category,
            slots,
            mode: entry.mode,
        })
    }
}

impl Profile {
    /// Parses and validates a profile. `origin` names it in errors (a path or `TYPE1 (built in)`).
    ///
    /// # Errors
    /// TOML syntax, a missing or unknown key ([`ErrorKind::ProfileSyntax`]), or a rule of
    /// [`Profile::validate`] ([`ErrorKind::InvalidProfile`]), in the context of `origin`.
    pub fn parse(text: &str, origin: &str) -> Result<Self, Error> {
        let profile: Self = toml::from_str(text).map_err(|e| {
            ErrorKind::ProfileSyntax(e.to_string().trim_end().replace('\n', " ")).in_context(origin)
        })?;
        profile.check().map_err(|invalid| {
            ErrorKind::InvalidProfile(match line_of(text, &invalid.key) {
                Some(line) => format!("line {line}: {}", invalid.message),
                None => invalid.message,
            })
            .in_context(origin)
        })?;
        Ok(profile)
    }

    /// A profile file's bytes (as read, to at most one byte past [`MAX_PROFILE_BYTES`]), refused
    /// past that cap, then parsed as [`Profile::parse`] in the context of `path`; overlay paths
    /// in it are made relative to its folder.
    ///
    /// # Errors
    /// As [`Profile::parse`], or text over the cap or not UTF-8 ([`ErrorKind::Read`]).
    pub fn from_file(bytes: &[u8], path: &Path) -> Result<Self, Error> {
        let shown = Shown(&path).to_string();
        let text = profile_text(bytes).map_err(|e| ErrorKind::Read(e).in_context(&shown))?;
        let mut profile = Self::parse(&text, &shown)?;
        let dir = path.parent().unwrap_or(Path::new("."));
        for overlay in [&mut profile.hands, &mut profile.holds]
            .into_iter()
            .flatten()
        {
            *overlay = dir.join(&*overlay);
        }
        Ok(profile)
    }

    /// The error of a profile file at `path` that is over [`MAX_PROFILE_BYTES`] by its length,
    /// refused before it is read, in the words of [`Profile::from_file`].
    pub fn too_large(path: &Path) -> Error {
        ErrorKind::Read(over_the_profile_cap()).in_context(Shown(&path))
    }

    /// The built-in TYPE1 profile.
    pub fn type1() -> Self {
        Self::parse(UNIT_KINDS[0].profile, "TYPE1 profile (built in)")
            .expect("the shipped TYPE1 profile is valid")
    }

    /// The built-in profile of the synthetic demo pair.
    pub fn demo() -> Self {
        Self::parse(DEMO_PROFILE, "demo profile (built in)")
            .expect("the shipped demo profile is valid")
    }

    /// Checks what the document's rules need from a profile: the stage constants and idle frames
    /// in range (eight idle frames, one per view), pairs are an even front and the odd slot after
    /// it, slots are SEQ slots (0..255) and none is used twice, names are clean display names (no
    /// `?`, no facing suffix on a pair) and unique. (That each animation names its slots one way
    /// is [`Slots`]'s shape, checked as the TOML is read.)
    ///
    /// # Errors
    /// [`ErrorKind::InvalidProfile`]: the first rule broken, naming the key or the animation.
    pub fn validate(&self) -> Result<(), Error> {
        self.check()
            .map_err(|invalid| ErrorKind::InvalidProfile(invalid.message).into())
    }

    /// [`Profile::validate`], with the key at fault so that [`Profile::parse`] can give its line.
    fn check(&self) -> Result<(), Invalid> {
        let top = |key: &'static str, message: String| Invalid {
            key: vec![Key::Name(key)],
            message,
        };
        for (key, value) in [
            ("kind", &self.kind),
            ("notice", &self.notice),
            ("sheet_file", &self.sheet_file),
        ] {
            if value.trim().is_empty() {
                return Err(top(key, format!("{key} is empty")));
            }
        }
        if self.sp2_file.as_ref().is_some_and(|f| f.trim().is_empty()) {
            return Err(top("sp2_file", "sp2_file is empty".into()));
        }
        let (unit, other) = (SprVariant::Standard.height(), SprVariant::Other.height());
        if ![unit, other].contains(&(self.sheet_height as usize)) {
            return Err(top(
                "sheet_height",
                format!(
                    "sheet_height {}: unit sheets are {unit} rows (OTHER.SPR: {other})",
                    self.sheet_height
                ),
            ));
        }
        for (view, &frame) in self.idle_frames.iter().enumerate() {
            if frame.0 >= MAX_MAIN_FRAMES {
                return Err(Invalid {
                    key: vec![Key::Name("idle_frames"), Key::Index(view)],
                    message: format!(
                        "idle_frames: view {view}'s frame {frame} is past the {MAX_MAIN_FRAMES} main frames an SHP can have"
                    ),
                });
            }
        }
        if let Some(flips) = self.idle_flip.filter(|f| f.iter().any(|f| *f > 1)) {
            return Err(top(
                "idle_flip",
                format!("idle_flip {flips:?}: each entry is 0 or 1"),
            ));
        }
        self.stage.check()?;
        let mut names = HashSet::new();
        let mut used: BTreeMap<Slot, &str> = BTreeMap::new();
        for (index, a) in self.animations.iter().enumerate() {
            let at = |field: &'static str, message: String| Invalid {
                key: vec![Key::Name("animations"), Key::Index(index), Key::Name(field)],
                message,
            };
            let name = a.name.as_str();
            let slots = match a.slots {
                Slots::Single(slot) => vec![("slot", slot)],
                Slots::Pair { front, back } => {
                    if front.0 % 2 != 0 || back.0 != front.0 + 1 {
                        return Err(at(
                            "front",
                            format!(
                                "animation {name:?}: front must be an even slot and back the odd slot after it, found front {front}, back {back}"
                            ),
                        ));
                    }
                    vec![("front", front), ("back", back)]
                }
            };
            for (field, slot) in slots {
                if slot.index() >= SLOT_ENTRIES {
                    return Err(at(
                        field,
                        format!(
                            "animation {name:?}: slot {slot} is past the {SLOT_ENTRIES} slots of a SEQ"
                        ),
                    ));
                }
                if let Some(other) = used.insert(slot, name) {
                    return Err(at(
                        field,
                        format!("slot {slot} is in both {other:?} and {name:?}"),
                    ));
                }
            }
            if name.trim().is_empty() || name != name.trim() {
                return Err(at(
                    "name",
                    format!("animation {name:?}: a name must be non-empty with no outer spaces"),
                ));
            }
            if name.contains('?') {
                return Err(at(
                    "name",
                    format!("animation {name:?}: display names carry no '?'"),
                ));
            }
            // A single slot's name stays as it is ("Face Front" is TYPE1 slot 2's own name); a
            // pair's sequences get their facing from the builder.
            let paired = matches!(a.slots, Slots::Pair { .. });
            if paired
                && [" Front", " Back", " Fwd", " Bck"]
                    .iter()
                    .any(|s| name.ends_with(s))
            {
                return Err(at(
                    "name",
                    format!(
                        "animation {name:?}: no facing suffix; sequence names get \" Fwd\"/\" Bck\" from their slot"
                    ),
                ));
            }
            if !names.insert(name) {
                return Err(at("name", format!("animation {name:?} is named twice")));
            }
            if a.category.trim().is_empty() {
                return Err(at(
                    "category",
                    format!("animation {name:?}: empty category"),
                ));
            }
            if a.mode.as_ref().is_some_and(|m| m.trim().is_empty()) {
                return Err(at("mode", format!("animation {name:?}: empty mode")));
            }
        }
        Ok(())
    }
}

impl StageProfile {
    /// The stage constants in range: coordinates on the reference canvas within
    /// 0..[`MAX_STAGE_COORDINATE`], a standing box 1..=256 pixels each way, and a clock of
    /// 1..=[`MAX_TICKS_PER_SECOND`] ticks a second.
    fn check(&self) -> Result<(), Invalid> {
        let at = |field: &'static str, message: String| Invalid {
            key: vec![Key::Name("stage"), Key::Name(field)],
            message,
        };
        for (field, value) in [
            ("origin_column", self.origin_column),
            ("stance_row", self.stance_row),
            ("anchor_column", self.anchor_column),
            ("anchor_row", self.anchor_row),
        ] {
            if !(0..MAX_STAGE_COORDINATE).contains(&value) {
                return Err(at(
                    field,
                    format!(
                        "stage.{field} {value}: a canvas coordinate is 0..{}",
                        MAX_STAGE_COORDINATE - 1
                    ),
                ));
            }
        }
        for (field, value) in [
            ("stance_width", self.stance_width),
            ("stance_height", self.stance_height),
        ] {
            if !(1..=256).contains(&value) {
                return Err(at(
                    field,
                    format!("stage.{field} {value}: a standing box is 1..=256 pixels"),
                ));
            }
        }
        if !(1..=MAX_TICKS_PER_SECOND).contains(&self.ticks_per_second) {
            return Err(at(
                "ticks_per_second",
                format!(
                    "stage.ticks_per_second {}: 1..={MAX_TICKS_PER_SECOND} (the game's clock is 60)",
                    self.ticks_per_second
                ),
            ));
        }
        Ok(())
    }
}

/// A broken rule and the key it is about.
struct Invalid {
    key: Vec<Key>,
    message: String,
}

/// One step of a key path: a table key or an array position.
#[derive(Debug, Clone, Copy)]
enum Key {
    Name(&'static str),
    Index(usize),
}

/// The line (from 1) of the value at `key` in a profile's text, found by re-reading the text with
/// its spans; the deepest key found when a step is missing.
fn line_of(text: &str, key: &[Key]) -> Option<usize> {
    use toml::de::{DeTable, DeValue};
    let root = DeTable::parse(text).ok()?;
    let mut table = root.get_ref();
    let mut array: Option<&[toml::Spanned<DeValue<'_>>]> = None;
    let mut span = None;
    for step in key {
        let value = match (step, array) {
            (Key::Index(i), Some(items)) => items.get(*i),
            (Key::Name(name), None) => table
                .iter()
                .find(|(k, _)| k.get_ref().as_ref() == *name)
                .map(|(_, v)| v),
            _ => None,
        };
        let Some(value) = value else { break };
        span = Some(value.span());
        array = None;
        match value.get_ref() {
            DeValue::Table(inner) => table = inner,
            DeValue::Array(items) => array = Some(items.as_ref()),
            _ => {}
        }
    }
    span.map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1)
}

/// A profile file's text, refused past [`MAX_PROFILE_BYTES`], in the words a file read as text
/// fails in.
fn profile_text(bytes: &[u8]) -> std::io::Result<String> {
    let text = std::io::read_to_string(bytes)?;
    if text.len() as u64 > MAX_PROFILE_BYTES {
        return Err(over_the_profile_cap());
    }
    Ok(text)
}

/// Why a profile file over [`MAX_PROFILE_BYTES`] is not read.
fn over_the_profile_cap() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("over the limit of {MAX_PROFILE_BYTES} bytes for a profile (MAX_PROFILE_BYTES)"),
    )
}
