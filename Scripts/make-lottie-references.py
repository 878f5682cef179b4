#!/usr/bin/env python3
"""Draws reference frames of the bundled Lottie fixtures with rlottie-python.

rlottie-python (PyPI `rlottie-python`) draws with the current rlottie it bundles, through its
own Python binding: the oracle Rendition's frames are held to, at the same frames and sizes.
Each reference is `Fixtures/lottie/expected/NAME.fFRAME.WxH.png`, holding rlottie's
premultiplied RGBA values exactly as drawn (read them as stored values, not as straight
alpha). Run from the repository root: `python3 Scripts/make-lottie-references.py`.
"""
import os

from PIL import Image
from rlottie_python import LottieAnimation

# (fixture, frames, sides): square compositions only, so that rlottie's aspect-keeping
# C API draws the whole canvas at each side. OpacityStops (gradient opacity stops),
# MattWithParentAlpha (a matte with a parent) and precomp-matte (a precomposition matting a
# shape smaller than the canvas) are the files Debian's rlottie 0.1 draws differently or not
# at all.
CASES = [
    ("lottie-android/LayerBlend_0.tgs", [0, 60], [341, 171]),
    ("rlottie/polystar_line_clockwise_trim.json", [40], [200, 100]),
    ("lottie-android/OpacityStops.tgs", [0, 90], [171]),
    ("lottie-android/MattWithParentAlpha.tgs", [8, 24], [84]),
    ("made/precomp-matte.tgs", [0, 45, 90], [171]),
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
