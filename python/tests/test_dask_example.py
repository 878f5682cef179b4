"""Examples/python/dask_catalog.py, run as a user would: it renders the tour's pack source on a
local two-worker cluster, gives the command line's bytes, and closes the cluster itself, so Dask
kills no worker at exit (each kill logs "Worker process still alive … killing")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO, output_files, run_cli

EXAMPLE = REPO / "Examples" / "python" / "dask_catalog.py"
SOURCE = REPO / "Examples" / "pack-src"


def test_the_example_renders_every_sticker_and_closes_its_cluster(cli: Path, tmp_path: Path) -> None:
    out = tmp_path / "dask"
    finished = subprocess.run([sys.executable, str(EXAMPLE), str(SOURCE), str(out)], capture_output=True,
                              text=True, timeout=600, cwd=tmp_path)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert "Summary(total=6, rendered=6, skipped=0, failed=0" in finished.stdout
    for sign_of_an_unclosed_cluster in ("still alive", "killing", "Removing worker"):
        assert sign_of_an_unclosed_cluster not in finished.stderr, finished.stderr
    assert "Traceback" not in finished.stderr, finished.stderr
    reference = tmp_path / "cli"
    assert run_cli(cli, "render", str(SOURCE), "-o", str(reference), "--log", "jsonl").returncode == 0
    renditions = output_files(out)
    assert len(renditions) == 12
    assert renditions == output_files(reference)


def test_the_example_fails_with_status_1_when_a_sticker_fails(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "good.png").write_bytes((SOURCE / "1F41D-300.png").read_bytes())
    (source / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    finished = subprocess.run([sys.executable, str(EXAMPLE), str(source), str(tmp_path / "out")],
                              capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert finished.returncode == 1, finished.stdout + finished.stderr
    assert "failed=1" in finished.stdout
    assert "failed: " in finished.stdout and "broken.png" in finished.stdout
