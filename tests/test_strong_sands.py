"""The Sands of Time's strong player: the value its cut-off playouts are scored by
(statistics.search_value) and the sensible policy's own view of the state (sensible.own_view), both
read off states of a played game."""
from __future__ import annotations

import random

import pytest

from explorer.engine import get_game
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time import sensible
from explorer.games.sands_of_time.statistics import evaluate, search_value
from explorer.players import make_player


def _states(seed=5, players=2):
    """Every state of one game of sensible players, in order."""
    g = get_game("sands_of_time")
    state = g.initial_state(g.options_type(players=players))
    rng = random.Random(seed)
    out = [state]
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            action = sensible.choose(state, state.current_player, rng)
        state = state.apply(action)
        out.append(state)
    return out


@pytest.fixture(scope="module")
def played():
    return _states()


def _copy(state):
    return state._copy()


def test_search_value_ranks_banked_vp_up_and_unrest_down(played):
    state = next(s for s in played[len(played) // 2:] if s.player == 0 and s.unrest[0] < 5)
    more_vp, more_unrest = _copy(state), _copy(state)
    E.add_vp(more_vp, 0, 3, "chronicles")
    E.raise_unrest(more_unrest, 0, 2)
    base = search_value(state, 0)
    assert search_value(more_vp, 0) > base > search_value(more_unrest, 0)
    assert evaluate(more_unrest, 0) == evaluate(state, 0)      # the VP alone do not see the Unrest
    assert search_value(more_unrest, 1) == search_value(state, 1)


def test_search_value_counts_a_placed_chronicle_that_would_score(played):
    """A Chronicle placed where the empire meets its threshold is worth VP before Phase 5 turns it
    up; one placed far beyond the empire's reach is worth less; evaluate sees neither."""
    for state in played:
        if state.is_terminal() or state.player < 0:
            continue
        q = state.player
        options = sensible.chronicle_options(state, sensible.own_view(state, q), q)
        if options:
            break
    else:
        pytest.fail("no seat could place a Chronicle in the game")
    vp, n, b = max(options)
    placed, beyond = _copy(state), _copy(state)
    E.set_seat(placed, "bins", q, {**state.bins[q], b: n})
    E.set_seat(placed, "chron_hand", q, tuple(c for c in state.chron_hand[q] if c != n))
    cards = state.data.chronicles.cards
    far = max(range(1, len(cards) + 1), key=lambda k: cards[k - 1].thresholds[b])
    far_bin = max("ABCDEF", key=lambda x: cards[far - 1].thresholds[x] - E.accomplishment(state, q, x))
    if far_bin not in state.bins[q]:
        E.set_seat(beyond, "bins", q, {**state.bins[q], far_bin: far})
    assert search_value(placed, q) > search_value(beyond, q)
    assert search_value(placed, q) >= search_value(state, q) + 0.5 * vp
    assert evaluate(placed, q) == evaluate(state, q)


def test_sensible_reads_its_own_entries_of_the_observation(played):
    keys = ("capital", "crops", "gold", "unrest", "heritage", "territories", "bins", "chronicles_in_hand")
    for state in played[::25]:
        for q in range(state.players):
            mine = sensible.own_view(state, q)["players"][q]
            seen = state.observation(q)["players"][q]
            assert {k: mine[k] for k in keys} == {k: (tuple(seen[k]) if k == "chronicles_in_hand" else seen[k])
                                                   for k in keys}
            assert set(mine["used"]) == set(seen["used"])


def test_the_strong_player_scores_its_playouts_by_search_value():
    player = make_player("strong:iterations=5", "sands_of_time", None, 0, 0)
    assert player.settings.value is search_value
