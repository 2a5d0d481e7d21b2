"""Take Off, Eh!: what a seat sees of the slush fund.  A coin put on the slush fund leaves a play
area whose coins lie suit side up and is laid value side up, so every seat knows it (the package's
Interpretations, "what the slush fund shows"): the texts name it to everybody, as the observations
do, and resampling what a seat cannot see changes nothing it is shown."""
from __future__ import annotations

import json
import random

import pytest

from explorer.engine import IllegalMove, get_game, random_playout
from explorer.games.take_off_eh.actions import Fund, piece
from explorer.games.take_off_eh.table import SLUSH

GAME = get_game("take_off_eh")


def _history(seed: int, players: int = 4):
    states = []
    record, _ = random_playout("take_off_eh", {"players": players}, seed=seed, on_state=states.append)
    return states, list(record.actions)


def _slush_fundings(states, actions):
    return [i for i, a in enumerate(actions) if type(a) is Fund and a.where == SLUSH]


def _suits_in_hand(obs, seat):
    return sorted(c["suit"] for c in obs["players"][seat]["coins"])


def test_every_seat_is_told_the_coin_its_observation_shows():
    fundings = 0
    for seed in range(12):
        states, actions = _history(seed)
        for i in _slush_fundings(states, actions):
            before, after, a = states[i], states[i + 1], actions[i]
            seat, coin = before.current_player, (a.suit, a.value)
            for viewer in range(before.players):
                texts = [e.text_for(viewer) for e in after.events]
                told = f"Player {seat + 1} puts {piece(*coin)} coin face up on the slush fund"
                assert told in texts and before.describe(a, viewer) == told
                if coin in after.slush:          # (else the turn, and the round, ended: it was scored)
                    assert after.observation(viewer)["slush"]["coins"][-1] == {"suit": coin[0], "value": coin[1]}
                # the play area shows its suits: the coin that left it is one of its suit
                left = _suits_in_hand(before.observation(viewer), seat)
                left.remove(coin[0])
                assert left == _suits_in_hand(after.observation(viewer), seat)
            fundings += 1
    assert fundings >= 30, fundings


def _seen(states, actions, viewer):
    """Everything ``viewer`` is shown along a history: observations, event texts, step texts."""
    out = []
    for s, a in zip(states, actions, strict=False):
        out.append(json.dumps(s.observation(viewer), sort_keys=True))
        out += [e.text_for(viewer) or "" for e in s.events]
        out.append(s.describe(a, viewer))
    out.append(json.dumps(states[len(actions)].observation(viewer), sort_keys=True))
    return out


def _replay(actions):
    s = GAME.initial_state({"players": 4})
    states = [s]
    for a in actions:
        s = s.apply(a)
        states.append(s)
    return states


@pytest.mark.parametrize("seed", [0, 5])
def test_resampling_what_a_seat_cannot_see_changes_nothing_it_is_shown(seed):
    states, actions = _history(seed)
    cuts = _slush_fundings(states, actions)
    assert cuts, "the game funds the slush fund"
    rng = random.Random(seed)
    checked = 0
    for cut in (cuts[0] + 1, cuts[-1] + 1):
        head = actions[:cut]
        for viewer in range(4):
            want = _seen(states, head, viewer)
            for variant in GAME.hidden_variants(states[:cut + 1], head, viewer, rng):
                variant = list(variant)
                try:
                    other = _replay(variant)
                except IllegalMove:
                    continue
                assert _seen(other, variant, viewer) == want
                # the slush fund is public: no variant may change it
                assert other[-1].slush == states[cut].slush
                checked += 1
    assert checked, "some hidden coins were resampled"
