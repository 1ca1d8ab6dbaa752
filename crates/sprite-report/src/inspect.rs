//! The report `inspect` prints, for a sprite file (this module) and a SAS set or container
//! ([`crate::sas`]) alike, built once per file and rendered two ways: text for a person
//! (aligned `key  value` lines) and one JSON object for programs (serde, keys in declaration
//! order). The identity is the same for every format; each format module supplies its `header`,
//! `counts` and verbose listing: [`unit_shp`], [`weapon_shp`] (both list frames as [`frames`]
//! does), [`seq`], [`spr`], [`hd`], [`nxd`].

pub mod frames;
pub mod hd;
pub mod nxd;
pub mod seq;
pub mod spr;
pub mod unit_shp;
pub mod weapon_shp;

use std::fmt::Write as _;

use fft_formats::FileFormat;
use serde::Serialize;
use sprite_inputs::retail::{self, sha256_hex};

use sprite_inputs::sniff::FormatSource;

/// Everything `inspect` prints about one file: `H` and `C` are the format's `header` and `counts`
/// sections, `L` its verbose listing.
#[derive(Serialize)]
pub struct Report<H, C, L> {
    #[serde(flatten)]
    pub identity: Identity,
    pub header: H,
    pub counts: C,
    /// When verbose: one more key (`frames`, `palettes` or `slots`) after `counts`.
    #[serde(flatten)]
    pub listing: Option<L>,
}

impl<H: Section + Serialize, C: Section + Serialize, L: Listing + Serialize> Report<H, C, L> {
    /// The report as one pretty-printed JSON object (`json`) or as text, ending in a newline.
    ///
    /// # Errors
    /// Never in practice: every value serializes.
    pub fn render(&self, json: bool) -> serde_json::Result<String> {
        render(self, json, Self::to_text)
    }

    /// The identity unindented, then each section under its name, then the listing.
    fn to_text(&self) -> String {
        let mut text = String::new();
        write_fields(&mut text, "", &self.identity.fields());
        for (name, fields) in [
            ("header", self.header.fields()),
            ("counts", self.counts.fields()),
        ] {
            let _ = writeln!(text, "{name}");
            write_fields(&mut text, "  ", &fields);
        }
        if let Some(listing) = &self.listing {
            listing.write_text(&mut text);
        }
        text
    }
}

/// A report (any of `inspect`'s, the SAS ones too) as one pretty-printed JSON object (`json`, its
/// `Serialize`) or as its `text`, ending in a newline.
///
/// # Errors
/// Never in practice: every value serializes.
pub fn render<T: Serialize>(
    report: &T,
    json: bool,
    text: impl FnOnce(&T) -> String,
) -> serde_json::Result<String> {
    if json {
        let mut out = serde_json::to_string_pretty(report)?;
        out.push('\n');
        Ok(out)
    } else {
        Ok(text(report))
    }
}

/// `key  value` lines, the values aligned one column past the longest key.
fn write_fields(text: &mut String, indent: &str, fields: &[(&str, String)]) {
    let width = fields.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    write_fields_in_column(text, indent, width, fields);
}

/// `key  value` lines, the keys padded to `width`: for reports whose sections share one column.
pub fn write_fields_in_column(
    text: &mut String,
    indent: &str,
    width: usize,
    fields: &[(&str, String)],
) {
    for (key, value) in fields {
        let _ = writeln!(text, "{indent}{key:width$}  {value}");
    }
}

/// A flat group of values, listed in text as `key  value` lines in the order JSON writes them.
/// Declared with `section!`, which derives both from one struct.
pub trait Section {
    /// Each field's key and text, in declaration order; a field whose text is `None` is left out.
    fn fields(&self) -> Vec<(&'static str, String)>;
}

/// The verbose listing's text (its JSON is its `Serialize`).
pub trait Listing {
    fn write_text(&self, text: &mut String);
}

/// How a section's value reads in the text; its JSON form is its `Serialize`.
pub trait FieldText {
    /// The text after the key; `None` leaves the line out, for a value JSON leaves out too
    /// (`skip_serializing_if`).
    fn text(&self) -> Option<String>;
}

/// Values that read in the text as they display.
macro_rules! displayed {
    ($($ty:ty),*) => {
        $(impl FieldText for $ty {
            fn text(&self) -> Option<String> {
                Some(self.to_string())
            }
        })*
    };
}
displayed!(u16, u64, usize, String, &str);

impl<T: FieldText> FieldText for Option<T> {
    fn text(&self) -> Option<String> {
        self.as_ref().and_then(FieldText::text)
    }
}

/// Declares a [`Section`]: a struct that derives `Serialize` (the JSON) and lists its fields in
/// the text under their own names, each value through [`FieldText`]. The field names are the
/// keys of both renderings, so they take no `serde(rename)`.
macro_rules! section {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $($(#[$field_attr:meta])* $field_vis:vis $field:ident: $ty:ty),* $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(serde::Serialize)]
        $vis struct $name {
            $($(#[$field_attr])* $field_vis $field: $ty),*
        }

        impl $crate::inspect::Section for $name {
            fn fields(&self) -> Vec<(&'static str, String)> {
                let mut fields = Vec::new();
                $(
                    if let Some(text) = $crate::inspect::FieldText::text(&self.$field) {
                        fields.push((stringify!($field), text));
                    }
                )*
                fields
            }
        }
    };
}
pub(crate) use section;

/// A header value the text shows as four hex digits and in decimal (`0x00FF (255)`), as the
/// format description writes it; JSON writes the number.
#[derive(Serialize)]
#[serde(transparent)]
pub struct Hex(pub u64);

impl FieldText for Hex {
    fn text(&self) -> Option<String> {
        Some(format!("0x{:04X} ({})", self.0, self.0))
    }
}

/// A list of numbers: `[1, 2, 3]` in the text, an array in JSON.
#[derive(Serialize)]
#[serde(transparent)]
pub struct Numbers(pub Vec<u64>);

impl FieldText for Numbers {
    fn text(&self) -> Option<String> {
        let items: Vec<String> = self.0.iter().map(u64::to_string).collect();
        Some(format!("[{}]", items.join(", ")))
    }
}

/// The file's size: `1189 bytes (0x4A5)` in the text, the number in JSON.
#[derive(Serialize)]
#[serde(transparent)]
pub struct ByteSize(pub usize);

impl FieldText for ByteSize {
    fn text(&self) -> Option<String> {
        Some(format!("{} bytes (0x{:X})", self.0, self.0))
    }
}

/// The retail file it is (by sha256): its disc name, or `null` in JSON and a sentence in the
/// text, which for a kind the project keeps no digests of (the remaster's HD halves and NXD
/// tables) says so rather than calling the file unknown.
#[derive(Serialize)]
#[serde(transparent)]
pub struct Retail {
    pub name: Option<&'static str>,
    /// The remaster's files of this kind, in words, when the project keeps no digests of them
    /// (`HD files`); `None` when it does.
    #[serde(skip)]
    pub unrecorded: Option<&'static str>,
}

impl FieldText for Retail {
    fn text(&self) -> Option<String> {
        Some(match (self.name, self.unrecorded) {
            (Some(name), _) => format!("retail {name}"),
            (None, None) => "not a known retail file".to_owned(),
            (None, Some(kind)) => {
                format!("no digest on record (none is kept of the remaster's {kind})")
            }
        })
    }
}

section! {
    /// What the file is, whatever its format.
    pub struct Identity {
        /// The path as given.
        pub file: String,
        pub size: ByteSize,
        /// Lower-case hex.
        pub sha256: String,
        pub retail: Retail,
        pub kind: &'static str,
        /// `detected` from the structure or `forced` by the request.
        pub kind_source: &'static str,
        /// SEQ files: the opcode table they were decoded with.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub opcode_table: Option<&'static str>,
    }
}

impl Identity {
    /// The identity of `bytes`, read from `file` and decoded as `kind`.
    pub fn new(file: String, bytes: &[u8], kind: FileFormat, source: FormatSource) -> Self {
        let sha256 = sha256_hex(bytes);
        Self {
            file,
            size: ByteSize(bytes.len()),
            retail: Retail {
                name: retail::by_sha256(&sha256).map(|file| file.disc_name),
                unrecorded: match kind {
                    FileFormat::HdHalf => Some("HD files"),
                    FileFormat::Nxd => Some("NXD tables"),
                    _ => None,
                },
            },
            sha256,
            kind: kind.name(),
            kind_source: source.name(),
            opcode_table: None,
        }
    }
}
