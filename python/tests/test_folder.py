"""render_folder and pack: the command line's files, manifest and skipping, with progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rendition
from conftest import DERIVED, output_files, run_cli, sticker_statuses


@pytest.mark.parametrize("flags,options", [([], {}), (["--format", "webp", "--include-3x"], {"format": "webp", "include_3x": True}),
                                           (["--compression", "2"], {"compression": 2}),
                                           (["--format", "webp", "--compression", "0"], {"format": "webp", "compression": 0})])
def test_the_same_files_as_the_command_line(cli: Path, catalog: Path, tmp_path: Path, flags: list[str],
                                            options: dict) -> None:
    result = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "cli"), "--threads", "2", "--quiet",
                     "--no-progress", *flags)
    ours = rendition.render_folder(catalog, tmp_path / "py", threads=2, **options)
    assert (result.returncode == 0) == (ours.summary.failed == 0), result.stderr
    assert ours.summary.total == 20 and ours.summary.rendered + ours.summary.failed == 20
    assert output_files(tmp_path / "py") == output_files(tmp_path / "cli")
    # The manifests say the same: the command line skips everything Python rendered.
    again = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / "py"), "--log", "jsonl", "--no-progress", *flags)
    statuses = sticker_statuses(again.stdout)
    assert statuses.count("up-to-date") == ours.summary.rendered and "ok" not in statuses


def test_results_rerun_force_and_failures(catalog: Path, tmp_path: Path) -> None:
    (catalog / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    first = rendition.render_folder(catalog, tmp_path / "out", threads=2)
    assert first.summary == rendition.Summary(21, 20, 0, 1, str(tmp_path / "out"))
    assert [s.name for s in first.failed] == ["broken"] and "broken.png" in (first.failed[0].error or "")
    ok = next(s for s in first if s.name == "1F601-300")
    assert ok.status == "ok" and [(o.scale, o.width) for o in ok.outputs] == [(2, 200), (1, 100)]
    assert all(Path(o.path).stat().st_size == o.bytes for o in ok.outputs)
    second = rendition.render_folder(catalog, tmp_path / "out")
    assert (second.summary.rendered, second.summary.skipped, second.summary.failed) == (0, 20, 1)
    forced = rendition.render_folder([catalog / "1F601-300.png"], tmp_path / "out", force=True)
    assert forced.summary.rendered == 1
    assert not [p for p in (tmp_path / "out").iterdir() if ".tmp-" in p.name]


def test_progress_callbacks_and_tqdm(catalog: Path, tmp_path: Path) -> None:
    calls: list[tuple[int, int, str]] = []
    result = rendition.render_folder(catalog, tmp_path / "a", threads=2,
                                     progress=lambda done, total, r: calls.append((done, total, r.name)))
    assert [c[0] for c in calls] == list(range(1, 21)) and {c[1] for c in calls} == {20}
    assert [c[2] for c in calls] == [s.name for s in result]
    from tqdm import tqdm

    with tqdm(disable=False, leave=False) as bar:
        rendition.render_folder(catalog, tmp_path / "b", progress=bar)
        assert bar.n == 20 and bar.total == 20

    def fail(done: int, total: int, r: rendition.StickerResult) -> None:
        raise KeyError("from the callback")

    with pytest.raises(KeyError, match="from the callback"):
        rendition.render_folder(catalog, tmp_path / "c", progress=fail)
    assert len(output_files(tmp_path / "c")) == 40, "the batch still finished"


def test_shards_split_like_the_command_line(cli: Path, catalog: Path, tmp_path: Path) -> None:
    seen: list[str] = []
    for index in (1, 2, 3):
        part = rendition.render_folder(catalog, tmp_path / f"py{index}", shard=f"{index}/3")
        result = run_cli(cli, "render", str(catalog), "-o", str(tmp_path / f"cli{index}"), "--shard", f"{index}/3",
                         "--quiet", "--no-progress")
        assert result.returncode == 0, result.stderr
        assert output_files(tmp_path / f"py{index}") == output_files(tmp_path / f"cli{index}")
        assert rendition.render_folder(catalog, tmp_path / "t", shard=(index - 1, 3), force=True).summary.total == len(part)
        seen += [s.name for s in part]
    assert sorted(seen) == sorted(s.name for s in rendition.render_folder(catalog, tmp_path / "all"))
    with pytest.raises(rendition.InvalidArgumentError, match="i/n"):
        rendition.render_folder(catalog, tmp_path / "x", shard="4/3")


def test_pack(tmp_path: Path) -> None:
    report = rendition.pack(DERIVED, tmp_path / "pack", platforms=["whatsapp", "telegram"], threads=2)
    assert len(report.stickers) == 6 and all(s["status"] in ("ok", "partial") for s in report.stickers)
    # Only the platforms named: no Apple catalog or renditions.
    assert (tmp_path / "pack" / "whatsapp").is_dir() and (tmp_path / "pack" / "telegram").is_dir()
    assert not (tmp_path / "pack" / "signal").exists()
    assert not (tmp_path / "pack" / "Stickers.xcstickers").exists()
    assert not (tmp_path / "pack" / "renditions").exists()
    apple = rendition.pack(DERIVED, tmp_path / "apple")
    assert apple.ok and not (tmp_path / "apple" / "whatsapp").exists()
    assert (tmp_path / "apple" / "Stickers.xcstickers").is_dir()
    assert (tmp_path / "apple" / "renditions" / "1F601-300@1x.png").exists()
    both = rendition.pack(DERIVED, tmp_path / "both", platforms="imessage,whatsapp", threads=2)
    assert len(both.stickers) == 6
    assert (tmp_path / "both" / "Stickers.xcstickers").is_dir() and (tmp_path / "both" / "whatsapp").is_dir()
    with pytest.raises(rendition.InvalidArgumentError, match="myspace"):
        rendition.pack(DERIVED, tmp_path / "x", platforms="myspace")
    with pytest.raises(rendition.RenditionIOError, match="not a folder"):
        rendition.pack(tmp_path / "missing", tmp_path / "y")


def assert_files_at_pack_paths(report: rendition.PackReport, out: Path, platforms: list[str]) -> None:
    """Each sticker's file for each platform is listed inside a pack folder that holds the
    sticker, and is on disk there with the bytes the report gives."""
    packs = report.document["packs"]
    for platform in platforms:
        folders = {pack["folder"]: set(pack["stickers"]) for pack in packs[platform]}
        assert folders, f"{platform}: no pack"
        for sticker in report.stickers:
            files = [f for f in sticker["files"] if f.get("platform") == platform]
            assert len(files) == 1, (sticker["name"], platform, files)
            folder, _, _ = files[0]["path"].rpartition("/")
            assert sticker["name"] in folders.get(folder, set()), (sticker["name"], files[0]["path"], folders)
            assert (out / files[0]["path"]).stat().st_size == files[0]["bytes"], files[0]["path"]


def test_pack_leaves_no_working_folders_and_reports_pack_paths(cli: Path, tmp_path: Path) -> None:
    platforms = ["whatsapp", "signal", "telegram", "discord"]
    out = tmp_path / "pack"
    working = [out / ".rendition-stage", out / ".rendition-shards"]
    report = rendition.pack(DERIVED, out, platforms=platforms, threads=2)
    assert [s["status"] for s in report.stickers] == ["ok"] * 6
    assert not any(path.exists() for path in working)
    assert_files_at_pack_paths(report, out, platforms)
    assert report.document == json.loads((out / "pack-report.json").read_bytes())

    # Again, up to date: the platform files are read back from the packs of the first run.
    again = rendition.pack(DERIVED, out, platforms=platforms, threads=2)
    assert [s["status"] for s in again.stickers] == ["up-to-date"] * 6
    assert not any(path.exists() for path in working)
    assert_files_at_pack_paths(again, out, platforms)

    # Shards of the command line leave their files in .rendition-shards; pack() (unsharded)
    # takes them, writes the packs and removes the folder.
    sharded = tmp_path / "sharded"
    profile = ",".join(platforms)
    for index in (1, 2):
        result = run_cli(cli, "pack", str(DERIVED), "-o", str(sharded), "--platform", profile, "--shard",
                         f"{index}/2", "--log", "jsonl", "--no-progress")
        assert result.returncode == 0, result.stderr
    assert (sharded / ".rendition-shards").is_dir()
    joined = rendition.pack(DERIVED, sharded, platforms=platforms, threads=2)
    assert [s["status"] for s in joined.stickers] == ["up-to-date"] * 6
    assert not (sharded / ".rendition-shards").exists() and not (sharded / ".rendition-stage").exists()
    assert_files_at_pack_paths(joined, sharded, platforms)


def test_pack_reports_only_files_it_wrote(tmp_path: Path) -> None:
    report = rendition.pack(DERIVED, tmp_path, platforms="all", threads=2)
    assert report.platform_problems["line"], "LINE takes no pack of 6 stickers"
    listed = [f["path"] for s in report.stickers for f in s["files"]]
    assert [path for path in listed if not (tmp_path / path).is_file()] == []


def test_list_stickers_names_and_searches_as_the_library_renders(catalog: Path, tmp_path: Path) -> None:
    (catalog / ".hidden.png").write_bytes(b"")
    (catalog / "notes.txt").write_text("not a sticker")
    listed = rendition.list_stickers([catalog], search=True)
    rendered = rendition.render_folder(catalog, tmp_path / "out")
    assert [s.input for s in listed] == [s.input for s in rendered]
    assert [s.name for s in listed] == [s.name for s in rendered] and len(listed) == 20
    assert all(s.image and s.same_name_as is None for s in listed)
    names = rendition.list_stickers(["s3://bucket/cat@3x.png", "a/cat.gif", "notes.txt", "dog.WEBP"], search=False)
    assert [(s.name, s.image, s.same_name_as) for s in names] == [
        ("cat", True, None), ("cat", True, "s3://bucket/cat@3x.png"), ("notes", False, None), ("dog", True, None)]
    with pytest.raises(rendition.RenditionIOError, match="no-such-folder"):
        rendition.list_stickers([tmp_path / "no-such-folder"], search=True)


def test_render_folder_reports_paths_without_a_doubled_slash(tmp_path: Path) -> None:
    result = rendition.render_folder(DERIVED / "1F601-300.png", f"{tmp_path}/out/", threads=1)
    paths = [f.path for s in result.stickers for f in s.outputs]
    assert paths and all("//" not in p for p in paths), paths


def test_the_package_exports_only_its_api() -> None:
    public = {name for name in dir(rendition) if not name.startswith("_")}
    assert "annotations" not in public
    assert set(rendition.__all__) <= public | {"__version__"}
