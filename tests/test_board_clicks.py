"""The click plumbing of the boards, without a browser (the browser's side: test_browser_clicks.py):
what is drawn over a ringed target passes its click to it, and a click on nothing says so."""
from __future__ import annotations

import random

from explorer.views import sands_of_time, take_off_eh


def click(mark, index):
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


def _walk_until(view, found, steps=300, seed=4):
    """Play the person's choices at random until ``found(view)`` holds; True if it did."""
    ex, rng = view.explorer, random.Random(seed)
    for _ in range(steps):
        if found(view):
            return True
        legal = ex.legal_here()
        if not legal:
            return False
        ex.play_action(rng.choice(legal))
    return False


def test_the_sands_capital_cross_and_name_take_the_click_for_their_ringed_territory():
    view = sands_of_time.play_game(seed=3)
    board = view.explorer.board

    def capital_ringed(v):
        return any(k in v.explorer.highlights() and v.explorer.board.action_for(v.explorer.state, k) is not None
                   for k in v.explorer.board._capital_keys)

    assert _walk_until(view, capital_ringed), "no step rings a capital's territory"
    ex = view.explorer
    i = next(i for i, k in enumerate(board._capital_keys)
             if k in ex.highlights() and board.action_for(ex.state, k) is not None)
    key = board._capital_keys[i]
    n = len(ex.timeline)
    click(board.capital_marks, i)                      # the cross on the disc
    assert len(ex.timeline) > n, f"a click on the capital's cross did not play {key}: {ex.message.value}"
    assert board.key_of(ex.timeline.state_at(n), ex.timeline.actions[n]) == key
    # the name's click squares stand for its territory
    assert board._label_keys and set(board._label_keys) <= {("territory", t) for t in board.names}
    assert len(board._label_keys) == len(board.label_click.x)


def test_take_off_eh_pieces_on_a_ringed_province_pass_their_click_and_a_click_on_nothing_says_so():
    view = take_off_eh.play_game(seed=3)
    ex, board = view.explorer, view.explorer.board

    def coin_on_ringed_province(v):
        ringed = v.explorer.highlights()
        return any(k and k[0] == "coin" and k not in ringed and v.explorer.board.beneath(k) in ringed
                   for k in v.explorer.board._coin_keys)

    assert _walk_until(view, coin_on_ringed_province), "no step rings a province with a coin on it"
    ringed = ex.highlights()
    i = next(i for i, k in enumerate(board._coin_keys)
             if k and k[0] == "coin" and k not in ringed and board.beneath(k) in ringed)
    province = board.beneath(board._coin_keys[i])
    assert ex.resolve(board._coin_keys[i]) == province
    # a coin of no board element (a bribe, pork) means nothing and says so
    board._emit(None)
    assert "Nothing to do there" in ex.message.value
