"""Positions built directly, for worked examples, tests and notebooks: a turn about to
be played, without playing the setup and the turns before it."""
from __future__ import annotations

from explorer.engine.state import Event

from . import display as D
from .cards import ACES, KIND, check_name
from .rules import JournalistsOptions, JournalistsState, all_cards, check_invariants
from .sections import RULES


def position(aces, display, *, to_move: int = 0, rows=None, completed=None, bought=None, supply=None,
             deck=None, options: JournalistsOptions | None = None) -> JournalistsState:
    """A ``take`` step for seat ``to_move``.

    ``aces``: each seat's Ace.  ``display``: its cards, bottom row first.  Per seat
    (lists, one entry a seat; empty by default): ``rows`` of ``(card, cubes)`` right of
    the Ace, ``completed`` cards left of it, ``bought`` ``(card, chips)`` above the row,
    ``supply`` chips (the options' ``chips`` each by default).  ``deck``: the cards not
    yet seen (by default every card of the game in no other place; when given, the
    cards in no place are left out of play, as if taken by nobody).  Chips in no supply
    and on no card count as discarded.  A ValueError names what is not a possible
    position (a card twice, cubes the rules never allow, more chips than the game has)."""
    o = options or JournalistsOptions()
    n = o.players
    aces = tuple(aces)
    if len(aces) != n or any(a not in ACES for a in aces) or len(set(aces)) != n:
        raise ValueError(f"aces must name {n} different Aces, one per seat, got {aces!r}")
    s = JournalistsState(o)._copy()
    s.aces = aces
    s.set_aside = tuple(a for a in ACES if a not in aces)
    s.display = tuple(check_name(c, "display") for c in display)
    s.rows = tuple(tuple((check_name(c, "rows"), k) for c, k in r) for r in (rows or [()] * n))
    s.completed = tuple(tuple(check_name(c, "completed") for c in r) for r in (completed or [()] * n))
    s.bought = tuple(tuple((check_name(c, "bought"), k) for c, k in r) for r in (bought or [()] * n))
    s.supply = tuple(supply) if supply is not None else (o.chips,) * n
    if not (len(s.rows) == len(s.completed) == len(s.bought) == len(s.supply) == n):
        raise ValueError(f"rows, completed, bought and supply need one entry per seat ({n})")
    placed = list(s.display) + [c for r in s.rows for c, _ in r] + [c for r in s.completed for c in r] \
        + [c for r in s.bought for c, _ in r]
    everything = set(all_cards(o)) - set(ACES)
    if len(set(placed)) != len(placed) or not set(placed) <= everything:
        raise ValueError(f"every card of this game's deck may be in one place only: {placed}")
    if deck is None:
        deck = [c for c in all_cards(o) if c in everything and c not in placed]
    s.deck = tuple(sorted((check_name(c, "deck") for c in deck), key=all_cards(o).index))
    if set(s.deck) & set(placed):
        raise ValueError("a deck card is also somewhere else")
    s.removed = tuple(c for c in all_cards(o) if c in everything and c not in placed and c not in s.deck)
    s.discarded = n * o.chips - sum(s.supply) - sum(k for r in s.bought for _, k in r)
    if s.discarded < 0 or min(s.supply) < 0:
        raise ValueError(f"more chips than the game has ({n} x {o.chips})")
    if not 0 <= to_move < n or s.supply[to_move] == 0:
        raise ValueError(f"seat {to_move} cannot be to move (no such seat, or no chips)")
    if len(s.display) > D.size(o.display_rows):
        raise ValueError(f"the display holds at most {D.size(o.display_rows)} cards")
    if any(KIND[c] in ("pawn", "ace") for r in s.completed for c in r):
        raise ValueError("Pawns and Aces never lie among the completed cards")
    s.phase_ = "take"
    s.player = to_move
    s.turn = 1
    s._ev.append(Event("a position set up directly", RULES["turn"]))
    s.events = tuple(s._ev)
    del s._ev
    try:
        check_invariants(s)
    except AssertionError as e:
        raise ValueError(f"not a possible position: {e}") from None
    return s
