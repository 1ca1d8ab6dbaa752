//! The JSON of an Aseprite sprite sheet ("Hash" form) as serde structs: field names, their order
//! and which are left out are the format's, declared here once. [`super::export`] fills them in;
//! [`SpriteSheet::to_text`] writes them as Aseprite lays the file out.

use serde::{Serialize, Serializer};

/// The whole file: `frames`, then `meta`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpriteSheet {
    pub frames: Frames,
    pub meta: Meta,
}

/// The sprite frames, written as an object keyed by each frame's number as a string (`"0"`,
/// `"1"`, ...: Aseprite's Item Filename `{frame}`, which Phaser needs), in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Frames(pub Vec<Frame>);

impl Serialize for Frames {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().enumerate().map(|(n, f)| (n.to_string(), f)))
    }
}

/// One sprite frame: where its trimmed picture is in the atlas and where it goes on the canvas.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Frame {
    /// The atlas rectangle.
    pub frame: Rect,
    /// Always false.
    pub rotated: bool,
    /// Whether `sprite_source_size` is smaller than the canvas.
    pub trimmed: bool,
    /// The trimmed picture's place on the canvas.
    pub sprite_source_size: Rect,
    /// The canvas.
    pub source_size: Size,
    /// Whole milliseconds, never 0.
    pub duration: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Size {
    pub w: u32,
    pub h: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Point {
    pub x: i64,
    pub y: i64,
}

/// `meta`: the atlas picture and what the frames make up.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    /// [`super::APP`].
    pub app: &'static str,
    /// [`super::VERSION`].
    pub version: &'static str,
    /// The atlas file's name, resolved beside the JSON.
    pub image: String,
    /// `RGBA8888`.
    pub format: &'static str,
    /// The atlas's size.
    pub size: Size,
    /// A string, as Aseprite writes it: `"1"`.
    pub scale: &'static str,
    pub frame_tags: Vec<Tag>,
    pub layers: Vec<Layer>,
    pub slices: Vec<Slice>,
}

/// A named run of frames, `from..=to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tag {
    pub name: String,
    pub from: usize,
    pub to: usize,
    /// `forward`.
    pub direction: &'static str,
    /// `"1"` (a string, as Aseprite writes it) for a run that plays once; left out for a loop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeat: Option<&'static str>,
    /// User data: `flipX` on a view drawn mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<&'static str>,
}

/// A layer, with user data and cels when it has any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Layer {
    pub name: &'static str,
    pub opacity: u8,
    /// `normal`.
    pub blend_mode: &'static str,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub data: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cels: Vec<Cel>,
}

/// A cel's user data on frame `frame`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cel {
    pub frame: usize,
    pub data: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Slice {
    pub name: &'static str,
    /// `#rrggbbaa`.
    pub color: &'static str,
    pub keys: Vec<SliceKey>,
}

/// A slice from frame `frame` on: its bounds and pivot in canvas pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SliceKey {
    pub frame: usize,
    pub bounds: Rect,
    pub pivot: Point,
}

impl SpriteSheet {
    /// The JSON as text: one line per frame, as Aseprite writes them, and `meta` indented.
    pub fn to_text(&self) -> String {
        let mut out = String::from("{ \"frames\": {\n");
        let lines: Vec<String> = self
            .frames
            .0
            .iter()
            .enumerate()
            .map(|(number, frame)| format!("   \"{number}\": {}", compact(frame)))
            .collect();
        out.push_str(&lines.join(",\n"));
        out.push_str("\n },\n \"meta\": ");
        let meta = serde_json::to_string_pretty(&self.meta).expect(INFALLIBLE);
        out.push_str(&meta.replace('\n', "\n "));
        out.push_str("\n}\n");
        out
    }

    /// The same JSON as a value, for readers that walk it.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect(INFALLIBLE)
    }
}

fn compact(frame: &Frame) -> String {
    serde_json::to_string(frame).expect(INFALLIBLE)
}

/// Why serializing these structs cannot fail: serde_json fails only on a map key that is not a
/// string, or on a custom `Serialize` that reports an error, and there is neither.
const INFALLIBLE: &str = "every key is a string";
