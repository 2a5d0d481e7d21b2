"""Decay's widgets without a browser: build the views, drive them through their handlers
(clicks on the bqplot marks, buttons, dropdowns) and check models against the engine and
:mod:`explorer.games.decay.analysis`."""
import pytest

from explorer.engine import Timeline, random_playout
from explorer.views.explorer import TEACHER
from explorer.games.decay import analysis as A
from explorer.games.decay import board as B
from explorer.games.decay.actions import ChooseTile, NoTileMove, PickUp
from explorer.games.decay.actions import Enter
from explorer.views.decay import (DecayExplorer, cap_rows, movable_tiles, play_game, reach_for,
                                  tile_move_text, tile_moves)
from explorer.views.decay_learn import (MOVABILITY_BOARD, PLACEMENT_EXAMPLES, learn_opening, movability_lines,
                                        movable_readings, movable_under, opening_record, placement_lines,
                                        placement_rules, turn_events)


def click(mark, index):
    """What bqplot's front end sends when an element of ``mark`` is clicked."""
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


@pytest.fixture
def hotseat():
    return play_game(seed=1, human=0)


def to_placement(view):
    """Choose a tile in the legal menu so that the board shows where it may go."""
    ex = view.explorer
    assert ex.state.phase == "choose_tile" and ex.state.current_player == 0
    ex.action_choice.value = 0
    ex.do_button.click()
    assert ex.state.phase == "place_tile"
    return ex.state


def mid_game(seed=3, phase="move", min_round=2):
    """A timeline stopped at a decision of ``phase`` in Normal Play."""
    rec, _ = random_playout("decay", {"players": 4}, seed=seed)
    states = rec.states()
    i = next(i for i, s in enumerate(states)
             if s.round >= min_round and s.phase == phase and not s.is_terminal())
    tl = Timeline(rec)
    tl.jump(i)
    out = Timeline(tl.branch().record)
    out.last()
    return out


def test_play_starts_at_the_humans_first_decision(hotseat):
    ex = hotseat.explorer
    st = ex.state
    assert st.current_player == 0 and st.phase == "choose_tile" and st.side == "Suns"
    assert ex.perspective == 0
    assert [a for a in ex.legal_here()] == [ChooseTile(t) for t in st.to_place["Suns"]]
    # tiles placed by the random seats before the human are drawn, one square and label each
    assert len(hotseat.board.tile_marks.x) == len(st.pos) == len(hotseat.board.tile_labels.text)


def test_clicking_a_legal_position_places_the_tile_and_redraws(hotseat):
    ex, board = hotseat.explorer, hotseat.board
    st = to_placement(hotseat)
    legal = [("pos", a.x, a.y) for a in st.legal_actions()]
    assert board._target_keys == legal and len(board.targets.x) == len(legal) and board.targets.visible
    assert len(board.outlines.x) == len(legal), "every legal drop position has its outline square"
    x_range = (board.xs.min, board.xs.max)
    before, tiles = len(ex.timeline), len(st.pos)
    _, x, y = legal[0]
    click(board.targets, 0)
    assert len(ex.timeline) > before and ex.message.value == ""
    placed = ex.timeline.state_at(before + 1)
    assert placed.pos[st.pend["tile"]] == (x, y)
    assert len(ex.state.pos) > tiles and len(board.tile_marks.x) == len(ex.state.pos)
    assert ex.steps.options and ex.steps.index == len(ex.timeline) - 1
    # the scales follow the board as it grows
    lo = min(p[0] for p in ex.state.pos.values())
    hi = max(p[0] for p in ex.state.pos.values()) + B.SIZE
    assert board.xs.min < lo and board.xs.max > hi
    assert (board.xs.min, board.xs.max) != x_range or len(ex.state.pos) == tiles + 1


@pytest.mark.parametrize("which,section", [("whole edge", "Board Creation 1.c"),
                                           ("tile", "Board Creation 1")])
def test_an_illegal_click_shows_the_rule_and_changes_nothing(hotseat, which, section):
    ex, board = hotseat.explorer, hotseat.board
    st = to_placement(hotseat)
    key, n = st.key(), len(ex.timeline)
    if which == "tile":
        click(board.tile_click, 0)
    else:
        i = next(i for i, (_, x, y) in enumerate(board._candidate_keys)
                 if "whole edge" in (B.placement_problem(st.pos, (x, y)) or ""))
        click(board.candidates, i)
    assert ex.state.key() == key and len(ex.timeline) == n
    assert "Not allowed" in ex.message.value and f"<b>{section}</b>" in ex.message.value


def test_pawn_steps_are_rings_on_tiles_and_an_illegal_step_is_refused():
    view = DecayExplorer(mid_game(seed=3, phase="move"))
    ex, board = view.explorer, view.board
    st = ex.state
    rings = [k for k in board._target_keys]
    assert rings and all(k[0] == "tile" for k in rings)
    assert {k[1] for k in rings} == set(st.step_options()) | ({st.pawns[st.side]} if st.may_stop() else set())
    # a tile the pawn cannot reach from where it stands: refused with Step 1
    here = st.pawns[st.side]
    far = next(i for i, (_, t) in enumerate(board._tile_keys) if t != here and t not in st.layout().nbrs[here])
    click(board.tile_click, far)
    assert "Not allowed" in ex.message.value and "Normal Play Step 1" in ex.message.value
    assert ex.state is st
    # a legal step: the pawn moves (after paying, chosen in the menu when there is a choice)
    click(board.targets, 0)
    assert ex.message.value == "" and ex.state is not st


def test_pick_up_targets_are_the_engines_and_the_drop_follows():
    view = DecayExplorer(mid_game(seed=3, phase="pick_up"))
    ex, board = view.explorer, view.board
    st = ex.state
    assert {k[1] for k in board._target_keys} == set(st.pick_up_options())
    assert NoTileMove() in ex.legal_here()          # stays in the menu
    ex.play_action(PickUp(sorted(st.pick_up_options())[0]))
    while ex.state.phase == "pay_pick_up":
        ex.play_action(ex.legal_here()[0])
    assert ex.state.phase == "put_down"
    assert {(k[1], k[2]) for k in board._target_keys} == set(ex.state.put_down_spots())
    assert board.ghost.visible, "the lifted tile is outlined where it was"


def test_step_back_branch_and_perspective(hotseat):
    ex, board = hotseat.explorer, hotseat.board
    to_placement(hotseat)
    click(board.targets, 0)
    end = len(ex.timeline)
    drawn = len(board.tile_marks.x)
    ex.back_button.click()
    assert ex.timeline.cursor == end - 1 and ex.slider.value == end - 1
    assert not board.targets.visible, "no targets while looking at the past"
    ex.first_button.click()
    assert not board.tile_marks.visible
    ex.last_button.click()
    assert len(board.tile_marks.x) == drawn
    ex.back_button.click()
    click(board.tile_click, 0)
    assert "branch" in ex.message.value and len(ex.timeline) == end
    original = ex.timeline
    ex.branch_button.click()
    assert len(ex.timelines) == 2 and ex.timeline is not original and len(ex.timeline) == end - 1
    assert len(original) == end
    ex.line_choice.value = 0
    assert ex.timeline is original
    # Decay hides nothing: every seat sees what the teacher sees
    assert [o[1] for o in ex.perspective_choice.options] == [TEACHER, 0, 1, 2, 3]
    ex.set_perspective(None)
    assert ex.perspective_choice.label == "teacher (sees everything)"
    teacher = ex.inspector.value
    ex.perspective_choice.value = 2
    assert ex.perspective == 2 and ex.inspector.value != teacher      # it names the viewer
    assert ex.state.observation(2)["tiles"] == ex.state.observation(None)["tiles"]
    assert len(board.tile_marks.x) == len(ex.state.pos)
    ex.set_perspective(None)
    assert ex.inspector.value == teacher


def test_the_reach_panel_shows_the_engines_reach():
    view = DecayExplorer(mid_game(seed=5, phase="move"))
    view.show_tab(1)
    st = view.explorer.state
    reach = A.reach(st)
    assert reach and view.reach.reach == reach == reach_for(st)
    table = view.reach.table.value
    for t, r in reach.items():
        assert f"<td>{t}</td><td>{r.cost}</td>" in table
        assert " → ".join(r.route) in table
    assert {k[1] for k in view.reach.board._target_keys} == set(reach)
    # every tile the engine lets the pawn step onto first is reachable or a stepping stone
    assert set(st.step_options()) <= set(reach) | set(st.pawns.values())
    # another side
    other = next(s for s in st.sides if s != st.side and s in st.pawns)
    view.reach.side_choice.value = other
    assert view.reach.reach == reach_for(st, other)
    # the graph tab colours the pawns' tiles
    view.show_tab(0)
    g = view.graph
    assert len(g.mark.node_data) == len(st.pos) and len(g.mark.link_data) == st.graph().number_of_edges()
    orange = {g.nodes[i] for i, c in enumerate(g.mark.colors) if c == "#ff8c00"}
    assert orange == set(st.pawns.values())


def test_the_tile_move_panel_shows_the_engines_previews_and_commits():
    for seed in range(3, 30):
        tl = mid_game(seed=seed, phase="pick_up")
        st = tl.state
        movable = movable_tiles(st)
        assert set(movable) >= set(st.pick_up_options())
        hit = next(((t, m) for t in st.pick_up_options() for m in tile_moves(st, t) if m.attacks), None)
        if hit:
            break
    else:
        pytest.fail("no Step 2 with an attack in 27 games")
    tile, move = hit
    view = DecayExplorer(tl)
    view.show_tab(2)
    panel = view.tile_move
    panel.tile_choice.value = tile
    expected = A.all_tile_moves(st, tile)
    assert panel.moves == expected
    panel.to_choice.value = expected.index(move)
    text = panel.result.value
    for a in move.attacks:
        assert f"attack on {a.defender}: {a.attack} against {a.defence}, the {a.winner} wins" in text
    assert ("splits" in text) == bool(move.removed)
    assert not panel.do_button.disabled
    n = len(view.explorer.timeline)
    assert panel.commit()
    after = view.explorer.timeline
    assert len(after) > n and view.explorer.message.value == ""
    put = next(after.state_at(i) for i in range(n, len(after) + 1)
               if any("puts" in e.text for e in after.state_at(i).events))
    assert put.pos.get(tile, move.to) == move.to
    said = " ".join(e.text for e in put.events)
    for a in move.attacks:
        assert f"attacks {a.defender}: {a.attack} against {a.defence}" in said


def test_opening_record_and_notes():
    rec = opening_record()
    states = rec.states()
    assert states[-1].turns == 2 and states[-1].round == 1, "the record ends as the second turn begins"
    view = learn_opening()
    ex = view.explorer
    assert ex.timeline.cursor == 0 and "Setup 2" in ex.narration.value
    ex.last_button.click()
    assert "Step 3" in ex.narration.value
    assert len(view.board.tile_marks.x) == len(ex.state.pos) and view.board.pawn_marks.visible
    assert len(view.board.pawn_marks.x) == len(ex.state.pawns)
    sections = {e.rule.section for _, e in turn_events(ex.timeline, 1)}
    assert {"Normal Play Step 1", "Step 2.d", "Resolving Attacks", "Step 3 - Slide Tiles"} <= sections


def test_placement_examples_have_one_yes_and_one_no_per_rule():
    by = {}
    for ex in PLACEMENT_EXAMPLES:
        by.setdefault(ex.section, []).append(ex.verdict is None)
    assert by == {s: [True, False] for s in ("Board Creation 1.a", "Board Creation 1.b", "Board Creation 1.c")}
    lines = placement_lines()
    assert "touch each other" in lines[3] and "whole edge" in lines[5] and "must touch" in lines[1]
    style, *rows = placement_rules().children          # the page's look, then a title and a row a rule
    assert "<style>" in style.value and len(rows) == 6


def test_cap_rows_counts_endings():
    from explorer.views.whatif import compare_variants
    res = compare_variants("decay", {"3": {"players": 3}}, games=4, seed=0, progress=False)
    (row,) = cap_rows(res, long_game=5)
    assert row["games"] == 4 and row["variant"] == "3"


def test_the_reach_panel_mid_move_starts_where_the_pawn_stands():
    """Issue 8 item 4: mid-move the panel worked from the turn's start tile with the hand
    left after tolls; it must follow the pawn and the unspent coins, as the engine does."""
    rec, _ = random_playout("decay", {"players": 4}, seed=7)
    mids = [s for s in rec.states() if s.phase == "move" and s.stepped and s.pawns[s.side] != s.start
            and any(isinstance(a, Enter) for a in s.legal_actions())]
    assert mids, "no pawn with a choice mid-move in this game"
    view = DecayExplorer(Timeline.new("decay", {}, 0))
    for st in mids[:5]:
        view.reach.set_state(st)
        here = st.pawns[st.side]
        assert view.reach.reach == A.reach(st) and f"From {here}" in view.reach.table.value
        if st.may_stop():
            assert view.reach.reach[here].cost == 0, "the pawn may stop where it stands"
        taken = set(st.others_at())
        for a in st.legal_actions():
            if isinstance(a, Enter) and a.tile not in taken:
                assert a.tile in view.reach.reach, f"the engine offers {a.tile} but the panel omits it"


def test_tile_move_text_says_when_the_game_ends():
    m = A.TileMove("Suns-3", (0, 0), (4, 1), removed=frozenset({"Moons-2"}), killed=("Moons",),
                   game_over=True, winner=0)
    assert "the game ends: Player 1 wins" in tile_move_text(m)
    assert "the game ends: nobody wins" in tile_move_text(A.TileMove("Suns-3", (0, 0), (4, 1), game_over=True))
    assert not any("game ends" in line for line in tile_move_text(A.TileMove("Suns-3", (0, 0), (4, 1))))


def test_the_movable_readings_figure_shows_both_readings():
    default, count_only = movable_under(MOVABILITY_BOARD, False), movable_under(MOVABILITY_BOARD, True)
    assert set(count_only) - set(default) == {"Moons-3"} and set(default) < set(count_only)
    assert "Crowns-4" not in count_only, "a tile touched on three sides moved"
    fig = movable_readings()
    left, right = (box.children[0] for box in fig.children[1].children)
    assert f"{len(default)} may move" in left.title and "our reading" in left.title
    assert f"{len(count_only)} may move" in right.title
    assert any("Moons-3 touched on EW" in line and "our reading: stays" in line for line in movability_lines())
