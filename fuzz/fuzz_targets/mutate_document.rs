//! The shipped documents, mutated structurally (values replaced by edge numbers or other types,
//! list entries removed, duplicated or emptied, nodes copied elsewhere, keys added), through the
//! one loader and, when one loads, `poseAt`, events and a render into memory
//! (`document_checks.rs`). libFuzzer mutates the bytes that choose the edits.

#![no_main]

#[path = "document_checks.rs"]
mod document_checks;

use std::sync::OnceLock;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

#[global_allocator]
static ALLOCATOR: document_checks::Counting = document_checks::Counting;

fn shipped() -> &'static Vec<Value> {
    static DOCS: OnceLock<Vec<Value>> = OnceLock::new();
    DOCS.get_or_init(|| {
        document_checks::SHIPPED
            .iter()
            .map(|text| serde_json::from_str(text).expect("a shipped document is JSON"))
            .collect()
    })
}

/// Numbers at and around every boundary the loader and the drawing care about.
const EDGES: [i64; 20] = [
    0,
    1,
    -1,
    2,
    7,
    8,
    9,
    181,
    182,
    255,
    256,
    257,
    1024,
    1081,
    65535,
    65536,
    100_000_000,
    i32::MAX as i64,
    u32::MAX as i64,
    i64::MIN,
];

/// A path from the root to some node, chosen by `u`: at each level descend or stop.
fn choose_path(u: &mut Unstructured<'_>, root: &Value) -> Result<Vec<PathStep>> {
    let mut path = Vec::new();
    let mut node = root;
    loop {
        let next = match node {
            Value::Array(items) if !items.is_empty() => {
                let i = u.choose_index(items.len())?;
                Some((PathStep::Index(i), &items[i]))
            }
            Value::Object(map) if !map.is_empty() => {
                let i = u.choose_index(map.len())?;
                let (key, value) = map.iter().nth(i).expect("in range");
                Some((PathStep::Key(key.clone()), value))
            }
            _ => None,
        };
        match next {
            Some((step, child)) if path.is_empty() || u.ratio(3, 4)? => {
                path.push(step);
                node = child;
            }
            _ => return Ok(path),
        }
    }
}

#[derive(Debug, Clone)]
enum PathStep {
    Index(usize),
    Key(String),
}

fn node_mut<'a>(root: &'a mut Value, path: &[PathStep]) -> Option<&'a mut Value> {
    let mut node = root;
    for step in path {
        node = match (step, node) {
            (PathStep::Index(i), Value::Array(items)) => items.get_mut(*i)?,
            (PathStep::Key(k), Value::Object(map)) => map.get_mut(k)?,
            _ => return None,
        };
    }
    Some(node)
}

fn number(u: &mut Unstructured<'_>) -> Result<Value> {
    Ok(if u.ratio(2, 3)? {
        json!(*u.choose(&EDGES)?)
    } else {
        json!(u.arbitrary::<i64>()?)
    })
}

fn edit(u: &mut Unstructured<'_>, doc: &mut Value) -> Result<()> {
    let path = choose_path(u, doc)?;
    let op = u.int_in_range(0..=9u8)?;
    let source = if op == 7 {
        Some(choose_path(u, doc)?)
    } else {
        None
    };
    let copied = source.and_then(|s| node_mut(doc, &s).map(|v| v.clone()));
    let Some((last, parent_path)) = path.split_last() else {
        return Ok(());
    };
    let Some(parent) = node_mut(doc, parent_path) else {
        return Ok(());
    };
    let Some(node) = (match (last, &mut *parent) {
        (PathStep::Index(i), Value::Array(items)) => items.get_mut(*i),
        (PathStep::Key(k), Value::Object(map)) => map.get_mut(k),
        _ => None,
    }) else {
        return Ok(());
    };
    match op {
        0 | 1 => *node = number(u)?,
        2 => {
            // Remove it from its parent.
            match (last, parent) {
                (PathStep::Index(i), Value::Array(items)) => {
                    items.remove(*i);
                }
                (PathStep::Key(k), Value::Object(map)) => {
                    map.remove(k);
                }
                _ => {}
            }
        }
        3 => {
            // Duplicate it in its list, up to 300 times (past the per-list limits).
            if let (PathStep::Index(i), Value::Array(items)) = (last, parent) {
                let copies = u.int_in_range(1..=300u16)?;
                let item = items[*i].clone();
                for _ in 0..copies {
                    items.insert(*i, item.clone());
                }
            }
        }
        4 => {
            if let Value::Array(items) = node {
                let keep = u.int_in_range(0..=items.len())?;
                items.truncate(keep);
            } else {
                *node = json!([]);
            }
        }
        5 => {
            *node = match u.int_in_range(0..=5u8)? {
                0 => Value::Null,
                1 => json!(u.arbitrary::<bool>()?),
                2 => json!(u.arbitrary::<String>()?),
                3 => json!({}),
                4 => json!([[[[[[[[]]]]]]]]),
                _ => json!(u.arbitrary::<f64>()?),
            }
        }
        6 => {
            // A list of one number, as long as some other list (mismatched lengths).
            let len = u.int_in_range(0..=40usize)?;
            let n = number(u)?;
            *node = Value::Array(vec![n; len]);
        }
        7 => {
            if let Some(value) = copied {
                *node = value;
            }
        }
        8 => {
            if let Value::Object(map) = node {
                map.insert(u.arbitrary::<String>()?, number(u)?);
            } else if let Value::Array(items) = node {
                items.push(number(u)?);
            }
        }
        _ => {
            // Add to a number (off by one, or far).
            if let Some(n) = node.as_i64() {
                let delta = *u.choose(&[-1i64, 1, -8, 8, 182, -182, 1 << 20])?;
                *node = json!(n.saturating_add(delta));
            }
        }
    }
    Ok(())
}

fn mutated(data: &[u8]) -> Result<Vec<u8>> {
    let mut u = Unstructured::new(data);
    // Half the runs on the small demo document (7 KB, 14 sequences): the same code at a tenth of
    // the cost of TYPE1's 90 KB.
    let docs = shipped();
    let index = if u.ratio(1, 2)? {
        0
    } else {
        u.choose_index(docs.len())?
    };
    let mut doc = docs[index].clone();
    let edits = u.int_in_range(1..=4u8)?;
    for _ in 0..edits {
        edit(&mut u, &mut doc)?;
    }
    Ok(serde_json::to_vec(&doc).expect("a Value serializes"))
}

fuzz_target!(|data: &[u8]| {
    if let Ok(bytes) = mutated(data) {
        // To see what an input builds: run the target on it with this set to a file name.
        if let Some(path) = std::env::var_os("MUTATE_DOCUMENT_WRITE") {
            std::fs::write(path, &bytes).expect("writes the mutated document");
        }
        document_checks::check_bytes(&bytes);
    }
});
