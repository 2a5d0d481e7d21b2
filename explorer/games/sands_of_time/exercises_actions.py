"""The Sands of Time's exercises on the Actions Explained (Chronicle, Muster, Conquer, Raid, Build,
Govern, Advance, Trade Route, Migrate, Tribute), with the structures and the Patronage bonus
they read, and a battle's odds.  Chances come from the exact calculators of :mod:`.odds`."""
from __future__ import annotations

from fractions import Fraction

from explorer.engine.exercises import HowLikely, PickLegal, Predict
from explorer.engine.words import counted, seat_name

from . import empire as E
from .actions import (Advance, Annex, Build, Chronicle, Conquer, Convert, Govern, Heritage, Move, Patronage, Route,
                      Steal, Tribute)
from .chronicles import BINS, card
from .data import CATEGORIES
from .odds import battle_in
from .sections import RULES
from .exercises_common import (BATTLE, _at, _choices, _delta, _empire_words, _holds, _listed, _posed,
                               _resource_words, _seat_at, _unlocked_by, map_pick)


def _conquer_position():
    def stop(s):
        if s.phase_ != "conquer_where":
            return False
        where = [a for a in s.legal_actions() if type(a) is Conquer]
        mine = [t for t in s.tiles if E.citizens(s, t, s.player)]
        return len(where) >= 2 and len(mine) > len(where)
    return _at(1, stop)


def _annex_position():
    return _at(1, lambda s: s.phase_ == "conquer" and Annex() in s.legal_actions()
               and E.empire_size(s, s.player) != s.unrest[s.player])


def _govern_position():
    return _at(6, lambda s: s.phase_ == "govern" and len(s.legal_actions()) >= 5)


def _most_levels(s) -> Govern:
    return max((a for a in s.legal_actions() if type(a) is Govern), key=lambda a: a.levels)


def _build_position():
    def stop(s):
        if s.phase_ != "build" or E.has(s, s.player, "Labor"):
            return False
        cap = s.capital[s.player]
        kinds = [a for a in s.legal_actions() if type(a) is Build and a.territory == cap]
        return 2 <= len(kinds) <= 7
    return _at(1, stop)


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


def _advance_position():
    return _at(53, lambda s: s.phase_ == "advance" and 1 <= len(s.legal_actions()) - 1 <= 3)


def _advance_candidates(s):
    q = s.player
    return [Advance(tree, tree not in s.markers[q]) for tree in s.geo.trees]


def _advance_why(s, a):
    q = s.player
    cat = E.tree_category(a.tree)
    return (f"{a.tree}: Unrest {s.unrest[q]} is no more than {seat_name(q)}'s {cat} heritage "
            f"{E.heritage(s, q, cat)}", RULES["advance"])


def _chronicle_position():
    return _at(37, lambda s: s.phase_ == "chronicle" and len(s.bins[s.player]) >= 3)


def _route_position():
    def stop(s):
        q = s.player
        if s.phase_ != "trade_route" or min(s.crops[q], s.gold[q]) < 2 or not s.routes[q]:
            return False
        return 3 <= sum(1 for a in s.legal_actions() if type(a) is Route and a.pay == "Crops") <= 10
    return _at(2, stop)


def _route_candidates(s):
    """Every border touching a territory of the seat or one its caravans reach, paid in Crops."""
    q = s.player
    near = set(E.owned(s, q)) | E.route_reach(s, q)
    borders = sorted({b for t in near for b in s.geo.touching[t]} - s.routes[q])
    return [Route(a, b, "Crops") for a, b in borders]


def _battle_position():
    def stop(s):
        if s.phase_ != "battle" or s.player != s.battle[1] or s.battle[2] >= s.players:
            return False
        b = battle_in(s, *s.battle)
        return b.attacker_max > 0 and b.defender_max > 0 and 0 < _battle_chance(s) < 1
    return _at(113, stop)


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


def chronicle_bins():
    pos = _chronicle_position()
    q = _seat_at(pos)
    s = pos.replay()
    number = s.chron_hand[q][0]
    placed = _listed([f"card {c} in bin {b}" for b, c in sorted(s.bins[q].items())])
    return _posed(PickLegal, "chronicle-bins", "Placing a Chronicle", pos,
                  f"{seat_name(q)} has placed {placed} this Dynasty, and now uses Chronicle to place card {number}. "
                  f"Into which bins may it go?", ("chronicle",),
                  scope=lambda a: type(a) is Chronicle and a.card == number,
                  candidates=lambda s: [Chronicle(number, b) for b in BINS])


def build_capital():
    pos = _build_position()
    q = _seat_at(pos)
    s = pos.replay()
    capital = s.capital[q]
    return _posed(PickLegal, "build-capital", "Building in the capital", pos,
                  f"{seat_name(q)} uses Build {_holds(s, q, 'gold', 'unrest', 'unlocked')}. Which structures may go "
                  f"into the capital, {capital}, now?",
                  ("build", "structures"), scope=lambda a: type(a) is Build and a.territory == capital and not a.labor,
                  candidates=lambda s: [Build(capital, x.name) for x in s.data.structures],
                  why=lambda s, a: (f"{a.structure}: {E.build_cost(s, q, a.territory, a.structure)} Gold, "
                                    f"{seat_name(q)} has {s.gold[q]}", RULES["build"]))


def build_cost():
    pos = _build_position()
    q = _seat_at(pos)
    s = pos.replay()
    return _posed(Predict, "build-cost", "What a structure costs", pos,
                  f"{seat_name(q)} {_holds(s, q, 'gold', 'unrest')} builds the dearest structure it can afford in "
                  f"{s.capital[q]}, the {_dearest_build(s).structure}. How much Gold does it pay?", ("build",),
                  action=_dearest_build, outcome=_delta("gold", q, -1),
                  choices=_choices(_dearest_build, _delta("gold", q, -1), _build_misreadings),
                  words=lambda n: counted(n, "Gold", "Gold"),
                  explain=lambda b, a: (f"Unrest {b.unrest[q]} plus the structure's level "
                                        f"{E.structure_level(b, b.capital[q], _dearest_build(b).structure)}",
                                        RULES["build"]))


def govern_cost():
    pos = _govern_position()
    q = _seat_at(pos)
    levels = _most_levels(pos.replay()).levels
    return _posed(Predict, "govern-cost", "What Govern costs", pos,
                  f"{seat_name(q)} uses Govern to lower Unrest by {levels}. How many Crops does it pay?", ("govern",),
                  action=_most_levels, outcome=_delta("crops", q, -1),
                  choices=_choices(_most_levels, _delta("crops", q, -1),
                                   lambda s: [levels, E.empire_size(s, q), levels + E.empire_size(s, q),
                                              levels * s.unrest[q]]),
                  words=lambda n: counted(n, "Crop"),
                  explain=lambda b, a: (f"each step costs the empire's size, {E.empire_size(b, q)} territories",
                                        RULES["govern"]))


def advance_trees():
    pos = _advance_position()
    q, s = _seat_at(pos), pos.replay()
    markers = ", ".join(f"{tree} at {s.trees[tree][i]}" for tree, i in sorted(s.markers[q].items()))
    return _posed(PickLegal, "advance-trees", "Which Advance tree", pos,
                  f"{seat_name(q)} uses Advance {_holds(s, q, 'unrest', 'heritage', 'unlocked')}; its markers: "
                  f"{markers}. On which trees may a marker move on (or a new one start)?", ("advance",), scope=lambda a: type(a) is Advance, candidates=_advance_candidates,
                  why=_advance_why)


def trade_route_borders():
    pos = _route_position()
    return _posed(PickLegal, "trade-route-borders", "Where a caravan may go", pos,
                  f"{seat_name(_seat_at(pos))} uses Trade Route and pays in Crops. Which of these borders may take "
                  f"the caravan?", ("trade_route",), scope=lambda a: type(a) is Route and a.pay == "Crops",
                  candidates=_route_candidates)


def annex_cost():
    pos = _annex_position()
    q, s = _seat_at(pos), pos.replay()
    where = s.ctx[0]
    owned = len(E.owned(s, q))
    colosseums = [t for t in E.owned(s, q) if "Colosseum" in s.st.get(t, ())]
    law = E.has(s, q, "Law") and s.wa.get(where, s.zero)[q] > 0
    amphitheater = E.amphitheater_discount(s, q, where) > 0
    extra = (" It has Law." if law else "") + (" An Amphitheater of its stands next to it, Cultural unlocked."
                                               if amphitheater else "")

    def annex(s):
        return Annex()

    def explain(b, a):
        size = E.empire_size(b, q)
        if colosseums:
            return (f"the empire's size before annexing, a territory with a Colosseum not counted: {size} of its "
                    f"{owned} territories", RULES["structures"])
        return f"the empire's size before annexing: {size} territories", RULES["annex"]

    return _posed(Predict, "annex-cost", "What annexing costs", pos,
                  f"{seat_name(q)} ({_empire_words(s, q)}) annexes {where}.{extra} How many Crops does it pay?",
                  ("annex", "structures", *(("advances",) if law else ()), *(("locked",) if amphitheater else ())),
                  action=annex, outcome=_delta("crops", q, -1),
                  choices=_choices(annex, _delta("crops", q, -1),
                                   lambda s: [s.unrest[q], owned, owned + 1, E.citizens(s, where, q)]),
                  words=lambda n: counted(n, "Crop"), explain=explain)


def raid_take():
    pos = _at(2, lambda s: s.phase_ == "raid" and any(type(a) is Steal for a in s.legal_actions()))
    q = _seat_at(pos)
    s = pos.replay()
    where = next(a.territory for a in s.legal_actions() if type(a) is Steal)
    resource = s.tiles[where][0]
    field = resource.lower() if resource == "Crops" else "gold"

    def steal(s):
        return Steal(where)

    def misreadings(s):
        owner = s.owner.get(where)
        held = getattr(s, field)[owner] if owner is not None and owner < s.players else 0
        return [E.citizens(s, where, q), E.capacity(s, where), held, s.wa.get(where, s.zero)[q] + 1]

    return _posed(Predict, "raid-take", "What a raid takes", pos,
                  f"{seat_name(q)}'s warriors raid {where}. How much {resource} do they take?", ("raid",),
                  action=steal, outcome=_delta(field, q), choices=_choices(steal, _delta(field, q), misreadings),
                  words=lambda n: counted(n, resource, resource),
                  explain=lambda b, a: (f"one per warrior of {seat_name(q)} there "
                                        f"({b.wa.get(where, b.zero)[q]}), at most the capacity "
                                        f"{E.capacity(b, where)}", RULES["raid"]))


def battle_odds():
    pos = _battle_position()
    q, s = _seat_at(pos), pos.replay()
    where, _, defender = s.battle
    b = battle_in(s, *s.battle)
    return _posed(HowLikely, "battle-odds", "A battle's odds", pos,
                  f"{seat_name(q)} (Unrest {s.unrest[q]}, strength {b.attacker} in {where}) attacks "
                  f"{seat_name(defender)} (Unrest {s.unrest[defender]}, strength {b.defender} there). Say "
                  f"{seat_name(q)} shows the highest number allowed and the defender's number is equally likely "
                  f"any he may show. How likely is {seat_name(q)} to win?",
                  ("battle",), chapter=BATTLE, probability=_battle_chance, explain=_battle_explain)



def library_heritage():
    pos = _build_position()
    q, s = _seat_at(pos), pos.replay()
    capital = s.capital[q]

    def library(s):
        return Build(capital, "Library")

    def raised(before, after):
        """The heritage tracks the player may pick from for the Library (none if it picks none)."""
        return tuple(a.category for a in after.legal_actions() if type(a) is Heritage) \
            if after.phase_ == "heritage_gain" else ()

    kind = next(x.category for x in s.data.structures if x.name == "Library")
    words = {(): "none", (kind,): f"{kind} only, the Library's own category",
             tuple(CATEGORIES): "any one of " + _listed(list(CATEGORIES)) + ", as the player picks"}
    return _posed(Predict, "library-heritage", "What a Library gives", pos,
                  f"{seat_name(q)} {_holds(s, q, 'gold', 'unrest')} builds a Library in its capital, {capital}. On "
                  f"which heritage track does it gain a step for it?", ("library", "build"),
                  action=library, outcome=raised, choices=lambda s: list(words), words=words.get,
                  explain=lambda b, a: ("a Library gives +1 heritage in one category the player picks (and takes a "
                                        "step of his choice back should he lose the territory)", RULES["library"]))


def conquer_where():
    return map_pick("conquer-where", "Where to conquer", _conquer_position(),
                    "{seat} uses Conquer {holds}. Click every territory where {seat} can attack or annex now.",
                    ("conquer", "attack", "annex"), Conquer)


# -- Victory Arch, Muster, Migrate, Tribute, Patronage ---------------------------------------------------

def arch_where():
    def stop(s):
        q = s.player
        return (s.phase_ == "build" and any(t in s.colony for t in E.owned(s, q))
                and any(type(a) is Build and a.structure == "Victory Arch" for a in s.legal_actions()))
    pos = _at(34, stop)
    q, s = _seat_at(pos), pos.replay()
    mine = E.owned(s, q)
    colonies = [t for t in mine if t in s.colony]
    provinces = [t for t in mine if t not in s.colony]
    return _posed(PickLegal, "arch-where", "Where a Victory Arch may stand", pos,
                  f"{seat_name(q)} uses Build {_holds(s, q, 'gold', 'unrest')}. Its provinces: "
                  f"{_listed(provinces) if provinces else 'none'}; its colonies (gained by annexing): "
                  f"{_listed(colonies)}. In which of its territories may it build a Victory Arch?",
                  ("arch", "build"), scope=lambda a: type(a) is Build and a.structure == "Victory Arch" and not a.labor,
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


def muster_convert():
    pos = _at(5, lambda s: s.phase_ == "muster" and s.ctx[0] == "" and E.unlocked(s, s.player, "Political")
              and _converts(s) >= 2)
    q, s = _seat_at(pos), pos.replay()
    first = next(a for a in s.legal_actions() if type(a) is Convert and a.to_warrior)
    peasants = {t: s.pe.get(t, s.zero)[q] for t in E.owned(s, q)}

    def convert(s):
        return first

    def converted(before, after):
        return 1 + _converts(after)

    return _posed(Predict, "muster-convert", "Muster with Political unlocked", pos,
                  f"{seat_name(q)} uses Muster, Political {_unlocked_by(s, q, 'Political')} ({s.gold[q]} Gold; its "
                  f"peasants: {', '.join(f'{t} {n}' for t, n in peasants.items() if n)}, none elsewhere; "
                  f"{counted(E.supply(s, q, 'warrior'), 'warrior')} left in its supply). It turns as many peasants "
                  f"into warriors as this one Muster allows. How many?", ("muster", "locked"),
                  action=convert, outcome=converted,
                  choices=_choices(convert, converted,
                                   lambda s: [1, sum(peasants.values()), len(peasants), s.gold[q]]),
                  words=lambda n: counted(n, "peasant"),
                  explain=lambda b, a: ("with Political unlocked, Muster converts one citizen in each territory "
                                        "the player owns, 1 Gold each (without it: one warrior added)",
                                        RULES["muster"]))


def migrate_where():
    def source(s):
        q = s.player
        return next((t for t in E.owned(s, q) if s.pe.get(t, s.zero)[q] and len(E.steps(s, q, t)) >= 2
                     and any(u not in s.tiles for u in s.geo.adjacent[t])), None)
    pos = _at(1, lambda s: s.phase_ == "migrate" and not s.ctx[1] and source(s) is not None)
    q, s = _seat_at(pos), pos.replay()
    where = source(s)
    near = sorted(s.geo.adjacent[where])
    farther = sorted({v for u in near if u in s.tiles for v in s.geo.adjacent[u] if v in s.tiles} - {where, *near})
    roads = "No Roads stand on the map." if not E.built(s, "Roads") else \
        "Roads stand in " + _listed(sorted(t for t in s.st if "Roads" in s.st[t])) + "."
    return _posed(PickLegal, "migrate-where", "Where a citizen may migrate", pos,
                  f"{seat_name(q)} uses Migrate; {s.pe[where][q]} of its peasants stand in {where}. "
                  f"{roads} Into which of these territories may one of them move?", ("migrate", "tiles"),
                  scope=lambda a: type(a) is Move and a.source == where and a.kind == "peasant",
                  candidates=lambda s: [Move(where, u, "peasant") for u in near + farther[:4]],
                  why=lambda s, a: (f"{a.target} is next to {where} and has a resource tile", RULES["migrate"]))


def tribute_routes():
    def gained(s):
        q, after = s.player, s.apply(Tribute("routes"))
        return after.crops[q] + after.gold[q] - s.crops[q] - s.gold[q]
    pos = _at(1, lambda s: s.phase_ == "tribute" and gained(s) >= 1)
    q, s = _seat_at(pos), pos.replay()
    anchors = sorted(E.anchors(s, q))
    cities = [t for t in anchors if t != s.capital[q]]

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

    return _posed(Predict, "tribute-routes", "Tribute from caravans", pos,
                  f"{seat_name(q)} uses Tribute and takes it from the caravans of other players (not from its "
                  f"colonies). Its capital is {s.capital[q]}"
                  + (f"; its Cities stand in {_listed(cities)}" if cities else ", and it has no City")
                  + ". What does it gain?", ("tribute",),
                  action=take, outcome=got, choices=_choices(take, got, misreadings), words=_resource_words,
                  explain=lambda b, a: ("one resource of the territory's kind from each other player with a caravan "
                                        "touching the capital, and again for each City, however many caravans "
                                        "that player has there", RULES["tribute"]))


def _patronage_first(state, rng):
    """Random play, except that a player about to use Advance takes Patronage in a category
    whose +2 lets its heritage reach its Unrest."""
    if state.phase_ == "turn" and not state.bonus and "Advance" in state.to_play:
        q = state.player
        for c in CATEGORIES:
            if E.heritage(state, q, c) < state.unrest[q] <= E.heritage(state, q, c) + 2:
                return Patronage(c)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def patronage_advance():
    def stop(s):
        q, cat = s.player, s.patron
        return (s.phase_ == "advance" and cat is not None
                and E.heritage(s, q, cat) >= s.unrest[q] > E.heritage(s, q, cat, patronage=False))
    pos = _at(1, stop, _patronage_first)
    q, s = _seat_at(pos), pos.replay()
    markers = ", ".join(f"{tree} at {s.trees[tree][i]}" for tree, i in sorted(s.markers[q].items()))
    tracks = ", ".join(f"{c} {E.heritage(s, q, c, patronage=False)}" for c in CATEGORIES)
    return _posed(PickLegal, "patronage-advance", "Advance after Patronage", pos,
                  f"{seat_name(q)} took the Patronage bonus action for {s.patron} this turn and now uses Advance "
                  f"(Unrest {s.unrest[q]}; heritage before Patronage: {tracks}; Cultural "
                  f"{_unlocked_by(s, q, 'Cultural')}); its markers: {markers}. On which trees may a marker move on "
                  f"(or a new one start)?", ("patronage", "advance"), scope=lambda a: type(a) is Advance,
                  candidates=_advance_candidates, why=_patronage_why)


def _patronage_why(s, a):
    text, rule = _advance_why(s, a)
    cat = E.tree_category(a.tree)
    if cat != s.patron:
        return text, rule
    return (f"{text} ({E.heritage(s, s.player, cat, patronage=False)} on its track, +2 from Patronage this turn)",
            RULES["patronage"])
