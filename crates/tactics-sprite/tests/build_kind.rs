//! `tactics-sprite build --kind NAME`: the built-in profile of every unit kind, through the
//! binary, gives the shipped document byte for byte; a kind that does not exist, or `--kind` with
//! `--profile`, is a usage error.

use std::process::{Command, Output};

use sprite_data::pipeline::find_retail_file;
use sprite_data::profile::BUILTIN;
use test_support::{assert_same_text, originals, repo_root, temp_dir};

fn tactics_sprite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn every_kind_builds_its_shipped_document() {
    let Some(dir) = originals("every_kind_builds_its_shipped_document") else {
        return;
    };
    let out_dir = temp_dir("all");
    for kind in &BUILTIN {
        let profile = kind.load();
        let find = |name: &str| {
            find_retail_file(&dir, name).unwrap_or_else(|| panic!("{name} is in {}", dir.display()))
        };
        let out = out_dir.join(format!("{}.json", kind.name));
        // Upper case on purpose: kind names are matched in any case.
        let name = kind.name.to_ascii_uppercase();
        let (shp, seq) = (find(&profile.shp), find(&profile.seq));
        let run = tactics_sprite(&[
            "build",
            "--kind",
            &name,
            "--shp",
            shp.to_str().unwrap(),
            "--seq",
            seq.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(
            run.status.success(),
            "{}: {}",
            kind.name,
            String::from_utf8_lossy(&run.stderr)
        );
        let shipped = repo_root().join(format!("fixtures/documents/{}.json", kind.name));
        assert_same_text(
            &shipped.display().to_string(),
            &std::fs::read_to_string(&shipped).unwrap(),
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
    let unknown = tactics_sprite(&[&base[..], &["--kind", "type9"]].concat());
    assert_eq!(unknown.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        stderr.contains("the kinds are type1, type2, cyoko, mon, ruka, other, arute, kanzen"),
        "{stderr}"
    );
    let both = tactics_sprite(&[&base[..], &["--kind", "mon", "--profile", "p.toml"]].concat());
    assert_eq!(both.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&both.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&both.stderr)
    );
}

#[test]
fn every_layer_builds_its_shipped_document() {
    let Some(dir) = originals("every_layer_builds_its_shipped_document") else {
        return;
    };
    let out_dir = temp_dir("layers");
    for layer in sprite_data::layer::LayerKind::ALL {
        let (shp, seq) = layer.files();
        let find = |name: &str| {
            find_retail_file(&dir, name).unwrap_or_else(|| panic!("{name} is in {}", dir.display()))
        };
        let out = out_dir.join(format!("{layer}.json"));
        let run = tactics_sprite(&[
            "build",
            "--kind",
            layer.name(),
            "--shp",
            find(shp).to_str().unwrap(),
            "--seq",
            find(seq).to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(
            run.status.success(),
            "{layer}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let shipped = repo_root().join(format!("fixtures/layers/{layer}.json"));
        assert_same_text(
            &shipped.display().to_string(),
            &std::fs::read_to_string(&shipped).unwrap(),
            &std::fs::read_to_string(&out).unwrap(),
        );
    }
    // A unit SHP given as a layer's is refused with the file's name and an offset.
    let type1 = find_retail_file(&dir, "TYPE1.SHP").unwrap();
    let wep1_seq = find_retail_file(&dir, "WEP1.SEQ").unwrap();
    let out = out_dir.join("bad.json");
    let run = tactics_sprite(&[
        "build",
        "--kind",
        "wep1",
        "--shp",
        type1.to_str().unwrap(),
        "--seq",
        wep1_seq.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(type1.to_str().unwrap()) && stderr.contains("at byte 0x"),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&out_dir).ok();
}
