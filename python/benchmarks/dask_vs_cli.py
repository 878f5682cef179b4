"""Throughput of rendition.dask.render_catalog on a 2-worker LocalCluster against
`rendition render --threads 2`, and the Python binding's overhead per sticker.

    python3 python/benchmarks/dask_vs_cli.py [--stickers 1000] [--rounds 3] [--cli PATH]

The catalog is the repository's small fixtures (every kind: stills, APNG, GIF, JPEG, WebP)
repeated under distinct names. Each round renders the whole catalog into a fresh folder with
each contender, interleaved; the best round of each is reported (the machine may be shared)
with the median beside it. Peak memory: the CLI process's maximum RSS, and each Dask worker
process's (Python, Dask and the library included).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def make_catalog(folder: Path, count: int) -> None:
    fixtures = REPO / "Fixtures"
    sources = sorted((fixtures / "stickers" / "derived").iterdir()) + sorted((fixtures / "lint").iterdir())
    sources.append(fixtures / "webp" / "image-webp" / "animated" / "random_lossless.webp")
    folder.mkdir(parents=True)
    for index in range(count):
        source = sources[index % len(sources)]
        shutil.copyfile(source, folder / f"s{index:04d}-{source.stem}{source.suffix}")


def time_cli(cli: Path, catalog: Path, out: Path, threads: int) -> tuple[float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    subprocess.run([str(cli), "render", str(catalog), "-o", str(out), "--threads", str(threads), "--quiet",
                    "--no-progress"], check=True, capture_output=True)
    seconds = time.perf_counter() - start
    # RUSAGE_CHILDREN's ru_maxrss is the largest child so far: meaningful when the CLI is the biggest child.
    return seconds, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) * 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stickers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cli", type=Path, default=REPO / ".build" / "release" / "rendition")
    parser.add_argument("--json", type=Path, help="also write the numbers here")
    args = parser.parse_args()

    import distributed

    import rendition
    import rendition.dask

    work = Path(tempfile.mkdtemp(prefix="rendition-bench-"))
    try:
        catalog = work / "catalog"
        make_catalog(catalog, args.stickers)
        n = args.stickers
        files = sorted(catalog.iterdir())
        results: dict[str, list[float]] = {"cli2": [], "dask": [], "cli1": [], "py1": [], "render_loop": []}
        cli_rss = 0
        worker_rss: dict[str, int] = {}
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                      silence_logs=logging.ERROR) as cluster, distributed.Client(cluster) as client:
            client.run(lambda: __import__("rendition").__version__)  # every worker loads the library once
            for round_ in range(args.rounds):
                seconds, rss = time_cli(args.cli, catalog, work / f"cli2-{round_}", 2)
                results["cli2"].append(seconds)
                cli_rss = max(cli_rss, rss)
                start = time.perf_counter()
                outcome = rendition.dask.render_catalog(catalog, work / f"dask-{round_}", client=client)
                results["dask"].append(time.perf_counter() - start)
                assert outcome.summary.failed == 0 and outcome.summary.rendered == n, outcome.summary
                for worker, peak in outcome.worker_peak_rss.items():
                    worker_rss[worker] = max(worker_rss.get(worker, 0), peak)
                # One thread each: the binding's overhead over the command line per sticker.
                results["cli1"].append(time_cli(args.cli, catalog, work / f"cli1-{round_}", 1)[0])
                start = time.perf_counter()
                rendition.render_folder(catalog, work / f"py1-{round_}", threads=1)
                results["py1"].append(time.perf_counter() - start)
                start = time.perf_counter()
                for path in files:
                    for r in rendition.render(path, threads=1):
                        r.save(work / f"loop-{round_}-{path.stem}@{r.scale}x.{r.extension}")
                results["render_loop"].append(time.perf_counter() - start)
                for folder in work.glob(f"*-{round_}"):
                    shutil.rmtree(folder)
                for leftover in work.glob(f"loop-{round_}-*"):
                    leftover.unlink()
                print(f"round {round_ + 1}: " + ", ".join(f"{k} {v[-1]:.2f}s" for k, v in results.items()), flush=True)
        best = {k: min(v) for k, v in results.items()}
        median = {k: statistics.median(v) for k, v in results.items()}
        numbers = {
            "stickers": n, "rounds": args.rounds, "library": rendition.library_path(),
            "cli_threads2_stickers_per_s": n / best["cli2"], "dask_2x1_stickers_per_s": n / best["dask"],
            "dask_over_cli": best["cli2"] / best["dask"], "dask_over_cli_median": median["cli2"] / median["dask"],
            "cli_peak_rss_mb": cli_rss / 1e6, "dask_worker_peak_rss_mb": {k: v / 1e6 for k, v in worker_rss.items()},
            "cli_threads1_ms_per_sticker": 1000 * best["cli1"] / n,
            "render_folder_threads1_ms_per_sticker": 1000 * best["py1"] / n,
            "render_folder_overhead_ms_per_sticker": 1000 * (best["py1"] - best["cli1"]) / n,
            "render_loop_ms_per_sticker": 1000 * best["render_loop"] / n,
            "render_loop_overhead_ms_per_sticker": 1000 * (best["render_loop"] - best["cli1"]) / n,
            "seconds": results,
        }
        print(json.dumps(numbers, indent=2))
        if args.json:
            args.json.write_text(json.dumps(numbers, indent=2))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
