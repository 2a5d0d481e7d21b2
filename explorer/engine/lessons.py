"""A teacher's lessons: any game (or the part of it played so far) saved as a worked example, with
chapter headings and a note per step, in the format of ``data/examples/*.json``
(:mod:`explorer.engine.examples`).

- :func:`lesson` builds the file's content from a record, the steps where chapters begin with their
  titles (and an optional text each), and the notes;
- :func:`save_lesson` checks it (by loading it) and writes it atomically: a refused lesson writes
  nothing;
- :func:`load_lesson` reads one from a path, JSON text or bytes, or a parsed dict, and refuses a
  malformed one with a :class:`LessonError` of one line naming the file and the problem (a missing
  field, a chapter without actions, an action not legal where it stands, a note past the end, a saved
  game or an exercise sheet given instead, another game's lesson).

A lesson holds the whole record (every draw and deal: a replay needs them), so it is the teacher's
file; the Explorer that shows it takes the viewer's perspective as always.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import RecordError
from .examples import Example, example_from_data
from .options import options_to_dict
from .record import FORMAT as RECORD_FORMAT, MAX_BYTES, GameRecord
from .registry import get_game
from .saving import write_atomic

FIELDS = {"title", "source", "conventions", "game", "options", "seed", "chapters", "notes"}
CHAPTER_FIELDS = {"key", "title", "source", "reconstructed", "actions"}
#: what a lesson made here says of itself when the teacher gives no text
MADE_HERE = "A lesson made in the Rules Explorer from a game played in it."


class LessonError(RecordError):
    """A lesson file that cannot be loaded; one line naming the file and the problem."""


def lesson(record: GameRecord, *, title: str, chapters: list[tuple[int, str, str]] | None = None,
           notes: dict[int, str] | None = None, source: str = "") -> dict:
    """The lesson file's content for ``record``: ``chapters`` lists ``(first step, title, text)``
    (the step number as the Explorer's slider shows it: a chapter starting at step 0 holds the record's
    first action); the first chapter must start at 0 (by default one chapter, titled ``title``).
    ``notes``: a note per step number (0..number of actions).  Blank notes are dropped."""
    n = len(record.actions)
    chapters = sorted(chapters or [(0, title, "")])
    starts = [c[0] for c in chapters]
    if starts[0] != 0:
        raise LessonError(f"the first chapter must start at step 0, not {starts[0]}")
    if len(set(starts)) != len(starts):
        raise LessonError("two chapters start at the same step")
    if len(starts) > 1 and starts[-1] >= n:
        raise LessonError(f"a chapter starts at step {starts[-1]}, where no action follows (the game has {n})")
    actions = [a.to_json() for a in record.actions]
    out = []
    for i, (start, heading, text) in enumerate(chapters):
        end = starts[i + 1] if i + 1 < len(starts) else n
        out.append({"key": f"chapter-{i + 1}", "title": heading.strip() or f"Chapter {i + 1}",
                    "source": text.strip(), "reconstructed": [], "actions": actions[start:end]})
    kept = {str(k): v.strip() for k, v in sorted((notes or {}).items()) if v and v.strip()}
    bad = [k for k in kept if not 0 <= int(k) <= n]
    if bad:
        raise LessonError(f"a note at step {bad[0]}, outside the game's steps 0..{n}")
    data = {"title": title.strip() or "A lesson", "source": source.strip() or MADE_HERE,
            "game": record.game, "options": options_to_dict(record.options), "seed": record.seed,
            "chapters": out}
    if kept:
        data["notes"] = kept
    return data


def lesson_text(data: dict) -> str:
    """The lesson as the JSON text of its file (indented, for a person to read)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def save_lesson(path, data: dict) -> Example:
    """Check ``data`` (it must load) and write it to ``path`` atomically; returns what it loads as.
    A refused lesson raises :class:`LessonError` and writes nothing."""
    example = load_lesson(data, name=Path(path).name)
    write_atomic(path, lesson_text(data))
    return example


def _read(source, name: str | None) -> tuple[Any, str]:
    """``(parsed JSON, the name errors use)`` for a path, JSON text or bytes, or a dict."""
    if isinstance(source, dict):
        return source, name or "the lesson"
    if isinstance(source, (bytes, bytearray, memoryview)):
        raw, name = bytes(source), name or "the lesson"
    elif isinstance(source, str) and source.lstrip().startswith("{"):
        raw, name = source.encode("utf-8"), name or "the lesson"
    else:
        path = Path(source)
        name = name or path.name
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise LessonError(f"{name}: cannot read the file ({e.strerror or e})") from None
    if len(raw) > MAX_BYTES:
        raise LessonError(f"{name}: the file is too large to be a lesson ({len(raw)} bytes)")
    try:
        return json.loads(raw.decode("utf-8")), name
    except UnicodeDecodeError:
        raise LessonError(f"{name}: not a text file (a lesson is JSON text)") from None
    except json.JSONDecodeError as e:
        raise LessonError(f"{name}: not valid JSON (truncated or corrupt?): {e.msg} at line {e.lineno} "
                          f"column {e.colno}") from None
    except (RecursionError, ValueError) as e:
        raise LessonError(f"{name}: the file holds a value that cannot be read ({type(e).__name__})") from None


def _quoted(names) -> str:
    return ", ".join(f"“{n}”" for n in names)


def _shape(data) -> str | None:
    """The first problem with the file's shape (before its record is replayed), or None."""
    if not isinstance(data, dict):
        return "a lesson is a JSON object with a title, a game and chapters"
    fmt = data.get("format")
    if fmt == RECORD_FORMAT:
        return "this is a saved game, not a lesson (a lesson has chapters)"
    if fmt == "rules-explorer-exercises":
        return "this is an exercise sheet, not a lesson: open it in the Practice tab"
    for name in ("title", "game", "chapters"):
        if name not in data:
            return f"the lesson has no “{name}” field"
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        return f"unknown field(s) {_quoted(unknown)} (a lesson has {', '.join(sorted(FIELDS))})"
    for name in ("title", "game", "source", "conventions"):
        if name in data and not isinstance(data[name], str):
            return f"the field “{name}” must be text"
    chapters = data["chapters"]
    if not isinstance(chapters, list) or not chapters:
        return "“chapters” must be a list of at least one chapter"
    keys = set()
    for i, c in enumerate(chapters, 1):
        if not isinstance(c, dict):
            return f"chapter {i} is not an object"
        missing = [k for k in ("key", "title", "actions") if k not in c]
        if missing:
            return f"chapter {i} has no “{missing[0]}” field"
        unknown = sorted(set(c) - CHAPTER_FIELDS)
        if unknown:
            return f"chapter {i} has unknown field(s) {_quoted(unknown)}"
        if not isinstance(c["key"], str) or not isinstance(c["title"], str) or not isinstance(c.get("source", ""), str):
            return f"chapter {i}'s key, title and source must be text"
        if c["key"] in keys:
            return f"two chapters have the key “{c['key']}”"
        keys.add(c["key"])
        if not isinstance(c["actions"], list):
            return f"chapter {i}'s actions must be a list"
        rec = c.get("reconstructed", [])
        if not isinstance(rec, list) or not all(isinstance(r, str) for r in rec):
            return f"chapter {i}'s “reconstructed” must be a list of text"
    if "options" in data and not isinstance(data["options"], dict):
        return "“options” must be an object of name: value"
    notes = data.get("notes", {})
    if not isinstance(notes, dict):
        return "“notes” must be an object of step number: text"
    n = sum(len(c["actions"]) for c in chapters)
    for k, v in notes.items():
        if not (isinstance(k, str) and k.isdigit() and 0 <= int(k) <= n):
            return f"a note at step “{k}”: steps are numbered 0 to {n}"
        if not isinstance(v, str):
            return f"the note at step {k} must be text"
    return None


def load_lesson(source, *, game: str | None = None, name: str | None = None) -> Example:
    """The lesson in ``source`` (a path, JSON text or bytes, or a parsed dict) as an
    :class:`Example` whose record replays; ``game``: the game it must be of.  ``name``: what errors
    call the file (by default its file name).  A malformed lesson raises :class:`LessonError`."""
    data, name = _read(source, name)
    problem = _shape(data)
    if problem is None and game is not None and data["game"] != game:
        try:
            theirs = get_game(data["game"]).title
        except RecordError:
            theirs = f"an unknown game “{data['game']}”"
        problem = f"this lesson is for {theirs}, not {get_game(game).title}"
    if problem is not None:
        raise LessonError(f"{name}: {problem}")
    try:
        return example_from_data(data)
    except RecordError as e:
        raise LessonError(f"{name}: {str(e).splitlines()[0]}") from None
