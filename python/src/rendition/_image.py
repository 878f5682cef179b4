"""Decoded images (rdn_image handles) and what can be made from them."""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Union

from . import _native
from ._errors import InvalidArgumentError, io_error_for
from ._native import call, lib
from ._optional import require

if TYPE_CHECKING:  # pragma: no cover
    import numpy
    import PIL.Image

#: What `render`, `lint` and `Image.open` accept as a sticker: a path, the file's bytes, an
#: H x W x 4 uint8 array of straight RGBA, a Pillow image, or an `Image`.
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, "numpy.ndarray", "PIL.Image.Image", "Image"]


def _invalid(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT", message)


def read_file(path: "Union[str, os.PathLike[str]]") -> bytes:
    """The bytes of the file at `path`; an OSError becomes the matching RenditionIOError."""
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise io_error_for(error, path) from error


@dataclass(frozen=True)
class ImageInfo:
    """What an image is: canvas size, frame count, loop count (0 = forever) and the format it
    was decoded from ("png", "apng", "gif", "webp", "jpeg", "webm", "tgs", "lottie", or "auto"
    for pixels)."""

    width: int
    height: int
    frame_count: int
    loop_count: int
    source_format: str


class Image:
    """A decoded still image or animation (an rdn_image handle).

    Immutable and safe to use from several threads at once. Freed by `close()`, by leaving a
    `with` block, or when garbage-collected.
    """

    __slots__ = ("_handle", "__weakref__")

    def __init__(self, handle: int) -> None:
        self._handle: Optional[ctypes.c_void_p] = ctypes.c_void_p(handle)

    # ---- Making images ----------------------------------------------------------------------

    @classmethod
    def decode(cls, data: Union[bytes, bytearray, memoryview], **limits: int) -> "Image":
        """Decodes PNG, APNG, GIF, JPEG, WebP, WebM, TGS or Lottie JSON file bytes (TGS and
        Lottie drawn at their canvas size; `render` draws them at each rendition's size, from
        the file the image keeps). Keyword arguments set decoding
        limits (max_width, max_height, max_pixels, max_frames, max_decoded_bytes,
        max_input_bytes; 0 keeps the default); over a limit raises LimitError. An unknown
        keyword raises InvalidKeywordError (a TypeError), a negative limit
        InvalidArgumentError (a ValueError)."""
        caps = _native.limits(limits, "Image.decode")
        buffer = data if isinstance(data, bytes) else bytes(data)
        handle = ctypes.c_void_p()
        call(lib.rdn_image_decode, buffer, len(buffer), ctypes.byref(caps), ctypes.byref(handle))
        return cls(handle.value or 0)

    @classmethod
    def from_array(cls, array: "numpy.ndarray", premultiplied: bool = False) -> "Image":
        """A one-frame image from an H x W x 4 uint8 array of RGBA (straight alpha unless
        `premultiplied`). The pixels are copied."""
        np = require("numpy", "Image.from_array")

        if not isinstance(array, np.ndarray) or array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] != 4:
            shape = getattr(array, "shape", None)
            dtype = getattr(array, "dtype", type(array).__name__)
            raise _invalid(f"expected an H x W x 4 uint8 array of RGBA pixels, got shape {shape} of {dtype}")
        height, width = int(array.shape[0]), int(array.shape[1])
        if array.strides[2] != 1 or array.strides[1] != 4 or array.strides[0] < width * 4:
            array = np.ascontiguousarray(array)
        stride = int(array.strides[0])
        length = stride * (height - 1) + width * 4 if height > 0 else 0
        handle = ctypes.c_void_p()
        call(lib.rdn_image_create, width, height, array.ctypes.data, stride, length,
             _native.PREMULTIPLIED if premultiplied else _native.STRAIGHT, ctypes.byref(handle))
        return cls(handle.value or 0)

    @classmethod
    def from_pil(cls, picture: "PIL.Image.Image") -> "Image":
        """A one-frame image from a Pillow image (converted to RGBA; of an animation, the
        current frame: pass the file's path or bytes to keep every frame)."""
        rgba = picture if picture.mode == "RGBA" else picture.convert("RGBA")
        data = rgba.tobytes()
        handle = ctypes.c_void_p()
        call(lib.rdn_image_create, rgba.width, rgba.height, data, rgba.width * 4, len(data), _native.STRAIGHT,
             ctypes.byref(handle))
        return cls(handle.value or 0)

    @classmethod
    def open(cls, source: Source, **limits: int) -> "Image":
        """An image from any `Source`: a path or bytes are decoded, arrays and Pillow images
        copied. An `Image` is returned as it is. A path that cannot be read raises
        RenditionIOError (for a missing file also a FileNotFoundError, for a folder an
        IsADirectoryError)."""
        if isinstance(source, Image):
            return source
        if isinstance(source, (str, os.PathLike)):
            _native.limits(limits, "Image.open")  # a misspelt limit is reported before any file is read
            return cls.decode(read_file(source), **limits)
        if isinstance(source, (bytes, bytearray, memoryview)):
            return cls.decode(source, **limits)
        module = type(source).__module__
        if module.startswith("numpy"):
            return cls.from_array(source)  # type: ignore[arg-type]
        if module.startswith("PIL."):
            return cls.from_pil(source)  # type: ignore[arg-type]
        raise _invalid(f"cannot make an image from {type(source).__name__}: pass a path, bytes, "
                       "an H x W x 4 uint8 numpy array or a Pillow image")

    # ---- Lifetime ---------------------------------------------------------------------------

    @property
    def handle(self) -> ctypes.c_void_p:
        """The rdn_image pointer (raises InvalidArgumentError once closed)."""
        if self._handle is None or not self._handle.value:
            raise _invalid("the image is closed")
        return self._handle

    def close(self) -> None:
        """Frees the handle; later calls do nothing."""
        handle, self._handle = self._handle, None
        if handle is not None and handle.value:
            lib.rdn_image_free(handle)

    def __enter__(self) -> "Image":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __repr__(self) -> str:
        if self._handle is None:
            return "Image(closed)"
        info = self.info
        return f"Image({info.width}x{info.height}, {info.frame_count} frame(s), {info.source_format})"

    # ---- Reading ----------------------------------------------------------------------------

    @property
    def info(self) -> ImageInfo:
        """Size, frame count, loop count and source format."""
        info = _native.ImageInfo()
        call(lib.rdn_image_get_info, self.handle, ctypes.byref(info))
        return ImageInfo(info.width, info.height, info.frame_count, info.loop_count,
                         _native.FORMAT_NAMES[info.source_format])

    @property
    def width(self) -> int:
        """Canvas width in pixels."""
        return self.info.width

    @property
    def height(self) -> int:
        """Canvas height in pixels."""
        return self.info.height

    def frame_delay(self, frame: int) -> Fraction:
        """How long `frame` (0-based) is shown, exactly, in seconds."""
        numerator, denominator = ctypes.c_uint64(), ctypes.c_uint64()
        call(lib.rdn_image_get_frame_delay, self.handle, frame, ctypes.byref(numerator), ctypes.byref(denominator))
        return Fraction(numerator.value, denominator.value)

    def pixels(self, frame: int = 0, premultiplied: bool = False) -> bytes:
        """The RGBA bytes of `frame`, rows packed (straight alpha unless `premultiplied`)."""
        info = self.info
        buffer = ctypes.create_string_buffer(info.width * info.height * 4)
        call(lib.rdn_image_copy_pixels, self.handle, frame,
             _native.PREMULTIPLIED if premultiplied else _native.STRAIGHT, buffer, info.width * 4, len(buffer))
        return buffer.raw

    def to_numpy(self, frame: Optional[int] = 0, premultiplied: bool = False) -> "numpy.ndarray":
        """Frame `frame` as an H x W x 4 uint8 array (straight RGBA unless `premultiplied`);
        `frame=None` gives every frame, F x H x W x 4."""
        np = require("numpy", "to_numpy()")

        info = self.info
        frames = range(info.frame_count) if frame is None else [frame]
        out = np.empty((len(frames), info.height, info.width, 4), dtype=np.uint8)
        for slot, index in enumerate(frames):
            call(lib.rdn_image_copy_pixels, self.handle, index,
                 _native.PREMULTIPLIED if premultiplied else _native.STRAIGHT, out[slot].ctypes.data,
                 info.width * 4, out[slot].nbytes)
        return out if frame is None else out[0]

    def to_pil(self, frame: int = 0) -> "PIL.Image.Image":
        """Frame `frame` as a Pillow RGBA image (needs Pillow)."""
        PILImage = require("PIL.Image", "to_pil()")

        info = self.info
        return PILImage.frombytes("RGBA", (info.width, info.height), self.pixels(frame))

    # ---- Making new images and files ----------------------------------------------------------

    def resize(self, width: int, height: int, threads: Optional[int] = None,
               max_output_pixels: Optional[int] = None) -> "Image":
        """Every frame resampled to exactly width x height with Lanczos-3 (delays kept)."""
        options = _native.render_options(threads=threads, max_output_pixels=max_output_pixels)
        handle = ctypes.c_void_p()
        call(lib.rdn_image_resize, self.handle, width, height, ctypes.byref(options), ctypes.byref(handle))
        return Image(handle.value or 0)

    def encode(self, format: Optional[str] = None, compression: Optional[int] = None) -> bytes:
        """The image as a file, without resampling: format None/"auto" (its source format),
        "png", "apng", "gif", "webp" or "webm"; compression 0 (fastest) to 12 (smallest)."""
        options = _native.render_options(format=format, compression=compression)
        data = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        call(lib.rdn_image_encode, self.handle, ctypes.byref(options), ctypes.byref(data), ctypes.byref(length))
        try:
            return ctypes.string_at(data, length.value)
        finally:
            lib.rdn_bytes_free(data)
