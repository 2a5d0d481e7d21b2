"""Many random games of one game, summarised: who wins, how long games last, how fast.

Game-agnostic: it needs only the engine contract, :func:`~explorer.engine.random_playout`
and, when a game has them, a ``round_cap`` rule option and a ``round`` attribute on its
states.  Used by ``explorer simulate`` and by notebooks::

    from explorer.simulate import simulate, format_summary
    summary = simulate("conspiracy", 200, seed=1, options={"columns": 4})
    print(format_summary(summary))

Game ``i`` of a run uses seed ``seed + i``, so a summary (timing apart) is the same
every time for the same seed, and any single game can be replayed on its own.
"""
from __future__ import annotations

import dataclasses
import math
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from explorer.engine import (OptionsError, RecordError, get_game, options_from_dict,
                             options_to_dict, parse_option_strings, random_playout)
from explorer.engine.registry import Game
from explorer.engine.state import STOPPED

#: The round cap a simulation uses when none is asked for, so that every game ends.
#: Uniform-random Conspiracy: median about 25 rounds, p90 about 50, 1 game in 200 capped.
DEFAULT_ROUND_CAP = 100


class SetupError(ValueError):
    """A simulation or benchmark asked for something that makes no sense: an unknown
    game, a bad rule option, no games at all.  The message names the problem."""


@dataclass(frozen=True)
class Setup:
    """A game and the rule options a run uses, and whether the default cap was added."""

    game: Game
    options: Any
    default_cap: bool


def option_name(item: str) -> str:
    """The option a ``"name=value"`` string sets, spelled as :func:`parse_option_strings` reads it."""
    return item.partition("=")[0].strip().replace("-", "_")


def resolve(game: str, options=None, *, default_round_cap: int | None = DEFAULT_ROUND_CAP) -> Setup:
    """Look up ``game`` and build its rule options.

    ``options`` is None (the rulebook's values), a mapping of option values, a list of
    ``"name=value"`` strings (as typed on the command line) or the game's options
    dataclass itself, which is used as it is.  Unless ``round_cap`` is among the
    options given, a game that has that option gets ``default_round_cap``.
    Raises :class:`SetupError`."""
    try:
        g = get_game(game)
    except RecordError as e:
        raise SetupError(str(e)) from None
    if isinstance(options, g.options_type):
        return Setup(g, options, False)
    try:
        if options is None or isinstance(options, Mapping):
            given = set(options or ())
            opts = options_from_dict(g.options_type, options)
        elif isinstance(options, Sequence) and not isinstance(options, str):
            given = {option_name(item) for item in options}
            opts = parse_option_strings(g.options_type, list(options))
        else:
            raise OptionsError(f"options must be a mapping, a list of name=value strings or "
                               f"{g.options_type.__name__}, got {options!r}")
    except OptionsError as e:
        raise SetupError(f"{game}: {e}") from None
    has_cap = "round_cap" in {f.name for f in dataclasses.fields(g.options_type)}
    if has_cap and "round_cap" not in given and default_round_cap is not None:
        return Setup(g, dataclasses.replace(opts, round_cap=default_round_cap), True)
    return Setup(g, opts, False)


@dataclass(frozen=True)
class GameOutcome:
    """How one random game went."""

    seed: int
    winners: tuple[int, ...]
    reason: str
    rounds: int | None          # the state's ``round`` at the end, if the game counts rounds
    actions: int                # every applied action, chance outcomes included
    decisions: int              # the actions a player chose


def play_one(setup: Setup, seed: int) -> GameOutcome:
    """One uniform-random game, chance sampled from ``random.Random(seed)``."""
    counts: dict = {}
    record, state = random_playout(setup.game.name, setup.options, seed=seed, counts=counts)
    result = state.result()
    return GameOutcome(seed, tuple(result.winners), result.reason, getattr(state, "round", None),
                       len(record.actions), counts["decisions"])


def run_games(setup: Setup, games: int, seed: int = 0,
              progress: Callable[[int], Any] | None = None) -> list[GameOutcome]:
    """Play ``games`` games with seeds ``seed, seed + 1, ...``; ``progress(1)`` is called
    after each (a tqdm bar's ``update`` fits)."""
    out = []
    for i in range(games):
        out.append(play_one(setup, seed + i))
        if progress is not None:
            progress(1)
    return out


def percentile(values: Sequence[float], q: float):
    """The nearest-rank ``q``-th percentile (a value that occurred)."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(len(ordered) * q / 100)) - 1]


def summarize(setup: Setup, outcomes: Sequence[GameOutcome], seed: int, elapsed: float) -> dict:
    """The summary dict of a run (see :func:`simulate`)."""
    n = len(outcomes)
    seats = getattr(setup.options, "players", None) or 0
    seats = max([seats] + [w + 1 for o in outcomes for w in o.winners])
    wins = Counter(w for o in outcomes for w in o.winners)
    won = sum(1 for o in outcomes if o.winners)
    stopped = [not o.winners and o.reason in STOPPED for o in outcomes]
    capped = sum(stopped)
    counts_rounds = None not in [o.rounds for o in outcomes]
    # finished games only (read only when every game counts rounds)
    rounds = [o.rounds for o, cut in zip(outcomes, stopped, strict=True) if not cut and o.rounds is not None]
    actions = [o.actions for o in outcomes]
    decisions = [o.decisions for o in outcomes]
    defaults = options_to_dict(setup.game.options_type())
    chosen = options_to_dict(setup.options)
    return {
        "game": setup.game.name,
        "games": n,
        "seed": seed,
        "options": chosen,
        "changed_options": {k: v for k, v in chosen.items() if defaults.get(k) != v},
        "round_cap": chosen.get("round_cap"),
        "round_cap_is_default": setup.default_cap,
        "won": won,
        "capped": capped,
        "other": n - won - capped,
        "reasons": dict(sorted(Counter(o.reason for o in outcomes).items())),
        "other_reasons": dict(Counter(o.reason for o, cut in zip(outcomes, stopped, strict=True)
                                      if not o.winners and not cut).most_common()),
        "wins_by_seat": [wins[s] for s in range(seats)],
        "rounds": None if not counts_rounds else {
            "finished": len(rounds), "capped": capped,
            **({"median": statistics.median(rounds), "p90": percentile(rounds, 90),
                "min": min(rounds), "max": max(rounds)} if rounds else
               {"median": None, "p90": None, "min": None, "max": None})},
        "actions": {"median": statistics.median(actions), "mean": statistics.fmean(actions),
                    "min": min(actions), "max": max(actions)},
        "decisions": {"median": statistics.median(decisions), "mean": statistics.fmean(decisions)},
        "elapsed_seconds": elapsed,
        "games_per_second": n / elapsed if elapsed > 0 else None,
    }


def simulate(game: str | Setup, games: int, seed: int = 0, options=None, *,
             default_round_cap: int | None = DEFAULT_ROUND_CAP,
             progress: Callable[[int], Any] | bool | None = None) -> dict:
    """Play ``games`` uniform-random games of ``game`` and summarise them.

    ``game`` is a game id, with ``options`` as in :func:`resolve`, or a :class:`Setup`
    that :func:`resolve` made (then ``options`` is not given).  ``progress`` is a
    callable given 1 after each game (e.g. a tqdm bar's ``update``), or True for a
    ``tqdm.auto`` bar.

    Returns a dict: ``won``/``capped``/``other`` counts (adding up to ``games``; ``other_reasons``
    counts the other games' end reasons),
    ``wins_by_seat`` (a list indexed by seat), ``rounds`` (median, p90, min, max of the games
    that finished, i.e. not stopped by the round cap or limit, with ``finished`` and ``capped``
    counting both kinds; None when the game has no rounds), ``actions`` and ``decisions`` per game (median,
    mean), ``elapsed_seconds`` and ``games_per_second``, and the options used.
    Raises :class:`SetupError` for a nonsense request."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SetupError(f"the number of games must be at least 1, got {games!r}")
    if isinstance(game, Setup):
        if options is not None:
            raise SetupError("give the options to resolve(), not with a Setup")
        setup = game
    else:
        setup = resolve(game, options, default_round_cap=default_round_cap)
    start = time.perf_counter()
    if progress is True:
        from tqdm.auto import tqdm
        with tqdm(total=games, desc=setup.game.name, unit="game") as bar:
            outcomes = run_games(setup, games, seed, bar.update)
    else:
        outcomes = run_games(setup, games, seed, progress or None)
    return summarize(setup, outcomes, seed, time.perf_counter() - start)


def _num(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def format_summary(s: dict) -> str:
    """The summary as the lines ``explorer simulate`` prints."""
    n = s["games"]
    changed = " ".join(f"{k}={v}" for k, v in s["changed_options"].items() if k != "round_cap")
    lines = [f"{s['game']}: {n} random games, seeds {s['seed']}..{s['seed'] + n - 1}, "
             f"options: {changed or 'the rulebook values'}"]
    if "round_cap" in s["options"]:
        cap = s["round_cap"]
        how = " (the simulations' default, so that every game ends)" if s["round_cap_is_default"] else ""
        lines.append(f"round cap: {cap if cap is not None else 'none'}{how}")
    else:
        lines.append(f"round cap: none ({s['game']} has no round_cap option)")
    outcome = f"outcome: {s['won']} won, {s['capped']} capped"
    if s["other"]:
        why = ", ".join(f"{k} {reason}" for reason, k in s.get("other_reasons", {}).items())
        outcome += f", {s['other']} ended with no winner" + (f" ({why})" if why else "")
    lines.append(outcome)
    seats = "  ".join(f"{seat}: {w} ({100 * w / n:.1f}%)" for seat, w in enumerate(s["wins_by_seat"]))
    lines.append(f"wins by seat: {seats}")
    r = s["rounds"]
    if r is None:
        lines.append("rounds: not counted by this game")
    elif not r["finished"]:
        lines.append(f"rounds: no game finished (all {r['capped']} stopped by the round cap)")
    else:
        beside = f"; {r['capped']} capped game{'s' if r['capped'] != 1 else ''} not counted" if r["capped"] else ""
        lines.append(f"rounds of the {r['finished']} finished games: median {_num(r['median'])}, p90 {r['p90']} "
                     f"(min {r['min']}, max {r['max']}){beside}")
    a, d = s["actions"], s["decisions"]
    lines.append(f"actions per game: median {_num(a['median'])}, mean {a['mean']:.1f} "
                 f"(decisions: median {_num(d['median'])}, mean {d['mean']:.1f})")
    elapsed = f"elapsed: {s['elapsed_seconds']:.2f} s"
    if s["games_per_second"] is not None:
        elapsed += f", {s['games_per_second']:.1f} games/s"
    lines.append(elapsed)
    return "\n".join(lines)
