#!/usr/bin/env python3
"""Writes the reference frames of the APNG conformance files (run from the repository root).

For every valid animation in Fixtures/apng/{philip-taylor,pillow,wuffs} (Philip Taylor's
000-038 and all of the others) this writes

  Fixtures/apng/expected/SUITE/NAME.rgba   every composited frame, straight RGBA8,
                                           row-major, frames one after another
  Fixtures/apng/expected/index.json        per file: canvas size, frame count, loop count,
                                           exact delays [num, den], and which reference
                                           was stored ("pillow" or "spec")

Two independent decoders are run on each file and compared:

* Pillow's own APNG reader (Image.seek over every frame, converted to RGBA). Pillow lists
  the default image as frame 0 even when it is not part of the animation
  (info["default_image"] is True); that frame is dropped, as the APNG specification
  says it is not shown.
* A small spec compositor written here: it walks the chunks itself, lets Pillow decode
  each frame's pixels from a plain PNG stream made for the frame, and composites in
  float64 on premultiplied colour (dispose NONE/BACKGROUND/PREVIOUS, blend SOURCE/OVER
  as Porter-Duff OVER, PREVIOUS on the first frame as BACKGROUND).

When the two agree within 1 LSB on every premultiplied sample, Pillow's frames are stored
("pillow"). Otherwise Pillow is wrong against the specification (see Fixtures/README.md:
it pastes OVER frames through their alpha as a mask instead of compositing, and with a
default image outside the animation it starts compositing on top of that image), and the
spec compositor's frames are stored ("spec"); the script prints the differences.
Delays come from the fcTL chunks exactly and are checked against Pillow's durations.
"""
import io
import json
import os
import struct
import sys
import zlib

import numpy as np
from PIL import Image

ROOT = os.path.join("Fixtures", "apng")
OUT = os.path.join(ROOT, "expected")
SUITES = {
    "philip-taylor": [f"{i:03d}.png" for i in range(39)],
    "pillow": sorted(os.listdir(os.path.join(ROOT, "pillow"))),
    "wuffs": sorted(os.listdir(os.path.join(ROOT, "wuffs"))),
}


def chunks(data):
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind.decode("latin-1"), data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IEND":
            return


def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def spec_frames(data):
    """Frames, delays and loop count composited per the APNG specification."""
    ihdr = plte = trns = None
    loops = 0
    frames = []  # [fcTL fields, compressed data]
    default_is_frame = None
    idat = b""
    for kind, body in chunks(data):
        if kind == "IHDR":
            ihdr = body
        elif kind == "PLTE":
            plte = body
        elif kind == "tRNS":
            trns = body
        elif kind == "acTL":
            loops = struct.unpack(">II", body)[1]
        elif kind == "fcTL":
            frames.append([struct.unpack(">IIIIIHHBB", body), b""])
        elif kind == "IDAT":
            if default_is_frame is None:
                default_is_frame = bool(frames)
            if default_is_frame:
                frames[0][1] += body
            idat += body
        elif kind == "fdAT":
            frames[-1][1] += body[4:]
    width, height = struct.unpack(">II", ihdr[:8])
    if not frames:  # a plain PNG: one frame, no delay
        frames = [[(0, width, height, 0, 0, 0, 1, 0, 0), idat]]
    canvas = np.zeros((height, width, 4))
    out, delays = [], []
    pending = None
    for index, ((_, w, h, x, y, num, den, dispose, blend), compressed) in enumerate(frames):
        stream = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">II", w, h) + ihdr[8:])
        if plte is not None:
            stream += png_chunk(b"PLTE", plte)
        if trns is not None:
            stream += png_chunk(b"tRNS", trns)
        stream += png_chunk(b"IDAT", compressed) + png_chunk(b"IEND", b"")
        straight = np.asarray(Image.open(io.BytesIO(stream)).convert("RGBA"), dtype=np.float64) / 255
        patch = straight.copy()
        patch[..., :3] *= straight[..., 3:]
        if pending is not None:
            (px, py, pw, ph, pdispose, saved) = pending
            if pdispose == 1:
                canvas[py:py + ph, px:px + pw] = 0
            elif pdispose == 2:
                canvas[py:py + ph, px:px + pw] = saved
        if dispose == 2 and index == 0:
            dispose = 1
        saved = canvas[y:y + h, x:x + w].copy()
        region = canvas[y:y + h, x:x + w]
        if blend == 0:
            region[...] = patch
        else:
            region[...] = patch + region * (1 - patch[..., 3:])
        pending = (x, y, w, h, dispose, saved)
        out.append(canvas.copy())
        delays.append([num, den if den else 100])
    return width, height, out, delays, loops


def to_straight8(premultiplied):
    alpha = premultiplied[..., 3:]
    color = np.where(alpha > 0, premultiplied[..., :3] / np.maximum(alpha, 1e-12), 0)
    result = np.concatenate([color, alpha], axis=-1)
    result = np.clip(np.rint(result * 255), 0, 255).astype(np.uint8)
    result[result[..., 3] == 0] = 0
    return result


def premultiply8(straight):
    s = straight.astype(np.int32)
    color = (s[..., :3] * s[..., 3:] + 127) // 255
    return np.concatenate([color, s[..., 3:]], axis=-1)


def pillow_frames(path):
    image = Image.open(path)
    frames, durations = [], []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        if i == 0 and image.info.get("default_image"):
            continue
        frames.append(np.asarray(image.convert("RGBA"), dtype=np.uint8))
        durations.append(image.info.get("duration"))
    return frames, durations, image.info.get("loop", 0)


def main():
    index = {}
    for suite, names in SUITES.items():
        os.makedirs(os.path.join(OUT, suite), exist_ok=True)
        for name in names:
            path = os.path.join(ROOT, suite, name)
            with open(path, "rb") as f:
                data = f.read()
            width, height, spec, delays, loops = spec_frames(data)
            spec8 = [to_straight8(frame) for frame in spec]
            pillow, durations, pillow_loops = pillow_frames(path)
            reference, note = "pillow", ""
            if len(pillow) != len(spec8):
                reference, note = "spec", f"Pillow has {len(pillow)} frames, the specification {len(spec8)}"
            else:
                worst = max(int(np.abs(premultiply8(p) - premultiply8(s)).max()) for p, s in zip(pillow, spec8))
                if worst > 1:
                    reference, note = "spec", f"Pillow differs by up to {worst} on premultiplied samples"
            for (num, den), duration in zip(delays, durations):
                if duration is not None and abs(num / den * 1000 - duration) > 0.5:
                    print(f"{suite}/{name}: delay {num}/{den} but Pillow says {duration} ms", file=sys.stderr)
            if pillow_loops != loops and spec8 and len(spec8) > 1:
                print(f"{suite}/{name}: loop count {loops} but Pillow says {pillow_loops}", file=sys.stderr)
            frames = pillow if reference == "pillow" else spec8
            with open(os.path.join(OUT, suite, os.path.splitext(name)[0] + ".rgba"), "wb") as f:
                for frame in frames:
                    f.write(frame.tobytes())
            acTL = any(kind == "acTL" for kind, _ in chunks(data))
            index[f"{suite}/{name}"] = {
                "width": width, "height": height, "frames": len(frames),
                "loopCount": loops if acTL else 0,
                "delays": delays if acTL else [[0, 1]],
                "reference": reference,
            }
            if note:
                print(f"{suite}/{name}: spec reference stored ({note})")
    with open(os.path.join(OUT, "index.json"), "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
