//! The Aseprite export read back: the JSON parses, has Aseprite's fields and types, every tag's
//! frames exist, each tag's durations add up to its ticks within a millisecond, and a small
//! reader written here rebuilds every sequence's frames (pictures, durations, events) from the
//! JSON and the atlas PNG alone, which must equal the sequence as the renderer plays it.

mod common;

use std::collections::{BTreeMap, HashSet};

use serde_json::Value;
use sprite_data::Document;
use sprite_render::aseprite::{AsepriteExport, export};
use sprite_render::encode::png_rgba;
use sprite_render::sheet::{load_sheet, synthetic_sheet};
use sprite_render::{Image, Renderer};

/// One frame as the reader rebuilds it: the full-size picture, RGBA bytes, and its duration.
#[derive(Debug, PartialEq)]
struct ReadFrame {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    duration_ms: u64,
    events: Vec<String>,
    /// The atlas rectangle's own pixels, with its size.
    stored: (usize, usize, Vec<u8>),
}

/// A minimal engine-side reader: decodes the atlas with the png crate, and for each tag puts each
/// of its frames' `frame` rectangle back at `spriteSourceSize` on a `sourceSize` canvas; events
/// from the `events` layer's cels. Uses nothing of the crate.
fn read_back(json: &Value, atlas_png: &[u8]) -> BTreeMap<String, (Vec<ReadFrame>, bool)> {
    let decoder = png::Decoder::new(std::io::Cursor::new(atlas_png));
    let mut reader = decoder.read_info().unwrap();
    let mut atlas = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut atlas).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    let atlas_width = info.width as usize;
    assert_eq!(json["meta"]["size"]["w"], info.width);
    assert_eq!(json["meta"]["size"]["h"], info.height);

    let mut events: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for layer in json["meta"]["layers"].as_array().unwrap() {
        if layer["name"] == "events" {
            for cel in layer["cels"].as_array().into_iter().flatten() {
                let words = cel["data"].as_str().unwrap().split(',').map(str::to_owned);
                events
                    .entry(cel["frame"].as_u64().unwrap())
                    .or_default()
                    .extend(words);
            }
        }
    }

    let mut out = BTreeMap::new();
    for tag in json["meta"]["frameTags"].as_array().unwrap() {
        let (from, to) = (tag["from"].as_u64().unwrap(), tag["to"].as_u64().unwrap());
        assert!(from <= to, "{tag}");
        assert_eq!(tag["direction"], "forward");
        let plays_once = match tag.get("repeat") {
            None => false,
            Some(Value::String(s)) => s.parse::<u32>().unwrap() == 1,
            Some(other) => panic!("repeat is a string, not {other}"),
        };
        let mut frames = Vec::new();
        for number in from..=to {
            let f = &json["frames"][number.to_string()];
            assert!(
                f.is_object(),
                "tag {} names frame {number}, which is missing",
                tag["name"]
            );
            let get = |v: &Value, k: &str| v[k].as_u64().unwrap() as usize;
            let (ax, ay, aw, ah) = (
                get(&f["frame"], "x"),
                get(&f["frame"], "y"),
                get(&f["frame"], "w"),
                get(&f["frame"], "h"),
            );
            let s = &f["spriteSourceSize"];
            let (sx, sy) = (get(s, "x"), get(s, "y"));
            assert_eq!(
                (get(s, "w"), get(s, "h")),
                (aw, ah),
                "an untrimmed-size rectangle"
            );
            let (width, height) = (get(&f["sourceSize"], "w"), get(&f["sourceSize"], "h"));
            assert_eq!(f["rotated"], false);
            let mut rgba = vec![0u8; width * height * 4];
            let mut stored = Vec::with_capacity(aw * ah * 4);
            for row in 0..ah {
                for col in 0..aw {
                    let from = ((ay + row) * atlas_width + ax + col) * 4;
                    let to = ((sy + row) * width + sx + col) * 4;
                    rgba[to..to + 4].copy_from_slice(&atlas[from..from + 4]);
                    stored.extend_from_slice(&atlas[from..from + 4]);
                }
            }
            frames.push(ReadFrame {
                width: width as u32,
                height: height as u32,
                rgba,
                duration_ms: f["duration"].as_u64().unwrap(),
                events: events.get(&number).cloned().unwrap_or_default(),
                stored: (aw, ah, stored),
            });
        }
        let name = tag["name"].as_str().unwrap().to_owned();
        assert!(
            out.insert(name.clone(), (frames, plays_once)).is_none(),
            "tag {name} twice"
        );
    }
    out
}

/// The user-data word the export gives an event, as the README says it: `hit` for the
/// PostGenericAttack event, `sound` for PlaySound.
fn readme_event_word(label: &str) -> &'static str {
    match label {
        "PostGenericAttack" => "hit",
        "PlaySound" => "sound",
        other => panic!("an event the README does not name: {other}"),
    }
}

/// How long a held frame lasts in these exports, in ticks (not the CLI's 60, so that the test
/// sees the value passed through).
const HOLD: u32 = 45;

/// A sequence's ticks as the export times them: a held frame (0) lasts [`HOLD`].
fn timed(ticks: &[u32]) -> Vec<u32> {
    ticks
        .iter()
        .map(|&t| if t == 0 { HOLD } else { t })
        .collect()
}

fn check_export(doc: &Document, sheet: &Image, what: &str) -> AsepriteExport {
    let renderer = Renderer::new(doc, sheet).unwrap();
    let exported = export(&renderer, "atlas.png", "test", HOLD).unwrap();
    // The text as written parses, and is the same JSON.
    let json: Value = serde_json::from_str(&exported.to_text()).unwrap();
    assert_eq!(json, exported.json());

    let meta = &json["meta"];
    assert_eq!(meta["app"], "https://www.aseprite.org/");
    assert!(meta["version"].is_string());
    assert_eq!(meta["image"], "atlas.png");
    assert_eq!(meta["format"], "RGBA8888");
    assert_eq!(meta["scale"], "1", "scale is a string");
    let frames = json["frames"].as_object().unwrap();
    assert_eq!(frames.len(), exported.frames);
    for (i, key) in frames.keys().enumerate() {
        assert_eq!(
            key,
            &i.to_string(),
            "frames keyed by their number, in order"
        );
    }
    let keys = [
        "frame",
        "rotated",
        "trimmed",
        "spriteSourceSize",
        "sourceSize",
        "duration",
    ];
    for (key, f) in frames {
        let got: Vec<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(got, keys);
        // Aseprite never writes 0, and engines stall or spin on it.
        assert!(
            f["duration"].as_u64().unwrap() > 0,
            "{what}: frame {key} has duration 0"
        );
    }
    let distinct: HashSet<String> = frames.values().map(|f| f["frame"].to_string()).collect();
    assert_eq!(distinct.len(), exported.stored);

    let atlas_png = png_rgba(&exported.atlas).unwrap();
    let read = read_back(&json, &atlas_png);
    assert_eq!(
        read.len(),
        doc.sequences.len() + 8 * doc.animations.len(),
        "{what}: a tag per sequence, then per animation and view"
    );
    check_view_tags(doc, &json, what);

    let renderer = Renderer::new(doc, sheet).unwrap();
    let tps = u64::from(doc.stage.ticks_per_second);
    let mut pictures = HashSet::new();
    let mut trimmed = HashSet::new();
    for (index, sequence) in doc.sequences.iter().enumerate() {
        let (got, plays_once) = read
            .get(&sequence.name)
            .unwrap_or_else(|| panic!("{what}: no tag {:?}", sequence.name));
        assert_eq!(
            *plays_once, !sequence.looping,
            "{what}: {} repeat",
            sequence.name
        );
        // Durations: the tag's total within 1 ms of its ticks (a held frame's being HOLD), and a
        // held frame is shown: a sequence that ends on a delay of 0 and does not wrap still has
        // its last frame, lasting HOLD ticks.
        let wraps = sequence.looping && sequence.ticks.iter().any(|&t| t > 0);
        let shown: u64 = sequence
            .ticks
            .iter()
            .enumerate()
            .filter(|&(i, &t)| t > 0 || (i + 1 == sequence.ticks.len() && !wraps))
            .map(|(_, &t)| u64::from(if t == 0 { HOLD } else { t }))
            .sum();
        let ticks = shown;
        let total: u64 = got.iter().map(|f| f.duration_ms).sum();
        let exact = ticks as f64 * 1000.0 / tps as f64;
        assert!(
            (total as f64 - exact).abs() <= 1.0,
            "{what}: {} is {total} ms for {ticks} ticks",
            sequence.name
        );
        // The same frames the renderer plays, picture for picture.
        let water = doc
            .animations
            .iter()
            .any(|a| a.water && (a.front.index() == index || a.back.index() == index));
        let played = renderer.sequence(index, water).unwrap();
        assert_eq!(got.len(), played.len(), "{what}: {}", sequence.name);
        let mut start_ms = 0;
        for (i, (g, p)) in got.iter().zip(&played).enumerate() {
            assert_eq!((g.width, g.height), (p.image.width(), p.image.height()));
            assert!(
                g.rgba == p.image.to_rgba_bytes(),
                "{what}: {} frame {i}",
                sequence.name
            );
            let exact = timed(&[p.ticks])[0] as f64 * 1000.0 / tps as f64;
            assert!(
                (g.duration_ms as f64 - exact).abs() < 1.0,
                "{what}: {} frame {i}",
                sequence.name
            );
            let words: Vec<&str> = p.events.iter().map(|e| readme_event_word(e)).collect();
            assert_eq!(
                g.events, words,
                "{what}: {} frame {i} events",
                sequence.name
            );
            // An event lands on the frame that shows at its tick, within a millisecond.
            for e in &sequence.events {
                if i == sprite_data::pose::frame_index_at(&sequence.ticks, u64::from(e.0))
                    .and_then(|k| played.iter().position(|f| f.index == Some(k)))
                    .unwrap()
                {
                    let at = f64::from(e.0) * 1000.0 / tps as f64;
                    assert!(
                        at + 1.0 >= start_ms as f64
                            && at <= (start_ms + g.duration_ms) as f64 + 1.0
                    );
                }
            }
            start_ms += g.duration_ms;
            pictures.insert(g.rgba.clone());
            trimmed.insert(g.stored.clone());
        }
    }
    // Identical frames are stored once: as many atlas rectangles as distinct trimmed pictures
    // (a frame drawn at two moves is one picture at two offsets), no more than distinct frames.
    assert_eq!(
        trimmed.len(),
        exported.stored,
        "{what}: identical frames stored once"
    );
    assert!(exported.stored <= pictures.len());
    exported
}

/// Every named animation has a tag per view 0..7, `"<name> view <V>"`, over the frames of the
/// sequence `poseAt` plays at that view (the same range as that sequence's own tag), repeating as
/// the animation does, with `"data": "flipX"` exactly on the views `poseAt` mirrors.
fn check_view_tags(doc: &Document, json: &Value, what: &str) {
    let tags = json["meta"]["frameTags"].as_array().unwrap();
    let by_name: BTreeMap<&str, &Value> = tags
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t))
        .collect();
    let mut flipped = 0;
    for animation in &doc.animations {
        for v in 0..8 {
            let view = sprite_data::pose::View::new(v).unwrap();
            let pose =
                sprite_data::pose::pose_at(doc, animation, view, 0, animation.water).unwrap();
            let sequence = &doc.sequences[pose.sequence.unwrap().index()];
            let name = format!("{} view {v}", animation.name);
            let tag = by_name
                .get(name.as_str())
                .unwrap_or_else(|| panic!("{what}: no tag {name:?}"));
            let own = by_name[sequence.name.as_str()];
            assert_eq!(
                (&tag["from"], &tag["to"]),
                (&own["from"], &own["to"]),
                "{what}: {name}"
            );
            assert_eq!(
                tag.get("repeat").is_some(),
                !animation.looping,
                "{what}: {name}"
            );
            assert_eq!(tag.get("data").is_some(), pose.mirrored, "{what}: {name}");
            if pose.mirrored {
                assert_eq!(tag["data"], "flipX");
                flipped += 1;
            }
        }
    }
    assert!(flipped > 0, "{what}: some views are drawn mirrored");
}

#[test]
fn demo_export_reads_back_into_its_sequences() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let renderer = Renderer::new(&doc, &sheet).unwrap();
    let exported = export(&renderer, "atlas.png", "test", HOLD).unwrap();
    let read = read_back(&exported.json(), &png_rgba(&exported.atlas).unwrap());
    let timing = |tag: &str| {
        let (frames, plays_once) = &read[tag];
        let durations: Vec<u64> = frames.iter().map(|f| f.duration_ms).collect();
        let events: Vec<Vec<String>> = frames.iter().map(|f| f.events.clone()).collect();
        (durations, events, *plays_once)
    };
    // Attack Fwd (the model's slot 14, test_support::demo): delays 4 8 2 12 4 end at ticks 4, 12,
    // 14, 26 and 30, that is 66.7, 200, 233.3, 433.3 and 500 ms, so 67, 133, 33, 200 and 67 ms
    // with the rounding carried; its PlaySound at tick 12 falls on the third frame, its
    // PostGenericAttack at 14 on the fourth. It plays once.
    let none = Vec::<String>::new;
    assert_eq!(
        timing("Attack Fwd"),
        (
            vec![67, 133, 33, 200, 67],
            vec![
                none(),
                none(),
                vec!["sound".into()],
                vec!["hit".into()],
                none()
            ],
            true
        )
    );
    // Face Down holds one frame (delay 0, no loop): HOLD, 45 ticks, is 750 ms.
    assert_eq!(timing("Face Down"), (vec![750], vec![none()], true));
    // Walk Fwd loops 8 + 8 ticks: 133 and 134 ms (133.3, then 266.7 in all).
    assert_eq!(
        timing("Walk Fwd"),
        (vec![133, 134], vec![none(), none()], false)
    );
    check_export(&doc, &sheet, "demo");
}

#[test]
fn type1_export_reads_back_into_its_sequences() {
    let doc = common::document("type1");
    let exported = check_export(&doc, &synthetic_sheet(&doc), "type1 on a made-up sheet");
    // 218 sequences, then 112 animations at 8 views (README's counts).
    assert_eq!(exported.tags, 218 + 112 * 8);
}

/// The same on the fan-made Crono sheet (an indexed PNG in the TYPE1 layout), which is where
/// the README's pictures come from.
#[test]
fn type1_export_on_a_fan_sheet_reads_back() {
    let Some(crono) =
        test_support::sheet_bytes("type1_export_on_a_fan_sheet_reads_back", "crono1.png")
    else {
        return;
    };
    let doc = common::document("type1");
    let sheet = load_sheet(&crono, None).unwrap();
    let exported = check_export(&doc, &sheet.image, "type1 on crono1.png");
    assert!(
        exported.stored < exported.frames / 4,
        "{} stored for {} frames",
        exported.stored,
        exported.frames
    );
    // Written to the scratch folder, as the CLI would, to look at by hand.
    let dir = common::scratch("aseprite");
    std::fs::write(dir.join("crono1.json"), exported.to_text()).unwrap();
}

/// No export has a frame of duration 0: every shipped document (the demo and every unit kind,
/// MON with a made-up SP2 for its SP2 sequences), on a made-up sheet.
#[test]
fn no_export_has_a_zero_duration() {
    for name in [
        "demo", "type1", "type2", "cyoko", "mon", "ruka", "other", "arute", "kanzen",
    ] {
        let doc = common::document(name);
        let sheet = synthetic_sheet(&doc);
        let sp2 = sheet.crop(0, 256, 256, 256);
        let mut renderer = Renderer::new(&doc, &sheet).unwrap();
        if doc.sp2.is_some() {
            renderer = renderer.with_sp2(&sp2).unwrap();
        }
        let exported = export(&renderer, "atlas.png", "test", HOLD).unwrap();
        let json = exported.json();
        let zero: Vec<&String> = json["frames"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, f)| f["duration"].as_u64().is_none_or(|d| d == 0))
            .map(|(k, _)| k)
            .collect();
        assert!(
            zero.is_empty(),
            "{name}: frames {zero:?} have no positive duration"
        );
    }
}
