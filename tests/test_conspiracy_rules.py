"""Focused Conspiracy rule checks that the shared tests do not pin down."""
import random

import pytest

from explorer.engine import IllegalMove, get_game, uniform_policy
from explorer.games.conspiracy.actions import Cell, Spot


def play_until(pred, seed=0, limit=20000):
    g = get_game("conspiracy")
    rng = random.Random(seed)
    s = g.initial_state({"round_cap": 80})
    for _ in range(limit):
        if pred(s):
            return s
        s = s.apply(s.sample_chance(rng) if s.is_chance_node() else uniform_policy(s, rng))
        if s.is_terminal():
            s, rng = g.initial_state({"round_cap": 80}), random.Random(rng.random())
    pytest.fail("state not reached")


def test_a_malformed_action_is_refused_as_illegal_not_a_crash():
    s = play_until(lambda s: s.phase == "cell")
    key = s.key()
    with pytest.raises(IllegalMove) as e:
        s.apply(Cell("a", 1))
    assert e.value.rule.game == "conspiracy" and s.key() == key


def test_a_tile_turned_face_down_stays_known_to_everyone():
    """Unexpected Effects 3.b: everybody saw the face before it was turned down."""
    s = play_until(lambda s: s.phase == "unexpected" and any(
        r >= 1 and spot.face_up for (c, r), spot in s.tiles.items()))
    (c, r), spot = next(((p, sp) for p, sp in s.tiles.items() if p[1] >= 1 and sp.face_up))
    after = s.apply(Spot(c, r))
    assert not after.tiles[(c, r)].face_up
    for viewer in range(after.players):
        seen = {(t["column"], t["row"]): t["tile"] for t in after.observation(viewer)["tiles"]}
        assert seen[(c, r)] == spot.name
