"""The Sands of Time's exercises on the Initial Setup (steps 1 and 4 to 7): where a province may
be claimed, who picks a capital next, where the first caravan may go, and what the first Advance
marker gives."""
from __future__ import annotations

from explorer.engine.exercises import Predict
from explorer.engine.words import seat_name

from . import empire as E
from .actions import Capital, Claim, Marker, Route
from .sections import RULES
from .exercises_common import _at, _deciding, _first_resources_position, _listed, _posed, _seat_at, map_pick


def claim_provinces():
    pos = _at(1, lambda s: s.phase_ == "claim" and len(E.owned(s, s.player)) == 2)
    return map_pick("claim-provinces", "Claiming provinces", pos,
                    "{seat} claims a third province. Click every territory that may be claimed now.",
                    ("claim",), Claim)


def capital_order():
    pos = _at(1, lambda s: s.phase_ == "capital" and not any(c is not None for c in s.capital))
    q, s = _seat_at(pos), pos.replay()
    order = [seat_name(st.player) for st, a in zip(pos.states(), pos.actions) if type(a) is Claim]
    first = E.owned(s, q)[0]

    def choose(s):
        return Capital(first)

    def next_seat(before, after):
        return after.player

    return _posed(Predict, "capital-order", "Who picks a capital next", pos,
                  f"The provinces were claimed in this order: {', '.join(order)}. Now {seat_name(q)}, the start "
                  f"player, makes {first} its capital. Who chooses a capital next?", ("capital", "start"),
                  action=choose, outcome=next_seat, choices=lambda s: list(range(s.players)), words=seat_name,
                  explain=lambda b, a: (f"the capitals are chosen one by one in turn order from the start player "
                                        f"(not in the snake order of the claims): after {seat_name(b.player)} "
                                        f"comes {seat_name(a.player)}", RULES["capital"]))


def first_caravan():
    pos = _at(2, _deciding("caravan"))
    q, s = _seat_at(pos), pos.replay()
    provinces = E.owned(s, q)
    capital = s.capital[q]
    # Initial Setup 1's note decides too when the capital borders a territory out of play
    out = sorted(t for b in s.geo.touching[capital] for t in b if t not in s.tiles)

    def borders(s):
        """Every border of the seat's three provinces: the capital's and the other two's."""
        return [Route(a, b) for a, b in sorted({b for t in provinces for b in s.geo.touching[t]})]

    return map_pick("first-caravan", "The first caravan", pos,
                    f"{{seat}} places the first caravan of the set-up; its provinces are {_listed(provinces)}, "
                    f"its capital {capital}. On which of these borders may the caravan go?",
                    ("caravan", "tiles") if out else ("caravan",), Route, candidates=borders)


def first_marker():
    pos = _first_resources_position()
    q, s = _seat_at(pos), pos.replay()
    tree = "Civil 1"
    root, beside = s.trees[tree][:2]

    def mark(s):
        return Marker(tree)

    def holds(before, after):
        return tuple(E.achieved(after, q))

    def offer(s):
        return [(root,), (beside,), (root, beside), ()]

    return _posed(Predict, "first-marker", "The first Advance marker", pos,
                  f"{seat_name(q)} is the last to put its spare marker on an Advance tree, and puts it on {tree}, "
                  f"where {beside} (Level 2) lies beside {root} (Level 1). Once every marker is down, which advances "
                  f"does {seat_name(q)} have?", ("first_advance", "trees"),
                  action=mark, outcome=holds, choices=offer,
                  words=lambda names: " and ".join(names) if names else "none yet",
                  explain=lambda b, a: (f"the first marker goes on a Level 1 advance, {root} here; the Level 2 tile "
                                        f"beside it is reached by advancing later", RULES["first_advance"]))


def literacy():
    pos = _first_resources_position()
    q, s = _seat_at(pos), pos.replay()
    tree = next(t for t, tiles in sorted(s.trees.items()) if tiles[0] == "Literacy")
    track = E.heritage(s, q, "Cultural", patronage=False)

    def mark(s):
        return Marker(tree)

    def counts(before, after):
        return E.heritage(after, q, "Cultural", patronage=False)

    return _posed(Predict, "literacy", "An advance's gift", pos,
                  f"{seat_name(q)} is the last to put its spare marker on an Advance tree, and puts it on {tree}, "
                  f"whose Level 1 advance is Literacy. Its Cultural heritage track reads {track}. Once every marker "
                  f"is down, what Cultural heritage counts for {seat_name(q)} (for Advance and for the Chronicles)?",
                  ("advances", "first_advance"), action=mark, outcome=counts,
                  choices=lambda s: [track, track + 1, track + 2], words=str,
                  explain=lambda b, a: (f"Literacy adds 1 to the Cultural heritage while {seat_name(q)} has it: "
                                        f"{track} on the track, {counts(b, a)} in all", RULES["advances"]))
