"""Take Off, Eh!'s search value (statistics.search_value, the strong player's score of a cut-off
playout through sensible.STRONG): the scoring rounds it counts to come, and the points it projects,
checked against the rules' own ladder (scoring.ladder) on positions of played games."""
from __future__ import annotations

import copy
import random

import pytest

from explorer.engine import get_game
from explorer.games.take_off_eh import sensible
from explorer.games.take_off_eh.scoring import ladder
from explorer.games.take_off_eh.statistics import evaluate, scorings_to_come, search_value
from explorer.games.take_off_eh.table import PROVINCES
from explorer.players import make_player
from explorer.simulate import resolve


def _game(seed: int, **options):
    """Every state of one game of sensible players (2 by default), the last terminal."""
    g = get_game("take_off_eh")
    state = g.initial_state(resolve("take_off_eh", {"players": 2, **options}).options)
    rng, states = random.Random(seed), []
    while not state.is_terminal():
        states.append(state)
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(sensible.choose(state, state.current_player, rng))
    return states + [state]


@pytest.mark.parametrize("rounds", [9, 6])
def test_scorings_to_come_drop_by_one_where_the_provinces_score(rounds):
    states = _game(seed=rounds, rounds=rounds)
    counts = [scorings_to_come(s) for s in states]
    assert counts[0] == rounds // 3 and counts[-1] == 0
    drops = [(a, b) for a, b, x, y in zip(states, states[1:], counts, counts[1:], strict=False) if x != y]
    assert all(x >= y for x, y in zip(counts, counts[1:], strict=False))
    assert [a.round for a, _ in drops] == list(range(3, rounds + 1, 3))
    for a, b in drops:      # the step that scored the provinces: they appear in its scoring
        assert a.phase_ not in ("retrieve", "over") and b.round >= a.round
        assert {unit for unit, _, _ in b.last_scoring} & set(PROVINCES)


def _all_known(state):
    """The same position, every coin's value known to every seat."""
    world = copy.copy(state)
    world.known = dict.fromkeys(state.known, (1 << state.players) - 1)
    return world


def _ladder_points(state, seat):
    """What the seat would score now from each face-up province and from the slush fund, by the
    rules' own ladder (default readings)."""
    o, suit = state.options, state.suits[seat]
    provinces = slush = 0
    for p in PROVINCES:
        if p in state.seceded or not state.on[p]:
            continue
        homes = frozenset(state.suits[q] for q in range(state.players) if state.pawns[q] == p)
        provinces += ladder(state.on[p], state.tiles[p][1], state.suits, state.queen == p, homes,
                            o.bonus_to, o.tie_drop, o.lone)[suit]
    if state.slush:
        slush = ladder(state.slush, len(state.slush), state.suits, False, frozenset(), o.bonus_to, o.tie_drop,
                       o.lone)[suit]
    return provinces, slush


READINGS = {"tie_drop": "group size", "lone": "one player", "bonus_to": "top scorer"}


@pytest.mark.parametrize("players, readings", [(2, {}), (3, {}), (4, {}), (4, READINGS)],
                         ids=["2p", "3p", "4p", "4p-other-readings"])
def test_search_value_is_the_score_plus_the_ladder_at_each_scoring_round_to_come(players, readings):
    """Every coin known: the value is the score plus, per scoring round to come, what the rules'
    ladder pays on every province, and the slush fund's once (the same for every reading)."""
    states = _game(seed=players + len(readings), players=players, **readings)
    checked = 0
    for state in states[::25]:
        if state.phase_ in ("map", "suit") or state.suits[-1] is None:
            continue
        world, times = _all_known(state), scorings_to_come(state)
        for seat in range(players):
            provinces, slush = _ladder_points(world, seat)
            expected = state.scores[seat] + (times * provinces + slush if times else 0)
            assert search_value(world, seat) == pytest.approx(expected), (state.round, state.phase_, seat)
            checked += 1
    assert checked > 10
    end = states[-1]
    assert [search_value(end, q) for q in range(players)] == [evaluate(end, q) for q in range(players)]


def test_strong_take_off_eh_scores_its_cut_off_playouts_with_the_search_value():
    player = make_player("strong:iterations=3", "take_off_eh", None, 0, 0)
    assert player.settings.value is search_value
