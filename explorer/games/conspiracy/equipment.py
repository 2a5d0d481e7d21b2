"""Conspiracy's Equipment: the piecepack's 24 pieces as tiles and as coins.

The tiles and the coins share their names ("Crowns-3"), so one table gives every piece's
suit and rank; a spiral is the piecepack's ace (Take Actions 5.b.v reads it as wild).
The small tuple helpers serve the rules, which replace a seat's tuple instead of
changing it in place (copies of a state share their containers).
"""
from __future__ import annotations

import re

from explorer.components.piecepack import ACE, NULL, RANKS, STANDARD, piece_name

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


#: a number side in the rulebook's words: a blank is 0, the ace a spiral (Equipment; Initial Setup 3)
NUMBER_WORDS = {NULL: "blank", ACE: "spiral"}
_PIECE = re.compile(r"\b(" + "|".join(STANDARD.suits) + r")-(null|ace|[2-5])\b")
_RANK = re.compile(r"\b(null|ace) (coin|tile)")


def number_words(rank: int) -> str:
    """A rank as the rules speak of it: blank (0), spiral (1) or its number."""
    return NUMBER_WORDS.get(rank, str(rank))


def piece_words(name: str) -> str:
    """A tile or coin by suit and number, as the rules speak of it ("Arms blank", "Moons spiral",
    "Crowns 5"), not by the piecepack's rank names (null, ace) nor as one word ("Crowns-5")."""
    suit, rank = SUIT_RANK[name]
    return f"{suit} {number_words(rank)}"


def plain_words(text: str) -> str:
    """``text`` with every piece named as :func:`piece_words` names it ("Moons-null" -> "Moons
    blank") and a rank before "coin" or "tile" in the rules' words ("the null coin" -> "the blank
    coin"): what the steps, events and refusals say, so that a piece has one name everywhere."""
    if "-" in text:
        text = _PIECE.sub(lambda m: piece_words(m.group(0)), text)
    if "null " in text or "ace " in text:
        text = _RANK.sub(lambda m: f"{'blank' if m.group(1) == 'null' else 'spiral'} {m.group(2)}", text)
    return text

