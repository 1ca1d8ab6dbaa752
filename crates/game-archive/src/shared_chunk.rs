//! Files inside a shared GDeflate chunk: the chunk's compressed bytes kept while its files are
//! read, and its tiles decoded as the files ask for them, each once: when a file needs a tile
//! not yet decoded, the tiles it and the files after it need are decoded together, up to
//! [`TILES_AHEAD`] (the tiles of one file at least), on several threads; a tile is dropped
//! once no file still to be read needs it. The tile the last file ends in is kept for the next
//! file, which starts in it when the files are read in the archive's order.

use std::ops::Range;

use crate::gdeflate::{GdeflateError, TILE_LEN, TileStream};

/// The most tiles a group of files read together may need in all (4 MiB, the largest shared
/// chunk the game's packer writes), which bounds the work of choosing the tiles to decode.
pub(crate) const GROUP_TILES: usize = 64;

/// The tiles decoded at once ahead of the files that need them (1 MiB): enough that each
/// thread has several to decode for one start, few enough that they stay in the processor's
/// cache until their files are cut from them.
const TILES_AHEAD: usize = 16;

/// A shared chunk's compressed bytes, and the tiles decoded and still wanted.
#[derive(Debug)]
pub(crate) struct ChunkCache {
    /// The chunk's record's offset, which names it.
    pub record: u64,
    pub stream: Vec<u8>,
    /// Decoded tiles, by number, in order.
    tiles: Vec<(usize, Vec<u8>)>,
}

/// The tiles bytes `range` of a chunk's output lie in.
pub(crate) fn tiles_of(range: &Range<usize>) -> Range<usize> {
    if range.is_empty() {
        return 0..0;
    }
    range.start / TILE_LEN..(range.end - 1) / TILE_LEN + 1
}

impl ChunkCache {
    pub(crate) fn new(record: u64, stream: Vec<u8>) -> Self {
        Self {
            record,
            stream,
            tiles: Vec::new(),
        }
    }

    /// Bytes `ranges[0]` of the chunk's output (which decodes to `len` bytes), `ranges[1..]`
    /// being the files to be read after it; and how many tiles were decoded for it. The
    /// stream's header is checked whatever the ranges.
    ///
    /// # Errors
    /// The stream's header, or the first tile in order that cannot be decoded.
    pub(crate) fn cut(
        &mut self,
        len: usize,
        ranges: &[Range<usize>],
    ) -> Result<(Vec<u8>, usize), GdeflateError> {
        let stream = TileStream::open(&self.stream, len)?;
        let Some(range) = ranges.first() else {
            return Ok((Vec::new(), 0));
        };
        let mut decoded = 0;
        if tiles_of(range).any(|tile| !self.holds(tile)) {
            // The tiles still wanted, in the order they are first wanted.
            let mut seen = vec![false; len.div_ceil(TILE_LEN)];
            let mut wanted: Vec<usize> = Vec::new();
            for tile in ranges.iter().flat_map(tiles_of) {
                if let Some(seen @ false) = seen.get_mut(tile) {
                    *seen = true;
                    wanted.push(tile);
                }
            }
            self.tiles
                .retain(|(tile, _)| seen.get(*tile) == Some(&true));
            // This file's missing tiles come first (its tiles are the first wanted), then the
            // next files' up to the batch's size.
            let missing: Vec<usize> = wanted
                .into_iter()
                .filter(|&tile| !self.holds(tile))
                .collect();
            let own = tiles_of(range).filter(|&tile| !self.holds(tile)).count();
            let batch = &missing[..missing.len().min(own.max(TILES_AHEAD))];
            // Zeros first: a match may read bytes another lane's match has yet to write.
            let mut rooms: Vec<(usize, Vec<u8>)> = batch
                .iter()
                .map(|&tile| (tile, vec![0; stream.tile_len(tile)]))
                .collect();
            let mut jobs: Vec<(usize, &mut [u8])> = rooms
                .iter_mut()
                .map(|(tile, room)| (*tile, &mut room[..]))
                .collect();
            stream.decode_tiles(&mut jobs)?;
            decoded = rooms.len();
            self.tiles.extend(rooms);
            self.tiles.sort_unstable_by_key(|(tile, _)| *tile);
        }
        let mut out = Vec::with_capacity(range.len());
        for (tile, bytes) in &self.tiles {
            let start = tile * TILE_LEN;
            let end = start + bytes.len();
            if start < range.end && range.start < end {
                let part = range.start.max(start) - start..range.end.min(end) - start;
                out.extend_from_slice(&bytes[part]);
            }
        }
        Ok((out, decoded))
    }

    /// Keeps only tile `tile`, if it is decoded: the one the next file starts in.
    pub(crate) fn keep_only(&mut self, tile: usize) {
        self.tiles.retain(|(t, _)| *t == tile);
    }

    fn holds(&self, tile: usize) -> bool {
        self.tiles.binary_search_by_key(&tile, |(t, _)| *t).is_ok()
    }
}
