//! SPR, the sprite sheets (docs/formats/spr.md): 16-colour palettes and a
//! 256-pixel-wide image of 4-bit palette indices, part of it stored raw and part run-length
//! compressed.
//!
//! One model covers every layout the retail files use ([`SprVariant`]); each variant is a list of
//! sections in file order ([`Section`]), which `read.rs` and `write.rs` walk the same way. The
//! palettes are kept as the raw 16-bit words (STP bit included), the image as one index per pixel
//! in screen order, and zero bytes after the pixel data as a count, so that encoding a decoded
//! file gives its bytes back.

pub mod compression;
mod read;
pub(crate) mod record;
mod write;

/// Width of every sheet in pixels.
pub const WIDTH: usize = 256;
/// Colours in one palette.
pub const PALETTE_COLOURS: usize = 16;
/// Bytes of one stored colour (a little-endian u16 word).
pub const COLOUR_BYTES: usize = 2;
/// Bytes of one stored palette (16 little-endian u16 words).
pub const PALETTE_BYTES: usize = COLOUR_BYTES * PALETTE_COLOURS;
/// Bytes of one raw 4 bpp row (two pixels per byte, low nibble left).
pub const ROW_BYTES: usize = WIDTH / 2;

/// Width and height of the unit sheet a document's cells are cut from: a standard sheet.
pub const SHEET_SIZE: (usize, usize) = (WIDTH, SprVariant::Standard.height());
/// Width and height of an SP2 sheet, which the game loads where the unit sheet's lower half was.
pub const SP2_SIZE: (usize, usize) = (WIDTH, SprVariant::Sp2.height());
/// The portrait as stored: a 48 x 32 block, the picture turned a quarter turn clockwise.
pub const PORTRAIT_STORED: (usize, usize) = (48, 32);

/// One palette as stored: u16 words with R in bits 0-4, G in 5-9, B in 10-14, STP in bit 15.
pub type Palette = [u16; PALETTE_COLOURS];

/// The layouts of the retail sheets (docs/formats/spr.md 4.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SprVariant {
    /// A unit sheet (RAMUZA, generics, most monsters): 16 palettes, image rows 0-255 raw, the
    /// 32-row band of body parts and the portrait (image rows 456-487) raw, then rows 256-455
    /// compressed. 256 x 488.
    Standard,
    /// An event NPC sheet (10M, 20W, CYOMON1, FURAIA, ...): 16 palettes and 288 raw rows, the
    /// portrait band at rows 256-287, no compressed rows. Retail files end with one 0x00 byte
    /// (held in [`Spr::padding`]). 256 x 288.
    Short,
    /// DAMI, KASANEK, KASANEM: 16 palettes, 256 raw rows, then 256 compressed rows starting at
    /// 0x8200, with no band. 256 x 512.
    Tall,
    /// An extra monster sheet (BEHI2, IRON3, ...): 256 raw rows and no palette; it uses the base
    /// sheet's palettes and sits below it. 256 x 256.
    Sp2,
    /// The OTHER sheet (chicken, frog, chest, crystal): 32 palettes, 256 raw rows. 256 x 256.
    Other,
    /// The weapons sheet WEP.SPR: three blocks, each 16 palettes and raw rows: weapons (image
    /// rows 0-255, palettes 0-15; WEP1/WEP2 SHP), effects (rows 256-511, palettes 16-31;
    /// EFF1/EFF2 SHP) and traps (rows 512-655, palettes 32-47). 256 x 656.
    Weapons,
}

/// One part of a variant's file, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// This many palettes of [`PALETTE_BYTES`] each.
    Palettes(usize),
    /// Image rows `first..end`, raw 4 bpp.
    Raw { first: usize, end: usize },
    /// Image rows `first..end`, compressed ([`compression`]); runs to the end of the stream.
    Compressed { first: usize, end: usize },
}

/// A group of palettes and the raw image rows stored right after them, which are drawn with
/// those palettes: the three blocks of the weapons sheet ([`SprVariant::blocks`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetBlock {
    /// The block's first palette.
    pub first_palette: usize,
    /// How many palettes it has.
    pub palettes: usize,
    /// Its first image row.
    pub first_row: usize,
    /// One past its last image row.
    pub end_row: usize,
}

impl SheetBlock {
    /// The block's height in rows.
    pub fn height(&self) -> usize {
        self.end_row - self.first_row
    }
}

impl Section {
    /// The section's size in bytes, or `None` for compressed rows, whose size depends on the
    /// pixels.
    pub const fn fixed_len(self) -> Option<usize> {
        match self {
            Self::Palettes(count) => Some(count * PALETTE_BYTES),
            Self::Raw { first, end } => Some((end - first) * ROW_BYTES),
            Self::Compressed { .. } => None,
        }
    }
}

impl SprVariant {
    /// Every variant.
    pub const ALL: [Self; 6] = [
        Self::Standard,
        Self::Short,
        Self::Tall,
        Self::Sp2,
        Self::Other,
        Self::Weapons,
    ];

    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::Short => "short",
            Self::Tall => "tall",
            Self::Sp2 => "sp2",
            Self::Other => "other",
            Self::Weapons => "weapons",
        }
    }

    /// The file's sections in file order.
    pub const fn sections(self) -> &'static [Section] {
        use Section::{Compressed, Palettes, Raw};
        match self {
            Self::Standard => &[
                Palettes(16),
                Raw { first: 0, end: 256 },
                // The band is stored before the compressed rows but drawn below them.
                Raw {
                    first: 456,
                    end: 488,
                },
                Compressed {
                    first: 256,
                    end: 456,
                },
            ],
            Self::Short => &[Palettes(16), Raw { first: 0, end: 288 }],
            Self::Tall => &[
                Palettes(16),
                Raw { first: 0, end: 256 },
                Compressed {
                    first: 256,
                    end: 512,
                },
            ],
            Self::Sp2 => &[Raw { first: 0, end: 256 }],
            Self::Other => &[Palettes(32), Raw { first: 0, end: 256 }],
            Self::Weapons => &[
                Palettes(16),
                Raw { first: 0, end: 256 },
                Palettes(16),
                Raw {
                    first: 256,
                    end: 512,
                },
                Palettes(16),
                Raw {
                    first: 512,
                    end: 656,
                },
            ],
        }
    }

    /// The zero bytes a retail file of this layout ends with: one after a short sheet, none
    /// after the others (what a sheet made from a picture alone is given).
    pub const fn retail_padding(self) -> usize {
        match self {
            Self::Short => 1,
            Self::Standard | Self::Tall | Self::Sp2 | Self::Other | Self::Weapons => 0,
        }
    }

    /// Image height in pixels.
    pub const fn height(self) -> usize {
        match self {
            Self::Standard => 488,
            Self::Short => 288,
            Self::Tall => 512,
            Self::Sp2 | Self::Other => 256,
            Self::Weapons => 656,
        }
    }

    /// Where the portrait is stored on a sheet of this variant: `(x, y)` of its
    /// [`PORTRAIT_STORED`] block (docs/formats/spr.md 4.4), or `None` for a layout without
    /// one.
    pub const fn portrait_origin(self) -> Option<(usize, usize)> {
        match self {
            Self::Standard => Some((80, 456)),
            Self::Short => Some((80, 256)),
            Self::Tall | Self::Sp2 | Self::Other | Self::Weapons => None,
        }
    }

    /// Bytes of the sections whose size is fixed (palettes and raw rows): the whole file for a
    /// variant without compressed rows.
    pub const fn fixed_len(self) -> usize {
        let sections = self.sections();
        let mut len = 0;
        let mut i = 0;
        while i < sections.len() {
            if let Some(section_len) = sections[i].fixed_len() {
                len += section_len;
            }
            i += 1;
        }
        len
    }

    /// Where palette `index` is stored in the file, or `None` when the variant stores fewer.
    /// (The weapons sheet stores its palettes in three groups between its rows.)
    pub fn palette_at(self, index: usize) -> Option<usize> {
        let mut at = 0;
        let mut first = 0;
        for section in self.sections() {
            if let Section::Palettes(count) = *section {
                if index < first + count {
                    return Some(at + (index - first) * PALETTE_BYTES);
                }
                first += count;
            }
            // No layout stores palettes after its compressed rows, whose length varies.
            at += section.fixed_len()?;
        }
        None
    }

    /// Each group of palettes with the raw rows stored right after it, in file order (for the
    /// weapons sheet: weapons, effects, traps).
    pub fn blocks(self) -> Vec<SheetBlock> {
        let mut blocks = Vec::new();
        let mut first_palette = 0;
        for pair in self.sections().windows(2) {
            match pair {
                [Section::Palettes(count), Section::Raw { first, end }] => {
                    blocks.push(SheetBlock {
                        first_palette,
                        palettes: *count,
                        first_row: *first,
                        end_row: *end,
                    });
                    first_palette += count;
                }
                [Section::Palettes(count), _] => first_palette += count,
                _ => {}
            }
        }
        blocks
    }

    /// How many palettes the file stores.
    pub fn palette_count(self) -> usize {
        self.sections()
            .iter()
            .map(|s| match s {
                Section::Palettes(n) => *n,
                _ => 0,
            })
            .sum()
    }
}

impl std::fmt::Display for SprVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A decoded sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spr {
    /// The layout.
    pub variant: SprVariant,
    /// The palettes as stored, `variant.palette_count()` of them. Standard sheets: 0-7 for the
    /// unit, 8-15 for the portrait.
    pub palettes: Vec<Palette>,
    /// Palette indices 0-15, row by row, `WIDTH * variant.height()` of them.
    pub pixels: Vec<u8>,
    /// Zero bytes after the pixel data: 1 in the retail short sheets, 0 in the other retail
    /// sheets; sector padding in files cut from a disc image. [`Spr::decode`] knows SP2 and
    /// OTHER sheets by their exact size, so padded ones need [`Spr::decode_as`].
    pub padding: usize,
}

impl Spr {
    /// A sheet of the given layout with every palette word and pixel 0 and no padding.
    pub fn blank(variant: SprVariant) -> Self {
        Self {
            variant,
            palettes: vec![[0; PALETTE_COLOURS]; variant.palette_count()],
            pixels: vec![0; WIDTH * variant.height()],
            padding: 0,
        }
    }

    /// Image width in pixels (always [`WIDTH`]).
    pub fn width(&self) -> usize {
        WIDTH
    }

    /// Image height in pixels.
    pub fn height(&self) -> usize {
        self.variant.height()
    }

    /// The palette index at `(x, y)`.
    ///
    /// # Panics
    /// When `(x, y)` is outside the image.
    pub fn pixel(&self, x: usize, y: usize) -> u8 {
        assert!(
            x < WIDTH && y < self.height(),
            "pixel ({x}, {y}) is outside the {WIDTH} x {} sheet",
            self.height()
        );
        self.pixels[y * WIDTH + x]
    }

    /// Palette `palette_index` as RGBA: each 5-bit channel expanded to `v * 255 / 31` rounded,
    /// alpha 0 for index 0 (transparent) and 255 for the others. The STP bit is not shown; the
    /// raw words are in [`Spr::palettes`].
    ///
    /// # Panics
    /// When the sheet has no palette `palette_index` (SP2 sheets have none).
    pub fn palette_rgba(&self, palette_index: usize) -> [[u8; 4]; PALETTE_COLOURS] {
        let palette = self.palettes.get(palette_index).unwrap_or_else(|| {
            panic!(
                "palette {palette_index} of a {} sheet, which has {}",
                self.variant,
                self.palettes.len()
            )
        });
        palette_rgba(palette)
    }
}

/// A palette as RGBA, as [`Spr::palette_rgba`] gives it.
pub fn palette_rgba(palette: &Palette) -> [[u8; 4]; PALETTE_COLOURS] {
    let mut out = [[0; 4]; PALETTE_COLOURS];
    for (i, (rgba, word)) in out.iter_mut().zip(palette).enumerate() {
        *rgba = colour_rgba(*word);
        if i == 0 {
            rgba[3] = 0;
        }
    }
    out
}

/// Bit 15 of a colour word: the PlayStation's semi-transparency (STP) flag, which no RGB colour
/// shows.
pub const STP_BIT: u16 = 0x8000;

/// The colour word nearest to an 8-bit RGB colour: each channel to 5 bits, rounded, STP clear.
/// It undoes [`colour_rgba`]: `colour_word(colour_rgba(w)) == w & !STP_BIT` for every word.
pub fn colour_word([r, g, b]: [u8; 3]) -> u16 {
    // At most 255 * 31 + 127 = 8032; the quotient at most 31.
    let channel = |c: u8| (u16::from(c) * 31 + 127) / 255;
    channel(r) | (channel(g) << 5) | (channel(b) << 10)
}

/// One colour word as opaque RGBA, each 5-bit channel expanded to `(v * 255 + 15) / 31`.
pub fn colour_rgba(word: u16) -> [u8; 4] {
    let channel = |shift: u16| {
        let v = (word >> shift) & 0x1F;
        // At most 31 * 255 + 15 = 7920, and the quotient at most 255.
        ((v * 255 + 15) / 31) as u8
    };
    [channel(0), channel(5), channel(10), 0xFF]
}
