"""What each seat may know in Conspiracy: the observation per viewer and actions worded for
a viewer (what a seat cannot see is declared for the sampler in :mod:`.hidden`).

Secret in Conspiracy (Initial Setup 2-3, Draw Coins 2, Take Actions 5.a.iii, 5.b.ii):
the tiles dealt to a player, the coins a player draws and holds, the secret goal, which
tile a player lays face down, the suit of a coin lying number side up (its value shows),
the suit of a saved coin, and which coin is handed over as a payment (the giver and the
receiver know it).  A seat always knows what it did itself.
"""
from __future__ import annotations

from explorer.components.dice import DIGITS, rolls_text
from explorer.components.piecepack import rank_name
from explorer.engine.state import CHANCE
from explorer.engine.words import seat_name

from . import board as B
from .actions import Cell, CoinFromHand, Draw, Give, Goal, Roll, Save, Spot, Target, TileFromHand, roll_words
from .equipment import SUIT_RANK, rank_of


def _where(state, x, y) -> str:
    """A board cell in words; cells off the board say so instead of failing."""
    return B.place_words(x, y, state.options.columns)


def actor(state) -> int | None:
    """The seat an action taken here belongs to (a chance draw belongs to its drawer)."""
    ph = state.phase_
    if ph == "deal":
        return state.deal_index % state.players
    if ph == "goal_draw":
        return state.deal_index // state.options.goal_coins
    if ph == "draw":
        return state.turn_player
    return None if state.player == CHANCE else state.player


def observation(state, player: int | None) -> dict:
    """What ``player`` may see (``None``: the teacher sees everything).

    Hidden: other players' tiles, hands, goals and the bag's contents; face-down
    tiles (only whoever placed one knows it); the suit of a number-side-up coin
    whose suit has never been shown, except to the player who placed or saved it."""
    teacher = player is None

    def sees(owner):
        return teacher or owner == player

    tiles = []
    for (c, r), spot in sorted(state.tiles.items()):
        known = spot.face_up or spot.seen or sees(spot.placed_by)
        tiles.append({"column": c, "row": r, "face_up": spot.face_up,
                      "tile": spot.name if known else None,
                      "marked_by": [q for q, m in enumerate(state.marks) if m and m[0] == spot.name and r == 0]})
    coins = []
    for (x, y), spot in sorted(state.coins.items()):
        suit, rank = SUIT_RANK[spot.name]
        suit_known = spot.symbol_up or spot.suit_seen or sees(spot.placed_by)
        coins.append({"x": x, "y": y, "direction": spot.direction,
                      "side": "symbol" if spot.symbol_up else "number",
                      "value": rank_name(rank), "suit": suit if suit_known else None,
                      "coin": spot.name if suit_known else None, "placed_by": spot.placed_by})
    seats = []
    for q in range(state.players):
        s = state.saved[q]
        seat = {
            "tiles": list(state.tile_hands[q]) if sees(q) else None,
            "tile_count": len(state.tile_hands[q]),
            "coins": list(state.coin_hands[q]) if sees(q) else None,
            "coin_count": len(state.coin_hands[q]),
            "saved": None if s is None else (s if sees(q) else rank_name(rank_of(s))),
            "given": list(state.given[q]) if sees(q) else None,
            "given_count": len(state.given[q]),
            "gave": gifts_by(state, q) if sees(q) else None,
            "goal": (list(state.goals[q]) if state.goals[q] else None) if sees(q) else None,
            "mark": state.marks[q][0] if state.marks[q] else None,
        }
        if state.phase_ in ("goal_draw", "goal"):
            seat["goal_coins"] = list(state.goal_draws[q]) if sees(q) else None
        seats.append(seat)
    return {
        "game": state.game, "viewer": player, "round": state.round, "phase": state.phase_,
        "current_player": state.player, "turn_player": state.turn_player if state.turn_player >= 0 else None,
        "action_points": state.ap, "columns": state.options.columns,
        "order": [s for s in state.slots if isinstance(s, int)], "spiral_pending": list(state.spiral_pending),
        "tiles": tiles, "coins": coins, "players": seats,
        "bag_count": len(state.bag), "bag": sorted(state.bag) if teacher else None,
        "last_roll": None if state.last_roll is None else {
            "column": state.last_roll[0], "faces": list(state.last_roll[1]),
            "successes": state.last_roll[2], "advanced": state.last_roll[3]},
        "winner": state.winner, "end_reason": state.end_reason,
    }


def describe(state, action, viewer: int | None = None) -> str:
    """``action`` taken in ``state``, worded for ``viewer`` (``None``: the teacher)."""
    p = actor(state)
    who = "chance" if p is None else seat_name(p)
    mine = viewer is None or viewer == p
    ph = state.phase_
    if isinstance(action, Draw) and ph in ("deal", "goal_draw", "draw"):
        what = {"deal": "is dealt", "goal_draw": "draws", "draw": "draws"}[ph]
        if mine:
            return f"{who} {what} {action.piece}"
        return f"{who} {what} {'a tile' if ph == 'deal' else 'a goal coin' if ph == 'goal_draw' else 'a coin'}"
    if ph in ("tmo", "advance_roll") and isinstance(action, Roll):
        column = state.tmo_column if ph == "tmo" else state.pend["column"]
        return f"column {column + 1} check: {roll_words(action.faces)}"
    if ph.endswith("rolloff") and isinstance(action, Roll) and len(action.faces) == len(state.rolloff):
        return f"roll-off: {rolls_text(state.rolloff, action.faces, DIGITS)}"
    if isinstance(action, Goal):
        return f"{who}: {action}" if mine else f"{who} chooses a secret goal"
    if isinstance(action, TileFromHand):
        return f"{who}: {action}" if mine else f"{who} takes a tile from hand to lay face down"
    if isinstance(action, CoinFromHand):
        return f"{who}: {action}" if mine else f"{who}: the {_rank_words(action.coin)} coin"
    if isinstance(action, Save):
        return f"{who}: {action}" if mine else f"{who} saves the {_rank_words(action.coin)} coin"
    if isinstance(action, Give):
        return f"{who}: {action}" if mine else f"{who} picks a coin to give away"
    if isinstance(action, Cell):
        return f"{who}: {_where(state, action.x, action.y)}"
    if isinstance(action, Target):
        spot = state.coins.get((action.x, action.y))
        what = f"the {rank_name(rank_of(spot.name))} coin" if spot else "coin"
        return f"{who}: target {what} at {_where(state, action.x, action.y)}"
    if isinstance(action, Spot):
        if not (isinstance(action.column, int) and isinstance(action.row, int)
                and 0 <= action.column < state.options.columns and 0 <= action.row <= 5):
            return f"unexpected effect at column {action.column!r}, row {action.row!r} (off the board)"
        return (f"unexpected effect lands on {B.column_name(action.column, state.options.columns)} column, "
                f"{B.row_name(action.row)}")
    return f"{who}: {action}"


def _rank_words(coin) -> str:
    try:
        return rank_name(rank_of(coin))
    except (KeyError, TypeError):
        return repr(coin)


def gifts_by(state, giver: int) -> list[str]:
    """Coins ``giver`` handed over that still wait in a receiver's pile (Take Actions
    5.b.ii / 5.c.ii / 5.d.ii): the giver knows them."""
    out = []
    for coins, givers in zip(state.given, state.given_by, strict=True):
        out += [c for c, g in zip(coins, givers, strict=True) if g == giver]
    return out
