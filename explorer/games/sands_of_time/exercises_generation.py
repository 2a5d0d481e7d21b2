"""The Sands of Time's exercise parts on the Generation Sequence: Phase 1's resources, Phase 2's card
choice, Emphasis cards, the turn's Unrest, the bonus actions Tax and Oppress, the die of (c),
Phases 3 to 5 (growth, overcrowding and the double-capacity cull, the Chronicles), Generation
End, Game End, and the solo variant's foreign attacks.  A function of ``position`` makes the part
for its exercise's position (``q``: the seat asked); a constant is the same at any position."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from explorer.engine.sheet_parts import Chance, Outcome, Scope
from explorer.engine.words import counted, seat_name, seat_names

from . import empire as E
from . import solo
from .actions import Marker, Oppress, Roll, Select, Tax
from .generation import EMPHASIS
from .odds import generation_length
from .sections import RULES
from .exercises_common import _choices, _delta, _one, _peasants, _resource_words, _seat


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


def first_resources(position):
    q = _seat(position)

    def mark(s):
        return next(a for a in s.legal_actions() if type(a) is Marker)

    def held(before, after):
        return after.crops[q], after.gold[q]

    return Outcome(
        read=held,
        choices=_choices(mark, held, _resource_misreadings(q)),
        words=_resource_words,
        explain=_phase1_explain(q))


def _again_card(s) -> str:
    """The first Action card the seat used this Generation (the one it wants to use again)."""
    return next(c for c in s.card_names if c in s.used[s.player] and not c.startswith(EMPHASIS))


def _pair(s, x: str, y: str) -> Select:
    return Select(tuple(sorted((x, y), key=s.card_index.get)))


def select_again(position):
    again = _again_card(position)
    return Scope(
        test=lambda a: type(a) is Select and again in a.cards,
        candidates=lambda s: [_pair(s, again, c) for c in s.card_names if c != again],
        why=lambda s, a: (f"{' and '.join(a.cards)}: only one of them was used before, and no second "
                          f"Emphasis card", RULES["select"]))


def end_turn_unrest(position):
    q = _seat(position)
    return Outcome(
        read=_delta("unrest", q),
        choices=lambda s: [0, 1, 2],
        words=lambda n: f"+{n}",
        explain=lambda b, a: ("a bonus action costs 1; a card chosen again costs 1 only if it is used",
                              RULES["turn_unrest"]))


def unrest_above_max(position):
    q = _seat(position)
    return Outcome(
        read=_delta("vp", q, -1),
        choices=lambda s: [0, 1, 2, 3],
        words=lambda n: counted(n, "VP", "VP"),
        explain=lambda b, a: (f"Unrest stays at {E.unrest_cap(b, q)}; each step above it costs 1 VP",
                              RULES["max_unrest"]))


def tax_gold(position):
    q = _seat(position)

    def tax(s):
        return Tax("Gold")

    return Outcome(
        read=_delta("gold", q),
        choices=_choices(tax, _delta("gold", q),
                         lambda s: [1, len(s.routes[q]), 2 * E.goods_touched(s, q)]),
        words=lambda n: counted(n, "Gold", "Gold"),
        explain=lambda b, a: (f"one per trade good the caravans touch: {E.goods_touched(b, q)} of "
                              f"{counted(len(b.routes[q]), 'caravan')} lie on one", RULES["tax"]))


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


def _die_explain(s, p):
    return ("after each turn the die ends the Generation when it shows at most the number on the marker's space "
            f"(track {', '.join(map(str, s.data.tracks.generation))})", RULES["tracks"])


GENERATION_ENDS = Chance(probability=_ends_after_this_turn, explain=_die_explain)
FOURTH_TURN = Chance(probability=_fourth_turn, explain=_die_explain)


def growth(position):
    q = _seat(position)

    def gained(before, after):
        return _peasants(after, q) - _peasants(before, q)

    return Outcome(
        read=gained,
        choices=_choices(_one, gained, lambda s: [0, 1, len(E.owned(s, q)) + 1, _peasants(s, q)]),
        words=lambda n: counted(n, "peasant"),
        explain=lambda b, a: (f"one into each of the {len(E.owned(b, q))} territories {seat_name(q)} owns",
                              RULES["growth"]))


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


OVERCROWDING = Outcome(
    read=_crowded,
    choices=_crowd_choices,
    words=_crowd_words,
    explain=_crowd_explain)


def _dynasty_choices(q):
    def wrong(s):
        vps = [s.data.chronicles.cards[c - 1].vp for c in s.bins[q].values()]
        return [0, *vps, sum(vps) + 1, sum(s.bins[q].values())]
    return wrong


def dynasty_chronicles(position):
    q = _seat(position)
    return Outcome(
        read=_delta("vp", q),
        choices=_choices(_one, _delta("vp", q), _dynasty_choices(q)),
        words=lambda n: counted(n, "VP", "VP"),
        explain=lambda b, a: ("a card scores when the empire meets its threshold in its bin and the "
                              "category's heritage reaches its number", RULES["chronicle_score"]))


NEW_START_PLAYER = Outcome(
    read=lambda before, after: after.start,
    choices=lambda s: list(range(s.players)),
    words=seat_name,
    explain=lambda b, a: (f"the die passes to the left: from {seat_name(b.start)} to "
                          f"{seat_name(a.start)}", RULES["generation_end"]))


def game_end_vp(position):
    q = _seat(position)

    def bonuses(s):
        after = s.apply(Roll(1))
        got = after.vp[q] - s.vp[q]
        return [n for n in (got - 3, got + 3, 0, 9) if n >= 0]

    return Outcome(
        read=_delta("vp", q),
        choices=_choices(_one, _delta("vp", q), bonuses),
        words=lambda n: counted(n, "VP", "VP"),
        explain=lambda b, a: ("its Chronicles score as at every Dynasty's end; then 3 VP each for the most "
                              "territories, the lowest Unrest and the most fountains and lyres, ties "
                              "sharing", RULES["end"]))


# -- Emphasis cards, Oppress, the cull, solo play --------------------------------------------------------

def emphasis_box(position):
    q, s = _seat(position), position
    cat = s.emph[q]
    used = next(c for c in s.to_play if cat in s.card_symbols[c])

    def rise(before, after):
        return E.heritage(after, q, cat, patronage=False) - E.heritage(before, q, cat, patronage=False)

    return Outcome(
        read=rise,
        choices=lambda s: [0, 1, 2],
        words=lambda n: f"+{n}",
        explain=lambda b, a: (f"{used} carries the {cat} symbol, so it fills the third box; all three "
                              f"filled raise {cat} heritage by 1", RULES["emphasis"]))


def oppress(position):
    q, s = _seat(position), position
    where = next(t for t in E.owned(s, q) if s.pe.get(t, s.zero)[q] > E.capacity(s, t))
    resource = s.tiles[where][0]
    field = resource.lower()
    peasants, warriors = s.pe.get(where, s.zero)[q], s.wa.get(where, s.zero)[q]

    def press(s):
        return Oppress(where)

    return Outcome(
        read=_delta(field, q),
        choices=_choices(press, _delta(field, q),
                         lambda s: [E.capacity(s, where), peasants + warriors, 1]),
        words=lambda n: counted(n, resource, resource),
        explain=lambda b, a: (f"one {resource} per peasant of its own in {where}: {peasants}; Oppress "
                              f"has no cap at the capacity, as Phase 1 has, and warriors produce nothing",
                              RULES["oppress"]))


def _over_capacity(after) -> list:
    return sorted(t for t in after.tiles if E.total_citizens(after, t) > E.capacity(after, t))


#: the cull's answer when no territory is past twice its capacity (a choice the sheet can hold)
NONE = "none"


CULL = Outcome(
    read=lambda before, after: after.cull_at or NONE,
    choices=lambda s: [NONE, *_over_capacity(s.apply(Roll(1)))],
    words=lambda t: t if t != NONE else "none: no territory is that full",
    explain=lambda b, a: (f"{a.cull_at} holds {E.total_citizens(a, a.cull_at)} citizens, more than "
                          f"twice its printed capacity {E.capacity(a, a.cull_at)} (an Aqueduct or "
                          f"City does not count here); a territory merely over its capacity only "
                          f"costs its owner 1 Unrest", RULES["cull"]))


def _attacker(before, after):
    return solo.NAMES[solo.attacker(after)] if after.phase_ == "target" else "neither"


SOLO_SIX = Outcome(
    read=_attacker,
    choices=lambda s: ["black", "blue", "neither"],
    words=lambda w: f"the {w} empire" if w != "neither" else "neither",
    explain=lambda b, a: (f"the black empire attacks on the first 6 of the game, the blue on the "
                          f"second, and so on in turn: this is 6 number {b.sixes + 1}",
                          RULES["solo_play"]))
