"""Rendition from Python: sticker renditions, lint and packs through librendition.

    import rendition
    for r in rendition.render("sticker@3x.png"):          # @2x then @1x
        r.save(f"sticker@{r.scale}x.{r.extension}")
    report = rendition.lint("sticker@3x.png", profile="imessage")
    result = rendition.render_folder("masters/", "out/", progress=print)

The package binds librendition.so (rendition.h) with ctypes: the wheel carries the library in
rendition/_lib/; $RENDITION_LIBRARY or pkg-config can point at another one. Calls release the
GIL, so several Python threads render in parallel. `rendition.dask` renders catalogs on a
dask.distributed cluster.
"""

from ._errors import (
    BlankError,
    CorruptError,
    DecodeError,
    EncodeError,
    InternalError,
    InvalidArgumentError,
    InvalidKeywordError,
    LibraryNotFoundError,
    LibraryVersionError,
    LimitError,
    RenditionError,
    RenditionFileNotFoundError,
    RenditionIOError,
    RenditionIsADirectoryError,
    RenditionMemoryError,
    RenditionNotADirectoryError,
    RenditionPermissionError,
    UnrecognizedFormatError,
    UnsupportedError,
)
from ._native import lib as _lib

from ._folder import (  # noqa: E402
    PLATFORMS,
    BatchResult,
    ListedSticker,
    OutputFile,
    PackReport,
    StickerResult,
    Summary,
    list_stickers,
    pack,
    render_files,
    render_folder,
)
from ._image import Image, ImageInfo, Source  # noqa: E402
from ._lint import Finding, LintedFile, Report, lint  # noqa: E402
from ._render import Rendition, render  # noqa: E402

#: The version of the loaded librendition ("MAJOR.MINOR.PATCH"), which is the package's version.
__version__: str = _lib.rdn_version_string().decode()


def library_path() -> str:
    """The path of the librendition.so in use."""
    return str(_lib._name)


__all__ = [
    "BatchResult",
    "BlankError",
    "CorruptError",
    "DecodeError",
    "EncodeError",
    "Finding",
    "Image",
    "ImageInfo",
    "InternalError",
    "InvalidArgumentError",
    "InvalidKeywordError",
    "LibraryNotFoundError",
    "LibraryVersionError",
    "LimitError",
    "LintedFile",
    "OutputFile",
    "PLATFORMS",
    "PackReport",
    "Rendition",
    "RenditionError",
    "RenditionFileNotFoundError",
    "RenditionIOError",
    "RenditionIsADirectoryError",
    "RenditionMemoryError",
    "RenditionNotADirectoryError",
    "RenditionPermissionError",
    "ListedSticker",
    "Report",
    "Source",
    "StickerResult",
    "Summary",
    "UnrecognizedFormatError",
    "UnsupportedError",
    "__version__",
    "library_path",
    "lint",
    "list_stickers",
    "pack",
    "render",
    "render_files",
    "render_folder",
]
