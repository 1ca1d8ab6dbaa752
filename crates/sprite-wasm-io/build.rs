//! The module's memory is capped (`--max-memory`, 256 MiB): it holds at most 8 MiB of a disc
//! image and one file at a time, or the files of one mod, so a hostile input that slips past
//! every bound fails an allocation there instead of taking the page's memory.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    if family.split(',').any(|f| f == "wasm") {
        println!("cargo::rustc-link-arg-cdylib=--max-memory={}", 256u64 << 20);
    }
}
