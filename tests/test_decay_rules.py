"""Decay's rules through the engine: the rulebook's worked examples (the payment example
and the double attack), tolls, death, splits, slides, the die marker, refusals, the
two-player variant, and random games that end.

Mid-game boards are built with :func:`explorer.games.decay.rules.position`; tiles sit
on the quarter-tile lattice, ``(x, y)`` being a tile's lower-left corner (a tile is
4 units wide)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from explorer.engine import IllegalMove, random_playout
from explorer.engine.playout import _advance_uniformly
from explorer.games.decay import board as B
from explorer.games.decay import check_invariants
from explorer.games.decay.actions import (ChooseTile, EndTurn, Enter, NoTileMove, Pay, PickUp, Place,
                                          Roll, Slide, SlideTo, StopMoving, TakeCoin, Toll)
from explorer.games.decay import move_pawn
from explorer.games.decay.rules import STEP1_PHASES, DecayOptions, new_game, position


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
        check_invariants(state)
    return state


def refused(state, action, section):
    """``action`` is refused at ``state`` by the rule ``section``, and nothing changes."""
    key, legal = state.key(), list(state.legal_actions())
    with pytest.raises(IllegalMove) as info:
        state.apply(action)
    assert info.value.rule.section == section, (info.value.reason, info.value.rule)
    assert info.value.rule.game == "decay" and info.value.reason
    assert state.key() == key and list(state.legal_actions()) == legal
    return info.value


def texts(state):
    return [str(e) for e in state.events]


def walk(state, *tiles):
    """Step 1 along ``tiles``, then stop if the pawn has not stopped by itself (a single
    remaining choice is taken automatically)."""
    for t in tiles:
        if state.phase == "move" and state.pawns[state.side] != t:
            state = play(state, Enter(t))
    return play(state, StopMoving()) if state.phase == "move" else state


# -- Setup 2 and Board Creation --------------------------------------------------------------------
def test_rolloff_ties_roll_again_and_the_winner_places_first():
    s = new_game()
    assert s.is_chance_node() and s.phase == "rolloff"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 ** 4 and sum(p for _, p in outcomes) == 1
    s = s.apply(Roll((5, 5, 2, 0)))                      # Suns and Moons tie on 5
    assert s.is_chance_node() and s.rolloff == (0, 1)
    assert s.chance_outcomes()[0] == (Roll((0, 0)), Fraction(1, 36))
    refused(s, Roll((1, 2, 3, 4)), "Setup 2")
    s = s.apply(Roll((1, 4)))                            # Moons wins the re-roll
    assert (s.first, s.side, s.current_player, s.phase) == ("Moons", "Moons", 1, "choose_tile")


def test_board_creation_order_and_pawns_on_aces():
    s = new_game(DecayOptions(players=3)).apply(Roll((0, 0, 3)))   # Crowns starts
    assert s.side == "Crowns" and s.phase == "choose_tile"
    s = s.apply(ChooseTile("Crowns-4"))                 # the first tile goes at (0, 0) at once
    assert s.pos == {"Crowns-4": (0, 0)} and s.side == "Suns"
    refused(s, ChooseTile("Crowns-2"), "Board Creation 1")
    s = s.apply(ChooseTile("Suns-ace"))
    refused(s, Place(9, 9), "Board Creation 1.a")
    refused(s, Place(4, 0), "Board Creation 1.c")
    refused(s, Place(2, 1), "Board Creation 1")
    s = s.apply(Place(4, 1))
    assert s.side == "Moons"
    rng = random.Random(1)
    while s.phase in ("choose_tile", "place_tile"):
        acts = s.legal_actions()
        s = play(s, acts[rng.randrange(len(acts))])
    assert len(s.pos) == 18 and not any(s.to_place.values())
    assert s.pawns["Suns"] == "Suns-ace" and s.pawns["Moons"] == "Moons-ace"
    assert s.side == "Crowns" and s.round == 1                 # the first placer moves first
    assert any("Board Creation 2" in t for t in texts(s))
    assert any("the Crowns pawn must leave Crowns-ace" in t for t in texts(s))


def test_placements_offered_obey_board_creation_1():
    s = new_game().apply(Roll((5, 0, 0, 0)))
    rng = random.Random(3)
    while s.phase in ("choose_tile", "place_tile"):
        if s.phase == "place_tile" and s.pos:
            offered = {(a.x, a.y) for a in s.legal_actions()}
            for spot in B.candidate_positions(s.pos):
                assert (spot in offered) == (B.placement_problem(s.pos, spot) is None)
        acts = s.legal_actions()
        s = s.apply(acts[rng.randrange(len(acts))])


# -- Step 1: the payment example, tolls, death -----------------------------------------------------
#: A pinwheel round the start tile: Moons-5 east, Suns-5 north, Arms-5 west, Crowns-5
#: south (no two of them touch), each side's ace further out.
PINWHEEL = {"Suns-null": (0, 0), "Moons-5": (4, -2), "Suns-5": (2, 4), "Arms-5": (-4, 2),
            "Crowns-5": (-2, -4), "Suns-ace": (8, -1), "Crowns-ace": (-1, -8), "Arms-ace": (-8, 3)}
PINWHEEL_PAWNS = {"Moons": "Suns-null", "Suns": "Suns-ace", "Crowns": "Crowns-ace", "Arms": "Arms-ace"}
EXAMPLE_HANDS = {"Moons": {"Moons": 4, "Crowns": 2}, "Suns": {"Suns": 6}, "Crowns": {"Crowns": 4},
                 "Arms": {"Arms": 6}}


def test_payment_example():
    """Step 1's example: 4 Moons and 2 Crowns in hand."""
    s = position(PINWHEEL, PINWHEEL_PAWNS, "Moons", hands=EXAMPLE_HANDS)
    check_invariants(s)
    assert s.phase == "move" and s.current_player == 1
    assert set(s.legal_actions()) == {Enter("Moons-5"), Enter("Suns-5"), Enter("Arms-5"), Enter("Crowns-5")}
    five = (("Crowns", "Crowns", "Moons", "Moons", "Moons"), ("Crowns", "Moons", "Moons", "Moons", "Moons"))
    for tile in ("Arms-5", "Suns-5"):
        paying = s.apply(Enter(tile))
        assert paying.phase == "pay_move" and paying.legal_actions() == [Pay(p) for p in five]
        after = play(paying, Pay(five[1]))
        assert f"the Moons pawn enters {tile}, spending 4 Moons + 1 Crowns [Normal Play Step 1]" in texts(after)
        assert after.hand("Moons") == {"Moons": 4, "Crowns": 2}      # spent, not lost
    for tile, coin in (("Moons-5", "Moons"), ("Crowns-5", "Crowns")):
        assert list(s.step_options()[tile]) == [(coin,)]
        after = play(s, Enter(tile))                    # the only way to pay is taken at once
        assert f"the Moons pawn enters {tile}, spending 1 {coin} [Normal Play Step 1]" in texts(after)


def test_payment_example_with_dominated_payments_offered():
    s = position(PINWHEEL, PINWHEEL_PAWNS, "Moons", hands=EXAMPLE_HANDS,
                 options=DecayOptions(offer_dominated_payments=True))
    assert set(s.step_options()["Moons-5"]) == {("Moons",), ("Crowns", "Crowns", "Moons", "Moons", "Moons"),
                                                ("Crowns", "Moons", "Moons", "Moons", "Moons")}


def test_the_pawn_must_move_and_end_on_an_empty_tile_not_its_start():
    s = position(PINWHEEL, PINWHEEL_PAWNS, "Moons", hands=EXAMPLE_HANDS)
    refused(s, StopMoving(), "Normal Play Step 1")
    refused(s, Enter("Suns-ace"), "Normal Play Step 1")          # does not touch the start
    s = play(s, Enter("Moons-5"))
    assert s.phase == "move" and StopMoving() in s.legal_actions()
    refused(s, Enter("Suns-null"), "Normal Play Step 1")          # back onto the start
    s = play(s, StopMoving())
    assert s.pawns["Moons"] == "Moons-5" and "the Moons pawn stops on Moons-5 [Normal Play Step 1]" in texts(s)


#: Three players.  Suns-null (start) touches Crowns-2 (east, the Crowns pawn), Moons-ace
#: (north, the Moons pawn), Crowns-null (south) and Moons-null (west); Crowns-2 leads on
#: to Suns-ace (north) and Suns-2 (east).
TOLL_BOARD = {"Suns-null": (0, 0), "Crowns-2": (4, 1), "Moons-ace": (-2, 4), "Crowns-null": (2, -4),
              "Moons-null": (-4, -2), "Suns-ace": (3, 5), "Suns-2": (8, 2)}
TOLL_PAWNS = {"Suns": "Suns-null", "Crowns": "Crowns-2", "Moons": "Moons-ace"}
THREE = DecayOptions(players=3)


def test_toll_is_paid_to_the_pawn_entered_and_the_move_goes_on():
    hands = {"Suns": {"Suns": 4, "Moons": 2}, "Moons": {"Moons": 4}, "Crowns": {"Crowns": 6}}
    s = position(TOLL_BOARD, TOLL_PAWNS, "Suns", hands=hands, options=THREE)
    s = play(s, Enter("Crowns-2"))
    assert s.phase == "pay_move"
    assert set(s.legal_actions()) == {Pay(("Moons", "Moons")), Pay(("Moons", "Suns")), Pay(("Suns", "Suns"))}
    s = play(s, Pay(("Suns", "Suns")))
    assert s.phase == "toll" and s.legal_actions() == [Toll("Suns"), Toll("Moons")]
    refused(s, Toll("Crowns"), "Step 1 Tolls")
    s = play(s, Toll("Moons"))
    assert s.hand("Crowns") == {"Crowns": 6, "Moons": 1}
    assert s.hand("Suns") == {"Suns": 4, "Moons": 1} and s.spent() == {"Suns": 2}
    assert "Suns gives one Moons coin to Crowns as toll [Step 1 Tolls]" in texts(s)
    assert s.phase == "move" and s.pawns["Suns"] == "Crowns-2"
    assert StopMoving() not in s.legal_actions()       # two pawns may not stay on one tile
    refused(s, StopMoving(), "Normal Play Step 1")
    s = walk(s, "Suns-2")
    assert s.pawns["Suns"] == "Suns-2"


def test_a_taken_tile_is_offered_only_if_the_move_can_still_end():
    """Entering Crowns-2 takes two coins, the toll a third, leaving Crowns-2 a fourth; a
    trip onto Moons-ace (one coin and a toll) leads nowhere but back to the start."""
    hands = {"Suns": {"Suns": 3}, "Moons": {"Moons": 6}, "Crowns": {"Crowns": 6}}
    s = position(TOLL_BOARD, TOLL_PAWNS, "Suns", hands=hands, options=THREE)
    assert s.legal_actions() == [Enter("Crowns-null"), Enter("Moons-null")]
    refused(s, Enter("Crowns-2"), "Step 1 Tolls")
    refused(s, Enter("Moons-ace"), "Step 1 Tolls")
    richer = position(TOLL_BOARD, TOLL_PAWNS, "Suns", hands=dict(hands, Suns={"Suns": 4}), options=THREE)
    assert Enter("Crowns-2") in richer.legal_actions()


#: Suns-4 (start) touches Moons-3 (east), Crowns-5 (north, the Crowns pawn) and
#: Moons-null (west, the Moons pawn), whose only other neighbour is Crowns-4.
DEATH_BOARD = {"Suns-4": (0, 0), "Moons-3": (4, 1), "Crowns-5": (-2, 4), "Moons-null": (-4, -2),
               "Crowns-4": (-8, -1), "Arms-ace": (8, 2)}
DEATH_PAWNS = {"Suns": "Suns-4", "Moons": "Moons-null", "Crowns": "Crowns-5", "Arms": "Arms-ace"}


def test_death_when_no_complete_move_is_affordable():
    """One Arms coin: Moons-3 and Crowns-5 cost 3 and 5; Moons-null is free but its toll
    would leave nothing to go on with.  The side dies, pays no toll, loses its coins."""
    hands = {"Suns": {"Arms": 1}, "Moons": {"Moons": 6}, "Crowns": {"Crowns": 6}, "Arms": {"Arms": 5}}
    s = position(DEATH_BOARD, DEATH_PAWNS, "Suns", hands=hands, dice={"Suns": "Arms-ace"})
    check_invariants(s)
    assert "Suns" in s.dead and "Suns" not in s.pawns and "Suns" not in s.dice
    assert s.lost == (6, 0, 0, 1) and s.hand("Suns") == {}
    assert s.hand("Moons") == {"Moons": 6}                 # no toll paid
    assert any("Step 1 Death" in t and "Suns" in t for t in texts(s))
    assert s.side == "Moons" and s.phase == "move"       # the next side plays


def test_a_coin_of_the_tiles_suit_keeps_the_pawn_alive():
    """With a Moons coin besides, Moons-3 is affordable: the only move is made at once
    (a single choice is taken automatically) and the pawn stops there."""
    hands = {"Suns": {"Arms": 1, "Moons": 1}, "Moons": {"Moons": 5}, "Crowns": {"Crowns": 6}, "Arms": {"Arms": 5}}
    s = position(DEATH_BOARD, DEATH_PAWNS, "Suns", hands=hands)
    assert "Suns" not in s.dead and s.pawns["Suns"] == "Moons-3"
    assert "the Suns pawn enters Moons-3, spending 1 Moons [Normal Play Step 1]" in texts(s)


def test_last_player_standing_wins():
    s = position(DEATH_BOARD, {"Suns": "Suns-4", "Moons": "Moons-null"}, "Suns",
                 hands={"Suns": {}, "Moons": {"Moons": 6}}, dead=("Crowns", "Arms"))
    assert s.is_terminal() and s.result().winners == (1,) and s.result().reason == "victory"
    refused(s, EndTurn(), "End of Game")


# -- Step 2: the double attack, the die marker, splits --------------------------------------------------
#: The rulebook's double attack: Moons-3 (now east of Suns-4) will be put down touching
#: Crowns-2 and Arms-4, with Moons-2 also touching Arms-4.
ATTACK_BOARD = {"Arms-4": (0, 0), "Moons-2": (4, 1), "Crowns-2": (1, 8), "Suns-null": (5, 9),
                "Suns-4": (6, 5), "Moons-3": (10, 6), "Arms-ace": (5, -3), "Suns-ace": (6, -7),
                "Crowns-ace": (10, -6), "Moons-ace": (14, -5)}
ATTACK_PAWNS = {"Moons": "Suns-4", "Suns": "Suns-ace", "Crowns": "Crowns-ace", "Arms": "Arms-ace"}


def test_double_attack_example():
    s = position(ATTACK_BOARD, ATTACK_PAWNS, "Moons")
    s = walk(s, "Suns-null")
    assert s.phase == "pick_up" and PickUp("Moons-3") in s.legal_actions()
    s = play(s, PickUp("Moons-3"))                      # one Moons coin, the only payment
    assert s.phase == "put_down" and s.spent() == {"Moons": 1}
    s = play(s, Place(-1, 4))
    events = texts(s)
    assert "Moons attacks Crowns-2: 3 against 2, the attack wins [Resolving Attacks]" in events
    assert "Moons attacks Arms-4: 5 against 4, the attack wins [Resolving Attacks]" in events
    assert s.hand("Moons") == {"Moons": 6, "Crowns": 1, "Arms": 1}
    assert s.hand("Crowns") == {"Crowns": 5} and s.hand("Arms") == {"Arms": 5}
    assert s.dice == {"Moons": "Moons-3"} and s.pos["Moons-3"] == (-1, 4)
    assert s.phase == "slide" and s.unspent == (0, 5, 1, 1)   # the coins won may be spent in Step 3


def test_attack_with_a_choice_of_coin_and_a_tie_that_holds():
    hands = {"Moons": {"Moons": 6}, "Suns": {"Suns": 6}, "Crowns": {"Crowns": 3, "Suns": 0, "Arms": 2},
             "Arms": {"Arms": 4}}
    board = dict(ATTACK_BOARD, **{"Arms-5": ATTACK_BOARD["Arms-4"]})
    del board["Arms-4"]
    s = position(board, ATTACK_PAWNS, "Moons", hands=hands)
    s = play(walk(s, "Suns-null"), PickUp("Moons-3"), Place(-1, 4))
    assert "Moons attacks Arms-5: 5 against 5, the defence holds [Resolving Attacks]" in texts(s)
    assert s.phase == "take_coin" and s.legal_actions() == [TakeCoin("Crowns"), TakeCoin("Arms")]
    refused(s, TakeCoin("Moons"), "Resolving Attacks")
    s = play(s, TakeCoin("Arms"))
    assert s.hand("Crowns") == {"Crowns": 3, "Arms": 1} and s.hand("Moons") == {"Moons": 6, "Arms": 1}


def test_die_marker_is_free_to_enter_fixes_its_tile_and_leaves_if_no_tile_moves():
    s = position(ATTACK_BOARD, ATTACK_PAWNS, "Moons", dice={"Moons": "Moons-3"})
    assert s.step_options()["Moons-3"] == {(): (None,)}             # Step 1 Dice Markers
    s = walk(s, "Suns-null")
    assert PickUp("Moons-3") not in s.legal_actions()
    refused(s, PickUp("Moons-3"), "Step 2.a")
    moved = play(s, PickUp("Moons-ace"))
    moved = play(moved, moved.legal_actions()[0])
    assert moved.dice["Moons"] == "Moons-ace"                        # the die follows the move
    kept = play(s, NoTileMove())
    assert "Moons" not in kept.dice
    assert any("[Step 2]" in t and "die leaves Moons-3" in t for t in texts(kept))


def test_put_down_may_not_touch_the_same_side_of_a_former_neighbour():
    s = position(ATTACK_BOARD, ATTACK_PAWNS, "Moons")
    s = play(walk(s, "Suns-null"), PickUp("Moons-3"))
    spots = {(a.x, a.y) for a in s.legal_actions()}
    for again in ((10, 7), (10, 4)):                                 # Suns-4's east side again
        assert again not in spots and B.placement_problem(s.pos, again, ignore=["Moons-3"]) is None
        e = refused(s, Place(*again), "Step 2.d")
        assert "same side of Suns-4" in e.reason
    assert (9, 1) in spots                                           # Suns-4's south side is fine


def test_ace_tiles_move_only_for_their_owner():
    s = position(ATTACK_BOARD, ATTACK_PAWNS, "Moons")
    s = walk(s, "Suns-null")
    assert PickUp("Moons-ace") in s.legal_actions()
    e = refused(s, PickUp("Crowns-ace"), "Step 2.a")
    assert "another player's ace" in e.reason


def test_pick_up_reading_for_tiles_touched_on_opposite_sides():
    """Suns-ace is touched on its north (Arms-ace) and east (Crowns-ace) sides, which meet
    at a corner; Crowns-ace on its west and east sides, opposite each other."""
    for opposite in (False, True):
        s = position(ATTACK_BOARD, dict(ATTACK_PAWNS, Suns="Suns-null", Moons="Suns-4"), "Suns",
                     options=DecayOptions(opposite_sides_movable=opposite))
        s = walk(s, "Crowns-2")
        assert s.layout().touched_sides("Suns-ace") == {"N", "E"}
        assert s.layout().touched_sides("Crowns-ace") == {"W", "E"}
        assert PickUp("Suns-ace") in s.legal_actions()
        assert "Suns-ace" in s.pick_up_options()
        assert ("Crowns-ace" in s.pick_up_options()) is False      # another player's ace
        assert s.layout().may_pick_up("Crowns-ace", opposite_counts_as_adjacent=opposite) is opposite


def test_pawn_rides_the_moved_tile_unless_the_option_fixes_it():
    s = position(ATTACK_BOARD, dict(ATTACK_PAWNS, Suns="Moons-3", Moons="Suns-4"), "Moons")
    s = walk(s, "Suns-null")
    assert PickUp("Moons-3") in s.legal_actions()
    s2 = play(s, PickUp("Moons-3"), Place(-1, 4))
    assert s2.pawns["Suns"] == "Moons-3" and s2.pos["Moons-3"] == (-1, 4)
    fixed = position(ATTACK_BOARD, dict(ATTACK_PAWNS, Suns="Moons-3", Moons="Suns-4"), "Moons",
                     options=DecayOptions(pawn_rides_moved_tile=False))
    fixed = walk(fixed, "Suns-null")
    assert PickUp("Moons-3") not in fixed.legal_actions()


#: A chain west to east: Crowns-3, Crowns-4, Moons-null (north of Crowns-4, touched on
#: its south and east sides), Suns-3, Suns-null, Suns-5.  Lifting Moons-null cuts it in two.
CHAIN = {"Crowns-3": (0, 0), "Crowns-4": (4, 1), "Moons-null": (5, 5), "Suns-3": (9, 6),
         "Suns-null": (13, 7), "Suns-5": (17, 8)}


def test_split_the_smaller_section_leaves_play_and_its_pawns_die():
    s = position(CHAIN, {"Suns": "Suns-5", "Moons": "Crowns-3", "Crowns": "Suns-3"}, "Suns",
                 options=DecayOptions(players=3))
    s = play(walk(s, "Suns-null"), PickUp("Moons-null"))
    s = play(s, Place(21, 9))                            # east of Suns-5: {Crowns-3, Crowns-4} is cut off
    assert "Crowns-3" in s.out and "Crowns-4" in s.out
    assert "Crowns-3" not in s.pos and "Crowns-4" not in s.pos and len(s.pos) == 4
    assert "Moons" in s.dead and s.lost[1] == 6
    assert any("Resolving a Split Game board" in t for t in texts(s))


def test_split_into_equal_sections_keeps_the_movers_section():
    """Moons-null goes west of Crowns-3: three tiles a side.  The mover's pawn is in the
    eastern section, which stays, though the moved tile is in the other one."""
    s = position(CHAIN, {"Suns": "Suns-5", "Moons": "Crowns-3", "Crowns": "Suns-3"}, "Suns",
                 options=DecayOptions(players=3))
    s = play(walk(s, "Suns-null"), PickUp("Moons-null"), Place(-4, 1))
    assert set(s.pos) == {"Suns-3", "Suns-null", "Suns-5"}
    assert "Moons" in s.dead and "Suns" not in s.dead and "Suns" not in s.dice   # the die left with the tile


def test_split_can_kill_the_mover():
    s = position(CHAIN, {"Suns": "Crowns-4", "Moons": "Suns-null", "Crowns": "Suns-5"}, "Suns",
                 options=DecayOptions(players=3))
    s = play(walk(s, "Crowns-3"), PickUp("Moons-null"), Place(21, 9))   # Crowns-3 costs three Suns
    assert "Suns" in s.dead and s.side == "Moons" and s.phase == "move"
    assert s.lost == (6, 0, 0, 0)


def test_one_touched_tile_touching_another_is_refused_by_board_creation_1b():
    """Three tiles can touch pairwise only if two of them share a whole edge, which a
    slide may leave behind: Suns-2 and Suns-3 here."""
    board = {"Suns-2": (0, 0), "Suns-3": (4, 0), "Moons-null": (8, 1), "Moons-ace": (12, 2),
             "Suns-ace": (2, -4), "Moons-2": (9, -3)}
    s = position(board, {"Suns": "Suns-ace", "Moons": "Moons-ace"}, "Suns",
                 options=DecayOptions(players=2), dead=("Crowns", "Arms"))
    s = play(walk(s, "Suns-2"), PickUp("Moons-2"))
    e = refused(s, Place(2, 4), "Board Creation 1.b")
    assert "touch each other" in e.reason


# -- Step 3 ------------------------------------------------------------------------------------------
#: Suns-3 is touched west (Moons-2), east (Crowns-2) and south (Suns-2); Suns-2 also
#: reaches Crowns-2 through Moons-null and Crowns-null, so Suns-3 may slide north.
SLIDE_BOARD = {"Suns-3": (0, 0), "Moons-2": (-4, 1), "Crowns-2": (4, -1), "Suns-2": (-2, -4),
               "Moons-null": (2, -7), "Crowns-null": (6, -5)}


def test_slide_toward_the_open_side_stops_and_costs_a_coin():
    pawns = {"Suns": "Crowns-null", "Moons": "Moons-2", "Crowns": "Crowns-2"}
    s = position(SLIDE_BOARD, pawns, "Suns", options=DecayOptions(players=3))
    s = walk(s, "Moons-null")
    if s.phase == "pick_up":
        s = play(s, NoTileMove())
    assert s.phase == "slide" and Slide("Suns-3") in s.legal_actions()
    assert s.slide_options()["Suns-3"] == [(1, (0, 1)), (2, (0, 2))]
    refused(s, Slide("Moons-2"), "Step 3 - Slide Tiles")
    s = play(s, Slide("Suns-3"))
    assert s.legal_actions() == [SlideTo(0, 1), SlideTo(0, 2)]
    refused(s, SlideTo(0, 3), "Step 3 - Slide Tiles")
    s = play(s, SlideTo(0, 2))
    assert s.pos["Suns-3"] == (0, 2) and "Suns" not in s.dice        # no die for a slide
    assert "Suns slides Suns-3 to ½ N, spending 1 Suns [Step 3 - Slide Tiles]" in texts(s)
    # nothing else can slide now, so the turn ends by itself and the coins come back
    assert "Suns takes back the coins it spent [End of turn]" in texts(s)
    assert s.side == "Moons" and s.hand("Suns") == {"Suns": 6}


def test_slide_forbidden_with_a_pawn_and_whole_edges_by_option():
    pawns = {"Suns": "Crowns-null", "Moons": "Suns-3", "Crowns": "Crowns-2"}
    s = position(SLIDE_BOARD, pawns, "Suns", options=DecayOptions(players=3))
    s = walk(s, "Moons-null")
    if s.phase == "pick_up":
        s = play(s, NoTileMove())
    if s.phase == "slide":
        assert Slide("Suns-3") not in s.legal_actions()
        refused(s, Slide("Suns-3"), "Step 3 - Slide Tiles")
    strict = position(SLIDE_BOARD, dict(pawns, Moons="Moons-2"), "Suns",
                      options=DecayOptions(players=3, slide_may_share_whole_edge=False))
    assert strict.slide_options()["Suns-3"] == [(2, (0, 2))]     # (0, 1) lines up with Moons-2


# -- the two-player variant, observation, the geometry index -------------------------------------------
def test_two_player_variant_alternates_players_and_suits():
    """Read the turn order off the events: players alternate while both have a suit,
    and a player's two suits alternate while both live."""
    state = new_game(DecayOptions(players=2))
    assert (state.suits_of(0), state.suits_of(1)) == (("Suns", "Crowns"), ("Moons", "Arms"))
    checked = 0
    for seed in range(6):
        record, _ = random_playout("decay", {"players": 2, "round_cap": 40}, seed=seed)
        alive, last, last_of_seat = {"Suns", "Moons", "Crowns", "Arms"}, None, {}
        for st in record.states():
            for e in st.events:
                words = e.text.split()
                if " is out: " in e.text:
                    alive.discard(words[0])
                if not (" to play (round " in e.text or "cannot pay for any complete move" in e.text):
                    continue
                side, seat = words[0], st.seat_of(words[0])
                seats_alive = {st.seat_of(x) for x in alive}
                if last is not None and len(seats_alive) == 2:
                    assert seat != st.seat_of(last), (seed, last, side)
                mine = [x for x in st.suits_of(seat) if x in alive]
                if len(mine) == 2 and seat in last_of_seat:
                    assert side != last_of_seat[seat], (seed, side)
                last, last_of_seat[seat] = side, side
                checked += 1
    assert checked > 50


def test_observation_is_open_and_plain():
    s = position(ATTACK_BOARD, ATTACK_PAWNS, "Moons")
    view = s.observation(None)
    assert view["side"] == "Moons" and {t["tile"] for t in view["tiles"]} == set(ATTACK_BOARD)
    for seat in range(4):
        assert {**s.observation(seat), "viewer": None} == view
    moons = next(x for x in view["sides"] if x["suit"] == "Moons")
    assert moons["hand"] == {"Moons": 6} and moons["pawn"] == "Suns-4" and moons["unspent"] == {"Moons": 6}


def test_layout_answers_like_the_plain_board_functions():
    rng = random.Random(0)
    checked = 0
    for seed in range(6):
        record, _ = random_playout("decay", {"round_cap": 20, "players": 2 + seed % 3}, seed=seed)
        states = record.states()
        for s in rng.sample(states, 8):
            if len(s.pos) < 2:
                continue
            lay = B.Layout(s.pos)
            assert {frozenset(c) for c in lay.components()} == {frozenset(c) for c in B.components(s.pos)}
            for name in s.pos:
                assert lay.nbrs[name] == B.contacts(s.pos, name)
                assert lay.may_pick_up(name) == B.may_pick_up(s.pos, name)
                assert lay.slide_stops(name) == B.slide_stops(s.pos, name)
            name = rng.choice(sorted(s.pos))
            assert lay.legal_placements() == B.legal_placements(s.pos)
            assert lay.legal_placements(ignore=name) == B.legal_placements(s.pos, ignore=[name])
            checked += 1
    assert checked > 20


# -- whole games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner_or_the_cap(players):
    reasons = []
    for seed in range(12):
        _, final = random_playout("decay", {"players": players, "round_cap": 60}, seed=seed,
                                  on_state=check_invariants)
        assert final.is_terminal()
        reasons.append(final.result().reason)
        if final.result().reason == "victory":
            (winner,) = final.result().winners
            assert any(final.alive(x) for x in final.suits_of(winner))
    assert set(reasons) <= {"victory", "cap", "all killed"} and reasons.count("victory") >= 6


def test_payments_list_what_entry_payments_lists_in_its_order():
    # the rules' cached payment lists are a faster path to reckoning.entry_payments
    from explorer.games.decay import pieces as P
    from explorer.games.decay.reckoning import entry_payments
    rng = random.Random(3)
    for _ in range(3000):
        tile = rng.choice(sorted(P.TILE_SUIT))
        hand = tuple(rng.randrange(7) for _ in range(4))
        has_die, dominated = rng.random() < 0.2, rng.random() < 0.5
        suit = P.TILE_SUIT[tile]
        expected = [p for p in entry_payments(tile, P._hand_dict(hand), has_die=has_die)
                    if dominated or len(p) <= 1 or suit not in p]
        assert P._payments(tile, has_die, hand, dominated) == tuple(expected), (tile, hand, has_die, dominated)


def test_a_toll_leaves_the_hand_less_one_coin_of_its_suit():
    # Step 1 Tolls: ONE_LESS lists the coins a hand may give and what each leaves
    import itertools
    from explorer.games.decay import pieces as P
    for hand in itertools.product(range(7), repeat=4):
        assert P.ONE_LESS[hand] == tuple((suit, P._minus(hand, (suit,)))
                                         for suit in P.SUITS if suit in P._coins_list(hand))


def test_layouts_carried_along_a_game_equal_fresh_ones():
    # A state's Layout is made from the previous one (a tile placed, moved, slid or a
    # section removed), carrying the legal spots and the touched sides over: they must
    # equal what a Layout built from the positions alone says.
    checked = 0
    for seed in range(4):
        def check(s):
            nonlocal checked
            lay = s.__dict__.get("_lay")
            if lay is None or lay.pos is not s.pos:
                return
            fresh = B.Layout(s.pos)
            assert (lay.corner, lay.cell, lay.nbrs) == (fresh.corner, fresh.cell, fresh.nbrs)
            if lay.legal is not None:
                assert lay.legal.keys() == fresh.legal_keys()
            if lay.sides is not None:
                assert lay.sides == fresh._sides()
                checked += 1
        random_playout("decay", {"round_cap": 20, "players": 2 + seed % 3}, seed=seed, on_state=check)
    assert checked > 200


def test_layout_built_tile_by_tile_keeps_the_legal_placements_right():
    rng = random.Random(5)
    for _ in range(5):
        lay = B.Layout({"Suns-2": (0, 0)})
        lay.legal_placements()
        for k in range(17):
            spot = rng.choice(lay.legal_placements())
            lay = lay.with_tile(f"tile {k}", spot)
            assert lay.legal_placements() == B.legal_placements(lay.pos)
            assert lay.nbrs == B.Layout(lay.pos).nbrs


@pytest.mark.parametrize("options", [{}, {"players": 2, "coins": 2},
                                     {"players": 3, "offer_dominated_payments": True, "slide_cost": 2,
                                      "pawn_rides_moved_tile": False}])
def test_the_legal_lists_the_handlers_keep_are_the_ones_the_rules_list_afresh(options):
    # For speed, Step 1's handlers store the next step's legal list themselves and a
    # state keeps tables across copies (the turn's walk, the other pawns, the board's
    # Layout): at every decision, the stored list must be what _compute_legal lists on a
    # copy without any of them, and Step 1's lists must read like step_options().
    checked = 0
    for seed in range(6):
        s, rng = new_game(DecayOptions(**options, round_cap=25)), random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s = s.apply(s.sample_chance(rng))
                continue
            acts = list(s.legal_actions())
            if s.phase in STEP1_PHASES:
                # Step 1's handlers read the turn's table the state carries: it is the one
                # walk() would keep for this state, made for the pawns there now
                w = s._s1
                assert w is not None and move_pawn.walk(s) is w and w.occupied == s.others_at(), (options, seed)
            for bare in (False, True):
                c = s._copy()
                del c._ev
                if bare:
                    for k in ("_s1", "_others", "_lay", "_dt"):
                        c.__dict__.pop(k, None)
                assert list(c._compute_legal()) == acts, (options, seed, s.phase)
                if s.phase == "move":
                    assert [a.tile for a in acts if isinstance(a, Enter)] == sorted(c.step_options())
                    assert isinstance(acts[-1], StopMoving) == c.may_stop()
                elif s.phase == "pay_move":
                    assert [a.coins for a in acts] == list(c.step_options()[c.pend["enter"]])
            checked += 1
            s = s.apply(acts[rng.randrange(len(acts))])
    assert checked > 300


def _same_as_fresh(lay, pos):
    """The Layout indexes ``pos`` as a Layout made from scratch does."""
    fresh = B.Layout(dict(pos))
    assert lay.pos == pos and lay.corner == fresh.corner and lay.cell == fresh.cell
    assert lay.nbrs == fresh.nbrs
    if lay.sides is not None:
        assert lay.sides == fresh._sides()
    if lay.legal is not None:
        assert lay.legal.keys() == fresh.legal_keys()


@pytest.mark.parametrize("options", [{}, {"players": 3},
                                     {"opposite_sides_movable": True, "pawn_rides_moved_tile": False},
                                     {"slide_cost": 1, "coins": 6}])
def test_a_playouts_own_board_changed_in_place_indexes_its_positions(options):
    # A random playout advancing its state in place changes the Layouts it made itself in
    # place (tiles placed, put down, slid, sections removed): stopped anywhere, the
    # state's Layout must index the state's positions as a fresh one does.
    changed = 0
    o = DecayOptions(**options)
    for seed in range(4):
        for limit in (30, 60, 90, 150, None):
            _, s = random_playout("decay", o, seed=seed, max_actions=limit)
            if s.pos:
                lay = s._lay
                assert lay.pos is s.pos
                _same_as_fresh(lay, s.pos)
                changed += lay.own is not None
    assert changed > 10      # the playouts did make their own Layouts


def test_a_playout_never_changes_a_board_another_state_shares():
    # A state copied from another shares its Layout; a playout advancing the copy in place
    # must copy that Layout before changing it, and the board it made itself is nobody
    # else's: the states left behind keep boards that index their own positions.
    o = DecayOptions()
    for seed in range(6):
        _, start = random_playout("decay", o, seed=seed, max_actions=45 + 7 * seed)
        assert start.current_player >= 0
        kept = start.apply(start.legal_actions()[0])
        board, before = kept.layout(), dict(kept.pos)
        twin = kept._copy()
        assert twin._lay is board
        _advance_uniformly(twin, random.Random(seed), [], None)
        assert twin.is_terminal() and twin._lay is not board
        assert kept.pos == before and board.pos is kept.pos
        _same_as_fresh(board, kept.pos)
        _same_as_fresh(start.layout(), start.pos)
