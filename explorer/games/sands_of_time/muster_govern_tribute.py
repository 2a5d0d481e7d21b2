"""Three of the ten actions (Actions Explained): Muster (a warrior for 1 Gold; with Political
unlocked, a conversion per owned territory instead; an Irrigation's locked Civil peasant with
it), Govern (Unrest down, the empire's size in Crops a step) and Tribute (from the colonies, or
from the foreign caravans at the capital and each City; both with Civil unlocked)."""
from __future__ import annotations

from explorer.engine.words import seat_name

from . import empire as E
from .actions import DONE, Convert, Done, Govern, Irrigate, Muster, Tribute
from .turn import finish_action


# -- Muster ---------------------------------------------------------------------------------------

def enter_muster(s) -> None:
    s.ctx = ("", frozenset(), frozenset())      # mode ("", "add", "convert"), converted, irrigated
    s.phase_ = "muster"


def legal_muster(s):
    q = s.player
    mode, converted, irrigated = s.ctx
    out = []
    if s.gold[q] >= 1:
        mine = E.owned(s, q)
        if mode == "" and E.supply(s, q, "warrior") > 0:
            out += [Muster(t) for t in mine]
        if mode != "add" and E.unlocked(s, q, "Political"):
            for t in mine:
                if t in converted:
                    continue
                if s.pe.get(t, s.zero)[q] and E.supply(s, q, "warrior") > 0:
                    out.append(Convert(t, True))
                if s.wa.get(t, s.zero)[q] and E.supply(s, q, "peasant") > 0:
                    out.append(Convert(t, False))
        if E.unlocked(s, q, "Civil") and E.supply(s, q, "peasant") > 0:
            out += [Irrigate(t) for t in mine if "Irrigation" in s.st.get(t, ()) and t not in irrigated]
    return out + [DONE]


def _on_muster(s, a) -> None:
    q = s.player
    mode, converted, irrigated = s.ctx
    t = type(a)
    if t is Done:
        finish_action(s)
        return
    E.pay(s, q, "Gold", 1)
    if t is Muster:
        E.add_citizens(s, a.territory, q, "warrior", 1)
        s._event("muster", f"{seat_name(q)} pays 1 Gold for a warrior in {a.territory}")
        mode = "add"
    elif t is Convert:
        E.add_citizens(s, a.territory, q, "peasant", -1 if a.to_warrior else 1)
        E.add_citizens(s, a.territory, q, "warrior", 1 if a.to_warrior else -1)
        s._event("muster", f"{seat_name(q)} pays 1 Gold to {a}")
        mode, converted = "convert", converted | {a.territory}
    else:
        E.add_citizens(s, a.territory, q, "peasant", 1)
        s._event("structures", f"{seat_name(q)} pays 1 Gold for a peasant in {a.territory} (Irrigation)")
        irrigated = irrigated | {a.territory}
    s.ctx = (mode, converted, irrigated)


# -- Govern ---------------------------------------------------------------------------------------

def enter_govern(s) -> None:
    s.phase_ = "govern"


def legal_govern(s):
    q = s.player
    size = E.empire_size(s, q)
    low = s.data.tracks.unrest["minimum"]
    most = s.unrest[q] - low if size == 0 else min(s.unrest[q] - low, s.crops[q] // size)
    return [Govern(k) for k in range(1, most + 1)] + [DONE]


def _on_govern(s, a) -> None:
    q = s.player
    if type(a) is Govern:
        cost = a.levels * E.empire_size(s, q)
        E.pay(s, q, "Crops", cost)
        E.set_seat(s, "unrest", q, s.unrest[q] - a.levels)
        s._event("govern", f"{seat_name(q)} pays {cost} Crops to lower Unrest by {a.levels} to {s.unrest[q]}")
    finish_action(s)


# -- Tribute ----------------------------------------------------------------------------------------

def enter_tribute(s) -> None:
    s.phase_ = "tribute"


def legal_tribute(s):
    q = s.player
    kinds = ["colonies", "routes"] + (["both"] if E.unlocked(s, q, "Civil") else [])
    return [Tribute(k) for k in kinds] + [DONE]


def _on_tribute(s, a) -> None:
    q = s.player
    if type(a) is Tribute:
        if a.kind in ("colonies", "both"):
            got = {"Crops": 0, "Gold": 0}
            for t in E.owned(s, q):
                if t in s.colony:
                    got[s.tiles[t][0]] += 1
            for r, n in got.items():
                E.gain(s, q, r, n)
            s._event("tribute", f"{seat_name(q)} takes tribute from the colonies: "
                                f"{got['Crops']} Crops, {got['Gold']} Gold")
        if a.kind in ("routes", "both"):
            for t in sorted(E.anchors(s, q)):
                r = s.tiles[t][0]
                for p in range(s.players):
                    if p != q and s.routes[p] & s.geo.touching[t]:
                        E.gain(s, p, r, -1)
                        E.gain(s, q, r, 1)
                        s._event("tribute", f"{seat_name(q)} takes 1 {r} from "
                                            f"{seat_name(p)}, whose caravan touches {t}")
    finish_action(s)
