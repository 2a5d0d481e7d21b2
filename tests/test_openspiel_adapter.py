"""The OpenSpiel adapter: every game passes OpenSpiel's own conformance test
(``pyspiel.random_sim_test``, serialization included) for every player count, states serialize as
their records and pickle, a search on one state keeps only the nodes it still uses, and what a seat
is shown never depends on what it cannot see.  (The action ids are the games' declared action
spaces: tests/test_action_space.py.)"""
from __future__ import annotations

import collections
import gc
import pickle
import random
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the 'openspiel' extra)")

from explorer.adapters.openspiel import (NONE_INT, ExplorerState, load, openspiel_name,  # noqa: E402
                                         register, replay, state_from_engine)
from explorer.engine import get_game, random_playout  # noqa: E402
from explorer.engine.errors import IllegalMove, OptionsError, RecordError  # noqa: E402
from explorer.engine.record import GameRecord  # noqa: E402
from explorer.engine.registry import game_names  # noqa: E402

from conftest import GAME_CASES  # noqa: E402

for _name in GAME_CASES:                 # the test game too
    register(_name)


def _player_counts():
    for name in sorted(GAME_CASES):
        game_type = register(name)
        for n in range(game_type.min_num_players, game_type.max_num_players + 1):
            yield name, n


#: whole random games at the game's default player count in OpenSpiel's conformance test: at least
#: 20, more where games are short, so that rare actions are met (the ids of every legal action are
#: asked each step); at the other counts half as many, at least 10 (the rules are the same; what a
#: count changes, the seats, turn order and setup, shows in every game)
RANDOM_SIMS = {"conspiracy": 20, "decay": 40, "guess_the_die": 60, "journalists": 40, "sands_of_time": 20,
               "take_off_eh": 20}


def _sims(name: str, players: int) -> int:
    default = getattr(get_game(name).options_type(), "players", players)
    return RANDOM_SIMS[name] if players == default else max(10, RANDOM_SIMS[name] // 2)


@pytest.mark.slow
@pytest.mark.parametrize("name,players", list(_player_counts()))
def test_random_sim_test_passes_for_every_game_and_player_count(name, players):
    """OpenSpiel's conformance test: legal actions sorted and in range, unique action strings,
    chance outcomes summing to 1, clones equal, observations for every seat, returns in bounds,
    and states that serialize and come back the same."""
    game = pyspiel.load_game(openspiel_name(name), {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=_sims(name, players), serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(GAME_CASES))
def test_a_state_serializes_as_its_record_and_pickles(name):
    g = get_game(name)
    options = g.options_type(**GAME_CASES[name]["sample_options"][0])
    game = load(name, options)
    record, _ = random_playout(name, options, seed=3, max_actions=400)
    n = len(record.actions)
    for cut in sorted({0, 1, n // 3, n}):
        state = replay(game, record.actions[:cut])
        text = state.serialize()
        saved = GameRecord.loads(text)           # the engine's own record: options, actions
        assert (saved.game, saved.options, saved.actions) == (name, options, record.actions[:cut])
        for again in (game.deserialize_state(text), pickle.loads(pickle.dumps(state)),
                      pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
            assert isinstance(again, ExplorerState)
            assert again.history() == state.history() and str(again) == str(state)
            assert again.engine_state == state.engine_state
            assert [again.information_state_string(p) for p in range(game.num_players())] == \
                [state.information_state_string(p) for p in range(game.num_players())]
    other = pickle.loads(pickle.dumps(game))
    assert str(other) == str(game) and other.options == game.options and type(other) is type(game)


def test_a_record_that_is_not_this_games_is_refused_naming_why():
    game = load("decay")
    journalists = load("journalists").new_initial_state().serialize()
    with pytest.raises(RecordError, match="game of journalists"):
        game.deserialize_state(journalists)
    three = load("decay", get_game("decay").options_type(players=3)).new_initial_state().serialize()
    with pytest.raises(RecordError, match="players=3"):
        game.deserialize_state(three)
    with pytest.raises(RecordError, match="not valid JSON"):
        game.deserialize_state("{")
    record, _ = random_playout("decay", seed=1, max_actions=30)
    bad = GameRecord("decay", record.options, None, record.actions[:20] + record.actions[:1]).dumps()
    with pytest.raises(RecordError, match="does not replay"):
        game.deserialize_state(bad)
    with pytest.raises(ValueError, match="no history"):
        state_from_engine(game, record.replay()).serialize()


def _live_nodes(game) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o).__name__ == "_Node" and o.game is game)


def test_a_search_on_one_persistent_state_keeps_only_the_nodes_still_used():
    """MCTS-like use: many descents from one root, each from a clone.  Only the nodes still held
    (the root's history, the last RECENT_NODES used, their ancestors) stay alive; a child still
    alive is shared by the next descent."""
    game = load("decay", get_game("decay").options_type(players=2))
    game.recent = collections.deque(maxlen=100)
    record, _ = random_playout("decay", game.options, seed=4, max_actions=60)
    root = replay(game, record.actions)
    rng, depth = random.Random(2), 30
    first = root.clone()
    action = first.legal_actions()[0] if not first.is_chance_node() else first.chance_outcomes()[0][0]
    first.apply_action(action)
    for _ in range(300):
        s = root.clone()
        for _ in range(depth):
            if s.is_terminal():
                break
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]) if s.is_chance_node()
                           else rng.choice(s.legal_actions()))
    again = root.clone()
    again.apply_action(action)
    assert again._node is first._node                # still held by `first`: shared, not rebuilt
    live = _live_nodes(game)
    assert live <= len(record.actions) + 1 + 100 + depth + 1, live    # not 300 descents' worth
    del first, again, s
    game.recent.clear()
    assert _live_nodes(game) <= len(record.actions) + 1


def test_every_game_of_the_registry_is_registered():
    import explorer.adapters.openspiel as adapter  # noqa: F401  (registers at import)
    registered = set(pyspiel.registered_names())
    assert {openspiel_name(n) for n in game_names()} <= registered
    assert openspiel_name("guess_the_die") in registered


def test_rule_options_are_game_parameters():
    game = pyspiel.load_game("python_explorer_conspiracy", {"players": 5, "columns": 4, "round_cap": 30,
                                                             "progress_marking": False})
    assert game.num_players() == 5
    assert game.options == get_game("conspiracy").options_type(players=5, columns=4, round_cap=30,
                                                                 progress_marking=False)
    # an optional option left at None is the parameter -1, and reads back as None
    assert game.get_parameters()["round_cap"] == 30
    default = pyspiel.load_game("python_explorer_conspiracy")
    assert default.options.round_cap is None and default.get_parameters()["round_cap"] == NONE_INT
    game_type = register("take_off_eh")
    assert game_type.parameter_specification["bonus_to"] == "first ranked"
    assert (game_type.min_num_players, game_type.max_num_players) == (2, 6)


@pytest.mark.parametrize("params,error,words", [
    ({"players": 9}, OptionsError, "players must be 3, 4 or 5"),          # the game's own check
    ({"columns": 0}, OptionsError, "columns must be 2-6"),
    ({"no_such_rule": 1}, pyspiel.SpielError, "Unknown parameter 'no_such_rule'"),   # OpenSpiel's
    ({"players": "x"}, pyspiel.SpielError, "Wrong type for parameter players")])
def test_a_bad_parameter_is_refused_naming_it(params, error, words):
    with pytest.raises(error, match=words):
        pyspiel.load_game("python_explorer_conspiracy", params)


@pytest.mark.parametrize("name", ["guess_the_die", "journalists", "take_off_eh"])
def test_chance_outcomes_are_the_engines_exact_probabilities(name):
    game = load(name)
    state = game.new_initial_state()
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal() and seen < 5:
        if state.is_chance_node():
            engine = dict(state.engine_state.chance_outcomes())
            outcomes = state.chance_outcomes()
            assert len(outcomes) == len(engine)
            for action_id, p in outcomes:
                assert p == pytest.approx(float(engine[game.ids.decode(action_id, True)]))
            assert sum(Fraction(p) for p in engine.values()) == 1
            seen += 1
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen >= 3          # Guess the Die rolls once a round, three rounds


@pytest.mark.parametrize("name", ["journalists", "guess_the_die"])
def test_returns_give_the_winners_a_share_of_one(name):
    game = load(name)
    record, final = random_playout(name, seed=11)
    state = replay(game, record.actions)
    assert state.is_terminal()
    winners = final.result().winners
    assert state.returns() == [1 / len(winners) if q in winners else 0.0 for q in range(game.num_players())]


def _hidden_pairs(name, cuts=6):
    """``(viewer, real state, variant state)``: histories the viewer cannot tell apart."""
    g = get_game(name)
    rng = random.Random(4)
    for seed in range(3):
        record, _ = random_playout(name, GAME_CASES[name]["sample_options"][0], seed=seed)
        game = load(name, record.options)
        states = record.states()
        last = min(len(record.actions), GAME_CASES[name].get("leak_cut_limit", len(record.actions)))
        for cut in sorted(rng.sample(range(1, last), min(cuts, last - 1))):
            actions = list(record.actions[:cut])
            for viewer in range(states[0].players):
                for variant in g.hidden_variants(states[:cut + 1], actions, viewer, rng, tries=1):
                    try:
                        other = replay(game, variant)
                    except IllegalMove:            # a variant that does not replay: skipped
                        continue
                    yield viewer, replay(game, actions), other


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conspiracy", "take_off_eh", "guess_the_die"])
def test_a_seats_strings_do_not_change_when_what_it_cannot_see_is_resampled(name):
    compared = differs = 0
    for viewer, real, other in _hidden_pairs(name):
        assert real.information_state_string(viewer) == other.information_state_string(viewer)
        assert real.observation_string(viewer) == other.observation_string(viewer)
        if not real.is_terminal() and real.current_player() == viewer:
            assert real.legal_actions() == other.legal_actions()
            assert [real.action_to_string(viewer, a) for a in real.legal_actions()] == \
                [other.action_to_string(viewer, a) for a in other.legal_actions()]
        differs += real.history() != other.history()   # two different games all the same
        compared += 1
    assert compared >= 10 and differs == compared


def test_information_state_remembers_what_the_observation_forgets():
    """Guess the Die: after the reveal, the guesses are public; the information state still
    tells two rounds apart when the observation of the moment is the same."""
    game = load("guess_the_die", get_game("guess_the_die").options_type(rounds=3))
    from guess_game import Die, Guess
    a = replay(game, [Guess(1), Guess(2), Die(1), Guess(3), Guess(4)])
    b = replay(game, [Guess(2), Guess(1), Die(1), Guess(3), Guess(4)])
    assert a.information_state_string(0) != b.information_state_string(0)


@pytest.mark.parametrize("name", ["conspiracy", "take_off_eh", "guess_the_die"])
def test_resample_from_infostate_keeps_the_seats_information_state(name):
    g = get_game(name)
    game = load(name, g.options_type(**GAME_CASES[name]["sample_options"][0]))
    record, _ = random_playout(name, game.options, seed=5, max_actions=200)
    changed = 0
    for cut in range(21, len(record.actions), 17):
        state = replay(game, record.actions[:cut])
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(cut, 0.0, 1.0)
        sample = state.resample_from_infostate(p, sampler)
        assert isinstance(sample, ExplorerState)
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.history() != [] and len(sample.history()) == len(state.history())
        changed += sample.history() != state.history()
    assert changed >= 1, "the walk never moved away from the true history"


def test_resample_in_a_game_without_hidden_information_is_a_clone():
    game = load("decay")
    record, _ = random_playout("decay", seed=2, max_actions=40)
    state = replay(game, record.actions)
    sample = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert str(sample) == str(state) and sample.history() == state.history()
