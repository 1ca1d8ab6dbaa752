//! Any bytes given to the pakd decoder: no panic, a refusal is a decoding error inside the
//! input, whatever decodes encodes back to the same bytes, and so does every SAS entry in it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sas_formats::{EntryKind, Pakd, SasSet};

fuzz_target!(|data: &[u8]| {
    let pakd = match Pakd::decode(data) {
        Ok(pakd) => pakd,
        Err(error) => {
            assert!(error.is_decode(), "pakd: refused with {error:?}");
            assert!(
                error.offset().is_some_and(|at| at <= data.len()),
                "pakd: an error offset past the input: {error:?}"
            );
            return;
        }
    };
    let encoded = pakd.encode().expect("a decoded container encodes");
    assert!(encoded == data, "pakd: decoded, but encoded to other bytes");
    for entry in &pakd.entries {
        let _ = entry.kind().to_string();
        if matches!(entry.kind(), EntryKind::Sas(..))
            && let Ok(set) = SasSet::decode_as(&entry.bytes, pakd.byte_order)
        {
            assert!(
                set.encode().expect("encodes") == entry.bytes,
                "entry: other bytes"
            );
        }
    }
});
