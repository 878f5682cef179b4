"""Every source format renders in Python to exactly the bytes `rendition render` writes: TGS and
Lottie (drawn by the vector renderer at each rendition's size), WebM, APNG, GIF, WebP, and the
still formats; WebM is a source and an output format like the others."""

from __future__ import annotations

from pathlib import Path

import pytest

import rendition
from conftest import ANIMATION, FIXTURES, GIF, STICKER, WEBP, output_files, run_cli

#: One fixture of each source format: (format name rdn_image_get_info reports, path).
SOURCES: list[tuple[str, Path]] = [
    ("tgs", FIXTURES / "lottie" / "rlottie" / "polystar_line_clockwise_trim.tgs"),
    ("lottie", FIXTURES / "lottie" / "lottie-android" / "LayerBlend_0.json"),
    ("webm", FIXTURES / "webm" / "made" / "vp9-alpha-64x64-vfr.webm"),
    ("webm", FIXTURES / "webm" / "made" / "vp8-opaque-96x96-10fps.webm"),
    ("apng", ANIMATION),
    ("gif", GIF),
    ("webp", WEBP),
    ("png", STICKER),
    ("jpeg", FIXTURES / "jpeg" / "emoji_u1f302-on-white.jpg"),
]


def cli_render(cli: Path, master: Path, folder: Path, *flags: str) -> dict[str, bytes]:
    """The files `rendition render MASTER -o FOLDER FLAGS...` writes."""
    result = run_cli(cli, "render", str(master), "-o", str(folder), "--quiet", "--no-progress", *flags)
    assert result.returncode == 0, result.stderr
    return output_files(folder)


@pytest.mark.parametrize("kind,master", SOURCES, ids=[path.name for _, path in SOURCES])
def test_render_gives_the_command_lines_bytes(cli: Path, tmp_path: Path, kind: str, master: Path) -> None:
    written = cli_render(cli, master, tmp_path / "cli")
    out = rendition.render(master)
    assert [r.scale for r in out] == [2, 1]
    assert {r.file_name(master.stem): r.data for r in out} == written, f"{master.name}: Python and the CLI differ"
    with rendition.Image.open(master) as image:
        assert image.info.source_format == kind


@pytest.mark.parametrize("master", [SOURCES[0][1], SOURCES[2][1]], ids=["tgs", "webm"])
def test_with_3x_too(cli: Path, tmp_path: Path, master: Path) -> None:
    written = cli_render(cli, master, tmp_path / "cli", "--include-3x")
    out = rendition.render(master, scales=(3, 2, 1))
    assert {r.file_name(master.stem): r.data for r in out} == written


def test_webm_in_and_out(cli: Path, tmp_path: Path) -> None:
    webm = SOURCES[2][1]
    out = rendition.render(webm)
    assert [(r.format, r.extension) for r in out] == [("webm", "webm"), ("webm", "webm")]
    assert all(r.data.startswith(b"\x1a\x45\xdf\xa3") for r in out)  # EBML
    with rendition.Image.open(webm) as image, out[0].decode() as two_x:
        assert two_x.info.source_format == "webm"
        assert two_x.info.frame_count == image.info.frame_count > 1
    # An APNG as WebM, and a WebM as APNG: the command line's bytes.
    as_webm = rendition.render(ANIMATION, format="webm")
    assert {r.file_name(ANIMATION.stem): r.data for r in as_webm} == cli_render(
        cli, ANIMATION, tmp_path / "webm", "--format", "webm")
    as_apng = rendition.render(webm, format="apng")
    assert [r.format for r in as_apng] == ["apng", "apng"]
    assert {r.file_name(webm.stem): r.data for r in as_apng} == cli_render(
        cli, webm, tmp_path / "apng", "--format", "apng")
    with rendition.Image.open(ANIMATION) as image:
        assert image.encode(format="webm").startswith(b"\x1a\x45\xdf\xa3")


def test_vector_formats_are_sources_only() -> None:
    for name in ("tgs", "lottie"):
        with pytest.raises(rendition.UnsupportedError, match="source formats only"):
            rendition.render(STICKER, format=name)


def test_a_resized_vector_image_renders_its_pixels() -> None:
    """An Image made by resize() is pixels, not the vector file: render() resamples it."""
    with rendition.Image.open(SOURCES[0][1]) as image, image.resize(150, 150) as smaller:
        assert smaller.info.source_format == "tgs"
        out = rendition.render(smaller)
        assert [(r.width, r.height, r.format) for r in out] == [(100, 100, "apng"), (50, 50, "apng")]


def test_platforms_are_the_librarys() -> None:
    assert rendition.PLATFORMS == ("whatsapp", "signal", "telegram", "telegram-emoji", "discord", "line")
