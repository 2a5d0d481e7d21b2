"""Conspiracy's Equipment: the piecepack's 24 pieces as tiles and as coins.

The tiles and the coins share their names ("Crowns-3"), so one table gives every piece's
suit and rank; a spiral is the piecepack's ace (Take Actions 5.b.v reads it as wild).
The small tuple helpers serve the rules, which replace a seat's tuple instead of
changing it in place (copies of a state share their containers).
"""
from __future__ import annotations

from explorer.components.piecepack import ACE, RANKS, STANDARD, piece_name

ALL_PIECES = tuple(piece_name(s, r) for s in STANDARD.suits for r in RANKS)
SUIT_RANK = {piece_name(s, r): (s, r) for s in STANDARD.suits for r in RANKS}


def rank_of(name: str) -> int:
    return SUIT_RANK[name][1]


def is_spiral(name: str) -> bool:
    return SUIT_RANK[name][1] == ACE


def without(items: tuple, item) -> tuple:
    """``items`` less its first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1:]


def replace_at(tup: tuple, i: int, value) -> tuple:
    """``tup`` with entry ``i`` (a seat) replaced by ``value``."""
    return tup[:i] + (value,) + tup[i + 1:]
