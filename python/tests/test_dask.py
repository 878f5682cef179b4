"""rendition.dask.render_catalog on a 2-worker LocalCluster: the command line's bytes and
manifest, fsspec (S3 through a local moto server) inputs, and a worker killed mid-run."""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

import distributed

import rendition
import rendition.dask
from conftest import make_catalog, output_files, run_cli, sticker_statuses


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


def manifest_names(folder: Path) -> list[str]:
    lines = (folder / ".rendition-manifest.jsonl").read_text().splitlines()
    return [json.loads(line)["name"] for line in lines if line.strip()]


def test_the_same_files_and_manifest_as_the_command_line(client: distributed.Client, cli: Path, catalog: Path,
                                                        tmp_path: Path) -> None:
    (catalog / "broken.png").write_bytes(b"GIF89a and then nothing")
    result = rendition.dask.render_catalog(catalog, tmp_path / "dask", client=client, partition_size=3)
    assert result.partitions == 7 and len(result.worker_peak_rss) == 2
    assert result.summary.total == 21 and result.summary.rendered == 20 and result.summary.failed == 1
    assert [s.name for s in result.failed] == ["broken"] and "broken.png" in (result.failed[0].error or "")
    cli_run = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "cli"), "--threads", "2", "--quiet",
                      "--no-progress")
    assert cli_run.returncode == 1  # the broken file
    assert output_files(tmp_path / "dask") == output_files(tmp_path / "cli")
    assert [s.name for s in result] == [s.name for s in rendition.render_folder(catalog, tmp_path / "order")]
    assert sorted(manifest_names(tmp_path / "dask")) == sorted(manifest_names(tmp_path / "cli"))
    # A rerun skips everything; so does the command line on the catalog's output.
    again = rendition.dask.render_catalog(catalog, tmp_path / "dask", client=client, partition_size=3)
    assert (again.summary.skipped, again.summary.rendered) == (20, 0)
    cli_again = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "dask"), "--log", "jsonl", "--no-progress")
    assert sticker_statuses(cli_again.stdout).count("up-to-date") == 20


def test_duplicate_names_fail_the_later_input(client: distributed.Client, catalog: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "1F601-300@3x.png").write_bytes((catalog / "1F601-300.png").read_bytes())
    result = rendition.dask.render_catalog([catalog, other], tmp_path / "out", client=client)
    failed = result.failed
    assert [s.input for s in failed] == [str(other / "1F601-300@3x.png")]
    assert "like those of" in (failed[0].error or "")


@pytest.fixture(scope="module")
def s3() -> Iterator[dict]:
    from moto.server import ThreadedMotoServer

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    options = {"key": "testing", "secret": "testing", "client_kwargs": {"endpoint_url": f"http://127.0.0.1:{port}",
                                                                         "region_name": "us-east-1"}}
    yield options
    server.stop()


def test_s3_inputs_through_fsspec(client: distributed.Client, s3: dict, cli: Path, catalog: Path,
                                  tmp_path: Path) -> None:
    import s3fs

    import boto3

    boto3.client("s3", endpoint_url=s3["client_kwargs"]["endpoint_url"], region_name="us-east-1",
                 aws_access_key_id="testing", aws_secret_access_key="testing").create_bucket(Bucket="stickers")
    fs = s3fs.S3FileSystem(**s3)
    for path in sorted(catalog.rglob("*")):
        if path.is_file():
            fs.put_file(str(path), f"stickers/catalog/{path.relative_to(catalog).as_posix()}")
    fs.pipe_file("stickers/catalog/.hidden.png", b"skipped")
    fs.pipe_file("stickers/catalog/notes.txt", b"skipped")
    inputs = rendition.dask.list_inputs("s3://stickers/catalog/", s3)
    local = rendition.dask.list_inputs(catalog)
    assert [i.split("/catalog/", 1)[1] for i in inputs] == [i.split("/catalog/", 1)[1] for i in local]
    result = rendition.dask.render_catalog("s3://stickers/catalog/", tmp_path / "out", client=client,
                                           storage_options=s3, partition_size=4)
    assert result.summary.rendered == 20 and result.summary.failed == 0
    assert all(s.input.startswith("s3://stickers/catalog/") for s in result)
    run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "cli"), "--quiet", "--no-progress")
    assert output_files(tmp_path / "out") == output_files(tmp_path / "cli")
    again = rendition.dask.render_catalog("s3://stickers/catalog/", tmp_path / "out", client=client, storage_options=s3)
    assert again.summary.skipped == 20
    missing = rendition.dask.render_catalog(["s3://stickers/catalog/1F601-300.png", "s3://stickers/catalog/clean.png"],
                                            tmp_path / "m", client=client, storage_options=s3)
    assert missing.summary.rendered == 2
    with pytest.raises(rendition.RenditionIOError):
        rendition.dask.list_inputs("s3://stickers/nothing-here.png", s3)


def test_a_worker_killed_mid_run_loses_nothing(client: distributed.Client, cli: Path, tmp_path: Path) -> None:
    catalog = tmp_path / "catalog"
    make_catalog(catalog, 120)
    out = tmp_path / "out"
    pids = client.run(os.getpid)
    victim_address = sorted(pids)[0]
    victim = pids[victim_address]
    killed = threading.Event()

    def kill_mid_partition() -> None:
        # Partition p holds stickers s{10p}..s{10p+9}; the victim is killed once it has
        # finished some, but not all, of the partition it is working on.
        deadline = time.time() + 120
        while time.time() < deadline:
            working = client.processing().get(victim_address, ())
            parts = [int(str(key).split("-")[2]) for key in working if str(key).startswith("rendition-partition-")]
            manifest = out / ".rendition-manifest.jsonl"
            if parts and manifest.exists():
                finished = [int(json.loads(line)["name"][1:5]) // 10 for line in manifest.read_text().splitlines()
                            if line.endswith("}")]
                # A partition with some stickers done is the one running (one thread per worker).
                if any(1 <= finished.count(part) <= 6 for part in parts):
                    os.kill(victim, signal.SIGKILL)
                    killed.set()
                    return
            time.sleep(0.002)

    killer = threading.Thread(target=kill_mid_partition)
    killer.start()
    result = rendition.dask.render_catalog(catalog, out, client=client, partition_size=10)
    killer.join()
    assert killed.is_set()
    assert result.summary.failed == 0 and result.summary.total == 120
    # The killed worker's partition ran again and skipped what it had finished.
    assert result.summary.skipped > 0 and result.summary.rendered + result.summary.skipped == 120
    assert victim not in client.run(os.getpid).values()
    assert not [p.name for p in out.iterdir() if ".tmp-" in p.name]
    assert sorted(set(manifest_names(out))) == sorted(manifest_names(out)) and len(manifest_names(out)) == 120
    cli_run = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "cli"), "--threads", "2", "--quiet", "--no-progress")
    assert cli_run.returncode == 0, cli_run.stderr
    assert output_files(out) == output_files(tmp_path / "cli")
    rerun = rendition.dask.render_catalog(catalog, out, client=client)
    assert rerun.summary.skipped == 120
