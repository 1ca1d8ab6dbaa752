//! Two SEQ files: the header values, the slot table's length, and each slot's commands (its
//! storage segment, as `inspect`'s verbose listing lists it), aligned so that an inserted command is one
//! difference, not a shift of every command after it.

use std::ops::Range;

use fft_formats::seq::{ATTACK_SLOTS_FROM_AT, SECOND_SHEET_SLOTS_FROM_AT, STREAM_START};
use fft_formats::{Command, OpcodeTable, Seq};
use serde_json::Value;

use super::{PathStep, Side, finding};
use crate::Result;
use crate::findings::Finding;
use crate::seq_command;

/// Aligning two segments costs `len_a * len_b` cells; past this, commands are paired by position.
const MAX_ALIGNMENT_CELLS: usize = 4_000_000;

pub(super) fn diff(a: &Side, b: &Side) -> Result<Vec<Finding>> {
    let left = Seq::decode(&a.bytes).map_err(|e| a.error(e))?;
    let right = Seq::decode(&b.bytes).map_err(|e| b.error(e))?;
    let table = OpcodeTable::retail();
    let mut out = Vec::new();
    let headers = [
        (
            "attackSlotsFrom",
            format!("header AA (first attack slot, byte 0x{ATTACK_SLOTS_FROM_AT:X})"),
            left.attack_slots_from,
            right.attack_slots_from,
        ),
        (
            "secondSheetSlotsFrom",
            format!("header BB (first second-sheet slot, byte 0x{SECOND_SHEET_SLOTS_FROM_AT:X})"),
            left.second_sheet_slots_from,
            right.second_sheet_slots_from,
        ),
    ];
    for (key, what, l, r) in headers {
        if l != r {
            out.push(finding(
                "header",
                &[PathStep::Key("header"), PathStep::Key(key)],
                format!("{what}: A 0x{l:X}, B 0x{r:X}"),
                Some(l.into()),
                Some(r.into()),
            ));
        }
    }
    let left_offsets = left.command_offsets();
    let right_offsets = right.command_offsets();
    let left_segments = left.slot_segments();
    let right_segments = right.slot_segments();
    // Slots sharing their segment on both sides are one report.
    let mut shared: Vec<(SegmentPair, Vec<usize>)> = Vec::new();
    for (slot, pair) in left_segments.iter().zip(&right_segments).enumerate() {
        let key = (pair.0.clone(), pair.1.clone());
        match shared.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slots)) => slots.push(slot),
            None => shared.push((key, vec![slot])),
        }
    }
    for ((l, r), slots) in shared {
        let l_commands = &left.commands[l.clone()];
        let r_commands = &right.commands[r.clone()];
        if l_commands == r_commands {
            continue;
        }
        let name = match slots.as_slice() {
            [one] => format!("slot {one}"),
            many => format!(
                "slots {}",
                many.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let at_a = |i: usize| STREAM_START + left_offsets[l.start + i];
        let at_b = |j: usize| STREAM_START + right_offsets[r.start + j];
        for edit in align(l_commands, r_commands) {
            let (number, text, lv, rv) = match edit {
                Edit::Change(i, j) => {
                    let (lc, rc) = (&l_commands[i], &r_commands[j]);
                    let number = if i == j {
                        format!("command {i}")
                    } else {
                        format!("command {i} (B: {j})")
                    };
                    let place = if at_a(i) == at_b(j) {
                        format!("at 0x{:X}", at_a(i))
                    } else {
                        format!("at 0x{:X} (B: 0x{:X})", at_a(i), at_b(j))
                    };
                    let bytes = changed_bytes(lc, rc)
                        .iter()
                        .map(|k| format!("0x{:X}", at_a(i) + k))
                        .collect::<Vec<_>>();
                    let bytes = match bytes.as_slice() {
                        [] => String::new(),
                        [one] => format!(" (byte {one})"),
                        many => format!(" (bytes {})", many.join(", ")),
                    };
                    (
                        i,
                        format!(
                            "{name} {number} {place}: A {}, B {}{bytes}",
                            seq_command::compact(lc, &table),
                            seq_command::compact(rc, &table)
                        ),
                        Some(seq_command::compact(lc, &table)),
                        Some(seq_command::compact(rc, &table)),
                    )
                }
                Edit::OnlyLeft(i) => (
                    i,
                    format!(
                        "{name} command {i} at 0x{:X}: only in A ({})",
                        at_a(i),
                        seq_command::compact(&l_commands[i], &table)
                    ),
                    Some(seq_command::compact(&l_commands[i], &table)),
                    None,
                ),
                Edit::OnlyRight(j) => (
                    j,
                    format!(
                        "{name} command {j} at 0x{:X} in B: only in B ({})",
                        at_b(j),
                        seq_command::compact(&r_commands[j], &table)
                    ),
                    None,
                    Some(seq_command::compact(&r_commands[j], &table)),
                ),
            };
            out.push(finding(
                "slots",
                &[
                    PathStep::Key("slots"),
                    PathStep::Index(slots[0]),
                    PathStep::Key("commands"),
                    PathStep::Index(number),
                ],
                text,
                lv.map(Value::from),
                rv.map(Value::from),
            ));
        }
    }
    let (shorter, longer, only) = if left.slots.len() <= right.slots.len() {
        (left.slots.len(), right.slots.len(), "B")
    } else {
        (right.slots.len(), left.slots.len(), "A")
    };
    for slot in shorter..longer {
        out.push(finding(
            "slots",
            &[PathStep::Key("slots"), PathStep::Index(slot)],
            format!(
                "slot {slot}: only in {only} (A uses {} slots, B {})",
                left.slots.len(),
                right.slots.len()
            ),
            (only == "A").then(|| Value::from(slot)),
            (only == "B").then(|| Value::from(slot)),
        ));
    }
    Ok(out)
}

/// A slot's storage segment in A and in B.
type SegmentPair = (Range<usize>, Range<usize>);

/// The positions of the bytes that differ between two commands of the same length (none when
/// their lengths differ: then the whole command changed).
fn changed_bytes(left: &Command, right: &Command) -> Vec<usize> {
    let (l, r) = (encode(left), encode(right));
    if l.len() != r.len() {
        return Vec::new();
    }
    (0..l.len()).filter(|&k| l[k] != r[k]).collect()
}

fn encode(command: &Command) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(command.len());
    command.write_bytes(&mut bytes);
    bytes
}

/// One step of an alignment of two command lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edit {
    /// Command `i` of A became command `j` of B.
    Change(usize, usize),
    OnlyLeft(usize),
    OnlyRight(usize),
}

/// The differences of two lists along a longest common subsequence; within each stretch between
/// common items, removed and added items are paired in order as changes.
fn align<T: PartialEq>(left: &[T], right: &[T]) -> Vec<Edit> {
    let (n, m) = (left.len(), right.len());
    if n.saturating_mul(m) > MAX_ALIGNMENT_CELLS {
        return by_position(left, right);
    }
    // lcs[i][j]: the longest common subsequence of left[i..] and right[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if left[i] == right[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    let (mut removed, mut added) = (Vec::new(), Vec::new());
    let flush = |removed: &mut Vec<usize>, added: &mut Vec<usize>, edits: &mut Vec<Edit>| {
        let pairs = removed.len().min(added.len());
        edits.extend((0..pairs).map(|k| Edit::Change(removed[k], added[k])));
        edits.extend(removed[pairs..].iter().map(|&i| Edit::OnlyLeft(i)));
        edits.extend(added[pairs..].iter().map(|&j| Edit::OnlyRight(j)));
        removed.clear();
        added.clear();
    };
    while i < n || j < m {
        if i < n && j < m && left[i] == right[j] {
            flush(&mut removed, &mut added, &mut edits);
            i += 1;
            j += 1;
        } else if j == m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
            removed.push(i);
            i += 1;
        } else {
            added.push(j);
            j += 1;
        }
    }
    flush(&mut removed, &mut added, &mut edits);
    edits
}

fn by_position<T: PartialEq>(left: &[T], right: &[T]) -> Vec<Edit> {
    (0..left.len().max(right.len()))
        .filter_map(|k| match (left.get(k), right.get(k)) {
            (Some(l), Some(r)) if l == r => None,
            (Some(_), Some(_)) => Some(Edit::Change(k, k)),
            (Some(_), None) => Some(Edit::OnlyLeft(k)),
            _ => Some(Edit::OnlyRight(k)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Edit, align};

    #[test]
    fn an_inserted_item_is_one_edit_and_a_changed_one_a_change() {
        assert_eq!(align(&[1, 2, 3], &[1, 9, 2, 3]), [Edit::OnlyRight(1)]);
        assert_eq!(align(&[1, 2, 3], &[1, 5, 3]), [Edit::Change(1, 1)]);
        assert_eq!(align(&[1, 2, 3], &[1, 3]), [Edit::OnlyLeft(1)]);
        assert_eq!(align::<u8>(&[], &[]), []);
    }
}
