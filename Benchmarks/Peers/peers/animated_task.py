"""The `animated` task (issue 4): a 24-frame 618 px animated sticker (`sticker_animation.py`),
as APNG and as GIF: file bytes → every frame composited → each frame resized to 412 and 206
(Lanczos on premultiplied alpha) → animated @2x + @1x in the same format, single thread
(Rendition also with 2 threads, its frames resampled in parallel).

Quality first (each contender writes its renditions once, read back with Pillow and compared
frame by frame with `animated_quality.py`), then interleaved rounds of timings.
"""

import os
import statistics
import sys

from . import sticker_animation
from .animated_quality import AnimationReference
from .libraries import rendition_sizes

FORMATS = (("apng", "APNG → APNG"), ("gif", "GIF → GIF"))


def run(contenders, interleave, options, scratch, fixture_folder):
    """`contenders`: handles with `animated`/`animated_files`, Rendition (1 thread) first.
    Returns the report: {"animation": {...}, "formats": {kind: {label: {...}}}}."""
    made = sticker_animation.make(fixture_folder, os.path.join(scratch, "animated-input"))
    report = {"animation": {"frames": sticker_animation.FRAMES, "canvas": sticker_animation.CANVAS,
                            "source": sticker_animation.SOURCE, "sha256": made["sha256"],
                            "bytes": {kind: os.path.getsize(made[kind]) for kind, _ in FORMATS}},
              "formats": {}}
    for kind, title in FORMATS:
        file = made[kind]
        from PIL import Image
        with Image.open(file) as image:
            sizes = rendition_sizes(*image.size)
        print(f"  animated {title}: reference frames", file=sys.stderr, flush=True)
        reference = AnimationReference(file, sizes, opaque_only=(kind == "gif"))
        rows = {c.label: {"versions": c.versions, "unavailable": c.unavailable} for c in contenders}
        available = []
        for index, contender in enumerate(contenders):
            if contender.unavailable:
                continue
            folder = os.path.join(scratch, f"animated-{kind}", str(index))
            os.makedirs(folder)
            notes = []
            if hasattr(contender, "frames_read"):
                read = contender.frames_read(file)
                if read is not None and read < reference.frame_count:
                    notes.append(f"reads only {read} of the {reference.frame_count} frames (no APNG reader)")
            try:
                paths = contender.animated_files(file, folder)
            except Exception as error:  # Unsupported or failed: the row says why, the others go on
                rows[contender.label]["note"] = "; ".join(notes + [_reason(error)])
                continue
            rows[contender.label].update(reference.quality(paths))
            if rows[contender.label].get("note"):
                notes.append(rows[contender.label]["note"])
            rows[contender.label]["note"] = "; ".join(notes)
            available.append(contender)
        samples, failures = interleave(available, options.animated_rounds,
                                       lambda c: c.animated(file, options.animated_iterations), f"animated {title}")
        for label, values in samples.items():
            if values:
                rows[label].update(seconds=statistics.median(v[0] for v in values),
                                   cpu_seconds=statistics.median(v[1] for v in values), output_bytes=values[-1][2])
        for label, reason in failures.items():
            rows[label]["note"] = reason
        report["formats"][kind] = {"title": title, "sizes": sizes, "file": os.path.basename(file), "rows": rows,
                                   "order": [c.label for c in contenders]}
    return report


def _reason(error):
    from .contenders import Unsupported
    return f"n/a ({error})" if isinstance(error, Unsupported) else f"failed: {error}"


def _fmt(value, pattern):
    return "–" if value is None else ("∞" if value == float("inf") else pattern % value)


def markdown(report, rounds, iterations):
    animation = report["animation"]
    lines = [
        f"Animation: {animation['frames']} frames of {animation['canvas']}x{animation['canvas']}, 1/12 s each, looping "
        f"forever, made by `peers/sticker_animation.py` from OpenMoji `{animation['source']}` (APNG "
        f"{animation['bytes']['apng']} bytes, sha256 {animation['sha256']['apng']}…; GIF {animation['bytes']['gif']} "
        f"bytes, sha256 {animation['sha256']['gif']}…). Medians of {rounds} interleaved rounds of {iterations} "
        "animations each.",
        "",
    ]
    for kind, section in report["formats"].items():
        rows = section["rows"]
        base = rows[section["order"][0]].get("seconds")
        (w2, h2), (w1, h1) = section["sizes"]
        compared = ("pixels opaque in the reference (GIF has 1-bit alpha)" if kind == "gif"
                    else "every pixel, premultiplied")
        lines += [
            f"**{section['title']}** (`{section['file']}` → {w2}x{h2} + {w1}x{h1}; quality over {compared}):",
            "",
            "| contender | ms per animation | ÷ Rendition | CPU ms | bytes @2x + @1x | frames kept | loop s | "
            "PSNR dB | worst frame dB | max error | note |",
            "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
        ]
        for label in section["order"]:
            r = rows[label]
            if r.get("unavailable"):
                lines.append(f"| {label} | | | | | | | | | | unavailable: {r['unavailable']} |")
                continue
            seconds = r.get("seconds")
            frames = r.get("frames")
            cells = [
                _fmt(seconds and 1000 * seconds, "%.0f"),
                _fmt(seconds / base if seconds and base else None, "%.2f"),
                _fmt(r.get("cpu_seconds") and 1000 * r["cpu_seconds"], "%.0f"),
                _fmt(r.get("output_bytes"), "%d"),
                " + ".join(str(f) for f in frames) if frames else "–",
                " / ".join("%.3f" % (d / 1000) for d in r["duration_ms"]) if r.get("duration_ms") else "–",
                _fmt(r.get("psnr"), "%.1f"), _fmt(r.get("worst_frame_psnr"), "%.1f"), _fmt(r.get("max_error"), "%d"),
                r.get("note", ""),
            ]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += [
        "÷ Rendition: the contender's time over Rendition's single-threaded time (above 1: Rendition is faster). "
        "CPU ms: CPU time per animation, all threads (command-line tools: their processes, start-up included). "
        "Frames kept: frames in the @2x + @1x files as Pillow reads them (the source has "
        f"{animation['frames']}); loop s: their total duration. PSNR: all frames of both sizes against the float64 "
        "Lanczos-3 reference of the composited source frames; worst frame: the lowest single-frame PSNR; max error in "
        "levels against the rounded reference.",
        "",
    ]
    return "\n".join(lines)
