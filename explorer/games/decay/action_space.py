"""Decay's whole action space (:mod:`explorer.engine.action_space`): every choice and die roll
its rules can offer with the given options, from the pieces in play (Setup 1).

- Tiles (Board Creation 1, Step 1, Step 2, Step 3): the six tiles of every side in play.
- Coins (Step 1 Tolls, Resolving Attacks): a suit of a side in play.
- Payments (Step 1, Step 2.b, Step 3): the suits of the coins spent, in the order the rules list
  them.  An entry or a lift by value spends at most as many coins as the highest rank (5), a
  slide ``slide_cost`` coins, so every sequence of suits of those lengths.
- The roll-off (Setup 2): one die per player still in it, two to ``players`` dice.
- Board spots (Board Creation 1, Step 2.d put-down, Step 3 slide) count from the board: a spot's
  id holds ``(x - x0, y - y0)``, where ``(x0, y0)`` is the lower-left corner of the board's
  bounding box in the state that offers it (the least ``x`` and the least ``y`` of its tiles;
  ``(0, 0)`` before the first tile, which goes at the origin).  The rules put no bound on where
  the board drifts in Normal Play (tiles lifted from one edge and put down at another, slides,
  sections removed), but they bound every spot they offer relative to the board: the board is one
  connected group (Resolving a Split Game board) of at most ``N`` tiles, each touching the next on
  a side, so its tiles' corners lie within ``(N - 1) * SIZE`` of ``(x0, y0)`` either way; and a
  tile put down (Board Creation 1, Step 2.d) touches a tile of the board, a slid tile keeps two of
  its neighbours (Step 3), so its corner lies within ``SIZE`` of a tile's.  Hence
  ``-SIZE <= x - x0, y - y0 <= N * SIZE``: 101 values each way for 24 tiles.  (A tile lifted in
  Step 2 is still on the board until it is put down: the corner counts it.)
"""
from __future__ import annotations

from explorer.components.piecepack import RANKS, piece_name
from explorer.engine.action_space import ActionSpace, Frame, Range, Sequences

from .actions import (ChooseTile, Enter, EndTurn, NoTileMove, Pay, PickUp, Place, Roll, Slide, SlideTo,
                      StopMoving, TakeCoin, Toll)
from .board import SIZE
from .pieces import _seating


def board_corner(state) -> dict[str, int]:
    """The lower-left corner of the board's bounding box in ``state`` (``(0, 0)`` with no tile):
    where a spot's id counts from."""
    pos = state.pos
    if not pos:
        return {"x": 0, "y": 0}
    return {"x": min(x for x, _ in pos.values()), "y": min(y for _, y in pos.values())}


#: the frame of the board spots (see the module docstring)
BOARD = Frame(board_corner, "the board's lower-left corner")


def action_space(options) -> ActionSpace:
    sides = _seating(options.players)[2]
    tiles = [piece_name(s, r) for s in sides for r in RANKS]
    spot = {"x": Range(-SIZE, len(tiles) * SIZE), "y": Range(-SIZE, len(tiles) * SIZE)}
    most = max(max(RANKS), options.slide_cost)
    return ActionSpace("decay", decisions={
        ChooseTile: {"tile": tiles}, Place: spot, Enter: {"tile": tiles},
        Pay: {"coins": Sequences(sides, range(0, most + 1))}, Toll: {"suit": sides},
        StopMoving: {}, PickUp: {"tile": tiles}, NoTileMove: {}, TakeCoin: {"suit": sides},
        Slide: {"tile": tiles}, SlideTo: spot, EndTurn: {},
    }, chance={Roll: {"faces": Sequences(Range(min(RANKS), max(RANKS)), range(2, max(2, options.players) + 1))}},
        frames={Place: BOARD, SlideTo: BOARD})
