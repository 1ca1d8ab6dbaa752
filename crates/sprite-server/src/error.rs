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
        Self::unknown_because(
            parameter,
            format!("no {parameter} {value:?}"),
            value,
            candidates,
        )
    }

    /// [`ApiError::unknown`] with its own line (the command line's, for an animation).
    pub fn unknown_because(
        parameter: &str,
        error: String,
        value: &str,
        candidates: &[&str],
    ) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            error,
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

/// The candidates nearest `value`, as the command line suggests them for an unknown animation
/// (`sprite_data::pose::names`): those it is a part of, or near in spelling, case aside.
pub fn nearest(value: &str, candidates: &[&str]) -> Vec<String> {
    let available: Vec<String> = candidates.iter().map(|&c| c.to_owned()).collect();
    sprite_data::pose::names::nearest(value, &available)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_puts_a_typo_first() {
        let names = ["Walk", "Swing High", "Swing Low", "Unarmed Mid"];
        assert_eq!(nearest("Swing Hihg", &names)[0], "Swing High");
        assert_eq!(nearest("Wlak", &names), ["Walk"]);
        let swing = nearest("swing", &names);
        assert!(
            swing.contains(&"Swing High".to_owned()) && swing.contains(&"Swing Low".to_owned())
        );
    }
}
