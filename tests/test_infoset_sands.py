"""The Sands of Time's information-set sampler against exact probabilities: the Advance tiles drawn
and put back on top of a pile, and other seats' open secret choices and unshown card selections.

Same method as ``test_infoset.py`` (whose helpers are used): at a seat's decision, the sampler's
frequencies of each hidden thing over 1200 draws against the brute-force enumeration of every
history the seat cannot tell from the real one, a chi-square test per hidden thing.  The positions
are found where that enumeration is small, in seeded 2-player games: the other seat's first
decision after a tile is put back on top (games started at the first card choice with Unrest 0 and
heritage 4 in every category, so the trees' last tiles can be reached, played by players who take
the Advance card and advance whenever they can), and the first decision where another seat's secret
choice of each kind is open (random games from the start; for battle numbers, the calm start above
played by players who conquer whenever they can, since random players soon reach Unrest where the
die allows only 0).
"""
from __future__ import annotations

import random

from explorer.engine import get_game
from explorer.engine.infoset import Sampler
from explorer.games.sands_of_time.actions import Advance, Attack, Conquer, Cull, Marker, Pick, Play, Select

from test_infoset import _check_positions, enumerate_information_set
from test_sands_of_time_rules import first_select, position

GAME = get_game("sands_of_time")
SPEC = GAME.hidden_variants


def _keen(card, *actions):
    """A player who selects ``card``, plays it and takes ``actions`` whenever it can (else random)."""
    def choose(s, rng):
        legal = s.legal_actions()
        keen = [a for a in legal if (type(a) is Select and card in a.cards) or (type(a) is Play and a.card == card)
                or type(a) in actions]
        return rng.choice(keen or legal)
    return choose


def _random(s, rng):
    return rng.choice(s.legal_actions())


def _calm(seed):
    """A game at its first card choice with Unrest 0 (so advances and battle numbers are open) and
    heritage 4 in every category."""
    return position(first_select(2, seed), unrest=(0, 0), heritage=((4, 4, 4), (4, 4, 4)))


def _fresh(seed):
    return GAME.initial_state({"players": 2})


def _walks(start, policy, seeds, limit):
    """Seeded games from ``start(seed)`` played by ``policy``: yields (states, actions) before each
    step of each game, its last state the one to move."""
    for seed in range(seeds):
        s = start(seed)
        states, actions, rng = [s], [], random.Random(seed)
        while not s.is_terminal() and len(actions) < limit:
            yield states, actions
            a = s.sample_chance(rng) if s.is_chance_node() else policy(s, rng)
            actions.append(a)
            s = s.apply(a)
            states.append(s)


def _tile_positions(piles=4):
    """Decisions of the seat that did not see a tile put back on top of its pile (the first one after
    the other player's Keep), until the tops of ``piles`` piles have been hidden at such decisions."""
    found, covered, viewer = [], set(), None
    for states, actions in _walks(_calm, _keen("Advance", Advance), 12, 200):
        s = states[-1]
        if not actions:
            viewer = None
        if viewer is not None and not s.is_chance_node() and s.current_player == viewer:
            tops = {key for key, tile in s.tops.items()
                    if viewer not in s.seen.get(tile, ()) and len(s.piles[key]) > 1}   # else it is the last one
            if tops - covered:
                leaves = enumerate_information_set(states, actions, viewer)
                if leaves is not None:
                    found.append((list(states), list(actions), viewer, Sampler(SPEC, states, actions, viewer), leaves))
                    covered |= tops
            viewer = None
            if len(covered) >= piles:
                break
        if s.phase_ == "keep" and len(s.drawn) > 1:
            viewer = 1 - s.current_player
    return found, covered


def test_the_sands_sampler_draws_the_tile_put_back_on_top_with_its_exact_probability():
    """Actions Explained, Advance: the first discoverer draws two tiles, keeps one face up and puts
    the other back on top, seen by him alone; for the other seat the tile on top is any tile of the
    pile but the kept one, with the probabilities of the draw."""
    positions, covered = _tile_positions()
    assert len(covered) >= 4 and any(level >= 4 for _, level in covered), covered
    report = _check_positions("sands_of_time", SPEC, positions, random.Random(30))
    tops = {key[2] for key, *_ in report if key[:2] == ("place", "top")}
    assert tops == covered, (tops, covered)


#: the kinds of secret choice checked: an open round of first markers (Setup), an unshown card
#: selection while others still select and during the turns before its owner's (Phase 2 (a), (b)), a
#: battle number (Conquer (A)) and a cull (Phase 4)
KINDS = {(Marker, "first_advance"), (Select, "select"), (Select, "turn"), (Pick, "battle"), (Cull, "cull")}


def _secret_positions(kinds, start, policy, seeds=20):
    """Per kind of secret choice, the first decision of seeded games where another seat's choice of
    that kind is hidden and can be more than one option (the enumeration small enough)."""
    found = {}
    for states, actions in _walks(start, policy, seeds, 300):
        s = states[-1]
        if not actions:
            samplers = [Sampler(SPEC, states, actions, v) for v in range(2)]
        if s.is_chance_node():
            continue
        viewer = s.current_player
        sampler = samplers[viewer].extend(states, actions)
        open_ = {i: (type(actions[i]), s.phase_) for i in sampler.secret}
        if set(open_.values()) & kinds - set(found):
            leaves = enumerate_information_set(states, actions, viewer) or []
            new = {k for i, k in open_.items() if len({h[i] for _, h in leaves}) > 1} & kinds - set(found)
            if new:
                where = (list(states), list(actions), viewer, Sampler(SPEC, states, actions, viewer), leaves)
                found.update(dict.fromkeys(new, where))
                if set(found) == kinds:
                    break
    return found


def test_the_sands_sampler_draws_other_seats_secret_choices_with_their_exact_probabilities():
    """Each open secret choice of another seat is any of its options that read the same to the
    viewer, each equally likely (the engine's model of another seat's choice)."""
    battle = {(Pick, "battle")}
    found = {**_secret_positions(KINDS - battle, _fresh, _random),
             **_secret_positions(battle, _calm, _keen("Conquer", Conquer, Attack))}
    assert set(found) == KINDS, f"no position for {KINDS - set(found)}"
    by_position = {}
    for kind, where in found.items():
        by_position.setdefault(id(where), (where, []))[1].append(kind)
    rng = random.Random(31)
    for where, kinds in by_position.values():
        actions = where[1]
        report = _check_positions("sands_of_time", SPEC, [where], rng)
        for kind in kinds:
            assert any(key[0] == "choice" and type(actions[key[1]]) is kind[0] and values > 1
                       for key, values, *_ in report), f"{kind[0].__name__} in phase {kind[1]}: nothing tested"
