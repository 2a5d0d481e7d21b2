"""The information-set sampler draws what a seat cannot see from its exact conditional distribution.

For a seat at a decision, the sampler's frequencies of each hidden thing (the piece lying in each
place the seat cannot see into, another seat's open secret choice) are compared with the exact
conditional probabilities.  The exact ones come from a separate, brute-force enumeration: every
history from the start that the seat cannot tell from the real one (at every step the same words,
events and observation for that seat), each weighted by its chance probabilities and, for another
seat's choice the seat could not see, 1 / the number of its options that read the same (the model
the sampler's docstring states).  The comparison is a chi-square test per hidden thing with a fixed
seed; positions are taken where the enumeration is small, and where something can really vary.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from explorer.engine import get_game
from explorer.engine.infoset import MAX_REFUSED, Sampler

from conftest import GAME_CASES

#: the games whose sampler is honest (Conspiracy still walks swaps: SwapWalk); The Sands of Time has
#: its own positions below (its random positions' enumerations take minutes)
HIDDEN = [g for g in sorted(GAME_CASES) if get_game(g).hidden_variants is not None
          and get_game(g).hidden_variants.honest and g != "sands_of_time"]
SAMPLES = 1200
#: a hidden thing whose frequencies give a chi-square p-value below this fails (with the fixed seed
#: and a handful of things per game, a sampler that is right fails this once in thousands of runs)
P_MIN = 1e-4
#: positions tested per game, and the largest enumeration accepted for one
POSITIONS, MAX_LEAVES, MAX_WAYS = 3, 2000, 200


def chi2_sf(x: float, dof: int) -> float:
    """P(chi-square with ``dof`` degrees of freedom > x): the regularized upper gamma Q(dof/2, x/2)."""
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    if z < a + 1:                       # series for the lower P, then Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > 1e-15 * abs(total):
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    b, c, d = z + 1 - a, 1 / 1e-300, 1 / (z + 1 - a)      # continued fraction for Q (Lentz)
    h, i = d, 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        step = d * c
        h *= step
        i += 1
        if abs(step - 1) < 1e-15:
            return h * math.exp(-z + a * math.log(z) - math.lgamma(a))


def _told(state, action, after, viewer):
    return (state.describe(action, viewer), tuple(t for t in (e.text_for(viewer) for e in after.events) if t),
            after.observation(viewer))


def enumerate_information_set(states, actions, viewer, limit=MAX_LEAVES):
    """Every history ``viewer`` cannot tell from ``actions``, with its weight (see the module
    docstring), found by walking the game from the start; None when there are more than ``limit``."""
    told = [_told(s, a, n, viewer) for s, a, n in zip(states, actions, states[1:])]
    leaves = []

    def walk(state, i, history, weight):
        if len(leaves) > limit:
            return
        if i == len(actions):
            leaves.append((weight, history))
            return
        if state.current_player != states[i].current_player:
            return
        if state.is_chance_node():
            options = [(a, Fraction(p)) for a, p in state.chance_outcomes()]
        elif state.current_player == viewer:
            options = [(actions[i], Fraction(1))]
        else:
            same = [a for a in state.legal_actions() if state.describe(a, viewer) == told[i][0]]
            options = [(a, Fraction(1, len(same))) for a in same]
        for a, p in options:
            if state.describe(a, viewer) != told[i][0]:
                continue
            nxt = state.apply(a)
            if _told(state, a, nxt, viewer) == told[i]:
                walk(nxt, i + 1, history + [a], weight * p)

    walk(states[0], 0, [], Fraction(1))
    return None if len(leaves) > limit else leaves


def hidden_things(spec, sampler_secret, states, actions, viewer) -> dict:
    """What the seat cannot see at the end of a history: the piece in each place it cannot see
    into (set places, a bag, excepted: their contents follow), and each open secret choice."""
    out = {}
    if spec.tokens is not None:
        for item, (_, place, seen) in spec.tokens(states[-1], viewer).items():
            if not seen and not (place and place[0] == "set"):
                out[("place",) + tuple(place)] = item
    for i in sampler_secret:
        out[("choice", i)] = actions[i]
    return out


def _positions(game):
    """(states, actions, viewer, sampler, leaves) at decisions of random games where something hidden
    can vary and the exact enumeration is small (each seat's sampler follows the game, extended step
    by step as a search player's is)."""
    g = get_game(game)
    spec = g.hidden_variants
    options = GAME_CASES[game].get("sample_options", [{}])[0]
    found = []
    for seed in range(40):
        s = g.initial_state(options)
        states, actions = [s], []
        samplers = [Sampler(spec, states, actions, v) for v in range(s.players)]
        r = random.Random(seed)
        while not s.is_terminal() and len(actions) < 120:
            if not s.is_chance_node() and len(actions) > 2 and r.random() < 0.5:
                viewer = s.current_player
                sampler = samplers[viewer].extend(states, actions)
                ways = math.prod(sampler.consistent_counts().values()) if sampler.groups else 1
                if (ways > 1 or sampler.secret) and ways <= MAX_WAYS:
                    leaves = enumerate_information_set(states, actions, viewer)
                    if leaves is not None:
                        fresh = Sampler(spec, states, actions, viewer)
                        found.append((list(states), list(actions), viewer, fresh, leaves))
                        break
            a = s.sample_chance(r) if s.is_chance_node() else s.legal_actions()[r.randrange(len(s.legal_actions()))]
            actions.append(a)
            s = s.apply(a)
            states.append(s)
        if len(found) >= POSITIONS:
            break
    return found


def _exact(spec, sampler, states, leaves, viewer):
    total = sum(w for w, _ in leaves)
    probs: dict = {}
    for w, history in leaves:
        replayed = [states[0]]
        for a in history:
            replayed.append(replayed[-1].apply(a))
        for key, value in hidden_things(spec, sampler.secret, replayed, history, viewer).items():
            probs.setdefault(key, Counter())[value] += w / total
    return probs


def _check_positions(game, spec, positions, rng):
    """1200 samples per position against its exact enumeration, a chi-square test per hidden thing."""
    report = []
    for states, actions, viewer, sampler, leaves in positions:
        exact = _exact(spec, sampler, states, leaves, viewer)
        assert any(len(p) > 1 for p in exact.values()), "nothing hidden varies here"
        seen = {key: Counter() for key in exact}
        for _ in range(SAMPLES):
            other, other_states = sampler.sample(rng)
            things = hidden_things(spec, sampler.secret, other_states, other, viewer)
            assert set(things) == set(exact), "a sample hides other things than the real history"
            for key, value in things.items():
                assert value in exact[key], f"{key}: {value!r} is impossible for seat {viewer}"
                seen[key][value] += 1
        for key, probs in exact.items():
            if len(probs) < 2:
                continue
            stat = sum((seen[key][v] - SAMPLES * float(p)) ** 2 / (SAMPLES * float(p)) for v, p in probs.items())
            p_value = chi2_sf(stat, len(probs) - 1)
            deviation = max(abs(seen[key][v] / SAMPLES - float(p)) for v, p in probs.items())
            report.append((key, len(probs), round(stat, 2), p_value, round(deviation, 3)))
            assert p_value > P_MIN, (f"{game}, seat {viewer} after {len(actions)} actions, {key}: sampled "
                                     f"{dict(seen[key])}, exact {({v: round(float(p), 3) for v, p in probs.items()})}")
        assert sampler.refused < MAX_REFUSED
    print(f"\n{game}: {len(positions)} positions, {len(report)} hidden things, {SAMPLES} samples each; "
          f"(thing, values, chi2, p, max |freq - p|): {report}")
    return report


@pytest.mark.parametrize("game", HIDDEN)
def test_the_sampler_draws_hidden_things_with_their_exact_probabilities(game):
    positions = _positions(game)
    assert positions, f"{game}: no position where something hidden can vary"
    _check_positions(game, get_game(game).hidden_variants, positions, random.Random(30))


def _sands_positions(kinds, per_kind=1, seeds=40):
    """The Sands of Time, 2 players: the viewer's first decision after the other player's ``n``-th
    action of a kind (``kinds``: action type -> n; a Chronicle placed face down), where the exact
    enumeration is small (the random positions above meet only open secret choices)."""
    g = get_game("sands_of_time")
    spec = g.hidden_variants
    found = {kind: [] for kind in kinds}
    for seed in range(seeds):
        s = g.initial_state({"players": 2})
        states, actions, r = [s], [], random.Random(seed)
        count, target = Counter(), None
        while not s.is_terminal() and len(actions) < 400:
            if target is not None and not s.is_chance_node() and s.current_player == target[1]:
                kind, viewer = target
                leaves = enumerate_information_set(states, actions, viewer)
                if leaves is not None and len(found[kind]) < per_kind:
                    found[kind].append((list(states), list(actions), viewer,
                                        Sampler(spec, states, actions, viewer), leaves))
                target = None
                if all(len(v) >= per_kind for v in found.values()):
                    return [x for v in found.values() for x in v]
            a = s.sample_chance(r) if s.is_chance_node() else s.legal_actions()[r.randrange(len(s.legal_actions()))]
            mover = s.active if s.is_chance_node() else s.current_player
            if type(a) in kinds and len(found[type(a)]) < per_kind:
                count[type(a)] += 1
                if count[type(a)] == kinds[type(a)]:
                    target = (type(a), 1 - mover)
            actions.append(a)
            s = s.apply(a)
            states.append(s)
    return [x for v in found.values() for x in v]


def test_the_sands_sampler_draws_chronicle_cards_with_their_exact_probabilities():
    from explorer.games.sands_of_time.actions import Chronicle
    positions = _sands_positions({Chronicle: 2}, seeds=10)
    assert positions, "no position after another player's second Chronicle"
    report = _check_positions("sands_of_time", get_game("sands_of_time").hidden_variants, positions,
                              random.Random(30))
    bins = [key for key, *_ in report if key[:2] == ("place", "bin")]
    assert bins, report


def test_chi2_tail_matches_known_values():
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(11.070497693516351, 5) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(0.5, 3) == pytest.approx(0.918891, rel=1e-5)
    assert chi2_sf(40.0, 10) == pytest.approx(1.694474e-05, rel=1e-5)
