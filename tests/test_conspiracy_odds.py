"""Exact calculators for Conspiracy: rulebook examples, brute force, icepool, closed forms."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from explorer.components.piecepack import STANDARD, parse_suit_rank, piece_name
from explorer.games.conspiracy import odds
from explorer.games.conspiracy.reckoning import DIE_SUITS, count_successes, highest_by_suit
from explorer.games.conspiracy.rules import new_game

ALL_PIECES = [piece_name(s, r) for s in STANDARD.suits for r in range(6)]
EXAMPLE_TILES = ["Crowns-2", "Crowns-5", "Arms-3"]   # Time Marches On 4, example
TILE_SETS = [
    [],
    EXAMPLE_TILES,
    ["Suns-5", "Moons-5", "Crowns-5", "Arms-5"],
    ["Suns-null", "Moons-ace", "Arms-2"],
    ["Crown-2", "Moon-0", "Sun-1"],                    # the rulebook's prose spellings
    ALL_PIECES,
]
tile_sets = st.lists(st.sampled_from(ALL_PIECES), unique=True, max_size=10)


def brute_force_distribution(tiles):
    highest = highest_by_suit(parse_suit_rank(t) for t in tiles)
    counts = Counter(count_successes(roll, highest) for roll in product(range(6), repeat=4))
    return {k: Fraction(counts[k], 6 ** 4) for k in range(5)}


def icepool_distribution(tiles):
    faces = odds.column_success_faces(tiles)
    total = sum((icepool.Die(range(6)).map(lambda f, ok=faces[s]: int(f in ok)) for s in DIE_SUITS),
                icepool.Die([0]))
    return {k: total.probability(k) for k in range(5)}


# ------------------------------------------------------------------ Time Marches On

def test_rulebook_column_check_example():
    highest = highest_by_suit(parse_suit_rank(t) for t in EXAMPLE_TILES)
    faces = {"Crowns": 4, "Arms": 5, "Moons": 0, "Suns": 1}
    assert count_successes(tuple(faces[s] for s in DIE_SUITS), highest) == 2
    dist = odds.success_distribution(EXAMPLE_TILES)
    assert sum(dist.values()) == 1
    assert dist == {0: Fraction(25, 432), 1: Fraction(10, 27), 2: Fraction(31, 72),
                    3: Fraction(7, 54), 4: Fraction(5, 432)}
    assert odds.advance_probability(EXAMPLE_TILES) == Fraction(247, 432)


def test_column_success_faces_for_the_example():
    assert odds.column_success_faces(EXAMPLE_TILES) == {
        "Suns": (1,), "Moons": (1,), "Crowns": (1, 2, 3, 4, 5), "Arms": (1, 2, 3)}


@pytest.mark.parametrize("tiles", TILE_SETS)
def test_distribution_matches_brute_force_and_icepool(tiles):
    dist = odds.success_distribution(tiles)
    assert dist == brute_force_distribution(tiles)
    assert dist == icepool_distribution(tiles)
    assert all(isinstance(p, Fraction) for p in dist.values())


@settings(max_examples=40, deadline=None)
@given(tile_sets, st.integers(0, 5))
def test_random_columns_match_brute_force_and_icepool(tiles, needed):
    brute = brute_force_distribution(tiles)
    assert odds.success_distribution(tiles) == brute == icepool_distribution(tiles)
    assert odds.advance_probability(tiles, needed) == sum(p for k, p in brute.items() if k >= needed)


@settings(max_examples=40, deadline=None)
@given(tile_sets, st.sampled_from(ALL_PIECES))
def test_a_face_up_tile_never_hurts_a_column(tiles, extra):
    more = tiles if extra in tiles else tiles + [extra]
    assert odds.advance_probability(more) >= odds.advance_probability(tiles) >= Fraction(19, 144)


def test_empty_column_is_below_the_design_notes_one_in_six():
    p = odds.advance_probability([])
    assert p == Fraction(19, 144)
    assert p == 1 - Fraction(5, 6) ** 4 - 4 * Fraction(1, 6) * Fraction(5, 6) ** 3
    # Time Marches On 4, design note, claims a floor of 1 in 6; the exact floor is lower.
    assert p < Fraction(1, 6)


def test_needed_successes_edges():
    assert odds.advance_probability(EXAMPLE_TILES, needed=0) == 1
    assert odds.advance_probability([], needed=4) == Fraction(1, 6 ** 4)
    assert odds.advance_probability(ALL_PIECES, needed=5) == 0


# ------------------------------------------------------------ Reveal Tile 5.d.iv

REVEAL_COINS = ["Arms-3", "Crowns-ace", "Moons-null"]   # the number-side-up 5 is not passed


def test_rulebook_reveal_example_removes_arms_4():
    assert odds.reveal_tile_support("Arms-4", REVEAL_COINS) == 3
    assert odds.reveal_tile_stays("Arms-4", REVEAL_COINS) is False


def test_rulebook_reveal_example_keeps_suns_2():
    assert odds.reveal_tile_support("Suns-2", REVEAL_COINS) == 2
    assert odds.reveal_tile_stays("Suns-2", REVEAL_COINS) is True
    assert odds.reveal_tile_support("Sun-2", ["Arm-3", "Crown-1", "Moon-0"]) == 2


def test_reveal_worths_by_suit_relation():
    assert odds.reveal_tile_support("Moons-5", ["Moons-5", "Suns-2"]) == 3      # same, opposed
    assert odds.reveal_tile_support("Crowns-null", ["Suns-null", "Moons-5"]) == 2  # neither
    assert odds.reveal_tile_stays("Crowns-null", ["Arms-5", "Arms-4"]) is False  # -9 < 0


# --------------------------------------------------------- Unexpected Effects 2-4

def brute_force_spiral(positions):
    """Rulebook mapping with 3 columns: faces 0-1 left, 2-3 middle, 4-5 right; row = face."""
    positions = set(positions)
    hits = [(f1 // 2, f2) for f1, f2 in product(range(6), repeat=2) if (f1 // 2, f2) in positions]
    return Fraction(len(hits), 36), Fraction(sum(row == 0 for _, row in hits), 36)


positions_3 = st.sets(st.tuples(st.integers(0, 2), st.integers(0, 8)), max_size=20)


@settings(max_examples=60, deadline=None)
@given(positions_3)
def test_spiral_matches_brute_force(positions):
    hit, present = brute_force_spiral(positions)
    assert odds.spiral_hit_probability(positions) == hit
    assert odds.spiral_present_removal_probability(positions) == present


def test_spiral_examples():
    assert odds.spiral_hit_probability([(0, 6), (1, 7), (2, 10)]) == 0   # past row 5
    full = [(c, r) for c in range(3) for r in range(6)]
    assert odds.spiral_hit_probability(full) == 1
    assert odds.spiral_present_removal_probability(full) == Fraction(1, 6)
    assert odds.spiral_hit_probability([(1, 1)]) == Fraction(1, 18)
    assert odds.spiral_present_removal_probability([(1, 1)]) == 0


@pytest.mark.parametrize("columns", range(1, 7))
def test_spiral_covers_every_space_once_for_any_column_count(columns):
    board = [(c, r) for c in range(columns) for r in range(6)]
    assert odds.spiral_hit_probability(board, columns) == 1
    assert odds.spiral_hit_probability([(columns - 1, 0)], columns) == Fraction(1, 6 * columns)


# ------------------------------------------------------------------- Draw Coins 2

def brute_force_draw(unknown, bag_size, draws, suit, rank, outside_ranks):
    """Enumerate every arrangement consistent with the player's knowledge, equally weighted."""
    need = Counter(outside_ranks)
    by_rank = {k: [c for c in unknown if parse_suit_rank(c)[1] == k] for k in need}
    wins = total = 0
    for chosen in product(*(combinations(by_rank[k], n) for k, n in need.items())):
        seen = {c for group in chosen for c in group}
        rest = [c for c in unknown if c not in seen]
        for bag in combinations(rest, bag_size):
            for drawn in combinations(bag, draws):
                total += 1
                wins += any((suit is None or parse_suit_rank(c)[0] == suit)
                            and (rank is None or parse_suit_rank(c)[1] == rank) for c in drawn)
    return Fraction(wins, total)


SMALL_UNKNOWN = ["Suns-2", "Moons-2", "Arms-2", "Crowns-3", "Suns-3", "Moons-ace", "Arms-5"]


@pytest.mark.parametrize("bag_size,draws", [(2, 1), (3, 2), (4, 3), (5, 3), (5, 5)])
@pytest.mark.parametrize("suit,rank", [("Suns", None), (None, 2), ("Arms", 2), ("Crowns", None),
                                       ("Moons", "ace"), ("Crowns", 2)])
def test_bag_draw_matches_brute_force(bag_size, draws, suit, rank):
    outside = (2, 3)
    assert (odds.bag_draw_probability(SMALL_UNKNOWN, bag_size, draws, suit, rank, outside)
            == brute_force_draw(SMALL_UNKNOWN, bag_size, draws, suit,
                                None if rank is None else (1 if rank == "ace" else rank), outside))


@st.composite
def draw_cases(draw):
    unknown = draw(st.lists(st.sampled_from(ALL_PIECES), unique=True, min_size=1, max_size=7))
    ranks = [parse_suit_rank(c)[1] for c in unknown]
    outside = draw(st.lists(st.sampled_from(range(len(ranks))), unique=True, max_size=3))
    outside_ranks = [ranks[i] for i in outside]
    bag_size = draw(st.integers(0, len(unknown) - len(outside)))
    draws = draw(st.integers(0, min(bag_size, 3)))
    suit = draw(st.sampled_from([None, *STANDARD.suits]))
    rank = draw(st.sampled_from(range(6))) if suit is None else draw(st.sampled_from([None, *range(6)]))
    return unknown, bag_size, draws, suit, rank, outside_ranks


@settings(max_examples=60, deadline=None)
@given(draw_cases())
def test_random_bag_draws_match_brute_force(case):
    assert odds.bag_draw_probability(*case) == brute_force_draw(*case)


@pytest.mark.parametrize("draws", [0, 1, 2, 3])
def test_bag_draw_closed_form_without_hidden_information(draws):
    unknown = ALL_PIECES[:10]   # Suns 0-5 and Moons 0-3
    for suit, rank, matching in [("Suns", None, 6), ("Moons", None, 4), (None, 2, 2), ("Moons", 3, 1)]:
        want = 1 - Fraction(comb(10 - matching, draws), comb(10, draws))
        for bag_size in (draws, 7, 10):
            assert odds.bag_draw_probability(unknown, bag_size, draws, suit, rank) == want


def test_opening_draw_of_three_from_the_full_bag():
    # Initial Setup 3: 24 coins in the bag, each player draws 3.
    assert odds.bag_draw_probability(ALL_PIECES, 24, 3, suit="Crowns") == 1 - Fraction(
        comb(18, 3), comb(24, 3))
    assert odds.bag_draw_probability(ALL_PIECES, 24, 3, suit="Crowns", rank=5) == Fraction(3, 24)


def test_known_rank_outside_changes_the_odds():
    # Two 3s lie number side up with their suits hidden: a 3 is now less likely.
    unknown = list(ALL_PIECES)
    free = odds.bag_draw_probability(unknown, 18, 1, rank=3, known_rank_outside_bag=[])
    seen = odds.bag_draw_probability(unknown, 18, 1, rank=3, known_rank_outside_bag=[3, 3])
    assert (free, seen) == (Fraction(4, 24), Fraction(2, 22))
    # Suns-3 in the rest with chance 2/4, then drawn with chance 1/22.
    assert odds.bag_draw_probability(unknown, 18, 1, "Suns", 3, [3, 3]) == Fraction(1, 44)


def test_coin_not_unknown_cannot_be_drawn():
    assert odds.bag_draw_probability(["Suns-2", "Moons-3"], 2, 2, "Arms", 2) == 0


# ------------------------------------------------------------------- bad inputs

@pytest.mark.parametrize("call,message", [
    (lambda: odds.success_distribution(["Stars-2"]), "suit"),
    (lambda: odds.success_distribution(["Crowns-9"]), "rank"),
    (lambda: odds.success_distribution(["Crowns"]), "Suit-rank"),
    (lambda: odds.success_distribution("Crowns-2"), "list"),
    (lambda: odds.success_distribution(["Spring-2"]), "standard piecepack"),
    (lambda: odds.success_distribution(["Crowns-2", "Crown-2"]), "more than once"),
    (lambda: odds.advance_probability([], needed=-1), "negative"),
    (lambda: odds.advance_probability([], needed=1.5), "whole number"),
    (lambda: odds.reveal_tile_support("Arms-7", []), "rank"),
    (lambda: odds.reveal_tile_stays("Arms-4", ["Arms-3", "Arms-3"]), "more than once"),
    (lambda: odds.spiral_hit_probability([(3, 0)]), "off a board of 3 columns"),
    (lambda: odds.spiral_hit_probability([(0, -1)]), "negative"),
    (lambda: odds.spiral_hit_probability([(0, 1), (0, 1)]), "share"),
    (lambda: odds.spiral_hit_probability([(0, 1, 2)]), "pair"),
    (lambda: odds.spiral_hit_probability([], columns=0), "columns"),
    (lambda: odds.spiral_present_removal_probability([], columns=7), "columns"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 3, 1), "suit, a rank"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 3, rank=2), "draw 3 coins from a bag of 2"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 8, 1, rank=2), "bag_size 8"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 7, 1, rank=2,
                                       known_rank_outside_bag=[3]), "bag_size 7 is more than the 6"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 1, rank=2,
                                       known_rank_outside_bag=[5, 5]), "rank 5"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, -1, rank=2), "draws cannot be negative"),
    (lambda: odds.bag_draw_probability(["Suns-7"], 1, 1, rank=2), "rank"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 1, suit="Stars"), "suit"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 1, suit="Winter"), "standard piecepack"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 1, rank=6), "rank"),
    (lambda: odds.bag_draw_probability(SMALL_UNKNOWN, 2, 1, rank=2,
                                       known_rank_outside_bag=2), "list of ranks"),
])
def test_bad_inputs_raise_value_error_naming_the_problem(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("call, message", [
    (lambda: odds.reveal_tile_support("Suns-3", None), "coins as a list"),
    (lambda: odds.reveal_tile_stays("Suns-3", 4), "coins as a list"),
    (lambda: odds.success_distribution(None), "tiles as a list"),
    (lambda: odds.column_success_faces(3), "tiles as a list"),
    (lambda: odds.bag_draw_probability(None, 1, 1, suit="Suns"), "coins as a list"),
    (lambda: odds.bag_draw_probability(["Suns-3"], 1, 1, suit="Suns", known_rank_outside_bag=None), "list of ranks"),
    (lambda: odds.spiral_hit_probability(None), "tile positions are a list"),
    (lambda: odds.spiral_present_removal_probability(5), "tile positions are a list"),
    (lambda: odds.spiral_hit_probability([], columns=None), "columns must be a whole number"),
    (lambda: odds.spiral_present_removal_probability([], columns="3"), "columns must be a whole number"),
    (lambda: odds.design_figures(None), "options must be ConspiracyOptions"),
    (lambda: odds.board_spiral_risk("board"), "state must be a Conspiracy game state"),
    (lambda: odds.draw_odds(None, 0), "state must be a Conspiracy game state"),
    (lambda: odds.draw_odds(new_game(), 4), "player .* must be 0-3, got 4"),
    (lambda: odds.draw_odds(new_game(), None), "player .* must be a whole number"),
    (lambda: odds.draw_odds(new_game(), 0, draws="2"), "draws must be a whole number"),
    (lambda: odds.column_face_up_tiles(new_game(), 3), "column .* must be 0-2, got 3"),
    (lambda: odds.column_face_up_tiles(new_game(), None), "column .* must be a whole number"),
])
def test_arguments_of_the_wrong_kind_raise_value_error_naming_them(call, message):
    with pytest.raises(ValueError, match=message):
        call()
