"""rendition.dask.render_catalog with a sticker that kills its worker (a trap in a decoder,
made here by the test-only RENDITION_TEST_TRAP_DECODING): the catalog finishes, that sticker
fails naming the dead workers, and the stickers already written are not failed."""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import Iterator

import pytest

import distributed

import rendition
import rendition.dask
from conftest import make_catalog, output_files, run_cli

POISON = "s0006-poison.png"


@pytest.fixture(scope="module")
def trapping_client() -> Iterator[distributed.Client]:
    # Only this cluster's workers trap, and only on POISON; Swift's crash backtrace is off
    # (it takes about a second per death).
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.CRITICAL,
                                       env={"RENDITION_TEST_TRAP_DECODING": POISON, "SWIFT_BACKTRACE": "enable=no"})
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def test_a_sticker_that_kills_its_worker_fails_alone(trapping_client: distributed.Client, cli: Path,
                                                     tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    made = make_catalog(catalog, 12)
    # s0006 becomes the poison: a good image under the name the workers trap on.
    shutil.copyfile(made[0], catalog / POISON)
    made[6].unlink()
    out = tmp_path / "out"
    result = rendition.dask.render_catalog(catalog, out, client=trapping_client, partition_size=5)
    poison = str(catalog / POISON)

    assert result.summary.total == 12 and result.summary.failed == 1
    assert result.summary.rendered + result.summary.skipped == 11
    failed = result.failed[0]
    assert failed.input == poison and failed.name == "s0006-poison"
    assert "the worker process died while decoding it, 2 times" in (failed.error or "")
    # Both deaths are named, and the dead workers' memory is not reported.
    assert 1 <= len(result.dead_workers) <= 2
    assert all(worker in (failed.error or "") for worker in result.dead_workers)
    assert not set(result.dead_workers) & set(result.worker_peak_rss)
    assert result.rerun == [poison]
    # s0005, written before the first death, is not failed: the retries found it up to date.
    assert next(s for s in result if s.name.startswith("s0005")).status in ("ok", "up-to-date")
    assert not [p.name for p in out.iterdir() if p.name.startswith(".rendition-dask-")]

    good = [str(path) for path in sorted(catalog.iterdir()) if path.name != POISON]
    reference = run_cli(cli, "render", *good, "-o", str(tmp_path / "cli"), "--quiet", "--no-progress")
    assert reference.returncode == 0, reference.stderr
    assert output_files(out) == output_files(tmp_path / "cli")

    # A rerun does not die again on the good stickers, and reports the poison again.
    again = rendition.dask.render_catalog(catalog, out, client=trapping_client, partition_size=5)
    assert again.summary.skipped == 11 and [s.input for s in again.failed] == [poison]
