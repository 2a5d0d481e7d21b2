"""The Conspiracy board view draws each coin's visible face on the coin, its pointer tab clear of
the face and of the tile's middle, a face-down tile's face only to a view that may know it, and
rings round the places to click (issue 33: a learner reads values and suits at a glance)."""
import pytest

from explorer.engine import Timeline
from explorer.engine.playout import random_playout
from explorer.games.conspiracy import board as B
from explorer.views.conspiracy import (COIN_R, NUMBER_SIDE, TIP_R, ConspiracyBoard, pointer_tab)
from explorer.views.style import SUIT_SYMBOL


def _hidden_from_each_seat(st) -> bool:
    return all(any(not c.symbol_up and not c.suit_seen and c.placed_by != q for c in st.coins.values())
               for q in range(st.players))


@pytest.fixture(scope="module")
def late_state():
    """A position with coins on both sides and, for every seat, a coin whose suit it cannot see
    (a random game's last step)."""
    rec, _ = random_playout("conspiracy", {"round_cap": 30}, seed=0, max_actions=900)
    tl = Timeline(rec)
    tl.last()
    assert any(c.symbol_up for c in tl.state.coins.values()) and _hidden_from_each_seat(tl.state)
    return tl.state


def _drawn(state, viewer):
    board = ConspiracyBoard(columns=state.options.columns)
    board.draw(state, state.observation(viewer), [])
    return board


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_each_coin_shows_its_face_on_the_coin_and_no_suit_the_view_may_not_know(late_state, viewer):
    st = late_state
    board = _drawn(st, viewer)
    coins = [c for c in st.observation(viewer)["coins"] if c["y"] < 2 * board.max_rows]
    faces = dict(zip(zip(board.coin_faces.x, board.coin_faces.y, strict=False), board.coin_faces.text, strict=False))
    assert len(faces) == len(coins) == len(board.coin_marks.x)
    hidden_suits = 0
    for c in coins:
        face = faces[(c["x"] + 0.5, c["y"] + 0.5)]        # written at the disc's centre
        spot = st.coins[(c["x"], c["y"])]
        suit = spot.name.rpartition("-")[0]
        value = {"null": "0", "ace": "A"}.get(c["value"], c["value"])
        if spot.symbol_up:
            assert face == SUIT_SYMBOL[suit]
        elif c["suit"] is None:
            hidden_suits += 1
            assert face == value, f"a coin whose suit {viewer} may not see reads {face!r}"
        else:
            assert face == SUIT_SYMBOL[suit] + value
    if viewer is None:
        assert hidden_suits == 0
    else:
        assert hidden_suits > 0, "the position should have a number-side-up coin this seat cannot place"
    # the number side is light and the symbol side in its suit's colour
    fills = list(board.coin_marks.fill_colors)
    assert fills.count(NUMBER_SIDE) == sum(1 for c in coins if c["side"] == "number")


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_a_face_down_tile_is_named_only_to_a_view_that_knows_it(late_state, viewer):
    st = late_state
    board = _drawn(st, viewer)
    named = [t for t in st.observation(viewer)["tiles"] if not t["face_up"] and t["tile"]]
    shown = [t for t in board.known_labels.text if t] if board.known_labels.visible else []
    assert len(shown) == len(named)
    for x, y, _text in zip(board.known_labels.x, board.known_labels.y, shown, strict=False):
        spot = st.tiles[(int(x) // 2, int(y) // 2)]
        assert not spot.face_up and (viewer is None or spot.placed_by == viewer or spot.seen)
        assert (x, y) == (2 * (int(x) // 2) + 1, 2 * (int(y) // 2) + 1)       # in the tile's middle
    # the face-up tiles' labels are separate, one per face-up tile
    assert len([t for t in board.tile_labels.text if t]) == sum(s.face_up for s in st.tiles.values()
                                                               if s is not None)


def test_pointer_tabs_stay_in_their_cell_and_out_of_the_tiles_middle():
    """Every tab's tip shows beyond the disc, stays in its cell (short of a neighbour's disc) and
    off the box in the tile's middle where a face-down tile's face is written."""
    for cx in (0, 1):
        for cy in (0, 1):
            x, y = cx + 0.5, cy + 0.5                 # a coin in one of a tile's four cells (tile at 0..2)
            for name, dx, dy in B.DIRECTIONS:
                xs, ys = pointer_tab(x, y, name)
                tip = max(zip(xs, ys, strict=False), key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
                d = ((tip[0] - x) ** 2 + (tip[1] - y) ** 2) ** 0.5
                assert COIN_R < d <= TIP_R <= 0.5, (name, d)
                assert (tip[0] - x) * dx >= 0 and (tip[1] - y) * dy >= 0, f"{name}: the tab points elsewhere"
                for px, py in zip(xs, ys, strict=False):
                    assert not (abs(px - 1) < 0.2 and abs(py - 1) < 0.13), (cx, cy, name, px, py)


def test_places_to_click_are_ringed_and_tinted(late_state):
    st = late_state
    board = _drawn(st, None)
    assert not board.rings.visible and not board.targets.visible
    keys = [("cell", c[0], c[1]) for c in list(st.coins)[:3]] + [("tile", 0, 0)]
    board.draw(st, st.observation(None), keys)
    assert board.rings.visible and board.targets.visible
    assert len(board.rings.x) == len(board.targets.x) == len(keys) == len(board._target_keys)
    marks = board.figure.marks
    # rings lie under the coins (the face and tab stay readable); the clickable tint is on top
    assert marks.index(board.rings) < marks.index(board.coin_marks) < marks.index(board.coin_faces)
    assert marks[-1] is board.targets and max(board.targets.opacities) <= 0.4
