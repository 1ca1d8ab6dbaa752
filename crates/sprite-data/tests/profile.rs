//! Profiles: the shipped ones are valid, and a broken one is refused with a message naming the
//! animation at fault.

use sprite_data::profile::{DEMO_PROFILE, TYPE1_PROFILE};
use sprite_data::{ErrorKind, FrameIndex, Profile};

fn with_animations(animations: &str) -> String {
    let start = DEMO_PROFILE.find("animations = [").unwrap();
    let end = start + DEMO_PROFILE[start..].find("]\n").unwrap() + 2;
    format!(
        "{}animations = [\n{animations}\n]\n{}",
        &DEMO_PROFILE[..start],
        &DEMO_PROFILE[end..]
    )
}

fn refusal(text: &str) -> String {
    match Profile::parse(text, "test.toml") {
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::InvalidProfile(_) | ErrorKind::ProfileSyntax(_)
            ) =>
        {
            assert_eq!(e.context(), ["test.toml"]);
            e.to_string()
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn profile_errors_have_their_kinds() {
    // An unknown key is the TOML reader's refusal; a key that reads but breaks a rule is ours.
    let syntax = Profile::parse(
        &with_animations(r#"{ name = "A", category = "X", slot = 3, colour = "red" }"#),
        "t",
    )
    .unwrap_err();
    assert!(
        matches!(syntax.kind(), ErrorKind::ProfileSyntax(m) if m.contains("unknown field")),
        "{syntax:?}"
    );
    let invalid = Profile::parse(
        &with_animations(r#"{ name = "Walk", category = "Walk", front = 7, back = 8 }"#),
        "t",
    )
    .unwrap_err();
    assert!(
        matches!(invalid.kind(), ErrorKind::InvalidProfile(m) if m.contains("front must be an even slot")),
        "{invalid:?}"
    );
    // `validate` checks a profile built in code: no file, so no context.
    let mut profile = Profile::demo();
    profile.sheet_height = 100;
    let refused = profile.validate().unwrap_err();
    assert!(
        matches!(refused.kind(), ErrorKind::InvalidProfile(m) if m.starts_with("sheet_height 100:")),
        "{refused:?}"
    );
    assert!(refused.context().is_empty());
    assert!(refused.to_string().starts_with("sheet_height 100:"));
    // A file that is not there: the system's error, reachable as such.
    let missing =
        sprite_inputs::documents::load_profile(std::path::Path::new("/nonexistent/p.toml"))
            .unwrap_err();
    assert!(matches!(missing.kind(), ErrorKind::Read(_)), "{missing:?}");
    assert_eq!(
        missing.kind().io_error().map(std::io::Error::kind),
        Some(std::io::ErrorKind::NotFound)
    );
    assert_eq!(missing.context(), ["/nonexistent/p.toml"]);
}

#[test]
fn shipped_profiles_are_valid() {
    let type1 = Profile::parse(TYPE1_PROFILE, "type1.toml").unwrap();
    assert_eq!(type1.kind, "TYPE1");
    assert_eq!(
        type1.animations.len(),
        112,
        "docs/derivation.md: 106 pairs + 6 singles"
    );
    assert_eq!(
        (type1.shp.as_str(), type1.seq.as_str()),
        ("TYPE1.SHP", "TYPE1.SEQ")
    );
    assert_eq!(type1.idle_frames, [3, 2, 1, 8, 7, 6, 5, 4].map(FrameIndex));
    let stage = &type1.stage;
    assert_eq!(
        (
            stage.origin_column,
            stage.stance_row,
            stage.anchor_column,
            stage.anchor_row
        ),
        (53, 103, 53, 118)
    );
    assert_eq!(Profile::demo().kind, "DEMO");
}

#[test]
fn broken_profiles_are_refused_by_name() {
    let cases = [
        (
            r#"{ name = "Walk", category = "Walk", front = 7, back = 8 }"#,
            "front must be an even slot",
        ),
        (
            r#"{ name = "Walk", category = "Walk", front = 6 }"#,
            "give either `slot`",
        ),
        (
            r#"{ name = "Walk", category = "Walk", back = 7 }"#,
            "give either `slot`",
        ),
        (
            r#"{ name = "Walk", category = "Walk" }"#,
            "give either `slot`",
        ),
        (
            r#"{ name = "Walk", category = "Walk", slot = 1, front = 6, back = 7 }"#,
            "give either `slot`",
        ),
        (
            r#"{ name = "Walk", category = "Walk", slot = 1, back = 7 }"#,
            "give either `slot`",
        ),
        (
            r#"{ name = "Walk?", category = "Walk", front = 6, back = 7 }"#,
            "no '?'",
        ),
        (
            r#"{ name = "Walk Front", category = "Walk", front = 6, back = 7 }"#,
            "no facing suffix",
        ),
        (
            r#"{ name = "A", category = "X", slot = 1 }, { name = "A", category = "X", slot = 2 }"#,
            "named twice",
        ),
        (
            r#"{ name = "A", category = "X", slot = 6 }, { name = "B", category = "X", front = 6, back = 7 }"#,
            "slot 6 is in both",
        ),
        (
            r#"{ name = "A", category = "X", slot = 300 }"#,
            "past the 256 slots",
        ),
        (
            r#"{ name = "A", category = "", slot = 3 }"#,
            "empty category",
        ),
        (
            r#"{ name = "A", category = "X", slot = 3, colour = "red" }"#,
            "unknown field",
        ),
    ];
    for (animations, expected) in cases {
        let message = refusal(&with_animations(animations));
        assert!(message.starts_with("test.toml: "), "{message}");
        assert!(message.contains(expected), "{animations}: {message}");
    }
    // A single slot keeps its own name, facing words included (TYPE1 slot 2 is "Face Front").
    assert!(
        Profile::parse(
            &with_animations(r#"{ name = "Face Front", category = "Pose", slot = 2 }"#),
            "t"
        )
        .is_ok()
    );
}

#[test]
fn loading_a_profile_file_resolves_overlays_beside_it() {
    let dir = std::env::temp_dir().join(format!("sprite-data-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = DEMO_PROFILE.replace("animations = [", "hands = \"hands.json\"\nanimations = [");
    std::fs::write(dir.join("p.toml"), text).unwrap();
    let profile = sprite_inputs::documents::load_profile(&dir.join("p.toml")).unwrap();
    assert_eq!(
        profile.hands.as_deref(),
        Some(dir.join("hands.json").as_path())
    );
    let missing = sprite_inputs::documents::load_profile(&dir.join("nope.toml"))
        .unwrap_err()
        .to_string();
    assert!(missing.contains("nope.toml: cannot read"), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The line (from 1) of the first line of `text` that starts with `prefix`, found by reading the
/// text, independently of the profile reader.
fn line_starting(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix:?}"))
        + 1
}

#[test]
fn broken_values_are_refused_with_their_toml_line() {
    let idle = "idle_frames = [3, 2, 1, 8, 7, 6, 5, 4]";
    let cases: [(&str, String, &str, &str); 9] = [
        (
            "nine idle frames (the format has eight views)",
            DEMO_PROFILE.replace(idle, "idle_frames = [3, 2, 1, 8, 7, 6, 5, 4, 4]"),
            "idle_frames",
            "expected an array of length 8",
        ),
        (
            "seven idle frames",
            DEMO_PROFILE.replace(idle, "idle_frames = [3, 2, 1, 8, 7, 6, 5]"),
            "idle_frames",
            "length 8",
        ),
        (
            "an idle frame past any SHP",
            DEMO_PROFILE.replace(idle, "idle_frames = [3, 2, 1, 8, 7, 6, 5, 400]"),
            "idle_frames",
            "view 7's frame 400 is past the 256 main frames",
        ),
        (
            "no clock",
            DEMO_PROFILE.replace("ticks_per_second = 60", "ticks_per_second = 0"),
            "ticks_per_second",
            "stage.ticks_per_second 0: 1..=1000",
        ),
        (
            "a negative origin",
            DEMO_PROFILE.replace("origin_column = 53", "origin_column = -4"),
            "origin_column",
            "stage.origin_column -4: a canvas coordinate is 0..1023",
        ),
        (
            "a huge standing box",
            DEMO_PROFILE.replace("stance_height = 40", "stance_height = 100000"),
            "stance_height",
            "stage.stance_height 100000: a standing box is 1..=256 pixels",
        ),
        (
            "a slot past the SEQ",
            with_animations("{ name = \"A\", category = \"X\", slot = 3 },\n{ name = \"B\", category = \"X\", slot = 300 }"),
            "{ name = \"B\"",
            "slot 300 is past the 256 slots",
        ),
        (
            "a front with no back (the animation's slots are read as one of two shapes)",
            with_animations("{ name = \"A\", category = \"X\", slot = 3 },\n{ name = \"B\", category = \"X\", front = 6 }"),
            "{ name = \"B\"",
            "animation \"B\": give either `slot`",
        ),
        (
            "an empty notice",
            DEMO_PROFILE.replace(
                "notice = \"Synthetic demo data made by the tactics-sprite project; not taken from any game file.\"",
                "notice = \" \"",
            ),
            "notice",
            "notice is empty",
        ),
    ];
    for (what, text, key_line, expected) in cases {
        assert_ne!(text, DEMO_PROFILE, "{what}: the edit changed nothing");
        let message = match Profile::parse(&text, "test.toml") {
            Ok(_) => panic!("{what}: accepted"),
            Err(e) => e.to_string(),
        };
        let line = line_starting(&text, key_line);
        assert!(message.contains(expected), "{what}: {message}");
        assert!(
            message.contains(&format!("line {line}")),
            "{what}: expected line {line} in: {message}"
        );
        assert!(!message.contains('\n'), "{what}: {message}");
    }
}

#[test]
fn every_builtin_profile_is_within_the_stage_ranges() {
    for kind in sprite_data::profile::UNIT_KINDS {
        kind.load();
    }
}
