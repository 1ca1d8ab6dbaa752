//! The SEQ command stream (docs/formats/seq.md 3.2), parsed with nom and driven by the opcode
//! table: a frame command is two bytes; `FF op` is followed by as many argument bytes as the table
//! gives `op`. Nothing else in the crate knows how long a command is.

use nom::bytes::complete::take;
use nom::{IResult, Parser};

use super::{Command, OpArgs, Opcode, OpcodeTable};

/// The byte that starts an opcode command; a frame command never starts with it.
pub const OPCODE_ESCAPE: u8 = 0xFF;

/// Why the stream stopped parsing, with the bytes left at the command that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum StreamError {
    /// Fewer than two bytes left for a command.
    CutCommand { left: usize },
    /// `FF op` with an `op` the table lacks.
    UnknownOpcode { code: u8, left: usize },
    /// An opcode whose arguments run past the stream.
    CutOpcode { opcode: Opcode, left: usize },
    /// nom's own error; the parsers below map every failure to one of the others.
    Nom { left: usize },
}

impl<'a> nom::error::ParseError<&'a [u8]> for StreamError {
    fn from_error_kind(input: &'a [u8], _kind: nom::error::ErrorKind) -> Self {
        Self::Nom { left: input.len() }
    }

    fn append(_input: &'a [u8], _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

type Parsed<'a, T> = IResult<&'a [u8], T, StreamError>;

/// One command at the start of `input`: two bytes, and when the first is [`OPCODE_ESCAPE`], the
/// argument bytes the table gives the second.
pub(crate) fn command<'a>(table: &OpcodeTable, input: &'a [u8]) -> Parsed<'a, Command> {
    let left = input.len();
    let fail = nom::Err::Failure;
    let (rest, head) = take(2usize)
        .parse(input)
        .map_err(|_: nom::Err<StreamError>| fail(StreamError::CutCommand { left }))?;
    let (first, second) = (head[0], head[1]);
    if first != OPCODE_ESCAPE {
        let command = Command::Frame {
            frame: first,
            delay: second,
        };
        return Ok((rest, command));
    }
    let opcode = *table
        .get(second)
        .ok_or_else(|| fail(StreamError::UnknownOpcode { code: second, left }))?;
    let (rest, args) = take(opcode.arg_len())
        .parse(rest)
        .map_err(|_: nom::Err<StreamError>| fail(StreamError::CutOpcode { opcode, left }))?;
    let args = OpArgs::new(args).map_err(|_| fail(StreamError::CutOpcode { opcode, left }))?;
    Ok((rest, Command::Op { code: second, args }))
}

/// Every command of `stream`, left to right, with each one's start offset.
pub(crate) fn commands(
    table: &OpcodeTable,
    stream: &[u8],
) -> Result<(Vec<Command>, Vec<usize>), StreamError> {
    let mut commands = Vec::with_capacity(stream.len() / 2);
    let mut starts = Vec::with_capacity(stream.len() / 2);
    let mut rest = stream;
    while !rest.is_empty() {
        starts.push(stream.len() - rest.len());
        let (after, parsed) = command(table, rest).map_err(|error| match error {
            nom::Err::Error(e) | nom::Err::Failure(e) => e,
            nom::Err::Incomplete(_) => StreamError::Nom { left: rest.len() },
        })?;
        commands.push(parsed);
        rest = after;
    }
    Ok((commands, starts))
}
