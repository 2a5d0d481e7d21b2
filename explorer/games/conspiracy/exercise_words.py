"""Words Conspiracy's exercise parts share (:mod:`.exercises` and :mod:`.exercises_round`): the
names of places, coins and seats as every seat reads them."""
from __future__ import annotations

from explorer.engine.words import seat_name

from . import board as B
from .equipment import SUIT_RANK, rank_of


def where(x: int, y: int) -> str:
    return B.cell_name(x, y)


def tile_where(column: int, row: int) -> str:
    return f"{B.row_name(row)}, {B.column_name(column)} column"


def number(coin: str) -> str:
    """A coin's number side in words: blank (0), spiral (1) or its number."""
    r = rank_of(coin)
    return {0: "blank", 1: "spiral"}.get(r, str(r))


def piece_words(name: str) -> str:
    """A tile or coin by suit and number, as the rules speak of it ("Arms blank", "Moons spiral",
    "Crowns 5"), not by the piecepack's rank names (null, ace)."""
    return f"{SUIT_RANK[name][0]} {number(name)}"


def yes_no(value) -> str:
    return "yes" if value else "no"


NOBODY = "nobody"


def seat_or_nobody(p) -> str:
    return NOBODY if p == NOBODY else seat_name(p)
