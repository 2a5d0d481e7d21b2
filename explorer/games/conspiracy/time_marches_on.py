"""Conspiracy, Time Marches On 1-5: the column checks at the start of a round.

Four suited dice per column count successes against the column's face-up future tiles
(4); enough of them advance the column (5.a-c).  The same column advance serves the
mandatory advancement of Draw Coins 3 and the Advance Column action (Take Actions 5.e).
"""
from __future__ import annotations

from explorer.engine.state import CHANCE
from explorer.engine.words import counted, seat_name

from . import board as B
from . import player_order
from .actions import Roll, roll_words
from .equipment import SUIT_RANK
from .reckoning import count_successes, highest_by_suit


def has_future_tiles(s) -> bool:
    return any(r >= 1 for (_, r) in s.tiles)


def march(s):
    s.active = s.slots[0]
    if s.round == 1 or not has_future_tiles(s):
        s._event("tmo_skip", "no column check this round")
        player_order.start_turns(s)
        return
    s.phase_ = "tmo"
    s.tmo_column = 0
    s.player = CHANCE


def on_tmo(s, a: Roll):
    column_check(s, s.tmo_column, a.faces, s.active)
    s.tmo_column += 1
    if s.tmo_column == s.options.columns:
        player_order.start_turns(s)


def column_check(s, column, faces, active):
    best = highest_by_suit(SUIT_RANK[spot.name] for (c, r), spot in s.tiles.items()
                           if c == column and r >= 1 and spot.face_up)
    n = count_successes(faces, best)
    advanced = n >= s.options.successes_to_advance
    s.last_roll = (column, tuple(faces), n, advanced)
    s._event("success", _successes, column, tuple(faces), n)
    if advanced:
        s._event("tmo", "column {} advances", column + 1)
        advance_column(s, column, active)
    else:
        s._event("tmo", "column {} does not advance", column + 1)


def _successes(column: int, faces: tuple, n: int) -> str:
    """The column check's event, worded when somebody reads it."""
    return f"column {column + 1}: {roll_words(faces)} -> {n} success{'es' if n != 1 else ''}"


def advance_column(s, column, active):
    """Time Marches On 5.a-c for one column; removed tiles go to ``active``."""
    s.advances += 1
    tiles = dict(s.tiles)
    present = tiles.get((column, 0))
    f1 = tiles.get((column, 1))
    if f1 is not None and f1.face_up:
        if present is not None:
            del tiles[(column, 0)]
            s._give_tile(active, present.name)
            s._event("adv_a", f"column {column + 1}: {present.name} leaves the Present and goes to {seat_name(active)}")
            s._return_marks(present.name)
        start = 1
    else:
        if f1 is not None:
            on_f1 = [c for c in B.tile_cells(column, 1) if c in s.coins]
            s._coins_to_bag(on_f1)
            del tiles[(column, 1)]
            s._give_tile(active, f1.name)
            s._event("adv_b", f"column {column + 1}: the face-down Future 1 tile goes to {seat_name(active)}"
                     + (f" and {counted(len(on_f1), 'coin')} return to the bag" if on_f1 else ""))
        start = 2
    moved = {}
    for (c, r) in sorted(k for k in tiles if k[0] == column and k[1] >= start):
        moved[(c, r - 1)] = tiles.pop((c, r))
    tiles.update(moved)
    s.tiles = tiles
    if any(x // 2 == column for (x, _) in s.coins):
        s.coins = {((x, y - 2) if x // 2 == column else (x, y)): spot for (x, y), spot in s.coins.items()}
    if moved:
        s._event("adv_c", f"column {column + 1}: the future tiles move up one row")
