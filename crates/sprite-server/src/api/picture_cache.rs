//! The sheet pictures a server has drawn (a sheet in one palette, its SP2, its HD pair), and the
//! PNGs it sent of them, kept for the next request in caches bounded by bytes: with every sheet
//! of a game served (about 160, each with 16 palettes, and an HD pair four times the size),
//! keeping each picture once made would grow without a bound a client could not push past. The
//! least recently used picture goes first. A reload (`serve --watch`) hands the next state the
//! pictures of files that did not change ([`PictureCache::keeping`]), so that a save of a text
//! decodes and encodes no sheet again.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use sprite_render::sheet::SheetImage;

use super::respond::Tagged;
use crate::error::ApiError;

/// The most bytes of pictures kept: 64 HD pairs (2 MB each) or 256 SD sheets.
pub const PICTURE_CACHE_BYTES: u64 = 128 << 20;

/// The most bytes of PNGs kept (a sheet's is some 40 KB, an HD pair's a few hundred).
pub const PNG_CACHE_BYTES: u64 = 32 << 20;

/// What a cache counts of what it keeps.
pub(crate) trait Weighed {
    /// The bytes it holds.
    fn bytes(&self) -> u64;
}

impl Weighed for Arc<SheetImage> {
    /// 4 a pixel.
    fn bytes(&self) -> u64 {
        u64::from(self.image.width()) * u64::from(self.image.height()) * 4
    }
}

impl Weighed for Tagged {
    fn bytes(&self) -> u64 {
        self.bytes.len() as u64
    }
}

/// Which picture: the unit, the sheet chosen (`None`: the kind's own), what is drawn, and in
/// which colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PictureKey {
    pub unit: usize,
    pub sheet: Option<usize>,
    pub drawn: Drawing,
    pub palette: usize,
    /// The CharCLUT variant one of Ramza's HD pairs is drawn in (`None`: the SPR's palette).
    pub variant: Option<i32>,
}

/// What a picture is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Drawing {
    Sheet,
    /// The sheet's portrait (its PNG only: `sheet.png?portrait=1`).
    Portrait,
    Sp2,
    Hd,
    /// The SP2 at twice the size that goes with the HD pair.
    HdSp2,
}

/// The pictures kept, most recently used first.
pub(crate) struct PictureCache<T> {
    budget: u64,
    kept: Mutex<Kept<T>>,
}

struct Kept<T> {
    pictures: VecDeque<(PictureKey, T)>,
    bytes: u64,
}

impl<T: Weighed + Clone> PictureCache<T> {
    pub(crate) fn new(budget: u64) -> PictureCache<T> {
        PictureCache {
            budget,
            kept: Mutex::new(Kept {
                pictures: VecDeque::new(),
                bytes: 0,
            }),
        }
    }

    /// The picture `key`, made by `make` when it is not kept. A picture that does not make is
    /// not kept.
    pub(crate) fn get_or_make(
        &self,
        key: PictureKey,
        make: impl FnOnce() -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        {
            let mut kept = self.lock();
            if let Some(found) = kept.take(key) {
                kept.keep(key, found.clone(), self.budget);
                return Ok(found);
            }
        }
        // Made outside the lock: two requests for the same picture may both make it, and the
        // second replaces the first.
        let made = make()?;
        self.lock().keep(key, made.clone(), self.budget);
        Ok(made)
    }

    /// A cache for the state a reload makes, holding the pictures of this one that `same` says
    /// are drawn from the same files there, in the same order.
    pub(crate) fn keeping(&self, same: impl Fn(&PictureKey) -> bool) -> PictureCache<T> {
        let kept = self.lock();
        let pictures: VecDeque<(PictureKey, T)> = kept
            .pictures
            .iter()
            .filter(|(key, _)| same(key))
            .cloned()
            .collect();
        let bytes = pictures.iter().map(|(_, picture)| picture.bytes()).sum();
        PictureCache {
            budget: self.budget,
            kept: Mutex::new(Kept { pictures, bytes }),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept<T>> {
        self.kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The bytes kept now.
    #[cfg(test)]
    fn bytes(&self) -> u64 {
        self.lock().bytes
    }
}

impl<T: Weighed> Kept<T> {
    /// Removes and gives the picture `key`, when it is kept.
    fn take(&mut self, key: PictureKey) -> Option<T> {
        let at = self.pictures.iter().position(|(k, _)| *k == key)?;
        let (_, picture) = self.pictures.remove(at)?;
        self.bytes -= picture.bytes();
        Some(picture)
    }

    /// Keeps `picture` first, then lets the least recently used go until `budget` holds; a
    /// picture over the whole budget is not kept.
    fn keep(&mut self, key: PictureKey, picture: T, budget: u64) {
        self.take(key);
        let size = picture.bytes();
        if size > budget {
            return;
        }
        self.bytes += size;
        self.pictures.push_front((key, picture));
        while self.bytes > budget {
            match self.pictures.pop_back() {
                Some((_, gone)) => self.bytes -= gone.bytes(),
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprite_render::Image;
    use sprite_render::sheet::{SheetScale, SheetSource};

    fn picture(width: u32) -> Arc<SheetImage> {
        Arc::new(SheetImage {
            image: Image::new(width, 1),
            source: SheetSource::Png { indexed: false },
            scale: SheetScale::Sd,
        })
    }

    fn key(unit: usize) -> PictureKey {
        PictureKey {
            unit,
            sheet: None,
            drawn: Drawing::Sheet,
            palette: 0,
            variant: None,
        }
    }

    /// A budget of three 100-byte pictures keeps the three used last, and makes again the one
    /// that went; one over the budget is made every time and never kept.
    #[test]
    fn keeps_the_pictures_used_last_within_its_bytes() {
        let cache = PictureCache::new(300);
        let made = std::cell::Cell::new(0);
        let get = |unit: usize, width: u32| {
            cache
                .get_or_make(key(unit), || {
                    made.set(made.get() + 1);
                    Ok(picture(width))
                })
                .unwrap()
        };
        for unit in [0, 1, 2, 0, 3] {
            get(unit, 25);
        }
        // 0, 1, 2 made; 0 found; 3 made and 1 (the least recently used) let go.
        assert_eq!(made.get(), 4);
        assert_eq!(cache.bytes(), 300);
        get(0, 25);
        get(2, 25);
        assert_eq!(made.get(), 4);
        get(1, 25);
        assert_eq!(made.get(), 5);
        get(9, 76);
        get(9, 76);
        assert_eq!(made.get(), 7);
        assert!(cache.bytes() <= 300);
    }

    /// The cache a reload hands on keeps the pictures of the keys said to be the same, their
    /// bytes counted, and no other: one asked again there is found, another made.
    #[test]
    fn a_reload_keeps_only_the_pictures_said_to_be_the_same() {
        let cache = PictureCache::new(300);
        for unit in [0, 1, 2] {
            cache.get_or_make(key(unit), || Ok(picture(25))).unwrap();
        }
        let next = cache.keeping(|key| key.unit != 1);
        assert_eq!(next.bytes(), 200);
        let made = std::cell::Cell::new(0);
        for unit in [0, 1, 2] {
            next.get_or_make(key(unit), || {
                made.set(made.get() + 1);
                Ok(picture(25))
            })
            .unwrap();
        }
        assert_eq!(made.get(), 1, "only unit 1's made again");
    }
}
