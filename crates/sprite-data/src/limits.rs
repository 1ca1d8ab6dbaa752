//! Every stated maximum, in one place: what a document may hold ([`crate::load`] refuses a document
//! past any of them), how long a SEQ slot may run ([`crate::execution`] stops it), and how big a
//! picture drawn from a document may be (`sprite-render` refuses to draw past them). A document
//! that loads fits every drawing limit at `--scale 1`.
//!
//! Each limit leaves room over the largest retail value, given beside it (every unit kind's
//! document, `fixtures/documents/*.json`); `crates/sprite-data/tests/load.rs` checks that every
//! shipped document is well within them. Exceeding one is a one-line error naming the limit and
//! the field, never an abort: documents and profiles come from anywhere (mods, other people's
//! repositories, a web server's clients).

use faults::{Logical, Spelling, Words};

/// The largest document file read, in bytes, checked before reading it (retail: 92 KB, TYPE2).
/// Parsed, a document takes at most about 10 times its size in memory.
pub const MAX_DOCUMENT_BYTES: u64 = 2 << 20;

/// The largest profile file read, in bytes (the largest built-in profile: 19 KB, TYPE1).
pub const MAX_PROFILE_BYTES: u64 = 1 << 20;

/// `cells`: at most this many (retail: 197, TYPE1).
pub const MAX_CELLS: usize = 1024;

/// `waterOffset`, the number of main frames: at most this many (retail: 207, MON), so `frames` holds
/// at most twice as many. The JSON Schema states the same maximum.
pub const MAX_MAIN_FRAMES: u32 = 256;

/// Tiles in one frame (an SHP frame has at most 8; the JSON Schema states the same).
pub const MAX_FRAME_TILES: usize = 8;

/// `sequences`: at most this many, one per SEQ slot (retail: 218, TYPE1).
pub const MAX_SEQUENCES: usize = 256;

/// `animations`: at most this many (retail: 112, TYPE1).
pub const MAX_ANIMATIONS: usize = 256;

/// Frames in one sequence, and so in one drawn animation (retail: 65, MON).
pub const MAX_SEQUENCE_FRAMES: usize = 256;

/// Frames of every sequence together: what `export-aseprite` draws (retail: 1625, MON).
pub const MAX_TOTAL_SEQUENCE_FRAMES: usize = 8192;

/// Events in one sequence (retail: 3).
pub const MAX_SEQUENCE_EVENTS: usize = 256;

/// Layer cues (`layers`) in one sequence, of a unit or a layer document (retail: 2, TYPE1 and
/// TYPE2 attacks).
pub const MAX_LAYER_CUES: usize = 64;

/// Frames of a layer document (an SHP's frame index is 9 bits; retail: 449, WEP2). The layer
/// JSON Schema states the same maximum.
pub const MAX_LAYER_FRAMES: usize = 512;

/// A tile centre's `u` or `v`, in pixels either way from the stance point (retail: 141, CYOKO;
/// layer documents: 53, EFF1), and a layer document's `anchor`.
pub const MAX_TILE_OFFSET: i32 = 256;

/// A move (`fb`, `du`, `rl`), in pixels either way (retail: 36, MON).
pub const MAX_MOVE: i32 = 256;

/// The most commands one SEQ slot may execute ([`crate::execution`]). Retail slots execute at
/// most a few hundred; the bound keeps a hostile file (nested counted loops of 255 passes) from
/// running for ever or filling memory.
pub const MAX_EXECUTED_COMMANDS: usize = 1 << 16;

/// `stage.ticksPerSecond` (the game's clock: 60).
pub const MAX_TICKS_PER_SECOND: u32 = 1000;

/// A profile's stage coordinates (`origin_column`, `stance_row`, `anchor_column`, `anchor_row`):
/// 0 up to this, exclusive (retail: 118).
pub const MAX_STAGE_COORDINATE: i32 = 1024;

/// The widest or tallest cell (an SHP tile size), in pixels.
pub const MAX_CELL_SIDE: u32 = 56;

/// A picture's canvas, width and height in pixels before `--scale`: the union of every tile at
/// every move. A document within the limits above always fits: a tile reaches at most
/// [`MAX_TILE_OFFSET`] + half a cell + [`MAX_MOVE`] from the stance point (retail: 276 x 189,
/// CYOKO; TYPE1 50 x 62).
pub const MAX_CANVAS_SIDE: u32 = 2 * (MAX_TILE_OFFSET as u32 + MAX_CELL_SIDE / 2 + MAX_MOVE as u32);

/// The largest still picture drawn, in pixels, scaled: a frame, a strip of animations, a contact
/// sheet of every frame, an Aseprite atlas (retail: the largest is CYOKO's contact sheet, 4433 x 2562 =
/// 11.4 M at scale 1, so every retail contact sheet fits up to scale 3; TYPE1's is 1.3 M). 512 MiB
/// as RGBA.
pub const MAX_PICTURE_PIXELS: u64 = 1 << 27;

/// Frames of one animated picture (`.apng`, `.gif`): one sequence's frames.
pub const MAX_ANIMATION_FRAMES: usize = MAX_SEQUENCE_FRAMES;

/// Every frame of one animated picture together, in pixels, scaled, and every frame of one
/// animation drawn at once (retail: the largest is CYOKO's Dance, 24 frames of 276 x 189,
/// 1.25 M at scale 1 and 20 M at scale 4; TYPE1's Dance Execute, 37 frames, 0.11 M). 256 MiB as
/// RGBA.
pub const MAX_ANIMATION_PIXELS: u64 = 1 << 26;

/// The largest output file written, in bytes (retail: CYOKO's contact sheet, 57 KB at scale 1).
pub const MAX_OUTPUT_BYTES: u64 = 256 << 20;

/// Problems listed in one load error; the rest are counted.
pub const MAX_REPORTED_PROBLEMS: usize = 5;

/// A limit exceeded: one line naming the value, the field it came from and the limit. It is the
/// fact an error reports ([`crate::error::ErrorKind::Limit`], `sprite_render::RenderError::Limit`),
/// not an error of its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitExceeded {
    /// What was measured: `a canvas of`, `a strip of`, ...
    pub what: String,
    /// The measure, with its unit: `1200 x 62 pixels`.
    pub value: String,
    /// The limit, with its unit.
    pub limit: String,
    /// The limit's name in this module, so a user can find it in the documentation.
    pub name: &'static str,
    /// What caused it: a document field (`/sequences/102/fb`) or a parameter of the request
    /// (`scale 16`, which the command line spells `--scale 16`).
    pub field: Words,
}

impl LimitExceeded {
    /// The line in a front end's words: the parameter that caused it spelt by `spelling`.
    pub fn words(&self, spelling: &dyn Spelling) -> String {
        let Self {
            what,
            value,
            limit,
            name,
            field,
        } = self;
        format!(
            "{}: {what} {value} is over the limit of {limit} ({name})",
            field.spelt(spelling)
        )
    }
}

impl std::fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(&Logical))
    }
}
