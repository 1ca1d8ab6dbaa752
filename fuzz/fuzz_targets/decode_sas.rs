//! Any bytes given to the SAS decoder (SAS3 / SAS\0, either byte order): no panic, a refusal is
//! a decoding error inside the input, whatever decodes encodes back to the same bytes, and its
//! poses and document are built without panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sas_formats::{ByteOrder, Meanings, SasSet, document, pose};

fuzz_target!(|data: &[u8]| {
    for order in [ByteOrder::Little, ByteOrder::Big] {
        let set = match SasSet::decode_as(data, order) {
            Ok(set) => set,
            Err(error) => {
                assert!(error.is_decode(), "sas: refused with {error:?}");
                assert!(
                    error.offset().is_some_and(|at| at <= data.len()),
                    "sas: an error offset past the input: {error:?}"
                );
                continue;
            }
        };
        let encoded = set.encode().expect("a decoded set encodes");
        assert!(encoded == data, "sas: decoded, but encoded to other bytes");
        for meanings in [Meanings::from_executable(), Meanings::gibbed()] {
            for block in set.blocks() {
                for p in pose::poses(block, order, &meanings) {
                    assert!(p.start <= p.end, "a pose ends before it starts");
                    let _ = pose::place(&set, &p, true);
                }
            }
            let _ = document::build(&set, &meanings, None);
        }
    }
});
