#!/usr/bin/env python3
"""Compares Rendition's Lottie/TGS drawing (Debian's rlottie 0.1) with current rlottie.

For every Lottie `.json` and `.tgs` file under the given folders, selected frames (first, 25 %,
50 %, 75 % and last by default) are drawn at the composition's canvas size twice:

* by Rendition: `rendition render --format apng --include-3x` draws every frame of the master
  at the canvas size into `NAME@3x.png` (an APNG) through Debian's rlottie 0.1 and Rendition's
  canonical copy of the document; the frames are read back with Pillow and picked by time;
* by the oracle: PyPI's `rlottie-python`, which bundles a current rlottie, fed the original
  document.

With `--system-rlottie`, Debian's `librlottie.so.0-1` is also called directly through ctypes with
the original document (no Rendition in between), which tells a difference made by rlottie 0.1
itself from one made by Rendition's canonical copy.

Pixels are compared as straight-alpha RGBA (the colour of fully transparent pixels is zeroed
on both sides first): mean absolute difference over all channels, largest difference, share of
pixels where any channel differs by more than 16, whether a side is blank (alpha 0
everywhere), and SSIM over RGBA when scikit-image is installed. A file that Rendition refuses for
having more frames than `--max-frames` (up to a million) is drawn by Rendition one selected
frame at a time, from copies of the document whose root `ip`/`op` cut out that one frame. Files
that Rendition refuses otherwise (hostile documents) are listed as not drawn and are not
handed to the oracle.

Needs Pillow, numpy and rlottie-python (scikit-image optional), e.g. in a virtualenv:

    python3 -m venv --system-site-packages /tmp/venv-rlottie
    /tmp/venv-rlottie/bin/pip install rlottie-python scikit-image
    /tmp/venv-rlottie/bin/python Scripts/compare-rlottie.py [FOLDER_OR_FILE ...] \\
        [--rendition PATH] [--json OUT.json] [--system-rlottie]
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import dataclasses
import gzip
import hashlib
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional, Sequence

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parent.parent
DEFAULT_FOLDERS = [REPO / "Fixtures", Path("/work/shared/corpus")]
DIFF_THRESHOLD = 16
MAX_WINDOWED_FRAMES = 1_000_000


@dataclasses.dataclass
class Lottie:
    """One Lottie document found on disk."""

    path: Path
    text: str
    width: int
    height: int
    frame_rate: float
    in_point: float
    out_point: float


@dataclasses.dataclass
class FrameResult:
    """The comparison of one frame drawn by two renderers."""

    frame: int
    mean: float
    max: int
    over_threshold: float
    blank_01: bool
    blank_current: bool
    ssim: Optional[float]


@dataclasses.dataclass
class FileResult:
    """Everything measured for one file."""

    path: str
    width: int
    height: int
    frame_rate: float
    oracle_frames: Optional[int] = None
    rendition_frames: Optional[int] = None
    windowed: bool = False
    error: Optional[str] = None
    frames: list[FrameResult] = dataclasses.field(default_factory=list)
    system_frames: list[FrameResult] = dataclasses.field(default_factory=list)

    def summary(self, frames: list[FrameResult]) -> dict[str, Any]:
        """Aggregates of a list of frame comparisons (empty when there are none)."""
        if not frames:
            return {}
        ssims = [f.ssim for f in frames if f.ssim is not None]
        return {
            "mean": sum(f.mean for f in frames) / len(frames),
            "max": max(f.max for f in frames),
            "over_threshold": max(f.over_threshold for f in frames),
            "blank_01": sum(f.blank_01 for f in frames),
            "blank_current": sum(f.blank_current for f in frames),
            "ssim_min": min(ssims) if ssims else None,
        }

    def verdict(self) -> str:
        """A one-word reading of the comparison with the oracle."""
        if self.error:
            return "not drawn"
        s = self.summary(self.frames)
        if s["blank_01"] > s["blank_current"]:
            return "BLANK in 0.1"
        if s["blank_current"] > s["blank_01"]:
            return "blank in oracle"
        if s["over_threshold"] > 0.01 or (s["ssim_min"] is not None and s["ssim_min"] < 0.95):
            return "differs"
        return "same"


# ---------------------------------------------------------------- finding and reading files


def read_lottie(path: Path) -> Optional[Lottie]:
    """The document at `path` when it is a Lottie animation, else None."""
    try:
        raw = path.read_bytes()
        if path.suffix == ".tgs":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8")
        doc = json.loads(text)
    except (OSError, ValueError, EOFError, gzip.BadGzipFile):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("layers"), list):
        return None
    try:
        return Lottie(path, text, int(doc["w"]), int(doc["h"]), float(doc["fr"]),
                      float(doc.get("ip", 0)), float(doc["op"]))
    except (KeyError, TypeError, ValueError, OverflowError):
        return None


def find_files(roots: Sequence[Path]) -> list[Path]:
    """Every .json and .tgs below `roots`, sorted, identical files kept once (first path)."""
    seen: set[str] = set()
    found: list[Path] = []
    for root in roots:
        if not root.exists():
            print(f"note: {root} does not exist, skipped", file=sys.stderr)
            continue
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*")
                                                     if p.suffix in (".json", ".tgs") and p.is_file())
        for p in paths:
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
            if digest not in seen:
                seen.add(digest)
                found.append(p)
    return found


def selected_frames(total: int, count: int) -> list[int]:
    """`count` frames spread from the first to the last of `total` (first, 25 %, ..., last)."""
    if total <= 1:
        return [0]
    picks = {round(i * (total - 1) / (count - 1)) for i in range(count)} if count > 1 else {0}
    return sorted(picks)


# ---------------------------------------------------------------- pixels


def premultiplied_bgra_to_rgba(buffer: bytes, width: int, height: int) -> np.ndarray:
    """rlottie's native ARGB32 words (B G R A in memory, premultiplied) as straight RGBA."""
    bgra = np.frombuffer(buffer, dtype=np.uint8)[: width * height * 4].reshape(height, width, 4)
    alpha = bgra[..., 3].astype(np.float64)
    rgb = bgra[..., 2::-1].astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        straight = np.where(alpha[..., None] > 0, np.round(rgb * 255.0 / alpha[..., None]), 0)
    out = np.empty((height, width, 4), dtype=np.uint8)
    out[..., :3] = np.clip(straight, 0, 255).astype(np.uint8)
    out[..., 3] = bgra[..., 3]
    return out


def clear_transparent(rgba: np.ndarray) -> np.ndarray:
    """A copy with the colour of alpha-0 pixels set to 0 (it is invisible and arbitrary)."""
    out = rgba.copy()
    out[out[..., 3] == 0] = 0
    return out


def compare(frame: int, a: np.ndarray, b: np.ndarray, with_ssim: bool) -> FrameResult:
    """Difference measures between a frame drawn by rlottie 0.1 (`a`) and by current rlottie
    (`b`), both straight-alpha RGBA of one size."""
    a, b = clear_transparent(a), clear_transparent(b)
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16))
    ssim: Optional[float] = None
    if with_ssim:
        from skimage.metrics import structural_similarity
        side = min(a.shape[0], a.shape[1])
        window = min(7, side if side % 2 == 1 else side - 1)
        if window >= 3:
            ssim = float(structural_similarity(  # type: ignore[no-untyped-call]
                a, b, channel_axis=2, data_range=255, win_size=window))
    return FrameResult(
        frame=frame,
        mean=float(diff.mean()),
        max=int(diff.max()),
        over_threshold=float((diff.max(axis=2) > DIFF_THRESHOLD).mean()),
        blank_01=not bool(a[..., 3].any()),
        blank_current=not bool(b[..., 3].any()),
        ssim=ssim,
    )


# ---------------------------------------------------------------- the renderers


class Oracle:
    """Current rlottie, from rlottie-python."""

    def __init__(self, lottie: Lottie) -> None:
        from rlottie_python.rlottie_wrapper import LottieAnimation
        self.animation = LottieAnimation.from_data(lottie.text)
        self.total = int(self.animation.lottie_animation_get_totalframe())
        self.width, self.height = lottie.width, lottie.height

    def render(self, frame: int) -> np.ndarray:
        buffer = self.animation.lottie_animation_render(frame_num=frame, width=self.width, height=self.height)
        return premultiplied_bgra_to_rgba(buffer, self.width, self.height)


def system_render(text: str, width: int, height: int, frames: Sequence[int]) -> list[np.ndarray]:
    """Frames drawn by Debian's rlottie 0.1 (`librlottie.so.0-1`) called directly, in a child process.

    The child never imports rlottie-python, whose bundled library has the same soname and the
    same symbols: in one process the two would resolve to one library.
    """
    frame_bytes = width * height * 4
    run = subprocess.run([sys.executable, __file__, "--system-render-worker", str(width), str(height),
                          ",".join(map(str, frames))], input=text.encode(), capture_output=True, timeout=600)
    if run.returncode != 0 or len(run.stdout) != frame_bytes * len(frames):
        raise RuntimeError(f"rlottie 0.1 failed: {run.stderr.decode(errors='replace').strip()[-200:]}")
    return [premultiplied_bgra_to_rgba(run.stdout[i * frame_bytes:(i + 1) * frame_bytes], width, height)
            for i in range(len(frames))]


def system_render_worker(width: int, height: int, frames: Sequence[int]) -> None:
    """The child of `system_render`: the document on stdin, premultiplied BGRA frames on stdout."""
    lib = ctypes.CDLL(ctypes.util.find_library("rlottie") or "librlottie.so.0-1")
    lib.lottie_animation_from_data.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.lottie_animation_from_data.restype = ctypes.c_void_p
    lib.lottie_animation_render.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
                                            ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
    lib.lottie_animation_render.restype = None
    text = sys.stdin.buffer.read()
    handle = lib.lottie_animation_from_data(text, b"compare-rlottie", b"")
    if not handle:
        sys.exit("rlottie 0.1 did not load the document")
    for frame in frames:
        buffer = ctypes.create_string_buffer(width * height * 4)
        lib.lottie_animation_render(handle, frame, buffer, width, height, width * 4)
        sys.stdout.buffer.write(buffer.raw)


def find_rendition(explicit: Optional[str]) -> str:
    """The rendition executable: --rendition, $RENDITION_CLI, a release build here, or PATH."""
    candidates = [explicit, os.environ.get("RENDITION_CLI"),
                  str(REPO / ".build-test/release/rendition"), str(REPO / ".build/release/rendition"),
                  shutil.which("rendition")]
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    sys.exit("no rendition executable: build it (Scripts/build-release --product rendition) or pass --rendition")


def rendition_apng(cli: str, document: Path, frame_limit: int, timeout: float) -> Path | str:
    """Draws `document` with `rendition render`; the @3x APNG's path, or the error text."""
    out = Path(tempfile.mkdtemp(prefix="compare-rlottie-", dir=document.parent))
    command = [cli, "render", str(document), "-o", str(out), "--format", "apng", "--include-3x",
               "--force", "--log", "jsonl", "--no-progress", "--threads", "1",
               "--limit", f"frames={frame_limit}"]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"rendition timed out after {timeout:.0f} s"
    for line in run.stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") == "sticker":
            if event.get("status") != "ok":
                return str(event.get("error", "failed")).replace(str(document) + ": ", "")
            for output in event.get("outputs", []):
                if output.get("scale") == 3:
                    return Path(output["path"])
    return (run.stderr.strip() or f"rendition exited {run.returncode}").splitlines()[-1]


def apng_frames_at(path: Path, frame_ms: float, frames: Sequence[int]) -> tuple[Optional[int], list[np.ndarray]]:
    """The APNG's length in animation frames and, for each animation frame asked for, the
    straight RGBA shown then. Rendition merges identical neighbouring frames into one longer
    APNG frame, and writes a plain PNG (length None) when every frame is the same."""
    image = Image.open(path)
    count = getattr(image, "n_frames", 1)
    if count == 1 and not image.info.get("duration"):
        still = np.asarray(image.convert("RGBA"))
        return None, [still for _ in frames]
    times = [f * frame_ms for f in frames]
    wanted = sorted(range(len(times)), key=lambda i: times[i])
    result: list[Optional[np.ndarray]] = [None] * len(times)
    start = 0.0
    index = 0
    for frame in range(count):
        image.seek(frame)
        end = start + float(image.info.get("duration", 0) or 0)
        pixels: Optional[np.ndarray] = None
        while index < len(wanted) and (times[wanted[index]] < end - 1e-3 or frame == count - 1):
            if pixels is None:
                pixels = np.asarray(image.convert("RGBA"))
            result[wanted[index]] = pixels
            index += 1
        start = end
    return round(start / frame_ms), [r for r in result if r is not None]


def windowed_copy(lottie: Lottie, frame: int, folder: Path) -> Path:
    """A copy of the document whose root ip/op hold only frame `frame` (counted from ip)."""
    doc = json.loads(lottie.text)
    doc["ip"] = lottie.in_point + frame
    doc["op"] = lottie.in_point + frame + 1
    path = folder / f"{lottie.path.stem}.f{frame}.json"
    path.write_text(json.dumps(doc))
    return path


# ---------------------------------------------------------------- one file


def measure(lottie: Lottie, cli: str, args: argparse.Namespace, with_ssim: bool) -> FileResult:
    """Draws and compares the selected frames of one document."""
    result = FileResult(str(lottie.path), lottie.width, lottie.height, lottie.frame_rate)
    work = Path(tempfile.mkdtemp(prefix="compare-rlottie-"))
    try:
        # Rendition first: it refuses hostile documents before anything is drawn, and those
        # are not handed to the oracle, which has no such limits.
        source = work / lottie.path.name
        shutil.copyfile(lottie.path, source)
        expected_frames = max(1, math.floor(lottie.out_point - lottie.in_point))
        probe = rendition_apng(cli, source, args.max_frames, args.timeout)
        # Too long to draw whole (but not absurdly so): drawn a frame at a time below.
        windowed = (isinstance(probe, str) and "frames is over the frames limit" in probe
                    and expected_frames <= MAX_WINDOWED_FRAMES)
        if isinstance(probe, str) and not windowed:
            result.error = probe
            return result
        oracle = Oracle(lottie)
        result.oracle_frames = oracle.total
        frame_ms = 1000.0 / lottie.frame_rate
        # The animation is frames ip .. op-1 (rlottie's frame count also counts frame op).
        frames = selected_frames(expected_frames, args.frames)
        result.windowed = windowed
        ours: list[np.ndarray] = []
        if windowed:
            for f in frames:
                apng = rendition_apng(cli, windowed_copy(lottie, f, work), args.max_frames, args.timeout)
                if isinstance(apng, str):
                    result.error = f"frame {f}: {apng}"
                    return result
                ours += apng_frames_at(apng, frame_ms, [0])[1]
        elif isinstance(probe, Path):
            result.rendition_frames, ours = apng_frames_at(probe, frame_ms, frames)
        system: list[np.ndarray] = []
        if args.system_rlottie:
            try:
                system = system_render(lottie.text, lottie.width, lottie.height, frames)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                print(f"note: {relative(str(lottie.path))}: {error}", file=sys.stderr)
        for i, (f, mine) in enumerate(zip(frames, ours)):
            reference = oracle.render(f)
            if mine.shape != reference.shape:
                result.error = f"sizes differ: {mine.shape[1]}x{mine.shape[0]} against {reference.shape[1]}x{reference.shape[0]}"
                return result
            result.frames.append(compare(f, mine, reference, with_ssim))
            if system:
                result.system_frames.append(compare(f, system[i], reference, with_ssim))
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- output


def relative(path: str) -> str:
    """`path` relative to the repository when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return path


def markdown(results: list[FileResult], system: bool) -> str:
    """The results as a markdown table."""
    head = ["file", "size", "fps", "frames (Rendition / rlottie)", "mean", "max", f">{DIFF_THRESHOLD}",
            "blank (0.1 / current)", "SSIM min", "verdict"]
    if system:
        head += ["raw 0.1: mean", "raw 0.1: blank"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        name = relative(r.path)
        if r.error:
            row = [name, f"{r.width}x{r.height}", f"{r.frame_rate:g}", "", "", "", "", "", "",
                   f"not drawn: {r.error}"]
            if system:
                row += ["", ""]
        else:
            s = r.summary(r.frames)
            count = "windowed" if r.windowed else "still" if r.rendition_frames is None else str(r.rendition_frames)
            ssim = f"{s['ssim_min']:.4f}" if s["ssim_min"] is not None else "n/a"
            row = [name, f"{r.width}x{r.height}", f"{r.frame_rate:g}", f"{count} / {r.oracle_frames}",
                   f"{s['mean']:.2f}", str(s["max"]), f"{100 * s['over_threshold']:.2f} %",
                   f"{s['blank_01']} / {s['blank_current']} of {len(r.frames)}", ssim, r.verdict()]
            if system:
                t = r.summary(r.system_frames)
                row += [f"{t['mean']:.2f}", f"{t['blank_01']} / {t['blank_current']}"] if t else ["failed", ""]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def to_json(results: list[FileResult]) -> list[dict[str, Any]]:
    """The results as JSON-ready dictionaries, with per-frame detail."""
    out = []
    for r in results:
        item: dict[str, Any] = dataclasses.asdict(r)
        item["path"] = relative(r.path)
        item["verdict"] = r.verdict()
        item["summary"] = r.summary(r.frames)
        if r.system_frames:
            item["system_summary"] = r.summary(r.system_frames)
        out.append(item)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, help="folders or files (default: Fixtures/ and /work/shared/corpus/)")
    parser.add_argument("--rendition", help="the rendition executable (default: $RENDITION_CLI, .build-test or .build release, PATH)")
    parser.add_argument("--frames", type=int, default=5, help="frames compared per file, spread first to last (default 5)")
    parser.add_argument("--max-frames", type=int, default=1000,
                        help="longer animations are drawn by Rendition one frame at a time (default 1000)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per rendition run (default 600)")
    parser.add_argument("--system-rlottie", action="store_true",
                        help="also draw with Debian's librlottie.so.0-1 directly, without Rendition's canonical copy")
    parser.add_argument("--no-ssim", action="store_true", help="skip SSIM even when scikit-image is installed")
    parser.add_argument("--json", type=Path, help="also write the results, frame by frame, to this JSON file ('-': JSON on stdout instead of the table)")
    parser.add_argument("--system-render-worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.system_render_worker:
        width, height, frames = args.system_render_worker
        system_render_worker(int(width), int(height), [int(f) for f in frames.split(",")])
        return 0

    if importlib.util.find_spec("rlottie_python") is None:
        sys.exit("rlottie-python is not installed: pip install rlottie-python (in a virtualenv, see --help)")
    cli = find_rendition(args.rendition)
    with_ssim = not args.no_ssim
    if with_ssim and importlib.util.find_spec("skimage") is None:
        print("note: scikit-image is not installed, SSIM skipped", file=sys.stderr)
        with_ssim = False
    roots = args.paths or DEFAULT_FOLDERS
    documents = [d for d in (read_lottie(p) for p in find_files(roots)) if d is not None]
    results = []
    for lottie in documents:
        print(f"{relative(str(lottie.path))} ...", file=sys.stderr, flush=True)
        results.append(measure(lottie, cli, args, with_ssim))
    text = json.dumps({"rendition": cli, "threshold": DIFF_THRESHOLD, "files": to_json(results)}, indent=1)
    if str(args.json) == "-":
        print(text)
        return 0
    print(markdown(results, args.system_rlottie))
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
