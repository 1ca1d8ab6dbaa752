//! The retail files this project knows, by disc name and by the remaster's name, with their
//! sizes and sha256 digests (of the copies the tests were run against), and the one verdict on a
//! file's bytes against them ([`Verdict`]). Only digests are kept here: the files themselves belong
//! to Square Enix and are never part of the repository.

use sha2::{Digest, Sha256};

use crate::names::GameName;

/// The environment variable naming the folder of the user's retail files (`cargo xtask
/// build-data`, `tactics-sprite serve` and the tests read it).
pub const ORIGINALS_VAR: &str = "FFT_ORIGINALS";

/// The environment variable naming the folder of the user's sprite sheets (`tactics-sprite
/// serve` without `--sheets`, and the tests).
pub const SHEETS_VAR: &str = "FFT_SHEETS";

/// One retail file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetailFile {
    /// Name in the disc's BATTLE folder, e.g. `TYPE1.SHP`.
    pub disc_name: &'static str,
    /// Name in the remaster's data, e.g. `battle_type1_shp.bin`.
    pub remaster_name: &'static str,
    /// Size in bytes.
    pub size: usize,
    /// sha256 of the file, lower-case hex.
    pub sha256: &'static str,
}

/// Every retail SHP and SEQ of the BATTLE folder.
pub const RETAIL_FILES: [RetailFile; 25] = [
    RetailFile {
        disc_name: "ARUTE.SEQ",
        remaster_name: "battle_arute_seq.bin",
        size: 2476,
        sha256: "18610cf11be5dbb4619b4d020e28599875fc801a7579ca1efaff7424a63f8f06",
    },
    RetailFile {
        disc_name: "ARUTE.SHP",
        remaster_name: "battle_arute_shp.bin",
        size: 1944,
        sha256: "5d89ae1f3cf83a3b8d0d0828346f12ff25e3bf0d87e8fe40cfa1817482b10177",
    },
    RetailFile {
        disc_name: "CYOKO.SEQ",
        remaster_name: "battle_cyoko_seq.bin",
        size: 3068,
        sha256: "f746461ad326c8bb1a12c0d430495046330649b2952dae72db50b94873395b6b",
    },
    RetailFile {
        disc_name: "CYOKO.SHP",
        remaster_name: "battle_cyoko_shp.bin",
        size: 7316,
        sha256: "235b36f2e2990993a38c9d30fcd927aefef645af9de8c49394dc07e5f8a1ae27",
    },
    RetailFile {
        disc_name: "EFF1.SEQ",
        remaster_name: "battle_eff1_seq.bin",
        size: 1244,
        sha256: "251c4699cc8f57f16dde522f97704f71d2238e57f20b1fb96bb618b2bf19f7f3",
    },
    RetailFile {
        disc_name: "EFF1.SHP",
        remaster_name: "battle_eff1_shp.bin",
        size: 3144,
        sha256: "f1e08a024991da8aaf52605e1a99ead02aa87202cd78fac9a8d95253c4dd2df0",
    },
    RetailFile {
        disc_name: "EFF2.SEQ",
        remaster_name: "battle_eff2_seq.bin",
        size: 1244,
        sha256: "0caf40ca49e20f2da79d2244c50c3fa9a5d4a675f829c941e37892d4ae3fa0eb",
    },
    RetailFile {
        disc_name: "EFF2.SHP",
        remaster_name: "battle_eff2_shp.bin",
        size: 3144,
        sha256: "905e1edee45710421a53cbf11681e5fec0344c0958cee72af6dc9bedebc545da",
    },
    RetailFile {
        disc_name: "KANZEN.SEQ",
        remaster_name: "battle_kanzen_seq.bin",
        size: 2068,
        sha256: "df2909d41055c8d1b096b5ec6a39ffa648644b5d6711e4bdb43685dc4d4ef165",
    },
    RetailFile {
        disc_name: "KANZEN.SHP",
        remaster_name: "battle_kanzen_shp.bin",
        size: 2584,
        sha256: "867c7d23ed48f90d97344668f1816cd51273346dd34b160667deed69f0a6e26f",
    },
    RetailFile {
        disc_name: "MON.SEQ",
        remaster_name: "battle_mon_seq.bin",
        size: 5882,
        sha256: "c2272cc4b3e437ac6d9e96d22b77760d33f7b19e441f79be71f15ef3feb2e10d",
    },
    RetailFile {
        disc_name: "MON.SHP",
        remaster_name: "battle_mon_shp.bin",
        size: 2276,
        sha256: "ba62a08afd1f269fb64aa296cf0f0748b475f9ea4b7f0ade9d0b8dfbb95506ff",
    },
    RetailFile {
        disc_name: "OTHER.SEQ",
        remaster_name: "battle_other_seq.bin",
        size: 2414,
        sha256: "e57eb898c0867a699b09e280a579ecffd352e37fca8a49af132c37398b9b205d",
    },
    RetailFile {
        disc_name: "OTHER.SHP",
        remaster_name: "battle_other_shp.bin",
        size: 2264,
        sha256: "031ab5aeba1ddd4990fd24a97f0e9cd7d341feae97987452085380c5ff917188",
    },
    RetailFile {
        disc_name: "RUKA.SEQ",
        remaster_name: "battle_ruka_seq.bin",
        size: 2482,
        sha256: "07cd5fd973bd06533b53e2d027cc13e083aa0e94807858a5ea9b4c6f46ad20ad",
    },
    RetailFile {
        disc_name: "TYPE1.SEQ",
        remaster_name: "battle_type1_seq.bin",
        size: 6754,
        sha256: "345ce78f63a9fcc709f3434311182517cd347bd8adb7788421e33e110a6e3df4",
    },
    RetailFile {
        disc_name: "TYPE1.SHP",
        remaster_name: "battle_type1_shp.bin",
        size: 8192,
        sha256: "cf579b301817b2e8098e6da9de4bf4295d98bde273a3d0b9ef4e58f6a5c5f357",
    },
    RetailFile {
        disc_name: "TYPE2.SEQ",
        remaster_name: "battle_type2_seq.bin",
        size: 6545,
        sha256: "d4678ab7793b1515aeaa38f8df42fcbcced75022a52d9dad025b68f86698ad40",
    },
    RetailFile {
        disc_name: "TYPE2.SHP",
        remaster_name: "battle_type2_shp.bin",
        size: 8728,
        sha256: "1f05a3032bc60599af7f66d7bbb20153a23a79f8b1feb3e416775e0b512bd51b",
    },
    RetailFile {
        disc_name: "TYPE3.SEQ",
        remaster_name: "battle_type3_seq.bin",
        size: 6820,
        sha256: "d2e08a8fb869a12d32c522452cfca2484dfc701e23447fbf3136ff12951768f5",
    },
    RetailFile {
        disc_name: "TYPE4.SEQ",
        remaster_name: "battle_type4_seq.bin",
        size: 6634,
        sha256: "38b80858c5f0b79689da03658b63df9bd724ed380fde88c438712027fb4139b5",
    },
    RetailFile {
        disc_name: "WEP1.SEQ",
        remaster_name: "battle_wep1_seq.bin",
        size: 2607,
        sha256: "d46a664883387d28d938e2037884dc3d606ebbc16f750492981b603fd21b5e33",
    },
    RetailFile {
        disc_name: "WEP1.SHP",
        remaster_name: "battle_wep1_shp.bin",
        size: 5218,
        sha256: "c26dfd0a91188d3c8431b0b796048635cb8a13e0a49bdb256f7d8140f6e85b03",
    },
    RetailFile {
        disc_name: "WEP2.SEQ",
        remaster_name: "battle_wep2_seq.bin",
        size: 2657,
        sha256: "cba2e0c02a71cad2b13d484afc06d6732b003de68b5f51910a647bdca905a3c3",
    },
    RetailFile {
        disc_name: "WEP2.SHP",
        remaster_name: "battle_wep2_shp.bin",
        size: 5436,
        sha256: "66c941f247fc1d8a188efc3b4af58986d2e5f73be075ec342ba3eb818cf36fb1",
    },
];

/// The retail sprite sheets this project has checked its SPR codec against (a few of the game's
/// many: the TYPE1 sheet RAMUZA.SPR and one or two of each other unit kind), and the weapons
/// sheet WEP.SPR.
pub const RETAIL_SHEETS: [RetailFile; 12] = [
    RetailFile {
        disc_name: "RAMUZA.SPR",
        remaster_name: "battle_ramuza_spr.bin",
        size: 43354,
        sha256: "d3fcc23879b255f3adfd8d1d26ede595a61e3d87c0c210b86d4ba07be6115bbe",
    },
    RetailFile {
        disc_name: "ARUMA.SPR",
        remaster_name: "battle_aruma_spr.bin",
        size: 43822,
        sha256: "6146abcafc4698f2cca7c6af265f554511df6b8de74740b93b22e1d5971883c0",
    },
    RetailFile {
        disc_name: "ARUTE.SPR",
        remaster_name: "battle_arute_spr.bin",
        size: 47888,
        sha256: "7c436b3be4ba4dacc88bf0410faea49305097aaf513fede99d802fb3d3229b5b",
    },
    RetailFile {
        disc_name: "BEHI2.SP2",
        remaster_name: "battle_behi2_sp2.bin",
        size: 32768,
        sha256: "a8efde7c6541d2e98888f780dcf1a3a7746cc19fb2aa79688189f9bc049cc601",
    },
    RetailFile {
        disc_name: "BEHI.SPR",
        remaster_name: "battle_behi_spr.bin",
        size: 46393,
        sha256: "0598974aefe83bfb075c1a7a6136bfd7e6c1a32f664d722c428affe0a44792cb",
    },
    RetailFile {
        disc_name: "CYOKO.SPR",
        remaster_name: "battle_cyoko_spr.bin",
        size: 49572,
        sha256: "7f7a94e5615137f9a4fa6e1dcfbad8b2760a6b66099154171b0e1feb137632d2",
    },
    RetailFile {
        disc_name: "DILY.SPR",
        remaster_name: "battle_dily_spr.bin",
        size: 43462,
        sha256: "0a0181619c6e317063e3ea6cd0b77dc4617e74a2fb94d2e143cdb0ec4caf45af",
    },
    RetailFile {
        disc_name: "GOB.SPR",
        remaster_name: "battle_gob_spr.bin",
        size: 41268,
        sha256: "632764a4e934b8551c8084f1b17df320964f6b13cd9235e7a13941b5c024518d",
    },
    RetailFile {
        disc_name: "HIME.SPR",
        remaster_name: "battle_hime_spr.bin",
        size: 44670,
        sha256: "a7d36698e02f2b2aec8f1f97e645a5fef5702f89cf6a781254ddd797d9040be4",
    },
    RetailFile {
        disc_name: "KANZEN.SPR",
        remaster_name: "battle_kanzen_spr.bin",
        size: 48194,
        sha256: "4cc0ee24e93957a54ba6ca2426e378c82bcd9b5277ae8de49697ab2e0f1ab15d",
    },
    RetailFile {
        disc_name: "OTHER.SPR",
        remaster_name: "battle_other_spr.bin",
        size: 33792,
        sha256: "7a0fb4d7459df13912dd82bef431b2c8274276603ae60f1953f6d40009a8bd8c",
    },
    RetailFile {
        disc_name: "WEP.SPR",
        remaster_name: "battle_wep_spr.bin",
        size: 85504,
        sha256: "7a4c733e1654f9f1ff41e1281fd26fce894bd608bc1c95e1e4713aecdc0eff0a",
    },
];

/// The retail file or sheet with this name in any of its forms ([`GameName`]: `TYPE1.SHP`,
/// `battle_type1_shp.bin`, `BATTLE/TYPE1.SHP`), if any.
pub fn by_name(name: &str) -> Option<&'static RetailFile> {
    let disc_name = GameName::parse(name).disc_name();
    every_file().find(|f| f.disc_name.eq_ignore_ascii_case(&disc_name))
}

/// The retail file or sheet whose digest this is, if any.
pub fn by_sha256(sha256_hex: &str) -> Option<&'static RetailFile> {
    every_file().find(|f| f.sha256.eq_ignore_ascii_case(sha256_hex))
}

/// The retail file `bytes` are, if any. Only bytes of a size on record are hashed: a digest can
/// match only a file of its size, and most files asked about are of none (the sha256 took as long
/// as the build itself in the WebAssembly module).
pub fn of_bytes(bytes: &[u8]) -> Option<&'static RetailFile> {
    if !every_file().any(|file| file.size == bytes.len()) {
        return None;
    }
    by_sha256(&sha256_hex(bytes))
}

fn every_file() -> impl Iterator<Item = &'static RetailFile> {
    RETAIL_FILES.iter().chain(&RETAIL_SHEETS)
}

/// The built-in unit kind whose SEQ `bytes` are, by their retail digest, else by the file's
/// name `shown` (a path, or `IMAGE:BATTLE/NAME`; any form of the name: `TYPE1.SEQ`,
/// `battle_type1_seq.bin`): the kind whose profile names a SEQ's slots when nothing else says.
pub fn kind_of_seq(shown: &str, bytes: &[u8]) -> Option<&'static sprite_data::profile::UnitKind> {
    let retail = of_bytes(bytes).map(|file| file.disc_name.to_owned());
    let file_name = shown.rsplit(['/', '\\', ':']).next().unwrap_or(shown);
    let by_name = GameName::parse(file_name).disc_name();
    [retail, Some(by_name)]
        .into_iter()
        .flatten()
        .find_map(|name| sprite_data::profile::UnitKind::reading_seq(&name))
}

/// The retail file `bytes` are, when they are one other than `expected` (the name a profile
/// reads, such as `MON.SHP`): TYPE1.SHP given to the MON profile builds a document of wrong names
/// and rules, so tools refuse it unless forced.
pub fn other_retail_file(bytes: &[u8], expected: &str) -> Option<&'static RetailFile> {
    let expected = GameName::parse(expected).disc_name();
    let other = |file: &RetailFile| !file.disc_name.eq_ignore_ascii_case(&expected);
    // Hashed only when another file of that size is on record: the retail file itself, the
    // usual case, is then never hashed.
    if !every_file().any(|file| file.size == bytes.len() && other(file)) {
        return None;
    }
    of_bytes(bytes).filter(|file| other(file))
}

/// Lower-case hex sha256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What a file's bytes are against the digests on record: the one verdict, worded in one place
/// ([`Verdict::describe`], [`Verdict::short`]) for every report that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A retail file, under its own name (or no name was asked about).
    Retail(&'static RetailFile),
    /// A retail file, under the name of another file, or of none the game has.
    RetailUnderOtherName(&'static RetailFile),
    /// Not a retail file's bytes, named as one (or built as one): an edited file, a mod.
    Modified,
    /// Not a retail file's bytes, under a name that is no retail file this project knows.
    NoDigest,
    /// The synthetic demo pair (`fixtures/demo/`), made by our own encoder.
    Demo,
}

impl Verdict {
    /// The verdict on `bytes` taken as the file they were built as: retail, the demo, or
    /// modified.
    pub fn of(bytes: &[u8]) -> Verdict {
        Verdict::of_sha256(&sha256_hex(bytes))
    }

    /// [`Verdict::of`] the bytes whose sha256 (lower-case hex) this is.
    pub fn of_sha256(sha256: &str) -> Verdict {
        match by_sha256(sha256) {
            Some(file) => Verdict::Retail(file),
            None if is_demo(sha256) => Verdict::Demo,
            None => Verdict::Modified,
        }
    }

    /// The verdict on `bytes` found as the file `name` (any form; a path's folder aside): the
    /// retail file under its own name or another, modified when the name is a retail file's,
    /// else no digest on record.
    pub fn of_named(name: &str, bytes: &[u8]) -> Verdict {
        let sha256 = sha256_hex(bytes);
        let named = GameName::parse(name);
        match by_sha256(&sha256) {
            Some(file) if named.is_named(file.disc_name) => Verdict::Retail(file),
            Some(file) => Verdict::RetailUnderOtherName(file),
            None if is_demo(&sha256) => Verdict::Demo,
            None if by_name(name).is_some() => Verdict::Modified,
            None => Verdict::NoDigest,
        }
    }

    /// The retail file the bytes are, under whatever name.
    pub fn retail(self) -> Option<&'static RetailFile> {
        match self {
            Verdict::Retail(file) | Verdict::RetailUnderOtherName(file) => Some(file),
            _ => None,
        }
    }

    /// The verdict in a few words: `retail TYPE1.SHP`, `the retail TYPE1.SHP under another
    /// name`, `modified (sha256 matches no retail file)`, `no digest on record (...)`, `the
    /// synthetic demo file (not game data)`.
    pub fn describe(self) -> String {
        match self {
            Verdict::Retail(file) => format!("retail {}", file.disc_name),
            Verdict::RetailUnderOtherName(file) => {
                format!("the retail {} under another name", file.disc_name)
            }
            Verdict::Modified => "modified (sha256 matches no retail file)".to_owned(),
            Verdict::NoDigest => {
                "no digest on record (not one of the retail files this project checks)".to_owned()
            }
            Verdict::Demo => "the synthetic demo file (not game data)".to_owned(),
        }
    }

    /// The verdict as a report's parenthesis after the file's name: `retail TYPE1.SHP`, else
    /// `modified`.
    pub fn short(self) -> String {
        match self.retail() {
            Some(file) => format!("retail {}", file.disc_name),
            None => "modified".to_owned(),
        }
    }
}

/// Whether a digest is one of the demo pair's.
fn is_demo(sha256: &str) -> bool {
    [sprite_data::demo::DEMO_SHP, sprite_data::demo::DEMO_SEQ]
        .iter()
        .any(|demo| sha256_hex(demo) == sha256)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The remaster's names in the table are the rule's (docs/disc.md "How a name is looked up"),
    /// each typed from the remaster's own listing of its files.
    #[test]
    fn every_remaster_name_on_record_is_the_rule_s() {
        for file in every_file() {
            assert_eq!(
                GameName::parse(file.disc_name).remaster_name().as_deref(),
                Some(file.remaster_name)
            );
            assert_eq!(by_name(file.remaster_name), Some(file));
        }
    }

    #[test]
    fn a_renamed_retail_file_and_an_edited_one_are_told_apart() {
        let type1 = by_name("TYPE1.SHP").unwrap();
        assert_eq!(
            Verdict::of_named("BATTLE/MON.SHP", b"").describe(),
            "modified (sha256 matches no retail file)"
        );
        assert_eq!(
            Verdict::of_named("x.bin", b"").describe(),
            "no digest on record (not one of the retail files this project checks)"
        );
        assert_eq!(Verdict::Retail(type1).short(), "retail TYPE1.SHP");
        assert_eq!(Verdict::Modified.short(), "modified");
    }
}
