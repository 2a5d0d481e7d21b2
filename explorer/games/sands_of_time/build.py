"""Actions Explained: Build, and the Structures' effects at building time.

A structure from the supply goes into a territory the player owns: one of a kind per territory,
no more structures than the printed capacity, a City only with Civil unlocked, a Victory Arch
only in a colony.  It costs Unrest plus its level in Gold (a City's level is the capacity), less
1 next to an own Quarry, less 1 next to an own Amphitheater with Cultural unlocked, and with the
Labor advance, if the player wishes, less one per own peasant there (two of them then go back to
the supply).  A structure of the Emphasis card's category fills a box.  A Victory Arch gives +1
Political heritage, a Library +1 in the category the player picks (:func:`_on_heritage`); both
are taken back when the territory is lost (:func:`~.empire.lose_territory`)."""
from __future__ import annotations

from explorer.engine.words import counted, seat_name

from functools import lru_cache

from . import empire as E
from .actions import DONE, Build, Done, Heritage
from .data import CATEGORIES
from .turn import finish_action, structure_box


def enter(s) -> None:
    s.phase_ = "build"


def legal(s):
    q = s.player
    out = []
    city = E.unlocked(s, q, "Civil")
    labor = E.has(s, q, "Labor")
    gold = s.gold[q]
    kinds = [(k, s.structure_facts[k].level) for k, left in s.st_supply.items() if left]
    for t in E.owned(s, q):
        here = s.st.get(t, frozenset())
        cap = E.capacity(s, t)
        if len(here) >= cap:
            continue
        # Unrest less this territory's discounts, the same for every kind (as build_cost counts them)
        base = s.unrest[q] - (1 if E.near_own(s, q, t, "Quarry") else 0) - E.amphitheater_discount(s, q, t)
        peasants = s.pe.get(t, s.zero)[q] if labor else 0
        for kind, level in kinds:
            if kind in here or (kind == "City" and not city) or (kind == "Victory Arch" and t not in s.colony):
                continue
            cost = base + (cap if level == "capacity" else level)
            if max(0, cost) <= gold:
                out.append(_build(t, kind, False))
            if peasants and max(0, cost - peasants) <= gold:
                out.append(_build(t, kind, True))
    return out + [DONE]


@lru_cache(maxsize=4096)
def _build(t: str, kind: str, labor: bool) -> Build:
    return Build(t, kind, labor)


def _on_build(s, a) -> None:
    q = s.player
    if type(a) is Done:
        finish_action(s)
        return
    t, kind = a.territory, a.structure
    cost = E.build_cost(s, q, t, kind, a.labor)
    E.pay(s, q, "Gold", cost)
    s.st = {**s.st, t: s.st.get(t, frozenset()) | {kind}}
    s.st_supply = {**s.st_supply, kind: s.st_supply[kind] - 1}
    s._event("build", f"{seat_name(q)} builds {kind} in {t} for {cost} Gold" + (" (Labor)" if a.labor else ""))
    if a.labor:
        n = min(2, s.pe.get(t, s.zero)[q])
        E.add_citizens(s, t, q, "peasant", -n)
        s._event("advances", f"Labor: {seat_name(q)} returns {counted(n, 'peasant')} from {t} to the supply")
    structure_box(s, q, s.data.structure(kind).category)
    if kind == "Victory Arch":
        E.add_heritage(s, q, "Political", 1)
        s.credits = s.credits + ((q, t, kind),)
        s._event("arch", f"{seat_name(q)}'s Victory Arch: Political heritage +1")
    if kind == "Library":
        s.credits = s.credits + ((q, t, kind),)
        s.after = "action"
        s.phase_ = "heritage_gain"
        return
    finish_action(s)


# -- a heritage step of the player's choice --------------------------------------------------------

def legal_heritage(s):
    return [Heritage(c) for c in CATEGORIES]


def _on_heritage(s, a) -> None:
    """Library and Trade Route: +1 heritage in the category picked, then on with the action."""
    q = s.player
    E.add_heritage(s, q, a.category, 1)
    s._event("library" if s.card == "Build" else "route_heritage", f"{seat_name(q)}: {a.category} heritage +1")
    s.after = None
    finish_action(s)


def legal_heritage_loss(s):
    q = s.player
    return [Heritage(c) for c in CATEGORIES if s.heritage[q][E.CAT_INDEX[c]] > 0]


def _on_heritage_loss(s, a) -> None:
    q = s.player
    E.add_heritage(s, q, a.category, -1)
    s._event("library", f"{seat_name(q)} lost a Library: {a.category} heritage -1")
    s.resume_pending()
