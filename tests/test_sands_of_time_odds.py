"""The Sands of Time's calculators against hand-worked figures, a simulation of the die, the
equilibrium conditions, and the engine's own rules."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time.actions import Route
from explorer.games.sands_of_time.chronicles import evaluate
from explorer.games.sands_of_time.odds import (Battle, battle_in, chronicle_plan, generation_length, mean,
                                               routes_within)

from test_sands_of_time_rules import battle_position, first_select, position, seat_in, with_tile


def test_generation_length_on_the_shipped_track_is_exact_and_sums_to_one():
    s = first_select()
    dist = generation_length(s.data.tracks.generation)
    assert dist == {2: Fraction(1, 3), 3: Fraction(4, 9), 4: Fraction(2, 9)}
    assert sum(dist.values()) == 1 and mean(dist) == Fraction(26, 9)


def test_generation_length_matches_a_simulation_of_the_die():
    spaces = [1, 1, 3]                           # a slow track: the last number repeats until it ends
    dist = generation_length(spaces, max_turns=80)
    assert 1 - sum(dist.values()) < Fraction(1, 10 ** 20)
    rng = random.Random(11)
    n = 20000
    counts = {}
    for _ in range(n):
        k = 1
        while rng.randint(1, 6) > spaces[min(k, len(spaces)) - 1]:
            k += 1
        counts[k] = counts.get(k, 0) + 1
    for k, p in dist.items():
        if p > Fraction(1, 200):
            sd = (float(p) * (1 - float(p)) / n) ** 0.5
            assert abs(counts.get(k, 0) / n - float(p)) < 4 * sd, (k, counts.get(k), p)


def test_generation_length_refuses_nonsense():
    for bad in ([], [0, 0], [7], [1, "2"], [2.0]):
        with pytest.raises(ValueError):
            generation_length(bad)


def test_the_engine_ends_a_generation_exactly_as_the_calculator_says():
    from explorer.games.sands_of_time.actions import Roll
    s = first_select()
    spaces = s.data.tracks.generation
    for pos in range(1, len(spaces) + 1):
        t = position(s, phase_="roll", player=-1, gen_pos=pos)
        ends = sum(1 for v in range(1, 7)
                   if any(e.rule.section == "Generation End" for e in t.apply(Roll(v)).events))
        assert Fraction(ends, 6) == Fraction(spaces[pos - 1], 6)


def test_a_battle_hand_worked_the_stronger_attacker_wins_showing_his_highest_number():
    b = Battle(5, 3, 1, 1)
    assert b.win_matrix() == [[1, 0], [1, 1]]
    assert b.win_probability() == 1                                # both show their highest
    assert b.win_probability([1, 0], [0, 1]) == 0                  # 5 against 3 + 3: the defender
    assert b.win_probability([Fraction(1, 2)] * 2, [Fraction(1, 2)] * 2) == Fraction(3, 4)
    eq = b.equilibria()
    assert any(fa == [0, 1] and p == 1 for fa, fd, p in eq)


def _best_responses(b, cost, fa, fd):
    a, d = b.payoffs(cost)
    ua = [sum(a[x][y] * fd[y] for y in range(len(fd))) for x in range(len(fa))]
    ud = [sum(d[x][y] * fa[x] for x in range(len(fa))) for y in range(len(fd))]
    va = sum(u * p for u, p in zip(ua, fa))
    vd = sum(u * p for u, p in zip(ud, fd))
    return max(ua) - va, max(ud) - vd


def test_battle_equilibria_are_mutual_best_responses_and_include_the_hand_worked_one():
    """Equal strengths, numbers up to 2, an Unrest step worth a quarter of a win: both showing 2 is
    an equilibrium (the attacker cannot win, the defender pays 2 for a sure hold)."""
    b = Battle(3, 3, 2, 2)
    cost = Fraction(1, 4)
    eq = b.equilibria(cost)
    assert eq
    assert any(fa == [0, 0, 1] and fd == [0, 0, 1] and p == 0 for fa, fd, p in eq)
    for fa, fd, _ in eq:
        ga, gd = _best_responses(b, cost, fa, fd)
        assert ga <= Fraction(1, 100) and gd <= Fraction(1, 100), (fa, fd, ga, gd)


def test_battle_in_a_position_is_what_the_engine_fights():
    s = battle_position()
    b = battle_in(s, "Italia", 0, 1)
    assert (b.attacker, b.defender, b.attacker_max, b.defender_max) == (5, 3, 4, 3)
    with pytest.raises(ValueError):
        Battle(3, 3, 7, 1)
    with pytest.raises(ValueError):
        b.win_probability([1], None)


def test_the_chronicle_planner_says_what_is_met_and_what_is_missing():
    s = first_select()
    owned = {t: (1, 1) for t in sorted(s.tiles)[:5]}
    s = position(s, **seat_in(s, 0, **owned), bins=({"C": 3, "D": 4}, {}), chron_hand=((1, 2), s.chron_hand[1]),
                 heritage=((0, 3, 0), (0, 0, 0)))
    plan = {(r.bin, r.card): r for r in chronicle_plan(s, 0)}
    assert plan[("C", 3)].placed and plan[("C", 3)].value == 5 and plan[("C", 3)].needs == "1 more territories"
    assert plan[("D", 4)].needs == "7 more citizens, 1 more Political heritage"
    assert not plan[("C", 3)].met and ("A", 1) in plan and ("A", 2) in plan and ("C", 1) not in plan
    scored, _ = evaluate(s, 0)
    assert scored == [] and not any(r.met for r in plan.values() if r.placed)


def test_routes_within_agree_with_the_engine_and_count_placements():
    s = first_select()
    f = seat_in(s, 0, Gallia=(1, 0), Germania=(1, 0))
    s = position(s, **f, **with_tile(s, "Gallia", "Crops", 4), capital=("Germania", None),
                 st={"Gallia": frozenset({"City"})}, routes=(frozenset({("Gallia", "Italia")}), frozenset()),
                 crops=(5, 0), phase_="trade_route", player=0, active=0, to_play=(), bonus=True)
    one = routes_within(s, 0, 1)
    legal = {E.border(a.a, a.b) for a in s.legal_actions() if type(a) is Route}
    assert set(one) == legal and all(v == 1 for v in one.values())
    two = routes_within(s, 0, 2)
    assert two[("Italia", "Sicilia")] == 1 and two[("Hispania", "Sicilia")] == 2
    with pytest.raises(ValueError):
        routes_within(s, 0, -1)
