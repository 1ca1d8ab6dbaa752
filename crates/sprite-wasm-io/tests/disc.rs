//! A disc image read a slice at a time (`sprite_wasm_io::disc`), natively: images mastered at test
//! time from the retail files (xorriso, then our raw forms), each slice asked for read from the
//! image file at its offset, as the page reads its `File`. Every sprite file read equals the
//! file it was mastered from, the TYPE1 document built from them has the sha256 on record, and
//! no more than `MAX_HELD` bytes of the image are ever held.

use std::os::unix::fs::FileExt;
use std::path::Path;

use sha2::{Digest, Sha256};
use sprite_wasm::Files;
use sprite_wasm_io::disc::{DiscReading, MAX_HELD, Step};

/// Reads `image` through a [`DiscReading`] into `files`, feeding each slice asked for from the
/// file: the names read, the slices asked for and the most bytes held at once.
fn read_image(image: &Path, files: &mut Files) -> Result<(Vec<String>, usize, usize), String> {
    let mut read = Vec::new();
    let file = std::fs::File::open(image).expect("the image opens");
    let len = file.metadata().expect("its size").len();
    let name = image.file_name().expect("a name").to_string_lossy();
    let mut reading = DiscReading::new(&name, len);
    let (mut asked, mut most_held) = (0, 0);
    loop {
        match reading.step()? {
            Step::Done => return Ok((read, asked, most_held)),
            Step::File { name, bytes } => {
                files.add(name.clone(), bytes)?;
                read.push(name);
            }
            Step::Need { offset, len } => {
                asked += 1;
                assert!(len as usize <= MAX_HELD, "{len} bytes asked for at once");
                let mut bytes = vec![0u8; len as usize];
                file.read_exact_at(&mut bytes, offset)
                    .expect("the slice reads");
                reading.feed(offset, bytes)?;
                most_held = most_held.max(reading.held_bytes());
            }
        }
    }
}

#[test]
fn every_sprite_file_of_an_image_is_read_in_slices_as_mastered() {
    let test = "every_sprite_file_of_an_image_is_read_in_slices_as_mastered";
    let Some((images, names)) =
        test_support::disc::images_holding(test, &["TYPE1.SHP", "TYPE1.SEQ"])
    else {
        return;
    };
    let raw_mode2 = images.mode2_cue.with_file_name("game.bin");
    for (form, image) in [
        ("cooked", images.cooked.as_path()),
        ("mode2", raw_mode2.as_path()),
        ("mode1", images.mode1_bin.as_path()),
    ] {
        let mut files = Files::new();
        let (read, asked, most_held) =
            read_image(image, &mut files).unwrap_or_else(|e| panic!("{form}: {e}"));
        let image_name = image.file_name().expect("a name").to_string_lossy();
        let mut expected: Vec<String> = names
            .iter()
            .map(|name| format!("{image_name}:BATTLE/{name}"))
            .collect();
        expected.sort();
        let mut got = read.clone();
        got.sort();
        assert_eq!(
            got, expected,
            "{form}: the files read are the ones mastered"
        );
        for given in files.iter() {
            let name = given.name.rsplit('/').next().expect("a name");
            let mastered = std::fs::read(images.root.join("BATTLE").join(name)).expect("mastered");
            assert!(given.bytes == mastered, "{form}: {} differs", given.name);
        }
        let document = sprite_wasm::documents::build(&files, "type1").expect("builds");
        let digest = format!("{:x}", Sha256::digest(&document));
        assert_eq!(digest, test_support::TYPE1_SHA256, "{form}");
        let image_len = std::fs::metadata(image).expect("its size").len();
        assert!(most_held <= MAX_HELD, "{form}: {most_held} bytes held");
        println!(
            "{form}: {} files read in {asked} slices, at most {most_held} bytes of the {image_len} held",
            read.len()
        );
    }
}

#[test]
fn an_image_cut_short_or_not_iso_9660_is_one_line_naming_it() {
    let mut files = Files::new();
    let dir = test_support::temp_dir("wasm-disc-bad");
    let not_iso = dir.join("noise.iso");
    std::fs::write(&not_iso, vec![0x5Au8; 64 << 10]).expect("writes");
    let error = read_image(&not_iso, &mut files).expect_err("not ISO 9660");
    assert!(error.starts_with("noise.iso"), "{error}");
    assert!(!error.contains('\n'), "{error}");
    // Sixteen sectors and a volume descriptor whose root directory lies past the end.
    let mut cut = vec![0u8; 17 * 2048];
    cut[16 * 2048] = 1;
    cut[16 * 2048 + 1..16 * 2048 + 6].copy_from_slice(b"CD001");
    cut[16 * 2048 + 156] = 34;
    cut[16 * 2048 + 156 + 2..16 * 2048 + 156 + 6].copy_from_slice(&900u32.to_le_bytes());
    cut[16 * 2048 + 156 + 10..16 * 2048 + 156 + 14].copy_from_slice(&2048u32.to_le_bytes());
    let short = dir.join("short.iso");
    std::fs::write(&short, &cut).expect("writes");
    let error = read_image(&short, &mut files).expect_err("cut short");
    assert!(error.starts_with("short.iso"), "{error}");
    assert!(files.is_empty(), "nothing was kept");
}

#[test]
fn a_slice_not_asked_for_is_refused() {
    let mut reading = DiscReading::new("game.iso", 1 << 20);
    let error = reading.feed(0, vec![0; 10]).expect_err("none asked");
    assert_eq!(
        error,
        "game.iso: 10 bytes at 0 given, but none were asked for"
    );
    let Ok(Step::Need { offset, len }) = reading.step() else {
        panic!("the first step asks for the start of the image");
    };
    assert_eq!(offset, 0);
    let error = reading
        .feed(offset, vec![0; len as usize + 1])
        .expect_err("too long");
    assert!(
        error.contains(&format!("{len} bytes at 0 were asked for")),
        "{error}"
    );
}
