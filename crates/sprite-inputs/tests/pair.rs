//! `sprite_inputs::pair::read_pair`, the one read of an SHP + SEQ pair that `build`, `check` and
//! a served pair call: what its documentation promises about order, places and text forms.

use std::path::Path;

use fft_formats::{FileFormat, OpcodeTable, text};
use sprite_data::demo::{DEMO_SEQ, DEMO_SHP};
use sprite_inputs::locate::Originals;
use sprite_inputs::pair::{Part, Which, read_pair};

/// A text form is read as the bytes it assembles to, its text kept beside them: the demo SEQ's
/// text form gives back the demo SEQ's own bytes (a round trip through `disasm`'s text).
#[test]
fn a_text_form_is_read_as_its_bytes_with_its_text_kept() {
    let dir = test_support::temp_dir("pair-text-form");
    let shp = dir.join("DEMO.SHP");
    let seq = dir.join("demo.seq.txt");
    let source = text::disassemble(DEMO_SEQ, FileFormat::Seq, &OpcodeTable::retail())
        .expect("the demo SEQ disassembles");
    std::fs::write(&shp, DEMO_SHP).expect("writes");
    std::fs::write(&seq, &source).expect("writes");
    let mut seen = Vec::new();
    let (shp, seq) = read_pair(
        &Originals::disk(),
        Part::Given(&shp),
        Part::Given(&seq),
        |_, which| {
            seen.push(which);
            Ok::<_, sprite_inputs::Error>(())
        },
    )
    .expect("reads")
    .expect("both given");
    assert_eq!(seen, [Which::Shp, Which::Seq]);
    assert_eq!(shp.file.file.bytes, DEMO_SHP);
    assert!(shp.source.is_none());
    assert_eq!(seq.file.file.bytes, DEMO_SEQ);
    assert_eq!(seq.file.text, Some(FileFormat::Seq));
    assert_eq!(seq.source.expect("a text form").text, source);
}

/// The SHP is refused before the SEQ is read: a SEQ that is not there is never looked for.
#[test]
fn a_refused_shp_stops_the_read_before_the_seq() {
    let dir = test_support::temp_dir("pair-refused-shp");
    let shp = dir.join("DEMO.SHP");
    std::fs::write(&shp, DEMO_SHP).expect("writes");
    let missing = dir.join("NOT-THERE.SEQ");
    let refused = read_pair(
        &Originals::disk(),
        Part::Given(&shp),
        Part::Given(&missing),
        |_, which| match which {
            Which::Shp => Err(Stop::Refused),
            Which::Seq => Ok(()),
        },
    );
    assert!(matches!(refused, Err(Stop::Refused)), "{refused:?}");
}

/// A file named but not given has nowhere to be found without places: no pair, and nothing read
/// after it.
#[test]
fn a_named_file_without_places_is_no_pair() {
    let mut calls = 0;
    let read = read_pair(
        &Originals::disk(),
        Part::Named("TYPE1.SHP"),
        Part::Given(Path::new("never-read.seq")),
        |_, _| {
            calls += 1;
            Ok::<_, sprite_inputs::Error>(())
        },
    )
    .expect("nothing is read");
    assert!(read.is_none());
    assert_eq!(calls, 0);
}

/// The caller's own error: a refusal, or a read that failed.
#[derive(Debug)]
enum Stop {
    Refused,
    #[allow(dead_code, reason = "shown by Debug when a test fails")]
    Read(sprite_inputs::Error),
}

impl From<sprite_inputs::Error> for Stop {
    fn from(error: sprite_inputs::Error) -> Self {
        Stop::Read(error)
    }
}
