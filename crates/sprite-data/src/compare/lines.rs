//! Where things are in a JSON text: the line of a value by its path (for annotations beside the
//! file), and the first byte where two texts differ.

use super::{JsonPath, Step};

/// Where two byte strings first differ, for "same meaning, other bytes" reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstByteDifference {
    /// Byte offset of the first difference (the shorter length when one is a prefix).
    pub offset: usize,
    /// 1-based line and column of that byte in the left text.
    pub line: usize,
    pub column: usize,
}

/// The first differing byte of two texts, or `None` when they are identical.
pub fn first_byte_difference(left: &[u8], right: &[u8]) -> Option<FirstByteDifference> {
    let offset = left
        .iter()
        .zip(right)
        .position(|(a, b)| a != b)
        .or_else(|| (left.len() != right.len()).then(|| left.len().min(right.len())))?;
    let before = &left[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1)
        + 1;
    Some(FirstByteDifference {
        offset,
        line,
        column,
    })
}

/// The 1-based line where each path's value starts in a JSON text (for annotations beside the
/// file), or the line of the nearest enclosing value the text has. `None` for a path when the
/// text is not JSON the walk can follow (it stops at the first surprise).
pub fn value_lines(text: &[u8], paths: &[&JsonPath]) -> Vec<Option<usize>> {
    let mut wanted = std::collections::HashSet::new();
    for path in paths {
        for len in 0..=path.0.len() {
            wanted.insert(&path.0[..len]);
        }
    }
    let mut finder = LineFinder {
        text,
        at: 0,
        line: 1,
        wanted: &wanted,
        found: std::collections::HashMap::new(),
        path: Vec::new(),
    };
    // A text that is not JSON leaves what was found so far.
    let _ = finder.value();
    paths
        .iter()
        .map(|path| {
            (0..=path.0.len())
                .rev()
                .find_map(|len| finder.found.get(&path.0[..len]).copied())
        })
        .collect()
}

/// A walk over JSON text that notes the line of every value on a wanted path.
struct LineFinder<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    wanted: &'a std::collections::HashSet<&'a [Step]>,
    found: std::collections::HashMap<Vec<Step>, usize>,
    path: Vec<Step>,
}

impl LineFinder<'_> {
    fn skip_space(&mut self) {
        while let Some(&b) = self.text.get(self.at) {
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => return,
            }
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_space();
        (self.text.get(self.at) == Some(&byte)).then(|| self.at += 1)
    }

    fn value(&mut self) -> Option<()> {
        self.skip_space();
        if self.wanted.contains(self.path.as_slice()) {
            self.found.insert(self.path.clone(), self.line);
        }
        match *self.text.get(self.at)? {
            b'{' => {
                self.at += 1;
                self.skip_space();
                if self.text.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    return Some(());
                }
                loop {
                    self.skip_space();
                    let key = self.string()?;
                    self.expect(b':')?;
                    self.path.push(Step::Key(key));
                    self.value()?;
                    self.path.pop();
                    self.skip_space();
                    match self.text.get(self.at)? {
                        b',' => self.at += 1,
                        b'}' => {
                            self.at += 1;
                            return Some(());
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.at += 1;
                self.skip_space();
                if self.text.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Some(());
                }
                let mut index = 0;
                loop {
                    self.path.push(Step::Index(index));
                    self.value()?;
                    self.path.pop();
                    index += 1;
                    self.skip_space();
                    match self.text.get(self.at)? {
                        b',' => self.at += 1,
                        b']' => {
                            self.at += 1;
                            return Some(());
                        }
                        _ => return None,
                    }
                }
            }
            b'"' => self.string().map(drop),
            _ => {
                // A number, true, false or null: up to the next delimiter.
                while self
                    .text
                    .get(self.at)
                    .is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace())
                {
                    self.at += 1;
                }
                Some(())
            }
        }
    }

    /// A string at the cursor, its escapes decoded (keys are compared with the document's).
    fn string(&mut self) -> Option<String> {
        let start = self.at;
        if self.text.get(self.at) != Some(&b'"') {
            return None;
        }
        self.at += 1;
        loop {
            match *self.text.get(self.at)? {
                b'\\' => self.at += 2,
                b'"' => {
                    self.at += 1;
                    break;
                }
                _ => self.at += 1,
            }
        }
        serde_json::from_slice(&self.text[start..self.at]).ok()
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn value_lines_finds_each_path_or_its_nearest_parent() {
        let text = b"{\n  \"a\": 1,\n  \"b\\u0062\": [\n    [1, 2],\n    {\"c\": 3}\n  ]\n}\n";
        let path = |steps: Vec<Step>| JsonPath(steps);
        let a = path(vec![Step::Key("a".into())]);
        let bb1c = path(vec![
            Step::Key("bb".into()),
            Step::Index(1),
            Step::Key("c".into()),
        ]);
        let bb0 = path(vec![Step::Key("bb".into()), Step::Index(0)]);
        let missing = path(vec![Step::Key("bb".into()), Step::Index(7)]);
        assert_eq!(
            value_lines(text, &[&a, &bb1c, &bb0, &missing]),
            [Some(2), Some(5), Some(4), Some(3)]
        );
    }
}
