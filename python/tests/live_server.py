"""A live `rendition serve` on loopback, and the hostile inputs that attack it.

Shared by `test_server_attacks.py` (pytest) and `Scripts/server-attacks` (the before/after
measurement script). Everything here is bounded: the server listens on 127.0.0.1 only, every
request has a timeout, every loop has an end, and `LiveServer.stop` kills the server's process
group (and any worker processes it started) when it is done.

Pieces:

- `LiveServer`: starts `rendition serve` with a private TMPDIR and its log in a file, waits for
  `GET /healthz`, sends requests with `http.client`, reads the server's memory and CPU time from
  /proc, and watches its memory in a thread (`MemoryWatch`), killing it past a hard ceiling.
- `multipart`, `Part`: `multipart/form-data` bodies.
- `tgs_bomb`, `photo_webp`, `unique_pngs`, `pack_json`: the hostile and the large inputs, made
  here in Python (nothing is downloaded).
- `SlowClients`: raw sockets that trickle a request body one byte a second.
- `proc_status_kib`, `child_pids`, `cpu_seconds`: /proc readers.
"""

from __future__ import annotations

import errno
import gzip
import http.client
import io
import json
import os
import signal
import socket
import subprocess
import threading
import time
import uuid
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Iterable, Sequence

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "Fixtures"
#: Small stickers of every kind; `clean.png` is a plain small still.
LINT = FIXTURES / "lint"
#: A small, valid still PNG sticker.
SMALL_PNG = LINT / "clean.png"
#: Six small still PNG stickers (300-408 px).
DERIVED = FIXTURES / "stickers" / "derived"
#: 153 OpenMoji stickers at 618 px.
OPENMOJI = FIXTURES / "stickers" / "openmoji-618"

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB

#: Past this RSS (server plus its workers) the watcher kills the server, to keep the machine up.
DEFAULT_MEMORY_CEILING = 6 * GIB


# --------------------------------------------------------------------------------------------
# /proc


def proc_status_kib(pid: int, key: str) -> int | None:
    """A `kB` field of /proc/PID/status (`VmHWM`, `VmRSS`, ...) in KiB; None if the process or
    the field is gone (an exited process, a zombie)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith(key + ":"):
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                return int(parts[1])
    return None


def child_pids(pid: int) -> list[int]:
    """The direct children of `pid`, from /proc/PID/task/*/children (every thread's)."""
    found: set[int] = set()
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []
    for task in tasks:
        try:
            found.update(int(word) for word in (task / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return sorted(found)


def descendant_pids(pid: int, limit: int = 1000) -> list[int]:
    """Every process below `pid` (children, their children, ...), at most `limit` of them."""
    seen: list[int] = []
    frontier = child_pids(pid)
    while frontier and len(seen) < limit:
        current = frontier.pop()
        if current in seen:
            continue
        seen.append(current)
        frontier.extend(child_pids(current))
    return seen


def cpu_seconds(pid: int, include_waited_children: bool = True) -> float | None:
    """User plus system CPU time of `pid` from /proc/PID/stat, with that of the children it has
    waited for when `include_waited_children`; None if the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    fields = text[text.rindex(")") + 2 :].split()
    utime, stime, cutime, cstime = (int(fields[i]) for i in (11, 12, 13, 14))
    ticks = utime + stime + ((cutime + cstime) if include_waited_children else 0)
    return ticks / os.sysconf("SC_CLK_TCK")


def format_kib(kib: int | None) -> str:
    """`123 MiB` (or `1.50 GiB`) for a KiB count; `n/a` for None."""
    if kib is None:
        return "n/a"
    if kib >= 1024 * 1024:
        return f"{kib / (1024 * 1024):.2f} GiB"
    return f"{kib / 1024:.0f} MiB"


# --------------------------------------------------------------------------------------------
# HTTP


@dataclass
class Reply:
    """One HTTP answer: status, headers (names lower-cased), body, and the wall time it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        """The body as JSON, or None when it is not JSON."""
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None

    @property
    def error_type(self) -> str | None:
        """The `type` of a JSON error body, if there is one."""
        value = self.json()
        return value.get("type") if isinstance(value, dict) and isinstance(value.get("type"), str) else None

    @property
    def error_message(self) -> str | None:
        """The `error` of a JSON error body, if there is one."""
        value = self.json()
        return value.get("error") if isinstance(value, dict) and isinstance(value.get("error"), str) else None

    @property
    def content_type(self) -> str:
        """The Content-Type header ('' when there is none)."""
        return self.headers.get("content-type", "")

    def describe(self, limit: int = 300) -> str:
        """One line for failure messages: status, content type, type and the start of the body."""
        text = self.body[:limit].decode("utf-8", "replace")
        if len(self.body) > limit:
            text += f"... ({len(self.body)} bytes)"
        if self.content_type.startswith(("application/zip", "image/")):
            text = f"<{len(self.body)} bytes of {self.content_type}>"
        return f"HTTP {self.status} in {self.seconds:.1f} s, Content-Type {self.content_type!r}, body {text!r}"

    def __repr__(self) -> str:
        return f"Reply({self.describe(160)})"

    def zip_text(self, limit: int = 1 << 20) -> str:
        """The JSON and text files of a ZIP body (e.g. pack-report.json), decoded and joined;
        '' when the body is not a ZIP."""
        texts = []
        try:
            with zipfile.ZipFile(io.BytesIO(self.body)) as archive:
                for name in archive.namelist():
                    if name.endswith((".json", ".txt")):
                        texts.append(archive.read(name)[:limit].decode("utf-8", "replace"))
        except zipfile.BadZipFile:
            return ""
        return "\n".join(texts)

    def zip_json(self, name: str) -> Any:
        """The JSON file `name` of a ZIP body, parsed; None when there is no such file."""
        try:
            with zipfile.ZipFile(io.BytesIO(self.body)) as archive:
                return json.loads(archive.read(name).decode("utf-8"))
        except (zipfile.BadZipFile, KeyError, UnicodeDecodeError, ValueError):
            return None

    def zip_names(self) -> list[str]:
        """The file names of a ZIP body (empty when it is not a ZIP)."""
        try:
            with zipfile.ZipFile(io.BytesIO(self.body)) as archive:
                return archive.namelist()
        except zipfile.BadZipFile:
            return []


class NoAnswer(AssertionError):
    """The server did not answer a request in time, or closed the connection without an answer."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def http_request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 120.0,
) -> Reply:
    """Sends one request to 127.0.0.1:`port` on a new connection and reads the whole answer.

    Raises `NoAnswer` when nothing comes within `timeout` seconds (the socket timeout applies to
    each wait, and the whole exchange is held to `timeout` too) or the connection fails."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        chunks: list[bytes] = []
        while True:
            if time.monotonic() - start > timeout:
                raise NoAnswer(f"{method} {path}: the answer took longer than {timeout:.0f} s")
            chunk = response.read(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        elapsed = time.monotonic() - start
        return Reply(
            status=response.status,
            headers={name.lower(): value for name, value in response.getheaders()},
            body=b"".join(chunks),
            seconds=elapsed,
        )
    except socket.timeout:
        raise NoAnswer(f"{method} {path}: no answer within {timeout:.0f} s") from None
    except (ConnectionError, http.client.HTTPException, OSError) as error:
        elapsed = time.monotonic() - start
        raise NoAnswer(f"{method} {path}: the connection failed after {elapsed:.1f} s: {error!r}") from None
    finally:
        connection.close()


@dataclass
class Part:
    """One part of a multipart form: a field `name`, its bytes, and an optional file name."""

    name: str
    data: bytes
    filename: str | None = None
    content_type: str = "application/octet-stream"


def multipart(parts: Iterable[Part]) -> tuple[bytes, str]:
    """A `multipart/form-data` body of `parts`; returns the body and its Content-Type."""
    boundary = "rendition-attack-" + uuid.uuid4().hex
    out = io.BytesIO()
    for part in parts:
        out.write(f"--{boundary}\r\n".encode())
        disposition = f'form-data; name="{part.name}"'
        if part.filename is not None:
            disposition += f'; filename="{part.filename}"'
        out.write(f"Content-Disposition: {disposition}\r\n".encode())
        out.write(f"Content-Type: {part.content_type}\r\n\r\n".encode())
        out.write(part.data)
        out.write(b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


def sticker_parts(files: Sequence[tuple[str, bytes]]) -> list[Part]:
    """Multipart parts for sticker files given as (file name, bytes)."""
    parts = []
    for name, data in files:
        kind = "application/x-tgsticker" if name.endswith(".tgs") else "image/" + name.rsplit(".", 1)[-1]
        parts.append(Part("file", data, filename=name, content_type=kind))
    return parts


# --------------------------------------------------------------------------------------------
# The server


@dataclass
class MemoryPeaks:
    """What a `MemoryWatch` saw (KiB): the server's largest sampled VmRSS, its children's largest
    VmHWM, the children seen, and whether it killed the server over the ceiling."""

    server_rss_kib: int = 0
    server_hwm_kib: int = 0
    children_hwm_kib: int = 0
    children_seen: set[int] = field(default_factory=set)
    killed_over_ceiling: bool = False
    ceiling_note: str = ""


class MemoryWatch:
    """Samples the server's VmRSS/VmHWM and its descendants' VmHWM every `interval` seconds in a
    thread; past `ceiling` bytes (the server's RSS plus its descendants') it kills the server
    and its descendants with SIGKILL and says so in `peaks`."""

    def __init__(self, server: "LiveServer", ceiling: int, interval: float = 0.05) -> None:
        self.server = server
        self.ceiling_kib = ceiling // KIB
        self.interval = interval
        self.peaks = MemoryPeaks()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="memory-watch", daemon=True)

    def start(self) -> None:
        """Starts sampling."""
        self._thread.start()

    def stop(self) -> None:
        """Stops sampling (waits at most a few seconds for the thread)."""
        self._stop.set()
        self._thread.join(timeout=5)

    def reset(self) -> None:
        """Forgets the peaks seen so far (the server's own VmHWM cannot be reset, though)."""
        with self._lock:
            killed, note = self.peaks.killed_over_ceiling, self.peaks.ceiling_note
            self.peaks = MemoryPeaks(killed_over_ceiling=killed, ceiling_note=note)

    def snapshot(self) -> MemoryPeaks:
        """A copy of the peaks so far."""
        with self._lock:
            return MemoryPeaks(
                self.peaks.server_rss_kib,
                self.peaks.server_hwm_kib,
                self.peaks.children_hwm_kib,
                set(self.peaks.children_seen),
                self.peaks.killed_over_ceiling,
                self.peaks.ceiling_note,
            )

    def sample(self) -> None:
        """Takes one sample now."""
        pid = self.server.pid
        if pid is None:
            return
        rss = proc_status_kib(pid, "VmRSS") or 0
        hwm = proc_status_kib(pid, "VmHWM") or 0
        total = rss
        children = descendant_pids(pid)
        child_peak = 0
        for child in children:
            child_peak = max(child_peak, proc_status_kib(child, "VmHWM") or 0)
            total += proc_status_kib(child, "VmRSS") or 0
        with self._lock:
            self.peaks.server_rss_kib = max(self.peaks.server_rss_kib, rss)
            self.peaks.server_hwm_kib = max(self.peaks.server_hwm_kib, hwm)
            self.peaks.children_hwm_kib = max(self.peaks.children_hwm_kib, child_peak)
            self.peaks.children_seen.update(children)
            over = total > self.ceiling_kib and not self.peaks.killed_over_ceiling
            if over:
                self.peaks.killed_over_ceiling = True
                self.peaks.ceiling_note = (
                    f"killed: server + workers RSS {format_kib(total)} passed the ceiling {format_kib(self.ceiling_kib)}")
        if over:
            self.server.kill()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)


class LiveServer:
    """`rendition serve` on a free port of 127.0.0.1 with TMPDIR set to a private folder.

    Use as a context manager (or call `start` and `stop`); `stop` always kills what it started.
    The server's standard output and error go to `log_path` (never to a pipe, which a chatty
    access log could fill and block the server on)."""

    def __init__(
        self,
        binary: Path,
        workdir: Path,
        *,
        arguments: Sequence[str] = (),
        env: dict[str, str] | None = None,
        memory_ceiling: int = DEFAULT_MEMORY_CEILING,
        tmpdir: Path | None = None,
    ) -> None:
        self.binary = Path(binary)
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        #: The server's TMPDIR: a folder only this server uses.
        self.tmpdir = tmpdir or (self.workdir / "server-tmp")
        self.tmpdir.mkdir(parents=True, exist_ok=True)
        self.log_path = self.workdir / "server.log"
        self.arguments = list(arguments)
        self.extra_env = dict(env or {})
        self.memory_ceiling = memory_ceiling
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.watch: MemoryWatch | None = None
        self._log: Any = None

    # Life cycle ---------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The server's process id while it was started (it may have exited since)."""
        return self.process.pid if self.process is not None else None

    def start(self, ready_timeout: float = 60.0) -> "LiveServer":
        """Starts the server and waits for `GET /healthz` to answer 200 (up to `ready_timeout`
        seconds); a port taken meanwhile is retried on another (three attempts)."""
        if not self.binary.exists():
            raise FileNotFoundError(f"no rendition binary at {self.binary}")
        environment = dict(os.environ)
        environment.update({"TMPDIR": str(self.tmpdir), "LOG_LEVEL": environment.get("LOG_LEVEL", "info")})
        environment.update(self.extra_env)
        last_problem = ""
        for _ in range(3):
            self.port = free_port()
            self._log = open(self.log_path, "ab")
            self.process = subprocess.Popen(
                [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port), *self.arguments],
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=self._log,
                env=environment,
                cwd=str(self.workdir),
                start_new_session=True,  # its own process group, which stop() kills
            )
            deadline = time.monotonic() + ready_timeout
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break
                try:
                    reply = http_request(self.port, "GET", "/healthz", timeout=5)
                    if reply.status == 200:
                        self.watch = MemoryWatch(self, self.memory_ceiling)
                        self.watch.start()
                        return self
                except NoAnswer:
                    pass
                time.sleep(0.1)
            last_problem = f"exit status {self.process.poll()}; log: {self.log_tail()}"
            self.stop()
        raise RuntimeError(f"rendition serve did not answer /healthz: {last_problem}")

    def kill(self) -> None:
        """SIGKILL to the server's process group and to every worker process below it."""
        if self.process is None or self.process.poll() is not None:
            return
        for child in descendant_pids(self.process.pid):
            try:
                os.kill(child, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass

    def stop(self) -> None:
        """Stops the server: SIGTERM to its process group, SIGKILL after 5 s; its workers too."""
        if self.watch is not None:
            self.watch.stop()
        if self.process is not None and self.process.poll() is None:
            descendants = descendant_pids(self.process.pid)
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except OSError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()
                self.process.wait(timeout=10)
            for child in descendants:  # workers that left the group, if any
                try:
                    os.kill(child, signal.SIGKILL)
                except OSError:
                    pass
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()

    # State ----------------------------------------------------------------------------------

    def alive(self) -> bool:
        """Whether the server process is still running."""
        return self.process is not None and self.process.poll() is None

    def vm_kib(self, key: str) -> int | None:
        """A /proc/PID/status field of the server (`VmHWM`, `VmRSS`) in KiB."""
        return proc_status_kib(self.process.pid, key) if self.alive() and self.process else None

    def children(self) -> list[int]:
        """The server's direct child processes (its workers, after the fix)."""
        return child_pids(self.process.pid) if self.alive() and self.process else []

    def cpu_seconds(self) -> float | None:
        """CPU time so far of the server, of the workers it has waited for, and of the live ones."""
        if not self.alive() or self.process is None:
            return None
        total = cpu_seconds(self.process.pid) or 0.0
        for child in descendant_pids(self.process.pid):
            total += cpu_seconds(child, include_waited_children=False) or 0.0
        return total

    def peaks(self) -> MemoryPeaks:
        """What the memory watch saw (after a fresh sample)."""
        if self.watch is None:
            return MemoryPeaks()
        self.watch.sample()
        return self.watch.snapshot()

    def log_tail(self, limit: int = 2000) -> str:
        """The end of the server's log."""
        try:
            return self.log_path.read_bytes()[-limit:].decode("utf-8", "replace")
        except OSError:
            return ""

    def state(self) -> str:
        """One line for failure messages: alive or exit status, RSS, children."""
        if self.process is None:
            return "server never started"
        note = self.watch.snapshot().ceiling_note if self.watch else ""
        if note:
            return f"server {note}"
        if not self.alive():
            return f"server exited with status {self.process.poll()}"
        return (f"server alive, VmRSS {format_kib(self.vm_kib('VmRSS'))}, VmHWM {format_kib(self.vm_kib('VmHWM'))}, "
                f"children {self.children()}")

    # Requests -------------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 120.0,
    ) -> Reply:
        """One request to the server; `NoAnswer` (with the server's state) when none comes."""
        try:
            return http_request(self.port, method, path, body, headers, timeout)
        except NoAnswer as error:
            raise NoAnswer(f"{error} ({self.state()})") from None

    def healthz(self, timeout: float = 30.0) -> Reply:
        """`GET /healthz`."""
        return self.request("GET", "/healthz", timeout=timeout)

    def post_image(self, path: str, data: bytes, content_type: str = "image/png", timeout: float = 120.0) -> Reply:
        """POSTs raw image bytes to `path` (e.g. `/v1/render?name=x.png`)."""
        return self.request("POST", path, data, {"Content-Type": content_type}, timeout)

    def post_form(self, path: str, parts: Iterable[Part], timeout: float = 120.0) -> Reply:
        """POSTs a multipart form of `parts` to `path` (e.g. `/v1/packs?platform=whatsapp`)."""
        body, content_type = multipart(parts)
        return self.request("POST", path, body, {"Content-Type": content_type}, timeout)


# --------------------------------------------------------------------------------------------
# Inputs


def read_fixture(path: Path) -> bytes:
    """A fixture's bytes; a missing fixture is an error (never a skip)."""
    data = path.read_bytes()
    if not data:
        raise ValueError(f"the fixture {path} is empty")
    return data


def small_stickers(count: int = 3) -> list[tuple[str, bytes]]:
    """`count` small still PNG stickers from Fixtures/stickers/derived, as (file name, bytes)."""
    files = sorted(DERIVED.glob("*.png"))
    if len(files) < count:
        raise FileNotFoundError(f"{DERIVED} holds {len(files)} PNG stickers, {count} are needed")
    return [(f.name, read_fixture(f)) for f in files[:count]]


def lottie_bomb(frames: int = 1000, size: int = 512, fps: int = 60) -> bytes:
    """A Lottie document declaring `frames` frames at `fps` on a `size` square canvas, with one
    full-canvas shape layer whose fill colour changes over the whole animation (so no frame is
    the same as the one before and nothing can be shared between them). A few hundred bytes of
    JSON that asks for frames x size x size x 4 bytes when decoded: 1 GiB with the defaults."""
    def static(value: Any) -> dict[str, Any]:
        return {"a": 0, "k": value}

    half = size / 2
    document = {
        "tgs": 1, "v": "5.5.2", "fr": fps, "ip": 0, "op": frames, "w": size, "h": size, "ddd": 0, "assets": [],
        "layers": [{
            "ddd": 0, "ind": 1, "ty": 4, "ip": 0, "op": frames, "st": 0, "sr": 1, "ao": 0, "bm": 0,
            "ks": {"o": static(100), "r": static(0), "p": static([half, half, 0]), "a": static([0, 0, 0]),
                   "s": static([100, 100, 100])},
            "shapes": [
                {"ty": "rc", "d": 1, "s": static([size, size]), "p": static([0, 0]), "r": static(0)},
                {"ty": "fl", "o": static(100), "r": 1,
                 "c": {"a": 1, "k": [
                     {"t": 0, "s": [1, 0, 0, 1], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}},
                     {"t": frames, "s": [0, 0, 1, 1]}]}},
            ],
        }],
    }
    return json.dumps(document, separators=(",", ":")).encode()


def tgs_bomb(frames: int = 1000, size: int = 512, fps: int = 60) -> bytes:
    """`lottie_bomb` gzip'd as a TGS (about 250 bytes; deterministic: no time in the header)."""
    return gzip.compress(lottie_bomb(frames, size, fps), compresslevel=9, mtime=0)


def photo_webp(width: int = 6000, height: int = 4000, quality: int = 85, seed: int = 618) -> bytes:
    """A photo-like RGB image (smooth gradients, soft blobs and hard-edged shapes, fine grain
    noise) saved as lossy WebP at `quality`: a few MB at 6000x4000, under 8 MB."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFilter

    rng = np.random.default_rng(seed)
    y = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None]
    x = np.linspace(0.0, 1.0, width, dtype=np.float32)[None, :]
    image = np.empty((height, width, 3), dtype=np.float32)
    for index in range(3):  # smooth light and colour, as a sky or a wall has
        phase = index * 2.1
        image[:, :, index] = (0.45 + 0.25 * np.sin(6.0 * x + 3.0 * y + phase)
                              + 0.2 * np.cos(9.0 * y - 4.0 * x * y + phase) + 0.1 * np.sin(40.0 * x * y + phase))
    # Texture at a few scales (upsampled noise), as foliage, fabric or gravel leave it.
    for step, strength in ((64, 0.12), (16, 0.08), (4, 0.05)):
        coarse = rng.normal(0.5, 0.18, size=(height // step, width // step, 3)).clip(0, 1)
        layer = Image.fromarray((coarse * 255).astype(np.uint8)).resize((width, height), Image.BICUBIC)
        image += (np.asarray(layer, dtype=np.float32) / 255.0 - 0.5) * (strength / 0.18)
        del layer
    base = Image.fromarray(np.clip(image * 255.0, 0, 255).astype(np.uint8), "RGB")
    # Objects: shapes with hard edges, blended so the texture shows through them.
    shapes = base.copy()
    draw = ImageDraw.Draw(shapes)
    for _ in range(60):
        cx, cy = int(rng.integers(0, width)), int(rng.integers(0, height))
        r = int(rng.integers(40, 500))
        colour = tuple(int(v) for v in rng.integers(0, 256, size=3))
        if rng.random() < 0.5:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
        else:
            draw.rectangle((cx - r, cy - r // 2, cx + r, cy + r // 2), fill=colour, outline=(0, 0, 0), width=6)
    blended = Image.blend(base, shapes, 0.55).filter(ImageFilter.GaussianBlur(0.8))
    del base, shapes
    # Sensor grain last, over everything.
    image = np.asarray(blended, dtype=np.float32)
    del blended
    image += rng.normal(0.0, 7.0, size=(height, width, 1)).astype(np.float32)
    pixels = Image.fromarray(np.clip(image, 0, 255).astype(np.uint8), "RGB")
    del image
    out = io.BytesIO()
    pixels.save(out, "WEBP", quality=quality, method=4)
    return out.getvalue()


def unique_pngs(count: int, folder: Path = OPENMOJI) -> list[tuple[str, bytes]]:
    """`count` PNG stickers from `folder` (repeated as needed), each made unique by changing
    one pixel near its centre; as (file name, bytes), names unique too."""
    from PIL import Image

    sources = sorted(folder.glob("*.png"))
    if not sources:
        raise FileNotFoundError(f"no PNG stickers in {folder}")
    made = []
    for index in range(count):
        source = sources[index % len(sources)]
        with Image.open(source) as opened:
            image = opened.convert("RGBA")
        cx, cy = image.width // 2, image.height // 2
        image.putpixel((cx, cy), (index % 256, (index // 256) % 256, 200, 255))
        out = io.BytesIO()
        image.save(out, "PNG", optimize=True)
        made.append((f"{source.stem}-{index:03d}.png", out.getvalue()))
    return made


def pack_json(stickers: Sequence[str], *, icon: str | None = None, tray: str | None = None,
              name: str = "Attack Pack") -> bytes:
    """A pack.json naming `stickers` (each `{"file": ...}`, in order), with `icon` and `tray`."""
    document: dict[str, Any] = {"name": name, "publisher": "attack suite", "identifier": "attack-pack",
                                "stickers": [{"file": file, "emojis": ["🙂"]} for file in stickers]}
    if icon is not None:
        document["icon"] = icon
    if tray is not None:
        document["tray"] = tray
    return json.dumps(document).encode()


def pack_parts(stickers: Sequence[tuple[str, bytes]], description: bytes | None) -> list[Part]:
    """The parts of a pack upload: the sticker files, then `pack.json` when given."""
    parts = sticker_parts(stickers)
    if description is not None:
        parts.append(Part("file", description, filename="pack.json", content_type="application/json"))
    return parts


#: Where a hostile pack.json points: a name for each kind of target (the paths are made by
#: `hostile_target`). `dotdot-*` reach the device or the FIFO through a `../` walk from the
#: staging folder, as a server that refuses absolute paths but joins relative ones would read them.
HOSTILE_TARGETS = ("dotdot", "deep-dotdot", "absolute", "not-uploaded", "dev-zero", "dotdot-dev-zero", "fifo",
                   "dotdot-fifo")
#: The pack.json keys a hostile path is put under (the names the error must give).
HOSTILE_KEYS = ("stickers[0].file", "icon", "tray")


def hostile_target(kind: str, scratch: Path) -> str:
    """The path a hostile pack.json names for `kind` (one of `HOSTILE_TARGETS`); a FIFO is
    created in `scratch` (os.mkfifo) for `fifo`: opening it for reading blocks forever."""
    if kind == "dotdot":
        return "../../../../etc/hostname"
    if kind == "deep-dotdot":
        return "../" * 32 + "etc/hostname"  # more than enough to reach / from any TMPDIR
    if kind == "absolute":
        return "/etc/hostname"
    if kind == "not-uploaded":
        return "not-among-the-uploads.png"
    if kind == "dev-zero":
        return "/dev/zero"
    if kind == "dotdot-dev-zero":
        return "../" * 32 + "dev/zero"
    if kind in ("fifo", "dotdot-fifo"):
        scratch.mkdir(parents=True, exist_ok=True)
        path = scratch / "attack.fifo"
        try:
            os.mkfifo(path)
        except OSError as error:
            if error.errno != errno.EEXIST:
                raise
        return str(path) if kind == "fifo" else "../" * 32 + str(path).lstrip("/")
    raise ValueError(f"unknown hostile target {kind!r}")


def hostile_pack(key: str, target: str, stickers: Sequence[tuple[str, bytes]]) -> bytes:
    """A pack.json that names the uploaded `stickers` but puts `target` under `key`."""
    names = [name for name, _ in stickers]
    if key == "stickers[0].file":
        return pack_json([target, *names[1:]])
    if key == "icon":
        return pack_json(names, icon=target)
    if key == "tray":
        return pack_json(names, tray=target)
    raise ValueError(f"unknown pack.json key {key!r}")


# --------------------------------------------------------------------------------------------
# Slow clients


class SlowClients:
    """`count` raw connections that each send a request head announcing `content_length` body
    bytes and then trickle the body one byte a second for `seconds` (bounded), in one thread.

    Connections the server closes are counted in `closed_by_server` and left alone."""

    def __init__(self, port: int, count: int = 70, content_length: int = 100_000, seconds: float = 20.0,
                 path: str = "/v1/render") -> None:
        self.port = port
        self.count = count
        self.content_length = content_length
        self.seconds = seconds
        self.path = path
        self.sockets: list[socket.socket] = []
        self.closed_by_server = 0
        self.bytes_sent = 0
        self._dead: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, name="slow-clients", daemon=True)

    def open(self) -> None:
        """Connects every socket, sends each request head, and starts the trickle."""
        head = (f"POST {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Type: image/png\r\n"
                f"Content-Length: {self.content_length}\r\n\r\n").encode()
        for _ in range(self.count):
            connection = socket.create_connection(("127.0.0.1", self.port), timeout=10)
            connection.sendall(head)
            connection.settimeout(0.5)
            self.sockets.append(connection)
        self._thread.start()

    def _trickle(self) -> None:
        end = time.monotonic() + self.seconds
        while not self._stop.is_set() and time.monotonic() < end:
            for index, connection in enumerate(self.sockets):
                if index in self._dead:
                    continue
                try:
                    connection.send(b"\x89")
                    self.bytes_sent += 1
                except OSError:
                    self._dead.add(index)
                    self.closed_by_server += 1
            self._stop.wait(1.0)

    @property
    def running(self) -> bool:
        """Whether the trickle is still going."""
        return self._thread.is_alive()

    def close(self) -> None:
        """Stops the trickle and closes every socket."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        for connection in self.sockets:
            try:
                connection.close()
            except OSError:
                pass
        self.sockets.clear()
