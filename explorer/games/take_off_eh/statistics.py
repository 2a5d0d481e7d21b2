"""What the designer's lab measures in a Take Off, Eh! game, and how a seat stands.

Reviewers say the Queen barely moves: :func:`statistics` reports her travel (the steps from
each tour's start to its end, as :mod:`.analysis` measures it) and where the points came
from (slush fund, scoring rounds, tourism booms, summed over the players).
:func:`evaluate` is the seat's score, which is public.
"""
from __future__ import annotations

from .scoring_rounds import SOURCES

#: ``points_`` + each source of :data:`SOURCES`, with underscores for spaces.
POINT_COLUMNS = tuple("points_" + src.replace(" ", "_") for src in SOURCES)
STATISTIC_NAMES = ("queen_steps",) + POINT_COLUMNS


def statistics(state) -> dict[str, int]:
    return {"queen_steps": state.queen_steps,
            **{col: sum(points) for col, points in zip(POINT_COLUMNS, state.earned)}}


def evaluate(state, seat: int) -> float:
    return float(state.scores[seat])         # the public score (its observation's "scores")
