"""The in-flight journal of a Dask partition: which stickers a task was rendering when its
worker died, so that the retry names the sticker that kills workers instead of dying on it.

A partition task appends JSON lines to a journal file in the output folder (every worker sees
it, so a retry on another machine reads it too):

    {"attempt": 1, "worker": "tcp://10.0.0.5:40211", "pid": 4242}   an attempt begins
    {"start": ["a.png", "b.png"], "threads": 1}                     a render_files call begins
    {"done": "a.png"}                                               a sticker was reported
    {"end": true}                                                   the attempt returned

An attempt without "end" that is not the running one died. Its suspects are the stickers it
started and did not report: with one thread, only the first of them was being rendered. A
sticker in flight when two attempts died, the second time rendered alone, is the one that
kills the worker: the next attempt reports it failed and does not render it. A sticker in
flight at one death only (the worker may have been killed from outside) is rendered again,
alone, first.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass
class DeadAttempt:
    """An attempt of the partition whose worker died."""

    worker: str
    pid: int
    #: The stickers it was rendering when it died.
    in_flight: list[str] = field(default_factory=list)


@dataclass
class JournalHistory:
    """What earlier attempts of a partition left in its journal."""

    dead: list[DeadAttempt] = field(default_factory=list)
    #: Stickers reported by some attempt.
    done: set[str] = field(default_factory=set)

    def deaths(self, sticker: str) -> list[DeadAttempt]:
        """The dead attempts that had `sticker` in flight."""
        return [attempt for attempt in self.dead if sticker in attempt.in_flight]

    def fatal(self, sticker: str) -> Optional[list[DeadAttempt]]:
        """The attempts `sticker` killed, when it killed two workers (the second while
        rendered alone); else None."""
        deaths = self.deaths(sticker)
        if len(deaths) >= 2 and deaths[-1].in_flight == [sticker]:
            return deaths
        return None

    def suspects(self) -> list[str]:
        """Stickers in flight at a death, not reported since, and not yet known to be fatal."""
        seen: list[str] = []
        for attempt in self.dead:
            for sticker in attempt.in_flight:
                if sticker not in self.done and sticker not in seen and self.fatal(sticker) is None:
                    seen.append(sticker)
        return seen


def read_history(path: str) -> JournalHistory:
    """The attempts recorded in the journal at `path` (none when it does not exist)."""
    history = JournalHistory()
    try:
        with open(path, "rb") as file:
            lines = file.read().splitlines()
    except FileNotFoundError:
        return history
    attempt: Optional[dict[str, Any]] = None

    def close(current: Optional[dict[str, Any]]) -> None:
        if current is not None and not current["ended"]:
            pending = [s for s in current["started"] if s not in current["done"]]
            # With one thread the stickers after the first unreported one had not begun.
            in_flight = pending[:1] if current["threads"] == 1 else pending
            history.dead.append(DeadAttempt(current["worker"], current["pid"], in_flight))

    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:  # a line torn by the death
            continue
        if "attempt" in record:
            close(attempt)
            attempt = {"worker": str(record.get("worker", "?")), "pid": int(record.get("pid", 0)), "started": [],
                       "done": set(), "threads": 1, "ended": False}
        elif attempt is None:
            continue
        elif "start" in record:
            # A new call: what the last one left unreported was never started (it returned).
            attempt["started"] = [s for s in attempt["started"] if s in attempt["done"]] + list(record["start"])
            attempt["threads"] = int(record.get("threads", 1))
        elif "done" in record:
            attempt["done"].add(record["done"])
            history.done.add(record["done"])
        elif record.get("end"):
            attempt["ended"] = True
    # The last attempt is the one now starting only if it wrote nothing: callers read the
    # history before writing their own "attempt" line, so every open attempt here is dead.
    close(attempt)
    return history


class PartitionJournal:
    """Appends the records of one attempt to a partition's journal file."""

    def __init__(self, path: str) -> None:
        self.path = path

    def write(self, record: dict[str, Any]) -> None:
        """Appends one record as one `write` (O_APPEND: lines of several writers never mix)."""
        line = (json.dumps(record) + "\n").encode("utf-8")
        descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(descriptor, line)
        finally:
            os.close(descriptor)
