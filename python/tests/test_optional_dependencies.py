"""Without numpy or Pillow, what needs them says which extra to install."""

from __future__ import annotations

import sys

import pytest

import rendition
from conftest import STICKER


def test_to_numpy_without_numpy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    out = rendition.render(STICKER)
    # None in sys.modules makes `import numpy` fail as when it is not installed.
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError) as caught:
        out[0].to_numpy()
    message = str(caught.value)
    assert "to_numpy() needs numpy, which is not installed" in message
    assert "pip install 'rendition[numpy]'" in message
    assert caught.value.name == "numpy"
    with rendition.Image.open(STICKER) as image, pytest.raises(ImportError, match=r"rendition\[numpy\]"):
        image.to_numpy()


def test_to_pil_without_pillow_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    out = rendition.render(STICKER)
    monkeypatch.setitem(sys.modules, "PIL", None)
    monkeypatch.setitem(sys.modules, "PIL.Image", None)
    with pytest.raises(ImportError, match=r"to_pil\(\) needs Pillow.*pip install 'rendition\[pil\]'"):
        out[0].to_pil()


def test_with_numpy_to_numpy_still_works() -> None:
    array = rendition.render(STICKER)[0].to_numpy()
    assert array.shape == (412, 412, 4) and str(array.dtype) == "uint8"
