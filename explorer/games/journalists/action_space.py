"""Journalists' whole action space (:mod:`explorer.engine.action_space`): every choice and chance
outcome its rules can offer with the given options, from the Decktet's cards.

- Cards (Setup 1-3, Refilling the display, Turn (a), Turn (b), Taking another player's card):
  every card of the deck by name; an Ace is dealt, never taken, and the Excuse's row card it
  completes is any card or ``""`` (none).
- The start player (Setup 5): a seat.
- Spare cubes onto the Excuse (Extended deck: the Excuse): at most the cubes one card brings,
  its rank or, for a Pawn, the taker's highest completed rank, so 0 up to the deck's highest rank
  under the options (``crown_rank``, ``court_rank``).
"""
from __future__ import annotations

from explorer.engine.action_space import ActionSpace

from .actions import Cubes, DealAce, Evidence, ExcuseCubes, Reveal, StartPlayer, Steal
from .cards import ACES, CARDS, fixed_rank


def action_space(options) -> ActionSpace:
    cards = [c for c in CARDS if c not in ACES]
    most = max(r for c in CARDS if (r := fixed_rank(c, options.crown_rank, options.court_rank)) is not None)
    return ActionSpace("journalists", decisions={
        Evidence: {"card": cards}, Cubes: {"card": cards, "complete": ["", *cards]},
        Steal: {"card": cards}, ExcuseCubes: {"count": range(most + 1)},
    }, chance={DealAce: {"card": ACES}, Reveal: {"card": cards}, StartPlayer: {"seat": range(options.players)}})
