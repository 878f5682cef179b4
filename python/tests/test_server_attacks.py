"""Attacks on a live `rendition serve`, each against a server this test starts on 127.0.0.1.

Every test starts its own server (`rendition serve`, the binary of $RENDITION_CLI) with TMPDIR
set to a private folder, and kills it (and any worker process it started) when it ends. The
tests state what the hardened server answers:

1. a `pack.json` that names a path outside the uploaded parts (`../`, an absolute path, a name
   not uploaded, /dev/zero, a FIFO) under `stickers[0].file`, `icon` or `tray` is a 422
   `invalid-pack` naming the key, without any server path in the answer;
2-3. a 250-byte TGS declaring 1,000 frames of 512x512 is a 422 `limit-exceeded` in packs and
   renders, and four of them at once keep the server's memory bounded;
4. a photo-sized WebP (6000x4000) is answered, not left hanging;
5. 70 clients trickling bodies a byte a second do not starve lint or /healthz;
7. the page has a CSP, nosniff and ETags; unknown routes are JSON 404s; stale temporary
   folders of dead servers are removed at start;
8-10. decoding runs in worker processes: a crash is a 500 `worker-crashed`, a hang a 503
   `timeout` with the worker reaped, a runaway a 422 `limit-exceeded` (memory), and the server
   stays up (the RENDITION_TEST_* variables are the binary's test-only fault injection).

No timing is asserted beyond liveness: an attack must be answered within 30-60 s rather than
hang. Helpers are in `live_server.py`; `Scripts/server-attacks` measures the same attacks.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator, Sequence

import pytest

from live_server import (
    GIB,
    HOSTILE_KEYS,
    HOSTILE_TARGETS,
    LINT,
    SMALL_PNG,
    LiveServer,
    NoAnswer,
    Part,
    Reply,
    SlowClients,
    format_kib,
    hostile_pack,
    hostile_target,
    pack_json,
    pack_parts,
    photo_webp,
    read_fixture,
    small_stickers,
    tgs_bomb,
)

#: Past this RSS (server plus workers) a test's server is killed, and the test fails saying so:
#: far above what any test asserts, far below what would trouble the machine.
TEST_MEMORY_CEILING = 3 * GIB

#: Starts a server: `start(arguments=(), env=None, prepare=None)`; `prepare(tmpdir)` runs
#: before the server starts, with the server's TMPDIR.
ServerFactory = Callable[..., LiveServer]


@pytest.fixture
def start_server(cli: Path, tmp_path: Path) -> Iterator[ServerFactory]:
    """Starts `rendition serve` servers for one test, each in its own folder under tmp_path
    with its own TMPDIR; every one is stopped (killed if need be) when the test ends."""
    servers: list[LiveServer] = []

    def start(arguments: Sequence[str] = (), env: dict[str, str] | None = None,
              prepare: Callable[[Path], None] | None = None) -> LiveServer:
        server = LiveServer(cli, tmp_path / f"server-{len(servers)}", arguments=arguments, env=env,
                            memory_ceiling=TEST_MEMORY_CEILING)
        servers.append(server)
        if prepare is not None:
            prepare(server.tmpdir)
        return server.start()

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def server(start_server: ServerFactory) -> LiveServer:
    """A server with the default options."""
    return start_server()


@pytest.fixture(scope="session")
def photo(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The 6000x4000 photo-like lossy WebP, made once per session."""
    data = photo_webp()
    assert 1_000_000 < len(data) < 8_000_000, f"the photo WebP is {len(data)} bytes; it should be a few MB, under 8 MB"
    (tmp_path_factory.mktemp("photo") / "photo.webp").write_bytes(data)
    return data


def expect_error(reply: Reply, status: int, kind: str, what: str) -> None:
    """Asserts that `reply` is a JSON error `{"error": ..., "type": kind}` with `status`."""
    assert reply.status == status and reply.error_type == kind, (
        f"{what}: expected HTTP {status} with JSON type {kind!r}; got {reply.describe()}")
    assert reply.content_type.startswith("application/json"), f"{what}: the error is not JSON: {reply.describe()}"


def expect_renders(server: LiveServer, what: str, name: str = "ok.png") -> None:
    """Asserts that a normal render of the small PNG answers 200 with a ZIP."""
    reply = server.post_image(f"/v1/render?name={name}", read_fixture(SMALL_PNG), timeout=60)
    assert reply.status == 200 and reply.content_type.startswith("application/zip"), (
        f"{what}: a normal render should answer 200 with a ZIP; got {reply.describe()}")


def scrub(text: str, given: str) -> str:
    """`text` without the value the client gave (raw, JSON-escaped, or with escaped slashes),
    whole or shortened to a prefix of at least 20 characters (a server may quote a long value
    cut short)."""
    for length in range(len(given), min(len(given), 20) - 1, -1):
        part = given[:length]
        escaped = json.dumps(part)[1:-1]
        for form in sorted({part, escaped, escaped.replace("/", "\\/")}, key=len, reverse=True):
            text = text.replace(form, "")
    return text


# --------------------------------------------------------------------------------------------
# 1. pack.json names a path outside the uploaded parts


@pytest.mark.parametrize("target", HOSTILE_TARGETS)
@pytest.mark.parametrize("key", HOSTILE_KEYS)
def test_pack_json_path_outside_the_uploads_is_refused(
        server: LiveServer, tmp_path: Path, key: str, target: str) -> None:
    """`pack.json` may name only uploaded parts: any other path under `key` (a `../` walk to
    /etc/hostname, an absolute path, a name not uploaded, /dev/zero or a FIFO that blocks its
    reader, the last two directly and through a `../` walk) is a 422 `invalid-pack` within 30 s that names the key, and the answer gives away
    nothing of the server's files: no TMPDIR path, no "/tmp", no "No such file"."""
    stickers = small_stickers(3)
    path = hostile_target(target, tmp_path / "scratch")
    description = hostile_pack(key, path, stickers)
    reply = server.post_form("/v1/packs?platform=whatsapp", pack_parts(stickers, description), timeout=30)
    what = f"pack.json with {key} = {path!r}"
    if reply.status == 200:
        report = reply.zip_text()
        given_away = [secret for secret in (str(server.tmpdir), "No such file") if secret in report]
        what += (f" (the ZIP's pack-report.json gives away {given_away})" if given_away else
                 " (the pack was built)")
    expect_error(reply, 422, "invalid-pack", what)
    assert reply.seconds <= 30, f"{what}: answered after {reply.seconds:.1f} s, over 30 s"
    message = reply.error_message or ""
    assert key in message, f"{what}: the error should name {key!r}; it says {message!r}"
    # The client's own value may be quoted back; anything else about the server's files may not.
    decoded = json.dumps(reply.json(), ensure_ascii=False)
    texts = {"JSON": scrub(decoded, path), "raw body": scrub(reply.body.decode("utf-8", "replace"), path)}
    for where, text in texts.items():
        for secret in (str(server.tmpdir), "/tmp", "No such file"):
            assert secret not in text, f"{what}: the answer gives away {secret!r}; its {where}: {text[:400]}"
    assert server.alive(), f"{what}: {server.state()}"


def test_pack_json_naming_only_uploads_still_builds(server: LiveServer) -> None:
    """A pack.json that names uploaded parts by file name (stickers, icon and tray) builds:
    200 with a ZIP that holds the WhatsApp packs."""
    stickers = small_stickers(3)
    names = [name for name, _ in stickers]
    description = pack_json(names, icon=names[0], tray=names[1])
    reply = server.post_form("/v1/packs?platform=whatsapp", pack_parts(stickers, description), timeout=120)
    assert reply.status == 200 and reply.content_type.startswith("application/zip"), (
        f"a pack.json naming only uploads should build: {reply.describe()}")
    entries = reply.zip_names()
    assert any(entry.startswith("whatsapp/") for entry in entries), f"no WhatsApp pack in the ZIP: {entries}"
    assert "pack-report.json" in entries, f"no pack-report.json in the ZIP: {entries}"


# --------------------------------------------------------------------------------------------
# 2-3. A TGS bomb: 250 bytes declaring 1,000 frames of 512x512 (1 GiB decoded)


def test_the_tgs_bomb_is_tiny() -> None:
    """The bomb is what the attack says: a few hundred gzip'd bytes declaring 1,000 frames."""
    bomb = tgs_bomb()
    assert len(bomb) < 400, f"the TGS bomb is {len(bomb)} bytes"
    import gzip

    document = json.loads(gzip.decompress(bomb))
    assert (document["ip"], document["op"], document["fr"], document["w"], document["h"]) == (0, 1000, 60, 512, 512)
    assert document["layers"][0]["ty"] == 4


@pytest.mark.parametrize("route", ["/v1/packs?platform=telegram", "/v1/packs?platform=whatsapp", "/v1/render"])
def test_a_tgs_bomb_is_refused_as_over_a_limit(server: LiveServer, route: str) -> None:
    """The bomb as a pack's sticker or a render's upload is a 422 `limit-exceeded` within 30 s."""
    bomb = tgs_bomb()
    if route.startswith("/v1/packs"):
        reply = server.post_form(route, [Part("file", bomb, filename="bomb.tgs",
                                              content_type="application/x-tgsticker")], timeout=30)
    else:
        reply = server.post_image(route + "?name=bomb.tgs", bomb, content_type="application/x-tgsticker", timeout=30)
    expect_error(reply, 422, "limit-exceeded", f"the TGS bomb to {route}")
    assert reply.seconds <= 30, f"the TGS bomb to {route}: answered after {reply.seconds:.1f} s"
    assert server.alive(), server.state()


def test_four_tgs_bombs_at_once_keep_the_server_small(server: LiveServer) -> None:
    """Four bomb packs at once (two Telegram, two WhatsApp): each a 422 `limit-exceeded`; the
    server process's peak RSS (VmHWM) stays under 1 GiB, and its RSS a few seconds later is
    under 400 MiB. (Workers, if any, are separate processes: the server itself must stay small.)"""
    bomb = tgs_bomb()
    routes = ["/v1/packs?platform=telegram", "/v1/packs?platform=whatsapp"] * 2
    replies: list[Reply | str] = ["not answered"] * len(routes)

    def send(index: int) -> None:
        try:
            replies[index] = server.post_form(routes[index], [Part("file", bomb, filename=f"bomb{index}.tgs",
                                                                   content_type="application/x-tgsticker")],
                                              timeout=60)
        except NoAnswer as error:
            replies[index] = str(error)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(routes))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    peak = server.peaks()
    hwm = server.vm_kib("VmHWM") or peak.server_hwm_kib
    time.sleep(4)
    rss_after = server.vm_kib("VmRSS")
    problems = []
    for route, reply in zip(routes, replies):
        if not isinstance(reply, Reply):
            problems.append(f"{route}: {reply}")
        elif reply.status != 422 or reply.error_type != "limit-exceeded":
            problems.append(f"{route}: expected 422 limit-exceeded, got {reply.describe(160)}")
    if peak.killed_over_ceiling:
        problems.append(peak.ceiling_note)
    if hwm > 1024 * 1024:
        problems.append(f"the server's peak RSS (VmHWM) reached {format_kib(hwm)}, over 1 GiB")
    if rss_after is None:
        problems.append(f"the server is gone after the bombs: {server.state()}")
    elif rss_after > 400 * 1024:
        problems.append(f"the server's RSS 4 s after the bombs is {format_kib(rss_after)}, over 400 MiB")
    if problems:
        pytest.fail("four TGS bombs at once:\n" + "\n".join(problems), pytrace=False)


# --------------------------------------------------------------------------------------------
# 4. A photo-sized WebP


def test_a_photo_sized_webp_is_answered(server: LiveServer, photo: bytes) -> None:
    """A 6000x4000 lossy WebP (a few MB) to /v1/render is answered within 60 s: a ZIP, or a
    typed JSON 4xx (liveness only; the time and CPU are measured by Scripts/server-attacks)."""
    reply = server.post_image("/v1/render?name=photo.webp", photo, content_type="image/webp", timeout=60)
    if reply.status == 200:
        assert reply.content_type.startswith("application/zip"), f"the photo: {reply.describe()}"
    else:
        assert 400 <= reply.status < 500 and reply.error_type, (
            f"the photo should be rendered (200) or refused with a typed JSON 4xx: {reply.describe()}")
    assert reply.seconds <= 60, f"the photo was answered after {reply.seconds:.1f} s"
    assert server.alive(), server.state()


# --------------------------------------------------------------------------------------------
# 5. Slow clients


def test_slow_clients_do_not_starve_lint_or_health(server: LiveServer) -> None:
    """70 connections each announce a 100,000-byte render body and send one byte a second for
    about 20 s; meanwhile five lints of a small PNG, one every 3 s, each answer 200 with JSON,
    and /healthz answers 200 throughout."""
    png = read_fixture(LINT / "small-art.png")
    clients = SlowClients(server.port, count=70, content_length=100_000, seconds=20)
    problems: list[str] = []
    try:
        clients.open()
        time.sleep(2)
        for index in range(5):
            try:
                lint = server.post_image(f"/v1/lint?name=small-art{index}.png", png, timeout=30)
                if lint.status != 200 or not lint.content_type.startswith("application/json") or lint.json() is None:
                    problems.append(f"lint {index + 1}: expected 200 JSON, got {lint.describe(200)}")
            except NoAnswer as error:
                problems.append(f"lint {index + 1}: {error}")
            try:
                health = server.healthz(timeout=30)
                if health.status != 200:
                    problems.append(f"/healthz after lint {index + 1}: {health.describe(200)}")
            except NoAnswer as error:
                problems.append(f"/healthz after lint {index + 1}: {error}")
            time.sleep(3)
        still_trickling = clients.running
    finally:
        clients.close()
    assert still_trickling, "the slow clients stopped trickling before the lints were done"
    if problems:
        pytest.fail(f"with 70 slow clients ({clients.closed_by_server} closed by the server):\n"
                    + "\n".join(problems), pytrace=False)


def test_a_body_slower_than_the_minimum_rate_is_cut_off_with_its_connection(server: LiveServer) -> None:
    """Five connections trickle a body one byte a second, far under the default minimum of
    8 KB/s: once the 10 s grace period has passed, the server answers 408 and closes each
    connection whole, so trickling clients cannot keep connections (which are capped)."""
    clients = SlowClients(server.port, count=5, content_length=100_000, seconds=18)
    try:
        clients.open()
        while clients.running:
            time.sleep(0.5)
        closed = clients.closed_by_server
    finally:
        clients.close()
    assert closed == 5, f"{closed} of 5 slow connections were closed by the server within 18 s"


def test_connections_past_the_cap_are_closed_and_the_server_goes_on(start_server: ServerFactory) -> None:
    """With `--max-connections 5`, five idle connections take every place: a sixth is closed
    by the server before it answers; once they are gone, requests are answered again."""
    server = start_server(["--max-connections", "5"])
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(5)]
    try:
        time.sleep(0.5)
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        extra.settimeout(10)
        try:
            extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            answer = extra.recv(100)
        except OSError:
            answer = b""
        finally:
            extra.close()
        assert answer == b"", f"a connection past the cap of 5 was answered: {answer!r}"
    finally:
        for connection in held:
            connection.close()
    time.sleep(0.5)
    health = server.healthz(timeout=30)
    assert health.status == 200, f"/healthz after the held connections closed: {health.describe(200)}"


# --------------------------------------------------------------------------------------------
# 7. Headers, JSON errors, stale temporary folders


@pytest.mark.parametrize("path", ["/", "/app.js", "/style.css"])
def test_the_page_has_security_headers_and_etags(server: LiveServer, path: str) -> None:
    """The page's files come with `X-Content-Type-Options: nosniff` and an ETag that a second
    GET with `If-None-Match` turns into 304; the page itself with a Content-Security-Policy of
    `default-src 'self'` and `frame-ancestors 'none'`."""
    first = server.request("GET", path, timeout=30)
    assert first.status == 200, (
        f"GET {path}: {first.describe(200)} (is the resources bundle next to the binary?)")
    assert first.headers.get("x-content-type-options", "").lower() == "nosniff", (
        f"GET {path}: X-Content-Type-Options is {first.headers.get('x-content-type-options')!r}, not 'nosniff'")
    if path == "/":
        policy = first.headers.get("content-security-policy", "")
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, (
            f"GET /: Content-Security-Policy is {policy!r}; it should hold default-src 'self' and frame-ancestors 'none'")
    etag = first.headers.get("etag")
    assert etag, f"GET {path}: no ETag (headers: {sorted(first.headers)})"
    second = server.request("GET", path, headers={"If-None-Match": etag}, timeout=30)
    assert second.status == 304, f"GET {path} with If-None-Match {etag}: expected 304, got {second.describe(200)}"


@pytest.mark.parametrize("method, path", [("GET", "/no/such/route"), ("POST", "/no/such")])
def test_an_unknown_route_is_a_json_404(server: LiveServer, method: str, path: str) -> None:
    """An unknown route is a 404 with a JSON body of type `not-found`."""
    reply = server.request(method, path, body=b"" if method == "POST" else None, timeout=30)
    expect_error(reply, 404, "not-found", f"{method} {path}")


def test_stale_temporary_folders_of_dead_servers_are_removed_at_start(start_server: ServerFactory) -> None:
    """`$TMPDIR/rendition-serve-PID-XXXXXX/` of a process that is gone is removed when a server
    starts; one of a live process (this test's) stays."""
    finished = subprocess.Popen([sys.executable, "-c", "pass"])
    finished.wait(timeout=30)
    dead_pid = finished.pid
    folders: dict[str, Path] = {}

    def prepare(tmpdir: Path) -> None:
        folders["stale"] = tmpdir / f"rendition-serve-{dead_pid}-abc123"
        folders["live"] = tmpdir / f"rendition-serve-{os.getpid()}-keep12"
        for folder in folders.values():
            folder.mkdir(parents=True)
            (folder / "upload.png").write_bytes(read_fixture(SMALL_PNG))

    server = start_server(prepare=prepare)
    assert server.healthz().status == 200
    deadline = time.monotonic() + 10  # liveness only: the sweep may run just after /healthz answers
    while folders["stale"].exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not folders["stale"].exists(), (
        f"{folders['stale'].name} (pid {dead_pid} has exited) is still in TMPDIR after the server started")
    assert (folders["live"] / "upload.png").exists(), (
        f"{folders['live'].name} belongs to a live process (this test's) and was removed")


# --------------------------------------------------------------------------------------------
# 8-10. Worker isolation (RENDITION_TEST_* are the fixed binary's test-only fault injection)


def test_a_crashing_decoder_fails_one_request_not_the_server(start_server: ServerFactory) -> None:
    """With RENDITION_TEST_TRAP_DECODING=crash.png the worker decoding `crash.png` dies: that
    request is a 500 `worker-crashed` within 30 s; the same bytes under another name render;
    the server is still running."""
    server = start_server(env={"RENDITION_TEST_TRAP_DECODING": "crash.png"})
    png = read_fixture(SMALL_PNG)
    reply = server.post_image("/v1/render?name=crash.png", png, timeout=30)
    expect_error(reply, 500, "worker-crashed", "a render whose worker crashes")
    assert server.alive(), f"the server died with its worker: {server.state()}"
    expect_renders(server, "after a worker crashed")
    assert server.alive() and server.healthz().status == 200, server.state()


def test_a_hanging_decoder_times_out_and_its_worker_is_reaped(start_server: ServerFactory) -> None:
    """With RENDITION_TEST_HANG_DECODING=hang.png and --timeout 5, rendering `hang.png` is a 503
    `timeout` within 30 s; within 10 s the server has no child process left (the hung worker is
    killed and reaped), and a normal render answers 200."""
    server = start_server(arguments=["--timeout", "5"], env={"RENDITION_TEST_HANG_DECODING": "hang.png"})
    reply = server.post_image("/v1/render?name=hang.png", read_fixture(SMALL_PNG), timeout=30)
    expect_error(reply, 503, "timeout", "a render whose worker hangs")
    deadline = time.monotonic() + 10
    while server.children() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not server.children(), f"10 s after the timeout the server still has children {server.children()}"
    assert server.alive(), server.state()
    expect_renders(server, "after a worker hung")


def test_a_runaway_decoder_is_stopped_at_a_memory_limit(start_server: ServerFactory) -> None:
    """With RENDITION_TEST_RUNAWAY_DECODING=grow.png the worker decoding `grow.png` allocates
    without end: the request is a 422 `limit-exceeded` whose error mentions memory, within
    60 s; the server process's own RSS stays under 400 MiB; a normal render answers 200."""
    server = start_server(env={"RENDITION_TEST_RUNAWAY_DECODING": "grow.png"})
    reply = server.post_image("/v1/render?name=grow.png", read_fixture(SMALL_PNG), timeout=60)
    peak = server.peaks()
    expect_error(reply, 422, "limit-exceeded", "a render whose worker's memory runs away")
    assert "memory" in (reply.error_message or "").lower(), (
        f"the runaway's error should mention memory: {reply.error_message!r}")
    assert peak.server_rss_kib < 400 * 1024, (
        f"the server's own RSS reached {format_kib(peak.server_rss_kib)} during the runaway, over 400 MiB")
    assert server.alive(), server.state()
    expect_renders(server, "after a runaway worker")

