"""`rendition render --shard auto/N` as the tasks of array jobs: each process takes its index
from the variable its scheduler sets; together they render every sticker exactly once."""

from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import make_catalog, output_files, run_cli

SCHEDULERS = {
    # Kubernetes Indexed Job: JOB_COMPLETION_INDEX = 0 .. completions-1.
    "kubernetes": lambda i: {"JOB_COMPLETION_INDEX": str(i)},
    # Slurm `sbatch --array=1-3`: SLURM_ARRAY_TASK_ID = 1 .. 3, SLURM_ARRAY_TASK_MIN = 1.
    "slurm": lambda i: {"SLURM_ARRAY_TASK_ID": str(i + 1), "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3",
                        "SLURM_ARRAY_TASK_COUNT": "3"},
    # Slurm `--array=10-14:2`: ids 10, 12, 14.
    "slurm-step": lambda i: {"SLURM_ARRAY_TASK_ID": str(10 + 2 * i), "SLURM_ARRAY_TASK_MIN": "10",
                             "SLURM_ARRAY_TASK_STEP": "2"},
    # AWS Batch array job of size 3: AWS_BATCH_JOB_ARRAY_INDEX = 0 .. 2.
    "aws-batch": lambda i: {"AWS_BATCH_JOB_ARRAY_INDEX": str(i)},
}


def clean_environment() -> dict[str, str]:
    names = ("JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX")
    return {k: v for k, v in os.environ.items() if k not in names and not k.startswith("SLURM_")}


@pytest.mark.parametrize("scheduler", sorted(SCHEDULERS))
@pytest.mark.parametrize("shared_folder", [True, False], ids=["one-folder", "folder-per-task"])
def test_array_tasks_render_each_sticker_once(cli: Path, tmp_path: Path, scheduler: str, shared_folder: bool) -> None:
    catalog = tmp_path / "catalog"
    make_catalog(catalog, 60)
    count = 3
    outputs = [tmp_path / ("out" if shared_folder else f"out{i}") for i in range(count)]
    # All tasks at once, as a scheduler starts them.
    processes = [subprocess.Popen([str(cli), "render", str(catalog), "-o", str(outputs[i]), "--shard", f"auto/{count}",
                                   "--threads", "1", "--log", "jsonl", "--no-progress"],
                                  env={**clean_environment(), **SCHEDULERS[scheduler](i)},
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for i in range(count)]
    rendered: Counter[str] = Counter()
    for process in processes:
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        events = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
        stickers = [e for e in events if e.get("event") == "sticker"]
        assert stickers and all(e["status"] == "ok" for e in stickers), stderr
        rendered.update(e["name"] for e in stickers)
    names = sorted(p.name.rsplit(".", 1)[0] for p in catalog.iterdir())
    assert sorted(rendered) == names and set(rendered.values()) == {1}, "each sticker rendered by exactly one task"
    in_manifests: Counter[str] = Counter()
    for folder in set(outputs):
        lines = (folder / ".rendition-manifest.jsonl").read_text().splitlines()
        in_manifests.update(json.loads(line)["name"] for line in lines)
    assert sorted(in_manifests) == names and set(in_manifests.values()) == {1}, "the manifests together cover the catalog"
    # The same files as one unsharded run.
    whole = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "whole"), "--quiet", "--no-progress")
    assert whole.returncode == 0, whole.stderr
    merged: dict[str, bytes] = {}
    for folder in set(outputs):
        merged.update(output_files(folder))
    assert merged == output_files(tmp_path / "whole")
    for folder in set(outputs):
        assert not [p.name for p in folder.iterdir() if ".tmp-" in p.name]


def test_auto_needs_an_index_and_one_below_the_count(cli: Path, tmp_path: Path) -> None:
    make_catalog(tmp_path / "c", 2)
    base = [str(cli), "render", str(tmp_path / "c"), "-o", str(tmp_path / "o"), "--shard", "auto/3"]
    none = subprocess.run(base, env=clean_environment(), capture_output=True, text=True)
    assert none.returncode != 0 and "JOB_COMPLETION_INDEX" in none.stderr and "none is set" in none.stderr
    past = subprocess.run(base, env={**clean_environment(), "AWS_BATCH_JOB_ARRAY_INDEX": "3"}, capture_output=True, text=True)
    assert past.returncode != 0 and "not below 3" in past.stderr
    assert not (tmp_path / "o").exists()
