"""Rendering a catalog on a dask.distributed cluster.

    from dask.distributed import Client
    import rendition.dask
    client = Client("scheduler:8786")
    result = rendition.dask.render_catalog("s3://bucket/masters/", "/shared/renditions", client=client)
    print(result.summary, [s.error for s in result.failed])

The inputs are listed on the client (local paths, folders, or fsspec URLs such as
s3://bucket/prefix/), split into partitions, and each partition is rendered by one task on a
worker with `rendition.render_files`: the same code as `rendition render`, so the same file
names, atomic writes, bytes and manifest (.rendition-manifest.jsonl in the output folder). A
rerun skips what is done. A worker killed mid-partition loses nothing: what it finished is in
the manifest, the files it was writing never appear under their final names, and Dask runs the
partition again elsewhere, which skips the finished stickers. The output folder must be one
folder every worker sees (a local disk for a LocalCluster, a shared file system otherwise).
"""

from __future__ import annotations

import math
import os
import resource
import shutil
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from ._errors import InvalidArgumentError
from ._folder import BatchResult, StickerResult, Summary, list_stickers


def _is_url(path: str) -> bool:
    return "://" in path and not path.startswith("file://")


def list_inputs(src: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
                storage_options: Optional[Mapping[str, Any]] = None) -> list[str]:
    """Expands `src` (paths, folders, fsspec URLs of files or prefixes) into image files, in
    the order `rendition render` uses: arguments in order, folder contents sorted per level."""
    items = [src] if isinstance(src, (str, os.PathLike)) else list(src)
    files: list[str] = []
    for item in items:
        path = os.fspath(item)
        if path.startswith("file://"):
            path = path[len("file://"):]
        if not _is_url(path):
            files.extend(sticker.input for sticker in list_stickers([path], search=True))
            continue
        import fsspec

        fs, root = fsspec.core.url_to_fs(path, **dict(storage_options or {}))
        protocol = path.split("://", 1)[0]
        if fs.isdir(root):
            # As a folder search: names starting with "." skipped, image extensions only,
            # sorted level by level (the library decides which extensions are images).
            found = []
            prefix = root.rstrip("/") + "/"
            for entry in fs.find(root):
                relative = entry[len(prefix):] if entry.startswith(prefix) else entry.rsplit("/", 1)[-1]
                parts = relative.split("/")
                if not any(part.startswith(".") for part in parts):
                    found.append((tuple(parts), f"{protocol}://{entry}"))
            urls = [url for _, url in sorted(found)]
            files.extend(sticker.input for sticker in list_stickers(urls, search=False) if sticker.image)
        elif fs.exists(root):
            files.append(path)
        else:
            from ._errors import RenditionIOError
            raise RenditionIOError(6, "RDN_ERROR_IO", f"could not find {path}: no such file or folder")
    return files


@dataclass(frozen=True)
class CatalogResult(BatchResult):
    """A catalog's per-sticker results (input order) and summary, plus how it was spread.

    Attributes:
        partitions: how many partitions (tasks) there were.
        worker_peak_rss: each worker's peak resident memory in bytes (its whole process,
            Python and Dask included), as measured at the end of its last partition.
    """

    partitions: int = 0
    worker_peak_rss: dict[str, int] = field(default_factory=dict)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"pid {os.getpid()}"


def render_partition(inputs: Sequence[str], out: str, options: Mapping[str, Any],
                     storage_options: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    """Renders one partition on a worker (the task `render_catalog` submits).

    Local inputs are rendered where they are; URLs are first copied into a temporary folder
    under their own file names (so sticker names and manifest hashes are those of the files).
    Returns {"stickers": [entry...], "worker": address, "peak_rss": bytes}, entries as in the
    library's report with "input" the path or URL given.
    """
    from ._folder import render_files

    staging: Optional[str] = None
    local: list[str] = []
    originals: dict[str, str] = {}
    failed: dict[int, dict[str, Any]] = {}
    try:
        for index, path in enumerate(inputs):
            if not _is_url(path):
                local.append(path)
                continue
            if staging is None:
                staging = tempfile.mkdtemp(prefix="rendition-dask-")
            target = os.path.join(staging, path.rsplit("/", 1)[-1])
            try:
                import fsspec

                with fsspec.open(path, "rb", **dict(storage_options or {})) as source, open(target, "wb") as copy:
                    shutil.copyfileobj(source, copy, 1 << 20)
            except Exception as error:  # a sticker that cannot be fetched fails alone
                failed[index] = {"name": list_stickers([path], search=False)[0].name, "input": path,
                                 "status": "failed", "outputs": [],
                                 "error": f"could not read {path}: {error}"}
                continue
            originals[target] = path
            local.append(target)
        result = render_files(local, out, **dict(options))
        entries = []
        rendered = iter(result.stickers)
        for index, path in enumerate(inputs):
            if index in failed:
                entries.append(failed[index])
                continue
            entry = next(rendered).to_json()
            original = originals.get(entry["input"])
            if original is not None:
                if entry.get("error"):
                    entry["error"] = entry["error"].replace(entry["input"], original)
                entry["input"] = original
            entries.append(entry)
        return {"stickers": entries, "worker": _worker_address(), "peak_rss": _peak_rss()}
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def tidy_output(out: str) -> dict[str, Any]:
    """Removes leftover temporary files and compacts the manifest of `out` when no other
    writer is at work (a batch of no stickers); run on a worker at the end of a catalog."""
    from ._folder import render_files

    render_files([], out)
    return {"worker": _worker_address(), "peak_rss": _peak_rss()}


def _default_partition_size(count: int, workers: int) -> int:
    # About four partitions per worker thread, so a killed worker or a slow partition costs
    # little, and at least 8 stickers per task so scheduling stays cheap.
    return max(8, min(256, math.ceil(count / max(1, workers * 4))))


def render_catalog(src: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]],
                   out: Union[str, "os.PathLike[str]"], client: Any = None, partition_size: Optional[int] = None, *,
                   storage_options: Optional[Mapping[str, Any]] = None,
                   progress: Optional[Callable[[int, int, StickerResult], Any]] = None,
                   threads: int = 1, format: Optional[str] = None, compression: Optional[int] = None,
                   include_3x: bool = False, force: bool = False) -> CatalogResult:
    """Renders a catalog on dask.distributed, like `rendition render SRC -o OUT`.

    Args:
        src: a folder, file or fsspec URL (s3://bucket/prefix/), or a list of them.
        out: the output folder, local to and shared by every worker.
        client: a distributed.Client (None: the current one, `distributed.get_client()`).
        partition_size: stickers per task (None: about four tasks per worker thread, 8 to 256).
        storage_options: fsspec options for URLs (credentials, endpoint_url in client_kwargs...).
        progress: progress(done, total, StickerResult) on the client as partitions finish.
        threads: threads each task renders with (the workers' own threads run tasks in parallel).
        format, compression, include_3x, force: as `render_folder`.

    Returns:
        Per-sticker results in input order and the summary; stickers that failed, including
        those of a partition that could not be run at all, are reported, not raised.
    """
    from distributed import as_completed, get_client

    output = os.fspath(out)
    if _is_url(output):
        raise InvalidArgumentError(1, "RDN_ERROR_INVALID_ARGUMENT",
                                   f"the output must be a folder every worker sees, not a URL ({output})")
    client = client if client is not None else get_client()
    inputs = list_inputs(src, storage_options)
    listed = list_stickers(inputs, search=False)
    # Two inputs with one sticker name: the later one fails, as in one `rendition render` batch.
    results: list[Optional[StickerResult]] = [None] * len(inputs)
    todo: list[int] = []
    for index, sticker in enumerate(listed):
        if sticker.same_name_as is not None:
            results[index] = StickerResult(
                name=sticker.name, input=sticker.input, status="failed",
                error=f"{sticker.input}: its renditions would be named {sticker.name}@… like those of "
                      f"{sticker.same_name_as}; rename one of them")
        else:
            todo.append(index)

    workers = sum(client.nthreads().values()) or 1
    size = partition_size or _default_partition_size(len(todo), workers)
    partitions = [todo[start:start + size] for start in range(0, len(todo), size)]
    options = {"threads": threads, "format": format, "compression": compression, "include_3x": include_3x,
               "force": force}
    futures = {client.submit(render_partition, [inputs[i] for i in part], output, options, storage_options,
                             pure=False, key=f"rendition-partition-{number}-{os.urandom(4).hex()}"): part
               for number, part in enumerate(partitions)}
    peaks: dict[str, int] = {}
    done = sum(1 for r in results if r is not None)
    total = len(inputs)
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        part = futures[future]
        try:
            outcome = future.result()
            entries = [StickerResult.from_json(entry) for entry in outcome["stickers"]]
            peaks[outcome["worker"]] = max(peaks.get(outcome["worker"], 0), outcome["peak_rss"])
        except Exception as error:  # the partition could not run (e.g. its workers kept dying)
            entries = [StickerResult(name=listed[i].name, input=inputs[i], status="failed",
                                     error=f"partition failed: {type(error).__name__}: {error}") for i in part]
        for index, entry in zip(part, entries):
            results[index] = entry
            done += 1
            if progress is not None:
                progress(done, total, entry)
    tidy = client.submit(tidy_output, output, pure=False).result()
    peaks[tidy["worker"]] = max(peaks.get(tidy["worker"], 0), tidy["peak_rss"])
    stickers = [r for r in results if r is not None]
    return CatalogResult(stickers=stickers, summary=Summary.of(stickers, output), partitions=len(partitions),
                         worker_peak_rss=peaks)
