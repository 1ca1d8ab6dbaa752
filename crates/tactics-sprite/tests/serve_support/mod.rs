//! What the `serve` tests and the load benchmark share: a `tactics-sprite serve` process on a
//! free loopback port, and a small HTTP/1.1 client (keep-alive, Content-Length or chunked bodies)
//! so that the requests are exactly the bytes we mean.

#![allow(dead_code, unused_imports)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub use test_support::http::{Answer, escape};

/// A running `tactics-sprite serve`, stopped with SIGTERM when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    /// What it printed before it listened.
    pub banner: Vec<String>,
}

impl Server {
    /// Starts `tactics-sprite serve --addr 127.0.0.1:0 ARGS...` with `env` set (and
    /// FFT_ORIGINALS / FFT_SHEETS cleared unless `env` sets them), and waits for its address.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"));
        command
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .env_remove(test_support::ORIGINALS_VAR)
            .env_remove(test_support::SHEETS_VAR)
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("tactics-sprite serve starts");
        let mut lines = BufReader::new(child.stdout.take().expect("piped stdout")).lines();
        let mut banner = Vec::new();
        let addr = loop {
            let Some(Ok(line)) = lines.next() else {
                let _ = child.kill();
                panic!("serve stopped before it listened; it printed: {banner:#?}");
            };
            banner.push(line.clone());
            if let Some(rest) = line.strip_prefix("viewer  http://") {
                break rest.trim_end_matches('/').parse().expect("an address");
            }
        };
        // Keep reading stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines.by_ref() {});
        Server {
            child,
            addr,
            banner,
        }
    }

    /// A fresh connection to it.
    pub fn connect(&self) -> Connection {
        Connection::open(self.addr)
    }

    /// One GET on a fresh connection.
    pub fn get(&self, target: &str) -> Answer {
        self.connect().request("GET", target, &[])
    }

    /// Sends SIGTERM and waits: the exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let status = terminate(&mut self.child);
        std::mem::forget(self);
        status
    }

    /// The server's resident memory in KiB (VmRSS), on Linux.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }
}

fn terminate(child: &mut Child) -> std::process::ExitStatus {
    if let Ok(Some(status)) = child.try_wait() {
        return status;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .stderr(Stdio::null())
        .status();
    for _ in 0..100 {
        if let Ok(Some(status)) = child.try_wait() {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    child.wait().expect("the server is reaped")
}

impl Drop for Server {
    fn drop(&mut self) {
        terminate(&mut self.child);
    }
}

/// One keep-alive HTTP/1.1 connection.
pub struct Connection {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Connection {
    pub fn open(addr: SocketAddr) -> Connection {
        let stream = TcpStream::connect(addr).expect("connects");
        stream.set_nodelay(true).expect("nodelay");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        Connection {
            reader: BufReader::new(stream.try_clone().expect("clone")),
            writer: stream,
        }
    }

    /// Sends raw bytes (for malformed requests).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("writes");
    }

    /// `METHOD target` with `headers`, and the answer.
    pub fn request(&mut self, method: &str, target: &str, headers: &[(&str, &str)]) -> Answer {
        let mut head = format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        self.send_raw(head.as_bytes());
        self.read_response(method == "HEAD")
    }

    /// Reads one answer.
    pub fn read_response(&mut self, head_only: bool) -> Answer {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("a status line");
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not a status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("a header");
            let trimmed = line.trim_end();
            if trimmed.is_empty() {
                break;
            }
            let (name, value) = trimmed.split_once(':').expect("name: value");
            headers.push((name.to_ascii_lowercase(), value.trim().to_owned()));
        }
        let find = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v): &(String, String)| v.clone())
        };
        let mut body = Vec::new();
        if !head_only && status != 304 && status != 204 {
            if let Some(length) = find("content-length") {
                body.resize(length.parse().expect("a length"), 0);
                self.reader.read_exact(&mut body).expect("the body");
            } else if find("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
                loop {
                    line.clear();
                    self.reader.read_line(&mut line).expect("a chunk size");
                    let size = usize::from_str_radix(line.trim(), 16).expect("hex size");
                    let start = body.len();
                    body.resize(start + size, 0);
                    self.reader.read_exact(&mut body[start..]).expect("a chunk");
                    line.clear();
                    self.reader.read_line(&mut line).expect("CRLF");
                    if size == 0 {
                        break;
                    }
                }
            } else {
                self.reader.read_to_end(&mut body).expect("the body");
            }
        }
        Answer {
            status,
            headers,
            body,
        }
    }
}
