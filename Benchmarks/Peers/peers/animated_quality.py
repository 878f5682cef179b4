"""Quality of animated renditions: every output frame against the float64 Lanczos-3
reference (`reference.py`) of the composited source frame it shows.

Frames are read with Pillow (which composites APNG and GIF frames as it seeks). When an
output keeps every frame, output frame k is compared with source frame k; when it has fewer
(merged or dropped frames), each source frame is compared with the output frame on screen
at that frame's start time. An output with a single frame (a reader that kept only the first
frame) is compared on that frame alone, and the result says so.

APNG outputs are compared like the stills: every pixel, premultiplied. GIF outputs have
1-bit alpha, so no GIF can match the reference's soft edges; they are compared on the
pixels that are opaque in the reference (exact alpha ≥ 254.5), premultiplied, where a
transparent output pixel counts as an error of the full colour.
"""

import numpy as np

from .reference import clamp, premultiply, resample


def read_animation(path):
    """[(straight RGBA8 array, duration ms)] for every frame of an APNG, GIF or PNG."""
    from PIL import Image
    frames = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append((np.asarray(image.convert("RGBA")).copy(), float(image.info.get("duration", 0) or 0)))
    return frames


def _starts(durations):
    return np.concatenate([[0.0], np.cumsum(durations)[:-1]])


class AnimationReference:
    """The exact renditions of every composited frame of one animated sticker."""

    def __init__(self, source_path, sizes, opaque_only):
        frames = read_animation(source_path)
        self.sizes = list(sizes)
        self.opaque_only = opaque_only
        self.durations = [d for _, d in frames]
        self.exact = [[clamp(resample(premultiply(pixels), w, h)) for (w, h) in self.sizes] for pixels, _ in frames]

    @property
    def frame_count(self):
        return len(self.exact)

    def _frame_errors(self, ours, exact):
        """(sum of squared errors, samples, largest error against the rounded reference)."""
        ours = premultiply(ours).astype(np.float64)
        if self.opaque_only:
            mask = exact[..., 3] >= 254.5
            ours, exact = ours[mask], exact[mask]
        if ours.size == 0:
            return 0.0, 0, 0
        return float(((ours - exact) ** 2).sum()), ours.size, int(np.abs(ours - np.rint(exact)).max())

    def quality(self, output_paths):
        """{frames: [kept per output], duration_ms: [per output], psnr, worst_frame_psnr,
        max_error, note} for the outputs of each size, in the order of `sizes`."""
        squared, count, worst, frame_psnrs, kept, durations, notes = 0.0, 0, 0, [], [], [], []
        outputs = [read_animation(path) for path in output_paths]
        for frames in outputs:
            kept.append(len(frames))
            durations.append(sum(d for _, d in frames))
        for size_index, frames in enumerate(outputs):
            (w, h) = self.sizes[size_index]
            if frames[0][0].shape[:2] != (h, w):
                return {"frames": kept, "duration_ms": durations, "note": (
                    f"no quality figure: the @{2 - size_index}x file is {frames[0][0].shape[1]}x{frames[0][0].shape[0]}, "
                    f"not {w}x{h}")}
            if len(frames) == self.frame_count:
                pairs = list(range(self.frame_count))
            elif len(frames) == 1:
                pairs = [0]
                notes.append("one frame kept: quality of that frame alone")
            else:
                starts = _starts([d for _, d in frames])
                pairs = [int(np.searchsorted(starts, s + 1e-6, side="right") - 1) for s in _starts(self.durations)]
            for source_index, output_index in enumerate(pairs):
                s, n, e = self._frame_errors(frames[output_index][0], self.exact[source_index][size_index])
                squared, count, worst = squared + s, count + n, max(worst, e)
                frame_psnrs.append(_psnr(s / n) if n else float("inf"))
        return {"frames": kept, "duration_ms": durations, "psnr": _psnr(squared / count) if count else None,
                "worst_frame_psnr": min(frame_psnrs) if frame_psnrs else None, "max_error": worst,
                "note": "; ".join(sorted(set(notes)))}


def _psnr(mse):
    return float("inf") if mse == 0 else float(10.0 * np.log10(255.0 ** 2 / mse))
