//! What the `serve` tests and the load benchmark share: a `tactics-sprite serve` process on a
//! free loopback port, and a small HTTP/1.1 client (keep-alive, Content-Length or chunked bodies)
//! so that the requests are exactly the bytes we mean.

#![allow(dead_code, unused_imports)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub use test_support::http::{Answer, escape};

/// The variable naming another build's `tactics-sprite` to serve in place of this one's: the load
/// benchmark and the load tests run against the build before a change with it.
pub const BINARY_VAR: &str = "SERVE_BINARY";

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
        Server::start_with_open_files(args, env, None)
    }

    /// [`Server::start`], the server's open-file limit (soft and hard) set to `open_files`
    /// first when given, so that what it derives from the limit is known.
    pub fn start_with_open_files(
        args: &[&str],
        env: &[(&str, &str)],
        open_files: Option<u64>,
    ) -> Server {
        let binary = std::env::var_os(BINARY_VAR)
            .filter(|b| !b.is_empty())
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_tactics-sprite").into());
        let mut command = Command::new(binary);
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
        if let Some(limit) = open_files {
            set_open_files(&mut command, limit);
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
        self.status("VmRSS")
    }

    /// A number of the server's `/proc/PID/status` on Linux: `VmRSS` and `VmHWM` (its peak) in
    /// KiB, `Threads`.
    pub fn status(&self, field: &str) -> Option<u64> {
        proc_status(self.child.id(), field)
    }

    /// Sends it `signal` (`TERM`, `INT`, `HUP`, `KILL`).
    pub fn signal(&self, signal: &str) {
        let _ = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status();
    }
}

/// A number of `/proc/<pid>/status` (see [`Server::status`]).
pub fn proc_status(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Sets the open-file limit of the process `command` starts, soft and hard, before it runs.
#[cfg(unix)]
// rlim_t is a u64 here but not on every unix.
#[allow(clippy::unnecessary_cast)]
fn set_open_files(command: &mut Command, limit: u64) {
    use std::os::unix::process::CommandExt;
    let limit = libc::rlimit {
        rlim_cur: limit as libc::rlim_t,
        rlim_max: limit as libc::rlim_t,
    };
    // SAFETY: setrlimit is async-signal-safe and touches nothing of the parent's; the closure
    // allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

#[cfg(not(unix))]
fn set_open_files(_: &mut Command, _: u64) {}

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
        Connection::try_open(addr).expect("connects")
    }

    /// A connection, or the error that refused it (a server gone).
    pub fn try_open(addr: SocketAddr) -> std::io::Result<Connection> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Connection {
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
        })
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

    /// Sends raw bytes, or the error that stopped them (the server closed the connection).
    pub fn try_send(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.writer.write_all(bytes)
    }

    /// Shuts the writing side: the server reads the end of the stream after what was sent.
    pub fn shut_writing(&mut self) {
        self.writer
            .shutdown(Shutdown::Write)
            .expect("shuts its writing side");
    }

    /// Sets how long a read waits.
    pub fn set_read_timeout(&mut self, timeout: Duration) {
        self.writer
            .set_read_timeout(Some(timeout))
            .expect("a read timeout");
    }

    /// Whether the server has closed the connection: the end of the stream (or a reset) within
    /// `wait`, not a byte. A byte is a failure: nothing was asked.
    pub fn closed_within(&mut self, wait: Duration) -> bool {
        self.set_read_timeout(wait);
        let mut byte = [0];
        match self.reader.read(&mut byte) {
            Ok(0) => true,
            Ok(_) => panic!("a byte from the server, unasked"),
            Err(e) => !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
        }
    }

    /// Whether the server has closed the connection already (the end of the stream or a reset
    /// is waiting to be read), without waiting.
    pub fn is_closed(&mut self) -> bool {
        self.writer.set_nonblocking(true).expect("non-blocking");
        let mut byte = [0];
        let closed = match self.reader.read(&mut byte) {
            Ok(0) => true,
            Ok(_) => panic!("a byte from the server, unasked"),
            Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
        };
        self.writer.set_nonblocking(false).expect("blocking");
        closed
    }

    /// Reads one answer.
    ///
    /// # Panics
    /// When there is none, or it is not HTTP.
    pub fn read_response(&mut self, head_only: bool) -> Answer {
        self.try_read_response(head_only).expect("an answer")
    }

    /// `METHOD target` and the answer, or the error that stopped it (the connection closed).
    pub fn try_request(&mut self, method: &str, target: &str) -> std::io::Result<Answer> {
        self.writer.write_all(
            format!("{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes(),
        )?;
        self.try_read_response(method == "HEAD")
    }

    /// Reads one answer, or the error that stopped it (the connection closed before it, or a
    /// read timed out).
    ///
    /// # Panics
    /// When what comes is not HTTP.
    pub fn try_read_response(&mut self, head_only: bool) -> std::io::Result<Answer> {
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("not a status line: {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
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
                self.reader.read_exact(&mut body)?;
            } else if find("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
                loop {
                    line.clear();
                    self.reader.read_line(&mut line)?;
                    let size = usize::from_str_radix(line.trim(), 16).expect("hex size");
                    let start = body.len();
                    body.resize(start + size, 0);
                    self.reader.read_exact(&mut body[start..])?;
                    line.clear();
                    self.reader.read_line(&mut line)?;
                    if size == 0 {
                        break;
                    }
                }
            } else {
                self.reader.read_to_end(&mut body)?;
            }
        }
        Ok(Answer {
            status,
            headers,
            body,
        })
    }
}
