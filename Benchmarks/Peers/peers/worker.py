"""One Python peer in its own process, driven by `compare` over stdin/stdout, one JSON
object per line each way. Run as `python -m peers.worker PEER_ID`.

Requests (`op`):
- `hello` → `{"name", "versions"}`
- `resize` `{file, iterations, warmup}` → `{"times_ns": [...]}` (decoded pixels in memory)
- `resize_output` `{file, path}` → writes the straight RGBA renditions to `path` (.npz)
- `pipeline` `{file, iterations, warmup}` → `{"times_ns": [...], "output_bytes": n}`
- `batch` `{files, processes, output}` → `{"seconds": t, "cpu_seconds": c, "output_bytes": n,
  "peak_rss_bytes": m}`; a pool of `processes` processes renders every file to two PNG files;
  pool start-up and a warm-up are not timed; `cpu_seconds` adds up the CPU time the pool spent
  per sticker; `peak_rss_bytes` is the largest sum of the resident memory of this worker and
  its pool processes, sampled every 20 ms with psutil (absent without psutil)
- `animated` `{file, iterations, warmup}` → `{"times_ns", "cpu_ns", "output_bytes"}`: animated
  file bytes in memory → @2x + @1x animated bytes (`animated.render`); `cpu_ns` is this
  process's CPU time per iteration
- `animated_files` `{file, folder}` → `{"paths": [@2x, @1x]}`, the same renditions written out
Any failure answers `{"error": "..."}`; the worker keeps serving.
"""

import json
import multiprocessing
import os
import sys
import time
import traceback

import numpy as np

from . import animated
from .libraries import PEERS, render_file
from .memory import TreeMemorySampler


class Worker:
    def __init__(self, peer_id):
        self.peer_id = peer_id
        self.peer = PEERS[peer_id]()
        self.bytes_cache = {}
        self.input_cache = {}

    def _bytes(self, path):
        if path not in self.bytes_cache:
            with open(path, "rb") as handle:
                self.bytes_cache[path] = handle.read()
        return self.bytes_cache[path]

    def _input(self, path):
        if path not in self.input_cache:
            self.input_cache[path] = self.peer.resize_input(self._bytes(path))
        return self.input_cache[path]

    def hello(self, request):
        return {"name": self.peer.name, "versions": self.peer.versions()}

    def resize(self, request):
        image = self._input(request["file"])
        for _ in range(request.get("warmup", 2)):
            self.peer.resize(image)
        times = []
        for _ in range(request["iterations"]):
            start = time.perf_counter_ns()
            self.peer.resize(image)
            times.append(time.perf_counter_ns() - start)
        return {"times_ns": times}

    def resize_output(self, request):
        outputs = self.peer.straight(self.peer.resize(self._input(request["file"])))
        np.savez(request["path"], *outputs)
        return {"path": request["path"]}

    def pipeline(self, request):
        data = self._bytes(request["file"])
        for _ in range(request.get("warmup", 2)):
            self.peer.pipeline(data)
        times, size = [], 0
        for _ in range(request["iterations"]):
            start = time.perf_counter_ns()
            outputs = self.peer.pipeline(data)
            times.append(time.perf_counter_ns() - start)
            size = sum(len(o) for o in outputs)
        return {"times_ns": times, "output_bytes": size}

    def batch(self, request):
        files, output, processes = request["files"], request["output"], request["processes"]
        os.makedirs(output, exist_ok=True)
        context = multiprocessing.get_context("spawn")
        with TreeMemorySampler(os.getpid()) as memory, context.Pool(processes) as pool:
            warm = os.path.join(output, "warmup")
            os.makedirs(warm, exist_ok=True)
            pool.map(render_file, [(self.peer_id, f, warm) for f in files[: processes * 2]], chunksize=1)
            start = time.perf_counter_ns()
            done = pool.map(render_file, [(self.peer_id, f, output) for f in files], chunksize=4)
            seconds = (time.perf_counter_ns() - start) / 1e9
        reply = {"seconds": seconds, "cpu_seconds": sum(c for _, c in done), "output_bytes": sum(b for b, _ in done)}
        if memory.peak_bytes is not None:
            reply["peak_rss_bytes"] = memory.peak_bytes
        return reply

    def animated(self, request):
        data = self._bytes(request["file"])
        for _ in range(request.get("warmup", 1)):
            animated.render(self.peer, data)
        times, cpu, size = [], [], 0
        for _ in range(request["iterations"]):
            cpu_start = time.process_time_ns()
            start = time.perf_counter_ns()
            outputs = animated.render(self.peer, data)
            times.append(time.perf_counter_ns() - start)
            cpu.append(time.process_time_ns() - cpu_start)
            size = sum(len(o) for o in outputs)
        return {"times_ns": times, "cpu_ns": cpu, "output_bytes": size}

    def animated_files(self, request):
        data = self._bytes(request["file"])
        stem = os.path.splitext(os.path.basename(request["file"]))[0]
        paths = []
        for suffix, encoded in zip(("@2x", "@1x"), animated.render(self.peer, data)):
            path = os.path.join(request["folder"], f"{stem}{suffix}.{animated.extension(data)}")
            with open(path, "wb") as handle:
                handle.write(encoded)
            paths.append(path)
        return {"paths": paths}


def main():
    peer_id = sys.argv[1]
    protocol = sys.stdout
    sys.stdout = sys.stderr  # anything a library prints must not corrupt the protocol
    try:
        worker = Worker(peer_id)
    except Exception as error:  # the peer is not installed or does not load
        protocol.write(json.dumps({"error": f"{type(error).__name__}: {error}"}) + "\n")
        protocol.flush()
        return
    protocol.write(json.dumps({"ready": True}) + "\n")
    protocol.flush()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            reply = getattr(worker, request["op"])(request)
        except Exception as error:
            traceback.print_exc()
            reply = {"error": f"{type(error).__name__}: {error}"}
        protocol.write(json.dumps(reply) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()
