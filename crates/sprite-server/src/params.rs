//! A request's query string, decoded once and read parameter by parameter, each bad value named
//! in its `400`.

use std::str::FromStr;

use axum::http::StatusCode;

use crate::error::ApiError;

/// The longest query string answered (a longer one is `414`): every legitimate query is far
/// shorter, and so every value the handlers look at is bounded.
pub const MAX_QUERY: usize = 1024;

/// A decoded query string.
#[derive(Debug, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Decodes `raw`, refusing a parameter not in `allowed` (so that a misspelt one is not
    /// silently ignored) and a parameter given twice.
    ///
    /// # Errors
    /// `414` for a query over [`MAX_QUERY`] bytes, `400` naming an unknown or repeated parameter.
    pub fn parse(raw: Option<&str>, allowed: &[&str]) -> Result<Params, ApiError> {
        let raw = raw.unwrap_or("");
        if raw.len() > MAX_QUERY {
            return Err(ApiError::status(
                StatusCode::URI_TOO_LONG,
                format!(
                    "the query is {} bytes; at most {MAX_QUERY} are answered",
                    raw.len()
                ),
            ));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
            if !allowed.contains(&name.as_ref()) {
                return Err(ApiError::bad(
                    &name,
                    format!(
                        "unknown parameter {name:?}; this endpoint takes {}",
                        allowed.join(", ")
                    ),
                ));
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(ApiError::bad(&name, format!("{name} is given twice")));
            }
            pairs.push((name.into_owned(), value.into_owned()));
        }
        Ok(Params { pairs })
    }

    /// The value of `name`, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name`, which must be given.
    ///
    /// # Errors
    /// `400` naming it when it is missing.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.text(name)
            .ok_or_else(|| ApiError::bad(name, format!("{name} is missing")))
    }

    /// `name` as a number, if given.
    ///
    /// # Errors
    /// `400` naming it when it is not a `what`.
    pub fn number<T: FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, ApiError> {
        self.text(name)
            .map(|value| {
                value
                    .parse()
                    .map_err(|_| ApiError::bad(name, format!("{name}={value:?} is not {what}")))
            })
            .transpose()
    }

    /// `name` as a number, which must be given.
    ///
    /// # Errors
    /// `400` naming it when it is missing or not a `what`.
    pub fn required_number<T: FromStr>(&self, name: &str, what: &str) -> Result<T, ApiError> {
        self.required(name)?;
        Ok(self.number(name, what)?.expect("checked present"))
    }

    /// A switch: absent, `0` or `false` is off; empty (`?water`), `1` or `true` is on.
    ///
    /// # Errors
    /// `400` naming it for any other value.
    pub fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.text(name) {
            None | Some("0" | "false") => Ok(false),
            Some("" | "1" | "true") => Ok(true),
            Some(other) => Err(ApiError::bad(
                name,
                format!("{name}={other:?} is not a switch: give 1, true, 0 or false"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_names_each_bad_parameter() {
        let p = Params::parse(
            Some("animation=Swing%20High&view=1&water"),
            &["animation", "view", "water"],
        )
        .unwrap();
        assert_eq!(p.text("animation"), Some("Swing High"));
        assert_eq!(
            p.required_number::<i64>("view", "a whole number").unwrap(),
            1
        );
        assert!(p.flag("water").unwrap());
        let missing = p.required("tick").unwrap_err();
        assert_eq!(missing.parameter.as_deref(), Some("tick"));
        let unknown = Params::parse(Some("veiw=1"), &["view"]).unwrap_err();
        assert_eq!(unknown.parameter.as_deref(), Some("veiw"));
        let twice = Params::parse(Some("view=1&view=2"), &["view"]).unwrap_err();
        assert_eq!(twice.parameter.as_deref(), Some("view"));
        let long = "a".repeat(MAX_QUERY + 1);
        assert_eq!(
            Params::parse(Some(&long), &[]).unwrap_err().status,
            StatusCode::URI_TOO_LONG
        );
    }
}
