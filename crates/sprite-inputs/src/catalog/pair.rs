//! One unit served from an SHP and a SEQ given by path (`serve --shp TYPE1.SHP --seq
//! type1.seq.txt --sheet ramza.png`), each the file or its text form, built as `build` builds
//! it, and drawn from a sheet given (an SPR, or a PNG imported as `sheet import` imports it) or
//! found as every served kind's is; the weapon and effect layers are built from their files
//! beside the SHP when they are there. When the SEQ is a text form, the unit carries it with the
//! line of the command each step of each sequence plays ([`SourceText`]), for the viewer.

use std::path::{Path, PathBuf};

use faults::Words;
use fft_formats::{FileFormat, Seq, text};
use sprite_data::Profile;
use sprite_data::execution::Program;
use sprite_data::profile::UNIT_KINDS;
use sprite_render::sheet::PNG_SIGNATURE;
use sprite_render::spr_png::{self, ImportOptions};

use sprite_data::layer::LayerSet;

use super::{ServedUnit, unit_layers};
use crate::build::build_files;
use crate::error::{Error, Result};
use crate::layers::{build_layer_from, weapon_layer_of};
use crate::locate::Originals;
use crate::pair::{PairFile, Part, Which, read_pair};
use crate::sheets::{Sheet, find_sheets};

/// `serve --shp FILE --seq FILE [--sheet FILE] [--kind NAME]`.
#[derive(Debug, Clone)]
pub struct PairRequest {
    pub shp: PathBuf,
    pub seq: PathBuf,
    /// The sheet to draw with [default: the profile's sheet file in `--sheets`, else synthetic].
    pub sheet: Option<PathBuf>,
    /// The built-in profile [default: the kind the SEQ's file name starts with, else TYPE1's].
    pub kind: Option<String>,
}

/// A SEQ's text form as served beside its unit: what the viewer shows, and where each step
/// plays from.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The file as given.
    pub file: String,
    pub text: String,
    /// For each sequence of the document (in its order), the line (from 1) of the `Frame`
    /// command each of its steps shows.
    pub steps: Vec<Vec<usize>>,
}

/// Refuses a file of the pair that is of another kind than its part wants (a text form of
/// another format, or bytes of another kind), named by its parameter.
fn accept(read: &PairFile, which: Which) -> Result<()> {
    let (wanted, parameter) = match which {
        Which::Shp => (FileFormat::UnitShp, "shp"),
        Which::Seq => (FileFormat::Seq, "seq"),
    };
    match read.file.wrong_kind(wanted) {
        Some(what) => {
            let name = read.file.file.name.clone();
            Err(Error::file(Words::new(move |s| {
                format!(
                    "{name}: this is {what}, given as {}, which wants {}",
                    s.name(parameter),
                    wanted.in_words()
                )
            })))
        }
        None => Ok(()),
    }
}

/// The profile `kind` names, else the one the SEQ's file name starts with (`type1.seq.txt`,
/// `TYPE1.SEQ`), else TYPE1's.
fn profile_of(request: &PairRequest) -> Result<Profile> {
    if let Some(kind) = &request.kind {
        return UNIT_KINDS
            .iter()
            .find(|k| k.name.eq_ignore_ascii_case(kind))
            .map(|k| k.load())
            .ok_or_else(|| {
                let (kind, names) = (kind.clone(), UNIT_KINDS.map(|k| k.name).join(", "));
                Error::input(
                    "kind",
                    Words::new(move |s| {
                        format!("{}: the unit kinds are {names}", s.given("kind", &kind))
                    }),
                )
            });
    }
    let stem = |path: &Path| {
        path.file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.split('.').next())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default()
    };
    let named = [stem(&request.seq), stem(&request.shp)];
    Ok(UNIT_KINDS
        .iter()
        .find(|k| named.iter().any(|n| n == k.name))
        .map_or_else(Profile::type1, |k| k.load()))
}

/// The sheet `path` names (either form of its name): an SPR as it is, a PNG imported as `sheet import` imports it (its
/// spPl chunk, else its height, says the layout).
fn given_sheet(path: &Path) -> Result<Sheet> {
    let file = Originals::disk().read(path)?;
    if !file.bytes.starts_with(&PNG_SIGNATURE) {
        return Sheet::from_file(file);
    }
    let options = ImportOptions {
        like: None,
        palette: None,
        variant: None,
    };
    let imported = spr_png::import(&file.bytes, &options).map_err(|e| {
        let name = file.name.clone();
        Error::file(Words::new(move |s| format!("{name}: {}", e.in_words(s))))
    })?;
    let bytes = imported.spr.encode().map_err(|e| {
        Error::from(e).in_context(format!("{}: the sheet does not encode", file.name))
    })?;
    Ok(Sheet::Spr {
        file: format!("{} (imported)", file.name),
        palettes: imported.spr.palettes.len(),
        bytes,
    })
}

/// Reads and builds the pair `request` names into a served unit, its sheet from `--sheet`, else
/// found in `sheets` as a served kind's is.
///
/// # Errors
/// A file that cannot be read, is of another kind, does not assemble (at its line and column)
/// or does not build; a sheet that is neither an SPR nor a PNG that imports.
pub fn load_pair(request: &PairRequest, sheets: Option<&Originals>) -> Result<ServedUnit> {
    let profile = profile_of(request)?;
    let given = (Part::Given(&request.shp), Part::Given(&request.seq));
    let (shp, seq) = read_pair(&Originals::disk(), given.0, given.1, accept)?
        .expect("both files are given by path");
    let build = build_files(&shp.file.file, &seq.file.file, &profile, None)?;
    let document = build.document;
    let (found, sp2) = find_sheets(sheets, &document)?;
    let sheet = match &request.sheet {
        Some(path) => given_sheet(path)?,
        None => found,
    };
    let name = profile.kind.to_ascii_lowercase();
    let layers = layers_beside(&request.shp, &name)?;
    let draws_kind = UNIT_KINDS
        .iter()
        .find(|kind| kind.name.eq_ignore_ascii_case(&name))
        .map(|kind| kind.name);
    let listed = super::sheets::listed_sheets(sheets, draws_kind, &document, &sheet, sp2.as_ref())?;
    let source = seq.source.as_ref().map(|source| SourceText {
        file: seq.file.file.name.clone(),
        text: source.text.clone(),
        steps: step_lines(&source.assembly, &document),
    });
    let form = |read: &PairFile| {
        if read.source.is_some() {
            format!("{} (text)", read.file.file.name)
        } else {
            read.file.file.name.clone()
        }
    };
    Ok(ServedUnit {
        layers: unit_layers(&layers, &name),
        name,
        sheet,
        sp2,
        bytes: build.bytes,
        document,
        origin: format!("built from {} + {}", form(&shp), form(&seq)),
        source,
        hd: None,
        sheets: listed,
        draws_kind,
    })
}

/// The folder `shp` is in (`.` for a bare name).
pub fn folder_of(shp: &Path) -> &Path {
    match shp.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    }
}

/// The layer documents kind `name` draws a weapon with (its weapon layer and EFF1), built from
/// their SHP and SEQ when they are beside the unit's SHP (the game's folder holds them all), so
/// that a pair served from it holds a weapon as the originals' kinds do.
///
/// # Errors
/// A layer's files are there but cannot be read, or do not build.
fn layers_beside(
    shp: &Path,
    name: &str,
) -> Result<Vec<(LayerSet, sprite_data::layer::LayerDocument)>> {
    let folder = Originals::folder(folder_of(shp));
    let mut built = Vec::new();
    for kind in [weapon_layer_of(name), LayerSet::Eff1] {
        let (layer_shp, layer_seq) = kind.files();
        if folder.contains(layer_shp) && folder.contains(layer_seq) {
            built.push((kind, build_layer_from(&folder, kind)?));
        }
    }
    Ok(built)
}

/// For each sequence of `document`, the text line of the command each step shows: its slot run
/// again ([`Program::execute`], the builder's own run, one step per frame command executed).
/// A sequence whose run cannot be matched step for step gets no lines.
pub fn step_lines(assembly: &text::Assembly, document: &sprite_data::Document) -> Vec<Vec<usize>> {
    let text::Model::Seq { seq, .. } = &assembly.model else {
        return Vec::new();
    };
    lines_of_steps(seq, &assembly.command_lines, document)
}

/// [`step_lines`] of a SEQ assembled elsewhere: `command_lines`, the line (from 1) each of its
/// commands was read from, in command order (`text::Assembly::command_lines`).
pub fn lines_of_steps(
    seq: &Seq,
    command_lines: &[usize],
    document: &sprite_data::Document,
) -> Vec<Vec<usize>> {
    let program = Program::new(seq);
    document
        .sequences
        .iter()
        .map(|sequence| {
            let Ok(timeline) = program.execute(sequence.raw) else {
                return Vec::new();
            };
            if timeline.frames.len() != sequence.frames.len() {
                return Vec::new();
            }
            timeline
                .commands
                .iter()
                .map(|&c| command_lines.get(c).copied().unwrap_or(0))
                .collect()
        })
        .collect()
}
