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

#: the games whose random positions are walked whole; The Sands of Time and Conspiracy have their own
#: positions below (a walk of their random positions takes minutes, or longer)
HIDDEN = [g for g in sorted(GAME_CASES) if get_game(g).hidden_variants is not None
          and g not in ("sands_of_time", "conspiracy")]
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


def _branches(state, told, viewer, fixed=None):
    """The steps from ``state`` that ``viewer`` reads as ``told``, with their weights: ``fixed`` alone
    when given, else every chance outcome, or every option of the seat to move that reads the same
    (each 1 / their number)."""
    if fixed is not None:
        options = [(fixed, Fraction(1))]
    elif state.is_chance_node():
        options = [(a, Fraction(p)) for a, p in state.chance_outcomes()]
    else:
        same = [a for a in state.legal_actions() if state.describe(a, viewer) == told[0]]
        options = [(a, Fraction(1, len(same))) for a in same]
    for a, p in options:
        if state.describe(a, viewer) == told[0]:
            after = state.apply(a)
            if _told(state, a, after, viewer) == told:
                yield a, after, p


def enumerate_information_set(states, actions, viewer, limit=MAX_LEAVES):
    """Every history ``viewer`` cannot tell from ``actions``, with its weight (see the module
    docstring), found by walking the game from the start; None when there are more than ``limit``."""
    told = [_told(s, a, n, viewer) for s, a, n in zip(states, actions, states[1:], strict=False)]
    leaves = []

    def walk(state, i, history, weight):
        if len(leaves) > limit:
            return
        if i == len(actions):
            leaves.append((weight, history))
            return
        if state.current_player != states[i].current_player:
            return
        mine = state.current_player == viewer and not state.is_chance_node()
        for a, nxt, p in _branches(state, told[i], viewer, actions[i] if mine else None):
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


# -- Conspiracy ------------------------------------------------------------------------------------
# A Conspiracy seat's information set is too large to walk whole (24 tiles dealt, goal coins), but what
# the seat cannot see falls into parts the model keeps apart: the coins drawn in play, the tiles, the
# goals (no rule shows one through another: a hidden tile and a hidden coin never meet in anything a
# seat sees).  The coins are checked against an exact walk of the coin steps (tiles, goal coins and
# goals kept as they were, states that are the same merged); the tiles against the symmetry of the
# deal (a tile the seat never saw is each unseen tile with the same chance, so lies in each place in
# proportion to the unseen tiles there).

def _coin_step(real, action, viewer):
    """Whether ``action`` at ``real`` is a coin the seat does not see being drawn or picked."""
    from explorer.engine import CHANCE
    from explorer.games.conspiracy.actions import CoinFromHand, Give, Save
    if real.current_player == CHANCE:
        return real.phase_ == "draw"
    return real.current_player != viewer and type(action) in (CoinFromHand, Give, Save)


def conspiracy_coin_posterior(states, actions, viewer, limit=20000):
    """The exact distribution of the end states' coins over every history of coin draws and coin
    picks ``viewer`` cannot tell from ``actions`` (the rest as it was): {state key: (state, weight)}."""
    told = [_told(s, a, n, viewer) for s, a, n in zip(states, actions, states[1:], strict=False)]
    frontier = {states[0].key(): (states[0], Fraction(1))}
    for i, (real, a) in enumerate(zip(states, actions, strict=False)):
        nxt = {}
        for state, w in frontier.values():
            for _, after, p in _branches(state, told[i], viewer, None if _coin_step(real, a, viewer) else a):
                key = after.key()
                old = nxt.get(key)
                nxt[key] = (after, w * p + (old[1] if old else 0))
        frontier = nxt
        assert len(frontier) <= limit, f"step {i}: {len(frontier)} coin states"
    return frontier


def _places(state, viewer, kind):
    """Where each piece of ``kind`` the seat does not see lies (a set place by its name)."""
    from explorer.games.conspiracy.hidden import tokens
    return {item[1]: tok[1] for item, tok in tokens(state, viewer).items() if item[0] == kind and not tok[2]}


def _conspiracy_position(seed):
    """Conspiracy, 3 players: the second turn of round 1, at the turn player's decision after it
    placed a coin, seen by the player who moved first (who saw its own coins go back to the bag)."""
    g = get_game("conspiracy")
    s = g.initial_state({"players": 3})
    states, actions, r = [s], [], random.Random(seed)
    while not s.is_terminal() and s.round == 1 or s.round == 0:
        if len(s.done) == 2 and not s.is_chance_node() and s.current_player == s.turn_player \
                and any(spot.placed_by == s.turn_player for spot in s.coins.values()) \
                and any(spot.placed_by != s.done[0] and not spot.face_up for spot in s.tiles.values()):
            return states, actions, s.done[0]
        a = s.sample_chance(r) if s.is_chance_node() else s.legal_actions()[r.randrange(len(s.legal_actions()))]
        actions.append(a)
        s = s.apply(a)
        states.append(s)
    return None


def _chi2(seen, probs, samples):
    stat = sum((seen[v] - samples * float(p)) ** 2 / (samples * float(p)) for v, p in probs.items())
    return stat, chi2_sf(stat, len(probs) - 1), max(abs(seen[v] / samples - float(p)) for v, p in probs.items())


@pytest.mark.slow
def test_the_conspiracy_sampler_draws_coins_and_tiles_with_their_exact_probabilities():
    position = next(p for p in map(_conspiracy_position, range(40)) if p is not None)
    states, actions, viewer = position
    spec = get_game("conspiracy").hidden_variants
    sampler = Sampler(spec, states, actions, viewer)
    # exact: the coins (walked), the tiles (the deal's symmetry)
    posterior = conspiracy_coin_posterior(states, actions, viewer)
    total = sum(w for _, w in posterior.values())
    exact = {}
    for state, w in posterior.values():
        for coin, place in _places(state, viewer, "coin").items():
            exact.setdefault(("coin", coin), Counter())[place] += w / total
    tiles = _places(states[-1], viewer, "tile")
    size = Counter(tiles.values())
    for tile in tiles:
        exact[("tile", tile)] = Counter({place: Fraction(n, len(tiles)) for place, n in size.items()})
    rng, samples = random.Random(30), SAMPLES
    seen = {key: Counter() for key in exact}
    for _ in range(samples):
        _, other = sampler.sample(rng)
        for kind in ("coin", "tile"):
            places = _places(other[-1], viewer, kind)
            assert {(kind, x) for x in places} == {k for k in exact if k[0] == kind}
            for x, place in places.items():
                assert place in exact[(kind, x)], f"{x} in {place} is impossible for seat {viewer}"
                seen[(kind, x)][place] += 1
    report = []
    for key, probs in exact.items():
        if len(probs) > 1:
            stat, p_value, deviation = _chi2(seen[key], probs, samples)
            report.append((key, dict(probs), round(stat, 2), p_value, round(deviation, 3)))
            assert p_value > P_MIN, (key, dict(seen[key]), {v: round(float(p), 3) for v, p in probs.items()})
    kinds = {place[0] if place[0] != "set" else place[1] for _, probs, *_ in report for place in probs}
    assert {"cell", "bag", "coins", "board", "tiles"} <= kinds, kinds
    print(f"\nconspiracy: seat {viewer} after {len(actions)} actions, {len(report)} hidden things, {samples} "
          f"samples; (thing, values, chi2, p, max |freq - p|): "
          f"{[(k, len(v), c, p, d) for k, v, c, p, d in report]}")
