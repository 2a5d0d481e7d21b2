"""Worked examples: game records split into narrated chapters, stored under ``data/examples``.

An example file holds the usual record fields (game, options, seed) and a list of
``chapters``; each chapter has a ``title``, a ``source`` (which rulebook passage fixes its
actions, in our words), a ``reconstructed`` list (what the rulebook leaves open and we
chose) and its ``actions``.  The record is the chapters' actions in order.  An optional top-level
``notes`` object holds a note per step, keyed by the step number the Explorer's step slider shows
(``"0"``: before the first action, ``"12"``: after the twelfth): a teacher's lesson
(:mod:`explorer.engine.lessons`) is a worked example made from any game, with such notes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib.resources import files
from typing import TYPE_CHECKING

from .errors import RecordError
from .record import FORMAT, VERSION, GameRecord

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

DATA_PACKAGE = "explorer.data"


def data_file(*parts: str) -> Traversable:
    """A file or folder under the project's ``data/`` (use ``read_text()``, ``iterdir()``).

    ``data/`` stays at the top of the repository; pyproject.toml installs it as the package
    ``explorer.data``, and it is read as that package's resources, so the same call works
    from a checkout (editable install) and from a wheel, wherever the working directory is.
    """
    path = files(DATA_PACKAGE)
    for part in parts:
        path = path / part
    return path


def example_names() -> list[str]:
    """The names :func:`load_example` accepts (the ``data/examples/*.json`` installed), sorted."""
    return sorted(f.name.removesuffix(".json") for f in data_file("examples").iterdir()
                  if f.is_file() and f.name.endswith(".json"))


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
    #: a note per step (the Explorer's step number: 0 before the first action) -- a lesson's notes
    notes: dict[int, str] = field(default_factory=dict)

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
    return example_from_data(data)


def example_from_data(data) -> Example:
    """The :class:`Example` a parsed example file holds; its record replays (a bad field or an
    illegal action raises :class:`RecordError` naming it; :func:`explorer.engine.lessons.load_lesson`
    checks a file's shape first, for a one-line error)."""
    actions: list = []
    chapters: list[Chapter] = []
    for c in data["chapters"]:
        start = len(actions)
        actions.extend(c["actions"])
        chapters.append(Chapter(c["key"], c["title"], c.get("source", ""), tuple(c.get("reconstructed", ())),
                                start, len(actions)))
    record = GameRecord.from_json({"format": FORMAT, "version": VERSION, "game": data["game"],
                                   "options": data.get("options", {}), "seed": data.get("seed"),
                                   "actions": actions})
    notes = {int(k): v for k, v in data.get("notes", {}).items()}
    return Example(data["title"], data.get("source", ""), record, tuple(chapters), notes)
