"""What the designer's lab measures in a Journalists game, and how a seat stands.

:func:`statistics` counts the evidence cards completed by everyone, the cubes wasted and
the time chips discarded (cubes and chips that scored nothing: what a designer varying the
chips or the display watches), the turns played, and ``first_start``, the seat drawn to start
(Setup 5; -1 for a game built from a position after that draw), so a sweep can tell the start
player's edge.  :func:`evaluate` is the seat's score
as Scoring counts it (nothing in Journalists is private).
"""
from __future__ import annotations

STATISTIC_NAMES = ("cards_completed", "wasted_cubes", "discarded_chips", "turns", "first_start")


def statistics(state) -> dict[str, int]:
    return {"cards_completed": sum(map(len, state.completed)), "wasted_cubes": state.wasted,
            "discarded_chips": state.discarded, "turns": state.turn,
            "first_start": getattr(state, "first_start", -1)}


def evaluate(state, seat: int) -> float:
    """The seat's score: the final one once the game is over, else as if it ended now."""
    obs = state.observation(seat)
    if obs["final_scores"] is not None:
        return float(obs["final_scores"][seat])
    return float(obs["players"][seat]["score"])
