//! The crate's code natively (the same code the WebAssembly module runs): the files given found
//! by any of their names, each kind's document built byte for byte as the committed one, and
//! bad input said in one line naming the file.

use sha2::{Digest, Sha256};
use sprite_wasm::Files;
use sprite_wasm::documents::{build, list};
use sprite_wasm::files::MAX_TOTAL_LEN;

fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The TYPE1 pair under the names a page gets them by: a path from a folder picked, a disc
/// directory's version suffix, the remaster's name.
fn type1(test: &str, shp_name: &str, seq_name: &str) -> Option<Files> {
    let shp = test_support::retail_file(test, "TYPE1.SHP")?;
    let seq = test_support::retail_file(test, "TYPE1.SEQ")?;
    let mut files = Files::new();
    files.add(shp_name.into(), read(&shp)).expect("kept");
    files.add(seq_name.into(), read(&seq)).expect("kept");
    Some(files)
}

#[test]
fn the_type1_document_has_the_sha256_on_record_under_any_name() {
    let test = "the_type1_document_has_the_sha256_on_record_under_any_name";
    for (shp, seq) in [
        ("TYPE1.SHP", "TYPE1.SEQ"),
        ("BATTLE/type1.shp;1", "BATTLE\\TYPE1.SEQ;1"),
        (
            "mod/fftpack/unit/battle_type1_shp.bin",
            "battle_TYPE1_seq.bin",
        ),
    ] {
        let Some(files) = type1(test, shp, seq) else {
            return;
        };
        let bytes = build(&files, "type1").expect("builds");
        let digest: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(digest, test_support::TYPE1_SHA256, "{shp}, {seq}");
    }
}

#[test]
fn every_committed_document_is_rebuilt_from_the_folder_of_retail_files() {
    let test = "every_committed_document_is_rebuilt_from_the_folder_of_retail_files";
    let Some(folder) = test_support::originals(test) else {
        return;
    };
    let mut files = Files::new();
    let mut names: Vec<_> = std::fs::read_dir(&folder)
        .expect("the folder reads")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    names.sort();
    for path in names {
        let name = format!(
            "BATTLE/{}",
            path.file_name().expect("a name").to_string_lossy()
        );
        files.add(name, read(&path)).expect("kept");
    }
    let listed = list(&files);
    let kinds: Vec<&str> = listed["kinds"]
        .as_array()
        .expect("kinds")
        .iter()
        .map(|k| k["kind"].as_str().expect("a kind"))
        .collect();
    for kind in sprite_data::profile::UNIT_KINDS.iter().map(|k| k.name) {
        if !kinds.contains(&kind) {
            test_support::skip::<()>(
                test,
                &format!("the {kind} files are not in {}", folder.display()),
            );
            continue;
        }
        let built = build(&files, kind).expect("builds");
        assert!(
            built == read(&test_support::fixtures::document(kind)),
            "{kind} differs"
        );
    }
    for layer in sprite_data::layer::LayerSet::ALL {
        if !kinds.contains(&layer.name()) {
            test_support::skip::<()>(
                test,
                &format!("the {layer} files are not in {}", folder.display()),
            );
            continue;
        }
        let built = build(&files, layer.name()).expect("builds");
        assert!(
            built == read(&test_support::fixtures::layer(layer.name())),
            "{layer} differs"
        );
    }
}

#[test]
fn a_truncated_shp_is_one_line_naming_the_file_and_the_offset() {
    let test = "a_truncated_shp_is_one_line_naming_the_file_and_the_offset";
    let Some(shp) = test_support::retail_file(test, "TYPE1.SHP") else {
        return;
    };
    let Some(seq) = test_support::retail_file(test, "TYPE1.SEQ") else {
        return;
    };
    let mut files = Files::new();
    files
        .add("BATTLE/TYPE1.SHP".into(), read(&shp)[..100].to_vec())
        .expect("kept");
    files
        .add("BATTLE/TYPE1.SEQ".into(), read(&seq))
        .expect("kept");
    let error = build(&files, "type1").expect_err("100 bytes are no SHP");
    assert!(error.starts_with("BATTLE/TYPE1.SHP: "), "{error}");
    assert!(error.contains("0x"), "an offset: {error}");
    assert!(!error.contains('\n'), "one line: {error}");
}

#[test]
fn a_missing_file_and_an_unknown_kind_are_said() {
    let files = Files::new();
    let error = build(&files, "mon").expect_err("no files");
    assert!(error.contains("MON.SHP (or battle_mon_shp.bin)"), "{error}");
    let error = build(&files, "nothing").expect_err("no such kind");
    assert!(error.contains("nothing"), "{error}");
}

#[test]
fn a_file_over_the_caps_is_refused_before_it_is_kept() {
    let mut files = Files::new();
    // One byte over the inputs layer's cap of 4 MiB (sprite_inputs::read::MAX_INPUT_LEN).
    let error = files
        .check_room("BIG\u{1b}.SHP", (4 << 20) + 1)
        .expect_err("over the cap");
    assert!(
        error.starts_with("\"BIG\\u{1b}.SHP\": 4194305 bytes"),
        "escaped: {error}"
    );
    for n in 0..MAX_TOTAL_LEN / (4 << 20) {
        files
            .add(format!("F{n}.SHP"), vec![0; 4 << 20])
            .expect("under the caps");
    }
    let error = files
        .add("LAST.SHP".into(), vec![0; 1])
        .expect_err("the set is full");
    assert!(error.starts_with("LAST.SHP: 1 bytes more"), "{error}");
}

/// A retail file of another kind under a kind's name is refused, as `build-data` refuses it: the
/// retail TYPE1.SHP given as the SHP the MON profile reads, and TYPE1.SEQ as MON.SEQ. (The check
/// hashes a file only when a retail file of its size under another name is on record: a renamed
/// retail file always is one.)
#[test]
fn a_retail_file_of_another_kind_under_the_kind_s_name_is_refused() {
    let test = "a_retail_file_of_another_kind_under_the_kind_s_name_is_refused";
    let Some(renamed) = type1(test, "BATTLE/MON.SHP", "BATTLE/MON.SEQ") else {
        return;
    };
    let error = build(&renamed, "mon").expect_err("TYPE1's files are not MON's");
    assert_eq!(
        error,
        "BATTLE/MON.SHP: this is the retail TYPE1.SHP, but the MON profile reads MON.SHP"
    );
    let (Some(mon), Some(type1_seq)) = (
        test_support::retail_bytes(test, "MON.SHP"),
        test_support::retail_bytes(test, "TYPE1.SEQ"),
    ) else {
        return;
    };
    let mut renamed_seq = Files::new();
    renamed_seq.add("MON.SHP".into(), mon).expect("kept");
    renamed_seq.add("MON.SEQ".into(), type1_seq).expect("kept");
    let error = build(&renamed_seq, "mon").expect_err("TYPE1.SEQ is not MON.SEQ");
    assert_eq!(
        error,
        "MON.SEQ: this is the retail TYPE1.SEQ, but the MON profile reads MON.SEQ"
    );
}
