//! What each endpoint sends back, made by the command line's own functions.
//!
//! The server does not make any picture or pose itself: `tactics-sprite serve` hands it an
//! [`Outputs`], whose methods are the very functions `tactics-sprite draw`, `sheet` and `render`
//! call, so that an endpoint is byte for byte the command with the same arguments. (The command
//! line depends on this crate for `serve`, so the functions are passed in rather than called.)

use sprite_data::Document;
use sprite_render::Background;

use crate::catalog::KindLayers;
use sprite_render::sheet::SheetImage;

/// `tactics-sprite draw`'s arguments: the one draw request of `sprite-data`.
pub use sprite_data::pose::DrawRequest;

/// What `tactics-sprite render` draws: `--frame N`, `--animation NAME` or `--all-frames`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderWhat {
    Frame(usize),
    Animation(String),
    AllFrames,
}

/// `tactics-sprite render`'s output format, the extension of its `-o`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenderFormat {
    Png,
    Apng,
    Gif,
}

impl RenderFormat {
    /// The extension the command line chooses it by.
    pub fn extension(self) -> &'static str {
        match self {
            RenderFormat::Png => "png",
            RenderFormat::Apng => "apng",
            RenderFormat::Gif => "gif",
        }
    }

    /// The media type an HTTP response names it by.
    pub fn media_type(self) -> &'static str {
        match self {
            RenderFormat::Png => "image/png",
            RenderFormat::Apng => "image/apng",
            RenderFormat::Gif => "image/gif",
        }
    }
}

/// `tactics-sprite render`'s arguments, less the files (the server has them loaded).
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    pub format: RenderFormat,
    pub what: RenderWhat,
    /// One or more views (more: a row each, in a `.png` strip).
    pub view: Vec<i64>,
    pub water: bool,
    pub scale: u32,
    pub background: Background,
    pub labels: bool,
    pub columns: u32,
    pub plays: Option<u32>,
    pub hold: u32,
}

/// Why an output was not made.
#[derive(Debug)]
pub enum OutputError {
    /// The request asks for something the command refuses as a usage error (exit 2): a `400`.
    Refused(String),
    /// The kind lacks a file the answer needs (an SP2 sequence, and no SP2 was found; a weapon,
    /// and no layer documents were): a `422`.
    Unavailable(String),
    /// The inputs themselves failed (a document that does not resolve, a sheet too small): a
    /// `500`, with the command's message.
    Failed(anyhow::Error),
}

/// The command line's output functions.
pub trait Outputs: Send + Sync + 'static {
    /// What `tactics-sprite draw` prints (its line and the newline); with a weapon, drawn with
    /// `layers` as `--weapon-data` and `--effect-data`.
    ///
    /// # Errors
    /// As the command: an unknown animation, a bad view or tick, a document that does not resolve;
    /// [`OutputError::Unavailable`] for a weapon when `layers` is `None`.
    fn draw(
        &self,
        doc: &Document,
        layers: Option<&KindLayers>,
        request: &DrawRequest,
    ) -> Result<Vec<u8>, OutputError>;

    /// The PNG `tactics-sprite sheet SPR [--palette N] [--portrait]` writes.
    ///
    /// # Errors
    /// As the command: not an SPR, no such palette or portrait.
    fn sheet(
        &self,
        spr: &[u8],
        palette: Option<usize>,
        portrait: bool,
    ) -> Result<Vec<u8>, OutputError>;

    /// The file `tactics-sprite render` writes, drawn from `sheet` and `sp2` (loaded as the
    /// command loads `--sheet` and `--sp2` with `--palette`).
    ///
    /// # Errors
    /// As the command.
    fn render(
        &self,
        doc: &Document,
        sheet: &SheetImage,
        sp2: Option<&SheetImage>,
        request: &RenderRequest,
    ) -> Result<Vec<u8>, OutputError>;
}
