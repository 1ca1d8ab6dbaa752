//! The WebAssembly module's memory is capped (`--max-memory`, 1 GiB): a hostile input that
//! slips past every bound fails an allocation there instead of taking the page's memory.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    if family.split(',').any(|f| f == "wasm") {
        println!("cargo::rustc-link-arg-cdylib=--max-memory={}", 1u64 << 30);
    }
}
