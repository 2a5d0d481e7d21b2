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
            **{col: sum(points) for col, points in zip(POINT_COLUMNS, state.earned, strict=True)}}


def evaluate(state, seat: int) -> float:
    return float(state.scores[seat])         # the public score (its observation's "scores")


#: phases after a special scoring round's provinces have scored (and the game's end)
_SCORED = ("retrieve", "over")


def scorings_to_come(state) -> int:
    """How many special scoring rounds will still score the provinces: one after every third
    round (Special Scoring Rounds), the current one until its provinces have scored."""
    r, phase = state.round, state.phase_
    return sum(1 for k in range(3, state.options.rounds + 1, 3) if k > r or (k == r and phase not in _SCORED))


def search_value(state, seat: int) -> float:
    """The strong player's value of a position for ``seat`` (explorer/engine/search.py, through
    sensible.STRONG), not a score: the points banked plus what the map would pay the seat at the
    scoring rounds to come, were it to stay as it is (coins stay on the provinces between scoring
    rounds, Special Scoring Rounds): each face-up province's ladder points times
    :func:`scorings_to_come`, the slush fund's once (it empties when it scores).  Coins the seat
    cannot see count as the mean value, as the sensible player counts them (sensible.Board)."""
    from .sensible import Board, unit_points

    value = float(state.scores[seat])
    times = scorings_to_come(state)
    if not times:
        return value
    board = Board(state, seat)
    mine = board.mine
    for coins, tile, queen, homes in board.units.values():
        if coins:
            points = unit_points(coins, len(coins) if tile is None else tile, board.suits, queen, homes,
                                 board.readings)[mine]
            value += points if tile is None else points * times
    return value
