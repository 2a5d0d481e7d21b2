"""Setup 2 (the roll-off that picks who starts) and Board Creation 1-2 (tiles placed one
at a time, then the pawns on their aces)."""
from __future__ import annotations

from explorer.components.dice import rolloff_groups, rolls_text
from explorer.components.piecepack import ACE, piece_name
from explorer.engine.words import seat_name, seat_names

from .actions import ChooseTile, Place, Roll
from .normal_play import _begin_turn, _enter, _next_side
from .pieces import _seating


# -- Setup 2 ----------------------------------------------------------------------------------
def _on_roll(s, a: Roll):
    s.last_roll = tuple(zip(s.rolloff, a.faces, strict=True))
    best = rolloff_groups(s.rolloff, a.faces)[0]
    s._event("rolloff", "roll-off: " + rolls_text(s.rolloff, a.faces))
    if len(best) > 1:
        s.rolloff = best
        s._event("rolloff", f"{seat_names(best)} tie and roll again")
        return
    s.rolloff = ()
    seat = best[0]
    s.first = s.suits_of(seat)[0]
    s._event("rolloff", f"{seat_name(seat)} starts; {s.first} places the first tile")
    _begin_placement(s, s.first)


# -- Board Creation ------------------------------------------------------------------------------
def _begin_placement(s, side):
    s.side = side
    seat = _seating(s.options.players)[1][side]     # s.seat_of(side)
    s.last_side = s.last_side[:seat] + (side,) + s.last_side[seat + 1:]
    s.player = seat
    _enter(s, "choose_tile")        # asked, or the last tile taken


def _on_choose_tile(s, a: ChooseTile):
    s.pend = {"tile": a.tile}
    # Board Creation 1: the first tile goes at the start (the one spot), the others among the
    # legal spots (asked, or the only one taken)
    _enter(s, "place_tile")


def _on_place_tile(s, a: Place):
    t = s.pend["tile"]
    s.pend = None
    lay = (s._lay if s._lay.pos is s.pos else s.layout()).with_tile(t, (a.x, a.y), s._own)
    s.pos = lay.pos
    s._lay = lay
    left = s.to_place[s.side]
    i = left.index(t)
    s.to_place = {**s.to_place, s.side: left[:i] + left[i + 1:]}
    s._event("create" if len(s.pos) == 1 else "contact", "{} places {} at {:at}", s.side, t, a)
    nxt = _next_side(s, s.to_place.__getitem__)      # the next side with a tile left to place
    if nxt is not None:
        _begin_placement(s, nxt)
        return
    s.pawns = {side: piece_name(side, ACE) for side in s.sides}
    s.__dict__.pop("_others", None)
    s._event("pawns", "every pawn goes on its own ace tile; " f"{s.first} moves first")
    s.side = None
    s.last_side = (None,) * s.players
    _begin_turn(s, s.first)

