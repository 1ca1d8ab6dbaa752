//! Readers for FFTorama's decoded tables (MIT, `decoded/fftorama/` beside the originals): an
//! independent decoder's view of the same files, to cross-check ours against. The parsing here is
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
