"""Journalists, Turn (b) and Completing a card: hand-worked cube distributions through
:func:`explorer.games.journalists.distribute_cubes` (the function the rules call), and
its refusals of rows and cards that cannot be."""
from __future__ import annotations

import pytest

from explorer.games.journalists import distribute_cubes


def test_cubes_go_round_the_row_again_and_again():
    # The Bard (Suns, Crown: 10 cubes) over The Desert (Suns/Wyrms, 2) and The Castle (Suns/Knots, 7).
    # Walk 1: Desert 1, Castle 1 (8 left).  Walk 2: Desert 2 completes, Castle 2 (6 left).
    # Walks 3-7: Castle 3..7, completing with the 9th cube.  Walk 8 places nothing: 1 wasted.
    d = distribute_cubes([("The Desert", 0), ("The Castle", 0)], "The Bard")
    assert d.cubes == 10
    assert d.completed == ("The Desert", "The Castle")
    assert d.evidence == () and d.wasted == 1 and d.excuse is None
    assert d.highest_completed == 7 and d.score_change == 2 + 7
    with_ace = distribute_cubes([("The Desert", 0), ("The Castle", 0)], "The Bard", ace="Ace of Suns")
    assert with_ace.score_change == (2 + 1) + (7 + 1)          # both share the Ace's suit


def test_a_completion_mid_distribution_and_cards_of_other_suits_untouched():
    # The Sea (Waves, 10): The Journey (Moons/Waves, 3) holds 2, The Origin (Waves/Leaves, 2)
    # holds 0, The Market (Leaves/Knots, 6) shares no suit.  Walk 1: Journey completes with
    # the first cube, Origin 1.  Walk 2: Origin completes.  Walk 3 places nothing: 7 wasted.
    d = distribute_cubes([("The Journey", 2), ("The Origin", 0), ("The Market", 5)], "The Sea")
    assert d.completed == ("The Journey", "The Origin")
    assert d.evidence == (("The Market", 5),)
    assert d.wasted == 7 and d.highest_completed == 3


def test_each_walk_puts_one_cube_per_matching_card_left_to_right():
    # The Author (Moons/Knots, 2 cubes) over three Moons/Knots cards: one each, left to right.
    d = distribute_cubes([("The Forest", 0), ("The Battle", 0), ("The Lunatic", 0)], "The Author")
    assert d.evidence == (("The Forest", 1), ("The Battle", 1), ("The Lunatic", 0))
    assert d.completed == () and d.wasted == 0 and d.score_change == 0


def test_a_pawn_is_capped_by_the_highest_completed_card():
    # The Pact (Moons/Suns, 9) with only the Ace completed: the Harvest (a Pawn of Moons,
    # Suns, Leaves) takes 1 cube, its cap; the other 8 fit nowhere.
    d = distribute_cubes([("The Harvest", 0)], "The Pact")
    assert d.evidence == (("The Harvest", 1),) and d.wasted == 8
    assert d.score_change == 1                    # the Pawn now holds its rank: it would score 1
    # with a 2 completed, it takes 2
    d = distribute_cubes([("The Harvest", 0)], "The Pact", highest_completed=2)
    assert d.evidence == (("The Harvest", 2),) and d.wasted == 7


def test_a_completion_raises_the_pawns_cap_within_the_same_distribution():
    # The Diplomat (Moons/Suns, 8): the Harvest (Pawn) left of The Mountain (Moons/Suns, 4) holding 3.
    # Walk 1: Harvest 1 (its cap), Mountain completes: the cap is now 4 (6 left).
    # Walks 2-4: Harvest 2, 3, 4 (3 left).  Walk 5: the Harvest is at its cap: 3 wasted.
    d = distribute_cubes([("The Harvest", 0), ("The Mountain", 3)], "The Diplomat")
    assert d.completed == ("The Mountain",)
    assert d.evidence == (("The Harvest", 4),) and d.wasted == 3
    assert d.highest_completed == 4
    assert d.score_change == 4 + 4                # the Mountain, and the Pawn at its new rank


def test_a_pawn_at_its_cap_loses_its_worth_when_the_cap_rises():
    # The Harvest full at 2; The Bard (Suns, 10) completes The Castle (Suns/Knots, 7, holding 6)
    # first, then the Harvest climbs to 7 with the cubes left: 1 + 5 = 6 of the 10... and 4 wasted.
    d = distribute_cubes([("The Castle", 6), ("The Harvest", 2)], "The Bard", highest_completed=2)
    assert d.completed == ("The Castle",)
    assert d.evidence == (("The Harvest", 7),) and d.wasted == 4
    assert d.score_change == 7 + (7 - 2)          # the Castle; the Pawn worth 7 instead of 2
    # a row where the cap rises but the Pawn gets no cube: it drops to nothing
    d = distribute_cubes([("The Castle", 6), ("The Watchman", 2)], "The Bard", highest_completed=2)
    assert d.evidence == (("The Watchman", 2),) and d.score_change == 7 - 2


def test_a_pawn_taken_for_cubes_brings_the_highest_completed_rank():
    d = distribute_cubes([("The Savage", 0)], "The Borderland", highest_completed=3)
    assert d.cubes == 3 and d.completed == ("The Savage",) and d.wasted == 0


def test_surplus_goes_onto_the_excuse():
    # The Penitent (Suns/Wyrms, 6): The Desert (2) holding 1 completes with one cube;
    # five cubes fit nowhere else and go on the Excuse lying in the row.
    d = distribute_cubes([("The Desert", 1), ("The Excuse", 0)], "The Penitent")
    assert d.completed == ("The Desert",)
    assert d.evidence == (("The Excuse", 5),) and d.wasted == 0 and d.excuse == 5
    assert d.score_change == 2                    # 5 cubes exceed the highest rank (2): worth 0
    # the same Excuse given on its own
    d = distribute_cubes([("The Desert", 1)], "The Penitent", excuse=0)
    assert d.evidence == () and d.excuse == 5 and d.wasted == 0
    # few enough cubes: the Excuse is worth them
    d = distribute_cubes([("The Desert", 1)], "The Origin", highest_completed=2, excuse=0)
    assert d.wasted == 0 and d.excuse == 2 and d.score_change == 2


def test_the_excuse_taken_for_cubes_completes_one_card():
    d = distribute_cubes([("The Desert", 1), ("The Sea", 3)], "The Excuse", complete="The Sea", ace="Ace of Waves")
    assert d.cubes == 0 and d.completed == ("The Sea",) and d.evidence == (("The Desert", 1),)
    assert d.highest_completed == 10 and d.score_change == 11
    d = distribute_cubes([("The Harvest", 0)], "The Excuse", complete="The Harvest", highest_completed=5)
    assert d.completed == () and d.evidence == (("The Harvest", 5),) and d.score_change == 5
    d = distribute_cubes([("The Harvest", 0)], "The Excuse")
    assert d.evidence == (("The Harvest", 0),) and d.completed == () and d.score_change == 0


def test_courts_and_crowns_take_the_ranks_given():
    d = distribute_cubes([("The Consul", 0)], "The Huntress", crown_rank=12, court_rank=11)
    assert d.cubes == 12 and d.completed == ("The Consul",) and d.wasted == 1


@pytest.mark.parametrize("args, kwargs, words", [
    (([("The Dessert", 0)], "The Bard"), {}, ["The Dessert", "did you mean", "The Desert"]),
    (([("The Desert", 0)], "The Bards"), {}, ["The Bards"]),
    (([("Ace of Suns", 0)], "The Bard"), {}, ["Ace of Suns", "Ace"]),
    (([], "Ace of Suns"), {}, ["Ace of Suns"]),
    (([("The Desert", 2)], "The Bard"), {}, ["The Desert", "completed"]),
    (([("The Desert", -1)], "The Bard"), {}, ["cubes"]),
    (([("The Desert", 0), ("The Desert", 1)], "The Bard"), {}, ["twice"]),
    (([("The Harvest", 3)], "The Bard"), {"highest_completed": 2}, ["Pawn", "highest"]),
    (([("The Consul", 0)], "The Bard"), {}, ["Court", "court_rank"]),
    (([], "The Rite"), {}, ["Court", "court_rank"]),
    (([("The Desert", 0)], "The Desert"), {}, ["already"]),
    (([("The Desert", 0)], "The Bard"), {"complete": "The Desert"}, ["only the Excuse"]),
    (([("The Desert", 0)], "The Excuse"), {"complete": "The Sea"}, ["The Sea"]),
    (([("The Excuse", 0)], "The Bard"), {"excuse": 2}, ["once"]),
    (([], "The Bard"), {"highest_completed": 0}, ["highest_completed"]),
    (("The Desert", "The Bard"), {}, ["pairs"]),
    (([("The Desert",)], "The Bard"), {}, ["pair"]),
    (([], "The Bard"), {"ace": "Stars"}, ["ace"]),
    # the ranks the options give (issue 31): a rank is a whole number 1-20, the highest
    # completed rank one a completed card can have
    (([], "The Huntress"), {"crown_rank": "x"}, ["crown_rank", "'x'"]),
    (([], "The Huntress"), {"crown_rank": -5}, ["crown_rank", "-5"]),
    (([], "The Huntress"), {"crown_rank": 0}, ["crown_rank", "1-20", "got 0"]),
    (([], "The Huntress"), {"crown_rank": True}, ["crown_rank", "True"]),
    (([], "The Huntress"), {"crown_rank": 10.0}, ["crown_rank", "10.0"]),
    (([], "The Consul"), {"court_rank": "y"}, ["court_rank", "'y'"]),
    (([], "The Consul"), {"court_rank": 0}, ["court_rank", "got 0"]),
    (([], "The Harvest"), {"highest_completed": 10 ** 9}, ["highest_completed", str(10 ** 9)]),
    (([], "The Harvest"), {"highest_completed": 10, "crown_rank": 12}, ["highest_completed", "Crown 12", "got 10"]),
    (([], "The Harvest"), {"highest_completed": 11, "court_rank": 10}, ["highest_completed", "Court 10"]),
    (([], "The Harvest"), {"highest_completed": True}, ["highest_completed", "True"]),
])
def test_impossible_rows_and_cards_are_refused_by_name(args, kwargs, words):
    with pytest.raises(ValueError) as info:
        distribute_cubes(*args, **kwargs)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_every_rank_a_completed_card_can_have_is_a_highest_completed_rank():
    for high in [*range(1, 10), 12, 15]:
        d = distribute_cubes([], "The Harvest", high, crown_rank=12, court_rank=15)
        assert d.cubes == high == d.wasted           # a Pawn brings the highest completed rank


# -- properties over random positions ---------------------------------------------------------------
def _positions():
    from explorer.engine import random_playout
    for seed in range(25):
        states = []
        random_playout("journalists", {"players": 2 + seed % 3, "courts": seed % 2 == 1}, seed=seed,
                       on_state=states.append)
        yield from (s for s in states if s.phase == "take")


def test_every_cube_is_accounted_for_and_the_rules_do_what_the_preview_says():
    """At every decision of 25 random games, for every Turn (b) on offer: the cubes the card
    brings are the cubes added to the row, plus those that completed cards (each had rank -
    cubes to go), plus the surplus (wasted or on the Excuse); and applying the action
    leaves exactly the row, completions and score change the preview announced."""
    from explorer.games.journalists.actions import Cubes, ExcuseCubes
    from explorer.games.journalists.cards import EXCUSE, fixed_rank
    checked = spared = 0
    for s in _positions():
        p, o = s.current_player, s.options
        before = dict(s.rows[p])
        for a in s.legal_actions():
            if type(a) is not Cubes:
                continue
            d = s.preview(a)
            after = s.apply(a)
            if after.phase == "excuse":          # spare cubes: the player says how many go on the Excuse
                none, d0 = after.apply(ExcuseCubes(0)), s.preview(a, onto_excuse=0)
                assert after.spare == d0.wasted > 0 and after.legal_actions() == [
                    ExcuseCubes(n) for n in range(after.spare + 1)]
                assert none.rows[p] == d0.evidence and none.wasted == s.wasted + d0.wasted
                after = after.apply(ExcuseCubes(after.spare))      # all of them: the preview's default
                spared += 1
            assert after.rows[p] == d.evidence and after.completed[p] == s.completed[p] + d.completed
            assert after.score(p) - s.score(p) == d.score_change
            if a.card == EXCUSE:
                continue
            added = sum(n - before.get(name, 0) for name, n in d.evidence)
            finished = sum(fixed_rank(name, o.crown_rank, o.court_rank) - before[name] for name in d.completed)
            assert d.cubes == added + finished + d.wasted, (a, s.rows[p], d)
            checked += 1
    assert checked > 500 and spared > 0, (checked, spared)
