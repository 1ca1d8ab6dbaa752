//! Whose fault an error is ([`sprite_data::Fault`]): what is asked of TYPE1's document that it
//! cannot answer is the request's; a document, profile or file that is broken is the data's,
//! however it is asked.

use serde_json::{Value, json};
use sprite_data::compare::PathPattern;
use sprite_data::load::parse_document;
use sprite_data::pose::{Motion, View, find_animation, pose_at};
use sprite_data::{Error, Fault, Profile};
use sprite_inputs::documents::load_document;
use test_support::fixtures;

fn type1_text() -> Vec<u8> {
    fixtures::document_text("type1").into_bytes()
}

/// The fault of what `parse_document` says of TYPE1's text after `edit`.
fn fault_of_edited(edit: impl FnOnce(&mut Value)) -> (Fault, String) {
    let mut value: Value = serde_json::from_slice(&type1_text()).unwrap();
    edit(&mut value);
    let error = parse_document(&serde_json::to_vec(&value).unwrap(), "type1.json").unwrap_err();
    (error.fault(), error.to_string())
}

#[test]
fn what_the_document_does_not_have_is_the_requests_fault() {
    let doc = fixtures::load_document("type1");
    let unknown = Motion::find(&doc, "Swing Hihg").unwrap_err();
    assert_eq!(unknown.fault(), Fault::NoSuch, "{unknown}");
    assert_eq!(
        find_animation(&doc, "Idle").unwrap_err().fault(),
        Fault::NoSuch,
        "find_animation has no idle branch"
    );
    let view = Error::from(View::new(8).unwrap_err());
    assert_eq!(view.fault(), Fault::Input, "{view}");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let tick = pose_at(&doc, swing, View::new(1).unwrap(), -1, false).unwrap_err();
    assert_eq!(tick.fault(), Fault::Input, "{tick}");
    let pattern = PathPattern::parse("sequences[102").unwrap_err();
    assert_eq!(pattern.fault(), Fault::Input, "{pattern}");
}

#[test]
fn a_document_that_is_broken_is_the_datas_fault() {
    // Not there, cut short, another format, a cell out of range, a field of the wrong shape.
    let missing = load_document(std::path::Path::new("/nonexistent/type1.json")).unwrap_err();
    assert_eq!(missing.fault(), Fault::File, "{missing}");
    let text = type1_text();
    let cut = parse_document(&text[..text.len() / 2], "type1.json").unwrap_err();
    assert_eq!(cut.fault(), Fault::File, "{cut}");
    let layer = std::fs::read(test_support::fixtures::layer("wep1")).unwrap();
    let other = parse_document(&layer, "wep1.json").unwrap_err();
    assert_eq!(other.fault(), Fault::File, "{other}");
    // TYPE1 has cells 0..196 (docs/derivation.md "cells": 197 cells).
    let (fault, message) = fault_of_edited(|doc| doc["frames"][5][0][0] = json!(197));
    assert_eq!(fault, Fault::File, "{message}");
    let (fault, message) = fault_of_edited(|doc| doc["cells"] = json!("none"));
    assert_eq!(fault, Fault::File, "{message}");
}

#[test]
fn a_good_request_of_a_document_broken_in_memory_is_the_datas_fault() {
    // The loader refuses these; a document built or edited in memory is not checked by it, and
    // a right request of it must not be blamed.
    let mut doc = fixtures::load_document("type1");
    let swing = find_animation(&doc, "Swing High").unwrap().clone();
    // Swing High shows frame 88 at tick 18 in view 1.
    doc.frames.truncate(88);
    let missing = pose_at(&doc, &swing, View::new(1).unwrap(), 18, false).unwrap_err();
    assert_eq!(missing.fault(), Fault::File, "{missing}");
    let mut doc = fixtures::load_document("type1");
    doc.sequences[swing.front.index()].ticks.pop();
    let short = pose_at(&doc, &swing, View::new(1).unwrap(), 0, false).unwrap_err();
    assert_eq!(short.fault(), Fault::File, "{short}");
    let mut doc = fixtures::load_document("type1");
    doc.idle_frames.truncate(2);
    let idle = Motion::Idle
        .pose(&doc, View::new(5).unwrap(), 0, false)
        .unwrap_err();
    assert_eq!(idle.fault(), Fault::File, "{idle}");
}

#[test]
fn a_broken_profile_is_the_datas_fault() {
    let syntax = Profile::parse("kind = \"TYPE1\"\nshp = ", "broken.toml").unwrap_err();
    assert_eq!(syntax.fault(), Fault::File, "{syntax}");
    let unknown_key = Profile::parse("colour = 3\n", "broken.toml").unwrap_err();
    assert_eq!(unknown_key.fault(), Fault::File, "{unknown_key}");
}
