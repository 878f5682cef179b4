"""Float64 Lanczos-3 on premultiplied alpha, written from Rendition's definition of correct
(README, "What correct means here"), and the quality measures against it.

Definition: for output sample i along an axis of a source of n samples resized to m, the
centre is c = (i + 0.5) * n / m; every source sample j contributes
L3((j + 0.5 - c) / s) with s = max(n / m, 1) (the support is scaled by the downscale
factor), samples outside the source do not exist, and the weights are normalised to sum to 1.
Separable, no rounding between the passes. L3(x) = sinc(x) * sinc(x / 3) for |x| < 3.
"""

import numpy as np


def lanczos3(x):
    """The Lanczos-3 kernel (numpy's sinc is sin(pi x) / (pi x))."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(np.abs(x) < 3.0, np.sinc(x) * np.sinc(x / 3.0), 0.0)


def weight_matrix(source, target):
    """A (target, source) matrix whose row i holds the normalised weights of output sample i."""
    scale = source / target
    stretch = max(scale, 1.0)
    centres = (np.arange(target, dtype=np.float64) + 0.5) * scale
    positions = np.arange(source, dtype=np.float64) + 0.5
    weights = lanczos3((positions[None, :] - centres[:, None]) / stretch)
    return weights / weights.sum(axis=1, keepdims=True)


def premultiply(straight):
    """Straight RGBA8 (h, w, 4) → premultiplied RGBA8, rounding v·a/255 to nearest."""
    rgba = straight.astype(np.uint32)
    alpha = rgba[..., 3:4]
    out = rgba.copy()
    out[..., :3] = (rgba[..., :3] * alpha * 2 + 255) // 510
    return out.astype(np.uint8)


def resample(premultiplied, width, height):
    """Unrounded premultiplied float64 output (height, width, 4) of a premultiplied RGBA8 image."""
    source = premultiplied.astype(np.float64)
    wy = weight_matrix(source.shape[0], height)
    wx = weight_matrix(source.shape[1], width)
    rows = np.tensordot(wy, source, axes=(1, 0))  # (height, source width, 4): the vertical pass
    return np.tensordot(rows, wx, axes=(1, 1)).transpose(0, 2, 1)  # (height, width, 4)


def clamp(values):
    """Alpha to [0, 255], every colour to [0, alpha]: the best any 8-bit output can do."""
    out = values.copy()
    alpha = np.clip(out[..., 3], 0.0, 255.0)
    out[..., 3] = alpha
    out[..., :3] = np.clip(out[..., :3], 0.0, alpha[..., None])
    return out


class Reference:
    """The exact renditions of one sticker, to measure any peer's output against."""

    def __init__(self, straight_rgba, sizes):
        master = premultiply(straight_rgba)
        self.sizes = list(sizes)
        self.exact = [clamp(resample(master, w, h)) for (w, h) in self.sizes]

    def quality(self, outputs):
        """(PSNR in dB against the unrounded reference, largest error in levels against the
        rounded reference) over every channel of every output, compared premultiplied.

        `outputs` are straight RGBA8 arrays, one per size, as a user gets them; they are
        premultiplied with rounding (which undoes an exact un-premultiply) before comparing.
        """
        squared, count, worst = 0.0, 0, 0
        for exact, straight in zip(self.exact, outputs):
            if straight.shape != exact.shape:
                raise ValueError(f"output is {straight.shape[1]}x{straight.shape[0]}, expected {exact.shape[1]}x{exact.shape[0]}")
            ours = premultiply(straight).astype(np.float64)
            squared += float(((ours - exact) ** 2).sum())
            count += ours.size
            worst = max(worst, int(np.abs(ours - np.rint(exact)).max()))
        mse = squared / count
        psnr = float("inf") if mse == 0 else 10.0 * np.log10(255.0 ** 2 / mse)
        return psnr, worst
