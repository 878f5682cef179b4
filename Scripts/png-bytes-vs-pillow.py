#!/usr/bin/env python3
"""Rendition's PNG renditions against Pillow's default PNGs of the same pixels, file by file.

    rendition render Fixtures/stickers/openmoji-618 -o /tmp/renditions --force
    Scripts/png-bytes-vs-pillow.py /tmp/renditions [--timing]

For every PNG in the folder: its size, and the size of the PNG Pillow writes with its defaults
for the same pixels (decoded to RGBA and saved: Pillow keeps RGBA, zlib level 6). Prints the
totals, how many files are larger than Pillow's and the worst of them. With --timing, also
the time zlib (level 6, Z_FILTERED, memory level 9, as Pillow) and libdeflate (levels 6 and 8, through ctypes)
take to compress each RGBA file's filtered rows, and the sizes they reach.
"""

import argparse
import ctypes
import ctypes.util
import glob
import io
import os
import struct
import time
import zlib

from PIL import Image


def filtered_rows(path):
    """The file's IDAT stream, inflated: the filtered rows Rendition compressed."""
    data = open(path, "rb").read()
    pos, stream = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            stream += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(stream)


def best_of(function, rounds=7):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        size = function()
        times.append(time.perf_counter() - start)
    return size, min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--timing", action="store_true", help="time zlib and libdeflate on the filtered rows")
    parser.add_argument("--worst", type=int, default=10, help="how many of the larger files to list")
    options = parser.parse_args()

    rows = []
    for path in sorted(glob.glob(os.path.join(options.folder, "*.png"))):
        with Image.open(path) as image:
            mode = image.mode
            buffer = io.BytesIO()
            image.convert("RGBA").save(buffer, "PNG")
        rows.append((os.path.basename(path), mode, os.path.getsize(path), buffer.tell()))
    if not rows:
        raise SystemExit(f"no PNG files in {options.folder}")
    ours, pillow = sum(r[2] for r in rows), sum(r[3] for r in rows)
    larger = sorted((r for r in rows if r[2] > r[3]), key=lambda r: (r[2] - r[3]) / r[3], reverse=True)
    print(f"{len(rows)} files: Rendition {ours} bytes, Pillow {pillow} ({100 * (1 - ours / pillow):.2f} % smaller in total); "
          f"{len(larger)} files larger than Pillow's")
    for name, mode, a, b in larger[:options.worst]:
        print(f"  {name} ({mode}): {a} against {b}, +{100 * (a - b) / b:.2f} %")

    if options.timing:
        library = ctypes.CDLL(ctypes.util.find_library("deflate") or "libdeflate.so.0")
        library.libdeflate_alloc_compressor.restype = ctypes.c_void_p
        library.libdeflate_alloc_compressor.argtypes = [ctypes.c_int]
        library.libdeflate_zlib_compress.restype = ctypes.c_size_t
        library.libdeflate_zlib_compress.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                                     ctypes.c_char_p, ctypes.c_size_t]
        compressors = {level: library.libdeflate_alloc_compressor(level) for level in (6, 8)}

        def deflate(raw, level):
            out = ctypes.create_string_buffer(len(raw) + 4096)
            return library.libdeflate_zlib_compress(compressors[level], raw, len(raw), out, len(out))

        def pillow_zlib(raw):
            compressor = zlib.compressobj(6, zlib.DEFLATED, 15, 9, zlib.Z_FILTERED)
            return len(compressor.compress(raw) + compressor.flush())

        totals = {"zlib 6 Z_FILTERED mem 9": [0, 0.0, 0], "libdeflate 6": [0, 0.0, 0], "libdeflate 8": [0, 0.0, 0]}
        for name, mode, _, _ in rows:
            if mode != "RGBA":
                continue
            raw = filtered_rows(os.path.join(options.folder, name))
            z, zt = best_of(lambda: pillow_zlib(raw))
            for label, (size, seconds) in (("zlib 6 Z_FILTERED mem 9", (z, zt)), ("libdeflate 6", best_of(lambda: deflate(raw, 6))),
                                           ("libdeflate 8", best_of(lambda: deflate(raw, 8)))):
                totals[label][0] += size
                totals[label][1] += seconds
                totals[label][2] += size > z
        for label, (size, seconds, over) in totals.items():
            print(f"{label}: {size} bytes, {1000 * seconds:.1f} ms over the RGBA files, larger than zlib's on {over}")


if __name__ == "__main__":
    main()
