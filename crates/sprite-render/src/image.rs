//! A plain RGBA picture: what sheets are decoded to and frames are drawn into. Rows top to bottom,
//! one `[r, g, b, a]` per pixel, straight (not premultiplied) alpha.

/// A colour, `[r, g, b, a]`.
pub type Rgba = [u8; 4];

/// Fully transparent black.
pub const TRANSPARENT: Rgba = [0, 0, 0, 0];

/// An RGBA picture.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    pixels: Vec<Rgba>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The pixels would fill a terminal; a test failure wants the size.
        write!(f, "Image({} x {})", self.width, self.height)
    }
}

impl Image {
    /// A transparent picture.
    pub fn new(width: u32, height: u32) -> Self {
        Self::filled(width, height, TRANSPARENT)
    }

    /// A picture of one colour.
    pub fn filled(width: u32, height: u32, colour: Rgba) -> Self {
        Self {
            width,
            height,
            pixels: vec![colour; width as usize * height as usize],
        }
    }

    /// A picture from its pixels, `width * height` of them row by row, else `None`.
    pub fn from_pixels(width: u32, height: u32, pixels: Vec<Rgba>) -> Option<Self> {
        (pixels.len() == width as usize * height as usize).then_some(Self {
            width,
            height,
            pixels,
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels row by row.
    pub fn pixels(&self) -> &[Rgba] {
        &self.pixels
    }

    /// The pixels as bytes, `r g b a` row by row (what PNG and GIF encoders take).
    pub fn to_rgba_bytes(&self) -> Vec<u8> {
        self.as_rgba_bytes().to_vec()
    }

    /// The pixels as bytes, `r g b a` row by row, without a copy: what the encoders read.
    pub fn as_rgba_bytes(&self) -> &[u8] {
        self.pixels.as_flattened()
    }

    /// The pixel at `(x, y)`, transparent outside the picture.
    pub fn get(&self, x: i64, y: i64) -> Rgba {
        self.index(x, y).map_or(TRANSPARENT, |i| self.pixels[i])
    }

    /// Sets the pixel at `(x, y)`; nothing outside the picture.
    pub fn set(&mut self, x: i64, y: i64, colour: Rgba) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = colour;
        }
    }

    /// Draws `colour` over the pixel at `(x, y)` (source over); nothing outside the picture.
    pub fn paint(&mut self, x: i64, y: i64, colour: Rgba) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = over(colour, self.pixels[i]);
        }
    }

    fn index(&self, x: i64, y: i64) -> Option<usize> {
        let x = usize::try_from(x)
            .ok()
            .filter(|&x| x < self.width as usize)?;
        let y = usize::try_from(y)
            .ok()
            .filter(|&y| y < self.height as usize)?;
        Some(y * self.width as usize + x)
    }

    /// Draws the `w x h` rectangle of `src` at `(sx, sy)` over this picture with its top left at
    /// `(dx, dy)`, mirrored left for right when `flip_x` and upside down when `flip_y`. Pixels
    /// outside either picture are skipped.
    pub fn draw_rect(
        &mut self,
        src: &Image,
        (sx, sy): (i64, i64),
        (w, h): (u32, u32),
        (dx, dy): (i64, i64),
        (flip_x, flip_y): (bool, bool),
    ) {
        for row in 0..i64::from(h) {
            let from_row = if flip_y { i64::from(h) - 1 - row } else { row };
            for col in 0..i64::from(w) {
                let from = if flip_x { i64::from(w) - 1 - col } else { col };
                let colour = src.get(sx + from, sy + from_row);
                if colour[3] != 0 {
                    self.paint(dx + col, dy + row, colour);
                }
            }
        }
    }

    /// Draws the whole of `src` over this picture with its top left at `(dx, dy)`.
    pub fn draw_image(&mut self, src: &Image, dx: i64, dy: i64) {
        self.draw_rect(
            src,
            (0, 0),
            (src.width, src.height),
            (dx, dy),
            (false, false),
        );
    }

    /// Copies the whole of `src` into this picture at `(dx, dy)`, alpha included (no blending).
    pub fn copy_image(&mut self, src: &Image, dx: i64, dy: i64) {
        for y in 0..i64::from(src.height) {
            for x in 0..i64::from(src.width) {
                self.set(dx + x, dy + y, src.get(x, y));
            }
        }
    }

    /// The `w x h` rectangle at `(x, y)` as a picture of its own (transparent outside this one).
    pub fn crop(&self, x: i64, y: i64, w: u32, h: u32) -> Image {
        let mut out = Image::new(w, h);
        for row in 0..i64::from(h) {
            for col in 0..i64::from(w) {
                out.set(col, row, self.get(x + col, y + row));
            }
        }
        out
    }

    /// The smallest rectangle `(x, y, w, h)` holding every pixel that is not fully transparent,
    /// or `None` for a fully transparent picture.
    pub fn opaque_bounds(&self) -> Option<(u32, u32, u32, u32)> {
        let (mut left, mut top, mut right, mut bottom) = (u32::MAX, u32::MAX, 0, 0);
        for y in 0..self.height {
            for x in 0..self.width {
                if self.pixels[(y * self.width + x) as usize][3] != 0 {
                    left = left.min(x);
                    right = right.max(x + 1);
                    top = top.min(y);
                    bottom = bottom.max(y + 1);
                }
            }
        }
        (left != u32::MAX).then(|| (left, top, right - left, bottom - top))
    }

    /// The picture `k` times larger, each pixel a `k x k` block (nearest neighbour).
    pub fn scaled(&self, k: u32) -> Image {
        if k == 1 {
            return self.clone();
        }
        let (w, h) = (self.width * k, self.height * k);
        let mut pixels = Vec::with_capacity(w as usize * h as usize);
        for y in 0..h {
            let row = (y / k * self.width) as usize;
            for x in 0..w {
                pixels.push(self.pixels[row + (x / k) as usize]);
            }
        }
        Image {
            width: w,
            height: h,
            pixels,
        }
    }

    /// [`Image::scaled`] on `background`, in one pass: one new picture, not two.
    pub fn scaled_on(&self, k: u32, background: Background) -> Image {
        let (w, h) = (self.width * k, self.height * k);
        let mut pixels = Vec::with_capacity(w as usize * h as usize);
        for row in self.rows() {
            let start = pixels.len();
            for &p in row {
                let p = background.under(p);
                pixels.extend(std::iter::repeat_n(p, k as usize));
            }
            let end = pixels.len();
            for _ in 1..k {
                pixels.extend_from_within(start..end);
            }
        }
        Image {
            width: w,
            height: h,
            pixels,
        }
    }

    /// The rows of pixels, top to bottom (none for a picture of no width).
    pub fn rows(&self) -> impl Iterator<Item = &[Rgba]> {
        self.pixels.chunks_exact(self.width.max(1) as usize)
    }

    /// The picture drawn over a background of `colour`.
    pub fn on_background(&self, colour: Rgba) -> Image {
        Image {
            width: self.width,
            height: self.height,
            pixels: self.pixels.iter().map(|&p| over(p, colour)).collect(),
        }
    }
}

/// `top` drawn over `bottom` (source over, straight alpha, rounded).
pub fn over(top: Rgba, bottom: Rgba) -> Rgba {
    match top[3] {
        255 => top,
        0 => bottom,
        ta => {
            let ta = u32::from(ta);
            let ba = u32::from(bottom[3]) * (255 - ta) / 255;
            let a = ta + ba;
            let mut out = [0; 4];
            for c in 0..3 {
                let v = (u32::from(top[c]) * ta + u32::from(bottom[c]) * ba + a / 2) / a;
                out[c] = v.min(255) as u8;
            }
            out[3] = a.min(255) as u8;
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_rect_flips_and_clips() {
        let src =
            Image::from_pixels(3, 1, vec![[1, 0, 0, 255], [2, 0, 0, 255], [3, 0, 0, 255]]).unwrap();
        let mut dst = Image::new(4, 1);
        dst.draw_rect(&src, (0, 0), (3, 1), (2, 0), (true, false));
        // Flipped: 3 2 1, the last one off the edge.
        assert_eq!(dst.get(2, 0)[0], 3);
        assert_eq!(dst.get(3, 0)[0], 2);
        assert_eq!(dst.get(1, 0), TRANSPARENT);
    }

    #[test]
    fn scaled_and_bounds() {
        let mut img = Image::new(4, 3);
        img.set(1, 2, [9, 9, 9, 255]);
        assert_eq!(img.opaque_bounds(), Some((1, 2, 1, 1)));
        let big = img.scaled(3);
        assert_eq!((big.width(), big.height()), (12, 9));
        assert_eq!(big.opaque_bounds(), Some((3, 6, 3, 3)));
        assert_eq!(Image::new(2, 2).opaque_bounds(), None);
    }

    #[test]
    fn scaled_on_a_background_is_the_background_then_the_scale() {
        let mut img = Image::new(3, 2);
        img.set(0, 0, [200, 10, 10, 255]);
        img.set(2, 1, [0, 0, 250, 128]);
        for background in [
            Background::Transparent,
            Background::Colour([9, 99, 199, 255]),
        ] {
            for k in [1, 2, 5] {
                assert_eq!(
                    img.scaled_on(k, background),
                    background.apply(&img).scaled(k)
                );
            }
        }
    }

    #[test]
    fn over_blends() {
        assert_eq!(over([10, 20, 30, 255], [0, 0, 0, 255]), [10, 20, 30, 255]);
        assert_eq!(over([0, 0, 0, 0], [1, 2, 3, 255]), [1, 2, 3, 255]);
        assert_eq!(over([255, 0, 0, 128], [0, 0, 255, 255]), [128, 0, 127, 255]);
    }
}

/// A background: transparent, or an opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Background {
    Transparent,
    Colour(Rgba),
}

impl Background {
    /// `image` on this background.
    pub fn apply(self, image: &Image) -> Image {
        match self {
            Background::Transparent => image.clone(),
            Background::Colour(colour) => image.on_background(colour),
        }
    }

    /// The pixel `p` on this background.
    pub fn under(self, p: Rgba) -> Rgba {
        match self {
            Background::Transparent => p,
            Background::Colour(colour) => over(p, colour),
        }
    }
}

impl std::str::FromStr for Background {
    type Err = String;

    /// `transparent`, or `#RRGGBB` (the `#` optional).
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("transparent") {
            return Ok(Background::Transparent);
        }
        let hex = s.strip_prefix('#').unwrap_or(s);
        if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits");
            return Ok(Background::Colour([
                channel(0),
                channel(2),
                channel(4),
                255,
            ]));
        }
        Err(format!(
            "{s:?} is neither `transparent` nor a colour #RRGGBB"
        ))
    }
}
