//! One draw request resolved against TYPE1's document ([`DrawRequest::resolve`]): its refusals in
//! the order they are checked, each the request's fault; the pose it draws; the layers a sword
//! adds, from the shipped WEP1 and EFF1 layer documents.

use fft_formats::layer::WeaponType;
use sprite_data::layer::LayerDocument;
use sprite_data::pose::layers::{Layers, pose_with_layers};
use sprite_data::pose::{DrawRequest, Drawn, IDLE, Motion, View, find_animation, pose_at};
use sprite_data::{ErrorKind, FrameIndex};

fn layer(name: &str) -> LayerDocument {
    sprite_inputs::documents::load_layer_document(&test_support::fixtures::layer(name)).unwrap()
}

fn swing_high(view: i64, tick: Option<i64>) -> DrawRequest {
    DrawRequest {
        animation: "Swing High".into(),
        view,
        tick,
        water: false,
        weapon: None,
    }
}

#[test]
fn swing_high_at_view_1_tick_18_draws_frame_88() {
    let doc = test_support::fixtures::load_document("type1");
    // The format description's own example: Swing High Fwd's delays 4 2 8 2 2 end at 18, so
    // tick 18 shows its frame 5, SHP frame 88, in view 1 (pattern 1, front, not mirrored).
    let resolved = swing_high(1, Some(18)).resolve(&doc).unwrap();
    assert_eq!(resolved.motion().name(), "Swing High");
    let pose = resolved.pose();
    assert_eq!(
        (pose.index, pose.shp, pose.back, pose.mirrored),
        (Some(5), FrameIndex(88), false, false)
    );
    let swing = find_animation(&doc, "Swing High").unwrap();
    let direct = pose_at(&doc, swing, View::new(1).unwrap(), 18, false).unwrap();
    assert_eq!(pose, &direct);
    // Without a weapon it draws the pose, and its line is the pose's JSON.
    let drawn = resolved.draw(None, None).unwrap();
    assert_eq!(drawn, Drawn::Pose(direct.clone()));
    assert_eq!(
        drawn.to_json_line(),
        serde_json::to_string(&direct).unwrap()
    );
}

#[test]
fn refusals_come_in_order_and_are_the_requests() {
    let doc = test_support::fixtures::load_document("type1");
    let kind = |request: DrawRequest| {
        let error = request.resolve(&doc).unwrap_err();
        assert!(error.fault().is_the_requests(), "{error}");
        error.into_kind()
    };
    // Every part wrong: the name is checked first, and the idle branch is among its suggestions.
    let all_wrong = DrawRequest {
        animation: "Idel".into(),
        ..swing_high(9, Some(-1))
    };
    match kind(all_wrong) {
        ErrorKind::UnknownAnimation {
            nearest,
            animations,
            idle,
            ..
        } => {
            // TYPE1's 112 animations (6 single slots and 106 pairs), and Idle apart.
            assert_eq!((nearest[0].as_str(), animations, idle), (IDLE, 112, true));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind(swing_high(9, None)),
        ErrorKind::ViewOutOfRange { view: 9 }
    ));
    match kind(swing_high(1, None)) {
        ErrorKind::TickNeeded { animation } => assert_eq!(animation, "Swing High"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        kind(swing_high(1, Some(-1))),
        ErrorKind::NegativeTick { tick: -1 }
    ));
}

#[test]
fn the_idle_frame_needs_no_tick_and_starts_no_layer() {
    let doc = test_support::fixtures::load_document("type1");
    let request = DrawRequest {
        animation: "idle".into(),
        view: 1,
        tick: None,
        water: false,
        weapon: Some(WeaponType::Sword),
    };
    let resolved = request.resolve(&doc).unwrap();
    assert_eq!(resolved.motion(), Motion::Idle);
    assert_eq!(resolved.weapon(), None);
    // The idle branch draws idleFrames[view].
    assert_eq!(resolved.pose().shp, doc.idle_frames[1]);
    assert!(matches!(resolved.draw(None, None).unwrap(), Drawn::Pose(_)));
}

/// By hand from WEP1 slot 0 (`8 4, 6 2, 7 8, 8 2, QueueSpriteAnim 2 0, 14 2, ...`): at tick 16
/// the sword shows relative frame 14, SHP frame 40 + 14 = 54, and the swoosh starts, EFF1 frame
/// 18 + 0; TYPE1's Swing High sets priority 17 (text, effect, unit, weapon) at tick 0.
#[test]
fn a_sword_adds_the_layers_the_swing_starts() {
    let doc = test_support::fixtures::load_document("type1");
    let (wep1, eff1) = (layer("wep1"), layer("eff1"));
    let request = DrawRequest {
        weapon: Some(WeaponType::Sword),
        ..swing_high(1, Some(16))
    };
    let resolved = request.resolve(&doc).unwrap();
    assert_eq!(resolved.weapon(), Some(WeaponType::Sword));
    let Drawn::Layered(layered) = resolved.draw(Some(&wep1), Some(&eff1)).unwrap() else {
        panic!("a sword in an attack draws its layers");
    };
    assert_eq!(layered.layer_order, ["text", "effect", "unit", "weapon"]);
    let shp: Vec<(&str, u32)> = layered
        .layers
        .iter()
        .map(|l| (l.layer.as_str(), l.shp.0))
        .collect();
    assert_eq!(shp, [("weapon", 54), ("effect", 18)]);
    // The same as poseAt with the layers, called directly, and its line the same JSON.
    let swing = find_animation(&doc, "Swing High").unwrap();
    let layers = Layers {
        weapon_type: WeaponType::Sword,
        weapon: Some(&wep1),
        effect: Some(&eff1),
    };
    let direct = pose_with_layers(&doc, swing, View::new(1).unwrap(), 16, false, &layers).unwrap();
    assert_eq!(layered, direct);
    assert_eq!(
        Drawn::Layered(layered).to_json_line(),
        serde_json::to_string(&direct).unwrap()
    );
}
