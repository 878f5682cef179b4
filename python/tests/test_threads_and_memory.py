"""Native work runs outside the GIL, so Python threads render at once; memory stays flat."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import rendition
from conftest import FIXTURES, STICKER

#: The 300-frame 618 px animation: long enough a native call to watch.
LONG = FIXTURES / "animated" / "moving-square-300f-618.png"


def test_a_thread_renders_while_another_is_inside_a_long_render() -> None:
    """Thread A renders the 300-frame animation (one native call); thread B starts a small render a little later
    and finishes it while A is still inside its native call. Were the GIL held during A's
    call, B could not even start before A returned."""
    animation = rendition.Image.open(LONG)  # decoded beforehand: A's span is one native call
    small = STICKER.read_bytes()
    spans: dict[str, tuple[float, float]] = {}
    barrier = threading.Barrier(2)

    def long_render() -> None:
        barrier.wait()
        start = time.perf_counter()
        rendition.render(animation, scales=(2, 1), threads=1)  # both scales: long on a quiet machine too
        spans["a"] = (start, time.perf_counter())

    def short_render() -> None:
        barrier.wait()
        time.sleep(0.1)
        start = time.perf_counter()
        rendition.render(small, scales=(1,), threads=1)
        spans["b"] = (start, time.perf_counter())

    threads = [threading.Thread(target=long_render), threading.Thread(target=short_render)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    animation.close()
    (a0, a1), (b0, b1) = spans["a"], spans["b"]
    assert a1 - a0 > 0.3, "the long render should take a while"
    assert a0 < b0 and b1 < a1 - 0.02, f"B ran {b0 - a0:.3f}..{b1 - a0:.3f}s into A's {a1 - a0:.3f}s call"


def test_python_runs_while_a_render_is_native() -> None:
    """A Python thread keeps counting through the middle of a long native call."""
    stamps: list[float] = []
    done = threading.Event()

    def count() -> None:
        ticks = 0
        while not done.is_set():
            ticks += 1
            if ticks % 1000 == 0:
                stamps.append(time.perf_counter())

    counter = threading.Thread(target=count)
    with rendition.Image.open(LONG) as animation:
        counter.start()
        time.sleep(0.05)
        start = time.perf_counter()
        animation.resize(600, 600, threads=1)  # near full size: long on a quiet machine too
        end = time.perf_counter()
        done.set()
        counter.join()
    # Switching threads takes up to sys.getswitchinterval() (5 ms) at either end of the call.
    # A loaded machine may take longer still: 0.1 s is left out at each end.
    inside = [t for t in stamps if start + 0.1 < t < end - 0.1]
    assert end - start > 0.3 and len(inside) > 10, f"{len(inside)} counts inside a {end - start:.3f}s call"


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
        out = rendition.render(small, threads=1)
    with rendition.Image.decode(out[0].data) as image:
        image.to_numpy()  # and import numpy, once
    before = _rss()
    for index in range(1000):
        out = rendition.render(small, threads=1)
        assert len(out) == 2
        if index % 100 == 0:
            with rendition.Image.decode(out[0].data) as image:
                image.to_numpy()
    growth = _rss() - before
    assert growth < 8 * 1024 * 1024, f"RSS grew by {growth / 1e6:.1f} MB over 1,000 renders"
