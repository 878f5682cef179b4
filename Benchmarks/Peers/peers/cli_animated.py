"""The command-line peers of the `animated` task, timed around their processes (start-up
included) with their CPU time from `getrusage(RUSAGE_CHILDREN)`:

- ImageMagick: `convert IN -coalesce -filter Lanczos -resize WxH! -layers optimize OUT`,
  both sizes from one process (the coalesced frames are cloned for @2x), one thread
  (MAGICK_THREAD_LIMIT=1). ImageMagick 6 reads only the first frame of an APNG (it has no
  APNG reader; the default image is a plain PNG): `frames_read` finds that out by asking it
  how many images it read, and the table says so.
- gifsicle: `gifsicle --resize WxH --resize-method lanczos3 IN -o OUT`, one process per
  size, GIF only (its defaults otherwise: the input's palette is kept).
"""

import os
import shutil
import statistics
import subprocess
import time

from .contenders import ImageMagickCLI, Unsupported, _children_cpu
from .libraries import rendition_sizes


def _sizes(file):
    from PIL import Image
    with Image.open(file) as image:
        return rendition_sizes(*image.size)


def _outputs(file, folder):
    stem, extension = os.path.splitext(os.path.basename(file))
    return [os.path.join(folder, f"{stem}@{s}x{extension}") for s in (2, 1)]


def _time(render, file, folder, iterations):
    """(median wall s, median CPU s of the child processes, output bytes), after a warm-up."""
    times, cpu, size = [], [], 0
    for index in range(iterations + 1):
        cpu_start, start = _children_cpu(), time.perf_counter()
        paths = render(file, folder)
        if index:
            times.append(time.perf_counter() - start)
            cpu.append(_children_cpu() - cpu_start)
        size = sum(os.path.getsize(p) for p in paths)
    return statistics.median(times), statistics.median(cpu), size


def _run(command, env=None):
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip()[-300:])


class ImageMagickAnimated(ImageMagickCLI):
    """ImageMagick's CLI on an animated sticker."""

    def frames_read(self, file):
        """How many images ImageMagick reads from `file`."""
        result = subprocess.run([self.binary, file, "-format", "%n\\n", "info:"], env=self.env,
                                capture_output=True, text=True)
        lines = result.stdout.split()
        return int(lines[0]) if result.returncode == 0 and lines else None

    def animated_files(self, file, folder):
        (w2, h2), (w1, h1) = _sizes(file)
        two_x, one_x = _outputs(file, folder)
        _run([self.binary, file, "-coalesce",
              "(", "-clone", "0--1", "-filter", "Lanczos", "-resize", f"{w2}x{h2}!", "-layers", "optimize",
              "-write", two_x, "-delete", "0--1", ")",
              "-filter", "Lanczos", "-resize", f"{w1}x{h1}!", "-layers", "optimize", one_x], self.env)
        return [two_x, one_x]

    def animated(self, file, iterations):
        return _time(self.animated_files, file, self.scratch, iterations)

    def close(self):
        pass


class GifsicleAnimated:
    """gifsicle on an animated GIF."""

    def __init__(self, label, scratch):
        self.label = label
        self.scratch = scratch
        self.binary = shutil.which("gifsicle")
        self.unavailable = None if self.binary else "gifsicle not installed"
        self.versions = {}
        if self.binary:
            line = subprocess.run([self.binary, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
            self.versions = {"gifsicle": line.split()[-1]}

    def animated_files(self, file, folder):
        if not file.endswith(".gif"):
            raise Unsupported("GIF only")
        paths = _outputs(file, folder)
        for (w, h), path in zip(_sizes(file), paths):
            _run([self.binary, "--resize", f"{w}x{h}", "--resize-method", "lanczos3", file, "-o", path])
        return paths

    def animated(self, file, iterations):
        return _time(self.animated_files, file, self.scratch, iterations)

    def close(self):
        pass
