#!/usr/bin/env python3
"""Writes Fixtures/lottie/made/precomp-matte.tgs (standard library only): a Telegram sticker
whose only visible layer is track-matted by a precomposition, as real stickers are.

The canvas is 512x512 at 60 fps for 3 s (180 frames), with Telegram's `"tgs": 1` marker and
none of the features its format forbids (track mattes are allowed). The precomposition holds
a circle that moves from left to right; it is the alpha matte (`td: 1`) of the next layer, a
240x240 orange square in the middle (`tt: 1`) that does not cover the canvas. Current rlottie
draws the square where the circle overlaps it; Debian's rlottie 0.1 draws every frame empty.

precomp-matte-small.tgs is the same drawing on a 128x128 canvas at 30 fps for 1 s (30 frames),
for tests that pack it for every platform.

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



def scaled(value, factor):
    """`value` with every number scaled by `factor` (positions and sizes of the small copy)."""
    if isinstance(value, list):
        return [scaled(v, factor) for v in value]
    return value * factor


def small_copy(full):
    """The document on a 128 px canvas at 30 fps for 1 s: coordinates x 1/4, times x 1/6."""
    small = json.loads(json.dumps(full))
    small.update({"w": 128, "h": 128, "fr": 30, "op": 30, "nm": "precomp matte, small"})
    for layer in small["layers"] + small["assets"][0]["layers"]:
        layer["op"] = 30
        if layer["ty"] == 0:
            layer["w"], layer["h"] = 128, 128
        position = layer["ks"]["p"]
        if position["a"] == 0:
            position["k"] = scaled(position["k"], 0.25)
        else:
            for key in position["k"]:
                key["t"] = round(key["t"] / 6)
                key["s"] = scaled(key["s"], 0.25)
        for group in layer.get("shapes", []):
            for item in group["it"]:
                if item["ty"] in ("el", "rc"):
                    item["s"]["k"] = scaled(item["s"]["k"], 0.25)
                if item["ty"] == "rc":
                    item["r"]["k"] = 6
    return small


os.makedirs(OUT, exist_ok=True)
for name, made in (("precomp-matte", document), ("precomp-matte-small", small_copy(document))):
    text = json.dumps(made, separators=(",", ":")).encode()
    with open(os.path.join(OUT, name + ".tgs"), "wb") as file:
        file.write(gzip.compress(text, mtime=0))
    with open(os.path.join(OUT, name + ".json"), "wb") as file:
        file.write(text)
    print(f"{name}.tgs: {len(text)} bytes of JSON")
