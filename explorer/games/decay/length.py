"""How long a game of Decay can last: a bound on its decisions that the rules guarantee
(End of Game and our readings of its draw and of Step 1's walk, see :mod:`.rules`'
Interpretations), OpenSpiel's ``max_game_length``.

Every term counts decisions a player makes (a step with one choice is taken by itself and
counts as none here, so the bound only overcounts):

- Board Creation: a tile chosen and a tile placed for each of the 24 tiles.
- Rounds: a round begins either after a tile left play or a side died since the last round
  began (at most 24 + 4 times: neither ever comes back) or as one more quiet round, and the
  ``draw_rounds``-th quiet round in a row ends the game; ``round_cap`` may end it sooner.
- Turns: one per side and round (four sides in every game: two suits each with two players).
- A turn: Step 1's walk makes at most ``walk_limit`` entries before a pawn that may stop
  stops; past that it goes on only onto taken tiles, each paying a toll coin, so at most one
  entry per coin in the game more, and one onto an empty tile where it must stop.  Each entry
  is up to three decisions (the tile, the payment, the toll's coin) and the stop one.  Step 2
  is the tile to lift (or none), its payment, where it goes and a coin per won attack (at most
  one per tile).  Step 3 is up to one slide per coin (a slide costs ``slide_cost`` >= 1 of the
  unspent coins), three decisions each (the tile, where, the payment), and the end of sliding.
"""
from __future__ import annotations

TILES = 24          # six tiles of each of the four suits, whoever plays them
SIDES = 4           # four suits, each a side (Setup 1, and its two-player note)


def turn_decisions(o) -> int:
    """The most decisions one turn can hold (see the module docstring)."""
    coins = SIDES * o.coins
    step1 = 3 * (o.walk_limit + coins + 1) + 1
    step2 = 3 + TILES
    step3 = 3 * coins + 1
    return step1 + step2 + step3


def max_rounds(o) -> int:
    """The most rounds of Normal Play a game can begin."""
    rounds = (TILES + SIDES + 1) * o.draw_rounds
    return rounds if o.round_cap is None else min(rounds, o.round_cap)


def max_decisions(o) -> int:
    """The most decisions a game with options ``o`` can hold."""
    return 2 * TILES + max_rounds(o) * SIDES * turn_decisions(o)
