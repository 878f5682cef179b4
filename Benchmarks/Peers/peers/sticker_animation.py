"""The animated sticker of the `animated` task, made here from an OpenMoji fixture so that
every run and every machine times the same file.

The animation: 24 frames on a transparent 618x618 canvas, 1/12 s each (2 s, looping
forever). The sticker, shrunk to 540 px, bobs up and down (18 px, a half sine per loop)
and rocks (±8 degrees, a full sine per loop) about its centre; every frame differs from
the others. Frames are drawn with Pillow's bicubic affine transform on premultiplied
pixels, so edges are soft, as in real sticker art.

Written twice:
- APNG: Pillow's writer, then every fcTL's delay set to exactly 1/12 (delay_num 1,
  delay_den 12, CRC recomputed), since Pillow stores whole milliseconds;
- GIF: one 255-colour palette for all frames (Pillow's median-cut on the opaque pixels of
  every frame) plus a transparent index, alpha thresholded at 128, disposal 2 (restore to
  background) on every frame; GIF delays are centiseconds, so 1/12 s is stored as
  8, 8, 9 cs repeating (exactly 1/12 s on average, 2 s per loop).
"""

import hashlib
import io
import math
import os
import struct
import zlib

import numpy as np

FRAMES = 24
CANVAS = 618
ART = 540
BOB = 18
ROCK_DEGREES = 8.0
SOURCE = "1F604.png"  # OpenMoji "grinning face with smiling eyes"


def _frames(fixture):
    """The 24 straight RGBA frames (Pillow images)."""
    from PIL import Image
    with Image.open(fixture) as image:
        art = image.convert("RGBA").convert("RGBa").resize((ART, ART), Image.Resampling.LANCZOS)
    frames = []
    for k in range(FRAMES):
        phase = k / FRAMES
        lift = BOB * math.sin(math.pi * phase)
        angle = math.radians(ROCK_DEGREES * math.sin(2 * math.pi * phase))
        # Inverse map: canvas point → art point, rotation about both centres plus the lift.
        cx, cy = CANVAS / 2, CANVAS / 2 - lift + BOB / 2
        ax = ay = ART / 2
        cos, sin = math.cos(angle), math.sin(angle)
        matrix = (cos, sin, ax - cos * cx - sin * cy, -sin, cos, ay + sin * cx - cos * cy)
        frame = art.transform((CANVAS, CANVAS), Image.Transform.AFFINE, matrix, Image.Resampling.BICUBIC)
        frames.append(frame.convert("RGBA"))
    return frames


def _set_apng_delays(data, numerator, denominator):
    """Rewrites every fcTL's delay and its CRC."""
    out, position = bytearray(data[:8]), 8
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = bytearray(data[position + 8:position + 8 + length])
        if kind == b"fcTL":
            body[20:24] = struct.pack(">HH", numerator, denominator)
        out += struct.pack(">I4s", length, kind) + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        position += 12 + length
    return bytes(out)


def _apng(frames):
    buffer = io.BytesIO()
    frames[0].save(buffer, "PNG", save_all=True, append_images=frames[1:], duration=83, loop=0)
    return _set_apng_delays(buffer.getvalue(), 1, 12)


def _gif(frames):
    from PIL import Image
    pixels = [np.asarray(frame) for frame in frames]
    opaque = np.concatenate([p[p[..., 3] >= 128][:, :3] for p in pixels])
    sample = Image.fromarray(opaque.reshape(1, -1, 3), "RGB")
    palette_image = sample.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = palette_image.getpalette()[: 255 * 3] + [0, 0, 0]
    indexed = []
    for p in pixels:
        rgb = Image.fromarray(np.ascontiguousarray(p[..., :3]), "RGB")
        index = np.asarray(rgb.quantize(palette=palette_image, dither=Image.Dither.NONE)).copy()
        index[p[..., 3] < 128] = 255
        frame = Image.fromarray(index, "P")
        frame.putpalette(palette)
        indexed.append(frame)
    buffer = io.BytesIO()
    indexed[0].save(buffer, "GIF", save_all=True, append_images=indexed[1:], duration=[80, 80, 90] * (FRAMES // 3),
                    loop=0, disposal=2, transparency=255, optimize=False)
    return buffer.getvalue()


def make(fixture_folder, folder):
    """Writes `bobbing-618.png` (APNG) and `bobbing-618.gif` into `folder`; returns
    {"apng": path, "gif": path, "sha256": {...}} (the hashes show whether two runs timed
    the same bytes)."""
    frames = _frames(os.path.join(fixture_folder, SOURCE))
    os.makedirs(folder, exist_ok=True)
    paths, hashes = {}, {}
    for kind, data, name in (("apng", _apng(frames), "bobbing-618.png"), ("gif", _gif(frames), "bobbing-618.gif")):
        path = os.path.join(folder, name)
        with open(path, "wb") as handle:
            handle.write(data)
        paths[kind] = path
        hashes[kind] = hashlib.sha256(data).hexdigest()[:16]
    return {**paths, "sha256": hashes}
