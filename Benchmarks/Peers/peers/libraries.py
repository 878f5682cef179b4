"""What each Python peer does for the three tasks, single-threaded.

Every peer gets the same work:
- resize: from decoded straight RGBA pixels in memory, make the @2x and @1x renditions with
  Lanczos on premultiplied alpha and return them as straight RGBA (premultiply once, both
  resizes, un-premultiply each);
- pipeline: PNG bytes in memory → decode → both renditions → PNG bytes, with the peer's
  default PNG settings;
- render_file: the pipeline from a file to two files, the unit of the batch;
- animated (Pillow and fast_image_resize only, see `animated.py`): animated file bytes →
  every frame → both renditions of each → two animated files in the input's format.

A peer is a class with `resize_input(png_bytes)` (untimed decode into the peer's own image
type), `resize(image)` (timed), `straight(outputs)` (numpy arrays for the quality check),
`pipeline(png_bytes)` (timed, returns the PNG byte strings) and `versions()`.
"""

import io
import os
import time

import numpy as np


def rendition_sizes(width, height):
    """@2x and @1x sizes of an @3x master: round(2/3) and round(1/3) of each side."""
    def side(n, scale):
        return max(1, (n * scale * 2 + 3) // 6)
    return [(side(width, 2), side(height, 2)), (side(width, 1), side(height, 1))]


class PillowPeer:
    """Pillow (or Pillow-SIMD, the same API): 'RGBa' is Pillow's premultiplied mode."""

    name = "Pillow"

    def __init__(self):
        from PIL import Image
        self.Image = Image

    def versions(self):
        return {"Pillow": self.Image.__version__}

    def _decode(self, png_bytes):
        image = self.Image.open(io.BytesIO(png_bytes))
        return image.convert("RGBA")

    def resize_input(self, png_bytes):
        return self._decode(png_bytes)

    def resize(self, image):
        premultiplied = image.convert("RGBa")
        sizes = rendition_sizes(*image.size)
        return [premultiplied.resize(size, self.Image.LANCZOS).convert("RGBA") for size in sizes]

    def straight(self, outputs):
        return [np.asarray(image) for image in outputs]

    def resize_rgba(self, image):
        """Both renditions of a straight RGBA Pillow image, as straight 'RGBA' images."""
        return self.resize(image)

    def pipeline(self, png_bytes):
        outputs = self.resize(self._decode(png_bytes))
        encoded = []
        for image in outputs:
            buffer = io.BytesIO()
            image.save(buffer, "PNG")  # Pillow's default: zlib level 6, no optimize
            encoded.append(buffer.getvalue())
        return encoded


class PillowSIMDPeer(PillowPeer):
    """Pillow-SIMD, built with AVX2 in its own virtual environment."""

    name = "Pillow-SIMD"

    def versions(self):
        return {"Pillow-SIMD": self.Image.__version__}


class FastImageResizePeer(PillowPeer):
    """fast_image_resize (Rust, AVX2) through cykooz-resizer; Pillow decodes and encodes.

    Its own alpha handling: multiply_alpha once, Lanczos-3 convolution on 'RGBa' images,
    divide_alpha on each output.
    """

    name = "fast_image_resize"

    def __init__(self):
        super().__init__()
        from cykooz_resizer import AlphaMulDiv, FilterType, ResizeAlg, ResizeOptions, Resizer
        self.resizer = Resizer()
        self.alpha = AlphaMulDiv()
        self.options = ResizeOptions(resize_alg=ResizeAlg.convolution(FilterType.lanczos3))

    def versions(self):
        from importlib.metadata import version
        return {"cykooz-resizer": version("cykooz-resizer"), "Pillow": self.Image.__version__,
                "cpu_extensions": self.resizer.cpu_extensions.name}

    def resize(self, image):
        premultiplied = self.alpha.multiply_alpha_pil(image)
        outputs = []
        for size in rendition_sizes(*image.size):
            target = self.Image.new("RGBa", size)
            self.resizer.resize_pil(premultiplied, target, self.options)
            self.alpha.divide_alpha_pil_inplace(target)
            outputs.append(target)
        return outputs

    def straight(self, outputs):
        # divide_alpha left the pixels straight; only the mode name still says 'RGBa'.
        return [np.asarray(image).reshape(image.size[1], image.size[0], 4) for image in outputs]

    def resize_rgba(self, image):
        return [self.Image.frombuffer("RGBA", o.size, o.tobytes(), "raw", "RGBA", 0, 1) for o in self.resize(image)]

    def pipeline(self, png_bytes):
        encoded = []
        for image in self.resize_rgba(self._decode(png_bytes)):
            buffer = io.BytesIO()
            image.save(buffer, "PNG")
            encoded.append(buffer.getvalue())
        return encoded


class VipsResizePeer:
    """libvips through pyvips: premultiply, resize with kernel lanczos3, unpremultiply, cast.

    premultiply makes float pixels, so the resampling runs in float. The operation cache is
    off, or repeating the same resize would be answered from it.
    """

    name = "libvips resize"

    def __init__(self):
        import pyvips
        pyvips.cache_set_max(0)
        self.vips = pyvips
        self.sizes = []

    def versions(self):
        return {"libvips": "%d.%d.%d" % (self.vips.version(0), self.vips.version(1), self.vips.version(2)),
                "pyvips": self.vips.__version__}

    def resize_input(self, png_bytes):
        from PIL import Image
        pixels = np.asarray(Image.open(io.BytesIO(png_bytes)).convert("RGBA"))
        height, width = pixels.shape[:2]
        self.sizes = rendition_sizes(width, height)
        return self.vips.Image.new_from_memory(pixels.tobytes(), width, height, 4, "uchar")

    def _renditions(self, image):
        premultiplied = image.premultiply()
        outputs = []
        for width, _ in rendition_sizes(image.width, image.height):
            resized = premultiplied.resize(width / image.width, kernel="lanczos3")
            outputs.append(resized.unpremultiply().cast("uchar"))
        return outputs

    def resize(self, image):
        return [output.write_to_memory() for output in self._renditions(image)]

    def straight(self, outputs):
        return [np.frombuffer(data, np.uint8).reshape(h, w, 4) for data, (w, h) in zip(outputs, self.sizes)]

    def pipeline(self, png_bytes):
        image = self.vips.Image.new_from_buffer(png_bytes, "")  # pixels are decoded on demand
        return [output.write_to_buffer(".png") for output in self._renditions(image)]


class VipsThumbnailPeer(VipsResizePeer):
    """libvips `thumbnail`, the call its documentation recommends for making thumbnails
    (it premultiplies and unpremultiplies by itself)."""

    name = "libvips thumbnail"

    def _renditions(self, image):
        return [image.thumbnail_image(w, height=h, size="force") for (w, h) in rendition_sizes(image.width, image.height)]

    def pipeline(self, png_bytes):
        header = self.vips.Image.new_from_buffer(png_bytes, "")  # header only, for the sizes
        return [self.vips.Image.thumbnail_buffer(png_bytes, w, height=h, size="force").write_to_buffer(".png")
                for (w, h) in rendition_sizes(header.width, header.height)]


class OpenCVPeer:
    """OpenCV INTER_LANCZOS4: an 8×8 Lanczos-4 kernel whose support is NOT widened when
    shrinking (so it aliases on 3:1); premultiplied with cv2.multiply, un-premultiplied
    with cv2.divide."""

    name = "OpenCV (Lanczos-4)"

    def __init__(self):
        import cv2
        cv2.setNumThreads(1)
        self.cv2 = cv2

    def versions(self):
        return {"opencv": self.cv2.__version__}

    def _decode(self, png_bytes):
        pixels = self.cv2.imdecode(np.frombuffer(png_bytes, np.uint8), self.cv2.IMREAD_UNCHANGED)
        if pixels.ndim == 2:
            pixels = self.cv2.cvtColor(pixels, self.cv2.COLOR_GRAY2BGRA)
        elif pixels.shape[2] == 3:
            pixels = self.cv2.cvtColor(pixels, self.cv2.COLOR_BGR2BGRA)
        return pixels  # BGRA

    def resize_input(self, png_bytes):
        return self._decode(png_bytes)

    def resize(self, bgra):
        cv2 = self.cv2
        alpha = bgra[..., 3]
        alpha3 = cv2.merge([alpha, alpha, alpha])
        color = cv2.multiply(bgra[..., :3], alpha3, scale=1.0 / 255)
        premultiplied = cv2.merge([color, alpha])
        outputs = []
        for size in rendition_sizes(bgra.shape[1], bgra.shape[0]):
            small = cv2.resize(premultiplied, size, interpolation=cv2.INTER_LANCZOS4)
            a = small[..., 3]
            a3 = cv2.merge([a, a, a])
            straight = cv2.divide(small[..., :3], a3, scale=255.0)
            outputs.append(cv2.merge([straight, a]))
        return outputs

    def straight(self, outputs):
        return [self.cv2.cvtColor(o, self.cv2.COLOR_BGRA2RGBA) for o in outputs]

    def pipeline(self, png_bytes):
        return [self.cv2.imencode(".png", o)[1].tobytes() for o in self.resize(self._decode(png_bytes))]


PEERS = {
    "pillow": PillowPeer,
    "pillow-simd": PillowSIMDPeer,
    "fast-image-resize": FastImageResizePeer,
    "vips-resize": VipsResizePeer,
    "vips-thumbnail": VipsThumbnailPeer,
    "opencv": OpenCVPeer,
}


def render_file(task):
    """Batch unit, run in a pool process: (peer id, input path, output folder) → (bytes
    written, CPU seconds this process spent on it, all its threads included)."""
    peer_id, path, output = task
    peer = _pool_peer(peer_id)
    cpu = time.process_time()
    with open(path, "rb") as handle:
        data = handle.read()
    stem = os.path.splitext(os.path.basename(path))[0]
    written = 0
    for suffix, png in zip(("@2x", "@1x"), peer.pipeline(data)):
        with open(os.path.join(output, stem + suffix + ".png"), "wb") as handle:
            handle.write(png)
        written += len(png)
    return written, time.process_time() - cpu


_POOL_PEERS = {}


def _pool_peer(peer_id):
    if peer_id not in _POOL_PEERS:
        _POOL_PEERS[peer_id] = PEERS[peer_id]()
    return _POOL_PEERS[peer_id]
