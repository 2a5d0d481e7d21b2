"""Positions built directly, for worked examples, tests and notebooks: a turn about to
be played, without playing the setup and the turns before it."""
from __future__ import annotations

from explorer.engine.state import Event

from . import display as D
from .cards import ACES, KIND, check_name
from .rules import JournalistsOptions, JournalistsState, all_cards, check_invariants
from .sections import RULES


def _names(value, what: str) -> tuple[str, ...]:
    """A list of card names (checked), or a ValueError naming ``what``."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list of card names, got {value!r}")
    return tuple(check_name(c, f"{what}[{i}]") for i, c in enumerate(value))


def _count(value, what: str, least: int = 0) -> int:
    """A whole number (a bool or a float is none) of at least ``least``, or a ValueError."""
    if type(value) is not int or value < least:
        raise ValueError(f"{what} must be a whole number ({least} or more), got {value!r}")
    return value


def _pairs(value, what: str, unit: str, least: int) -> tuple[tuple[str, int], ...]:
    """A list of ``(card, count)`` pairs, each checked, or a ValueError naming the entry."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list of (card, {unit}) pairs, got {value!r}")
    out = []
    for i, entry in enumerate(value):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"{what}[{i}] must be a (card, {unit}) pair, got {entry!r}")
        card = check_name(entry[0], f"{what}[{i}]")
        out.append((card, _count(entry[1], f"{what}[{i}] ({card}) {unit}", least)))
    return tuple(out)


def _per_seat(value, n: int, what: str, default, read) -> tuple:
    """One entry per seat (``default`` for each when ``value`` is None), each read by ``read``."""
    if value is None:
        return (default,) * n
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != n:
        raise ValueError(f"{what} must be a list with one entry per seat ({n}), got {value!r}")
    return tuple(read(v, f"{what}[{q}]") for q, v in enumerate(value))


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
    position (an entry of the wrong shape or type, a card twice, cubes the rules never
    allow, more chips than the game has)."""
    o = options or JournalistsOptions()
    n = o.players
    aces = _names(aces, "aces")
    if len(aces) != n or any(a not in ACES for a in aces) or len(set(aces)) != n:
        raise ValueError(f"aces must name {n} different Aces, one per seat, got {aces!r}")
    s = JournalistsState(o)._copy()
    s.aces = aces
    s.set_aside = tuple(a for a in ACES if a not in aces)
    s.display = _names(display, "display")
    s.rows = _per_seat(rows, n, "rows", (), lambda r, what: _pairs(r, what, "cubes", 0))
    s.completed = _per_seat(completed, n, "completed", (), _names)
    s.bought = _per_seat(bought, n, "bought", (), lambda r, what: _pairs(r, what, "chips", 1))
    s.supply = _per_seat(supply, n, "supply", o.chips, _count)
    placed = list(s.display) + [c for r in s.rows for c, _ in r] + [c for r in s.completed for c in r] \
        + [c for r in s.bought for c, _ in r]
    everything = set(all_cards(o)) - set(ACES)
    if len(set(placed)) != len(placed) or not set(placed) <= everything:
        raise ValueError(f"every card of this game's deck may be in one place only: {placed}")
    if deck is None:
        deck = [c for c in all_cards(o) if c in everything and c not in placed]
    s.deck = tuple(sorted(_names(deck, "deck"), key=all_cards(o).index))
    if set(s.deck) & set(placed):
        raise ValueError("a deck card is also somewhere else")
    s.removed = tuple(c for c in all_cards(o) if c in everything and c not in placed and c not in s.deck)
    s.discarded = n * o.chips - sum(s.supply) - sum(k for r in s.bought for _, k in r)
    if s.discarded < 0:
        raise ValueError(f"more chips than the game has ({n} x {o.chips}): {sum(s.supply)} in supplies, "
                         f"{sum(k for r in s.bought for _, k in r)} on bought cards")
    if type(to_move) is not int or not 0 <= to_move < n or s.supply[to_move] == 0:
        raise ValueError(f"seat {to_move!r} cannot be to move (no such seat, or no chips)")
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
