#!/usr/bin/env python3
"""Generates the lint fixtures in Fixtures/lint/ and the bundled photo background
(run from the repository root: python3 Scripts/make-lint-fixtures.py).

Every fixture is drawn with Pillow at 4x and reduced with a box filter on premultiplied
alpha, so edges are anti-aliased the way export tools make them. Each one is made to
trigger exactly one lint finding (see Fixtures/README.md for the list):

  clean.png            408 px, anti-aliased art with margins: no finding
  opaque.jpg           the clean art flattened on white, as JPEG: opaque-image
  white-box.png        the art on an opaque white rounded card: opaque-background
  halo-white.png       blue art whose edge pixels were blended over white: matte-halo
  halo-dark.png        light-blue art whose edge pixels were blended over black: matte-halo
  touching-edge.png    the art pushed past the right and bottom edges: content-touches-edge
  canvas-299.png       299 px canvas: canvas-too-small
  canvas-620.png       620 px canvas: canvas-too-large
  non-square.png       408 x 300 canvas: not-square
  alpha-1bit.gif       the art as a GIF, alpha thresholded to 1 bit: aliased-edge
  dark-art.png         near-black art: invisible-on-background (black)
  small-art.png        618 px canvas, art 220 px wide: content-small
  animated.png         APNG, 3 frames, the second touching the top edge: content-touches-edge (frame 1)

The 501,000-byte file is made by the tests (clean.png plus a tEXt chunk), to keep the
repository small.

It also writes Sources/RenditionLint/Backgrounds/TestBackgroundPhoto.swift: the public-domain
hippopotamus photo (Met Museum, via google/wuffs test data, Fixtures/gif/wuffs/) decoded
to raw RGB and stored as base64, used as the "photo" test background.
"""
import base64
import os

from PIL import Image, ImageDraw

OUT = "Fixtures/lint"
SS = 4  # supersampling factor


def reduce(big, size):
    """Box-filter a 4x RGBA drawing down on premultiplied alpha."""
    return big.convert("RGBa").resize(size, Image.BOX).convert("RGBA")


def art(size, fill=(245, 166, 35), outline=(90, 62, 27), eyes=True, offset=(0, 0), scale=1.0):
    """A round character: filled disc with a dark outline and two eyes, 4x supersampled."""
    w, h = size
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    cx = (w / 2 + offset[0]) * SS
    cy = (h / 2 + offset[1]) * SS
    r = min(w, h) * 0.38 * scale * SS
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=outline + (255,))
    ri = r - 10 * scale * SS
    d.ellipse([cx - ri, cy - ri, cx + ri, cy + ri], fill=fill + (255,))
    if eyes:
        for ex in (-0.35, 0.35):
            er = r * 0.14
            ecx, ecy = cx + ex * r, cy - 0.15 * r
            d.ellipse([ecx - er, ecy - er, ecx + er, ecy + er], fill=(255, 255, 255, 255))
            pr = er * 0.5
            d.ellipse([ecx - pr, ecy - pr, ecx + pr, ecy + pr], fill=outline + (255,))
        d.arc([cx - r * 0.45, cy - r * 0.2, cx + r * 0.45, cy + r * 0.55], 20, 160, fill=outline + (255,), width=int(8 * SS * scale))
    return reduce(big, size)


def matted(size, color, matte):
    """A star-and-disc shape whose edge colours were blended over `matte` (the classic
    halo: art exported over a solid colour, then the background keyed out by coverage)."""
    w, h = size
    mask_big = Image.new("L", (w * SS, h * SS), 0)
    d = ImageDraw.Draw(mask_big)
    r = w * 0.36 * SS
    c = w / 2 * SS
    d.ellipse([c - r, c - r, c + r, c + r], fill=255)
    d.polygon([(c, c - r * 1.25), (c + r * 0.3, c - r * 0.6), (c - r * 0.3, c - r * 0.6)], fill=255)
    coverage = mask_big.resize(size, Image.BOX)
    solid = Image.new("RGB", size, color)
    background = Image.new("RGB", size, matte)
    blended = Image.composite(solid, background, coverage)  # a*F + (1-a)*M per pixel
    out = blended.convert("RGBA")
    out.putalpha(coverage)
    # Fully transparent pixels keep no colour.
    px = out.load()
    for y in range(h):
        for x in range(w):
            if px[x, y][3] == 0:
                px[x, y] = (0, 0, 0, 0)
    return out


def save_png(image, name):
    image.save(os.path.join(OUT, name), optimize=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    clean = art((408, 408))
    save_png(clean, "clean.png")

    flat = Image.new("RGBA", clean.size, (255, 255, 255, 255))
    flat.alpha_composite(clean)
    flat.convert("RGB").save(os.path.join(OUT, "opaque.jpg"), quality=90)

    card_big = Image.new("RGBA", (408 * SS, 408 * SS), (0, 0, 0, 0))
    ImageDraw.Draw(card_big).rounded_rectangle([0, 0, 408 * SS - 1, 408 * SS - 1], radius=48 * SS, fill=(255, 255, 255, 255))
    card = reduce(card_big, (408, 408))
    card.alpha_composite(clean)
    save_png(card, "white-box.png")

    save_png(matted((408, 408), (26, 79, 208), (255, 255, 255)), "halo-white.png")
    save_png(matted((408, 408), (127, 208, 255), (0, 0, 0)), "halo-dark.png")

    save_png(art((408, 408), offset=(70, 60)), "touching-edge.png")
    save_png(art((299, 299)), "canvas-299.png")
    save_png(art((620, 620)), "canvas-620.png")
    save_png(art((408, 300), scale=1.2), "non-square.png")

    gif_src = clean.copy()
    alpha = gif_src.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    rgb = Image.new("RGB", gif_src.size, (0, 0, 0))
    rgb.paste(gif_src.convert("RGB"), mask=alpha)
    pal = rgb.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    # Index 255 is transparent.
    pal_px = pal.load()
    a_px = alpha.load()
    for y in range(pal.size[1]):
        for x in range(pal.size[0]):
            if a_px[x, y] == 0:
                pal_px[x, y] = 255
    pal.save(os.path.join(OUT, "alpha-1bit.gif"), transparency=255)

    save_png(art((408, 408), fill=(28, 28, 36), outline=(12, 12, 16)), "dark-art.png")
    save_png(art((618, 618), scale=0.47), "small-art.png")

    frames = [art((300, 300)), art((300, 300), offset=(0, -70)), art((300, 300), offset=(0, -20))]
    frames[0].save(os.path.join(OUT, "animated.png"), save_all=True, append_images=frames[1:],
                   duration=[100, 100, 150], loop=0, disposal=1, blend=0)

    write_photo()


def write_photo():
    photo = Image.open("Fixtures/gif/wuffs/hippopotamus.regular.gif").convert("RGB")
    data = base64.b64encode(photo.tobytes()).decode()
    lines = [data[i:i + 100] for i in range(0, len(data), 100)]
    body = "\n".join(lines)
    swift = f'''// Generated by Scripts/make-lint-fixtures.py from Fixtures/gif/wuffs/hippopotamus.regular.gif.
// The photo: a cropping of "Hippopotamus (William)", Metropolitan Museum of Art, object 544227,
// which the Met lists as public domain; via google/wuffs test/data (see Fixtures/README.md).

/// The bundled photo background: {photo.size[0]} x {photo.size[1]} raw RGB, base64.
enum TestBackgroundPhoto {{
    /// Width in pixels.
    static let width = {photo.size[0]}
    /// Height in pixels.
    static let height = {photo.size[1]}
    /// Row-major RGB bytes, base64-encoded.
    static let base64RGB = """
{body}
"""
}}
'''
    with open("Sources/RenditionLint/Backgrounds/TestBackgroundPhoto.swift", "w") as f:
        f.write(swift)


if __name__ == "__main__":
    main()
