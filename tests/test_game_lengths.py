"""Each game's bound on its decisions (its ``length`` module, OpenSpiel's ``max_game_length``) holds
in seeded random and sensible games, and so do the per-part terms it is built from (issue 42
item 3).  Decay's own tests are in tests/test_decay_ending.py."""
from __future__ import annotations

import dataclasses

import pytest

from explorer.engine.errors import OptionsError
from explorer.engine.playout import random_playout
from explorer.engine.registry import get_game
from explorer.players import _sensible_policy


class Watch:
    """Decisions of a game: in all, and per part (``part(state)`` names the part a decision made
    at ``state`` belongs to, or ``None``)."""

    def __init__(self, part=None):
        self.part, self.last, self.decisions, self.parts = part, None, 0, {}

    def __call__(self, s):
        prev, self.last = self.last, s
        if prev is not None and not prev.is_chance_node() and not prev.is_terminal():
            self.decisions += 1
            key = self.part(prev) if self.part else None
            if key is not None:
                self.parts[key] = self.parts.get(key, 0) + 1

    def most(self, kind) -> int:
        """The most decisions of any part whose key starts with ``kind``."""
        return max((n for k, n in self.parts.items() if k[0] == kind), default=0)


def play(game, options, seed, part=None, sensible=False):
    w = Watch(part)
    kw = {"on_state": w}
    if sensible:
        choose = _sensible_policy(get_game(game))
        kw["policy"] = lambda state, rng: choose(state, state.current_player, rng)
    record, final = random_playout(game, options, seed=seed, **kw)
    assert final.is_terminal()
    return record, final, w


# -- Journalists --------------------------------------------------------------------------------

def test_journalists_games_keep_within_three_takes():
    from explorer.games.journalists import JournalistsOptions
    from explorer.games.journalists.actions import Cubes, Evidence, ExcuseCubes, Steal
    from explorer.games.journalists.length import max_decisions, takes
    for players, chips, sensible, seeds in ((2, 12, False, 10), (4, 12, False, 10), (6, 12, False, 6),
                                            (4, 3, False, 10), (3, 12, True, 3), (5, 12, True, 3)):
        o = JournalistsOptions(players=players, chips=chips)
        for seed in range(seeds):
            record, _, w = play("journalists", o, seed, sensible=sensible)
            kinds = [type(a) for a in record.actions]
            e, b, st, x = (kinds.count(k) for k in (Evidence, Cubes, Steal, ExcuseCubes))
            assert e + b <= takes(o) and st <= b and x <= b
            assert w.decisions == e + b + st + x <= max_decisions(o)


# -- Take Off, Eh! ------------------------------------------------------------------------------

SCORING = {"pork", "pork_place", "retrieve"}


def take_off_part(s):
    if s.round == 0:
        return ("preparation",)
    if s.phase_ in SCORING:
        return ("scoring", s.round)
    if s.phase_ == "bribe" or (s.phase_ == "draw_suit" and s.draw_for == "bribe"):
        return ("bribery", s.round, s.player if s.phase_ == "bribe" else s.drawer)
    return ("turn", s.round, s.turn)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_take_off_eh_games_keep_within_the_bound_and_its_parts(players):
    from explorer.games.take_off_eh import TakeOffEhOptions
    from explorer.games.take_off_eh import length as L
    o = TakeOffEhOptions(players=players)
    runs = [(seed, False) for seed in range(3)] + [(0, True)]
    for seed, sensible in runs:
        _, final, w = play("take_off_eh", o, seed, take_off_part, sensible)
        assert final.round == o.rounds
        assert w.decisions <= L.max_decisions(o)
        assert w.most("preparation") <= L.preparation(o)
        assert w.most("bribery") <= L.bribery(o)
        assert w.most("turn") <= L.completion_turn(o)
        assert w.most("scoring") <= L.scoring_round(o)
        assert sum(w.parts.values()) == w.decisions


# -- The Sands of Time --------------------------------------------------------------------------

SANDS_SETUP = {"claim", "black", "blue", "capital", "caravan", "setup_heritage", "extra_peasant", "first_advance"}


def sands_part(s):
    if s.phase_ in SANDS_SETUP:
        return ("setup",)
    if s.phase_ == "cull":
        return ("cull", s.generations)
    if s.phase_ == "select":
        return ("select", s.round)
    if s.active is not None:                   # a player's turn, with the others' steps it asks for
        return ("player", s.round, s.active)
    return ("solo", s.round)                   # the solo variant's attack on a 6


@pytest.mark.parametrize("players", [1, 3, 5])
def test_sands_games_keep_within_the_bound_and_its_parts(players):
    from explorer.games.sands_of_time import length as L
    from explorer.games.sands_of_time.rules import SandsOptions
    o = SandsOptions(players=players)
    runs = [(seed, False) for seed in range(4)] + [(0, True)]
    for seed, sensible in runs:
        _, final, w = play("sands_of_time", o, seed, sands_part, sensible)
        assert w.decisions <= L.max_decisions(o)
        assert final.round <= L.max_turns(o) and final.generations <= L.max_generations(o)
        assert w.most("setup") <= L.setup(o)
        assert w.most("select") <= players
        assert w.most("player") <= L.player_turn(o) - 1          # its choice of cards counted apart
        assert w.most("solo") <= L.SOLO_ATTACK
        per_turn = {}
        for k, n in w.parts.items():
            if k[0] in ("select", "player", "solo"):
                per_turn[k[1]] = per_turn.get(k[1], 0) + n
        assert max(per_turn.values()) <= L.turn(o)
        assert w.most("cull") <= L.generation_end(o)
        assert sum(w.parts.values()) == w.decisions


def test_sands_turn_bound_follows_the_tracks():
    # the shipped tracks: 7 + 7 + 7 Dynasty spaces, a Generation of at most 4 turns, at least 2
    from explorer.games.sands_of_time import length as L
    from explorer.games.sands_of_time.rules import SandsOptions
    o = SandsOptions()
    assert L.max_turns(o) == 25 and L.max_generations(o) == 12
    # every Action card of the data has its action's term (Emphasis cards take no decision)
    state = get_game("sands_of_time").initial_state(o)
    assert {c for c in state.card_names if not c.startswith("Emphasis")} == set(L.actions())


# -- Conspiracy ---------------------------------------------------------------------------------

def conspiracy_part(s):
    if s.phase_ == "goal":
        return ("setup",)
    if s.phase_ == "spiral_choice":
        return ("spiral", s.round)
    return ("turn", s.round, s.turn_player)


def test_conspiracy_capped_games_keep_within_the_bound_and_its_parts():
    from explorer.games.conspiracy import ConspiracyOptions
    from explorer.games.conspiracy import length as L
    for players, cap, sensible, seeds in ((4, 40, False, 5), (3, 200, False, 3), (5, 30, False, 2),
                                          (4, 60, True, 2)):
        o = ConspiracyOptions(players=players, round_cap=cap)
        for seed in range(seeds):
            _, final, w = play("conspiracy", o, seed, conspiracy_part, sensible)
            assert final.round <= cap
            assert w.decisions <= L.max_decisions(o)
            assert w.most("setup") <= players
            assert w.most("spiral") <= players * players
            assert w.most("turn") <= L.turn_decisions(o)
            per_round = {}
            for k, n in w.parts.items():
                if k[0] != "setup":
                    per_round[k[1]] = per_round.get(k[1], 0) + n
            assert max(per_round.values()) <= L.round_decisions(o)


def test_conspiracy_without_a_cap_ends_at_the_round_limit():
    # players who end their actions at once every turn empty the board for good: the rules alone
    # would never end the game; our round limit does, with no winner and its reason
    from explorer.engine.state import STOPPED
    from explorer.games.conspiracy import ConspiracyOptions
    from explorer.games.conspiracy.actions import EndActions, Mark, Save
    from explorer.games.conspiracy.length import max_decisions

    def passive(state, rng):
        legal = state.legal_actions()
        ends = [a for a in legal if isinstance(a, EndActions)]
        if ends:
            return ends[0]
        if state.phase in ("save", "mark"):
            return next(a for a in legal if not isinstance(a, (Save, Mark)))
        return rng.choice(legal)

    for seed in range(2):
        o = ConspiracyOptions(round_limit=60)
        _, final = random_playout("conspiracy", o, seed=seed, policy=passive)
        assert final.end_reason == "limit" and final.round == 60 and final.result().winners == ()
        assert not final.tiles                          # no tile left on the board
        assert "round limit" in str(final.result()) and "limit" in STOPPED
        assert final._terminal_rule().section == "round limit (our rule)"
    # a cap below the limit comes first; the bound counts the rounds to the first of the two
    o = ConspiracyOptions(round_cap=20, round_limit=60)
    assert random_playout("conspiracy", o, seed=0, policy=passive)[1].end_reason == "cap"
    assert max_decisions(ConspiracyOptions()) == max_decisions(ConspiracyOptions(round_cap=1000))
    assert max_decisions(ConspiracyOptions(round_cap=5000)) == max_decisions(ConspiracyOptions())
    with pytest.raises(OptionsError, match="round_limit"):
        ConspiracyOptions(round_limit=0)


# -- OpenSpiel ----------------------------------------------------------------------------------

def test_openspiel_is_told_each_games_bound():
    import pyspiel
    from explorer.adapters.openspiel import register
    for name in ("journalists", "take_off_eh", "sands_of_time", "conspiracy"):
        register(name)
        g = get_game(name)
        bound = g.max_decisions(g.options_type())
        loaded = pyspiel.load_game(f"python_explorer_{name}")
        assert bound is not None, f"{name}: every game has a bound the engine guarantees"
        assert loaded.max_game_length() == bound
    from explorer.games.conspiracy import ConspiracyOptions
    from explorer.games.conspiracy.length import max_decisions
    capped = pyspiel.load_game("python_explorer_conspiracy", {"round_cap": 50})
    assert capped.max_game_length() == max_decisions(dataclasses.replace(ConspiracyOptions(), round_cap=50))
    assert pyspiel.load_game("python_explorer_conspiracy").max_game_length() == max_decisions(ConspiracyOptions())
