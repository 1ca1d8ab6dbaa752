//! A monster's SP2 sheet at twice the size, one tex file (docs/remaster.md "The SP2 sheets at
//! twice the size"): no real one is at hand, so each test makes one from the retail BEHI2.SP2
//! with `sheet upscale`, and MON's SP2 sequences drawn from it and behi's upscaled pair must be
//! the SD render of BEHI.SPR and BEHI2.SP2 doubled, pixel for pixel (the upscale is each pixel a
//! 2 x 2 block, so the HD picture is the SD one at `--scale 2`).

use std::path::{Path, PathBuf};

use crate::common::{expect, run, s, stderr, stdout};
use test_support::{fixtures, sheet, temp_dir};

/// BEHI.SPR and BEHI2.SP2 copied into a fresh folder beside behi's pair (tex 1094/1095) and the
/// SP2 at twice the size (tex 1132), both made by `sheet upscale`: `(folder, BEHI.SPR,
/// BEHI2.SP2)`.
fn behi_at_hd(test: &str) -> Option<(PathBuf, PathBuf, PathBuf)> {
    let (spr, sp2) = (sheet(test, "BEHI.SPR")?, sheet(test, "BEHI2.SP2")?);
    let dir = temp_dir(test);
    let (spr_copy, sp2_copy) = (dir.join("BEHI.SPR"), dir.join("BEHI2.SP2"));
    std::fs::copy(&spr, &spr_copy).unwrap();
    std::fs::copy(&sp2, &sp2_copy).unwrap();
    expect(
        &run([
            "sheet",
            "upscale",
            s(&spr_copy),
            "-o",
            s(&dir.join("tex_1094.bin")),
        ]),
        0,
    );
    let said = run([
        "sheet",
        "upscale",
        s(&sp2_copy),
        "-o",
        s(&dir.join("tex_1132.bin")),
    ]);
    let out = expect(&said, 0);
    assert!(out.contains("131072 bytes, 512 x 512"), "{out}");
    assert_eq!(
        stderr(&said),
        "",
        "BEHI2.SP2's number by the table: no warning"
    );
    Some((dir, spr_copy, sp2_copy))
}

/// The RGBA pixels and size of a PNG's first frame.
fn rgba(path: &Path) -> (u32, u32, Vec<u8>) {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    buffer.truncate(info.buffer_size());
    (info.width, info.height, buffer)
}

#[test]
fn sheet_upscale_of_an_sp2_writes_one_file_of_its_pixels_doubled() {
    let test = "sheet_upscale_of_an_sp2_writes_one_file_of_its_pixels_doubled";
    let Some((dir, _, sp2_path)) = behi_at_hd(test) else {
        return;
    };
    let hd = std::fs::read(dir.join("tex_1132.bin")).unwrap();
    assert_eq!(hd.len(), 131_072);
    // Every pixel is the SP2's at half its place, both read here from the bytes, low nibble
    // left (the SP2: 256 rows of 128 bytes, no palette).
    let sp2 = std::fs::read(&sp2_path).unwrap();
    let nibble = |bytes: &[u8], row: usize, x: usize, y: usize| {
        let byte = bytes[y * row + x / 2];
        if x % 2 == 0 { byte & 0x0F } else { byte >> 4 }
    };
    for y in (0..512).step_by(5) {
        for x in (0..512).step_by(3) {
            assert_eq!(
                nibble(&hd, 256, x, y),
                nibble(&sp2, 128, x / 2, y / 2),
                "({x}, {y})"
            );
        }
    }
    // Written under another number the table gives: written, with a warning naming its own.
    let other = run([
        "sheet",
        "upscale",
        s(&sp2_path),
        "-o",
        s(&dir.join("tex_1145.bin")),
    ]);
    expect(&other, 0);
    let warning = stderr(&other);
    assert!(
        warning.contains("tex 1145 is URI2.SP2 at twice the size")
            && warning.contains("-o tex_1132.bin"),
        "{warning}"
    );
    // Not named tex_N.bin: a usage error naming the table's numbers.
    let err = expect(
        &run([
            "sheet",
            "upscale",
            s(&sp2_path),
            "-o",
            s(&dir.join("behi2.bin")),
        ]),
        2,
    );
    assert!(err.contains("BEHI2.SP2 1132"), "{err}");
}

/// Bomb Explode draws from BEHI2.SP2: at HD from tex 1132, found beside behi's pair by the HD
/// table (or given with `--sp2`), the SD picture doubled; an SP2 file of another size is refused
/// in one line, and without the file the sequence is refused as at SD.
#[test]
fn render_of_an_sp2_sequence_from_a_pair_draws_the_sp2_at_twice_the_size() {
    let test = "render_of_an_sp2_sequence_from_a_pair_draws_the_sp2_at_twice_the_size";
    let Some((dir, spr, sp2)) = behi_at_hd(test) else {
        return;
    };
    let mon = fixtures::document("mon");
    let render = |sheet: &Path, more: &[&str], out: &Path| {
        let mut args = vec![
            "render",
            "--data",
            s(&mon),
            "--sheet",
            s(sheet),
            "--animation",
            "Bomb Explode",
            "--view",
            "3",
        ];
        args.extend_from_slice(more);
        args.extend(["-o", s(out)]);
        run(args)
    };
    let (sd, hd) = (dir.join("sd.png"), dir.join("hd.png"));
    expect(&render(&spr, &["--sp2", s(&sp2), "--scale", "2"], &sd), 0);
    let said = expect(&render(&dir.join("tex_1094.bin"), &[], &hd), 0);
    assert!(
        said.contains("sp2     ")
            && said.contains("tex_1132.bin (SP2 at twice the size, palette 0 of its SPR, 512 x 512) (found beside the pair by the HD table)"),
        "{said}"
    );
    let (sd_pixels, hd_pixels) = (rgba(&sd), rgba(&hd));
    assert_eq!((hd_pixels.0, hd_pixels.1), (sd_pixels.0, sd_pixels.1));
    assert!(
        hd_pixels.2 == sd_pixels.2,
        "the HD picture is the SD one doubled"
    );
    // The SP2 tiles are there: drawn with a blank SP2 at twice the size, the picture differs.
    let blank = dir.join("blank");
    std::fs::create_dir(&blank).unwrap();
    for name in ["tex_1094.bin", "tex_1095.bin", "BEHI.SPR"] {
        std::fs::copy(dir.join(name), blank.join(name)).unwrap();
    }
    std::fs::write(blank.join("tex_1132.bin"), vec![0u8; 131_072]).unwrap();
    let without_tiles = dir.join("blank.png");
    expect(&render(&blank.join("tex_1094.bin"), &[], &without_tiles), 0);
    assert!(rgba(&without_tiles).2 != hd_pixels.2);

    // Given with --sp2: the same picture.
    let given = dir.join("given.png");
    expect(
        &render(
            &dir.join("tex_1095.bin"),
            &["--sp2", s(&dir.join("tex_1132.bin"))],
            &given,
        ),
        0,
    );
    assert!(rgba(&given).2 == hd_pixels.2);
    // The SD SP2 with an HD sheet, or a file of another size under the SP2's number: one line.
    let err = expect(
        &render(&dir.join("tex_1094.bin"), &["--sp2", s(&sp2)], &given),
        1,
    );
    assert!(
        err.contains("BEHI2.SP2 at twice the size is one file of 131072 bytes (512 x 512")
            && err.contains("this one is 32768 bytes"),
        "{err}"
    );
    std::fs::write(blank.join("tex_1132.bin"), vec![0u8; 131_071]).unwrap();
    let err = expect(&render(&blank.join("tex_1094.bin"), &[], &given), 1);
    assert!(
        err.contains("tex_1132.bin") && err.contains("this one is 131071 bytes"),
        "{err}"
    );
    // Without it: the SP2 sequence is refused, as at SD.
    std::fs::remove_file(blank.join("tex_1132.bin")).unwrap();
    let err = expect(&render(&blank.join("tex_1094.bin"), &[], &given), 1);
    assert!(err.contains("BEHI2.SP2"), "{err}");
    // A sequence of the pair alone still draws.
    let walk = run([
        "render",
        "--data",
        s(&mon),
        "--sheet",
        s(&blank.join("tex_1094.bin")),
        "--animation",
        "Walk",
        "-o",
        s(&given),
    ]);
    test_support::cli::assert_exit(&walk, 0);
}

/// The SP2's number named as a sheet is refused in one line, naming the pair it goes with.
#[test]
fn an_sp2_at_twice_the_size_is_no_sheet_of_its_own() {
    let test = "an_sp2_at_twice_the_size_is_no_sheet_of_its_own";
    let Some((dir, _, _)) = behi_at_hd(test) else {
        return;
    };
    let err = expect(
        &run([
            "render",
            "--data",
            s(&fixtures::document("mon")),
            "--sheet",
            s(&dir.join("tex_1132.bin")),
            "--frame",
            "1",
            "-o",
            s(&dir.join("x.png")),
        ]),
        1,
    );
    assert!(
        err.contains("tex 1132 is BEHI2.SP2 at twice the size")
            && err.contains("behi's pair (tex 1094/1095): give that pair as the sheet"),
        "{err}"
    );
}

/// `inspect` of the SP2 at twice the size compares it with BEHI2.SP2 beside it: made by the
/// upscale, every opaque pixel of the SP2 is covered, and the indices match everywhere.
#[test]
fn inspect_of_an_sp2_at_twice_the_size_compares_it_with_its_sp2() {
    let test = "inspect_of_an_sp2_at_twice_the_size_compares_it_with_its_sp2";
    let Some((dir, _, _)) = behi_at_hd(test) else {
        return;
    };
    let said = expect(&run(["inspect", s(&dir.join("tex_1132.bin"))]), 0);
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in [
        "BEHI2.SP2 at twice the size (tex 1132, with behi's pair (tex 1094/1095)",
        "height 512",
        "silhouette_coverage 1.000",
        "index_match 1.000",
    ] {
        assert!(said.contains(line), "{line}: {said}");
    }
    assert!(said.contains("BEHI2.SP2 (beside it)"), "{said}");
}

/// `sheet export` of the SP2 at twice the size: an indexed 512 x 512 PNG whose values are the
/// file's indices and whose palette is BEHI.SPR's palette 1 (found beside it by the tables).
#[test]
fn sheet_export_of_an_sp2_at_twice_the_size_is_its_indices_in_its_monster_s_palette() {
    let test = "sheet_export_of_an_sp2_at_twice_the_size_is_its_indices_in_its_monster_s_palette";
    let Some((dir, spr, _)) = behi_at_hd(test) else {
        return;
    };
    let out = dir.join("sp2.png");
    let said = expect(
        &run([
            "sheet",
            "export",
            s(&dir.join("tex_1132.bin")),
            "--palette",
            "1",
            "-o",
            s(&out),
        ]),
        0,
    );
    assert!(said.contains("palette 1 of"), "{said}");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let plte = reader.info().palette.as_deref().unwrap().to_vec();
    let mut indices = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut indices).unwrap();
    assert_eq!((info.width, info.height), (512, 512));
    assert_eq!(info.color_type, png::ColorType::Indexed);
    // The values are the file's nibbles, low nibble left (8-bit indexed: one byte a pixel).
    let hd = std::fs::read(dir.join("tex_1132.bin")).unwrap();
    for (i, &value) in indices[..512 * 512].iter().enumerate().step_by(97) {
        let byte = hd[i / 2];
        assert_eq!(
            value,
            if i % 2 == 0 { byte & 0x0F } else { byte >> 4 },
            "{i}"
        );
    }
    // Palette 1 of BEHI.SPR: its 16 BGR555 words at 32 bytes in, each channel widened v * 255 / 31.
    let spr = std::fs::read(&spr).unwrap();
    for colour in 1..16 {
        let word = u16::from_le_bytes([spr[32 + 2 * colour], spr[33 + 2 * colour]]);
        let widen = |v: u16| ((u32::from(v & 31) * 255 + 15) / 31) as u8;
        assert_eq!(
            &plte[3 * colour..3 * colour + 3],
            &[widen(word), widen(word >> 5), widen(word >> 10)],
            "colour {colour}"
        );
    }
    // Ramza's colour choices are no monster's: a usage error.
    let err = expect(
        &run([
            "sheet",
            "export",
            s(&dir.join("tex_1132.bin")),
            "--variant",
            "1",
            "-o",
            s(&out),
        ]),
        2,
    );
    assert!(err.contains("BEHI2.SP2 at twice the size"), "{err}");
}

/// `draw --hd` of an SP2 sequence: its `"sheet": 1` tiles at twice their place and size, as the
/// SP2 at twice the size is cut.
#[test]
fn draw_hd_of_an_sp2_sequence_doubles_its_sp2_tiles() {
    let mon = fixtures::document("mon");
    let draw = |hd: bool| {
        let mut args = vec![
            "draw",
            "--data",
            s(&mon),
            "--animation",
            "Bomb Explode",
            "--view",
            "3",
            "--tick",
            "10",
        ];
        if hd {
            args.push("--hd");
        }
        let line: serde_json::Value = serde_json::from_str(&expect(&run(args), 0)).unwrap();
        line
    };
    let (sd, hd) = (draw(false), draw(true));
    let sp2_tiles = |line: &serde_json::Value| -> Vec<serde_json::Value> {
        line["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["sheet"] == 1)
            .cloned()
            .collect()
    };
    let (sd_tiles, hd_tiles) = (sp2_tiles(&sd), sp2_tiles(&hd));
    assert!(
        !sd_tiles.is_empty(),
        "Bomb Explode draws from the SP2: {sd}"
    );
    assert_eq!(sd_tiles.len(), hd_tiles.len());
    for (sd, hd) in sd_tiles.iter().zip(&hd_tiles) {
        for key in ["x", "y", "w", "h"] {
            assert_eq!(
                hd[key].as_i64().unwrap(),
                2 * sd[key].as_i64().unwrap(),
                "{key}"
            );
        }
    }
}

/// `mod add` places the SP2 at twice the size where the enhanced game reads the HD sheets,
/// `FFTIVC/data/enhanced/system/ffto/g2d/tex_1132.bin`, byte for byte, and `mod check` passes
/// it; one byte short, `mod add` refuses it and `mod check` of a copy put there by hand fails,
/// each naming the size such a file has (512 x 512 at 4 bits a pixel: 131,072 bytes).
#[test]
fn mod_add_places_an_sp2_at_twice_the_size_and_mod_check_holds_it_to_its_size() {
    let test = "mod_add_places_an_sp2_at_twice_the_size_and_mod_check_holds_it_to_its_size";
    let Some((dir, _, _)) = behi_at_hd(test) else {
        return;
    };
    let tex = dir.join("tex_1132.bin");
    let mod_dir = dir.join("mod");
    expect(
        &run([
            "mod",
            "new",
            s(&mod_dir),
            "--id",
            "test.behi.hd",
            "--name",
            "Behi HD",
        ]),
        0,
    );
    let said = expect(&run(["mod", "add", s(&mod_dir), s(&tex)]), 0);
    assert!(
        said.contains("tex 1132, BEHI2.SP2 at twice the size, 131072 bytes"),
        "{said}"
    );
    let placed = mod_dir.join("FFTIVC/data/enhanced/system/ffto/g2d/tex_1132.bin");
    assert!(std::fs::read(&placed).unwrap() == std::fs::read(&tex).unwrap());
    let report = expect(&run(["mod", "check", s(&mod_dir)]), 0);
    assert!(
        report.contains("BEHI2.SP2 at twice the size, 131072 bytes")
            && report.contains("0 errors, 0 warnings"),
        "no other half asked for: {report}"
    );

    let short = dir.join("short").join("tex_1132.bin");
    std::fs::create_dir_all(short.parent().unwrap()).unwrap();
    let mut bytes = std::fs::read(&tex).unwrap();
    bytes.pop();
    std::fs::write(&short, &bytes).unwrap();
    let err = expect(&run(["mod", "add", s(&mod_dir), s(&short), "--replace"]), 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("131072 bytes") && err.contains("this one is 131071 bytes"),
        "{err}"
    );
    std::fs::write(&placed, &bytes).unwrap();
    let output = run(["mod", "check", s(&mod_dir)]);
    test_support::cli::assert_exit(&output, 1);
    let report = stdout(&output);
    assert!(
        report.contains("tex 1132 is BEHI2.SP2 at twice the size")
            && report.contains("131071 bytes"),
        "{report}"
    );
}
