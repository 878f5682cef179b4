"""The `catalog` task (issue 6): N real 618 px stickers (the OpenMoji fixtures copied under
distinct names) rendered to @2x + @1x PNG files on 2 cores.

- Rendition: `rendition render DIR -o OUT --threads 2 --force --log jsonl` and `--threads 1`;
  stickers/s and peak memory are the summary line's `stickers_per_second` and
  `peak_rss_bytes` (the process's own high-water mark, VmHWM), bytes the sum of the sticker
  lines' outputs, CPU time from `getrusage(RUSAGE_CHILDREN)` around the process.
- Peers (libvips `thumbnail`, fast_image_resize with Pillow's codecs, Pillow): the batch of
  `worker.py`, a pool of 2 processes; peak memory is the largest sum of the resident memory of
  the worker and its pool processes, sampled every 20 ms (`memory.py`); CPU time is what the
  pool processes spent on the stickers.

Contenders run interleaved, one round each in a rotating order, every run into a fresh folder.
"""

import os
import shutil
import statistics

# (label, peer id) of the Python peers in the catalog, fastest batch first in earlier runs.
PEERS = [("libvips thumbnail", "vips-thumbnail"), ("fast_image_resize (cykooz-resizer)", "fast-image-resize"),
         ("Pillow", "pillow")]


def run(contenders, interleave, files, options, scratch):
    """`contenders`: Rendition (2 threads), Rendition (1 thread), then the peers."""
    counter = iter(range(10**6))

    def one(contender):
        output = os.path.join(scratch, f"catalog-output-{next(counter)}")
        os.makedirs(output)
        try:
            return contender.catalog(files, output, options.workers)
        finally:
            shutil.rmtree(output, ignore_errors=True)

    samples, failures = interleave(contenders, options.catalog_rounds, one, f"catalog of {len(files)}")
    rows = {}
    for contender in contenders:
        row = {"versions": contender.versions, "unavailable": contender.unavailable}
        values = samples.get(contender.label) or []
        if values:
            row.update(per_second=statistics.median(v["per_second"] for v in values),
                       per_second_all=[v["per_second"] for v in values],
                       cpu_per_sticker=statistics.median(v["cpu_per_sticker"] for v in values),
                       output_bytes=values[-1]["output_bytes"],
                       peak_rss_bytes=max((v["peak_rss_bytes"] for v in values if v["peak_rss_bytes"]), default=None))
        if contender.label in failures:
            row["note"] = failures[contender.label]
        rows[contender.label] = row
    return {"stickers": len(files), "rounds": options.catalog_rounds, "workers": options.workers,
            "order": [c.label for c in contenders], "rows": rows}


def _fmt(value, pattern):
    return "–" if value is None else pattern % value


def markdown(report):
    rows, order = report["rows"], report["order"]
    base = rows[order[0]].get("per_second")
    single = rows[order[1]].get("per_second") if len(order) > 1 else None
    pillow_bytes = rows.get("Pillow", {}).get("output_bytes")
    lines = [
        f"Catalog: {report['stickers']} stickers (the {_fixture_count()} OpenMoji 618 px fixtures, copied under distinct "
        f"names) → @2x + @1x PNG files, {report['workers']} workers; medians of {report['rounds']} interleaved rounds.",
        "",
        "| contender | stickers/s | Rendition ÷ | CPU ms/sticker | cores busy | peak memory MB | output bytes | "
        "÷ Pillow's bytes | note |",
        "|---|--:|--:|--:|--:|--:|--:|--:|---|",
    ]
    for label in order:
        r = rows[label]
        if r.get("unavailable"):
            lines.append(f"| {label} | | | | | | | | unavailable: {r['unavailable']} |")
            continue
        rate = r.get("per_second")
        cells = [
            _fmt(rate, "%.1f"), _fmt(base / rate if base and rate else None, "%.2f"),
            _fmt(r.get("cpu_per_sticker") and 1000 * r["cpu_per_sticker"], "%.1f"),
            _fmt(rate * r["cpu_per_sticker"] if rate and r.get("cpu_per_sticker") else None, "%.2f"),
            _fmt(r.get("peak_rss_bytes") and r["peak_rss_bytes"] / 1e6, "%.1f"),
            _fmt(r.get("output_bytes"), "%d"),
            _fmt(r["output_bytes"] / pillow_bytes if r.get("output_bytes") and pillow_bytes else None, "%.3f"),
            r.get("note", ""),
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    scaling = base / single if base and single else None
    lines += [
        "",
        f"Rendition's scaling from 1 to 2 threads: {_fmt(scaling, '%.2f')}x. "
        "Rendition ÷: Rendition's 2-thread rate over the contender's. CPU: user + system time per sticker, all "
        "processes and threads. Cores busy: stickers/s × CPU per sticker, the CPU the contender got on average "
        "(2.00 would be both cores; other work on the machine takes the rest). Peak memory: Rendition's own high-water mark (`peak_rss_bytes`, VmHWM); for a peer "
        "the largest sum of its worker's and its 2 pool processes' resident memory, sampled every 20 ms with psutil. "
        "Stickers/s: Rendition's summary line (from its start to its last file synced); a peer's pool from its first "
        "sticker to its last (pool start-up and a warm-up of 4 stickers not counted).",
        "",
    ]
    return "\n".join(lines)


def _fixture_count():
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    folder = os.path.join(here, "Fixtures", "stickers", "openmoji-618")
    return len([f for f in os.listdir(folder) if f.endswith(".png")]) if os.path.isdir(folder) else "?"
