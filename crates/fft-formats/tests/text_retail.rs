//! The text forms on every retail SHP and SEQ in `FFT_ORIGINALS` (all 27 files, each kind under
//! each name present): disassembling the file and assembling the text gives back the file's
//! bytes, and the text says what the model holds.

use fft_formats::text;
use fft_formats::{OpcodeTable, detect_format};

/// Every retail SHP and SEQ in the folder, by file name, skipped one by one when missing.
fn retail_files(test: &str) -> Vec<(String, Vec<u8>)> {
    let Some(dir) = test_support::originals(test) else {
        return Vec::new();
    };
    let mut files = Vec::new();
    for file in &test_support::RETAIL_FILES {
        let mut found = false;
        for name in [file.disc_name, file.remaster_name] {
            if let Ok(bytes) = std::fs::read(dir.join(name)) {
                files.push((name.to_owned(), bytes));
                found = true;
            }
        }
        if !found {
            test_support::skip::<()>(
                test,
                &format!(
                    "no {} (or {}) in {} ($FFT_ORIGINALS)",
                    file.disc_name,
                    file.remaster_name,
                    dir.display()
                ),
            );
        }
    }
    files
}

#[test]
fn every_retail_file_disassembles_and_assembles_to_its_bytes() {
    let test = "every_retail_file_disassembles_and_assembles_to_its_bytes";
    let files = retail_files(test);
    let mut problems = Vec::new();
    let mut bytes_checked = 0;
    for (name, bytes) in &files {
        let format = detect_format(bytes).expect("a retail file's format is detected");
        let text = match text::disassemble(bytes, format, &OpcodeTable::retail()) {
            Ok(text) => text,
            Err(e) => {
                problems.push(format!("{name}: disassemble: {e}"));
                continue;
            }
        };
        assert_eq!(text::detect(text.as_bytes()), Some(format), "{name}");
        match text::assemble(&text) {
            Ok(assembly) if assembly.bytes == *bytes => bytes_checked += bytes.len(),
            Ok(assembly) => {
                let at = assembly
                    .bytes
                    .iter()
                    .zip(bytes)
                    .position(|(a, b)| a != b)
                    .unwrap_or(assembly.bytes.len().min(bytes.len()));
                problems.push(format!(
                    "{name}: assembled {} bytes, first difference at 0x{at:X}",
                    assembly.bytes.len()
                ));
            }
            Err(e) => problems.push(format!("{name}: assemble: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!(
        "text round trip: {} files, {bytes_checked} bytes",
        files.len()
    );
}
