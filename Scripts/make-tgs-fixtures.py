#!/usr/bin/env python3
"""Makes the small TGS fixtures in Fixtures/lottie/made/: Telegram animated stickers written
by hand (no third-party art), for what the corpus files do not cover.

  bounce-30fps.tgs   512 x 512, 30 fps, 90 frames (3 s), "tgs": 1, a blue ball bouncing on a
                     green bar: follows Telegram's TGS rules at 30 fps (the corpus' 512 px TGS
                     files are all 60 fps)

The gzip header carries no name and time 0, so the same script makes the same bytes.
Run from anywhere: python3 Scripts/make-tgs-fixtures.py
"""
import gzip
import io
import json
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "lottie", "made")
os.makedirs(root, exist_ok=True)


def ease(t, value):
    return {"t": t, "s": value, "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}}


def rectangle(name, size, position, colour):
    return {
        "ty": 4, "nm": name, "ind": 2, "ip": 0, "op": 90, "st": 0, "sr": 1, "ddd": 0, "ao": 0, "bm": 0,
        "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": position + [0]},
               "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
        "shapes": [{"ty": "gr", "nm": name, "it": [
            {"ty": "rc", "d": 1, "s": {"a": 0, "k": size}, "p": {"a": 0, "k": [0, 0]}, "r": {"a": 0, "k": 24}},
            {"ty": "fl", "c": {"a": 0, "k": colour}, "o": {"a": 0, "k": 100}, "r": 1},
            {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
             "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
        ]}],
    }


ball = {
    "ty": 4, "nm": "ball", "ind": 1, "ip": 0, "op": 90, "st": 0, "sr": 1, "ddd": 0, "ao": 0, "bm": 0,
    "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0},
           "p": {"a": 1, "k": [ease(0, [256, 120, 0]), ease(45, [256, 340, 0]), {"t": 90, "s": [256, 120, 0]}]},
           "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
    "shapes": [{"ty": "gr", "nm": "ball", "it": [
        {"ty": "el", "d": 1, "s": {"a": 0, "k": [160, 160]}, "p": {"a": 0, "k": [0, 0]}},
        {"ty": "fl", "c": {"a": 0, "k": [0.16, 0.45, 0.9, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
         "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
    ]}],
}
document = {
    "tgs": 1, "v": "5.5.2", "fr": 30, "ip": 0, "op": 90, "w": 512, "h": 512, "nm": "bounce", "ddd": 0,
    "assets": [], "layers": [ball, rectangle("bar", [400, 48], [256, 460], [0.2, 0.7, 0.3, 1])],
}
out = io.BytesIO()
with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as stream:
    stream.write(json.dumps(document, separators=(",", ":")).encode())
with open(os.path.join(root, "bounce-30fps.tgs"), "wb") as f:
    f.write(out.getvalue())
print("bounce-30fps.tgs", len(out.getvalue()), "bytes")
