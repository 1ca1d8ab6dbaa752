//! The documents, layer documents and profiles the tools read from files: each file read through
//! the capped reader ([`crate::read::read_capped`], so that `serve --watch` watches it), then
//! checked by `sprite-data`'s one loader (`sprite_data::load`), which reads no file itself. The
//! errors are `sprite-data`'s, in its words (`PATH: cannot read: ...`, `PATH: N bytes, over the
//! limit of ... bytes for a document`), whichever tool reads the file.

use faults::Shown;
use std::path::Path;

use sprite_data::build::Overlays;
use sprite_data::layer::LayerDocument;
use sprite_data::limits::{MAX_DOCUMENT_BYTES, MAX_PROFILE_BYTES};
use sprite_data::load::{parse_document, parse_layer_document};
use sprite_data::profile::UnitKind;
use sprite_data::{Document, Error, ErrorKind, Profile};

use crate::read::{Capped, InputFile, read_capped};

/// A file's bytes under `limit`, in `sprite-data`'s words: the system's error as `cannot read`,
/// a file stated longer as too large for a document.
fn read_under(path: &Path, limit: u64) -> Result<Vec<u8>, Error> {
    let origin = Shown(&path).to_string();
    match read_capped(path, limit) {
        Ok(Capped::Bytes(bytes)) => Ok(bytes),
        Ok(Capped::Over { len }) => Err(ErrorKind::DocumentTooLarge { len }.in_context(origin)),
        Err(error) => Err(ErrorKind::Read(error).in_context(origin)),
    }
}

/// A document file's bytes as every loader here reads them, for a caller that looks at them
/// before it chooses the loader (`check` and `diff` read the `format` a file states): refused
/// unread past [`MAX_DOCUMENT_BYTES`], and read one byte past the cap when its length changes
/// under us, so that parsing refuses the bytes as too large exactly as loading the file would.
///
/// # Errors
/// [`ErrorKind::Read`] or [`ErrorKind::DocumentTooLarge`] in the context of the path.
pub fn read_document_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    read_under(path, MAX_DOCUMENT_BYTES)
}

/// Reads and checks a document file: its length first (refused unread past
/// [`MAX_DOCUMENT_BYTES`]), then as [`parse_document`].
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_document(path: &Path) -> Result<Document, Error> {
    load_document_with_bytes(path).map(|(_, doc)| doc)
}

/// [`load_document`], keeping the file's bytes too (a server sends them as they are).
///
/// # Errors
/// As [`load_document`].
pub fn load_document_with_bytes(path: &Path) -> Result<(Vec<u8>, Document), Error> {
    let bytes = read_document_bytes(path)?;
    let doc = parse_document(&bytes, &Shown(&path).to_string())?;
    Ok((bytes, doc))
}

/// Reads and checks a layer document file (`--weapon-data`, `--effect-data`): as
/// [`load_document`], with [`parse_layer_document`].
///
/// # Errors
/// An [`Error`] in the context of the path.
pub fn load_layer_document(path: &Path) -> Result<LayerDocument, Error> {
    let bytes = read_document_bytes(path)?;
    parse_layer_document(&bytes, &Shown(&path).to_string())
}

/// The profile a unit document is built with: the file given ([`load_profile`]), else the
/// built-in profile of `kind`, else TYPE1's.
///
/// # Errors
/// As [`load_profile`].
pub fn unit_profile(file: Option<&Path>, kind: Option<&UnitKind>) -> Result<Profile, Error> {
    match (file, kind) {
        (Some(path), _) => load_profile(path),
        (None, Some(kind)) => Ok(kind.load()),
        (None, None) => Ok(Profile::type1()),
    }
}

/// Reads a profile file ([`Profile::from_file`]: overlay paths in it are made relative to its
/// folder), refused past [`MAX_PROFILE_BYTES`].
///
/// # Errors
/// As [`Profile::from_file`], or the file cannot be read.
pub fn load_profile(path: &Path) -> Result<Profile, Error> {
    let bytes = match read_capped(path, MAX_PROFILE_BYTES) {
        Ok(Capped::Bytes(bytes)) => bytes,
        Ok(Capped::Over { .. }) => return Err(Profile::too_large(path)),
        Err(error) => {
            return Err(ErrorKind::Read(error).in_context(Shown(&path)));
        }
    };
    Profile::from_file(&bytes, path)
}

/// The files a profile's `hands` and `holds` overlays name, read (each under
/// [`MAX_DOCUMENT_BYTES`]: what it holds goes into a document).
#[derive(Debug, Default)]
pub struct OverlayFiles {
    pub hands: Option<InputFile>,
    pub holds: Option<InputFile>,
}

impl OverlayFiles {
    /// The overlays `profile` names, read; none for a profile that names none (every built-in
    /// one).
    ///
    /// # Errors
    /// An overlay that cannot be read or is over the cap, in the context of its path.
    pub fn read(profile: &Profile) -> Result<OverlayFiles, Error> {
        let read = |path: &Path| {
            read_under(path, MAX_DOCUMENT_BYTES).map(|bytes| InputFile::new(path, bytes))
        };
        Ok(OverlayFiles {
            hands: profile.hands.as_deref().map(read).transpose()?,
            holds: profile.holds.as_deref().map(read).transpose()?,
        })
    }

    /// The overlays as the builder takes them.
    pub fn overlays(&self) -> Overlays<'_> {
        Overlays {
            hands: self.hands.as_ref().map(InputFile::named_bytes),
            holds: self.holds.as_ref().map(InputFile::named_bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::recording;

    /// `serve --watch` watches the files a load read through the capped reader
    /// ([`recording`]): a document and a layer document are among them, as the SHP and the
    /// sheet are, so that saving one reloads it.
    #[test]
    fn documents_are_read_where_the_watcher_sees_them() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let document = fixtures.join("documents/demo.json");
        let layer = fixtures.join("layers/wep1.json");
        let (loaded, read) = recording(|| {
            (
                load_document(&document).is_ok(),
                load_layer_document(&layer).is_ok(),
            )
        });
        assert_eq!(loaded, (true, true));
        assert_eq!(read, [document, layer]);
    }
}
