"""Which rlottie draws Lottie and TGS from Python: the package points librendition at the
rlottie-python wheel it depends on, so a track-matted TGS (which Debian's rlottie 0.1 draws
blank) renders, and its frames are rlottie-python's own drawing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import rlottie_python

import rendition
from conftest import FIXTURES, REPO

MATTED = FIXTURES / "lottie" / "made" / "precomp-matte.tgs"


def test_the_package_names_the_wheels_rlottie() -> None:
    path = Path(os.environ["RENDITION_RLOTTIE"])
    assert path.parent == Path(rlottie_python.__file__).parent
    assert path.name == "librlottie.so.0" and path.is_file()


def test_a_track_matted_tgs_renders_as_rlottie_python_draws_it() -> None:
    renditions = rendition.render(str(MATTED))
    assert [(r.scale, r.width, r.height) for r in renditions] == [(2, 341, 341), (1, 171, 171)]
    first = renditions[1].decode()
    assert first.info.frame_count > 1
    pixels = renditions[1].to_numpy()
    assert pixels[..., 3].max() > 200 and pixels[0, 0, 3] == 0
    # rlottie-python's drawing of the first frame at @1x: the same opaque square inside the
    # circle (premultiplied there, straight here, so alpha is compared).
    oracle = rlottie_python.LottieAnimation.from_tgs(str(MATTED))
    bgra = np.frombuffer(oracle.lottie_animation_render(frame_num=0, width=171, height=171), dtype=np.uint8)
    assert np.array_equal(pixels[..., 3], bgra.reshape(171, 171, 4)[..., 3])


def test_an_explicit_setting_is_kept(tmp_path: Path) -> None:
    program = ("import os, rendition; print(os.environ['RENDITION_RLOTTIE'])")
    env = dict(os.environ, RENDITION_RLOTTIE="/nowhere/librlottie.so")
    finished = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120, check=True)
    assert finished.stdout.strip() == "/nowhere/librlottie.so"
    failing = ("import rendition\n"
               "try:\n"
               f"    rendition.render({str(MATTED)!r})\n"
               "except rendition.RenditionError as error:\n"
               "    print(type(error).__name__, error)\n")
    finished = subprocess.run([sys.executable, "-c", failing], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120, check=True)
    assert "RENDITION_RLOTTIE names /nowhere/librlottie.so" in finished.stdout, finished.stdout
    assert REPO.is_dir()
