"""The Sands of Time's exercises on the Generation Sequence: Phase 1's resources, Phase 2's card
choice, Emphasis cards, the turn's Unrest, the bonus actions Tax and Oppress, the die of (c),
Phases 3 to 5 (growth, overcrowding and the double-capacity cull, the Chronicles), Generation
End, Game End, and the solo variant's foreign attacks."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from explorer.engine.exercises import HowLikely, PickLegal, Predict, seeded
from explorer.engine.words import counted, seat_name, seat_names

from . import empire as E
from . import solo
from .actions import DONE, Marker, Oppress, Play, Roll, Select, Tax
from .chronicles import card
from .generation import EMPHASIS
from .odds import _WHAT, generation_length
from .sections import RULES
from .exercises_common import (GAME, TRACK, _at, _choices, _delta, _ending_roll, _first_resources_position, _holds,
                               _one, _peasants, _posed, _resource_words, _seat_at, _sensible, _track)


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


def _select_position():
    return _at(1, lambda s: s.phase_ == "select" and s.emph[s.player] is not None
               and sum(not c.startswith(EMPHASIS) for c in s.used[s.player]) >= 2)


def _again_card(record) -> str:
    """The first Action card the seat used this Generation (the one it wants to use again)."""
    s = record.replay()
    return next(c for c in s.card_names if c in s.used[s.player] and not c.startswith(EMPHASIS))


def _pair(s, x: str, y: str) -> Select:
    return Select(tuple(sorted((x, y), key=s.card_index.get)))


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


def _end_turn_position():
    return _at(1, lambda s: s.phase_ == "turn" and s.bonus and s.reused is not None and not s.reuse_used
               and s.reused in s.to_play and s.unrest[s.player] <= 6)


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


def _tax_position():
    return _at(1, lambda s: s.phase_ == "turn" and not s.bonus and E.goods_touched(s, s.player) >= 2
               and len(s.routes[s.player]) > E.goods_touched(s, s.player))


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


def generation_die(key: str, gen_pos: int, chance, what: str):
    when = "A Generation begins" if gen_pos == 0 else \
        f"Turn {gen_pos + 1} of this Generation begins (the Generation marker is on space {gen_pos})"
    return _posed(HowLikely, key, "The Generation's die", _at(1, _first_to_choose(gen_pos)),
                  f"{when}; the Generation track reads {', '.join(map(str, _track()))}. How likely is it that "
                  f"{what}?", ("tracks",), chapter=TRACK, probability=chance,
                  explain=lambda s, p: ("after each turn the die ends the Generation when it shows at most the "
                                        "number on the marker's space (track "
                                        f"{', '.join(map(str, s.data.tracks.generation))})", RULES["tracks"]))


def _growth_position():
    return _at(1, _ending_roll(lambda s: s.growth))


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


def overcrowding():
    return _posed(Predict, "overcrowding", "Overcrowding", _crowd_position(),
                  "The die will end this Generation. Whose Unrest rises in Phase 4?", ("overcrowd",), action=_one,
                  outcome=_crowded, choices=_crowd_choices, words=_crowd_words, explain=_crowd_explain)


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
    return ("Now, before Phases 3 and 4: territories " + ", ".join(f"{seat_name(p)} {len(E.owned(s, p))}" for p in range(s.players))
            + "; Unrest " + ", ".join(f"{seat_name(p)} {s.unrest[p]}" for p in range(s.players))
            + "; fountains and lyres " + ", ".join(f"{seat_name(p)} {sum(E.symbols(s, p))}" for p in range(s.players))
            + ".")


def _dynasty_choices(q):
    def wrong(s):
        vps = [s.data.chronicles.cards[c - 1].vp for c in s.bins[q].values()]
        return [0, *vps, sum(vps) + 1, sum(s.bins[q].values())]
    return wrong


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


# -- Emphasis cards, Oppress, the cull, solo play --------------------------------------------------------

def emphasis_box():
    def stop(s):
        if s.phase_ != "turn":
            return False
        q = s.player
        return s.emph[q] is not None and s.boxes[q] == 2 and any(s.emph[q] in s.card_symbols[c] for c in s.to_play)
    pos = _at(1, stop)
    q, s = _seat_at(pos), pos.replay()
    cat = s.emph[q]
    used = next(c for c in s.to_play if cat in s.card_symbols[c])

    def play(s):
        return Play(used)

    def rise(before, after):
        return E.heritage(after, q, cat, patronage=False) - E.heritage(before, q, cat, patronage=False)

    return _posed(Predict, "emphasis-box", "Filling the Emphasis card", pos,
                  f"{seat_name(q)} played the {cat} Emphasis card this Generation and has filled 2 of its 3 boxes "
                  f"since; its {cat} heritage is {E.heritage(s, q, cat, patronage=False)}. It now uses {used}, a card "
                  f"with the {cat} symbol. By how much does its {cat} heritage rise?", ("emphasis",),
                  action=play, outcome=rise, choices=lambda s: [0, 1, 2], words=lambda n: f"+{n}",
                  explain=lambda b, a: (f"{used} carries the {cat} symbol, so it fills the third box; all three "
                                        f"filled raise {cat} heritage by 1", RULES["emphasis"]))


def oppress():
    pos = _at(1, lambda s: s.phase_ == "turn" and not s.bonus
              and any(s.pe.get(t, s.zero)[s.player] > E.capacity(s, t) for t in E.owned(s, s.player)))
    q, s = _seat_at(pos), pos.replay()
    where = next(t for t in E.owned(s, q) if s.pe.get(t, s.zero)[q] > E.capacity(s, t))
    resource = s.tiles[where][0]
    field = resource.lower()
    peasants, warriors = s.pe.get(where, s.zero)[q], s.wa.get(where, s.zero)[q]

    def press(s):
        return Oppress(where)

    return _posed(Predict, "oppress", "Oppress", pos,
                  f"{seat_name(q)} takes the Oppress bonus action in {where} (capacity {E.capacity(s, where)}, a "
                  f"{resource} territory; {counted(peasants, 'peasant')} and {counted(warriors, 'warrior')} of "
                  f"{seat_name(q)}'s there). How much {resource} does it gain?", ("oppress", "bonus"),
                  action=press, outcome=_delta(field, q),
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


def cull():
    def stop(s):
        if s.phase_ != "roll" or s.data.tracks.generation[s.gen_pos - 1] < 1:
            return False
        return s.apply(Roll(1)).phase_ == "cull"
    pos = _at(1, stop)
    q, s = _seat_at(pos), pos.replay()

    def where(before, after):
        return after.cull_at or NONE

    def offer(s):
        return [NONE, *_over_capacity(s.apply(Roll(1)))]

    grows = ("The Dynasty marker passed a P space this Generation, so population grows first (Phase 3). "
             if s.growth else "The Dynasty marker passed no P space this Generation: no population growth. ")
    return _posed(Predict, "cull", "Twice the capacity", pos,
                  f"The die will end this Generation. {grows}In which territory must the players with citizens there "
                  f"remove citizens in Phase 4 (each one at a time, all at once, until it is full enough)?",
                  ("cull", "overcrowd", *(("growth", "phase") if s.growth else ())),
                  action=_one, outcome=where, choices=offer,
                  words=lambda t: t if t != NONE else "none: no territory is that full",
                  explain=lambda b, a: (f"{a.cull_at} holds {E.total_citizens(a, a.cull_at)} citizens, more than "
                                        f"twice its printed capacity {E.capacity(a, a.cull_at)} (an Aqueduct or "
                                        f"City does not count here); a territory merely over its capacity only "
                                        f"costs its owner 1 Unrest", RULES["cull"]))


SOLO = {"players": 1}


def solo_six():
    pos = seeded(GAME, 2, lambda s: s.phase_ == "roll" and s.sixes >= 1 and s.apply(Roll(6)).phase_ == "target", SOLO)
    q, s = _seat_at(pos), pos.replay()

    def six(s):
        return Roll(6)

    def attacker(before, after):
        return solo.NAMES[solo.attacker(after)] if after.phase_ == "target" else "neither"

    lands = "; ".join(f"the {solo.NAMES[k]} empire holds {', '.join(E.owned(s, k)) or 'nothing'}"
                      for k in (solo.BLACK, solo.BLUE))
    return _posed(Predict, "solo-six", "A foreign attack", pos,
                  f"Solo play: {seat_name(q)} rolls the die; {counted(s.sixes, 'six', 'sixes')} came up before in this "
                  f"game, each counted whether or not it brought an attack ({lands}). Say the die shows 6: which "
                  f"foreign empire attacks?", ("solo_play",),
                  action=six, outcome=attacker, choices=lambda s: ["black", "blue", "neither"],
                  words=lambda w: f"the {w} empire" if w != "neither" else "neither",
                  explain=lambda b, a: (f"the black empire attacks on the first 6 of the game, the blue on the "
                                        f"second, and so on in turn: this is 6 number {b.sixes + 1}",
                                        RULES["solo_play"]))
