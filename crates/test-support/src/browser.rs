//! Headless Chromium for the browser tests, driven over the DevTools protocol (feature
//! `browser`), and a static file server for the pages they open.
//!
//! Without Chromium a test prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or
//! `FFT_REQUIRE_BROWSER=1` requires it (as `.ci/run` does, after installing Debian's `chromium`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::variables::REQUIRE_BROWSER_VAR;

/// The Chromium binary: `$CHROMIUM`, else the first of the usual names on the PATH.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
    .find(|candidate| candidate.is_file())
}

/// Whether a missing browser fails the test.
pub fn browser_required() -> bool {
    crate::required() || std::env::var(REQUIRE_BROWSER_VAR).is_ok_and(|v| v == "1")
}

/// Chromium, or `None` after a SKIPPED line when it is not there and not required.
///
/// # Panics
/// When it is missing and required.
pub fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    crate::program_or_skip(
        test,
        find_chromium(),
        ("chromium", "CHROMIUM"),
        (REQUIRE_BROWSER_VAR, browser_required()),
        "chromium",
    )
}

/// A headless Chromium and one page of it, over the DevTools protocol (flat sessions).
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    profile: PathBuf,
}

impl Browser {
    /// Starts `binary` headless with a fresh profile and attaches to a blank page.
    ///
    /// # Panics
    /// When Chromium cannot start or its DevTools endpoint cannot be reached.
    pub fn launch(binary: &Path) -> Browser {
        let profile = std::env::temp_dir().join(format!(
            "tactics-sprite-chromium-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&profile).expect("a profile folder");
        let mut child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--window-size=1280,800",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: cannot start: {e}", binary.display()));
        // Chromium says where its DevTools endpoint is on stderr.
        let mut lines = BufReader::new(child.stderr.take().expect("piped stderr")).lines();
        let mut said = Vec::new();
        let url = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(url) = line.strip_prefix("DevTools listening on ") {
                        break url.trim().to_owned();
                    }
                    said.push(line);
                }
                _ => {
                    let _ = child.kill();
                    panic!("chromium stopped before it listened: {said:#?}");
                }
            }
        };
        std::thread::spawn(move || for _ in lines.by_ref() {});
        let (socket, _) = tungstenite::connect(url.as_str()).expect("the DevTools socket");
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().expect("a target").to_owned();
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("a session")
            .to_owned();
        browser.call("Page.enable", json!({}));
        browser.call("Runtime.enable", json!({}));
        browser
    }

    /// Sends a command (to the page's session once attached) and waits for its result.
    ///
    /// # Panics
    /// When the socket fails or the command answers an error.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("sends");
        loop {
            let Message::Text(text) = self.socket.read().expect("reads") else {
                continue;
            };
            let reply: Value = serde_json::from_str(text.as_str()).expect("JSON from DevTools");
            if reply["id"] == json!(id) {
                assert!(reply.get("error").is_none(), "{method}: {}", reply["error"]);
                return reply["result"].clone();
            }
        }
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its value.
    ///
    /// # Panics
    /// When the page throws.
    pub fn evaluate(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
        );
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("the page threw: {exception:#}");
        }
        result["result"]["value"].clone()
    }

    /// Opens `url` and waits (30 s at most) until `ready` (an expression) is true in it.
    ///
    /// # Panics
    /// When it is not ready in time.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        let started = Instant::now();
        while self.evaluate(ready) != json!(true) {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{url} did not get ready ({ready})"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A PNG screenshot of `clip` (page pixels), or of the whole window.
    pub fn screenshot(&mut self, clip: Option<[f64; 4]>) -> Vec<u8> {
        let mut params = json!({"format": "png"});
        if let Some([x, y, width, height]) = clip {
            params["clip"] = json!({"x": x, "y": y, "width": width, "height": height, "scale": 1});
        }
        let shot = self.call("Page.captureScreenshot", params);
        decode_base64(shot["data"].as_str().expect("screenshot data"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// One picture of a PNG or APNG, RGBA rows, and the tick it starts at.
pub struct PngFrame {
    pub tick: u64,
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// Every picture of a PNG or APNG as `render` writes them (RGBA), each with the tick it starts at
/// (an APNG's delays are exactly ticks / 60 s).
///
/// # Panics
/// On bytes that are no PNG, or a picture that does not decode to RGBA.
pub fn png_frames(png_bytes: &[u8]) -> Vec<PngFrame> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut out = Vec::new();
    let mut tick = 0u64;
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    while let Ok(info) = reader.next_frame(&mut buffer) {
        assert_eq!(info.color_type, png::ColorType::Rgba, "decoded to RGBA");
        out.push(PngFrame {
            tick,
            width: info.width,
            height: info.height,
            rgba: buffer[..info.buffer_size()].to_vec(),
        });
        if let Some(control) = reader.info().frame_control() {
            tick += u64::from(control.delay_num) * 60 / u64::from(control.delay_den.max(1));
        }
    }
    out
}

/// Standard base64 (the screenshots and pixel dumps the page sends).
///
/// # Panics
/// On a character outside the alphabet.
pub fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        let take = chunk.len() - 1;
        out.extend_from_slice(&n.to_be_bytes()[1..=take]);
    }
    out
}

/// A static file server on loopback for the pages a test opens: `GET /<prefix>/<path>` answers
/// the file `<path>` under the folder of that prefix. It serves until the test process ends.
pub struct StaticServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

impl StaticServer {
    /// Serves each `(prefix, folder)`.
    ///
    /// # Panics
    /// When no port can be had.
    pub fn start(roots: &[(&str, &Path)]) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let roots: Vec<(String, PathBuf)> = roots
            .iter()
            .map(|(prefix, dir)| (format!("/{}/", prefix.trim_matches('/')), dir.to_path_buf()))
            .collect();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let roots = roots.clone();
                std::thread::spawn(move || answer(stream, &roots));
            }
        });
        StaticServer { base }
    }
}

fn answer(mut stream: TcpStream, roots: &[(String, PathBuf)]) {
    let mut request = Vec::new();
    let mut buffer = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    let head = String::from_utf8_lossy(&request);
    let path = head
        .split_whitespace()
        .nth(1)
        .unwrap_or("/")
        .split('?')
        .next()
        .unwrap_or("/")
        .replace("%20", " ");
    let file = roots.iter().find_map(|(prefix, dir)| {
        let rest = path.strip_prefix(prefix.as_str())?;
        (!rest.split('/').any(|part| part == "..")).then(|| dir.join(rest))
    });
    let (status, kind, body) = match file.and_then(|f| std::fs::read(&f).ok().map(|b| (f, b))) {
        Some((f, body)) => {
            let kind = match f.extension().and_then(|e| e.to_str()) {
                Some("mjs" | "js") => "text/javascript",
                Some("json") => "application/json",
                Some("html") => "text/html; charset=utf-8",
                Some("png") => "image/png",
                _ => "application/octet-stream",
            };
            ("200 OK", kind, body)
        }
        None => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(header.as_bytes());
    let _ = stream.write_all(&body);
}
