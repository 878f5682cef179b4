"""Rendition from Python: a ctypes binding of librendition's C interface (rendition.h).

    import rendition
    with rendition.Image.decode(open("sticker@3x.png", "rb").read()) as master:
        for r in master.render():                     # @2x then @1x
            open(f"sticker@{r.scale}x.png", "wb").write(r.data)

The library is found through $RENDITION_LIBRARY (a path to librendition.so), else
pkg-config's libdir for `rendition`, else the system's library path. Failures raise
RenditionError with the C status name and message. Every object the library returns is
copied into Python and freed at once, except Image handles, which are freed by close()
(or the `with` block, or garbage collection).

Run as a script, it renders a sticker and checks the results and the error paths, like
Examples/c/render.c:  python3 rendition.py STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER
"""

import ctypes
import ctypes.util
import fractions
import json
import os
import subprocess
import sys

# rdn_status
OK, INVALID_ARGUMENT, UNRECOGNIZED_FORMAT, CORRUPT, UNSUPPORTED, LIMIT_EXCEEDED, IO, OUT_OF_MEMORY, ENCODE, INTERNAL = range(10)
# rdn_format
FORMATS = {"auto": 0, "png": 1, "apng": 2, "gif": 3, "webp": 4, "jpeg": 5}
FORMAT_NAMES = {value: name for name, value in FORMATS.items()}
# rdn_alpha
PREMULTIPLIED, STRAIGHT = 0, 1
# RDN_SCALE_*
SCALE_BITS = {1: 1, 2: 2, 3: 4}


class RenditionError(Exception):
    """A failed call: `status` (an rdn_status value), `name` ("RDN_ERROR_CORRUPT") and `message`."""

    def __init__(self, status, name, message):
        super().__init__(f"{name}: {message}")
        self.status = status
        self.name = name
        self.message = message


class _Limits(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint64) for name in
                ("max_width", "max_height", "max_pixels", "max_frames", "max_decoded_bytes", "max_input_bytes")]


class _ImageInfo(ctypes.Structure):
    _fields_ = [("width", ctypes.c_uint32), ("height", ctypes.c_uint32), ("frame_count", ctypes.c_uint32),
                ("loop_count", ctypes.c_uint32), ("source_format", ctypes.c_int)]


class _RenderOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("filter", ctypes.c_int), ("format", ctypes.c_int),
                ("compression", ctypes.c_int32), ("profile", ctypes.c_char_p), ("scales", ctypes.c_uint32),
                ("threads", ctypes.c_uint32), ("max_output_pixels", ctypes.c_uint64)]


class _Rendition(ctypes.Structure):
    _fields_ = [("scale", ctypes.c_uint32), ("width", ctypes.c_uint32), ("height", ctypes.c_uint32),
                ("format", ctypes.c_int), ("bytes", ctypes.POINTER(ctypes.c_uint8)), ("length", ctypes.c_size_t)]


def _find_library():
    explicit = os.environ.get("RENDITION_LIBRARY")
    if explicit:
        return explicit
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "rendition"], capture_output=True, text=True,
                                check=True).stdout.strip()
        candidate = os.path.join(libdir, "librendition.so")
        if os.path.exists(candidate):
            return candidate
    except (OSError, subprocess.CalledProcessError):
        pass
    return ctypes.util.find_library("rendition") or "librendition.so"


def _declare(lib):
    P, u8p, size_t, u32, u64 = ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8), ctypes.c_size_t, ctypes.c_uint32, ctypes.c_uint64
    Pp = ctypes.POINTER(ctypes.c_void_p)
    options = ctypes.POINTER(_RenderOptions)
    status = ctypes.c_int
    signatures = {
        "rdn_version": (u32, []),
        "rdn_version_string": (ctypes.c_char_p, []),
        "rdn_status_name": (ctypes.c_char_p, [status]),
        "rdn_error_status": (status, [P]),
        "rdn_error_message": (ctypes.c_char_p, [P]),
        "rdn_error_free": (None, [P]),
        "rdn_image_decode": (status, [ctypes.c_char_p, size_t, ctypes.POINTER(_Limits), Pp, Pp]),
        "rdn_image_create": (status, [u32, u32, ctypes.c_char_p, size_t, size_t, ctypes.c_int, Pp, Pp]),
        "rdn_image_free": (None, [P]),
        "rdn_image_get_info": (status, [P, ctypes.POINTER(_ImageInfo), Pp]),
        "rdn_image_get_frame_delay": (status, [P, u32, ctypes.POINTER(u64), ctypes.POINTER(u64), Pp]),
        "rdn_image_copy_pixels": (status, [P, u32, ctypes.c_int, ctypes.c_char_p, size_t, size_t, Pp]),
        "rdn_render_options_init": (None, [options]),
        "rdn_render": (status, [P, options, ctypes.POINTER(ctypes.POINTER(_Rendition)), ctypes.POINTER(size_t), Pp]),
        "rdn_renditions_free": (None, [ctypes.POINTER(_Rendition), size_t]),
        "rdn_image_resize": (status, [P, u32, u32, options, Pp, Pp]),
        "rdn_image_encode": (status, [P, options, ctypes.POINTER(u8p), ctypes.POINTER(size_t), Pp]),
        "rdn_bytes_free": (None, [u8p]),
        "rdn_string_free": (None, [P]),
        "rdn_lint_bytes": (status, [ctypes.c_char_p, size_t, ctypes.c_char_p, ctypes.c_char_p, Pp, Pp]),
        "rdn_render_directory": (status, [ctypes.c_char_p, ctypes.c_char_p, options, Pp, Pp]),
        "rdn_render_pack": (status, [ctypes.c_char_p, ctypes.c_char_p, options, Pp, Pp]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = None


def library():
    """The loaded librendition (loaded on first use)."""
    global _lib
    if _lib is None:
        name = _find_library()
        try:
            _lib = _declare(ctypes.CDLL(name))
        except OSError as error:
            raise LibraryNotFound(
                f"cannot load librendition ({name}: {error}). Install it with Scripts/install-c-library and set "
                "PKG_CONFIG_PATH to PREFIX/lib/pkgconfig (or RENDITION_LIBRARY to the librendition.so file)") from None
    return _lib


class LibraryNotFound(OSError):
    """librendition could not be found or loaded; the message says how to point to it."""


def version():
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return library().rdn_version_string().decode()


def _call(function, *arguments):
    """Calls an rdn_ function whose last parameter is rdn_error **; raises RenditionError on failure."""
    lib = library()
    error = ctypes.c_void_p()
    status = function(*arguments, ctypes.byref(error))
    if status != OK:
        message = lib.rdn_error_message(error).decode()
        error_status = lib.rdn_error_status(error)
        lib.rdn_error_free(error)
        if error_status != status:
            raise RuntimeError(f"error object says {error_status}, call returned {status}")
        raise RenditionError(status, lib.rdn_status_name(status).decode(), message)
    if error.value is not None:
        raise RuntimeError("an error object was returned with RDN_OK")


def _options(format="auto", compression=-1, profile=None, scales=None, threads=0, max_output_pixels=0, filter=0):
    options = _RenderOptions()
    library().rdn_render_options_init(ctypes.byref(options))
    options.filter = filter
    options.format = FORMATS[format]
    options.compression = compression
    options.profile = profile.encode() if profile is not None else None
    options.scales = sum(SCALE_BITS[s] for s in scales) if scales else 0
    options.threads = threads
    options.max_output_pixels = max_output_pixels
    return options


class Rendition:
    """One encoded rendition: scale (1, 2, 3), width, height, format ("png", ...), data (bytes)."""

    def __init__(self, scale, width, height, format, data):
        self.scale, self.width, self.height, self.format, self.data = scale, width, height, format, data

    def __repr__(self):
        return f"Rendition(@{self.scale}x {self.width}x{self.height} {self.format}, {len(self.data)} bytes)"


class Image:
    """A decoded still image or animation (an rdn_image handle); immutable, usable from any thread."""

    def __init__(self, handle):
        self._handle = ctypes.c_void_p(handle)

    @classmethod
    def decode(cls, data, **limits):
        """Decodes PNG, APNG, GIF, JPEG or WebP bytes; keyword arguments set rdn_limits fields (max_width=...)."""
        handle = ctypes.c_void_p()
        _call(library().rdn_image_decode, data, len(data), ctypes.byref(_Limits(**limits)), ctypes.byref(handle))
        return cls(handle.value)

    @classmethod
    def from_pixels(cls, width, height, pixels, straight=True, stride=None):
        """A one-frame image from RGBA bytes (straight alpha by default)."""
        handle = ctypes.c_void_p()
        _call(library().rdn_image_create, width, height, bytes(pixels), stride or width * 4, len(pixels),
              STRAIGHT if straight else PREMULTIPLIED, ctypes.byref(handle))
        return cls(handle.value)

    def close(self):
        """Frees the handle (idempotent)."""
        if self._handle and self._handle.value is not None and _lib is not None:
            _lib.rdn_image_free(self._handle)
        self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    @property
    def info(self):
        """{"width", "height", "frame_count", "loop_count", "source_format"}."""
        info = _ImageInfo()
        _call(library().rdn_image_get_info, self._handle, ctypes.byref(info))
        return {"width": info.width, "height": info.height, "frame_count": info.frame_count,
                "loop_count": info.loop_count, "source_format": FORMAT_NAMES[info.source_format]}

    def frame_delay(self, frame):
        """The exact delay of `frame` in seconds, as a Fraction."""
        numerator, denominator = ctypes.c_uint64(), ctypes.c_uint64()
        _call(library().rdn_image_get_frame_delay, self._handle, frame, ctypes.byref(numerator), ctypes.byref(denominator))
        return fractions.Fraction(numerator.value, denominator.value)

    def pixels(self, frame=0, straight=False):
        """The RGBA bytes of `frame`, tightly packed (premultiplied unless straight=True)."""
        info = self.info
        buffer = ctypes.create_string_buffer(info["width"] * info["height"] * 4)
        _call(library().rdn_image_copy_pixels, self._handle, frame, STRAIGHT if straight else PREMULTIPLIED, buffer,
              info["width"] * 4, len(buffer))
        return buffer.raw

    def resize(self, width, height, **options):
        """Every frame resampled to width x height (Lanczos-3); options as for render()."""
        handle = ctypes.c_void_p()
        _call(library().rdn_image_resize, self._handle, width, height, ctypes.byref(_options(**options)), ctypes.byref(handle))
        return Image(handle.value)

    def encode(self, **options):
        """The image as file bytes (format="auto"|"png"|"apng"|"gif"|"webp", compression=-1...12)."""
        lib = library()
        data = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        _call(lib.rdn_image_encode, self._handle, ctypes.byref(_options(**options)), ctypes.byref(data), ctypes.byref(length))
        try:
            return ctypes.string_at(data, length.value)
        finally:
            lib.rdn_bytes_free(data)

    def render(self, **options):
        """The renditions of this @3x master, highest scale first: scales=(2, 1) by default, format,
        compression, profile, threads, max_output_pixels."""
        lib = library()
        array = ctypes.POINTER(_Rendition)()
        count = ctypes.c_size_t()
        _call(lib.rdn_render, self._handle, ctypes.byref(_options(**options)), ctypes.byref(array), ctypes.byref(count))
        try:
            return [Rendition(r.scale, r.width, r.height, FORMAT_NAMES[r.format], ctypes.string_at(r.bytes, r.length))
                    for r in (array[i] for i in range(count.value))]
        finally:
            lib.rdn_renditions_free(array, count)


def _string_result(function, *arguments):
    lib = library()
    text = ctypes.c_void_p()
    _call(function, *arguments, ctypes.byref(text))
    try:
        return ctypes.string_at(text.value).decode() if text.value else None
    finally:
        lib.rdn_string_free(text)


def lint_bytes(data, name=None, profile=None):
    """The `rendition lint --json` document for one file, parsed."""
    text = _string_result(library().rdn_lint_bytes, data, len(data), name.encode() if name else None,
                          profile.encode() if profile else None)
    return json.loads(text)


def render_directory(input_folder, output_folder, **options):
    """Renders a folder of stickers like `rendition render`; returns the report (a dict)."""
    return json.loads(_string_result(library().rdn_render_directory, os.fsencode(input_folder), os.fsencode(output_folder),
                                     ctypes.byref(_options(**options))))


def render_pack(source_folder, output_folder, **options):
    """Builds a sticker pack like `rendition pack`; returns the report (a dict)."""
    return json.loads(_string_result(library().rdn_render_pack, os.fsencode(source_folder), os.fsencode(output_folder),
                                     ctypes.byref(_options(**options))))


# ---- The example and self-check. -------------------------------------------------------------

def _main(sticker_path, animation_path, input_folder, output_folder):
    failures = []

    def check(condition, text):
        print(("ok    " if condition else "FAIL  ") + text)
        if not condition:
            failures.append(text)

    def expect(status, text, function, *arguments, **keywords):
        try:
            function(*arguments, **keywords)
            check(False, f"{text}: no error")
        except RenditionError as error:
            check(error.status == status and error.message, f"{text} -> {error.name} ({error.message})")

    lib = library()
    os.makedirs(output_folder, exist_ok=True)
    check(lib.rdn_version() == 100 * int(version().split(".")[1]) + 10000 * int(version().split(".")[0])
          + int(version().split(".")[2]), f"librendition {version()}")
    check(ctypes.sizeof(_RenderOptions) == 40 and ctypes.sizeof(_Rendition) == 32, "struct layouts match rendition.h")

    sticker = open(sticker_path, "rb").read()
    with Image.decode(sticker) as master:
        info = master.info
        check(info["frame_count"] == 1 and info["source_format"] == "png", f"sticker: {info}")
        renditions = master.render()
        side = lambda n, scale: max(1, (n * scale * 2 + 3) // 6)
        check([(r.scale, r.width, r.height) for r in renditions]
              == [(2, side(info["width"], 2), side(info["height"], 2)), (1, side(info["width"], 1), side(info["height"], 1))],
              f"render: {renditions}")
        for r in renditions:
            path = os.path.join(output_folder, f"sticker-py@{r.scale}x.png")
            open(path, "wb").write(r.data)
            with Image.decode(r.data) as back:
                check(back.info["width"] == r.width and back.info["height"] == r.height, f"{path} decodes to {r.width}x{r.height}")
        webp = master.render(format="webp", scales=(3, 2, 1), compression=12, profile="apple-messages", threads=2)
        check([r.scale for r in webp] == [3, 2, 1] and all(r.data[:4] == b"RIFF" for r in webp), "render @3x @2x @1x as WebP")
        with master.resize(100, 60) as small:
            png = small.encode()
            check(small.info["width"] == 100 and png[:4] == b"\x89PNG", f"resize to 100x60, encode: {len(png)} bytes")
        pixels = master.pixels(straight=True)
        check(len(pixels) == info["width"] * info["height"] * 4, "copy straight pixels")

        # Every error code this build can produce.
        expect(INVALID_ARGUMENT, "unknown profile", master.render, profile="no-such-platform")
        expect(INVALID_ARGUMENT, "frame 1 of a still", master.frame_delay, 1)
        expect(UNRECOGNIZED_FORMAT, "decode text", Image.decode, b"hello, this is not an image")
        expect(CORRUPT, "decode half a PNG", Image.decode, sticker[: len(sticker) // 2])
        expect(UNSUPPORTED, "encode as JPEG", master.encode, format="jpeg")
        expect(LIMIT_EXCEEDED, "decode with max_width 100", Image.decode, sticker, max_width=100)
        expect(LIMIT_EXCEEDED, "render with max_output_pixels 1000", master.render, max_output_pixels=1000)
        expect(OUT_OF_MEMORY, "resize to 16777216x4194304", master.resize, 1 << 24, 1 << 22, max_output_pixels=2**64 - 1)
        with Image.from_pixels(16384, 1, bytes(16384 * 4)) as wide:
            expect(ENCODE, "encode 16384 px wide as WebP", wide.encode, format="webp")
        expect(IO, "render a missing folder", render_directory, os.path.join(output_folder, "missing"), output_folder)
        check(lib.rdn_status_name(INTERNAL) == b"RDN_ERROR_INTERNAL", "RDN_ERROR_INTERNAL has a name")

    with Image.decode(open(animation_path, "rb").read()) as animation:
        info = animation.info
        delays = [animation.frame_delay(i) for i in range(info["frame_count"])]
        check(info["frame_count"] > 1 and info["source_format"] == "apng", f"animation: {info}, delays {[str(d) for d in delays]}")
        for r in animation.render(format="gif"):
            with Image.decode(r.data) as back:
                check(back.info["frame_count"] == info["frame_count"] and back.info["loop_count"] == info["loop_count"]
                      and r.format == "gif", f"GIF @{r.scale}x keeps {info['frame_count']} frames, loop count {info['loop_count']}")

    report = render_directory(input_folder, os.path.join(output_folder, "batch-py"), threads=2)
    check(report["failed"] == 0 and report["rendered"] == report["total"] > 0, f"render_directory: {report['total']} stickers")
    lint = lint_bytes(sticker, "sticker.png")
    check(lint["schema"] == "rendition-lint/1" and lint["files"][0]["path"] == "sticker.png"
          and lint["summary"]["files"] == 1, f"lint_bytes: {lint['summary']}")
    expect(INVALID_ARGUMENT, "lint against an unknown profile", lint_bytes, sticker, profile="no-such-platform")
    pack = render_pack(input_folder, os.path.join(output_folder, "pack-py"), profile="whatsapp", threads=2)
    check(all(s["status"] in ("ok", "partial") for s in pack["stickers"]) and len(pack["stickers"]) > 0,
          f"render_pack with WhatsApp: {len(pack['stickers'])} stickers")

    print("all checks passed" if not failures else f"{len(failures)} checks FAILED")
    return 0 if not failures else 1


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(f"usage: {sys.argv[0]} STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER", file=sys.stderr)
        sys.exit(2)
    try:
        sys.exit(_main(*sys.argv[1:]))
    except LibraryNotFound as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
