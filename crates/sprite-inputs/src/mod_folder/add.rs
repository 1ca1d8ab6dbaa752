//! `mod add`: files placed in a mod where the loader reads them (docs/mods.md "mod add"). Each
//! file is told by its bytes ([`Incoming`]): a sprite file itself, the text form of a SEQ or SHP
//! (assembled as `asm` does), or a picture of a sheet (imported as `sheet import` does, against
//! the retail sheet of its name); and named by its file name or `--as`, in either of the game's
//! forms. Every file is checked before any is written: a name the game has no sprite file for
//! (with the nearest names), bytes of another kind than the name, bytes that do not decode, the
//! loader's H61 trap, a file larger than its original (both sizes said), a file already in the
//! mod (unless replacing). Then each is written atomically, only below the mod's folder, from
//! its handle and never through a link, and without `--replace` only where no file is
//! (docs/mods.md "Safe writes"): of several `mod add` of one slot at once, one places the file.

use std::path::{Path, PathBuf};

use faults::Shown;
use faults::Words;
use fft_formats::FileFormat;
use fft_formats::hd::HdHalf;
use fft_formats::nxd::{self, CharClut};
use fft_formats::spr::Spr;
use sprite_data::output::{Publish, write_below};
use sprite_render::sheet::{PNG_SIGNATURE, png_size};
use sprite_render::spr_png::{self, ImportOptions, Imported};

use crate::charclut;
use crate::error::{Error, Result};
use crate::game::GameRequest;
use crate::hd::{TexFile, hd_sp2_file, is_hd_input, not_a_half};
use crate::loader::layout::{self, Mode, slashed};
use crate::locate::{Originals, originals_folders};
use crate::mod_folder::check::{self, Finding, Severity};
use crate::mod_folder::config::ModConfig;
use crate::mod_folder::ramza::{self, CarriedRow};
use crate::names::GameName;
use crate::names::battle::{BattleFile, LOADER_LISTED_TWICE, battle_file, nearest_sprite_files};
use crate::names::hd::{
    HdPair, Single, pair_numbers_written_as, pair_of_unit, sp2_single_of_tex, tex_file_name,
    tex_number,
};
use crate::read::{InputFile, read_input};
use crate::retail::{ORIGINALS_VAR, SHEETS_VAR, Verdict};
use crate::sniff::{Sniffed, sniff, wrong_kind};

/// How `mod add` places its files.
#[derive(Debug, Clone, Copy)]
pub struct AddOptions<'a> {
    /// The game the files are for (`--mode`).
    pub mode: Mode,
    /// The game file the one file given replaces, in any form of its name (`--as`).
    pub rename: Option<&'a str>,
    /// Replace a file already in the mod (`--replace`).
    pub replace: bool,
    /// Where a picture's retail sheet is looked for by its name.
    pub sheets: Option<&'a Originals>,
    /// The sheet a picture is imported against, in place of the retail one (`--like`).
    pub like: Option<&'a Path>,
    /// The game's `charclut.nxd` a recolour of Ramza is carried into (`--charclut`), in place of
    /// the one found in `sheets`.
    pub charclut: Option<&'a Path>,
}

/// What a file given to `mod add` is, from its bytes (and for the remaster's HD sheet halves,
/// which have no header, its size and its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Incoming {
    /// A sprite file itself.
    Sprite(FileFormat),
    /// The text form of a SEQ or SHP file, assembled to the file.
    Text(FileFormat),
    /// A PNG picture of a sheet, imported to the SPR.
    Picture,
    /// A half of the remaster's HD sheet (`tex_N.bin`), placed as it is under
    /// `system/ffto/g2d/` ([`layout::hd_path`]).
    HdHalf,
    /// A monster's SP2 sheet at twice the size (`tex_1132.bin`), placed as it is under
    /// `system/ffto/g2d/` beside the pairs.
    HdSp2,
    /// Ramza's colours (`charclut.nxd`), placed as they are under `nxd/`
    /// ([`layout::charclut_path`]).
    Charclut,
    /// Ramza's colours written from a recolour of his SPR ([`ramza::carry_into_charclut`]), no
    /// file given.
    Carried,
}

/// The game file a placed file replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A sprite file of the `BATTLE` folder (`fftpack/unit/`).
    Unit(&'static BattleFile),
    /// The half `half` of an HD pair, `tex_<index>.bin`, and the unit the HD table gives it.
    Hd {
        index: u32,
        half: HdHalf,
        pair: Option<HdPair>,
    },
    /// The SP2 sheet `sp2` (`BEHI2.SP2`) at twice the size, `tex_<index>.bin`.
    HdSp2 { index: u32, sp2: &'static str },
    /// Ramza's colours, `charclut.nxd`, holding `rows` rows.
    Charclut { rows: usize },
}

impl Target {
    /// The file's name in the game: `RAMUZA.SPR`, `tex_992.bin`.
    pub fn name(&self) -> String {
        match self {
            Target::Unit(file) => file.disc_name.to_owned(),
            Target::Hd { index, .. } | Target::HdSp2 { index, .. } => tex_file_name(*index),
            Target::Charclut { .. } => charclut::FILE_NAME.to_owned(),
        }
    }
}

/// A picture imported to a sheet, and what it was imported against.
#[derive(Debug, Clone)]
pub struct PictureImport {
    pub imported: Imported,
    /// The sheet it was imported against (`--like`, or the retail one found), and its name in
    /// messages; `None` when none was found and the picture's own chunk sufficed.
    pub like: Option<(String, Spr)>,
}

/// One file to write, checked.
#[derive(Debug, Clone)]
pub struct Placement {
    /// The file given, as it is shown.
    pub source: String,
    pub incoming: Incoming,
    /// The game's file it replaces.
    pub target: Target,
    /// Where it goes, from the mod's root.
    pub relative: PathBuf,
    /// What is written.
    pub bytes: Vec<u8>,
    pub verdict: Verdict,
    /// Whether a file is there already (given `--replace`).
    pub replaces: bool,
    /// Whether the write may replace a file there (`--replace`): without it, a file placed there
    /// since the check is kept, and this one refused.
    pub publish: Publish,
    /// For a picture: how it was imported.
    pub picture: Option<PictureImport>,
    /// For `charclut.nxd`: the recolours of Ramza's SPRs written into it.
    pub carried: Vec<CarriedRow>,
}

impl Placement {
    /// Where it goes, with `/` between the parts.
    pub fn shown_path(&self) -> String {
        slashed(&self.relative)
    }
}

/// What `mod check` warns of the files just placed in the mod at `dir` (docs/mods.md "mod
/// check"): its rules run over the mod as it now is, so `mod add` says what `mod check` would
/// (an HD half without its other half, two files given one slot of a game, an HD half of
/// another unit's art by its SPR, the mod's or the one `spr_places` has, ...), kept to the
/// warnings about `placed`.
///
/// # Errors
/// As [`check::check_with`].
pub fn warnings_after(
    dir: &Path,
    placed: &[Placement],
    spr_places: Option<&Originals>,
) -> Result<Vec<Finding>> {
    let report = check::check_with(dir, spr_places)?;
    let paths: Vec<String> = placed.iter().map(Placement::shown_path).collect();
    Ok(report
        .findings
        .into_iter()
        .filter(|f| f.severity == Severity::Warning)
        .filter(|f| paths.iter().any(|path| f.is_about(path)))
        .collect())
}

/// Where a picture's retail sheet is looked for, for the mod at `dir`: the user's install
/// `game` with the `--originals` folders given over it, else those folders (layered), else the folders [`ORIGINALS_VAR`] and [`SHEETS_VAR`] name, those
/// that are there; never the mod's own folders. `None` when there are none.
///
/// # Errors
/// A folder given that is not there, or one that cannot be walked; an install that does not open.
pub fn sheet_places(
    folders: &[PathBuf],
    game: Option<&GameRequest>,
    dir: &Path,
) -> Result<Option<Originals>> {
    if let Some(game) = game {
        let folders = originals_folders(folders)?.unwrap_or_default();
        return Ok(Some(folders.over_game(game.open()?).excluding(dir)));
    }
    if let Some(originals) = originals_folders(folders)? {
        return Ok(Some(originals.excluding(dir)));
    }
    let named: Vec<PathBuf> = [ORIGINALS_VAR, SHEETS_VAR]
        .iter()
        .filter_map(std::env::var_os)
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .filter(|dir| dir.is_dir())
        .collect();
    if named.is_empty() {
        return Ok(None);
    }
    Originals::from_folders(&named).map(|originals| Some(originals.excluding(dir)))
}

/// Checks every file for the mod at `dir` and says where each goes; writes nothing.
///
/// # Errors
/// A folder that is no mod (no readable `ModConfig.json`, or one that does not parse), `--as`
/// with several files or naming a path (the request's fault, parameter `as`), and any file
/// refused (one line naming it and why).
pub fn plan(dir: &Path, files: &[PathBuf], options: &AddOptions) -> Result<Vec<Placement>> {
    ModConfig::read(dir)?;
    if options.rename.is_some() && files.len() != 1 {
        let count = files.len();
        return Err(Error::input(
            "as",
            Words::new(move |s| {
                format!(
                    "{} names the game file one file replaces, and {count} files are given",
                    s.name("as")
                )
            }),
        ));
    }
    if let Some(name) = options.rename {
        if name.contains(['/', '\\', '\0']) || name.is_empty() {
            let name = format!("{name:?}");
            return Err(Error::input(
                "as",
                Words::new(move |s| {
                    format!(
                        "{}: give the game file's name (RAMUZA.SPR or battle_ramuza_spr.bin); \
                         mod add chooses its place",
                        s.given("as", &name)
                    )
                }),
            ));
        }
    }
    let mut placements: Vec<Placement> = Vec::new();
    for path in files {
        let placement = place(dir, path, options)?;
        refuse_twice(&placements, &placement)?;
        placements.push(placement);
    }
    ramza::carry_into_charclut(dir, &mut placements, options)?;
    Ok(placements)
}

/// Refuses a placement of a file to the place of one planned before it.
///
/// # Errors
/// The two files given, and the game file both would replace.
pub fn refuse_twice(planned: &[Placement], placement: &Placement) -> Result<()> {
    match planned.iter().find(|p| p.relative == placement.relative) {
        Some(first) => Err(Error::file(format!(
            "{} and {} both replace {}",
            first.source,
            placement.source,
            placement.target.name()
        ))),
        None => Ok(()),
    }
}

/// Writes the files [`plan`] checked, each atomically, creating the folders they go in: each
/// folder below `dir` opened in the one above it, never through a link, so that a folder swapped
/// for a link since the check cannot lead a file out of the mod.
///
/// # Errors
/// A folder or file that cannot be written, a folder of the mod that is a link or a file, a file
/// placed since the check without `--replace` (nothing half-written is left).
pub fn write(dir: &Path, placements: &[Placement]) -> Result<()> {
    for placement in placements {
        let path = dir.join(&placement.relative);
        write_below(
            dir,
            &placement.relative,
            &placement.bytes,
            placement.publish,
        )
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => already_in_the_mod(&path),
            _ => Error::from(e).in_context(Shown(&path)),
        })?;
    }
    Ok(())
}

/// A file already in the mod, not to be replaced.
pub(crate) fn already_in_the_mod(path: &Path) -> Error {
    let shown = Shown(&path).to_string();
    Error::file(Words::new(move |s| {
        format!(
            "{shown}: already in the mod; give {} to replace it",
            s.name("replace")
        )
    }))
}

/// How a file is placed: over one there only when replacing.
fn publish(replace: bool) -> Publish {
    if replace {
        Publish::Replace
    } else {
        Publish::KeepExisting
    }
}

/// One file, read, told, named, checked and placed.
fn place(dir: &Path, path: &Path, options: &AddOptions) -> Result<Placement> {
    if path.is_dir() {
        return Err(Error::file(format!(
            "{}: a folder, not a file",
            Shown(&path)
        )));
    }
    let bytes = read_input(path)?;
    let target = |relative: &Path, replace: bool| check_target(dir, relative, replace);
    place_bytes(dir, path, bytes, options, &target)
}

/// Whether a file may be written at a place in the mod (from its root), given `--replace`, and
/// whether one is there: the mod's folder on disk (`check_target`), or one held in memory.
pub type TargetCheck<'a> = dyn Fn(&Path, bool) -> Result<bool> + 'a;

/// A file's bytes (read from `path`, which names it), told, named, checked and placed in the mod
/// `dir` names, `target` saying whether its place may be written: the one path of [`plan`]'s,
/// for a mod on disk or one held in memory.
///
/// # Errors
/// As [`plan`] for one file.
pub fn place_bytes(
    dir: &Path,
    path: &Path,
    bytes: Vec<u8>,
    options: &AddOptions,
    target: &TargetCheck,
) -> Result<Placement> {
    let source = Shown(&path).to_string();
    let file_name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| {
        let source = source.clone();
        Error::file(Words::new(move |s| {
            format!(
                "{source}: its name is not UTF-8; give {}",
                s.given("as", &"NAME")
            )
        }))
    })?;
    if is_hd_input(file_name, bytes.len())
        || options
            .rename
            .is_some_and(|name| tex_number(name).is_some())
    {
        return place_hd(target, source, file_name, bytes, options);
    }
    let named_charclut = options.rename.unwrap_or(file_name);
    if named_charclut.eq_ignore_ascii_case(charclut::FILE_NAME) || bytes.starts_with(&nxd::MAGIC) {
        return place_charclut(target, source, bytes, options);
    }
    if is_hd_picture(&bytes) {
        return Err(hd_picture(dir, path, file_name, options));
    }
    let (incoming, name) = tell(&source, file_name, &bytes, options)?;
    let file = game_file(&source, &name)?;
    let format = file.format().ok_or_else(|| {
        Error::file(format!(
            "{source}: {} is not a sprite file (mod add places SPR, SP2, SHP and SEQ files)",
            file.disc_name
        ))
    })?;
    let (bytes, picture) = match incoming {
        Incoming::Text(_) => (assemble(&source, &bytes)?, None),
        Incoming::Picture => {
            let import = import(&source, &bytes, file, options)?;
            let encoded = import
                .imported
                .spr
                .encode()
                .map_err(|e| Error::from(e).in_context(&source))?;
            (encoded, Some(import))
        }
        Incoming::Sprite(_)
        | Incoming::HdHalf
        | Incoming::HdSp2
        | Incoming::Charclut
        | Incoming::Carried => (bytes, None),
    };
    check_kind(&source, &bytes, format, file)?;
    if let Some(why) = LOADER_LISTED_TWICE.trap(file.disc_name) {
        return Err(Error::file(format!("{source}: {why}")));
    }
    file.check_fits(
        &format!("{source} (as {})", file.remaster_name()),
        bytes.len() as u64,
    )
    .map_err(Error::file)?;
    let relative = layout::unit_path(options.mode, file);
    let replaces = target(&relative, options.replace)?;
    Ok(Placement {
        verdict: Verdict::of_named(&file.remaster_name(), &bytes),
        source,
        incoming,
        target: Target::Unit(file),
        relative,
        bytes,
        replaces,
        publish: publish(options.replace),
        picture,
        carried: Vec::new(),
    })
}

/// Whether `bytes` are a PNG picture of an HD pair: as wide as the joined sheet (an SPR's picture
/// is half as wide), read from its header.
fn is_hd_picture(bytes: &[u8]) -> bool {
    bytes.starts_with(&PNG_SIGNATURE)
        && png_size(bytes).is_some_and(|(width, _)| width as usize == fft_formats::hd::WIDTH)
}

/// The refusal of a picture of an HD pair at `path`: what it is, and the two commands that place
/// it, its pair's number filled in when `--as` or its name tells it (`tex_992.png`, `mina_m.png`:
/// the HD table's pair). The pair's two files are made by `sheet import`, which takes the
/// palettes a picture in colours needs; `mod add` places files.
fn hd_picture(dir: &Path, path: &Path, file_name: &str, options: &AddOptions) -> Error {
    let stem = file_name
        .rsplit_once('.')
        .map_or(file_name, |(stem, _)| stem);
    let named = options.rename.unwrap_or(stem);
    let numbers = tex_number(named)
        .and_then(pair_numbers_written_as)
        .or_else(|| pair_of_unit(named).map(|pair| (pair.upper, pair.lower())));
    let folder = path.parent().unwrap_or(Path::new(""));
    let beside = |name: &str| Shown(&folder.join(name)).to_string();
    let ((upper, lower), note) = match numbers {
        Some((upper, lower)) => (
            (beside(&tex_file_name(upper)), beside(&tex_file_name(lower))),
            "",
        ),
        None => (
            (beside("tex_N.bin"), beside("tex_N+1.bin")),
            " (N: the pair's first number, 992 for MINA_M.SPR's by the HD table)",
        ),
    };
    Error::file(format!(
        "{}: a picture of an HD pair (512 wide), which mod add does not place: make the pair's \
         two files with `tactics-sprite sheet import {} -o {upper}`, then place them with \
         `tactics-sprite mod add {} {upper} {lower}`{note}",
        Shown(&path),
        Shown(&path),
        Shown(&dir)
    ))
}

/// A half of the remaster's HD sheet, placed as it is at `system/ffto/g2d/tex_N.bin` of the
/// mode: N from `--as` (`tex_N.bin`, or the unit's SPR, whose pair the HD table gives) or the
/// file's own name; its size the half's that N is by the table.
///
/// # Errors
/// `--mode classic` (that game never reads the HD sheets); a size that is neither half's, or the
/// other half's by the table; no N to place it by; a file already there without `--replace`.
fn place_hd(
    target: &TargetCheck,
    source: String,
    file_name: &str,
    bytes: Vec<u8>,
    options: &AddOptions,
) -> Result<Placement> {
    if options.mode == Mode::Classic {
        return Err(Error::input(
            "mode",
            Words::new(move |s| {
                format!(
                    "{source}: an HD sheet half, and the classic game never reads the HD \
                     sheets: place it with {} (the default) or combined",
                    s.given("mode", &"enhanced")
                )
            }),
        ));
    }
    let named = options.rename.unwrap_or(file_name);
    if let Some((index, Single::Sp2(sp2))) =
        tex_number(named).and_then(|n| Some((n, sp2_single_of_tex(n)?.what)))
    {
        return place_hd_sp2(target, source, bytes, index, sp2, options);
    }
    let Some(half) = HdHalf::of_len(bytes.len()) else {
        return Err(not_a_half(&source, bytes.len()));
    };
    let index = match options.rename {
        Some(name) => match (tex_number(name), pair_of_unit(name)) {
            (Some(n), _) => n,
            (None, Some(pair)) => pair.tex(half),
            (None, None) => {
                let name = name.to_owned();
                return Err(Error::input(
                    "as",
                    Words::new(move |s| {
                        format!(
                            "{}: an HD sheet half goes by its number, tex_N.bin, or by the unit \
                             whose pair the HD table lists (MINA_M.SPR gives 992/993)",
                            s.given("as", &name)
                        )
                    }),
                ));
            }
        },
        None => tex_number(file_name).ok_or_else(|| {
            let source = source.clone();
            Error::file(Words::new(move |s| {
                format!(
                    "{source}: {} of an HD pair, and its name has no number: give {} (or {}, \
                     whose pair the HD table gives)",
                    half.in_words(),
                    s.given("as", &"tex_N.bin"),
                    s.given("as", &"the unit's SPR")
                )
            }))
        })?,
    };
    let named = tex_file_name(index);
    let tex = TexFile::of(
        InputFile {
            name: source.clone(),
            bytes,
        },
        &named,
    )?;
    let relative = layout::hd_path(options.mode, index);
    let replaces = target(&relative, options.replace)?;
    Ok(Placement {
        verdict: Verdict::of_named(&named, &tex.file.bytes),
        source,
        incoming: Incoming::HdHalf,
        target: Target::Hd {
            index,
            half,
            pair: tex.pair,
        },
        relative,
        bytes: tex.file.bytes,
        replaces,
        publish: publish(options.replace),
        picture: None,
        carried: Vec::new(),
    })
}

/// A monster's SP2 sheet at twice the size, `tex_<index>.bin` (the HD table's number for `sp2`),
/// placed as it is beside the pairs once its size is the one such a file has.
///
/// # Errors
/// A size that is not that file's; a file already there without `--replace`.
fn place_hd_sp2(
    target: &TargetCheck,
    source: String,
    bytes: Vec<u8>,
    index: u32,
    sp2: &'static str,
    options: &AddOptions,
) -> Result<Placement> {
    let file = hd_sp2_file(
        InputFile {
            name: source.clone(),
            bytes,
        },
        sp2,
    )?;
    let relative = layout::hd_path(options.mode, index);
    let replaces = target(&relative, options.replace)?;
    Ok(Placement {
        verdict: Verdict::of_named(&tex_file_name(index), &file.bytes),
        source,
        incoming: Incoming::HdSp2,
        target: Target::HdSp2 { index, sp2 },
        relative,
        bytes: file.bytes,
        replaces,
        publish: publish(options.replace),
        picture: None,
        carried: Vec::new(),
    })
}

/// Ramza's colours, placed as they are at `nxd/charclut.nxd` of the mode, once they decode as
/// CharCLUT.
///
/// # Errors
/// `--mode classic` (that game colours Ramza by his SPR's palettes); bytes that do not decode
/// (naming the file and the offset); a file already there without `--replace`.
fn place_charclut(
    target: &TargetCheck,
    source: String,
    bytes: Vec<u8>,
    options: &AddOptions,
) -> Result<Placement> {
    if options.mode == Mode::Classic {
        return Err(Error::input(
            "mode",
            Words::new(move |s| {
                format!(
                    "{source}: Ramza's colours, and the classic game never reads them (it colours \
                     him by his SPR's palettes): place it with {} (the default) or combined",
                    s.given("mode", &"enhanced")
                )
            }),
        ));
    }
    let clut = CharClut::decode(&bytes).map_err(|e| {
        Error::file(format!(
            "{source}: does not decode as NXD CharCLUT ({}): {e}",
            charclut::FILE_NAME
        ))
    })?;
    let relative = layout::charclut_path(options.mode);
    let replaces = target(&relative, options.replace)?;
    Ok(Placement {
        verdict: Verdict::of_named(charclut::FILE_NAME, &bytes),
        source,
        incoming: Incoming::Charclut,
        target: Target::Charclut {
            rows: clut.rows().count(),
        },
        relative,
        bytes,
        replaces,
        publish: publish(options.replace),
        picture: None,
        carried: Vec::new(),
    })
}

/// What a file is and the name it goes by: `--as`, else its own name (a text form's without its
/// `.txt`; a picture's without `.png`, as the sheet of that stem).
fn tell(
    source: &str,
    file_name: &str,
    bytes: &[u8],
    options: &AddOptions,
) -> Result<(Incoming, String)> {
    let own = |suffix: &str| without_suffix(file_name, suffix);
    let named = |own: String| options.rename.map_or(own, str::to_owned);
    match sniff(bytes) {
        Some(Sniffed::Sprite(format)) => {
            Ok((Incoming::Sprite(format), named(file_name.to_owned())))
        }
        Some(Sniffed::Text(format)) => Ok((Incoming::Text(format), named(own(".txt")))),
        Some(Sniffed::Png) => Ok((Incoming::Picture, named(sheet_name(&own(".png"))))),
        other => {
            // A sprite file whose size fits no kind's identity may still decode as the kind its
            // name says.
            let name = named(file_name.to_owned());
            if let Some(format) = battle_file(&name).and_then(BattleFile::format) {
                if other.is_none() && fft_formats::round_trip(format, bytes).is_ok() {
                    return Ok((Incoming::Sprite(format), name));
                }
            }
            let what = other.map_or_else(
                || "nothing mod add places".to_owned(),
                |sniffed| sniffed.in_words(),
            );
            Err(Error::file(format!(
                "{source}: this is {what}; mod add places a sprite file (SPR, SP2, SHP, SEQ), \
                 the text form of a SEQ or SHP, or a PNG picture of a sheet"
            )))
        }
    }
}

/// `file_name` without `suffix` (any case), unless nothing would be left: `type1.seq` of
/// `type1.seq.txt`.
pub fn without_suffix(file_name: &str, suffix: &str) -> String {
    let lower = file_name.to_ascii_lowercase();
    match lower.strip_suffix(&suffix.to_ascii_lowercase()) {
        Some(rest) if !rest.is_empty() => file_name[..rest.len()].to_owned(),
        _ => file_name.to_owned(),
    }
}

/// The game file a file of this name stands for, by its name alone, as this module names what
/// it places: a text form's own name without `.txt` (`type1.seq.txt`: `type1.seq`), a picture's
/// the sheet of its name without `.png` ([`sheet_name`]), any other its own.
pub fn stands_for(file_name: &str) -> String {
    let lower = file_name.to_ascii_lowercase();
    if lower.ends_with(".txt") {
        without_suffix(file_name, ".txt")
    } else if lower.ends_with(".png") {
        sheet_name(&without_suffix(file_name, ".png"))
    } else {
        file_name.to_owned()
    }
}

/// The sheet a picture's name (without `.png`) is: `RAMUZA.SPR`, `battle_ramuza_spr` or
/// `ramuza` (the SPR, else the SP2, of that stem).
pub fn sheet_name(stem: &str) -> String {
    let name = GameName::parse(stem);
    if matches!(name.extension().as_deref(), Some("SPR" | "SP2")) {
        return stem.to_owned();
    }
    let remaster = format!("{stem}.bin");
    if GameName::parse(&remaster).is_remaster() {
        return remaster;
    }
    ["SPR", "SP2"]
        .iter()
        .map(|extension| format!("{stem}.{extension}"))
        .find(|name| battle_file(name).is_some())
        .unwrap_or_else(|| format!("{stem}.SPR"))
}

/// The game's sprite file `name` names.
fn game_file(source: &str, name: &str) -> Result<&'static BattleFile> {
    battle_file(name).ok_or_else(|| {
        let nearest = nearest_sprite_files(name);
        let nearest = if nearest.is_empty() {
            String::new()
        } else {
            format!(" (nearest: {})", nearest.join(", "))
        };
        let (source, name) = (source.to_owned(), name.to_owned());
        Error::file(Words::new(move |s| {
            format!(
                "{source}: the game has no file named {name}{nearest}; give {} for a file named \
                 otherwise",
                s.given("as", &"NAME")
            )
        }))
    })
}

/// A text form assembled to the file's bytes.
fn assemble(source: &str, bytes: &[u8]) -> Result<Vec<u8>> {
    fft_formats::text::assemble_bytes(bytes)
        .map(|assembly| assembly.bytes)
        .map_err(|e| Error::from(e).in_context(source))
}

/// A picture imported to the sheet `file`, against `--like` or the retail sheet of its name.
fn import(
    source: &str,
    bytes: &[u8],
    file: &BattleFile,
    options: &AddOptions,
) -> Result<PictureImport> {
    let like_file = match (options.like, options.sheets) {
        (Some(path), _) => Some(crate::read::InputFile::read(path)?),
        (None, Some(sheets)) => sheets.locate(file.disc_name)?,
        (None, None) => None,
    };
    let like = match like_file {
        Some(like) => {
            if let Some(what) = wrong_kind(&like.bytes, FileFormat::Spr) {
                return Err(Error::file(format!(
                    "{}: this is {what}, not an SPR sprite sheet to import {source} against",
                    like.name
                )));
            }
            let spr =
                Spr::decode(&like.bytes).map_err(|e| Error::from(e).in_context(&like.name))?;
            Some((like.name, spr))
        }
        None => None,
    };
    let import_options = ImportOptions {
        like: like.as_ref().map(|(_, spr)| spr),
        palette: None,
        variant: None,
    };
    let imported = spr_png::import(bytes, &import_options)
        .map_err(|e| Error::file(format!("{source}: {e}")))?;
    Ok(PictureImport { imported, like })
}

/// Refuses bytes of another kind than the game file, or that do not decode as it.
fn check_kind(source: &str, bytes: &[u8], format: FileFormat, file: &BattleFile) -> Result<()> {
    if let Some(what) = wrong_kind(bytes, format) {
        return Err(Error::file(format!(
            "{source}: this is {what}, but {} is {}",
            file.disc_name,
            format.in_words()
        )));
    }
    fft_formats::round_trip(format, bytes)
        .map(|_| ())
        .map_err(|e| {
            Error::file(format!(
                "{source}: does not decode as {}: {e}",
                format.in_words()
            ))
        })
}

/// Whether the file at `relative` below `dir` may be written: every folder on the way is a
/// folder (not a link, which could lead out of the mod, nor a file); the file itself is not a
/// folder, and is not there unless `replace`. Whether one is there.
fn check_target(dir: &Path, relative: &Path, replace: bool) -> Result<bool> {
    let mut at = dir.to_path_buf();
    let folders = relative
        .parent()
        .map(Path::components)
        .into_iter()
        .flatten();
    for folder in folders {
        at.push(folder);
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(Error::file(format!(
                    "{}: a link; mod add writes only inside the mod's own folders",
                    Shown(&at)
                )));
            }
            Ok(meta) if !meta.is_dir() => {
                return Err(Error::file(format!(
                    "{}: a file where the mod's folder {} should be",
                    Shown(&at),
                    slashed(at.strip_prefix(dir).unwrap_or(&at))
                )));
            }
            Ok(_) => {}
            Err(_) => return Ok(false),
        }
    }
    let target = dir.join(relative);
    match std::fs::symlink_metadata(&target) {
        Ok(meta) if meta.is_dir() => Err(Error::file(format!(
            "{}: a folder where the loader reads a file",
            Shown(&target)
        ))),
        Ok(_) if !replace => Err(already_in_the_mod(&target)),
        Ok(_) => Ok(true),
        Err(_) => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_s_name_is_its_sheet() {
        assert_eq!(sheet_name("ramuza"), "ramuza.SPR");
        assert_eq!(sheet_name("RAMUZA.SPR"), "RAMUZA.SPR");
        assert_eq!(sheet_name("battle_ramuza_spr"), "battle_ramuza_spr.bin");
        assert_eq!(sheet_name("behi2"), "behi2.SP2");
    }
}
