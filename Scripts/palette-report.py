#!/usr/bin/env python3
"""Bytes and SSIMULACRA2 of palette renditions against truecolour ones.

    Scripts/palette-report.py MASTERS TRUECOLOUR PALETTE [--jobs N] [--list]

MASTERS is a folder of @3x masters (searched recursively for .png), TRUECOLOUR and PALETTE the
output folders of `rendition render` without and with --palette. For each master and each of
@2x and @1x it compares the two renditions: their bytes, and the SSIMULACRA2 score of the
palette file with the truecolour file as the reference. Images with alpha are composited over
a dark (0.1) and a light (0.9) grey in sRGB and the lower score is kept, as libjxl's
ssimulacra2 tool does; the metric itself is the `ssimulacra2` package from PyPI (0.3.0, a
Python port; its own alpha handling is bypassed). Prints totals, how many @1x files are no
larger than their master, and the score distribution.
"""
import argparse
import os
import sys
from multiprocessing import Pool

import numpy as np
from PIL import Image
from ssimulacra2 import ssimulacra2 as s2


def score_rgb(reference, distorted):
    """SSIMULACRA2 of two float RGB arrays (0...255), the steps of compute_ssimulacra2."""
    ref_linear = s2.srgb_to_linear(reference)
    dist_linear = s2.srgb_to_linear(distorted)
    img1 = s2.make_positive_xyb(s2.linear_rgb_to_xyb(ref_linear))
    img2 = s2.make_positive_xyb(s2.linear_rgb_to_xyb(dist_linear))
    msssim = s2.Msssim()
    for scale in range(s2.kNumScales):
        if img1.shape[0] < 8 or img1.shape[1] < 8:
            break
        sigma1_sq = s2.blur_image(img1 * img1)
        sigma2_sq = s2.blur_image(img2 * img2)
        sigma12 = s2.blur_image(img1 * img2)
        mu1 = s2.blur_image(img1)
        mu2 = s2.blur_image(img2)
        data = s2.MsssimScale()
        data.avg_ssim = s2.ssim_map(mu1, mu2, sigma1_sq, sigma2_sq, sigma12)
        data.avg_edgediff = s2.edge_diff_map(img1, mu1, img2, mu2)
        msssim.scales.append(data)
        if scale < s2.kNumScales - 1:
            ref_linear = s2.downsample(ref_linear, 2, 2)
            dist_linear = s2.downsample(dist_linear, 2, 2)
            img1 = s2.make_positive_xyb(s2.linear_rgb_to_xyb(ref_linear))
            img2 = s2.make_positive_xyb(s2.linear_rgb_to_xyb(dist_linear))
    return msssim.score()


def composited(path, background):
    """The image's straight RGBA over a grey `background` (0...1), as float RGB 0...255."""
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    alpha = rgba[:, :, 3:4] / 255.0
    return rgba[:, :, :3] * alpha + (1.0 - alpha) * background * 255.0


def ssimulacra2(reference, distorted):
    """The lower SSIMULACRA2 over the dark and the light background."""
    return min(score_rgb(composited(reference, bg), composited(distorted, bg)) for bg in (0.1, 0.9))


def measure(job):
    name, master_bytes, truecolour, palette = job
    rows = []
    for scale in ("@2x", "@1x"):
        t = os.path.join(truecolour, f"{name}{scale}.png")
        p = os.path.join(palette, f"{name}{scale}.png")
        if not (os.path.exists(t) and os.path.exists(p)):
            continue
        same = open(t, "rb").read() == open(p, "rb").read()
        score = 100.0 if same else ssimulacra2(t, p)
        rows.append((name, scale, master_bytes, os.path.getsize(t), os.path.getsize(p), same, score))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("masters")
    parser.add_argument("truecolour")
    parser.add_argument("palette")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--list", action="store_true", help="print one line per rendition")
    args = parser.parse_args()
    jobs = []
    for root, _, files in os.walk(args.masters):
        for file in sorted(files):
            if file.endswith(".png"):
                name = file[:-4].removesuffix("@3x")
                jobs.append((name, os.path.getsize(os.path.join(root, file)), args.truecolour, args.palette))
    with Pool(args.jobs) as pool:
        rows = [row for result in pool.map(measure, sorted(jobs)) for row in result]
    if args.list:
        for name, scale, master, t, p, same, score in rows:
            print(f"{name}{scale}\tmaster {master}\ttruecolour {t}\tpalette {p}\t{'unchanged' if same else 'palette'}\t{score:.2f}")
    for scale in ("@2x", "@1x"):
        sel = [r for r in rows if r[1] == scale]
        if not sel:
            continue
        t = sum(r[3] for r in sel)
        p = sum(r[4] for r in sel)
        changed = [r for r in sel if not r[5]]
        scores = np.array([r[6] for r in changed]) if changed else np.array([100.0])
        over_t = sum(1 for r in sel if r[3] > r[2])
        over_p = sum(1 for r in sel if r[4] > r[2])
        print(f"{scale}: {len(sel)} files, truecolour {t:,} B, palette {p:,} B ({p / t:.1%}); "
              f"{len(changed)} written as palette, {len(sel) - len(changed)} unchanged; "
              f"larger than the master: truecolour {over_t}, palette {over_p}; "
              f"SSIMULACRA2 of the palette files: min {scores.min():.1f}, 5th percentile {np.percentile(scores, 5):.1f}, "
              f"median {np.median(scores):.1f}, mean {scores.mean():.1f}")


if __name__ == "__main__":
    sys.exit(main())
