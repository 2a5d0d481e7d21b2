"""Take Off, Eh!'s odds calculators, bound to the engine: the referendum's closed form against the
engine's own vote over every combination of dice, the agenda's against the engine's chance outcomes
enumerated draw by draw."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from explorer.engine import get_game, random_playout
from explorer.games.take_off_eh import analysis
from explorer.games.take_off_eh.actions import Die, Province
from explorer.games.take_off_eh.odds import NotYetKnown, agenda_odds, next_agenda_odds, secession_odds
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
        def hit(t, suit=suit, value=value):
            return (suit is not None and t[0] == suit) or (value is not None and t[1] == value)
        assert next_agenda_odds(state, suit, value) == _enumerate_agenda(state, hit), (suit, value, stack_size)


def test_agenda_odds_by_hand_and_refusals():
    stack = [("suns", 1), ("suns", 2), ("moons", 3), ("arms", 4)]
    assert agenda_odds(stack, 1, suit="suns") == Fraction(1, 2)
    assert agenda_odds(stack, 2, suit="moons") == Fraction(1, 2)
    assert agenda_odds(stack, 2, value=4, suit="moons") == 1 - Fraction(1, 6)
    assert agenda_odds(stack, 5, suit="winter", discard=[("winter", 0), ("fall", 1)]) == Fraction(1, 2)
    for kwargs in ({}, {"suit": "stars"}, {"value": 6}, {"suit": "suns", "draws": -1}, {"value": 2.0},
                   {"value": True}, {"suit": "suns", "draws": 1.0}):
        with pytest.raises(ValueError):
            agenda_odds(stack, **{"draws": 1, **kwargs})
    # the tiles are checked: a string, a tile named twice (in one list or across both), no tile at all
    for bad_stack, bad_discard, message in (
            ("abc", (), "stack must be a list of tiles"),
            ([("suns", 1), ("suns", 1)], (), r"stack\[1\]: the 1 of suns is named twice"),
            (stack, [("arms", 4)], r"discard\[0\]: the 4 of arms is named twice"),
            ([("suns", 2.0)], (), r"stack\[0\] = \('suns', 2.0\) is no tile"),
            ([("stars", 1)], (), r"stack\[0\] = \('stars', 1\) is no tile"),
            (["ab"], (), r"stack\[0\] must be a tile"),
            ([("suns", 1, 2)], (), r"stack\[0\] must be a tile")):
        with pytest.raises(ValueError, match=message):
            agenda_odds(bad_stack, 1, suit="fall", discard=bad_discard)
    assert agenda_odds([["suns", 1], ["fall", 2]], 1, suit="fall") == Fraction(1, 2)      # lists are pairs too


def _to_next_agenda(state, rng):
    """``state`` played on with random choices and chance to the next Agenda step."""
    s = state
    while s.phase != "agenda":
        assert not s.is_terminal()
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


TARGETS = (("fall", None), (None, 3), ("winter", 0), ("arms", None))


def _between(players, seeds):
    """States between Agenda steps, from random games."""
    for seed in seeds:
        states = []
        random_playout("take_off_eh", {"players": players}, seed=seed, on_state=states.append)
        yield from (s for s in states if s.phase != "agenda")


@pytest.mark.parametrize("players", [3, 5])
def test_between_agenda_steps_the_odds_are_the_next_agenda_steps_whatever_is_chosen(players):
    """Wherever the odds are given between Agenda steps, every random continuation reaches an
    Agenda step with the same odds (which the test above binds to the engine's chance outcomes);
    elsewhere they are refused."""
    rng = random.Random(players)
    given = refused = reshuffled = 0
    for i, s in enumerate(_between(players, range(4))):
        if i % 7:
            continue
        for suit, value in TARGETS:
            try:
                p = next_agenda_odds(s, suit, value)
            except NotYetKnown:
                refused += 1
                continue
            given += 1
            for _ in range(3):
                nxt = _to_next_agenda(s, rng)
                assert nxt.round == s.round + 1
                assert next_agenda_odds(nxt, suit, value) == p, (s.round, s.phase, suit, value)
                reshuffled += not nxt.stack or len(nxt.stack) < players + 1 - len(nxt.agenda)
    assert given > 50 and refused > 50 and reshuffled, (given, refused, reshuffled)


def test_odds_that_hang_on_choices_are_refused():
    """5 players, seed 273, round 5's bribery: an arms 0 and an arms 5 tile are on the agenda, one
    tile is left in the stacks, and two fall tiles may or may not reach the discards before they
    are reshuffled: the figure is refused, not given as 0."""
    states = []
    random_playout("take_off_eh", {"players": 5}, seed=273, on_state=states.append)
    s = next(s for s in states if s.round == 5 and s.phase == "bribe")
    assert len(s.stack) == 1 and not any(t[0] == "fall" for t in s.stack + s.discard)
    with pytest.raises(NotYetKnown, match="a labour strike or a hockey game may still draw tiles"):
        next_agenda_odds(s, "fall")
    # the same position with the arms tiles gone from the agenda: which tiles go to the discards
    # still depends on the choices to come (fall tiles or others), so it is refused as well
    t = s._copy()
    del t._ev
    t.events = ()
    t.agenda = tuple(x for x in t.agenda if x[0] != "arms")
    t.discard = tuple(sorted(t.discard + (("arms", 0), ("arms", 5))))
    with pytest.raises(NotYetKnown, match="the stacks run out before the next agenda"):
        next_agenda_odds(t, "fall")
    # ... but not for a suit the agenda does not show: then it makes no difference
    assert next_agenda_odds(t, "crowns") == next_agenda_odds(_to_next_agenda(t, random.Random(1)), "crowns")
    last = next(s for s in states if s.round == 9 and s.phase == "bribe")
    with pytest.raises(NotYetKnown, match="last round"):
        next_agenda_odds(last, "fall")


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
