//! What a file is, from its bytes ([`sniff`]): a SHP, SEQ or SPR (from its length fields,
//! [`fft_formats::detect_format`]), the text form of one (docs/text-forms.md), a PNG or GIF
//! picture, JSON text (a document or a layer document), a Tactics Ogre SAS set or `pakd`
//! container; each said in words, so a file of the wrong kind is refused as what it is rather than
//! with a decoder's complaint about an offset. The remaster's HD sheet halves (`tex_N.bin`, told
//! by their size: no header) are the next kind to be told here.
//!
//! And the kind a command decodes a file as ([`choose_kind`]), and a SEQ or SHP input that may be
//! its text form ([`SpriteFile`]).

use std::path::Path;

use faults::Shown;
use faults::Words;
use fft_formats::{FileFormat, text};
use sprite_render::sheet::PNG_SIGNATURE;

use crate::error::{Error, Result};
use crate::names::GameName;
use crate::read::{InputFile, MAX_INPUT_LEN, read_input};

/// What a file is, from its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sniffed {
    /// A SHP, SEQ or SPR file, by its length fields.
    Sprite(FileFormat),
    /// The text form of a SEQ or SHP file, by its `.format` line.
    Text(FileFormat),
    /// A PNG picture, by its signature.
    Png,
    /// A GIF picture.
    Gif,
    /// JSON text: a document, a layer document, a SAS document.
    Json,
    /// A Tactics Ogre SAS set (`SAS3` or `SAS\0`, either byte order).
    Sas,
    /// A `pakd` container.
    Pakd,
}

impl Sniffed {
    /// What it is, in words: `a PNG picture`, `the text form of a SEQ file (animation bytecode)`.
    pub fn in_words(self) -> String {
        match self {
            Sniffed::Sprite(format) => format.in_words().to_owned(),
            Sniffed::Text(format) => text_form_in_words(format),
            Sniffed::Png => "a PNG picture".to_owned(),
            Sniffed::Gif => "a GIF picture".to_owned(),
            Sniffed::Json => "JSON text (a tactics-sprite-data document?)".to_owned(),
            Sniffed::Sas => "a SAS set".to_owned(),
            Sniffed::Pakd => "a pakd container".to_owned(),
        }
    }
}

/// What `bytes` are, if anything this project reads.
pub fn sniff(bytes: &[u8]) -> Option<Sniffed> {
    if let Some(format) = text::detect(bytes) {
        return Some(Sniffed::Text(format));
    }
    if let Some(format) = fft_formats::detect_format(bytes) {
        return Some(Sniffed::Sprite(format));
    }
    sniff_other(bytes)
}

/// What `bytes` are when they are no sprite file and no text form of one.
fn sniff_other(bytes: &[u8]) -> Option<Sniffed> {
    if bytes.starts_with(&PNG_SIGNATURE) {
        return Some(Sniffed::Png);
    }
    if bytes.starts_with(b"GIF8") {
        return Some(Sniffed::Gif);
    }
    let start = bytes.trim_ascii_start();
    if (start.starts_with(b"{") || start.starts_with(b"["))
        && serde_json::from_slice::<serde_json::Value>(bytes).is_ok()
    {
        return Some(Sniffed::Json);
    }
    sniff_sas(bytes)
}

/// A SAS set or `pakd` container, from the first four bytes.
pub fn sniff_sas(head: &[u8]) -> Option<Sniffed> {
    if sas_formats::is_sas(head) {
        Some(Sniffed::Sas)
    } else if sas_formats::is_pakd(head) {
        Some(Sniffed::Pakd)
    } else {
        None
    }
}

/// Whether the file at `path` is a SAS set or a `pakd` container, from its first four bytes.
/// Anything that cannot be read is left to the ordinary path, which reports it.
pub fn sniff_sas_file(path: &Path) -> Option<Sniffed> {
    sniff_sas(&crate::read::read_head::<4>(path)?)
}

/// Whether a file starts as JSON text: its first byte that is not white space, within the
/// longest input any command reads, is `{` (false when it cannot be opened: the read that follows
/// names the problem).
pub fn starts_as_json(path: &Path) -> bool {
    use std::io::{BufReader, Read};
    crate::read::open_regular(path).is_ok_and(|file| {
        BufReader::new(file.take(MAX_INPUT_LEN))
            .bytes()
            .map_while(std::result::Result::ok)
            .find(|b| !b.is_ascii_whitespace())
            == Some(b'{')
    })
}

/// What a file that is no sprite file at all is, by its first bytes: a PNG or GIF picture, JSON
/// text, the text form of a SEQ or SHP file; `None` for anything else. Errors say it instead of a
/// decoder's complaint about offsets.
pub fn not_a_sprite_file(bytes: &[u8]) -> Option<String> {
    match sniff_other(bytes) {
        Some(Sniffed::Sas | Sniffed::Pakd) | None => text::detect(bytes).map(text_form_in_words),
        Some(other) => Some(other.in_words()),
    }
}

/// What a file is, in words, when it is not the `wanted` kind: "a SEQ file (animation bytecode)",
/// "a PNG picture", ...; `None` when it may well be `wanted` (or is nothing recognisable).
pub fn wrong_kind(bytes: &[u8], wanted: FileFormat) -> Option<String> {
    if let Some(what) = not_a_sprite_file(bytes) {
        return Some(what);
    }
    let kind = fft_formats::detect_format(bytes)?;
    (kind != wanted).then(|| kind.in_words().to_owned())
}

/// `the text form of a SEQ file (animation bytecode)`.
pub fn text_form_in_words(format: FileFormat) -> String {
    format!("the text form of {}", format.in_words())
}

/// How the kind of a file was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatSource {
    /// From the file's length fields ([`fft_formats::detect_format`]).
    Detected,
    /// By `--kind`.
    Forced,
}

impl FormatSource {
    /// `detected` or `forced`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Detected => "detected",
            Self::Forced => "forced",
        }
    }
}

/// The kind to decode `bytes` as: `forced` when given (`--kind`), else what the structure says.
///
/// # Errors
/// A text form (which `asm` compiles first), whatever is forced; when nothing is forced and the
/// structure fits no kind, the message suggests `--kind` (the request's parameter `kind`).
pub fn choose_kind(
    path: &Path,
    bytes: &[u8],
    forced: Option<FileFormat>,
) -> Result<(FileFormat, FormatSource)> {
    let shown = || Shown(&path).to_string();
    if let Some(format) = text::detect(bytes) {
        return Err(Error::file(format!(
            "this is {}, not the file itself; `tactics-sprite asm` compiles it to the file",
            text_form_in_words(format)
        ))
        .in_context(shown()));
    }
    if let Some(kind) = forced {
        return Ok((kind, FormatSource::Forced));
    }
    if let Some(kind) = fft_formats::detect_format(bytes) {
        return Ok((kind, FormatSource::Detected));
    }
    if let Some(what) = not_a_sprite_file(bytes) {
        return Err(Error::file(format!(
            "this is {what}, not a sprite file (SHP, SEQ or SPR)"
        ))
        .in_context(shown()));
    }
    // A tex file has no header to tell it by: its name says what it should be, and TexFile
    // says which sizes a half has.
    if let Some(name) = path.file_name().and_then(|n| n.to_str())
        && crate::names::hd::tex_number(name).is_some()
    {
        return Err(crate::hd::not_a_half(&shown(), bytes.len()));
    }
    let (suggested, size) = (kind_from_name(path), bytes.len());
    Err(Error::file(Words::new(move |s| {
        let hint = match suggested {
            Some(kind) => format!(
                "pass {} (as the file name suggests)",
                s.given("kind", &kind.name())
            ),
            None => format!(
                "pass {}",
                s.given("kind", &"unit-shp, weapon-shp, seq or spr")
            ),
        };
        format!(
            "cannot tell the kind of file: its size (0x{size:X} bytes) matches the length fields \
             of no format (truncated or not a sprite file?); {hint} to decode it anyway and see \
             where it breaks"
        )
    }))
    .in_context(shown()))
}

/// The kind a retail-style file name suggests (`TYPE1.SEQ`, `battle_wep1_shp.bin`), used only to
/// word the advice when the structure fits no kind.
fn kind_from_name(path: &Path) -> Option<FileFormat> {
    crate::names::battle::format_of(&GameName::parse(path.file_name()?.to_str()?))
}

/// A SEQ or SHP input as `build`, `check` and `diff` read it: the file itself, or its text form
/// (docs/text-forms.md, told by its `.format` line) assembled to the bytes `asm` would write, so
/// that a modder's edited text goes wherever the file goes.
#[derive(Debug, Clone)]
pub struct SpriteFile {
    /// Its path as given and the file's bytes, or the text's assembled.
    pub file: InputFile,
    /// The format of the text form the bytes were assembled from, if they were.
    pub text: Option<FileFormat>,
}

impl SpriteFile {
    /// A file read by other means (from a disc image), which is never a text form.
    pub fn binary(file: InputFile) -> Self {
        Self { file, text: None }
    }

    /// Reads the file at `path`, and assembles it when it is a text form.
    ///
    /// # Errors
    /// As [`read_input`]; a text form that does not assemble, at its line and column
    /// (`type1.seq.txt: line 12, column 5: unknown opcode ...`).
    pub fn read(path: &Path) -> Result<Self> {
        Self::from_input(InputFile::new(path, read_input(path)?))
    }

    /// A file read (from disk or an image), assembled when it is a text form.
    ///
    /// # Errors
    /// A text form that does not assemble, at its line and column, named by the file's name.
    pub fn from_input(file: InputFile) -> Result<Self> {
        Ok(Self::assembled(file)?.0)
    }

    /// As [`SpriteFile::from_input`], with the text form's text and its assembly (the model, and
    /// the line of each command) kept beside the file when it was one.
    ///
    /// # Errors
    /// As [`SpriteFile::from_input`].
    pub fn assembled(file: InputFile) -> Result<(Self, Option<TextSource>)> {
        if text::detect(&file.bytes).is_none() && !starts_as_text(&file.bytes) {
            return Ok((Self::binary(file), None));
        }
        let assembly =
            text::assemble_bytes(&file.bytes).map_err(|e| Error::from(e).in_context(&file.name))?;
        let read = Self {
            text: Some(assembly.model.format()),
            file: InputFile {
                name: file.name,
                bytes: assembly.bytes.clone(),
            },
        };
        let text = String::from_utf8_lossy(&file.bytes).into_owned();
        Ok((read, Some(TextSource { text, assembly })))
    }

    /// `the text form of a SEQ file (animation bytecode)` when it was a text form of a format
    /// other than `wanted`; `None` otherwise.
    pub fn other_text(&self, wanted: FileFormat) -> Option<String> {
        self.text
            .filter(|format| *format != wanted)
            .map(text_form_in_words)
    }

    /// What it is in words when it is not `wanted`: a text form of another format, or bytes of
    /// another kind ([`wrong_kind`]); `None` when it may well be `wanted`.
    pub fn wrong_kind(&self, wanted: FileFormat) -> Option<String> {
        if self.text.is_some() {
            self.other_text(wanted)
        } else {
            wrong_kind(&self.file.bytes, wanted)
        }
    }
}

/// A text form as it was read: its text, and what it assembled to.
#[derive(Debug, Clone)]
pub struct TextSource {
    pub text: String,
    pub assembly: text::Assembly,
}

/// Whether `bytes` start as a text form might, though [`text::detect`] finds no format they name
/// (`.format seqq`, a directive before `.format`): a directive or a comment first, UTF-8, and no
/// NUL byte, which every SEQ and SHP file has in its header. The assembler then says what is
/// wrong at its line and column, rather than a decoder at a byte offset.
pub fn starts_as_text(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    // A character cut at the end of the head is still text.
    let utf8 = std::str::from_utf8(head).map_or_else(|e| e.error_len().is_none(), |_| true);
    utf8 && matches!(head.trim_ascii_start().first(), Some(b'.' | b';')) && !head.contains(&0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retail_style_name_suggests_its_kind_in_either_form() {
        let kind = |name: &str| kind_from_name(Path::new(name));
        assert_eq!(kind("TYPE1.SEQ"), Some(FileFormat::Seq));
        assert_eq!(kind("battle_wep1_shp.bin"), Some(FileFormat::WeaponShp));
        assert_eq!(kind("eff1.shp"), Some(FileFormat::WeaponShp));
        assert_eq!(kind("battle_behi2_sp2.bin"), Some(FileFormat::Spr));
        assert_eq!(kind("type1.shp"), Some(FileFormat::UnitShp));
        assert_eq!(kind("notes.txt"), None);
    }

    #[test]
    fn pictures_and_json_are_named_for_what_they_are() {
        assert_eq!(
            not_a_sprite_file(&PNG_SIGNATURE).as_deref(),
            Some("a PNG picture")
        );
        assert_eq!(sniff(b"GIF89a"), Some(Sniffed::Gif));
        assert_eq!(
            not_a_sprite_file(b" {\"format\": 1}").as_deref(),
            Some("JSON text (a tactics-sprite-data document?)")
        );
        assert_eq!(not_a_sprite_file(b"{ not json"), None);
    }
}
