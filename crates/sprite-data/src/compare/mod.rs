//! Comparing two documents by meaning: which fields differ, each named by its JSON path and both
//! values, whatever the key order or whitespace of the files they came from. Unit documents and
//! layer documents are compared alike; [`DocumentFormat`] holds what differs between the two.
//!
//! `tactics-sprite check` (a renderer's copy against a build from the game files), `tactics-sprite
//! diff` (two documents) and `cargo xtask build-data --check` (a committed document against a
//! fresh build) all report through [`compare`]; the wording of their reports is theirs.
//!
//! The rules, so that one change is one difference:
//! - objects are compared key by key; a key on one side only is one difference;
//! - `sequences` are compared by index (animations point at them by index) and named by their
//!   `name`: `sequences[102] "Swing High Fwd" .ticks[3]`;
//! - `animations` are matched by `name` (the draw algorithm finds them by name, so their order
//!   carries no meaning); animations left unmatched on both sides are paired in order, so a
//!   renamed animation is one `.name` difference, not one missing and one extra;
//! - in a layer document, `firstFrames` are compared by index and named by their `weapon`
//!   (`firstFrames[2] "sword" .frame`), and `sequences` (one per SEQ slot) by index;
//! - a list of numbers is compared item by item when both have the same length, else whole
//!   (`.ticks: left [4, 2], right [4, 2, 8]`); a short list inside a list (a tile
//!   `[cellId, u, v]`, an event `[tick, label]`) is one value.

use std::fmt;

use serde_json::{Map, Value};

use crate::document::Document;
use crate::layer::LayerDocument;

mod lines;
mod pattern;
mod rules;

pub use lines::{FirstByteDifference, first_byte_difference, value_lines};
pub use pattern::PathPattern;
pub use rules::{DocumentFormat, LAYER_METADATA_FIELDS};

use rules::Rules;

/// One step of a path: an object key or a list index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// Where a value is in a document: `sequences[102].ticks[3]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct JsonPath(pub Vec<Step>);

impl JsonPath {
    fn with(&self, step: Step) -> Self {
        let mut steps = self.0.clone();
        steps.push(step);
        Self(steps)
    }

    /// The path with every index written `*`: `animations[*].mode`, the form `--ignore` takes and
    /// under which the same field of every list item is reported once.
    pub fn wildcard(&self) -> String {
        let mut out = String::new();
        for step in &self.0 {
            match step {
                Step::Key(key) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(key);
                }
                Step::Index(_) => out.push_str("[*]"),
            }
        }
        out
    }

    /// The top-level key the path starts with (the group a report files it under).
    pub fn top(&self) -> &str {
        match self.0.first() {
            Some(Step::Key(key)) => key,
            _ => "",
        }
    }
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(key) if i == 0 => f.write_str(key)?,
                Step::Key(key) => write!(f, ".{key}")?,
                Step::Index(index) => write!(f, "[{index}]")?,
            }
        }
        Ok(())
    }
}

/// One difference between the left and the right document.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// The path in the left document (in the right one for a value only it has).
    pub path: JsonPath,
    /// The path as a person reads it, list items named: `sequences[102] "Swing High Fwd" .ticks[3]`.
    pub label: String,
    /// The left value; `None` when the left document has no such key or item.
    pub left: Option<Value>,
    /// The right value; `None` when the right document has no such key or item.
    pub right: Option<Value>,
}

impl Difference {
    /// One line: `<label>: <left name> <value>, <right name> <value>`, or `<label>: only in
    /// <name> (<value>)`. Long values are shortened.
    pub fn describe(&self, left_name: &str, right_name: &str) -> String {
        match (&self.left, &self.right) {
            (Some(left), Some(right)) => {
                let (left, right) = show_pair(left, right);
                format!("{}: {left_name} {left}, {right_name} {right}", self.label)
            }
            (Some(left), None) => format!("{}: only in {left_name} ({})", self.label, show(left)),
            (None, Some(right)) => {
                format!("{}: only in {right_name} ({})", self.label, show(right))
            }
            (None, None) => format!("{}: absent on both sides", self.label),
        }
    }
}

/// Top-level fields of a unit document whose value a build takes from the tool and the profile
/// rather than from the SHP and SEQ: which copy this is (`version`), its `notice`, and the names
/// of the sheet images a renderer draws with (`sheet.file`, `sp2.file`), which are the renderer's
/// own files. A layer document's are [`LAYER_METADATA_FIELDS`].
pub const METADATA_FIELDS: [&str; 4] = ["version", "notice", "sheet.file", "sp2.file"];

/// [`DocumentFormat::not_derived_from_files`] for unit documents.
pub fn not_derived_from_files(difference: &Difference) -> bool {
    DocumentFormat::Unit.not_derived_from_files(difference)
}

/// Every difference between two unit documents, in the left document's order (top-level fields
/// in document order, list items by index).
pub fn compare(left: &Document, right: &Document) -> Vec<Difference> {
    let left = serde_json::to_value(left).expect("a Document always serializes");
    let right = serde_json::to_value(right).expect("a Document always serializes");
    compare_values(&left, &right)
}

/// Every difference between two layer documents, as [`compare`] lists a unit document's.
pub fn compare_layers(left: &LayerDocument, right: &LayerDocument) -> Vec<Difference> {
    let left = serde_json::to_value(left).expect("a LayerDocument always serializes");
    let right = serde_json::to_value(right).expect("a LayerDocument always serializes");
    compare_values_as(DocumentFormat::Layer, &left, &right)
}

/// [`compare`] on two unit documents already read as JSON values (any object; fields this
/// project does not know are compared as plain JSON).
pub fn compare_values(left: &Value, right: &Value) -> Vec<Difference> {
    compare_values_as(DocumentFormat::Unit, left, right)
}

/// Two documents of `format` already read as JSON values, compared by that format's rules.
pub fn compare_values_as(format: DocumentFormat, left: &Value, right: &Value) -> Vec<Difference> {
    let mut out = Vec::new();
    let root = Place {
        path: JsonPath::default(),
        label: String::new(),
    };
    let walk = Walk {
        rules: format.rules(),
        out: &mut out,
    };
    walk.run(&root, left, right);
    out
}

/// A path and its readable label, as the walk goes down.
struct Place {
    path: JsonPath,
    label: String,
}

impl Place {
    fn key(&self, key: &str) -> Self {
        let label = if self.label.is_empty() {
            key.to_owned()
        } else if self.label.ends_with('"') {
            format!("{} .{key}", self.label)
        } else {
            format!("{}.{key}", self.label)
        };
        Self {
            path: self.path.with(Step::Key(key.to_owned())),
            label,
        }
    }

    fn index(&self, index: usize) -> Self {
        Self {
            path: self.path.with(Step::Index(index)),
            label: format!("{}[{index}]", self.label),
        }
    }

    /// A list item named by its `name`: `sequences[102] "Swing High Fwd"`.
    fn named_index(&self, index: usize, name: Option<&str>) -> Self {
        let mut place = self.index(index);
        if let Some(name) = name {
            place.label = format!("{} {}", place.label, Value::from(name));
        }
        place
    }

    /// An animation, named without its index: `animations "Swing High"`.
    fn named(&self, index: usize, name: &str) -> Self {
        Self {
            path: self.path.with(Step::Index(index)),
            label: format!("{} {}", self.label, Value::from(name)),
        }
    }

    fn differ(&self, left: Option<&Value>, right: Option<&Value>, out: &mut Vec<Difference>) {
        out.push(Difference {
            path: self.path.clone(),
            label: self.label.clone(),
            left: left.cloned(),
            right: right.cloned(),
        });
    }
}

/// One comparison: the format's rules and the differences found so far.
struct Walk<'a> {
    rules: &'static Rules,
    out: &'a mut Vec<Difference>,
}

impl Walk<'_> {
    fn run(mut self, root: &Place, left: &Value, right: &Value) {
        self.walk(root, Some(left), Some(right), false);
    }

    fn walk(&mut self, place: &Place, left: Option<&Value>, right: Option<&Value>, in_list: bool) {
        match (left, right) {
            (Some(Value::Object(l)), Some(Value::Object(r))) => self.walk_object(place, l, r),
            (Some(Value::Array(l)), Some(Value::Array(r))) => {
                let top = (place.path.0.len() == 1).then(|| place.path.top());
                match top {
                    Some(list) if self.rules.matched_by_name.contains(&list) => {
                        self.walk_animations(place, l, r);
                    }
                    Some(list) => match self.rules.naming_key(list) {
                        Some(key) => self.walk_named_list(place, key, l, r),
                        None => self.walk_list(place, l, r, in_list),
                    },
                    None => self.walk_list(place, l, r, in_list),
                }
            }
            (l, r) if l == r => {}
            (l, r) => place.differ(l, r, self.out),
        }
    }

    fn walk_object(
        &mut self,
        place: &Place,
        left: &Map<String, Value>,
        right: &Map<String, Value>,
    ) {
        for (key, l) in left {
            self.walk(&place.key(key), Some(l), right.get(key), false);
        }
        for (key, r) in right {
            if !left.contains_key(key) {
                place.key(key).differ(None, Some(r), self.out);
            }
        }
    }

    fn walk_list(&mut self, place: &Place, left: &[Value], right: &[Value], in_list: bool) {
        let scalars = is_scalar_list(left) && is_scalar_list(right);
        if scalars && (in_list || left.len() != right.len()) {
            if left != right {
                place.differ(
                    Some(&Value::from(left)),
                    Some(&Value::from(right)),
                    self.out,
                );
            }
            return;
        }
        for i in 0..left.len().max(right.len()) {
            self.walk(&place.index(i), left.get(i), right.get(i), true);
        }
    }

    /// A list compared by index, each item named by its `key`.
    fn walk_named_list(&mut self, place: &Place, key: &str, left: &[Value], right: &[Value]) {
        for i in 0..left.len().max(right.len()) {
            let (l, r) = (left.get(i), right.get(i));
            let name = l.or(r).and_then(|item| name_of(item, key));
            self.walk(&place.named_index(i, name), l, r, true);
        }
    }

    /// `animations`: matched by name, the unmatched paired in order.
    fn walk_animations(&mut self, place: &Place, left: &[Value], right: &[Value]) {
        fn name(item: &Value) -> Option<&str> {
            name_of(item, "name")
        }
        let mut right_used = vec![false; right.len()];
        let mut left_unmatched = Vec::new();
        let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
        for (li, l) in left.iter().enumerate() {
            let found = name(l).and_then(|wanted| {
                right
                    .iter()
                    .enumerate()
                    .position(|(ri, r)| !right_used[ri] && name(r) == Some(wanted))
            });
            match found {
                Some(ri) => {
                    right_used[ri] = true;
                    pairs.push((li, Some(ri)));
                }
                None => {
                    left_unmatched.push(pairs.len());
                    pairs.push((li, None));
                }
            }
        }
        let mut right_unmatched = (0..right.len()).filter(|&ri| !right_used[ri]);
        for slot in left_unmatched {
            pairs[slot].1 = right_unmatched.next();
        }
        for (li, ri) in pairs {
            let l = &left[li];
            let r = ri.map(|ri| &right[ri]);
            let item = place.named(li, name(l).unwrap_or("?"));
            self.walk(&item, Some(l), r, true);
        }
        for ri in right_unmatched {
            let r = &right[ri];
            place
                .named(ri, name(r).unwrap_or("?"))
                .differ(None, Some(r), self.out);
        }
    }
}

fn is_scalar_list(list: &[Value]) -> bool {
    list.iter().all(|v| !v.is_array() && !v.is_object())
}

fn name_of<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key).and_then(Value::as_str)
}

/// Values longer than this many characters are shortened in a line.
const SHOWN_CHARS: usize = 72;

/// A value as one line of compact JSON with `", "` and `": "` (as the canonical lines read),
/// shortened with `...` past `SHOWN_CHARS` characters.
pub fn show(value: &Value) -> String {
    let mut text = String::new();
    write_compact(value, &mut text);
    if text.chars().count() > SHOWN_CHARS {
        let cut: String = text.chars().take(SHOWN_CHARS - 3).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// Two values as [`show`] writes them; when both are long strings, both start shortly before
/// their first difference, so that the shortened texts still show it.
fn show_pair(left: &Value, right: &Value) -> (String, String) {
    const CONTEXT: usize = 24;
    if let (Value::String(l), Value::String(r)) = (left, right) {
        let first = l.chars().zip(r.chars()).take_while(|(a, b)| a == b).count();
        if first > CONTEXT && l.chars().count().max(r.chars().count()) + 2 > SHOWN_CHARS {
            let tail = |s: &str| {
                let rest: String = s.chars().skip(first - CONTEXT).collect();
                let shown = show(&Value::from(rest));
                format!("\"...{}", &shown[1..])
            };
            return (tail(l), tail(r));
        }
    }
    (show(left), show(right))
}

fn write_compact(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_compact(item, out);
                if out.len() > 4 * SHOWN_CHARS {
                    break;
                }
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push_str(": ");
                write_compact(item, out);
                if out.len() > 4 * SHOWN_CHARS {
                    break;
                }
            }
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(left: &Value, right: &Value) -> Vec<String> {
        compare_values(left, right)
            .iter()
            .map(|d| d.describe("L", "R"))
            .collect()
    }

    #[test]
    fn key_order_does_not_matter_and_values_do() {
        let left = json!({"a": 1, "b": {"c": [1, 2]}});
        let right = json!({"b": {"c": [1, 2]}, "a": 1});
        assert!(paths(&left, &right).is_empty());
        let right = json!({"b": {"c": [1, 3]}, "a": 1, "d": null});
        assert_eq!(
            paths(&left, &right),
            ["b.c[1]: L 2, R 3", "d: only in R (null)"]
        );
    }

    #[test]
    fn long_strings_are_shown_from_just_before_their_first_difference() {
        let common = "x".repeat(100);
        let left = json!({ "notice": format!("{common}abc") });
        let right = json!({ "notice": format!("{common}abd") });
        let tail = "x".repeat(22);
        assert_eq!(
            paths(&left, &right),
            [format!("notice: L \"...{tail}abc\", R \"...{tail}abd\"")]
        );
    }

    #[test]
    fn lists_of_other_lengths_and_tuples_are_whole_values() {
        let left = json!({"t": [4, 2], "f": [[[1, 2, 3]]]});
        let right = json!({"t": [4, 2, 8], "f": [[[1, 2, 3, 1], [4, 5, 6]]]});
        assert_eq!(
            paths(&left, &right),
            [
                "t: L [4, 2], R [4, 2, 8]",
                "f[0][0]: L [1, 2, 3], R [1, 2, 3, 1]",
                "f[0][1]: only in R ([4, 5, 6])"
            ]
        );
    }

    #[test]
    fn sequences_are_named_and_animations_matched_by_name() {
        let left = json!({
            "sequences": [{"name": "Walk", "ticks": [1, 2]}, {"name": "Swing", "ticks": [3]}],
            "animations": [{"name": "B", "hitTick": 4}, {"name": "Renamed", "hitTick": 1}, {"name": "A", "hitTick": 2}],
        });
        let right = json!({
            "sequences": [{"name": "Walk", "ticks": [1, 5]}, {"name": "Swing", "ticks": [3]}],
            "animations": [{"name": "A", "hitTick": 2}, {"name": "Old", "hitTick": 1}, {"name": "B", "hitTick": 3}],
        });
        assert_eq!(
            paths(&left, &right),
            [
                "sequences[0] \"Walk\" .ticks[1]: L 2, R 5",
                "animations \"B\" .hitTick: L 4, R 3",
                "animations \"Renamed\" .name: L \"Renamed\", R \"Old\"",
            ]
        );
        let differences = compare_values(&left, &right);
        assert_eq!(differences[0].path.to_string(), "sequences[0].ticks[1]");
        assert_eq!(differences[1].path.to_string(), "animations[0].hitTick");
        assert_eq!(differences[2].path.wildcard(), "animations[*].name");
    }

    #[test]
    fn layer_documents_name_first_frames_by_weapon_and_take_sequences_by_index() {
        let left = json!({
            "firstFrames": [{"weapon": "knife", "frame": 0}, {"weapon": "sword", "frame": 40}],
            "sequences": [{"slot": 0, "ticks": [4, 2]}, {"slot": 1, "name": "x", "ticks": [3]}],
            "animations": [{"name": "B", "t": 1}, {"name": "A", "t": 2}],
        });
        let right = json!({
            "firstFrames": [{"weapon": "knife", "frame": 0}, {"weapon": "sword", "frame": 41}],
            "sequences": [{"slot": 0, "ticks": [4, 6]}, {"slot": 1, "name": "x", "ticks": [3]}],
            "animations": [{"name": "A", "t": 2}, {"name": "B", "t": 1}],
        });
        let lines: Vec<String> = compare_values_as(DocumentFormat::Layer, &left, &right)
            .iter()
            .map(|d| d.describe("L", "R"))
            .collect();
        // A layer document has no animations: a list of that name is compared by index there.
        assert_eq!(
            lines,
            [
                "firstFrames[1] \"sword\" .frame: L 40, R 41",
                "sequences[0].ticks[1]: L 2, R 6",
                "animations[0].name: L \"B\", R \"A\"",
                "animations[0].t: L 1, R 2",
                "animations[1].name: L \"A\", R \"B\"",
                "animations[1].t: L 2, R 1",
            ]
        );
        // The unit rules on the same values: sequences named, animations matched.
        assert_eq!(
            paths(&left, &right),
            [
                "firstFrames[1].frame: L 40, R 41",
                "sequences[0].ticks[1]: L 2, R 6"
            ]
        );
    }

    #[test]
    fn what_a_layer_build_does_not_give_is_only_its_metadata() {
        let differences = compare_values_as(
            DocumentFormat::Layer,
            &json!({"version": "9", "sheet": {"file": "wep.png", "top": 0}, "sequences": [{"layers": [1]}]}),
            &json!({"version": "0.1.0", "sheet": {"file": "WEP.SPR", "top": 256}, "sequences": [{}]}),
        );
        let derived: Vec<(String, bool)> = differences
            .iter()
            .map(|d| {
                (
                    d.path.to_string(),
                    DocumentFormat::Layer.not_derived_from_files(d),
                )
            })
            .collect();
        assert_eq!(
            derived,
            [
                ("version".to_owned(), true),
                ("sheet.file".to_owned(), true),
                ("sheet.top".to_owned(), false),
                // A unit document's site may add fields the build leaves out; a layer
                // document's cannot, so a cue the build has not is a difference.
                ("sequences[0].layers".to_owned(), false),
            ]
        );
        assert!(not_derived_from_files(&differences[3]));
        assert_eq!(
            DocumentFormat::from_format("tactics-sprite-layer"),
            Some(DocumentFormat::Layer)
        );
        assert_eq!(DocumentFormat::from_format("tactics-sprite"), None);
    }

    #[test]
    fn patterns_match_a_path_and_what_is_under_it() {
        let differences = compare_values(
            &json!({"animations": [{"name": "A", "mode": "x"}], "hands": {"1": [1, 2, 3]}}),
            &json!({"animations": [{"name": "A"}], "hands": null}),
        );
        let mode = PathPattern::parse("animations[*].mode").unwrap();
        let hands = PathPattern::parse("hands").unwrap();
        let other = PathPattern::parse("animations[1].mode").unwrap();
        assert!(mode.matches(&differences[0].path));
        assert!(!other.matches(&differences[0].path));
        assert!(hands.matches(&differences[1].path));
        assert!(
            PathPattern::parse("*")
                .unwrap()
                .matches(&differences[1].path)
        );
        assert!(differences.iter().all(not_derived_from_files));
        for bad in ["", "a[", "a[x]", "a..b", "a]b"] {
            let error = PathPattern::parse(bad).unwrap_err();
            assert!(
                matches!(error.kind(), crate::error::ErrorKind::BadPattern { pattern, .. } if pattern == bad),
                "{bad:?}: {error:?}"
            );
        }
    }

    #[test]
    fn first_byte_difference_counts_lines_and_columns() {
        assert_eq!(first_byte_difference(b"ab\ncd", b"ab\ncd"), None);
        assert_eq!(
            first_byte_difference(b"ab\ncd", b"ab\ncx"),
            Some(FirstByteDifference {
                offset: 4,
                line: 2,
                column: 2
            })
        );
        assert_eq!(
            first_byte_difference(b"ab", b"abc").map(|d| d.offset),
            Some(2)
        );
    }
}
