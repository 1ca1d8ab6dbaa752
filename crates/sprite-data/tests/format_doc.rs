//! `docs/format.md` against the code: the worked examples a porter copies from it must be what
//! `poseAt` gives. Their expected values are the page's hand calculations (tile by tile from the
//! committed documents' `frames` and `cells`), so a change to either side fails here.

use std::path::PathBuf;

use sprite_data::document::Document;
use sprite_data::pose::{Motion, View, find_animation, pose_at};
use sprite_data::{FrameIndex, SequenceIndex};

fn repo_file(path: &str) -> PathBuf {
    test_support::repo_root().join(path)
}

fn read(path: &str) -> String {
    let path = repo_file(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn document(name: &str) -> Document {
    let text = read(&format!("fixtures/documents/{name}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `(shp, index, moveX, moveY, [(cell, x, y, flipX)])` of a pose.
type Summary = (u32, Option<usize>, i64, i64, Vec<(u32, f64, f64, bool)>);

fn draw(doc: &Document, name: &str, view: i64, tick: i64, water: bool) -> Summary {
    let motion = Motion::find(doc, name).unwrap();
    let pose = motion
        .pose(doc, View::new(view).unwrap(), tick, water)
        .unwrap();
    let tiles = pose
        .tiles
        .iter()
        .map(|t| (t.cell.0, t.x, t.y, t.flip_x))
        .collect();
    (pose.shp.0, pose.index, pose.move_x, pose.move_y, tiles)
}

#[test]
fn the_printed_swing_high_pose_is_what_draw_prints() {
    let page = read("docs/format.md");
    let marker = "`tactics-sprite draw` prints exactly that:\n\n```json\n";
    let start = page.find(marker).expect("the worked example's JSON block") + marker.len();
    let printed = &page[start..start + page[start..].find("\n```").unwrap()];

    let doc = document("type1.json");
    let swing = find_animation(&doc, "Swing High").unwrap();
    let pose = pose_at(&doc, swing, View::new(1).unwrap(), 18, false).unwrap();
    assert_eq!(printed, serde_json::to_string(&pose).unwrap());
}

#[test]
fn the_worked_examples_hold() {
    let type1 = document("type1.json");
    let (shp, index, move_x, move_y, tiles) = draw(&type1, "Swing High", 1, 18, false);
    assert_eq!((shp, index, move_x, move_y), (88, Some(5), -2, 0));
    let xy: Vec<(f64, f64)> = tiles.iter().map(|t| (t.1, t.2)).collect();
    assert_eq!(
        xy,
        [
            (-19.0, -11.0),
            (-16.0, -12.0),
            (-10.0, -17.0),
            (-10.0, -7.0)
        ]
    );
    // Between ticks.
    assert_eq!(draw(&type1, "Swing High", 1, 17, false).0, 87);
    assert_eq!(draw(&type1, "Swing High", 1, 31, false).1, Some(5));
    assert_eq!(draw(&type1, "Swing High", 1, 32, false).1, Some(6));

    // View 0: the same frame mirrored.
    let (shp, _, move_x, _, tiles) = draw(&type1, "Swing High", 0, 18, false);
    assert_eq!((shp, move_x), (88, 2));
    assert_eq!(
        tiles.iter().map(|t| t.1).collect::<Vec<_>>(),
        [-5.0, -16.0, -14.0, -14.0]
    );
    assert!(tiles.iter().all(|t| t.3));

    // View 5: the back sequence, mirrored.
    let (shp, index, move_x, _, tiles) = draw(&type1, "Swing High", 5, 18, false);
    assert_eq!((shp, index, move_x), (137, Some(5), 2));
    let xy: Vec<(f64, f64)> = tiles.iter().map(|t| (t.1, t.2)).collect();
    assert_eq!(
        xy,
        [(-5.0, -13.0), (-15.0, -12.0), (-9.0, -19.0), (-6.0, -11.0)]
    );

    // Water, a held end, a wrapped loop, idle.
    let (shp, _, _, _, tiles) = draw(&type1, "Swing High", 1, 18, true);
    assert_eq!(shp, 270);
    assert_eq!(
        tiles.iter().map(|t| t.0).collect::<Vec<_>>(),
        [74, 180, 179, 71, 75]
    );
    let (shp, index, move_x, _, _) = draw(&type1, "Swing High", 1, 1000, false);
    assert_eq!((shp, index, move_x), (88, Some(7), 0));
    let (shp, index, ..) = draw(&type1, "Walk", 1, 100, false);
    assert_eq!((shp, index), (11, Some(4)));
    let (shp, index, _, _, tiles) = draw(&type1, "Idle", 7, 0, false);
    assert_eq!((shp, index), (4, None));
    assert_eq!(tiles, [(2, -15.0, -20.0, true)]);
}

#[test]
fn the_extension_examples_hold() {
    let cyoko = document("cyoko.json");
    let motion = Motion::find(&cyoko, "Level Up Dance").unwrap();
    let pose = motion
        .pose(&cyoko, View::new(3).unwrap(), 12, false)
        .unwrap();
    assert_eq!(
        (pose.sequence, pose.index, pose.shp),
        (Some(SequenceIndex(39)), Some(2), FrameIndex(54))
    );
    assert_eq!(pose.move_y, -2);
    let last = pose.tiles.last().unwrap();
    assert!(last.flip_y);
    assert_eq!((last.cell.0, last.x, last.y), (71, -9.0, -22.0));

    let mon = document("mon.json");
    let motion = Motion::find(&mon, "Bomb Explode").unwrap();
    let pose = motion.pose(&mon, View::new(1).unwrap(), 0, false).unwrap();
    assert_eq!(
        (pose.sequence, pose.shp),
        (Some(SequenceIndex(157)), FrameIndex(57))
    );
    assert_eq!(pose.tiles.len(), 1);
    assert_eq!((pose.tiles[0].cell.0, pose.tiles[0].sheet), (25, 1));
    assert_eq!(mon.sp2.as_ref().unwrap().file, "BEHI2.SP2");

    let other = document("other.json");
    let (shp, _, _, _, tiles) = draw(&other, "Idle", 5, 0, false);
    assert_eq!(shp, 6);
    assert_eq!(tiles, [(6, -8.0, -12.0, true)]);
}
