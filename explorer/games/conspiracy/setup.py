"""Conspiracy, Initial Setup 2-3: dealing the tiles and choosing the secret goals.

Chance deals the 24 tiles one at a time round the table (see Interpretations in
:mod:`.rules` for 3 or 5 players), then every player draws the goal coins; each picks a
suit and a number among them, and the coins go back to the bag before the first round.
"""
from __future__ import annotations

from explorer.engine.words import seat_name

from . import player_order
from .actions import Draw, Goal
from .equipment import replace_at, without


def on_deal(s, a: Draw):
    seat = s.deal_index % s.players
    s.pool = without(s.pool, a.piece)
    s._give_tile(seat, a.piece)
    s.deal_index += 1
    if not s.pool:
        s._event("deal", "all tiles are dealt")
        s.phase_ = "goal_draw"
        s.deal_index = 0
        s.goal_draws = ((),) * s.players


def on_goal_draw(s, a: Draw):
    seat = s.deal_index // s.options.goal_coins
    s.bag = without(s.bag, a.piece)
    s.goal_draws = replace_at(s.goal_draws, seat, s.goal_draws[seat] + (a.piece,))
    s.deal_index += 1
    if s.deal_index == s.players * s.options.goal_coins:
        s.phase_ = "goal"
        s.player = 0


def on_goal(s, a: Goal):
    p = s.player
    s.goals = replace_at(s.goals, p, (a.suit, a.number))
    s._event("goal", f"{seat_name(p)} notes a secret goal")
    if p + 1 < s.players:
        s.player = p + 1
        return
    s.bag = tuple(sorted(s.bag + tuple(c for d in s.goal_draws for c in d)))
    s.goal_draws = ((),) * s.players
    s._event("goal", "the goal coins go back into the bag")
    player_order.start_round(s)
