"""The strong player in Conspiracy and Decay (issue 32 item 2): the worlds a search carries over its
seat's own actions (explorer/strong.py, StrongPlayer._carry), and the search-specific scores
of a cut-off playout (each game's statistics.search_value, named by its sensible module's STRONG).
Every figure here is read off engine states; no timed assertions."""
from __future__ import annotations

import random

import pytest

from explorer.engine import get_game
from explorer.players import make_player
from explorer.simulate import resolve


def test_worlds_carried_over_the_seats_own_actions_are_ones_it_cannot_tell_from_the_game():
    """Conspiracy: between two decisions of one seat with only its own actions in between, the
    search goes on in the worlds it drew (each replayed under those actions and kept only when the
    seat reads in it what it read in the game).  Told two histories the seat cannot tell apart,
    two players carry the same worlds and choose the same at the second decision; every carried
    world shows the seat the game's own observation."""
    from explorer.games.conspiracy import sensible

    g = get_game("conspiracy")
    options = resolve("conspiracy", {"players": 3}).options
    rng, state, states, actions = random.Random(4), g.initial_state(options), [], []

    def step(action):
        nonlocal state
        states.append(state)
        actions.append(action)
        state = state.apply(action)

    # a decision of seat 0 after the deal whose own action leads to its next decision, no chance between
    while True:
        if state.is_chance_node():
            step(state.sample_chance(rng))
            continue
        q, legal = state.current_player, state.legal_actions()
        if q == 0 and len(legal) > 1 and len(actions) > 30:
            after = state.apply(sensible.choose(state, 0, random.Random(1)))
            if not after.is_chance_node() and after.current_player == 0 and len(after.legal_actions()) > 1:
                break
        step(sensible.choose(state, q, rng) if len(legal) > 1 else legal[0])
    first = sensible.choose(state, 0, random.Random(1))
    other, variant = g.hidden_variants.sampler(states + [state], actions, 0).sample(random.Random(9))
    assert variant[-1] != state
    carried, choices = [], []
    for history, told in ((states + [state], actions), (variant, other)):
        player = make_player("strong:iterations=8,depth=4,worlds=3", g, options, 0, 5)
        for s, a in zip(history, told, strict=False):
            player.inform_action(s, a)
        here = history[-1]
        player.choose(here, random.Random(2))
        player.inform_action(here, first)
        nxt = here.apply(first)
        drawn = list(player._carried)
        carried.append(player._carry(nxt))
        player._carried = drawn                     # as it was: choose() carries them itself
        assert all(w.observation(0) == nxt.observation(0) for w in carried[-1])
        choices.append(player.choose(nxt, random.Random(3)))
    assert carried[0] and carried[0] == carried[1]
    assert choices[0] == choices[1]


@pytest.mark.slow
def test_worlds_carried_over_other_seats_and_chance_show_the_seat_what_it_saw():
    """Conspiracy: the search's worlds go on across other seats' turns and chance too (each step
    drawn among the world's options that read to the seat as the game's did): at every decision of
    a strong seat playing against two sensible ones, every carried world shows the seat the game's
    own observation; worlds survive other seats' turns and chance; and they are guesses, not the
    game: in some the other seats hold other tiles than they do."""
    from explorer.games.conspiracy import sensible

    g = get_game("conspiracy")
    options = resolve("conspiracy", {"players": 3}).options
    player = make_player("strong:iterations=12,depth=4,worlds=3", g, options, 0, 5)
    rng, state = random.Random(8), g.initial_state(options)
    across = tries = guesses = decisions = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif state.current_player == 0 and len(state.legal_actions()) > 1:
            others = any(s.current_player != 0 for s in player._states[player._heard:])
            had = list(player._carried)
            carried = player._carry(state, random.Random(decisions))
            player._carried = had                   # as it was: choose() carries them itself
            assert all(w.observation(0) == state.observation(0) for w in carried)
            across += bool(others and had and carried)
            tries += bool(others and had)
            guesses += any(w.tile_hands[1:] != state.tile_hands[1:] for w in carried)
            action = player.choose(state, random.Random(decisions))
            decisions += 1
        else:
            legal = state.legal_actions()
            action = sensible.choose(state, state.current_player, rng) if len(legal) > 1 else legal[0]
        player.inform_action(state, action)
        state = state.apply(action)
    assert decisions >= 80
    assert across >= 3, f"worlds carried across other seats' actions at only {across} of {tries} decisions"
    assert guesses >= 3, f"carried worlds differ from the game's hidden tiles at only {guesses} decisions"


def _sensible_game(game, players, seed, steps=None):
    """The states of a game of sensible players (all of them, or the first ``steps``)."""
    from importlib import import_module

    choose = import_module(f"explorer.games.{game}.sensible").choose
    g = get_game(game)
    state, rng, out = g.initial_state(resolve(game, {"players": players}).options), random.Random(seed), []
    while not state.is_terminal() and (steps is None or len(out) < steps):
        out.append(state)
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(choose(state, state.current_player, rng) if len(legal) > 1 else legal[0])
    return out + [state]


def _planted(obs, seat):
    """The seat's face-down tiles on the board that show a part of its goal (it sees their names)."""
    from explorer.games.conspiracy.equipment import SUIT_RANK

    suit, number = obs["players"][seat]["goal"]
    return sum(1 for t in obs["tiles"] if t["tile"] and not t["face_up"] and t["row"] > 0
               and (SUIT_RANK[t["tile"]][0] == suit or SUIT_RANK[t["tile"]][1] == number))


def _shown(obs):
    """What the search value reads besides planted tiles: the face-up tiles by place, the marks."""
    return ({(t["column"], t["row"]): t["tile"] for t in obs["tiles"] if t["face_up"] or t["row"] == 0},
            [(t["column"], t["marked_by"]) for t in obs["tiles"] if t["row"] == 0],
            [p["mark"] for p in obs["players"]])


def test_conspiracy_search_value_counts_progress_and_the_goal_tiles_a_seat_planted():
    """search_value: the evaluation's +-10 once the game is won; while it runs, a goal tile the seat
    lays face down below the Present (nothing else on the board changing) raises it; and it is the
    evaluation's progress where the board shows nothing but the Present row."""
    from explorer.games.conspiracy.statistics import evaluate, search_value

    states = _sensible_game("conspiracy", 3, seed=2)
    end = states[-1]
    assert end.is_terminal()
    assert [search_value(end, q) for q in range(3)] == [evaluate(end, q) for q in range(3)]
    assert sorted(search_value(end, q) for q in range(3)) == [-10.0, -10.0, 10.0]
    rises = 0
    for before, after in zip(states, states[1:], strict=False):
        for q in range(3):
            ob, oa = before.observation(q), after.observation(q)
            if ob["players"][q]["goal"] is None or oa["winner"] is not None:
                continue
            if _planted(oa, q) == _planted(ob, q) + 1 and _shown(oa) == _shown(ob):
                assert search_value(after, q) > search_value(before, q)
                rises += 1
            if not any(t["row"] > 0 and (t["face_up"] or t["tile"]) for t in oa["tiles"]) \
                    and not any(t["marked_by"] for t in oa["tiles"]):
                assert search_value(after, q) == evaluate(after, q)
    assert rises >= 3, f"only {rises} goal tiles planted with nothing else changing"


def test_decay_sensible_reads_the_board_as_networkx_does():
    """Decay's sensible player (every playout of its strong player) finds the board's sections and
    the tiles whose lifting splits it without networkx: the same as networkx's connected components
    and articulation points of the board's adjacency graph (board.adjacency), on every position of
    two games, each tile lifted in turn."""
    import networkx as nx

    from explorer.games.decay import board as B
    from explorer.games.decay import sensible

    compared = 0
    for seed in (1, 2):
        for state in _sensible_game("decay", 2, seed=seed)[::3]:
            obs = state.observation(0)
            if len(obs["tiles"]) < 3:
                continue
            graph = sensible._graph(state, obs)
            nxg = B.adjacency({t["tile"]: (t["x"], t["y"]) for t in obs["tiles"]})
            assert graph == {n: set(nxg[n]) for n in nxg}
            assert sensible._cuts(graph) == set(nx.articulation_points(nxg))
            for lifted in list(graph)[::4]:
                mine = sorted(map(sorted, sensible._sections(graph, lifted)))
                theirs = sorted(map(sorted, nx.connected_components(nxg.subgraph(n for n in nxg if n != lifted))))
                assert mine == theirs
            compared += 1
    assert compared >= 20
