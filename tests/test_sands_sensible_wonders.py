"""The Sands of Time's sensible player builds a Wonder when it pays (issue 43 item 4): a Wonder scores
1 VP at every Dynasty's scoring still to come, so it is built when those VP are at least the Gold it
costs beyond the cheapest other structure (explorer/games/sands_of_time/sensible.py, rule 4)."""
from __future__ import annotations

import random

from explorer.engine import get_game
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time import sensible as S
from explorer.games.sands_of_time.actions import Build
from explorer.simulate import resolve


def _wonder_choices(seed: int, games: int = 2):
    """Every build decision of sensible players where a Wonder and another structure were both legal."""
    g = get_game("sands_of_time")
    o = resolve("sands_of_time", {"players": 3}).options
    for n in range(games):
        state, chance, rng = g.initial_state(o), random.Random(seed + n), random.Random(seed + 100 + n)
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(state.sample_chance(chance))
                continue
            builds = [a for a in state.legal_actions() if isinstance(a, Build)] if state.phase == "build" else []
            a = S.choose(state, state.current_player, rng)
            if any(b.structure == "Wonder" for b in builds) and any(b.structure != "Wonder" for b in builds):
                yield state, builds, a
            state = state.apply(a)


def test_a_wonder_is_built_exactly_when_its_vp_cover_the_extra_gold():
    seen = {True: 0, False: 0}
    without = S.policy(wonders="no")
    for state, builds, chosen in _wonder_choices(seed=11):
        q = state.current_player
        cheapest = min(E.build_cost(state, q, b.territory, b.structure, b.labor) for b in builds
                       if b.structure != "Wonder")
        pays = any(E.build_cost(state, q, b.territory, "Wonder", b.labor) - cheapest <= S.scorings_left(state)
                   for b in builds if b.structure == "Wonder")
        assert (chosen.structure == "Wonder") == pays, (state.dynasty, chosen)
        assert without(state, q, random.Random(0)).structure != "Wonder"       # sensible:wonders=no
        seen[pays] += 1
    assert seen[True] and seen[False]           # both sides of the rule were met


def test_sensible_games_score_vp_from_wonders():
    from explorer.lab import Experiment
    frame = Experiment("sands_of_time", grid={"players": [3]}, players=["sensible"], games=4, seed=3).run()
    assert (frame["vp_wonders"] > 0).any()
