//! The one error type of the crate, [`RenderError`]: the art, the pictures and their files, a
//! picture made into a sheet too (`spr_png`, `hd_png`). A request's own fault is a
//! [`crate::RequestFault`] (its doc says why it stands apart).

use fft_formats::spr::{PALETTE_COLOURS, SprVariant, WIDTH};

use crate::image::Rgba;

/// Why a picture cannot be made. A plain enum: each variant is a kind to match on and carries
/// its facts; the errors of the crates below keep their own kinds (`RenderError::Spr(e)` then
/// `e.kind()`, `RenderError::Data(e)` then `e.kind()`).
#[non_exhaustive]
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    // The four wrapped errors are in the message, so they are not chained as sources too (a
    // one-line report of the chain would print them twice).
    #[error("not an SPR sheet: {0}")]
    Spr(fft_formats::DecodeError),
    #[error("not a readable PNG: {0}")]
    PngDecode(png::DecodingError),
    #[error("cannot write the PNG: {0}")]
    PngEncode(png::EncodingError),
    #[error("cannot write the GIF: {0}")]
    GifEncode(gif::EncodingError),
    #[error(
        "a sheet PNG is {} pixels wide and at most {max_height} tall; this one is {width} x {height}",
        fft_formats::spr::WIDTH
    )]
    SheetSize {
        width: u32,
        height: u32,
        max_height: u32,
    },
    #[error("a {variant} sheet has no palette of its own (it uses its base sheet's)")]
    NoPalette {
        variant: fft_formats::spr::SprVariant,
    },
    #[error("palette {palette} is out of range: this {variant} sheet has palettes 0..{}", .count - 1)]
    PaletteOutOfRange {
        palette: usize,
        variant: fft_formats::spr::SprVariant,
        count: usize,
    },
    #[error("a {variant} sheet has no portrait")]
    NoPortrait {
        variant: fft_formats::spr::SprVariant,
    },
    #[error(
        "cell {cell} ({x}, {y}, {w} x {h}) lies outside the {sheet_width} x {sheet_height} sheet: \
         the document's cells are cut from a {doc_width} x {doc_height} sheet"
    )]
    CellOutsideSheet {
        cell: sprite_data::CellId,
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        sheet_width: u32,
        sheet_height: u32,
        doc_width: u32,
        doc_height: u32,
    },
    #[error("frame {frame} is not in the document, which has frames 0..{}", .count.saturating_sub(1))]
    FrameOutOfRange { frame: usize, count: usize },
    #[error("sequence {sequence} is not in the document, which has sequences 0..{}", .count.saturating_sub(1))]
    SequenceOutOfRange { sequence: usize, count: usize },
    /// A document whose references do not resolve (a pose that cannot be drawn).
    #[error(transparent)]
    Data(#[from] sprite_data::Error),
    #[error("{0}")]
    Limit(sprite_data::limits::LimitExceeded),
    #[error("the picture would be {width} x {height} pixels, over the limit of {limit} pixels")]
    TooLarge { width: u64, height: u64, limit: u64 },
    #[error("a delay of {ticks} ticks is over the {max} an animated PNG frame can hold")]
    DelayTooLong { ticks: u64, max: u64 },
    #[error("{sequence:?} draws from the second sheet {file} (an SP2), which was not given")]
    Sp2Needed { sequence: String, file: String },
    #[error(
        "not an SP2 sheet: this is a {variant} sheet (an SP2 is {} x {} with no palette)",
        fft_formats::spr::SP2_SIZE.0,
        fft_formats::spr::SP2_SIZE.1
    )]
    NotSp2 {
        variant: fft_formats::spr::SprVariant,
    },
    #[error(
        "an SP2 file has no palette of its own and takes its base sheet's: give the base sheet as \
         an SPR, or the SP2 as a PNG"
    )]
    Sp2WithoutPalette,
    #[error("nothing to draw: no frames")]
    NoFrames,
    /// Frames of an animated picture that are not all of one size.
    #[error("nothing to draw: frames of different sizes")]
    FrameSizesDiffer,
    #[error(
        "a {variant} sheet is not the weapons sheet (WEP.SPR, {} bytes, {} x {})",
        fft_formats::spr::SprVariant::Weapons.fixed_len(),
        fft_formats::spr::WIDTH,
        fft_formats::spr::SprVariant::Weapons.height()
    )]
    NotWeaponsSheet {
        variant: fft_formats::spr::SprVariant,
    },
    #[error("a weapon is drawn from its layers, which were not given")]
    WeaponArtNeeded,
    #[error("ticksPerSecond {ticks_per_second} is over the 65535 an animated PNG can time")]
    TicksPerSecondTooHigh { ticks_per_second: u32 },
    /// The remaster's HD pair does not decode (docs/remaster.md "The format").
    #[error("not an HD pair: {0}")]
    HdPair(fft_formats::DecodeError),
    /// A monster's SP2 sheet at twice the size does not decode (docs/remaster.md).
    #[error("not an SP2 sheet at twice the size: {0}")]
    HdSp2(fft_formats::DecodeError),
    /// The file an HD pair's colours are taken from is no SPR.
    #[error("the palettes of an HD pair come from its SPR sheet, and this file is none: {0}")]
    HdPalettes(String),
    #[error(
        "an HD pair takes its colours from a standard sheet ({} x {}, 16 palettes), and this is a \
         {variant} sheet",
        fft_formats::spr::SHEET_SIZE.0,
        fft_formats::spr::SHEET_SIZE.1
    )]
    NotHdPalettes {
        variant: fft_formats::spr::SprVariant,
    },
    #[error(
        "an HD sheet of {count} pixels; a pair is {} x {}",
        fft_formats::hd::WIDTH,
        fft_formats::hd::HEIGHT
    )]
    HdPixels { count: usize },
    /// A SAS set's sheet that is not a PNG.
    #[error("a SAS set is drawn from a PNG sheet; this is not a PNG")]
    SasSheetNotPng,
    /// A SAS set's sheet past `max` (`sas::MAX_SHEET_SIDE`) on a side, refused before it is
    /// decoded.
    #[error("{width} x {height} is larger than {max} x {max}")]
    SasSheetTooLarge { width: u32, height: u32, max: u32 },
    /// The render was stopped between two frames: whoever asked for it no longer waits
    /// ([`crate::Cancel`]).
    #[error("the render was stopped: nobody waits for it any more")]
    Cancelled,
    // A picture made into a sheet (`spr_png::import`, `hd_png::import`), or a sheet into its
    // picture with the chunk that carries its palettes.
    #[error("not a PNG picture (it does not start with the PNG signature)")]
    NotPng,
    #[error("{}", self.in_words(&faults::Logical))]
    PictureSize { width: u32, height: u32 },
    #[error("{}", self.in_words(&faults::Logical))]
    NotThatLayout {
        height: u32,
        variant: SprVariant,
        /// Who says the layout: the sheet it is like, its `spPl` chunk, the variant given.
        said: Source,
    },
    #[error(
        "a {WIDTH} x 256 picture is an SP2 sheet or the OTHER sheet: say which (sp2 or other), or \
         give a sheet it is like"
    )]
    Sp2OrOther,
    #[error("{}", self.in_words(&faults::Logical))]
    NoBand,
    #[error(
        "{} past 15, which a sheet's 4 bits cannot hold: {}{}",
        pixels_have(*count, "an index", "indices"),
        list(first, |v| v.to_string()),
        more(*count, first.len())
    )]
    IndexOutOfRange { count: usize, first: Vec<Pixel<u8>> },
    #[error(
        "{} that palette {palette} does not hold (the picture has \
         {distinct} colours; a palette holds {PALETTE_COLOURS}, colour 0 transparent): {}{}",
        pixels_have(*count, "a colour", "colours"),
        list(first, |c| hex(*c)),
        more(*count, first.len())
    )]
    ColoursNotInPalette {
        palette: usize,
        count: usize,
        distinct: usize,
        first: Vec<Pixel<Rgba>>,
    },
    #[error("{}", self.in_words(&faults::Logical))]
    NoPalettes,
    #[error("{}", self.in_words(&faults::Logical))]
    PalettesMissing {
        carried: String,
        variant: SprVariant,
    },
    #[error("palette {palette} is out of range: a {variant} sheet has palettes 0 to {}", variant.palette_count().saturating_sub(1))]
    NoSuchPalette { palette: usize, variant: SprVariant },
    #[error("its spPl chunk (the sheet's palettes, written by tactics-sprite) is damaged: {0}")]
    BadChunk(String),
    /// An SPR import given the picture of an HD pair.
    #[error(
        "this is the picture of an HD pair (512 x 976, the remaster's tex_N.bin and tex_N+1.bin), \
         not of an SPR sheet: import it into the pair"
    )]
    HdPicture,
    /// An HD import given a picture of another size.
    #[error(
        "the picture is {width} x {height}; the picture of an HD pair is {} x {}",
        fft_formats::hd::WIDTH,
        fft_formats::hd::HEIGHT
    )]
    HdSize { width: u32, height: u32 },
    /// An HD import given a picture whose chunk says it is an SPR's.
    #[error(
        "its spPl chunk says it is the picture of {layout}, not of an HD pair: import it as an \
         SPR sheet"
    )]
    NotHdPicture { layout: String },
    /// A sheet made from a picture that does not encode.
    #[error("the sheet does not encode: {0}")]
    SheetEncode(fft_formats::EncodeError),
}

/// Where a part of a sheet imported from a picture came from (`spr_png::import`,
/// `hd_png::import`), and who says a picture's layout in [`RenderError::NotThatLayout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The picture's own pixels or PLTE.
    Picture,
    /// The picture's `spPl` chunk.
    Chunk,
    /// The sheet it is like (the parameter `like`).
    Like,
    /// What the caller said (`ImportOptions::variant`, the parameter `variant`).
    Options,
    /// Neither: the layout's default (the padding of a retail file).
    Default,
}

/// One pixel an error names: its position and what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pixel<T> {
    pub x: u32,
    pub y: u32,
    pub value: T,
}

/// `1 pixel has a colour`, `300 pixels have colours`.
fn pixels_have(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 pixel has {one}")
    } else {
        format!("{count} pixels have {many}")
    }
}

/// `(x, y) value, ...` for the first pixels of an error.
fn list<T>(pixels: &[Pixel<T>], show: impl Fn(&T) -> String) -> String {
    pixels
        .iter()
        .map(|p| format!("({}, {}) {}", p.x, p.y, show(&p.value)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `, and 12 more`, or nothing.
fn more(count: usize, named: usize) -> String {
    if count > named {
        format!(", and {} more", count - named)
    } else {
        String::new()
    }
}

/// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
fn hex([r, g, b, a]: Rgba) -> String {
    if a == 255 {
        format!("#{r:02X}{g:02X}{b:02X}")
    } else {
        format!("#{r:02X}{g:02X}{b:02X}{a:02X}")
    }
}

impl RenderError {
    /// The error in a front end's words: a picture made into a sheet names the sheet it is like
    /// and the variant given as `spelling` spells the parameters `like` and `variant`.
    pub fn in_words(&self, spelling: &dyn faults::Spelling) -> String {
        let like = || spelling.name("like");
        match self {
            RenderError::PictureSize { width, height } => format!(
                "the picture is {width} x {height}; a sheet picture is {WIDTH} wide and 488 \
                 (standard), 288 (short), 512 (tall), 256 (SP2 or OTHER) or 656 (weapons) tall, \
                 or 456 (standard, without its bottom band, with {})",
                like()
            ),
            RenderError::NotThatLayout {
                height,
                variant,
                said,
            } => {
                let said = match said {
                    Source::Like => format!("{} is", like()),
                    Source::Options => format!("{} says", spelling.name("variant")),
                    _ => "its spPl chunk says".to_owned(),
                };
                format!(
                    "the picture is {WIDTH} x {height}, but {said} a {variant} sheet, which is \
                     {WIDTH} x {}",
                    variant.height()
                )
            }
            RenderError::NoBand => format!(
                "the picture has 456 rows, a standard sheet without its bottom band (rows \
                 456-487: body parts and the portrait); give a sheet it is like ({}) to take the \
                 band from",
                like()
            ),
            RenderError::NoPalettes => format!(
                "a picture in colours (not indexed) carries no palette: give a sheet it is like \
                 ({}), whose palettes its colours are matched to",
                like()
            ),
            RenderError::PalettesMissing { carried, variant } => format!(
                "the picture carries {carried}, but a {variant} sheet has {} palettes: give a \
                 sheet it is like ({}) to take the others from",
                variant.palette_count(),
                like()
            ),
            other => other.to_string(),
        }
    }
}

/// `From` by hand for the errors whose text the message carries (see the enum).
macro_rules! wrapped {
    ($($from:ty => $variant:ident),* $(,)?) => {
        $(impl From<$from> for RenderError {
            fn from(error: $from) -> Self {
                RenderError::$variant(error)
            }
        })*
    };
}

wrapped! {
    fft_formats::DecodeError => Spr,
    png::DecodingError => PngDecode,
    png::EncodingError => PngEncode,
    gif::EncodingError => GifEncode,
    sprite_data::limits::LimitExceeded => Limit,
}

/// Whose fault a picture that cannot be made is: a sheet or document that does not fit or decode
/// is the file's, as is an input that was needed and not given (an SP2, the weapon art); a
/// picture that cannot be encoded is ours; a document's own refusal says its own.
impl faults::Faulty for RenderError {
    fn fault(&self) -> faults::Fault {
        match self {
            RenderError::Data(error) => faults::Faulty::fault(error),
            RenderError::PngEncode(_) | RenderError::GifEncode(_) | RenderError::Cancelled => {
                faults::Fault::Internal
            }
            _ => faults::Fault::File,
        }
    }

    fn concerns(&self) -> Option<faults::Concern> {
        match self {
            RenderError::Data(error) => faults::Faulty::concerns(error),
            _ => None,
        }
    }

    fn words(&self, spelling: &dyn faults::Spelling) -> String {
        match self {
            RenderError::Data(error) => faults::Faulty::words(error, spelling),
            RenderError::Limit(limit) => limit.words(spelling),
            other => other.in_words(spelling),
        }
    }
}
