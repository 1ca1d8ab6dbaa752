//! What the HTTP tests of the server hold an answer as, whether the router answered in-process
//! (the `sprite-server` endpoint tests) or a `tactics-sprite serve` process did over a socket
//! (the CLI's `serve` tests): the status, the headers and the body, and the query-string escape
//! both build their targets with.

/// An HTTP answer.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    /// Names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    /// The first header named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    ///
    /// # Panics
    /// When it is not JSON, with the body in the message.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// A refusal: its status, the parameter its JSON body names, and the body.
    ///
    /// # Panics
    /// When the body is not JSON with a non-empty `error` line.
    pub fn refusal(&self) -> (u16, Option<String>, serde_json::Value) {
        let body = self.json();
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "no error line in {body}"
        );
        (
            self.status,
            body["parameter"].as_str().map(str::to_owned),
            body,
        )
    }
}

/// `s` escaped for a query string: every byte but the unreserved ones (RFC 3986) as `%XX`.
pub fn escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
