"""Conspiracy, Execute Player Turns: Draw Coins 1-4.

A turn starts by picking up the saved coin (1) and drawing from the bag up to the hand
size (2); an empty bag forces every column to advance until coins come back (3); coins
given by other players join the hand as extras (4).
"""
from __future__ import annotations

from explorer.engine.state import CHANCE
from explorer.engine.words import counted, seat_name

from . import take_actions, time_marches_on
from .actions import Draw
from .equipment import replace_at, without


def begin_turn(s, p):
    s.turn_player = p
    s.turn_count += 1
    s.done = s.done + (p,)
    s.pend = None
    saved = s.saved[p]
    hand = (saved,) if saved is not None else ()
    s.saved = replace_at(s.saved, p, None)
    s.coin_hands = replace_at(s.coin_hands, p, hand)
    s._event("draw_saved" if saved else "draw", _turn_starts, p, bool(saved))
    s.draws_needed = max(0, s.options.hand_size - len(hand))
    continue_draw(s)


def _turn_starts(p: int, saved: bool) -> str:
    """The event of a turn's start, worded when somebody reads it."""
    return f"{seat_name(p)}'s turn" + (" (picks up the saved coin)" if saved else "")


def continue_draw(s):
    p = s.turn_player
    if s.draws_needed > 0 and not s.bag:
        rounds = 0
        while len(s.bag) < s.draws_needed and time_marches_on.has_future_tiles(s):
            for c in range(s.options.columns):
                time_marches_on.advance_column(s, c, p)
            rounds += 1
        s._event("draw_short", f"the bag is empty: mandatory advancement of every column ({counted(rounds, 'time')}); "
                 f"{counted(len(s.bag), 'coin')} back in the bag")
        if not s.bag:
            s.draws_needed = 0
    if s.draws_needed > 0:
        s.phase_ = "draw"
        s.player = CHANCE
        return
    bonus = s.given[p]
    if bonus:
        s.coin_hands = replace_at(s.coin_hands, p, s.coin_hands[p] + bonus)
        s.given = replace_at(s.given, p, ())
        s.given_by = replace_at(s.given_by, p, ())
        s._event("bonus", f"{seat_name(p)} adds {counted(len(bonus), 'coin')} given by other players")
    s.ap = s.options.action_points
    take_actions.action_menu(s)


def on_draw(s, a: Draw):
    p = s.turn_player
    s.bag = without(s.bag, a.piece)
    s.coin_hands = replace_at(s.coin_hands, p, s.coin_hands[p] + (a.piece,))
    s.draws_needed -= 1
    continue_draw(s)
