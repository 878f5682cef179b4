#!/usr/bin/env python3
"""Regenerates the derived fixtures in Fixtures/ (run from the repository root).

1. Fixtures/pngsuite/expected/NAME.rgba: the reference pixels of every valid PngSuite
   file as straight RGBA8, row-major, no header. They come from lunapaint/pngsuite's
   JSON arrays (an independent, spec-following decoder; pass the folder holding
   `expected-rgba-json/` as the first argument). 16-bit samples are scaled to 8 bits as
   round(v * 255 / 65535). Every 8-bit file is cross-checked against Pillow; the script
   prints where the two decoders disagree (only tbbn0g04, where Pillow is wrong).
2. Fixtures/stickers/derived/: @3x masters at 408 and 300 px, made from OpenMoji 618 px
   art with Pillow's LANCZOS filter on premultiplied alpha (CC BY-SA 4.0, like their source).
3. Fixtures/jpeg/: JPEG inputs made from Noto Emoji art flattened on white with Pillow
   (quality 90), plus NAME.rgba holding Pillow's decoded pixels as the reference.
"""
import json
import os
import sys

from PIL import Image

ROOT = "Fixtures"


def pngsuite(json_root):
    suite = os.path.join(ROOT, "pngsuite")
    out = os.path.join(suite, "expected")
    os.makedirs(out, exist_ok=True)
    disagreements = []
    for name in sorted(os.listdir(suite)):
        if not name.endswith(".png") or name.startswith("x"):
            continue
        stem = name[:-4]
        with open(os.path.join(json_root, "expected-rgba-json", stem + ".json")) as f:
            values = json.load(f)
        sixteen = stem.endswith("16")
        if sixteen:
            values = [(v * 255 + 32767) // 65535 for v in values]
        data = bytes(values)
        with open(os.path.join(out, stem + ".rgba"), "wb") as f:
            f.write(data)
        if not sixteen:
            pillow = Image.open(os.path.join(suite, name)).convert("RGBA").tobytes()
            if pillow != data:
                disagreements.append(stem)
    print("PngSuite references written; Pillow disagrees on:", ", ".join(disagreements) or "none")


def premultiplied_lanczos(image, size):
    # Pillow's "RGBa" mode is premultiplied: resizing in it avoids dark fringes.
    return image.convert("RGBa").resize(size, Image.LANCZOS).convert("RGBA")


def derived_stickers():
    out = os.path.join(ROOT, "stickers", "derived")
    os.makedirs(out, exist_ok=True)
    source = os.path.join(ROOT, "stickers", "openmoji-618")
    for name, side in [("1F405.png", 408), ("1F354.png", 408), ("1F3A2.png", 408),
                       ("1F601.png", 300), ("1F41D.png", 300), ("1F337.png", 300)]:
        path = os.path.join(source, name)
        if not os.path.exists(path):
            continue
        image = Image.open(path).convert("RGBA")
        premultiplied_lanczos(image, (side, side)).save(
            os.path.join(out, f"{name[:-4]}-{side}.png"), optimize=True)


def jpegs():
    out = os.path.join(ROOT, "jpeg")
    os.makedirs(out, exist_ok=True)
    for stem in ["emoji_u1f302", "emoji_u1f236"]:
        image = Image.open(os.path.join(ROOT, "stickers", "noto-512", stem + ".png")).convert("RGBA")
        flat = Image.new("RGBA", image.size, (255, 255, 255, 255))
        flat.alpha_composite(image)
        path = os.path.join(out, stem + "-on-white.jpg")
        flat.convert("RGB").save(path, quality=90)
        with open(os.path.join(out, stem + "-on-white.rgba"), "wb") as f:
            f.write(Image.open(path).convert("RGBA").tobytes())


if __name__ == "__main__":
    if len(sys.argv) > 1:
        pngsuite(sys.argv[1])
    derived_stickers()
    jpegs()
