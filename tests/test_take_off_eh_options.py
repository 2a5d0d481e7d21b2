"""Take Off, Eh!'s rule options for two readings of the rulebook (the package's Interpretations 5
and 6): whether a tourism boom scores the Queen's province, and where the players who paid no
bribe join the completion order.  Each is played through the engine both ways."""
from __future__ import annotations

from dataclasses import replace

import pytest

from explorer.engine import OptionsError, get_game, random_playout
from explorer.games.take_off_eh.actions import Agenda, Enact, Order
from explorer.games.take_off_eh.rounds import completion_order
from explorer.games.take_off_eh.rules import TakeOffEhOptions

GAME = get_game("take_off_eh")


def test_the_options_refuse_other_readings():
    for bad in ({"boom_queen": "sometimes"}, {"unpaid_after": "first payer"}, {"boom_queen": True}):
        with pytest.raises(OptionsError):
            TakeOffEhOptions(**bad)


# -- unpaid_after ------------------------------------------------------------------------------------------

def test_players_who_paid_no_bribe_follow_the_lowest_payer_or_the_last_to_pay():
    bribes = (("fall", 3), None, ("suns", 5), None)
    assert completion_order(bribes, 0) == (2, 0, 1, 3)
    assert completion_order(bribes, 0, "last to pay") == (2, 0, 3, 1)
    # nobody paid: clockwise from the round's first player, either way
    for option in ("lowest payer", "last to pay"):
        assert completion_order((None,) * 4, 2, option) == (2, 3, 0, 1)
        assert completion_order((("arms", 1), ("suns", 0), ("fall", 4)), 1, option) == (2, 0, 1)
    # seat 3 pays last in the bribery from seat 1 (1, 2, 3, 4, 0), seat 1 pays least
    bribes = (None, ("fall", 0), None, ("suns", 2), None)
    assert completion_order(bribes, 1) == (3, 1, 2, 4, 0)
    assert completion_order(bribes, 1, "last to pay") == (3, 1, 4, 0, 2)


def _orders(options, seeds):
    """(bribes, first, order) of every completion order the engine set in random games."""
    out = []
    for seed in seeds:
        states = []
        random_playout("take_off_eh", options, seed=seed, on_state=states.append)
        for before, s in zip(states, states[1:], strict=False):
            if s.order and not before.order:
                out.append((s.bribes, before.first, s.order))
    return out


@pytest.mark.parametrize("option", ["lowest payer", "last to pay"])
def test_the_engine_sets_the_completion_order_the_option_reads(option):
    rounds = _orders({"players": 6, "unpaid_after": option}, range(12))
    unpaid = [r for r in rounds if None in r[0]]
    assert unpaid, "some rounds have players who paid no bribe"
    for bribes, first, order in rounds:
        assert order == completion_order(bribes, first, option)
    other = "last to pay" if option == "lowest payer" else "lowest payer"
    assert any(order != completion_order(bribes, first, other) for bribes, first, order in unpaid)


# -- boom_queen --------------------------------------------------------------------------------------------

def _boom_at_the_queen():
    """A completion turn about to enact a tourism boom of the value of the Queen's province, where
    player coins lie."""
    for seed in range(60):
        states = []
        random_playout("take_off_eh", {}, seed=seed, on_state=states.append)
        for s in states:
            if s.phase != "choose" or not s.on[s.queen]:
                continue
            tile = ("fall", s.tiles[s.queen][1])
            if tile[1] == 0 or tile not in s.stack or not {c[0] for c in s.on[s.queen]} & set(s.suits):
                continue
            t = s._copy()
            del t._ev
            t.events = ()
            t.stack = tuple(x for x in t.stack if x != tile)
            t.agenda = tuple(sorted(t.agenda + (tile,)))
            return t, tile
    raise AssertionError("no position found")


def test_a_tourism_boom_scores_the_queens_province_only_with_the_option():
    state, tile = _boom_at_the_queen()
    queen = state.queen
    got = {}
    for option in ("not scored", "scored"):
        s = state._copy()
        s.options = replace(state.options, boom_queen=option)
        s = s.apply(Agenda.of(*tile)).apply(Order.of("enact")).apply(Enact.of(True))
        units = {u: rows for u, _, rows in s.last_scoring}
        got[option] = (s.scores, units)
        assert (queen in units) == (option == "scored")
        assert s.on[queen] == state.on[queen]      # coins stay where they are
    (before, plain), (after, scored) = got["not scored"], got["scored"]
    # the only difference is the Queen's province, scored with her bonus for its top suit
    assert {u: r for u, r in scored.items() if u != queen} == plain
    gained = [after[q] - before[q] for q in range(state.players)]
    assert gained == [pts for _, pts, _ in scored[queen]]
    assert any("Queen" in w for _, pts, why in scored[queen] if pts for w in why)
