//! A sheet drawn without a document: `render --sheet X` takes the document of the kind that
//! draws X (docs/kinds.md "Which kind draws which sheet"), built from `--originals` when they
//! hold the kind's pair, else the shipped one; a sheet whose kind is unknown asks for `--data`.

use std::path::Path;

use crate::common::{expect, run, s};

/// `render` of `sheet`'s frame 5 into `dir/name`, with `extra` flags; its bytes.
fn frame(dir: &Path, name: &str, sheet: &Path, extra: &[&str]) -> Vec<u8> {
    let out = dir.join(name);
    let mut args = vec!["render", "--sheet", s(sheet), "--frame", "5", "-o", s(&out)];
    args.extend_from_slice(extra);
    let printed = expect(&run(&args), 0);
    assert!(printed.contains("wrote"), "{printed}");
    std::fs::read(out).unwrap()
}

/// The goblin is a TYPE1 sheet (the table): drawn with no document, it is drawn as with the
/// shipped TYPE1 document given, byte for byte; with the originals, TYPE1's document is built
/// from them, which is the shipped one (the golden test), so again the same picture.
#[test]
fn a_sheet_without_a_document_is_drawn_with_its_kind_s() {
    let test = "a_sheet_without_a_document_is_drawn_with_its_kind_s";
    let Some(gob) = test_support::sheet(test, "GOB.SPR") else {
        return;
    };
    let tmp = test_support::temp_dir(test);
    let shipped = test_support::repo_root().join("fixtures/documents/type1.json");
    let given = frame(tmp.as_path(), "given.png", &gob, &["--data", s(&shipped)]);
    assert_eq!(frame(tmp.as_path(), "kind.png", &gob, &[]), given);
    let output = run([
        "render",
        "--sheet",
        s(&gob),
        "--frame",
        "5",
        "-o",
        s(&tmp.as_path().join("k.png")),
    ]);
    assert!(expect(&output, 0).starts_with("data    the type1 document (shipped)\n"));
    if let Some(originals) = test_support::originals(test) {
        let built = frame(
            tmp.as_path(),
            "built.png",
            &gob,
            &["--originals", s(&originals)],
        );
        assert_eq!(built, given);
    }
}

#[test]
fn a_sheet_of_no_known_kind_asks_for_the_document() {
    let tmp = test_support::temp_dir("a_sheet_of_no_known_kind_asks_for_the_document");
    let sheet = tmp.join("mine.spr");
    std::fs::write(&sheet, [0u8; 16]).unwrap();
    let output = run([
        "render",
        "--sheet",
        s(&sheet),
        "--frame",
        "5",
        "-o",
        "x.png",
    ]);
    let error = expect(&output, 1);
    assert!(
        error.contains("mine.spr: no unit kind is known for this sheet")
            && error.contains("give the document with --data FILE"),
        "{error}"
    );
}
