//! What `sheet import` and `sheet upscale` warn of for the remaster's HD pair (docs/remaster.md
//! "Sheet pictures of a pair"): each warning one line on stderr, the files written all the same
//! (exit 0). A picture whose `spPl` chunk an editor dropped and whose palette was changed is
//! imported with a warning that the pair holds no colour, whether or not there are palettes to
//! compare it with; `sheet upscale` of one unit's SPR to a pair the HD table gives another unit
//! warns that the game draws it as that unit.

use crate::common::{run, s, stderr};
use test_support::{hd_file, temp_dir};

/// `picture` as an editor that keeps the indices but drops the chunks it does not know (`spPl`)
/// saves it, with colour 1 of its PLTE made pure red: decoded and encoded again by the png crate,
/// which writes no chunk it was not given.
fn recoloured_without_chunk(picture: &[u8]) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::Cursor::new(picture));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info().clone();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    let mut plte = info.palette.as_deref().unwrap().to_vec();
    assert_ne!(plte[3..6], [255, 0, 0], "the red is a change");
    plte[3..6].copy_from_slice(&[255, 0, 0]);
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut pixels).unwrap();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, info.width, info.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(info.bit_depth);
    encoder.set_palette(plte);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&pixels).unwrap();
    writer.finish().unwrap();
    out
}

/// Runs `sheet import` (exit 0) and gives stderr.
fn import_warnings(args: &[&str]) -> String {
    let mut all = vec!["sheet", "import"];
    all.extend(args);
    let output = run(&all);
    test_support::cli::assert_exit(&output, 0);
    stderr(&output)
}

#[test]
fn a_recoloured_picture_without_its_chunk_is_imported_with_a_warning() {
    let test = "a_recoloured_picture_without_its_chunk_is_imported_with_a_warning";
    let (Some(upper), Some(spr)) = (
        hd_file(test, "tex_992.bin"),
        hd_file(test, "battle_mina_m_spr.bin"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let exported = dir.join("exported.png");
    crate::common::expect(
        &run([
            "sheet",
            "export",
            s(&upper),
            "--palettes-from",
            s(&spr),
            "-o",
            s(&exported),
        ]),
        0,
    );
    let picture = dir.join("pair.png");
    std::fs::write(
        &picture,
        recoloured_without_chunk(&std::fs::read(&exported).unwrap()),
    )
    .unwrap();
    let out_dir = dir.join("out");
    std::fs::create_dir(&out_dir).unwrap();
    let out = out_dir.join("tex_992.bin");

    // No palettes to compare with: the recolour cannot be told, and is said to be dropped.
    let warnings = import_warnings(&[s(&picture), "-o", s(&out)]);
    assert_eq!(warnings.lines().count(), 1, "{warnings}");
    assert!(
        warnings.starts_with(&format!(
            "tactics-sprite: sheet import: warning: {}: an indexed picture without its spPl \
             chunk, and no palettes to compare its PLTE with",
            s(&picture)
        )),
        "{warnings}"
    );
    assert!(
        warnings.contains("a recolour in it is not written"),
        "{warnings}"
    );
    assert!(
        std::fs::read(&out).unwrap() == std::fs::read(&upper).unwrap(),
        "the pixels kept"
    );

    // With the squire's palettes: the one colour changed is counted (palette 0, colour 1).
    let warnings = import_warnings(&[s(&picture), "--palettes-from", s(&spr), "-o", s(&out)]);
    assert_eq!(
        warnings,
        format!(
            "tactics-sprite: sheet import: warning: {}: its PLTE changes 1 of palette 0's 16 \
             colours; a pair holds no colour, so they are not written (recolour the unit's SPR)\n",
            s(&picture)
        )
    );
}

#[test]
fn upscaling_one_unit_s_sheet_to_another_s_pair_warns() {
    let test = "upscaling_one_unit_s_sheet_to_another_s_pair_warns";
    let (Some(ramuza), Some(squire)) = (
        test_support::sheet(test, "RAMUZA.SPR"),
        hd_file(test, "battle_mina_m_spr.bin"),
    ) else {
        return;
    };
    let dir = temp_dir(test);
    let out = dir.join("tex_992.bin");
    let upscale = |spr: &std::path::Path| {
        let output = run(["sheet", "upscale", s(spr), "-o", s(&out)]);
        test_support::cli::assert_exit(&output, 0);
        stderr(&output)
    };
    // docs/remaster.md "Which N for which unit": 992/993 the squire's, 830/831 Ramza's.
    assert_eq!(
        upscale(&ramuza),
        format!(
            "tactics-sprite: sheet upscale: warning: {} is ramuza's sheet, and by the HD table \
             tex 992/993 is mina_m's pair: the enhanced game draws this art as mina_m (ramuza's \
             own pair is tex 830/831: -o tex_830.bin)\n",
            s(&ramuza)
        )
    );
    assert!(dir.join("tex_993.bin").is_file(), "written all the same");
    assert_eq!(upscale(&squire), "", "the squire's own pair");
}
