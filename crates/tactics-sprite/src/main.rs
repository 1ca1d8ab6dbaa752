//! `tactics-sprite`: inspect, round-trip, build, draw and render Final Fantasy Tactics sprite
//! files (SHP, SEQ, SPR) and the tactics-sprite-data.json documents built from them.
//!
//! This file holds the command line and the exit codes only; each subcommand lives in its own
//! module under `cmd/`, with its own `Args` and `run`, which returns a [`cmd::Outcome`].
//!
//! Exit codes: 0 success, 1 bad input (a file that cannot be read or decoded, or a round trip that
//! does not give back the same bytes), 2 a usage error (clap's own code, and
//! [`cmd::Failure::Usage`]); check and diff: 1 different, 2 inputs they cannot compare; 130 and
//! 143 stopped by SIGINT and SIGTERM ([`interrupt`]).

mod cmd;
mod interrupt;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "tactics-sprite",
    version,
    about = "Final Fantasy Tactics sprite files: inspect, round-trip, build sprite data, draw and render",
    long_about = "Final Fantasy Tactics sprite files (SHP, SEQ, SPR; Tactics Ogre's SAS sets): build
tactics-sprite-data.json, draw and render it, check a copy against the game files, edit the files.
Exit status: 0 success; 1 bad input (one line naming the file, offset and problem); 2 a usage
error; check and diff: 0 same, 1 different, 2 an input they cannot read.
More: README.md, and `tactics-sprite help COMMAND`"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands. Each variant's `Args` and `run` live in `cmd/<name>.rs`.
#[derive(Debug, Subcommand)]
enum Command {
    Inspect(cmd::inspect::Args),
    List(cmd::list::Args),
    Build(cmd::build::Args),
    Draw(cmd::draw::Args),
    Roundtrip(cmd::roundtrip::Args),
    Sheet(cmd::sheet::Args),
    Render(cmd::render::Args),
    ExportAseprite(cmd::export_aseprite::Args),
    Check(cmd::check::Args),
    Diff(cmd::diff::Args),
    Extract(cmd::sas::extract::Args),
    Pack(cmd::sas::extract::PackArgs),
    Serve(cmd::serve::Args),
    Disc(cmd::disc::Args),
    Game(cmd::game::Args),
    Disasm(cmd::disasm::Args),
    Asm(cmd::asm::Args),
    Palette(cmd::palette::Args),
    // `mod` is a keyword, so its module is `remaster_mod`.
    #[command(name = "mod")]
    Mod(cmd::remaster_mod::Args),
}

fn main() -> ExitCode {
    // `parse` prints help and usage errors itself and exits with 0 (help, version) or 2.
    let cli = parse();
    // `serve` stops on these signals itself, closing its connections first; it writes no file.
    if !matches!(cli.command, Command::Serve(_)) {
        interrupt::remove_temporary_files_on_signal();
    }
    let result = match &cli.command {
        Command::Inspect(args) => cmd::inspect::run(args),
        Command::List(args) => cmd::list::run(args),
        Command::Build(args) => cmd::build::run(args),
        Command::Draw(args) => cmd::draw::run(args),
        Command::Roundtrip(args) => cmd::roundtrip::run(args),
        Command::Sheet(args) => cmd::sheet::run(args),
        Command::Render(args) => cmd::render::run(args),
        Command::ExportAseprite(args) => cmd::export_aseprite::run(args),
        Command::Check(args) => cmd::check::run(args),
        Command::Diff(args) => cmd::diff::run(args),
        Command::Extract(args) => cmd::sas::extract::run(args),
        Command::Pack(args) => cmd::sas::extract::pack(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Disc(args) => cmd::disc::run(args),
        Command::Game(args) => cmd::game::run(args),
        Command::Disasm(args) => cmd::disasm::run(args),
        Command::Asm(args) => cmd::asm::run(args),
        Command::Palette(args) => cmd::palette::run(args),
        Command::Mod(args) => cmd::remaster_mod::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            failure.print();
            failure.exit_code()
        }
    }
}

/// `Cli::parse`, but clap's usage error, which repeats the argument it refuses as it is, shows
/// an argument holding a control character escaped, as every name from an input is shown: the
/// error is clap's own for the arguments with their control characters escaped
/// (`faults::escape_controls`).
fn parse() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.use_stderr() && arguments_hold_controls() => {
            let escaped = std::env::args_os()
                .map(|argument| faults::escape_controls(&argument.to_string_lossy()).into_owned());
            match Cli::try_parse_from(escaped) {
                Err(shown) => shown.exit(),
                // Escaping made them acceptable: the error as it was, on one escaped line.
                Ok(_) => {
                    let text = error.render().to_string();
                    eprintln!("{}", faults::escape_controls(text.trim_end()));
                    std::process::exit(error.exit_code());
                }
            }
        }
        Err(error) => error.exit(),
    }
}

/// Whether an argument holds a control character (a file name from a hostile folder can).
fn arguments_hold_controls() -> bool {
    std::env::args_os().any(|argument| argument.to_string_lossy().chars().any(char::is_control))
}
