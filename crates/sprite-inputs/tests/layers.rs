//! The layer documents built from a folder of game files: what is refused, and how it is named.

use sprite_data::layer::LayerSet;
use sprite_inputs::ErrorKind;
use sprite_inputs::layers::build_layer_from_folder;

#[test]
fn a_layer_folder_without_its_files_or_with_broken_ones_is_refused_by_kind() {
    let dir = test_support::temp_dir("layer-errors");
    let error = build_layer_from_folder(&dir, LayerSet::Wep1).unwrap_err();
    assert_eq!(error.context(), [LayerSet::Wep1.to_string()]);
    assert!(
        matches!(error.kind(), ErrorKind::NotFound(message)
        if message.to_string() == format!(
            "{}: no WEP1.SHP (or battle_wep1_shp.bin) in this folder",
            dir.display()
        )),
        "{error:?}"
    );
    // Four bytes are no SHP: the decoder's error, named by the file.
    std::fs::write(dir.join("WEP1.SHP"), [0u8; 4]).unwrap();
    std::fs::write(dir.join("WEP1.SEQ"), [0u8; 4]).unwrap();
    let error = build_layer_from_folder(&dir, LayerSet::Wep1).unwrap_err();
    let ErrorKind::Data(data) = error.kind() else {
        panic!("{error:?}");
    };
    assert_eq!(data.context(), ["WEP1.SHP"]);
    assert!(
        matches!(data.kind(), sprite_data::ErrorKind::Decode(_)),
        "{error:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
