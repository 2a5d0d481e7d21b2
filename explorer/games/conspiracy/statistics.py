"""What the designer's lab measures in a Conspiracy game, and how a seat stands.

:func:`statistics` reads the finished game: how often Time Marches On advanced a column
(5.a-c, Draw Coins 3's mandatory advancement included), how many Reveal Tile actions were
resolved (Take Actions 5.d) and how many rounds were played.  A designer varying the number
of columns or action points watches the first two move.

:func:`evaluate` scores a seat's progress toward Declare Progress or Victory 10 from the
seat's own observation only (its secret goal, the tiles it may see in the Present row), so a
player maximising it never reads what the seat cannot see.
"""
from __future__ import annotations

from .equipment import SUIT_RANK

STATISTIC_NAMES = ("columns_advanced", "tiles_revealed", "rounds")

#: A won game against everything short of it (goal progress is at most 2.5).
WIN = 10.0


def statistics(state) -> dict[str, int]:
    return {"columns_advanced": state.advances, "tiles_revealed": state.tiles_revealed,
            "rounds": state.round}


def evaluate(state, seat: int) -> float:
    """Victory 10 needs the goal suit on one Present tile and the goal number on another:
    1 for a visible Present tile showing either, 2 for a pair showing both, half a point
    more when the seat's progress marker (9) sits on one of them; +-10 for a finished game."""
    obs = state.observation(seat)
    if obs["winner"] is not None:
        return WIN if obs["winner"] == seat else -WIN
    me = obs["players"][seat]
    if me["goal"] is None:
        return 0.0
    suit, number = me["goal"]
    present = [t["tile"] for t in obs["tiles"] if t["row"] == 0 and t["tile"] is not None]
    by_suit = {t for t in present if SUIT_RANK[t][0] == suit}
    by_number = {t for t in present if SUIT_RANK[t][1] == number}
    if any(a != b for a in by_suit for b in by_number):
        value = 2.0
    else:
        value = 1.0 if by_suit or by_number else 0.0
    return value + (0.5 if value and me["mark"] in by_suit | by_number else 0.0)
