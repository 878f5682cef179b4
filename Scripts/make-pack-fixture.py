#!/usr/bin/env python3
"""Makes a pack source folder of 16 stills and 8 animations for timing `rendition pack`.

The 16 stills (named by their code points, as OpenMoji and Noto name them) and five
animations are copies of bundled fixtures; three animations are drawn here with Pillow from
bundled emoji art:
  bounce-192.png      100-frame 192 px APNG, an OpenMoji burger on a circle, 40 ms frames, endless
  wave-305x254.gif    44-frame 305x254 GIF of a Noto emoji (soft-alpha art) swaying, 80 ms
  all-alike.png       6 identical frames of OpenMoji 1F41D at 300 px (an animation that does not move)
Copied: moving-square-300f-618.png (300 frames, 12.5 s), random-lossy.webp (animated WebP,
99x87), muybridge.gif (30x20), red-blue.png (APNG 64x48), plays-once.png (philip-taylor 007,
3 frames, plays once).
Usage: python3 Scripts/make-pack-fixture.py OUTDIR (Pillow). The pack tests build a smaller
folder of the same kinds in Swift (PackFixtureFolder in the tests).
"""
import math, os, shutil, sys
from PIL import Image

root = os.path.join(os.path.dirname(__file__), "..", "Fixtures")
out = sys.argv[1]
os.makedirs(out, exist_ok=True)

stills = [
    "noto-512/emoji_u1f431.png", "noto-512/emoji_u1f44d.png", "noto-512/emoji_u1f499.png",
    "noto-512/emoji_u1f620.png", "noto-512/emoji_u1f302.png", "noto-512/emoji_u1f3c2.png",
    "noto-512/emoji_u1f9a9.png", "noto-512/emoji_u1f94f.png", "noto-512/emoji_u2638.png",
    "noto-512/emoji_u1f469_1f3fc_200d_2764_200d_1f468_1f3fb.png",
    "openmoji-618/1F195.png", "openmoji-618/1F300.png", "openmoji-618/1F334.png",
    "openmoji-618/1F337.png", "openmoji-618/1F354.png", "openmoji-618/1F1E8-1F1EE.png",
]
for s in stills:
    shutil.copyfile(os.path.join(root, "stickers", s), os.path.join(out, os.path.basename(s)))
shutil.copyfile(os.path.join(root, "animated/moving-square-300f-618.png"), os.path.join(out, "moving-square-300f-618.png"))
shutil.copyfile(os.path.join(root, "webp/image-webp/animated/random_lossy.webp"), os.path.join(out, "random-lossy.webp"))
shutil.copyfile(os.path.join(root, "gif/wuffs/muybridge.gif"), os.path.join(out, "muybridge.gif"))
shutil.copyfile(os.path.join(root, "apng/wuffs/animated-red-blue.apng"), os.path.join(out, "red-blue.png"))
shutil.copyfile(os.path.join(root, "apng/philip-taylor/007.png"), os.path.join(out, "plays-once.png"))

cat = Image.open(os.path.join(root, "stickers/openmoji-618/1F354.png")).convert("RGBA").resize((110, 110), Image.LANCZOS)
frames = []
for i in range(100):
    a = 2 * math.pi * i / 100
    canvas = Image.new("RGBA", (192, 192), (0, 0, 0, 0))
    canvas.alpha_composite(cat, (int(41 + 30 * math.cos(a)), int(41 + 30 * math.sin(a))))
    frames.append(canvas)
frames[0].save(os.path.join(out, "bounce-192.png"), save_all=True, append_images=frames[1:], duration=40, loop=0,
               disposal=1, blend=0, optimize=True)

art = Image.open(os.path.join(root, "stickers/noto-512/emoji_u1f9a9.png")).convert("RGBA").resize((160, 160), Image.LANCZOS)
frames = []
for i in range(44):
    angle = 20 * math.sin(2 * math.pi * i / 44)
    canvas = Image.new("RGBA", (305, 254), (0, 0, 0, 0))
    rotated = art.rotate(angle, resample=Image.BICUBIC, expand=True)
    canvas.alpha_composite(rotated, ((305 - rotated.width) // 2, (254 - rotated.height) // 2))
    frames.append(canvas)
frames[0].save(os.path.join(out, "wave-305x254.gif"), save_all=True, append_images=frames[1:], duration=80, loop=0,
               disposal=2, optimize=False)

bee = Image.open(os.path.join(root, "stickers/openmoji-618/1F41D.png")).convert("RGBA").resize((300, 300), Image.LANCZOS)
bee.save(os.path.join(out, "all-alike.png"), save_all=True, append_images=[bee.copy() for _ in range(5)], duration=100, loop=0)
