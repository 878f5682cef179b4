"""Every face gives the same bytes: the Python half.

One real master of every source format (the fixtures of
Tests/RenditionCTests/SameBytesEveryFaceTests.swift, which holds the Swift API, C ABI and
command-line half) is rendered to @2x and @1x through `rendition.render` and through
`rendition render FILE -o DIR`, from the path and from the bytes (rdn_render_file,
rdn_render_bytes), with the default options and with non-default `format` and
`compression`, and every rendition file must be byte for byte the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

import rendition
from conftest import FIXTURES, output_files, run_cli


def first_difference(a: bytes, b: bytes) -> int:
    """The offset of the first byte where `a` and `b` differ (the shorter length if one is a
    prefix of the other)."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


@dataclass(frozen=True)
class Master:
    """One real master of one source format.

    Attributes:
        kind: the source format, as a label ("PNG", "APNG", "TGS"...).
        path: the file under Fixtures/.
    """

    kind: str
    path: Path


#: One master per source format (still and animated where the format has both), all at least
#: 96 px on a side so @2x and @1x are real downscales.
MASTERS: list[Master] = [
    Master("PNG", FIXTURES / "stickers" / "derived" / "1F354-408.png"),  # 408 px still, soft alpha
    Master("APNG", FIXTURES / "lint" / "animated.png"),  # 300 px, 3 frames
    Master("GIF", FIXTURES / "lint" / "alpha-1bit.gif"),  # 408 px still, transparent index
    Master("animated GIF", FIXTURES / "gif" / "pillow" / "dispose_prev.gif"),  # 100 px, 5 frames
    Master("WebP", FIXTURES / "webp" / "pillow" / "transparent.webp"),  # 200x150 still with alpha
    Master("animated WebP", FIXTURES / "webp" / "image-webp" / "animated" / "random_lossy.webp"),  # 99x87
    Master("JPEG", FIXTURES / "jpeg" / "emoji_u1f302-on-white.jpg"),  # 512 px
    Master("TGS", FIXTURES / "lottie" / "rlottie" / "polystar_line_clockwise_trim.tgs"),  # 300 px
    Master("Lottie JSON", FIXTURES / "lottie" / "lottie-android" / "LayerBlend_0.json"),  # 512 px
    Master("dotLottie", FIXTURES / "lottie" / "dotlottie" / "Masks.lottie"),  # 200x300, 61 frames, in a ZIP
    Master("WebM", FIXTURES / "webm" / "vp9-alpha-512x384-24fps-3s.webm"),  # VP9 with alpha
]


def master(kind: str) -> Master:
    """The master of `kind` in MASTERS."""
    return next(m for m in MASTERS if m.kind == kind)


@dataclass(frozen=True)
class Settings:
    """Settings both faces have: `render(format=, compression=)` and
    `rendition render --format --compression`; None leaves a face's default.

    Attributes:
        format: the output container ("png", "apng", "gif", "webp", "webm") or None.
        compression: the compression effort 0...12 or None.
    """

    format: Optional[str] = None
    compression: Optional[int] = None

    @property
    def cli_flags(self) -> tuple[str, ...]:
        """The command line's flags for these settings."""
        flags: list[str] = []
        if self.format is not None:
            flags += ["--format", self.format]
        if self.compression is not None:
            flags += ["--compression", str(self.compression)]
        return tuple(flags)

    def __str__(self) -> str:
        return " ".join(self.cli_flags) or "default options"


#: Non-default settings on a few masters each (the same cases as the Swift suite).
OPTION_CASES: list[tuple[Master, Settings]] = [
    *((master(k), Settings("gif", 3)) for k in ("PNG", "APNG", "TGS")),  # GIF ignores compression
    *((master(k), Settings("png", 9)) for k in ("APNG", "animated WebP")),  # first frame, level 9
    *((master(k), Settings("apng", 1)) for k in ("WebM", "animated GIF")),  # APNG at level 1
    (master("APNG"), Settings("webm", 2)),  # VP9 with alpha; ignores compression
    *((master(k), Settings("webp")) for k in ("JPEG", "Lottie JSON")),  # WebP at the default method
    # WebP whose compression is also libwebp's method (12 // 2 = 6, 4 by default): the command
    # line's --compression once set only the PNG and APNG levels.
    *((master(k), Settings("webp", 12)) for k in ("PNG", "APNG")),
]


def cli_files(cli: Path, source: Path, folder: Path, settings: Settings) -> dict[str, bytes]:
    """The rendition files `rendition render SOURCE -o FOLDER` writes with `settings`."""
    result = run_cli(cli, "render", str(source), "-o", str(folder), "--quiet", "--no-progress", *settings.cli_flags)
    assert result.returncode == 0, f"{source.name}, {settings}: rendition render failed: {result.stderr}"
    return output_files(folder)


def assert_same_bytes(cli: Path, tmp_path: Path, item: Master, settings: Settings) -> None:
    """Renders `item` with `settings` in Python and on the command line; asserts the same
    file names and, per scale, the same bytes."""
    assert item.path.is_file(), f"fixture {item.path} is missing"
    label = f"{item.path.relative_to(FIXTURES)} ({item.kind}), {settings}"
    written = cli_files(cli, item.path, tmp_path / "cli", settings)
    out = rendition.render(item.path, format=settings.format, compression=settings.compression)
    assert [r.scale for r in out] == [2, 1], f"{label}: Python's scales"
    from_bytes = rendition.render(item.path.read_bytes(), format=settings.format, compression=settings.compression)
    assert from_bytes == out, f"{label}: render(bytes) differs from render(path)"
    python_files = {r.file_name(item.path.stem): r.data for r in out}
    assert sorted(written) == sorted(python_files), f"{label}: the command line wrote {sorted(written)}"
    differences = [
        f"{label} {name}: Python (rendition.render) bytes differ from the command line's: "
        f"{len(data)} vs {len(written[name])} bytes, first difference at byte {first_difference(data, written[name])}"
        for name, data in python_files.items() if written[name] != data]
    assert not differences, "\n".join(differences)


@pytest.mark.parametrize("item", MASTERS, ids=[m.kind for m in MASTERS])
def test_default_options_give_the_command_lines_bytes(cli: Path, tmp_path: Path, item: Master) -> None:
    """Every source format: the default @2x and @1x renditions are the command line's files."""
    assert_same_bytes(cli, tmp_path, item, Settings())


@pytest.mark.parametrize("item,settings", OPTION_CASES, ids=[f"{m.kind}: {s}" for m, s in OPTION_CASES])
def test_options_are_mapped_like_the_command_line(cli: Path, tmp_path: Path, item: Master, settings: Settings) -> None:
    """Non-default format and compression give the command line's bytes with the same flags."""
    assert_same_bytes(cli, tmp_path, item, settings)
