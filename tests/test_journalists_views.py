"""Journalists' widgets without a browser: the table draws what the observation says, a
click on an orange mark plays the legal action it stands for, and the preview panels show
the engine's own figures (distribute_cubes, reveal_chance, project_scores)."""
from __future__ import annotations

import pytest

from explorer.engine import GameRecord, Timeline, random_playout
from explorer.games.journalists import distribute_cubes
from explorer.games.journalists.actions import Cubes, Evidence, Steal, cubes, evidence, reveal, steal, ExcuseCubes
from explorer.games.journalists.display import slot_costs
from explorer.games.journalists.cards import EXCUSE, KIND, fixed_rank
from explorer.games.journalists.odds import project_scores, reveal_chance
from explorer.games.journalists.positions import position
from explorer.games.journalists.study import play_many, summary, wins_after_start
from explorer.views.journalists import (CUBE, JournalistsExplorer, cube_previews, landings,
                                        learn_opening, play_game)
from explorer.views.journalists_whatif import compare_rules, rules_table, start_player_chart
from explorer.views.whatif import seat_names


def click(mark, index):
    """What bqplot's front end sends when an element of ``mark`` is clicked."""
    mark._handle_custom_msgs(None, {"event": "element_click", "data": {"index": index}})


def click_key(view, key):
    """Click the orange mark of ``key`` (it must be shown)."""
    board = view.board
    assert key in board._target_keys, f"{key} has no orange mark: {board._target_keys}"
    click(board.targets, board._target_keys.index(key))


@pytest.fixture
def opening():
    view = learn_opening()
    view.explorer.last_button.click()
    return view


def _drawn_texts(mark):
    return list(mark.text) if mark.visible else []


def check_board_matches(view):
    """Every card of the observation is drawn once, with its cubes and chips; every
    player's chips and score are written; the deck count too."""
    ex, board = view.explorer, view.board
    st = ex.state
    obs = st.observation(ex.perspective)
    cards = [s["card"] for s in obs["display"]]
    squares = filled = chips = 0
    for p in obs["players"]:
        cards += [p["ace"]] * bool(p["ace"]) + list(p["completed"]) + [e["card"] for e in p["evidence"]] + \
            [b["card"] for b in p["bought"]]
        for e in p["evidence"]:
            name, n = e["card"], e["cubes"]
            need = n if name == EXCUSE else p["highest_completed"] if KIND[name] == "pawn" else \
                fixed_rank(name, st.options.crown_rank, st.options.court_rank)
            squares += min(max(need, n), 10)
            filled += min(n, 10)
        chips += sum(b["chips"] for b in p["bought"])
    assert sorted(board.places) == sorted(cards)
    # one outline per card, plus a band per player, the deck and the display's empty slots
    empty = len(slot_costs(st.options.display_rows)) - len(obs["display"])
    assert len(board.cards.x) == len(cards) + len(obs["players"]) + 1 + empty
    n_cubes = len(board.cube_marks.x) if board.cube_marks.visible else 0
    assert n_cubes == squares
    assert (sum(c == CUBE for c in board.cube_marks.colors) if n_cubes else 0) == filled
    assert (len(board.chip_marks.x) if board.chip_marks.visible else 0) == chips
    texts = _drawn_texts(board.texts)
    headers = _drawn_texts(board.headers)
    for p in obs["players"]:
        assert f"{p['chips']} chip{'s' if p['chips'] != 1 else ''}" in texts
        assert f"score {p['score']}" in texts
        mover = obs["current_player"] == p["seat"]
        assert f"{'▶ ' if mover else ''}Player {p['seat'] + 1}" in headers
    assert f"deck: {obs['deck_count']}" in texts


def test_the_table_draws_the_observation_at_every_step_of_the_opening():
    view = learn_opening()
    ex = view.explorer
    for i in range(len(ex.timeline) + 1):
        ex._goto(i)
        check_board_matches(view)
    # the end of the opening: the Author completed left of player 0's Ace, the Mountain stolen
    x_author, x_ace = view.board.places["The Author"][0], view.board.places["Ace of Moons"][0]
    assert x_author < x_ace
    assert view.board.places["Ace of Moons"][1] == view.board.places["The Journey"][1]


def test_the_table_draws_random_games_to_their_end():
    for seed in (1, 2):
        rec, _ = random_playout("journalists", {"players": 4}, seed=seed)
        view = JournalistsExplorer(Timeline(rec))
        for i in range(0, len(rec.actions) + 1, 9):
            view.explorer._goto(i)
            check_board_matches(view)
        view.explorer._goto(len(rec.actions))
        check_board_matches(view)
        assert "game over" in view.board.figure.title


def test_orange_marks_are_the_legal_actions_on_the_table(opening):
    ex, board = opening.explorer, opening.board
    legal = ex.legal_here()
    want = [board.key_of(ex.state, a) for a in legal]
    assert board._target_keys == [k for k in want if k is not None]
    assert len(board.targets.x) == len(board._target_keys) and board.targets.visible
    assert {k[0] for k in board._target_keys} == {"a", "b"}       # nobody holds a bought card now
    for a in legal:
        assert board.action_for(ex.state, board.key_of(ex.state, a)) == a


def test_clicking_b_takes_the_card_for_its_cubes(opening):
    ex = opening.explorer
    st = ex.state
    assert st.current_player == 2 and "The Sailor" in st.display
    want = st.preview(cubes("The Sailor"))
    n = len(ex.timeline)
    click_key(opening, ("b", "The Sailor"))
    assert ex.message.value == "" and len(ex.timeline) > n
    assert ex.timeline.actions[n] == Cubes("The Sailor")
    after = ex.timeline.state_at(n + 1)
    assert after.completed[2] == want.completed == ("The Origin",)
    assert after.rows[2] == want.evidence
    assert after.bought[2] == (("The Sailor", 1),)


def test_clicking_a_takes_the_card_as_evidence(opening):
    ex = opening.explorer
    n = len(ex.timeline)
    click_key(opening, ("a", "The Mill"))
    assert ex.timeline.actions[n] == Evidence("The Mill")
    after = ex.timeline.state_at(n + 1)
    assert after.rows[2][-1] == ("The Mill", 0) and after.supply[2] == 10 - 3


def test_a_display_cards_body_asks_a_or_b_and_previews_it(opening):
    ex, board = opening.explorer, opening.board
    n = len(ex.timeline)
    i = board._card_keys.index(("card", "The Lunatic"))
    click(board.click_areas, i)
    assert len(ex.timeline) == n, "a click on the body of a display card is ambiguous: nothing is played"
    assert "<b>a</b>" in ex.message.value and "<b>b</b>" in ex.message.value
    assert opening.tabs.selected_index == 0
    assert opening.preview.rows[opening.preview.choice.value]["card"] == "The Lunatic"
    assert "The Lunatic" in opening.preview.detail.value


def test_clicking_a_bought_card_takes_it_and_ones_own_is_refused():
    example = learn_opening().example
    steal_at = example.chapter("steal").start
    rec = example.record
    tl = Timeline(GameRecord(rec.game, rec.options, rec.seed, rec.actions[:steal_at]))
    tl.last()
    view = JournalistsExplorer(tl)
    ex, board = view.explorer, view.board
    assert ex.state.current_player == 1 and ex.state.bought[0] == (("The Mountain", 1),)
    check_board_matches(view)
    assert ("steal", "The Mountain") in board._target_keys
    chips = ex.state.supply
    click_key(view, ("steal", "The Mountain"))
    assert ex.timeline.actions[-1] == Steal("The Mountain") and ex.state.rows[1][-1] == ("The Mountain", 0)
    assert ex.state.supply == (chips[0] + 1, chips[1] - 1, chips[2]) and ex.state.bought[0] == ()
    # one's own bought card: two turns later player 0 still holds the Mountain; taking it is refused
    tl = Timeline(GameRecord(rec.game, rec.options, rec.seed, rec.actions[:steal_at]))
    tl.last()
    for _ in range(2):
        tl.play(evidence(tl.state.display[0]))
        tl.play(reveal(tl.state.deck[0]))
    view = JournalistsExplorer(tl)
    ex, board = view.explorer, view.board
    assert ex.state.current_player == 0 and ex.state.bought[0] == (("The Mountain", 1),)
    assert ("steal", "The Mountain") not in board._target_keys
    n, before = len(ex.timeline), ex.state
    click(board.click_areas, board._card_keys.index(("card", "The Mountain")))
    assert "Not allowed" in ex.message.value and "Taking another player" in ex.message.value
    assert len(ex.timeline) == n and ex.state is before
    assert board.action_for(ex.state, ("card", "The Mountain")) == steal("The Mountain")


def _opts(**kw):
    from explorer.games.journalists import JournalistsOptions
    return JournalistsOptions(**kw)


# -- the preview panel ---------------------------------------------------------------------------
def _take_states(seeds=(3, 4), players=4, every=5):
    for seed in seeds:
        rec, _ = random_playout("journalists", {"players": players}, seed=seed)
        for i, st in enumerate(rec.states()):
            if st.phase == "take" and i % every == 0:
                yield st


def test_the_cube_preview_is_distribute_cubes():
    checked = 0
    for st in _take_states():
        view_rows = cube_previews(st)
        p = st.player
        assert [r["card"] for r in view_rows if not r["action"].complete] == list(st.display)
        for r in view_rows:
            a = r["action"]
            d = distribute_cubes(st.rows[p], a.card, st.highest(p), complete=a.complete or None, ace=st.aces[p])
            assert r["preview"] == d
            assert r["affordable"] == (r["cost"] <= st.supply[p])
            after = st.apply(a) if r["affordable"] else None
            if after is not None and after.phase == "excuse":   # the preview puts every spare cube there
                after = after.apply(ExcuseCubes(after.spare))
            if after is not None:                      # what the panel says is what the rules do
                assert after.rows[p] == d.evidence and after.completed[p][len(st.completed[p]):] == d.completed
                assert after.score(p) - st.score(p) == d.score_change
            checked += 1
    assert checked > 100


def test_the_cube_preview_table_shows_the_engines_figures(opening):
    panel = opening.preview
    st = opening.explorer.state
    p = st.player
    assert len(panel.rows) == len(st.display)
    table = panel.table.value
    for r in panel.rows:
        d = r["preview"]
        land = ", ".join(landings(st.rows[p], d)) or "nowhere"
        assert f"<td>{land}</td>" in table
        assert f"<td>{d.score_change:+d}</td>" in table
    # the Sailor: the Origin completes, the Forest takes 2
    sailor = next(r for r in panel.rows if r["card"] == "The Sailor")
    assert landings(st.rows[p], sailor["preview"]) == ["The Origin complete", "The Forest +2"]
    panel.select("The Sailor")
    assert "The Origin is complete" in panel.detail.value


def test_the_excuse_preview_lists_each_card_it_could_complete():
    pos = position(("Ace of Moons", "Ace of Suns"), [EXCUSE, "The Journey", "The Desert", "The Origin",
                                                     "The Sailor", "The Pact"],
                   rows=[[("The Mountain", 1), ("The Harvest", 0)], []], completed=[["The Author"], []],
                   options=_opts(players=2))
    rows = [r for r in cube_previews(pos) if r["card"] == EXCUSE]
    assert [r["action"].complete for r in rows] == ["", "The Mountain", "The Harvest"]
    mountain = rows[1]["preview"]
    assert mountain.completed == ("The Mountain",) and mountain.cubes == 0
    view = JournalistsExplorer(Timeline(GameRecord("journalists", {"players": 2}, None, ())))
    view.preview.set_state(pos)
    assert "The Excuse (completes The Mountain)" in view.preview.table.value
    # the Excuse's choices with a card to complete stay in the legal menu
    assert view.board.key_of(pos, cubes(EXCUSE, "The Mountain")) is None
    assert view.board.key_of(pos, cubes(EXCUSE)) == ("b", EXCUSE)


def test_the_odds_and_projection_tabs_show_the_engines_figures(opening):
    st = opening.explorer.state
    opening.show_tab(1)
    table = opening.odds.out.value
    for suit in ("Moons", "Knots"):
        for k in (1, 3, 6):
            assert f"{float(reveal_chance(st.deck, suit, k)):.0%}" in table
    opening.show_tab(2)
    pr = project_scores(st, games=opening.projection.games, seed=0)
    table = opening.projection.out.value
    for q in range(st.players):
        assert f"<td>{q}</td><td>{pr.now[q]}</td><td>{pr.mean[q]:.1f}</td><td>{pr.wins[q]:.0%}</td>" in table


# -- hot seat --------------------------------------------------------------------------------------
def test_play_starts_at_the_humans_first_decision_and_follows_turns():
    view = play_game(seed=1, human=0, players=3)
    ex = view.explorer
    st = ex.state
    assert st.phase == "take" and st.current_player == 0 and ex.perspective == 0
    assert "Your turn" in ex.turn_line.value
    assert view.board._target_keys and len(ex.legal_here()) == len(st.legal_actions())
    check_board_matches(view)
    n = len(ex.timeline)
    click_key(view, view.board._target_keys[0])
    assert len(ex.timeline) > n
    assert ex.state.is_terminal() or ex.state.current_player == 0      # the random seats moved
    check_board_matches(view)


# -- what if ---------------------------------------------------------------------------------------
def test_start_player_study_counts_from_the_start_player():
    played = play_many({"players": 3}, games=30, seed=5)
    assert [g.seed for g in played] == list(range(5, 35))
    shares = wins_after_start(played)
    by_seat = [sum(((w - g.start) % 3 == k) for g in played for w in g.winners) / 30 for k in range(3)]
    assert shares == by_seat and sum(shares) >= 1
    s = summary(played)
    assert s["start player wins"] == shares[0] and s["fair share"] == pytest.approx(1 / 3)
    assert all(max(g.scores) == g.scores[g.winners[0]] for g in played)


def test_compare_rules_pairs_the_seeds_and_charts_the_shares():
    results = compare_rules({"clockwise": {"players": 3}, "most chips": {"players": 3, "most_chips_next": True}},
                            games=20, seed=2, progress=False)
    assert [g.start for g in results["clockwise"]] == [g.start for g in results["most chips"]]
    box = start_player_chart(results)
    bars = box.figure.marks[0]
    assert list(bars.x) == seat_names(3) == ["start player", "2nd", "3rd"]
    assert [list(row) for row in bars.y] == [wins_after_start(results[k]) for k in results]
    assert "clockwise" in rules_table(results).value
    with pytest.raises(ValueError, match="same number of players"):
        start_player_chart({"2": play_many({"players": 2}, 3), "3": play_many({"players": 3}, 3)})


def test_many_takes_are_clicked_on_the_cards_not_chosen_from_a_menu():
    """Issue 29 item 5: past 16 choices the takes stayed in a drop-down; now every take the
    board's marks make is clicked there, and only what the board cannot show gets a button."""
    import random

    import ipywidgets as W

    from explorer.views.journalists import JournalistsExplorer

    rng = random.Random(3)
    view = JournalistsExplorer(Timeline.new("journalists", {"players": 4}, 3))
    ex = view.explorer
    for _ in range(400):
        st = ex.state
        if st.is_terminal():
            break
        legal = ex.legal_here()
        if len(legal) > ex.max_buttons and not st.is_chance_node():
            break
        ex.play_action(st.sample_chance(rng) if st.is_chance_node() else rng.choice(legal))
    else:
        raise AssertionError("no position with more than 16 choices")
    assert len(legal) > 16
    shown = [a for a in legal if ex.board.shows(st, a)]
    buttons = [b for b in ex.choice_buttons.children if isinstance(b, W.Button)]
    assert shown and len(buttons) == len(legal) - len(shown) <= ex.max_buttons
    assert ex.action_choice.layout.display == "none"            # no menu
    hint = ex.choice_buttons.children[0].value
    assert f"{len(shown)} choices on the board" in hint
