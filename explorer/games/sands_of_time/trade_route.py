"""Actions Explained: Trade Route (also the Migrate action's free caravan and Initial Setup 6's).

A caravan goes on a border (also of territories out of play) that touches the player's capital
or one of his Cities, or his unbroken chain of caravans leading to one (:func:`~.empire.
route_places`); one caravan per player per border; it costs 2 Crops or 2 Gold (1 next to an own
Amphitheater with Cultural unlocked); Migrate's is free but one of the two territories must hold
one of his citizens.  A caravan on a trade good, or reaching a capital or City none of his
caravans touched, gives one heritage step of his choice (at most one per caravan)."""
from __future__ import annotations

from explorer.engine.words import seat_name

from functools import lru_cache

from . import empire as E
from .actions import DONE, Done, Route
from .turn import finish_action


def cost(s, q: int, b) -> int:
    return 2 - max(E.amphitheater_discount(s, q, t) for t in b)


def enter(s) -> None:
    s.phase_ = "trade_route"


def legal(s):
    q = s.player
    if len(s.routes[q]) >= E.ROUTES:
        return [DONE]
    out = []
    crops, gold = s.crops[q], s.gold[q]
    if min(crops, gold) >= 2:                  # every border affordable both ways
        for a, b in E.route_places(s, q):
            out += _routes(a, b)
        return out + [DONE]
    for a, b in E.route_places(s, q):
        c = cost(s, q, (a, b))
        if crops >= c:
            out.append(_route(a, b, "Crops"))
        if gold >= c:
            out.append(_route(a, b, "Gold"))
    return out + [DONE]


@lru_cache(maxsize=4096)
def _route(a: str, b: str, pay: str) -> Route:
    return Route(a, b, pay)


@lru_cache(maxsize=1024)
def _routes(a: str, b: str) -> list:
    return [_route(a, b, "Crops"), _route(a, b, "Gold")]


def legal_migrate_route(s):
    q = s.player
    if len(s.routes[q]) >= E.ROUTES:
        return [DONE]
    return [_route(a, b, "") for a, b in E.route_places(s, q) if E.citizens(s, a, q) or E.citizens(s, b, q)] + [DONE]


def _on_route(s, a) -> None:
    q = s.player
    if type(a) is Done:
        finish_action(s)
        return
    b = E.border(a.a, a.b)
    heritage = E.route_heritage(s, q, b)
    c = cost(s, q, b) if a.pay else 0
    if c:
        E.pay(s, q, a.pay, c)
    s.routes = s.routes[:q] + (s.routes[q] | {b},) + s.routes[q + 1:]
    s._event("trade_route" if s.phase_ == "trade_route" else "migrate",
             f"{seat_name(q)} places a caravan on {b[0]}-{b[1]}" + (f" for {c} {a.pay}" if a.pay else ""))
    if heritage:
        s.after = "action"
        s.phase_ = "heritage_gain"
        return
    finish_action(s)
