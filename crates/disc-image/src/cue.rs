//! Cue sheets (the CDRWIN text beside a `.bin`): just enough of them to find the data track, its
//! file and its sector size. A cue is told from the bytes (short text whose commands are cue
//! commands, one of them `FILE`), not from its name.

use std::path::Path;

/// A cue sheet is far shorter than this; longer text is not one.
pub const MAX_CUE_BYTES: usize = 64 * 1024;

/// The commands a cue sheet is made of.
const COMMANDS: [&str; 14] = [
    "FILE",
    "TRACK",
    "INDEX",
    "PREGAP",
    "POSTGAP",
    "REM",
    "FLAGS",
    "CATALOG",
    "CDTEXTFILE",
    "PERFORMER",
    "TITLE",
    "SONGWRITER",
    "ISRC",
    "ARRANGER",
];

/// A track's mode, as the cue names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackMode {
    Audio,
    /// `MODE1/2048`, `MODE1/2352`, `MODE2/2352`, `MODE2/2336`, ...: the mode and the sector size.
    Data {
        mode: u8,
        sector_size: u64,
    },
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Track {
    pub number: u32,
    pub mode: TrackMode,
    /// `INDEX 01`, in frames (sectors) from the start of its file.
    pub index1: Option<u64>,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CueFile {
    pub name: String,
    pub line: usize,
    pub tracks: Vec<Track>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CueSheet {
    pub files: Vec<CueFile>,
}

/// Whether `bytes` are a cue sheet: at most [`MAX_CUE_BYTES`] of text, every line a cue command,
/// and a `FILE` among them.
pub fn looks_like_cue(bytes: &[u8]) -> bool {
    if bytes.len() > MAX_CUE_BYTES || bytes.is_empty() {
        return false;
    }
    let Ok(text) = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)) else {
        return false;
    };
    let mut has_file = false;
    for line in text.lines() {
        let Some(command) = line.split_whitespace().next() else {
            continue;
        };
        let command = command.to_ascii_uppercase();
        if !COMMANDS.contains(&command.as_str()) {
            return false;
        }
        has_file |= command == "FILE";
    }
    has_file
}

/// `mm:ss:ff` in frames (75 a second).
fn msf(text: &str) -> Option<u64> {
    let mut parts = text.split(':').map(|p| p.parse::<u64>().ok());
    let (m, s, f) = (parts.next()??, parts.next()??, parts.next()??);
    (parts.next().is_none() && s < 60 && f < 75 && m < 1000).then_some((m * 60 + s) * 75 + f)
}

/// The quoted or bare file name of a `FILE` line, and the rest.
fn file_name(rest: &str) -> Option<String> {
    let rest = rest.trim();
    if let Some(quoted) = rest.strip_prefix('"') {
        let end = quoted.find('"')?;
        return Some(quoted[..end].to_owned());
    }
    // Unquoted: the name is everything before the last word (the file type).
    let (name, _kind) = rest.rsplit_once(char::is_whitespace)?;
    Some(name.trim().to_owned())
}

/// Parses a cue sheet.
///
/// # Errors
/// `(line, problem)` for a `TRACK` before any `FILE`, a `FILE` with no name, a track number or
/// an index that does not parse.
pub fn parse(text: &str) -> Result<CueSheet, (usize, String)> {
    let mut files: Vec<CueFile> = Vec::new();
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            continue;
        };
        match command.to_ascii_uppercase().as_str() {
            "FILE" => {
                let rest = line.trim_start()[command.len()..].to_owned();
                let name = file_name(&rest)
                    .filter(|n| !n.is_empty())
                    .ok_or((line_no, "a FILE line names no file".to_owned()))?;
                files.push(CueFile {
                    name,
                    line: line_no,
                    tracks: Vec::new(),
                });
            }
            "TRACK" => {
                let file = files
                    .last_mut()
                    .ok_or((line_no, "a TRACK before any FILE".to_owned()))?;
                let number = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or((line_no, "a TRACK with no number".to_owned()))?;
                let mode = words
                    .next()
                    .ok_or((line_no, "a TRACK with no mode".to_owned()))?
                    .to_ascii_uppercase();
                let mode = match mode.as_str() {
                    "AUDIO" => TrackMode::Audio,
                    other => match other.strip_prefix("MODE").and_then(|m| m.split_once('/')) {
                        Some((m @ ("1" | "2"), size)) => match size.parse() {
                            Ok(sector_size) => TrackMode::Data {
                                mode: if m == "1" { 1 } else { 2 },
                                sector_size,
                            },
                            Err(_) => TrackMode::Other(other.to_owned()),
                        },
                        _ => TrackMode::Other(other.to_owned()),
                    },
                };
                file.tracks.push(Track {
                    number,
                    mode,
                    index1: None,
                    line: line_no,
                });
            }
            "INDEX" => {
                let track = files
                    .last_mut()
                    .and_then(|f| f.tracks.last_mut())
                    .ok_or((line_no, "an INDEX before any TRACK".to_owned()))?;
                let number: u32 = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or((line_no, "an INDEX with no number".to_owned()))?;
                let at = words
                    .next()
                    .and_then(msf)
                    .ok_or((line_no, "an INDEX whose time is not mm:ss:ff".to_owned()))?;
                if number == 1 {
                    track.index1 = Some(at);
                }
            }
            _ => {}
        }
    }
    Ok(CueSheet { files })
}

/// The data track: its file, the track, and the byte offset of its first sector in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataTrack {
    pub file: CueFile,
    pub track: Track,
    pub sector_size: u64,
}

impl CueSheet {
    /// The first data track, which holds the file system.
    ///
    /// # Errors
    /// No data track, or one this reader does not read (not the first track of its file at its
    /// start, or a sector size other than 2048 and 2352), in words.
    pub fn data_track(&self) -> Result<DataTrack, String> {
        let (file, track) = self
            .files
            .iter()
            .flat_map(|f| f.tracks.iter().map(move |t| (f, t)))
            .find(|(_, t)| !matches!(t.mode, TrackMode::Audio))
            .ok_or("the cue sheet lists no data track (every track is AUDIO)")?;
        let sector_size = match &track.mode {
            TrackMode::Data { sector_size, .. } => *sector_size,
            TrackMode::Other(mode) => {
                return Err(format!(
                    "track {} (line {}) is {mode}, which this reader does not read",
                    track.number, track.line
                ));
            }
            TrackMode::Audio => unreachable!("skipped above"),
        };
        if ![2048, 2352].contains(&sector_size) {
            return Err(format!(
                "track {} (line {}) has {sector_size}-byte sectors; this reader reads 2352 \
                 (raw) and 2048 (cooked)",
                track.number, track.line
            ));
        }
        let first_in_file = file
            .tracks
            .first()
            .is_some_and(|t| t.number == track.number);
        if !first_in_file || track.index1.unwrap_or(0) != 0 {
            return Err(format!(
                "the data track {} (line {}) does not start at the beginning of {}: its sector \
                 addresses would not be the file system's; not read",
                track.number, track.line, file.name
            ));
        }
        Ok(DataTrack {
            file: file.clone(),
            track: track.clone(),
            sector_size,
        })
    }
}

/// The cue text with the `FILE` line `line` naming `new_name` instead (a patched copy's cue).
pub fn with_file_renamed(text: &str, line: usize, new_name: &str) -> String {
    let mut out = String::with_capacity(text.len() + new_name.len());
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let ending = &l[l.trim_end_matches(['\r', '\n']).len()..];
            let kind = l
                .trim_end()
                .rsplit_once(char::is_whitespace)
                .map_or("BINARY", |(_, k)| k);
            out.push_str(&format!("FILE \"{new_name}\" {kind}{ending}"));
        } else {
            out.push_str(l);
        }
    }
    out
}

/// The data file a cue names, beside the cue.
pub fn resolve(cue: &Path, name: &str) -> std::path::PathBuf {
    let name = name.replace('\\', "/");
    cue.parent().unwrap_or(Path::new(".")).join(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PS1: &str = "FILE \"Final Fantasy Tactics (USA).bin\" BINARY\r\n  TRACK 01 MODE2/2352\r\n    INDEX 01 00:00:00\r\n";

    #[test]
    fn a_ps1_cue_has_one_mode2_track_at_the_start() {
        assert!(looks_like_cue(PS1.as_bytes()));
        let sheet = parse(PS1).unwrap();
        let data = sheet.data_track().unwrap();
        assert_eq!(data.file.name, "Final Fantasy Tactics (USA).bin");
        assert_eq!(data.sector_size, 2352);
        assert_eq!(
            data.track.mode,
            TrackMode::Data {
                mode: 2,
                sector_size: 2352
            }
        );
    }

    #[test]
    fn other_text_is_no_cue() {
        assert!(!looks_like_cue(b"hello world\n"));
        assert!(!looks_like_cue(b"REM only\n"));
        assert!(!looks_like_cue(b"\x00\xFF\xFF\xFF"));
    }

    #[test]
    fn audio_first_then_data_is_refused_with_the_reason() {
        let text = "FILE \"a.bin\" BINARY\n TRACK 01 AUDIO\n INDEX 01 00:00:00\n TRACK 02 MODE1/2352\n INDEX 01 03:00:00\n";
        let why = parse(text).unwrap().data_track().unwrap_err();
        assert!(
            why.contains("does not start at the beginning of a.bin"),
            "{why}"
        );
    }

    #[test]
    fn a_renamed_file_line_keeps_its_type_and_line_ending() {
        let renamed = with_file_renamed(PS1, 1, "patched.bin");
        assert!(
            renamed.starts_with("FILE \"patched.bin\" BINARY\r\n  TRACK 01"),
            "{renamed}"
        );
    }

    #[test]
    fn bad_lines_name_their_line() {
        assert_eq!(parse("TRACK 01 MODE1/2352\n").unwrap_err().0, 1);
        assert_eq!(
            parse("FILE \"a\" BINARY\n TRACK 01 MODE1/2352\n INDEX 01 0:99:00\n")
                .unwrap_err()
                .0,
            3
        );
    }
}
