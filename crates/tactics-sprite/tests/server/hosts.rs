//! `tactics-sprite serve` answers only the hosts it is reached by (issue 38, point 4; the rule is
//! `sprite_server::host`'s): over a socket, as a browser's page and a DNS-rebinding page send
//! their requests, with and without `--allow-host`.

use crate::serve_support::{Connection, Server};

/// `GET /api/v1/kinds` naming `host` (or no Host header at all, in HTTP/1.0).
fn kinds_for(server: &Server, host: Option<&str>) -> crate::serve_support::Answer {
    let mut connection = Connection::open(server.addr);
    let head = match host {
        Some(host) => format!("GET /api/v1/kinds HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        None => "GET /api/v1/kinds HTTP/1.0\r\n\r\n".to_owned(),
    };
    connection.send_raw(head.as_bytes());
    connection.read_response(false)
}

#[test]
fn serve_refuses_another_host_and_answers_its_own() {
    let server = Server::start(&[], &[]);
    let port = server.addr.port();
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        "localhost".to_owned(),
    ] {
        let answer = kinds_for(&server, Some(&host));
        assert_eq!(answer.status, 200, "{host}: {}", answer.text());
    }
    assert_eq!(kinds_for(&server, None).status, 200);
    for host in ["evil.example".to_owned(), format!("evil.example:{port}")] {
        let answer = kinds_for(&server, Some(&host));
        assert_eq!(answer.status, 421, "{host}: {}", answer.text());
        assert_eq!(answer.text().lines().count(), 1, "{}", answer.text());
    }
    // The viewer page too: a rebinding page would read it first.
    let mut page = Connection::open(server.addr);
    page.send_raw(b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    assert_eq!(page.read_response(false).status, 421);
    server.terminate();
}

#[test]
fn allow_host_names_another_host_the_server_answers() {
    let server = Server::start(
        &["--allow-host", "sprites.lan", "--allow-host", "Other.Test"],
        &[],
    );
    let port = server.addr.port();
    for host in [format!("sprites.lan:{port}"), "other.test".to_owned()] {
        let answer = kinds_for(&server, Some(&host));
        assert_eq!(answer.status, 200, "{host}: {}", answer.text());
    }
    assert_eq!(kinds_for(&server, Some("evil.example")).status, 421);
    server.terminate();
}

#[test]
fn allow_host_takes_a_name_alone() {
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["serve", "--allow-host", "http://sprites.lan:8000/"])
        .output()
        .expect("the binary runs");
    test_support::cli::assert_exit(&refused, 2);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("--allow-host") && stderr.contains("is no host name"),
        "{stderr}"
    );
}
