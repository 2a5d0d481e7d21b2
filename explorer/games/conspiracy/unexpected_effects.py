"""Conspiracy, Unexpected Effects 1-4: what a played or saved spiral sets off.

Two dice pick a column and a row; a tile there flips (a Present tile leaves the board to
the active player), and play resumes where the spiral interrupted it: the attack, the
action menu, or the end of the turn.
"""
from __future__ import annotations

from explorer.engine.words import counted, seat_name

from . import board as B
from . import save_and_declare, take_actions
from .actions import Spot


def on_unexpected(s, a: Spot):
    """Unexpected Effects 2-4."""
    pos = (a.column, a.row)
    s.last_spot = pos
    spot = s.tiles.get(pos)
    where = f"{B.column_name(a.column, s.options.columns)} column, {B.row_name(a.row)}"
    if spot is None:
        s._event("unexpected", f"unexpected effect at {where}: no tile, no effect")
    elif a.row == 0:
        tiles = dict(s.tiles)
        del tiles[pos]
        s.tiles = tiles
        s._give_tile(s.turn_player, spot.name)
        s._event("unexpected", f"unexpected effect at {where}: {spot.name} "
                               f"leaves the Present to {seat_name(s.turn_player)}")
        s._return_marks(spot.name)
    elif spot.face_up:
        s.tiles = B.with_tile(s.tiles, pos, spot._replace(face_up=False, seen=True))
        s._event("unexpected", f"unexpected effect at {where}: {spot.name} turns face down")
    else:
        cells = [c for c in B.tile_cells(*pos) if c in s.coins]
        s._coins_to_bag(cells)
        s.tiles = B.with_tile(s.tiles, pos, spot._replace(face_up=True))
        s._event("unexpected", f"unexpected effect at {where}: the tile turns face up ({spot.name})"
                 + (f"; {counted(len(cells), 'coin')} return to the bag" if cells else ""))
    cont = s.cont
    s.cont = ""
    if cont == "attack":
        take_actions.resolve_attack(s)
    elif cont == "save":
        save_and_declare.after_save(s)
    else:
        take_actions.action_menu(s)
