//! The connections `serve` accepts, in place of `axum::serve`, each bounded in time and all of
//! them in number, and a stop that ends (issue 32: connections that sent nothing, or a byte a
//! second, were held for ever; 1,100 of them made the server unreachable at its open-file limit
//! of 1024; one holding half a header kept a stopping server alive; a client that shut its
//! writing side after a whole request got no answer).
//!
//! - **In time.** A connection is idle (nothing of a request come in since it opened or since its
//!   last answer), reading a request's header (its first byte come in), or busy (the request is
//!   being answered: the request timeout of the router bounds that). Idle, it is closed after
//!   [`Limits::idle_timeout`] without a byte written either (an answer going out slowly to a
//!   client that reads slowly is not idle); reading, when the header has not come whole within
//!   [`Limits::header_timeout`] of its first byte (or of the last byte written of the answer
//!   before it, for a request sent before that answer was read), however slowly it trickles in;
//!   it is told so first, `408 Request Timeout` (`answer_timed_out_header`), unless an answer
//!   was still going out to it.
//! - **In number.** At most [`Limits::max_connections`] are open, below the process's open-file
//!   limit (read at start). A connection accepted when they are all open closes the one that has
//!   been waiting longest with nothing under way (idle or reading a header), so that a flood of
//!   connections that send nothing holds no ordinary client out; while those it closed are
//!   closing, no more are accepted (the next wait in the kernel's queue); when every one is busy,
//!   the new one is closed at once (refused at the door).
//! - **Half-closed clients** (a whole request, then the writing side shut) are answered.
//! - **The stop.** Once `stop` resolves, no connection is accepted; idle and half-read ones are
//!   closed at once; busy ones are answered and closed; and whatever the clients do, the server
//!   returns within [`Limits::shutdown_timeout`].

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tower::Service;

/// The longest a request's header may take to come whole, from its first byte, unless told
/// otherwise.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest a connection may stay open with no request under way and nothing written, unless
/// told otherwise.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// The most connections open at once unless told otherwise (and never more than the open-file
/// limit allows: [`Limits::new`]).
pub const MAX_CONNECTIONS: usize = 1024;
/// The longest a stop waits for the requests under way, unless told otherwise.
pub const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(10);
/// Files the process keeps for itself out of its open-file limit (the listener, the standard
/// streams, the runtime's own), at most: connections get the rest.
pub const RESERVED_FILES: u64 = 64;
/// How many connections past the limit may be open at once while those they displaced close
/// (each closes at its task's next turn, within microseconds; one that had just begun a request
/// is answered first).
const DISPLACED_AT_MOST: usize = 16;
/// The longest the accept loop waits for a displaced connection to close before it takes the
/// next one anyway (to close it, or to displace another).
const DISPLACED_WAIT: Duration = Duration::from_millis(100);

/// The bounds every connection is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// [`HEADER_TIMEOUT`].
    pub header_timeout: Duration,
    /// [`IDLE_TIMEOUT`].
    pub idle_timeout: Duration,
    /// The most connections open at once: what was asked for, lowered to fit the open-file
    /// limit ([`Limits::new`]).
    pub max_connections: usize,
    /// The process's open-file limit (its soft limit) when it could be read.
    pub open_files: Option<u64>,
    /// [`SHUTDOWN_TIMEOUT`].
    pub shutdown_timeout: Duration,
}

impl Limits {
    /// The limits asked for, with `max_connections` lowered to the open-file limit less
    /// [`RESERVED_FILES`] (or half of it, for a limit under twice that), so that accepting a
    /// connection never fails for want of a file.
    pub fn new(
        header_timeout: Duration,
        idle_timeout: Duration,
        max_connections: usize,
        shutdown_timeout: Duration,
    ) -> Limits {
        let open_files = open_file_limit();
        let fits = open_files.map_or(usize::MAX, |limit| {
            let spare = limit.saturating_sub(RESERVED_FILES.min(limit / 2));
            usize::try_from(spare).unwrap_or(usize::MAX)
        });
        Limits {
            header_timeout,
            idle_timeout,
            max_connections: max_connections.min(fits).max(1),
            open_files,
            shutdown_timeout,
        }
    }
}

/// The process's soft limit on open files, `None` when it cannot be read or is unlimited.
#[cfg(unix)]
pub fn open_file_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit into the struct it is given, which lives across the
    // call; it reads nothing else.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    // rlim_t is a u64 here but not on every unix.
    #[allow(clippy::unnecessary_cast)]
    (read == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur as u64)
}

/// The process's limit on open files: unknown here.
#[cfg(not(unix))]
pub fn open_file_limit() -> Option<u64> {
    None
}

/// Serves `app` on `listener` until `stop` resolves, then stops as the module says. A failed
/// accept (a connection reset before it was taken, the process out of files) is waited out, not
/// returned.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let open = Arc::new(Open::new(limits.max_connections));
    let (stopping, _) = watch::channel(false);
    let mut builder = http1::Builder::new();
    builder.keep_alive(true).half_close(true);
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let tcp = match accepted {
            Ok((tcp, _)) => tcp,
            Err(error) if is_connection_error(&error) => continue,
            // Out of files or memory: nothing to do but wait a little for connections to close
            // (as axum's own loop does), rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let admitted = loop {
            match open.admit() {
                Admission::Admitted(admitted) => break Some(admitted),
                // Every connection is busy: refused at the door.
                Admission::Refused => break None,
                Admission::Closing => {
                    let freed = tokio::time::timeout(DISPLACED_WAIT, open.freed.notified());
                    tokio::select! {
                        biased;
                        () = &mut stop => break None,
                        _ = freed => {}
                    }
                }
            }
        };
        let Some(admitted) = admitted else {
            drop(tcp);
            continue;
        };
        // Small answers go out at once: without TCP_NODELAY a keep-alive client waits for the
        // delayed ACK (tens of milliseconds) between requests.
        let _ = tcp.set_nodelay(true);
        let activity = Arc::clone(&admitted.activity);
        let io = TokioIo::new(Watched {
            io: tcp,
            activity: Arc::clone(&activity),
        });
        let service = Answering {
            app: app.clone(),
            activity: Arc::clone(&activity),
        };
        let connection = builder.serve_connection(io, service);
        let stopping = stopping.subscribe();
        tokio::spawn(async move {
            drive(connection, &activity, limits, stopping).await;
            drop(admitted);
        });
    }
    drop(listener);
    stopping.send_replace(true);
    // Every connection holds a receiver until it has closed.
    let _ = tokio::time::timeout(limits.shutdown_timeout, stopping.closed()).await;
}

/// Errors of one connection that was reset before it was taken: the next accept is unaffected.
fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// What a connection is doing ([`Activity::phase`]).
const IDLE: u8 = 0;
const READING: u8 = 1;
const BUSY: u8 = 2;

/// What one connection is doing and since when, kept up by its reads and writes and by the
/// requests it answers; read by its own deadline and by the accept loop choosing what to close.
#[derive(Debug)]
struct Activity {
    /// [`IDLE`], [`READING`] or [`BUSY`].
    phase: AtomicU8,
    /// Nanoseconds from [`Activity::epoch`]: when the phase began, or the last byte was written.
    since: AtomicU64,
    epoch: Instant,
    /// Set when the accept loop has asked it to close (to make room).
    displaced: AtomicBool,
    /// Wakes it when it is asked to close.
    close: Notify,
    /// Set when a byte is written while a header is being read (an answer still going out to
    /// a client that sent its next request before reading it), when a `408` would land inside
    /// that answer: such a connection is closed without one.
    written_while_reading: AtomicBool,
}

impl Activity {
    fn new(epoch: Instant) -> Activity {
        let activity = Activity {
            phase: AtomicU8::new(IDLE),
            since: AtomicU64::new(0),
            epoch,
            displaced: AtomicBool::new(false),
            close: Notify::new(),
            written_while_reading: AtomicBool::new(false),
        };
        activity.touch();
        activity
    }

    /// Now, for [`Activity::since`].
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn touch(&self) {
        self.since.store(self.now(), Ordering::Relaxed);
    }

    /// A byte written: the deadline moves, and a header being read is no longer the only thing
    /// under way.
    fn wrote(&self) {
        self.touch();
        if self.phase.load(Ordering::Relaxed) == READING {
            self.written_while_reading.store(true, Ordering::Relaxed);
        }
    }

    fn enter(&self, phase: u8) {
        self.touch();
        self.written_while_reading.store(false, Ordering::Relaxed);
        self.phase.store(phase, Ordering::Relaxed);
    }

    /// Whether a header has begun and nothing else is under way: what a `408` answers.
    fn is_reading_a_header(&self) -> bool {
        self.phase.load(Ordering::Relaxed) == READING
            && !self.written_while_reading.load(Ordering::Relaxed)
    }

    fn is_busy(&self) -> bool {
        self.phase.load(Ordering::Relaxed) == BUSY
    }

    /// When it is to be closed, `None` while a request is being answered.
    fn deadline(&self, limits: &Limits) -> Option<tokio::time::Instant> {
        let allowed = match self.phase.load(Ordering::Relaxed) {
            IDLE => limits.idle_timeout,
            READING => limits.header_timeout,
            _ => return None,
        };
        let since = Duration::from_nanos(self.since.load(Ordering::Relaxed));
        Some(tokio::time::Instant::from_std(self.epoch + since + allowed))
    }
}

/// The open connections, what the accept loop counts and chooses among.
struct Open {
    connections: Mutex<Table>,
    max: usize,
    epoch: Instant,
    /// Told each time a connection closes.
    freed: Notify,
}

/// What [`Open::admit`] makes of a new connection.
enum Admission {
    Admitted(Admitted),
    /// Full, and places are being made: ask again once one is free.
    Closing,
    /// Full of connections being answered.
    Refused,
}

#[derive(Default)]
struct Table {
    by_number: HashMap<u64, Arc<Activity>>,
    next: u64,
}

/// A place in [`Open`], given back when dropped (when the connection's task ends, however it
/// ends).
struct Admitted {
    open: Arc<Open>,
    number: u64,
    activity: Arc<Activity>,
}

impl Open {
    fn new(max: usize) -> Open {
        Open {
            connections: Mutex::new(Table::default()),
            max,
            epoch: Instant::now(),
            freed: Notify::new(),
        }
    }

    /// A place for a new connection: free, or made by asking the connection waiting longest with
    /// nothing under way to close.
    fn admit(self: &Arc<Self>) -> Admission {
        let mut table = self.connections.lock().unwrap_or_else(|e| e.into_inner());
        if table.by_number.len() >= self.max {
            let closing = table.by_number.len() - self.max;
            let longest_waiting = table
                .by_number
                .values()
                .filter(|a| !a.is_busy() && !a.displaced.load(Ordering::Relaxed))
                .min_by_key(|a| a.since.load(Ordering::Relaxed));
            match longest_waiting {
                Some(displaced) if closing < DISPLACED_AT_MOST => {
                    displaced.displaced.store(true, Ordering::Relaxed);
                    displaced.close.notify_one();
                }
                _ if closing > 0 => return Admission::Closing,
                _ => return Admission::Refused,
            }
        }
        let number = table.next;
        table.next += 1;
        let activity = Arc::new(Activity::new(self.epoch));
        table.by_number.insert(number, Arc::clone(&activity));
        Admission::Admitted(Admitted {
            open: Arc::clone(self),
            number,
            activity,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut table = self
            .open
            .connections
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        table.by_number.remove(&self.number);
        drop(table);
        self.open.freed.notify_one();
    }
}

/// Runs one connection to its end: hyper's, a deadline passed, a displacement, or the stop.
async fn drive<S>(
    connection: http1::Connection<TokioIo<Watched>, S>,
    activity: &Activity,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) where
    S: hyper::service::HttpService<Incoming, ResBody = Body>,
{
    // Not pinned in place: hyper boxes what it pins, and a header cut short takes the socket
    // back out of it ([`answer_timed_out_header`]).
    let mut connection = connection;
    let mut timer = std::pin::pin!(tokio::time::sleep(limits.idle_timeout));
    let mut stop = std::pin::pin!(stopping.wait_for(|stopping| *stopping));
    let mut displaced = std::pin::pin!(activity.close.notified());
    let mut closing = false;
    let header_timed_out = std::future::poll_fn(|cx| {
        if !closing && (stop.as_mut().poll(cx).is_ready() || displaced.as_mut().poll(cx).is_ready())
        {
            closing = true;
            if !activity.is_busy() {
                return Poll::Ready(false);
            }
            // Answered, then closed (hyper answers with `Connection: close`).
            Pin::new(&mut connection).graceful_shutdown();
        }
        if Pin::new(&mut connection).poll(cx).is_ready() {
            return Poll::Ready(false);
        }
        // The deadline only moves later as bytes are written and requests answered, but for
        // the header's, which may come before the idle one: the timer is set earlier at once,
        // later only when it fires.
        while let Some(deadline) = activity.deadline(&limits) {
            if deadline < timer.deadline() {
                timer.as_mut().reset(deadline);
            }
            if timer.as_mut().poll(cx).is_pending() {
                break;
            }
            let deadline = activity.deadline(&limits);
            match deadline {
                Some(d) if d <= tokio::time::Instant::now() => {
                    return Poll::Ready(activity.is_reading_a_header());
                }
                Some(d) => timer.as_mut().reset(d),
                None => break,
            }
        }
        Poll::Pending
    })
    .await;
    if header_timed_out {
        answer_timed_out_header(connection, &limits).await;
    }
}

/// The longest the `408` answer may take to go out to a client that does not read it.
const TIMED_OUT_ANSWER_WAIT: Duration = Duration::from_secs(1);

/// Tells a client whose header did not come whole within [`Limits::header_timeout`] so, with
/// `408 Request Timeout` and `Connection: close` (RFC 9110 15.5.9), rather than a bare close it
/// would have to guess at; then closes. Written to the socket taken back from hyper, which has
/// no request to answer (its header never ended), within [`TIMED_OUT_ANSWER_WAIT`].
async fn answer_timed_out_header<S>(
    connection: http1::Connection<TokioIo<Watched>, S>,
    limits: &Limits,
) where
    S: hyper::service::HttpService<Incoming, ResBody = Body>,
{
    use tokio::io::AsyncWriteExt as _;
    let body = format!(
        "the request's header did not come whole within {} ms\n",
        limits.header_timeout.as_millis()
    );
    let answer = format!(
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut io = connection.into_parts().io.into_inner();
    let _ = tokio::time::timeout(TIMED_OUT_ANSWER_WAIT, async {
        io.write_all(answer.as_bytes()).await?;
        io.shutdown().await
    })
    .await;
}

/// The router, answering one connection's requests and telling its [`Activity`] when one is
/// under way.
struct Answering {
    app: Router,
    activity: Arc<Activity>,
}

/// Marks its connection busy while it lives: from the request's header to its answer's.
struct Busy(Arc<Activity>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.enter(IDLE);
    }
}

impl hyper::service::Service<Request<Incoming>> for Answering {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        self.activity.enter(BUSY);
        let busy = Busy(Arc::clone(&self.activity));
        let answer = self.app.clone().call(request);
        Box::pin(async move {
            let answer = answer.await;
            drop(busy);
            answer
        })
    }
}

/// A connection's socket, telling its [`Activity`] when a request's first byte comes in and when
/// bytes go out.
struct Watched {
    io: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.io).poll_read(cx, buf);
        if buf.filled().len() > before && self.activity.phase.load(Ordering::Relaxed) == IDLE {
            self.activity.enter(READING);
        }
        read
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write(cx, buf);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        written
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}
