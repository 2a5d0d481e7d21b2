"""The ``strong`` player (explorer/strong.py, its search explorer/engine/search.py, spec in
explorer/players.py): legal choices in every game and player count, games that replay from their
seed with a fixed number of iterations, clear refusals of a nonsense spec, and a place in sweeps.
That it never reads what its seat cannot see is the shared hidden-information test
(tests/test_players.py).  No timed assertions: every search here runs a fixed number of
iterations."""
from __future__ import annotations

import random

import pytest

from explorer.engine import get_game
from explorer.games import GAME_PACKAGES
from explorer.players import PlayerError, inform, make_player
from explorer.simulate import resolve

#: the player counts each game allows (its options' checks)
SEATS = {"conspiracy": (3, 4, 5), "decay": (2, 3, 4), "take_off_eh": (2, 3, 4, 5, 6),
         "journalists": (2, 3, 4, 5, 6), "sands_of_time": (1, 2, 3, 4, 5, 6)}
#: a small search: few iterations, short playouts
SMALL = "strong:iterations=6,depth=4,worlds=3"
CASES = [(g, n) for g in sorted(GAME_PACKAGES) for n in SEATS[g]]


def _play(game, options, specs, seed, decisions=None):
    """Play ``game`` with one spec per seat (chance and seats' generators from ``seed``), every
    player told each action; the actions, stopping after ``decisions`` of seat 0 when given."""
    g = get_game(game)
    players = [make_player(spec, g, options, q, seed + q) for q, spec in enumerate(specs)]
    rngs = [random.Random(1000 * seed + q) for q in range(len(specs))]
    chance = random.Random(seed)
    state, played, mine = g.initial_state(options), [], 0
    while not state.is_terminal() and (decisions is None or mine < decisions):
        if state.is_chance_node():
            action = state.sample_chance(chance)
        else:
            q = state.current_player
            action = players[q].choose(state, rngs[q])
            assert action in state.legal_actions(), f"{specs[q]} chose {action!r}, not a legal action"
            mine += q == 0
        inform(players, state, action)
        state = state.apply(action)
        played.append(action)
    return played, state


@pytest.mark.parametrize("game, seats", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_strong_makes_legal_choices_in_every_game_and_player_count(game, seats):
    options = resolve(game, {"players": seats}).options
    played, _ = _play(game, options, [SMALL] + ["random"] * (seats - 1), seed=seats, decisions=4)
    assert played


@pytest.mark.parametrize("game", ["journalists", "take_off_eh"])
def test_a_game_with_strong_players_replays_from_its_seed(game):
    """With ``iterations=N`` every draw comes from the seeds: the same game twice (whole games
    for Journalists, the first 30 decisions of seat 0 in Take Off, Eh!, hidden coins sampled)."""
    options = resolve(game, {"players": 2}).options
    specs = [SMALL, "strong:iterations=5,depth=3,worlds=2,seed=4"]
    decisions = None if game == "journalists" else 30
    first, end = _play(game, options, specs, seed=7, decisions=decisions)
    again, _ = _play(game, options, specs, seed=7, decisions=decisions)
    assert first == again and len(first) > 20
    other, _ = _play(game, options, specs, seed=8, decisions=decisions)
    assert other != first
    if decisions is None:
        assert end.is_terminal()


def test_strong_beats_random_players_at_journalists():
    """A small margin that a search which ignored its values would miss: 6 two-player games,
    seats rotated, against a uniform-random player (the figures: the report's sweeps)."""
    options = resolve("journalists", {"players": 2}).options
    won = 0.0
    for i in range(6):
        seat = i % 2
        specs = ["random", "random"]
        specs[seat] = "strong:iterations=40,depth=20"
        _, end = _play("journalists", options, specs, seed=30 + i)
        winners = end.result().winners
        won += 1 / len(winners) if seat in winners else 0.0
    assert won >= 5, f"strong won {won} of 6 games against a random player"


@pytest.mark.parametrize("spec, message", [
    ("strong:budget=-1", r"budget must be a number more than 0, got '-1'"),
    ("strong:budget=0", "budget must be a number more than 0"),
    ("strong:budget=soon", "budget must be a number more than 0, got 'soon'"),
    ("strong:iterations=0", "iterations must be a whole number of at least 1"),
    ("strong:iterations=2.5", "iterations must be a whole number"),
    ("strong:depth=-3", "depth must be a whole number of at least 1"),
    ("strong:c=-1", "c must be a number 0 or more"),
    ("strong:playout=greedy", "playout is sensible or random, got 'greedy'"),
    ("strong:iterations=5,budget=1", "a budget .* or a number of iterations, not both"),
    ("strong:speed=9", r"no parameter 'speed'.*its parameters are budget, iterations"),
    ("strong:seed=x", "seed must be a whole number"),
    ("strong:budget", "name=value"),
])
def test_a_nonsense_strong_spec_is_refused_naming_the_problem(spec, message):
    with pytest.raises(PlayerError, match=message):
        make_player(spec, "decay", None, 0, 0)


def test_strong_needs_a_sensible_policy_or_random_playouts():
    with pytest.raises(PlayerError, match="guess_the_die has no sensible player"):
        make_player("strong", "guess_the_die", None, 0, 0)
    assert make_player("strong:playout=random", "guess_the_die", None, 0, 0).name == "strong"


def test_strong_in_a_hidden_game_asks_to_be_told_the_game_so_far():
    g = get_game("take_off_eh")
    options = g.options_type(players=2)
    state, rng = g.initial_state(options), random.Random(0)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    player = make_player(SMALL, g, options, state.current_player, 0)
    with pytest.raises(ValueError, match="inform_action"):
        player.choose(state, random.Random(0))
    with pytest.raises(ValueError, match=f"seat {state.current_player} is to move"):
        make_player(SMALL, g, options, 1 - state.current_player, 0).choose(state, random.Random(0))


def test_strong_plays_in_a_sweep():
    """``explorer sweep GAME --players strong,sensible`` is an Experiment with these specs."""
    from explorer.lab import Experiment, ExperimentError

    exp = Experiment("journalists", players=["strong:iterations=4,depth=3", "sensible"], games=2, seed=3,
                     options={"players": 2})
    frame = exp.run()
    assert len(frame) == 2 and (frame["player_0"] == "strong:iterations=4,depth=3").all()
    assert "--players strong:iterations=4,depth=3,sensible" in exp.command()
    with pytest.raises(ExperimentError, match="no parameter 'speed'"):
        Experiment("journalists", players=["strong:speed=2"], games=1)


def test_strong_does_not_peek_where_a_peeking_search_would_choose_otherwise():
    """Guess the Die, one round: seat 0 has guessed in secret and seat 1 chooses; knowing the guess
    is worth a lot.  The strong player chooses exactly the same after a hidden 1 as after a hidden
    6 (it searches worlds drawn from what seat 1 was told); the control, the same search run in the
    real state, chooses differently: the comparison can catch a player that peeks."""
    from guess_game import Guess

    from explorer.engine.search import Search, Settings

    g = get_game("guess_the_die")
    options = g.options_type(rounds=1)
    start = g.initial_state(options)
    settings = Settings(iterations=60, budget=None, playout="random")
    honest, peeking = [], []
    for face in (1, 6):
        state = start.apply(Guess(face))
        player = make_player("strong:iterations=60,playout=random", g, options, 1, 0)
        player.inform_action(start, Guess(face))
        honest.append([player.choose(state, random.Random(s)) for s in range(12)])
        peek = Search(1, 2, None, g.evaluate, settings)
        peeking.append([peek.run(list(state.legal_actions()), lambda rng, state=state: state, random.Random(s))
                        for s in range(12)])
    assert honest[0] == honest[1]
    assert sum(a != b for a, b in zip(*peeking, strict=False)) >= 6, peeking
