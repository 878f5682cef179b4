"""Paths Python cannot read become RenditionIOError (also the matching OSError), and bad
keyword values are refused with a message naming the keyword."""

from __future__ import annotations

import errno
import pickle
from pathlib import Path

import pytest

import rendition
from conftest import STICKER


def test_a_missing_path_is_a_rendition_io_error_and_a_file_not_found_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.png"
    for call in (lambda: rendition.render(missing), lambda: rendition.lint(missing),
                 lambda: rendition.Image.open(missing)):
        with pytest.raises(rendition.RenditionIOError) as caught:
            call()
        error = caught.value
        assert isinstance(error, rendition.RenditionError) and isinstance(error, OSError)
        assert isinstance(error, FileNotFoundError)
        assert error.errno == errno.ENOENT and error.filename == str(missing)
        assert error.status == 6 and error.status_name == "RDN_ERROR_IO"
        assert str(error) == f"could not find {missing}: no such file or folder"


def test_a_folder_given_as_a_file_is_a_rendition_io_error_and_an_is_a_directory_error(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError) as caught:
        rendition.render(tmp_path)
    error = caught.value
    assert isinstance(error, rendition.RenditionIOError)
    assert error.errno == errno.EISDIR and error.filename == str(tmp_path)
    assert "is a folder" in str(error) and "render_folder" in str(error)
    try:
        rendition.lint(tmp_path)
    except OSError as caught_as_os_error:  # `except OSError` still works
        assert isinstance(caught_as_os_error, rendition.RenditionIsADirectoryError)
    else:
        pytest.fail("lint of a folder did not raise")


def test_saving_into_a_missing_folder(tmp_path: Path) -> None:
    rendered = rendition.render(STICKER, scales=(1,))[0]
    with pytest.raises(rendition.RenditionIOError) as caught:
        rendered.save(tmp_path / "missing" / "one.png")
    assert isinstance(caught.value, FileNotFoundError) and caught.value.filename == str(tmp_path / "missing")


def test_io_errors_survive_pickling(tmp_path: Path) -> None:
    with pytest.raises(rendition.RenditionIOError) as caught:
        rendition.render(tmp_path / "nope.png")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is rendition.RenditionFileNotFoundError
    assert (copy.errno, copy.filename, str(copy)) == (errno.ENOENT, str(tmp_path / "nope.png"), str(caught.value))
    plain = pickle.loads(pickle.dumps(rendition.RenditionIOError(6, "RDN_ERROR_IO", "x")))
    assert plain.errno is None and str(plain) == "x"


def test_a_misspelt_limit_names_itself_and_the_valid_ones() -> None:
    data = STICKER.read_bytes()
    with pytest.raises(TypeError) as caught:
        rendition.Image.decode(data, max_widht=100)
    error = caught.value
    assert isinstance(error, rendition.InvalidKeywordError) and isinstance(error, rendition.InvalidArgumentError)
    message = str(error)
    assert "'max_widht'" in message and "did you mean max_width?" in message
    for name in ("max_width", "max_height", "max_pixels", "max_frames", "max_decoded_bytes", "max_input_bytes"):
        assert name in message
    with pytest.raises(TypeError, match="'frames'"):
        rendition.Image.open(STICKER, frames=3)
    with pytest.raises(TypeError, match="max_frames must be a whole number"):
        rendition.Image.decode(data, max_frames=2.5)


def test_negative_limits_are_refused() -> None:
    data = STICKER.read_bytes()
    with pytest.raises(ValueError, match=r"max_width=-1 is negative") as caught:
        rendition.Image.decode(data, max_width=-1)
    assert isinstance(caught.value, rendition.InvalidArgumentError)
    with pytest.raises(rendition.InvalidArgumentError, match=r"max_output_pixels=-5 is negative"):
        rendition.render(STICKER, max_output_pixels=-5)
    with pytest.raises(rendition.InvalidArgumentError, match=r"threads must be 0 \(one per core\) or more, not -1"):
        rendition.render(STICKER, threads=-1)
    with pytest.raises(rendition.InvalidArgumentError, match="more than the largest value"):
        rendition.Image.decode(data, max_pixels=2**64)
    # Zero keeps the default, as in rdn_limits.
    with rendition.Image.decode(data, max_width=0) as image:
        assert image.width == 618


def test_no_scales_is_refused() -> None:
    with pytest.raises(ValueError, match="scales is empty") as caught:
        rendition.render(STICKER, scales=())
    assert isinstance(caught.value, rendition.InvalidArgumentError)
    assert [r.scale for r in rendition.render(STICKER, scales=[1])] == [1]
