"""Take Off, Eh!'s widgets without a browser: the map board draws what the observation says (and
nothing more), clicks become the legal actions, the panels show the calculators' figures."""
from __future__ import annotations

import pytest

from explorer.engine import GameRecord, Timeline
from explorer.games.take_off_eh import score_unit
from explorer.games.take_off_eh.actions import Agenda, HandCoin, Province
from explorer.games.take_off_eh.canada import HUDSON_BAY
from explorer.games.take_off_eh.examples import (MANITOBA_EXAMPLE, SLUSH_EXAMPLE, first_round, scoring_steps,
                                                 through_first_scoring)
from explorer.games.take_off_eh.odds import NotYetKnown, next_agenda_odds, secession_odds
from explorer.views.take_off_eh import CODES, MARK_ORDER, TakeOffEhExplorer, graph_data, play_game
from explorer.views.take_off_eh_learn import (example_lines, learn_example, learn_scoring_round,
                                              manitoba_example, slush_fund_example)
from explorer.views.take_off_eh_panels import (OddsPanel, ScoringPanel, queen_histogram, sources_chart,
                                               travel_rows)

AMY, BETTY, CINDY, DALE = range(4)


def click(mark, index):
    """What bqplot's front end sends when an element of ``mark`` is clicked."""
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


@pytest.fixture(scope="module")
def example():
    return first_round()


def at(example, chapter: str, extra: int = 0, perspective=None) -> TakeOffEhExplorer:
    """The Explorer at the start of ``chapter`` of the rulebook's example, ``extra`` steps on."""
    rec = example.record
    end = example.chapter(chapter).start + extra
    tl = Timeline(GameRecord(rec.game, rec.options, rec.seed, rec.actions[:end]))
    tl.last()
    return TakeOffEhExplorer(tl, perspective=perspective)


def area(board, key):
    return board._area_keys.index(key)


# -- what the board draws -------------------------------------------------------------------------------
def test_the_board_draws_every_unit_and_the_marks_in_order(example):
    view = at(example, "bribery")
    board = view.board
    assert len(board.figure.marks) == len(MARK_ORDER)
    # 13 provinces + Hudson Bay on the map; the tile codes are the postal codes
    assert {k for k in board._area_keys if k[0] == "province"} == {("province", p) for p in CODES}
    assert ("slush",) in board._area_keys
    assert set(CODES.values()) <= set(board.small_labels.text)
    # the Queen tours Nunavut (a diamond), four pawns
    assert board.queen_mark.visible and len(board.queen_mark.x) == 1
    assert sorted(board._pawn_keys) == [("pawn", q) for q in range(4)]


def test_a_seat_sees_other_seats_coins_without_their_values(example):
    """After Preparation: Amy sees the suits of Betty's and Cindy's home coins in Ontario, not their
    values; the teacher and Betty see Betty's value."""
    drawn = {}
    for viewer in (None, AMY, BETTY):
        board = at(example, "bribery", perspective=viewer).board
        drawn[viewer] = {c[0]: c[4] for c in board.coin_items if c[0] is not None}
    assert drawn[None][("coin", "Ontario", 0)] == "3" and drawn[None][("coin", "Ontario", 1)] == "3"
    assert drawn[AMY][("coin", "Ontario", 0)] == "" and drawn[AMY][("coin", "Ontario", 1)] == ""
    assert drawn[BETTY][("coin", "Ontario", 0)] == "3" and drawn[BETTY][("coin", "Ontario", 1)] == ""
    # hands: Amy sees her own coins' values, only the suits of Dale's
    assert drawn[AMY][("hand", AMY, 0)] != "" and drawn[AMY][("hand", DALE, 0)] == ""
    # what is drawn is exactly what the observation says, coin by coin
    obs = at(example, "bribery", perspective=AMY).explorer.state.observation(AMY)
    for i, c in enumerate(obs["provinces"]["Ontario"]["coins"]):
        assert drawn[AMY][("coin", "Ontario", i)] == (str(c["value"]) if "value" in c else "")


def test_the_slush_fund_shows_its_count_and_top_value_only():
    view = learn_scoring_round()
    ex = view.explorer
    step = scoring_steps(view.record)["slush"]
    ex._goto(step - 1)           # just before the slush fund is scored
    obs = ex.state.observation(AMY)
    ex.set_perspective(AMY)
    slush = [c for c in view.board.coin_items if c[0] == ("slush",)]
    assert obs["slush"]["count"] > 0
    assert len(slush) == 1 and slush[0][4] == str(obs["slush"]["top"])
    assert f"slush: {obs['slush']['count']}" in view.board.small_labels.text


def test_a_seceded_province_is_a_tile_back(example):
    """The board draws from the observation alone: a province the observation says is face down is
    drawn as a back, without its suit and value."""
    from explorer.views.take_off_eh import BACK, CanadaBoard
    obs = at(example, "bribery").explorer.state.observation(None)
    obs["provinces"]["Quebec"] = {**obs["provinces"]["Quebec"], "face_up": False, "coins": []}
    board = CanadaBoard()
    board.show(obs)
    i = [u.name for u in board.map.units].index("Quebec")
    assert board.tile_marks.fill_colors[i] == BACK
    assert "seceded" in list(board.tile_values.text)
    assert not any(k == ("coin", "Quebec", 0) for k in board._coin_keys)


# -- clicks ---------------------------------------------------------------------------------------------------
def test_clicking_a_province_picks_the_legal_action(example):
    view = at(example, "homes", extra=1)            # Amy drew the ace of suns: where is home?
    ex, board = view.explorer, view.board
    assert ex.state.phase == "home" and ex.state.current_player == AMY
    legal = {a.name for a in ex.state.legal_actions()}
    assert {k[1] for k in board._target_keys} == legal and "Alberta" in legal
    before = len(ex.timeline)
    click(board.click_areas, area(board, ("province", "Alberta")))
    assert ex.timeline.actions[before] == Province.of("Alberta") and ex.message.value == ""
    assert ex.state.pawns[AMY] == "Alberta"


def test_clicking_a_province_that_does_not_match_is_refused_with_the_rule(example):
    view = at(example, "homes", extra=1)
    ex, board = view.explorer, view.board
    before = len(ex.timeline)
    click(board.click_areas, area(board, ("province", "Ontario")))
    assert len(ex.timeline) == before
    assert "Not allowed" in ex.message.value and "Preparation 6" in ex.message.value


def test_clicking_an_agenda_tile_chooses_it(example):
    view = at(example, "dale")
    ex, board = view.explorer, view.board
    assert ex.state.phase == "choose" and ex.state.current_player == DALE
    assert ("agenda", "suns", 2) in board._target_keys
    click(board.tile_targets, board._tile_target_keys.index(("agenda", "suns", 2)))
    assert ex.timeline.actions[-1] == Agenda.of("suns", 2)


def test_clicking_a_coin_in_hand_pays_it_as_a_bribe(example):
    view = at(example, "bribery", extra=5)          # the agenda is out: Amy bribes
    ex, board = view.explorer, view.board
    assert ex.state.phase == "bribe" and ex.state.current_player == AMY
    i = list(ex.state.hands[AMY]).index(("crowns", 1))
    click(board.coin_marks, board._coin_keys.index(("hand", AMY, i)))
    assert ex.timeline.actions[-1] == HandCoin.of("crowns", 1)
    assert ex.state.bribes[AMY] == ("crowns", 1)


def test_a_seat_cannot_click_for_another(example):
    view = at(example, "bribery", extra=5, perspective=BETTY)
    ex, board = view.explorer, view.board
    assert ex.state.current_player == AMY and board._target_keys == []
    assert board.action_for(ex.state, ("hand", AMY, 0)) is None


def test_several_coins_for_one_province_stay_in_the_menu(example):
    view = at(example, "dale", extra=7)             # Dale's pawns moved: he funds, two coins in hand
    ex, board = view.explorer, view.board
    assert ex.state.phase == "fund" and len(ex.state.hands[DALE]) == 2
    assert ("province", "Manitoba") in board._target_keys and ("slush",) in board._target_keys
    assert board.action_for(ex.state, ("province", "Manitoba")) is None
    before = len(ex.timeline)
    click(board.click_areas, area(board, ("province", "Manitoba")))
    assert len(ex.timeline) == before and "which coin" in ex.message.value


# -- the graph and the panels -----------------------------------------------------------------------------------
def test_the_graph_marks_the_queen_and_the_pawns(example):
    view = at(example, "bribery")
    obs = view.explorer.state.observation(None)
    g, pos, labels, colors = graph_data(obs)
    assert len(g) == 14 and HUDSON_BAY in g
    assert "♛" in labels["Nunavut"] and "▲" in labels["Ontario"] and "▲" not in labels["Quebec"]
    assert len(view.graph.mark.node_data) == 14


def test_the_scoring_panel_shows_score_units_figures():
    panel = slush_fund_example()
    assert panel.max_value.value == 7 and panel.figures() == {"fall": 7, "suns": 1, "summer": 1, "winter": 0}
    assert panel.figures() == {s: int(p) for s, p in score_unit(**SLUSH_EXAMPLE).items()}
    panel.add("winter", 5)                      # winter now 9, tied with fall
    want = score_unit(SLUSH_EXAMPLE["coins"] + [("winter", 5)], 8, SLUSH_EXAMPLE["player_suits"])
    assert panel.figures() == {s: int(p) for s, p in want.items()}
    for _s, p in want.items():
        assert all(w.replace("'", "&#x27;") in panel.result.value for w in p.why)
    panel.add("winter", 5)
    assert "already here" in panel.note.value
    manitoba = manitoba_example()
    assert manitoba.figures() == {s: int(p) for s, p in score_unit(**MANITOBA_EXAMPLE).items()}
    manitoba.bonus_to.value = "top scorer"
    manitoba.queen_here.value = True
    assert manitoba.figures()["winter"] == int(score_unit(**MANITOBA_EXAMPLE, queen_here=True,
                                                          bonus_to="top scorer")["winter"])


def test_the_scoring_panel_fills_in_only_what_the_view_knows(example):
    view = at(example, "bribery", perspective=AMY)
    view.show_tab(1)
    panel = view.scoring
    panel.unit_choice.value = "Ontario"
    obs = view.explorer.state.observation(AMY)
    assert panel.coins == [] and panel.hidden == 2          # Betty's and Cindy's coins: values unseen
    assert "face down to this view" in panel.note.value
    assert set(panel.homes.value) == {"suns", "summer"}
    assert panel.max_value.value == obs["provinces"]["Ontario"]["tile"][1]
    teacher = at(example, "bribery")
    teacher.show_tab(1)
    teacher.scoring.unit_choice.value = "Ontario"
    assert sorted(teacher.scoring.coins) == [("summer", 3), ("suns", 3)] and teacher.scoring.hidden == 0
    want = score_unit([("suns", 3), ("summer", 3)], obs["provinces"]["Ontario"]["tile"][1], obs["suits"],
                      home_suit=["suns", "summer"])
    assert teacher.scoring.figures() == {s: int(p) for s, p in want.items()}


def test_the_scoring_panel_names_a_bad_entry():
    panel = ScoringPanel([("fall", 3)], player_suits=["fall"])
    assert "at least two players" in panel.result.value


def test_the_odds_panel_shows_the_calculators_figures(example):
    panel = OddsPanel()
    panel.set_choices([4, None, None])
    # no menu holds None (an ipywidgets 8 Dropdown shows it as nothing selected)
    menus = [panel.agenda_suit, panel.agenda_value, *panel.voter_box.children]
    assert all(m.value is not None for m in menus) and panel.choices == [4, None, None]
    assert str(secession_odds([4, None, None])) in panel.secession.value
    view = at(example, "bribery")         # the first agenda is being turned up: the figure is exact
    view.show_tab(2)
    view.odds.agenda_suit.value = "fall"
    assert str(next_agenda_odds(view.explorer.state, "fall", None)) in view.odds.agenda.value
    # Dale's turn: the arms tile on the agenda may still strike and draw a tile, so no figure is shown
    view = at(example, "dale")
    view.show_tab(2)
    view.odds.agenda_suit.value = "fall"
    with pytest.raises(NotYetKnown) as refused:
        next_agenda_odds(view.explorer.state, "fall", None)
    shown = view.odds.agenda.value
    assert "not known yet" in shown and str(refused.value) in shown and "=" not in shown


# -- playing, learning, what if ------------------------------------------------------------------------------
def test_play_starts_at_the_humans_first_decision():
    view = play_game(seed=1, human=0)
    ex = view.explorer
    assert ex.state.current_player == 0 and ex.perspective == 0 and ex.legal_here()
    # play on to the first agenda choice by the first legal choice; the board follows
    for _ in range(200):
        if ex.state.phase == "choose" and ex.state.current_player == 0:
            break
        ex.play_action(ex.legal_here()[0])
    assert ex.state.phase == "choose"
    assert {k for k in view.board._target_keys} == {("agenda", a.suit, a.value) for a in ex.legal_here()}


def test_learn_views_start_where_their_notes_say():
    view = learn_example()
    # it opens with the map built, at the suits chapter
    assert view.explorer.timeline.cursor == view.example.chapters[1].start == 13
    assert "Preparation 4-5" in view.explorer.narration.value
    assert len(view.explorer.state.tiles) == 13
    assert "Amy" in str(view.explorer.perspective_choice.options)
    scoring = learn_scoring_round()
    steps = scoring_steps(through_first_scoring())
    assert scoring.explorer.timeline.cursor == steps["slush"] + 1
    assert "Slush Fund" in scoring.explorer.narration.value
    assert any("fall 7" in line for line in example_lines())


def test_what_if_charts_plot_their_figures():
    travels = {"a": [0, 3, 3, 12], "b": [5]}
    fig = queen_histogram(travels).figure
    bars = fig.marks[0]
    assert list(bars.x)[0] == "0\u20131" or list(bars.x)[0] == "0"
    assert [round(sum(r), 9) for r in bars.y] == [1.0, 1.0]
    assert travel_rows(travels)[0] == {"variant": "a", "games": 4, "median steps": 3, "mean steps": 4.5,
                                       "never moved": "25%"}
    chart = sources_chart({"x": {"slush fund": 0.2, "scoring rounds": 0.7, "tourism booms": 0.1}}).figure
    assert list(chart.marks[0].x) == ["slush fund", "scoring rounds", "tourism booms"]
