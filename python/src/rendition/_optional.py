"""The optional dependencies: numpy (`rendition[numpy]`) and Pillow (`rendition[pil]`)."""

from __future__ import annotations

import importlib
from types import ModuleType

#: Each optional module: its pip extra and what to install.
_EXTRAS = {"numpy": ("numpy", "numpy"), "PIL": ("pil", "Pillow")}  # by top-level package


def require(module: str, feature: str) -> ModuleType:
    """`module` imported, or an ImportError naming `feature` and the extra that brings it."""
    extra, package = _EXTRAS[module.split(".")[0]]
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(
            f"{feature} needs {package}, which is not installed: "
            f"pip install 'rendition[{extra}]' (or pip install {package})",
            name=module,
        ) from error
