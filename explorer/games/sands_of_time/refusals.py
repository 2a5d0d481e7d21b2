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
    kinds = {type(x) for x in s.legal_actions()}
    if type(a) not in kinds:
        return (f"{a} is not a choice of the '{ph}' step: {s.prompt()}", rule)
    q = s.player
    t = type(a)
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
