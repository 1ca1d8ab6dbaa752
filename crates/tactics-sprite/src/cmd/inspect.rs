//! `tactics-sprite inspect`: what a sprite file is, its header values and counts, and with
//! `--verbose` every frame's tiles (SHP) or every slot's commands (SEQ); as text or as one JSON
//! object with the same content.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use fft_formats::retail::{self, RetailFile};
use fft_formats::spr::{Spr, WIDTH};
use fft_formats::{Command, FileKind, Frame, OpcodeTable, Seq, UnitShp, WeaponShp};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use super::{KindArg, KindSource, choose_kind, read_input, stdout_error};

/// Show what a sprite file is, its header values and counts.
#[derive(Debug, clap::Args)]
#[command(
    about = "Show what a sprite file is: kind, retail identity, header values, counts",
    long_about = "Show what a sprite file is: its kind (told from its structure), whether it is a \
known retail file (by sha256), its header values and its counts.\n\n\
Unit SHP: header water_ptr, lower_half_from, extra; frames and tiles per table (main, water), \
frames in the lower half of the sheet.\n\
Weapon/effect SHP: the 0x44-byte first section as u16 values; frames and tiles.\n\
SEQ: header AA, BB, L; slots used, distinct slot offsets, commands, frame commands, opcodes.\n\
SPR: the variant, image size, palette count, padding; opaque pixels and the colour indices used.\n\n\
With --verbose, SHP files list every frame's tiles (dx, dy from the anchor; sheet x, y in \
pixels, +256 for frames in the lower half; width, height; flips), and SEQ files list, per slot, \
the commands of its storage segment: from the slot's offset up to the next larger distinct slot \
offset, or to L for the last segment. Slots that share an offset list the same commands. Command \
offsets count from the start of the command stream (file byte 0x406). SPR files list their \
palettes as raw 16-bit words (STP bit included).\n\n\
Tactics Ogre SAS sets (SAS3, SAS\\0) and pakd containers are told from their magic. A set: \
version, byte order, scale, counts, dead frames and padding, and every frame type used with what \
the --meanings table calls it and the values it carries; --verbose lists every slot, sprite, \
quad and frame with its offset and raw bytes. A container: its entries (offset, size, id, kind); \
--entry N inspects one."
)]
pub struct Args {
    /// The file to inspect (any file name).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Decode the file as this kind instead of telling its kind from its structure (its length
    /// fields) [default: detected]
    #[arg(long, value_enum, value_name = "KIND")]
    pub kind: Option<KindArg>,

    /// Print one JSON object (same content as the text, keys in a stable order) instead of text.
    #[arg(long)]
    pub json: bool,

    /// Also list every frame's tiles (SHP) or every slot's commands (SEQ).
    #[arg(long, short)]
    pub verbose: bool,

    /// Opcode table for SEQ files: the retail game's, or the lengths of the "animation rewrite"
    /// patch found in modded games. Ignored for SHP files.
    #[arg(long, value_enum, value_name = "TABLE", default_value_t = OpcodesArg::Retail)]
    pub opcodes: OpcodesArg,

    /// SAS sets and pakd containers (told from their magic) are described by `sas::inspect`.
    #[command(flatten)]
    pub sas: super::sas::SasOptions,
}

/// `--opcodes` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OpcodesArg {
    /// The table every retail file decodes with.
    Retail,
    /// The retail table with the "animation rewrite" patch's lengths and names (C2 is 3 bytes).
    AnimationRewrite,
}

impl OpcodesArg {
    fn table(self) -> OpcodeTable {
        match self {
            Self::Retail => OpcodeTable::retail(),
            Self::AnimationRewrite => OpcodeTable::animation_rewrite(),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Retail => "retail",
            Self::AnimationRewrite => "animation-rewrite",
        }
    }
}

/// Runs the command.
///
/// # Errors
/// When the file cannot be read, its kind cannot be told, or it does not decode; the message
/// names the file and the byte offset.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.kind.is_none() {
        if let Some(result) =
            super::sas::inspect::dispatch(&args.file, &args.sas, args.json, args.verbose)
        {
            return result;
        }
    }
    let path = &args.file;
    let bytes = read_input(path)?;
    let (kind, source) = choose_kind(path, &bytes, args.kind)?;
    let name = || path.display().to_string();
    let mut report = Report::new(path.display().to_string(), &bytes, kind, source);
    match kind {
        FileKind::UnitShp => {
            let shp = UnitShp::decode(&bytes).with_context(name)?;
            report.unit_shp(&bytes, &shp, args.verbose);
        }
        FileKind::WeaponShp => {
            let shp = WeaponShp::decode(&bytes).with_context(name)?;
            report.weapon_shp(&shp, args.verbose);
        }
        FileKind::Seq => {
            let table = args.opcodes.table();
            let seq = Seq::decode_with(&bytes, &table).with_context(name)?;
            report.seq(&seq, &table, args.opcodes, args.verbose);
        }
        FileKind::Spr => {
            let sheet = Spr::decode(&bytes).with_context(name)?;
            report.sheet(&sheet, args.verbose);
        }
    }
    let text = if args.json {
        let mut text = serde_json::to_string_pretty(&report.to_json())?;
        text.push('\n');
        text
    } else {
        report.to_text()
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(stdout_error)?;
    out.flush().map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// One reported value: how it prints as text, and as JSON.
enum Val {
    /// A number, printed in decimal.
    Num(u64),
    /// A number printed as text in hex (`digits` wide) and in decimal; a plain number in JSON.
    Hex(u64, usize),
    /// A string.
    Str(String),
    /// A list of numbers.
    List(Vec<u64>),
    /// No value (JSON `null`); the text says why.
    Absent(&'static str),
}

impl Val {
    fn text(&self) -> String {
        match self {
            Self::Num(n) => n.to_string(),
            Self::Hex(n, digits) => format!("0x{n:0digits$X} ({n})"),
            Self::Str(s) => s.clone(),
            Self::List(items) => {
                let items: Vec<String> = items.iter().map(u64::to_string).collect();
                format!("[{}]", items.join(", "))
            }
            Self::Absent(why) => (*why).to_owned(),
        }
    }

    fn json(&self) -> Value {
        match self {
            Self::Num(n) | Self::Hex(n, _) => json!(n),
            Self::Str(s) => json!(s),
            Self::List(items) => json!(items),
            Self::Absent(_) => Value::Null,
        }
    }
}

/// A named group of values (`header`, `counts`).
type Fields = Vec<(&'static str, Val)>;

/// Everything `inspect` prints, built once and rendered as text or JSON.
struct Report {
    /// Identity of the file: path, size, digest, retail name, kind.
    identity: Fields,
    /// `header` and `counts`.
    sections: Vec<(&'static str, Fields)>,
    /// The `--verbose` listing, already rendered both ways.
    detail: Option<Detail>,
}

/// The `--verbose` listing: its JSON key and value, and its text.
struct Detail {
    key: &'static str,
    json: Value,
    text: String,
}

impl Report {
    fn new(path: String, bytes: &[u8], kind: FileKind, source: KindSource) -> Self {
        let sha256: String = Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let retail: Option<&RetailFile> = retail::by_sha256(&sha256);
        Self {
            identity: vec![
                ("file", Val::Str(path)),
                ("size", Val::Num(bytes.len() as u64)),
                ("sha256", Val::Str(sha256)),
                (
                    "retail",
                    match retail {
                        Some(file) => Val::Str(file.disc_name.to_owned()),
                        None => Val::Absent("not a known retail file"),
                    },
                ),
                ("kind", Val::Str(kind.name().to_owned())),
                ("kind_source", Val::Str(source.name().to_owned())),
            ],
            sections: Vec::new(),
            detail: None,
        }
    }

    fn unit_shp(&mut self, bytes: &[u8], shp: &UnitShp, verbose: bool) {
        // The model derives water_ptr (it is where the main block ends); report the stored value.
        let water_ptr = bytes.get(..4).map_or(0, |b| {
            u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        });
        let tiles = |frames: &[Frame]| frames.iter().map(|f| f.tiles.len() as u64).sum::<u64>();
        let lower = shp
            .main
            .len()
            .saturating_sub(usize::from(shp.lower_half_from));
        let no_water = || Val::Absent("none (no water section)");
        self.sections.push((
            "header",
            vec![
                ("water_ptr", Val::Hex(water_ptr, 4)),
                ("lower_half_from", Val::Num(shp.lower_half_from.into())),
                ("extra", Val::Hex(shp.extra.into(), 4)),
            ],
        ));
        self.sections.push((
            "counts",
            vec![
                ("main_frames", Val::Num(shp.main.len() as u64)),
                (
                    "water_frames",
                    shp.water
                        .as_ref()
                        .map_or_else(no_water, |w| Val::Num(w.len() as u64)),
                ),
                ("main_tiles", Val::Num(tiles(&shp.main))),
                (
                    "water_tiles",
                    shp.water
                        .as_ref()
                        .map_or_else(no_water, |w| Val::Num(tiles(w))),
                ),
                ("frames_in_lower_half", Val::Num(lower as u64)),
            ],
        ));
        if verbose {
            let lower_half = |index: usize| Some(shp.in_lower_half(index));
            let mut json = Map::new();
            let mut text = String::new();
            let tables = [("main", Some(&shp.main)), ("water", shp.water.as_ref())];
            for (name, frames) in tables {
                let Some(frames) = frames else {
                    json.insert(name.to_owned(), Value::Null);
                    continue;
                };
                json.insert(name.to_owned(), frames_json(frames, lower_half));
                frames_text(&mut text, name, frames, lower_half);
            }
            self.detail = Some(Detail {
                key: "frames",
                json: Value::Object(json),
                text,
            });
        }
    }

    fn weapon_shp(&mut self, shp: &WeaponShp, verbose: bool) {
        let first_section = shp
            .first_section
            .chunks_exact(2)
            .map(|b| u64::from(u16::from_le_bytes([b[0], b[1]])))
            .collect();
        let tiles: usize = shp.frames.iter().map(|f| f.tiles.len()).sum();
        // The first section read as fields (fft_formats::layer): each weapon type's first frame.
        let fields = fft_formats::layer::FirstSection::decode(&shp.first_section);
        let first_frames = fft_formats::layer::WeaponType::ALL
            .iter()
            .map(|t| format!("{t} {}", fields.first_frame(*t)))
            .collect::<Vec<_>>()
            .join(", ");
        self.sections.push((
            "header",
            vec![
                ("first_section", Val::List(first_section)),
                ("first_frames", Val::Str(first_frames)),
            ],
        ));
        self.sections.push((
            "counts",
            vec![
                ("frames", Val::Num(shp.frames.len() as u64)),
                ("tiles", Val::Num(tiles as u64)),
            ],
        ));
        if verbose {
            // Weapon and effect sheets have no lower-half rule.
            let no_half = |_: usize| None;
            let mut text = String::new();
            frames_text(&mut text, "", &shp.frames, no_half);
            self.detail = Some(Detail {
                key: "frames",
                json: frames_json(&shp.frames, no_half),
                text,
            });
        }
    }

    fn sheet(&mut self, sheet: &Spr, verbose: bool) {
        let mut used = [false; 16];
        for &index in &sheet.pixels {
            used[usize::from(index & 0x0F)] = true;
        }
        self.sections.push((
            "header",
            vec![
                ("variant", Val::Str(sheet.variant.to_string())),
                ("width", Val::Num(WIDTH as u64)),
                ("height", Val::Num(sheet.height() as u64)),
                ("palettes", Val::Num(sheet.palettes.len() as u64)),
                ("padding", Val::Num(sheet.padding as u64)),
            ],
        ));
        self.sections.push((
            "counts",
            vec![
                ("pixels", Val::Num(sheet.pixels.len() as u64)),
                (
                    "opaque_pixels",
                    Val::Num(sheet.pixels.iter().filter(|&&p| p != 0).count() as u64),
                ),
                (
                    "indices_used",
                    Val::List((0..16).filter(|&i| used[i]).map(|i| i as u64).collect()),
                ),
            ],
        ));
        if verbose {
            // The raw 16-bit colour words (5 bits each of red, green, blue; bit 15 STP).
            let mut text = String::new();
            for (i, palette) in sheet.palettes.iter().enumerate() {
                let words: Vec<String> = palette.iter().map(|w| format!("{w:04X}")).collect();
                let _ = writeln!(text, "palette {i:2}: {}", words.join(" "));
            }
            self.detail = Some(Detail {
                key: "palettes",
                json: json!(sheet.palettes),
                text,
            });
        }
    }

    fn seq(&mut self, seq: &Seq, table: &OpcodeTable, opcodes: OpcodesArg, verbose: bool) {
        let offsets = seq.command_offsets();
        let stream_len = offsets.last().copied().unwrap_or(0);
        let frames = seq
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Frame { .. }))
            .count();
        self.identity
            .push(("opcode_table", Val::Str(opcodes.name().to_owned())));
        self.sections.push((
            "header",
            vec![
                ("AA", Val::Hex(seq.attack_slots_from.into(), 4)),
                ("BB", Val::Hex(seq.second_sheet_slots_from.into(), 4)),
                ("L", Val::Hex(stream_len as u64, 4)),
            ],
        ));
        self.sections.push((
            "counts",
            vec![
                ("slots_used", Val::Num(seq.slots.len() as u64)),
                (
                    "distinct_offsets",
                    Val::Num(seq.distinct_slot_offsets() as u64),
                ),
                ("commands", Val::Num(seq.commands.len() as u64)),
                ("frame_commands", Val::Num(frames as u64)),
                ("opcodes", Val::Num((seq.commands.len() - frames) as u64)),
            ],
        ));
        if verbose {
            self.detail = Some(slots_detail(seq, table, &offsets));
        }
    }

    fn to_json(&self) -> Value {
        let mut object = Map::new();
        for (key, val) in &self.identity {
            object.insert((*key).to_owned(), val.json());
        }
        for (name, fields) in &self.sections {
            let fields = fields
                .iter()
                .map(|(key, val)| ((*key).to_owned(), val.json()))
                .collect();
            object.insert((*name).to_owned(), Value::Object(fields));
        }
        if let Some(detail) = &self.detail {
            object.insert(detail.key.to_owned(), detail.json.clone());
        }
        Value::Object(object)
    }

    fn to_text(&self) -> String {
        let mut text = String::new();
        let width = |fields: &Fields| fields.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
        let identity_width = width(&self.identity);
        for (key, val) in &self.identity {
            let val = match (*key, val) {
                ("retail", Val::Str(name)) => format!("retail {name}"),
                ("size", Val::Num(n)) => format!("{n} bytes (0x{n:X})"),
                (_, val) => val.text(),
            };
            let _ = writeln!(text, "{key:identity_width$}  {val}");
        }
        for (name, fields) in &self.sections {
            let _ = writeln!(text, "{name}");
            let w = width(fields);
            for (key, val) in fields {
                let _ = writeln!(text, "  {key:w$}  {}", val.text());
            }
        }
        if let Some(detail) = &self.detail {
            text.push_str(&detail.text);
        }
        text
    }
}

/// Frames as JSON; `lower_half(i)` is `Some` for unit files (whether frame `i` draws from the
/// lower half of the sheet) and `None` for weapon files.
fn frames_json(frames: &[Frame], lower_half: impl Fn(usize) -> Option<bool>) -> Value {
    let frames = frames.iter().enumerate().map(|(index, frame)| {
        let half = lower_half(index);
        let tiles: Vec<Value> = frame
            .tiles
            .iter()
            .map(|tile| {
                let rect = tile.sheet_rect(half.unwrap_or(false));
                json!({
                    "dx": tile.dx,
                    "dy": tile.dy,
                    "x": rect.x,
                    "y": rect.y,
                    "w": rect.w,
                    "h": rect.h,
                    "flip_x": tile.flip_x,
                    "flip_y": tile.flip_y,
                })
            })
            .collect();
        let mut object = Map::new();
        object.insert("index".to_owned(), json!(index));
        if let Some(half) = half {
            object.insert("lower_half".to_owned(), json!(half));
        }
        object.insert("rotation".to_owned(), json!(frame.rotation));
        object.insert("flags".to_owned(), json!(frame.flags));
        object.insert("tiles".to_owned(), Value::Array(tiles));
        Value::Object(object)
    });
    Value::Array(frames.collect())
}

/// Frames as text, one line per frame and one per tile, first tile (front-most) first.
fn frames_text(
    text: &mut String,
    table: &str,
    frames: &[Frame],
    lower_half: impl Fn(usize) -> Option<bool>,
) {
    let _ = writeln!(
        text,
        "{}frames (tiles front-most first; sheet x, y in pixels)",
        if table.is_empty() {
            String::new()
        } else {
            format!("{table} ")
        }
    );
    for (index, frame) in frames.iter().enumerate() {
        let half = lower_half(index);
        let count = frame.tiles.len();
        let _ = write!(
            text,
            "  frame {index}: {count} tile{}",
            if count == 1 { "" } else { "s" }
        );
        if half == Some(true) {
            text.push_str(", lower half");
        }
        if frame.rotation != 0 {
            let _ = write!(text, ", rotation {}", frame.rotation);
        }
        if frame.flags != 0 {
            let _ = write!(text, ", flags 0x{:02X}", frame.flags);
        }
        text.push('\n');
        for tile in &frame.tiles {
            let rect = tile.sheet_rect(half.unwrap_or(false));
            let _ = write!(
                text,
                "    dx {:>4}  dy {:>4}  sheet ({:>3}, {:>3})  {}x{}",
                tile.dx, tile.dy, rect.x, rect.y, rect.w, rect.h
            );
            if tile.flip_x {
                text.push_str("  flip-x");
            }
            if tile.flip_y {
                text.push_str("  flip-y");
            }
            text.push('\n');
        }
    }
}

/// Every slot with the commands of its storage segment: from the slot's offset up to the next
/// larger distinct slot offset, or the stream's end (`L`).
fn slots_detail(seq: &Seq, table: &OpcodeTable, offsets: &[usize]) -> Detail {
    let segments = seq.segments();
    let mut json = Vec::with_capacity(seq.slots.len());
    let mut text = format!(
        "slots (each: the commands of its storage segment, from its offset up to the next larger \
         distinct slot offset or L; offsets from the start of the stream, file byte 0x{:X})\n",
        fft_formats::seq::STREAM_START
    );
    for (slot, first) in seq.slots.iter().map(|c| c.index()).enumerate() {
        let Some(&start) = offsets.get(first) else {
            continue;
        };
        let last = segments
            .iter()
            .find(|s| s.start == first)
            .map_or(seq.commands.len(), |s| s.end);
        let end = offsets[last];
        let segment: Vec<(usize, &Command)> = (first..last)
            .map(|i| (offsets[i], &seq.commands[i]))
            .collect();
        let count = segment.len();
        let _ = writeln!(
            text,
            "  slot {slot}  segment 0x{start:04X}..0x{end:04X}  {count} command{}",
            if count == 1 { "" } else { "s" }
        );
        let mut commands = Vec::with_capacity(count);
        for (at, command) in segment {
            let (raw, what, value) = match *command {
                Command::Frame { frame, delay } => (
                    format!("{frame:02X} {delay:02X}"),
                    if delay == 0 {
                        format!("frame {frame}, delay 0 (hold)")
                    } else {
                        format!("frame {frame}, delay {delay}")
                    },
                    json!({ "offset": at, "frame": frame, "delay": delay }),
                ),
                Command::Op { code, args } => {
                    let name = table.name(code);
                    let args = args.as_slice();
                    let hex: Vec<String> = args.iter().map(|b| format!("{b:02X}")).collect();
                    let mut raw = format!("FF {code:02X}");
                    for byte in &hex {
                        raw.push(' ');
                        raw.push_str(byte);
                    }
                    (
                        raw,
                        if hex.is_empty() {
                            name.to_owned()
                        } else {
                            format!("{name} {}", hex.join(" "))
                        },
                        json!({ "offset": at, "opcode": code, "name": name, "args": args }),
                    )
                }
            };
            let _ = writeln!(text, "    0x{at:04X}  {raw:<14}  {what}");
            commands.push(value);
        }
        json.push(json!({
            "slot": slot,
            "offset": start,
            "segment_end": end,
            "commands": commands,
        }));
    }
    Detail {
        key: "slots",
        json: Value::Array(json),
        text,
    }
}
