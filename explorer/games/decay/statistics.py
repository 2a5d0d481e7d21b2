"""What the designer's lab measures in a Decay game, and how a seat stands.

The board crumbles (Step 2, Resolving a Split Game board) and coins leave the game
(tolls to the dead, Step 1 Death): :func:`statistics` counts the tiles out of play and
the coins lost at the end, the turns and rounds it took, and ``first_start``, the seat
the roll-off chose to go first (Setup 2; it places the first tile and moves first,
Board Creation 2), so a sweep can tell the start player's edge.  :func:`evaluate` is what a
side needs to go on: a pawn on the board (End of Game) and coins to pay its way (Normal
Play Step 1); everything in Decay is public.
"""
from __future__ import annotations

STATISTIC_NAMES = ("tiles_out", "coins_lost", "turns", "rounds", "first_start")

#: A won game against everything short of it.
WIN = 100.0
#: What a living side is worth beyond its coins (a dead side's coins buy nothing).
ALIVE = 5.0


def statistics(state) -> dict[str, int]:
    return {"tiles_out": len(state.out), "coins_lost": sum(state.lost), "turns": state.turns,
            "rounds": state.round, "first_start": -1 if state.first is None else state.seat_of(state.first)}


def evaluate(state, seat: int) -> float:
    """The seat's living sides and their coins, less the strongest other seat's."""
    obs = state.observation(seat)
    if obs["winner"] is not None:
        return WIN if obs["winner"] == seat else -WIN
    worth = {}
    for side in obs["sides"]:
        if side["alive"]:
            worth[side["seat"]] = worth.get(side["seat"], 0.0) + ALIVE + sum(side["hand"].values())
    others = [v for q, v in worth.items() if q != seat]
    return worth.get(seat, 0.0) - max(others, default=0.0)
