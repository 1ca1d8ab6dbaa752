//! The digest of what a server serves ([`Served::digest`]): a reload with the same digest changed
//! nothing a client could see, and is not announced.
//!
//! It is made from every input the state holds, not from a list of the ones thought to matter:
//! each part of the state is taken apart field by field, with no `..`, so that a field added to
//! the state does not compile here until it is fed to the digest or said to be derived from one
//! that is. (A list once left out the HD pair, the weapons sheet's bytes, the SAS sets and the
//! layer documents, and a watched server kept serving the old pictures of each.)

use sha2::{Digest, Sha256};

use super::{
    Catalog, SasCatalog, Served, ServedSet, ServedSheet, ServedUnit, SourceText, UnitLayers,
};
use crate::charclut::ServedClut;
use crate::hd::HdPairFiles;
use crate::read::InputFile;
use crate::sheets::{SasSheet, Sheet, WeaponSheet};

/// The hex sha256 of everything `served` serves.
pub(super) fn of_served(served: &Served) -> String {
    let Served {
        catalog,
        sas,
        // Said once before serving, never served to a client; a notice is given exactly when
        // the demo is served, which the catalog says.
        notice: _,
        warning,
    } = served;
    let mut feed = Feed(Sha256::new());
    of_catalog(&mut feed, catalog);
    of_sas(&mut feed, sas);
    feed.optional(warning.as_ref(), |feed, w| feed.text(w));
    feed.0
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Parts fed one after the other, each with its length (or its count, or whether it is there)
/// before it, so that no two different states feed the same bytes.
struct Feed(Sha256);

impl Feed {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
    }

    fn text(&mut self, text: &str) {
        self.bytes(text.as_bytes());
    }

    fn number(&mut self, n: usize) {
        self.0.update((n as u64).to_le_bytes());
    }

    fn optional<T>(&mut self, value: Option<&T>, each: impl FnOnce(&mut Feed, &T)) {
        self.0.update([u8::from(value.is_some())]);
        if let Some(value) = value {
            each(self, value);
        }
    }

    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Feed, &T)) {
        self.number(items.len());
        for item in items {
            each(self, item);
        }
    }

    /// A decoded value with no bytes of its own: its encoding, else (it does not encode, which
    /// a decoded file always does) its every field as `Debug` writes them.
    fn encoded<T: std::fmt::Debug, E>(
        &mut self,
        value: &T,
        encode: impl FnOnce(&T) -> Result<Vec<u8>, E>,
    ) {
        match encode(value) {
            Ok(bytes) => self.bytes(&bytes),
            Err(_) => self.text(&format!("{value:?}")),
        }
    }
}

fn of_catalog(feed: &mut Feed, catalog: &Catalog) {
    let Catalog {
        units,
        weapon_sheet,
        charclut,
    } = catalog;
    feed.list(units, of_unit);
    feed.optional(weapon_sheet.as_ref(), |feed, sheet| {
        let WeaponSheet { file, spr } = sheet;
        feed.text(file);
        feed.encoded(spr, |spr| spr.encode());
    });
    feed.optional(charclut.as_ref(), |feed, served| {
        let ServedClut {
            file,
            how,
            // Decoded from `file`'s bytes.
            clut: _,
        } = served;
        of_file(feed, file);
        feed.text(how);
    });
}

fn of_unit(feed: &mut Feed, unit: &ServedUnit) {
    let ServedUnit {
        name,
        bytes,
        // Parsed from `bytes`.
        document: _,
        origin,
        sheet,
        sp2,
        layers,
        hd,
        source,
        sheets,
        draws_kind,
    } = unit;
    feed.text(name);
    feed.bytes(bytes);
    feed.text(origin);
    feed.text(draws_kind.unwrap_or(""));
    of_sheet(feed, sheet);
    feed.optional(sp2.as_ref(), of_sheet);
    feed.optional(layers.as_ref(), |feed, layers| {
        let UnitLayers {
            weapon,
            effect,
            origin,
        } = layers;
        feed.bytes(&weapon.to_bytes());
        feed.bytes(&effect.to_bytes());
        feed.text(origin);
    });
    feed.optional(hd.as_ref(), of_hd);
    feed.optional(source.as_ref(), |feed, source| {
        let SourceText { file, text, steps } = source;
        feed.text(file);
        feed.text(text);
        feed.list(steps, |feed, lines| {
            feed.list(lines, |feed, &line| feed.number(line))
        });
    });
    feed.list(sheets, |feed, served| {
        let ServedSheet {
            name,
            sheet,
            sp2,
            hd,
        } = served;
        feed.text(name);
        of_sheet(feed, sheet);
        feed.optional(sp2.as_ref(), of_sheet);
        feed.optional(hd.as_ref(), of_hd);
    });
}

fn of_hd(feed: &mut Feed, hd: &HdPairFiles) {
    let HdPairFiles {
        upper,
        lower,
        pair,
        sp2,
    } = hd;
    of_file(feed, upper);
    of_file(feed, lower);
    feed.optional(sp2.as_ref(), of_file);
    feed.optional(pair.as_ref(), |feed, pair| {
        feed.text(pair.unit);
        feed.number(pair.upper as usize);
    });
}

fn of_sheet(feed: &mut Feed, sheet: &Sheet) {
    match sheet {
        Sheet::Spr {
            file,
            bytes,
            palettes,
        } => {
            feed.text("spr");
            feed.text(file);
            feed.bytes(bytes);
            feed.number(*palettes);
        }
        Sheet::Png { file, bytes } => {
            feed.text("png");
            feed.text(file);
            feed.bytes(bytes);
        }
        Sheet::Synthetic { bytes } => {
            feed.text("synthetic");
            feed.bytes(bytes);
        }
    }
}

fn of_file(feed: &mut Feed, file: &InputFile) {
    let InputFile { name, bytes } = file;
    feed.text(name);
    feed.bytes(bytes);
}

fn of_sas(feed: &mut Feed, sas: &SasCatalog) {
    let SasCatalog { sets, skipped } = sas;
    feed.list(sets, |feed, served| {
        let ServedSet {
            name,
            set,
            origin,
            sheet,
        } = served;
        feed.text(name);
        feed.encoded(set, |set| set.encode());
        feed.text(origin);
        feed.optional(sheet.as_ref(), |feed, sheet| {
            let SasSheet {
                file,
                bytes,
                // Decoded from `bytes`.
                image: _,
            } = sheet;
            feed.text(file);
            feed.bytes(bytes);
        });
    });
    feed.list(skipped, |feed, line| feed.text(line));
}
