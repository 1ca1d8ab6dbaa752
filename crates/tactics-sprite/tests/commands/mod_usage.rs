//! `mod` as a modder first meets it (docs/mods.md "mod new", "mod check", "mod ls"): every
//! subcommand has its line in `mod --help` and a long help that says what it does before its
//! exit status; `mod new DIR --name X` takes DIR's name as the ID when it is one; a folder inside
//! a mod given where the mod is named says where the mod is; `mod check` and `mod ls` say one
//! verdict in one word, and `mod check` counts what it listed.

use crate::common::{expect, run, s, stdout};
use test_support::temp_dir;

#[test]
fn every_mod_subcommand_is_summed_up_in_its_help() {
    let help = expect(&run(["mod", "--help"]), 0);
    let mut summaries = Vec::new();
    for command in ["new", "add", "check", "ls"] {
        let line = help
            .lines()
            .find(|l| l.split_whitespace().next() == Some(command))
            .unwrap_or_else(|| panic!("no line for {command}: {help}"));
        let summary = line.trim_start().trim_start_matches(command).trim();
        assert!(
            summary.split_whitespace().count() > 3,
            "{command} has no summary: {line:?}"
        );
        summaries.push(summary.to_owned());
    }
    // Each its own: not one line shared by two subcommands.
    let mut distinct = summaries.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), summaries.len(), "{summaries:?}");
    for command in ["check", "ls"] {
        let long = stdout(&run(["mod", command, "--help"]));
        let first = long.lines().next().unwrap_or_default();
        assert!(
            !first.starts_with("Exit status") && first.contains("mod DIR"),
            "mod {command} --help starts {first:?}"
        );
    }
}

/// The ID and name `mod new` wrote, read back as JSON.
fn written_id(dir: &std::path::Path) -> String {
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("ModConfig.json")).unwrap()).unwrap();
    json["ModId"].as_str().unwrap().to_owned()
}

#[test]
fn mod_new_takes_the_folder_s_name_as_its_id() {
    let test = "mod_new_takes_the_folder_s_name_as_its_id";
    let dir = temp_dir(test).join("fftivc.sprites.red_squire");
    let text = expect(&run(["mod", "new", s(&dir), "--name", "Red squire"]), 0);
    assert!(
        text.starts_with("mod     fftivc.sprites.red_squire"),
        "{text}"
    );
    assert_eq!(written_id(&dir), "fftivc.sprites.red_squire");
    // A name that is no ID: a usage error naming --id, nothing made.
    let spaced = temp_dir(test).join("my mod");
    let err = expect(&run(["mod", "new", s(&spaced), "--name", "Mine"]), 2);
    assert!(
        err.contains("no --id given, and the folder's name \"my mod\" is no mod ID"),
        "{err}"
    );
    assert!(!spaced.exists());
}

#[test]
fn a_folder_inside_a_mod_says_where_the_mod_is() {
    let test = "a_folder_inside_a_mod_says_where_the_mod_is";
    let dir = temp_dir(test).join("mod");
    expect(
        &run(["mod", "new", s(&dir), "--id", "test.inside", "--name", "In"]),
        0,
    );
    let data = dir.join("FFTIVC/data");
    std::fs::create_dir_all(&data).unwrap();
    for (given, up) in [(dir.join("FFTIVC"), "one level up"), (data, "2 levels up")] {
        for command in ["check", "ls"] {
            let err = expect(&run(["mod", command, s(&given)]), 1);
            assert!(
                err.contains(&format!(
                    "not a mod folder; it is inside the mod {}, {up}: give that folder",
                    s(&dir)
                )),
                "{err}"
            );
        }
    }
}

/// The squire's retail sheet, of which this project keeps no digest (its digests are listed in
/// `sprite_inputs::retail`), in a mod: `mod check` says "no digest on record" and `mod ls` the
/// same, never "modified"; the closing count is of the entries listed (the description and the
/// sheet), the sprite files among them said.
#[test]
fn mod_check_and_mod_ls_say_one_fact_in_one_word_and_count_what_they_list() {
    let test = "mod_check_and_mod_ls_say_one_fact_in_one_word_and_count_what_they_list";
    let Some(spr) = test_support::hd_file(test, "battle_mina_m_spr.bin") else {
        return;
    };
    let dir = temp_dir(test).join("mod");
    expect(
        &run(["mod", "new", s(&dir), "--id", "test.words", "--name", "W"]),
        0,
    );
    expect(&run(["mod", "add", s(&dir), s(&spr)]), 0);
    // A README beside it: not read by the loader, not listed.
    std::fs::write(dir.join("README.md"), "notes").unwrap();
    let checked = expect(&run(["mod", "check", s(&dir)]), 0);
    assert!(
        // The retail file (the remaster's copy), 43433 bytes, the size the disc's table gives it.
        checked.contains("43433 bytes (the original's 43433): no digest on record"),
        "{checked}"
    );
    let listed_lines = checked.lines().count() - 1;
    assert_eq!(listed_lines, 2, "{checked}");
    assert!(
        checked.ends_with(
            "checked 2 entries (1 sprite file in its place): 0 errors, 0 warnings; the loader loads every file as placed\n"
        ),
        "{checked}"
    );
    let listed = expect(&run(["mod", "ls", s(&dir)]), 0);
    let line = listed
        .lines()
        .find(|l| l.trim_start().starts_with("MINA_M.SPR"))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(line.ends_with("; no digest on record"), "{line}");
}
