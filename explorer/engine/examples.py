"""Worked examples: game records split into narrated chapters, stored under ``data/examples``.

An example file holds the usual record fields (game, options, seed) and a list of
``chapters``; each chapter has a ``title``, a ``source`` (which rulebook passage fixes its
actions, in our words), a ``reconstructed`` list (what the rulebook leaves open and we
chose) and its ``actions``.  The record is the chapters' actions in order.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .errors import RecordError
from .record import FORMAT, VERSION, GameRecord

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


def data_file(*parts: str) -> Path:
    """A file under the project's ``data/`` folder."""
    return DATA_DIR.joinpath(*parts)


@dataclass(frozen=True)
class Chapter:
    key: str
    title: str
    source: str
    reconstructed: tuple[str, ...]
    start: int          # index of the chapter's first action in the record
    end: int            # one past its last action


@dataclass(frozen=True)
class Example:
    title: str
    source: str
    record: GameRecord
    chapters: tuple[Chapter, ...]

    def chapter(self, key: str) -> Chapter:
        for c in self.chapters:
            if c.key == key:
                return c
        raise KeyError(f"no chapter {key!r}; chapters are {[c.key for c in self.chapters]}")


def load_example(name: str) -> Example:
    """Load ``data/examples/<name>.json`` and check that its record replays."""
    path = data_file("examples", f"{name}.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise RecordError(f"cannot read example {name!r}: {e}") from None
    actions, chapters = [], []
    for c in data["chapters"]:
        start = len(actions)
        actions.extend(c["actions"])
        chapters.append(Chapter(c["key"], c["title"], c.get("source", ""), tuple(c.get("reconstructed", ())),
                                start, len(actions)))
    record = GameRecord.from_json({"format": FORMAT, "version": VERSION, "game": data["game"],
                                   "options": data.get("options", {}), "seed": data.get("seed"),
                                   "actions": actions})
    return Example(data["title"], data.get("source", ""), record, tuple(chapters))
