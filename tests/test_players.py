"""Players (explorer/players.py): the specs, the greedy player's choice, the search players'
import, and the hidden-information test: a player's choices (random, sensible, strong) at a
seat's decision do not change when what that seat cannot see is resampled (the game's
``hidden_variants``, as the leak tests in test_perspective.py use them)."""
from __future__ import annotations

import importlib
import random

import pytest

from explorer.engine import IllegalMove, get_game, random_playout
from explorer.games import GAME_PACKAGES
from explorer.players import SEARCH_MODULE, GreedyPlayer, PlayerError, inform, make_player, parse_spec
from explorer.simulate import resolve

from conftest import GAME_CASES

HIDDEN = [g for g in sorted(GAME_CASES) if get_game(g).hidden_variants is not None]
EVALUATED = [g for g in sorted(GAME_CASES) if get_game(g).evaluate is not None]


def _replay(game, options, actions):
    state = get_game(game).initial_state(options)
    try:
        for a in actions:
            state = state.apply(a)
    except IllegalMove:
        return None
    return state


def _decisions_and_variants(game, case, per_game=4, games=3, histories=False):
    """``(seat, state, variant state)``: a seat's decision in a random game, and the same
    decision in a history that seat cannot tell from the real one; with ``histories``, the
    two histories (actions) follow."""
    g = get_game(game)
    rng = random.Random(11)
    for _i, options in enumerate(case["sample_options"][:1]):
        for seed in range(games):
            states = []
            record, _ = random_playout(game, options, seed=500 + seed, on_state=states.append)
            cuts = [k for k, s in enumerate(states[:case.get("leak_cut_limit", len(states))])
                    if not s.is_terminal() and not s.is_chance_node()]
            for cut in rng.sample(cuts, min(per_game, len(cuts))):
                seat = states[cut].current_player
                actions = list(record.actions[:cut])
                for variant in g.hidden_variants(states[:cut + 1], actions, seat, rng, tries=3):
                    other = _replay(game, options, variant)
                    if other is not None:
                        yield (seat, states[cut], other) + ((actions, variant) if histories else ())


@pytest.mark.slow
@pytest.mark.parametrize("game", HIDDEN, scope="session")
def test_random_choices_ignore_what_the_seat_cannot_see(game):
    compared = 0
    for seat, state, other in _decisions_and_variants(game, GAME_CASES[game]):
        assert other.current_player == seat
        player = make_player("random", game, state.options, seat, 0)
        for s in range(8):
            mine, theirs = player.choose(state, random.Random(s)), player.choose(other, random.Random(s))
            assert mine == theirs, (f"seat {seat} chose {mine} but {theirs} when hidden information "
                                    f"it cannot see was resampled ({state.phase})")
        compared += 1
    assert compared >= 10, f"only {compared} hidden variants replayed"


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in HIDDEN if g in GAME_PACKAGES])
def test_sensible_choices_ignore_what_the_seat_cannot_see(game):
    """The sensible player (each game's ``sensible`` module) reads only the seat's
    observation: resampling what the seat cannot see changes none of its choices."""
    compared, phases = 0, set()
    for seat, state, other in _decisions_and_variants(game, GAME_CASES[game], per_game=10, games=4):
        player = make_player("sensible", game, state.options, seat, 0)
        for s in range(3):
            mine, theirs = player.choose(state, random.Random(s)), player.choose(other, random.Random(s))
            assert mine in state.legal_actions()
            assert mine == theirs, (f"seat {seat} chose {mine} but {theirs} when hidden information "
                                    f"it cannot see was resampled ({state.phase})")
        compared += 1
        phases.add(state.phase)
    assert compared >= 30 and len(phases) >= 3, f"only {compared} hidden variants replayed, phases {phases}"


def _told(player, game, options, history):
    """``player`` told every action of ``history`` from the start; the state it leads to."""
    state = get_game(game).initial_state(options)
    for a in history:
        inform([player], state, a)
        state = state.apply(a)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in HIDDEN if get_game(g).hidden_variants.honest])
def test_strong_choices_ignore_what_the_seat_cannot_see(game):
    """The strong player searches worlds drawn by the game's honest sampler from what the seat
    was told, never the real state: with a fixed number of iterations and the same generator its
    choice is the same in both histories, after a search of the worlds each history gives.  (A
    game whose sampler is not honest yet, ``HiddenInformation.honest`` False, draws its worlds
    near the real history, so exact equality cannot hold there.)"""
    spec = "strong:iterations=12,depth=6,worlds=4" + ("" if game in GAME_PACKAGES else ",playout=random")
    compared, phases = 0, set()
    for seat, state, _other, real, variant in _decisions_and_variants(game, GAME_CASES[game], histories=True):
        if len(state.legal_actions()) < 2:
            continue
        choices = []
        for history in (real, variant):
            player = make_player(spec, game, state.options, seat, 5)
            reached = _told(player, game, state.options, history)
            choices.append(player.choose(reached, random.Random(3)))
        assert choices[0] in state.legal_actions()
        assert choices[0] == choices[1], (f"seat {seat} chose {choices[0]} but {choices[1]} when hidden "
                                          f"information it cannot see was resampled ({state.phase})")
        compared += 1
        phases.add(state.phase)
        if compared == 6:         # each comparison builds two samplers over a long history
            break
    assert compared >= 6, f"only {compared} hidden variants compared, phases {phases}"


@pytest.mark.parametrize("game", [g for g in EVALUATED if g in HIDDEN])
def test_no_greedy_player_where_one_step_ahead_shows_hidden_information(game):
    """A one-step lookahead sees what a seat may not (Take Off, Eh!: the greedy player chose
    differently when the hidden information was resampled); such games refuse it."""
    with pytest.raises(PlayerError, match=f"{game} has hidden information .* use ismcts"):
        make_player("greedy", game, None, 0, 0)


GREEDY = [g for g in EVALUATED if get_game(g).hidden_variants is None]


@pytest.mark.parametrize("game", GREEDY)
def test_greedy_takes_an_action_of_best_value(game):
    g = get_game(game)
    setup = resolve(game)
    state, rng, checked = g.initial_state(setup.options), random.Random(3), 0
    while not state.is_terminal() and checked < 60:
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        choice = make_player("greedy", game, setup.options, seat, 0).choose(state, rng)
        values = [g.evaluate(state.apply(a), seat) for a in state.legal_actions()]
        assert choice in state.legal_actions()
        assert g.evaluate(state.apply(choice), seat) == max(values)
        state = state.apply(choice)
        checked += 1
    assert checked == 60 or state.is_terminal()


def test_greedy_breaks_ties_with_the_rng():
    """Every action equally good: the choice follows the generator, so several appear."""
    state = get_game("journalists").initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    player = GreedyPlayer(state.current_player, lambda s, q: 0.0)
    chosen = {player.choose(state, random.Random(s)) for s in range(30)}
    assert len(chosen) > 1 and chosen <= set(state.legal_actions())


def test_random_player_is_reproducible_and_legal():
    state = get_game("decay").initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    p = make_player("random", "decay", state.options, state.current_player, 0)
    a, b = p.choose(state, random.Random(5)), p.choose(state, random.Random(5))
    assert a == b and a in state.legal_actions()


@pytest.mark.parametrize("spec, message", [
    ("chess", "unknown player 'chess'"),
    ("", "a player is one of"),
    ("random:depth=2", "takes no parameters"),
    ("ismcts:iterations", "name=value"),
])
def test_bad_specs_are_refused_by_name(spec, message):
    with pytest.raises(PlayerError, match=message):
        make_player(spec, "conspiracy", None, 0, 0)


def test_greedy_needs_an_evaluation():
    with pytest.raises(PlayerError, match="guess_the_die offers no evaluation"):
        make_player("greedy", "guess_the_die", None, 0, 0)


def test_parse_spec():
    assert parse_spec(" ISMCTS:iterations=200, seed=3 ") == ("ismcts", {"iterations": "200", "seed": "3"})


@pytest.mark.parametrize("spec", ["mcts", "ismcts:iterations=20"])
def test_search_players_come_from_the_openspiel_adapter(spec):
    """Until the adapter exists, the error names the module and the extra; once it does,
    the player makes a legal choice."""
    setup = resolve("decay")
    state, rng = setup.game.initial_state(setup.options), random.Random(1)
    while state.is_chance_node():
        state = state.apply(state.sample_chance(rng))
    try:
        importlib.import_module(SEARCH_MODULE)
    except ImportError:
        with pytest.raises(PlayerError, match=rf"{SEARCH_MODULE}.*rules-explorer\[openspiel\]"):
            make_player(spec, "decay", setup.options, state.current_player, 0)
        return
    player = make_player(spec, "decay", setup.options, state.current_player, 0)
    assert player.choose(state, rng) in state.legal_actions()


def test_search_players_hear_the_game_in_a_sweep():
    """IS-MCTS in a game with hidden information needs the game so far: the lab tells every
    player each action applied (``inform_action``).  Without the adapter the sweep is refused
    with the module's name."""
    from explorer.lab import Experiment, ExperimentError

    spec = "ismcts:iterations=10"
    try:
        importlib.import_module(SEARCH_MODULE)
    except ImportError:
        with pytest.raises(ExperimentError, match=SEARCH_MODULE):
            Experiment("guess_the_die", players=[spec, "random"], games=2)
        return
    frame = Experiment("guess_the_die", players=[spec, "random"], games=3, seed=1).run()
    assert len(frame) == 3 and (frame["player_0"] == spec).all() and (frame["length"] > 0).all()


def test_inform_reaches_only_players_that_listen():
    heard = []

    class Listener:
        name = "listener"

        def inform_action(self, state, action):
            heard.append((state, action))

    state = get_game("decay").initial_state()
    action = state.legal_actions()[0]
    inform([Listener(), make_player("random", "decay", None, 0, 0)], state, action)
    assert heard == [(state, action)]
