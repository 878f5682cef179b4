#!/usr/bin/env python3
"""Writes Fixtures/lottie/made/precomp-matte.tgs (standard library only): a Telegram sticker
whose only visible layer is track-matted by a precomposition, as real stickers are.

The canvas is 512x512 at 60 fps for 3 s (180 frames), with Telegram's `"tgs": 1` marker and
none of the features its format forbids (track mattes are allowed). The precomposition holds
a circle that moves from left to right; it is the alpha matte (`td: 1`) of the next layer, a
240x240 orange square in the middle (`tt: 1`) that does not cover the canvas. Current rlottie
draws the square where the circle overlaps it; Debian's rlottie 0.1 draws every frame empty.

    python3 Scripts/make-track-matte-lottie.py
"""
import gzip
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "lottie", "made")


def static(value):
    return {"a": 0, "k": value}


def transform(position=(0, 0)):
    return {"o": static(100), "r": static(0), "p": static([position[0], position[1], 0]),
            "a": static([0, 0, 0]), "s": static([100, 100, 100])}


def group(shape, colour):
    return {"ty": "gr", "nm": "group", "it": [
        shape,
        {"ty": "fl", "c": static(colour), "o": static(100), "r": 1},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0),
         "o": static(100)},
    ]}


circle_moving = {
    "ddd": 0, "ind": 1, "ty": 4, "nm": "circle", "sr": 1, "ip": 0, "op": 180, "st": 0, "bm": 0, "ao": 0,
    "ks": {"o": static(100), "r": static(0), "a": static([0, 0, 0]), "s": static([100, 100, 100]),
           "p": {"a": 1, "k": [
               {"t": 0, "s": [136, 256, 0], "i": {"x": [0.5], "y": [0.5]}, "o": {"x": [0.5], "y": [0.5]}},
               {"t": 90, "s": [376, 256, 0], "i": {"x": [0.5], "y": [0.5]}, "o": {"x": [0.5], "y": [0.5]}},
               {"t": 179, "s": [136, 256, 0]}]}},
    "shapes": [group({"ty": "el", "d": 1, "s": static([220, 220]), "p": static([0, 0])}, [1, 1, 1, 1])],
}

document = {
    "tgs": 1, "v": "5.5.2", "fr": 60, "ip": 0, "op": 180, "w": 512, "h": 512, "nm": "precomp matte", "ddd": 0,
    "assets": [{"id": "comp_0", "layers": [circle_moving]}],
    "layers": [
        {"ddd": 0, "ind": 1, "ty": 0, "nm": "matte", "refId": "comp_0", "td": 1, "sr": 1, "ks": transform(),
         "ao": 0, "w": 512, "h": 512, "ip": 0, "op": 180, "st": 0, "bm": 0},
        {"ddd": 0, "ind": 2, "ty": 4, "nm": "square", "tt": 1, "sr": 1, "ks": transform((256, 256)), "ao": 0,
         "shapes": [group({"ty": "rc", "d": 1, "s": static([240, 240]), "p": static([0, 0]), "r": static(24)},
                          [1, 0.55, 0.1, 1])],
         "ip": 0, "op": 180, "st": 0, "bm": 0},
    ],
}

os.makedirs(OUT, exist_ok=True)
text = json.dumps(document, separators=(",", ":")).encode()
with open(os.path.join(OUT, "precomp-matte.tgs"), "wb") as file:
    file.write(gzip.compress(text, mtime=0))
with open(os.path.join(OUT, "precomp-matte.json"), "wb") as file:
    file.write(text)
print(f"precomp-matte.tgs: {len(text)} bytes of JSON")
