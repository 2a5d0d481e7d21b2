"""Conspiracy, Execute Player Turns: Save/Discard Coins 6-8 and Declare Progress or
Victory 9-10.

After the actions, one coin may be saved (a saved spiral sets off an unexpected effect,
7), the rest go back to the bag; a free progress marker may be placed on a matching
Present tile (9); the goal shown on two Present tiles wins (10).
"""
from __future__ import annotations

from explorer.components.piecepack import rank_name
from explorer.engine.state import CHANCE, TERMINAL
from explorer.engine.words import counted, seat_name

from . import player_order
from .actions import Mark, Save
from .equipment import is_spiral, rank_of, replace_at


def end_actions(s):
    s.pend = None
    if s.coin_hands[s.turn_player]:
        s.phase_ = "save"
        s.player = s.turn_player
    else:
        after_save(s)


def on_save(s, a):
    p = s.turn_player
    hand = s.coin_hands[p]
    keep = a.coin if isinstance(a, Save) else None
    back = tuple(c for c in hand if c != keep)
    s.bag = tuple(sorted(s.bag + back))
    s.coin_hands = replace_at(s.coin_hands, p, ())
    if keep is not None:
        s.saved = replace_at(s.saved, p, keep)
        s._event("save", _saves, p, keep, len(back))
        if is_spiral(keep):
            s._event("save_spiral", "a saved spiral: check for an unexpected effect")
            s.cont = "save"
            s.phase_ = "unexpected"
            s.player = CHANCE
            return
    else:
        s._event("save", _saves_nothing, p, len(back))
    after_save(s)


# The saving events, worded when somebody reads them.
def _saves(p: int, keep: str, back: int) -> str:
    return (f"{seat_name(p)} saves the {rank_name(rank_of(keep))} coin and returns "
            f"{counted(back, 'other coin')} to the bag")


def _saves_nothing(p: int, back: int) -> str:
    return f"{seat_name(p)} saves nothing and returns {counted(back, 'coin')} to the bag"


def after_save(s):
    p = s.turn_player
    s.phase_ = "after_save"
    # Declare Progress 9: the step comes whenever the marker is free, even when no Present
    # tile matches the goal, so that passing it tells the others nothing about the goal.
    if s.options.progress_marking and s.marks[p] is None:
        s.phase_ = "mark"
        s.player = p
        return
    victory_check(s)


def on_mark(s, a):
    p = s.turn_player
    if isinstance(a, Mark):
        name = s.tiles[(a.column, 0)].name
        s.marks = replace_at(s.marks, p, (name, s.round))
        s._event("mark", f"{seat_name(p)} marks {name} to declare progress")
    victory_check(s)


def victory_check(s):
    p = s.turn_player
    if s.has_won(p):
        s._event("victory" if s.options.progress_marking else "victory_nomark",
                 f"{seat_name(p)} reveals the goal {s.goals[p][0]} & {s.goals[p][1]} and wins")
        finish(s, p, "victory")
        return
    s.turn_player = -1
    s.ap = 0
    player_order.next_turn(s)


def finish(s, winner, reason):
    s.winner = winner
    s.end_reason = reason
    s.phase_ = "over"
    s.player = TERMINAL
