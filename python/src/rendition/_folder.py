"""Rendering catalogs (`render_folder`, like `rendition render`) and building packs (`pack`)."""

from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

from . import _native
from ._errors import InvalidArgumentError
from ._native import call, lib, take_string

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class OutputFile:
    """A rendition file written (or found up to date) in the output folder."""

    scale: int
    width: int
    height: int
    bytes: int
    path: str


@dataclass(frozen=True)
class StickerResult:
    """What happened to one sticker: the library's sticker record (the keys of a
    `rendition render --log jsonl` sticker line, less the progress figures).

    Attributes:
        name: the sticker's name (file name without extension and @3x).
        input: the input path (or URL, for catalogs rendered on Dask).
        status: "ok" (rendered), "up-to-date" (skipped: the manifest says its outputs are
            current) or "failed".
        outputs: the files, @3x/@2x/@1x order; empty when failed.
        error: why it failed, else None.
        master: the master's (width, height) when it was decoded (not for a sticker found up
            to date or one that failed), else None.
        warnings: why a master rendered does not look like a sticker (photo-sized, no
            transparent pixel), one sentence each; empty for a sticker-like master.
    """

    name: str
    input: str
    status: str
    outputs: list[OutputFile] = field(default_factory=list)
    error: Optional[str] = None
    master: Optional[tuple[int, int]] = None
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True unless it failed."""
        return self.status != "failed"

    @classmethod
    def from_json(cls, entry: dict[str, Any]) -> "StickerResult":
        """Reads one entry of the library's report."""
        master = entry.get("master")
        return cls(name=entry["name"], input=entry["input"], status=entry["status"],
                   outputs=[OutputFile(o["scale"], o["width"], o["height"], o["bytes"], o["path"])
                            for o in entry.get("outputs", [])],
                   error=entry.get("error"),
                   master=(master["width"], master["height"]) if master is not None else None,
                   warnings=list(entry.get("warnings", [])))

    def to_json(self) -> dict[str, Any]:
        """The entry as the library writes it."""
        entry: dict[str, Any] = {"name": self.name, "input": self.input, "status": self.status,
                                 "outputs": [vars(o).copy() for o in self.outputs]}
        if self.master is not None:
            entry["master"] = {"width": self.master[0], "height": self.master[1]}
        if self.error is not None:
            entry["error"] = self.error
        if self.warnings:
            entry["warnings"] = list(self.warnings)
        return entry


@dataclass(frozen=True)
class Summary:
    """Counts of a batch: total = rendered + skipped + failed."""

    total: int
    rendered: int
    skipped: int
    failed: int
    output: str

    @classmethod
    def of(cls, stickers: Sequence[StickerResult], output: str) -> "Summary":
        """The counts of `stickers`."""
        skipped = sum(1 for s in stickers if s.status == "up-to-date")
        failed = sum(1 for s in stickers if s.status == "failed")
        return cls(len(stickers), len(stickers) - skipped - failed, skipped, failed, output)


@dataclass(frozen=True)
class BatchResult:
    """The per-sticker results of a batch, in input order, and their summary.

    Iterating gives the `StickerResult`s; `failed` lists those that failed.
    """

    stickers: list[StickerResult]
    summary: Summary

    def __iter__(self) -> Iterator[StickerResult]:
        return iter(self.stickers)

    def __len__(self) -> int:
        return len(self.stickers)

    @property
    def failed(self) -> list[StickerResult]:
        """The stickers that failed."""
        return [s for s in self.stickers if s.status == "failed"]


#: progress(done, total, result): called once per sticker, in input order.
ProgressCallback = Callable[[int, int, StickerResult], Any]


def parse_shard(shard: Union[None, str, tuple[int, int]]) -> tuple[int, int]:
    """(0-based index, count) from "i/n" (1-based, as `rendition render --shard i/n`) or a
    (index, count) tuple (0-based, as rdn_batch_options); (0, 0) for None. `auto/n` is the
    command line's: a Python program reads its array index itself and passes "i/n"."""
    if shard is None:
        return 0, 0
    if isinstance(shard, str):
        parts = shard.split("/")
        if len(parts) != 2 or not all(part.strip().isdigit() for part in parts) or \
                not 1 <= int(parts[0]) <= int(parts[1]):
            raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                       f'shard must look like i/n with 1 <= i <= n (e.g. 1/4), not "{shard}"')
        return int(parts[0]) - 1, int(parts[1])
    index, count = shard
    # The library refuses an index not below the count (RenditionSettings); ctypes' uint32_t
    # fields could not hold a negative one.
    if index < 0 or count < 0:
        raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                   f"shard must be (index, count) with 0 <= index < count, not {shard!r}")
    return index, count


def _progress_adapter(progress: Any) -> Optional[ProgressCallback]:
    """A callable for `progress`: a function as it is, or a tqdm-like bar (update/total)."""
    if progress is None:
        return None
    if hasattr(progress, "update") and not callable(progress):
        bar = progress

        def advance(done: int, total: int, result: StickerResult) -> None:
            if getattr(bar, "total", None) != total:
                bar.total = total
                if hasattr(bar, "refresh"):
                    bar.refresh()
            bar.update(1)

        return advance
    if not callable(progress):
        raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT", "progress must be a callable or a tqdm-like bar")
    return progress  # type: ignore[no-any-return]


def render_files(inputs: Iterable[PathLike], out: PathLike, *, threads: Optional[int] = None,
                 shard: Union[None, str, tuple[int, int]] = None, progress: Any = None,
                 format: Optional[str] = None, compression: Optional[int] = None, include_3x: bool = False,
                 force: bool = False) -> BatchResult:
    """`render_folder` for a list of inputs (files or folders): see there."""
    paths = [os.fsencode(p) for p in inputs]
    output = os.fspath(out)
    options = _native.render_options(format=format, compression=compression,
                                     scales=(3, 2, 1) if include_3x else (2, 1), threads=threads)
    batch = _native.BatchOptions()
    lib.rdn_batch_options_init(ctypes.byref(batch))
    batch.force = 1 if force else 0
    batch.shard_index, batch.shard_count = parse_shard(shard)
    callback = _progress_adapter(progress)
    raised: list[BaseException] = []

    def on_sticker(_context: Any, done: int, total: int, text: bytes) -> None:
        if raised or callback is None:
            return
        try:
            callback(done, total, StickerResult.from_json(json.loads(text.decode("utf-8"))))
        except BaseException as error:  # re-raised once the batch is done
            raised.append(error)

    c_callback = _native.StickerCallback(on_sticker)
    if callback is not None:
        batch.on_sticker = c_callback
    array = (ctypes.c_char_p * max(1, len(paths)))(*paths)
    report = ctypes.c_void_p()
    call(lib.rdn_render_files, array, len(paths), os.fsencode(output), ctypes.byref(options), ctypes.byref(batch),
         ctypes.byref(report))
    document = json.loads(take_string(report) or "{}")
    if raised:
        raise raised[0]
    stickers = [StickerResult.from_json(entry) for entry in document.get("stickers", [])]
    return BatchResult(stickers, Summary(document["total"], document["rendered"], document["skipped"],
                                         document["failed"], document["output"]))


@dataclass(frozen=True)
class ListedSticker:
    """One input of a batch as the library names it (rdn_list_stickers).

    Attributes:
        input: the path, URL or key given (or found in a searched folder).
        name: the sticker name its renditions are named by.
        image: whether its extension is one a folder search takes.
        same_name_as: the earlier input with the same sticker name (a batch fails this one), or None.
    """

    input: str
    name: str
    image: bool
    same_name_as: Optional[str]


def list_stickers(inputs: Iterable[PathLike], *, search: bool) -> list[ListedSticker]:
    """The stickers `inputs` hold, named by the rules `render_files` and `rendition render` use.

    With `search`, folders are searched for images as `render_files` searches them and a
    missing input raises `RenditionIOError`; without it, each input is only a name (URLs and
    object-store keys are fine) and nothing is read.
    """
    paths = [os.fsencode(p) for p in inputs]
    array = (ctypes.c_char_p * max(1, len(paths)))(*paths)
    listing = ctypes.c_void_p()
    call(lib.rdn_list_stickers, array, len(paths), _native.LIST_SEARCH if search else 0, ctypes.byref(listing))
    document = json.loads(take_string(listing) or "{}")
    return [ListedSticker(entry["input"], entry["name"], entry["image"], entry["same_name_as"])
            for entry in document["stickers"]]


def render_folder(src: Union[PathLike, Sequence[PathLike]], out: PathLike, threads: Optional[int] = None,
                  shard: Union[None, str, tuple[int, int]] = None, progress: Any = None, *,
                  format: Optional[str] = None, compression: Optional[int] = None, include_3x: bool = False,
                  force: bool = False) -> BatchResult:
    """Renders stickers into `out` exactly like `rendition render SRC -o OUT`.

    The same file names (NAME@2x.png, NAME@1x.png...), atomic writes, manifest
    (.rendition-manifest.jsonl: re-runs skip stickers whose outputs are up to date) and bytes
    as the command line, because it is the same code (rdn_render_files). A sticker that fails
    is reported in the results, not raised.

    Args:
        src: a folder (searched recursively for .png .apng .gif .jpg .jpeg .webp .tgs .webm, and
            .json files that are Lottie animations), a file, or a list of them.
        out: the output folder (created if missing).
        threads: stickers rendered in parallel (None or 0: one per core), as `--threads`.
        shard: only part of the catalog: "i/n" (1-based, as `--shard`) or (index, count) 0-based.
        progress: called as progress(done, total, StickerResult) once per sticker, in input
            order; or a tqdm bar, advanced by one per sticker (its total set).
        format: None/"auto", "png", "apng", "gif" or "webp", as `--format`.
        compression: 0-12, as `--compression`: the PNG and APNG deflate level and libwebp's
            method (level // 2) for WebP; None for the defaults.
        include_3x: also write NAME@3x.png, as `--include-3x`.
        force: render even up-to-date stickers and keep no manifest, as `--force`.

    Returns:
        The per-sticker results and the summary. Raises RenditionIOError when an input does not
        exist or the output folder cannot be created.
    """
    inputs = [src] if isinstance(src, (str, os.PathLike)) else list(src)
    return render_files(inputs, out, threads=threads, shard=shard, progress=progress, format=format,
                        compression=compression, include_3x=include_3x, force=force)


@dataclass(frozen=True)
class PackReport:
    """pack-report.json of a built pack: per-sticker results and platform problems."""

    stickers: list[dict[str, Any]]
    platform_problems: dict[str, list[str]]
    document: dict[str, Any] = field(repr=False)

    @property
    def ok(self) -> bool:
        """True when every sticker is "ok" and no platform rule failed."""
        return all(s.get("status") == "ok" for s in self.stickers) and not any(self.platform_problems.values())


#: The platforms `pack` builds besides Apple's pack (the Xcode catalog and renditions).
PLATFORMS = ("whatsapp", "signal", "telegram", "telegram-emoji", "discord", "line")


def pack(src: PathLike, out: PathLike, platforms: Union[None, str, Sequence[str]] = None,
         threads: Optional[int] = None, compression: Optional[int] = None) -> PackReport:
    """Builds a sticker pack like `rendition pack SRC -o OUT --platform ...`.

    As there, each master is linted first, and one lint rejects (too small, empty, opaque, on
    an opaque background) fails with the lint findings in its entry instead of being packed.

    Args:
        src: a folder of @3x masters (with an optional pack.json or pack.yaml).
        out: the output folder: one folder per platform, pack-report.json, and with Apple's
            pack Stickers.xcstickers and the flat renditions.
        platforms: None (the Apple pack only), "all" (every platform, Apple's included), a
            platform id ("messages", "whatsapp", "signal", "telegram", "telegram-emoji",
            "discord", "line"), a comma-separated list or a list of them; case is ignored.
            Only the platforms named are built: Apple's pack (Stickers.xcstickers and the flat
            renditions) when Apple Messages is named under any of its names
            ("apple-messages", "imessage", "messages", "apple"), "all", or nothing at all.
        threads: stickers in parallel (None or 0: one per core).
        compression: where the size-fitting ladder's PNG and APNG steps start (0-12), as
            `--compression`.
    """
    if platforms is None:
        profile = None
    elif isinstance(platforms, str):
        profile = platforms
    else:
        profile = ",".join(platforms) if platforms else None
    options = _native.render_options(profile=profile, compression=compression, threads=threads)
    report = ctypes.c_void_p()
    call(lib.rdn_render_pack, os.fsencode(src), os.fsencode(out), ctypes.byref(options), ctypes.byref(report))
    document = json.loads(take_string(report) or "{}")
    return PackReport(stickers=list(document.get("stickers", [])),
                      platform_problems=dict(document.get("platformProblems", {})), document=document)
