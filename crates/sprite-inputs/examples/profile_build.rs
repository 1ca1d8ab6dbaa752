//! Runs the whole TYPE1 build many times, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile_build DIR [RUNS]`.

use sprite_data::{NamedBytes, Profile, build_document};
use sprite_inputs::locate::find_in_folder;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(
        args.next()
            .expect("usage: profile_build ORIGINALS_DIR [RUNS]"),
    );
    let runs: usize = args
        .next()
        .map_or(100, |r| r.parse().expect("RUNS is a number"));
    let read = |name| std::fs::read(find_in_folder(&dir, name).expect("TYPE1 file")).unwrap();
    let (shp, seq) = (read("TYPE1.SHP"), read("TYPE1.SEQ"));
    let profile = Profile::type1();
    let mut total = 0;
    for _ in 0..runs {
        let (_, bytes) = build_document(
            NamedBytes {
                name: "shp",
                bytes: &shp,
            },
            NamedBytes {
                name: "seq",
                bytes: &seq,
            },
            &profile,
            sprite_data::Overlays::default(),
            None,
        )
        .expect("TYPE1 builds");
        total += bytes.len();
    }
    println!("{total}");
}
