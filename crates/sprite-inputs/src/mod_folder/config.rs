//! A mod's `ModConfig.json`, Reloaded-II's description of it (docs/mods.md "ModConfig.json"):
//! written by `mod new` with the fields an asset-only mod needs, in the order Reloaded-II's own
//! files have them; read by `mod add`, `mod check` and `mod ls` as untrusted input: at most
//! [`MAX_CONFIG_BYTES`] (a larger one is refused before it is read), JSON nested no deeper than
//! `serde_json`'s limit of 128, each field of the type Reloaded-II reads, the ID a folder name
//! that stays inside the mod; fields this project does not know are kept and left alone.

use std::path::{Path, PathBuf};

use faults::{Shown, Words};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::loader::layout::{CLASSIC_APP, CONFIG_FILE, ENHANCED_APP};
use crate::mod_folder::check::MOD_DEPTH;
use crate::names::battle::MOD_LOADER;
use crate::read::read_at_most;

/// The largest `ModConfig.json` read: Reloaded-II's own are about 2 KB.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Why [`MAX_CONFIG_BYTES`] refuses a file, in words.
const TOO_LONG_FOR_A_CONFIG: &str = "far longer than a ModConfig.json";

/// The longest mod ID taken.
pub const MAX_ID_LEN: usize = 100;

/// The version `mod new` writes when none is given.
pub const DEFAULT_VERSION: &str = "1.0.0";

/// A mod's description, as Reloaded-II reads it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ModConfig {
    /// The mod's ID: a folder name, dotted lower-case words by convention
    /// (`fftivc.sprites.ramza_red`).
    pub mod_id: String,
    pub mod_name: String,
    pub mod_author: String,
    pub mod_version: String,
    pub mod_description: String,
    /// The mod's program, `""` for a mod of files only.
    pub mod_dll: String,
    pub is_library: bool,
    /// The mods that load before it: the loader ([`MOD_LOADER`]) must be one, for the loader
    /// sees only the mods that load after it.
    pub mod_dependencies: Vec<String>,
    /// The games Reloaded-II offers the mod to.
    #[serde(rename = "SupportedAppId")]
    pub supported_app_ids: Vec<String>,
    /// Every other field, as read.
    #[serde(flatten)]
    pub other: Map<String, Value>,
    /// Whether the file starts with a UTF-8 byte-order mark ([`BYTE_ORDER_MARK`]): Notepad
    /// writes one and Reloaded-II reads past it, so it is read past here and written back.
    #[serde(skip)]
    pub byte_order_mark: bool,
}

/// The UTF-8 byte-order mark, U+FEFF, that some editors write before a text file's first byte.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// What `mod new` is given.
#[derive(Debug, Clone, Default)]
pub struct NewMod {
    pub id: String,
    pub name: String,
    pub author: Option<String>,
    pub version: Option<String>,
    pub description: Option<String>,
}

impl ModConfig {
    /// The description of a new mod of sprite files for both games, depending on the loader.
    ///
    /// # Errors
    /// An ID that is no folder name ([`check_mod_id`]; the request's fault, parameter `id`), an
    /// empty name (parameter `name`).
    pub fn new(new: &NewMod) -> Result<ModConfig> {
        check_mod_id(&new.id)
            .map_err(|why| Error::input("id", format!("the mod ID {:?}: {why}", new.id)))?;
        if new.name.trim().is_empty() {
            return Err(Error::input("name", "the mod's name is empty"));
        }
        let text = |value: &str, parameter: &'static str| -> Result<String> {
            match value.chars().find(|c| c.is_control() && *c != '\n') {
                Some(c) => Err(Error::input(
                    parameter,
                    format!(
                        "the mod's {parameter} holds the control character U+{:04X}",
                        u32::from(c)
                    ),
                )),
                None => Ok(value.to_owned()),
            }
        };
        Ok(ModConfig {
            mod_id: new.id.clone(),
            mod_name: text(&new.name, "name")?,
            mod_author: text(new.author.as_deref().unwrap_or(""), "author")?,
            mod_version: text(new.version.as_deref().unwrap_or(DEFAULT_VERSION), "version")?,
            mod_description: text(new.description.as_deref().unwrap_or(""), "description")?,
            mod_dll: String::new(),
            is_library: false,
            mod_dependencies: vec![MOD_LOADER.to_owned()],
            supported_app_ids: vec![ENHANCED_APP.to_owned(), CLASSIC_APP.to_owned()],
            other: Map::new(),
            byte_order_mark: false,
        })
    }

    /// The file's bytes: pretty JSON (two spaces, as Reloaded-II writes it) and a last newline,
    /// after the byte-order mark when the file read had one.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = if self.byte_order_mark {
            BYTE_ORDER_MARK.to_vec()
        } else {
            Vec::new()
        };
        bytes.extend(serde_json::to_vec_pretty(self).unwrap_or_default());
        bytes.push(b'\n');
        bytes
    }

    /// Reads the `ModConfig.json` of the mod at `dir`.
    ///
    /// # Errors
    /// As [`ModConfig::parse`], and a file that is not there, is not a file, cannot be read or
    /// is over [`MAX_CONFIG_BYTES`] (refused before it is read).
    pub fn read(dir: &Path) -> Result<ModConfig> {
        let path = dir.join(CONFIG_FILE);
        let shown = Shown(&path).to_string();
        match std::fs::symlink_metadata(&path) {
            Err(_) => {
                let advice = match mod_above(dir) {
                    Some((folder, levels)) => format!(
                        "; it is inside the mod {}, {} up: give that folder",
                        Shown(&folder),
                        if levels == 1 {
                            "one level".to_owned()
                        } else {
                            format!("{levels} levels")
                        }
                    ),
                    None => " (`tactics-sprite mod new` makes one)".to_owned(),
                };
                return Err(Error::not_found(format!(
                    "{}: no {CONFIG_FILE}: not a mod folder{advice}",
                    Shown(&dir)
                )));
            }
            Ok(meta) if !meta.is_file() => {
                return Err(Error::file(format!(
                    "{shown}: not a file (a folder or a link): Reloaded-II reads the mod's \
                     description from a file"
                )));
            }
            Ok(_) => {}
        }
        let bytes = read_at_most(&path, MAX_CONFIG_BYTES, TOO_LONG_FOR_A_CONFIG)?;
        ModConfig::parse(&bytes).map_err(|e| e.in_context(shown))
    }

    /// Reads a `ModConfig.json`'s bytes.
    ///
    /// # Errors
    /// Bytes that are not JSON (at their line and column, after a byte-order mark if there is
    /// one; nested past 128 levels), not an object, a field of another type than Reloaded-II
    /// reads, a string holding a NUL, no `ModId` or `ModName`, or an ID that is no folder name
    /// ([`check_mod_id`]).
    pub fn parse(bytes: &[u8]) -> Result<ModConfig> {
        let (byte_order_mark, json) = match bytes.strip_prefix(BYTE_ORDER_MARK) {
            Some(rest) => (true, rest),
            None => (false, bytes),
        };
        let value: Value =
            serde_json::from_slice(json).map_err(|e| Error::file(format!("not JSON: {e}")))?;
        let Value::Object(mut fields) = value else {
            return Err(Error::file("not a JSON object"));
        };
        let mut take = |name: &str| fields.shift_remove(name);
        let mod_id = string(take("ModId"), "ModId")?
            .ok_or_else(|| Error::file("no ModId: Reloaded-II names a mod by it"))?;
        check_mod_id(&mod_id).map_err(|why| Error::file(format!("ModId {mod_id:?}: {why}")))?;
        let mod_name =
            string(take("ModName"), "ModName")?.ok_or_else(|| Error::file("no ModName"))?;
        let config = ModConfig {
            mod_id,
            mod_name,
            mod_author: string(take("ModAuthor"), "ModAuthor")?.unwrap_or_default(),
            mod_version: string(take("ModVersion"), "ModVersion")?.unwrap_or_default(),
            mod_description: string(take("ModDescription"), "ModDescription")?.unwrap_or_default(),
            mod_dll: string(take("ModDll"), "ModDll")?.unwrap_or_default(),
            is_library: match take("IsLibrary") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => b,
                Some(other) => return Err(wrong_type("IsLibrary", "true or false", &other)),
            },
            mod_dependencies: strings(take("ModDependencies"), "ModDependencies")?,
            supported_app_ids: strings(take("SupportedAppId"), "SupportedAppId")?,
            other: fields,
            byte_order_mark,
        };
        Ok(config)
    }

    /// Whether the mod depends on the loader.
    pub fn depends_on_the_loader(&self) -> bool {
        self.mod_dependencies
            .iter()
            .any(|d| d.eq_ignore_ascii_case(MOD_LOADER))
    }

    /// Whether Reloaded-II offers the mod to the game of this app ID.
    pub fn supports(&self, app_id: &str) -> bool {
        self.supported_app_ids
            .iter()
            .any(|a| a.eq_ignore_ascii_case(app_id))
    }

    /// `fftivc.sprites.x "Name" 1.0.0 by Author`, for a report's first line.
    pub fn describe(&self) -> String {
        let mut line = format!("{} {:?}", self.mod_id, self.mod_name);
        if !self.mod_version.is_empty() {
            line.push_str(&format!(" {}", Shown(&self.mod_version)));
        }
        if !self.mod_author.is_empty() {
            line.push_str(&format!(" by {}", Shown(&self.mod_author)));
        }
        line
    }
}

/// The mod folder `dir` lies inside, when it is given a folder of a mod (`MOD/FFTIVC`): the
/// nearest folder above it holding a `ModConfig.json`, as the path given names it where it
/// can, and how many levels up it is; looked for up to the deepest folder a mod has.
fn mod_above(dir: &Path) -> Option<(PathBuf, usize)> {
    let absolute = std::path::absolute(dir).ok()?;
    let levels = absolute
        .ancestors()
        .skip(1)
        .take(MOD_DEPTH)
        .position(|folder| folder.join(CONFIG_FILE).is_file())?
        + 1;
    let given = dir
        .ancestors()
        .nth(levels)
        .filter(|folder| !folder.as_os_str().is_empty());
    let folder = match given {
        Some(folder) => folder.to_path_buf(),
        None => absolute.ancestors().nth(levels)?.to_path_buf(),
    };
    Some((folder, levels))
}

/// A string field, `None` when absent or null.
fn string(value: Option<Value>, name: &str) -> Result<Option<String>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => without_nul(text, name).map(Some),
        Some(other) => Err(wrong_type(name, "a string", &other)),
    }
}

/// `text`, a string of the field `name` (or an item of its list), refused when it holds a NUL
/// (docs/mods.md "ModConfig.json": no string may).
fn without_nul(text: String, name: &str) -> Result<String> {
    if text.contains('\0') {
        return Err(Error::file(format!("{name} holds a NUL character")));
    }
    Ok(text)
}

/// A list of strings, empty when absent or null.
fn strings(value: Option<Value>, name: &str) -> Result<Vec<String>> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .into_iter()
            .map(|item| match item {
                Value::String(text) => without_nul(text, name),
                other => Err(wrong_type(name, "a list of strings", &other)),
            })
            .collect(),
        Some(other) => Err(wrong_type(name, "a list of strings", &other)),
    }
}

fn wrong_type(name: &str, wanted: &str, found: &Value) -> Error {
    let found = match found {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    };
    Error::file(format!(
        "{name}: Reloaded-II reads {wanted} here, not {found}"
    ))
}

/// The ID a mod made at `dir` takes when none is given: the folder's name, as Reloaded-II names a
/// mod's folder by its ID (`mods/fftivc.sprites.ramza_red`).
///
/// # Errors
/// A folder name that is no ID ([`check_mod_id`]), said with the ID to give instead (the
/// request's fault, parameter `id`).
pub fn id_of_folder(dir: &Path) -> Result<String> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    check_mod_id(&name).map_err(|why| {
        // Quoted as Debug quotes it: a name with a space reads as one, a control character escaped.
        let shown = format!("{name:?}");
        Error::input(
            "id",
            Words::new(move |s| {
                format!(
                    "no {} given, and the folder's name {shown} is no mod ID to default to: it \
                     {why}",
                    s.name("id")
                )
            }),
        )
    })?;
    Ok(name)
}

/// Whether `id` can be a mod's ID: Reloaded-II names the mod's folders by it, so it must be one
/// folder name on every system: letters, digits, `.`, `_` and `-`, no `..`, not starting or
/// ending with a dot, at most [`MAX_ID_LEN`] characters.
///
/// # Errors
/// What is wrong, with the convention suggested.
pub fn check_mod_id(id: &str) -> std::result::Result<(), String> {
    let convention = "a mod ID names a folder: dotted lower-case words, as Reloaded-II's mods \
                      are named (fftivc.sprites.ramza_red)";
    let why = if id.is_empty() {
        Some("is empty".to_owned())
    } else if let Some(c) = id.chars().find(|c| c.is_control()) {
        Some(format!(
            "holds the control character U+{:04X}",
            u32::from(c)
        ))
    } else if id.contains(['/', '\\']) {
        Some("holds a path separator".to_owned())
    } else if id.contains("..") {
        Some("holds `..`".to_owned())
    } else if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
    {
        Some(format!(
            "holds {c:?}, which not every system takes in a folder name"
        ))
    } else if id.starts_with('.') || id.ends_with('.') {
        Some("starts or ends with a dot".to_owned())
    } else if id.chars().count() > MAX_ID_LEN {
        Some(format!("is over {MAX_ID_LEN} characters"))
    } else {
        None
    };
    match why {
        Some(why) => Err(format!("{why}; {convention}")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields docs/mods.md "ModConfig.json" lists, in that order, as an asset-only mod of
    /// Reloaded-II's has them: typed here from the layout, not from the code.
    #[test]
    fn a_new_mod_s_description_is_the_layout_s() {
        let config = ModConfig::new(&NewMod {
            id: "fftivc.sprites.test".into(),
            name: "Test".into(),
            author: Some("Me".into()),
            ..NewMod::default()
        })
        .unwrap();
        let expected = r#"{
  "ModId": "fftivc.sprites.test",
  "ModName": "Test",
  "ModAuthor": "Me",
  "ModVersion": "1.0.0",
  "ModDescription": "",
  "ModDll": "",
  "IsLibrary": false,
  "ModDependencies": [
    "fftivc.utility.modloader"
  ],
  "SupportedAppId": [
    "fft_enhanced.exe",
    "fft_classic.exe"
  ]
}
"#;
        assert_eq!(String::from_utf8(config.to_bytes()).unwrap(), expected);
        assert_eq!(ModConfig::parse(expected.as_bytes()).unwrap(), config);
    }

    /// A description Notepad saved: the three bytes EF BB BF before the `{` (U+FEFF in UTF-8),
    /// read past and written back.
    #[test]
    fn a_byte_order_mark_is_read_past_and_kept() {
        let json = br#"{"ModId": "a.b", "ModName": "x"}"#;
        let with_mark = [&[0xEF, 0xBB, 0xBF][..], json].concat();
        let config = ModConfig::parse(&with_mark).unwrap();
        assert!(config.byte_order_mark);
        assert_eq!(config.mod_id, "a.b");
        let written = config.to_bytes();
        assert_eq!(written[..3], [0xEF, 0xBB, 0xBF]);
        assert_eq!(written[3], b'{');
        assert_eq!(ModConfig::parse(&written).unwrap(), config);
        assert!(
            !ModConfig::parse(json)
                .unwrap()
                .to_bytes()
                .starts_with(&[0xEF])
        );
    }

    #[test]
    fn unknown_fields_are_kept() {
        let config = ModConfig::parse(
            br#"{"ModId": "a.b", "ModName": "x", "ModIcon": "Preview.png", "Tags": [1]}"#,
        )
        .unwrap();
        assert_eq!(config.other.keys().collect::<Vec<_>>(), ["ModIcon", "Tags"]);
        assert!(!config.depends_on_the_loader());
    }

    #[test]
    fn an_id_that_leaves_the_folder_is_refused() {
        for (id, why) in [
            ("../../x", "holds a path separator"),
            ("..", "holds `..`"),
            ("a\0b", "holds the control character U+0000"),
            ("", "is empty"),
            ("my mod", "holds ' '"),
            (".hidden", "starts or ends with a dot"),
        ] {
            let error = check_mod_id(id).unwrap_err();
            assert!(error.starts_with(why), "{id:?}: {error}");
            assert!(error.contains("dotted lower-case words"), "{error}");
        }
        assert_eq!(check_mod_id("fftivc.sprites.ramza_red-2"), Ok(()));
    }

    #[test]
    fn a_folder_named_as_an_id_gives_the_id() {
        assert_eq!(
            id_of_folder(Path::new("mods/fftivc.sprites.red")).unwrap(),
            "fftivc.sprites.red"
        );
        let error = id_of_folder(Path::new("mods/my mod")).unwrap_err();
        assert!(
            error.to_string().starts_with(
                "no id given, and the folder's name \"my mod\" is no mod ID to default to: it holds ' '"
            ),
            "{error}"
        );
    }

    #[test]
    fn a_hostile_description_is_one_line() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        for (bytes, start) in [
            (
                b"hello".to_vec(),
                "not JSON: expected value at line 1 column 1",
            ),
            (deep.into_bytes(), "not JSON: recursion limit exceeded"),
            (b"[]".to_vec(), "not a JSON object"),
            (
                br#"{"ModId": "../../x", "ModName": "x"}"#.to_vec(),
                "ModId \"../../x\": holds a path separator",
            ),
            (
                br#"{"ModId": "a.b", "ModName": 3}"#.to_vec(),
                "ModName: Reloaded-II reads a string here, not a number",
            ),
            (
                br#"{"ModId": "a.b", "ModName": "x\u0000"}"#.to_vec(),
                "ModName holds a NUL character",
            ),
            (
                br#"{"ModId": "a.b", "ModName": "x", "ModDependencies": ["fftivc.utility.modloader\u0000"]}"#.to_vec(),
                "ModDependencies holds a NUL character",
            ),
            (
                br#"{"ModId": "a.b", "ModName": "x", "SupportedAppId": ["fft_enhanced.exe\u0000x"]}"#.to_vec(),
                "SupportedAppId holds a NUL character",
            ),
        ] {
            let error = ModConfig::parse(&bytes).unwrap_err().to_string();
            assert!(error.starts_with(start), "{error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
