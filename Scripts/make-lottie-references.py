#!/usr/bin/env python3
"""Draws reference frames of the bundled Lottie fixtures with rlottie-python.

rlottie-python (PyPI `rlottie-python`) bundles its own, newer rlottie, built apart from the
Debian library Rendition links: an independent drawing of the same frames at the same sizes.
Each reference is `Fixtures/lottie/expected/NAME.fFRAME.WxH.png`, holding rlottie's
premultiplied RGBA values exactly as drawn (read them as stored values, not as straight
alpha). Run from the repository root: `python3 Scripts/make-lottie-references.py`.
"""
import os

from PIL import Image
from rlottie_python import LottieAnimation

# (fixture, frames, sides): square compositions only, so that rlottie's aspect-keeping
# C API draws the whole canvas like Rendition does.
# OpacityStops and MattWithParentAlpha are left out: Debian's rlottie 0.1 and the newer
# rlottie bundled here draw them differently (gradient opacity stops; a matte with a parent).
CASES = [
    ("lottie-android/LayerBlend_0.tgs", [0, 60], [341, 171]),
    ("rlottie/polystar_line_clockwise_trim.json", [40], [200, 100]),
]

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "lottie")
out = os.path.join(root, "expected")
os.makedirs(out, exist_ok=True)
for fixture, frames, sides in CASES:
    path = os.path.join(root, fixture)
    animation = LottieAnimation.from_tgs(path) if path.endswith(".tgs") else LottieAnimation.from_file(path)
    name = os.path.splitext(os.path.basename(fixture))[0]
    for frame in frames:
        for side in sides:
            bgra = animation.lottie_animation_render(frame_num=frame, width=side, height=side)
            # Native-endian ARGB32 on little endian is B, G, R, A in memory.
            image = Image.frombuffer("RGBA", (side, side), bgra, "raw", "BGRA")
            image.save(os.path.join(out, f"{name}.f{frame}.{side}x{side}.png"), optimize=True)
            print(f"{name} frame {frame} at {side}x{side}")
