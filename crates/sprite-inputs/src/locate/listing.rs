//! A folder's entries, listed for [`super::find_in_folder`]: each lookup lists the folder it
//! looks in, so that a file made there a moment ago is found; but a load that looks up every
//! sheet of a game folder (`serve`, some 160 names, each with its HD pair) would list the same
//! folder hundreds of times. Within [`listing_once`] each folder is listed once and its listing
//! kept until the work returns.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

thread_local! {
    /// The listings kept while [`listing_once`] runs on this thread; `None` when it does not.
    static KEPT: RefCell<Option<HashMap<PathBuf, Rc<[PathBuf]>>>> = const { RefCell::new(None) };
}

/// Runs `work` with each folder it looks in listed once, the first listing kept until `work`
/// returns (a file added to a folder meanwhile is not seen; a watched server loads again on a
/// change). A nested call shares the outer one's listings.
pub fn listing_once<T>(work: impl FnOnce() -> T) -> T {
    let outer = KEPT.with_borrow_mut(|kept| {
        let outer = kept.is_some();
        if !outer {
            *kept = Some(HashMap::new());
        }
        outer
    });
    let done = work();
    if !outer {
        KEPT.with_borrow_mut(|kept| *kept = None);
    }
    done
}

/// The paths of the entries of `dir`, ordered by name: kept ones within [`listing_once`], else
/// listed now; `None` when the folder cannot be read.
pub(super) fn entries(dir: &Path) -> Option<Rc<[PathBuf]>> {
    if let Some(kept) = KEPT.with_borrow(|kept| kept.as_ref()?.get(dir).cloned()) {
        return Some(kept);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    // One folder's entries: ordered by their names, which is their paths' order.
    entries.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let entries: Rc<[PathBuf]> = entries.into();
    KEPT.with_borrow_mut(|kept| {
        if let Some(kept) = kept.as_mut() {
            kept.insert(dir.to_path_buf(), Rc::clone(&entries));
        }
    });
    Some(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_listed_once_within_listing_once_and_anew_outside() {
        let dir = std::env::temp_dir().join(format!("listing-once-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("B.SPR"), b"b").unwrap();
        std::fs::write(dir.join("a.spr"), b"a").unwrap();
        let names = |entries: &[PathBuf]| -> Vec<String> {
            entries
                .iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect()
        };
        listing_once(|| {
            assert_eq!(names(&entries(&dir).unwrap()), ["B.SPR", "a.spr"]);
            std::fs::write(dir.join("C.SPR"), b"c").unwrap();
            // Kept: the file made since is not listed until the work is done.
            assert_eq!(entries(&dir).unwrap().len(), 2);
            listing_once(|| assert_eq!(entries(&dir).unwrap().len(), 2));
        });
        assert_eq!(names(&entries(&dir).unwrap()), ["B.SPR", "C.SPR", "a.spr"]);
        assert!(entries(&dir.join("none")).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
