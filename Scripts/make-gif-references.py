#!/usr/bin/env python3
"""Writes Pillow's composited frames of the Pillow and wuffs GIF fixtures (run from the
repository root): the reference the GIF decoder tests compare against where a suite has no
expected frames of its own.

For every Fixtures/gif/{pillow,wuffs}/NAME.gif it writes, under Fixtures/gif/expected/SUITE/:
  NAME.K.png frame K as Pillow shows it (Image.seek(K) then convert("RGBA")), saved as an
             RGBA PNG;
  NAME.json  {"width", "height", "frames", "durations_ms", "loop"} where "loop" is the
             NETSCAPE2.0 repeat count as Pillow reads it (null when the file has none).
"""
import json
import os

from PIL import Image

ROOT = os.path.join("Fixtures", "gif")


def dump(suite, name):
    source = os.path.join(ROOT, suite, name)
    out = os.path.join(ROOT, "expected", suite)
    os.makedirs(out, exist_ok=True)
    stem = name[:-4]
    with Image.open(source) as im:
        durations = []
        for k in range(im.n_frames):
            im.seek(k)
            durations.append(im.info.get("duration", 0))
            im.convert("RGBA").save(os.path.join(out, "%s.%d.png" % (stem, k)), optimize=True)
        meta = {
            "width": im.size[0],
            "height": im.size[1],
            "frames": im.n_frames,
            "durations_ms": durations,
            "loop": im.info.get("loop"),
        }
    with open(os.path.join(out, stem + ".json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


def main():
    for suite in ("pillow", "wuffs"):
        for name in sorted(os.listdir(os.path.join(ROOT, suite))):
            if name.endswith(".gif"):
                dump(suite, name)


if __name__ == "__main__":
    main()
