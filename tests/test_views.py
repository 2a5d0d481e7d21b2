"""Widget tests without a browser: build the views, drive them through their handlers
(clicks on the bqplot marks, buttons, dropdowns) and check models and state."""
import pytest

from explorer.engine import Timeline, random_playout
from explorer.games.conspiracy.actions import Choose, NoNewTile
from explorer.views.conspiracy import (ColumnOdds, ConspiracyExplorer, compare_design, play_game)


def click(mark, index):
    """What bqplot's front end sends when an element of ``mark`` is clicked."""
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


def to_board_decision(view, want=("new_tile", "cell", "target")):
    """Play legal choices through the dropdown until the human must click the board."""
    ex = view.explorer
    for _ in range(400):
        st = ex.state
        if st.phase in want and ex.highlights():
            return st
        legal = ex.legal_here()
        assert legal, f"stuck at {st.phase}"
        pick = 0
        for i, a in enumerate(legal):         # prefer placing coins so the board gets used
            if a == Choose("place") or a == NoNewTile():
                pick = i
        ex.action_choice.value = pick
        ex.do_button.click()
    pytest.fail("never reached a board decision")


@pytest.fixture
def hotseat():
    return play_game(seed=5, human=0)


def test_play_starts_at_the_humans_first_decision(hotseat):
    st = hotseat.explorer.state
    assert st.current_player == 0 and st.phase == "goal"
    assert hotseat.explorer.perspective == 0
    assert len(hotseat.explorer.action_choice.options) == len(st.legal_actions())


def test_play_on_that_takes_many_steps_waits_and_says_so(monkeypatch):
    """Chance and the random seats move at most AUTO_LIMIT steps a press; then the view says why it
    stopped and the next press goes on from there (no silent pause, no 100,000-step freeze)."""
    from explorer.views.explorer import Explorer
    monkeypatch.setattr(Explorer, "AUTO_LIMIT", 3)
    ex = play_game(seed=5, human=0).explorer
    assert len(ex.timeline) == 3 and "took 3 steps without a decision of yours" in ex.message.value
    ex.play_on()
    assert len(ex.timeline) == 6 and "press play on" in ex.message.value
    monkeypatch.setattr(Explorer, "AUTO_LIMIT", 5_000)
    ex.play_on()
    assert ex.state.current_player == 0 and ex.message.value == ""


def test_clicking_a_highlighted_target_plays_it_and_redraws(hotseat):
    ex = hotseat.explorer
    st = to_board_decision(hotseat)
    board = hotseat.board
    keys = board._target_keys
    assert keys and len(board.targets.x) == len(keys) and board.targets.visible
    before = len(ex.timeline)
    coins_before = len(st.coins)
    click(board.targets, 0)
    assert len(ex.timeline) > before, "a legal click must add to the record"
    assert ex.message.value == ""
    # keep clicking highlighted targets until the coin lands on the board
    for _ in range(6):
        if len(ex.state.coins) > coins_before or not board._target_keys:
            break
        click(board.targets, 0)
    assert len(ex.state.coins) > coins_before or ex.state.phase not in ("cell", "direction")
    assert ex.steps.options and ex.steps.index == len(ex.timeline) - 1


def test_an_illegal_click_shows_the_rule_and_changes_nothing(hotseat):
    ex = hotseat.explorer
    to_board_decision(hotseat, want=("cell",))
    legal_keys = set(hotseat.board._target_keys)
    illegal = next(i for i, k in enumerate(hotseat.board._cell_keys) if k not in legal_keys)
    key_before = ex.state.key()
    n = len(ex.timeline)
    click(hotseat.board.cell_targets, illegal)
    assert ex.state.key() == key_before and len(ex.timeline) == n
    assert "Not allowed" in ex.message.value and "Take Actions 5" in ex.message.value


def test_step_back_and_branch_keep_the_original(hotseat):
    ex = hotseat.explorer
    to_board_decision(hotseat)
    end = len(ex.timeline)
    ex.back_button.click()
    assert ex.timeline.cursor == end - 1 and ex.slider.value == end - 1
    # a click in the past explains that a branch is needed and changes nothing
    click(hotseat.board.cell_targets, 0)
    assert "branch" in ex.message.value and len(ex.timeline) == end
    original = ex.timeline
    ex.branch_button.click()
    assert len(ex.timelines) == 2 and ex.timeline is not original
    assert len(ex.timeline) == end - 1 and len(original) == end
    ex.play_action(ex.legal_here()[-1])
    assert len(original) == end, "the main line is untouched by the what-if"
    ex.line_choice.value = 0
    assert ex.timeline is original


def test_perspective_hides_other_players_hands():
    rec, _ = random_playout("conspiracy", {"round_cap": 30}, seed=4, max_actions=900)
    tl = Timeline(rec)
    tl.last()
    view = ConspiracyExplorer(tl)
    ex = view.explorer
    assert "hidden" not in ex.inspector.value          # the teacher sees everything
    # the menu shows the teacher selected (an ipywidgets Dropdown shows the value None as blank)
    assert ex.perspective_choice.label == "teacher (sees everything)"
    teacher_board = list(view.board.tile_labels.text)
    teacher_known = set(view.board.known_labels.text)
    ex.perspective_choice.value = 1
    assert ex.perspective == 1
    assert ex.inspector.value.count("hidden") >= 3 * 3  # three other seats: tiles, coins, goal
    st = tl.state           # a tile and a coin may share a name: leave out names player 1 holds as coins
    mine = set(st.coin_hands[1]) | {st.saved[1]} | {c.name for c in st.coins.values() if c.placed_by == 1}
    hand = [t for t in st.tile_hands[2] if t not in mine]
    assert hand
    assert not any(t in ex.inspector.value for t in hand), "player 2's tiles must not show to player 1"
    # the faces of face-down tiles: the teacher's board names them all, player 1's only those it laid
    from explorer.views.conspiracy import tile_text
    down = {q: {tile_text(t.name) for t in st.tiles.values() if not t.face_up and t.placed_by == q}
            for q in range(st.players)}
    others = set().union(*(down[q] for q in down if q != 1)) - down[1]
    assert others and others <= teacher_known, "the teacher sees every face-down tile's face"
    assert view.board.known_labels.visible is bool(down[1])
    shown = set(view.board.known_labels.text) if view.board.known_labels.visible else set()
    assert shown == down[1], "player 1's board names only the face-down tiles it laid"
    assert list(view.board.tile_labels.text) == teacher_board     # face-up tiles are public
    ex.set_perspective(None)
    assert "hidden" not in ex.inspector.value
    # choosing the teacher in the menu (as a person does) shows everything again
    ex.perspective_choice.value = 2
    assert ex.perspective == 2 and "hidden" in ex.inspector.value
    ex.perspective_choice.label = "teacher (sees everything)"
    assert ex.perspective is None and "hidden" not in ex.inspector.value
    assert ex.perspective_choice.label == "teacher (sees everything)"


def test_timeline_controls_move_and_redraw_the_board():
    rec, _ = random_playout("conspiracy", {"round_cap": 30}, seed=9, max_actions=600)
    view = ConspiracyExplorer(Timeline(rec))
    ex = view.explorer
    ex.last_button.click()
    assert ex.timeline.cursor == len(rec.actions)
    drawn_at_end = list(view.board.tile_marks.fill_colors)
    ex.first_button.click()
    assert ex.timeline.cursor == 0 and not view.board.tile_marks.visible
    ex.slider.value = len(rec.actions)
    assert list(view.board.tile_marks.fill_colors) == drawn_at_end
    ex.steps.index = 10
    assert ex.timeline.cursor == 11
    assert "Initial Setup" in ex.why.value or ex.why.value


def test_coin_graph_follows_the_board_and_marks_revealable_coins():
    for seed in range(40):
        rec, _ = random_playout("conspiracy", {"round_cap": 30}, seed=seed, max_actions=1200)
        tl = Timeline(rec)
        tl.last()
        st = tl.state
        if st.revealable_coins():
            break
    view = ConspiracyExplorer(tl)
    g = view.graph
    assert len(g.mark.node_data) == st.coin_graph().number_of_nodes()
    assert len(g.mark.link_data) == st.coin_graph().number_of_edges()
    orange = [i for i, c in enumerate(g.mark.colors) if c == "#ff8c00"]
    assert len(orange) == len(st.revealable_coins())
    assert "no coins" not in g.figure.title
    view.explorer.first_button.click()
    assert len(g.mark.node_data) == 0
    assert g.figure.title.endswith("no coins on the board yet")    # an empty frame says why


def test_column_odds_panel_shows_exact_fractions():
    panel = ColumnOdds()
    panel.tiles.value = ("Crowns-2", "Crowns-5", "Arms-3")
    assert "247/432" in panel.table.value
    assert abs(sum(panel.bars.y) - 1) < 1e-9
    assert panel.bars.y[2] == pytest.approx(31 / 72)
    panel.tiles.value = ()
    assert "19/144" in panel.table.value


def test_design_comparison_table():
    """The figures the notebook's What-if part shows, exact."""
    html = compare_design({"rulebook": {}, "four columns": {"columns": 4},
                           "three points": {"action_points": 3}}).value
    rows = html.split("<tr")[2:]
    assert len(rows) == 3
    assert "1/18 ≈ 5.6%" in rows[0] and "1/24 ≈ 4.2%" in rows[1] and "1/18 ≈ 5.6%" in rows[2]
    assert all("19/144 ≈ 13.2%" in r for r in rows)     # columns and points do not change advancing


def test_play_button_value_follows_the_slider():
    """The Play button and the slider are jslinked in the browser; a page drawing them
    anew copies the Play value onto the slider, so the two must agree in the kernel (else a
    Voila page or a reloaded notebook jumps back to step 0)."""
    from explorer.views.conspiracy import play_game
    view = play_game(seed=2026, human=0)
    ex = view.explorer
    assert ex.timeline.cursor > 0
    assert ex.play.value == ex.slider.value == ex.timeline.cursor
    ex._goto(3)
    assert ex.play.value == ex.slider.value == 3


def test_choices_show_as_buttons_and_nothing_shows_when_there_is_nothing_to_choose(hotseat):
    ex = hotseat.explorer
    legal = ex.state.legal_actions()
    assert ex.state.phase == "goal" and 0 < len(legal) <= ex.max_buttons
    labels = [b.description for b in ex.choice_buttons.children]
    assert len(labels) == len(legal) and all(labels)
    assert ex.action_choice.layout.display == "none" and ex.do_button.layout.display == "none"
    ex.slider.value = 0                                 # the past: nothing to choose here
    assert ex.choice_buttons.children == ()
    assert ex.action_choice.layout.display == "none" and ex.do_button.layout.display == "none"
    ex.slider.value = ex.slider.max                     # back to the present: buttons again
    assert len(ex.choice_buttons.children) == len(legal)
    ex.max_buttons = 2                                  # a long list: the menu, first choice selected
    ex.refresh()
    assert ex.choice_buttons.children == () and ex.action_choice.layout.display is None
    assert ex.action_choice.value == 0 and ex.do_button.layout.display is None


def test_app_links_carry_the_servers_base_path(monkeypatch):
    # on Binder / JupyterHub the server lives under /user/<name>/: a link from /voila finds nothing
    from explorer.views.app import APP_GAMES, app_links, app_url
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    assert app_url("decay") == "/voila/render/notebooks/decay_app.ipynb"
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/amy-x1/")
    assert app_url("decay") == "/user/amy-x1/voila/render/notebooks/decay_app.ipynb"
    html = app_links().value
    assert html.count("/user/amy-x1/voila/render/notebooks/") == len(APP_GAMES) == 5
    assert "Take Off, Eh!: app page" in html and "take_off_eh_app.ipynb" in html
    with pytest.raises(ValueError, match="no app page"):
        app_url("chess")


def test_voila_keeps_a_kernel_ready_for_every_app_page_and_no_other():
    """voila.json (read by ``voila`` started in the repository's root): preheated kernels, and its
    deny-list, applied as Voila applies it, leaves exactly the app pages to preheat."""
    import json
    import re
    from pathlib import Path
    from traitlets.config.loader import JSONFileConfigLoader
    from explorer.views.app import APP_GAMES
    root = Path(__file__).resolve().parents[1]
    config = JSONFileConfigLoader("voila.json", path=str(root)).load_config()
    assert config.VoilaConfiguration.preheat_kernel is True
    assert config.VoilaConfiguration.default_pool_size == 1
    kernels = config.VoilaKernelManager
    assert kernels.fill_delay >= 5, "a used kernel's replacement must not compete with the page being drawn"
    deny = kernels.preheat_denylist

    def denied(name: str) -> bool:     # voila_kernel_manager's _notebook_filter
        return any(p in name or re.match(p, name) for p in deny)
    notebooks = sorted(p.relative_to(root).as_posix() for p in (root / "notebooks").glob("*.ipynb"))
    heated = [n for n in notebooks if not denied(n)]
    assert heated == sorted(f"notebooks/{g}_app.ipynb" for g in APP_GAMES), heated
    assert not denied("conspiracy_app.ipynb")      # `voila notebooks/conspiracy_app.ipynb` too
    assert json.loads((root / "voila.json").read_text())  # plain JSON


def test_a_hidden_tabs_page_is_made_only_when_shown_or_asked_for():
    import ipywidgets as W
    from explorer.views.tabs import ShownTab
    made = []

    def page():
        made.append(1)
        return W.HTML("second")
    tabs = ShownTab(children=[W.HTML("first"), page])
    assert made == [] and not tabs.is_built(1) and "opening" in tabs.children[1].value
    tabs.selected_index = 1
    assert made == [1] and tabs.children[1] is tabs.page(1) and tabs.children[1].value == "second"
    tabs.selected_index = 0
    tabs.selected_index = 1
    assert made == [1]                                # made once


def test_the_game_views_make_their_side_tabs_when_first_shown():
    """Every widget that exists is sent to the browser when a page opens: the explorers' side tabs
    (odds, panels) exist only once shown, and then follow the step shown."""
    import ipywidgets as W
    from explorer.views.decay import play_game as decay
    from explorer.views.journalists import play_game as journalists
    from explorer.views.take_off_eh import play_game as take_off_eh
    for view in (play_game(seed=1), decay(seed=1), journalists(seed=1, players=3), take_off_eh(seed=1)):
        hidden = range(1, len(view.tabs.children))
        assert not any(view.tabs.is_built(i) for i in hidden), type(view).__name__
        assert all(isinstance(view.tabs.children[i], W.HTML) for i in hidden)
        view.tabs.selected_index = 1
        assert view.tabs.is_built(1) and view.tabs.children[1] is view.tabs.page(1)
    odds = (conspiracy := play_game(seed=1)).odds             # asked for before shown: made, then followed
    conspiracy.tabs.selected_index = 1
    assert conspiracy.odds is odds and odds.state is conspiracy.explorer.state
    d = decay(seed=1)
    d.tabs.selected_index = 1
    assert d.reach.state is d.explorer.state
