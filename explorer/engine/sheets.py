"""Exercise sheets: a teacher's exercises as a JSON file, checked and answered by the engine.

The format (version 1)::

    {"format": "rules-explorer-exercises", "version": 1, "game": "journalists",
     "exercises": [EXERCISE, ...]}

Each EXERCISE is an object with

- ``key``: a name unique in the sheet (``"who-next"``); ``kind``: ``"pick"`` (pick every legal
  action of a kind), ``"predict"`` (predict an outcome of an action) or ``"chance"`` (how likely);
- ``title`` and ``question``: the teacher's words; ``rules``: the rule sections it trains, as the
  game's rule table names them (``["Turn Order", "Paying"]``; the first is the one to reread); a
  section the table holds several rules under is its first, or one of them as ``"SECTION: TEXT"``
  (the rule's section and our one-line paraphrase, as the explorer prints a rule);
  optional ``chapter`` (the Learn chapter it follows) and ``hint`` (said after a wrong answer);
- ``viewer``: the seat it is posed to, ``"Player 1"`` ... ``"Player N"`` (1-based, as every text
  of the explorer numbers them), or ``null`` for the teacher who sees everything;
- ``position``: one of ``{"example": "journalists-opening", "step": 12}`` (a worked example after
  its first 12 steps), ``{"record": SAVED_GAME, "step": 40}`` (a saved game record, as Save writes
  it, after its first 40 steps; without ``step``, all of it; or the NAME of one of the sheet's
  ``"records"``, an optional top-level object of name: saved game, so that several exercises cut
  one game), or ``{"builder": NAME}`` (a position the game's code builds);
- by kind, the named parts of :mod:`.sheet_parts`: ``scope`` (pick), ``action`` and ``outcome``
  (predict), ``probability`` (chance).  Generic names fit any position of any game; a game's own
  named parts (``SHEET_PARTS`` in its ``exercises.py``) say what data cannot.

**No answer is stored.**  :func:`load_sheet` builds the engine's exercises
(:mod:`.exercises`) and computes every answer, so a sheet cannot hold a wrong one.  It refuses a
sheet with a :class:`SheetError` naming the source and the problem: not JSON, another format or
version, another game's sheet or record, an unknown kind or name, a position that does not replay,
an action not legal there, a section not in the game's rule table, a viewer out of range, and a
question whose answer changes when what its seat cannot see is redrawn (the game's sampler of
hidden information, :data:`RESAMPLES` histories).

The built-in exercises are sheets too: ``data/exercises/<game>.json`` (:func:`builtin_sheet`).
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from . import sheet_parts as P
from .errors import RecordError
from .examples import data_file, load_example
from .exercises import Exercise, HowLikely, PickLegal, Predict
from .record import GameRecord
from .registry import get_game
from .saving import write_atomic
from .sheet_parts import (RESAMPLES, PartError, chance_choices, hidden_choices, pick_scopes,  # noqa: F401 (the API)
                          predict_choices, read_seat)
from .words import seat_name

FORMAT = "rules-explorer-exercises"
VERSION = 1
MAX_BYTES = 20_000_000
KINDS = ("pick", "predict", "chance")
COMMON = ("key", "kind", "title", "question", "rules", "viewer", "position", "chapter", "hint")
#: the named parts each kind takes (all required)
KIND_PARTS = {"pick": ("scope",), "predict": ("action", "outcome"), "chance": ("probability",)}


class SheetError(ValueError):
    """A sheet refused: one line naming the source and the problem."""


@dataclass(frozen=True)
class Sheet:
    game: str
    exercises: list
    source: str
    data: dict


# -- reading ----------------------------------------------------------------------------------------
def _read(source) -> tuple[Any, str]:
    """``(data, name)``: the parsed sheet and how to name its source in an error."""
    if isinstance(source, dict):
        return source, "sheet"
    if isinstance(source, bytes):
        name = "sheet text"
        try:
            text = source.decode("utf-8")
        except UnicodeDecodeError:
            raise SheetError(f"{name}: not UTF-8 text") from None
    elif isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        text, name = source, "sheet text"
    elif isinstance(source, (str, Path)):
        name = str(source)
        try:
            text = Path(source).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SheetError(f"{name}: no such file") from None
        except UnicodeDecodeError:
            raise SheetError(f"{name}: not UTF-8 text") from None
        except OSError as e:
            raise SheetError(f"{name}: cannot read it ({e.strerror or e})") from None
    elif hasattr(source, "read_text"):          # a packaged data file
        name, text = str(source), source.read_text(encoding="utf-8")
    else:
        raise SheetError(f"a sheet is a path, JSON text or a parsed object, got {type(source).__name__}")
    if len(text) > MAX_BYTES:
        raise SheetError(f"{name}: too large ({len(text)} characters; the limit is {MAX_BYTES})")
    try:
        return json.loads(text), name
    except json.JSONDecodeError as e:
        raise SheetError(f"{name}: not valid JSON (truncated or corrupt?): {e.msg} at line {e.lineno} "
                         f"column {e.colno}") from None
    except (RecursionError, ValueError) as e:
        raise SheetError(f"{name}: holds a value that cannot be read ({type(e).__name__})") from None


def _is_game(name: str) -> bool:
    try:
        return get_game(name) is not None
    except RecordError:
        return False


def _top(data, name: str, game: str | None) -> str:
    if not isinstance(data, dict):
        raise SheetError(f"{name}: a sheet is a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise SheetError(f"{name}: not an exercise sheet (format is {data.get('format')!r}, expected {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SheetError(f"{name}: sheet version {version!r} is not supported (this explorer reads version {VERSION})")
    extra = sorted(set(data) - {"format", "version", "game", "exercises", "records"})
    if extra:
        raise SheetError(f"{name}: unknown field(s) {', '.join(extra)}")
    sheet_game = data.get("game")
    if not isinstance(sheet_game, str) or not _is_game(sheet_game):
        raise SheetError(f"{name}: unknown game {sheet_game!r}")
    if game is not None and sheet_game != game:
        raise SheetError(f"{name}: a sheet of {get_game(sheet_game).title}, not of {get_game(game).title}")
    if not isinstance(data.get("exercises"), list) or not data["exercises"]:
        raise SheetError(f"{name}: \"exercises\" must be a list of at least one exercise")
    return sheet_game


class _Bad(Exception):
    """A problem of one exercise (the loader adds the source and the exercise)."""


def _text(e: dict, field: str, required: bool = True) -> str:
    value = e.get(field, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise _Bad(f"\"{field}\" must be {'non-empty ' if required else ''}text, got {value!r}")
    return value


def _records(data, name: str) -> dict[str, GameRecord]:
    """The sheet's table of saved games its positions name (``"records"``, optional)."""
    table = data.get("records", {})
    if not isinstance(table, dict):
        raise SheetError(f"{name}: \"records\" must be an object of name: saved game")
    out = {}
    for key, value in table.items():
        try:
            out[key] = GameRecord.from_json(value, validate=False)
        except RecordError as e:
            raise SheetError(f"{name}: the saved game {key!r} of \"records\" is refused: {e}") from None
    return out


def _position(game: str, spec, parts: P.Parts, records: dict[str, GameRecord]):
    """``(position, state, where)``: the Exercise's position (a record or a builder), its state, and
    "at step N" words for errors."""
    if not isinstance(spec, dict) or len(set(spec) & {"example", "record", "builder"}) != 1:
        raise _Bad("the position must be {\"example\": NAME, \"step\": N}, {\"record\": SAVED_GAME, \"step\": N} "
                   f"or {{\"builder\": NAME}}, got {_short(spec)}")
    extra = set(spec) - {"example", "record", "builder", "step"}
    if extra or ("builder" in spec and "step" in spec):
        raise _Bad(f"the position has unknown field(s) {', '.join(sorted(extra or {'step'}))}")
    if "builder" in spec:
        name = spec["builder"]
        if not isinstance(name, str) or name not in parts.positions:
            known = ", ".join(sorted(parts.positions)) or "none"
            raise _Bad(f"unknown position builder {name!r} (one of: {known})")
        try:
            built = parts.positions[name]()
        except Exception as e:
            raise _Bad(f"the position builder {name!r} fails: {e}") from None
        if isinstance(built, GameRecord):
            return _cut(game, built, len(built.actions), f"the builder {name!r}")
        return parts.positions[name], built, "at the position"
    if "example" in spec:
        ex_name = spec["example"]
        try:
            record = load_example(ex_name).record if isinstance(ex_name, str) else None
        except (RecordError, OSError):
            record = None
        if record is None:
            raise _Bad(f"unknown worked example {ex_name!r}")
        what = f"the worked example {ex_name!r}"
    elif isinstance(spec["record"], str):
        if spec["record"] not in records:
            raise _Bad(f"no saved game {spec['record']!r} in the sheet's \"records\" "
                       f"(it holds: {', '.join(sorted(records)) or 'none'})")
        record, what = records[spec["record"]], f"the saved game {spec['record']!r}"
    else:
        try:
            record = GameRecord.from_json(spec["record"], validate=False)
        except RecordError as e:
            raise _Bad(f"the position's record is refused: {e}") from None
        what = "a saved game"
    step = spec.get("step", len(record.actions) if "record" in spec else None)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(record.actions):
        raise _Bad(f"the position's step must be a whole number 0-{len(record.actions)} (the steps of {what}), "
                   f"got {step!r}")
    return _cut(game, record, step, what)


def _cut(game, record: GameRecord, step: int, what: str):
    if record.game != game:
        raise _Bad(f"the position is {what} of {get_game(record.game).title}, not of {get_game(game).title}")
    cut = GameRecord(record.game, record.options, record.seed, tuple(record.actions[:step]))
    try:
        state = cut.validate()
    except RecordError as e:
        raise _Bad(f"the position does not replay: {e}") from None
    return cut, state, f"at step {step}"


def _short(value, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _rules(e: dict, state) -> tuple:
    names = e.get("rules")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise _Bad(f"\"rules\" must be a list of at least one rule section, got {_short(names)}")
    table: dict[str, Any] = {}
    for ref in type(state).RULES.values():
        table.setdefault(ref.section, ref)
        table.setdefault(str(ref), ref)
    missing = [n for n in names if n not in table]
    if missing:
        raise _Bad(f"the section {missing[0]!r} is not in the rule table of {get_game(state.game).title}")
    return tuple(table[n] for n in names)


def _viewer(e: dict, state) -> int | None:
    spec = e.get("viewer")
    if spec is None:
        return None
    players = getattr(state, "players", None) or getattr(state.options, "players", None)
    try:
        return read_seat(spec, players)
    except PartError as err:
        raise _Bad(f"the viewer: {err}") from None


def _build(game: str, e, parts: P.Parts, records: dict[str, GameRecord]) -> Exercise:
    if not isinstance(e, dict):
        raise _Bad(f"an exercise is a JSON object, got {_short(e)}")
    kind = e.get("kind")
    if kind not in KINDS:
        raise _Bad(f"unknown kind {kind!r} (one of: {', '.join(KINDS)})")
    extra = sorted(set(e) - set(COMMON) - set(KIND_PARTS[kind]))
    if extra:
        raise _Bad(f"unknown field(s) for a {kind} exercise: {', '.join(extra)}")
    missing = [f for f in ("key", "title", "question", "rules", "position", *KIND_PARTS[kind]) if f not in e]
    if missing:
        raise _Bad(f"missing field(s) {', '.join(missing)}")
    position, state, where = _position(game, e["position"], parts, records)
    if state.is_terminal():
        raise _Bad(f"the game is over {where}: there is nothing to ask")
    viewer = _viewer(e, state)
    common = dict(key=_text(e, "key"), game=game, title=_text(e, "title"), question=_text(e, "question"),
                  rules=_rules(e, state), position=position, viewer=viewer,
                  chapter=_text(e, "chapter", False), hint=_text(e, "hint", False))
    ex: Exercise
    try:
        if kind == "pick":
            s = P.scope(game, e["scope"], parts, state)
            ex = PickLegal(**common, scope=s.test, candidates=s.candidates, why=s.why, noun=s.noun,
                           offer=s.offer)
        elif kind == "predict":
            o = P.outcome(game, e["outcome"], parts, state)
            ex = Predict(**common, action=P.action(game, e["action"], viewer, parts), outcome=o.read,
                         choices=o.choices, words=o.words, explain=o.explain, place=o.place)
        else:
            c = P.chance(game, e["probability"], viewer, parts, state)
            ex = HowLikely(**common, probability=c.probability, explain=c.explain, bounds=c.bounds)
    except PartError as err:
        raise _Bad(str(err)) from None
    _answer(ex, state, where)
    return ex


def _answer(ex: Exercise, state, where: str) -> None:
    """Compute the answer (the sheet is refused when the engine cannot)."""
    try:
        ex.answer_text(state)
        if isinstance(ex, Predict):
            choices = list(ex.choices(state))
            if choices and ex.answer(state) not in choices:
                raise _Bad(f"the outcome's choices {where} do not hold its answer")
    except _Bad:
        raise
    except PartError as err:
        raise _Bad(f"{err} ({where})") from None
    except Exception as err:        # a named part of the game's code that does not fit the position
        raise _Bad(f"the engine cannot answer it {where}: {err}") from None


def hidden_problem(ex: Exercise, resamples: int = RESAMPLES) -> str | None:
    """Why ``ex`` asks its seat about what the seat cannot see (None when it does not): its answer
    changes in a history the seat cannot tell from the real one (the game's sampler)."""
    g = get_game(ex.game)
    if ex.viewer is None or g.hidden_variants is None:
        return None
    who = seat_name(ex.viewer)
    if not isinstance(ex.position, GameRecord):
        return (f"posed to {who} in a game with hidden information, its position must be a record (a worked "
                "example or a saved game), so that what the seat cannot see can be redrawn")
    states, actions = ex.history()
    want = ex.answer_text(states[-1])
    sampler = g.hidden_variants.sampler(states, actions, ex.viewer)
    rng = random.Random(33)
    for _ in range(resamples):
        _, others = sampler.sample(rng)
        try:
            got = ex.answer_text(others[-1])
        except Exception:
            got = None
        if got != want:
            return (f"{who} cannot see what it asks about: its answer changes when what {who} cannot see "
                    "is redrawn")
    return None


#: the hidden-information check's verdicts, by what decides them (the game, the position's record, the seat
#: and the named parts): an exercise checked once (by :func:`entry`) is not drawn for again when its sheet is
#: saved or loaded in the same session (the check is deterministic: a fixed seed)
_VERDICTS: dict[tuple, str | None] = {}


def _hidden_checked(ex: Exercise, e: dict) -> str | None:
    if ex.viewer is None or get_game(ex.game).hidden_variants is None:
        return None
    position = ex.position.dumps() if isinstance(ex.position, GameRecord) else json.dumps(e["position"])
    named = json.dumps({k: e[k] for k in ("kind", *KIND_PARTS[e["kind"]])}, sort_keys=True)
    key = (ex.game, position, ex.viewer, named)
    if key not in _VERDICTS:
        if len(_VERDICTS) >= 512:
            _VERDICTS.clear()
        _VERDICTS[key] = hidden_problem(ex)
    return _VERDICTS[key]


def load_sheet(source, *, game: str | None = None, check_hidden: bool = True) -> Sheet:
    """The sheet ``source`` holds (a path, JSON text or bytes, or a parsed dict), every exercise
    built and answered; a :class:`SheetError` naming the problem otherwise.  ``check_hidden``:
    check each question posed to a seat against redrawn hidden information (the built-in sheets,
    checked by the tests, skip it when loaded for use)."""
    data, name = _read(source)
    sheet_game = _top(data, name, game)
    parts = P.game_parts(sheet_game)
    records = _records(data, name)
    built, keys = [], set()
    for i, e in enumerate(data["exercises"], 1):
        key = e.get("key") if isinstance(e, dict) else None
        key = key if isinstance(key, str) else None
        label = f"exercise {i}" + (f" (\"{key}\")" if key is not None else "")
        try:
            if key is not None and key in keys:
                raise _Bad(f"the key {key!r} is used twice")
            ex = _build(sheet_game, e, parts, records)
            problem = _hidden_checked(ex, e) if check_hidden else None
            if problem:
                raise _Bad(problem)
        except _Bad as err:
            raise SheetError(f"{name}: {label}: {err}") from None
        keys.add(key)
        built.append(ex)
    return Sheet(sheet_game, built, name, data)


def format_sheet(sheet: Sheet) -> str:
    """A sheet in words, each exercise with the answer the engine computes (``explorer exercises
    check``)."""
    title = get_game(sheet.game).title
    lines = [f"{sheet.source}: {title}, {len(sheet.exercises)} exercise{'s' if len(sheet.exercises) != 1 else ''}"]
    for i, ex in enumerate(sheet.exercises, 1):
        who = "the teacher" if ex.viewer is None else seat_name(ex.viewer)
        lines.append(f"{i}. {ex.title} ({ex.kind}, {ex.key}; posed to {who}; trains "
                     f"{', '.join(r.section for r in ex.rules)})")
        lines.append(f"   Q: {ex.question}")
        lines.append(f"   A: {ex.answer_text()}")
    return "\n".join(lines)


# -- writing ----------------------------------------------------------------------------------------
def dumps(data: dict) -> str:
    """A sheet as text: one exercise's field a line, a saved game's or a position's record on one line."""
    def one(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    def block(d: dict, indent: str) -> str:
        return "{\n" + ",\n".join(f"{indent} {json.dumps(k)}: {one(v)}" for k, v in d.items()) + f"\n{indent}}}"
    head = {k: v for k, v in data.items() if k not in ("exercises", "records")}
    parts = [f" {json.dumps(k)}: {one(v)}" for k, v in head.items()]
    if "records" in data:
        parts.append(' "records": ' + block(data["records"], " "))
    if "exercises" in data:
        items = data["exercises"] if isinstance(data["exercises"], list) else []
        parts.append(' "exercises": [\n' + ",\n".join("  " + block(e, "  ") if isinstance(e, dict) else "  " + one(e)
                                                        for e in items) + "\n ]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def save_sheet(path, data: dict) -> None:
    """Check ``data`` (:func:`load_sheet`), then write it to ``path`` atomically; a refused sheet
    writes nothing."""
    load_sheet(data)
    write_atomic(path, dumps(data))


def sheet(game: str, entries: list) -> dict:
    """A sheet's top level around ``entries`` (see :func:`entry`)."""
    return {"format": FORMAT, "version": VERSION, "game": game, "exercises": list(entries)}


def position_from_record(record: GameRecord, step: int) -> dict:
    """The position of a saved game cut after its first ``step`` steps."""
    return {"record": record.to_json(), "step": step}


def position_from_example(example_id: str, step: int) -> dict:
    """The position of a worked example after its first ``step`` steps."""
    return {"example": example_id, "step": step}


def _slug(text: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", text.casefold())[:6]) or "exercise"


def entry(game: str, *, kind: str, position: dict, viewer, question: str, rules, title: str = "",
          key: str | None = None, **named_parts) -> dict:
    """One exercise of a sheet, checked by building and answering it (a :class:`SheetError` when it
    cannot be).  ``viewer``: ``None`` (the teacher), a seat as the engine numbers it (0-based) or
    ``"Player N"``; ``rules``: section names or the game's RuleRefs; ``named_parts``: ``scope``,
    ``action``/``outcome`` or ``probability`` (and optionally ``chapter``, ``hint``)."""
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        viewer = seat_name(viewer)
    title = title or question.split("?")[0][:60]
    e = {"key": key or _slug(title), "kind": kind, "title": title, "question": question,
         "rules": [getattr(r, "section", r) for r in rules], "viewer": viewer, "position": position,
         **named_parts}
    load_sheet(sheet(game, [e]), game=game)
    return e


# -- the built-in sheets ----------------------------------------------------------------------------
def builtin_path(game: str):
    """``data/exercises/<game>.json`` (a packaged data file), or None when the game has none yet."""
    path = data_file("exercises", f"{game}.json")
    return path if path.is_file() else None


@cache
def builtin_sheet(game: str) -> Sheet:
    """The game's built-in sheet, loaded once (its hidden-information check is the tests')."""
    path = builtin_path(game)
    if path is None:
        raise SheetError(f"{game}: no built-in exercise sheet (data/exercises/{game}.json)")
    return load_sheet(path, game=game, check_hidden=False)
