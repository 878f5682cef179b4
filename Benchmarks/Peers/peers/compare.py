"""Runs Rendition and its peers on the same sticker(s), interleaved, and prints the table.

Five tasks, single thread unless said (`--tasks`, default resize,pipeline,batch):
  resize    one @3x sticker's decoded pixels → @2x + @1x (Lanczos on premultiplied alpha)
  pipeline  its PNG bytes → decode → both renditions → PNG bytes (each peer's default PNG settings)
  batch     N stickers (the OpenMoji fixtures, repeated) → files, 2 workers per contender
  animated  a 24-frame 618 px animated sticker, APNG and GIF → animated @2x + @1x in the same
            format (`animated_task.py`)
  catalog   1,000 stickers → @2x + @1x PNG files on 2 workers, with peak memory (`catalog_task.py`)
Each round runs every contender once per task, in a rotating order, so machine noise falls
on all of them alike; a round's figure is the median of its iterations, and the table shows
the median over rounds. Quality is measured on the resize outputs against the float64
reference in `reference.py`.

Usage (the `run` script sets up the environments and passes its arguments on):
  python -m peers.compare --rendition PATH [--sticker PNG] [--rounds 7] [--batch 500] ...
"""

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

import numpy as np

from . import animated_task, catalog_task
from .cli_animated import GifsicleAnimated, ImageMagickAnimated
from .contenders import ImageMagickContender, PythonContender, RenditionContender, Unsupported
from .libraries import rendition_sizes
from .reference import Reference

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
DEFAULT_STICKER = os.path.join(REPOSITORY, "Fixtures", "stickers", "openmoji-618", "1F62C.png")
BATCH_SOURCE = os.path.join(REPOSITORY, "Fixtures", "stickers", "openmoji-618")

# (label, peer id, virtual environment) for the Python peers, in table order.
PYTHON_PEERS = [
    ("fast_image_resize (cykooz-resizer)", "fast-image-resize", ".venv"),
    ("Pillow-SIMD (AVX2)", "pillow-simd", ".venv-simd"),
    ("libvips thumbnail", "vips-thumbnail", ".venv"),
    ("libvips premultiply+resize (float)", "vips-resize", ".venv"),
    ("Pillow", "pillow", ".venv"),
    ("OpenCV INTER_LANCZOS4 (Lanczos-4)", "opencv", ".venv"),
]


def arguments():
    parser = argparse.ArgumentParser(prog="Benchmarks/Peers/run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rendition", required=True, help="the release-built rendition binary")
    parser.add_argument("--sticker", default=DEFAULT_STICKER, help="the @3x PNG for resize, pipeline and quality")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds for resize and pipeline")
    parser.add_argument("--resize-iterations", type=int, default=15, help="timed iterations per round (resize)")
    parser.add_argument("--pipeline-iterations", type=int, default=7, help="timed iterations per round (pipeline)")
    parser.add_argument("--batch", type=int, default=500, help="stickers per batch (0: no batch task)")
    parser.add_argument("--batch-rounds", type=int, default=2, help="interleaved rounds for the batch")
    parser.add_argument("--workers", type=int, default=2, help="processes or threads per contender in the batch")
    parser.add_argument("--animated-rounds", type=int, default=5, help="interleaved rounds for the animated task")
    parser.add_argument("--animated-iterations", type=int, default=3, help="animations per round (animated task)")
    parser.add_argument("--catalog", type=int, default=1000, help="stickers in the catalog task")
    parser.add_argument("--catalog-rounds", type=int, default=3, help="interleaved rounds for the catalog task")
    parser.add_argument("--tasks", default="resize,pipeline,batch",
                        help="comma-separated tasks to run: resize, pipeline, batch, animated, catalog")
    parser.add_argument("--only", default="", help="comma-separated contender labels (substring match) to run")
    parser.add_argument("--json", dest="json_path", help="also write the results as JSON here")
    parser.add_argument("--markdown", dest="markdown_path", help="also write the table as Markdown here")
    return parser.parse_args()


def machine():
    """CPU model, cores, OS and Python, for the report."""
    model = platform.processor() or "unknown"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    flags = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""
    vector = "AVX-512" if " avx512f" in flags else "AVX2" if " avx2" in flags else "SSE"
    return {"cpu": model, "cores": os.cpu_count(), "vector": vector, "os": platform.platform(),
            "python": platform.python_version(), "date": datetime.date.today().isoformat()}


def machine_line(m):
    return (f"Machine: {m['cpu']}, {m['cores']} cores ({m['vector']}), {m['os']}, {m['date']}; "
            f"1-minute load average {m['load_before']:.1f} before the run, {m['load_after']:.1f} after"
            + (f", {m['load_mean']:.1f} on average over {m['load_samples']} samples during it." if m.get("load_samples") else "."))


def worker_environment(log_dir):
    env = dict(os.environ)
    env.update({"PEERS_LOG_DIR": log_dir, "OMP_NUM_THREADS": "1", "VIPS_CONCURRENCY": "1",
                "OPENCV_FOR_THREADS_NUM": "1", "PYTHONPATH": HERE})
    return env


def make_batch_folder(count, folder):
    """`count` distinct file names cycling over the OpenMoji fixtures (copied, so every
    contender reads ordinary files)."""
    sources = sorted(f for f in os.listdir(BATCH_SOURCE) if f.endswith(".png"))
    os.makedirs(folder)
    files = []
    for index in range(count):
        name = sources[index % len(sources)]
        target = os.path.join(folder, f"{index:04d}-{name}")
        shutil.copyfile(os.path.join(BATCH_SOURCE, name), target)
        files.append(target)
    return files


def rotate(items, by):
    by %= len(items)
    return items[by:] + items[:by]


def interleave(contenders, rounds, task, note):
    """Runs `task(contender)` for every contender, round after round; returns per-label lists."""
    samples = {c.label: [] for c in contenders}
    failures = {}
    for round_index in range(rounds):
        print(f"  {note}: round {round_index + 1}/{rounds}", file=sys.stderr, flush=True)
        for contender in rotate(contenders, round_index):
            if contender.label in failures:
                continue
            try:
                samples[contender.label].append(task(contender))
            except Unsupported as reason:
                failures[contender.label] = f"n/a ({reason})"
            except Exception as error:  # a peer failing must not stop the others
                failures[contender.label] = f"failed: {error}"
    return samples, failures


def ratio(value, reference, higher_is_better=False):
    if value is None or reference is None or value == 0:
        return None
    return reference / value if higher_is_better else value / reference


def fmt(value, pattern):
    if value is None:
        return "–"
    if isinstance(value, float) and math.isinf(value):
        return "∞"
    return pattern % value


def main():
    options = arguments()
    scratch = tempfile.mkdtemp(prefix="rendition-peers-")
    log_dir = os.path.join(scratch, "logs")
    os.makedirs(log_dir)
    env = worker_environment(log_dir)
    try:
        run(options, scratch, env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run(options, scratch, env):
    sticker = os.path.abspath(options.sticker)
    tasks = {t.strip() for t in options.tasks.split(",") if t.strip()}
    unknown = tasks - {"resize", "pipeline", "batch", "animated", "catalog"}
    if unknown:
        sys.exit(f"unknown task(s): {', '.join(sorted(unknown))}")
    still = bool(tasks & {"resize", "pipeline", "batch"})
    wanted = [w.strip().lower() for w in options.only.split(",") if w.strip()]

    def selected(label):
        return not wanted or any(w in label.lower() for w in wanted)

    load = LoadSampler()
    print("Starting contenders…", file=sys.stderr, flush=True)
    rendition = RenditionContender("Rendition", options.rendition)
    needed = set()
    if still:
        needed |= {peer_id for _, peer_id, _ in PYTHON_PEERS}
    if "animated" in tasks:
        needed |= {"pillow", "fast-image-resize"}
    if "catalog" in tasks:
        needed |= {peer_id for _, peer_id in catalog_task.PEERS}
    python_peers = {}
    for label, peer_id, venv in PYTHON_PEERS:
        if peer_id in needed and selected(label):
            python_peers[peer_id] = PythonContender(label, peer_id, os.path.join(HERE, venv, "bin", "python"), env)
    contenders = [rendition] + list(python_peers.values())
    if still and selected("ImageMagick (CLI, process per sticker)"):
        os.makedirs(os.path.join(scratch, "im"))
        contenders.append(ImageMagickContender("ImageMagick (CLI, process per sticker)", env, os.path.join(scratch, "im")))
    for c in contenders:
        if c.unavailable:
            print(f"  {c.label}: unavailable ({c.unavailable})", file=sys.stderr)

    report = {"sticker": os.path.relpath(sticker, REPOSITORY), "tasks": sorted(tasks)}
    parts = []
    if still:
        still_report = run_still(options, tasks, contenders, rendition, sticker, scratch)
        report.update(still_report)
        parts.append(("still", still_report))
    if "animated" in tasks:
        handles = [RenditionContender("Rendition, 1 thread", options.rendition, threads=1),
                   RenditionContender("Rendition, 2 threads", options.rendition, threads=2)]
        handles += [python_peers[p] for p in ("pillow", "fast-image-resize") if p in python_peers]
        os.makedirs(os.path.join(scratch, "animated-im"))
        os.makedirs(os.path.join(scratch, "animated-gifsicle"))
        handles += [ImageMagickAnimated("ImageMagick (CLI)", env, os.path.join(scratch, "animated-im")),
                    GifsicleAnimated("gifsicle (CLI, GIF only)", os.path.join(scratch, "animated-gifsicle"))]
        handles = handles[:2] + [h for h in handles[2:] if selected(h.label)]
        report["animated"] = animated_task.run(handles, interleave, options, scratch, BATCH_SOURCE)
        parts.append(("animated", report["animated"]))
    if "catalog" in tasks and options.catalog > 0:
        files = make_batch_folder(options.catalog, os.path.join(scratch, "catalog-input"))
        handles = [RenditionContender("Rendition, 2 threads", options.rendition, threads=2),
                   RenditionContender("Rendition, 1 thread", options.rendition, threads=1)]
        handles += [python_peers[p] for _, p in catalog_task.PEERS if p in python_peers]
        report["catalog"] = catalog_task.run(handles, interleave, files, options, scratch)
        parts.append(("catalog", report["catalog"]))

    for contender in contenders:
        contender.close()
    report["machine"] = {**machine(), **load.stop()}

    text = [machine_line(report["machine"]), ""]
    for kind, part in parts:
        if kind == "still":
            text.append(markdown(report, [c.label for c in contenders], "batch" in tasks and options.batch > 0))
        elif kind == "animated":
            text.append(animated_task.markdown(part, options.animated_rounds, options.animated_iterations))
        else:
            text.append(catalog_task.markdown(part))
    table = "\n".join(text)
    print(table)
    if options.json_path:
        with open(options.json_path, "w") as handle:
            json.dump(report, handle, indent=2, default=float)
    if options.markdown_path:
        with open(options.markdown_path, "w") as handle:
            handle.write(table)


class LoadSampler:
    """The 1-minute load average before, after and every 10 s during the run."""

    def __init__(self):
        import threading
        self.before = os.getloadavg()[0]
        self.samples = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.wait(10):
            self.samples.append(os.getloadavg()[0])

    def stop(self):
        self._stop.set()
        self._thread.join()
        result = {"load_before": self.before, "load_after": os.getloadavg()[0]}
        if self.samples:
            result.update(load_mean=statistics.mean(self.samples), load_max=max(self.samples),
                          load_samples=len(self.samples))
        return result


def run_still(options, tasks, contenders, rendition, sticker, scratch):
    """The resize, pipeline and batch tasks; returns their part of the report."""
    available = [c for c in contenders if not c.unavailable]
    results = {c.label: {"versions": c.versions, "unavailable": c.unavailable} for c in contenders}

    # Quality first: one resize per contender, compared with the float64 reference.
    from PIL import Image
    with Image.open(sticker) as image:
        straight = np.asarray(image.convert("RGBA"))
    sizes = rendition_sizes(straight.shape[1], straight.shape[0])
    reference = Reference(straight, sizes)
    for contender in available:
        folder = os.path.join(scratch, "quality", contender.label.split()[0].lower())
        os.makedirs(folder, exist_ok=True)
        try:
            psnr, worst = reference.quality(contender.outputs(sticker, folder))
            results[contender.label].update(psnr=psnr, max_error=worst)
        except Exception as error:
            results[contender.label]["quality_error"] = str(error)

    resize, resize_failures, pipeline, pipeline_failures = {}, {}, {}, {}
    if "resize" in tasks:
        resize, resize_failures = interleave(
            available, options.rounds, lambda c: c.resize(sticker, options.resize_iterations), "resize")
    if "pipeline" in tasks:
        pipeline, pipeline_failures = interleave(
            available, options.rounds, lambda c: c.pipeline(sticker, options.pipeline_iterations), "pipeline")

    batch, batch_failures = {}, {}
    batch_contenders = list(available)
    with_batch = options.batch > 0 and "batch" in tasks
    if with_batch:
        files = make_batch_folder(options.batch, os.path.join(scratch, "batch-input"))
        single = RenditionContender("Rendition, 1 thread", options.rendition, threads=1)
        batch_contenders.insert(1, single)
        results[single.label] = {"versions": single.versions, "unavailable": single.unavailable}
        counter = iter(range(10**6))

        def run_batch(contender):
            output = os.path.join(scratch, f"batch-output-{next(counter)}")
            os.makedirs(output)
            try:
                return contender.batch(files, output, options.workers)
            finally:
                shutil.rmtree(output, ignore_errors=True)

        batch, batch_failures = interleave(batch_contenders, options.batch_rounds, run_batch, f"batch of {options.batch}")

    for contender in available:
        label = contender.label
        if resize.get(label):
            results[label]["resize_ms"] = 1000 * statistics.median(resize[label])
        if pipeline.get(label):
            results[label]["pipeline_ms"] = 1000 * statistics.median(s for s, _ in pipeline[label])
            results[label]["output_bytes"] = pipeline[label][-1][1]
        for failures, key in ((resize_failures, "resize_note"), (pipeline_failures, "pipeline_note")):
            if label in failures:
                results[label][key] = failures[label]
    for contender in batch_contenders:
        label = contender.label
        if batch.get(label):
            results[label]["batch_per_second"] = statistics.median(rate for rate, _ in batch[label])
            results[label]["batch_cpu_ms"] = 1000 * statistics.median(cpu for _, cpu in batch[label])
        if label in batch_failures:
            results[label]["batch_note"] = batch_failures[label]

    return {"sizes": sizes, "rounds": options.rounds, "resize_iterations": options.resize_iterations,
            "pipeline_iterations": options.pipeline_iterations, "batch": options.batch,
            "batch_rounds": options.batch_rounds, "workers": options.workers, "results": results}


def markdown(report, order, with_batch):
    results = report["results"]
    base = results["Rendition"]
    base_batch = base.get("batch_per_second")
    (w2, h2), (w1, h1) = report["sizes"]
    lines = [
        f"Sticker: `{report['sticker']}` → {w2}x{h2} + {w1}x{h1}. Medians of {report['rounds']} interleaved rounds "
        f"({report['resize_iterations']} resizes, {report['pipeline_iterations']} pipelines per round)"
        + (f"; batch: {report['batch']} stickers, {report['workers']} workers, {report['batch_rounds']} rounds." if with_batch else "."),
        "",
        "| contender | resize ms | ÷ Rendition | pipeline ms | ÷ Rendition | PNG bytes | "
        + ("batch stickers/s | Rendition ÷ | batch CPU ms/sticker | " if with_batch else "") + "PSNR dB | max error |",
        "|---|--:|--:|--:|--:|--:|" + ("--:|--:|--:|" if with_batch else "") + "--:|--:|",
    ]
    labels = list(order)
    if with_batch and "Rendition, 1 thread" in results:
        labels.insert(1, "Rendition, 1 thread")
    for label in labels:
        r = results[label]
        if r.get("unavailable"):
            cells = [f"unavailable: {r['unavailable']}"] + [""] * (9 if with_batch else 6)
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
            continue
        if label == "Rendition, 1 thread":
            cells = ["", "", "", "", ""]
        else:
            cells = [
                fmt(r.get("resize_ms"), "%.2f") if "resize_note" not in r else r["resize_note"],
                fmt(ratio(r.get("resize_ms"), base.get("resize_ms")), "%.2f"),
                fmt(r.get("pipeline_ms"), "%.2f") if "pipeline_note" not in r else r["pipeline_note"],
                fmt(ratio(r.get("pipeline_ms"), base.get("pipeline_ms")), "%.2f"),
                fmt(r.get("output_bytes"), "%d"),
            ]
        if with_batch:
            rate = r.get("batch_per_second")
            cells += [fmt(rate, "%.1f") if "batch_note" not in r else r["batch_note"],
                      fmt(ratio(rate, base_batch, higher_is_better=True), "%.2f"),
                      fmt(r.get("batch_cpu_ms"), "%.1f")]
        if label == "Rendition, 1 thread":
            cells += ["", ""]
        else:
            cells += [fmt(r.get("psnr"), "%.1f"), fmt(r.get("max_error"), "%d")]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    seen = {}
    for r in results.values():
        for name, version in r.get("versions", {}).items():
            if name != "cpu_extensions":
                seen.setdefault(name, version)
    versions = ", ".join(f"{name} {version}" for name, version in seen.items())
    lines += [
        "",
        "÷ Rendition: the contender's time over Rendition's (above 1: Rendition is faster). "
        "Rendition ÷: Rendition's batch rate over the contender's. Batch CPU: user + system time per sticker, "
        "all processes and threads (start-up included for command-line tools), which a busy machine hardly changes. "
        "PSNR and max error: both renditions, "
        "premultiplied, against the float64 Lanczos-3 reference (max error in levels against the rounded reference).",
        f"Versions: {versions}.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
