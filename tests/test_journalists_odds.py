"""Journalists' calculators: the closed form of :func:`reveal_chance` bound to the
engine's own chance nodes (every reveal enumerated with its probability), worked
values, and the score projection."""
from __future__ import annotations

from fractions import Fraction

import pytest

from explorer.engine import random_playout
from explorer.games.journalists.actions import Evidence
from explorer.games.journalists.cards import SUITS_OF
from explorer.games.journalists.odds import project_scores, reveal_chance, reveal_chance_at


def _engine_chance(state, wanted, k) -> Fraction:
    """P(a card in ``wanted`` is turned up within the next ``k`` reveals) by walking the
    engine: every reveal outcome with its listed probability; between reveals the player
    to move takes the bottom card as evidence (which cards come next does not depend on
    that choice).  A game ending first turns up nothing more."""
    if k == 0 or state.is_terminal():
        return Fraction(0)
    if not state.is_chance_node():
        return _engine_chance(state.apply(Evidence(state.display[0])), wanted, k)
    total = Fraction(0)
    for a, p in state.chance_outcomes():
        total += p if a.card in wanted else p * _engine_chance(state.apply(a), wanted, k - 1)
    return total


def _reveal_nodes():
    """Reveal chance nodes from random games, late enough that the deck is small."""
    out = []
    for seed in range(4):
        states = []
        random_playout("journalists", {"players": 2 + seed % 3, "chips": 40}, seed=seed, on_state=states.append)
        nodes = [s for s in states if s.phase == "reveal"]
        out += [s for s in nodes if len(s.deck) <= 9][:3]
    return out


@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_closed_form_is_the_engines_chance(k):
    nodes = _reveal_nodes()
    assert len(nodes) >= 8
    checked = 0
    for s in nodes:
        targets = [s.deck[0], s.deck[-1], "Suns", "Knots", "The Excuse"]
        for t in targets:
            wanted = {c for c in s.deck if t in SUITS_OF[c]} if t in ("Suns", "Knots") else {t}
            assert reveal_chance_at(s, t, k) == _engine_chance(s, wanted, k), (t, k, s.deck)
            checked += 1
    assert checked >= 40


def test_worked_values():
    deck = ["The Desert", "The Bard", "The Sea", "The Mill"]
    assert reveal_chance(deck, "The Sea", 1) == Fraction(1, 4)
    assert reveal_chance(deck, "The Sea", 2) == Fraction(1, 2)
    assert reveal_chance(deck, "The Sea", 9) == 1
    assert reveal_chance(deck, "The Cave", 2) == 0                 # not among the unseen cards
    # Suns: the Desert and the Bard; two reveals miss both with chance (2/4)(1/3) = 1/6
    assert reveal_chance(deck, "Suns", 2) == Fraction(5, 6)
    assert reveal_chance(deck, "Moons", 3) == 0
    for bad in [("The Dessert", 1), ("Suns", -1)]:
        with pytest.raises(ValueError):
            reveal_chance(deck, *bad)


@pytest.mark.parametrize("unseen, words", [
    (["The Sea", "The Sea", "The Mill"], ["more than once", "The Sea"]),       # a card is in the deck once
    ("The Sea", ["unseen must be a list", "'The Sea'"]),                       # not "no card called 'T'"
    (None, ["unseen must be a list"]),
    (["The Sea", 3], ["unseen[1]", "3"]),
])
def test_unseen_cards_that_cannot_be_are_refused(unseen, words):
    with pytest.raises(ValueError) as info:
        reveal_chance(unseen, "The Sea", 1)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_the_projection_starts_from_the_score_as_it_stands():
    _, s = random_playout("journalists", {"players": 3}, seed=5, max_actions=60)
    assert not s.is_terminal()
    proj = project_scores(s, games=30, seed=1)
    assert proj.now == tuple(s.score(q) for q in range(3)) and proj.games == 30
    assert all(m >= 0 for m in proj.mean) and sum(proj.wins) >= 1 - 1e-9
    assert project_scores(s, games=30, seed=1) == proj                  # seeded
    with pytest.raises(ValueError):
        project_scores(s, games=0)
