//! `mod check`: what the loader would make of a mod (docs/mods.md "mod check"): its
//! `ModConfig.json` (read as untrusted input; the fields the loader needs, the dependency on it),
//! and every entry below the mod, walked without following a link: each file's place, a sprite
//! file's size against its original's, its kind and that it decodes, its verdict, the loader's
//! H61 trap; links, folders named as files and files outside the loader's paths. An
//! [`Severity::Error`] is something the loader would not load as meant.

use std::collections::BTreeMap;
use std::path::Path;

use faults::Shown;
use fft_formats::hd::{HdHalf, HdSp2, SP2_FILE_LEN};
use fft_formats::nxd::CharClut;
use sprite_data::output::is_temporary_name;

use crate::error::{Error, Result};
use crate::loader::layout::{self, CONFIG_FILE, Mode, Placed, place_of, slashed};
use crate::loader::walk::{EntryKind, walk};
use crate::locate::Originals;
use crate::mod_folder::art;
use crate::mod_folder::config::ModConfig;
use crate::mod_folder::ramza;
use crate::names::battle::{BattleFile, LOADER_LISTED_TWICE, MOD_LOADER};
use crate::names::hd::{Single, other_tex, sp2_single_of_tex, tex_file_name, unit_of_tex};
use crate::read::{Capped, MAX_INPUT_LEN, read_capped};
use crate::retail::Verdict;
use crate::sniff::wrong_kind;

/// How deep a mod is walked: its deepest folder the loader reads is six levels down.
pub const MOD_DEPTH: usize = 16;

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The loader loads it as meant.
    Fine,
    /// Not checked: not a file this project reads.
    Note,
    /// The loader loads it, but perhaps not as meant.
    Warning,
    /// The loader would not load it as meant.
    Error,
}

impl Severity {
    /// `ok`, `note`, `warning`, `error`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Fine => "ok",
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One thing said about the mod.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub severity: Severity,
    /// The path from the mod's root, `/` between the parts.
    pub path: String,
    pub message: String,
    /// The other file it is about, when it is about two (two files given one slot).
    pub also: Option<String>,
}

impl Finding {
    /// Whether it is about the file at `path` (its own, or the other one it names).
    pub fn is_about(&self, path: &str) -> bool {
        self.path == path || self.also.as_deref() == Some(path)
    }
}

/// A sprite file the mod replaces where the loader reads it.
#[derive(Debug, Clone)]
pub struct Replaced {
    /// The path from the mod's root.
    pub path: String,
    pub mode: Mode,
    pub file: &'static BattleFile,
    /// The language its name limits it to.
    pub locale: Option<String>,
    pub len: u64,
    /// The verdict on its bytes; `None` when they were not read (it is larger than the original).
    pub verdict: Option<Verdict>,
}

/// An HD sheet half the mod holds under `system/ffto/g2d/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HdFile {
    /// The path from the mod's root.
    pub path: String,
    pub mode: Mode,
    /// N of its name `tex_<N>`; `None` for a name the loader does not read.
    pub number: Option<u32>,
    pub len: u64,
}

impl HdFile {
    /// The half it is: by the HD table when it lists the number, else by its size; none for a
    /// number the table gives a monster's SP2 at twice the size (a file of its own, no half).
    pub fn half(&self) -> Option<HdHalf> {
        if self.number.and_then(sp2_single_of_tex).is_some() {
            return None;
        }
        match self.number.and_then(unit_of_tex) {
            Some((_, half)) => Some(half),
            None => usize::try_from(self.len).ok().and_then(HdHalf::of_len),
        }
    }
}

/// What `mod check` found.
#[derive(Debug, Clone)]
pub struct Report {
    pub config: ModConfig,
    /// The sprite files, in path order.
    pub replaced: Vec<Replaced>,
    /// The HD sheet halves, in path order.
    pub hd: Vec<HdFile>,
    /// The paths of Ramza's colours (`charclut.nxd`) in their place: a mod of them alone
    /// (a recolour) replaces no sprite file and lacks nothing.
    pub colours: Vec<String>,
    /// Everything said, in path order (the description's first).
    pub findings: Vec<Finding>,
}

impl Report {
    /// Adds `findings`, each after its file's own lines, which keeps the report in path order.
    pub(crate) fn insert_after_their_files(&mut self, findings: Vec<Finding>) {
        for finding in findings {
            let at = self
                .findings
                .iter()
                .rposition(|f| f.path == finding.path)
                .map_or(self.findings.len(), |i| i + 1);
            self.findings.insert(at, finding);
        }
    }

    /// How many findings are of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }

    /// How many paths the findings name (a path once, however many lines it has): what the
    /// report lists.
    pub fn paths_listed(&self) -> usize {
        let mut paths: Vec<&str> = self.findings.iter().map(|f| f.path.as_str()).collect();
        paths.sort_unstable();
        paths.dedup();
        paths.len()
    }

    /// How many sprite files are in a place the loader reads them: the SD files and the HD
    /// halves.
    pub fn sprite_files(&self) -> usize {
        self.replaced.len() + self.hd.len()
    }

    /// Whether the loader loads every file as meant.
    pub fn loads(&self) -> bool {
        self.count(Severity::Error) == 0
    }
}

/// Checks the mod at `dir`.
///
/// # Errors
/// A folder that is not there, a `ModConfig.json` that is missing or does not parse ([`ModConfig::read`]),
/// a folder of the mod that cannot be read, more entries than a walk reads: each one line.
pub fn check(dir: &Path) -> Result<Report> {
    check_with(dir, None)
}

/// [`check`], and each HD half's art against its unit's SPR by the HD table ([`art`]): the SPR
/// the mod holds, else the one `spr_places` has (the originals: `mod add --originals`,
/// `$FFT_ORIGINALS`, `$FFT_SHEETS`); no SPR found, nothing said.
///
/// # Errors
/// As [`check`].
pub fn check_with(dir: &Path, spr_places: Option<&Originals>) -> Result<Report> {
    let mut report = check_files(dir)?;
    let mut findings = Vec::new();
    for file in &report.hd {
        let Some((n, Some((pair, _)))) = file.number.map(|n| (n, unit_of_tex(n))) else {
            continue;
        };
        if file.mode == Mode::Classic {
            continue;
        }
        let own = report
            .replaced
            .iter()
            .filter(|r| r.file.disc_name == pair.spr_disc_name() && r.mode != Mode::Classic)
            .find_map(|r| read_whole(&dir.join(&r.path), r.len));
        let spr = match (own, spr_places) {
            (Some(bytes), _) => bytes,
            (None, Some(places)) => match places.locate(&pair.spr_disc_name()) {
                Ok(Some(found)) => found.bytes,
                // Not there, or not readable: the art is left untold.
                _ => continue,
            },
            (None, None) => continue,
        };
        let Some(bytes) = read_whole(&dir.join(&file.path), file.len) else {
            continue;
        };
        if let Some(message) = art::another_unit_s_art(n, &bytes, &spr) {
            findings.push(Finding {
                severity: Severity::Warning,
                path: file.path.clone(),
                message,
                also: None,
            });
        }
    }
    report.insert_after_their_files(findings);
    ramza::check_findings(dir, &mut report, spr_places);
    Ok(report)
}

/// The `len` bytes of the file at `path`, when it still has that many; `None` otherwise.
fn read_whole(path: &Path, len: u64) -> Option<Vec<u8>> {
    match read_capped(path, len) {
        Ok(Capped::Bytes(bytes)) => Some(bytes),
        _ => None,
    }
}

/// The checks of the mod's files, without the art of its HD halves.
fn check_files(dir: &Path) -> Result<Report> {
    if !dir.is_dir() {
        return Err(Error::not_found(format!("{}: no such folder", Shown(&dir))));
    }
    let config = ModConfig::read(dir)?;
    let walked = walk(dir, MOD_DEPTH)?;
    let mut report = Report {
        findings: config_findings(dir, &config),
        config,
        replaced: Vec::new(),
        hd: Vec::new(),
        colours: Vec::new(),
    };
    let say = |severity, path: &Path, message: String| Finding {
        severity,
        path: slashed(path),
        message,
        also: None,
    };
    let mut entries = Vec::new();
    for too_deep in &walked.too_deep {
        entries.push(say(
            Severity::Warning,
            too_deep,
            format!("deeper than {MOD_DEPTH} levels: not looked into"),
        ));
    }
    for entry in &walked.entries {
        let relative = &entry.relative;
        let placed = place_of(relative);
        match &entry.kind {
            EntryKind::Link { target } => entries.push(say(
                Severity::Error,
                relative,
                format!(
                    "a symbolic link{}: a mod holds files, not links (an archive of it keeps \
                     none, and a link to a folder above it loops a walk)",
                    target
                        .as_ref()
                        .map(|t| format!(" to {}", Shown(&t)))
                        .unwrap_or_default()
                ),
            )),
            EntryKind::Other => entries.push(say(
                Severity::Error,
                relative,
                "not a file or a folder".to_owned(),
            )),
            EntryKind::Folder => {
                if matches!(
                    placed,
                    Placed::Unit { .. }
                        | Placed::Hd { .. }
                        | Placed::Charclut { .. }
                        | Placed::Config
                ) {
                    entries.push(say(
                        Severity::Error,
                        relative,
                        "a folder where the loader reads a file".to_owned(),
                    ));
                }
            }
            EntryKind::File { .. } if is_leftover(relative) => entries.push(say(
                Severity::Warning,
                relative,
                leftover_message(&dir.join(relative)),
            )),
            EntryKind::File { len } => {
                let finding = file_finding(dir, relative, placed, *len, &mut report);
                entries.extend(finding.map(|(severity, message)| say(severity, relative, message)));
            }
        }
    }
    entries.extend(overlaps(&report));
    entries.extend(mode_findings(&report));
    entries.extend(pair_findings(&report));
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    report.findings.extend(entries);
    if report.replaced.is_empty() && report.hd.is_empty() && report.colours.is_empty() {
        report.findings.push(Finding {
            severity: Severity::Warning,
            path: layout::MOD_ROOT.to_owned(),
            message: "the mod replaces no sprite file (`tactics-sprite mod add` puts them in)"
                .to_owned(),
            also: None,
        });
    }
    Ok(report)
}

/// Whether the file at `relative` is a temporary file a stopped write left (docs/mods.md "Safe
/// writes"): named so by `sprite_data::output`.
fn is_leftover(relative: &Path) -> bool {
    relative
        .file_name()
        .and_then(|name| name.to_str())
        .is_some_and(is_temporary_name)
}

/// What a leftover temporary file at `path` is, and the command that removes it.
fn leftover_message(path: &Path) -> String {
    format!(
        "a temporary file left by a write that was stopped before it finished (the file it was \
         for is as it was); the loader ignores it: remove it with rm '{}'",
        Shown(&path).to_string().replace('\'', r"'\''")
    )
}

/// What the description's fields say: the dependency on the loader, the games it is offered to,
/// its program.
fn config_findings(dir: &Path, config: &ModConfig) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut say = |severity, message: String| {
        findings.push(Finding {
            severity,
            path: CONFIG_FILE.to_owned(),
            message,
            also: None,
        });
    };
    say(Severity::Fine, config.describe());
    if !config.depends_on_the_loader() {
        say(
            Severity::Error,
            format!(
                "ModDependencies does not name {MOD_LOADER}: the loader sees only the mods that \
                 load after it"
            ),
        );
    }
    if !config.supports(layout::ENHANCED_APP) && !config.supports(layout::CLASSIC_APP) {
        say(
            Severity::Error,
            format!(
                "SupportedAppId names neither {} nor {}: Reloaded-II offers the mod to neither \
                 game",
                layout::ENHANCED_APP,
                layout::CLASSIC_APP
            ),
        );
    }
    if !config.mod_dll.is_empty() && !dir.join(&config.mod_dll).is_file() {
        say(
            Severity::Error,
            format!(
                "ModDll names {}, which is not in the mod: Reloaded-II cannot start it (a mod of \
                 files only has \"ModDll\": \"\")",
                Shown(&config.mod_dll)
            ),
        );
    }
    findings
}

/// An HD sheet half `tex_<n>.bin` of `len` bytes under `mode`'s folder: its size against its
/// half's (told by the HD table when it lists `n`, else by the size itself), or, for a number
/// the table gives a monster's SP2 at twice the size, against that file's. Its pairing is
/// [`pair_findings`]'.
fn hd_finding(mode: Mode, n: u32, len: u64) -> (Severity, String) {
    let listed = unit_of_tex(n);
    let sized = usize::try_from(len).ok().and_then(HdHalf::of_len);
    let of = |half: HdHalf| match listed {
        Some((pair, _)) => format!("the {half} half of {pair}"),
        None => format!("the {half} half of a pair the HD table does not list"),
    };
    let combined = if mode == Mode::Combined {
        "; under combined/ both games read it, and only the enhanced one draws HD sheets"
    } else {
        ""
    };
    if let Some(Single::Sp2(sp2)) = sp2_single_of_tex(n).map(|single| single.what) {
        return if usize::try_from(len).is_ok_and(|len| len == SP2_FILE_LEN) {
            (
                Severity::Fine,
                format!("{sp2} at twice the size, {len} bytes{combined}"),
            )
        } else {
            (
                Severity::Error,
                format!(
                    "by the HD table tex {n} is {sp2} at twice the size, {}, and this file is \
                     {len} bytes",
                    HdSp2::in_words()
                ),
            )
        };
    }
    match (listed, sized) {
        (_, None) => (
            Severity::Error,
            format!(
                "{len} bytes, and an HD sheet half is {} or {}: the loader copies a file whole as the half's pixels, so this one would not be drawn as meant",
                HdHalf::Upper.in_words(),
                HdHalf::Lower.in_words()
            ),
        ),
        (Some((pair, half)), Some(sized)) if half != sized => (
            Severity::Error,
            format!(
                "by the HD table tex {n} is the {half} half of {pair}, and this file has the {sized} \
                 half's size ({len} bytes)"
            ),
        ),
        (_, Some(half)) => (
            Severity::Fine,
            format!("{}, {len} bytes{combined}", of(half)),
        ),
    }
}

/// Each HD half's other half: a half alone is drawn with the game's own other half, which is
/// meant only when that half was not edited (a warning, not an error).
fn pair_findings(report: &Report) -> Vec<Finding> {
    // The halves the enhanced game reads (enhanced/ and combined/), by number.
    let read: Vec<(&HdFile, u32)> = report
        .hd
        .iter()
        .filter(|file| matches!(file.mode, Mode::Enhanced | Mode::Combined))
        .filter_map(|file| Some((file, file.number?)))
        .collect();
    let mut findings = Vec::new();
    for (file, n) in &read {
        // A half of neither size is an error of its own (hd_finding), unpaired; an SP2 at twice
        // the size has no other half.
        let Some(half) = file.half() else { continue };
        let message = match other_tex(*n, half) {
            Some(other) if read.iter().any(|(_, m)| *m == other) => continue,
            Some(other) => format!(
                "its other half, {}, is not in the mod: the enhanced game draws this one with \
                 the game's own (meant only if that half was not edited)",
                tex_file_name(other)
            ),
            None => format!(
                "{} of a pair, and no number is {} {n}: it has no other half for the enhanced \
                 game to draw it with",
                half.in_words(),
                match half {
                    HdHalf::Upper => "after",
                    HdHalf::Lower => "before",
                }
            ),
        };
        findings.push(Finding {
            severity: Severity::Warning,
            path: file.path.clone(),
            message,
            also: None,
        });
    }
    findings
}

/// What one file is, as a finding (none for a file the loader does not read and nobody meant it
/// to); a sprite file in its place is added to the report.
fn file_finding(
    dir: &Path,
    relative: &Path,
    placed: Placed,
    len: u64,
    report: &mut Report,
) -> Option<(Severity, String)> {
    match placed {
        Placed::Config | Placed::NotRead => None,
        Placed::Misplaced(why) => Some((Severity::Error, why)),
        Placed::Tables => Some((Severity::Note, "a table edit: not checked here".to_owned())),
        Placed::GameFile { .. } => Some((
            Severity::Note,
            "a game file that is no sprite file: not checked here".to_owned(),
        )),
        Placed::Charclut { .. } => {
            report.colours.push(slashed(relative));
            Some(charclut_finding(&dir.join(relative)))
        }
        Placed::Hd { mode, index } => {
            report.hd.push(HdFile {
                path: slashed(relative),
                mode,
                number: index,
                len,
            });
            Some(match (mode, index) {
                (_, None) => (
                    Severity::Error,
                    "the loader reads an HD sheet half only as tex_<N>.bin".to_owned(),
                ),
                (Mode::Classic, _) => (
                    Severity::Error,
                    "the classic game never reads the HD sheets: put it under enhanced/".to_owned(),
                ),
                (mode, Some(n)) => hd_finding(mode, n, len),
            })
        }
        Placed::Unit {
            mode,
            file,
            locale,
            other_case,
        } => {
            let (severity, message, verdict) = unit_finding(dir, relative, file, len);
            let message = if other_case && severity != Severity::Error {
                format!(
                    "{message}; but the loader's list spells it {} (in lower case), which its \
                     lookup may not match",
                    file.remaster_name()
                )
            } else {
                message
            };
            report.replaced.push(Replaced {
                path: slashed(relative),
                mode,
                file,
                locale,
                len,
                verdict,
            });
            Some((
                if other_case {
                    severity.max(Severity::Warning)
                } else {
                    severity
                },
                message,
            ))
        }
    }
}

/// Ramza's colours in their place: that they decode as CharCLUT, and how many rows they hold.
fn charclut_finding(path: &Path) -> (Severity, String) {
    let bytes = match read_capped(path, MAX_INPUT_LEN) {
        Ok(Capped::Bytes(bytes)) => bytes,
        Ok(Capped::Over { len }) => {
            return (
                Severity::Error,
                format!("{len} bytes, over the {MAX_INPUT_LEN} an NXD table is read to"),
            );
        }
        Err(error) => return (Severity::Error, format!("cannot be read: {error}")),
    };
    match CharClut::decode(&bytes) {
        Ok(clut) => (
            Severity::Note,
            format!(
                "Ramza's colours (CharCLUT, {} rows): the enhanced game colours his HD pairs \
                 with them",
                clut.rows().count()
            ),
        ),
        Err(error) => (
            Severity::Error,
            format!("does not decode as NXD CharCLUT: {error}"),
        ),
    }
}

/// A sprite file in its place: its size, the trap, its kind, that it decodes, its verdict.
fn unit_finding(
    dir: &Path,
    relative: &Path,
    file: &'static BattleFile,
    len: u64,
) -> (Severity, String, Option<Verdict>) {
    let name = file.remaster_name();
    if let Err(why) = file.check_fits(&name, len) {
        return (Severity::Error, without_name(&why, &name), None);
    }
    if let Some(why) = LOADER_LISTED_TWICE.trap(file.disc_name) {
        return (Severity::Error, why, None);
    }
    let path = dir.join(relative);
    // Its length fits (above), so it is read whole, to one byte past it if it grew since.
    let bytes = match read_capped(&path, u64::from(file.size)) {
        Ok(Capped::Bytes(bytes)) => bytes,
        Ok(Capped::Over { len }) => {
            return (
                Severity::Error,
                format!("grew to {len} bytes while it was checked"),
                None,
            );
        }
        Err(error) => return (Severity::Error, format!("cannot be read: {error}"), None),
    };
    let Some(format) = file.format() else {
        return (Severity::Error, "not a sprite file".to_owned(), None);
    };
    if let Some(what) = wrong_kind(&bytes, format) {
        return (
            Severity::Error,
            format!(
                "this is {what}, but {} is {}",
                file.disc_name,
                format.in_words()
            ),
            None,
        );
    }
    if let Err(error) = fft_formats::round_trip(format, &bytes) {
        return (
            Severity::Error,
            format!("does not decode as {}: {error}", format.in_words()),
            None,
        );
    }
    let verdict = Verdict::of_named(&name, &bytes);
    let index = file
        .fftpack_index()
        .map(|i| format!(" (index {i})"))
        .unwrap_or_default();
    (
        Severity::Fine,
        format!(
            "{}{index}, {len} bytes (the original's {}): {}",
            file.disc_name,
            file.size,
            verdict.describe()
        ),
        Some(verdict),
    )
}

/// A message worded for a file named `name`, without its name (the finding's path says it).
fn without_name(message: &str, name: &str) -> String {
    message
        .strip_prefix(&format!("{name}: "))
        .unwrap_or(message)
        .to_owned()
}

/// Two files of the mod that the loader gives the same slot of one game: a sprite file (of one
/// language) under two mode folders that one game reads, or an HD half under `combined/` and
/// `enhanced/` (only the enhanced game reads HD halves).
fn overlaps(report: &Report) -> Vec<Finding> {
    const BOTH: &[Mode] = &[Mode::Classic, Mode::Enhanced];
    let games = |mode: Mode| -> &'static [Mode] {
        match mode {
            Mode::Combined => BOTH,
            Mode::Classic => &BOTH[..1],
            Mode::Enhanced => &BOTH[1..],
        }
    };
    let units = report.replaced.iter().map(|file| {
        (
            file.file.disc_name.to_owned(),
            file.locale.as_deref(),
            games(file.mode),
            file.path.as_str(),
        )
    });
    let halves = report.hd.iter().filter_map(|file| {
        let read_by = match file.mode {
            Mode::Classic => &[][..],
            Mode::Combined | Mode::Enhanced => &BOTH[1..],
        };
        Some((
            tex_file_name(file.number?),
            None,
            read_by,
            file.path.as_str(),
        ))
    });
    let mut by_slot: BTreeMap<(String, Option<&str>, &str), Vec<&str>> = BTreeMap::new();
    for (name, locale, read_by, path) in units.chain(halves) {
        for game in read_by {
            by_slot
                .entry((name.clone(), locale, game.folder()))
                .or_default()
                .push(path);
        }
    }
    by_slot
        .into_iter()
        .filter(|(_, paths)| paths.len() > 1)
        .map(|((name, _, game), paths)| Finding {
            severity: Severity::Warning,
            path: paths[1].to_owned(),
            message: format!(
                "{} and this both replace {name} in the {game} game: the loader logs a conflict \
                 and serves one of them",
                Shown(&paths[0])
            ),
            also: Some(paths[0].to_owned()),
        })
        .collect()
}

/// Files for a game the description does not offer the mod to.
fn mode_findings(report: &Report) -> Vec<Finding> {
    let mut findings = Vec::new();
    for mode in Mode::ALL {
        let Some(first) = report.replaced.iter().find(|r| r.mode == mode) else {
            continue;
        };
        if mode
            .app_ids()
            .iter()
            .all(|app| !report.config.supports(app))
        {
            findings.push(Finding {
                severity: Severity::Warning,
                path: first.path.clone(),
                message: format!(
                    "the files under {}/ are for {}, which SupportedAppId does not name",
                    mode.folder(),
                    mode.app_ids().join(" and ")
                ),
                also: None,
            });
        }
    }
    findings
}
