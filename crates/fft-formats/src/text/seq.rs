//! The text form of SEQ files (docs/text-forms.md, "SEQ"): the two header values, then the
//! command stream one command a line, in file order.
//!
//! ```text
//! .format seq
//! .opcodes retail
//! .attack-slots-from 14            ; header AA (0x0E)
//! .second-sheet-slots-from 255     ; header BB (0xFF): no slot draws from a second sheet
//!
//! slot 6:
//!     Frame 9 8                     ; 0x000C
//! L1:
//!     Frame 16 8                    ; 0x000E
//!     WeaponSheatheCheck1 L1        ; 0x0010
//!     IncrementLoop                 ; 0x0013
//! ```
//!
//! `slot N:` stands before the command slot `N` starts at, so aliased slots are several such
//! lines before one command, and MON's slots that point back into earlier data stand where they
//! point. Jumps (the arguments the opcode table calls [`ArgKind::Jump`]) name a label when they
//! land on a command, and read `raw(N)` when they do not; the slot table, the stream length and
//! every jump's byte are worked out from the lines.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use super::lex::{self, Line, Word, commented, number, number_in, shown, suggestion};
use super::{Assembly, Model, SourceMap};
use crate::error::{Error, ErrorKind, FieldPath};
use crate::index::CommandIndex;
use crate::seq::opcode::ArgKind;
use crate::seq::{
    Command, MAX_OPCODE_ARGS, NO_SECOND_SHEET, OPCODE_ESCAPE, Opcode, OpcodeTable, SLOT_ENTRIES,
    STREAM_START, Seq,
};

/// `.opcodes NAME`: the opcode table the text's names come from.
pub const OPCODES: &str = ".opcodes";
/// `.attack-slots-from N`: header `AA`.
pub const ATTACK_SLOTS_FROM: &str = ".attack-slots-from";
/// `.second-sheet-slots-from N`: header `BB`.
pub const SECOND_SHEET_SLOTS_FROM: &str = ".second-sheet-slots-from";
/// The directives of a SEQ text, after `.format seq`.
pub const DIRECTIVES: [&str; 3] = [OPCODES, ATTACK_SLOTS_FROM, SECOND_SHEET_SLOTS_FROM];
/// The mnemonic of a frame command: `Frame FRAME DELAY`.
pub const FRAME: &str = "Frame";
/// The word of a slot's entry point: `slot N:`.
pub const SLOT: &str = "slot";
/// How a jump argument is kept as it is, wherever it lands: `raw(-56)`.
const RAW: (&str, &str) = ("raw(", ")");

impl Seq {
    /// The text form of the model, its opcodes named from `opcodes` (the table the file was
    /// decoded with). [`super::assemble`] reads it back to the same model.
    ///
    /// # Errors
    /// When [`Seq::encode_with`] refuses the model for `opcodes`: a text that could not be
    /// assembled is never written.
    pub fn to_text(&self, opcodes: &OpcodeTable) -> Result<String, Error> {
        self.to_text_named(opcodes, &SlotNames::default())
    }

    /// [`Seq::to_text`], each `slot N:` line commented with what `names` says of slot `N` (its
    /// animation and the views that play it), and a header line saying where the names come
    /// from. Comments are ignored by the assembler: the text gives back the same bytes.
    ///
    /// # Errors
    /// As [`Seq::to_text`].
    pub fn to_text_named(&self, opcodes: &OpcodeTable, names: &SlotNames) -> Result<String, Error> {
        self.encode_with(opcodes)?;
        let offsets = self.command_offsets();
        let stream_len = offsets.last().copied().unwrap_or(0);
        let starts = &offsets[..self.commands.len()];
        let labels = jump_labels(self, opcodes, starts);
        let mut slots_at: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (slot, first) in self.slots.iter().enumerate() {
            slots_at.entry(first.index()).or_default().push(slot);
        }

        let mut out = String::new();
        let _ = writeln!(
            out,
            "; A SEQ file as text; `tactics-sprite asm` compiles it back to the same bytes. The\n\
             ; form is described in docs/text-forms.md. `Frame F D` shows SHP frame F for D ticks\n\
             ; (1/60 s; 0 holds it), `slot N:` marks where slot N's sequence starts, and a jump\n\
             ; names the label it lands on.\n\
             ; Offsets in the comments count from the stream's start, byte 0x{STREAM_START:X} of the file.\n\
             ; {} slots ({} distinct offsets), {} commands, a stream of 0x{stream_len:X} bytes.",
            self.slots.len(),
            self.distinct_slot_offsets(),
            self.commands.len(),
        );
        if let Some(source) = &names.source {
            let _ = writeln!(
                out,
                "; A slot's comment names its animation ({source}) and the views that play it."
            );
        }
        let _ = writeln!(
            out,
            "{} {}",
            super::FORMAT_DIRECTIVE,
            crate::FileFormat::Seq
        );
        let _ = writeln!(out, "{OPCODES} {}", opcodes.table_name());
        commented(
            &mut out,
            &format!("{ATTACK_SLOTS_FROM} {}", self.attack_slots_from),
            &format!(
                "header AA (0x{:02X}): the first attack slot",
                self.attack_slots_from
            ),
        );
        let bb = self.second_sheet_slots_from;
        let meaning = if bb == NO_SECOND_SHEET {
            "no slot draws from a second sheet".to_owned()
        } else {
            format!("slots from {bb} on draw from the second sheet")
        };
        commented(
            &mut out,
            &format!("{SECOND_SHEET_SLOTS_FROM} {bb}"),
            &format!("header BB (0x{bb:02X}): {meaning}"),
        );
        for (index, command) in self.commands.iter().enumerate() {
            if let Some(slots) = slots_at.get(&index) {
                out.push('\n');
                for slot in slots {
                    match names.slots.get(slot) {
                        Some(name) => commented(&mut out, &format!("{SLOT} {slot}:"), name),
                        None => {
                            let _ = writeln!(out, "{SLOT} {slot}:");
                        }
                    }
                }
            }
            if let Some(label) = labels.get(&index) {
                let _ = writeln!(out, "{label}:");
            }
            let text = command_text(command, offsets[index], opcodes, starts, &labels);
            commented(
                &mut out,
                &format!("    {text}"),
                &format!("0x{:04X}", offsets[index]),
            );
        }
        Ok(out)
    }
}

/// What the comments of a SEQ text say of its slots ([`Seq::to_text_named`]): a comment for
/// each slot named (`Walk: front, views 0-2 and 7`), and where the names come from (`the TYPE1
/// profile`). The file itself holds no names: a kind's profile does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SlotNames {
    /// Where the names come from, for the text's header.
    pub source: Option<String>,
    /// The comment of each slot named, by slot number.
    pub slots: BTreeMap<usize, String>,
}

/// A label for every command a jump lands on, `L1`, `L2`, ... in stream order.
fn jump_labels(seq: &Seq, opcodes: &OpcodeTable, starts: &[usize]) -> HashMap<usize, String> {
    let mut targets = BTreeSet::new();
    for (index, command) in seq.commands.iter().enumerate() {
        let Command::Op { code, args } = command else {
            continue;
        };
        let Some(opcode) = opcodes.get(*code) else {
            continue;
        };
        for arg in 0..args.as_slice().len() {
            if opcode.arg_kind(arg) == ArgKind::Jump
                && let Some(target) = landing(starts, starts[index], args.signed(arg))
            {
                targets.insert(target);
            }
        }
    }
    targets
        .into_iter()
        .enumerate()
        .map(|(n, target)| (target, format!("L{}", n + 1)))
        .collect()
}

/// The command a jump of `by` bytes from `from` lands on, if it lands on one.
fn landing(starts: &[usize], from: usize, by: i8) -> Option<usize> {
    let target = usize::try_from(from as i64 + i64::from(by)).ok()?;
    starts.binary_search(&target).ok()
}

/// One command as the text writes it: `Frame 9 8`, `Wait L3 2`, `MoveUnitFB -2`, `ffe5 0x01`.
fn command_text(
    command: &Command,
    offset: usize,
    opcodes: &OpcodeTable,
    starts: &[usize],
    labels: &HashMap<usize, String>,
) -> String {
    let (code, args) = match command {
        Command::Frame { frame, delay } => return format!("{FRAME} {frame} {delay}"),
        Command::Op { code, args } => (*code, args),
    };
    // `to_text` checked that the table has every opcode of the model.
    let Some(opcode) = opcodes.get(code) else {
        return format!("0x{code:02X}");
    };
    let mut text = opcode.name.to_owned();
    for (arg, &byte) in args.as_slice().iter().enumerate() {
        let signed = byte as i8;
        let _ = match opcode.arg_kind(arg) {
            ArgKind::Jump => match landing(starts, offset, signed).and_then(|t| labels.get(&t)) {
                Some(label) => write!(text, " {label}"),
                None => write!(text, " {}{signed}{}", RAW.0, RAW.1),
            },
            ArgKind::Signed => write!(text, " {signed}"),
            ArgKind::Unsigned => write!(text, " {byte}"),
            ArgKind::Raw => write!(text, " 0x{byte:02X}"),
        };
    }
    text
}

/// What a jump argument says.
#[derive(Debug, Clone, Copy)]
enum JumpTo<'t> {
    /// Where a label stands: checked to be in reach.
    Label(&'t str),
    /// A displacement in bytes: checked to land on a command.
    By(i8),
    /// `raw(N)`: the byte as it is.
    Raw(i8),
}

/// A jump argument to work out once every command's offset is known.
#[derive(Debug, Clone, Copy)]
struct PendingJump<'t> {
    command: usize,
    arg: usize,
    to: JumpTo<'t>,
    line: usize,
    column: usize,
}

/// Where a slot or label was written, and the command it stands before (`None` while the next
/// command has not come; still `None` at the end for one after the last command).
#[derive(Debug, Clone, Copy)]
struct Mark {
    command: Option<usize>,
    line: usize,
    column: usize,
}

/// The assembler's state, line by line.
struct Reader<'t> {
    opcodes: OpcodeTable,
    /// Each directive's value and line.
    directives: HashMap<&'static str, (i64, usize)>,
    body_from: Option<usize>,
    commands: Vec<Command>,
    command_lines: Vec<usize>,
    starts: Vec<usize>,
    stream_len: usize,
    slots: BTreeMap<usize, Mark>,
    labels: HashMap<&'t str, Mark>,
    /// Slots and labels waiting for the next command.
    waiting_slots: Vec<usize>,
    waiting_labels: Vec<&'t str>,
    jumps: Vec<PendingJump<'t>>,
}

/// Assembles the lines of a SEQ text (the first is `.format seq`) and encodes it.
pub(super) fn assemble(lines: &[Line<'_>]) -> Result<Assembly, Error> {
    let mut reader = Reader {
        opcodes: OpcodeTable::retail(),
        directives: HashMap::new(),
        body_from: None,
        commands: Vec::new(),
        command_lines: Vec::new(),
        starts: Vec::new(),
        stream_len: 0,
        slots: BTreeMap::new(),
        labels: HashMap::new(),
        waiting_slots: Vec::new(),
        waiting_labels: Vec::new(),
        jumps: Vec::new(),
    };
    for line in &lines[1..] {
        reader.line(line)?;
    }
    let (seq, map) = reader.finish(lines)?;
    let opcodes = reader.opcodes;
    let bytes = seq
        .encode_with(&opcodes)
        .map_err(|error| map.place(error, lines[0].number))?;
    Ok(Assembly {
        model: Model::Seq { seq, opcodes },
        bytes,
        command_lines: std::mem::take(&mut reader.command_lines),
    })
}

impl<'t> Reader<'t> {
    fn line(&mut self, line: &Line<'t>) -> Result<(), Error> {
        if line.head().text.starts_with('.') {
            return self.directive(line);
        }
        self.body_from.get_or_insert(line.number);
        // Slots and labels first (any number of them), then perhaps a command.
        let mut from = 0;
        while let Some(word) = line.words.get(from) {
            if word.text == SLOT || word.text == "slot:" {
                self.slot(line, from)?;
                from += 2;
            } else if let Some(name) = word.text.strip_suffix(':') {
                self.label(line, word, name)?;
                from += 1;
            } else {
                break;
            }
        }
        match from {
            0 => self.command(line),
            _ if from >= line.words.len() => Ok(()),
            _ => {
                let rest = Line {
                    number: line.number,
                    words: line.words[from..].to_vec(),
                    end_column: line.end_column,
                };
                if rest.head().text.starts_with('.') {
                    return self.directive(&rest);
                }
                self.command(&rest)
            }
        }
    }

    fn directive(&mut self, line: &Line<'t>) -> Result<(), Error> {
        let head = line.head();
        let Some(name) = DIRECTIVES.into_iter().find(|d| *d == head.text) else {
            let problem = if head.text == super::FORMAT_DIRECTIVE {
                format!("`{}` is given once, on the first line", head.text)
            } else {
                format!(
                    "unknown directive `{}` in a SEQ text; its directives are {}{}",
                    shown(head.text),
                    DIRECTIVES.join(", "),
                    suggestion(head.text, DIRECTIVES)
                )
            };
            return Err(line.error(&head, ErrorKind::UnknownName, problem));
        };
        if let Some(body) = self.body_from {
            return Err(line.error(
                &head,
                ErrorKind::Syntax,
                format!(
                    "`{name}` comes after the commands began (line {body}); directives come first"
                ),
            ));
        }
        if let Some((_, first)) = self.directives.get(name) {
            return Err(line.error(
                &head,
                ErrorKind::Duplicate,
                format!("`{name}` is given twice (first at line {first})"),
            ));
        }
        let value = if name == OPCODES {
            let [table] = line.arguments(1, "the name of an opcode table")? else {
                unreachable!("arguments gives exactly the count asked for")
            };
            self.opcodes = OpcodeTable::by_name(table.text).ok_or_else(|| {
                line.error(
                    table,
                    ErrorKind::UnknownName,
                    format!(
                        "unknown opcode table `{}`; the tables are {}{}",
                        shown(table.text),
                        OpcodeTable::NAMES.join(", "),
                        suggestion(table.text, OpcodeTable::NAMES)
                    ),
                )
            })?;
            0
        } else {
            let [word] = line.arguments(1, "a number from 0 to 65535")? else {
                unreachable!("arguments gives exactly the count asked for")
            };
            let what = if name == ATTACK_SLOTS_FROM {
                "header AA"
            } else {
                "header BB"
            };
            number_in(line, word, 0, i64::from(u16::MAX), what)?
        };
        self.directives.insert(name, (value, line.number));
        Ok(())
    }

    /// `slot N:`, the words `at` and `at + 1` of `line`.
    fn slot(&mut self, line: &Line<'t>, at: usize) -> Result<(), Error> {
        let keyword = line.words[at];
        let word = line.words.get(at + 1).filter(|_| keyword.text == SLOT);
        let Some(word) = word else {
            return Err(line.error(
                &keyword,
                ErrorKind::Syntax,
                "expected `slot N:`, the slot whose sequence starts at the next command",
            ));
        };
        let Some(digits) = word.text.strip_suffix(':') else {
            return Err(line.error(
                word,
                ErrorKind::Syntax,
                format!("expected `slot {}:`, with a colon", shown(word.text)),
            ));
        };
        let number_word = Word {
            text: digits,
            column: word.column,
        };
        let slot = number_in(line, &number_word, 0, SLOT_ENTRIES as i64 - 1, "a slot")? as usize;
        if let Some(first) = self.slots.get(&slot) {
            return Err(line.error(
                word,
                ErrorKind::Duplicate,
                format!("slot {slot} is given twice (first at line {})", first.line),
            ));
        }
        self.slots.insert(
            slot,
            Mark {
                command: None,
                line: line.number,
                column: keyword.column,
            },
        );
        self.waiting_slots.push(slot);
        Ok(())
    }

    /// `NAME:`, the word `head` of `line`.
    fn label(&mut self, line: &Line<'t>, head: &Word<'t>, name: &'t str) -> Result<(), Error> {
        if !lex::is_name(name) {
            return Err(line.error(
                head,
                ErrorKind::Syntax,
                format!(
                    "`{}` cannot name a label: a label starts with a letter or `_` and holds \
                     letters, digits, `_` and `.`",
                    shown(name)
                ),
            ));
        }
        if let Some(first) = self.labels.get(name) {
            return Err(line.error(
                head,
                ErrorKind::Duplicate,
                format!(
                    "label `{name}` is given twice (first at line {})",
                    first.line
                ),
            ));
        }
        self.labels.insert(
            name,
            Mark {
                command: None,
                line: line.number,
                column: head.column,
            },
        );
        self.waiting_labels.push(name);
        Ok(())
    }

    fn command(&mut self, line: &Line<'t>) -> Result<(), Error> {
        let head = line.head();
        let command = if head.text == FRAME {
            let args = line.arguments(2, "a frame index and a delay in ticks")?;
            let frame = number_in(line, &args[0], 0, 255, "a frame index")? as u8;
            if frame == OPCODE_ESCAPE {
                return Err(line.error(
                    &args[0],
                    ErrorKind::OutOfRange,
                    "frame 255 cannot be written: the byte 0xFF starts an opcode, so frames are \
                     0 to 254",
                ));
            }
            let delay = number_in(line, &args[1], 0, 255, "a delay in ticks")? as u8;
            Command::Frame { frame, delay }
        } else {
            let opcode = *self.opcodes.by_opcode_name(head.text).ok_or_else(|| {
                line.error(&head, ErrorKind::UnknownName, self.unknown(head.text))
            })?;
            self.opcode(line, &opcode)?
        };
        let end = self.stream_len + command.len();
        if end > usize::from(u16::MAX) {
            return Err(line.error_here(
                ErrorKind::TooLarge,
                format!(
                    "this command would end the stream at byte 0x{end:X}; a stream holds at most \
                     65535 bytes (its length is a u16)"
                ),
            ));
        }
        let index = self.commands.len();
        for slot in self.waiting_slots.drain(..) {
            if let Some(mark) = self.slots.get_mut(&slot) {
                mark.command = Some(index);
            }
        }
        for label in self.waiting_labels.drain(..) {
            if let Some(mark) = self.labels.get_mut(label) {
                mark.command = Some(index);
            }
        }
        self.commands.push(command);
        self.command_lines.push(line.number);
        self.starts.push(self.stream_len);
        self.stream_len = end;
        Ok(())
    }

    /// Why a word is no command: an opcode another table knows, or a slip of the fingers.
    fn unknown(&self, word: &str) -> String {
        let elsewhere = OpcodeTable::NAMES
            .into_iter()
            .filter(|name| *name != self.opcodes.table_name())
            .find(|name| {
                OpcodeTable::by_name(name).is_some_and(|t| t.by_opcode_name(word).is_some())
            });
        if let Some(table) = elsewhere {
            return format!(
                "`{word}` is an opcode of the {table} table, not of the {} table; say `{OPCODES} \
                 {table}` at the top",
                self.opcodes.table_name()
            );
        }
        let names = self.opcodes.iter().map(|op| op.name).chain([FRAME, SLOT]);
        format!(
            "unknown opcode `{}`{}",
            shown(word),
            suggestion(word, names)
        )
    }

    /// An opcode's arguments, each read as the table says it is.
    fn opcode(&mut self, line: &Line<'t>, opcode: &Opcode) -> Result<Command, Error> {
        let args = line.arguments(opcode.arg_len(), &describe_args(opcode))?;
        let mut bytes = [0u8; MAX_OPCODE_ARGS];
        for (arg, word) in args.iter().enumerate() {
            bytes[arg] = match opcode.arg_kind(arg) {
                ArgKind::Jump => {
                    let to = jump_to(line, word)?;
                    self.jumps.push(PendingJump {
                        command: self.commands.len(),
                        arg,
                        to,
                        line: line.number,
                        column: word.column,
                    });
                    0
                }
                ArgKind::Signed => signed(line, word, opcode.name)? as u8,
                ArgKind::Unsigned | ArgKind::Raw => {
                    number_in(line, word, 0, 255, &format!("{}'s argument", opcode.name))? as u8
                }
            };
        }
        Command::op(opcode.code, &bytes[..args.len()]).map_err(|e| line.error_here(e.kind(), e))
    }

    /// The model, once every line is read: slots bound, jumps worked out.
    fn finish(&mut self, lines: &[Line<'_>]) -> Result<(Seq, SourceMap), Error> {
        let last_line = lines.last().map_or(1, |l| l.number);
        if let Some(slot) = self.waiting_slots.first() {
            let mark = self.slots[slot];
            return Err(Error::text(
                ErrorKind::NoSuchCommand,
                mark.line,
                mark.column,
                format!("slot {slot} has no command after it; a slot starts at a command"),
            ));
        }
        let header = |name: &str| -> Result<u16, Error> {
            let (value, _) = self.directives.get(name).ok_or_else(|| {
                Error::text(
                    ErrorKind::Missing,
                    self.body_from.unwrap_or(last_line),
                    1,
                    format!(
                        "the text has no `{name}` line; a SEQ text gives both header values after \
                         `.format seq`"
                    ),
                )
            })?;
            Ok(*value as u16)
        };
        let attack_slots_from = header(ATTACK_SLOTS_FROM)?;
        let second_sheet_slots_from = header(SECOND_SHEET_SLOTS_FROM)?;
        // Used slots come first: 0 to n - 1, no gap.
        if let Some((gap, (&after, mark))) = self
            .slots
            .iter()
            .enumerate()
            .find(|(n, (slot, _))| *n != **slot)
        {
            return Err(Error::text(
                ErrorKind::Missing,
                mark.line,
                mark.column,
                format!(
                    "slot {after} is given but slot {gap} is not: slots are numbered from 0 \
                     without a gap (every slot after the first unused one is unused)"
                ),
            ));
        }
        for jump in std::mem::take(&mut self.jumps) {
            let byte = self.resolve(&jump)?;
            let Command::Op { code, args } = self.commands[jump.command] else {
                unreachable!("jumps are arguments of opcodes");
            };
            let mut bytes = args.as_slice().to_vec();
            bytes[jump.arg] = byte as u8;
            self.commands[jump.command] = Command::op(code, &bytes)
                .map_err(|e| Error::text(e.kind(), jump.line, jump.column, e))?;
        }
        let mut map = SourceMap::default();
        for (index, line) in self.command_lines.iter().enumerate() {
            map.note(FieldPath::index("command", index), *line);
        }
        for (slot, mark) in &self.slots {
            map.note(FieldPath::index("slot", *slot), mark.line);
        }
        let slots = self
            .slots
            .values()
            .map(|mark| CommandIndex(mark.command.unwrap_or(self.commands.len())))
            .collect();
        let seq = Seq {
            attack_slots_from,
            second_sheet_slots_from,
            slots,
            commands: std::mem::take(&mut self.commands),
        };
        Ok((seq, map))
    }

    /// The byte of a jump argument.
    fn resolve(&self, jump: &PendingJump<'_>) -> Result<i8, Error> {
        let here = self.starts[jump.command];
        let error = |kind, problem: String| Error::text(kind, jump.line, jump.column, problem);
        match jump.to {
            JumpTo::Raw(byte) => Ok(byte),
            JumpTo::Label(name) => {
                let Some(mark) = self.labels.get(name) else {
                    let names = self.labels.keys().copied();
                    return Err(error(
                        ErrorKind::UnknownName,
                        format!("no label `{}`{}", shown(name), suggestion(name, names)),
                    ));
                };
                let Some(target) = mark.command else {
                    return Err(error(
                        ErrorKind::BadPointer,
                        format!(
                            "label `{name}` (line {}) is after the last command; a jump lands on \
                             a command",
                            mark.line
                        ),
                    ));
                };
                let by = self.starts[target] as i64 - here as i64;
                i8::try_from(by).map_err(|_| {
                    let (bytes, way) = if by < 0 {
                        (-by, "back")
                    } else {
                        (by, "forward")
                    };
                    error(
                        ErrorKind::OutOfRange,
                        format!(
                            "`{name}` (line {}) is {bytes} bytes {way}; a jump reaches 128 bytes \
                             back and 127 forward, from its own command",
                            mark.line
                        ),
                    )
                })
            }
            JumpTo::By(by) => {
                let target = here as i64 + i64::from(by);
                let keep = format!("write {}{by}{} to keep the byte anyway", RAW.0, RAW.1);
                if target < 0 {
                    return Err(error(
                        ErrorKind::BadPointer,
                        format!(
                            "jump {by} from stream offset 0x{here:04X} lands {} bytes before the \
                             start of the stream; {keep}",
                            -target
                        ),
                    ));
                }
                let target = target as usize;
                if target >= self.stream_len {
                    return Err(error(
                        ErrorKind::BadPointer,
                        format!(
                            "jump {by} from stream offset 0x{here:04X} lands at 0x{target:04X}, \
                             past the end of the stream (0x{:X} bytes); {keep}",
                            self.stream_len
                        ),
                    ));
                }
                if self.starts.binary_search(&target).is_err() {
                    let inside = self.starts.partition_point(|s| *s <= target) - 1;
                    return Err(error(
                        ErrorKind::BadPointer,
                        format!(
                            "jump {by} from stream offset 0x{here:04X} lands at 0x{target:04X}, \
                             inside the command at 0x{:04X} (line {}); {keep}",
                            self.starts[inside], self.command_lines[inside]
                        ),
                    ));
                }
                Ok(by)
            }
        }
    }
}

/// A jump argument: a label, a displacement in bytes, or `raw(N)`.
fn jump_to<'t>(line: &Line<'_>, word: &Word<'t>) -> Result<JumpTo<'t>, Error> {
    if let Some(inner) = word
        .text
        .strip_prefix(RAW.0)
        .and_then(|rest| rest.strip_suffix(RAW.1))
    {
        let inner_word = Word {
            text: inner,
            column: word.column + RAW.0.len(),
        };
        let by = number_in(line, &inner_word, -128, 127, "a raw jump")?;
        return Ok(JumpTo::Raw(by as i8));
    }
    if number(word.text).is_some() {
        let by = number_in(line, word, -128, 127, "a jump in bytes")?;
        return Ok(JumpTo::By(by as i8));
    }
    if lex::is_name(word.text) {
        return Ok(JumpTo::Label(word.text));
    }
    Err(line.error(
        word,
        ErrorKind::Syntax,
        format!(
            "`{}` is no jump: a jump is a label, a displacement in bytes (-2) or {}N{}",
            shown(word.text),
            RAW.0,
            RAW.1
        ),
    ))
}

/// A signed argument byte, -128 to 127.
fn signed(line: &Line<'_>, word: &Word<'_>, name: &str) -> Result<i8, Error> {
    let what = format!("{name}'s argument");
    let any = i64::from(u32::MAX);
    let value = number_in(line, word, -any, any, &what)?;
    i8::try_from(value).map_err(|_| {
        let byte = u8::try_from(value)
            .map(|b| format!(" (the byte 0x{b:02X} is {})", b as i8))
            .unwrap_or_default();
        line.error(
            word,
            ErrorKind::OutOfRange,
            format!("{value} is out of range: {what} is signed, -128 to 127{byte}"),
        )
    })
}

/// What an opcode takes, for errors: "no arguments", "2 arguments (a jump, a byte 0-255)".
fn describe_args(opcode: &Opcode) -> String {
    let count = opcode.arg_len();
    if count == 0 {
        return "no arguments".to_owned();
    }
    let kinds: Vec<&str> = (0..count)
        .map(|arg| match opcode.arg_kind(arg) {
            ArgKind::Jump => "a jump",
            ArgKind::Signed => "a signed byte -128 to 127",
            ArgKind::Unsigned | ArgKind::Raw => "a byte 0 to 255",
        })
        .collect();
    format!(
        "{} ({})",
        lex::count_words(count, "argument"),
        kinds.join(", ")
    )
}
