"""Checking a sticker against a platform's rules: `lint` and its `Report`."""

from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass, field
from typing import Any, Optional

from ._image import Image, Source, read_file
from ._native import call, lib, take_string

@dataclass(frozen=True)
class Finding:
    """One problem found in a file.

    Attributes:
        code: the stable lint code, e.g. "matte-halo", "file-too-large", "unreadable".
        severity: "error", "warning" or "info".
        message: one line for people.
        frame: for animations, the first frame (0-based) showing it; else None.
        values: the code's measured values (see the README's Lint section).
    """

    code: str
    severity: str
    message: str
    frame: Optional[int] = None
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LintedFile:
    """One file's entry of the report (absent values are None)."""

    path: str
    findings: list[Finding]
    format: Optional[str] = None
    animated: bool = False
    width: Optional[int] = None
    height: Optional[int] = None
    frames: Optional[int] = None
    bytes: Optional[int] = None
    size_class: Optional[str] = None
    duration_ms: Optional[float] = None
    loop_count: Optional[int] = None
    measurements: Optional[dict[str, Any]] = None


@dataclass(frozen=True)
class Report:
    """The `rendition lint --json` document ("rendition-lint/1") as dataclasses.

    `document` is the parsed JSON as the library wrote it; `to_json()` gives it back.
    """

    schema: str
    profile: str
    maximum_bytes: Optional[int]
    summary: dict[str, int]
    files: list[LintedFile]
    document: dict[str, Any] = field(repr=False, compare=False)

    @property
    def findings(self) -> list[Finding]:
        """Every file's findings, errors first within each file."""
        return [finding for linted in self.files for finding in linted.findings]

    @property
    def codes(self) -> set[str]:
        """The codes found."""
        return {finding.code for finding in self.findings}

    @property
    def errors(self) -> list[Finding]:
        """The findings of severity "error"."""
        return [finding for finding in self.findings if finding.severity == "error"]

    @property
    def ok(self) -> bool:
        """True when there is no error finding."""
        return not self.errors

    def to_json(self, indent: Optional[int] = 2) -> str:
        """The document as JSON text."""
        return json.dumps(self.document, indent=indent)

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> "Report":
        """Reads a parsed "rendition-lint/1" document."""
        files = []
        for entry in document.get("files", []):
            findings = [Finding(code=item["code"], severity=item["severity"], message=item.get("message", ""),
                                frame=item.get("frame"), values=dict(item.get("values", {})))
                        for item in entry.get("findings", [])]
            files.append(LintedFile(
                path=entry.get("path", ""), findings=findings, format=entry.get("format"),
                animated=bool(entry.get("animated", False)), width=entry.get("width"), height=entry.get("height"),
                frames=entry.get("frames"), bytes=entry.get("bytes"), size_class=entry.get("size_class"),
                duration_ms=entry.get("duration_ms"), loop_count=entry.get("loop_count"),
                measurements=entry.get("measurements")))
        return cls(schema=document.get("schema", ""), profile=document.get("profile", ""),
                   maximum_bytes=document.get("maximum_bytes"), summary=dict(document.get("summary", {})),
                   files=files, document=document)


def lint(src: Source, profile: str = "apple-messages", name: Optional[str] = None) -> Report:
    """Checks a sticker against a platform's rules and for edge problems.

    Args:
        src: a path, file bytes, an RGBA array, a Pillow image or an `Image` (pixels are
            checked as the PNG Rendition would write).
        profile: "apple-messages" (also "imessage", "messages" or "apple"), "whatsapp",
            "signal", "telegram", "telegram-emoji", "discord" or "line"; case is ignored (the
            library resolves the names, as `rendition lint --profile` does).
        name: the path reported for the file (default: the path given, else "sticker").

    A file with problems, even an undecodable one (code "unreadable"), gives a report, not an
    exception; an unknown profile raises InvalidArgumentError, a path that cannot be read
    RenditionIOError.
    """
    if isinstance(src, (str, os.PathLike)):
        data = read_file(src)
        name = name if name is not None else os.fspath(src)
    elif isinstance(src, (bytes, bytearray, memoryview)):
        data = bytes(src)
    else:
        image = Image.open(src)
        try:
            data = image.encode(format="png")
        finally:
            if image is not src:
                image.close()
    text = ctypes.c_void_p()
    call(lib.rdn_lint_bytes, data, len(data), name.encode() if name is not None else None, profile.encode(),
         ctypes.byref(text))
    return Report.from_document(json.loads(take_string(text) or "{}"))
