//! `tactics-sprite build --kind NAME`: the built-in profile of every unit kind and layer, through
//! the binary, gives what the library builds byte for byte (that the library's build is the
//! shipped document is `sprite-data`'s golden test); a kind that does not exist, or `--kind` with
//! `--profile`, is a usage error.

use std::path::Path;
use std::process::Output;

use crate::common::{run, s};
use sprite_data::NamedBytes;
use sprite_data::profile::UNIT_KINDS;
use sprite_inputs::build::build_from_bytes;
use sprite_inputs::layers::build_layer_from_folder;
use test_support::{assert_same_text, remaster_name, retail_file, temp_dir};

/// `tactics-sprite build --kind KIND --shp SHP --seq SEQ -o OUT`.
fn build_kind(kind: &str, shp: &Path, seq: &Path, out: &Path) -> Output {
    run([
        "build",
        "--kind",
        kind,
        "--shp",
        s(shp),
        "--seq",
        s(seq),
        "-o",
        s(out),
    ])
}

#[test]
fn every_kind_builds_its_shipped_document() {
    const TEST: &str = "every_kind_builds_its_shipped_document";
    let out_dir = temp_dir("all");
    for kind in &UNIT_KINDS {
        let profile = kind.load();
        let (Some(shp), Some(seq)) = (
            retail_file(TEST, &profile.shp),
            retail_file(TEST, &profile.seq),
        ) else {
            continue;
        };
        let out = out_dir.join(format!("{}.json", kind.name));
        // Upper case on purpose: kind names are matched in any case.
        let name = kind.name.to_ascii_uppercase();
        let run = build_kind(&name, &shp, &seq, &out);
        assert!(
            run.status.success(),
            "{}: {}",
            kind.name,
            String::from_utf8_lossy(&run.stderr)
        );
        let (shp_bytes, seq_bytes) = (std::fs::read(&shp).unwrap(), std::fs::read(&seq).unwrap());
        let library = build_from_bytes(
            NamedBytes {
                name: &profile.shp,
                bytes: &shp_bytes,
            },
            NamedBytes {
                name: &profile.seq,
                bytes: &seq_bytes,
            },
            &profile,
            None,
        )
        .unwrap();
        let mut expected = String::from_utf8(library.bytes).unwrap();
        // An SHP under the remaster's name gives sheet.file the remaster's name too
        // (RAMUZA.SPR -> battle_ramuza_spr.bin).
        let shp_name = shp.file_name().unwrap().to_string_lossy();
        if shp_name.starts_with("battle_") {
            let disc = format!("\"sheet\": {{\"file\": \"{}\"", profile.sheet_file);
            let remaster = format!(
                "\"sheet\": {{\"file\": \"{}\"",
                remaster_name(&profile.sheet_file)
            );
            assert!(expected.contains(&disc), "{}: {disc}", kind.name);
            expected = expected.replace(&disc, &remaster);
        }
        assert_same_text(
            kind.name,
            &expected,
            &std::fs::read_to_string(&out).unwrap(),
        );
    }
    std::fs::remove_dir_all(&out_dir).ok();
}

#[test]
fn an_unknown_kind_or_kind_with_profile_is_a_usage_error() {
    let base = [
        "build", "--shp", "a.shp", "--seq", "a.seq", "-o", "out.json",
    ];
    let unknown = run([&base[..], &["--kind", "type9"]].concat());
    test_support::cli::assert_exit(&unknown, 2);
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("the kinds are type1, type2, cyoko, mon, ruka, other, arute, kanzen"),
        "{stderr}"
    );
    let both = run([&base[..], &["--kind", "mon", "--profile", "p.toml"]].concat());
    test_support::cli::assert_exit(&both, 2);
    assert!(
        String::from_utf8_lossy(&both.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&both.stderr)
    );
}

#[test]
fn every_layer_builds_its_shipped_document() {
    const TEST: &str = "every_layer_builds_its_shipped_document";
    let out_dir = temp_dir("layers");
    for layer in sprite_data::layer::LayerSet::ALL {
        let (shp, seq) = layer.files();
        let (Some(shp), Some(seq)) = (retail_file(TEST, shp), retail_file(TEST, seq)) else {
            continue;
        };
        let out = out_dir.join(format!("{layer}.json"));
        let run = build_kind(layer.name(), &shp, &seq, &out);
        assert!(
            run.status.success(),
            "{layer}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let folder = shp.parent().unwrap();
        let library = build_layer_from_folder(folder, layer).unwrap().to_bytes();
        assert_same_text(
            layer.name(),
            &String::from_utf8(library).unwrap(),
            &std::fs::read_to_string(&out).unwrap(),
        );
    }
    // A unit SHP given as a layer's is refused with the file's name and what it is; so is a
    // retail layer file of another layer (WEP2.SEQ is the SEQ --kind wep2 reads).
    let (Some(type1), Some(wep1_seq), Some(wep1_shp), Some(wep2_seq)) = (
        retail_file(TEST, "TYPE1.SHP"),
        retail_file(TEST, "WEP1.SEQ"),
        retail_file(TEST, "WEP1.SHP"),
        retail_file(TEST, "WEP2.SEQ"),
    ) else {
        return;
    };
    let out = out_dir.join("bad.json");
    let run = build_kind("wep1", &type1, &wep1_seq, &out);
    test_support::cli::assert_exit(&run, 1);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(&format!(
            "{}: this is a unit SHP file (frames), given as --shp, which wants a weapon or effect \
             SHP file (frames)",
            type1.display()
        )),
        "{stderr}"
    );
    assert!(!out.exists());
    let run = build_kind("wep1", &wep1_shp, &wep2_seq, &out);
    test_support::cli::assert_exit(&run, 1);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(
            "this is the retail WEP2.SEQ, but --kind wep1 reads WEP1.SEQ; pass --kind wep2"
        ),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&out_dir).ok();
}
