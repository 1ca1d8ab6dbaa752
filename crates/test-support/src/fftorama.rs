//! Readers for FFTorama's decoded tables (MIT, `decoded/fftorama/` beside the originals): an
//! independent decoder's view of the same files, to cross-check ours against, and [`play`], an
//! interpreter of the data contract's execution rules over FFTorama's listings. The parsing here is
//! deliberately plain and shares nothing with the project's codecs.

use std::collections::HashMap;
use std::path::Path;

/// One command as FFTorama prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `frame,delay`.
    Frame { frame: u32, delay: u32 },
    /// `Name,param,...`, with the parameters as printed (signed where FFTorama reads them so).
    Op { name: String, params: Vec<i64> },
}

/// One line of `SeqData/animation_data_<file>.txt`: a slot and the commands FFTorama lists for it
/// (from the slot's offset to the end of its linear piece).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotRow {
    pub slot: usize,
    pub name: String,
    pub items: Vec<Item>,
}

/// `SeqData/opcodeParameters.txt`: opcode name -> (parameter count, code byte).
pub fn opcode_parameters(fftorama: &Path) -> HashMap<String, (usize, u8)> {
    let text = read(&fftorama.join("SeqData/opcodeParameters.txt"));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.trim().split(',').collect();
            let count = cols[1]
                .parse()
                .unwrap_or_else(|_| panic!("opcodeParameters.txt: bad count in {line:?}"));
            let code = u8::from_str_radix(cols[2].strip_prefix("ff").unwrap_or(cols[2]), 16)
                .unwrap_or_else(|_| panic!("opcodeParameters.txt: bad code in {line:?}"));
            (cols[0].to_owned(), (count, code))
        })
        .collect()
}

/// `SeqData/animation_data_<label>.txt`, every slot row, in file order.
pub fn animation_data(fftorama: &Path, label: &str) -> Vec<SlotRow> {
    let params = opcode_parameters(fftorama);
    let path = fftorama.join(format!("SeqData/animation_data_{label}.txt"));
    let text = read(&path);
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| parse_row(line, &params, &path))
        .collect()
}

fn parse_row(line: &str, params: &HashMap<String, (usize, u8)>, path: &Path) -> SlotRow {
    let cols: Vec<&str> = line.trim_end().split(',').collect();
    let bad = |why: &str| -> ! { panic!("{}: {why} in {line:?}", path.display()) };
    let slot = cols
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| bad("no slot"));
    let name = cols
        .get(2)
        .copied()
        .unwrap_or_else(|| bad("no name"))
        .to_owned();
    let mut items = Vec::new();
    let mut rest = cols[3..].iter().filter(|c| !c.is_empty());
    while let Some(token) = rest.next() {
        if let Ok(frame) = token.parse::<u32>() {
            let delay = rest
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| bad("frame without delay"));
            items.push(Item::Frame { frame, delay });
        } else {
            let &(count, _) = params
                .get(*token)
                .unwrap_or_else(|| bad(&format!("unknown opcode {token}")));
            let values = (0..count)
                .map(|_| {
                    rest.next()
                        .and_then(|p| p.parse().ok())
                        .unwrap_or_else(|| bad("missing parameter"))
                })
                .collect();
            items.push(Item::Op {
                name: (*token).to_owned(),
                params: values,
            });
        }
    }
    SlotRow { slot, name, items }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// Playing a slot: the data contract's execution rules, over FFTorama's listing.

/// What FFTorama's listing of a slot plays, by the contract's execution rules (docs/derivation.md
/// "Executing a slot"), run over FFTorama's tokens, with command lengths from its own
/// `opcodeParameters.txt`, instead of our decoder's: an independent interpreter for the builder's
/// timelines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Played {
    /// Every frame shown, SetFrameOffset applied.
    pub frames: Vec<u32>,
    /// Each frame's delay.
    pub ticks: Vec<u32>,
    /// Accumulated moves when each frame shows: forward, down, sideways.
    pub fb: Vec<i64>,
    pub du: Vec<i64>,
    pub rl: Vec<i64>,
    /// Whether FlipHorizontal toggles have mirrored the body when each frame shows.
    pub flip: Vec<bool>,
    /// `(tick, "PlaySound" | "PostGenericAttack")`.
    pub events: Vec<(u32, &'static str)>,
    /// The layer cues: `(tick, "SetLayerPriority" | "QueueSpriteAnim", parameters)`.
    pub cues: Vec<(u32, &'static str, Vec<i64>)>,
    /// Ended at IncrementLoop.
    pub looping: bool,
    /// Commands executed, counted loops' replays included.
    pub executed: usize,
}

/// Plays a slot row's commands: frames append, moves accumulate, counted loops (`Wait n c`)
/// replay the previous `|n|` bytes `c` more times when that lands on a command of the row, and
/// execution stops at IncrementLoop, PauseAnimation, EndAnimation, `ffc2`, HoldWeapon, a delay-0
/// frame, the end of the row, or after `limit` commands (a runaway row then returns what it
/// played, with `executed > limit`, for the caller to fail on).
pub fn play(items: &[Item], params: &HashMap<String, (usize, u8)>, limit: usize) -> Played {
    let len = |item: &Item| match item {
        Item::Frame { .. } => 2i64,
        Item::Op { name, .. } => 2 + params[name].0 as i64,
    };
    let starts: Vec<i64> = items
        .iter()
        .scan(0, |pos, item| {
            let start = *pos;
            *pos += len(item);
            Some(start)
        })
        .collect();
    let mut out = Played::default();
    let (mut fb, mut du, mut rl, mut offset, mut tick) = (0i64, 0i64, 0i64, 0i64, 0u32);
    let mut flip = false;
    let mut passes_left: HashMap<usize, i64> = HashMap::new();
    let mut i = 0;
    while i < items.len() {
        out.executed += 1;
        if out.executed > limit {
            break;
        }
        match &items[i] {
            Item::Frame { frame, delay } => {
                out.frames.push((i64::from(*frame) + offset) as u32);
                out.ticks.push(*delay);
                out.fb.push(fb);
                out.du.push(du);
                out.rl.push(rl);
                out.flip.push(flip);
                tick += delay;
                if *delay == 0 {
                    break;
                }
            }
            Item::Op { name, params: p } => match name.as_str() {
                "IncrementLoop" => {
                    out.looping = true;
                    break;
                }
                "PauseAnimation" | "EndAnimation" | "ffc2" | "HoldWeapon" => break,
                "MoveUp2" => du -= 2,
                "MoveUp1" => du -= 1,
                "MoveDown2" => du += 2,
                "MoveDown1" => du += 1,
                "MoveForward2" => fb += 2,
                "MoveForward1" => fb += 1,
                "MoveBackward2" => fb -= 2,
                "MoveBackward1" => fb -= 1,
                "MoveUnitFB" => fb += p[0],
                "MoveUnitDU" => du += p[0],
                "MoveUnitRL" => rl += p[0],
                "MoveUnitRLDUFB" => {
                    rl += p[0];
                    du += p[1];
                    fb += p[2];
                }
                "SetFrameOffset" => offset = p[0],
                "FlipHorizontal" => flip = !flip,
                "PostGenericAttack" => out.events.push((tick, "PostGenericAttack")),
                "PlaySound" => out.events.push((tick, "PlaySound")),
                "SetLayerPriority" => out.cues.push((tick, "SetLayerPriority", p.clone())),
                "QueueSpriteAnim" => out.cues.push((tick, "QueueSpriteAnim", p.clone())),
                "Wait" => {
                    let target = starts[i] + p[0];
                    if let Some(t) = starts[..i].iter().position(|&s| s == target) {
                        let left = passes_left.entry(i).or_insert(p[1]);
                        if *left > 0 {
                            *left -= 1;
                            i = t;
                            continue;
                        }
                        passes_left.remove(&i);
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Frames

/// One tile as FFTorama prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileRow {
    pub shift_x: i32,
    pub shift_y: i32,
    /// The sheet column in pixels.
    pub x: u32,
    /// The sheet row in pixels, within the frame's half (no +256).
    pub y: u32,
    pub w: u32,
    pub h: u32,
    pub flip_x: bool,
    pub flip_y: bool,
}

/// One frame row as FFTorama prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameRow {
    pub frame_id: usize,
    pub rotation_degrees: String,
    pub transparency_type: u8,
    pub transparency_flag: bool,
    /// In file order: the first is the front-most.
    pub tiles: Vec<TileRow>,
}

fn parse<T: std::str::FromStr>(field: &str, where_: &str) -> T {
    field
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{where_}: cannot read {field:?}"))
}

fn parse_bool(field: &str, where_: &str) -> bool {
    match field.trim().to_ascii_lowercase().as_str() {
        "true" => true,
        "false" => false,
        other => panic!("{where_}: {other:?} is not a boolean"),
    }
}

/// The rows of a `FrameData/frame_data_<kind>.txt` file: (main rows, submerged rows). For a file
/// without a water section FFTorama repeats the main rows as submerged ones.
pub fn read_frame_data(path: &Path) -> (Vec<FrameRow>, Vec<FrameRow>) {
    let text = read(path);
    let (mut main, mut submerged) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        if line.starts_with("label,") || line.trim().is_empty() {
            continue;
        }
        let where_ = format!("{}:{}", path.display(), n + 1);
        let f: Vec<&str> = line.split(',').collect();
        assert!(f.len() >= 6, "{where_}: short row");
        let count: usize = parse(f[2], &where_);
        assert_eq!(f.len(), 6 + 8 * count, "{where_}: fields for {count} tiles");
        let tiles = f[6..]
            .chunks(8)
            .map(|t| TileRow {
                shift_x: parse(t[0], &where_),
                shift_y: parse(t[1], &where_),
                x: parse(t[2], &where_),
                y: parse(t[3], &where_),
                w: parse(t[4], &where_),
                h: parse(t[5], &where_),
                flip_x: parse_bool(t[6], &where_),
                flip_y: parse_bool(t[7], &where_),
            })
            .collect();
        let row = FrameRow {
            frame_id: parse(f[1], &where_),
            rotation_degrees: f[3].to_string(),
            transparency_type: parse(f[4], &where_),
            transparency_flag: parse_bool(f[5], &where_),
            tiles,
        };
        if f[0].ends_with("-submerged") {
            submerged.push(row);
        } else {
            main.push(row);
        }
    }
    (main, submerged)
}

/// One integer key of a FFTorama Godot config file (`FrameData/<kind>_shp.cfg`,
/// `SeqData/<file>_seq.cfg`), from its first section: `attack_start_index`, `swim_pointer`, `AA`,
/// `BB`.
pub fn cfg_integer(path: &Path, key: &str) -> i64 {
    let text = read(path);
    let prefix = format!("{key}=");
    text.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .map(|value| parse(value, &format!("{} {key}", path.display())))
        .unwrap_or_else(|| panic!("{}: no {key}", path.display()))
}
