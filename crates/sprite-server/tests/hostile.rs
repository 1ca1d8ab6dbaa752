//! What a hostile web page or a hostile input gets from the server (issue 38): a request that
//! names another site's host, as a DNS-rebinding page's does, is refused before anything is
//! read (`host.rs`); a name from an input in an error's line reaches the client escaped, while
//! the JSON data keeps it as it is. In-process; `crates/tactics-sprite/tests/server/hosts.rs`
//! runs the binary with `--allow-host`.

mod common;

use common::{App, escape};
use sprite_inputs::catalog::{self, Catalog, ServeRequest};

/// The kinds of the demo catalog, asked with `host`.
async fn kinds_for(app: &App, host: &str) -> common::Answer {
    app.request("GET", "/api/v1/kinds", &[("Host", host)]).await
}

#[tokio::test]
async fn a_request_for_another_host_is_refused_with_one_line() {
    let app = App::new(Catalog::demo().expect("the demo"));
    for host in [
        "evil.example",
        "evil.example:8000",
        "localhost.evil.example:8000",
    ] {
        let answer = kinds_for(&app, host).await;
        assert_eq!(answer.status, 421, "{host}: {}", answer.text());
        let (_, parameter, body) = answer.refusal();
        assert_eq!(parameter, None);
        let line = body["error"].as_str().unwrap();
        assert!(line.contains(host) && !line.contains('\n'), "{line}");
        assert!(!answer.text().contains("\"kinds\""), "{}", answer.text());
    }
    // The absolute form names its host in the target: held to it as well.
    let absolute = app
        .request(
            "GET",
            "http://evil.example/api/v1/kinds",
            &[("Host", "127.0.0.1")],
        )
        .await;
    assert_eq!(absolute.status, 421, "{}", absolute.text());
}

#[tokio::test]
async fn the_names_the_server_is_reached_by_are_answered() {
    let app = App::new(Catalog::demo().expect("the demo"));
    for host in [
        "localhost:8000",
        "localhost",
        "127.0.0.1:8000",
        "[::1]:8000",
        "viewer.localhost:8000",
    ] {
        let answer = kinds_for(&app, host).await;
        assert_eq!(answer.status, 200, "{host}: {}", answer.text());
    }
    // No Host at all (HTTP/1.0): no browser sends that, so no rebinding page can.
    assert_eq!(app.get("/api/v1/kinds").await.status, 200);
}

#[tokio::test]
async fn allow_host_adds_a_name_and_only_that_name() {
    let options = sprite_server::Options {
        allowed_hosts: vec!["sprites.lan".to_owned()],
        ..common::options()
    };
    let app = App::with(Catalog::demo().expect("the demo"), &options);
    assert_eq!(kinds_for(&app, "sprites.lan:8000").await.status, 200);
    assert_eq!(kinds_for(&app, "SPRITES.LAN").await.status, 200);
    assert_eq!(kinds_for(&app, "other.lan:8000").await.status, 421);
    let bad = sprite_server::Options {
        allowed_hosts: vec!["http://sprites.lan:8000/".to_owned()],
        ..common::options()
    };
    let state = std::sync::Arc::new(
        sprite_server::AppState::new(Catalog::demo().expect("the demo")).expect("prepared"),
    );
    let error = sprite_server::router(state, &bad).expect_err("refused");
    assert!(error.to_string().contains("is no host name"), "{error}");
}

#[tokio::test]
async fn a_hostile_kind_name_reaches_an_error_line_escaped_and_the_data_as_it_is() {
    let dir = test_support::temp_dir("server-hostile-kind");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The kind is named by the document's file name.
    let name = "a\u{1b}[31m\r\nb";
    let path = dir.join(format!("{name}.json"));
    std::fs::copy(test_support::fixtures::demo_document(), &path).unwrap();
    let served = catalog::load(&ServeRequest {
        data: vec![path],
        ..ServeRequest::default()
    })
    .expect("the document loads");
    let app = App::new(served.catalog);
    let kinds = app.get("/api/v1/kinds").await.json();
    assert!(kinds.to_string().contains(r"a\u001b[31m\r\nb"), "{kinds}");
    let answer = app
        .get(&format!("/api/v1/sp2.png?kind={}", escape(name)))
        .await;
    let (status, _, body) = answer.refusal();
    assert_eq!(status, 404, "{body}");
    let line = body["error"].as_str().unwrap();
    // By the terminal's control codes: below 0x20 and 0x7F, none raw in the line.
    assert!(
        !line.bytes().any(|b| b < 0x20 || b == 0x7F),
        "raw control bytes in {line:?}"
    );
    assert!(line.contains(r"a\u{1b}[31m\r\nb"), "{line}");
    std::fs::remove_dir_all(&dir).unwrap();
}
