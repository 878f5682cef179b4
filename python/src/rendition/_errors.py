"""The exceptions: one class per rdn_status, all subclasses of RenditionError."""

from __future__ import annotations


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
    """RDN_ERROR_IO: a file or folder could not be read, created or written."""

    def __init__(self, status: int, status_name: str, message: str) -> None:
        RenditionError.__init__(self, status, status_name, message)

    def __str__(self) -> str:
        return self.message


class RenditionMemoryError(RenditionError, MemoryError):
    """RDN_ERROR_OUT_OF_MEMORY: memory for the result could not be obtained."""


class EncodeError(RenditionError):
    """RDN_ERROR_ENCODE: the output format cannot hold the image (WebP over 16,383 px per side...)."""


class InternalError(RenditionError):
    """RDN_ERROR_INTERNAL: a bug inside Rendition; please report it with the message."""


class LibraryNotFoundError(RenditionError, ImportError):
    """librendition.so could not be found or loaded (raised when `rendition` is imported)."""

    def __init__(self, message: str) -> None:
        RenditionError.__init__(self, 0, "RDN_LIBRARY_NOT_FOUND", message)

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.message,))


_BY_STATUS: dict[int, type[RenditionError]] = {
    1: InvalidArgumentError,
    2: UnrecognizedFormatError,
    3: CorruptError,
    4: UnsupportedError,
    5: LimitError,
    6: RenditionIOError,
    7: RenditionMemoryError,
    8: EncodeError,
    9: InternalError,
}


def error_for_status(status: int, status_name: str, message: str) -> RenditionError:
    """The exception for a failed call's status (RenditionError itself for an unknown status)."""
    return _BY_STATUS.get(status, RenditionError)(status, status_name, message)
