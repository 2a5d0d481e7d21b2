"""The Sands of Time's map keeps its labels readable late in a game (issue 33 follow-up): no
territory name or citizens' line over another label or over a disc, at every step of seeded 3- and
4-player games and at every Sands exercise position, on the label boxes the view computes
(explorer/views/sands_of_time_labels.py: estimated text extents at the reference width)."""
import random

import pytest

from explorer.engine.exercises import exercises
from explorer.engine.registry import get_game
from explorer.views import sands_of_time_labels as L
from explorer.views.sands_of_time import SandsBoard


@pytest.fixture(scope="module")
def board():
    return SandsBoard()


def _check(board, state, viewer=None) -> list[str]:
    obs = state.observation(viewer)
    board.draw(state, obs, set())
    found = L.problems(board.label_boxes, board.discs)
    # every territory has its name first and says all it said on one line, regrouped only
    for t, boxes in board.label_boxes.items():
        assert boxes[0].text == t
        info = obs["territories"].get(t)
        words = sorted(w for b in boxes[1:] for w in b.text.split())
        if info is None:
            assert words == []
        else:
            assert f"{'C' if info['resource'] == 'Crops' else 'G'}{info['capacity']}" in words
            assert len([w for w in words if ":" in w]) == len(info["citizens"])
    return found


@pytest.mark.slow
@pytest.mark.parametrize("players, seed", [(3, 0), (4, 0), (4, 3)])
def test_no_label_over_a_label_or_a_disc_in_a_whole_game(board, players, seed):
    g = get_game("sands_of_time")
    state, rng, step, bad = g.initial_state({"players": players}), random.Random(seed), 0, []
    while not state.is_terminal():
        if state.is_chance_node():
            a = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
        state = state.apply(a)
        step += 1
        found = _check(board, state)
        if found:
            bad.append((step, found[:3]))
    assert step > 300                      # a whole game, into its last Dynasty
    assert state.observation(None)["dynasty"] >= 3
    assert bad == [], f"{len(bad)} steps with labels over labels or discs, e.g. {bad[:2]}"


def test_every_exercise_position_is_clear(board):
    bad = {}
    for ex in exercises("sands_of_time"):
        found = _check(board, ex.state(), ex.viewer)
        if found:
            bad[ex.key] = found[:3]
    assert bad == {}


def test_the_marks_are_drawn_where_the_boxes_are(board):
    g = get_game("sands_of_time")
    state, rng = g.initial_state({"players": 4}), random.Random(3)
    for _ in range(400):
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    board.draw(state, state.observation(None), set())
    sx, sy = L.scales()
    names = board.name_marks
    for t, x, y in zip(board.names, names.x, names.y, strict=False):
        box = board.label_boxes[t][0]
        px, py = (x + 19.0) * sx, (57.5 - y) * sy
        assert box.x0 < px < box.x1 and box.y0 < py < box.y1, t
    lines = [b for t in board.names for b in board.label_boxes[t][1:]]
    assert list(board.citizen_marks.text) == [b.text for b in lines]
    assert len(lines) > len(board.names) // 2          # late in a game most territories are held
    for b, x, y in zip(lines, board.citizen_marks.x, board.citizen_marks.y, strict=False):
        px, py = (x + 19.0) * sx, (57.5 - y) * sy
        assert b.x0 < px < b.x1 and b.y0 < py < b.y1, b.text


def test_the_check_finds_a_collision():
    a, b = L.Box(0, 0, 50, 14, "Italia"), L.Box(40, 5, 90, 19, "C4 P1:2/0")
    assert L.problems({"Italia": [a], "Illyria": [b]}, {}) == ["Italia's 'Italia' over Illyria's 'C4 P1:2/0'"]
    assert L.problems({"Italia": [a]}, {"Sicilia": (25, 20, 10)}) == ["Italia's 'Italia' over Sicilia's disc"]
    assert L.problems({"Italia": [a]}, {"Sicilia": (25, 40, 10)}) == []


def test_a_long_line_is_split_and_its_width_grows_with_its_text():
    assert L.text_width("P1:5/2 P2:1/0", 11) > L.text_width("P1:5/2", 11) > 0
    splits = L._splits("G4 P1:5/2 P2:1/0 P3:1/0 [QI]")
    assert splits[0] == ["G4 P1:5/2 P2:1/0 P3:1/0 [QI]"]
    assert ["G4 [QI]", "P1:5/2", "P2:1/0", "P3:1/0"] in splits


def test_a_label_keeps_off_a_caravan_where_it_can():
    pos = {"Italia": (12, 43), "Libya": (17, 29)}
    items = {"Italia": ("Italia", "C4 P1:2/0"), "Libya": ("Libya", "G4 P2:1/0")}
    radii = {t: L.disc_radius(4) for t in pos}
    plain = L.layout(items, pos, radii)
    under = plain["Italia"][1]                  # a stroke right through Italia's citizens' line
    sx, sy = L.scales()
    y = 57.5 - (under.y0 + under.y1) / 2 / sy
    stroke = (under.x0 / sx - 19.0 - 1, y, under.x1 / sx - 19.0 + 1, y)
    moved = L.layout(items, pos, radii, strokes=(stroke,))
    seg = ((stroke[0] + 19.0) * sx, (57.5 - stroke[1]) * sy, (stroke[2] + 19.0) * sx, (57.5 - stroke[3]) * sy)
    assert L._crosses(seg, under)
    assert not any(L._crosses(seg, b) for b in moved["Italia"])
    assert L.problems(moved, {}) == []
