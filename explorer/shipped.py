"""What-if results shipped with the explorer (``data/whatif/<game>.json``), so a page that shows
hundreds of simulated games opens at once instead of playing them first.

A game's file answers the questions of its notebook's *What if* (:data:`PLANS`): per question its
variants (rule options), how many random games each and, per variant, the figures the what-if views
draw.  The file's record says how it was made (:func:`explorer.lab.files.run_record`, as a sweep's
frame does): the command, the seed, the options and the package version.  The same random games come
out of the same seed, so a file can be checked by making it again; ``explorer shipped NAME`` (or
``--all``) remakes it.  The views offer a button to play the games live instead
(:mod:`explorer.views.shipped_whatif`).

No widgets here: the command runs without Jupyter.
"""
from __future__ import annotations

import json
import math
import tempfile
import time
from pathlib import Path
from collections.abc import Callable

from explorer.engine.examples import data_file
from explorer.engine.saving import write_atomic
from explorer.lab.files import run_record

FOLDER = "whatif"
SEED = 1

#: per game, its questions: the kind of figures, how many games per variant, the variants
PLANS: dict[str, dict[str, dict]] = {
    "conspiracy": {
        "length": {"kind": "rounds", "games": 200, "variants": {
            "rulebook (3 columns, 2 points)": {}, "4 columns": {"columns": 4},
            "3 action points": {"action_points": 3}}},
    },
    "decay": {
        "length": {"kind": "rounds", "games": 150,
                   "variants": {"3 players": {"players": 3}, "4 players": {"players": 4}}},
    },
    "take_off_eh": {
        "queen": {"kind": "queen", "games": 300, "variants": {
            "9 rounds (rulebook)": {}, "6 rounds (short game)": {"rounds": 6}}},
        "sources": {"kind": "sources", "games": 300, "variants": {
            "bonus to the first ranked": {}, "bonus to the top scorer": {"bonus_to": "top scorer"}}},
    },
    "journalists": {
        "rules": {"kind": "journalists", "games": 400, "variants": {
            "clockwise (rulebook)": {"players": 3},
            "most chips next (Variant)": {"players": 3, "most_chips_next": True},
            "without the Excuse": {"players": 3, "excuse": False}}},
        "players": {"kind": "journalists", "games": 400,
                    "variants": {f"{n} players": {"players": n} for n in (2, 3, 4)}},
    },
    "sands_of_time": {
        "tracks": {"kind": "rounds", "games": 40, "variants": {
            "0, 2, 4, 6 (reconstructed)": {"players": 3, "generation_track": [0, 2, 4, 6]},
            "0, 1, 2, 3, 4, 6 (slower)": {"players": 3, "generation_track": [0, 1, 2, 3, 4, 6]}}},
        "start": {"kind": "start", "games": 60, "variants": {"2 players": {"players": 2}, "4 players": {"players": 4}}},
        "reuse": {"kind": "reuse", "games": 60, "variants": {"3 players": {"players": 3}}},
    },
}

#: summary fields kept for a "rounds" question (the timings are the machine's, not the games')
KEPT = ("games", "seed", "won", "capped", "other", "reasons", "wins_by_seat", "rounds", "actions")


class ShippedError(ValueError):
    """A shipped file that is missing, unreadable or not what its name promises."""


def command(name: str) -> str:
    return f"explorer shipped {name}"


#: how a plan's own settings read (those that are not rule options: :func:`_options` turns them into one)
SETTING_WORDS = {"generation_track": "a Generation track of {}"}


def variant_words(game: str, options: dict) -> str:
    """A variant's options in the rulebook's words (:func:`explorer.engine.options.option_words`), a
    plan's own settings last and in theirs: "3 players and a Generation track of 0, 2, 4, 6"."""
    from explorer.engine.options import option_words
    words = [option_words(game, k, v) for k, v in options.items() if k not in SETTING_WORDS]
    words += [SETTING_WORDS[k].format(", ".join(map(str, v))) for k, v in options.items() if k in SETTING_WORDS]
    if not words:
        return "the rulebook's rules"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _options(options: dict) -> dict:
    """A plan's options as the game takes them: a Sands ``generation_track`` becomes a data folder
    with that track (:func:`explorer.games.sands_of_time.study.track_folder`)."""
    if "generation_track" not in options:
        return options
    from explorer.games.sands_of_time.study import track_folder
    rest = {k: v for k, v in options.items() if k != "generation_track"}
    return {**rest, "data_dir": track_folder(options["generation_track"])}


def _rounds(game, options, games, seed, progress):
    from explorer.simulate import resolve, run_games, summarize
    setup = resolve(game, _options(options))
    t0 = time.perf_counter()
    outcomes = run_games(setup, games, seed, progress)
    summary = summarize(setup, outcomes, seed, time.perf_counter() - t0)
    return {**{k: summary[k] for k in KEPT}, "round_counts": [o.rounds for o in outcomes],
            "game_reasons": [o.reason for o in outcomes]}


def _queen(game, options, games, seed, progress):
    from explorer.games.take_off_eh.analysis import queen_travel
    return queen_travel(games, seed, options, progress and (lambda _k: progress(1)))


def _sources(game, options, games, seed, progress):
    from explorer.games.take_off_eh.analysis import score_sources
    return score_sources(games, seed, options, progress and (lambda _k: progress(1)))


def _journalists(game, options, games, seed, progress):
    from explorer.games.journalists.study import play_many, summary, wins_after_start
    played = play_many(options, games, seed, progress)
    return {"summary": summary(played), "after_start": wins_after_start(played)}


def _start(game, options, games, seed, progress):
    from explorer.games.sands_of_time.study import wins_from_start
    return wins_from_start(options, games, seed, progress)


def _reuse(game, options, games, seed, progress):
    from explorer.games.sands_of_time.study import reuse_and_wins
    return [[k, c, w] for k, (c, w) in reuse_and_wins(options, games, seed, progress).items()]


#: kind -> fn(game, options, games, seed, progress) giving one variant's figures as JSON values
KINDS: dict[str, Callable] = {"rounds": _rounds, "queen": _queen, "sources": _sources,
                              "journalists": _journalists, "start": _start, "reuse": _reuse}


def _known(name: str) -> dict:
    if name not in PLANS:
        raise ShippedError(f"no shipped what-if named {name!r}; known: {', '.join(sorted(PLANS))}")
    return PLANS[name]


def play(name: str, question: str, games: int | None = None, seed: int = SEED, progress=None) -> dict:
    """The figures of one question of plan ``name``, played now: ``{variant: figures}`` (with
    ``games`` games per variant instead of the plan's, when given)."""
    q = _known(name)[question]
    n = q["games"] if games is None else games
    return {variant: KINDS[q["kind"]](name, options, n, seed, progress) for variant, options in q["variants"].items()}


def make(name: str, progress=None, games: int | None = None) -> dict:
    """Play the games of plan ``name`` and return the file's content (``games``: fewer games per
    variant than the plan's, for a quick check that the first games come out the same)."""
    plan = _known(name)
    questions = {q: {**spec, "games": spec["games"] if games is None else games,
                     "results": play(name, q, games, SEED, progress)} for q, spec in plan.items()}
    return run_record(command(name), SEED, {q: spec["variants"] for q, spec in plan.items()},
                      name=name, game=name, questions=questions)


#: The shape of one variant's figures, per kind: ``int`` (a whole number 0 or more), ``float`` (any
#: finite number), ``str``, ``("list", item)`` (``("list", item, "games")``: one per game),
#: ``("map", value)`` (names to values), ``("row", a, b, ...)`` (a list of that many) or a dict of
#: exactly those keys.
SHAPES = {
    "rounds": {"games": int, "seed": int, "won": int, "capped": int, "other": int, "reasons": ("map", int),
               "wins_by_seat": ("list", int), "rounds": ("map", float), "actions": ("map", float),
               "round_counts": ("list", int, "games"), "game_reasons": ("list", str, "games")},
    "queen": ("list", int, "games"),
    "sources": ("map", float),
    "journalists": {"summary": ("map", float), "after_start": ("list", float)},
    "start": ("list", float),
    "reuse": ("list", ("row", int, int, float)),
}


def _shape_problem(value, shape, games: int, where: str) -> str | None:
    """What in ``value`` does not have ``shape`` (see :data:`SHAPES`), or None."""
    if shape is int:
        ok = type(value) is int and value >= 0
        return None if ok else f"{where} is {value!r:.40}, not a whole number 0 or more"
    if shape is float:
        ok = type(value) in (int, float) and math.isfinite(value)
        return None if ok else f"{where} is {value!r:.40}, not a number"
    if shape is str:
        return None if isinstance(value, str) else f"{where} is {value!r:.40}, not a text"
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return f"{where} is not an object"
        if set(value) != set(shape):
            return f"{where} has {sorted(value)}, expected {sorted(shape)}"
        return next(filter(None, (_shape_problem(value[k], s, games, f"{where}.{k}") for k, s in shape.items())), None)
    kind, *inner = shape
    if kind == "map":
        if not isinstance(value, dict):
            return f"{where} is not an object"
        items = value.items()
        return next(filter(None, (_shape_problem(v, inner[0], games, f"{where}[{k!r}]") for k, v in items)), None)
    if not isinstance(value, list):
        return f"{where} is not a list"
    if kind == "row":
        if len(value) != len(inner):
            return f"{where} has {len(value)} values, expected {len(inner)}"
        return next(filter(None, (_shape_problem(v, s, games, f"{where}[{i}]")
                                  for i, (v, s) in enumerate(zip(value, inner, strict=True)))), None)
    if len(inner) > 1 and len(value) != games:
        return f"{where} has {len(value)} values for {games} games"
    return next(filter(None, (_shape_problem(v, inner[0], games, f"{where}[{i}]") for i, v in enumerate(value))), None)


def check(name: str, data) -> None:
    """Refuse (:class:`ShippedError`, naming the file and the problem) content that is not what
    ``explorer shipped NAME`` makes now: not an object, its record (command, seed, version, options)
    missing or different, a question or a variant missing or added, or figures of the wrong shape."""
    plan = _known(name)
    where = f"data/{FOLDER}/{name}.json"

    def bad(problem: str):
        raise ShippedError(f"{where} is not what `{command(name)}` makes now: {problem}; make it again")

    if not isinstance(data, dict):
        bad(f"holds a JSON {type(data).__name__}, not an object")
    missing = [k for k in ("command", "seed", "version", "options", "questions") if k not in data]
    if missing:
        bad(f"its record lacks {', '.join(missing)}")
    if data["command"] != command(name) or data["seed"] != SEED:
        bad(f"it was made by {data['command']!r:.60} with seed {data['seed']!r:.20}, not by "
            f"`{command(name)}` with seed {SEED}")
    questions = data["questions"]
    if not isinstance(questions, dict) or set(questions) != set(plan):
        bad(f"its questions are not {', '.join(sorted(plan))}")
    for q, spec in plan.items():
        got = questions[q]
        if not isinstance(got, dict) or any(got.get(k) != v for k, v in spec.items()):
            bad(f"question {q!r} is not the plan's (its kind, games or variants differ)")
        results = got.get("results")
        if not isinstance(results, dict) or set(results) != set(spec["variants"]):
            bad(f"question {q!r} has figures for {sorted(results) if isinstance(results, dict) else 'nothing'}, "
                f"expected one per variant: {', '.join(spec['variants'])}")
        for variant, figures in results.items():
            problem = _shape_problem(figures, SHAPES[spec["kind"]], spec["games"], f"{q}: {variant}")
            if problem:
                bad(problem)


def load(name: str) -> dict:
    """The shipped file ``data/whatif/<name>.json``, checked (:func:`check`); a clear error if it is
    missing, unreadable or not the plan's."""
    _known(name)
    f = data_file(FOLDER, f"{name}.json")
    try:
        data = json.loads(f.read_text())
    except FileNotFoundError:
        raise ShippedError(f"no shipped results for {name!r}: make them with `{command(name)}`") from None
    except (OSError, ValueError, RecursionError) as e:
        why = "nested too deeply" if isinstance(e, RecursionError) else e.__class__.__name__
        raise ShippedError(f"data/{FOLDER}/{name}.json cannot be read ({why}): "
                           f"make it again with `{command(name)}`") from None
    check(name, data)
    questions = data["questions"]
    for q, spec in _known(name).items():    # the file's keys are sorted: put the variants back in the plan's order
        for key in ("results", "variants"):
            questions[q][key] = {v: questions[q][key][v] for v in spec["variants"]}
    return data


def write(names: list[str], out: str | Path = "data", say=print) -> None:
    """Make the files of ``names`` in ``out/whatif/`` (every name, and the folder, is checked before
    any game; each file is written atomically: a failed save leaves the old one)."""
    for name in names:
        _known(name)
    folder = Path(out) / FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass                                # writable: a file can be made there
    except OSError as e:
        raise ShippedError(f"cannot write into {folder}: {e.strerror or e}") from None
    for name in names:
        path = folder / f"{name}.json"
        content = make(name)
        check(name, content)
        write_atomic(path, json.dumps(content, indent=1, sort_keys=True) + "\n")
        say(f"wrote {path}")
