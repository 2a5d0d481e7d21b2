"""Conspiracy, Take Actions 5.b.vii: the chain reaction sets off only from the new reveal.

The design note under 5.c.iv counts on an attacked coin, flipped back to its number
side, costing an action to reveal again.  So by default a reveal elsewhere on the board
does not turn it up for free; the whole-board reading is the rule option
``chain_whole_board``.  The views' preview (``chain_preview``) is the computation the
reveal applies, so they agree under both readings.
"""
from __future__ import annotations

import pytest

from explorer.games.conspiracy import ConspiracyOptions
from explorer.games.conspiracy.actions import (Cell, Choose, CoinFromHand, Flip, Give, GiveTo,
                                               NoNewTile, Target)

from test_conspiracy_examples import B, C, D, staged

# Middle column, Future 1: X (a 3) is symbol side up, pointed at by two symbol-side-up
# coins.  Left column, Future 1: Z (a 2) points at Y (a 2), so Y may be revealed; Y
# points into the Present row, at no coin, so its reveal sets nothing off.
X, Y = (2, 2), (0, 2)
ATTACK_TILES = {(0, 1): ("Suns-3", False, B), (1, 1): ("Moons-4", False, C)}
ATTACK_COINS = {
    X: ("Crowns-3", "N", True, B),
    (2, 3): ("Crowns-4", "N", True, C),      # points at X
    (3, 3): ("Moons-2", "NW", True, D),      # points at X
    Y: ("Arms-2", "N", False, B),
    (0, 3): ("Suns-2", "N", False, C),       # points at Y: equal value, Y may be revealed
}


def play(state, *actions):
    """Apply the actions in turn; a step the engine took by itself (its only choice) is
    passed over."""
    for a in actions:
        if type(a) in {type(x) for x in state.legal_actions()}:
            state = state.apply(a)
        else:
            assert isinstance(a, (NoNewTile, Give, Cell, CoinFromHand)), (a, state.phase)
    return state


def attack_then_reveal_elsewhere(whole_board: bool):
    s = staged(tiles=ATTACK_TILES, coins=ATTACK_COINS, hand=("Arms-4", "Moons-5", "Suns-4"))
    s.options = ConspiracyOptions(chain_whole_board=whole_board)
    s = play(s, Choose("attack"), Target(*X), Give("Moons-5"), GiveTo(B), NoNewTile(),
             CoinFromHand("Arms-4"), Cell(3, 2), Flip())
    assert not s.coins[X].symbol_up, "the attack flips X back to its number side"
    assert s.phase == "action" and s.ap == 1
    preview = s.chain_preview(Y)
    s = play(s, Choose("reveal_coin"), Target(*Y), Give("Suns-4"), GiveTo(C))
    assert s.coins[Y].symbol_up
    return s, preview


def test_a_reveal_does_not_re_reveal_an_attacked_coin_it_does_not_point_at():
    s, preview = attack_then_reveal_elsewhere(whole_board=False)
    assert not s.coins[X].symbol_up, "an unrelated reveal turned the attacked coin up for free"
    assert preview == []
    assert not [e for e in s.events if e.rule.section == "Take Actions 5.b.vii"]


def test_whole_board_reading_is_a_rule_option():
    s, preview = attack_then_reveal_elsewhere(whole_board=True)
    assert s.coins[X].symbol_up
    assert preview == [X]
    chain = [e.text for e in s.events if e.rule.section == "Take Actions 5.b.vii"]
    assert len(chain) == 1 and "Crowns 3" in chain[0]


# R (a 3, supported by Q, a 3) points at T, which S (symbol side up) also points at; T
# points at U, which V (symbol side up) also points at.  Revealing R turns T, then U.
R, T, U = (0, 3), (1, 3), (2, 3)
CHAIN_TILES = {(0, 1): ("Suns-3", False, B), (0, 2): ("Arms-2", False, C), (1, 1): ("Moons-4", False, D)}
CHAIN_COINS = {
    (0, 4): ("Suns-3", "N", False, B),       # Q, supports R
    R: ("Moons-3", "E", False, C),
    (1, 2): ("Arms-ace", "S", True, D),      # S, points at T
    T: ("Crowns-5", "E", False, B),
    (3, 3): ("Moons-4", "W", True, C),       # V, points at U
    U: ("Arms-4", "N", False, D),
}


@pytest.mark.parametrize("whole_board", [False, True])
def test_the_chain_follows_the_coins_the_reveal_sets_off(whole_board):
    s = staged(tiles=CHAIN_TILES, coins=CHAIN_COINS, hand=("Suns-4",))
    s.options = ConspiracyOptions(chain_whole_board=whole_board)
    assert s.chain_preview(R) == [T, U]
    s = play(s, Choose("reveal_coin"), Target(*R), Give("Suns-4"), GiveTo(B))
    assert all(s.coins[c].symbol_up for c in (R, T, U))
    chain = [e.text for e in s.events if e.rule.section == "Take Actions 5.b.vii"]
    assert len(chain) == 2 and "Crowns 5" in chain[0] and "Arms 4" in chain[1]


def test_the_option_defaults_to_the_chain_from_the_reveal():
    assert ConspiracyOptions().chain_whole_board is False
