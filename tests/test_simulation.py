"""The random-simulation test every game must pass (OpenSpiel style): hundreds of seeded
games played by uniform-random players, the game's invariants checked after every
action, every game reaching an end, and wins happening often enough."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from explorer.engine import CHANCE, TERMINAL, IllegalMove, random_playout
from explorer.engine.machine import PhasedState
from explorer.engine.playout import _advance_uniformly

from conftest import GAME_CASES


def _contract_check(game, invariants):
    """Checks of the engine contract on each state, then the game's own invariants."""
    def check(state):
        player = state.current_player
        assert player in (CHANCE, TERMINAL) or player >= 0, f"bad current_player {player}"
        assert state.is_terminal() == (player == TERMINAL)
        assert state.is_chance_node() == (player == CHANCE)
        assert (state.result() is not None) == state.is_terminal()
        for event in state.events:
            assert event.rule.game == game and event.rule.section, event
        invariants(state)
    return check


def test_random_games_keep_invariants_and_end(simulation):
    game, label = simulation
    case = GAME_CASES[game]
    options, n_games = case["simulations"][label]
    check = _contract_check(game, case["invariants"])
    reasons = Counter()
    for seed in range(n_games):
        record, final = random_playout(game, options, seed=seed, on_state=check)
        assert final.is_terminal(), f"seed {seed}: the game did not end"
        result = final.result()
        assert result.reason in case["end_reasons"], f"seed {seed}: unexpected end {result}"
        assert all(w >= 0 for w in result.winners)
        assert bool(result.winners) == (result.reason == case["victory_reason"]), (seed, result)
        case["final_check"](final)
        assert len(record.actions) > 0
        reasons[result.reason] += 1
    assert sum(reasons.values()) == n_games
    share = reasons[case["victory_reason"]] / n_games
    assert share > case["min_victory_share"], f"{label}: only {share:.0%} of games were won ({dict(reasons)})"


def test_same_seed_same_game(game, case):
    options = case["sample_options"][0]
    a, end_a = random_playout(game, options, seed=42)
    b, end_b = random_playout(game, options, seed=42)
    c, _ = random_playout(game, options, seed=43)
    assert a == b and end_a == end_b
    assert a.actions != c.actions
    assert a.replay() == end_a



def test_a_playout_advanced_in_place_plays_the_copying_playouts_game(game, case):
    # With the uniform policy and no callback, random_playout applies every action to the
    # state itself (advance); a callback makes it copy (apply), leaving each state seen
    # as it was.  Both must play the same game to the same end, events included.
    for options in case["sample_options"]:
        for seed in range(6):
            fast, end_fast = random_playout(game, options, seed=seed)
            seen = []
            slow, end_slow = random_playout(game, options, seed=seed, on_state=seen.append)
            assert fast == slow, (options, seed)
            assert end_fast.key() == end_slow.key() and end_fast.events == end_slow.events, (options, seed)
            assert end_fast.observation(None) == end_slow.observation(None)
            assert seen[0] is not end_slow and seen[0].key() != end_slow.key()


def test_a_playout_advanced_in_place_stops_at_max_actions_like_the_copying_one(game, case):
    options = case["sample_options"][0]
    whole = len(random_playout(game, options, seed=3)[0].actions)
    for limit in (0, 1, 7, 40, whole + 5):
        fast, end_fast = random_playout(game, options, seed=3, max_actions=limit)
        slow, end_slow = random_playout(game, options, seed=3, max_actions=limit, on_state=lambda s: None)
        assert len(fast.actions) == min(limit, whole), limit
        assert fast == slow and end_fast.key() == end_slow.key(), limit
        assert end_fast.events == end_slow.events, limit     # the last step's, or the start's


def test_a_playout_advanced_in_place_refuses_a_step_with_no_legal_action():
    # a broken game whose decision lists nothing: the in-place loop says so instead of
    # drawing forever
    stuck = object.__new__(PhasedState)
    stuck.__dict__.update(player=0, phase_="stuck", _legal=[])
    with pytest.raises(IndexError, match="no legal action"):
        _advance_uniformly(stuck, random.Random(1), [], None)


def test_advance_refuses_an_illegal_action_and_changes_nothing(game, case):
    _, state = random_playout(game, case["sample_options"][0], seed=1, max_actions=12)
    before = state.key()
    with pytest.raises(IllegalMove):
        state.advance(object())
    assert state.key() == before


def test_a_states_key_leaves_out_what_a_running_step_or_playout_lends_it(game, case):
    # while a playout advances a state in place, the state holds the step's event list
    # and the playout's token: a key asked then (a game checking for a repeated position,
    # say) must be the key of the position alone
    _, state = random_playout(game, case["sample_options"][0], seed=2, max_actions=9)
    if not isinstance(state, PhasedState):
        return
    plain = state.key()
    state.__dict__.update(_ev=[], _own=object())
    try:
        assert state.key() == plain
    finally:
        del state.__dict__["_ev"], state.__dict__["_own"]
