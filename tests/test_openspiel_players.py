"""OpenSpiel's MCTS and IS-MCTS as players: legal choices, clear refusals, no peeking at what the
seat cannot see, and better than random.  The full win-rate figures come from
``python -m explorer.adapters.openspiel_bench versus GAME`` (too slow for a test)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the 'openspiel' extra)")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from explorer.adapters.openspiel import load, state_from_engine  # noqa: E402
from explorer.adapters.openspiel_bench import play_versus  # noqa: E402
from explorer.adapters.openspiel_players import EngineRollouts, make_ismcts, make_mcts  # noqa: E402
from explorer.engine import get_game, random_playout  # noqa: E402

from guess_game import Guess  # noqa: E402


def _tv(a: Counter, b: Counter, n: int) -> float:
    """Total variation distance between two choice counts of ``n`` draws each."""
    return sum(abs(a[k] - b[k]) for k in set(a) | set(b)) / (2 * n)


def _choices(choose, state, runs: int) -> Counter:
    return Counter(choose(seed, state).face for seed in range(runs))


@pytest.mark.slow
def test_ismcts_choices_do_not_depend_on_a_guess_it_cannot_see():
    """Guess the Die, two players: seat 0 has guessed in secret, seat 1 chooses.  Knowing the
    guess is worth a lot (guess next to it, on the wider side), so a player that peeked would
    choose very differently after a 1 and after a 6.  IS-MCTS sees only its information state:
    the two choice distributions are alike.  The control, MCTS on the true state, is the
    peeking player this test must catch."""
    g = get_game("guess_the_die")
    options = g.options_type()
    start = g.initial_state(options)
    real = [Guess(1)]
    # the other history comes from the game's own hidden variants, as in the leak tests
    variant = next(v for v in g.hidden_variants([start, start.apply(real[0])], real, 1, random.Random(1), tries=30)
                   if v[0].face == 6)
    runs = 24

    def ismcts_choice(seed, history):
        player = make_ismcts(g, options, 1, seed, iterations=60)
        state = start
        for a in history:
            player.inform_action(state, a)
            state = state.apply(a)
        return player.choose(state, random.Random(seed))

    honest = _tv(_choices(ismcts_choice, real, runs), _choices(ismcts_choice, variant, runs), runs)

    game = load("guess_the_die", options)

    def peeking_choice(seed, history):
        state = start
        for a in history:
            state = state.apply(a)
        bot = mcts.MCTSBot(game, 1.4, 400, EngineRollouts(1, random.Random(seed)), solve=False,
                           random_state=np.random.RandomState(seed))
        return game.ids.decode(bot.step(state_from_engine(game, state)))

    peeking = _tv(_choices(peeking_choice, real, runs), _choices(peeking_choice, variant, runs), runs)
    assert peeking > 0.6, f"the control should tell the two hidden guesses apart (distance {peeking:.2f})"
    assert honest < 0.4, f"IS-MCTS chose differently when only the hidden guess changed (distance {honest:.2f})"


def test_ismcts_in_conspiracy_decides_the_same_on_histories_the_seat_cannot_tell_apart():
    """The search's first world is drawn from the true history, so exact equality is not
    expected; but the information state it searches from is the same, and the choice is legal."""
    g = get_game("conspiracy")
    options = g.options_type(round_cap=40)
    record, _ = random_playout("conspiracy", options, seed=3, max_actions=160)
    states = record.states()
    rng = random.Random(2)
    checked = 0
    for cut in range(60, 160, 7):
        state = states[cut]
        if state.is_chance_node() or state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        actions = list(record.actions[:cut])
        for variant in g.hidden_variants(states[:cut + 1], actions, seat, rng, tries=1):
            for history in (actions, variant):
                player = make_ismcts(g, options, seat, 5, iterations=4, worlds=2)
                s = g.initial_state(options)
                for a in history:
                    player.inform_action(s, a)
                    s = s.apply(a)
                assert s.legal_actions() == state.legal_actions()
                assert player.choose(s, random.Random(0)) in s.legal_actions()
            checked += 1
        if checked >= 2:
            break
    assert checked >= 1


@pytest.mark.slow
def test_ismcts_beats_random_players_at_decay():
    """A small, robust margin (the figures: openspiel_bench versus decay).  Four seats, so a
    random player's share is a quarter; IS-MCTS with 20 playouts a decision wins at least half."""
    g = get_game("decay")
    options = g.options_type(round_cap=30)
    games, won = 4, 0.0
    for i in range(games):
        seat = i % options.players
        result = play_versus(g, options, make_ismcts(g, options, seat, i, iterations=20), seat, 100 + i)
        won += (1 / len(result.winners)) if seat in result.winners else 0.0
    assert won >= 2, f"IS-MCTS won {won} of {games} games against three random players"


def test_mcts_plays_legal_moves_in_a_perfect_information_game():
    g = get_game("journalists")
    options = g.options_type(players=2)
    player = make_mcts(g, options, 0, 1, iterations="10", rollouts="1")   # as typed on a command line
    assert player.name == "mcts(iterations=10)"
    result = play_versus(g, options, player, 0, 4)
    assert result is not None


def test_mcts_refuses_a_game_with_hidden_information_naming_it():
    g = get_game("conspiracy")
    with pytest.raises(ValueError, match="conspiracy has hidden information"):
        make_mcts(g, g.options_type(), 0, 1)


@pytest.mark.parametrize("params,word", [({"iterations": "many"}, "iterations"), ({"iterations": 0}, "iterations"),
                                         ({"uct_c": "-1"}, "uct_c"), ({"worlds": 2.5}, "worlds")])
def test_a_bad_parameter_is_refused_naming_it(params, word):
    g = get_game("decay")
    with pytest.raises(TypeError, match=word):
        make_ismcts(g, g.options_type(), 0, 1, **params)


def test_an_unknown_parameter_is_refused():
    g = get_game("decay")
    with pytest.raises(TypeError, match="depth"):
        make_ismcts(g, g.options_type(), 0, 1, depth=3)


def test_ismcts_with_a_time_budget_chooses_a_legal_action():
    """``ismcts:budget=S`` searches for S seconds (to compare with ``strong`` at equal time)
    instead of a number of iterations; both at once, or a budget of 0, is refused."""
    g = get_game("decay")
    options = g.options_type(players=2)
    _, state = random_playout("decay", options, seed=8, max_actions=30)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(random.Random(0)) if state.is_chance_node()
                            else state.legal_actions()[0])
    player = make_ismcts(g, options, state.current_player, 3, budget="0.05")
    assert player.name == "ismcts(budget=0.05)"
    assert player.choose(state, random.Random(1)) in state.legal_actions()
    with pytest.raises(TypeError, match="not both"):
        make_ismcts(g, options, 0, 1, budget=1, iterations=5)
    with pytest.raises(TypeError, match="budget"):
        make_ismcts(g, options, 0, 1, budget=0)


def test_ismcts_in_a_hidden_game_asks_to_be_told_the_game_so_far():
    g = get_game("guess_the_die")
    options = g.options_type()
    state = g.initial_state(options).apply(Guess(2))
    player = make_ismcts(g, options, 1, 0, iterations=5)
    with pytest.raises(ValueError, match="inform_action"):
        player.choose(state, random.Random(0))
    with pytest.raises(ValueError, match="seat 0 is to move"):
        make_ismcts(g, options, 1, 0).choose(g.initial_state(options), random.Random(0))


def test_the_same_seeds_give_the_same_choice():
    g = get_game("decay")
    options = g.options_type(players=2)
    record, state = random_playout("decay", options, seed=8, max_actions=30)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(random.Random(0)) if state.is_chance_node()
                            else state.legal_actions()[0])
    seat = state.current_player
    picks = {make_ismcts(g, options, seat, 3, iterations=8).choose(state, random.Random(9)) for _ in range(2)}
    assert len(picks) == 1
