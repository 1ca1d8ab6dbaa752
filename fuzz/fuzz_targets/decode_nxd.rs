//! Any bytes given to the NXD decoders, as a table of rows of unknown columns and as CharCLUT: no
//! panic, no hang, and whatever decodes encodes back to the same bytes (the layout has one shape,
//! docs/formats/nxd.md 7.2).

#![no_main]

use fft_formats::nxd::{CharClut, RawCells, Table};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(table) = Table::<RawCells>::decode(data) {
        let encoded = table.encode().expect("a decoded table encodes");
        assert!(encoded == data, "a decoded table encoded other bytes");
    }
    if let Ok(clut) = CharClut::decode(data) {
        let encoded = clut.encode().expect("a decoded CharCLUT encodes");
        assert!(encoded == data, "a decoded CharCLUT encoded other bytes");
        for row in clut.rows() {
            let _ = (row.comment, row.colours);
        }
    }
});
