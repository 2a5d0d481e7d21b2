"""The choices of Take Off, Eh! and its chance outcomes, as small frozen values.

Pieces are named as the rulebook names them: a suit (``"suns"``, ``"moons"``, ``"crowns"``,
``"arms"``, ``"spring"``, ``"summer"``, ``"fall"``, ``"winter"``) and a value 0-5 (null 0, ace 1).
Inside the state a tile or a coin is the pair ``(suit, value)``; there is exactly one of each.

A coin in a player's own play area is named by suit and value (its owner has looked at it).  A
coin lying face down on a province is named by the province and its place in that province's
row of coins (``BoardCoin``): whoever picks it may not know its value, and the row keeps the
order in which the coins arrived, which says nothing about their values.

Every action type keeps a pool of its instances (``of``), so that enumerating the legal choices
builds no new objects in a long random playout.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from explorer.engine import Action, ActionCodec
from explorer.engine.actions import checked
from explorer.components.piecepack import rank_name
from explorer.engine.words import seat_name, with_article

from .scoring import SUITS


def value_name(value) -> str:
    """``null``, ``ace``, ``2``-``5``; anything else as it is (``str`` of an action never raises)."""
    return rank_name(value) if type(value) is int and 0 <= value <= 5 else repr(value)


def piece(suit: str, value: int) -> str:
    """``"the 3 of fall"``, ``"the ace of suns"``, ``"the null of winter"``.  The rules word a
    coin at almost every step of a playout: each coin's words are made once (:data:`_PIECES`)."""
    try:
        return _PIECES[suit, value]
    except (KeyError, TypeError):       # not a coin (``str`` of a malformed action never raises)
        return f"the {value_name(value)} of {suit}"


def a_coin(suit: str) -> str:
    """``"a fall coin"``, ``"an arms coin"``: a coin named by its suit alone (made once per suit)."""
    try:
        return _A_COIN[suit]
    except (KeyError, TypeError):
        return with_article(f"{suit} coin")


_PIECES = {(x, v): f"the {value_name(v)} of {x}" for x in SUITS for v in range(6)}
_A_COIN = {x: with_article(f"{x} coin") for x in SUITS}


class _Pooled:
    """``Cls.of(*fields)``: the one shared instance with those fields (set up for every action type
    at the end of this module)."""

    __slots__ = ()


# -- chance outcomes ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TileDraw(_Pooled, Action):
    """A tile drawn from the face-down stacks and turned face up."""
    suit: str
    value: int

    def __str__(self):
        return f"draw {piece(self.suit, self.value)} tile"


@dataclass(frozen=True, slots=True)
class CoinDraw(_Pooled, Action):
    """The value of the coin drawn from the tax revenues (its suit was chosen, or set)."""
    value: int

    def __str__(self):
        return f"the coin drawn is {with_article(value_name(self.value))}"


# -- decisions ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseSuit(_Pooled, Action):
    """Political Platforms: the suit a player will control."""
    suit: str

    def __str__(self):
        return f"play {self.suit}"


@dataclass(frozen=True, slots=True)
class DrawSuit(_Pooled, Action):
    """Which suit to draw a coin of from the tax revenues (coins lie suit side up)."""
    suit: str

    def __str__(self):
        return f"draw {a_coin(self.suit)}"


@dataclass(frozen=True, slots=True)
class HandCoin(_Pooled, Action):
    """A coin from the player's own play area (placed at home, paid as a bribe, returned)."""
    suit: str
    value: int

    def __str__(self):
        return piece(self.suit, self.value)


@dataclass(frozen=True, slots=True)
class BoardCoin(_Pooled, Action):
    """The ``index``-th coin (0 = the first to arrive) lying on ``province``."""
    province: str
    index: int

    def __str__(self):
        return f"coin #{self.index + 1} in {self.province}"


@dataclass(frozen=True, slots=True)
class Fund(_Pooled, Action):
    """Completion 3, Fund: one coin from the play area onto a province (face down) or onto the
    slush fund in Hudson Bay (face up)."""
    suit: str
    value: int
    where: str

    def __str__(self):
        return f"fund {self.where} with {piece(self.suit, self.value)}"


@dataclass(frozen=True, slots=True)
class Province(_Pooled, Action):
    """A province or territory chosen for whatever the current step asks (home, the Queen's tour,
    a strike, a referendum, pork, a pawn's new home, a coin's destination)."""
    name: str

    def __str__(self):
        return self.name


@dataclass(frozen=True, slots=True)
class Agenda(_Pooled, Action):
    """A face-up agenda tile: the one to enact or prevent, or one to discard after a hockey game."""
    suit: str
    value: int

    def __str__(self):
        return f"{piece(self.suit, self.value)} agenda tile"


@dataclass(frozen=True, slots=True)
class Order(_Pooled, Action):
    """Completion: which part comes next, ``"enact"`` or ``"fund"``."""
    part: str

    def __str__(self):
        return f"{self.part} first"


@dataclass(frozen=True, slots=True)
class Enact(_Pooled, Action):
    """Completion 2: enact the chosen agenda item (True) or prevent it (False)."""
    enact: bool

    def __str__(self):
        return "enact it" if self.enact else "prevent it"


@dataclass(frozen=True, slots=True)
class Pawn(_Pooled, Action):
    """A player's pawn (the marker of that seat's home province)."""
    seat: int

    def __str__(self):
        return f"{seat_name(self.seat)}'s pawn"


@dataclass(frozen=True, slots=True)
class Opponent(_Pooled, Action):
    """Beer and doughnut run: the opponent made to return one more coin."""
    seat: int

    def __str__(self):
        return f"make {seat_name(self.seat)} return a coin"


@dataclass(frozen=True, slots=True)
class DrawTile(_Pooled, Action):
    """Hockey game: draw one more tile onto the agenda."""

    def __str__(self):
        return "draw another agenda tile"


@dataclass(frozen=True, slots=True)
class Die(_Pooled, Action):
    """A value secretly set on the player's suit die (referendum vote, pork)."""
    value: int

    def __str__(self):
        return f"set the die to {value_name(self.value)}"


@dataclass(frozen=True, slots=True)
class Stop(_Pooled, Action):
    """End a step that may be repeated (funding, moving pawns or coins, retrieving)."""

    def __str__(self):
        return "stop"


ACTION_TYPES = (TileDraw, CoinDraw, ChooseSuit, DrawSuit, HandCoin, BoardCoin, Fund, Province, Agenda,
                Order, Enact, Pawn, Opponent, DrawTile, Die, Stop)
CODEC = ActionCodec(ACTION_TYPES)
for _cls in ACTION_TYPES:
    _cls.of = staticmethod(cache(checked(_cls)))     # a field of the wrong type: TypeError, never pooled
