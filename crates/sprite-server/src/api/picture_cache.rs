//! The sheet pictures a server has drawn (a sheet in one palette, its SP2, its HD pair), kept for
//! the next request in a cache bounded by bytes: with every sheet of a game served (about 160,
//! each with 16 palettes, and an HD pair four times the size), keeping each picture once made
//! would grow without a bound a client could not push past. The least recently used picture goes
//! first.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use sprite_render::sheet::SheetImage;

use crate::error::ApiError;

/// The most bytes of pictures kept: 64 HD pairs (2 MB each) or 256 SD sheets.
pub const PICTURE_CACHE_BYTES: u64 = 128 << 20;

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
    Sp2,
    Hd,
}

/// The pictures kept, most recently used first.
pub(crate) struct PictureCache {
    budget: u64,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    pictures: VecDeque<(PictureKey, Arc<SheetImage>)>,
    bytes: u64,
}

impl PictureCache {
    pub(crate) fn new(budget: u64) -> PictureCache {
        PictureCache {
            budget,
            kept: Mutex::new(Kept::default()),
        }
    }

    /// The picture `key`, made by `make` when it is not kept. A picture that does not make is
    /// the server's fault (its files were read when it started), and is not kept.
    pub(crate) fn get_or_make(
        &self,
        key: PictureKey,
        make: impl FnOnce() -> sprite_inputs::Result<SheetImage>,
    ) -> Result<Arc<SheetImage>, ApiError> {
        {
            let mut kept = self.lock();
            if let Some(found) = kept.take(key) {
                kept.keep(key, Arc::clone(&found), self.budget);
                return Ok(found);
            }
        }
        // Made outside the lock: two requests for the same picture may both make it, and the
        // second replaces the first.
        let made = make()
            .map(Arc::new)
            .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        self.lock().keep(key, Arc::clone(&made), self.budget);
        Ok(made)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
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

impl Kept {
    /// Removes and gives the picture `key`, when it is kept.
    fn take(&mut self, key: PictureKey) -> Option<Arc<SheetImage>> {
        let at = self.pictures.iter().position(|(k, _)| *k == key)?;
        let (_, picture) = self.pictures.remove(at)?;
        self.bytes -= bytes_of(&picture);
        Some(picture)
    }

    /// Keeps `picture` first, then lets the least recently used go until `budget` holds; a
    /// picture over the whole budget is not kept.
    fn keep(&mut self, key: PictureKey, picture: Arc<SheetImage>, budget: u64) {
        self.take(key);
        let size = bytes_of(&picture);
        if size > budget {
            return;
        }
        self.bytes += size;
        self.pictures.push_front((key, picture));
        while self.bytes > budget {
            match self.pictures.pop_back() {
                Some((_, gone)) => self.bytes -= bytes_of(&gone),
                None => break,
            }
        }
    }
}

/// The bytes a picture holds: 4 a pixel.
fn bytes_of(picture: &SheetImage) -> u64 {
    u64::from(picture.image.width()) * u64::from(picture.image.height()) * 4
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprite_render::Image;
    use sprite_render::sheet::{SheetScale, SheetSource};

    fn picture(width: u32) -> SheetImage {
        SheetImage {
            image: Image::new(width, 1),
            source: SheetSource::Png { indexed: false },
            scale: SheetScale::Sd,
        }
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
}
