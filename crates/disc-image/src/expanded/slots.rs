//! Which sprite each position of `BATTLE.BIN`'s sprite location table holds (docs/disc.md
//! "Expanded images"): the table's order is the game's sprite numbering, not the order of the
//! files on the disc. Positions 01 to 9A are the retail table's 154 records, each naming the
//! `BATTLE` file whose first sector the retail record gives; 00 and 9B to 9E name no retail
//! file. A sprite the table names at several positions (`MINA_M.SPR`, the male squire, at ten)
//! is found by its name at its last one, the job's own; the others by their slot names.

/// The records of the location table.
pub const SLOTS: usize = 159;

/// The sprite file each position names, `None` where no retail file is named.
pub const SLOT_SPRITES: [Option<&str>; SLOTS] = {
    const NAMES: [&str; 154] = [
        "RAMUZA", "RAMUZA2", "RAMUZA3", "DILY", "DILY2", "DILY3", "ARU", "ZARU", "DAISU", "RAGU",
        "GORU", "HIME", "ORU", "FYUNE", "REZE", "ZARUMOU", "BARUNA", "GANDO", "SIMON", "GYUMU",
        "ORAN", "GARU", "H61", "DORA", "RAFA", "MARA", "ERU", "FURAIA", "BARITEN", "KANBA", "BEIO",
        "WIGU", "BARU", "MUSU", "RUDO", "VORU", "H75", "H76", "H77", "H78", "H79", "H80", "H81",
        "H82", "H83", "ARUFU", "H85", "ARUMA", "AJORA", "CLOUD", "ZARU2", "AGURI", "ITEM_W",
        "SIRO_W", "KURO_M", "ONMYO_M", "MINA_M", "SERIA", "LEDY", "VERI", "KNIGHT_M", "ZARUE",
        "YUMI_M", "HASYU", "ARUTE", "KURO_M", "KYUKU", "TOKI_W", "ADORA", "ONMYO_M", "SYOU_W",
        "REZE_D", "KANZEN", "10M", "10W", "20M", "20W", "40M", "40W", "60M", "60W", "CYOMON1",
        "CYOMON2", "CYOMON3", "CYOMON4", "SOURYO", "MINA_M", "MINA_M", "MINA_M", "MINA_M",
        "MINA_M", "MINA_M", "DAMI", "KASANEK", "KASANEM", "MINA_M", "MINA_W", "ITEM_M", "ITEM_W",
        "KNIGHT_M", "KNIGHT_W", "YUMI_M", "YUMI_W", "MONK_M", "MONK_W", "SIRO_M", "SIRO_W",
        "KURO_M", "KURO_W", "TOKI_M", "TOKI_W", "SYOU_M", "SYOU_W", "THIEF_M", "THIEF_W", "WAJU_M",
        "WAJU_W", "ONMYO_M", "ONMYO_W", "FUSUI_M", "FUSUI_W", "RYU_M", "RYU_W", "SAMU_M", "SAMU_W",
        "NINJA_M", "NINJA_W", "SAN_M", "SAN_W", "GIN_M", "ODORI_W", "MONO_M", "MONO_W", "CYOKO",
        "GOB", "BOM", "HYOU", "IKA", "SUKERU", "YUREI", "ARLI", "TORI", "URI", "KI", "MINOTA",
        "MOL", "BEHI", "DORA1", "DORA2", "BIBUROS", "HEBI", "DORA1", "DEMON", "TETSU",
    ];
    let mut out = [None; SLOTS];
    let mut i = 0;
    while i < NAMES.len() {
        out[i + 1] = Some(NAMES[i]);
        i += 1;
    }
    out
};

/// The SP2 sheets an expanded directory names by their sprite's position (`8D.SP2` is ARLI's
/// second sheet; the Steel Giant, 9A, has four, `9A_2.SP2` to `9A_5.SP2`): the slot name's stem
/// and the retail file's.
pub const SP2_NAMES: [(&str, &str); 15] = [
    ("88", "BOM2"),
    ("89", "HYOU2"),
    ("8D", "ARLI2"),
    ("8E", "TORI2"),
    ("8F", "URI2"),
    ("91", "MINOTA2"),
    ("92", "MOL2"),
    ("93", "BEHI2"),
    ("95", "DORA22"),
    ("96", "BIBU2"),
    ("99", "DEMON2"),
    ("9A_2", "IRON5"),
    ("9A_3", "IRON4"),
    ("9A_4", "IRON2"),
    ("9A_5", "IRON3"),
];

/// The slot name of position `position`: `1F.SPR`.
pub fn slot_name(position: usize) -> String {
    format!("{position:02X}.SPR")
}

/// The position a slot name gives (`1f.spr;1` is 0x1F), any case, `;1` or not.
pub fn position_of(name: &str) -> Option<usize> {
    let bare = name.split(';').next().unwrap_or(name);
    let stem = bare
        .get(..bare.len().checked_sub(4)?)
        .filter(|_| bare[bare.len() - 4..].eq_ignore_ascii_case(".SPR"))?;
    (stem.len() == 2 && stem.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| usize::from_str_radix(stem, 16).ok())
        .flatten()
}

/// The position whose sprite `name` is (`ramuza.spr` is 01), the last where it is named twice.
pub fn position_of_sprite(name: &str) -> Option<usize> {
    let bare = name.split(';').next().unwrap_or(name);
    let stem = bare
        .get(..bare.len().checked_sub(4)?)
        .filter(|_| bare[bare.len() - 4..].eq_ignore_ascii_case(".SPR"))?;
    SLOT_SPRITES
        .iter()
        .rposition(|s| s.is_some_and(|s| s.eq_ignore_ascii_case(stem)))
}

/// The slot name of the SP2 sheet `name` (`ARLI2.SP2` is `8D.SP2`), and the reverse.
pub fn sp2_slot_name(name: &str) -> Option<String> {
    let stem = sp2_stem(name)?;
    SP2_NAMES
        .iter()
        .find(|(_, retail)| retail.eq_ignore_ascii_case(stem))
        .map(|(slot, _)| format!("{slot}.SP2"))
}

/// The retail name of the SP2 sheet a slot name gives (`8D.SP2` is `ARLI2.SP2`).
pub fn sp2_retail_name(name: &str) -> Option<String> {
    let stem = sp2_stem(name)?;
    SP2_NAMES
        .iter()
        .find(|(slot, _)| slot.eq_ignore_ascii_case(stem))
        .map(|(_, retail)| format!("{retail}.SP2"))
}

fn sp2_stem(name: &str) -> Option<&str> {
    let bare = name.split(';').next().unwrap_or(name);
    bare.get(..bare.len().checked_sub(4)?)
        .filter(|_| bare[bare.len() - 4..].eq_ignore_ascii_case(".SP2"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_positions() {
        assert_eq!(position_of("1F.SPR;1"), Some(0x1F));
        assert_eq!(position_of("9e.spr"), Some(0x9E));
        assert_eq!(position_of("RAMUZA.SPR"), None);
        assert_eq!(position_of("1F.SP2"), None);
        assert_eq!(position_of_sprite("ramuza.spr;1"), Some(1));
        // The male squire's own position is the job's (the Shishi list's "Male Squire", 0x60).
        assert_eq!(position_of_sprite("MINA_M.SPR"), Some(0x60));
        assert_eq!(position_of_sprite("TETSU.SPR"), Some(0x9A));
        assert_eq!(position_of_sprite("WEP.SPR"), None);
        assert_eq!(sp2_slot_name("arli2.sp2"), Some("8D.SP2".into()));
        assert_eq!(sp2_retail_name("9A_2.SP2;1"), Some("IRON5.SP2".into()));
        assert_eq!(slot_name(0x1F), "1F.SPR");
    }
}
