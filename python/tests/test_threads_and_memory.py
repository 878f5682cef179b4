"""Native work runs outside the GIL, so Python threads render at once; memory stays flat."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import rendition
from conftest import FIXTURES, STICKER

#: The 300-frame 618 px animation: long enough a native call to watch.
LONG = FIXTURES / "animated" / "moving-square-300f-618.png"


def test_native_calls_of_two_threads_overlap() -> None:
    """Each thread records when its render call starts and ends. Were the GIL held during the
    call, the other thread could not even start its call before this one returned."""
    data = LONG.read_bytes()
    spans: list[tuple[float, float]] = []
    barrier = threading.Barrier(2)

    def work() -> None:
        barrier.wait()
        start = time.perf_counter()
        rendition.render(data, scales=(1,), threads=1)
        spans.append((start, time.perf_counter()))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (a0, a1), (b0, b1) = sorted(spans)
    overlap = min(a1, b1) - b0
    assert overlap > 0.5 * min(a1 - a0, b1 - b0), f"spans {spans}"


def test_python_runs_while_a_render_is_native() -> None:
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    counter = threading.Thread(target=count)
    with rendition.Image.open(LONG) as animation:
        counter.start()
        before = ticks
        animation.resize(200, 200, threads=1)
        during = ticks - before
        done.set()
        counter.join()
    assert during > 10_000, f"the Python thread counted only {during} while the library worked"


def test_several_threads_get_the_same_bytes() -> None:
    expected = [r.data for r in rendition.render(STICKER)]
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: [r.data for r in rendition.render(STICKER, threads=1)], range(16)))
    assert all(r == expected for r in results)


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def test_memory_is_flat_over_1000_renders() -> None:
    small = (FIXTURES / "stickers" / "derived" / "1F601-300.png").read_bytes()
    for _ in range(100):  # warm up allocator pools and caches
        rendition.render(small, threads=1)
    before = _rss()
    for index in range(1000):
        out = rendition.render(small, threads=1)
        assert len(out) == 2
        if index % 100 == 0:
            with rendition.Image.decode(out[0].data) as image:
                image.to_numpy()
    growth = _rss() - before
    assert growth < 8 * 1024 * 1024, f"RSS grew by {growth / 1e6:.1f} MB over 1,000 renders"
