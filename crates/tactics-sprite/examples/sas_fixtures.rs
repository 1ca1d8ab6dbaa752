//! Writes the synthetic SAS fixtures to `fixtures/sas/`, the encodings of `test_support::sas` (the
//! sheet PNG is written by the `sas_sheet` example). Run after changing `test_support::sas`; the
//! tests compare the files with bytes worked out by hand. It lives here, not in `sas-formats`,
//! because `test-support` depends on `sas-formats`.

use sas_formats::ByteOrder;
use test_support::sas;

fn main() -> std::io::Result<()> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sas");
    std::fs::create_dir_all(&dir)?;
    let v3 = sas::set_v3(ByteOrder::Little).encode().expect("encodes");
    let v0 = sas::set_v0().encode().expect("encodes");
    let pakd = sas::container().encode().expect("encodes");
    std::fs::write(dir.join("synthetic.sas3"), v3)?;
    std::fs::write(dir.join("synthetic-psp.sas"), v0)?;
    std::fs::write(dir.join("synthetic.pakd"), pakd)?;
    Ok(())
}
