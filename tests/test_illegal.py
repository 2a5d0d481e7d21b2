"""Illegal actions are refused with the rule that forbids them and change nothing;
legal ones all apply; chance nodes list a proper distribution and sample from it.

Candidate actions come from two sources: actions that were legal somewhere in other
random games (so they are well-formed but usually wrong here), and random values of
every action type the game's codec knows (wrong types for the phase, out-of-range
numbers, pieces that do not exist)."""
from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from fractions import Fraction

import pytest

from explorer.engine import IllegalMove, get_game

INTS = (-7, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 99)
JUNK_STRINGS = ("", "?", "Suns-9", "Stars-2", "north", "place ", "PLACE")


def _random_value(hint, rng, strings):
    if hint is int:
        return rng.choice(INTS)
    if hint is str:
        return rng.choice(strings)
    if hint is bool:
        return rng.random() < 0.5
    if typing.get_origin(hint) is tuple:
        return tuple(rng.choice(INTS[1:10]) for _ in range(rng.choice((0, 1, 2, 3, 4, 4, 4, 5, 6))))
    raise AssertionError(f"no generator for {hint!r}")


def _random_actions(codec, rng, strings, n):
    out = []
    types = sorted(codec.types.values(), key=lambda t: t.__name__)
    while len(out) < n:
        cls = rng.choice(types)
        hints = typing.get_type_hints(cls)
        kwargs = {f.name: _random_value(hints[f.name], rng, strings) for f in dataclasses.fields(cls)}
        try:
            out.append(cls(**kwargs))
        except (TypeError, ValueError):       # refused by the action's own checks
            continue
    return out


@pytest.fixture(scope="module")
def action_pool(playthroughs):
    """Every action played in the sample games (each was legal somewhere)."""
    return sorted({a for record, _ in playthroughs for a in record.actions}, key=repr)


@pytest.fixture(scope="module")
def strings(action_pool):
    seen = {getattr(a, f.name) for a in action_pool for f in dataclasses.fields(a)
            if isinstance(getattr(a, f.name), str)}
    return sorted(seen) + list(JUNK_STRINGS)


def _allowed(state):
    if state.is_chance_node():
        return {a for a, _ in state.chance_outcomes()}
    return set(state.legal_actions())


def test_illegal_actions_are_refused_and_change_nothing(game, sampled_states, action_pool, strings):
    codec = get_game(game).codec
    rng = random.Random(99)
    tried = Counter()
    pooled = set(action_pool)
    for state in sampled_states:
        allowed = _allowed(state)
        key, view = state.key(), state.observation(None)
        legal_before = list(state.legal_actions())
        candidates = rng.sample(action_pool, min(30, len(action_pool))) + _random_actions(codec, rng, strings, 30)
        for action in candidates:
            if action in allowed:
                continue
            with pytest.raises(IllegalMove) as info:
                state.apply(action)
            e = info.value
            assert e.rule.game == game, (action, e.rule)
            assert e.rule.section.strip() and e.rule.text.strip(), e.rule
            assert e.reason.strip()
            assert e.rule.section in str(e)
            assert state.key() == key, f"{action} changed the state it was refused on"
            if action in pooled:        # a real action of the game: named in words, not in its Python form
                assert f"{type(action).__name__}(" not in e.reason, e.reason
            tried["chance" if state.is_chance_node() else "terminal" if state.is_terminal() else "decision"] += 1
        assert state.observation(None) == view
        assert list(state.legal_actions()) == legal_before
    assert tried["chance"] > 500 and tried["decision"] > 500 and tried["terminal"] > 100, tried


def test_things_that_are_not_actions_are_refused(game, sampled_states):
    for state in sampled_states[::5]:
        key = state.key()
        for junk in (None, "EndActions", 3, ("Draw", "Suns-2")):
            with pytest.raises(IllegalMove) as info:
                state.apply(junk)
            assert info.value.rule.game == game
        assert state.key() == key


def test_every_phase_met_is_fuzzed(sampled_states, playthroughs):
    phases_played = {s.phase for _, states in playthroughs for s in states}
    assert {s.phase for s in sampled_states} == phases_played


def test_terminal_state_refuses_everything(game, playthroughs, action_pool):
    finals = [states[-1] for _, states in playthroughs if states[-1].is_terminal()]
    assert finals
    for final in finals:
        assert final.legal_actions() == [] or list(final.legal_actions()) == []
        key = final.key()
        for action in action_pool[:25]:
            with pytest.raises(IllegalMove) as info:
                final.apply(action)
            assert info.value.rule.game == game and info.value.rule.section
        assert final.key() == key and final.result() is not None


def test_legal_actions_all_apply_and_leave_the_receiver_alone(case, sampled_states):
    rng = random.Random(5)
    applied = 0
    for state in sampled_states:
        if state.is_terminal():
            continue
        actions = list(state.legal_actions())
        assert actions, f"no legal action at phase {state.phase}"
        assert len(set(actions)) == len(actions), f"duplicate legal actions at phase {state.phase}"
        if state.is_chance_node():
            assert set(actions) == {a for a, _ in state.chance_outcomes()}
            if len(actions) > 60:
                actions = rng.sample(actions, 60)
        key, view = state.key(), state.observation(None)
        for action in actions:
            after = state.apply(action)
            case["invariants"](after)
            assert after is not state
            again = state.apply(action)           # apply is a function of state and action
            assert again == after and hash(again) == hash(after) and again.events == after.events
            applied += 1
        assert state.key() == key and state.observation(None) == view
    assert applied > case.get("min_applied", 5000)


def test_chance_outcomes_are_a_distribution(case, sampled_states):
    rng = random.Random(11)
    nodes = 0
    for state in sampled_states:
        if not state.is_chance_node():
            continue
        outcomes = state.chance_outcomes()
        assert outcomes
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes), state.phase
        assert sum(p for _, p in outcomes) == 1, state.phase
        actions = [a for a, _ in outcomes]
        assert len(set(actions)) == len(actions)
        allowed = set(actions)
        for _ in range(30):
            assert state.sample_chance(rng) in allowed, state.phase
        nodes += 1
    assert nodes > case.get("min_chance_nodes", 100)


def test_sampling_follows_the_listed_probabilities(sampled_states):
    """One node per chance phase with a short outcome list: 3000 samples land within
    six standard deviations of the listed probabilities (seeded, so not flaky)."""
    rng = random.Random(2)
    phases = set()
    chance_phases = {s.phase for s in sampled_states if s.is_chance_node()}
    for state in sampled_states:
        if not state.is_chance_node() or state.phase in phases:
            continue
        outcomes = state.chance_outcomes()
        if len(outcomes) > 40:
            continue
        phases.add(state.phase)
        n = 3000
        counts = Counter(state.sample_chance(rng) for _ in range(n))
        for action, p in outcomes:
            expected = n * float(p)
            sigma = (n * float(p) * (1 - float(p))) ** 0.5
            assert abs(counts[action] - expected) <= 6 * sigma + 1, (state.phase, action, counts[action], expected)
    assert len(phases) >= min(3, len(chance_phases)), phases
