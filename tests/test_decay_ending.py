"""Every game of Decay ends (issue 42 item 3): the draw after a run of quiet rounds and the walk
limit of Step 1 (our readings, under Interpretations in explorer/games/decay/rules.py), and the bound
on a game's decisions they guarantee (explorer/games/decay/length.py, OpenSpiel's max_game_length)."""
from __future__ import annotations

import copy
import dataclasses

import pytest

from explorer.engine.errors import IllegalMove
from explorer.engine.playout import random_playout
from explorer.games.decay import sensible
from explorer.games.decay.actions import Enter, StopMoving
from explorer.games.decay.length import max_decisions, max_rounds, turn_decisions
from explorer.games.decay.rules import DecayOptions

STEP1 = {"move", "pay_move", "toll"}


class Watch:
    """What a game did, read off every state it reached: decisions per turn, pawn entries per
    walk, and at each round's beginning the tiles out of play and the sides out."""

    def __init__(self):
        self.turn, self.per_turn, self.decisions = None, {}, 0
        self.rounds = {}
        self.last = None

    def __call__(self, s):
        prev, self.last = self.last, s
        if prev is not None and not prev.is_chance_node() and not prev.is_terminal():
            self.decisions += 1
            if prev.round:
                key = (prev.round, prev.turns)
                self.per_turn[key] = self.per_turn.get(key, 0) + 1
        if s.round and s.round not in self.rounds:
            self.rounds[s.round] = (len(s.out), len(s.dead))


def play(options, seed, policy=None):
    w = Watch()
    kw = {"on_state": w}
    if policy is not None:
        kw["policy"] = policy
    record, final = random_playout("decay", options, seed=seed, **kw)
    return record, final, w


def sensible_policy(state, rng):
    return sensible.choose(state, state.current_player, rng)


@pytest.mark.parametrize("seed", [616, 699, 1802])
def test_the_endless_toll_shuttles_end_in_a_draw(seed):
    # these uncapped random four-player games went on past 1,000,000 actions before the draw
    _, final, w = play(DecayOptions(players=4), seed)
    assert final.is_terminal() and final.end_reason == "draw" and final.winner is None
    assert final.step_rule().section == "End of Game"
    assert "draw" in final.events[-1].text and "100 rounds" in final.events[-1].text
    # the last hundred rounds began with the same tiles out of play and the same sides out
    last = max(w.rounds)
    assert len({w.rounds[r] for r in range(last - 99, last + 1)}) == 1


@pytest.mark.parametrize("seed", range(6))
def test_the_draw_comes_after_exactly_draw_rounds_quiet_rounds(seed):
    o = DecayOptions(players=3, draw_rounds=3)
    _, final, w = play(o, seed)
    assert final.is_terminal()
    # runs of rounds begun with the same tiles out and sides out; the first round is not quiet
    marks = [w.rounds[r] for r in sorted(w.rounds)]
    runs, n = [], 1
    for a, b in zip(marks, marks[1:], strict=False):
        if a == b:
            n += 1
        else:
            runs.append(n)
            n = 1
    runs.append(n)
    runs[0] -= 1
    assert max(runs) <= o.draw_rounds                 # no draw_rounds quiet rounds went unseen
    if final.end_reason == "draw":
        assert runs[-1] == o.draw_rounds and (len(final.out), len(final.dead)) == marks[-1]
    else:
        assert final.end_reason in ("victory", "all killed")


def test_after_walk_limit_entries_a_pawn_that_may_stop_must_stop():
    # walk_limit 1: no state of a random game asks a pawn that has entered a tile and may stop
    # where to go next (it stopped by itself)
    o = DecayOptions(players=4, walk_limit=1)
    for seed in range(8):
        record, final, _ = play(o, seed)
        assert final.is_terminal()
        for st in record.states():
            assert not (st.phase == "move" and st.stepped >= 1 and st.may_stop())
    # a pawn asked to go on after two entries (default limit), read with a limit of two:
    # only "stop" is legal, and entering again is refused naming the limit
    record = play(DecayOptions(players=4), 2)[0]
    st = next(x for x in record.states() if x.phase == "move" and x.stepped >= 2 and x.may_stop()
              and any(isinstance(a, Enter) for a in x.legal_actions()))
    enter = next(a for a in st.legal_actions() if isinstance(a, Enter))
    limited = copy.copy(st)
    limited.options = dataclasses.replace(st.options, walk_limit=st.stepped)
    for cache in ("_legal", "_legal_set", "_s1"):
        limited.__dict__.pop(cache, None)
    assert limited.legal_actions() == [StopMoving()]
    with pytest.raises(IllegalMove) as refused:
        limited.apply(enter)
    assert f"entered {st.stepped} tiles this turn" in refused.value.reason
    assert refused.value.rule.section == "Normal Play Step 1"
    assert st.apply(enter) is not None                       # the same entry under the default limit


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_within_the_bound_the_rules_guarantee(players):
    for seed in range(12):
        o = DecayOptions(players=players, draw_rounds=20, walk_limit=4)
        _, final, w = play(o, seed)
        assert final.is_terminal()
        assert w.decisions <= max_decisions(o)
        assert max(w.per_turn.values()) <= turn_decisions(o)
        assert final.round <= max_rounds(o)


def test_sensible_games_keep_within_the_bound_the_rules_guarantee():
    for seed in range(3):
        o = DecayOptions(players=4, draw_rounds=8)
        _, final, w = play(o, seed, sensible_policy)
        assert final.is_terminal()
        assert w.decisions <= max_decisions(o)
        assert max(w.per_turn.values()) <= turn_decisions(o)


def test_a_walk_is_bounded_even_when_free_tiles_would_let_it_loop():
    # walk_limit 2: no walk of a random game enters more than 2 + every coin + 1 tiles
    o = DecayOptions(players=4, walk_limit=2)
    for seed in range(10):
        record, final, _ = play(o, seed)
        walk = 0
        for a in record.actions:
            if isinstance(a, Enter):
                walk += 1
                assert walk <= o.walk_limit + 4 * o.coins + 1
            elif isinstance(a, StopMoving) or type(a).__name__ in ("PickUp", "NoTileMove", "EndTurn"):
                walk = 0


def test_the_options_refuse_limits_that_cannot_work():
    from explorer.engine.errors import OptionsError
    for bad in ({"draw_rounds": 0}, {"walk_limit": 0}, {"draw_rounds": 10**9}):
        with pytest.raises(OptionsError, match=next(iter(bad))):
            DecayOptions(**bad)


def test_openspiel_is_told_the_rules_bound_and_refuses_a_length_below_one():
    import pyspiel
    from explorer.adapters.openspiel import register
    register("decay")
    g = pyspiel.load_game("python_explorer_decay")
    assert g.max_game_length() == max_decisions(DecayOptions())
    capped = pyspiel.load_game("python_explorer_decay", {"round_cap": 50})
    assert capped.max_game_length() == max_decisions(dataclasses.replace(DecayOptions(), round_cap=50))
    assert capped.max_game_length() < g.max_game_length()
    assert pyspiel.load_game("python_explorer_decay", {"max_game_length": 500}).max_game_length() == 500
    from explorer.engine.errors import OptionsError
    for bad in (0, -5):
        with pytest.raises(OptionsError, match="max_game_length must be at least 1"):
            pyspiel.load_game("python_explorer_decay", {"max_game_length": bad})
