#!/usr/bin/env python3
"""How far an HD pair of the remaster agrees with its SPR at twice the size (docs/remaster.md,
"How the HD art relates to the SPR").

  hd-agreement.py TEX_N.bin TEX_N+1.bin SHEET.SPR

Prints, for the upper half, the lower half and the pair: the opaque pixels of the HD art
(index != 0), those of the SPR doubled (each pixel a 2 x 2 block), the silhouettes'
intersection over union, how much of the SPR's silhouette the HD art covers, and of the pixels
opaque in both, how many have the same index.

Written apart from the Rust codecs, from the format as docs/formats/spr.md and docs/remaster.md
describe it, so that its figures check theirs. Python 3, standard library only.
"""

import sys

SPR_WIDTH = 256
HD_WIDTH = 512


def nibbles_low_first(data):
    """Two pixels a byte, the low nibble the left one."""
    out = []
    for byte in data:
        out.append(byte & 0x0F)
        out.append(byte >> 4)
    return out


def spr_pixels(data):
    """A standard sheet's 256 x 488 indices (docs/formats/spr.md 4.1-4.5)."""
    rows = [None] * 488
    raw = nibbles_low_first(data[0x200:0x8200])
    for y in range(256):
        rows[y] = raw[y * SPR_WIDTH:(y + 1) * SPR_WIDTH]
    band = nibbles_low_first(data[0x8200:0x9200])
    for y in range(32):
        rows[456 + y] = band[y * SPR_WIDTH:(y + 1) * SPR_WIDTH]
    stream = []
    for byte in data[0x9200:]:
        stream.append(byte >> 4)
        stream.append(byte & 0x0F)
    want = 200 * SPR_WIDTH
    out = []
    i = 0
    while len(out) < want:
        v = stream[i]
        i += 1
        if v:
            out.append(v)
            continue
        s = stream[i]
        i += 1
        if s == 0:
            count = stream[i]
            i += 1
        elif s == 7:
            count = stream[i] + 16 * stream[i + 1]
            i += 2
        elif s == 8:
            count = stream[i] + 16 * stream[i + 1] + 256 * stream[i + 2]
            i += 3
        else:
            count = s
        out.extend([0] * count)
    out = out[:want]
    # Stream nibble p is pixel p ^ 1.
    for p in range(0, want, 2):
        out[p], out[p + 1] = out[p + 1], out[p]
    for y in range(200):
        rows[256 + y] = out[y * SPR_WIDTH:(y + 1) * SPR_WIDTH]
    return rows


def hd_rows(data, height):
    pixels = nibbles_low_first(data)
    assert len(pixels) == HD_WIDTH * height, "not an HD half of %d rows" % height
    return [pixels[y * HD_WIDTH:(y + 1) * HD_WIDTH] for y in range(height)]


def counts(hd, spr, first_spr_row):
    hd_opaque = spr_opaque = both = same = 0
    for y, row in enumerate(hd):
        spr_row = spr[first_spr_row + y // 2]
        for x, h in enumerate(row):
            s = spr_row[x // 2]
            hd_opaque += h != 0
            spr_opaque += s != 0
            if h and s:
                both += 1
                same += h == s
    return [hd_opaque, spr_opaque, both, same]


def show(what, c):
    hd_opaque, spr_opaque, both, same = c
    either = hd_opaque + spr_opaque - both
    print(
        "%-5s hd opaque %6d  spr at 2x %6d  both %6d  same index %6d  "
        "iou %.4f  coverage %.4f  index match %.4f"
        % (what, hd_opaque, spr_opaque, both, same, both / either, both / spr_opaque, same / both)
    )


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    upper = open(sys.argv[1], "rb").read()
    lower = open(sys.argv[2], "rb").read()
    spr = spr_pixels(open(sys.argv[3], "rb").read())
    up = counts(hd_rows(upper, 512), spr, 0)
    low = counts(hd_rows(lower, 464), spr, 256)
    show("upper", up)
    show("lower", low)
    show("pair", [a + b for a, b in zip(up, low)])


if __name__ == "__main__":
    main()
