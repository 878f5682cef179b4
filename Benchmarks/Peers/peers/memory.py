"""Peak resident memory of a process tree, for the catalog's memory column.

A pool of worker processes has no single peak RSS: what the machine must hold is the sum of
the processes' resident sets at the same moment. `TreeMemorySampler` samples that sum (the
process and all its descendants, psutil's `memory_info().rss`) every 20 ms on a thread and
keeps the largest; a peak shorter than 20 ms can be missed, so the figure is a lower bound
(a single process's own high-water mark, like Rendition's `peak_rss_bytes`, is exact).
"""

import threading


class TreeMemorySampler:
    """`with TreeMemorySampler(pid) as sampler: ...` then `sampler.peak_bytes` (None without psutil)."""

    def __init__(self, pid, interval=0.02):
        self.pid = pid
        self.interval = interval
        self.peak_bytes = None
        self._stop = threading.Event()
        self._thread = None

    def _sample(self, root):
        import psutil
        total = 0
        for process in [root] + root.children(recursive=True):
            try:
                total += process.memory_info().rss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        self.peak_bytes = max(self.peak_bytes or 0, total)

    def _run(self, root):
        import psutil
        while True:
            try:
                self._sample(root)
            except psutil.NoSuchProcess:
                return
            if self._stop.wait(self.interval):
                return

    def __enter__(self):
        try:
            import psutil
            root = psutil.Process(self.pid)
        except Exception:  # psutil missing or the process already gone: no figure
            return self
        self._thread = threading.Thread(target=self._run, args=(root,), daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread:
            self._thread.join()
        return False
