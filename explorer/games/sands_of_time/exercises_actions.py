"""The Sands of Time's exercise parts on the Actions Explained (Chronicle, Muster, Conquer, Raid, Build,
Govern, Advance, Trade Route, Migrate, Tribute), with the structures and the Patronage bonus
they read, and a battle's odds.  Chances come from the exact calculators of :mod:`.odds`.  A
function of ``position`` makes the part for its exercise's position (``q``: the seat asked); a
constant is the same at any position."""
from __future__ import annotations

from fractions import Fraction

from explorer.engine.sheet_parts import Chance, Outcome, Scope
from explorer.engine.words import counted, seat_name

from . import empire as E
from .actions import Advance, Annex, Build, Chronicle, Convert, Govern, Heritage, Move, Route, Steal, Tribute
from .chronicles import BINS
from .data import CATEGORIES
from .odds import battle_in
from .sections import RULES
from .exercises_common import _choices, _delta, _listed, _resource_words, _seat


def _most_levels(s) -> Govern:
    return max((a for a in s.legal_actions() if type(a) is Govern), key=lambda a: a.levels)


def _dearest_build(s) -> Build:
    q = s.player
    cap = s.capital[q]
    here = [a for a in s.legal_actions() if type(a) is Build and a.territory == cap and not a.labor]
    return max(here, key=lambda a: (E.build_cost(s, q, a.territory, a.structure), a.structure))


def _build_misreadings(s):
    a = _dearest_build(s)
    q = s.player
    level = E.structure_level(s, a.territory, a.structure)
    return [level, s.unrest[q], level + s.unrest[q], level + s.unrest[q] + 1]


def _advance_candidates(s):
    q = s.player
    return [Advance(tree, tree not in s.markers[q]) for tree in s.geo.trees]


def _advance_why(s, a):
    q = s.player
    cat = E.tree_category(a.tree)
    return (f"{a.tree}: Unrest {s.unrest[q]} is no more than {seat_name(q)}'s {cat} heritage "
            f"{E.heritage(s, q, cat)}", RULES["advance"])


def _route_candidates(s):
    """Every border touching a territory of the seat or one its caravans reach, paid in Crops."""
    q = s.player
    near = set(E.owned(s, q)) | E.route_reach(s, q)
    borders = sorted({b for t in near for b in s.geo.touching[t]} - s.routes[q])
    return [Route(a, b, "Crops") for a, b in borders]


def _battle_chance(s) -> Fraction:
    """The attacker shows his highest number; the defender's is equally likely any he may show."""
    t, attacker, defender = s.battle
    b = battle_in(s, t, attacker, defender)
    n = b.defender_max + 1
    return b.win_probability(None, [Fraction(1, n)] * n)


def _battle_explain(s, p):
    t, attacker, defender = s.battle
    b = battle_in(s, t, attacker, defender)
    beaten = sum(b.attacker_wins(b.attacker_max, y) for y in range(b.defender_max + 1))
    total = b.attacker + b.attacker_times * b.attacker_max
    return (f"in {t}: {b.attacker} + {b.attacker_times} × {b.attacker_max} = {total} against {b.defender} + "
            f"{b.defender_times} × the defender's number (0 to {b.defender_max}); a tie goes to the defender, so "
            f"{beaten} of his {b.defender_max + 1} numbers lose: {p}", RULES["battle"])


def chronicle_bins(position):
    number = position.chron_hand[_seat(position)][0]
    return Scope(
        test=lambda a: type(a) is Chronicle and a.card == number,
        candidates=lambda s: [Chronicle(number, b) for b in BINS])


def build_capital(position):
    q, s = _seat(position), position
    capital = s.capital[q]
    return Scope(
        test=lambda a: type(a) is Build and a.territory == capital and not a.labor,
        candidates=lambda s: [Build(capital, x.name) for x in s.data.structures],
        why=lambda s, a: (f"{a.structure}: {E.build_cost(s, q, a.territory, a.structure)} Gold, "
                          f"{seat_name(q)} has {s.gold[q]}", RULES["build"]))


def build_cost(position):
    q = _seat(position)
    return Outcome(
        read=_delta("gold", q, -1),
        choices=_choices(_dearest_build, _delta("gold", q, -1), _build_misreadings),
        words=lambda n: counted(n, "Gold", "Gold"),
        explain=lambda b, a: (f"Unrest {b.unrest[q]} plus the structure's level "
                              f"{E.structure_level(b, b.capital[q], _dearest_build(b).structure)}",
                              RULES["build"]))


def govern_cost(position):
    q, levels = _seat(position), _most_levels(position).levels
    return Outcome(
        read=_delta("crops", q, -1),
        choices=_choices(_most_levels, _delta("crops", q, -1),
                         lambda s: [levels, E.empire_size(s, q), levels + E.empire_size(s, q),
                                    levels * s.unrest[q]]),
        words=lambda n: counted(n, "Crop"),
        explain=lambda b, a: (f"each step costs the empire's size, {E.empire_size(b, q)} territories",
                              RULES["govern"]))


ADVANCE_TREES = Scope(
    test=lambda a: type(a) is Advance,
    candidates=_advance_candidates,
    why=_advance_why)


TRADE_ROUTE_BORDERS = Scope(
    test=lambda a: type(a) is Route and a.pay == "Crops",
    candidates=_route_candidates)


def annex_cost(position):
    q, s = _seat(position), position
    where = s.ctx[0]
    owned = len(E.owned(s, q))
    colosseums = [t for t in E.owned(s, q) if "Colosseum" in s.st.get(t, ())]

    def annex(s):
        return Annex()

    def explain(b, a):
        size = E.empire_size(b, q)
        if colosseums:
            return (f"the empire's size before annexing, a territory with a Colosseum not counted: {size} of its "
                    f"{owned} territories", RULES["structures"])
        return f"the empire's size before annexing: {size} territories", RULES["annex"]

    return Outcome(
        read=_delta("crops", q, -1),
        choices=_choices(annex, _delta("crops", q, -1),
                         lambda s: [s.unrest[q], owned, owned + 1, E.citizens(s, where, q)]),
        words=lambda n: counted(n, "Crop"),
        explain=explain)


def raid_take(position):
    q, s = _seat(position), position
    where = next(a.territory for a in s.legal_actions() if type(a) is Steal)
    resource = s.tiles[where][0]
    field = resource.lower() if resource == "Crops" else "gold"

    def steal(s):
        return Steal(where)

    def misreadings(s):
        owner = s.owner.get(where)
        held = getattr(s, field)[owner] if owner is not None and owner < s.players else 0
        return [E.citizens(s, where, q), E.capacity(s, where), held, s.wa.get(where, s.zero)[q] + 1]

    return Outcome(
        read=_delta(field, q),
        choices=_choices(steal, _delta(field, q), misreadings),
        words=lambda n: counted(n, resource, resource),
        explain=lambda b, a: (f"one per warrior of {seat_name(q)} there "
                              f"({b.wa.get(where, b.zero)[q]}), at most the capacity "
                              f"{E.capacity(b, where)}", RULES["raid"]))


BATTLE_ODDS = Chance(
    probability=_battle_chance,
    explain=_battle_explain)


def library_heritage(position):
    s = position

    def raised(before, after):
        """The heritage tracks the player may pick from for the Library (none if it picks none)."""
        return tuple(a.category for a in after.legal_actions() if type(a) is Heritage) \
            if after.phase_ == "heritage_gain" else ()

    kind = next(x.category for x in s.data.structures if x.name == "Library")
    words = {(): "none", (kind,): f"{kind} only, the Library's own category",
             tuple(CATEGORIES): "any one of " + _listed(list(CATEGORIES)) + ", as the player picks"}
    return Outcome(
        read=raised,
        choices=lambda s: list(words),
        words=words.get,
        explain=lambda b, a: ("a Library gives +1 heritage in one category the player picks (and takes a "
                              "step of his choice back should he lose the territory)", RULES["library"]))


# -- Victory Arch, Muster, Migrate, Tribute, Patronage ---------------------------------------------------

def arch_where(position):
    q = _seat(position)
    mine = E.owned(position, q)
    return Scope(
        test=lambda a: type(a) is Build and a.structure == "Victory Arch" and not a.labor,
        candidates=lambda s: [Build(t, "Victory Arch") for t in mine],
        why=lambda s, a: (f"{a.territory} is a colony, and the Arch there costs "
                          f"{E.build_cost(s, q, a.territory, a.structure)} Gold of {seat_name(q)}'s "
                          f"{s.gold[q]}", RULES["arch"]))


def _converts(s) -> int:
    """How many peasants the seat can turn into warriors in this Muster, one after another."""
    n = 0
    while True:
        a = next((a for a in s.legal_actions() if type(a) is Convert and a.to_warrior), None)
        if a is None:
            return n
        s, n = s.apply(a), n + 1


def muster_convert(position):
    q, s = _seat(position), position
    first = next(a for a in s.legal_actions() if type(a) is Convert and a.to_warrior)
    peasants = {t: s.pe.get(t, s.zero)[q] for t in E.owned(s, q)}

    def convert(s):
        return first

    def converted(before, after):
        return 1 + _converts(after)

    return Outcome(
        read=converted,
        choices=_choices(convert, converted,
                         lambda s: [1, sum(peasants.values()), len(peasants), s.gold[q]]),
        words=lambda n: counted(n, "peasant"),
        explain=lambda b, a: ("with Political unlocked, Muster converts one citizen in each territory "
                              "the player owns, 1 Gold each (without it: one warrior added)",
                              RULES["muster"]))


def migrate_where(position):
    def source(s):
        q = s.player
        return next((t for t in E.owned(s, q) if s.pe.get(t, s.zero)[q] and len(E.steps(s, q, t)) >= 2
                     and any(u not in s.tiles for u in s.geo.adjacent[t])), None)
    s = position
    where = source(s)
    near = sorted(s.geo.adjacent[where])
    farther = sorted({v for u in near if u in s.tiles for v in s.geo.adjacent[u] if v in s.tiles} - {where, *near})
    return Scope(
        test=lambda a: type(a) is Move and a.source == where and a.kind == "peasant",
        candidates=lambda s: [Move(where, u, "peasant") for u in near + farther[:4]],
        why=lambda s, a: (f"{a.target} is next to {where} and has a resource tile", RULES["migrate"]))


def tribute_routes(position):
    q = _seat(position)
    anchors = sorted(E.anchors(position, q))

    def take(s):
        return Tribute("routes")

    def got(before, after):
        return after.crops[q] - before.crops[q], after.gold[q] - before.gold[q]

    def misreadings(s):
        per_caravan, with_own = {"Crops": 0, "Gold": 0}, {"Crops": 0, "Gold": 0}
        for t in anchors:
            r = s.tiles[t][0]
            for p in range(s.players):
                touching = len(s.routes[p] & s.geo.touching[t])
                if p != q:
                    per_caravan[r] += touching
                with_own[r] += 1 if touching else 0
        colonies = {"Crops": 0, "Gold": 0}
        for t in E.owned(s, q):
            if t in s.colony:
                colonies[s.tiles[t][0]] += 1
        return [(d["Crops"], d["Gold"]) for d in (per_caravan, with_own, colonies)]

    return Outcome(
        read=got,
        choices=_choices(take, got, misreadings),
        words=_resource_words,
        explain=lambda b, a: ("one resource of the territory's kind from each other player with a caravan "
                              "touching the capital, and again for each City, however many caravans "
                              "that player has there", RULES["tribute"]))


def _patronage_why(s, a):
    text, rule = _advance_why(s, a)
    cat = E.tree_category(a.tree)
    if cat != s.patron:
        return text, rule
    return (f"{text} ({E.heritage(s, s.player, cat, patronage=False)} on its track, +2 from Patronage this turn)",
            RULES["patronage"])


PATRONAGE_ADVANCE = Scope(
    test=lambda a: type(a) is Advance,
    candidates=_advance_candidates,
    why=_patronage_why)
