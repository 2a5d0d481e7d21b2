"""Exercises for The Sands of Time (issue 33): positions from seeded three-player games, questions
in the rulebook's terms, answers computed by the engine (:mod:`explorer.engine.exercises`).

Every position is a :class:`~explorer.engine.record.GameRecord` (a seeded game stopped at the first
step that fits), posed to the seat whose step it is (at a die roll: the start player, who rolls
it), and asks only what that seat can tell from its observation: its own cards, Chronicles and
resources, and the open map.  The rules cited are the game's own :data:`~.sections.RULES`, the
references its refusals and steps use.  Chances come from the exact calculators of :mod:`.odds`.

Kinds: *pick the legal ones* on the map (a territory or a border to click) or among options
(cards, trees, bins, structures, borders shown as buttons); *what happens next* (resources, Unrest,
costs, growth, overcrowding, Chronicle points); *how likely* (the die of Phase 2 (c), a battle).
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from explorer.engine.exercises import HowLikely, PickLegal, Predict, seeded
from explorer.engine.registry import get_game
from explorer.engine.words import counted, seat_name, seat_names

from . import empire as E
from . import sensible
from .actions import (DONE, Advance, Annex, Build, Chronicle, Claim, Conquer, Govern, Marker, Roll, Route,
                      Select, Steal, Tax)
from .chronicles import BINS, card
from .data import CATEGORIES
from .generation import EMPHASIS
from .odds import _WHAT, battle_in, generation_length
from .sections import RULES

GAME = "sands_of_time"
OPTIONS = {"players": 3}
#: the notebook's chapters (its headings) the exercises follow
LEARN = "One Generation, phase by phase"
TRACK = "How long is a Generation?"
BATTLE = "What are a battle's odds?"


def _at(seed: int, stop, policy=None):
    """A seeded three-player game stopped at the first state where ``stop(state)`` holds."""
    return seeded(GAME, seed, stop, OPTIONS, policy)


def _sensible(state, rng: random.Random):
    return sensible.choose(state, state.player, rng)


def _deciding(phase: str):
    return lambda s: s.phase_ == phase


def _choices(action, outcome, wrong):
    """The answers offered: the engine's (the action applied to a copy) and the wrong ones that
    a misreading of the rule gives (``wrong(state)``), each once, in order."""
    def offer(state):
        right = outcome(state, state.apply(action(state)))
        return sorted({right, *wrong(state)})
    return offer




def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _holds(s, q: int, *what: str) -> str:
    """What the seat's own board shows (the map does not): ``crops``, ``gold``, ``unrest``,
    ``heritage``, ``unlocked``, in words, for the question."""
    words = {"crops": lambda: f"{s.crops[q]} Crops", "gold": lambda: f"{s.gold[q]} Gold",
             "unrest": lambda: f"Unrest {s.unrest[q]}",
             "heritage": lambda: "heritage " + ", ".join(f"{c} {E.heritage(s, q, c)}" for c in CATEGORIES),
             "unlocked": lambda: "unlocked: " + (", ".join(c for c in CATEGORIES if E.unlocked(s, q, c)) or "none")}
    return "(" + "; ".join(words[w]() for w in what) + ")"


# -- Initial Setup -----------------------------------------------------------------------------------

def _claim_position():
    return _at(1, lambda s: s.phase_ == "claim" and len(E.owned(s, s.player)) == 2)


def _caravan_position():
    return _at(2, _deciding("caravan"))


def _first_resources_position():
    return _at(1, lambda s: s.phase_ == "first_advance" and len(s.committing) == 1)


def _resource_words(pair) -> str:
    return f"{pair[0]} Crops and {pair[1]} Gold"


def _resource_misreadings(q):
    """What Phase 1 would give counting warriors too, or the whole capacity, or one per territory."""
    def wrong(s):
        out = []
        for count in ("citizens", "capacity", "territories"):
            got = {"Crops": 0, "Gold": 0}
            for t in E.owned(s, q):
                resource, capacity = s.tiles[t]
                got[resource] += {"citizens": E.citizens(s, t, q), "capacity": capacity, "territories": 1}[count]
            out.append((got["Crops"], got["Gold"]))
        return out
    return wrong


def _phase1_explain(q):
    def explain(before, after):
        parts = [f"{t}: {min(after.pe.get(t, after.zero)[q], E.production_cap(after, t))} {after.tiles[t][0]}"
                 for t in E.owned(after, q)]
        return (f"one resource per own peasant in each territory, at most its capacity; warriors produce nothing "
                f"({'; '.join(parts)})", RULES["resources"])
    return explain


# -- Phase 2 -----------------------------------------------------------------------------------------

def _select_position():
    return _at(1, lambda s: s.phase_ == "select" and s.emph[s.player] is not None
               and sum(not c.startswith(EMPHASIS) for c in s.used[s.player]) >= 2)


def _again_card(record) -> str:
    """The first Action card the seat used this Generation (the one it wants to use again)."""
    s = record.replay()
    return next(c for c in s.card_names if c in s.used[s.player] and not c.startswith(EMPHASIS))


def _pair(s, x: str, y: str) -> Select:
    return Select(tuple(sorted((x, y), key=s.card_index.get)))


def _end_turn_position():
    return _at(1, lambda s: s.phase_ == "turn" and s.bonus and s.reused is not None and not s.reuse_used
               and s.reused in s.to_play and s.unrest[s.player] <= 6)


def _tax_position():
    return _at(1, lambda s: s.phase_ == "turn" and not s.bonus and E.goods_touched(s, s.player) >= 2
               and len(s.routes[s.player]) > E.goods_touched(s, s.player))


def _delta(field: str, q: int, sign: int = 1):
    """How much seat ``q``'s ``field`` (``crops``, ``gold``, ``unrest``, ``vp``) went up (``sign`` -1:
    down) from the position to the state after the action."""
    return lambda before, after: sign * (getattr(after, field)[q] - getattr(before, field)[q])


# -- the die of Phase 2 (c), and Phases 3-5 -----------------------------------------------------------

def _first_to_choose(gen_pos: int):
    """The first seat to pick its cards (Phase 2 (a)) at the start of a turn after ``gen_pos``
    turns of a Generation (not the game's first Generation)."""
    return lambda s: (s.phase_ == "select" and s.gen_pos == gen_pos and s.generations >= 1
                      and len(s.committing) == s.players)


def _ends_after_this_turn(s) -> Fraction:
    """Phase 2 (c) after this turn: the chance the die ends the Generation, given it lasted so far
    (:func:`.odds.generation_length` over the turns still to come)."""
    dist = generation_length(s.data.tracks.generation)
    turn = s.gen_pos + 1
    going = sum((p for k, p in dist.items() if k >= turn), Fraction(0))
    return dist.get(turn, Fraction(0)) / going


def _fourth_turn(s) -> Fraction:
    """At a Generation's first turn: the chance it lasts four turns or more."""
    dist = generation_length(s.data.tracks.generation)
    return sum((p for k, p in dist.items() if k >= 4), Fraction(0))


def _ending_roll(extra):
    """A roll of Phase 2 (c) where a 1 ends the Generation (and no cull follows), and ``extra``."""
    def stop(s):
        if s.phase_ != "roll" or s.data.tracks.generation[s.gen_pos - 1] < 1 or not extra(s):
            return False
        return s.apply(Roll(1)).phase_ != "cull"
    return stop


def _track() -> tuple:
    """The Generation track's numbers, space by space."""
    return tuple(get_game(GAME).initial_state(OPTIONS).data.tracks.generation)


def _one(s) -> Roll:
    return Roll(1)


def _peasants(s, q: int) -> int:
    return sum(row[q] for row in s.pe.values())


def _growth_position():
    return _at(1, _ending_roll(lambda s: s.growth))


def _crowd_position():
    def some_crowded(s):
        after = s.apply(Roll(1))
        rose = [q for q in range(s.players) if after.unrest[q] > s.unrest[q]]
        return 0 < len(rose) < s.players
    return _at(1, _ending_roll(lambda s: not s.growth and some_crowded(s)))


def _crowded(before, after) -> tuple:
    return tuple(q for q in range(before.players) if after.unrest[q] > before.unrest[q]
                 or after.vp[q] < before.vp[q])


def _crowd_words(seats) -> str:
    return seat_names(seats) if seats else "nobody"


def _crowd_choices(s):
    return [c for n in range(s.players + 1) for c in combinations(range(s.players), n)]


def _crowd_explain(before, after):
    over = [t for t, q in before.owner.items() if q < before.players
            and E.total_citizens(after, t) > E.citizen_capacity(after, t)]
    return (f"a player owning a territory with more citizens than it holds gains 1 Unrest"
            f" (too full now: {', '.join(sorted(over)) or 'none'})", RULES["overcrowd"])


def _dynasty_position():
    def scores(s):
        if s.dynasty >= len(s.data.tracks.dynasties):
            return False
        after = s.apply(Roll(1))
        return after.dynasty > s.dynasty and after.vp[s.start] > s.vp[s.start] and s.bins[s.start]
    return _at(1, _ending_roll(scores), _sensible)


def _chronicles_placed(s, q: int) -> str:
    """The seat's own placed Chronicles with what each card asks, and its heritage (its own board)."""
    cards = "; ".join(f"card {n} in bin {b} ({card(s, n).vp} VP, heritage {card(s, n).heritage}, threshold "
                      f"{card(s, n).thresholds[b]} {_WHAT[b]}, the empire has {E.accomplishment(s, q, b)} now)"
                      for b, n in sorted(s.bins[q].items()))
    placed = f"{seat_name(q)}'s Chronicles: {cards}" if cards else f"{seat_name(q)} placed no Chronicle"
    return f"{placed}; its {_holds(s, q, 'heritage')[1:-1]}."


def _standings(s) -> str:
    """What every player's board shows openly and Game End compares (the map shows the territories)."""
    return ("Unrest: " + ", ".join(f"{seat_name(p)} {s.unrest[p]}" for p in range(s.players))
            + "; fountains and lyres: " + ", ".join(f"{seat_name(p)} {sum(E.symbols(s, p))}" for p in range(s.players))
            + ".")


def _dynasty_choices(q):
    def wrong(s):
        vps = [s.data.chronicles.cards[c - 1].vp for c in s.bins[q].values()]
        return [0, *vps, sum(vps) + 1, sum(s.bins[q].values())]
    return wrong


# -- Actions Explained -------------------------------------------------------------------------------

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


# -- the exercises (each function binds its own position and seat) -----------------------

def _seat_at(pos) -> int:
    """Whom a position's exercise is posed to: the seat deciding, or at a die the start player."""
    s = pos.replay()
    return s.start if s.is_chance_node() else s.player


def _posed(kind, key: str, title: str, pos, question: str, rules, chapter: str = LEARN, **fields):
    return kind(key=key, game=GAME, title=title, question=question, rules=tuple(RULES[r] for r in rules),
                position=pos, viewer=_seat_at(pos), chapter=chapter, **fields)


#: the picks made on the map: key, title, position, question ({seat}: the seat asked, {holds}: its Crops and
#: Unrest), rules, the action
MAP_PICKS = (
    ("claim-provinces", "Claiming provinces", _claim_position,
     "{seat} claims a third province. Click every territory that may be claimed now.", ("claim",), Claim),
    ("first-caravan", "The first caravan", _caravan_position,
     "{seat} places the first caravan of the set-up. Pick every border it may go on (the buttons under the map name them).", ("caravan",), Route),
    ("conquer-where", "Where to conquer", _conquer_position,
     "{seat} uses Conquer {holds}. Click every territory where {seat} can attack or annex now.",
     ("conquer", "attack", "annex"), Conquer),
)


def map_pick(key, title, position, question, rules, kind):
    pos = position()
    q = _seat_at(pos)
    text = question.format(seat=seat_name(q), holds=_holds(pos.replay(), q, "crops", "unrest"))
    return _posed(PickLegal, key, title, pos, text, rules, scope=lambda a: type(a) is kind)


def first_resources():
    pos = _first_resources_position()
    q = _seat_at(pos)

    def mark(s):
        return next(a for a in s.legal_actions() if type(a) is Marker)

    def held(before, after):
        return after.crops[q], after.gold[q]

    return _posed(Predict, "first-resources", "Resources in Phase 1", pos,
                  f"{seat_name(q)} places the last first Advance marker; the first Generation starts with Phase 1. "
                  f"What will {seat_name(q)} hold then?", ("resources",), action=mark, outcome=held,
                  choices=_choices(mark, held, _resource_misreadings(q)), words=_resource_words,
                  explain=_phase1_explain(q))


def select_again():
    pos = _select_position()
    q, again, s = _seat_at(pos), _again_card(pos), pos.replay()
    used = [c for c in s.card_names if c in s.used[q]]
    return _posed(PickLegal, "select-again", "Choosing a card again", pos,
                  f"{seat_name(q)} wants {again} again this Generation. Its cards used so far this Generation: "
                  f"{', '.join(used)}. Which cards may be chosen beside {again}?", ("select",), scope=lambda a: type(a) is Select and again in a.cards,
                  candidates=lambda s: [_pair(s, again, c) for c in s.card_names if c != again],
                  why=lambda s, a: (f"{' and '.join(a.cards)}: only one of them was used before, and no second "
                                    f"Emphasis card", RULES["select"]))


def end_turn_unrest():
    pos = _end_turn_position()
    q, again = _seat_at(pos), pos.replay().reused
    return _posed(Predict, "end-turn-unrest", "Unrest at the end of a turn", pos,
                  f"{seat_name(q)} took a bonus action and chose {again} a second time this Generation, but ends "
                  f"the turn without using it. By how much does Unrest rise?", ("turn_unrest", "bonus"),
                  action=lambda s: DONE, outcome=_delta("unrest", q), choices=lambda s: [0, 1, 2],
                  words=lambda n: f"+{n}",
                  explain=lambda b, a: ("a bonus action costs 1; a card chosen again costs 1 only if it is used",
                                        RULES["turn_unrest"]))


def unrest_above_max():
    pos = _at(1, lambda s: s.phase_ == "turn" and s.bonus and s.reuse_used and s.unrest[s.player] == 7)
    q = _seat_at(pos)
    return _posed(Predict, "unrest-above-max", "Unrest beyond the maximum", pos,
                  f"{seat_name(q)} is at the top of the Unrest track, took a bonus action and used a card a second "
                  f"time. How many victory points does ending the turn cost?", ("max_unrest", "turn_unrest"),
                  action=lambda s: DONE, outcome=_delta("vp", q, -1), choices=lambda s: [0, 1, 2, 3],
                  words=lambda n: counted(n, "VP", "VP"),
                  explain=lambda b, a: (f"Unrest stays at {E.unrest_cap(b, q)}; each step above it costs 1 VP",
                                        RULES["max_unrest"]))


def tax_gold():
    pos = _tax_position()
    q = _seat_at(pos)

    def tax(s):
        return Tax("Gold")

    return _posed(Predict, "tax-gold", "Tax", pos,
                  f"{seat_name(q)} takes the Tax bonus action in Gold. How much Gold does it bring?", ("tax",),
                  action=tax, outcome=_delta("gold", q),
                  choices=_choices(tax, _delta("gold", q),
                                   lambda s: [1, len(s.routes[q]), 2 * E.goods_touched(s, q)]),
                  words=lambda n: counted(n, "Gold", "Gold"),
                  explain=lambda b, a: (f"one per trade good the caravans touch: {E.goods_touched(b, q)} of "
                                        f"{counted(len(b.routes[q]), 'caravan')} lie on one", RULES["tax"]))


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
    q, where = _seat_at(pos), pos.replay().ctx[0]

    def annex(s):
        return Annex()

    return _posed(Predict, "annex-cost", "What annexing costs", pos,
                  f"{seat_name(q)} annexes {where}. How many Crops does it pay?", ("annex",),
                  action=annex, outcome=_delta("crops", q, -1),
                  choices=_choices(annex, _delta("crops", q, -1),
                                   lambda s: [s.unrest[q], E.empire_size(s, q) + 1, E.citizens(s, where, q)]),
                  words=lambda n: counted(n, "Crop"),
                  explain=lambda b, a: (f"the empire's size before annexing: {E.empire_size(b, q)} territories",
                                        RULES["annex"]))


def growth():
    pos = _growth_position()
    q = _seat_at(pos)

    def gained(before, after):
        return _peasants(after, q) - _peasants(before, q)

    return _posed(Predict, "growth", "Population growth", pos,
                  f"The Dynasty marker passed a P space this Generation and the die will end it. How many peasants "
                  f"does {seat_name(q)} gain?", ("growth",), action=_one, outcome=gained,
                  choices=_choices(_one, gained, lambda s: [0, 1, len(E.owned(s, q)) + 1, _peasants(s, q)]),
                  words=lambda n: counted(n, "peasant"),
                  explain=lambda b, a: (f"one into each of the {len(E.owned(b, q))} territories {seat_name(q)} owns",
                                        RULES["growth"]))


def overcrowding():
    return _posed(Predict, "overcrowding", "Overcrowding", _crowd_position(),
                  "The die will end this Generation. Whose Unrest rises in Phase 4?", ("overcrowd",), action=_one,
                  outcome=_crowded, choices=_crowd_choices, words=_crowd_words, explain=_crowd_explain)


def dynasty_chronicles():
    pos = _dynasty_position()
    q = _seat_at(pos)
    return _posed(Predict, "dynasty-chronicles", "Scoring the Chronicles", pos,
                  f"The die will end this Generation, and with it the Dynasty: the Chronicles are scored. "
                  f"{_chronicles_placed(pos.replay(), q)} How many victory points does {seat_name(q)} gain?",
                  ("chronicle_score", "heritage_after"),
                  action=_one, outcome=_delta("vp", q), choices=_choices(_one, _delta("vp", q), _dynasty_choices(q)),
                  words=lambda n: counted(n, "VP", "VP"),
                  explain=lambda b, a: ("a card scores when the empire meets its threshold in its bin and the "
                                        "category's heritage reaches its number", RULES["chronicle_score"]))


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


def generation_end():
    pos = _growth_position()
    q = _seat_at(pos)

    def starts(before, after):
        return after.start

    return _posed(Predict, "new-start-player", "Who starts the next Generation", pos,
                  f"{seat_name(q)} holds the die, and it will end this Generation. Who is the start player of the "
                  f"next one?", ("generation_end",), action=_one, outcome=starts,
                  choices=lambda s: list(range(s.players)), words=seat_name,
                  explain=lambda b, a: (f"the die passes to the left: from {seat_name(b.start)} to "
                                        f"{seat_name(a.start)}", RULES["generation_end"]))


def game_end_vp():
    pos = _at(3, _ending_roll(lambda s: s.dynasty == len(s.data.tracks.dynasties)
                              and s.apply(Roll(1)).is_terminal()), _sensible)
    q = _seat_at(pos)

    def bonuses(s):
        after = s.apply(Roll(1))
        got = after.vp[q] - s.vp[q]
        return [n for n in (got - 3, got + 3, 0, 9) if n >= 0]

    return _posed(Predict, "game-end-vp", "The game's last points", pos,
                  f"The die will end the last Generation of the third Dynasty, and the game. "
                  f"{_chronicles_placed(pos.replay(), q)} {_standings(pos.replay())} How many victory points does "
                  f"{seat_name(q)} gain in all?",
                  ("end", "chronicle_score"), action=_one, outcome=_delta("vp", q),
                  choices=_choices(_one, _delta("vp", q), bonuses), words=lambda n: counted(n, "VP", "VP"),
                  explain=lambda b, a: ("its Chronicles score as at every Dynasty's end; then 3 VP each for the most "
                                        "territories, the lowest Unrest and the most fountains and lyres, ties "
                                        "sharing", RULES["end"]))


def generation_die(key: str, gen_pos: int, chance, what: str):
    when = "A Generation begins" if gen_pos == 0 else \
        f"Turn {gen_pos + 1} of this Generation begins (the Generation marker is on space {gen_pos})"
    return _posed(HowLikely, key, "The Generation's die", _at(1, _first_to_choose(gen_pos)),
                  f"{when}; the Generation track reads {', '.join(map(str, _track()))}. How likely is it that "
                  f"{what}?", ("tracks",), chapter=TRACK, probability=chance,
                  explain=lambda s, p: ("after each turn the die ends the Generation when it shows at most the "
                                        "number on the marker's space (track "
                                        f"{', '.join(map(str, s.data.tracks.generation))})", RULES["tracks"]))


def battle_odds():
    pos = _battle_position()
    q, s = _seat_at(pos), pos.replay()
    where, _, defender = s.battle
    b = battle_in(s, *s.battle)
    return _posed(HowLikely, "battle-odds", "A battle's odds", pos,
                  f"{seat_name(q)} (Unrest {s.unrest[q]}, strength {b.attacker} in {where}) attacks "
                  f"{seat_name(defender)} (Unrest {s.unrest[defender]}, strength {b.defender} there). Say "
                  f"{seat_name(q)} shows the highest number allowed and the defender's number is equally likely "
                  f"any he may show. How likely does {seat_name(q)} win?",
                  ("battle",), chapter=BATTLE, probability=_battle_chance, explain=_battle_explain)


EXERCISES = [
    map_pick(*MAP_PICKS[0]), map_pick(*MAP_PICKS[1]), first_resources(), select_again(), end_turn_unrest(),
    unrest_above_max(), tax_gold(), chronicle_bins(), build_capital(), build_cost(), govern_cost(), advance_trees(), trade_route_borders(),
    map_pick(*MAP_PICKS[2]), annex_cost(), raid_take(), growth(), overcrowding(), dynasty_chronicles(),
    generation_end(), game_end_vp(),
    generation_die("generation-ends", 2, _ends_after_this_turn, "the die ends this Generation after this turn"),
    generation_die("fourth-turn", 0, _fourth_turn, "this Generation has a fourth turn"),
    battle_odds(),
]
