#!/usr/bin/env python3
"""Draws the tour pack's two moving OpenMoji stickers (Examples/pack-src) with Pillow.

With `jump.png`, they make three animations, the fewest WhatsApp takes for an animated pack:
  buzz.png   8-frame 300 px APNG: the honeybee (1F41D-300.png) bobbing up and down, 90 ms frames
  sway.png   8-frame 300 px APNG: the tulip (1F337-300.png) swaying about its stem, 90 ms frames
Both loop forever. The art is OpenMoji's (CC BY-SA 4.0), like the stills they are drawn from.
Usage: python3 Scripts/make-example-animations.py [FOLDER]   (default Examples/pack-src)
"""
import math
import os
import sys

from PIL import Image

FRAMES = 8
DURATION_MS = 90


def bobbing(still: Image.Image) -> list[Image.Image]:
    """The sticker shifted up and down by up to 18 px on a sine, inside its own canvas."""
    frames = []
    for index in range(FRAMES):
        offset = round(18 * math.sin(2 * math.pi * index / FRAMES))
        frame = Image.new("RGBA", still.size, (0, 0, 0, 0))
        frame.alpha_composite(still, (0, offset))
        frames.append(frame)
    return frames


def swaying(still: Image.Image) -> list[Image.Image]:
    """The sticker rotated by up to 9 degrees each way about the middle of its bottom edge."""
    width, height = still.size
    frames = []
    for index in range(FRAMES):
        angle = 9 * math.sin(2 * math.pi * index / FRAMES)
        frame = still.rotate(angle, resample=Image.Resampling.BICUBIC, center=(width / 2, height * 0.92))
        frames.append(frame)
    return frames


def save(frames: list[Image.Image], path: str) -> None:
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=DURATION_MS, loop=0,
                   disposal=1, blend=0, optimize=True)


def main() -> None:
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Examples", "pack-src")
    bee = Image.open(os.path.join(folder, "1F41D-300.png")).convert("RGBA")
    tulip = Image.open(os.path.join(folder, "1F337-300.png")).convert("RGBA")
    save(bobbing(bee), os.path.join(folder, "buzz.png"))
    save(swaying(tulip), os.path.join(folder, "sway.png"))


if __name__ == "__main__":
    main()
