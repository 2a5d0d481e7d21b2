"""Decay's whole action space (:mod:`explorer.engine.action_space`): every choice and die roll
its rules can offer with the given options, from the pieces in play (Setup 1).

- Tiles (Board Creation 1, Step 1, Step 2, Step 3): the six tiles of every side in play.
- Coins (Step 1 Tolls, Resolving Attacks): a suit of a side in play.
- Payments (Step 1, Step 2.b, Step 3): the suits of the coins spent, in the order the rules list
  them.  An entry or a lift by value spends at most as many coins as the highest rank (5), a
  slide ``slide_cost`` coins, so every sequence of suits of those lengths.
- The roll-off (Setup 2): one die per player still in it, two to ``players`` dice.
- Board spots (Board Creation 1, Step 2.d put-down, Step 3 slide): the quarter-tile lattice
  (:mod:`.board`) has no edge of its own, so the window is bounded from the pieces: the board is
  one connected group (Resolving a Split Game board) of at most ``N`` tiles, each touching the
  next with an offset under a side, so it spans less than ``N * SIZE`` units either way, and
  Board Creation lays the first tile at the origin, so every spot of Board Creation lies within
  ``N * SIZE`` of it.  In Normal Play the board can travel (a tile lifted from one edge and put
  down at another, a slide): the rules put no bound on that, and a drift of a whole board's span
  needs many turns of every tile moving the same way.  The window declared is twice the span,
  ``|x|, |y| <= 2 * N * SIZE`` (192 units for 24 tiles); a spot beyond it has no id
  (``ActionIdError`` naming it) rather than a wrong one.  Random games stay well inside (the
  farthest spot met in 180 random games of 2-4 players was 47 units out).
"""
from __future__ import annotations

from explorer.components.piecepack import RANKS, piece_name
from explorer.engine.action_space import ActionSpace, Range, Sequences

from .actions import (ChooseTile, Enter, EndTurn, NoTileMove, Pay, PickUp, Place, Roll, Slide, SlideTo,
                      StopMoving, TakeCoin, Toll)
from .board import SIZE
from .pieces import _seating


def action_space(options) -> ActionSpace:
    sides = _seating(options.players)[2]
    tiles = [piece_name(s, r) for s in sides for r in RANKS]
    reach = 2 * len(tiles) * SIZE
    spot = {"x": Range(-reach, reach), "y": Range(-reach, reach)}
    most = max(max(RANKS), options.slide_cost)
    return ActionSpace("decay", decisions={
        ChooseTile: {"tile": tiles}, Place: spot, Enter: {"tile": tiles},
        Pay: {"coins": Sequences(sides, range(0, most + 1))}, Toll: {"suit": sides},
        StopMoving: {}, PickUp: {"tile": tiles}, NoTileMove: {}, TakeCoin: {"suit": sides},
        Slide: {"tile": tiles}, SlideTo: spot, EndTurn: {},
    }, chance={Roll: {"faces": Sequences(Range(min(RANKS), max(RANKS)), range(2, max(2, options.players) + 1))}})
