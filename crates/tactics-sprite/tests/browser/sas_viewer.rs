//! The viewer's SAS section (`sas.js`) in a real browser: `serve --sas` with the synthetic set and
//! its sheet, the page opened in headless Chromium, a mirrored direction stepped to a tick, and
//! the section's canvas compared pixel for pixel with the strip `tactics-sprite render` draws of
//! the same animation and direction (its picture of the pose shown at that tick). Without
//! Chromium it prints SKIPPED, unless `FFT_REQUIRE_ORIGINALS=1` or `FFT_REQUIRE_BROWSER=1`.

use std::process::Command;

use crate::serve_support::Server;
use test_support::browser::{Browser, chromium_or_skip, decode_base64};

/// A PNG's pixels as RGBA, every fully clear pixel the same clear, and its size.
fn rgba(png_bytes: &[u8]) -> (u32, u32, Vec<[u8; 4]>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgba, "an RGBA picture");
    let pixels = buffer[..info.buffer_size()]
        .chunks(4)
        .map(|p| {
            if p[3] == 0 {
                [0; 4]
            } else {
                [p[0], p[1], p[2], p[3]]
            }
        })
        .collect();
    (info.width, info.height, pixels)
}

#[test]
fn the_viewer_draws_a_sas_pose_as_render_does() {
    let test = "the_viewer_draws_a_sas_pose_as_render_does";
    let Some(chromium) = chromium_or_skip(test) else {
        return;
    };
    let fixtures = test_support::repo_root().join("fixtures/sas");
    let (set, sheet) = (
        fixtures.join("synthetic.sas3"),
        fixtures.join("synthetic-sheet.png"),
    );
    let path = |p: &std::path::Path| p.to_str().expect("UTF-8").to_owned();
    let server = Server::start(&["--sas", &path(&set), "--sas-sheet", &path(&sheet)], &[]);
    let mut browser = Browser::launch(&chromium);
    browser.open(
        &format!("http://{}/", server.addr),
        "document.getElementById('sas')?.dataset.ready === '1'",
    );
    // Animation 0 in direction 1 (block A mirrored), paused, stepped to tick 8: its second pose.
    let facts = browser.evaluate(
        "(() => {
            const pick = (id, value) => {
                const element = document.getElementById(id);
                element.value = value;
                element.dispatchEvent(new Event('change'));
            };
            pick('sas-animation', '0');
            pick('sas-direction', '1');
            pick('sas-scale', '3');
            document.getElementById('sas-play').click();
            for (let i = 0; i < 40; i += 1) document.getElementById('sas-back').click();
            for (let i = 0; i < 8; i += 1) document.getElementById('sas-forward').click();
            return document.getElementById('sas-facts').textContent;
        })()",
    );
    let facts = facts.as_str().expect("the facts").to_owned();
    assert!(
        facts.starts_with("tick 8 of 24: sequence 0 mirrored, pose 1 (ticks 8..16)"),
        "{facts}"
    );
    let url = browser.evaluate("document.getElementById('sas-canvas').toDataURL('image/png')");
    let canvas = decode_base64(
        url.as_str()
            .and_then(|u| u.strip_prefix("data:image/png;base64,"))
            .expect("a PNG data URL"),
    );
    let (width, height, pixels) = rgba(&canvas);

    let dir = test_support::temp_dir(test);
    let out = dir.join("strip.png");
    let output = Command::new(env!("CARGO_BIN_EXE_tactics-sprite"))
        .args(["render", "--data", &path(&set), "--sheet", &path(&sheet)])
        .args(["--animation", "0", "--direction", "1", "--scale", "3", "-o"])
        .arg(&out)
        .output()
        .expect("tactics-sprite runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (strip_width, strip_height, strip) = rgba(&std::fs::read(&out).expect("the strip"));
    // Three poses side by side, each the canvas's size.
    assert_eq!((strip_width, strip_height), (3 * width, height));
    let cell: Vec<[u8; 4]> = (0..height)
        .flat_map(|y| (width..2 * width).map(move |x| (x, y)))
        .map(|(x, y)| strip[(y * strip_width + x) as usize])
        .collect();
    let differing = pixels.iter().zip(&cell).filter(|(a, b)| a != b).count();
    assert_eq!(
        differing,
        0,
        "{differing} of {} pixels differ",
        pixels.len()
    );
    assert!(pixels.iter().any(|p| p[3] != 0), "nothing was drawn");
    let _ = std::fs::remove_dir_all(&dir);
}
