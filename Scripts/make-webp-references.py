#!/usr/bin/env python3
"""Writes Pillow's decoding of the WebP fixtures as references (run from the repository root).

For every WebP file in Fixtures/webp/{pillow,wuffs,image-webp/animated,image-webp/lossless-palette}
this writes one entry of Fixtures/webp/expected/index.json:

  width, height      canvas size
  frames             number of frames Pillow shows
  loopCount          ANIM loop count (0 = forever; 0 for still images)
  durations          per-frame durations in milliseconds (0 for still images)
  md5                per frame: MD5 of the composited canvas as straight RGBA8, row-major
                     (what `dwebp -pam` writes after its header)
  mode               Pillow's mode for the file ("RGB" when it has no alpha)

Pillow decodes with its own libwebp (WebPAnimDecoder for every file), independent of the
system libwebp that Rendition links. The libwebp-test-data files need no entry: their
repository ships the MD5 of `dwebp -pam` output (libwebp_tests.md5), which the tests use.
"""
import hashlib
import json
import os

from PIL import Image, features

ROOT = "Fixtures/webp"
FOLDERS = ["pillow", "wuffs", "image-webp/animated", "image-webp/lossless-palette"]


def describe(path):
    image = Image.open(path)
    mode = image.mode
    frames, durations, digests = 0, [], []
    animated = getattr(image, "is_animated", False)
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        image.load()
        rgba = image.convert("RGBA").tobytes()
        digests.append(hashlib.md5(rgba).hexdigest())
        durations.append(int(image.info.get("duration", 0)) if animated else 0)
        frames += 1
    return {
        "width": image.width,
        "height": image.height,
        "frames": frames,
        "loopCount": int(image.info.get("loop", 0)) if animated else 0,
        "durations": durations,
        "md5": digests,
        "mode": mode,
    }


def main():
    index = {}
    for folder in FOLDERS:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".webp"):
                index[folder + "/" + name] = describe(os.path.join(ROOT, folder, name))
    os.makedirs(os.path.join(ROOT, "expected"), exist_ok=True)
    with open(os.path.join(ROOT, "expected", "index.json"), "w") as out:
        json.dump(index, out, indent=1, sort_keys=True)
        out.write("\n")
    print(f"{len(index)} files, Pillow {Image.__version__} with libwebp {features.version('webp')}")


if __name__ == "__main__":
    main()
