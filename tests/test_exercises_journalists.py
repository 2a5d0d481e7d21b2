"""Journalists' exercises (explorer/games/journalists/exercises.py, issue 33): spread over the
rulebook's parts and the notebook's chapters; every position a possible one; each "pick the
legal ones" with right picks and wrong ones the engine refuses citing a rule; each "what
happens next" with its answer among its choices beside wrong ones; the chances recounted from the
engine's own chance nodes (not :mod:`.odds`); and the answers the rules fix pinned."""
from __future__ import annotations

from fractions import Fraction

import pytest
from exercise_support import check_position, check_prediction, check_spread, refused_with_rule

from explorer.engine.exercises import PickLegal, Predict, exercises
from explorer.games.journalists import exercises as X
from explorer.games.journalists.actions import Evidence
from explorer.games.journalists.cards import SUITS_OF
from explorer.games.journalists.rules import check_invariants

#: The rulebook's main parts (as explorer/games/journalists/sections.py names them), each trained.
MAIN_PARTS = {"Setup 5", "Game play", "Turn (a)", "Turn (b)", "Completing a card", "Paying for the card",
              "Refilling the display", "Taking another player's card", "Next player", "Variant", "Scoring",
              "Extended deck: Pawns", "Extended deck: the Excuse"}

EXERCISES = exercises("journalists")
BY_KEY = {e.key: e for e in EXERCISES}


def test_enough_exercises_of_every_kind_over_the_main_parts_and_the_chapters():
    check_spread(EXERCISES, "journalists", MAIN_PARTS)


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.key)
def test_every_position_is_a_possible_one_and_not_over(ex):
    check_position(ex, check_invariants)


@pytest.mark.parametrize("ex", [e for e in EXERCISES if isinstance(e, PickLegal)], ids=lambda e: e.key)
def test_pick_legal_has_right_picks_and_refused_ones(ex):
    """Picks are offered as options (the Journalists board marks a card only where it is told to),
    legal and not: the display's cards, or every bought card, the player's own among them."""
    state = ex.state()
    right = ex.answer(state)
    assert right and right <= set(state.legal_actions())
    offered = list(ex.candidates(state))
    assert len(set(offered)) == len(offered) and right < set(offered), "something to get wrong"
    assert refused_with_rule(ex, state, [a for a in offered if a not in right]), "no wrong pick is refused"


@pytest.mark.parametrize("ex", [e for e in EXERCISES if isinstance(e, Predict)], ids=lambda e: e.key)
def test_predict_offers_the_answer_and_wrong_ones(ex):
    check_prediction(ex)


def _cheapest_evidence(state):
    return next(a for a in state.legal_actions() if type(a) is Evidence)


def test_chances_recounted_from_the_engines_chance_nodes():
    start = BY_KEY["start-player"]
    s = start.state()
    assert s.is_chance_node() and start.exact(s) == Fraction(1, s.players)
    # the next card turned up: take a card, then read the reveal node's outcomes
    suit = BY_KEY["reveal-suit"]
    s = suit.state()
    node = s.apply(_cheapest_evidence(s))
    assert node.is_chance_node()
    moons = sum(p for a, p in node.chance_outcomes() if "Moons" in SUITS_OF[a.card])
    assert suit.exact(s) == moons and 0 < moons < 1
    # The Huntress within three reveals: walk three turns, always down a branch without her
    card = BY_KEY["reveal-card"]
    s = card.state()
    missed = Fraction(1)
    for _ in range(3):
        node = s.apply(_cheapest_evidence(s))
        outcomes = node.chance_outcomes()
        missed *= 1 - sum(p for a, p in outcomes if a.card == "The Huntress")
        s = node.apply(next(a for a, _ in outcomes if a.card != "The Huntress"))
        while s.is_chance_node():
            s = s.apply(s.chance_outcomes()[0][0])
    assert card.exact() == 1 - missed and card.exact() > 0


def test_answers_the_rules_fix():
    s = BY_KEY["steal-chips"].state()
    assert BY_KEY["steal-chips"].answer(s) == s.supply[2] + dict(s.bought[2])["The Lunatic"]
    assert BY_KEY["next-clockwise"].answer() == 2             # Player 2, with no chips, is passed over
    s = BY_KEY["next-variant"].state()
    assert s.supply[0] == s.supply[2] > s.supply[1]           # a tie: the nearest to Player 2's left goes
    assert BY_KEY["next-variant"].answer(s) == 2
    assert BY_KEY["slide-down"].answer() == 1                  # The Origin slid into the row of three
    s = BY_KEY["final-winner"].state()
    assert max(range(3), key=s.score) == 2 and BY_KEY["final-winner"].answer(s) == (0,)   # the last chip decides
    excuse = BY_KEY["excuse-targets"]
    s = excuse.state()
    assert {a.complete for a in excuse.answer(s)} == set(s.excuse_targets(0)) and "The Harvest" not in s.excuse_targets(0)
    walk = BY_KEY["cubes-complete"]
    assert walk.answer() == ("The Journey",) and X.ROW[0][0] == "The Journey"


def test_the_facts_the_questions_state_hold_in_their_positions():
    s = BY_KEY["afford"].state()
    assert s.supply[0] == 1 and s.player == 0
    s = BY_KEY["slide-down"].state()
    assert s.display.index("The Author") < 3 and s.cost("The Origin") == 2
    s = BY_KEY["next-clockwise"].state()
    assert s.supply[1] == 0 and s.player == 0
    s = BY_KEY["next-variant"].state()
    assert s.options.most_chips_next and s.player == 1 and s.supply == (6, 4, 6) and s.cost("The Author") == 1
    s = BY_KEY["cubes-lunatic"].state()
    assert s.aces[0] == "Ace of Moons" and s.cost("The Pact") == 3
    s = BY_KEY["cubes-surplus"].state()
    assert not s.options.excuse and dict(s.rows[0]) == {"The Forest": 3, "The Harvest": 1}
    assert s.completed[0] == ("The Desert",)
    s = BY_KEY["excuse-targets"].state()
    assert s.display[-1] == "The Excuse"
    s = BY_KEY["score-gain"].state()
    assert dict(s.rows[0])["The Mountain"] == 3 and s.supply == (1, 0, 0)
