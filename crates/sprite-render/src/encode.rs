//! Writing pictures: PNG (RGBA and indexed), animated PNG with exact tick delays, and GIF with
//! centisecond delays whose rounding is carried so the total time stays right. Also the timing
//! arithmetic the Aseprite export shares: [`carried_durations`].

use std::collections::HashMap;
use std::io::Write;

use crate::cancel::Cancel;
use crate::error::RenderError;
use crate::image::{Background, Image, Rgba};

/// One frame of an animation to write: its picture and how long it shows, in ticks.
#[derive(Debug, Clone)]
pub struct TimedFrame<'a> {
    pub image: &'a Image,
    pub ticks: u32,
}

/// How many times an animation plays; `0` is forever (APNG `num_plays`).
pub type Plays = u32;

/// `image` as an 8-bit RGBA PNG.
///
/// # Errors
/// A PNG encoder error.
pub fn png_rgba(image: &Image) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, image.width(), image.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(image.as_rgba_bytes())?;
    writer.finish()?;
    Ok(out)
}

/// Rows of source pixels a still picture is scaled and encoded between two looks at its
/// [`Cancel`]: a few milliseconds of work.
const ROWS_BETWEEN_CHECKS: usize = 16;

/// The largest IDAT chunk [`png_scaled`] writes: large enough that a render's file is one chunk
/// or a few (a chunk costs 12 bytes), small enough to hold beside the picture. A small picture's
/// chunk is its raw size, no more, so that it does not set aside a megabyte for a few hundred
/// bytes.
const STREAM_CHUNK_BYTES: usize = 1 << 20;

/// `image` on `background`, every pixel a `scale x scale` block, as an 8-bit RGBA PNG: the
/// picture [`crate::render::finish`] makes, encoded a row at a time as it is scaled, so that the
/// scaled picture is never held (a still render at its largest scale is 256 times its drawing).
/// `cancel` is looked at every [`ROWS_BETWEEN_CHECKS`] rows.
///
/// # Errors
/// [`RenderError::Cancelled`], or a PNG encoder error. The caller checks the scaled size.
pub(crate) fn png_scaled(
    image: &Image,
    background: Background,
    scale: u32,
    cancel: &Cancel,
) -> Result<Vec<u8>, RenderError> {
    let k = scale.max(1);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, image.width() * k, image.height() * k);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    let row_bytes = image.width() as usize * k as usize * 4;
    let raw_bytes = (row_bytes + 1).saturating_mul(image.height() as usize * k as usize);
    let mut stream = writer.stream_writer_with_size(raw_bytes.clamp(1024, STREAM_CHUNK_BYTES))?;
    let mut row: Vec<u8> = Vec::with_capacity(row_bytes);
    for (y, source) in image.rows().enumerate() {
        if y % ROWS_BETWEEN_CHECKS == 0 {
            cancel.check()?;
        }
        row.clear();
        for &p in source {
            let p = background.under(p);
            for _ in 0..k {
                row.extend_from_slice(&p);
            }
        }
        for _ in 0..k {
            stream.write_all(&row).map_err(png::EncodingError::from)?;
        }
    }
    stream.finish()?;
    writer.finish()?;
    Ok(out)
}

/// An 8-bit indexed PNG of `indices` (one byte a pixel, row by row) with the colours of `palette`
/// as its PLTE, and a tRNS up to the last colour that is not opaque (none when all are).
///
/// # Errors
/// A PNG encoder error (also for a wrong number of indices).
pub fn png_indexed(
    width: u32,
    height: u32,
    indices: &[u8],
    palette: &[Rgba],
) -> Result<Vec<u8>, RenderError> {
    let plte: Vec<u8> = palette.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    let trns_len = palette
        .iter()
        .rposition(|c| c[3] != 255)
        .map_or(0, |i| i + 1);
    let trns: Vec<u8> = palette[..trns_len].iter().map(|c| c[3]).collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(plte);
    if !trns.is_empty() {
        encoder.set_trns(trns);
    }
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}

/// An animated PNG (APNG): every frame the whole canvas, each shown for exactly `ticks /
/// ticks_per_second` seconds (the fcTL delay is that fraction, not a rounded one), played `plays`
/// times (0 for ever). The default image is the first frame, so a viewer without APNG shows it.
///
/// # Errors
/// [`RenderError::NoFrames`], [`RenderError::FrameSizesDiffer`], a delay over 65535 ticks, or
/// a PNG encoder error.
pub fn apng(
    frames: &[TimedFrame<'_>],
    ticks_per_second: u16,
    plays: Plays,
) -> Result<Vec<u8>, RenderError> {
    apng_unless_cancelled(frames, ticks_per_second, plays, &Cancel::never())
}

/// [`apng`], looking at `cancel` before each frame.
///
/// # Errors
/// As [`apng`]; [`RenderError::Cancelled`].
pub(crate) fn apng_unless_cancelled(
    frames: &[TimedFrame<'_>],
    ticks_per_second: u16,
    plays: Plays,
    cancel: &Cancel,
) -> Result<Vec<u8>, RenderError> {
    let (width, height) = common_size(frames)?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_animated(frames.len() as u32, plays)?;
    // Each frame replaces the whole canvas, transparent pixels included.
    encoder.set_blend_op(png::BlendOp::Source)?;
    encoder.set_dispose_op(png::DisposeOp::None)?;
    let mut writer = encoder.write_header()?;
    for frame in frames {
        cancel.check()?;
        let delay = u16::try_from(frame.ticks).map_err(|_| RenderError::DelayTooLong {
            ticks: frame.ticks.into(),
            max: u16::MAX.into(),
        })?;
        writer.set_frame_delay(delay, ticks_per_second)?;
        writer.write_image_data(frame.image.as_rgba_bytes())?;
    }
    writer.finish()?;
    Ok(out)
}

/// The size every frame of an animation shares.
fn common_size(frames: &[TimedFrame<'_>]) -> Result<(u32, u32), RenderError> {
    let first = frames.first().ok_or(RenderError::NoFrames)?.image;
    let size = (first.width(), first.height());
    if frames
        .iter()
        .any(|f| (f.image.width(), f.image.height()) != size)
    {
        return Err(RenderError::FrameSizesDiffer);
    }
    Ok(size)
}

/// Whole-unit durations for frames of `ticks` each, at `ticks_per_second`, in units of
/// `1 / units_per_second` s: the end of each frame is rounded (halves up) from its exact time and
/// each duration is the difference, so the error never builds up. Every duration is within one
/// unit of its exact value and the total within half a unit of the exact total.
pub fn carried_durations(ticks: &[u32], ticks_per_second: u32, units_per_second: u32) -> Vec<u64> {
    let tps = u64::from(ticks_per_second.max(1));
    let ups = u64::from(units_per_second);
    let mut elapsed = 0u64;
    let mut previous_end = 0u64;
    ticks
        .iter()
        .map(|&t| {
            elapsed += u64::from(t);
            let end = (elapsed * ups * 2 + tps) / (2 * tps);
            let duration = end - previous_end;
            previous_end = end;
            duration
        })
        .collect()
}

/// A GIF of `frames`, each shown for its ticks as centiseconds ([`carried_durations`] at 100 a
/// second), played `plays` times: a NETSCAPE loop count for ever (0) or `plays - 1` repeats,
/// none for once. Transparent pixels stay transparent (each frame is disposed to the
/// background). Frames with 256 colours or fewer, transparency counted as one, are written
/// exactly with one global palette; more colours are quantized per frame.
///
/// Browsers show a delay under 2 cs as 10 cs; the ticks of the sprite data are whole
/// multiples of 2 (3.3 cs), so this does not arise there.
///
/// # Errors
/// [`RenderError::NoFrames`], [`RenderError::FrameSizesDiffer`], frames too large, or a GIF
/// encoder error.
pub fn gif(
    frames: &[TimedFrame<'_>],
    ticks_per_second: u32,
    plays: Plays,
) -> Result<Vec<u8>, RenderError> {
    gif_unless_cancelled(frames, ticks_per_second, plays, &Cancel::never())
}

/// [`gif`], looking at `cancel` before each frame.
///
/// # Errors
/// As [`gif`]; [`RenderError::Cancelled`].
pub(crate) fn gif_unless_cancelled(
    frames: &[TimedFrame<'_>],
    ticks_per_second: u32,
    plays: Plays,
    cancel: &Cancel,
) -> Result<Vec<u8>, RenderError> {
    let (width, height) = common_size(frames)?;
    let (w, h) = match (u16::try_from(width), u16::try_from(height)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => {
            return Err(RenderError::TooLarge {
                width: width.into(),
                height: height.into(),
                limit: u64::from(u16::MAX) * u64::from(u16::MAX),
            });
        }
    };
    let ticks: Vec<u32> = frames.iter().map(|f| f.ticks).collect();
    let delays = carried_durations(&ticks, ticks_per_second, 100);
    let palette = global_palette(frames.iter().map(|f| f.image));

    let mut out = Vec::new();
    {
        let global: Vec<u8> = palette
            .as_ref()
            .map(|p| p.colours.iter().flat_map(|c| [c[0], c[1], c[2]]).collect())
            .unwrap_or_default();
        let mut encoder = gif::Encoder::new(&mut out, w, h, &global)?;
        match plays {
            0 => encoder.set_repeat(gif::Repeat::Infinite)?,
            1 => {}
            n => encoder.set_repeat(gif::Repeat::Finite(
                u16::try_from(n - 1).unwrap_or(u16::MAX),
            ))?,
        }
        for (frame, delay) in frames.iter().zip(delays) {
            cancel.check()?;
            let mut gif_frame = match &palette {
                Some(p) => {
                    let mut f = gif::Frame {
                        width: w,
                        height: h,
                        buffer: frame
                            .image
                            .pixels()
                            .iter()
                            .map(|c| p.index_of(*c))
                            .collect::<Vec<u8>>()
                            .into(),
                        ..gif::Frame::default()
                    };
                    f.transparent = p.transparent;
                    f
                }
                None => {
                    let mut rgba = frame.image.to_rgba_bytes();
                    gif::Frame::from_rgba_speed(w, h, &mut rgba, 10)
                }
            };
            gif_frame.delay = u16::try_from(delay).unwrap_or(u16::MAX);
            gif_frame.dispose = gif::DisposalMethod::Background;
            encoder.write_frame(&gif_frame)?;
        }
    }
    Ok(out)
}

/// One palette for every frame, when the colours fit.
struct GlobalPalette {
    colours: Vec<Rgba>,
    /// The index of transparency, when some pixel is transparent.
    transparent: Option<u8>,
    index: HashMap<Rgba, u8>,
}

impl GlobalPalette {
    fn index_of(&self, colour: Rgba) -> u8 {
        if colour[3] == 0 {
            return self.transparent.unwrap_or(0);
        }
        self.index.get(&opaque(colour)).copied().unwrap_or(0)
    }
}

/// A GIF colour is opaque; partly transparent pixels are written as their colour.
fn opaque(c: Rgba) -> Rgba {
    [c[0], c[1], c[2], 255]
}

/// The distinct colours of `images` as one palette (transparency first, as index 0), or `None`
/// when there are over 256.
fn global_palette<'a>(images: impl Iterator<Item = &'a Image>) -> Option<GlobalPalette> {
    let mut colours: Vec<Rgba> = Vec::new();
    let mut index = HashMap::new();
    let mut transparent = None;
    for image in images {
        for &c in image.pixels() {
            if c[3] == 0 {
                if transparent.is_none() {
                    transparent = Some(0);
                }
                continue;
            }
            let c = opaque(c);
            if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(c) {
                slot.insert(colours.len());
                colours.push(c);
                if colours.len() > 256 {
                    return None;
                }
            }
        }
    }
    let shift = usize::from(transparent.is_some());
    if colours.len() + shift > 256 {
        return None;
    }
    let mut all = Vec::with_capacity(colours.len() + shift);
    if shift == 1 {
        all.push([0, 0, 0, 0]);
    }
    all.extend(colours);
    // A GIF colour table holds a power of two entries, at least 2.
    let size = all.len().next_power_of_two().max(2);
    all.resize(size, [0, 0, 0, 255]);
    Some(GlobalPalette {
        colours: all,
        transparent,
        index: index
            .into_iter()
            .map(|(c, i)| (c, (i + shift) as u8))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carried_durations_keep_the_total() {
        // Swing High: 4 2 8 2 2 14 2 4 ticks = 38 ticks = 633.3 ms.
        let ticks = [4, 2, 8, 2, 2, 14, 2, 4];
        let ms = carried_durations(&ticks, 60, 1000);
        assert_eq!(ms, vec![67, 33, 133, 34, 33, 233, 34, 66]);
        assert_eq!(ms.iter().sum::<u64>(), 633);
        let cs = carried_durations(&ticks, 60, 100);
        assert_eq!(cs.iter().sum::<u64>(), 63);
        for (d, t) in cs.iter().zip(ticks) {
            let exact = f64::from(t) * 100.0 / 60.0;
            assert!((*d as f64 - exact).abs() < 1.0, "{d} cs for {t} ticks");
        }
        assert_eq!(carried_durations(&[0], 60, 1000), vec![0]);
    }
}
