"""Journalists' actions: the three ways a turn takes a card (Turn (a), Turn (b), Taking
another player's card) and the chance outcomes of the setup and the display (an Ace
dealt, a card revealed, the start player drawn).  Cards are named as the Decktet names
them ("The Desert").  One object per card and kind is built once (:func:`evidence`,
:func:`cubes`, ...) since actions are immutable values and a turn offers a dozen."""
from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.actions import Action, check_fields
from explorer.engine.words import seat_name

from .cards import CARDS


# -- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealAce(Action):
    """Setup 1: the next player (in seat order) is dealt this Ace."""
    card: str

    def __str__(self):
        return f"deal {self.card}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Setup 3 / Refilling the display: this card is turned up from the deck."""
    card: str

    def __str__(self):
        return f"reveal {self.card}"


@dataclass(frozen=True, slots=True)
class StartPlayer(Action):
    """Setup 5: the start player, drawn at random."""
    seat: int

    def __str__(self):
        return f"{seat_name(self.seat)} starts"


# -- decisions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Evidence(Action):
    """Turn (a): take ``card`` from the display onto the right end of the evidence row."""
    card: str

    def __str__(self):
        return f"take {self.card} as evidence (a)"


@dataclass(frozen=True, slots=True)
class Cubes(Action):
    """Turn (b): take ``card`` from the display for its cubes.  ``complete`` is only for
    the Excuse: the card of the row it completes ("" for none)."""
    card: str
    complete: str = ""

    def __str__(self):
        if self.complete:
            return f"buy {self.card} for its cubes (b), completing {self.complete}"
        return f"buy {self.card} for its cubes (b)"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Taking another player's card: a card someone bought with (b) joins the taker's row."""
    card: str

    def __str__(self):
        return f"take {self.card} from its owner as evidence"


@dataclass(frozen=True, slots=True)
class ExcuseCubes(Action):
    """Extended deck, the Excuse: of the cubes a Turn (b) could place nowhere else, ``count`` go
    on the Excuse in the player's row; the rest are discarded."""
    count: int

    def __str__(self):
        count = self.count if type(self.count) is int else repr(self.count)     # "1" is no number
        return f"put {count} spare cube{'s' if count != 1 else ''} on the Excuse"


ACTION_TYPES = (DealAce, Reveal, StartPlayer, Evidence, Cubes, Steal, ExcuseCubes)

#: one action object per card (the legal lists of every turn reuse them)
_EVIDENCE = {c: Evidence(c) for c in CARDS}
_CUBES = {c: Cubes(c) for c in CARDS}
_STEAL = {c: Steal(c) for c in CARDS}
_REVEAL = {c: Reveal(c) for c in CARDS}
_COMPLETE = {}                                   # (Excuse, card) -> Cubes, made on first use
_ONTO_EXCUSE = {}                                # count -> ExcuseCubes


def evidence(card: str) -> Evidence:
    return _EVIDENCE[card]


def cubes(card: str, complete: str = "") -> Cubes:
    if not complete:
        return _CUBES[card]
    a = _COMPLETE.get((card, complete))
    if a is None:
        a = _COMPLETE[(card, complete)] = Cubes(card, complete)
    return a


def steal(card: str) -> Steal:
    return _STEAL[card]


def reveal(card: str) -> Reveal:
    return _REVEAL[card]


def onto_excuse(count: int) -> ExcuseCubes:
    """The one ``ExcuseCubes(count)``; a count of the wrong type is a TypeError (``True``
    or ``1.0`` would otherwise find, or leave in the pool, the entry of 1)."""
    a = _ONTO_EXCUSE.get(count)
    if a is None or a.count.__class__ is not count.__class__:
        a = check_fields(ExcuseCubes(count))
        _ONTO_EXCUSE[count] = a
    return a
