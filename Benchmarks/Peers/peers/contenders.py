"""Handles on everything the comparison times: Python peers (each in its own worker
process and virtual environment), Rendition (its `bench` and `render` commands) and
ImageMagick (its command-line tool). Every handle answers the same questions:

- `resize(file, iterations)` → median seconds for both renditions from decoded pixels;
- `pipeline(file, iterations)` → (median seconds for PNG bytes → two PNGs, output bytes);
- `batch(files, output, workers)` → (stickers per second over the whole list, CPU seconds
  per sticker, which a busy machine hardly changes);
- `outputs(file, folder)` → the straight RGBA renditions (numpy), for the quality columns;
- `animated(file, iterations)` → (median seconds, median CPU seconds, output bytes) for an
  animated file → animated @2x + @1x in its format (`animated_files(file, folder)` writes
  them and returns the two paths);
- `catalog(files, output, workers)` → {per_second, cpu_per_sticker, output_bytes,
  peak_rss_bytes} for the catalog (see `catalog_task.py`).

A task a contender cannot do raises `Unsupported`; one that fails raises `RuntimeError`.
"""

import json
import os
import resource
import shutil
import statistics
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np


class Unsupported(Exception):
    """This contender has no way to do the task (the row shows n/a)."""


def _children_cpu():
    """User + system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _read_png(path):
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGBA"))


class PythonContender:
    """A peer from `libraries.PEERS`, served by `python -m peers.worker` in `python`'s venv."""

    def __init__(self, label, peer_id, python, env):
        self.label = label
        self.peer_id = peer_id
        self.versions = {}
        self.process = None
        self.unavailable = None
        failed = os.path.join(os.path.dirname(os.path.dirname(python)), "BUILD-FAILED")
        if os.path.exists(failed):
            self.unavailable = open(failed).read().strip().replace("\n", " ")[:200]
            return
        if not os.path.exists(python):
            self.unavailable = "not installed"
            return
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.log = open(os.path.join(env["PEERS_LOG_DIR"], f"{peer_id}.log"), "w")
        self.process = subprocess.Popen(
            [python, "-m", "peers.worker", peer_id], cwd=here, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True, bufsize=1)
        first = self._receive()
        if "error" in first:
            self.unavailable = first["error"]
            self.close()
            return
        self.versions = self._call("hello")["versions"]

    def _receive(self):
        line = self.process.stdout.readline()
        if not line:
            return {"error": f"worker exited (see {self.log.name})"}
        return json.loads(line)

    def _call(self, op, **arguments):
        self.process.stdin.write(json.dumps({"op": op, **arguments}) + "\n")
        self.process.stdin.flush()
        reply = self._receive()
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def resize(self, file, iterations):
        return statistics.median(self._call("resize", file=file, iterations=iterations)["times_ns"]) / 1e9

    def pipeline(self, file, iterations):
        reply = self._call("pipeline", file=file, iterations=iterations)
        return statistics.median(reply["times_ns"]) / 1e9, reply["output_bytes"]

    def batch(self, files, output, workers):
        result = self.catalog(files, output, workers)
        return result["per_second"], result["cpu_per_sticker"]

    def catalog(self, files, output, workers):
        reply = self._call("batch", files=files, output=output, processes=workers)
        return {"per_second": len(files) / reply["seconds"], "cpu_per_sticker": reply["cpu_seconds"] / len(files),
                "output_bytes": reply["output_bytes"], "peak_rss_bytes": reply.get("peak_rss_bytes")}

    def animated(self, file, iterations):
        if self.peer_id not in ("pillow", "pillow-simd", "fast-image-resize"):
            raise Unsupported("no animated path here")
        reply = self._call("animated", file=file, iterations=iterations)
        return (statistics.median(reply["times_ns"]) / 1e9, statistics.median(reply["cpu_ns"]) / 1e9,
                reply["output_bytes"])

    def animated_files(self, file, folder):
        return self._call("animated_files", file=file, folder=folder)["paths"]

    def outputs(self, file, folder):
        path = os.path.join(folder, f"{self.peer_id}.npz")
        self._call("resize_output", file=file, path=path)
        with np.load(path) as arrays:
            return [arrays[key] for key in sorted(arrays.files, key=lambda k: int(k.split("_")[1]))]

    def close(self):
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)


class RenditionContender:
    """Rendition, timed in-process by `rendition bench` (its `median_us`); batches are
    `rendition render FOLDER --threads N`, timed around the process."""

    def __init__(self, label, binary, threads=None):
        self.label = label
        self.binary = binary
        self.threads = threads  # only for the batch row
        self.unavailable = None if binary and os.access(binary, os.X_OK) else "rendition binary not built"
        self.versions = {}
        if not self.unavailable:
            version = subprocess.run([binary, "--version"], capture_output=True, text=True)
            self.versions = {"rendition": version.stdout.strip()}

    def _bench(self, kind, file, iterations):
        result = subprocess.run(
            [self.binary, "bench", kind, file, "--iterations", str(iterations), "--warmup", "2", "--json"],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or f"rendition bench {kind} failed")
        return json.loads(result.stdout)

    def resize(self, file, iterations):
        return self._bench("resize", file, iterations)["median_us"] / 1e6

    def pipeline(self, file, iterations):
        report = self._bench("pipeline", file, iterations)
        return report["median_us"] / 1e6, report["output_bytes"]

    def batch(self, files, output, workers):
        folder = os.path.dirname(files[0])
        threads = self.threads or workers
        cpu = _children_cpu()
        start = time.perf_counter()
        result = subprocess.run([self.binary, "render", folder, "-o", output, "--threads", str(threads), "--quiet"],
                                capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip()[-300:])
        return len(files) / seconds, (_children_cpu() - cpu) / len(files)

    def catalog(self, files, output, workers):
        """`render FOLDER --force --log jsonl`: the rate and peak memory are the summary line's
        (`stickers_per_second`, `peak_rss_bytes`), the bytes the sticker lines' outputs."""
        folder = os.path.dirname(files[0])
        threads = self.threads or workers
        cpu = _children_cpu()
        result = subprocess.run([self.binary, "render", folder, "-o", output, "--threads", str(threads), "--force",
                                 "--log", "jsonl", "--no-progress"], capture_output=True, text=True)
        cpu = _children_cpu() - cpu
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip()[-300:])
        events = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
        summary = next(e for e in events if e.get("event") == "summary")
        if summary["total"] != len(files) or summary["failed"]:
            raise RuntimeError(f"rendered {summary['rendered']} of {len(files)}, {summary['failed']} failed")
        written = sum(o["bytes"] for e in events if e.get("event") == "sticker" for o in e.get("outputs", []))
        return {"per_second": summary["stickers_per_second"], "cpu_per_sticker": cpu / len(files),
                "output_bytes": written, "peak_rss_bytes": summary.get("peak_rss_bytes")}

    def animated(self, file, iterations):
        """In-process: `rendition bench animated FILE --threads N --json` (frames of the one
        animation resampled on N threads, as `render` does for a single input)."""
        result = subprocess.run(
            [self.binary, "bench", "animated", file, "--iterations", str(iterations), "--warmup", "1",
             "--threads", str(self.threads or 1), "--json"], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip() or "rendition bench animated failed")
        report = json.loads(result.stdout)
        return report["median_us"] / 1e6, report["cpu_median_us"] / 1e6, report["output_bytes"]

    def animated_files(self, file, folder):
        result = subprocess.run([self.binary, "render", file, "-o", folder, "--threads", str(self.threads or 1),
                                 "--force", "--quiet", "--log", "human", "--no-progress"], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip())
        stem, extension = os.path.splitext(os.path.basename(file))
        return [os.path.join(folder, f"{stem}@{s}x{extension}") for s in (2, 1)]

    def outputs(self, file, folder):
        result = subprocess.run([self.binary, "render", file, "-o", folder, "--quiet"], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip())
        stem = os.path.splitext(os.path.basename(file))[0].replace("@3x", "")
        return [_read_png(os.path.join(folder, f"{stem}@{s}x.png")) for s in (2, 1)]

    def close(self):
        pass


def find_imagemagick():
    """The real ImageMagick CLI (IM7 `magick` or IM6 `convert`), or None. Checks `-version`,
    because a `convert` earlier on PATH may be something else."""
    for candidate in ("magick", "convert-im6.q16", "/usr/bin/convert", "convert"):
        path = shutil.which(candidate)
        if not path:
            continue
        try:
            version = subprocess.run([path, "-version"], capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        if version.startswith("Version: ImageMagick"):
            return path, version.split("\n")[0].split()[2]
    return None, None


class ImageMagickCLI:
    """What every ImageMagick contender shares: the binary, one thread
    (MAGICK_THREAD_LIMIT=1), a scratch folder, the version for the table."""

    def __init__(self, label, env, scratch):
        self.label = label
        self.env = {**env, "MAGICK_THREAD_LIMIT": "1"}
        self.scratch = scratch
        self.binary, version = find_imagemagick()
        self.unavailable = None if self.binary else "ImageMagick not installed"
        self.versions = {"ImageMagick": version} if version else {}


class ImageMagickContender(ImageMagickCLI):
    """ImageMagick's command-line tool, one process per sticker (as a shell script would use
    it), `-filter Lanczos` (Lanczos-3, support widened when shrinking; IM weights colour by
    alpha), MAGICK_THREAD_LIMIT=1, its default PNG settings. Times include process start-up;
    there is no resize-only figure."""

    def __init__(self, label, env, scratch):
        super().__init__(label, env, scratch)
        self.sizes = {}

    def _render(self, file, folder):
        from PIL import Image
        from .libraries import rendition_sizes
        if file not in self.sizes:
            with Image.open(file) as image:
                self.sizes[file] = rendition_sizes(*image.size)
        (w2, h2), (w1, h1) = self.sizes[file]
        stem = os.path.splitext(os.path.basename(file))[0]
        two_x, one_x = os.path.join(folder, stem + "@2x.png"), os.path.join(folder, stem + "@1x.png")
        command = [self.binary, file,
                   "(", "+clone", "-filter", "Lanczos", "-resize", f"{w2}x{h2}!", "-write", two_x, "+delete", ")",
                   "-filter", "Lanczos", "-resize", f"{w1}x{h1}!", one_x]
        result = subprocess.run(command, env=self.env, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(result.stderr.strip()[-300:])
        return two_x, one_x

    def resize(self, file, iterations):
        raise Unsupported("command line only: every call decodes and encodes")

    def pipeline(self, file, iterations):
        times, size = [], 0
        for index in range(iterations + 1):
            start = time.perf_counter()
            outputs = self._render(file, self.scratch)
            if index:  # the first run is a warm-up
                times.append(time.perf_counter() - start)
            size = sum(os.path.getsize(o) for o in outputs)
        return statistics.median(times), size

    def batch(self, files, output, workers):
        cpu = _children_cpu()
        start = time.perf_counter()
        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(lambda f: self._render(f, output), files))
        return len(files) / (time.perf_counter() - start), (_children_cpu() - cpu) / len(files)

    def outputs(self, file, folder):
        return [_read_png(path) for path in self._render(file, folder)]

    def close(self):
        pass
