//! What both document targets check: a document either is refused with one line, or loads and is
//! then safe for everything a command does with it (`poseAt` at every view and many ticks, the
//! events between two ticks, a render into memory), all within a stated memory bound measured by
//! a counting allocator (`test_support::alloc`, as the hostile-input tests use).

use std::sync::OnceLock;

use fft_formats::layer::WeaponType;
use sprite_data::layer::LayerDocument;
use sprite_data::limits::{MAX_ANIMATION_PIXELS, MAX_CANVAS_SIDE};
use sprite_data::pose::layers::{Layers, pose_with_layers};
use sprite_data::pose::{IDLE, Motion, View, events_between, total_ticks};
use sprite_data::{Document, FrameIndex};
use sprite_render::layers::{LayerArt, LayeredRenderer};
use sprite_render::{Image, RenderError, Renderer};

/// The counting allocator the targets install, and how they read it (shared with the tests).
pub use test_support::alloc::{Counting, peak_memory};

/// The shipped documents (our own builder's output, committed under `fixtures/documents/`).
#[allow(dead_code)] // used by mutate_document only
pub const SHIPPED: [&str; 9] = [
    include_str!("../../fixtures/documents/demo.json"),
    include_str!("../../fixtures/documents/other.json"),
    include_str!("../../fixtures/documents/arute.json"),
    include_str!("../../fixtures/documents/kanzen.json"),
    include_str!("../../fixtures/documents/ruka.json"),
    include_str!("../../fixtures/documents/cyoko.json"),
    include_str!("../../fixtures/documents/mon.json"),
    include_str!("../../fixtures/documents/type1.json"),
    include_str!("../../fixtures/documents/type2.json"),
];

/// The shipped weapon and effect layer documents (WEP1, EFF1), through their loader: a unit
/// document's cues start their slots.
fn layer_documents() -> &'static (LayerDocument, LayerDocument) {
    static LAYERS: OnceLock<(LayerDocument, LayerDocument)> = OnceLock::new();
    LAYERS.get_or_init(|| {
        let load = |text: &str, name: &str| {
            sprite_data::parse_layer_document(text.as_bytes(), name).expect("a shipped layer")
        };
        (
            load(include_str!("../../fixtures/layers/wep1.json"), "wep1.json"),
            load(include_str!("../../fixtures/layers/eff1.json"), "eff1.json"),
        )
    })
}

/// Loads `bytes` as every command does and, when it loads, uses it as every command does.
pub fn check_bytes(bytes: &[u8]) {
    let (loaded, peak) = peak_memory(|| sprite_data::parse_document(bytes, "fuzz.json"));
    assert!(
        peak <= 16 * bytes.len() + (1 << 20),
        "loading held {peak} bytes for {} bytes",
        bytes.len()
    );
    match loaded {
        Err(error) => {
            let line = error.to_string();
            assert!(!line.contains('\n'), "a load error is one line: {line}");
        }
        Ok(doc) => {
            // The loader writes the schema's rules in code: what it accepts, the schema accepts
            // (the overlays, which no command reads, are checked in outline only).
            if doc.hands.is_none() && doc.holds.is_none() {
                let value: serde_json::Value =
                    serde_json::from_slice(bytes).expect("a loaded document is JSON");
                if let Some(error) = test_support::schema::unit().iter_errors(&value).next() {
                    panic!(
                        "the loader accepts what the schema refuses: {}: {error}",
                        error.instance_path()
                    );
                }
            }
            check_document(&doc);
        }
    }
}

/// A document that loads poses, plays its events and renders without error (a drawing limit is
/// the only refusal allowed) and in bounded memory.
pub fn check_document(doc: &Document) {
    let mut names: Vec<&str> = vec![IDLE];
    names.extend(doc.animations.iter().take(3).map(|a| a.name.as_str()));
    for name in &names {
        let motion = Motion::find(doc, name).expect("the document's own animation");
        for view in 0..8 {
            let view = View::new(view).expect("a view");
            let total = match motion {
                Motion::Animation(a) => total_ticks(&doc.sequences[a.front.index()]) as i64,
                Motion::Idle => 0,
            };
            for tick in [
                0,
                1,
                18,
                total - 1,
                total,
                total + 1,
                i64::from(u32::MAX),
                i64::MAX,
            ] {
                for water in [false, true] {
                    if let Err(error) = motion.pose(doc, view, tick.max(0), water) {
                        panic!("a loaded document does not pose: {name} {view} {tick}: {error}");
                    }
                }
            }
        }
    }
    for sequence in doc.sequences.iter().take(16) {
        for (from, to) in [
            (0, 0),
            (0, 1),
            (5, 400),
            (0, i64::MAX),
            (i64::MAX - 1, i64::MAX),
        ] {
            if let Err(error) = events_between(sequence, from, to) {
                panic!(
                    "a loaded document's events do not play: {}: {error}",
                    sequence.seq
                );
            }
        }
    }

    let sheet = Image::new(doc.sheet.width, doc.sheet.height);
    let (_, peak) = peak_memory(|| {
        let renderer = Renderer::new(doc, &sheet).expect("a loaded document fits its own sheet");
        let canvas = renderer.canvas();
        assert!(canvas.width <= MAX_CANVAS_SIDE && canvas.height <= MAX_CANVAS_SIDE);
        renderer.draw_frame(FrameIndex(0)).expect("frame 0 exists");
        for name in names.iter().take(2) {
            let motion = Motion::find(doc, name).expect("found above");
            for (view, water) in [(6, true)] {
                match renderer.animation(motion, View::new(view).expect("a view"), water) {
                    Ok(_) | Err(RenderError::Limit(_)) => {}
                    Err(error) => panic!("a loaded document does not render: {name}: {error}"),
                }
            }
        }
    });
    let bound = 4 * MAX_ANIMATION_PIXELS as usize + 64 * 4 * (MAX_CANVAS_SIDE as usize).pow(2);
    assert!(peak <= bound, "rendering held {peak} bytes, over {bound}");
    check_layers(doc, bound);
}

/// With a sword in hand (the shipped WEP1 and EFF1): every animation posed with its layers, and
/// the first drawn by the layered renderer, within the same bound (a drawing limit is the only
/// refusal allowed).
fn check_layers(doc: &Document, bound: usize) {
    let (weapon, effect) = layer_documents();
    let layers = Layers {
        weapon_type: WeaponType::Sword,
        weapon: Some(weapon),
        effect: Some(effect),
    };
    for animation in doc.animations.iter().take(3) {
        let total = total_ticks(&doc.sequences[animation.front.index()]) as i64;
        for view in 0..8 {
            let view = View::new(view).expect("a view");
            for tick in [0, 16, 18, total, i64::from(u32::MAX), i64::MAX] {
                if let Err(error) = pose_with_layers(doc, animation, view, tick, false, &layers) {
                    panic!("a loaded document does not pose with layers: {error}");
                }
            }
        }
    }
    let Some(animation) = doc.animations.first() else {
        return;
    };
    let (sheet, block) = (
        Image::new(doc.sheet.width, doc.sheet.height),
        Image::new(256, 256),
    );
    let view = View::new(1).expect("a view");
    let (_, peak) = peak_memory(|| {
        let drawn = LayeredRenderer::new(
            doc,
            &sheet,
            layers,
            Some(LayerArt {
                doc: weapon,
                sheet: &block,
            }),
            Some(LayerArt {
                doc: effect,
                sheet: &block,
            }),
            &[animation],
            &[view],
        )
        .and_then(|renderer| renderer.animation(animation, view, false));
        match drawn {
            Ok(_) | Err(RenderError::Limit(_)) => {}
            Err(error) => panic!("a loaded document does not render with layers: {error}"),
        }
    });
    assert!(
        peak <= bound,
        "rendering with layers held {peak} bytes, over {bound}"
    );
}
