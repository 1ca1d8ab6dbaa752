//! The render request: each rule it is checked by, in the order the command line reports them
//! (the rules of the request alone, then the document's: animations, then the frame), what it
//! finds in the document, and the failures a checked request draws to.

mod common;

use fft_formats::layer::WeaponType;
use sprite_data::pose::View;
use sprite_render::sheet::{SheetScale, synthetic_sheet};
use sprite_render::{
    Background, Cancel, CheckedRequest, Format, RenderError, RenderFailure, RenderRequest,
    RequestFault, Subject, TileSources,
};

fn animations(names: &[&str], format: Format) -> RenderRequest {
    RenderRequest::new(
        Subject::Animations(names.iter().map(|&n| n.to_owned()).collect()),
        format,
    )
}

/// `request` held to the rules that need no document, which it keeps.
fn checked(request: RenderRequest) -> CheckedRequest {
    request.check().expect("the request keeps the rules")
}

/// Views by number.
fn views(numbers: &[usize]) -> Vec<View> {
    numbers.iter().map(|&n| View::ALL[n]).collect()
}

#[test]
fn the_request_alone_is_checked_first_in_order() {
    let doc = common::document("demo");
    let all_in_a_gif = RenderRequest {
        views: views(&[1, 2]),
        ..RenderRequest::new(Subject::AllFrames, Format::Gif)
    };
    // Both a contact sheet and two views in a .gif: the contact sheet is said.
    assert!(matches!(
        all_in_a_gif.check(),
        Err(RequestFault::ContactSheetNotPng)
    ));
    let two = animations(&["Walk", "Nope"], Format::Apng);
    // The request's own faults come before the document's (an unknown animation): only a
    // checked request is checked against a document.
    assert!(matches!(two.check(), Err(RequestFault::OneAnimation)));
    let two_views = RenderRequest {
        views: views(&[1, 5]),
        ..animations(&["Walk"], Format::Gif)
    };
    assert!(matches!(two_views.check(), Err(RequestFault::OneView)));
    let weapon = RenderRequest {
        weapon: Some(WeaponType::Sword),
        ..RenderRequest::new(Subject::Frame(0), Format::Png)
    };
    assert!(matches!(
        weapon.check(),
        Err(RequestFault::WeaponWithoutAnimation)
    ));
    // The same in a .png is a strip: every rule holds.
    let strip = RenderRequest {
        views: views(&[1, 5]),
        ..animations(&["Walk", "Idle"], Format::Png)
    };
    let strip = strip.check().expect("a strip keeps every rule");
    assert_eq!(strip.against(&doc).expect("a strip").views().len(), 2);
}

#[test]
fn the_document_is_asked_animations_then_the_frame() {
    let doc = common::document("demo");
    let Err(RequestFault::UnknownAnimation { name, error }) =
        checked(animations(&["Walk", "Wlak"], Format::Png)).against(&doc)
    else {
        panic!("Wlak is no animation of the demo");
    };
    assert_eq!(name, "Wlak");
    assert!(
        error.to_string().contains("\"Walk\""),
        "the nearest is named: {error}"
    );
    let idle = RenderRequest {
        weapon: Some(WeaponType::Sword),
        ..animations(&["idle"], Format::Gif)
    };
    assert!(matches!(
        checked(idle).against(&doc),
        Err(RequestFault::WeaponOnIdle)
    ));
    let count = doc.frames.len();
    let Err(fault) = checked(RenderRequest::new(Subject::Frame(count), Format::Png)).against(&doc)
    else {
        panic!("frame {count} is one past the last");
    };
    assert_eq!(
        fault.to_string(),
        format!(
            "frame {count} is not in the document, which has frames 0..{}",
            count - 1
        )
    );
    assert!(
        checked(RenderRequest::new(Subject::Frame(count - 1), Format::Png))
            .against(&doc)
            .is_ok()
    );
}

#[test]
fn a_checked_request_knows_the_most_frames_a_row_holds() {
    let doc = common::document("demo");
    let walk = doc.animation("Walk").expect("the demo walks");
    let longest = [walk.front, walk.back]
        .iter()
        .map(|s| doc.sequences[s.index()].frames.len())
        .max()
        .expect("two sequences");
    let walks = checked(animations(&["Idle", "walk"], Format::Png));
    assert_eq!(
        walks.against(&doc).expect("checked").most_frames_a_row(),
        longest
    );
    let all = checked(RenderRequest::new(Subject::AllFrames, Format::Png));
    assert_eq!(
        all.against(&doc).expect("checked").most_frames_a_row(),
        doc.frames.len()
    );
}

#[test]
fn a_checked_request_draws_its_file_or_says_what_it_lacks() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let art = TileSources {
        sheet: &sheet,
        sp2: None,
        weapon: None,
        sheet_scale: SheetScale::Sd,
    };
    // A frame in an animated file is a file of one frame.
    let frame = checked(RenderRequest::new(Subject::Frame(3), Format::Gif));
    let rendered = frame
        .against(&doc)
        .expect("checked")
        .render(&art)
        .expect("drawn");
    assert!(rendered.bytes.starts_with(b"GIF89a"));
    assert!(
        rendered.summary.contains(", 1 frames, plays 1, "),
        "{}",
        rendered.summary
    );
    assert_eq!(
        rendered.report[1],
        format!("frame   3 ({} tiles)", doc.frames[3].len())
    );
    // A weapon with no layers to draw it from is a missing input, not a picture without it.
    let sword = checked(RenderRequest {
        weapon: Some(WeaponType::Sword),
        ..animations(&["Walk"], Format::Gif)
    });
    let Err(RenderFailure::Missing(error)) = sword.against(&doc).expect("checked").render(&art)
    else {
        panic!("a weapon needs its art");
    };
    assert!(matches!(*error, RenderError::WeaponArtNeeded));
    // A sheet too small for the document's cells.
    let small = sprite_render::Image::new(8, 8);
    let Err(failure) = checked(RenderRequest::new(Subject::Frame(0), Format::Png))
        .against(&doc)
        .expect("checked")
        .render(&TileSources::of(
            &sprite_render::sheet::SheetImage {
                image: small,
                source: sprite_render::sheet::SheetSource::Png { indexed: false },
                scale: SheetScale::Sd,
            },
            None,
        ))
    else {
        panic!("an 8 x 8 sheet holds none of the demo's cells");
    };
    assert!(
        matches!(failure, RenderFailure::SheetMismatch { sp2: false, .. }),
        "{failure}"
    );
    assert!(
        failure
            .to_string()
            .starts_with("the sheet does not fit the document: cell ")
    );
}

#[test]
fn a_render_nobody_waits_for_stops_and_one_still_wanted_is_the_same_file() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let art = TileSources {
        sheet: &sheet,
        sp2: None,
        weapon: None,
        sheet_scale: SheetScale::Sd,
    };
    let requests = [
        RenderRequest {
            scale: 3,
            columns: 5,
            ..RenderRequest::new(Subject::AllFrames, Format::Png)
        },
        RenderRequest {
            labels: true,
            views: views(&[1, 5]),
            ..animations(&["Walk"], Format::Png)
        },
        animations(&["Walk"], Format::Gif),
        RenderRequest {
            scale: 2,
            ..animations(&["Walk"], Format::Apng)
        },
    ];
    for request in requests {
        let request = checked(request);
        let checked = request.against(&doc).expect("checked");
        let file = checked.render(&art).expect("drawn").bytes;
        let (cancel, guard) = Cancel::on_drop();
        let wanted = checked.clone().cancelled_by(cancel.clone());
        assert!(
            wanted.render(&art).expect("still wanted").bytes == file,
            "{request:?}: a render still wanted is the file"
        );
        let never = checked.clone().cancelled_by(Cancel::never());
        assert!(never.render(&art).expect("never cancelled").bytes == file);
        drop(guard);
        assert!(
            matches!(wanted.render(&art), Err(RenderFailure::Cancelled)),
            "{request:?}: a render nobody waits for is stopped"
        );
        assert!(matches!(wanted.canvas(&art), Err(RenderFailure::Cancelled)));
    }
}

#[test]
fn a_still_picture_scaled_as_it_is_encoded_is_the_picture_scaled() {
    let doc = common::document("demo");
    let sheet = synthetic_sheet(&doc);
    let art = TileSources {
        sheet: &sheet,
        sp2: None,
        weapon: None,
        sheet_scale: SheetScale::Sd,
    };
    let background = Background::Colour([16, 32, 48, 255]);
    let request = checked(RenderRequest {
        scale: 3,
        columns: 4,
        background,
        ..RenderRequest::new(Subject::AllFrames, Format::Png)
    });
    let file = request
        .against(&doc)
        .expect("checked")
        .render(&art)
        .expect("drawn")
        .bytes;
    // The contact sheet drawn at scale 1, then put on its background and scaled the plain way,
    // a picture at a time.
    let renderer = sprite_render::Renderer::new(&doc, &sheet).expect("a renderer");
    let drawn = sprite_render::layout::contact_sheet(&renderer, 4).expect("a contact sheet");
    let expected = background.apply(&drawn).scaled(3);
    let mut reader = png::Decoder::new(std::io::Cursor::new(&file))
        .read_info()
        .expect("a PNG");
    let mut rgba = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut rgba).expect("its pixels");
    assert_eq!(
        (info.width, info.height, info.color_type),
        (drawn.width() * 3, drawn.height() * 3, png::ColorType::Rgba)
    );
    assert!(rgba == expected.as_rgba_bytes(), "the pixels differ");
}
