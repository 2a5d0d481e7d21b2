"""Take Off, Eh!'s whole action space (:mod:`explorer.engine.action_space`): every choice and chance
outcome its rules can offer with the given options, from its pieces and map.

- Pieces (Preparation 1-4): one tile and one coin of each of the eight suits and six values; a
  suit is chosen to play (Political Platforms) or to draw from (Completion 1); a suit die is set
  to a value (referendum, pork).
- Map (Preparation 3): the provinces and territories and Hudson Bay, whatever the layout file
  (the layouts place the same units); a coin on a province is named by its place in that
  province's row, and a row holds at most every coin of the game (48).
- Seats: a pawn or an opponent is a seat of the ``players``.
- Completion: enact or fund first, enact or prevent.
"""
from __future__ import annotations

from explorer.engine.action_space import BOOLS, ActionSpace

from .actions import (Agenda, BoardCoin, ChooseSuit, CoinDraw, Die, DrawSuit, DrawTile, Enact, Fund, HandCoin,
                      Opponent, Order, Pawn, Province, Stop, TileDraw)
from .scoring import SUITS
from .table import ALL_COINS, PROVINCES, SLUSH, VALUES

UNITS = (*PROVINCES, SLUSH)
#: Completion's two parts, in either order
PARTS = ("enact", "fund")


def action_space(options) -> ActionSpace:
    piece = {"suit": SUITS, "value": VALUES}
    seats = {"seat": range(options.players)}
    return ActionSpace("take_off_eh", decisions={
        ChooseSuit: {"suit": SUITS}, DrawSuit: {"suit": SUITS}, HandCoin: piece,
        BoardCoin: {"province": UNITS, "index": range(len(ALL_COINS))},
        Fund: {**piece, "where": UNITS}, Province: {"name": UNITS}, Agenda: piece,
        Order: {"part": PARTS}, Enact: {"enact": BOOLS}, Pawn: seats, Opponent: seats, DrawTile: {},
        Die: {"value": VALUES}, Stop: {},
    }, chance={TileDraw: piece, CoinDraw: {"value": VALUES}})
