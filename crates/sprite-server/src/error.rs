//! A refused request as an HTTP answer: a status and a JSON body naming what was wrong.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A request the server will not answer with what was asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    /// One line on what is wrong.
    pub error: String,
    /// The query parameter at fault, when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
    /// For an unknown name: the nearest names there are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nearest: Vec<String>,
}

impl ApiError {
    /// A `400` about one parameter.
    pub fn bad(parameter: &str, error: impl Into<String>) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            error: error.into(),
            parameter: Some(parameter.to_owned()),
            nearest: Vec::new(),
        }
    }

    /// A `404`: `parameter` names nothing served; `nearest` lists what it might have meant.
    pub fn unknown(parameter: &str, value: &str, candidates: &[&str]) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            error: format!("no {parameter} {value:?}"),
            parameter: Some(parameter.to_owned()),
            nearest: nearest(value, candidates),
        }
    }

    /// Any other status, with no parameter to blame.
    pub fn status(status: StatusCode, error: impl Into<String>) -> Self {
        Self {
            status,
            error: error.into(),
            parameter: None,
            nearest: Vec::new(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(&self)).into_response()
    }
}

/// How many near names an unknown name is answered with.
const NEAREST: usize = 3;

/// The candidates nearest `value`: those it is a case-insensitive part of (or that are a part of
/// it) first, then by edit distance; at most [`NEAREST`].
pub fn nearest(value: &str, candidates: &[&str]) -> Vec<String> {
    let wanted = value.to_lowercase();
    let mut scored: Vec<(usize, usize, &str)> = candidates
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let lower = name.to_lowercase();
            let contains =
                !wanted.is_empty() && (lower.contains(&wanted) || wanted.contains(&lower));
            let distance = if contains {
                0
            } else {
                1 + edit_distance(&wanted, &lower)
            };
            (distance, i, *name)
        })
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(NEAREST)
        .map(|(_, _, name)| name.to_owned())
        .collect()
}

/// Edit distance over chars where swapping two neighbours counts as one edit (optimal string
/// alignment), so `Wlak` is nearer `Walk` than `Blank`. Bounded in cost by the short names it is
/// used on (a query value is at most [`crate::params::MAX_QUERY`] bytes).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_by_hand() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("swing high", "swing high"), 0);
        assert_eq!(edit_distance("wlak", "walk"), 1);
    }

    #[test]
    fn nearest_puts_a_typo_first() {
        let names = ["Walk", "Swing High", "Swing Low", "Unarmed Mid"];
        assert_eq!(nearest("Swing Hihg", &names)[0], "Swing High");
        assert_eq!(nearest("swing", &names)[..2], ["Swing High", "Swing Low"]);
    }
}
