"""The exceptions: one class per rdn_status, all subclasses of RenditionError."""

from __future__ import annotations

import errno as _errno
import os
from typing import Optional, Union

from . import _header


class RenditionError(Exception):
    """A failed call into librendition.

    Attributes:
        status: the rdn_status value (1 to 9).
        status_name: its name in rendition.h, e.g. "RDN_ERROR_CORRUPT".
        message: the library's one-line message, e.g. "corrupt PNG data: IHDR chunk has a bad CRC".
    """

    def __init__(self, status: int, status_name: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.status_name = status_name
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # Picklable with its three fields (Dask sends exceptions between processes).
        return (type(self), (self.status, self.status_name, self.message))


class InvalidArgumentError(RenditionError, ValueError):
    """RDN_ERROR_INVALID_ARGUMENT: a value out of range, an unknown profile or format, bad pixels."""


class InvalidKeywordError(InvalidArgumentError, TypeError):
    """A keyword argument that does not exist, such as a misspelt decoding limit: a TypeError,
    as Python raises for an unknown keyword, and an InvalidArgumentError."""


class DecodeError(RenditionError, ValueError):
    """The input could not be decoded: its format is unknown or its data is damaged."""


class UnrecognizedFormatError(DecodeError):
    """RDN_ERROR_UNRECOGNIZED_FORMAT: no PNG, JPEG, GIF or WebP signature."""


class CorruptError(DecodeError):
    """RDN_ERROR_CORRUPT: the data claims a format but is damaged (bad CRC, truncated...)."""


class UnsupportedError(RenditionError):
    """RDN_ERROR_UNSUPPORTED: valid input or request this version does not handle (JPEG output...)."""


class LimitError(RenditionError):
    """RDN_ERROR_LIMIT_EXCEEDED: a decoding or output-size limit would be exceeded."""


class RenditionIOError(RenditionError, OSError):
    """RDN_ERROR_IO: a file or folder could not be read, created or written.

    Also an `OSError`, so `except OSError` catches it. When raised for a path Python itself
    could not open (`render("missing.png")`, `render("a-folder/")`), `errno` and `filename`
    are set, and the error is an instance of the matching built-in as well (see
    `io_error_for`): `FileNotFoundError`, `IsADirectoryError`, `NotADirectoryError` or
    `PermissionError`.
    """

    def __init__(self, status: int, status_name: str, message: str, errno: Optional[int] = None,
                 filename: Optional[str] = None) -> None:
        RenditionError.__init__(self, status, status_name, message)
        self.errno = errno
        self.strerror = message
        self.filename = filename

    def __str__(self) -> str:
        return self.message

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.status, self.status_name, self.message, self.errno, self.filename))


class RenditionFileNotFoundError(RenditionIOError, FileNotFoundError):
    """A path given to Rendition does not exist (errno ENOENT)."""


class RenditionIsADirectoryError(RenditionIOError, IsADirectoryError):
    """A path given as a file is a folder (errno EISDIR): `render_folder` renders folders."""


class RenditionNotADirectoryError(RenditionIOError, NotADirectoryError):
    """A path goes through something that is not a folder (errno ENOTDIR)."""


class RenditionPermissionError(RenditionIOError, PermissionError):
    """A path may not be read or written (errno EACCES or EPERM)."""


_BY_ERRNO: dict[int, type[RenditionIOError]] = {
    _errno.ENOENT: RenditionFileNotFoundError,
    _errno.EISDIR: RenditionIsADirectoryError,
    _errno.ENOTDIR: RenditionNotADirectoryError,
    _errno.EACCES: RenditionPermissionError,
    _errno.EPERM: RenditionPermissionError,
}


def io_error_for(error: OSError, path: "Union[str, os.PathLike[str]]", action: str = "read") -> RenditionIOError:
    """The RenditionIOError for an OSError Python raised on `path` while trying to `action` it:
    of the class matching its errno (also a FileNotFoundError, IsADirectoryError...), with
    errno and filename set and a message in the library's words."""
    filename = os.fsdecode(path)
    code = error.errno
    if code == _errno.ENOENT:
        message = f"could not find {filename}: no such file or folder"
    elif code == _errno.EISDIR:
        message = f"could not {action} {filename}: it is a folder (render_folder renders folders)"
    else:
        reason = error.strerror or str(error)
        message = f"could not {action} {filename}: {reason}"
    cls = _BY_ERRNO.get(code, RenditionIOError) if code is not None else RenditionIOError
    return cls(6, "RDN_ERROR_IO", message, code, filename)


class RenditionMemoryError(RenditionError, MemoryError):
    """RDN_ERROR_OUT_OF_MEMORY: memory for the result could not be obtained."""


class EncodeError(RenditionError):
    """RDN_ERROR_ENCODE: the output format cannot hold the image (WebP over 16,383 px per side...)."""


class BlankError(RenditionError):
    """RDN_ERROR_BLANK: the output would show nothing (every pixel fully transparent): an empty
    master, or Lottie/TGS art the renderer does not draw."""


class InternalError(RenditionError):
    """RDN_ERROR_INTERNAL: a bug inside Rendition; please report it with the message."""


class LibraryNotFoundError(RenditionError, ImportError):
    """librendition.so could not be found or loaded (raised when `rendition` is imported)."""

    def __init__(self, message: str) -> None:
        RenditionError.__init__(self, 0, "RDN_LIBRARY_NOT_FOUND", message)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.message,))


class LibraryVersionError(LibraryNotFoundError):
    """A librendition.so was found but its version (rdn_version) is not the one this package
    was generated for (the same major and minor version), or it lacks functions: its structs or
    functions would not match."""


#: The exception class of each failing rdn_status, by its name in rendition.h.
_BY_STATUS_NAME: dict[str, type[RenditionError]] = {
    "RDN_ERROR_INVALID_ARGUMENT": InvalidArgumentError,
    "RDN_ERROR_UNRECOGNIZED_FORMAT": UnrecognizedFormatError,
    "RDN_ERROR_CORRUPT": CorruptError,
    "RDN_ERROR_UNSUPPORTED": UnsupportedError,
    "RDN_ERROR_LIMIT_EXCEEDED": LimitError,
    "RDN_ERROR_IO": RenditionIOError,
    "RDN_ERROR_OUT_OF_MEMORY": RenditionMemoryError,
    "RDN_ERROR_ENCODE": EncodeError,
    "RDN_ERROR_INTERNAL": InternalError,
    "RDN_ERROR_BLANK": BlankError,
}
#: The same by status value (the header's rdn_status values).
_BY_STATUS: dict[int, type[RenditionError]] = {
    value: _BY_STATUS_NAME[name] for name, value in _header.ENUMS["rdn_status"].items() if name in _BY_STATUS_NAME
}


def error_for_status(status: int, status_name: str, message: str) -> RenditionError:
    """The exception for a failed call's status (RenditionError itself for an unknown status)."""
    return _BY_STATUS.get(status, RenditionError)(status, status_name, message)
