"""The Sands of Time's advances as the rules apply them: Bread and circus caps Unrest at 5 even when
reached above it, the end-game symbol bonus counts Ornamentation in the last Dynasty, and a data
folder whose advance names the rules do not know is refused (Advances, Game End)."""
from __future__ import annotations

import pytest

from explorer.games.sands_of_time import check_invariants
from explorer.games.sands_of_time import empire as E
from explorer.games.sands_of_time.actions import Advance

from test_sands_of_time_rules import first_select, position, seat_in, turn_at


@pytest.mark.parametrize("unrest", [6, 7])
def test_bread_and_circus_reached_above_five_brings_unrest_down_to_five(unrest):
    """Advances: with Bread and circus Unrest cannot exceed 5; reached at 6 or 7, it drops to 5 and
    stays there (no VP lost for the next rise, which is not a step above the maximum 7)."""
    s = first_select()
    tree = "Civil 1"
    s = position(turn_at(s, "Advance"), phase_="advance", unrest=(unrest, 3), heritage=((9, 0, 0), (0, 0, 0)),
                 trees={**s.trees, tree: s.trees[tree] + ("Public works", "Bread and circus")},
                 markers=({tree: 2, "Civil 2": 0}, s.markers[1]), vp=(4, 4))
    assert Advance(tree) in s.legal_actions()
    t = s.apply(Advance(tree))
    assert E.has(t, 0, "Bread and circus") and t.unrest[0] == 5
    assert any("drops to 5" in e.text for e in t.events)
    check_invariants(t)
    u = position(t, _ev=[])
    assert E.raise_unrest(u, 0, 1) == 0 and u.unrest[0] == 5 and u.vp[0] == 4
    before = s.apply(Advance("Civil 2"))                  # Ornamentation: Unrest is left alone
    assert before.unrest[0] == unrest
