//! The text form of SHP files (docs/text-forms.md "Unit SHP" and "Weapon and effect SHP"): the
//! header values, then each frame table, a `frame` line for each frame and a `tile` line for each
//! of its tiles, in file order.
//!
//! ```text
//! .format unit-shp
//! .lower-half-from 15              ; header 0x004
//! .extra 0x00FF                    ; header 0x006, unused by units
//!
//! .main                            ; 19 frames
//! frame 0                          ; 0x040A
//!     tile   -4   -4  sheet 240 176  8x8
//! frame 4                          ; 0x0428
//!     tile  -16  -35  sheet  32   0  32x40  flip-x
//! ```
//!
//! A tile is placed by its top left corner from the unit's anchor (`DX DY`) and cut from the
//! sheet at pixel `X Y` (multiples of 8), `W x H` from the game's size table. In a unit SHP, `Y`
//! is the sheet row itself: frames from `.lower-half-from` on draw from rows 256 and below, so
//! their tiles' `Y` is 256 or more, and a tile in the other half is refused at its line. In a
//! weapon or effect SHP, `Y` counts from the top of the layer's own part of WEP.SPR (0 to 248).
//! Pointers, block lengths, tile counts and `water_ptr` are worked out from the lines.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::lex::{self, Line, commented, number_in, shown, suggestion};
use super::{Assembly, Model, SourceMap};
use crate::error::{Error, ErrorKind, FieldPath};
use crate::layer::{FIRST_FRAME_ENTRIES, FIRST_FRAMES_AT, FirstSection, WeaponType};
use crate::shp::{
    Frame, HALF_HEIGHT, MAX_TILES_PER_FRAME, TILE_SIZES, Tile, UNIT_TABLE_ENTRIES, UnitShp,
    WEAPON_TABLE_ENTRIES, WeaponShp, layout, size_code,
};

/// `.lower-half-from N`: a unit SHP's header `lower_half_from`.
pub const LOWER_HALF_FROM: &str = ".lower-half-from";
/// `.extra N`: a unit SHP's header `extra`.
pub const EXTRA: &str = ".extra";
/// `.main`: the main frame table of a unit SHP follows.
pub const MAIN: &str = ".main";
/// `.water`: the water frame table of a unit SHP follows.
pub const WATER: &str = ".water";
/// `.lead B B B B`: bytes 0x00-0x03 of a weapon SHP's first section.
pub const LEAD: &str = ".lead";
/// `.first-frame ENTRY FRAME`: one entry of a weapon SHP's first-frame list.
pub const FIRST_FRAME: &str = ".first-frame";
/// `.frames`: the frame table of a weapon SHP follows.
pub const FRAMES: &str = ".frames";
/// The directives of a unit SHP text, after `.format unit-shp`.
pub const UNIT_DIRECTIVES: [&str; 4] = [LOWER_HALF_FROM, EXTRA, MAIN, WATER];
/// The directives of a weapon SHP text, after `.format weapon-shp`.
pub const WEAPON_DIRECTIVES: [&str; 3] = [LEAD, FIRST_FRAME, FRAMES];
/// `frame N [rotation R] [flags F]`.
pub const FRAME: &str = "frame";
/// `tile DX DY sheet X Y WxH [flip-x] [flip-y]`.
pub const TILE: &str = "tile";
const SHEET: &str = "sheet";
const ROTATION: &str = "rotation";
const FLAGS: &str = "flags";
const FLIP_X: &str = "flip-x";
const FLIP_Y: &str = "flip-y";
/// The grid tiles are cut on, in pixels.
const GRID: i64 = 8;
/// The largest column or row a tile record holds (5 bits), in grid cells.
const MAX_CELL: i64 = 31;
/// The largest rotation a frame record holds (5 bits).
const MAX_ROTATION: i64 = 31;

impl UnitShp {
    /// The text form of the model. [`super::assemble`] reads it back to the same model.
    ///
    /// # Errors
    /// When [`UnitShp::encode`] refuses the model: a text that could not be assembled is never
    /// written.
    pub fn to_text(&self) -> Result<String, Error> {
        self.encode()?;
        let mut out = String::new();
        let water = match &self.water {
            Some(water) => format!("{} in the water table", water.len()),
            None => "no water section".to_owned(),
        };
        let _ = writeln!(
            out,
            "; A unit SHP file as text; `tactics-sprite asm` compiles it back to the same bytes.\n\
             ; The form is described in docs/text-forms.md. A tile is\n\
             ; `tile DX DY sheet X Y WxH [flip-x] [flip-y]`: its top left corner DX, DY pixels\n\
             ; from the unit's anchor, cut from the sheet at pixel X, Y. Offsets in the comments\n\
             ; are file offsets.\n\
             ; {} frames in the main table, {water}.",
            self.main.len()
        );
        let _ = writeln!(
            out,
            "{} {}",
            super::FORMAT_DIRECTIVE,
            crate::FileFormat::UnitShp
        );
        commented(
            &mut out,
            &format!("{LOWER_HALF_FROM} {}", self.lower_half_from),
            &format!(
                "header 0x{:03X}: frames from {} on draw from sheet rows {HALF_HEIGHT}+",
                layout::LOWER_HALF_FROM_AT,
                self.lower_half_from
            ),
        );
        commented(
            &mut out,
            &format!("{EXTRA} 0x{:02X}", self.extra),
            &format!("header 0x{:03X}, unused by units", layout::EXTRA_AT),
        );
        let main_at = layout::UNIT_MAIN_TABLE_AT;
        write_table(
            &mut out,
            MAIN,
            &self.main,
            layout::unit_block_at(main_at),
            |i| self.in_lower_half(i),
        );
        if let Some(water) = &self.water {
            let water_at = layout::unit_block_at(main_at) + block_len(&self.main);
            write_table(
                &mut out,
                WATER,
                water,
                layout::unit_block_at(water_at),
                |i| self.in_lower_half(i),
            );
        }
        Ok(out)
    }
}

impl WeaponShp {
    /// The text form of the model. [`super::assemble`] reads it back to the same model.
    ///
    /// # Errors
    /// When [`WeaponShp::encode`] refuses the model.
    pub fn to_text(&self) -> Result<String, Error> {
        self.encode()?;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "; A weapon or effect SHP file as text; `tactics-sprite asm` compiles it back to the\n\
             ; same bytes. The form is described in docs/text-forms.md. A tile is\n\
             ; `tile DX DY sheet X Y WxH [flip-x] [flip-y]`: its top left corner DX, DY pixels\n\
             ; from the anchor, cut at pixel X, Y of the layer's part of the weapons sheet.\n\
             ; Offsets in the comments are file offsets.\n\
             ; {} frames.",
            self.frames.len()
        );
        let _ = writeln!(
            out,
            "{} {}",
            super::FORMAT_DIRECTIVE,
            crate::FileFormat::WeaponShp
        );
        let section = FirstSection::decode(&self.first_section);
        let lead: Vec<String> = section.lead.iter().map(|b| format!("0x{b:02X}")).collect();
        commented(
            &mut out,
            &format!("{LEAD} {}", lead.join(" ")),
            "first section, bytes 0x00-0x03",
        );
        for (entry, first) in section.first_frames.iter().enumerate() {
            let at = FIRST_FRAMES_AT + 2 * entry;
            let what = match entry_name(entry) {
                Some(name) => format!("0x{at:02X}: {name}"),
                None => format!("0x{at:02X}"),
            };
            commented(&mut out, &format!("{FIRST_FRAME} {entry} {first}"), &what);
        }
        write_table(
            &mut out,
            FRAMES,
            &self.frames,
            layout::WEAPON_BLOCK_AT,
            |_| false,
        );
        Ok(out)
    }
}

/// What entry `entry` of the first-frame list is for: `fists`, `knife`, ... `shuriken`.
fn entry_name(entry: usize) -> Option<&'static str> {
    if entry == 0 {
        return Some("fists");
    }
    WeaponType::ALL
        .into_iter()
        .find(|t| usize::from(t.entry()) == entry)
        .map(WeaponType::name)
}

/// The bytes of a table's records.
fn block_len(frames: &[Frame]) -> usize {
    frames.iter().map(Frame::record_len).sum()
}

/// A table's directive, then its frames and tiles; `block_at` is where its first record lies.
fn write_table(
    out: &mut String,
    directive: &str,
    frames: &[Frame],
    block_at: usize,
    in_lower_half: impl Fn(usize) -> bool,
) {
    out.push('\n');
    commented(out, directive, &lex::count_words(frames.len(), "frame"));
    let mut at = block_at;
    for (index, frame) in frames.iter().enumerate() {
        let mut head = format!("{FRAME} {index}");
        if frame.rotation != 0 {
            let _ = write!(head, " {ROTATION} {}", frame.rotation);
        }
        if frame.flags != 0 {
            let _ = write!(head, " {FLAGS} 0x{:02X}", frame.flags);
        }
        commented(out, &head, &format!("0x{at:04X}"));
        for tile in &frame.tiles {
            let rect = tile.sheet_rect(in_lower_half(index));
            let _ = write!(
                out,
                "    {TILE} {:>4} {:>4}  {SHEET} {:>3} {:>3}  {}x{}",
                tile.dx, tile.dy, rect.x, rect.y, rect.w, rect.h
            );
            if tile.flip_x {
                let _ = write!(out, "  {FLIP_X}");
            }
            if tile.flip_y {
                let _ = write!(out, "  {FLIP_Y}");
            }
            out.push('\n');
        }
        at += frame.record_len();
    }
}

/// Which SHP layout a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Unit,
    Weapon,
}

impl Layout {
    fn directives(self) -> &'static [&'static str] {
        match self {
            Self::Unit => &UNIT_DIRECTIVES,
            Self::Weapon => &WEAPON_DIRECTIVES,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Unit => "unit SHP",
            Self::Weapon => "weapon SHP",
        }
    }
}

/// One frame table as read so far.
struct Table {
    /// Its directive: [`MAIN`], [`WATER`] or [`FRAMES`].
    directive: &'static str,
    line: usize,
    frames: Vec<Frame>,
    frame_lines: Vec<usize>,
}

impl Table {
    /// The part name the encoders give the table in their errors.
    fn part(&self) -> &'static str {
        match self.directive {
            MAIN => "main table",
            WATER => "water table",
            _ => "frame table",
        }
    }

    /// The most frames the table holds.
    fn entries(&self) -> usize {
        if self.directive == FRAMES {
            WEAPON_TABLE_ENTRIES
        } else {
            UNIT_TABLE_ENTRIES
        }
    }
}

/// The assembler's state, line by line.
struct Reader {
    layout: Layout,
    /// Each header directive's line.
    seen: HashMap<&'static str, usize>,
    lower_half_from: u16,
    extra: u16,
    lead: [u8; FIRST_FRAMES_AT],
    /// Each first-frame entry's value and line.
    first_frames: [Option<(u16, usize)>; FIRST_FRAME_ENTRIES],
    tables: Vec<Table>,
}

/// Assembles the lines of a unit SHP text (the first is `.format unit-shp`) and encodes it.
pub(super) fn assemble_unit(lines: &[Line<'_>]) -> Result<Assembly, Error> {
    let reader = read(lines, Layout::Unit)?;
    let (shp, map) = reader.unit(lines)?;
    let bytes = shp.encode().map_err(|e| map.place(e, lines[0].number))?;
    Ok(Assembly {
        model: Model::UnitShp(shp),
        bytes,
        command_lines: Vec::new(),
    })
}

/// Assembles the lines of a weapon SHP text (the first is `.format weapon-shp`) and encodes it.
pub(super) fn assemble_weapon(lines: &[Line<'_>]) -> Result<Assembly, Error> {
    let reader = read(lines, Layout::Weapon)?;
    let (shp, map) = reader.weapon(lines)?;
    let bytes = shp.encode().map_err(|e| map.place(e, lines[0].number))?;
    Ok(Assembly {
        model: Model::WeaponShp(shp),
        bytes,
        command_lines: Vec::new(),
    })
}

fn read(lines: &[Line<'_>], layout: Layout) -> Result<Reader, Error> {
    let mut reader = Reader {
        layout,
        seen: HashMap::new(),
        lower_half_from: 0,
        extra: 0,
        lead: [0; FIRST_FRAMES_AT],
        first_frames: [None; FIRST_FRAME_ENTRIES],
        tables: Vec::new(),
    };
    for line in &lines[1..] {
        reader.line(line)?;
    }
    reader.close_frame()?;
    Ok(reader)
}

impl Reader {
    fn line(&mut self, line: &Line<'_>) -> Result<(), Error> {
        let head = line.head();
        match head.text {
            FRAME => self.frame(line),
            TILE => self.tile(line),
            word if word.starts_with('.') => self.directive(line),
            word => {
                let words = [FRAME, TILE];
                Err(line.error(
                    &head,
                    ErrorKind::UnknownName,
                    format!(
                        "unknown word `{}`; a line of a {} text is a directive, `{FRAME} N ...` \
                         or `{TILE} ...`{}",
                        shown(word),
                        self.layout.name(),
                        suggestion(
                            word,
                            words
                                .into_iter()
                                .chain(self.layout.directives().iter().copied())
                        )
                    ),
                ))
            }
        }
    }

    fn directive(&mut self, line: &Line<'_>) -> Result<(), Error> {
        let head = line.head();
        let directives = self.layout.directives();
        let Some(&name) = directives.iter().find(|d| **d == head.text) else {
            let problem = if head.text == super::FORMAT_DIRECTIVE {
                format!("`{}` is given once, on the first line", head.text)
            } else {
                let other = match self.layout {
                    Layout::Unit if WEAPON_DIRECTIVES.contains(&head.text) => {
                        " (a directive of weapon SHP texts)"
                    }
                    Layout::Weapon if UNIT_DIRECTIVES.contains(&head.text) => {
                        " (a directive of unit SHP texts)"
                    }
                    _ => "",
                };
                format!(
                    "unknown directive `{}` in a {} text{other}; its directives are {}{}",
                    shown(head.text),
                    self.layout.name(),
                    directives.join(", "),
                    suggestion(head.text, directives.iter().copied())
                )
            };
            return Err(line.error(&head, ErrorKind::UnknownName, problem));
        };
        let is_table = matches!(name, MAIN | WATER | FRAMES);
        if !is_table && let Some(table) = self.tables.first() {
            return Err(line.error(
                &head,
                ErrorKind::Syntax,
                format!(
                    "`{name}` comes after the frames began (`{}` at line {}); header directives \
                     come first",
                    table.directive, table.line
                ),
            ));
        }
        if name != FIRST_FRAME
            && let Some(first) = self.seen.get(name)
        {
            return Err(line.error(
                &head,
                ErrorKind::Duplicate,
                format!("`{name}` is given twice (first at line {first})"),
            ));
        }
        match name {
            LOWER_HALF_FROM | EXTRA => {
                let [word] = line.arguments(1, "a number from 0 to 65535")? else {
                    unreachable!("arguments gives exactly the count asked for")
                };
                let what = if name == EXTRA {
                    "header extra"
                } else {
                    "the first frame of the lower half"
                };
                let value = number_in(line, word, 0, i64::from(u16::MAX), what)? as u16;
                if name == EXTRA {
                    self.extra = value;
                } else {
                    self.lower_half_from = value;
                }
            }
            LEAD => {
                let words = line.arguments(FIRST_FRAMES_AT, "4 bytes")?;
                for (byte, word) in self.lead.iter_mut().zip(words) {
                    *byte = number_in(line, word, 0, 255, "a byte")? as u8;
                }
            }
            FIRST_FRAME => self.first_frame(line)?,
            MAIN | FRAMES => self.open_table(line, name)?,
            WATER => {
                if self.tables.is_empty() {
                    return Err(line.error(
                        &head,
                        ErrorKind::Syntax,
                        format!("`{WATER}` comes after the `{MAIN}` table"),
                    ));
                }
                self.open_table(line, name)?;
            }
            _ => unreachable!("every directive of the layouts is handled"),
        }
        self.seen.insert(name, line.number);
        Ok(())
    }

    fn first_frame(&mut self, line: &Line<'_>) -> Result<(), Error> {
        let [entry, value] = line.arguments(2, "an entry (0 to 31) and a frame index")? else {
            unreachable!("arguments gives exactly the count asked for")
        };
        let index = number_in(
            line,
            entry,
            0,
            FIRST_FRAME_ENTRIES as i64 - 1,
            "a first-frame entry",
        )? as usize;
        if let Some((_, first)) = self.first_frames[index] {
            return Err(line.error(
                entry,
                ErrorKind::Duplicate,
                format!("first-frame entry {index} is given twice (first at line {first})"),
            ));
        }
        let frame = number_in(line, value, 0, i64::from(u16::MAX), "a frame index")? as u16;
        self.first_frames[index] = Some((frame, line.number));
        Ok(())
    }

    fn open_table(&mut self, line: &Line<'_>, directive: &'static str) -> Result<(), Error> {
        line.arguments(0, "no arguments")?;
        self.close_frame()?;
        self.tables.push(Table {
            directive,
            line: line.number,
            frames: Vec::new(),
            frame_lines: Vec::new(),
        });
        Ok(())
    }

    /// Checks that the frame read last has a tile.
    fn close_frame(&self) -> Result<(), Error> {
        let Some(table) = self.tables.last() else {
            return Ok(());
        };
        match (table.frames.last(), table.frame_lines.last()) {
            (Some(frame), Some(&line)) if frame.tiles.is_empty() => Err(Error::text(
                ErrorKind::Empty,
                line,
                1,
                format!(
                    "frame {} has no tiles; a frame holds 1 to {MAX_TILES_PER_FRAME} `{TILE}` \
                     lines",
                    table.frames.len() - 1
                ),
            )),
            _ => Ok(()),
        }
    }

    fn frame(&mut self, line: &Line<'_>) -> Result<(), Error> {
        self.close_frame()?;
        let main_frames = self.tables.first().map_or(0, |t| t.frames.len());
        let Some(table) = self.tables.last_mut() else {
            let first = if self.layout == Layout::Unit {
                MAIN
            } else {
                FRAMES
            };
            return Err(line.error_here(
                ErrorKind::Syntax,
                format!("a `{FRAME}` line comes after a table directive (`{first}`)"),
            ));
        };
        let words = &line.words;
        let Some(index_word) = words.get(1) else {
            return Err(line.error_at_end(
                ErrorKind::Syntax,
                format!("expected `{FRAME} N`, the frame's index"),
            ));
        };
        let expected = table.frames.len();
        let index = number_in(line, index_word, 0, i64::from(u32::MAX), "a frame index")?;
        if index != expected as i64 {
            return Err(line.error(
                index_word,
                ErrorKind::Syntax,
                format!(
                    "expected frame {expected} here (frames are numbered in order from 0), found \
                     {index}"
                ),
            ));
        }
        if expected >= table.entries() {
            return Err(line.error(
                index_word,
                ErrorKind::TooMany,
                format!(
                    "frame {expected} does not fit: a {} holds at most {} frames",
                    table.part(),
                    table.entries()
                ),
            ));
        }
        if table.directive == WATER && expected >= main_frames {
            return Err(line.error(
                index_word,
                ErrorKind::Mismatch,
                format!(
                    "water frame {expected} has no main frame: the main table has {main_frames} \
                     frames, and the water table has as many"
                ),
            ));
        }
        let mut frame = Frame {
            rotation: 0,
            flags: 0,
            tiles: Vec::new(),
        };
        let mut given: HashMap<&str, usize> = HashMap::new();
        let mut rest = words[2..].iter();
        while let Some(key) = rest.next() {
            let (max, what) = match key.text {
                ROTATION => (MAX_ROTATION, "a rotation (5 bits)"),
                FLAGS => (255, "the flags byte"),
                other => {
                    return Err(line.error(
                        key,
                        ErrorKind::UnknownName,
                        format!(
                            "unknown word `{}` in a `{FRAME}` line; it takes `{ROTATION} R` and \
                             `{FLAGS} F`{}",
                            shown(other),
                            suggestion(other, [ROTATION, FLAGS])
                        ),
                    ));
                }
            };
            if let Some(first) = given.insert(key.text, key.column) {
                return Err(line.error(
                    key,
                    ErrorKind::Duplicate,
                    format!(
                        "`{}` is given twice in this line (first at column {first})",
                        key.text
                    ),
                ));
            }
            let Some(value) = rest.next() else {
                return Err(line.error_at_end(
                    ErrorKind::Syntax,
                    format!("expected {what} after `{}`", key.text),
                ));
            };
            let value = number_in(line, value, 0, max, what)? as u8;
            if key.text == ROTATION {
                frame.rotation = value;
            } else {
                frame.flags = value;
            }
        }
        table.frames.push(frame);
        table.frame_lines.push(line.number);
        Ok(())
    }

    fn tile(&mut self, line: &Line<'_>) -> Result<(), Error> {
        let lower_half_from = usize::from(self.lower_half_from);
        let layout = self.layout;
        let table = self.tables.last_mut();
        let Some((table, index)) = table.and_then(|t| {
            let index = t.frames.len().checked_sub(1)?;
            Some((t, index))
        }) else {
            return Err(line.error_here(
                ErrorKind::Syntax,
                format!("a `{TILE}` line comes after the `{FRAME}` line of its frame"),
            ));
        };
        if table.frames[index].tiles.len() == MAX_TILES_PER_FRAME {
            return Err(line.error_here(
                ErrorKind::TooMany,
                format!(
                    "frame {index} already has {MAX_TILES_PER_FRAME} tiles; a frame holds at most \
                     {MAX_TILES_PER_FRAME}"
                ),
            ));
        }
        let lower = layout == Layout::Unit && index >= lower_half_from;
        let tile = read_tile(line, lower, layout, index, lower_half_from)?;
        table.frames[index].tiles.push(tile);
        Ok(())
    }

    /// The unit SHP, once every line is read.
    fn unit(mut self, lines: &[Line<'_>]) -> Result<(UnitShp, SourceMap), Error> {
        let last = lines.last().map_or(1, |l| l.number);
        for name in [LOWER_HALF_FROM, EXTRA, MAIN] {
            if !self.seen.contains_key(name) {
                return Err(Error::text(
                    ErrorKind::Missing,
                    last,
                    1,
                    format!(
                        "the text has no `{name}` line; a unit SHP text gives `{LOWER_HALF_FROM}`, \
                         `{EXTRA}` and the `{MAIN}` table"
                    ),
                ));
            }
        }
        let map = self.source_map();
        check_not_empty(&self.tables)?;
        let mut tables = std::mem::take(&mut self.tables).into_iter();
        let main = tables.next().map(|t| t.frames).unwrap_or_default();
        let water = match tables.next() {
            Some(table) if table.frames.len() != main.len() => {
                return Err(Error::text(
                    ErrorKind::Mismatch,
                    table.line,
                    1,
                    format!(
                        "the water table has {} frames, the main table {}; they have as many",
                        table.frames.len(),
                        main.len()
                    ),
                ));
            }
            Some(table) => Some(table.frames),
            None => None,
        };
        let shp = UnitShp {
            lower_half_from: self.lower_half_from,
            extra: self.extra,
            main,
            water,
        };
        Ok((shp, map))
    }

    /// The weapon SHP, once every line is read.
    fn weapon(mut self, lines: &[Line<'_>]) -> Result<(WeaponShp, SourceMap), Error> {
        let last = lines.last().map_or(1, |l| l.number);
        for name in [LEAD, FRAMES] {
            if !self.seen.contains_key(name) {
                return Err(Error::text(
                    ErrorKind::Missing,
                    last,
                    1,
                    format!(
                        "the text has no `{name}` line; a weapon SHP text gives `{LEAD}`, the \
                         {FIRST_FRAME_ENTRIES} `{FIRST_FRAME}` entries and the `{FRAMES}` table"
                    ),
                ));
            }
        }
        let mut first_frames = [0; FIRST_FRAME_ENTRIES];
        for (entry, (slot, value)) in first_frames.iter_mut().zip(self.first_frames).enumerate() {
            let Some((value, _)) = value else {
                return Err(Error::text(
                    ErrorKind::Missing,
                    self.seen.get(FRAMES).copied().unwrap_or(last),
                    1,
                    format!(
                        "first-frame entry {entry} is not given; a weapon SHP text gives all \
                         {FIRST_FRAME_ENTRIES} (`{FIRST_FRAME} {entry} N`) before `{FRAMES}`"
                    ),
                ));
            };
            *slot = value;
        }
        let map = self.source_map();
        check_not_empty(&self.tables)?;
        let frames = std::mem::take(&mut self.tables)
            .into_iter()
            .next()
            .map(|t| t.frames)
            .unwrap_or_default();
        let first_section = FirstSection {
            lead: self.lead,
            first_frames,
        }
        .encode();
        Ok((
            WeaponShp {
                first_section,
                frames,
            },
            map,
        ))
    }

    fn source_map(&self) -> SourceMap {
        let mut map = SourceMap::default();
        for table in &self.tables {
            map.note(FieldPath::part(table.part()), table.line);
            for (index, line) in table.frame_lines.iter().enumerate() {
                map.note(
                    FieldPath::part(table.part()).then_index("frame", index),
                    *line,
                );
            }
        }
        map
    }
}

/// A table without frames, which no file holds.
fn check_not_empty(tables: &[Table]) -> Result<(), Error> {
    match tables.iter().find(|t| t.frames.is_empty()) {
        Some(table) => Err(Error::text(
            ErrorKind::Empty,
            table.line,
            1,
            format!(
                "the {} has no frames; a table holds at least frame 0",
                table.part()
            ),
        )),
        None => Ok(()),
    }
}

/// `tile DX DY sheet X Y WxH [flip-x] [flip-y]`, for frame `index` (`lower`: it draws from the
/// lower half of the sheet).
fn read_tile(
    line: &Line<'_>,
    lower: bool,
    layout: Layout,
    index: usize,
    lower_half_from: usize,
) -> Result<Tile, Error> {
    let form = "`tile DX DY sheet X Y WxH`, then `flip-x` or `flip-y` when mirrored";
    let words = &line.words;
    if words.len() < 7 {
        return Err(line.error_at_end(ErrorKind::Syntax, format!("a tile line is {form}")));
    }
    let dx = number_in(line, &words[1], -128, 127, "DX, the offset from the anchor")? as i8;
    let dy = number_in(line, &words[2], -128, 127, "DY, the offset from the anchor")? as i8;
    if words[3].text != SHEET {
        return Err(line.error(
            &words[3],
            ErrorKind::Syntax,
            format!("expected `{SHEET}` after the tile's offset; a tile line is {form}"),
        ));
    }
    let x = number_in(
        line,
        &words[4],
        0,
        GRID * MAX_CELL,
        "X, the sheet column in pixels",
    )?;
    if x % GRID != 0 {
        return Err(line.error(
            &words[4],
            ErrorKind::NotOnSheet,
            format!("x {x} is not on the 8-pixel grid: tiles are cut at multiples of 8"),
        ));
    }
    let half_top = if lower { i64::from(HALF_HEIGHT) } else { 0 };
    let y_word = &words[5];
    let y = number_in(
        line,
        y_word,
        0,
        i64::from(u32::MAX),
        "Y, the sheet row in pixels",
    )?;
    let rows = half_top..=half_top + GRID * MAX_CELL;
    if !rows.contains(&y) {
        let problem = match layout {
            Layout::Weapon => format!(
                "y {y} is out of range: a tile's Y is 0 to {} (a multiple of 8)",
                GRID * MAX_CELL
            ),
            Layout::Unit if lower => format!(
                "y {y} is not in the lower half of the sheet, which frame {index} draws from \
                 (frames from {lower_half_from} on, `{LOWER_HALF_FROM}`): its tiles' Y is {} to {}",
                rows.start(),
                rows.end()
            ),
            Layout::Unit => format!(
                "y {y} is not in the top half of the sheet, which frame {index} draws from (the \
                 lower half is for frames from {lower_half_from} on, `{LOWER_HALF_FROM}`): its \
                 tiles' Y is 0 to {}",
                rows.end()
            ),
        };
        return Err(line.error(y_word, ErrorKind::NotOnSheet, problem));
    }
    if y % GRID != 0 {
        return Err(line.error(
            y_word,
            ErrorKind::NotOnSheet,
            format!("y {y} is not on the 8-pixel grid: tiles are cut at multiples of 8"),
        ));
    }
    let size = &words[6];
    let size_code = read_size(size.text).ok_or_else(|| {
        let sizes: Vec<String> = TILE_SIZES.iter().map(|(w, h)| format!("{w}x{h}")).collect();
        line.error(
            size,
            ErrorKind::UnknownName,
            format!(
                "no tile size `{}`; the sizes are {}",
                shown(size.text),
                sizes.join(", ")
            ),
        )
    })?;
    let (mut flip_x, mut flip_y) = (false, false);
    for word in &words[7..] {
        let flag = match word.text {
            FLIP_X => &mut flip_x,
            FLIP_Y => &mut flip_y,
            other => {
                return Err(line.error(
                    word,
                    ErrorKind::UnknownName,
                    format!(
                        "unknown word `{}` after the tile's size; a tile takes `{FLIP_X}` and \
                         `{FLIP_Y}`{}",
                        shown(other),
                        suggestion(other, [FLIP_X, FLIP_Y])
                    ),
                ));
            }
        };
        if *flag {
            return Err(line.error(
                word,
                ErrorKind::Duplicate,
                format!("`{}` is given twice", word.text),
            ));
        }
        *flag = true;
    }
    Ok(Tile {
        dx,
        dy,
        column: (x / GRID) as u8,
        row: ((y - half_top) / GRID) as u8,
        size_code,
        flip_x,
        flip_y,
    })
}

/// The size code of `WxH`, if the game's table has that size.
fn read_size(word: &str) -> Option<u8> {
    let (w, h) = word.split_once('x')?;
    let dimension = |d: &str| {
        (!d.is_empty() && d.len() <= 3 && d.bytes().all(|b| b.is_ascii_digit()))
            .then(|| d.parse::<u32>().ok())
            .flatten()
    };
    size_code(dimension(w)?, dimension(h)?)
}

// The tile word's column and row are 5 bits, X and Y multiples of 8 up to 248.
const _: () = assert!(GRID * (MAX_CELL + 1) == HALF_HEIGHT as i64);
// A table holds at most 512 frames of at most 8 tiles, so a data block never outgrows its u16
// length and the text needs no check of its own for it.
const _: () =
    assert!(WEAPON_TABLE_ENTRIES * layout::tile_at(0, MAX_TILES_PER_FRAME) <= u16::MAX as usize);

#[cfg(test)]
mod tests {
    use super::read_size;

    #[test]
    fn sizes_are_read_from_the_table() {
        assert_eq!(read_size("8x8"), Some(0));
        assert_eq!(read_size("48x16"), Some(12));
        assert_eq!(read_size("40x32"), Some(13));
        for bad in ["8x", "x8", "8X8", "30x40", "0008x8", "8x8x8"] {
            assert_eq!(read_size(bad), None, "{bad}");
        }
    }
}
