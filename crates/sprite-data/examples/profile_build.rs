//! Runs the whole TYPE1 pipeline many times, for a profiler:
//! `valgrind --tool=callgrind target/release/examples/profile_build DIR [RUNS]`.

use sprite_data::Profile;
use sprite_data::pipeline::{Source, build_document, find_retail_file};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(
        args.next()
            .expect("usage: profile_build ORIGINALS_DIR [RUNS]"),
    );
    let runs: usize = args
        .next()
        .map_or(100, |r| r.parse().expect("RUNS is a number"));
    let read = |name| std::fs::read(find_retail_file(&dir, name).expect("TYPE1 file")).unwrap();
    let (shp, seq) = (read("TYPE1.SHP"), read("TYPE1.SEQ"));
    let profile = Profile::type1();
    let mut total = 0;
    for _ in 0..runs {
        let (_, bytes) = build_document(
            Source {
                name: "shp",
                bytes: &shp,
            },
            Source {
                name: "seq",
                bytes: &seq,
            },
            &profile,
            None,
        )
        .expect("TYPE1 builds");
        total += bytes.len();
    }
    println!("{total}");
}
