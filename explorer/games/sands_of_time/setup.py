"""Initial Setup 1-7, and the solo variant's foreign empires (Variant: Solo play, Setup).

1. resource tiles: one chance draw per territory in play, from the cup holding the tiles whose
   backs the player count uses (:func:`_on_tile`); solo play uses the two-player tiles and then
   removes Syria's and Asia Minor's;
4. the start player (chance), then three provinces each in snake order, the second and third
   next to one already claimed (:func:`_on_claim`), two peasants and a warrior in each;
5. the capitals, 6. a caravan on a border of the capital and heritage 1 in a category if the
   player wishes, then one more peasant, 7. the Advance trees (chance: which Level 2 tile goes
   beside which root) and every player's first marker (a secret choice, since the rulebook has
   the players place them as nearly at once as they can).

Steps 2 and 3 (pieces, structures sorted) set the state up in :class:`~.rules.SandsState`.
"""
from __future__ import annotations

from fractions import Fraction

from explorer.engine.errors import IllegalMove
from explorer.engine.words import action_words, seat_name

from . import empire as E
from .actions import (DONE, Capital, Claim, DealTile, Foreign, Heritage, Marker, Peasant, Route, StartPlayer,
                      TreeOrder)
from .board import SOLO_REMOVED
from .data import CATEGORIES
from .sections import RULES

BLACK_TERRITORIES, BLUE_TERRITORIES = 3, 2     # Variant: Solo play, Setup 2


def begin(s) -> None:
    """Initial Setup 1: the tiles of the backs in use go into the cup, one is drawn per
    territory in play (chance nodes)."""
    n = max(s.players, 2)
    used = {s.data.map.dots[k]["back"] for k in range(2, n + 1)}
    s.cup = tuple(sorted((t.resource, t.capacity) for t in s.data.map.tiles if t.back in used))
    s.to_deal = tuple(sorted(s.data.map.in_play(n)))
    s.phase_, s.player = "tiles", -1


# -- chance -------------------------------------------------------------------------------------

def tile_outcomes(s):
    counts: dict = {}
    for tile in s.cup:
        counts[tile] = counts.get(tile, 0) + 1
    total = len(s.cup)
    return [(DealTile(r, c), Fraction(k, total)) for (r, c), k in sorted(counts.items())]


def check_tile(s, a) -> None:
    if type(a) is not DealTile or (a.resource, a.capacity) not in s.cup:
        raise IllegalMove(f"{action_words(s, a)}: that is not a tile left in the cup", RULES["tiles"])


def _on_tile(s, a) -> None:
    t = s.to_deal[0]
    cup = list(s.cup)
    cup.remove((a.resource, a.capacity))
    s.cup = tuple(cup)
    s.to_deal = s.to_deal[1:]
    s.tiles = {**s.tiles, t: (a.resource, a.capacity)}
    s._event("tiles", f"{t}: {a.resource}, capacity {a.capacity}")
    if s.to_deal:
        return
    if s.players == 1:
        s.tiles = {t: v for t, v in s.tiles.items() if t not in SOLO_REMOVED}
        s._event("solo_setup", "the tiles of " + " and ".join(SOLO_REMOVED) + " are removed")
    s.in_play = frozenset(s.tiles)
    s.phase_ = "trees"


def tree_outcomes(s):
    cat = CATEGORIES[len(s.trees) // 2]
    level2 = [a.name for a in s.data.advances if a.category == cat and a.level == 2]
    return [(TreeOrder(cat, name), Fraction(1, len(level2))) for name in level2]


def check_tree(s, a) -> None:
    if a not in [o for o, _ in tree_outcomes(s)]:
        raise IllegalMove(f"{action_words(s, a)}: that is not how this category's Level 2 tiles can lie",
                          RULES["trees"])


def _on_tree(s, a) -> None:
    roots = [r.name for r in s.data.tree_roots(a.category)]
    other = next(x.name for x in s.data.advances if x.category == a.category and x.level == 2 and x.name != a.first)
    s.trees = {**s.trees, f"{a.category} 1": (roots[0], a.first), f"{a.category} 2": (roots[1], other)}
    s._event("trees", f"{a.category} 1: {roots[0]} - {a.first}; {a.category} 2: {roots[1]} - {other}")
    if len(s.trees) == 2 * len(CATEGORIES):
        s.phase_ = "start"


def _on_start(s, a) -> None:
    s.start = s.first_start = a.seat
    s._event("start", f"{seat_name(a.seat)} is the start player and takes the die")
    order = s.turn_order()
    s.claims = order + order[::-1] + order
    s.phase_, s.player = "claim", s.claims[0]


def check_start(s, a) -> None:
    if type(a) is not StartPlayer or type(a.seat) is not int or not 0 <= a.seat < s.players:
        raise IllegalMove(f"{action_words(s, a)}: that is not a player who may start", RULES["start"])


# -- provinces ----------------------------------------------------------------------------------

def claim_options(s) -> list[str]:
    q = s.player
    free = [t for t in sorted(s.tiles) if t not in s.owner]
    mine = E.owned(s, q)
    if not mine:
        return free
    mine = set(mine)
    near = [t for t in free if s.geo.adjacent[t] & mine]
    return near or free       # boxed in: any free territory (the rules do not foresee it)


def legal_claim(s):
    return [Claim(t) for t in claim_options(s)]


def _on_claim(s, a) -> None:
    q = s.player
    E.gain_territory(s, a.territory, q, colony=False)
    s._event("claim", f"{seat_name(q)} claims {a.territory} as a province")
    s.claims = s.claims[1:]
    if s.claims:
        s.player = s.claims[0]
        return
    if s.players == 1:
        s.phase_, s.player = "black", 0
        return
    _place_citizens(s)


def foreign_options(s) -> list[str]:
    """Variant: the black empire's three territories touch each other, the blue's two do, and
    each empire touches the player's territories somewhere.  A territory is offered only if
    the empire can still be completed that way; if none can (black's placements can leave blue
    no such pair), any free one next to the empire's, or any free one (Interpretation 20)."""
    seat = 1 if s.phase_ == "black" else 2
    size = BLACK_TERRITORIES if seat == 1 else BLUE_TERRITORIES
    free = frozenset(t for t in s.tiles if t not in s.owner)
    have = frozenset(E.owned(s, seat))
    mine = frozenset(E.owned(s, 0))
    adj = s.geo.adjacent

    def completable(group):
        if len(group) == size:
            return any(adj[t] & mine for t in group)
        return any(completable(group | {u}) for u in free - group if adj[u] & group)

    near = [t for t in sorted(free) if not have or adj[t] & have]
    return [t for t in near if completable(have | {t})] or near or sorted(free)


def legal_foreign(s):
    return [Foreign(t) for t in foreign_options(s)]


def _on_foreign(s, a) -> None:
    seat = 1 if s.phase_ == "black" else 2
    E.gain_territory(s, a.territory, seat, colony=False)
    E.add_citizens(s, a.territory, seat, "warrior", 1)
    name = "black" if seat == 1 else "blue"
    s._event("solo_setup", f"the {name} empire takes {a.territory} with a warrior")
    if len(E.owned(s, seat)) == (BLACK_TERRITORIES if seat == 1 else BLUE_TERRITORIES):
        if seat == 1:
            s.phase_ = "blue"
        else:
            _place_citizens(s)


def _place_citizens(s) -> None:
    for q in range(s.players):
        for t in E.owned(s, q):
            E.add_citizens(s, t, q, "peasant", 2)
            E.add_citizens(s, t, q, "warrior", 1)
    s._event("citizens", "two peasants and a warrior go into every province")
    s.queue = s.turn_order()
    s.phase_, s.player = "capital", s.queue[0]


# -- capital, caravan, peasant -------------------------------------------------------------------

def legal_capital(s):
    return [Capital(t) for t in E.owned(s, s.player)]


def _on_capital(s, a) -> None:
    q = s.player
    E.set_seat(s, "capital", q, a.territory)
    s._event("capital", f"{seat_name(q)} makes {a.territory} the capital")
    s.queue = s.queue[1:]
    if s.queue:
        s.player = s.queue[0]
        return
    s.queue = s.turn_order()
    s.phase_, s.player = "caravan", s.queue[0]


def legal_caravan(s):
    cap = s.capital[s.player]
    return [Route(a, b) for a, b in sorted(s.geo.touching[cap])]


def _on_caravan(s, a) -> None:
    q = s.player
    s.routes = s.routes[:q] + (s.routes[q] | {E.border(a.a, a.b)},) + s.routes[q + 1:]
    s._event("caravan", f"{seat_name(q)} puts a caravan on {a.a}-{a.b}")
    s.phase_ = "setup_heritage"


def legal_setup_heritage(s):
    return [Heritage(c) for c in CATEGORIES] + [DONE]


def _on_setup_heritage(s, a) -> None:
    q = s.player
    if type(a) is Heritage:
        E.add_heritage(s, q, a.category, 1)
        s._event("caravan", f"{seat_name(q)} raises {a.category} heritage to 1")
    s.queue = s.queue[1:]
    if s.queue:
        s.phase_, s.player = "caravan", s.queue[0]
        return
    s.queue = s.turn_order()
    s.phase_, s.player = "extra_peasant", s.queue[0]


def legal_peasant(s):
    return [Peasant(t) for t in E.owned(s, s.player)]


def _on_peasant(s, a) -> None:
    q = s.player
    E.add_citizens(s, a.territory, q, "peasant", 1)
    s._event("extra_peasant", f"{seat_name(q)} adds a peasant to {a.territory}")
    s.queue = s.queue[1:]
    if s.queue:
        s.player = s.queue[0]
        return
    s._open_choices("first_advance", s.turn_order())


# -- the first Advance markers ---------------------------------------------------------------------

def legal_marker(s):
    return [Marker(t) for t in s.geo.trees]


def _on_marker(s, a) -> None:
    choices = s._commit(a)
    if choices is None:
        return
    for q, m in sorted(choices.items()):
        E.set_seat(s, "markers", q, {m.tree: 0})
    from .generation import start_generation
    start_generation(s)
