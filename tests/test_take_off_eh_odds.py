"""Take Off, Eh!'s odds calculators, bound to the engine: the referendum's closed form against the
engine's own vote over every combination of dice, the agenda's against the engine's chance outcomes
enumerated draw by draw."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from explorer.engine import get_game, random_playout
from explorer.games.take_off_eh import analysis
from explorer.games.take_off_eh.actions import Die, Province
from explorer.games.take_off_eh.odds import agenda_odds, next_agenda_odds, secession_odds
from explorer.games.take_off_eh.table import PROVINCES


def test_secession_odds_by_hand():
    assert secession_odds([]) == 0 and secession_odds([None]) == 0
    assert secession_odds([None, None]) == Fraction(1, 6)
    assert secession_odds([2, None, None]) == 1 - Fraction(5, 6) * Fraction(4, 6)
    assert secession_odds([2, 2, None]) == 1
    assert secession_odds([None] * 7) == 1          # seven dice, six faces
    for bad in ([6], [True], ["3"], "33", 3):
        with pytest.raises(ValueError):
            secession_odds(bad)


def _vote_state(voters: int):
    """A referendum about to be voted on by ``voters`` players, from a random game's position."""
    g = get_game("take_off_eh")
    for seed in range(200):
        _, s = random_playout("take_off_eh", {"players": 4}, seed=seed, max_actions=220)
        if s.phase != "choose":
            continue
        for p in PROVINCES:
            here = {c[0] for c in s.on[p]}
            who = [q for q in range(4) if s.suits[q] in here]
            if len(who) == voters and p != s.queen and p not in s.seceded:
                t = s._copy()
                del t._ev
                t.events = ()
                t.phase_, t.chosen, t.parts = "referendum", ("spring", s.tiles[p][1]), ()
                return g, t.apply(Province.of(p)), p
    raise AssertionError(f"no position with {voters} voters")


@pytest.mark.parametrize("voters", [2, 3])
def test_secession_odds_match_the_engines_vote(voters):
    _, state, province = _vote_state(voters)
    assert state.phase == "vote"
    for fixed in (None, 4):
        seceded = total = 0
        for dice in itertools.product(range(6), repeat=voters - (fixed is not None)):
            s = state
            if fixed is not None:
                s = s.apply(Die.of(fixed))
            for d in dice:
                s = s.apply(Die.of(d))
            seceded += province in s.seceded
            total += 1
        choices = ([fixed] if fixed is not None else []) + [None] * (voters - (fixed is not None))
        assert Fraction(seceded, total) == secession_odds(choices)


def _enumerate_agenda(state, hit) -> Fraction:
    """The engine's own probability that the agenda draws still to come include a tile ``hit`` accepts."""
    if state.phase != "agenda":
        return Fraction(0)
    total = Fraction(0)
    for a, p in state.chance_outcomes():
        total += p * (1 if hit((a.suit, a.value)) else _enumerate_agenda(state.apply(a), hit))
    return total


def _agenda_state(players: int, stack_size: int | None = None):
    for seed in range(100):
        states = []
        random_playout("take_off_eh", {"players": players}, seed=seed, on_state=states.append, max_actions=400)
        for s in states:
            if s.phase == "agenda" and s.round >= 2 and players + 1 - len(s.agenda) == 2:
                if stack_size is None:
                    return s
                t = s._copy()          # a short stack: the rest lies in the discards
                del t._ev
                t.events = ()
                moved = t.stack[stack_size:]
                t.stack, t.discard = t.stack[:stack_size], tuple(sorted(t.discard + moved))
                return t
    raise AssertionError("no agenda step found")


@pytest.mark.parametrize("stack_size", [None, 1])
def test_agenda_odds_match_the_engines_chance_outcomes(stack_size):
    state = _agenda_state(2, stack_size)
    for suit, value in (("winter", None), (None, 3), ("crowns", 0)):
        def hit(t):
            return (suit is not None and t[0] == suit) or (value is not None and t[1] == value)
        assert next_agenda_odds(state, suit, value) == _enumerate_agenda(state, hit), (suit, value, stack_size)


def test_agenda_odds_by_hand_and_refusals():
    stack = [("suns", 1), ("suns", 2), ("moons", 3), ("arms", 4)]
    assert agenda_odds(stack, 1, suit="suns") == Fraction(1, 2)
    assert agenda_odds(stack, 2, suit="moons") == Fraction(1, 2)
    assert agenda_odds(stack, 2, value=4, suit="moons") == 1 - Fraction(1, 6)
    assert agenda_odds(stack, 5, suit="winter", discard=[("winter", 0), ("fall", 1)]) == Fraction(1, 2)
    for kwargs in ({}, {"suit": "stars"}, {"value": 6}, {"suit": "suns", "draws": -1}):
        with pytest.raises(ValueError):
            agenda_odds(stack, **{"draws": 1, **kwargs})


def test_what_if_facts_add_up():
    facts = analysis.play(8, seed=3)
    assert [f.seed for f in facts] == list(range(3, 11))
    for f in facts:
        _, final = random_playout("take_off_eh", {}, seed=f.seed)
        assert f.queen_steps == final.queen_steps and sum(f.points.values()) == sum(final.scores)
    shares = analysis.score_sources(8, seed=3)
    assert abs(sum(shares.values()) - 1) < 1e-9 and shares["scoring rounds"] > 0
    with pytest.raises(ValueError):
        analysis.play(0)
