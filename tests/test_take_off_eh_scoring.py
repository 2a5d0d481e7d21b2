"""Take Off, Eh!'s scoring ladder: the rulebook's worked examples, each reading of the
ambiguities on a case where the readings differ, and argument checks."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.take_off_eh import SUITS, Points, score_unit

# Preparation 5's example: Amy fall, Betty suns, Cindy summer, Dale winter, in seat order.
FOUR = ("fall", "suns", "summer", "winter")


def as_ints(result):
    return {suit: int(points) for suit, points in result.items()}


def test_slush_fund_example():
    """Special Scoring Rounds, 1. Slush Fund: seven coins -- null and 5 of suns, 5 of summer,
    4 and 5 of fall, ace and 3 of winter."""
    coins = [("suns", 0), ("suns", 5), ("summer", 5), ("fall", 4), ("fall", 5), ("winter", 1), ("winter", 3)]
    result = score_unit(coins, max_value=len(coins), player_suits=FOUR)
    assert as_ints(result) == {"fall": 7, "suns": 1, "summer": 1, "winter": 0}
    assert dict(result.places) == {"fall": 1, "suns": 3, "summer": 3, "winter": 4}
    assert dict(result.totals) == {"fall": 9, "suns": 5, "summer": 5, "winter": 4}
    assert any("tied with summer" in line for line in result["suns"].why)


def test_manitoba_example():
    """Special Scoring Rounds, 3. Provinces and Territories: Manitoba, the 3 of winter tile, holds
    Dale's ace, 2 and 3 of winter, Cindy's 5 of summer and the neutral 2 and 3 of spring."""
    coins = [("winter", 1), ("winter", 2), ("winter", 3), ("summer", 5), ("spring", 2), ("spring", 3)]
    result = score_unit(coins, max_value=3, player_suits=FOUR)
    assert as_ints(result) == {"fall": 0, "suns": 0, "summer": 0, "winter": 3}
    assert dict(result.places)["summer"] == 3 == dict(result.places)["spring"]
    why = " ".join(result["summer"].why)
    assert "spring (neutral)" in why and "third place" in why


def test_result_is_a_mapping_of_int_points_with_reasons():
    result = score_unit([("fall", 3)], 4, FOUR, queen_here=True)
    assert list(result) == list(FOUR) and len(result) == 4
    assert result == {"fall": 10, "suns": 0, "summer": 0, "winter": 0}
    fall = result["fall"]
    assert isinstance(fall, Points) and isinstance(fall, int) and int(fall) == 10
    assert all(line.endswith(")") for line in fall.why), fall.why       # every reason cites a section
    assert any("twice the maximum: 8" in line for line in fall.why)
    assert any("Queen" in line for line in fall.why)
    with pytest.raises(KeyError):
        result["spring"]


def test_a_null_coin_alone_is_a_lone_suit():
    assert as_ints(score_unit([("winter", 0)], 3, FOUR))["winter"] == 6


def test_a_lone_neutral_suit_scores_for_nobody():
    assert as_ints(score_unit([("crowns", 4), ("crowns", 5)], 5, FOUR)) == dict.fromkeys(FOUR, 0)


def test_an_empty_unit_scores_nothing():
    result = score_unit([], 5, FOUR, queen_here=True, home_suit="fall")
    assert as_ints(result) == dict.fromkeys(FOUR, 0)
    assert "not on the ladder" in result["fall"].why[0]


@pytest.mark.parametrize("players, expected", [
    (("fall", "suns"), {"fall": 5, "suns": 0}),
    (("fall", "suns", "summer"), {"fall": 5, "suns": 2, "summer": 0}),
    (("fall", "suns", "summer", "winter"), {"fall": 5, "suns": 2, "summer": 1, "winter": 0}),
    (("fall", "suns", "summer", "winter", "moons"), {"fall": 5, "suns": 2, "summer": 1, "winter": 0, "moons": 0}),
])
def test_player_count_limits_which_places_score(players, expected):
    coins = [("fall", 5), ("suns", 4), ("summer", 3), ("winter", 2), ("moons", 1)]
    coins = [c for c in coins if c[0] in players]
    assert as_ints(score_unit(coins, 5, players)) == expected


def test_third_scores_half_of_what_second_would_have_even_with_nobody_second():
    # fall alone first; suns and summer tie for second and both drop to third.
    result = score_unit([("fall", 5), ("suns", 3), ("summer", 3)], 5, FOUR)
    assert as_ints(result) == {"fall": 5, "suns": 1, "summer": 1, "winter": 0}
    assert dict(result.places) == {"fall": 1, "suns": 3, "summer": 3}


def test_a_neutral_suit_takes_first_place():
    result = score_unit([("crowns", 5), ("fall", 3), ("suns", 1)], 4, FOUR)
    assert as_ints(result) == {"fall": 2, "suns": 1, "summer": 0, "winter": 0}
    assert any("crowns (neutral) holds a place" in line for line in result["fall"].why)


def test_bonuses_go_to_the_first_ranked_suit_by_default():
    coins = [("fall", 5), ("suns", 3), ("summer", 1)]
    assert as_ints(score_unit(coins, 4, FOUR, queen_here=True, home_suit="fall")) == \
        {"fall": 8, "suns": 2, "summer": 1, "winter": 0}
    # suns' pawn is here, but suns is second: no home bonus
    assert as_ints(score_unit(coins, 4, FOUR, home_suit="suns"))["suns"] == 2
    # two pawns share the province (Preparation example: Betty and Cindy in Ontario)
    assert as_ints(score_unit(coins, 4, FOUR, home_suit=["suns", "fall"])) == \
        {"fall": 6, "suns": 2, "summer": 1, "winter": 0}


def test_a_null_tile_still_pays_the_first_ranked_bonuses():
    coins = [("fall", 2), ("suns", 1)]
    assert as_ints(score_unit(coins, 0, FOUR, queen_here=True, home_suit="fall"))["fall"] == 4
    assert as_ints(score_unit(coins, 0, FOUR, queen_here=True, home_suit="fall", bonus_to="top scorer"))["fall"] == 0


def test_bonus_readings_differ_on_a_tie_for_first():
    coins = [("fall", 5), ("suns", 5), ("summer", 1)]
    default = score_unit(coins, 4, FOUR, queen_here=True, home_suit="fall")
    assert as_ints(default) == {"fall": 2, "suns": 2, "summer": 1, "winter": 0}       # nobody is first
    top = score_unit(coins, 4, FOUR, queen_here=True, home_suit="fall", bonus_to="top scorer")
    assert as_ints(top) == {"fall": 6, "suns": 4, "summer": 1, "winter": 0}
    assert any("scoring the most" in line for line in top["suns"].why)


def test_bonus_readings_differ_behind_a_neutral_leader():
    coins = [("crowns", 5), ("fall", 3)]
    players = ("fall", "suns", "summer")
    assert as_ints(score_unit(coins, 4, players, queen_here=True))["fall"] == 2
    assert as_ints(score_unit(coins, 4, players, queen_here=True, bonus_to="top scorer"))["fall"] == 4


def test_tie_drop_readings_differ_below_a_tie_for_first():
    coins = [("suns", 4), ("summer", 4), ("winter", 2), ("fall", 1)]
    one = score_unit(coins, 5, FOUR)
    assert as_ints(one) == {"fall": 0, "suns": 2, "summer": 2, "winter": 1}
    assert dict(one.places) == {"suns": 2, "summer": 2, "winter": 3, "fall": 4}
    group = score_unit(coins, 5, FOUR, tie_drop="group size")
    assert as_ints(group) == {"fall": 0, "suns": 2, "summer": 2, "winter": 0}
    assert dict(group.places) == {"suns": 2, "summer": 2, "winter": 4, "fall": 5}


def test_two_ties_each_shift_everything_below():
    coins = [("suns", 5), ("summer", 5), ("winter", 3), ("fall", 3), ("moons", 1)]
    players = ("fall", "suns", "summer", "winter", "moons")
    assert dict(score_unit(coins, 5, players).places) == \
        {"suns": 2, "summer": 2, "fall": 4, "winter": 4, "moons": 5}
    assert dict(score_unit(coins, 5, players, tie_drop="group size").places) == \
        {"suns": 2, "summer": 2, "fall": 5, "winter": 5, "moons": 7}


def test_lone_readings_differ_when_neutral_coins_share_the_unit():
    coins = [("fall", 3), ("crowns", 1)]
    assert as_ints(score_unit(coins, 4, FOUR))["fall"] == 4
    assert as_ints(score_unit(coins, 4, FOUR, lone="one player"))["fall"] == 8
    # under either reading, a lone neutral suit pays nobody
    assert as_ints(score_unit([("crowns", 1)], 4, FOUR, lone="one player")) == dict.fromkeys(FOUR, 0)


@pytest.mark.parametrize("kwargs, message", [
    (dict(coins=[("leaves", 3)]), r"coins\[0\]: unknown suit 'leaves'"),
    (dict(coins=[("fall", 6)]), r"coins\[0\]: value 6 is not a coin value 0-5"),
    (dict(coins=[("fall", -1)]), r"coins\[0\]: value -1"),
    (dict(coins=[("fall", True)]), r"coins\[0\]: value True"),
    (dict(coins=[("fall", 2), ("fall", 2)]), r"coins\[1\]: the 2 of fall is listed twice"),
    (dict(coins=["fall"]), r"coins\[0\] must be a \(suit, value\) pair"),
    (dict(coins="fall 3"), r"coins must be a list"),
    (dict(max_value=-1), r"max_value must be a whole number 0 or more"),
    (dict(max_value="3"), r"max_value"),
    (dict(max_value=2.5), r"max_value"),
    (dict(player_suits=("fall",)), r"player_suits: the game needs at least two players"),
    (dict(player_suits=("fall", "crowns")), r"player_suits: crowns belong to the Queen"),
    (dict(player_suits=("fall", "fall")), r"player_suits: .*fall is listed twice"),
    (dict(player_suits="fall"), r"player_suits must be a list"),
    (dict(player_suits=("fall", "leaves")), r"player_suits: unknown suit 'leaves'"),
    (dict(home_suit="spring"), r"home_suit: spring is not a player suit"),
    (dict(home_suit="leaves"), r"home_suit: unknown suit"),
    (dict(queen_here="yes"), r"queen_here must be True or False"),
    (dict(bonus_to="most"), r"bonus_to must be one of"),
    (dict(tie_drop="two places"), r"tie_drop must be one of"),
    (dict(lone="alone"), r"lone must be one of"),
])
def test_bad_arguments_are_refused_naming_the_argument(kwargs, message):
    args = dict(coins=[("fall", 3)], max_value=3, player_suits=FOUR) | kwargs
    with pytest.raises(ValueError, match=message):
        score_unit(**args)


def test_suit_names_are_read_case_blind():
    assert as_ints(score_unit([("Fall", 3)], 2, ["FALL", "Suns"])) == {"fall": 4, "suns": 0}


# -- properties over random units ---------------------------------------------------------------

units = st.tuples(
    st.lists(st.tuples(st.sampled_from(SUITS), st.integers(0, 5)), unique=True, max_size=14),
    st.integers(0, 12),
    st.permutations([s for s in SUITS if s != "crowns"]).flatmap(lambda p: st.integers(2, 6).map(lambda n: p[:n])),
    st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(units)
def test_ladder_points_are_bounded_and_ordered(unit):
    coins, max_value, players, queen = unit
    result = score_unit(coins, max_value, players, queen_here=queen, home_suit=players[0])
    totals = dict(result.totals)
    for suit, points in result.items():
        assert 0 <= points <= 2 * max_value + 4
        if suit not in totals:
            assert points == 0
    # without bonuses, more coin value never earns fewer ladder points than less coin value
    plain = score_unit(coins, max_value, players)
    for a in plain:
        for b in plain:
            if a in totals and b in totals and totals[a] > totals[b]:
                assert plain[a] >= plain[b]


@settings(max_examples=300, deadline=None)
@given(units)
def test_readings_agree_where_the_text_is_unambiguous(unit):
    coins, max_value, players, queen = unit
    kwargs = dict(queen_here=queen, home_suit=players[0])
    default = score_unit(coins, max_value, players, **kwargs)
    totals = [t for _, t in default.totals]
    if len(set(totals)) == len(totals):                                   # no ties
        assert default == score_unit(coins, max_value, players, tie_drop="group size", **kwargs)
    first = [s for s, place in default.places if place == 1]
    if max_value > 0 and first and first[0] in players:                   # a player alone on top
        assert default == score_unit(coins, max_value, players, bonus_to="top scorer", **kwargs)
    if all(s in players for s, _ in default.totals):                      # no neutral coins
        assert default == score_unit(coins, max_value, players, lone="one player", **kwargs)
