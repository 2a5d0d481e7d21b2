"""Why an action is refused (``None`` when nothing forbids it): the step's own rule, and what
was wrong with the choice where it is worth naming."""
from __future__ import annotations

from explorer.engine.words import seat_name, with_article

from . import actions as A
from . import empire as E
from .generation import EMPHASIS
from .sections import RULES

#: The rule each decision step cites when a choice is refused.
PHASE_RULE = {
    "claim": "claim", "black": "solo_setup", "blue": "solo_setup", "capital": "capital", "caravan": "caravan",
    "setup_heritage": "caravan", "extra_peasant": "extra_peasant", "first_advance": "first_advance",
    "select": "select", "turn": "turn", "chronicle": "chronicle", "muster": "muster", "govern": "govern",
    "tribute": "tribute", "conquer_where": "conquer", "conquer": "conquer", "battle": "battle",
    "lose": "battle_loss", "retreat": "retreat", "raid": "raid", "migrate": "migrate",
    "migrate_route": "migrate", "trade_route": "trade_route", "build": "build", "heritage_gain": "route_heritage",
    "library_loss": "library", "advance": "advance", "keep": "discover", "new_capital": "new_capital",
    "cull": "cull", "target": "solo_play",
}


def why_illegal(s, a):
    if a in s.legal_actions():
        return None
    ph = s.phase_
    rule = RULES[PHASE_RULE.get(ph, "phase")]
    q = s.player
    t = type(a)
    told = _named(s, a, q, rule)
    if told is not None:
        return told
    kinds = {type(x) for x in s.legal_actions()}
    if type(a) not in kinds:
        return (f"{a} is not a choice of the '{ph}' step: {s.prompt()}", rule)
    if t is A.Select:
        used = s.used[q]
        cards = a.cards
        if len(cards) != 2 or cards[0] == cards[1]:
            return ("choose two different cards", rule)
        unknown = [c for c in cards if c not in s.card_index]
        if unknown:
            return (f"{unknown[0]!r} is not one of the player's cards", rule)
        if sum(c in used for c in cards) > 1:
            return ("at most one of the two cards may be one used before this Generation", rule)
        if sum(c.startswith(EMPHASIS) for c in cards) > 1 or any(c.startswith(EMPHASIS) and s.emph[q] for c in cards):
            return ("one Emphasis card a Generation", rule)
        if any(c in used and c.startswith(EMPHASIS) for c in cards):
            return ("an Emphasis card used this Generation cannot be chosen again", rule)
        if tuple(sorted(cards, key=s.card_index.get)) != cards:
            return ("name the two cards in the order of the player's cards", rule)
    if t is A.Build and a.territory in s.tiles:
        if s.owner.get(a.territory) != q:
            return (f"{seat_name(q)} does not own {a.territory}", rule)
        if a.structure in s.st.get(a.territory, ()):
            return (f"{a.territory} already has {with_article(a.structure)}", rule)
        if a.structure == "City" and not E.unlocked(s, q, "Civil"):
            return ("a City needs the Civil category unlocked", RULES["locked"])
        if a.structure in s.st_supply and E.build_cost(s, q, a.territory, a.structure, a.labor) > s.gold[q]:
            return (f"{a.structure} in {a.territory} costs {E.build_cost(s, q, a.territory, a.structure, a.labor)} "
                    f"Gold; {seat_name(q)} has {s.gold[q]}", rule)
    if t is A.Build and a.territory in s.tiles and s.owner.get(a.territory) == q:
        if a.structure == "Victory Arch" and a.territory not in s.colony:
            return (f"a Victory Arch goes only into a colony, and {a.territory} is a province", RULES["arch"])
        if len(s.st.get(a.territory, ())) >= E.capacity(s, a.territory):
            return (f"{a.territory} already holds as many structures as its capacity", rule)
        if not s.st_supply.get(a.structure):
            return (f"no {a.structure} is left in the supply", rule)
    if t is A.Advance and a.tree in s.trees:
        cat = E.tree_category(a.tree)
        if s.unrest[q] > E.heritage(s, q, cat):
            return (f"Unrest {s.unrest[q]} is above {seat_name(q)}'s {cat} heritage, "
                    f"{E.heritage(s, q, cat)}", rule)
        if a.new and not E.unlocked(s, q, "Cultural"):
            return ("a new marker on a tree needs the Cultural category unlocked", RULES["locked"])
        if a.new and a.tree in s.markers[q]:
            return (f"{seat_name(q)} already has a marker on {a.tree}", rule)
        if not a.new and a.tree not in s.markers[q]:
            return (f"{seat_name(q)} has no marker on {a.tree} to move", rule)
    if t is A.Route and s.phase_ == "trade_route" and E.border(a.a, a.b) in s.geo.borders:
        if E.border(a.a, a.b) in s.routes[q]:
            return (f"{seat_name(q)} already has a caravan on {a.a}-{a.b}", rule)
        if E.border(a.a, a.b) not in E.route_places(s, q):
            return (f"{a.a}-{a.b} touches neither {seat_name(q)}'s capital or a City of his nor his chain of "
                    f"caravans leading to one", rule)
    if t is A.Play and a.card in s.to_play:
        return ("the second Trade Route card needs the Cultural category unlocked", RULES["locked"])
    if t is A.Chronicle and a.bin in s.bins[q]:
        return (f"{seat_name(q)} already has a Chronicle in bin {a.bin}", rule)
    if t is A.Govern and a.levels > 0:
        return (f"lowering Unrest by {a.levels} costs {a.levels * E.empire_size(s, q)} Crops and Unrest is "
                f"{s.unrest[q]}; {seat_name(q)} has {s.crops[q]} Crops", rule)
    if t is A.Pick:
        return (f"the battle number must be 0 to {E.die_limit(s, q)} (7 minus Unrest, at most 6)", rule)
    return (f"{a} is not allowed now: {s.prompt()}", rule)


# -- the steps whose refusal names what is wrong with the choice itself --------------------------------

def _named(s, a, q, rule):
    """Why a province, capital, first caravan, territory to conquer in, move, bonus action, Muster,
    Tribute or foreign target is refused, in the step's own words; None when the choice is not one
    of these (or its fields name no place of the map)."""
    t, ph = type(a), s.phase_
    where = getattr(a, "territory", None)
    known = isinstance(where, str) and where in s.geo.adjacent
    if t is A.Claim and ph == "claim" and known:
        return _claim(s, q, where, rule)
    if t is A.Capital and ph in ("capital", "new_capital") and known and s.owner.get(where) != q:
        return (f"{where} is not {seat_name(q)}'s: the capital is one of its own territories", rule)
    if t is A.Route and ph == "caravan" and isinstance(a.a, str) and isinstance(a.b, str) \
            and E.border(a.a, a.b) in s.geo.borders:
        cap = s.capital[q]
        if a.pay != "":
            return ("the first caravan costs nothing: it is placed, not paid for", rule)
        if cap not in (a.a, a.b):
            return (f"{a.a}-{a.b} is not a border of {seat_name(q)}'s capital, {cap}", rule)
    if t is A.Conquer and ph == "conquer_where" and known:
        return _conquer(s, q, where, rule)
    if t is A.Move and ph in ("raid", "migrate") and isinstance(a.source, str) and isinstance(a.target, str) \
            and a.source in s.geo.adjacent and a.target in s.geo.adjacent and a.kind in E.KINDS:
        return _move(s, q, a, rule)
    if ph == "turn" and t in (A.Oppress, A.Patronage, A.Tax):
        if s.bonus:
            return ("one bonus action a turn, and this turn's is taken", RULES["bonus"])
        if t is A.Oppress and known:
            if s.owner.get(where) != q:
                return (f"{seat_name(q)} does not own {where}", RULES["oppress"])
            if not s.pe.get(where, s.zero)[q]:
                return (f"{seat_name(q)} has no peasant in {where} to produce", RULES["oppress"])
        if t is A.Tax and a.resource in ("Crops", "Gold") and not E.goods_touched(s, q):
            return (f"{seat_name(q)}'s caravans touch no trade good", RULES["tax"])
    if ph == "muster" and t in (A.Muster, A.Convert, A.Irrigate):
        return _muster(s, q, a, where, known, rule)
    if t is A.Tribute and ph == "tribute" and a.kind == "both" and not E.unlocked(s, q, "Civil"):
        return ("taking both kinds of tribute needs the Civil category unlocked", RULES["locked"])
    if t is A.Target and ph == "target" and known:
        if s.owner.get(where) != 0:
            return (f"{where} is not a territory of the player's", rule)
        return (f"no territory of the attacking foreign empire with warriors lies next to {where}", rule)
    return None


def _claim(s, q, where, rule):
    if where not in s.tiles:
        return (f"{where} has no resource tile: it is out of play", RULES["tiles"])
    owner = s.owner.get(where)
    if owner is not None:
        if owner == q:
            return (f"{where} is one of {seat_name(q)}'s provinces already", rule)
        return (f"{where} is already claimed by {_empire(s, owner)}", rule)
    mine = E.owned(s, q)
    if mine and not s.geo.adjacent[where] & set(mine):
        return (f"{where} is next to none of {seat_name(q)}'s provinces ({', '.join(mine)})", rule)
    return None


def _conquer(s, q, where, rule):
    if where not in s.tiles:
        return (f"{where} has no resource tile: it is out of play", RULES["tiles"])
    mine = E.citizens(s, where, q)
    if not mine:
        return (f"{seat_name(q)} has no citizens in {where}", RULES["conquer"])
    why = []
    foes = [p for p in range(s.empires) if p != q and E.citizens(s, where, p)]
    if not foes:
        why.append("nobody else has citizens there to attack")
    else:
        why.append(f"attacking costs {E.attack_cost(s, q, where)} Crops (the Unrest), it has {s.crops[q]}")
    owner = s.owner.get(where)
    rivals = [p for p in foes if E.citizens(s, where, p) >= mine]
    if owner == q:
        why.append("it owns the territory already")
    elif owner is not None and E.citizens(s, where, owner):
        why.append(f"its owner, {_empire(s, owner)}, has citizens there")
    elif rivals:
        why.append(f"{_empire(s, rivals[0])} has as many citizens there or more")
    elif sum(1 for x in s.owner.values() if x == q) >= E.MAX_TERRITORIES or E.discs_free(s, q) <= 0:
        why.append("it has no territory marker left")
    else:
        why.append(f"annexing costs {E.annex_cost(s, q, where)} Crops, it has {s.crops[q]}")
    return (f"{seat_name(q)} can neither attack nor annex in {where}: " + "; ".join(why), RULES["conquer"])


def _empire(s, p) -> str:
    return seat_name(p) if p < s.players else ("the black empire" if p == 1 else "the blue empire")


def _move(s, q, a, rule):
    if s.phase_ == "raid" and a.kind != "warrior":
        return ("a Raid moves warriors only", rule)
    field = s.pe if a.kind == "peasant" else s.wa
    here = field.get(a.source, s.zero)[q] if a.source in s.tiles else 0
    if not here:
        return (f"{seat_name(q)} has no {a.kind} in {a.source}", rule)
    if here <= s.ctx[1].get((a.source, a.kind), 0):
        return (f"the {a.kind}s in {a.source} came there in this action and move no further", rule)
    if a.target not in s.tiles:
        return (f"{a.target} has no resource tile: it is out of play, closed to citizens", RULES["tiles"])
    if a.target not in E.steps(s, q, a.source):
        roads = " or joined to it by Roads" if E.built(s, "Roads") else ""
        return (f"{a.target} is not next to {a.source}{roads}: a citizen moves one step", rule)
    return None


def _muster(s, q, a, where, known, rule):
    mode, converted, irrigated = s.ctx
    if s.gold[q] < 1:
        return (f"each step of Muster costs 1 Gold; {seat_name(q)} has none", rule)
    if known and s.owner.get(where) != q:
        return (f"{seat_name(q)} does not own {where}", rule)
    t = type(a)
    if t is A.Muster:
        if mode == "add":
            return ("Muster adds one warrior", rule)
        if mode == "convert":
            return ("a Muster either adds a warrior or converts citizens, not both", rule)
        if E.supply(s, q, "warrior") <= 0:
            return (f"{seat_name(q)} has no warrior left in the supply", rule)
    if t is A.Convert:
        if not E.unlocked(s, q, "Political"):
            return ("converting citizens needs the Political category unlocked", RULES["locked"])
        if mode == "add":
            return ("a Muster either adds a warrior or converts citizens, not both", rule)
        if known and where in converted:
            return (f"one conversion per territory, and {where} has had its own", rule)
        if known and type(a.to_warrior) is bool:
            kind, into = ("peasant", "warrior") if a.to_warrior else ("warrior", "peasant")
            field = s.pe if a.to_warrior else s.wa
            if not field.get(where, s.zero)[q]:
                return (f"{seat_name(q)} has no {kind} in {where} to convert", rule)
            if E.supply(s, q, into) <= 0:
                return (f"{seat_name(q)} has no {into} left in the supply", rule)
    if t is A.Irrigate and known:
        if not E.unlocked(s, q, "Civil"):
            return ("the Irrigation's peasant needs the Civil category unlocked", RULES["locked"])
        if "Irrigation" not in s.st.get(where, ()):
            return (f"{where} has no Irrigation", RULES["structures"])
        if where in irrigated:
            return (f"{where}'s Irrigation has given its peasant", RULES["structures"])
    return None
