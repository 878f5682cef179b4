#!/usr/bin/env python3
"""Telegram formats, side by side with the Python path a user would write instead, one thread each:

  tgs-apng   a TGS sticker → every frame drawn at @2x and @1x → APNG @2x + @1x
             (peer: rlottie-python draws each frame at each size, Pillow writes the APNGs)
  tgs-webm   the same, as VP9 WebM with alpha (peer: rlottie-python + PyAV's libvpx-vp9, crf 30, cpu-used 2)
  webm-apng  a VP9 WebM with alpha → decoded (libvpx) → Lanczos to @2x and @1x → APNG
             (peer: PyAV's libvpx-vp9 decoder, Pillow's LANCZOS resize, Pillow's APNG writer)

Rendition runs as `rendition bench animated --threads 1` (its median wall and CPU time per
animation); the peers run in this process, timed the same way (median of rounds, after one
warm-up). On a loaded machine the CPU times are the fairer comparison. Quality for the TGS
tasks: PSNR of each written frame against rlottie-python's drawing at that size (premultiplied
samples, all frames of both renditions). Interleaved: each round times every contender once.

  python3 Benchmarks/Peers/telegram.py [--rounds 5] [--json out.json]

Needs: rlottie-python, av (PyAV), pillow, numpy (pip), and a release build of the rendition CLI
(built if missing).
"""
import argparse
import io
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

import av
import numpy as np
from PIL import Image
from rlottie_python import LottieAnimation

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.path.join(REPO, ".build", "release", "rendition")
TGS = os.path.join(REPO, "Fixtures", "lottie", "rlottie", "polystar_line_clockwise_trim.tgs")
WEBM = os.path.join(REPO, "Fixtures", "webm", "vp9-alpha-512x384-24fps-3s.webm")


def side(master, scale):
    """Rendition's rendition side: round(master * scale / 3)."""
    return max(1, (master * scale * 2 + 3) // 6)


def lottie_frames(path, width, height):
    animation = LottieAnimation.from_tgs(path) if path.endswith(".tgs") else LottieAnimation.from_file(path)
    count = animation.lottie_animation_get_totalframe()
    rate = animation.lottie_animation_get_framerate()
    frames = []
    for index in range(count):
        data = animation.lottie_animation_render(frame_num=index, width=width, height=height)
        frames.append(Image.frombuffer("RGBa", (width, height), data, "raw", "BGRa").convert("RGBA"))
    return frames, rate


def lottie_canvas(path):
    animation = LottieAnimation.from_tgs(path) if path.endswith(".tgs") else LottieAnimation.from_file(path)
    return animation.lottie_animation_get_size()


def write_apng(frames, delay_ms):
    out = io.BytesIO()
    frames[0].save(out, format="PNG", save_all=True, append_images=frames[1:], duration=delay_ms, loop=0)
    return out.getvalue()


def write_webm(frames, rate):
    out = io.BytesIO()
    with av.open(out, mode="w", format="webm") as container:
        stream = container.add_stream("libvpx-vp9", rate=round(rate))
        stream.width, stream.height = frames[0].size
        stream.pix_fmt = "yuva420p"
        stream.options = {"crf": "30", "b": "0", "cpu-used": "2", "threads": "1", "row-mt": "0"}
        stream.thread_count = 1
        for image in frames:
            # Converted explicitly: left to the encoder, the alpha plane comes out opaque.
            frame = av.VideoFrame.from_image(image).reformat(format="yuva420p")
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return out.getvalue()


def peer_tgs(path, output):
    width, height = lottie_canvas(path)
    files = []
    for scale in (2, 1):
        frames, rate = lottie_frames(path, side(width, scale), side(height, scale))
        files.append(write_apng(frames, 1000 / rate) if output == "apng" else write_webm(frames, rate))
    return files


def peer_webm_apng(path):
    with av.open(path) as container:
        stream = container.streams.video[0]
        context = av.CodecContext.create("libvpx-vp9", "r")
        context.thread_count = 1
        frames = []
        for packet in container.demux(stream):
            for frame in context.decode(packet):
                frames.append(frame.to_image().convert("RGBA"))
    width, height = frames[0].size
    files = []
    for scale in (2, 1):
        size = (side(width, scale), side(height, scale))
        resized = [frame.convert("RGBa").resize(size, Image.LANCZOS).convert("RGBA") for frame in frames]
        files.append(write_apng(resized, 1000 / 24))
    return files


def timed(function, rounds):
    """Median wall and CPU (process) time in microseconds."""
    function()
    wall, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        wall.append((time.perf_counter() - start) * 1e6)
        cpu.append((time.process_time() - start_cpu) * 1e6)
    return statistics.median(wall), statistics.median(cpu)


def rendition(path, output, rounds):
    result = subprocess.run([BINARY, "bench", "animated", path, "--format", output, "--threads", "1",
                             "--iterations", str(rounds), "--warmup", "1", "--json"],
                            check=True, capture_output=True, text=True)
    row = json.loads(result.stdout)["per_file"][0]
    return row["median_us"], row["cpu_median_us"]


def rendition_files(path, output, folder):
    subprocess.run([BINARY, "render", path, "--format", output, "-o", folder, "--force", "--quiet"], check=True)
    stem = os.path.splitext(os.path.basename(path))[0]
    ext = "png" if output == "apng" else output
    return [open(os.path.join(folder, f"{stem}@{s}x.{ext}"), "rb").read() for s in (2, 1)]


def _ebml_vint(data, pos, marker=False):
    """An EBML variable-length integer at `pos`: (value, length)."""
    first, length, mask = data[pos], 1, 0x80
    while length < 8 and not first & mask:
        mask >>= 1
        length += 1
    value = first if marker else first & (mask - 1)
    for k in range(1, length):
        value = (value << 8) | data[pos + k]
    return value, length


def _ebml_children(data, start, end):
    """(id, data start, data end) of each element in data[start:end]."""
    pos = start
    while pos < end:
        element, id_length = _ebml_vint(data, pos, marker=True)
        size, size_length = _ebml_vint(data, pos + id_length)
        body = pos + id_length + size_length
        if size == (1 << (7 * size_length)) - 1:  # unknown size (a live Segment or Cluster)
            size = end - body
        yield element, body, min(body + size, end)
        pos = body + size


def webm_alpha_frames(data):
    """The alpha stream's frames (BlockAdditional with BlockAddID 1) in block order, read from
    the container here: FFmpeg's demuxer does not hand them to the decoder for every muxer's
    files (it does for Rendition's, not for its own), so relying on it would score a file
    with alpha as opaque. `None` for a block without one."""
    frames = []

    def walk(start, end):
        for element, body, stop in _ebml_children(data, start, end):
            if element in (0x18538067, 0x1F43B675):  # Segment, Cluster
                walk(body, stop)
            elif element == 0xA3:  # SimpleBlock: no additions
                frames.append(None)
            elif element == 0xA0:  # BlockGroup
                alpha = None
                for child, child_body, child_stop in _ebml_children(data, body, stop):
                    if child != 0x75A1:  # BlockAdditions
                        continue
                    for more, more_body, more_stop in _ebml_children(data, child_body, child_stop):
                        fields = {f: data[b:e] for f, b, e in _ebml_children(data, more_body, more_stop)}
                        if more == 0xA6 and int.from_bytes(fields.get(0xEE, b"\x01"), "big") == 1 and 0xA5 in fields:
                            alpha = fields[0xA5]
                frames.append(alpha)

    walk(0, len(data))
    return frames


def luma_plane(frame):
    """The Y plane of a decoded frame as stored (the alpha stream's Y is alpha, 0 ... 255,
    not video-range luma, so no conversion)."""
    plane = frame.planes[0]
    rows = np.frombuffer(bytes(plane), dtype=np.uint8).reshape(-1, plane.line_size)
    return rows[:frame.height, :frame.width]


def decode_frames(data, rate, count):
    """The `count` frames shown at `rate` fps by an APNG or WebM file (a frame that lasts
    several ticks, as APNG writers merge identical frames, counts for each), as premultiplied
    float arrays."""
    timed_images = []
    if data[:4] == b"\x1a\x45\xdf\xa3":
        alphas = webm_alpha_frames(data)
        alpha_context = av.CodecContext.create("libvpx-vp9", "r")
        with av.open(io.BytesIO(data)) as container:
            stream = container.streams.video[0]
            context = av.CodecContext.create("libvpx-vp9", "r")
            index = 0
            for packet in container.demux(stream):
                if packet.size == 0:
                    continue
                alpha = alphas[index] if index < len(alphas) else None
                index += 1
                alpha_planes = [luma_plane(f) for f in alpha_context.decode(av.Packet(alpha))] if alpha else []
                for frame in context.decode(packet):
                    start = float(packet.pts * stream.time_base) if packet.pts is not None else 0.0
                    rgba = frame.to_ndarray(format="rgba")
                    if alpha_planes:
                        rgba = rgba.copy()
                        rgba[..., 3] = alpha_planes[0][:rgba.shape[0], :rgba.shape[1]]
                    timed_images.append((start, rgba))
    else:
        image = Image.open(io.BytesIO(data))
        start = 0.0
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            timed_images.append((start, np.asarray(image.convert("RGBA"))))
            start += image.info.get("duration", 0) / 1000
    shown = []
    for tick in range(count):
        t = tick / rate + 1e-6
        current = [array for start, array in timed_images if start <= t][-1]
        shown.append(np.asarray(Image.fromarray(current, "RGBA").convert("RGBa"), dtype=np.float64))
    return shown


def psnr_against_lottie(path, files):
    """Mean PSNR over the frames of each rendition against rlottie-python's drawing at its size,
    frames matched by time."""
    width, height = lottie_canvas(path)
    values = []
    for scale, data in zip((2, 1), files):
        reference, rate = lottie_frames(path, side(width, scale), side(height, scale))
        reference = [np.asarray(r.convert("RGBa"), dtype=np.float64) for r in reference]
        written = decode_frames(data, rate, len(reference))
        for a, b in zip(written, reference):
            mse = np.mean((a - b) ** 2)
            values.append(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
    return statistics.mean(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json")
    args = parser.parse_args()
    if not os.path.exists(BINARY):
        subprocess.run(["swift", "build", "-c", "release", "--product", "rendition"], cwd=REPO, check=True)
    results = {}
    with tempfile.TemporaryDirectory() as scratch:
        for task, path, output in (("tgs-apng", TGS, "apng"), ("tgs-webm", TGS, "webm"), ("webm-apng", WEBM, "apng")):
            peer = (lambda: peer_tgs(path, output)) if task.startswith("tgs") else (lambda: peer_webm_apng(path))
            ours_us, ours_cpu = rendition(path, output, args.rounds)
            peer_us, peer_cpu = timed(peer, args.rounds)
            row = {"rendition_us": ours_us, "peer_us": peer_us, "ratio": peer_us / ours_us,
                   "rendition_cpu_us": ours_cpu, "peer_cpu_us": peer_cpu, "cpu_ratio": peer_cpu / ours_cpu}
            ours_files = rendition_files(path, output, os.path.join(scratch, task))
            peer_files = peer()
            row["rendition_bytes"] = sum(map(len, ours_files))
            row["peer_bytes"] = sum(map(len, peer_files))
            if task.startswith("tgs"):
                row["rendition_psnr"] = psnr_against_lottie(path, ours_files)
                row["peer_psnr"] = psnr_against_lottie(path, peer_files)
            results[task] = row
            print(f"{task}: Rendition {ours_us / 1000:.1f} ms (CPU {ours_cpu / 1000:.1f}), peer {peer_us / 1000:.1f} ms "
                  f"(CPU {peer_cpu / 1000:.1f}), {row['ratio']:.2f}x wall, {row['cpu_ratio']:.2f}x CPU; "
                  f"bytes {row['rendition_bytes']} vs {row['peer_bytes']}; "
                  f"PSNR {row.get('rendition_psnr')} vs {row.get('peer_psnr')}", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    sys.exit(main())
