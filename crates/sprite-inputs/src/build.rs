//! The build as the tools run it: two files in, the document and its canonical bytes out, with
//! what each input is ([`Provenance`]: retail, modified, the demo) and the output's sha256.
//! `cargo xtask build-data`, `tactics-sprite build` and the server's catalog all build through
//! here, so they cannot differ; the build itself (bytes and a profile to a document) is
//! `sprite_data::build_document`.

use std::path::Path;

use sprite_data::build::NamedBytes;
use sprite_data::demo::{DEMO_SEQ, DEMO_SHP};
use sprite_data::layer::LayerSet;
use sprite_data::profile::UNIT_KINDS;
use sprite_data::{Built, Document, Profile, build_document};

use crate::documents::OverlayFiles;
use crate::error::{Error, Result};
use crate::locate::Originals;
use crate::names::GameName;
use crate::read::InputFile;
use crate::retail::{Verdict, other_retail_file, sha256_hex};

/// The remaster's name of the profile's sheet (`RAMUZA.SPR` -> `battle_ramuza_spr.bin`) when the
/// SHP given is named the remaster's way (`battle_type1_shp.bin`): the document then names the
/// sheet file that sits beside it. `None` otherwise, or for a sheet name of another form.
pub fn remaster_sheet_file(shp: &Path, sheet_file: &str) -> Option<String> {
    if !GameName::parse(shp.file_name()?.to_str()?).is_remaster() {
        return None;
    }
    let sheet = GameName::parse(sheet_file);
    let disc_like = matches!(sheet.extension().as_deref(), Some("SPR" | "SP2"));
    (disc_like && !sheet.is_remaster())
        .then(|| sheet.remaster_name())
        .flatten()
}

/// The build target (the first built-in unit kind, or the layer) that reads the retail file
/// `disc_name`, by its name as the tools take it: for the advice when another target was given.
pub fn kind_reading(disc_name: &str) -> Option<&'static str> {
    let unit = UNIT_KINDS.iter().find(|kind| {
        let profile = kind.load();
        profile.shp.eq_ignore_ascii_case(disc_name) || profile.seq.eq_ignore_ascii_case(disc_name)
    });
    let layer = || {
        LayerSet::ALL.into_iter().find(|layer| {
            let (shp, seq) = layer.files();
            shp.eq_ignore_ascii_case(disc_name) || seq.eq_ignore_ascii_case(disc_name)
        })
    };
    unit.map(|kind| kind.name)
        .or_else(|| layer().map(LayerSet::name))
}

/// What an input of a build is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    /// Its name in messages: its path, or `IMAGE:BATTLE/TYPE1.SHP`.
    pub name: String,
    pub size: usize,
    pub sha256: String,
    /// Retail, the demo, or modified ([`Verdict::of`]).
    pub verdict: Verdict,
}

impl Provenance {
    fn of(file: NamedBytes) -> Self {
        let sha256 = sha256_hex(file.bytes);
        Self {
            name: file.name.to_owned(),
            size: file.bytes.len(),
            verdict: Verdict::of_sha256(&sha256),
            sha256,
        }
    }

    /// The retail file it is, if it is one.
    pub fn retail(&self) -> Option<&'static crate::retail::RetailFile> {
        self.verdict.retail()
    }

    /// One line for a report: `retail TYPE1.SHP`, `the synthetic demo file (not game data)`, or
    /// `modified (sha256 matches no retail file)`.
    pub fn describe(&self) -> String {
        self.verdict.describe()
    }

    /// `TYPE1.SHP` when it is the retail file, else `NAME (modified)`: a build's inputs in a
    /// table or a start-up line.
    pub fn in_brief(&self) -> String {
        match self.retail() {
            Some(file) => file.disc_name.to_owned(),
            None => format!("{} (modified)", self.name),
        }
    }
}

/// A finished build: the document, what the build noticed on the way, its canonical bytes and
/// their sha256, and what each input was.
#[derive(Debug, Clone)]
pub struct Build {
    pub document: Document,
    /// Things a user should know that do not stop the build ([`sprite_data::Built::warnings`]).
    pub warnings: Vec<String>,
    /// The canonical bytes of the document.
    pub bytes: Vec<u8>,
    pub sha256: String,
    /// The SHP's and the SEQ's provenance.
    pub inputs: [Provenance; 2],
}

/// Builds the document of `shp` and `seq` with `profile` and the overlays it names, read
/// ([`OverlayFiles`], [`sprite_data::build_document`]), and says what each input is and the
/// output's sha256.
///
/// # Errors
/// A file that does not decode (named, with the offset), a build error, an unreadable overlay.
pub fn build_from_bytes(
    shp: NamedBytes,
    seq: NamedBytes,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<Build, sprite_data::Error> {
    let (built, bytes) = build_unreported(shp, seq, profile, sheet_file)?;
    Ok(Build {
        sha256: sha256_hex(&bytes),
        document: built.document,
        warnings: built.warnings,
        bytes,
        inputs: [Provenance::of(shp), Provenance::of(seq)],
    })
}

/// [`build_from_bytes`] without what it says of the inputs and the output (their sha256 digests
/// and verdicts): the document and its canonical bytes, the same, for a caller that shows
/// neither. In the WebAssembly module those four digests took as long as the build.
///
/// # Errors
/// As [`build_from_bytes`].
pub fn build_unreported(
    shp: NamedBytes,
    seq: NamedBytes,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<(Built, Vec<u8>), sprite_data::Error> {
    let overlays = OverlayFiles::read(profile)?;
    build_document(shp, seq, profile, overlays.overlays(), sheet_file)
}

/// [`build_from_bytes`] of two files read.
///
/// # Errors
/// As [`build_from_bytes`].
pub fn build_files(
    shp: &InputFile,
    seq: &InputFile,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<Build, sprite_data::Error> {
    build_from_bytes(shp.named_bytes(), seq.named_bytes(), profile, sheet_file)
}

/// Builds the pair a profile names from the originals, refusing a retail file of another kind
/// found under the profile's name (a renamed file), as `tactics-sprite build` refuses it without
/// `--force`.
///
/// # Errors
/// A file that is missing ([`Originals::missing`]) or cannot be read, a retail file of another
/// kind, or a build error.
pub fn build_from_originals(
    originals: &Originals,
    profile: &Profile,
    sheet_file: Option<&str>,
) -> Result<Build> {
    let (shp, seq) = (
        originals.require(&profile.shp)?,
        originals.require(&profile.seq)?,
    );
    for (input, expected) in [(&shp, &profile.shp), (&seq, &profile.seq)] {
        if let Some(file) = other_retail_file(&input.bytes, expected) {
            return Err(Error::file(format!(
                "{}: this is the retail {}, but the {} profile reads {expected}",
                input.name, file.disc_name, profile.kind
            )));
        }
    }
    Ok(build_files(&shp, &seq, profile, sheet_file)?)
}

/// Builds the synthetic demo pair with its own profile.
///
/// # Errors
/// None in practice: a test builds the shipped demo.
pub fn build_demo(sheet_file: Option<&str>) -> Result<Build, sprite_data::Error> {
    build_from_bytes(
        NamedBytes {
            name: "fixtures/demo/DEMO.SHP (built in)",
            bytes: DEMO_SHP,
        },
        NamedBytes {
            name: "fixtures/demo/DEMO.SEQ (built in)",
            bytes: DEMO_SEQ,
        },
        &Profile::demo(),
        sheet_file,
    )
}

impl Build {
    /// What a build tells its user, the same from every tool: each input's provenance, the
    /// warnings, and the document's counts.
    pub fn report(&self) -> String {
        let d = &self.document;
        let mut lines = Vec::new();
        for input in &self.inputs {
            lines.push(format!(
                "input   {}: {} bytes, {}",
                input.name,
                input.size,
                input.describe()
            ));
        }
        for warning in &self.warnings {
            lines.push(format!("warning {warning}"));
        }
        lines.push(format!(
            "built   {} cells, {} frames ({} main + {} water), {} sequences, {} animations",
            d.cells.len(),
            d.frames.len(),
            d.water_offset,
            d.frames.len() - d.water_offset as usize,
            d.sequences.len(),
            d.animations.len()
        ));
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{kind_reading, remaster_sheet_file};

    /// The profiles' and layers' own files (docs/formats/README.md 1):
    /// TYPE1's pair is type1's, WEP1's the wep1 layer's; a file no target reads, none.
    #[test]
    fn a_retail_file_is_read_by_the_target_whose_files_it_is() {
        assert_eq!(kind_reading("TYPE1.SHP"), Some("type1"));
        assert_eq!(kind_reading("type1.seq"), Some("type1"));
        assert_eq!(kind_reading("WEP1.SEQ"), Some("wep1"));
        assert_eq!(kind_reading("RAMUZA.SPR"), None);
    }

    /// A remaster-named SHP names its sheet the remaster's way; a disc-named one keeps the
    /// profile's name, and a sheet already named the remaster's way is left as it is.
    #[test]
    fn a_remaster_named_shp_names_its_sheet_the_remaster_s_way() {
        let remaster = Path::new("mod/battle_type1_shp.bin");
        assert_eq!(
            remaster_sheet_file(remaster, "RAMUZA.SPR").as_deref(),
            Some("battle_ramuza_spr.bin")
        );
        assert_eq!(
            remaster_sheet_file(Path::new("TYPE1.SHP"), "RAMUZA.SPR"),
            None
        );
        assert_eq!(remaster_sheet_file(remaster, "battle_ramuza_spr.bin"), None);
    }
}
