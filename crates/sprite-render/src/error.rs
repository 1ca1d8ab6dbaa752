//! The one error type of the crate.

use sprite_data::pose::PoseError;

/// Why a picture cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("not an SPR sheet: {0}")]
    Spr(#[from] fft_formats::DecodeError),
    #[error("not a readable PNG: {0}")]
    PngDecode(#[from] png::DecodingError),
    #[error("cannot write the PNG: {0}")]
    PngEncode(#[from] png::EncodingError),
    #[error("cannot write the GIF: {0}")]
    GifEncode(#[from] gif::EncodingError),
    #[error(
        "a sheet PNG is 256 pixels wide and at most {max_height} tall; this one is {width} x {height}"
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
        cell: u32,
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
    #[error(transparent)]
    Pose(#[from] PoseError),
    #[error(transparent)]
    Limit(#[from] sprite_data::limits::LimitExceeded),
    #[error("the picture would be {width} x {height} pixels, over the limit of {limit} pixels")]
    TooLarge { width: u64, height: u64, limit: u64 },
    #[error("a delay of {ticks} ticks is over the {max} an animated PNG frame can hold")]
    DelayTooLong { ticks: u64, max: u64 },
    #[error("nothing to draw: {0}")]
    Empty(&'static str),
}
