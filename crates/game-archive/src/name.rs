//! Entry names: the hash each entry stores of its name, the path a name is found by, and the
//! language a pack's file name gives its entries.

use crate::layout::LANGUAGES;

/// The 32-bit FNV-1 hash of a stored name (multiply, then XOR each byte), which every entry
/// holds: a wrong key or a damaged string table shows as a name whose hash differs.
pub fn name_hash(name: &[u8]) -> u32 {
    name.iter().fold(0x811C_9DC5u32, |hash, &byte| {
        hash.wrapping_mul(16_777_619) ^ u32::from(byte)
    })
}

/// A game path as entries are found by: lowercase, forward slashes.
pub fn normalise(path: &str) -> String {
    path.replace('\\', "/").to_ascii_lowercase()
}

/// The language of a pack from its file name (`0002.en.pac` is English), if it has one.
pub fn language_of(file_name: &str) -> Option<&'static str> {
    let mut parts = file_name.rsplit('.');
    let _extension = parts.next()?;
    let tag = parts.next()?;
    parts.next()?;
    LANGUAGES
        .iter()
        .copied()
        .find(|language| language.eq_ignore_ascii_case(tag))
}

/// An entry's game path: its pack's folder, then its stored name with the pack's language
/// before the extension (`fftpack/battle_bin.en.bin`), normalised.
pub fn game_path(folder: &str, name: &str, language: Option<&str>) -> String {
    let name = match language {
        Some(language) => with_language(name, language),
        None => name.to_owned(),
    };
    let path = if folder.is_empty() {
        name
    } else {
        format!("{}/{name}", folder.trim_end_matches(['/', '\\']))
    };
    normalise(&path)
}

/// `name` with `.language` before its last component's extension (or at its end): the path of a
/// language's variant of a file (`fftpack/battle_bin.en.bin`).
pub fn with_language(name: &str, language: &str) -> String {
    let file_start = name.rfind(['/', '\\']).map_or(0, |slash| slash + 1);
    match name[file_start..].rfind('.') {
        Some(dot) if dot > 0 => {
            let dot = file_start + dot;
            format!("{}.{language}{}", &name[..dot], &name[dot..])
        }
        _ => format!("{name}.{language}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv_1_multiply_then_xor() {
        // FNV-1 of the empty string is the offset basis; of "a": 0x811C9DC5 * 16777619 ^ 0x61,
        // by hand: 0x050C5D1F ^ 0x61 = 0x050C5D7E.
        assert_eq!(name_hash(b""), 0x811C_9DC5);
        assert_eq!(name_hash(b"a"), 0x050C_5D7E);
    }

    #[test]
    fn a_language_goes_before_the_extension() {
        assert_eq!(language_of("0002.en.pac"), Some("en"));
        assert_eq!(language_of("0002.pac"), None);
        assert_eq!(language_of("0002.blue.diff.pac"), None);
        assert_eq!(
            game_path("", "fftpack/battle_bin.bin", Some("en")),
            "fftpack/battle_bin.en.bin"
        );
        assert_eq!(game_path("nxd", "Item.nxd", None), "nxd/item.nxd");
        assert_eq!(game_path("", "a.b/readme", Some("fr")), "a.b/readme.fr");
    }
}

/// A game path as a relative path to write below a folder, or why it cannot be one: the names
/// come from an archive, and an archive is untrusted. Refused: an empty path or part, `.` and
/// `..`, an absolute path, a drive (`c:`), a control character.
pub fn relative_path(path: &str) -> Result<std::path::PathBuf, &'static str> {
    if path.chars().any(char::is_control) {
        return Err("it holds a control character");
    }
    if path.starts_with(['/', '\\']) {
        return Err("it is an absolute path");
    }
    let mut relative = std::path::PathBuf::new();
    for part in path.split(['/', '\\']) {
        match part {
            "" => return Err("it has an empty part"),
            "." | ".." => return Err("it has a . or .. part"),
            _ if part.contains(':') => return Err("it names a drive or a stream (:)"),
            _ => relative.push(part),
        }
    }
    Ok(relative)
}

#[cfg(test)]
mod relative_tests {
    use super::relative_path;

    #[test]
    fn only_plain_relative_names_are_written() {
        assert_eq!(
            relative_path("fftpack/unit/battle_10m_spr.bin").unwrap(),
            std::path::Path::new("fftpack/unit/battle_10m_spr.bin")
        );
        for bad in [
            "../x",
            "a/../../x",
            "/etc/passwd",
            "\\x",
            "c:/x",
            "a//b",
            "a/./b",
            "a\x1bb",
            "",
        ] {
            assert!(relative_path(bad).is_err(), "{bad:?}");
        }
    }
}
