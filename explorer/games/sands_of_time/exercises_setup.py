"""The Sands of Time's exercise parts on the Initial Setup (steps 1 and 4 to 7): who picks a capital
next, where the first caravan may go, and what the first Advance marker gives (where a province may
be claimed is the sheet's generic pick of the Claim actions).  Each part is made for its position
(``position`` is the exercise's state, ``q`` the seat asked)."""
from __future__ import annotations

from explorer.engine.sheet_parts import Outcome, Scope
from explorer.engine.words import seat_name

from . import empire as E
from .actions import Route
from .sections import RULES
from .exercises_common import _seat

CAPITAL_ORDER = Outcome(
    read=lambda before, after: after.player,
    choices=lambda s: list(range(s.players)),
    words=seat_name,
    explain=lambda b, a: (f"the capitals are chosen one by one in turn order from the start player "
                          f"(not in the snake order of the claims): after {seat_name(b.player)} "
                          f"comes {seat_name(a.player)}", RULES["capital"]))


def first_caravan(position):
    provinces = E.owned(position, _seat(position))

    def borders(s):
        """Every border of the seat's three provinces: the capital's and the other two's."""
        return [Route(a, b) for a, b in sorted({b for t in provinces for b in s.geo.touching[t]})]

    return Scope(
        test=lambda a: type(a) is Route,
        candidates=borders)


def first_marker(position):
    q = _seat(position)
    root, beside = position.trees["Civil 1"][:2]

    def holds(before, after):
        return tuple(E.achieved(after, q))

    def offer(s):
        return [(root,), (beside,), (root, beside), ()]

    return Outcome(
        read=holds,
        choices=offer,
        words=lambda names: " and ".join(names) if names else "none yet",
        explain=lambda b, a: (f"the first marker goes on a Level 1 advance, {root} here; the Level 2 tile "
                              f"beside it is reached by advancing later", RULES["first_advance"]))


def literacy(position):
    q = _seat(position)
    track = E.heritage(position, q, "Cultural", patronage=False)

    def counts(before, after):
        return E.heritage(after, q, "Cultural", patronage=False)

    return Outcome(
        read=counts,
        choices=lambda s: [track, track + 1, track + 2],
        words=str,
        explain=lambda b, a: (f"Literacy adds 1 to the Cultural heritage while {seat_name(q)} has it: "
                              f"{track} on the track, {counts(b, a)} in all", RULES["advances"]))
