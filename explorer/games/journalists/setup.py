"""Setup 1-5: the Aces dealt (one chance node per player, in seat order), the deck
(built by :func:`deck_for`), the display filled from it one card at a time, the chips
(given when the state is made) and the start player drawn at random."""
from __future__ import annotations

from explorer.engine.state import CHANCE
from explorer.engine.words import seat_name

from . import display as D
from .cards import ACES, BASIC, COURTS, EXCUSE, ORDER, PAWNS


def deck_for(options) -> tuple[str, ...]:
    """Setup 2: the cards shuffled into the deck, in the listing's order (the deck's
    order is never kept: each card turned up is a chance outcome over what is left)."""
    cards = BASIC + (PAWNS if options.pawns else ()) + (COURTS if options.courts else ()) \
        + ((EXCUSE,) if options.excuse else ())
    return tuple(sorted(cards, key=ORDER.__getitem__))


def aces_left(s) -> tuple[str, ...]:
    return tuple(a for a in ACES if a not in s.aces)


# -- Setup 1 -----------------------------------------------------------------------------
def _on_deal_ace(s, a):
    seat = s.aces.index(None)
    s.aces = s.aces[:seat] + (a.card,) + s.aces[seat + 1:]
    s._event("aces", f"{seat_name(seat)} is dealt the {a.card}, the first card of their evidence")
    if None in s.aces:
        return
    s.set_aside = aces_left(s)
    s._event("aces", "the other Aces leave the game: " + ", ".join(s.set_aside))
    s.phase_ = "pyramid"


# -- Setup 3 -----------------------------------------------------------------------------
def _on_pyramid(s, a):
    rows = s.options.display_rows
    slot = len(s.display)
    s.display = s.display + (a.card,)
    i = s.deck.index(a.card)
    s.deck = s.deck[:i] + s.deck[i + 1:]
    s._event("pyramid", f"{a.card} is turned up in {D.row_words(rows, slot)} "
                        f"(costs {D.slot_costs(rows)[slot]})")
    if len(s.display) == D.size(rows) or not s.deck:
        s.phase_ = "start"


# -- Setup 5 -----------------------------------------------------------------------------
def _on_start(s, a):
    s._event("start", f"{seat_name(a.seat)} is chosen to start")
    s.first_start = a.seat              # read by statistics (the start player's edge)
    s.phase_ = "take"
    s.player = a.seat


def begin(s) -> None:
    """The state before the first chance node: chips handed out (Setup 4), the Aces
    about to be dealt (Setup 1)."""
    s.phase_ = "deal_aces"
    s.player = CHANCE
