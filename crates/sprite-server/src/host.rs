//! The names a request may reach this server by: the guard against DNS rebinding (issue 38).
//!
//! A page on another site cannot read this server's answers (no CORS unless `--cors` says so),
//! but through DNS rebinding it can make its own name point at 127.0.0.1 once its page has
//! loaded: the browser then takes the server for that site and lets the page read everything it
//! serves (the documents, a watched SEQ text, what `--originals` holds). Such a request names the
//! attacker's host in its `Host` header, never one of ours, so a request is answered only when
//! the host it names is one the server is reached by:
//!
//! - `localhost` and any `*.localhost` name (RFC 6761 keeps them for loopback: browsers resolve
//!   them to it without asking DNS, and no one can register one to serve a page from);
//! - any IP address literal, `127.0.0.1`, `[::1]`, the address `--addr` bound, a LAN address:
//!   the browser sends an IP literal as `Host` only when it connected to that address by its
//!   number, so the page's own origin is that address and no name was rebound (a page elsewhere
//!   reading it is a cross-origin read, which CORS governs);
//! - the names the server was started to allow (`serve --allow-host NAME`, repeatable), for a
//!   server reached by a name of its own (a LAN host name, a proxy's);
//!
//! with or without a port, in any case, with or without the final dot of a fully qualified name.
//! Any other host is refused with `421 Misdirected Request` and a one-line JSON body. A request
//! with no `Host` at all (HTTP/1.0) is answered: a browser always sends one, and a rebinding
//! attack is made through a browser. A request with two `Host` headers is refused; one in
//! absolute form (`GET http://host/...`) is held to the host it names too.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use faults::Shown;

use crate::error::ApiError;

/// The host names a request may name besides `localhost`, `*.localhost` and IP literals, which
/// are always allowed (the module says why).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedHosts {
    /// Lower case, without a final dot.
    names: Vec<String>,
}

impl AllowedHosts {
    /// The names given (`serve --allow-host`), each a host name without a port.
    ///
    /// # Errors
    /// A name that is empty, or holds anything but letters, digits, `-`, `_` and `.` (a port, a
    /// scheme, a path, a space): its one line.
    pub fn new(names: &[String]) -> Result<AllowedHosts, String> {
        let names = names
            .iter()
            .map(|name| {
                let plain = normalised(name);
                let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
                if plain.is_empty() || !plain.chars().all(allowed) {
                    Err(format!(
                        "{} is no host name: give a name alone, such as sprites.lan (no port, \
                         scheme or path; IP addresses and localhost are always answered)",
                        Shown(name)
                    ))
                } else {
                    Ok(plain)
                }
            })
            .collect::<Result<_, _>>()?;
        Ok(AllowedHosts { names })
    }

    /// Whether a request naming `authority` (a `Host` header's value: a host, and perhaps a
    /// port) is answered.
    pub fn allows(&self, authority: &str) -> bool {
        let Some(host) = host_of(authority) else {
            return false;
        };
        if host.starts_with('[') || host.parse::<Ipv4Addr>().is_ok() {
            // `host_of` has checked that a bracketed host is an IPv6 address.
            return true;
        }
        let name = normalised(host);
        name == "localhost" || name.ends_with(".localhost") || self.names.contains(&name)
    }

    /// The refusal of a request that names another host than those allowed, `None` for one that
    /// is answered: its `Host` (every one of them) and the authority of an absolute-form target.
    pub fn refusal(&self, request: &Request) -> Option<ApiError> {
        let hosts = request.headers().get_all(header::HOST);
        if hosts.iter().count() > 1 {
            return Some(ApiError::status(
                StatusCode::BAD_REQUEST,
                "the request has more than one Host header",
            ));
        }
        let named = hosts
            .iter()
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
            .chain(request.uri().authority().map(|a| a.as_str().to_owned()));
        for host in named {
            if !self.allows(&host) {
                return Some(ApiError::status(StatusCode::MISDIRECTED_REQUEST, {
                    let host = Shown(&host).to_string();
                    crate::started::spelt(faults::Words::new(move |s| {
                        format!(
                            "this server does not answer requests for the host {host}: it \
                                 answers localhost, IP addresses and the names serve {} gives (a \
                                 page of another site is refused, against DNS rebinding)",
                            s.name("allow-host")
                        )
                    }))
                }));
            }
        }
        None
    }
}

/// The middleware: a request for a host not allowed is refused before anything else runs.
pub async fn guard(
    State(allowed): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    match allowed.refusal(&request) {
        Some(refusal) => refusal.into_response(),
        None => next.run(request).await,
    }
}

/// The host of an authority without its port: `localhost` of `localhost:8000`, `[::1]` of
/// `[::1]:8000`; `None` when it is not one (empty, a bracket that holds no IPv6 address, a port
/// that is not a number, userinfo).
fn host_of(authority: &str) -> Option<&str> {
    let port_ok = |port: &str| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        inside.parse::<Ipv6Addr>().ok()?;
        let ok = after.is_empty() || after.strip_prefix(':').is_some_and(port_ok);
        return ok.then(|| &authority[..inside.len() + 2]);
    }
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if port_ok(port) => host,
        Some(_) => return None,
        None => authority,
    };
    (!host.is_empty() && !host.contains(['@', ':', '[', ']'])).then_some(host)
}

/// A host name in lower case, without the final dot of a fully qualified name.
fn normalised(name: &str) -> String {
    name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_the_server_is_reached_by_are_allowed_with_or_without_a_port() {
        let allowed = AllowedHosts::new(&["Sprites.LAN".to_owned()]).unwrap();
        for host in [
            "localhost",
            "localhost:8000",
            "LocalHost.",
            "viewer.localhost:3000",
            "127.0.0.1",
            "127.0.0.1:8000",
            "192.168.1.20:8000",
            "[::1]",
            "[::1]:8000",
            "[fe80::1]:80",
            "sprites.lan:8000",
            "sprites.lan.",
        ] {
            assert!(allowed.allows(host), "{host}");
        }
    }

    /// What a rebound page names: its own site, or a name that only looks like ours.
    #[test]
    fn other_names_are_refused() {
        let allowed = AllowedHosts::new(&["sprites.lan".to_owned()]).unwrap();
        for host in [
            "evil.example",
            "evil.example:8000",
            "localhost.evil.example",
            "evillocalhost",
            "127.0.0.1.evil.example",
            "sprites.lan.evil.example",
            "2130706433",
            "",
            ":8000",
            "localhost:http",
            "[::1",
            "[not-v6]:80",
            "user@localhost",
            "::1",
        ] {
            assert!(!allowed.allows(host), "{host:?}");
        }
    }

    #[test]
    fn an_allowed_name_is_a_name_alone() {
        for name in ["", "sprites.lan:8000", "http://sprites.lan", "a b", "a/b"] {
            let error = AllowedHosts::new(&[name.to_owned()]).unwrap_err();
            assert!(error.contains("is no host name"), "{error}");
        }
    }
}
