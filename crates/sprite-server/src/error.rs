//! A refused request as an HTTP answer: a status and a JSON body naming what was wrong; and the
//! one conversion of a library's error into one ([`ApiError::of`]), by whose fault it is, with
//! this API's words for the request's parameters ([`Parameters`]).

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use faults::{Fault, Faulty};
use serde::Serialize;
use sprite_render::{RenderError, RenderFailure, RequestFault, Spelling};

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

/// How this API spells the request's parameters in the words of a refusal, by their logical
/// names: the table every refusal that names one reads.
pub struct Parameters;

impl Spelling for Parameters {
    fn set(&self, parameter: &str) -> String {
        match parameter {
            "all" => "all=1".to_owned(),
            "animation" | "weapon" => format!("{parameter}=NAME"),
            "tick" => "tick=T".to_owned(),
            other => format!("{other}=N"),
        }
    }

    fn advice(&self, parameter: &str) -> Option<String> {
        (parameter == "view").then(|| "several views make rows of a .png".to_owned())
    }
}

impl ApiError {
    /// The answer to a library's error, by whose fault it is ([`Faulty`]): the request's is `400`
    /// on the parameter it concerns, `404` when it names something the inputs do not have; a
    /// file's is `422` when an input the request needs is missing (the server lacks it), else
    /// `500`, as ours is (the served data or this code broke).
    pub fn of<E: Faulty + fmt::Display + ?Sized>(error: &E) -> ApiError {
        let status = match error.fault() {
            Fault::Input if error.names_nothing() => StatusCode::NOT_FOUND,
            Fault::Input => StatusCode::BAD_REQUEST,
            Fault::File if error.missing_input() => StatusCode::UNPROCESSABLE_ENTITY,
            Fault::File | Fault::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            error: error.to_string(),
            parameter: error.parameter().map(str::to_owned),
            nearest: Vec::new(),
        }
    }

    /// A render request's refusal, in this API's words.
    pub fn of_request(fault: &RequestFault) -> ApiError {
        ApiError {
            error: fault.words(&Parameters),
            ..ApiError::of(fault)
        }
    }

    /// A render's failure: its request's refusal in this API's words, an SP2 the kind was served
    /// without with where to put one, anything else by its fault.
    pub fn of_render(failure: &RenderFailure) -> ApiError {
        match failure {
            RenderFailure::Request(fault) => ApiError::of_request(fault),
            RenderFailure::Missing(error) if matches!(**error, RenderError::Sp2Needed { .. }) => {
                ApiError {
                    error: format!(
                        "{error}; this server found no SP2 beside the kind's sheet (serve --sheets \
                         DIR with the SP2 in DIR)"
                    ),
                    ..ApiError::of(failure)
                }
            }
            failure => ApiError::of(failure),
        }
    }

    /// A pose's refusal: sprite-data's error, a tick asked for in this API's words.
    pub fn of_data(error: &sprite_data::Error) -> ApiError {
        match error.kind() {
            sprite_data::ErrorKind::TickNeeded { animation } => ApiError {
                error: format!(
                    "{} is needed to draw {animation:?} (only the idle frame needs none)",
                    Parameters.set("tick")
                ),
                ..ApiError::of(error)
            },
            _ => ApiError::of(error),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(mut self) -> Response {
        // The last line of defence: a name from an input is shown escaped where it is formatted
        // (`faults::Shown`); no control character reaches a client that prints the line.
        self.error = faults::escape_controls(&self.error).into_owned();
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
