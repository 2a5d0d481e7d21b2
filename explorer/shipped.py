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
import time
from pathlib import Path
from typing import Callable

from explorer.engine.examples import data_file
from explorer.lab.files import run_record

FOLDER = "whatif"
SEED = 1

#: per game, its questions: the kind of figures, how many games per variant, the variants
PLANS: dict[str, dict[str, dict]] = {
    "conspiracy": {
        "length": {"kind": "rounds", "games": 200, "variants": {
            "rulebook (3 columns, 2 points)": {}, "4 columns": {"columns": 4}, "3 action points": {"action_points": 3}}},
    },
    "decay": {
        "length": {"kind": "rounds", "games": 150, "variants": {"3 players": {"players": 3}, "4 players": {"players": 4}}},
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
        "players": {"kind": "journalists", "games": 400, "variants": {f"{n} players": {"players": n} for n in (2, 3, 4)}},
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


def load(name: str) -> dict:
    """The shipped file ``data/whatif/<name>.json``; a clear error if it is missing or is not the
    plan's."""
    plan = _known(name)
    f = data_file(FOLDER, f"{name}.json")
    try:
        data = json.loads(f.read_text())
    except FileNotFoundError:
        raise ShippedError(f"no shipped results for {name!r}: make them with `{command(name)}`") from None
    except (OSError, ValueError) as e:
        raise ShippedError(f"data/{FOLDER}/{name}.json cannot be read ({e.__class__.__name__}): "
                           f"make it again with `{command(name)}`") from None
    questions = data.get("questions") if isinstance(data, dict) else None
    if (data.get("seed") != SEED or not isinstance(questions, dict) or set(questions) != set(plan)
            or any({k: questions[q].get(k) for k in spec} != spec for q, spec in plan.items())):
        raise ShippedError(f"data/{FOLDER}/{name}.json is not what `{command(name)}` makes now: make it again")
    return data


def write(names: list[str], out: str | Path = "data", say=print) -> None:
    """Make the files of ``names`` in ``out/whatif/`` (every name is checked before any game)."""
    for name in names:
        _known(name)
    for name in names:
        path = Path(out) / FOLDER / f"{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(make(name), indent=1, sort_keys=True) + "\n")
        say(f"wrote {path}")
