"""rendition.lint: the library's lint document as dataclasses, the same as `rendition lint --json`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import rendition
from conftest import LINT, STICKER, run_cli


def test_findings_carry_stable_codes() -> None:
    report = rendition.lint(LINT / "white-box.png")
    assert report.schema == "rendition-lint/1" and report.profile == "apple-messages"
    assert "opaque-background" in report.codes
    finding = next(f for f in report.findings if f.code == "opaque-background")
    assert finding.severity in ("error", "warning", "info") and finding.message
    assert finding.values.get("color") == "#ffffff"
    assert report.files[0].path == str(LINT / "white-box.png") and report.files[0].width == 408
    halo = rendition.lint(LINT / "halo-white.png", profile="imessage")  # alias of apple-messages
    assert "matte-halo" in halo.codes and halo.profile == "apple-messages"
    assert rendition.lint(LINT / "clean.png").ok


def test_the_same_document_as_the_command_line(cli: Path) -> None:
    for name in ("white-box.png", "animated.png", "opaque.jpg"):
        path = LINT / name
        result = run_cli(cli, "lint", "--json", str(path))
        report = rendition.lint(path)
        assert json.loads(result.stdout) == json.loads(report.to_json()) == report.document, name


def test_other_profiles_bytes_arrays_and_bad_files() -> None:
    whatsapp = rendition.lint(STICKER, profile="whatsapp")
    assert whatsapp.profile == "whatsapp" and not whatsapp.ok and whatsapp.errors
    from_bytes = rendition.lint(STICKER.read_bytes(), name="x.png")
    assert from_bytes.files[0].path == "x.png" and from_bytes.summary["files"] == 1
    array = np.zeros((408, 408, 4), np.uint8)
    array[..., :3] = 255
    array[..., 3] = 255
    assert "opaque-image" in rendition.lint(array).codes
    broken = rendition.lint(b"not an image")
    assert broken.codes == {"unreadable"} and broken.files[0].path == "sticker" and not broken.ok
    with pytest.raises(rendition.InvalidArgumentError, match="unknown profile"):
        rendition.lint(STICKER, profile="myspace")
