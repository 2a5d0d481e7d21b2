"""What random games say about the rules: how far the Queen travels, and where the points come from.

Reviewers of the game have said the Queen barely moves; :func:`queen_travel` measures it (the steps
between where each tour starts and ends, summed over a game).  :func:`score_sources` splits every
game's points into the slush fund, the provinces scored in special scoring rounds and the tourism
booms.  Both play seeded random games through the engine; ``progress`` is called after each game
(a view passes its progress bar's update).
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from explorer.engine import random_playout

from .scoring_rounds import SOURCES


@dataclass(frozen=True)
class GameFacts:
    """One random game: the Queen's steps, the points per source (summed over the players), the winner."""

    seed: int
    queen_steps: int
    tours: int
    points: dict[str, int]
    winner: int | None


def play(games: int = 100, seed: int = 0, options: dict | None = None,
         progress: Callable[[int], None] | None = None) -> list[GameFacts]:
    """``games`` seeded random games (seeds ``seed``, ``seed + 1``, ...) and their facts."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number 1 or more, got {games!r}")
    out = []
    for i in range(games):
        tours = []
        record, final = random_playout("take_off_eh", options or {}, seed=seed + i,
                                       on_state=lambda s, tours=tours: tours.append(s.phase == "tour"))
        out.append(GameFacts(seed + i, final.queen_steps, sum(tours),
                             {src: sum(pts) for src, pts in zip(SOURCES, final.earned, strict=True)}, final.winner))
        if progress is not None:
            progress(i + 1)
    return out


def queen_travel(games: int = 100, seed: int = 0, options: dict | None = None, progress=None) -> list[int]:
    """The Queen's steps per game (the distance from each tour's start to its end, summed)."""
    return [g.queen_steps for g in play(games, seed, options, progress)]


def score_sources(games: int = 100, seed: int = 0, options: dict | None = None, progress=None) -> dict[str, float]:
    """The share of all points scored, per source, over ``games`` random games."""
    facts = play(games, seed, options, progress)
    totals = {src: sum(g.points[src] for g in facts) for src in SOURCES}
    whole = sum(totals.values())
    return {src: (totals[src] / whole if whole else 0.0) for src in SOURCES}
