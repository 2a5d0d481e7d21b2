"""Conspiracy, Determine Player Order 1-4 (and the round's start in Sequence of Play).

Each round orders the players by their saved coins (1), breaks ties by roll-offs (2),
lets spiral holders cut in before any scheduled turn (4, 4.a) and makes those who never
did play last (4.b).  The round cap (a rule option) and our round limit end the game here.
"""
from __future__ import annotations

from explorer.components.dice import DIGITS, rolloff_groups, rolls_text
from explorer.engine.state import CHANCE
from explorer.engine.words import seat_name, seat_names

from . import draw_coins, save_and_declare, time_marches_on
from .actions import Roll, TakeTurnNow
from .equipment import is_spiral, rank_of, without


def start_round(s):
    o = s.options
    if o.round_cap is not None and s.round >= o.round_cap:
        s._event("cap", f"round cap of {o.round_cap} reached: the game stops with no winner")
        save_and_declare.finish(s, None, "cap")
        return
    if s.round >= o.round_limit:
        s._event("limit", f"{o.round_limit} rounds without a victory: the game ends with no winner "
                          "(our round limit: the rulebook ends a game only by victory)")
        save_and_declare.finish(s, None, "limit")
        return
    s.round += 1
    s.last_roll = None
    spirals = tuple(q for q in range(s.players) if s.saved[q] is not None and is_spiral(s.saved[q]))
    others = [q for q in range(s.players) if q not in spirals]
    if not others:
        s._event("spiral_last", "every player shows a spiral: all roll off for the whole order")
        s.slots = (spirals,)
        s.spiral_pending = ()
    else:
        value = {q: (rank_of(s.saved[q]) if s.saved[q] is not None else 0) for q in others}
        groups = []
        for v in sorted(set(value.values()), reverse=True):
            g = tuple(q for q in others if value[q] == v)
            groups.append(g[0] if len(g) == 1 else g)
        s.slots = tuple(groups)
        s.spiral_pending = spirals
        s._event("order", f"round {s.round}: order by saved coins")
        if spirals:
            s._event("spiral", f"{seat_names(spirals)} show{'s' if len(spirals) == 1 else ''} "
                               "a spiral and may cut in anywhere")
    s.order_then = "tmo"
    resolve_order(s)


def resolve_order(s):
    for g in s.slots:
        if isinstance(g, tuple):
            s.phase_ = "order_rolloff"
            s.rolloff = g
            s.player = CHANCE
            return
    s.rolloff = ()
    if s.order_then == "tmo":
        s._event("order", "turn order: " + ", ".join(seat_name(q) for q in s.slots))
        time_marches_on.march(s)
    else:
        next_turn(s)


def on_order_rolloff(s, a: Roll):
    group = s.rolloff
    s._event("rolloff", "roll-off: " + rolls_text(group, a.faces, DIGITS))
    sub = [g[0] if len(g) == 1 else g for g in rolloff_groups(group, a.faces)]
    i = s.slots.index(group)
    s.slots = s.slots[:i] + tuple(sub) + s.slots[i + 1:]
    resolve_order(s)


def start_turns(s):
    s.next_slot = 0
    s.done = ()
    next_turn(s)


def next_turn(s):
    if s.next_slot < len(s.slots):
        if s.spiral_pending:
            s.phase_ = "spiral_choice"
            s.asking = s.spiral_pending
            s.yes = ()
            s.player = s.asking[0]
            return
        p = s.slots[s.next_slot]
        s.next_slot += 1
        draw_coins.begin_turn(s, p)
        return
    if s.spiral_pending:
        if len(s.spiral_pending) == 1:
            p = s.spiral_pending[0]
            s.spiral_pending = ()
            s._event("spiral_last", f"{seat_name(p)} still holds a spiral and plays last")
            draw_coins.begin_turn(s, p)
            return
        s._event("spiral_last", "the spiral holders who have not played roll off for the last turns")
        s.slots = s.slots + (s.spiral_pending,)
        s.spiral_pending = ()
        s.order_then = "turns"
        resolve_order(s)
        return
    start_round(s)


def on_spiral_choice(s, a):
    p = s.asking[0]
    if isinstance(a, TakeTurnNow):
        s.yes = s.yes + (p,)
    s.asking = s.asking[1:]
    if s.asking:
        s.player = s.asking[0]
        return
    if not s.yes:
        p = s.slots[s.next_slot]
        s.next_slot += 1
        draw_coins.begin_turn(s, p)
    elif len(s.yes) == 1:
        p = s.yes[0]
        s.spiral_pending = without(s.spiral_pending, p)
        s._event("spiral", f"{seat_name(p)} plays the spiral and cuts in now")
        draw_coins.begin_turn(s, p)
    else:
        s.phase_ = "spiral_rolloff"
        s.rolloff = s.yes
        s.player = CHANCE


def on_spiral_rolloff(s, a: Roll):
    s._event("spiral_tie", "spiral roll-off: " + rolls_text(s.rolloff, a.faces, DIGITS))
    best = rolloff_groups(s.rolloff, a.faces)[0]
    if len(best) > 1:
        s.rolloff = best
        return
    p = best[0]
    s.rolloff = ()
    s.spiral_pending = without(s.spiral_pending, p)
    draw_coins.begin_turn(s, p)
