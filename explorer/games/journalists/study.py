"""Many random games of Journalists, for a designer's what-ifs: who started, who won, the
scores, how long the game ran and how it ended.

The shared :mod:`explorer.simulate` reports winners by seat; Journalists draws its start
player at random (Setup 5), so the start player's advantage needs the seat *relative to
the start player*, read here from each game's record.  Game ``i`` uses seed ``seed + i``
(as :mod:`explorer.simulate` does), so two variants run with the same seed are paired.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from collections.abc import Callable

from explorer.engine import random_playout

from .actions import StartPlayer


@dataclass(frozen=True)
class Played:
    """One uniform-random game: ``start`` (the start player), ``winners``, ``scores`` (final,
    per seat), ``turns`` played, ``end_reason`` and ``wasted`` cubes."""

    seed: int
    start: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    chips_left: int
    wasted: int


def play_many(options=None, games: int = 200, seed: int = 0,
              progress: Callable[[int], object] | None = None) -> list[Played]:
    """``games`` uniform-random games with ``options`` (a dict or the options object);
    ``progress(1)`` is called after each (a tqdm bar's ``update`` fits)."""
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be at least 1, got {games!r}")
    out = []
    for i in range(games):
        record, final = random_playout("journalists", options, seed=seed + i)
        start = next(a.seat for a in record.actions if type(a) is StartPlayer)
        out.append(Played(seed + i, start, tuple(final.winners), tuple(final.final_scores), final.turn,
                          sum(final.supply), final.wasted))
        if progress is not None:
            progress(1)
    return out


def wins_after_start(played: list[Played]) -> list[float]:
    """Share of games won by the start player (index 0), the player after them (1), ...;
    a shared win counts for each winner, so the shares may add up to more than 1."""
    n = len(played[0].scores)
    wins = [0] * n
    for g in played:
        for w in g.winners:
            wins[(w - g.start) % n] += 1
    return [w / len(played) for w in wins]


def summary(played: list[Played]) -> dict:
    """Figures of a set of games: ``games``, ``winning score`` (mean of the top score),
    ``mean score``, ``median turns``, ``shared wins`` (share of games with a tie on top),
    ``start player wins`` (share), ``fair share`` (1 / players), ``ended by chips``
    (share of games ended with every supply empty rather than the last card taken) and
    ``wasted cubes`` (mean per game)."""
    n = len(played)
    players = len(played[0].scores)
    return {
        "games": n,
        "winning score": statistics.fmean(max(g.scores) for g in played),
        "mean score": statistics.fmean(s for g in played for s in g.scores),
        "median turns": statistics.median(g.turns for g in played),
        "shared wins": sum(len(g.winners) > 1 for g in played) / n,
        "start player wins": wins_after_start(played)[0],
        "fair share": 1 / players,
        "ended by chips": sum(g.chips_left == 0 for g in played) / n,
        "wasted cubes": statistics.fmean(g.wasted for g in played),
    }


__all__ = ["Played", "play_many", "summary", "wins_after_start"]
