//! The skip summary that closes `cargo test --workspace` (`test_support::skips`): this is the last
//! test binary cargo runs (packages and their targets run in name order, `xtask` last, `skips`
//! its last test file), a plain program (`harness = false`), which prints the skips every binary
//! of the run logged, grouped by the variable that would turn them on. It checks nothing of the
//! code; what it prints is checked by `test_support::skips`'s own tests.

fn main() {
    test_support::skips::print_run_summary();
}
