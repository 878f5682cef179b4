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
partition again elsewhere, which skips the finished stickers. A sticker that kills its worker
(a crash in a decoder) is named and failed after two deaths and the rest of its partition is
rendered: each task records the stickers in flight in a journal in the output folder
(`rendition._partition_journal`). The output folder must be one folder every worker sees (a
local disk for a LocalCluster, a shared file system otherwise).
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
            Python and Dask included), as measured at the end of its last partition; workers
            that died are not listed.
        dead_workers: the workers (addresses) that died while rendering a partition, in the
            order the partitions' retries found them.
        rerun: the stickers (inputs) that were in flight when a worker died and were rendered
            again, alone, by a later attempt.
    """

    partitions: int = 0
    worker_peak_rss: dict[str, int] = field(default_factory=dict)
    dead_workers: list[str] = field(default_factory=list)
    rerun: list[str] = field(default_factory=list)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"pid {os.getpid()}"


def render_partition(inputs: Sequence[str], out: str, options: Mapping[str, Any],
                     storage_options: Optional[Mapping[str, Any]] = None,
                     journal: Optional[str] = None) -> dict[str, Any]:
    """Renders one partition on a worker (the task `render_catalog` submits).

    Local inputs are rendered where they are; URLs are first copied into a temporary folder
    under their own file names (so sticker names and manifest hashes are those of the files).
    With `journal` (a file in the output folder), the stickers in flight are recorded there,
    so that when the worker dies and Dask runs the task again, the new attempt renders the
    stickers that were in flight alone, first, and reports a sticker that was in flight at
    two deaths (the second time alone) as failed instead of rendering it: see
    `rendition._partition_journal`.

    Returns {"stickers": [entry...], "worker": address, "peak_rss": bytes,
    "dead_workers": [address...], "rerun": [input...]}, entries as in the library's report
    with "input" the path or URL given; "dead_workers" are the workers that died running
    earlier attempts of this partition, "rerun" the stickers in flight at a death, which later
    attempts rendered again, alone (a sticker that killed two workers is then failed).
    """
    from ._folder import render_files
    from ._partition_journal import PartitionJournal, read_history

    history = read_history(journal) if journal else None
    log = PartitionJournal(journal) if journal else None
    if log is not None and history is not None:
        os.makedirs(out, exist_ok=True)
        log.write({"attempt": len(history.dead) + 1, "worker": _worker_address(), "pid": os.getpid()})
    staging: Optional[str] = None
    local: dict[str, str] = {}  # input given -> local path
    originals: dict[str, str] = {}  # local path -> input given
    entries: dict[str, dict[str, Any]] = {}
    try:
        for path in inputs:
            deaths = history.fatal(path) if history is not None else None
            if deaths:
                workers = ", then ".join(f"{attempt.worker} (pid {attempt.pid})" for attempt in deaths)
                entries[path] = {"name": list_stickers([path], search=False)[0].name, "input": path,
                                 "status": "failed", "outputs": [],
                                 "error": f"{path}: the worker process died while decoding it, "
                                          f"{len(deaths)} times ({workers}); it was not decoded again"}
                continue
            if not _is_url(path):
                local[path] = path
                originals[path] = path
                continue
            if staging is None:
                staging = tempfile.mkdtemp(prefix="rendition-dask-")
            target = os.path.join(staging, path.rsplit("/", 1)[-1])
            try:
                import fsspec

                with fsspec.open(path, "rb", **dict(storage_options or {})) as source, open(target, "wb") as copy:
                    shutil.copyfileobj(source, copy, 1 << 20)
            except Exception as error:  # a sticker that cannot be fetched fails alone
                entries[path] = {"name": list_stickers([path], search=False)[0].name, "input": path,
                                 "status": "failed", "outputs": [],
                                 "error": f"could not read {path}: {error}"}
                continue
            originals[target] = path
            local[path] = target

        def render(group: list[str], threads: int) -> None:
            if log is not None:
                log.write({"start": group, "threads": threads})

            def reported(_done: int, _total: int, sticker: StickerResult) -> None:
                if log is not None:
                    log.write({"done": originals.get(sticker.input, sticker.input)})

            result = render_files([local[path] for path in group], out, progress=reported, **dict(options))
            for sticker in result.stickers:
                entry = sticker.to_json()
                original = originals.get(entry["input"], entry["input"])
                if entry.get("error"):
                    entry["error"] = entry["error"].replace(entry["input"], original)
                entry["input"] = original
                entries[original] = entry

        # Stickers in flight when an earlier attempt died go first, one at a time, so that
        # if one of them kills this worker too, the next attempt knows which.
        rerun = [path for path in (history.suspects() if history is not None else []) if path in local]
        for path in rerun:
            render([path], 1)
        rest = [path for path in inputs if path in local and path not in rerun]
        if rest:
            render(rest, int(options.get("threads") or 1))
        if log is not None:
            log.write({"end": True})
        dead = [attempt.worker for attempt in history.dead] if history is not None else []
        # Every sticker in flight at a death was rendered again by a later attempt (alone).
        again = [path for path in inputs if history is not None and history.deaths(path)]
        return {"stickers": [entries[path] for path in inputs], "worker": _worker_address(), "peak_rss": _peak_rss(),
                "dead_workers": dead, "rerun": again}
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def tidy_output(out: str, journals: Optional[str] = None) -> dict[str, Any]:
    """Removes leftover temporary files and compacts the manifest of `out` when no other
    writer is at work (a batch of no stickers), and removes the partition journals whose
    names start with `journals`; run on a worker at the end of a catalog."""
    from ._folder import render_files

    render_files([], out)
    if journals:
        for name in os.listdir(out):
            if name.startswith(journals):
                try:
                    os.unlink(os.path.join(out, name))
                except FileNotFoundError:
                    pass
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
        those of a partition that could not be run at all, are reported, not raised. A sticker
        that kills its worker (a crash in a decoder) fails with a message naming it and the
        workers that died; the rest of its partition is rendered (see `render_partition`),
        and the result lists the dead workers and the stickers rendered again.
    """
    from distributed import as_completed, get_client
    from distributed.scheduler import KilledWorker

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
    run = os.urandom(4).hex()
    journals = f".rendition-dask-{run}-"

    def submit(number: int, attempt: int) -> Any:
        part = partitions[number]
        return client.submit(render_partition, [inputs[i] for i in part], output, options, storage_options,
                             os.path.join(output, f"{journals}{number}.jsonl"), pure=False,
                             key=f"rendition-partition-{number}-{run}-{attempt}")

    futures = {submit(number, 0): (number, 0) for number in range(len(partitions))}
    peaks: dict[str, int] = {}
    dead: list[str] = []
    rerun: list[str] = []
    done = sum(1 for r in results if r is not None)
    total = len(inputs)
    completed = as_completed(list(futures))  # type: ignore[no-untyped-call]
    for future in completed:
        number, attempt = futures.pop(future)
        part = partitions[number]
        try:
            outcome = future.result()
            entries = [StickerResult.from_json(entry) for entry in outcome["stickers"]]
            peaks[outcome["worker"]] = max(peaks.get(outcome["worker"], 0), outcome["peak_rss"])
            dead += [worker for worker in outcome.get("dead_workers", []) if worker not in dead]
            rerun += outcome.get("rerun", [])
        except KilledWorker:
            # Dask gave up after its allowed failures; the partition's journal still knows
            # which stickers killed workers, so a new task goes on from there (each two
            # deaths name a sticker, so this ends within the partition's size).
            if attempt < len(part):
                retry = submit(number, attempt + 1)
                futures[retry] = (number, attempt + 1)
                completed.add(retry)
                continue
            entries = [StickerResult(name=listed[i].name, input=inputs[i], status="failed",
                                     error="partition failed: its workers kept dying") for i in part]
        except Exception as error:  # the partition could not run
            entries = [StickerResult(name=listed[i].name, input=inputs[i], status="failed",
                                     error=f"partition failed: {type(error).__name__}: {error}") for i in part]
        for index, entry in zip(part, entries):
            results[index] = entry
            done += 1
            if progress is not None:
                progress(done, total, entry)
    tidy = client.submit(tidy_output, output, journals, pure=False).result()
    peaks[tidy["worker"]] = max(peaks.get(tidy["worker"], 0), tidy["peak_rss"])
    for worker in dead:
        peaks.pop(worker, None)
    stickers = [r for r in results if r is not None]
    return CatalogResult(stickers=stickers, summary=Summary.of(stickers, output), partitions=len(partitions),
                         worker_peak_rss=peaks, dead_workers=dead, rerun=rerun)
