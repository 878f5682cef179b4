"""Each setting Python shares with the command line, face by face: the same values are
accepted with the same effect, and the same bad values are refused with the same kind of
error (an exception here, exit status 2 there) and the same sentence, naming the setting as
each face spells it (`compression`, `--compression`). The C half is
Tests/RenditionCTests/SettingsFaceTests.swift.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

import rendition
from conftest import DERIVED, FIXTURES, LINT, STICKER, output_files, run_cli

ANIMATED = LINT / "animated.png"


def usage_error(cli: Path, *arguments: str, env: dict[str, str] | None = None) -> str:
    """What `rendition ARGUMENTS...` says about its usage: the first line of standard error,
    without its `Error: `; the exit status must be 2."""
    result = run_cli(cli, *arguments, env=env)
    assert result.returncode == 2, f"{arguments}: exit {result.returncode}: {result.stderr}"
    first = result.stderr.splitlines()[0]
    assert first.startswith("Error: "), first
    return first[len("Error: "):]


def refused(call: Callable[[], Any], kind: type[Exception]) -> str:
    """The message of the `kind` exception `call` raises."""
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


@pytest.fixture()
def source(tmp_path: Path) -> Path:
    """A folder with a still and an animated master."""
    folder = tmp_path / "src"
    folder.mkdir()
    shutil.copy(DERIVED / "1F601-300.png", folder)
    shutil.copy(ANIMATED, folder)
    return folder


@pytest.mark.parametrize("level", [0, 5, 12])
def test_compression_accepted_with_the_same_bytes_webp_included(cli: Path, source: Path, tmp_path: Path,
                                                                  level: int) -> None:
    result = run_cli(cli, "render", str(source), "-o", str(tmp_path / "cli"), "--format", "webp",
                     "--compression", str(level), "--quiet", "--no-progress")
    assert result.returncode == 0, result.stderr
    folder = rendition.render_folder(source, tmp_path / "py", format="webp", compression=level)
    assert folder.summary.failed == 0
    written = output_files(tmp_path / "cli")
    assert output_files(tmp_path / "py") == written and len(written) == 4
    for master in source.iterdir():
        for r in rendition.render(master, format="webp", compression=level):
            assert written[r.file_name(master.stem)] == r.data, f"{master.name} @{r.scale}x at level {level}"


@pytest.mark.parametrize("bad", [13, -1, -2, 2**40])
def test_compression_refused_alike(cli: Path, source: Path, tmp_path: Path, bad: int) -> None:
    cli_message = usage_error(cli, "render", str(source), "-o", str(tmp_path / "x"), f"--compression={bad}")
    assert cli_message == f"--compression must be between 0 and 12, not {bad}"
    for call in (lambda: rendition.render(STICKER, compression=bad),
                 lambda: rendition.render_folder(source, tmp_path / "y", compression=bad),
                 lambda: rendition.pack(source, tmp_path / "z", compression=bad)):
        message = refused(call, rendition.InvalidArgumentError)
        assert "--" + message == cli_message
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists() and not (tmp_path / "z").exists()
    with pytest.raises(TypeError, match="compression must be a whole number"):
        rendition.render(STICKER, compression="6")  # type: ignore[arg-type]


def test_threads_zero_is_one_per_core_negative_refused_alike(cli: Path, source: Path, tmp_path: Path) -> None:
    assert run_cli(cli, "render", str(source), "-o", str(tmp_path / "cli"), "--threads", "0", "--quiet",
                   "--no-progress").returncode == 0
    assert rendition.render_folder(source, tmp_path / "py", threads=0).summary.rendered == 2
    assert output_files(tmp_path / "py") == output_files(tmp_path / "cli")
    cli_message = usage_error(cli, "render", str(source), "-o", str(tmp_path / "x"), "--threads=-1")
    assert cli_message == "--threads must be 0 (one per core) or more, not -1"
    for call in (lambda: rendition.render(STICKER, threads=-1),
                 lambda: rendition.render_folder(source, tmp_path / "y", threads=-1),
                 lambda: rendition.pack(source, tmp_path / "z", threads=-1)):
        assert "--" + refused(call, rendition.InvalidArgumentError) == cli_message
    assert not (tmp_path / "y").exists(), "threads=-1 used to wrap around to 4,294,967,295 threads"


@pytest.mark.parametrize("name", ["png", "apng", "gif", "webp", "auto", "WebP"])
def test_formats_accepted_alike(cli: Path, source: Path, tmp_path: Path, name: str) -> None:
    result = run_cli(cli, "render", str(source), "-o", str(tmp_path / "cli"), "--format", name, "--quiet",
                     "--no-progress")
    assert result.returncode == 0, result.stderr
    rendition.render_folder(source, tmp_path / "py", format=name)
    assert output_files(tmp_path / "py") == output_files(tmp_path / "cli")


@pytest.mark.parametrize("name,kind", [("jpeg", rendition.UnsupportedError), ("tgs", rendition.UnsupportedError),
                                       ("Lottie", rendition.UnsupportedError), ("bmp", rendition.InvalidArgumentError)])
def test_formats_refused_alike(cli: Path, source: Path, tmp_path: Path, name: str, kind: type[Exception]) -> None:
    cli_message = usage_error(cli, "render", str(source), "-o", str(tmp_path / "x"), "--format", name)
    assert refused(lambda: rendition.render(STICKER, format=name), kind) == cli_message
    assert refused(lambda: rendition.render_folder(source, tmp_path / "y", format=name), kind) == cli_message


def test_shards_refused_alike(cli: Path, source: Path, tmp_path: Path) -> None:
    for bad in ("4/3", "0/3", "x", "1/2/3"):
        cli_message = usage_error(cli, "render", str(source), "-o", str(tmp_path / "x"), "--shard", bad)
        message = refused(lambda: rendition.render_folder(source, tmp_path / "y", shard=bad),
                          rendition.InvalidArgumentError)
        # The same sentence; only the command line reads a job array's index (auto/n).
        assert cli_message == f'--shard must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not "{bad}"'
        assert message == f'shard must look like i/n with 1 <= i <= n (e.g. 1/4), not "{bad}"'
    message = refused(lambda: rendition.render_folder(source, tmp_path / "y", shard=(3, 3)),
                      rendition.InvalidArgumentError)
    assert message == "shard_index 3 is not below shard_count 3"  # the library's, as C callers get it
    assert not (tmp_path / "y").exists()


def test_shards_accepted_alike(cli: Path, tmp_path: Path) -> None:
    env = {**os.environ, "JOB_COMPLETION_INDEX": "0"}
    for index in (1, 2):
        result = run_cli(cli, "render", str(DERIVED), "-o", str(tmp_path / f"cli{index}"), "--shard", f"{index}/2",
                         "--quiet", "--no-progress")
        assert result.returncode == 0, result.stderr
        rendition.render_folder(DERIVED, tmp_path / f"py{index}", shard=f"{index}/2")
        rendition.render_folder(DERIVED, tmp_path / f"tuple{index}", shard=(index - 1, 2))
        assert output_files(tmp_path / f"py{index}") == output_files(tmp_path / f"cli{index}") \
            == output_files(tmp_path / f"tuple{index}")
    result = run_cli(cli, "render", str(DERIVED), "-o", str(tmp_path / "auto"), "--shard", "auto/2", "--quiet",
                     "--no-progress", env=env)
    assert result.returncode == 0 and output_files(tmp_path / "auto") == output_files(tmp_path / "cli1")


def test_force_alike(cli: Path, source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert rendition.render_folder(source, out).summary.rendered == 2
    assert rendition.render_folder(source, out).summary.skipped == 2
    assert rendition.render_folder(source, out, force=True).summary.rendered == 2
    # The command line finds the library's manifest its own.
    lines = run_cli(cli, "render", str(source), "-o", str(out), "--log", "jsonl").stdout.splitlines()
    assert [json.loads(line).get("status") for line in lines][:2] == ["up-to-date", "up-to-date"]
    lines = run_cli(cli, "render", str(source), "-o", str(out), "--log", "jsonl", "--force").stdout.splitlines()
    assert [json.loads(line).get("status") for line in lines][:2] == ["ok", "ok"]


def test_lint_profile_names_alike(cli: Path) -> None:
    path = LINT / "halo-white.png"
    for name in ("imessage", "Messages", "APPLE", "apple-messages"):
        report = rendition.lint(path, profile=name)
        result = run_cli(cli, "lint", str(path), "--profile", name, "--json")
        assert result.returncode == 0, result.stderr
        assert report.document == json.loads(result.stdout) and report.profile == "apple-messages"
    cli_message = usage_error(cli, "lint", str(path), "--profile", "myspace")
    assert refused(lambda: rendition.lint(path, profile="myspace"), rendition.InvalidArgumentError) == cli_message
    assert cli_message.startswith('unknown profile "myspace"; known: apple-messages (or imessage, messages, apple), ')


def test_pack_platforms_alike(cli: Path, source: Path, tmp_path: Path) -> None:
    (source / ANIMATED.name).unlink()
    result = run_cli(cli, "pack", str(source), "-o", str(tmp_path / "cli"), "--platform", "Signal,imessage",
                     "--no-progress")
    assert result.returncode == 0, result.stderr
    for platforms in ("Signal,imessage", ["signal", "apple"], ["SIGNAL", "Messages"]):
        out = tmp_path / f"py-{platforms!r}"
        rendition.pack(source, out, platforms=platforms)
        assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == \
            sorted(p.name for p in (tmp_path / "cli").iterdir() if not p.name.startswith("."))
    cli_message = usage_error(cli, "pack", str(source), "-o", str(tmp_path / "x"), "--platform", "whatsapp,myspace")
    message = refused(lambda: rendition.pack(source, tmp_path / "y", platforms=["whatsapp", "myspace"]),
                      rendition.InvalidArgumentError)
    # The library calls the platform list its profile (rdn_render_options.profile).
    assert cli_message == message.replace("profile", "platform", 1) + " (or give --platform-file)"
    assert message.startswith('unknown profile "myspace"; known: apple-messages (or imessage, messages, apple), ')


def test_pack_lints_masters_alike(cli: Path, tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    for fixture in (DERIVED / "1F601-300.png", LINT / "opaque.jpg", LINT / "white-box.png", LINT / "clean.png"):
        shutil.copy(fixture, source)
    result = run_cli(cli, "pack", str(source), "-o", str(tmp_path / "cli"), "--no-progress", "--quiet")
    assert result.returncode == 1, "a master lint rejects fails the command line's pack"
    cli_report = json.loads((tmp_path / "cli" / "pack-report.json").read_text())
    report = rendition.pack(source, tmp_path / "py")
    statuses = {s["name"]: s["status"] for s in report.stickers}
    assert statuses == {s["name"]: s["status"] for s in cli_report["stickers"]}
    assert statuses == {"1F601-300": "ok", "clean": "ok", "opaque": "failed", "white-box": "failed"}
    assert not report.ok
    opaque = next(s for s in report.stickers if s["name"] == "opaque")
    assert "opaque-image" in opaque["error"]


def test_sticker_results_are_the_command_lines_records(cli: Path, source: Path, tmp_path: Path) -> None:
    (source / "broken.png").write_bytes(b"junk")
    seen: list[rendition.StickerResult] = []
    result = rendition.render_folder(source, tmp_path / "out", threads=2,
                                     progress=lambda done, total, sticker: seen.append(sticker))
    shutil.rmtree(tmp_path / "out")
    lines = run_cli(cli, "render", str(source), "-o", str(tmp_path / "out"), "--log", "jsonl").stdout.splitlines()
    events = [json.loads(line) for line in lines]
    stickers = [e for e in events if e["event"] == "sticker"]
    assert [s.to_json() for s in result] == [s.to_json() for s in seen]
    for ours, line in zip(result, stickers):
        for key in ("event", "done", "total", "rate", "eta_s"):
            del line[key]
        assert ours.to_json() == line
    assert [s.status for s in result] == ["ok", "ok", "failed"]
    assert result.stickers[0].master == (300, 300) and result.stickers[2].master is None
    assert result.stickers[2].outputs == [] and "unknown signature" in (result.stickers[2].error or "")
