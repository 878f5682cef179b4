"""An installed `rendition serve` serves its page and OpenAPI document from the install
prefix (PREFIX/share/rendition/server, as Scripts/install lays it out), not from the clone
it was built in."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from conftest import REPO


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str) -> tuple[int, bytes]:
    """GET `path`: the status and body."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return response.status, response.read()


def test_the_installed_server_serves_its_page_from_the_prefix(cli: Path, tmp_path: Path) -> None:
    """The binary copied into PREFIX/bin (with no resource bundle beside it) and the files
    Scripts/install-server-resources puts under PREFIX/share: GET / answers the installed
    page (marked here, so that a copy from elsewhere would show), /app.js and /openapi.json
    answer too."""
    prefix = tmp_path / "prefix"
    installed = subprocess.run([str(REPO / "Scripts" / "install-server-resources"), "--prefix", str(prefix)],
                               capture_output=True, text=True, check=True).stdout.split()
    assert sorted(Path(path).name for path in installed) == ["app.js", "index.html", "openapi.json", "style.css"]
    page = prefix / "share" / "rendition" / "server" / "page" / "index.html"
    marker = b"<!-- installed copy -->"
    page.write_bytes(page.read_bytes() + marker + b"\n")
    (prefix / "bin").mkdir()
    binary = prefix / "bin" / "rendition"
    shutil.copy2(cli, binary)
    port = free_port()
    server = subprocess.Popen([str(binary), "serve", "--port", str(port)], cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = get(port, "/")
                break
            except OSError:
                assert time.monotonic() < deadline, "the installed server did not start within 30 s"
                time.sleep(0.2)
        assert status == 200
        assert marker in body, "GET / did not serve the page installed under the prefix"
        assert get(port, "/app.js")[0] == 200
        assert get(port, "/openapi.json")[0] == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
