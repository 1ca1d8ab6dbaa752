//! `tactics-sprite roundtrip`: decode and re-encode files and compare the bytes, through the
//! library's shared [`fft_formats::round_trip`] check.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use faults::Shown;
use fft_formats::{FileFormat, RoundTrip};

use super::{Failure, FormatArg, Outcome, choose_kind, read_input, report_error, stdout_error};

/// Decode and re-encode each file; succeed only if every one comes back byte-identical.
#[derive(Debug, clap::Args)]
#[command(
    about = "Decode and re-encode files; succeed only when every one comes back byte-identical",
    long_about = "Decode each file, encode it again and compare the bytes: one line a file on stdout, `identical` or
`DIFFERENT` with the first differing offset; a file that cannot be read or decoded gets one error
line on stderr, and the other files are still checked.
Exit status: 0 only when every file comes back byte-identical, else 1; 2 a usage error.
More: docs/formats/README.md"
)]
pub struct Args {
    /// The files to check (SHP, SEQ, SPR, or a SAS set or pakd container; any file name).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Decode every file as this kind: unit-shp, weapon-shp, seq or spr [default: detected per file]
    #[arg(long, value_enum, value_name = "KIND", hide_possible_values = true)]
    pub kind: Option<FormatArg>,
}

/// Runs the command.
///
/// # Errors
/// [`Failure::Reported`] when a file does not give back its bytes or cannot be read (each
/// reported on its own line); [`Failure::Failed`] when stdout cannot be written.
pub fn run(args: &Args) -> Outcome {
    let mut out = std::io::stdout().lock();
    let mut all_identical = true;
    for path in &args.files {
        if args.kind.is_none() {
            if let Some(identical) = super::sas::roundtrip::check_file(path, &mut out)? {
                all_identical &= identical;
                continue;
            }
        }
        match check(path, args.kind) {
            Ok((kind, size, result)) => {
                let line = match result {
                    RoundTrip::Identical => {
                        format!("identical  {}  {kind}  {size} bytes", Shown(&path))
                    }
                    RoundTrip::Different {
                        first_difference,
                        encoded_len,
                    } => {
                        all_identical = false;
                        format!(
                            "DIFFERENT {}  {kind}  first difference at 0x{first_difference:04X} \
                             (file {size} bytes, re-encoded {encoded_len} bytes)",
                            Shown(&path)
                        )
                    }
                };
                writeln!(out, "{line}").map_err(stdout_error)?;
            }
            Err(error) => {
                all_identical = false;
                // Keep stdout's lines in order with stderr's when both go to one terminal.
                out.flush().map_err(stdout_error)?;
                report_error(&error);
            }
        }
    }
    out.flush().map_err(stdout_error)?;
    if all_identical {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}

/// Reads one file and round-trips it: its kind, its size and the outcome.
fn check(path: &Path, kind: Option<FormatArg>) -> anyhow::Result<(FileFormat, usize, RoundTrip)> {
    let bytes = read_input(path)?;
    let (kind, _) = choose_kind(path, &bytes, kind)?;
    let result = fft_formats::round_trip(kind, &bytes).with_context(|| Shown(&path).to_string())?;
    Ok((kind, bytes.len(), result))
}
