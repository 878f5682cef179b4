"""Every source format renders in Python to exactly the bytes `rendition render` writes: TGS,
Lottie and dotLottie (drawn by the vector renderer at each rendition's size), WebM, APNG, GIF,
WebP, and the still formats, from a path (rdn_render_file) and from bytes (rdn_render_bytes);
WebM is a source and an output format like the others."""

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
    ("dotlottie", FIXTURES / "lottie" / "dotlottie" / "Masks.lottie"),
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
    from_bytes = rendition.render(master.read_bytes())
    assert from_bytes == out, f"{master.name}: render(bytes) differs from render(path)"
    assert rendition.render(bytearray(master.read_bytes()), scales=(1,)) == out[1:]
    with rendition.Image.open(master) as image:
        assert image.info.source_format == kind
        # An Image renders through rdn_render to the same bytes.
        assert rendition.render(image) == out


def test_a_dotlottie_file_decodes_to_its_documents_frames() -> None:
    """The .lottie fixture wraps LayerBlend_0.json unchanged: the same info, delays and pixels."""
    dotlottie = FIXTURES / "lottie" / "dotlottie" / "LayerBlend_0.lottie"
    json_file = FIXTURES / "lottie" / "lottie-android" / "LayerBlend_0.json"
    with rendition.Image.open(dotlottie) as image, rendition.Image.open(json_file.read_bytes()) as document:
        info = image.info
        assert info.source_format == "dotlottie" and document.info.source_format == "lottie"
        assert (info.width, info.height, info.frame_count, info.loop_count) == (512, 512, 180, 0)
        assert (info.width, info.height, info.frame_count) == (document.info.width, document.info.height,
                                                              document.info.frame_count)
        assert image.frame_delay(0) == document.frame_delay(0) > 0
        for frame in (0, 90):
            pixels = image.to_numpy(frame)
            assert pixels.shape == (512, 512, 4) and pixels[..., 3].any(), f"frame {frame} is blank"
            assert (pixels == document.to_numpy(frame)).all(), f"frame {frame} differs from the JSON's"


def test_render_from_a_path_and_bytes_keeps_the_limits_and_errors(tmp_path: Path) -> None:
    with pytest.raises(rendition.LimitError, match="max_output_pixels"):
        rendition.render(SOURCES[0][1], max_output_pixels=100)
    with pytest.raises(rendition.LimitError, match="max_output_pixels"):
        rendition.render(SOURCES[0][1].read_bytes(), max_output_pixels=100)
    with pytest.raises(rendition.CorruptError):
        rendition.render(STICKER.read_bytes()[:60])
    with pytest.raises(rendition.UnrecognizedFormatError):
        rendition.render(b"not an image")
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    with pytest.raises(rendition.UnrecognizedFormatError, match="empty"):
        rendition.render(empty)


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
    for name in ("tgs", "lottie", "dotlottie"):
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


def test_a_path_or_bytes_renders_without_decoding_an_image(monkeypatch: pytest.MonkeyPatch) -> None:
    """render() of a path or of bytes goes to rdn_render_file / rdn_render_bytes, the command
    line's road: no `Image` (a whole decode through rdn_image_decode) is made on the way."""
    expected = {kind: rendition.render(path) for kind, path in SOURCES[:3]}

    def no_image(*arguments: object, **keywords: object) -> None:
        raise AssertionError("render() made an Image")

    monkeypatch.setattr(rendition.Image, "open", no_image)
    monkeypatch.setattr(rendition.Image, "decode", no_image)
    for kind, path in SOURCES[:3]:
        assert rendition.render(path) == expected[kind], kind
        assert rendition.render(str(path)) == expected[kind], kind
        assert rendition.render(path.read_bytes()) == expected[kind], kind
    import numpy as np

    with pytest.raises(AssertionError, match="made an Image"):  # pixels still go through Image.open
        rendition.render(np.zeros((96, 96, 4), dtype=np.uint8))
