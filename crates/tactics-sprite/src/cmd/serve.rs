//! `tactics-sprite serve`: the documents, poses, sheets and renders over HTTP, and a viewer page
//! (the `sprite-server` crate). This command only says what to serve (the catalog is built by
//! `sprite_inputs::catalog` from the paths it names, reloaded on a change by
//! `sprite_server::reload`) and prints it; the endpoints answer with the
//! libraries the other commands call, so that each is byte for byte the command with the same
//! arguments.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sprite_inputs::catalog::{self, PairRequest, ServeRequest};
use sprite_inputs::game::GameRequest;
use sprite_inputs::watch;
use sprite_server::{Live, reload};

use super::{Failure, Flags, Outcome};

/// Serve the documents over HTTP, with a viewer page.
#[derive(Debug, clap::Args)]
#[command(
    about = "Serve the documents, poses, sheets and renders over HTTP, with a viewer page at /",
    long_about = "Serve the documents, poses, sheets and renders over HTTP (/api/v1/...), with a viewer page at /
that plays any animation: the kinds in --originals, --game or --disc, the --data documents, the unit of
--shp and --seq (either a text form), else a synthetic demo unit; --sas sets under /api/v1/sas/.
--watch reloads what changes on disk, and the viewer redraws without a page reload.
Listens on 127.0.0.1:8000 unless --addr says otherwise; stops on Ctrl-C, SIGTERM or SIGHUP.
Exit status: 0 after a clean stop; 1 a file that cannot be read or built, or an address in use; 2 a usage error.
More: crates/sprite-server/README.md"
)]
pub struct Args {
    /// Folder holding the original SHP and SEQ files, or a remaster mod or install (its
    /// fftpack/unit/); repeatable, a later one over an earlier one, as the mod loader layers mods
    /// [default: $FFT_ORIGINALS, else ./originals if present].
    #[arg(long, value_name = "DIR", conflicts_with = "data")]
    pub originals: Vec<PathBuf>,

    /// Your own disc image in place of --originals: its kinds, sheets and WEP.SPR (docs/disc.md)
    #[arg(long, value_name = "IMAGE", conflicts_with_all = ["data", "originals"])]
    pub disc: Option<PathBuf>,

    /// Your own install of the remaster, read from its .pac archives: its kinds, sheets, WEP.SPR and HD pairs; --originals folders are layered over it (docs/remaster.md)
    #[arg(long, value_name = "DIR", conflicts_with_all = ["data", "disc"])]
    pub game: Option<PathBuf>,

    /// With --game: the language whose archives (NNNN.LANG.pac) are read
    #[arg(long, value_name = "LANG", default_value = game_archive::install::DEFAULT_LANGUAGE, requires = "game", value_parser = super::game::language)]
    pub lang: String,

    /// Serve this document (repeatable), its kind named by its file (mon.json: mon)
    #[arg(long, value_name = "DOC.json")]
    pub data: Vec<PathBuf>,

    /// Serve the unit built from this SHP (with --seq), or its text form
    #[arg(long, value_name = "FILE", requires = "seq", conflicts_with_all = ["data", "disc", "originals", "game"])]
    pub shp: Option<PathBuf>,

    /// Serve the unit built from this SEQ (with --shp), or its text form (type1.seq.txt, from `disasm`): the viewer shows the text, the command playing marked
    #[arg(long, value_name = "FILE", requires = "shp")]
    pub seq: Option<PathBuf>,

    /// The sheet --shp and --seq are drawn from: an SPR, or a PNG imported as `sheet import` does [default: the profile's sheet in --sheets, else synthetic]
    #[arg(long, value_name = "FILE", requires = "seq")]
    pub sheet: Option<PathBuf>,

    /// The built-in profile --shp and --seq are built with [default: the kind their file names start with, else type1]
    #[arg(long, value_name = "NAME", requires = "seq")]
    pub kind: Option<String>,

    /// Watch the files served and reload what changes; the viewer redraws without a page reload, and shows a reload's error (file, line, column) while the last good state stays served
    #[arg(long)]
    pub watch: bool,

    /// Folder holding the sheets (RAMUZA.SPR, ...), under the second and later --originals [default: $FFT_SHEETS, else the originals']
    #[arg(long, value_name = "DIR")]
    pub sheets: Option<PathBuf>,

    /// The weapons sheet weapon= renders cut from [default: WEP.SPR by the sheets, originals or --data]
    #[arg(long, value_name = "WEP.SPR")]
    pub weapon_sheet: Option<PathBuf>,

    /// Serve this Tactics Ogre SAS set, or a pakd container's (repeatable), under /api/v1/sas/
    #[arg(long, value_name = "FILE")]
    pub sas: Vec<PathBuf>,

    /// The PNG sheet the --sas sets are drawn from: once, or once per --sas [default: none, no renders]
    #[arg(long, value_name = "SHEET.png", requires = "sas")]
    pub sas_sheet: Vec<PathBuf>,

    /// The address to listen on; 0 as the port picks a free one.
    #[arg(long, value_name = "IP:PORT", default_value = sprite_server::DEFAULT_ADDR)]
    pub addr: SocketAddr,

    /// Let pages from this origin call the API (CORS), such as http://localhost:3000; `*` for any
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Option<String>,

    /// Also answer requests for this host name (repeatable), when the server is reached by a name of its own; localhost and IP addresses are always answered, other hosts refused (421) against DNS rebinding
    #[arg(long, value_name = "NAME", value_parser = allowed_host)]
    pub allow_host: Vec<String>,

    /// The longest a request may take, in milliseconds, before it is answered 503.
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = super::at_least_one::<u64>)]
    pub timeout_ms: u64,

    /// How many requests are handled at once; more wait their turn (within the timeout).
    #[arg(long, value_name = "N", default_value_t = sprite_server::MAX_CONCURRENT, value_parser = super::at_least_one::<usize>)]
    pub max_concurrent: usize,

    /// The longest a request's header may take from its first byte, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::HEADER_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub header_timeout_ms: u64,

    /// How long a connection stays open with no request under way, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::IDLE_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub idle_timeout_ms: u64,

    /// The most connections open at once (fewer when the open-file limit is lower)
    #[arg(long, value_name = "N", default_value_t = sprite_server::MAX_CONNECTIONS, value_parser = super::at_least_one::<usize>)]
    pub max_connections: usize,

    /// How long a stop waits for the requests under way, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = millis(sprite_server::SHUTDOWN_TIMEOUT), value_parser = super::at_least_one::<u64>)]
    pub shutdown_timeout_ms: u64,
}

/// An `--allow-host` value: a host name alone (`sprite_server::AllowedHosts`), else a usage error.
fn allowed_host(name: &str) -> Result<String, String> {
    sprite_server::AllowedHosts::new(&[name.to_owned()]).map(|_| name.to_owned())
}

/// A default duration as its flag's milliseconds.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Runs the command: loads, prints what is served and where, and serves until stopped.
///
/// # Errors
/// A file that cannot be read or built, or an address that cannot be bound.
pub fn run(args: &Args) -> Outcome {
    if let Some(image) = &args.disc
        && let Ok(disc) = disc_image::Disc::open(image)
    {
        // An image that does not open is refused below, with the rest of the start-up.
        let _ = crate::cmd::disc::say_disagreement(&disc);
    }
    let request = ServeRequest {
        originals: args.originals.clone(),
        disc: args.disc.clone(),
        game: args
            .game
            .as_ref()
            .map(|dir| GameRequest::new(dir, args.lang.as_str())),
        data: args.data.clone(),
        sheets: args.sheets.clone(),
        weapon_sheet: args.weapon_sheet.clone(),
        sas: args.sas.clone(),
        sas_sheet: args.sas_sheet.clone(),
        pair: match (&args.shp, &args.seq) {
            (Some(shp), Some(seq)) => Some(PairRequest {
                shp: shp.clone(),
                seq: seq.clone(),
                sheet: args.sheet.clone(),
                kind: args.kind.clone(),
            }),
            _ => None,
        },
    };
    let loaded = watch::load_recorded(|| catalog::load(&request));
    let served = loaded.result.map_err(|error| Failure::of("serve", error))?;
    if let Some(notice) = &served.notice {
        say(&notice.spelt(&Flags));
    }
    if let Some(warning) = &served.warning {
        eprintln!("tactics-sprite: serve: {warning}");
    }
    let options = sprite_server::Options {
        addr: args.addr,
        cors: args.cors.clone(),
        allowed_hosts: args.allow_host.clone(),
        timeout: Duration::from_millis(args.timeout_ms),
        max_concurrent: args.max_concurrent,
        header_timeout: Duration::from_millis(args.header_timeout_ms),
        idle_timeout: Duration::from_millis(args.idle_timeout_ms),
        max_connections: args.max_connections,
        shutdown_timeout: Duration::from_millis(args.shutdown_timeout_ms),
        started_with: sprite_server::StartedWith(Arc::new(Flags)),
    };
    let lines = served.lines();
    // What a reload compares against: only a watched server reloads.
    let digest = args.watch.then(|| served.digest());
    let state = sprite_server::AppState::with_sas(served.catalog, served.sas)?;
    let live = Arc::new(
        Live::new(Arc::new(state), args.watch)
            .with_longest_wait(sprite_server::longest_wait(&options)),
    );
    let watching = digest
        .map(|digest| {
            reload::start(
                request,
                &loaded.read,
                digest,
                Arc::clone(&live),
                &Flags,
                say,
            )
        })
        .transpose()
        .map_err(|error| anyhow::anyhow!("cannot start watching the files: {error}"))?;
    sprite_server::serve_live(live, &options, |addr, state, limits| {
        for line in &lines {
            say(line);
        }
        if let Some(files) = watching {
            say(&format!(
                "watch   {files} files and folders, every {} ms; the viewer redraws on a change",
                watch::POLL.as_millis()
            ));
        }
        say(&describe_limits(state, limits));
        say(&format!("viewer  http://{addr}/"));
        say(&format!("api     http://{addr}/api/v1/kinds"));
        say(&format!(
            "Ctrl-C, SIGTERM or SIGHUP stops the server (the requests under way get {}).",
            seconds(limits.shutdown_timeout)
        ));
    })?;
    say("stopped");
    Ok(())
}

/// The start-up line on the bounds connections and pictures are held to.
fn describe_limits(state: &sprite_server::AppState, limits: &sprite_server::Limits) -> String {
    let open_files = match limits.open_files {
        Some(n) => format!("the open-file limit is {n}"),
        None => "the open-file limit is unknown".to_owned(),
    };
    let threads = state.picture_threads();
    format!(
        "limits  at most {} connections ({open_files}); a header within {}, idle {}; {threads} \
         picture{} drawn at once, {} MiB of pictures in flight",
        limits.max_connections,
        seconds(limits.header_timeout),
        seconds(limits.idle_timeout),
        if threads == 1 { "" } else { "s" },
        sprite_server::api::render::picture_budget_bytes(threads) >> 20
    )
}

/// `5 s`, `0.25 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", duration.as_secs_f64())
}

/// Prints a line of the server's report; a closed stdout (its reader gone) does not stop a
/// server, so the error is dropped rather than panicking as `println!` would. A reload's error
/// repeats what the files hold: no control character of theirs reaches the terminal.
fn say(line: &str) {
    let _ = writeln!(
        std::io::stdout().lock(),
        "{}",
        faults::escape_controls(line)
    );
}
