"""Shared fixtures: the repository's sticker fixtures and the `rendition` command line.

The package under test is whatever `import rendition` finds: the installed wheel (as
Scripts/test runs it), or python/src with RENDITION_LIBRARY pointing at a built library.
The command line is .build/release/rendition unless $RENDITION_CLI names another build.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "Fixtures"
#: Six small still stickers.
DERIVED = FIXTURES / "stickers" / "derived"
#: Thirteen small stickers of every kind: stills, an APNG, a GIF, a JPEG, edge cases.
LINT = FIXTURES / "lint"
#: An animated lossless WebP.
WEBP = FIXTURES / "webp" / "image-webp" / "animated" / "random_lossless.webp"
#: A 618 px still sticker.
STICKER = FIXTURES / "stickers" / "openmoji-618" / "1F195.png"
#: A 64x48 APNG of 4 frames.
ANIMATION = FIXTURES / "apng" / "wuffs" / "animated-red-blue.apng"
#: A 100x100 GIF of 5 frames.
GIF = FIXTURES / "gif" / "pillow" / "dispose_prev.gif"


def cli_path() -> Path:
    """The rendition executable to compare with."""
    return Path(os.environ.get("RENDITION_CLI", REPO / ".build" / "release" / "rendition"))


@pytest.fixture(scope="session")
def cli() -> Path:
    path = cli_path()
    if not path.exists():
        pytest.fail(f"the rendition command line is needed for comparisons and is not at {path}: "
                    "run `Scripts/build-release --product rendition` or set RENDITION_CLI")
    return path


def run_cli(cli: Path, *arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Runs `rendition ARGUMENTS...`; returns the finished process."""
    return subprocess.run([str(cli), *arguments], capture_output=True, text=True, env=env, timeout=600)


def sticker_statuses(jsonl: str) -> list[str]:
    """The per-sticker statuses of `rendition render --log jsonl` output."""
    import json

    events = [json.loads(line) for line in jsonl.splitlines() if line.startswith("{")]
    return [e["status"] for e in events if e.get("event") == "sticker"]


def output_files(folder: Path) -> dict[str, bytes]:
    """The rendition files of a folder (dot files, such as the manifest, left out)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.startswith(".")}


def catalog_sources() -> list[Path]:
    """The fixtures a test catalog is made of: every kind of sticker, all small."""
    return sorted(DERIVED.iterdir()) + sorted(LINT.iterdir()) + [WEBP]


def make_catalog(folder: Path, count: int) -> list[Path]:
    """`count` stickers under distinct names: `catalog_sources()` repeated."""
    sources = catalog_sources()
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for index in range(count):
        source = sources[index % len(sources)]
        target = folder / f"s{index:04d}-{source.stem}{source.suffix}"
        shutil.copyfile(source, target)
        made.append(target)
    return made


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    """`catalog_sources()` copied into a fresh folder (20 stickers, one in a subfolder)."""
    folder = tmp_path / "catalog"
    (folder / "sub").mkdir(parents=True)
    for source in catalog_sources():
        target = folder / ("sub" if source.parent == LINT and source.name.startswith("a") else "") / source.name
        shutil.copyfile(source, target)
    return folder
