"""Rendering one sticker: `render` and the `Rendition` it returns."""

from __future__ import annotations

import ctypes
import os
import tempfile
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

from . import _native
from ._errors import RenditionIOError, io_error_for
from ._image import Image, Source
from ._native import call, lib
from ._optional import require

if TYPE_CHECKING:  # pragma: no cover
    import numpy
    import PIL.Image


@dataclass(frozen=True)
class Rendition:
    """One encoded rendition of a sticker.

    Attributes:
        scale: 1, 2 or 3 (@1x, @2x, @3x).
        width, height: its size in pixels.
        format: the container of `data`: "png", "apng", "gif", "webp" or "webm".
        data: the encoded file.
    """

    scale: int
    width: int
    height: int
    format: str
    data: bytes = field(repr=False)

    @property
    def extension(self) -> str:
        """The file extension Rendition uses for it: "png" for PNG and APNG, else the format."""
        return "png" if self.format in ("png", "apng") else self.format

    def file_name(self, name: str) -> str:
        """The file name `rendition render` gives it for sticker `name`: NAME@2x.png..."""
        return f"{name}@{self.scale}x.{self.extension}"

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes `data` to `path` atomically (a temporary file in the same folder, renamed).
        Raises RenditionIOError (also FileNotFoundError when the folder is missing)."""
        path = os.fspath(path)
        folder = os.path.dirname(path) or "."
        try:
            descriptor, temporary = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".tmp-", dir=folder)
        except OSError as error:
            raise io_error_for(error, folder, "write into") from error
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(self.data)
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        except BaseException:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
            raise

    def decode(self) -> Image:
        """The rendition decoded back into an `Image` (every frame)."""
        return Image.decode(self.data)

    def to_numpy(self, frame: Optional[int] = 0) -> "numpy.ndarray":
        """The decoded pixels, H x W x 4 uint8 straight RGBA; `frame=None` gives every frame of
        an animation, F x H x W x 4."""
        with self.decode() as image:
            return image.to_numpy(frame)

    def to_pil(self) -> "PIL.Image.Image":
        """The rendition opened by Pillow (animations keep their frames; needs Pillow)."""
        import io

        PILImage = require("PIL.Image", "to_pil()")

        picture = PILImage.open(io.BytesIO(self.data))
        picture.load()
        return picture


def render(src: Source, scales: Sequence[int] = (2, 1), format: Optional[str] = None,
           compression: Optional[int] = None, threads: Optional[int] = None,
           max_output_pixels: Optional[int] = None) -> list[Rendition]:
    """Renders the renditions of a @3x master, highest scale first.

    Args:
        src: the master: a path, the file's bytes (PNG, APNG, GIF, JPEG, WebP, WebM, TGS,
            Lottie JSON or dotLottie), an H x W x 4 uint8 array of straight RGBA, a Pillow image
            or an `Image`. A path or bytes take the command line's road (rdn_render_file,
            rdn_render_bytes): one decode, animation frames resampled as they are decoded,
            TGS and Lottie drawn once at each rendition's size. Arrays, Pillow images and
            `Image`s are rendered from their pixels (rdn_render).
        scales: which renditions, from 3 (the master re-encoded), 2 and 1. @2x is
            round(2/3) of the master on each axis, @1x round(1/3).
        format: None or "auto" (the source's own: PNG, APNG, GIF, WebP or WebM; JPEG and
            pixels become PNG; TGS and Lottie APNG, or PNG for one frame), "png" (a still of
            the first frame), "apng", "gif", "webp" or "webm" (VP9 with alpha).
        compression: 0 (fastest) to 12 (smallest), as `rendition render --compression`: the
            PNG and APNG deflate level and libwebp's method (level // 2) for WebP; GIF and WebM
            ignore it. None for the defaults.
        threads: threads for an animation's frames (None or 0: one per core). Bytes never
            depend on it.
        max_output_pixels: most pixels in any output (None: 40,000,000).

    Raises:
        DecodeError, LimitError, UnsupportedError, EncodeError, InvalidArgumentError (also for
        an empty `scales` or a negative `max_output_pixels` or `threads`), RenditionIOError
        (a path that is missing or a folder)...
    """
    options = _native.render_options(format=format, compression=compression, scales=tuple(scales),
                                     threads=threads, max_output_pixels=max_output_pixels)
    if isinstance(src, (str, os.PathLike)):
        return _render_file(src, options)
    if isinstance(src, (bytes, bytearray, memoryview)):
        data = src if isinstance(src, bytes) else bytes(src)
        return _renditions(lib.rdn_render_bytes, data, len(data), None, ctypes.byref(options))
    image = Image.open(src)
    try:
        return _renditions(lib.rdn_render, image.handle, ctypes.byref(options))
    finally:
        if image is not src:
            image.close()


def _render_file(path: "Union[str, os.PathLike[str]]", options: _native.RenderOptions) -> list[Rendition]:
    """rdn_render_file on `path`. Its RDN_ERROR_IO becomes the OSError subclass Python gives
    for the path (FileNotFoundError, IsADirectoryError...) when Python cannot open it either."""
    try:
        return _renditions(lib.rdn_render_file, os.fsencode(path), None, ctypes.byref(options))
    except RenditionIOError as failure:
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            raise io_error_for(error, path) from failure
        raise


def _renditions(function: Callable[..., int], *arguments: Any) -> list[Rendition]:
    """Calls a rendering function of the library (its arguments up to the out-parameters) and
    copies the renditions it returns."""
    array = ctypes.POINTER(_native.CRendition)()
    count = ctypes.c_size_t()
    call(function, *arguments, ctypes.byref(array), ctypes.byref(count))
    try:
        return [Rendition(item.scale, item.width, item.height, _native.FORMAT_NAMES[item.format],
                          ctypes.string_at(item.bytes, item.length))
                for item in (array[i] for i in range(count.value))]
    finally:
        lib.rdn_renditions_free(array, count)
