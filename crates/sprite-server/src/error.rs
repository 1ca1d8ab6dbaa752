//! A refused request as an HTTP answer: a status and a JSON body naming what was wrong; and the
//! one conversion of a library's error into one ([`ApiError::of`]), by whose fault it is, with
//! this API's words for the request's parameters ([`Parameters`]).

use std::fmt;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use faults::{Fault, Faulty, Spelling};
use serde::Serialize;
use sprite_render::{RenderError, RenderFailure, RequestFault};

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

    /// This answer, about the parameter `parameter`.
    pub fn about(self, parameter: &str) -> Self {
        Self {
            parameter: Some(parameter.to_owned()),
            ..self
        }
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

/// How this API spells the parameters a library names (by their logical names) in the words of
/// an error: the table every message that names one reads. A query parameter is its logical name.
pub struct Parameters;

impl Spelling for Parameters {
    fn name(&self, parameter: &str) -> String {
        match parameter {
            "all" => "all=1".to_owned(),
            other => other.to_owned(),
        }
    }

    fn given(&self, parameter: &str, value: &dyn fmt::Display) -> String {
        format!("{parameter}={value}")
    }

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
    /// The answer to a library's error, by whose fault it is ([`Faulty`]), in this API's words
    /// ([`Parameters`]): the request's is `400` on the parameter it concerns, `404` when it names
    /// something the inputs do not have; an input the request needs and not given is `422` (the
    /// server lacks it); a file's is `500`, as ours is (the served data or this code broke).
    pub fn of<E: Faulty + ?Sized>(error: &E) -> ApiError {
        let status = match error.fault() {
            Fault::Input => StatusCode::BAD_REQUEST,
            Fault::NoSuch => StatusCode::NOT_FOUND,
            Fault::Missing => StatusCode::UNPROCESSABLE_ENTITY,
            Fault::File | Fault::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            error: error.words(&Parameters),
            parameter: error.parameter().map(str::to_owned),
            nearest: Vec::new(),
        }
    }

    /// A render request's refusal, in this API's words.
    pub fn of_request(fault: &RequestFault) -> ApiError {
        ApiError::of(fault)
    }

    /// A render's failure: its request's refusal in this API's words, an SP2 the kind was served
    /// without with where to put one, anything else by its fault.
    /// `started_with` spells the start-up parameter that serves an SP2 (a render runs off the
    /// request's task, where [`crate::started`]'s scope does not reach).
    pub fn of_render(
        failure: &RenderFailure,
        started_with: &crate::started::StartedWith,
    ) -> ApiError {
        match failure {
            RenderFailure::Request(fault) => ApiError::of_request(fault),
            RenderFailure::Missing(error) if matches!(**error, RenderError::Sp2Needed { .. }) => {
                ApiError {
                    error: format!(
                        "{error}; this server found no SP2 beside the kind's sheet (serve {} with \
                         the SP2 in DIR)",
                        started_with.0.given("sheets", &"DIR")
                    ),
                    ..ApiError::of(failure)
                }
            }
            failure => ApiError::of(failure),
        }
    }

    /// A pose's refusal: sprite-data's error, a tick asked for in this API's words.
    pub fn of_data(error: &sprite_data::Error) -> ApiError {
        ApiError::of(error)
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

    /// Each kind of fault has its status, and a parameter a library names is a query parameter.
    #[test]
    fn a_library_error_is_answered_by_its_kind_in_query_words() {
        let tick = sprite_data::Error::from(sprite_data::ErrorKind::TickNeeded {
            animation: "Walk".to_owned(),
        });
        let answer = ApiError::of_data(&tick);
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            answer.error,
            "tick=T is needed to draw \"Walk\" (only the idle frame needs none)"
        );
        assert_eq!(answer.parameter.as_deref(), Some("tick"));
        let frame = RequestFault::FrameOutOfRange { frame: 9, count: 3 };
        assert_eq!(ApiError::of(&frame).status, StatusCode::NOT_FOUND);
        let sp2 = RenderFailure::drawing(RenderError::Sp2Needed {
            sequence: "Walk".to_owned(),
            file: "TYPE1.SP2".to_owned(),
        });
        assert_eq!(ApiError::of(&sp2).status, StatusCode::UNPROCESSABLE_ENTITY);
        let limit = RenderError::Limit(sprite_data::limits::LimitExceeded {
            what: "a picture of".to_owned(),
            value: "9 x 9 pixels".to_owned(),
            limit: "8 pixels".to_owned(),
            name: "MAX_PICTURE_PIXELS",
            field: faults::Words::new(|s| s.given("scale", &16)),
        });
        assert_eq!(
            ApiError::of(&limit).error,
            "scale=16: a picture of 9 x 9 pixels is over the limit of 8 pixels (MAX_PICTURE_PIXELS)"
        );
    }

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
