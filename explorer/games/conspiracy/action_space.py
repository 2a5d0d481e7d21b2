"""Conspiracy's whole action space (:mod:`explorer.engine.action_space`): every choice and chance
outcome its rules can offer with the given options, from its equipment and board.

- Pieces (Equipment; Initial Setup 2-3, Draw Coins, Take Actions 5, Save and Declare): the 24
  names shared by the tiles and the coins; a secret goal is a suit and a rank.
- Board (Take Actions 5.a.iii): ``columns`` columns; rows start at the Present (0) and a new tile
  goes orthogonally next to a tile or in Future 1, so a tile at row ``r`` needs a tile in every row
  below it: with 24 tiles, no row past 24.  Coin cells are the tiles' 2x2 grids
  (:mod:`.board`): ``x < 2 * columns``, ``y < 2 * 25``.  A coin points one of the eight
  directions.
- Dice: a column check throws the four suited dice (Time Marches On 2); a roll-off one die per
  player still in it, two to ``players`` (Determine Player Order 2); an unexpected effect's two
  dice name a column and a row 0-5 (Unexpected Effects 2).
"""
from __future__ import annotations

from explorer.components.piecepack import RANKS, STANDARD
from explorer.engine.action_space import ActionSpace, Range, Sequences

from .actions import (KINDS, Cell, Choose, CoinFromHand, Column, Direction, Draw, EndActions, Flip, Give, GiveTo,
                      Goal, Mark, NewTile, NoMark, NoNewTile, PayToRemove, Roll, Save, SaveNothing, Spot,
                      TakeTurnNow, Target, TargetTile, TileFromHand, Wait)
from .board import DIRECTION_NAMES
from .equipment import ALL_PIECES
from .reckoning import DIE_SUITS

#: the highest row a tile can reach: one row per tile of the set (see the module docstring)
MAX_ROW = len(ALL_PIECES)


def action_space(options) -> ActionSpace:
    columns = range(options.columns)
    rows = range(MAX_ROW + 1)
    cell = {"x": range(2 * options.columns), "y": range(2 * (MAX_ROW + 1))}
    faces = Range(min(RANKS), max(RANKS))
    return ActionSpace("conspiracy", decisions={
        Goal: {"suit": STANDARD.suits, "number": RANKS}, TakeTurnNow: {}, Wait: {},
        Choose: {"kind": KINDS}, EndActions: {}, NoNewTile: {},
        NewTile: {"column": columns, "row": rows}, TileFromHand: {"tile": ALL_PIECES},
        CoinFromHand: {"coin": ALL_PIECES}, Cell: cell, Direction: {"direction": DIRECTION_NAMES},
        Target: cell, TargetTile: {"column": columns, "row": rows}, Column: {"column": columns},
        Give: {"coin": ALL_PIECES}, GiveTo: {"player": range(options.players)}, Flip: {},
        PayToRemove: {}, Save: {"coin": ALL_PIECES}, SaveNothing: {}, Mark: {"column": columns},
        NoMark: {},
    }, chance={
        Draw: {"piece": ALL_PIECES},
        Roll: {"faces": Sequences(faces, {len(DIE_SUITS), *range(2, options.players + 1)})},
        Spot: {"column": columns, "row": faces},
    })
