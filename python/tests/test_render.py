"""rendition.render and Rendition: sizes, formats, the same bytes as the command line, and
numpy / Pillow round trips."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image as PILImage

import rendition
from conftest import ANIMATION, GIF, REPO, STICKER, WEBP, output_files, run_cli


def side(n: int, scale: int) -> int:
    """round(n * scale / 3), halves up, as the library sizes renditions."""
    return max(1, (n * scale * 2 + 3) // 6)


def test_version_is_the_library_and_the_header() -> None:
    header = (REPO / "Sources/CRendition/include/rendition.h").read_text()
    assert f'#define RDN_VERSION_STRING "{rendition.__version__}"' in header
    from rendition._version import VERSION

    assert VERSION == rendition.__version__
    assert Path(rendition.library_path()).exists()


def test_render_a_path_gives_2x_then_1x_pngs() -> None:
    out = rendition.render(STICKER)
    assert [(r.scale, r.width, r.height, r.format) for r in out] == [(2, 412, 412, "png"), (1, 206, 206, "png")]
    assert all(r.data.startswith(b"\x89PNG\r\n\x1a\n") for r in out)
    assert out[0].file_name("x") == "x@2x.png"
    with PILImage.open(io.BytesIO(out[1].data)) as decoded:
        assert decoded.size == (206, 206) and decoded.mode == "RGBA"


def test_sources_path_str_bytes_and_image_give_the_same_bytes() -> None:
    from_path = rendition.render(STICKER, scales=(3, 2, 1))
    assert [r.scale for r in from_path] == [3, 2, 1]
    assert [r.data for r in rendition.render(str(STICKER), scales=(3, 2, 1))] == [r.data for r in from_path]
    data = STICKER.read_bytes()
    assert [r.data for r in rendition.render(data, scales=(3, 2, 1))] == [r.data for r in from_path]
    assert [r.data for r in rendition.render(bytearray(data), scales=(3, 2, 1))] == [r.data for r in from_path]
    with rendition.Image.open(STICKER) as image:
        assert [r.data for r in rendition.render(image, scales=(3, 2, 1))] == [r.data for r in from_path]
        assert image.info.width == 618  # still open: render does not close an Image it was given


@pytest.mark.parametrize("fmt,magic", [("webp", b"RIFF"), ("gif", b"GIF8"), ("apng", b"\x89PNG"), ("png", b"\x89PNG")])
def test_formats(fmt: str, magic: bytes) -> None:
    out = rendition.render(ANIMATION, format=fmt)
    assert all(r.data.startswith(magic) and r.format in (fmt, "png") for r in out)
    frames = 1 if fmt == "png" else 4
    assert out[0].to_numpy(frame=None).shape == (frames, side(48, 2), side(64, 2), 4)


def test_animations_keep_frames_delays_and_loops() -> None:
    out = rendition.render(ANIMATION)
    assert out[0].format == "apng" and out[0].extension == "png"
    with rendition.Image.open(ANIMATION) as master, out[0].decode() as two_x:
        assert two_x.info.frame_count == master.info.frame_count == 4
        assert two_x.info.loop_count == master.info.loop_count == 3
        assert [two_x.frame_delay(i) for i in range(4)] == [master.frame_delay(i) for i in range(4)]
        assert [str(master.frame_delay(i)) for i in range(4)] == ["1/10", "1/5", "3/10", "2/5"]
    gif = rendition.render(GIF, scales=(1,))
    assert gif[0].format == "gif" and gif[0].to_pil().n_frames == 5


def test_the_same_bytes_as_the_command_line(cli: Path, tmp_path: Path) -> None:
    """For each option set, render() gives exactly the files `rendition render` writes."""
    masters = [STICKER, ANIMATION, GIF, WEBP]
    cases = [([], {}), (["--format", "webp"], {"format": "webp"}), (["--format", "gif"], {"format": "gif"}),
             (["--compression", "9", "--include-3x"], {"compression": 9, "scales": (3, 2, 1)}),
             (["--format", "png"], {"format": "png"})]
    for number, (flags, options) in enumerate(cases):
        folder = tmp_path / f"cli{number}"
        result = run_cli(cli, "render", *map(str, masters), "-o", str(folder), "--quiet", "--no-progress", *flags)
        assert result.returncode == 0, result.stderr
        written = output_files(folder)
        for master in masters:
            name = master.stem
            for r in rendition.render(master, **options):
                assert written[r.file_name(name)] == r.data, f"{name} {flags} @{r.scale}x"
        assert len(written) == sum(len(rendition.render(m, **options)) for m in masters)


def test_save_writes_atomically(tmp_path: Path) -> None:
    r = rendition.render(STICKER, scales=(1,))[0]
    target = tmp_path / "one.png"
    r.save(target)
    assert target.read_bytes() == r.data
    assert [p.name for p in tmp_path.iterdir()] == ["one.png"]
    with pytest.raises(FileNotFoundError):
        r.save(tmp_path / "missing" / "one.png")
    assert not (tmp_path / "missing").exists()


def test_numpy_round_trip() -> None:
    with rendition.Image.open(STICKER) as image:
        pixels = image.to_numpy()
    assert pixels.shape == (618, 618, 4) and pixels.dtype == np.uint8
    with PILImage.open(STICKER) as reference:
        expected = np.asarray(reference.convert("RGBA"))
    # Straight alpha out: exact where opaque; transparent pixels are 0,0,0,0.
    assert np.array_equal(pixels[..., 3], expected[..., 3])
    opaque = expected[..., 3] == 255
    assert opaque.any() and np.array_equal(pixels[opaque], expected[opaque])
    assert not pixels[expected[..., 3] == 0].any()
    # Rendering the array is rendering the file: same pixels in, same bytes out.
    assert [r.data for r in rendition.render(pixels)] == [r.data for r in rendition.render(STICKER)]
    # A rendition's pixels are what Pillow decodes from its bytes.
    r = rendition.render(pixels, scales=(2,))[0]
    decoded = np.asarray(PILImage.open(io.BytesIO(r.data)).convert("RGBA"))
    ours = r.to_numpy()
    assert ours.shape == (412, 412, 4) and np.array_equal(ours[..., 3], decoded[..., 3])
    assert np.array_equal(ours[decoded[..., 3] == 255], decoded[decoded[..., 3] == 255])


def test_numpy_strided_and_premultiplied_arrays() -> None:
    rng = np.random.default_rng(7)
    big = rng.integers(0, 256, size=(90, 120, 4), dtype=np.uint8)
    big[..., 3] = 255
    view = big[::2, 10:70]  # rows 2 apart, not contiguous
    assert not view.flags.c_contiguous
    with rendition.Image.from_array(view) as image:
        assert np.array_equal(image.to_numpy(), view)
    assert [r.data for r in rendition.render(view)] == [r.data for r in rendition.render(np.ascontiguousarray(view))]
    transparent = np.zeros((8, 8, 4), dtype=np.uint8)
    transparent[..., :3] = 200  # colour under alpha 0 is dropped
    with rendition.Image.from_array(transparent) as image:
        assert not image.to_numpy().any()
    with pytest.raises(rendition.InvalidArgumentError, match="at most its alpha|premultiplied"):
        rendition.Image.from_array(transparent, premultiplied=True)


@pytest.mark.parametrize("bad", [np.zeros((4, 4, 3), np.uint8), np.zeros((4, 4, 4), np.uint16), np.zeros((4, 4), np.uint8)])
def test_numpy_wrong_shapes_are_invalid(bad: np.ndarray) -> None:
    with pytest.raises(rendition.InvalidArgumentError, match="H x W x 4 uint8"):
        rendition.render(bad)


def test_pil_round_trip() -> None:
    with PILImage.open(STICKER) as picture:
        from_pil = rendition.render(picture)
        from_rgb = rendition.render(picture.convert("RGBA").convert("RGB"))  # back to RGBA, opaque
    assert [r.data for r in from_pil] == [r.data for r in rendition.render(STICKER)]
    back = from_pil[0].to_pil()
    assert back.size == (412, 412) and back.format == "PNG"
    assert np.array_equal(np.asarray(back.convert("RGBA")), np.asarray(PILImage.open(io.BytesIO(from_pil[0].data)).convert("RGBA")))
    assert np.asarray(from_rgb[0].to_pil().convert("RGBA"))[..., 3].min() == 255
    with rendition.Image.open(ANIMATION) as animation:
        frame = animation.to_pil(frame=2)
        assert frame.size == (64, 48) and np.array_equal(np.asarray(frame), animation.to_numpy(frame=2))


def test_image_resize_encode_and_info() -> None:
    with rendition.Image.open(STICKER) as master:
        assert master.info == rendition.ImageInfo(618, 618, 1, 0, "png")
        with master.resize(100, 60) as small:
            png = small.encode()
            assert small.info.width == 100 and small.info.height == 60 and png.startswith(b"\x89PNG")
            assert small.encode(format="webp", compression=12).startswith(b"RIFF")
    assert "closed" in repr(master)
    with pytest.raises(rendition.InvalidArgumentError, match="closed"):
        master.info
