"""Every rdn_status maps to its exception class, carrying the library's message."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rendition
from rendition._errors import error_for_status
from conftest import STICKER


def check(error: rendition.RenditionError, status: int, name: str) -> None:
    assert isinstance(error, rendition.RenditionError)
    assert error.status == status and error.status_name == name
    assert error.message and str(error) == error.message
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error) and copy.message == error.message and copy.status == status


def test_invalid_argument() -> None:
    with pytest.raises(rendition.InvalidArgumentError) as caught:
        rendition.render(STICKER, scales=(4,))
    check(caught.value, 1, "RDN_ERROR_INVALID_ARGUMENT")
    with pytest.raises(rendition.InvalidArgumentError, match='unknown profile "myspace"') as caught:
        rendition.lint(STICKER, profile="myspace")
    check(caught.value, 1, "RDN_ERROR_INVALID_ARGUMENT")  # this one is the library's own message
    with pytest.raises(ValueError, match="compression must be between 0 and 12, not 13"):
        rendition.render(STICKER, compression=13)
    with pytest.raises(rendition.InvalidArgumentError, match="unknown format"):
        rendition.render(STICKER, format="bmp")
    with pytest.raises(rendition.InvalidArgumentError, match="frame"):
        rendition.Image.open(STICKER).frame_delay(1)


def test_decode_errors() -> None:
    with pytest.raises(rendition.UnrecognizedFormatError) as caught:
        rendition.render(b"hello, this is not an image")
    check(caught.value, 2, "RDN_ERROR_UNRECOGNIZED_FORMAT")
    assert isinstance(caught.value, rendition.DecodeError) and isinstance(caught.value, ValueError)
    data = STICKER.read_bytes()
    with pytest.raises(rendition.CorruptError) as caught:
        rendition.render(data[: len(data) // 2])
    check(caught.value, 3, "RDN_ERROR_CORRUPT")
    assert isinstance(caught.value, rendition.DecodeError)


def test_unsupported() -> None:
    with pytest.raises(rendition.UnsupportedError, match="JPEG") as caught:
        rendition.render(STICKER, format="jpeg")
    check(caught.value, 4, "RDN_ERROR_UNSUPPORTED")


def test_limits() -> None:
    with pytest.raises(rendition.LimitError) as caught:
        rendition.Image.decode(STICKER.read_bytes(), max_width=100)
    check(caught.value, 5, "RDN_ERROR_LIMIT_EXCEEDED")
    with pytest.raises(rendition.LimitError, match="1000"):
        rendition.render(STICKER, max_output_pixels=1000)


def test_io(tmp_path: Path) -> None:
    with pytest.raises(rendition.RenditionIOError, match="no such file or folder") as caught:
        rendition.render_folder(tmp_path / "missing", tmp_path / "out")
    check(caught.value, 6, "RDN_ERROR_IO")
    assert isinstance(caught.value, OSError)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(rendition.RenditionIOError, match=str(blocker)):
        rendition.render_folder(STICKER, blocker / "sub")


def test_out_of_memory() -> None:
    with rendition.Image.open(STICKER) as master:
        with pytest.raises(rendition.RenditionMemoryError) as caught:
            master.resize(1 << 24, 1 << 22, max_output_pixels=2**64 - 1)
    check(caught.value, 7, "RDN_ERROR_OUT_OF_MEMORY")
    assert isinstance(caught.value, MemoryError)


def test_encode() -> None:
    with rendition.Image.from_array(np.zeros((1, 16384, 4), np.uint8)) as wide:
        with pytest.raises(rendition.EncodeError, match="16383|16,383") as caught:
            wide.encode(format="webp")
    check(caught.value, 8, "RDN_ERROR_ENCODE")


def test_blank() -> None:
    # A fully transparent master renders to nothing: refused, and nothing is returned.
    with rendition.Image.from_array(np.zeros((300, 300, 4), np.uint8)) as empty:
        master = empty.encode(format="png")
    with pytest.raises(rendition.BlankError, match="blank: every pixel of every frame is fully transparent") as caught:
        rendition.render(master)
    check(caught.value, 10, "RDN_ERROR_BLANK")
    assert rendition._lib.rdn_status_name(10) == b"RDN_ERROR_BLANK"


def test_internal_and_unknown_statuses_map_to_classes() -> None:
    # RDN_ERROR_INTERNAL is a bug in the library: no input is known to cause it.
    internal = error_for_status(9, "RDN_ERROR_INTERNAL", "x")
    assert type(internal) is rendition.InternalError
    check(internal, 9, "RDN_ERROR_INTERNAL")
    assert type(error_for_status(42, "RDN_STATUS_UNKNOWN", "y")) is rendition.RenditionError
    assert rendition._lib.rdn_status_name(9) == b"RDN_ERROR_INTERNAL"


def test_a_missing_library_is_a_clear_import_error(tmp_path: Path) -> None:
    code = "import rendition\n"
    env = dict(os.environ, RENDITION_LIBRARY=str(tmp_path / "nowhere" / "librendition.so"))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                            cwd=tmp_path)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("rendition._errors.LibraryNotFoundError: librendition.so could not be loaded")
    assert "RENDITION_LIBRARY" in last and "nowhere" in last
    probe = ("try:\n import rendition\nexcept ImportError as e:\n"
             " print(' '.join(c.__name__ for c in type(e).__mro__))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.stdout.split() == ["LibraryNotFoundError", "RenditionError", "ImportError", "Exception",
                                     "BaseException", "object"], result.stderr
