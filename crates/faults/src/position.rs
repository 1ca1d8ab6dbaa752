//! Where in a file an error is, as both codec crates (`fft-formats`, `sas-formats`) report it:
//! the byte offset from the start of the file, and the path of the field being read as
//! structured frames ([`FieldPath`]), in the manner of binrw's backtrace frames. A codec pushes a
//! frame for each table, record and field it descends into; the text is made from the frames
//! only when the error is shown, the same way for every format:
//! `at byte 0x0404: stream length L: ...`, `at byte 0x00C0: block 2 frames (11 x 14 bytes): ...`.

use std::borrow::Cow;
use std::fmt;

/// One step of the path to the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathFrame {
    /// A part of the file, or of the part before it: `main table`, `palettes`, `sprite table`.
    Part(Cow<'static, str>),
    /// An element of a list: `frame 12`, `slot 3`, `sprite 2`, `entry 1`.
    Index(&'static str, usize),
    /// A field of the record or part before it, by the format's name: `header` then
    /// `water_ptr`; or a header field on its own (`sprite_table_offset`).
    Field(&'static str),
    /// What the frame before points at: `animation 2, direction 0: block`.
    Target(&'static str),
    /// How much a table read at once takes: `(11 x 14 bytes)`.
    Records { count: usize, len: usize },
    /// Where the part lies, when no index names it or the file ends before it: `at 0x408`.
    At(usize),
    /// Where a command of the SEQ stream starts: `at stream offset 0x1C`.
    StreamOffset(usize),
}

impl fmt::Display for PathFrame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Part(name) => f.write_str(name),
            Self::Field(name) | Self::Target(name) => f.write_str(name),
            Self::Index(what, index) => write!(f, "{what} {index}"),
            Self::Records { count, len } => write!(f, "({count} x {len} bytes)"),
            Self::At(offset) => write!(f, "at 0x{offset:X}"),
            Self::StreamOffset(offset) => write!(f, "at stream offset 0x{offset:X}"),
        }
    }
}

impl PathFrame {
    /// What goes between the frame before and this one: a field, a size or a place follows its
    /// part with a space (`header water_ptr`, `block 2 frames (11 x 14 bytes)`, `block length at
    /// 0x408`), a target with a colon, anything else with a comma.
    fn separator(&self) -> &'static str {
        match self {
            Self::Field(_) | Self::Records { .. } | Self::At(_) | Self::StreamOffset(_) => " ",
            Self::Target(_) => ": ",
            Self::Part(_) | Self::Index(..) => ", ",
        }
    }
}

/// The path to the field at fault, outermost first: `main table, frame 12, tile 3`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldPath(pub Vec<PathFrame>);

impl FieldPath {
    /// A path of one part.
    pub fn part(name: impl Into<Cow<'static, str>>) -> Self {
        Self(vec![PathFrame::Part(name.into())])
    }

    /// A path of one list element.
    pub fn index(what: &'static str, index: usize) -> Self {
        Self(vec![PathFrame::Index(what, index)])
    }

    /// A path of one field.
    pub fn field(name: &'static str) -> Self {
        Self(vec![PathFrame::Field(name)])
    }

    /// This path with one more frame.
    #[must_use]
    pub fn then(mut self, frame: PathFrame) -> Self {
        self.0.push(frame);
        self
    }

    /// This path with a part added.
    #[must_use]
    pub fn then_part(self, name: impl Into<Cow<'static, str>>) -> Self {
        self.then(PathFrame::Part(name.into()))
    }

    /// This path with a list element added.
    #[must_use]
    pub fn then_index(self, what: &'static str, index: usize) -> Self {
        self.then(PathFrame::Index(what, index))
    }

    /// This path with a field added.
    #[must_use]
    pub fn then_field(self, name: &'static str) -> Self {
        self.then(PathFrame::Field(name))
    }

    /// The frames, outermost first.
    pub fn frames(&self) -> &[PathFrame] {
        &self.0
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, frame) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(frame.separator())?;
            }
            write!(f, "{frame}")?;
        }
        Ok(())
    }
}

impl From<&'static str> for FieldPath {
    fn from(name: &'static str) -> Self {
        Self::part(name)
    }
}

impl From<String> for FieldPath {
    fn from(name: String) -> Self {
        Self::part(name)
    }
}

/// Where a decoding error is: the byte offset from the start of the file (or container) and the
/// field being read there. Shown `at byte 0x0404: stream length L`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub offset: usize,
    pub path: FieldPath,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte 0x{:04X}: {}", self.offset, self.path)
    }
}

/// The error both codec crates make, generic over their own matchable kind `K`: bytes that break
/// a structural rule of the format, where they are; or a model that no file of the format can
/// hold, the part at fault. `sas-formats` uses it as its error; `fft-formats` wraps it with the
/// errors only it has (a round trip, a text form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodecError<K> {
    /// Bytes that break a structural rule of the format: the first violation only, where it is
    /// (`at`: the offset from the start of the file and the field being read), what the format
    /// requires there and what the bytes hold.
    Decode {
        kind: K,
        at: Position,
        expected: String,
        found: String,
    },
    /// A model that no file of the format can hold: the part at fault (`block 2, frame 3`) and
    /// why it cannot be written.
    Encode {
        kind: K,
        path: FieldPath,
        problem: String,
    },
}

impl<K: Copy> CodecError<K> {
    /// A decoding error at `offset`, reading `path`.
    pub fn decode(
        kind: K,
        offset: usize,
        path: impl Into<FieldPath>,
        expected: impl fmt::Display,
        found: impl fmt::Display,
    ) -> Self {
        Self::Decode {
            kind,
            at: Position {
                offset,
                path: path.into(),
            },
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }

    /// An encoding error of the part `path`.
    pub fn encode(kind: K, path: impl Into<FieldPath>, problem: impl fmt::Display) -> Self {
        Self::Encode {
            kind,
            path: path.into(),
            problem: problem.to_string(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> K {
        match self {
            Self::Decode { kind, .. } | Self::Encode { kind, .. } => *kind,
        }
    }

    /// Whether the bytes did not decode.
    pub fn is_decode(&self) -> bool {
        matches!(self, Self::Decode { .. })
    }

    /// The byte offset of a decoding error from the start of the file (or container).
    pub fn offset(&self) -> Option<usize> {
        match self {
            Self::Decode { at, .. } => Some(at.offset),
            Self::Encode { .. } => None,
        }
    }

    /// What was being read (decoding) or the part of the model at fault (encoding).
    pub fn path(&self) -> &FieldPath {
        match self {
            Self::Decode { at, .. } => &at.path,
            Self::Encode { path, .. } => path,
        }
    }

    /// The path as text: `sprite 3, quad 1`.
    pub fn field(&self) -> String {
        self.path().to_string()
    }

    /// What a decoding error says the format requires; empty for an encoding error.
    pub fn expected(&self) -> &str {
        match self {
            Self::Decode { expected, .. } => expected,
            Self::Encode { .. } => "",
        }
    }

    /// What a decoding error says the bytes hold; empty for an encoding error.
    pub fn found(&self) -> &str {
        match self {
            Self::Decode { found, .. } => found,
            Self::Encode { .. } => "",
        }
    }
}

/// `at byte 0x0404: stream length L: expected ..., found ...`, or `block 2, frame 3: ...`.
impl<K> fmt::Display for CodecError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Decode {
                at,
                expected,
                found,
                ..
            } => write!(f, "{at}: expected {expected}, found {found}"),
            Self::Encode { path, problem, .. } => write!(f, "{path}: {problem}"),
        }
    }
}

impl<K: fmt::Debug> std::error::Error for CodecError<K> {}

/// Every codec error is the file's: bytes that do not decode, a model (an edited file, a text
/// form) that does not encode. The codec does not know the file's name; the layer that read the
/// file puts it in front.
impl<K> crate::fault::Faulty for CodecError<K> {
    fn fault(&self) -> crate::fault::Fault {
        crate::fault::Fault::File
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The separators of both codecs' paths, written out by hand from their messages.
    #[test]
    fn each_frame_is_joined_to_the_one_before_as_the_codecs_word_it() {
        let sas = FieldPath::index("block", 2)
            .then_field("frames")
            .then(PathFrame::Records { count: 11, len: 14 });
        assert_eq!(sas.to_string(), "block 2 frames (11 x 14 bytes)");
        let target = FieldPath::part("animation table")
            .then_index("animation", 2)
            .then(PathFrame::Target("block"));
        assert_eq!(target.to_string(), "animation table, animation 2: block");
        let seq = FieldPath::index("slot", 3).then(PathFrame::StreamOffset(0x1C));
        assert_eq!(seq.to_string(), "slot 3 at stream offset 0x1C");
        let at = Position {
            offset: 0x404,
            path: FieldPath::part("stream length L"),
        };
        assert_eq!(at.to_string(), "at byte 0x0404: stream length L");
    }
}
