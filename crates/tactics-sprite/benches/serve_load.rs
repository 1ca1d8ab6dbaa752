//! `tactics-sprite serve` under load: a bounded load generator on loopback (127.0.0.1 only).
//!
//! Starts the (release, under `cargo bench`) server on a free loopback port, serving TYPE1 from
//! `FFT_ORIGINALS` when set, else the demo; then, phase by phase, keeps `LOAD_CONNECTIONS`
//! keep-alive connections busy (one thread each) until the phase's request count or time runs
//! out, and reports requests per second, p50/p99 latency, errors and the server's resident memory
//! (VmRSS) before and after each phase.
//!
//! ```sh
//! cargo bench -p tactics-sprite --bench serve_load
//! LOAD_DRAW_REQUESTS=1000000 LOAD_SECONDS=60 cargo bench -p tactics-sprite --bench serve_load
//! LOAD_REQUESTS=1000000 LOAD_SECONDS=900 cargo bench -p tactics-sprite --bench serve_load
//! ```
//!
//! `LOAD_REQUESTS` sets every phase's count at once (the per-endpoint variables win over it);
//! `SERVE_BINARY=/path/to/tactics-sprite` loads another build's server instead of this one's, to
//! compare two builds back to back with the same load. `LOAD_EVERY_SHEET=1` serves, in place of
//! the sheets folder, one holding every sheet of the game's table of kinds (each SPR a copy of
//! RAMUZA.SPR, each SP2 of BEHI2.SP2, under its own name: 163, WEP.SPR aside), as a game
//! folder holds them. The time from starting the server to its first line is reported too.

#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use std::time::{Duration, Instant};

use serve_support::{Server, escape};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One phase's outcome.
struct Phase {
    name: String,
    requests: u64,
    errors: u64,
    elapsed: Duration,
    latencies_us: Vec<u32>,
    rss_before_kib: Option<u64>,
    rss_kib: Option<u64>,
}

/// What every answer of a phase must be: its status, and its body's length when known.
#[derive(Clone, Copy)]
struct Expected {
    status: u16,
    body_len: Option<usize>,
}

const OK: Expected = Expected {
    status: 200,
    body_len: None,
};

/// The load: a server, how many connections, how long a phase may last.
struct Load<'a> {
    server: &'a Server,
    connections: u64,
    max_time: Duration,
}

impl Load<'_> {
    /// Runs `connections` threads, each sending the requests `target(i)` names on its own keep-alive
    /// connection, until `max_requests` in all or `max_time`; an answer that is not `expected` is
    /// an error.
    fn phase(
        &self,
        name: &str,
        max_requests: u64,
        headers: &'static [(&'static str, &'static str)],
        expected: Expected,
        target: impl Fn(u64) -> String + Sync,
    ) -> Phase {
        let (server, connections, max_time) = (self.server, self.connections, self.max_time);
        let rss_before_kib = server.rss_kib();
        let started = Instant::now();
        let per_thread = max_requests.div_ceil(connections);
        let results: Vec<(u64, Vec<u32>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..connections)
                .map(|thread| {
                    let target = &target;
                    scope.spawn(move || {
                        let mut connection = server.connect();
                        let mut latencies = Vec::with_capacity(per_thread.min(2_000_000) as usize);
                        let mut errors = 0;
                        for i in 0..per_thread {
                            if i % 64 == 0 && started.elapsed() > max_time {
                                break;
                            }
                            let path = target(thread * per_thread + i);
                            let sent = Instant::now();
                            let answer = connection.request("GET", &path, headers);
                            latencies
                                .push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                            if answer.status != expected.status
                                || expected.body_len.is_some_and(|n| answer.body.len() != n)
                            {
                                errors += 1;
                            }
                        }
                        (errors, latencies)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a client thread"))
                .collect()
        });
        let elapsed = started.elapsed();
        let errors = results.iter().map(|(e, _)| e).sum();
        let mut latencies_us: Vec<u32> = results.into_iter().flat_map(|(_, l)| l).collect();
        latencies_us.sort_unstable();
        Phase {
            name: name.to_owned(),
            requests: latencies_us.len() as u64,
            errors,
            elapsed,
            latencies_us,
            rss_before_kib,
            rss_kib: server.rss_kib(),
        }
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[index]) / 1000.0
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` would pass nothing useful: run only
    // when asked to bench.
    if !std::env::args().any(|a| a == "--bench") {
        println!("serve_load: run with `cargo bench -p tactics-sprite --bench serve_load`");
        return;
    }
    let originals = std::env::var(test_support::ORIGINALS_VAR)
        .ok()
        .filter(|v| !v.is_empty())
        .map(|d| test_support::repo_root().join(d))
        .filter(|d| d.is_dir());
    let sheets = originals.as_ref().map(|o| o.join("../sheets"));
    let sheets = match (&sheets, std::env::var("LOAD_EVERY_SHEET").as_deref()) {
        (Some(found), Ok("1")) => Some(every_sheet(found)),
        _ => sheets,
    };
    let mut args = Vec::new();
    if let (Some(o), Some(s)) = (&originals, &sheets) {
        args = vec![
            "--originals".to_owned(),
            o.display().to_string(),
            "--sheets".to_owned(),
            s.display().to_string(),
        ];
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let starting = Instant::now();
    let server = Server::start(&args, &[]);
    let start_up = starting.elapsed();
    println!(
        "serve_load: started in {:.0} ms: {}",
        start_up.as_secs_f64() * 1000.0,
        server.banner[0]
    );
    let kind = if originals.is_some() { "type1" } else { "demo" };
    let connections = env_number("LOAD_CONNECTIONS", 4);
    let seconds = Duration::from_secs(env_number("LOAD_SECONDS", 20));
    let requests = |name, default| env_number(name, env_number("LOAD_REQUESTS", default));
    let draw_requests = requests("LOAD_DRAW_REQUESTS", 300_000);
    let data_requests = requests("LOAD_DATA_REQUESTS", 50_000);
    let gif_requests = requests("LOAD_GIF_REQUESTS", 2_000);

    let kinds = server.connect().request("GET", "/api/v1/kinds", &[]).json();
    // Every 200 of /api/v1/data is the whole document; every 304 is empty.
    let document = Expected {
        status: 200,
        body_len: kinds[0]["documentBytes"].as_u64().map(|n| n as usize),
    };
    let not_modified = Expected {
        status: 304,
        body_len: Some(0),
    };
    let etag = format!("\"{}\"", kinds[0]["sha256"].as_str().expect("a digest"));
    let etag: &'static str = Box::leak(etag.into_boxed_str());
    let if_none_match: &'static [(&str, &str)] = Box::leak(Box::new([("If-None-Match", etag)]));
    let names: Vec<String> = server
        .connect()
        .request("GET", &format!("/api/v1/animations?kind={kind}"), &[])
        .json()
        .as_array()
        .expect("a list")
        .iter()
        .map(|a| escape(a["name"].as_str().expect("a name")))
        .collect();
    let animation = |i: u64| names[(i as usize * 7) % names.len()].clone();
    println!(
        "serve_load: {kind}, {connections} connections, at most {seconds:?} a phase, server pid {} ({} KiB at start)",
        server.child.id(),
        server.rss_kib().unwrap_or(0)
    );

    let load = Load {
        server: &server,
        connections,
        max_time: seconds,
    };
    let mut phases = vec![load.phase("draw", draw_requests, &[], OK, |i| {
        format!(
            "/api/v1/draw?kind={kind}&animation={}&view={}&tick={}",
            animation(i),
            i % 8,
            i % 120
        )
    })];
    phases.push(load.phase("data (200)", data_requests, &[], document, |_| {
        format!("/api/v1/data?kind={kind}")
    }));
    phases.push(load.phase(
        "data (304)",
        data_requests,
        if_none_match,
        not_modified,
        |_| format!("/api/v1/data?kind={kind}"),
    ));
    phases.push(load.phase("render.gif", gif_requests, &[], OK, |i| {
        format!(
            "/api/v1/render.gif?kind={kind}&animation={}&view={}",
            animation(i),
            i % 8
        )
    }));
    phases.push(load.phase("draw (again)", draw_requests, &[], OK, |i| {
        format!(
            "/api/v1/draw?kind={kind}&animation={}&view={}&tick={}",
            animation(i + 3),
            (i + 5) % 8,
            i % 240
        )
    }));

    println!();
    println!(
        "| endpoint | requests | errors | requests/s | p50 | p99 | server RSS before, after |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mib =
        |kib: Option<u64>| kib.map_or("?".to_owned(), |k| format!("{:.1}", k as f64 / 1024.0));
    let mut total = 0;
    for p in &phases {
        total += p.requests;
        println!(
            "| {} | {} | {} | {:.0} | {:.2} ms | {:.2} ms | {}, {} MiB |",
            p.name,
            p.requests,
            p.errors,
            p.requests as f64 / p.elapsed.as_secs_f64(),
            percentile(&p.latencies_us, 0.50),
            percentile(&p.latencies_us, 0.99),
            mib(p.rss_before_kib),
            mib(p.rss_kib),
        );
    }
    println!(
        "\n{total} requests in all; server RSS at the end {} KiB",
        server.rss_kib().unwrap_or(0)
    );
}

/// A folder holding every sheet of the game's table of kinds under its own name, each SPR a copy
/// of `found`'s RAMUZA.SPR and each SP2 of its BEHI2.SP2 (what `serve` reads of a game folder,
/// the pixels aside).
fn every_sheet(found: &std::path::Path) -> std::path::PathBuf {
    use sprite_inputs::names::sheet_kind::{SHEET_KINDS, Source};
    let read = |name: &str| {
        let path = test_support::find_by_either_name(found, name)
            .unwrap_or_else(|| panic!("LOAD_EVERY_SHEET: no {name} in {}", found.display()));
        std::fs::read(path).expect("reads")
    };
    let (spr, sp2) = (read("RAMUZA.SPR"), read("BEHI2.SP2"));
    let dir = test_support::repo_root().join("target/tmp/serve-load-every-sheet");
    std::fs::create_dir_all(&dir).expect("a folder");
    // WEP.SPR aside: the weapons sheet is read as one, and RAMUZA.SPR is none.
    for row in SHEET_KINDS
        .iter()
        .filter(|row| row.source != Source::Layers)
    {
        let bytes = if row.sheet.to_ascii_uppercase().ends_with(".SP2") {
            &sp2
        } else {
            &spr
        };
        std::fs::write(dir.join(row.sheet), bytes).expect("writes");
    }
    dir
}
