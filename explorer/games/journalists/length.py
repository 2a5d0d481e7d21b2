"""How long a game of Journalists can last: a bound on its decisions that the rules guarantee,
OpenSpiel's ``max_game_length``.  Every choice a player makes counts (a turn's card, and the
Excuse's spare cubes after a Turn (b)); chance steps do not.

Call a game's turns ``E`` (a display card taken as evidence, Turn (a)), ``B`` (a display card
bought for its cubes, Turn (b)) and ``S`` (another player's bought card taken, Taking another
player's card), and its Excuse steps ``X``; ``D`` is the number of cards in the deck
(:func:`.setup.deck_for`: the display is dealt from it) and ``C`` the chips of all the supplies
(Setup 4: ``chips`` each).

- ``E + B <= D``: each takes a card out of the display, and a card never comes back to it
  (:mod:`.taking`: it goes to a row or above one; Refilling the display turns up deck cards only).
- ``E + B <= C``: a Turn (a) discards at least one chip, a Turn (b) puts at least one on the card
  (Paying for the card; every slot costs 1 or more, :func:`.display.slot_costs`), and taking a
  player's card discards one and gives the owner back exactly what lay on that card.  So a
  supply, which can never go below nothing, has lost at least ``E + B`` chips: one per evidence
  turn, one per bought card not taken back, and one per card taken back (the chip paid for it).
- ``S <= B``: only a bought card lying above a row can be taken, and it then goes into the
  taker's row for good.
- ``X <= B``: the Excuse step follows a Turn (b) only.

So a game holds at most ``E + B + S + X <= 3 min(D, C)`` decisions, and every game ends (Game
play: no chip left in any supply, or the last card taken; :mod:`.turn_order`).
"""
from __future__ import annotations

from .setup import deck_for


def takes(o) -> int:
    """The most cards a game can take out of the display (``min(D, C)`` above)."""
    return min(len(deck_for(o)), o.players * o.chips)


def max_decisions(o) -> int:
    """The most decisions a game with options ``o`` can hold."""
    return 3 * takes(o)
