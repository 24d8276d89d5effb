#!/usr/bin/env python3
"""Exit 0 when a PNG (8-bit, non-interlaced: what headless Chromium writes) shows content.

Usage: png-not-blank.py FILE [MIN_SHARE]

Decodes the image with the standard library only (zlib + the PNG row filters) and requires
that at least MIN_SHARE (default 0.01) of its pixels differ from the most common colour (the
page background) and that it has at least 16 distinct colours, so a blank or single-colour page
fails. Prints what it measured.
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    path = sys.argv[1]
    minimum = float(sys.argv[2]) if len(sys.argv) > 2 else 0.01
    width, height, channels, rows = decode(path)
    counts = {}
    for line in rows:
        for x in range(0, len(line), channels):
            pixel = line[x:x + channels]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = width * height
    background = max(counts.values())
    share = (total - background) / total
    print(f"{path}: {width}x{height}, {len(counts)} colours, {share:.1%} of pixels differ from the background")
    if share < minimum or len(counts) < 16:
        print("the page looks blank", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
