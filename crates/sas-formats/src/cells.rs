//! The cells of a set: each distinct sheet rectangle its quads show, numbered once. The document
//! lists them as its `cells` and the pose line names them by index, so both take them from here.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::model::{Quad, SasSet};

/// The sheet rectangles of a set's quads, each once, numbered in order of first use (sprite by
/// sprite, quad by quad): the document's `cells`, which its quads and the pose line name by index.
#[derive(Debug, Clone, Default)]
pub struct CellTable {
    /// Each distinct rectangle, `x` and `y` zero.
    cells: Vec<Quad>,
    /// Where each of `cells` is in it.
    index: HashMap<Quad, usize>,
}

impl CellTable {
    /// The table of every quad of `set` (a map, so that a large set stays linear).
    pub fn of(set: &SasSet) -> CellTable {
        let mut table = CellTable::default();
        for quad in set.sprites.iter().flat_map(|s| &s.quads) {
            let key = Self::key(quad);
            if let Entry::Vacant(entry) = table.index.entry(key) {
                entry.insert(table.cells.len());
                table.cells.push(key);
            }
        }
        table
    }

    /// Each distinct rectangle, `x` and `y` zero, in the order of the cells' numbers.
    pub fn cells(&self) -> &[Quad] {
        &self.cells
    }

    /// The cell `quad` shows (its rectangle of the sheet); `None` for a quad of another set.
    pub fn index_of(&self, quad: &Quad) -> Option<usize> {
        self.index.get(&Self::key(quad)).copied()
    }

    fn key(quad: &Quad) -> Quad {
        Quad {
            x: 0,
            y: 0,
            ..*quad
        }
    }
}
