"""What the designer's lab measures in a Conspiracy game, and how a seat stands.

:func:`statistics` reads the finished game: how often Time Marches On advanced a column
(5.a-c, Draw Coins 3's mandatory advancement included), how many Reveal Tile actions were
resolved (Take Actions 5.d) and how many rounds were played.  A designer varying the number
of columns or action points watches the first two move.

:func:`evaluate` scores a seat's progress toward Declare Progress or Victory 10 from the
seat's own observation only (its secret goal, the tiles it may see in the Present row), so a
player maximising it never reads what the seat cannot see.  :func:`search_value` is the strong
player's score of a playout it cuts short (its STRONG settings in :mod:`.sensible`): the same
progress, and what brings it nearer.
"""
from __future__ import annotations

from .equipment import SUIT_RANK

STATISTIC_NAMES = ("columns_advanced", "tiles_revealed", "rounds")

#: A won game against everything short of it (goal progress is at most 2.5).
WIN = 10.0


def statistics(state) -> dict[str, int]:
    return {"columns_advanced": state.advances, "tiles_revealed": state.tiles_revealed,
            "rounds": state.round}


def _outcome(obs, seat: int) -> float | None:
    """+-10 for a finished game, 0 before the seat has chosen its goal, else None."""
    if obs["winner"] is not None:
        return WIN if obs["winner"] == seat else -WIN
    return 0.0 if obs["players"][seat]["goal"] is None else None


def _present(obs, seat: int) -> tuple[float, float]:
    """The Present row's progress toward the seat's goal (0, 1 or 2) and the half point of its
    progress marker on one of the tiles that show it."""
    me = obs["players"][seat]
    suit, number = me["goal"]
    present = [t["tile"] for t in obs["tiles"] if t["row"] == 0 and t["tile"] is not None]
    by_suit = {t for t in present if SUIT_RANK[t][0] == suit}
    by_number = {t for t in present if SUIT_RANK[t][1] == number}
    if any(a != b for a in by_suit for b in by_number):
        value = 2.0
    elif by_suit or by_number:
        value = 1.0
    else:
        value = 0.0
    return value, (0.5 if value and me["mark"] in by_suit | by_number else 0.0)


def evaluate(state, seat: int) -> float:
    """Victory 10 needs the goal suit on one Present tile and the goal number on another:
    1 for a visible Present tile showing either, 2 for a pair showing both, half a point
    more when the seat's progress marker (9) sits on one of them; +-10 for a finished game."""
    obs = state.observation(seat)
    done = _outcome(obs, seat)
    return sum(_present(obs, seat)) if done is None else done


def search_value(state, seat: int) -> float:
    """:func:`evaluate`'s progress and what brings it nearer, from the seat's observation: the
    sensible player's reading of the board (:func:`.sensible.goal_potential`: the Present row's
    progress, face-up goal tiles one and two rows from the Present where the Present lacks their
    part, planted face-down goal tiles of its own waiting for a flip, Present tiles another player
    marked) and the half point of its progress marker; +-10 for a finished game."""
    from .sensible import goal_potential

    obs = state.observation(seat)
    done = _outcome(obs, seat)
    return goal_potential(obs, seat) + _present(obs, seat)[1] if done is None else done
