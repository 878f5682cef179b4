"""The ctypes declaration of rendition.h and the loading of librendition.

Every function of the header is declared here, by name, with its argument and result types;
everything else in the package calls the library through `call` and the helpers below.
ctypes releases the GIL around each call into the library, so renders in several Python
threads run in parallel.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import subprocess
from pathlib import Path
from typing import Any, Callable, Optional

from ._errors import LibraryNotFoundError, error_for_status

# rdn_status
OK = 0
# rdn_format
FORMATS: dict[str, int] = {"auto": 0, "png": 1, "apng": 2, "gif": 3, "webp": 4, "jpeg": 5}
FORMAT_NAMES: dict[int, str] = {value: name for name, value in FORMATS.items()}
# rdn_alpha
PREMULTIPLIED, STRAIGHT = 0, 1
# RDN_SCALE_*
SCALE_BITS: dict[int, int] = {1: 1, 2: 2, 3: 4}
#: The interface version this binding was written for (RDN_VERSION_MAJOR, RDN_VERSION_MINOR).
HEADER_VERSION = (0, 3)

#: rdn_list_stickers flag: search folders and check that files exist (RDN_LIST_SEARCH).
LIST_SEARCH = 1


class Limits(ctypes.Structure):
    """rdn_limits."""

    _fields_ = [(name, ctypes.c_uint64) for name in
                ("max_width", "max_height", "max_pixels", "max_frames", "max_decoded_bytes", "max_input_bytes")]


class ImageInfo(ctypes.Structure):
    """rdn_image_info."""

    _fields_ = [("width", ctypes.c_uint32), ("height", ctypes.c_uint32), ("frame_count", ctypes.c_uint32),
                ("loop_count", ctypes.c_uint32), ("source_format", ctypes.c_int)]


class RenderOptions(ctypes.Structure):
    """rdn_render_options."""

    _fields_ = [("struct_size", ctypes.c_uint32), ("filter", ctypes.c_int), ("format", ctypes.c_int),
                ("compression", ctypes.c_int32), ("profile", ctypes.c_char_p), ("scales", ctypes.c_uint32),
                ("threads", ctypes.c_uint32), ("max_output_pixels", ctypes.c_uint64)]


class CRendition(ctypes.Structure):
    """rdn_rendition."""

    _fields_ = [("scale", ctypes.c_uint32), ("width", ctypes.c_uint32), ("height", ctypes.c_uint32),
                ("format", ctypes.c_int), ("bytes", ctypes.POINTER(ctypes.c_uint8)), ("length", ctypes.c_size_t)]


#: rdn_sticker_callback: void (*)(void *context, size_t done, size_t total, const char *sticker_json).
StickerCallback = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_char_p)


class BatchOptions(ctypes.Structure):
    """rdn_batch_options."""

    _fields_ = [("struct_size", ctypes.c_uint32), ("force", ctypes.c_uint32), ("shard_index", ctypes.c_uint32),
                ("shard_count", ctypes.c_uint32), ("on_sticker", StickerCallback), ("context", ctypes.c_void_p)]


def _signatures() -> dict[str, tuple[Any, list[Any]]]:
    """Every function of rendition.h: name -> (result type, argument types)."""
    P, size_t, u32, u64 = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_uint64
    u8p = ctypes.POINTER(ctypes.c_uint8)
    Pp = ctypes.POINTER(ctypes.c_void_p)
    options = ctypes.POINTER(RenderOptions)
    status = ctypes.c_int
    return {
        "rdn_version": (u32, []),
        "rdn_version_string": (ctypes.c_char_p, []),
        "rdn_status_name": (ctypes.c_char_p, [status]),
        "rdn_error_status": (status, [P]),
        "rdn_error_message": (ctypes.c_char_p, [P]),
        "rdn_error_free": (None, [P]),
        "rdn_image_decode": (status, [ctypes.c_void_p, size_t, ctypes.POINTER(Limits), Pp, Pp]),
        "rdn_image_create": (status, [u32, u32, ctypes.c_void_p, size_t, size_t, ctypes.c_int, Pp, Pp]),
        "rdn_image_free": (None, [P]),
        "rdn_image_get_info": (status, [P, ctypes.POINTER(ImageInfo), Pp]),
        "rdn_image_get_frame_delay": (status, [P, u32, ctypes.POINTER(u64), ctypes.POINTER(u64), Pp]),
        "rdn_image_copy_pixels": (status, [P, u32, ctypes.c_int, ctypes.c_void_p, size_t, size_t, Pp]),
        "rdn_render_options_init": (None, [options]),
        "rdn_render": (status, [P, options, ctypes.POINTER(ctypes.POINTER(CRendition)), ctypes.POINTER(size_t), Pp]),
        "rdn_renditions_free": (None, [ctypes.POINTER(CRendition), size_t]),
        "rdn_image_resize": (status, [P, u32, u32, options, Pp, Pp]),
        "rdn_image_encode": (status, [P, options, ctypes.POINTER(u8p), ctypes.POINTER(size_t), Pp]),
        "rdn_bytes_free": (None, [u8p]),
        "rdn_string_free": (None, [P]),
        "rdn_lint_bytes": (status, [ctypes.c_void_p, size_t, ctypes.c_char_p, ctypes.c_char_p, Pp, Pp]),
        "rdn_render_directory": (status, [ctypes.c_char_p, ctypes.c_char_p, options, Pp, Pp]),
        "rdn_batch_options_init": (None, [ctypes.POINTER(BatchOptions)]),
        "rdn_render_files": (status, [ctypes.POINTER(ctypes.c_char_p), size_t, ctypes.c_char_p, options,
                                      ctypes.POINTER(BatchOptions), Pp, Pp]),
        "rdn_render_pack": (status, [ctypes.c_char_p, ctypes.c_char_p, options, Pp, Pp]),
        "rdn_list_stickers": (status, [ctypes.POINTER(ctypes.c_char_p), size_t, u32, Pp, Pp]),
    }


def _pkg_config_library() -> Optional[str]:
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "rendition"], capture_output=True, text=True,
                                check=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    candidate = os.path.join(libdir, "librendition.so")
    return candidate if libdir and os.path.exists(candidate) else None


def candidates() -> list[tuple[str, str]]:
    """Where the library is looked for, in order, as (how it was found, path) pairs:
    $RENDITION_LIBRARY, the copy inside the package (rendition/_lib/, what a wheel carries),
    pkg-config's libdir for `rendition`, then the system's library path."""
    found: list[tuple[str, str]] = []
    explicit = os.environ.get("RENDITION_LIBRARY")
    if explicit:
        found.append(("$RENDITION_LIBRARY", explicit))
    bundled = sorted(Path(__file__).parent.joinpath("_lib").glob("librendition.so*"))
    if bundled:
        found.append(("the package's _lib folder", str(bundled[0])))
    configured = _pkg_config_library()
    if configured:
        found.append(("pkg-config", configured))
    system = ctypes.util.find_library("rendition")
    if system:
        found.append(("the system library path", system))
    return found


def _load() -> ctypes.CDLL:
    tried: list[str] = []
    for how, path in candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"{how}: {path} ({error})")
            if how == "$RENDITION_LIBRARY":
                break  # an explicit choice that fails is not silently replaced
            continue
        missing = [name for name in _signatures() if not hasattr(lib, name)]
        if missing:
            tried.append(f"{how}: {path} is an older librendition without {', '.join(missing)}")
            continue
        for name, (restype, argtypes) in _signatures().items():
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = argtypes
        return lib
    detail = "; ".join(tried) if tried else "no candidate found"
    raise LibraryNotFoundError(
        "librendition.so could not be loaded (" + detail + "). Install the rendition wheel, which carries it, "
        "or set RENDITION_LIBRARY to the path of librendition.so, or PKG_CONFIG_PATH to DIR/lib/pkgconfig "
        "(Scripts/install-c-library --prefix DIR installs it there; "
        "it needs Debian's libpng16-16, libjpeg62-turbo, libgif7, libwebp7, libwebpmux3, libwebpdemux2, libdeflate0, libyaml-0-2, librlottie0-1 and libvpx7)")


lib: ctypes.CDLL = _load()


def call(function: Callable[..., int], *arguments: Any) -> None:
    """Calls an rdn_ function whose last parameter is `rdn_error **`; raises the RenditionError
    subclass for its status, carrying the library's message, when it fails."""
    error = ctypes.c_void_p()
    status = function(*arguments, ctypes.byref(error))
    if status != OK:
        message = (lib.rdn_error_message(error) or b"").decode("utf-8", "replace")
        name = (lib.rdn_status_name(status) or b"").decode()
        lib.rdn_error_free(error)
        raise error_for_status(status, name, message)


def take_string(pointer: ctypes.c_void_p) -> Optional[str]:
    """The UTF-8 text of a string the library returned, which is freed."""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8") if pointer.value else None
    finally:
        lib.rdn_string_free(pointer)


#: The keyword arguments that set decoding limits (the fields of rdn_limits).
LIMIT_KEYWORDS: tuple[str, ...] = tuple(name for name, _ in Limits._fields_)


def _invalid(message: str) -> Exception:
    from ._errors import InvalidArgumentError
    return InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT", message)


def _count(name: str, value: Any, maximum: int) -> int:
    """`value` checked as a whole number from 0 to `maximum` for the keyword `name`."""
    if isinstance(value, bool) or not isinstance(value, int):
        from ._errors import InvalidKeywordError
        raise InvalidKeywordError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                  f"{name} must be a whole number, not {type(value).__name__} {value!r}")
    if value < 0:
        raise _invalid(f"{name}={value} is negative; it must be 0 (the default) or more")
    if value > maximum:
        raise _invalid(f"{name}={value} is more than the largest value, {maximum}")
    return value


def limits(keywords: dict[str, Any], caller: str) -> Limits:
    """An rdn_limits from keyword arguments (`caller` names the function in messages): an
    unknown keyword raises InvalidKeywordError (a TypeError) naming it and the valid ones, a
    negative value InvalidArgumentError (a ValueError)."""
    caps = Limits()
    for name, value in keywords.items():
        if name not in LIMIT_KEYWORDS:
            import difflib

            from ._errors import InvalidKeywordError
            close = difflib.get_close_matches(name, LIMIT_KEYWORDS, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise InvalidKeywordError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                      f"{caller}() got an unknown limit {name!r}{hint}; the limits are "
                                      f"{', '.join(LIMIT_KEYWORDS)}")
        setattr(caps, name, _count(name, value, 2**64 - 1))
    return caps


def render_options(format: Optional[str] = None, compression: Optional[int] = None, profile: Optional[str] = None,
                   scales: Optional[tuple[int, ...]] = None, threads: Optional[int] = None,
                   max_output_pixels: Optional[int] = None) -> RenderOptions:
    """An rdn_render_options from Python arguments (None: the library's default)."""
    options = RenderOptions()
    lib.rdn_render_options_init(ctypes.byref(options))
    if format is not None:
        key = format.lower()
        if key not in FORMATS:
            from ._errors import InvalidArgumentError
            raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                       f"unknown format {format!r}; here: {', '.join(sorted(FORMATS))}")
        options.format = FORMATS[key]
    if compression is not None:
        options.compression = compression
    if profile is not None:
        options.profile = profile.encode()
    if scales is not None:
        if len(scales) == 0:
            raise _invalid("scales is empty: name at least one of 3, 2 and 1")
        bits = 0
        for scale in scales:
            if scale not in SCALE_BITS:
                from ._errors import InvalidArgumentError
                raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT", f"scale {scale!r} is not 1, 2 or 3")
            bits |= SCALE_BITS[scale]
        options.scales = bits
    if threads is not None:
        options.threads = _count("threads", threads, 2**32 - 1)
    if max_output_pixels is not None:
        options.max_output_pixels = _count("max_output_pixels", max_output_pixels, 2**64 - 1)
    return options
