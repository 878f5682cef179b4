"""The in-flight journal of a Dask partition: who was in flight at each death, and which
sticker is known to kill workers."""

from __future__ import annotations

import json
from pathlib import Path

from rendition._partition_journal import PartitionJournal, read_history


def journal(path: Path, *records: dict) -> str:
    writer = PartitionJournal(str(path))
    for record in records:
        writer.write(record)
    return str(path)


def attempt(number: int, worker: str) -> dict:
    return {"attempt": number, "worker": worker, "pid": 100 + number}


def test_no_journal_no_history(tmp_path: Path) -> None:
    history = read_history(str(tmp_path / "none.jsonl"))
    assert history.dead == [] and history.suspects() == []


def test_one_death_makes_a_suspect_not_a_culprit(tmp_path: Path) -> None:
    # One thread: of the stickers not reported, only the first had begun.
    path = journal(tmp_path / "j.jsonl", attempt(1, "tcp://w1"), {"start": ["a", "b", "c"], "threads": 1},
                   {"done": "a"})
    history = read_history(path)
    assert [(d.worker, d.pid, d.in_flight) for d in history.dead] == [("tcp://w1", 101, ["b"])]
    assert history.suspects() == ["b"] and history.fatal("b") is None and history.done == {"a"}


def test_a_second_death_alone_names_the_culprit(tmp_path: Path) -> None:
    path = journal(tmp_path / "j.jsonl", attempt(1, "tcp://w1"), {"start": ["a", "b", "c"], "threads": 1},
                   {"done": "a"}, attempt(2, "tcp://w2"), {"start": ["b"], "threads": 1})
    history = read_history(path)
    deaths = history.fatal("b")
    assert deaths is not None and [d.worker for d in deaths] == ["tcp://w1", "tcp://w2"]
    assert history.suspects() == []  # b is no longer a suspect: it is known


def test_a_suspect_that_renders_alone_is_cleared(tmp_path: Path) -> None:
    # The first worker was killed from outside; the retry rendered b alone and went on.
    path = journal(tmp_path / "j.jsonl", attempt(1, "tcp://w1"), {"start": ["a", "b"], "threads": 1},
                   attempt(2, "tcp://w2"), {"start": ["a"], "threads": 1}, {"done": "a"},
                   {"start": ["b"], "threads": 1}, {"done": "b"}, {"end": True})
    history = read_history(path)
    assert [d.worker for d in history.dead] == ["tcp://w1"]
    assert history.suspects() == [] and history.fatal("a") is None


def test_several_threads_make_every_unreported_sticker_a_suspect(tmp_path: Path) -> None:
    path = journal(tmp_path / "j.jsonl", attempt(1, "tcp://w1"), {"start": ["a", "b", "c", "d"], "threads": 2},
                   {"done": "a"})
    path_text = Path(path).read_text()
    Path(path).write_text(path_text + '{"done": "tor')  # a line torn by the death is ignored
    history = read_history(path)
    assert history.dead[0].in_flight == ["b", "c", "d"] and history.suspects() == ["b", "c", "d"]
    # Two deaths with b in flight, but the second with others too: not yet known.
    again = journal(tmp_path / "k.jsonl", *[json.loads(line) for line in path_text.splitlines()],
                    attempt(2, "tcp://w2"), {"start": ["b", "c"], "threads": 2})
    assert read_history(again).fatal("b") is None
