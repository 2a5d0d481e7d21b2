"""The Sands of Time's views: the map drawn from the observation, clicks that play the legal
action naming a territory, the player boards taking the viewer's perspective, the calculators'
panels."""
from __future__ import annotations

from explorer.engine import Timeline
from explorer.games.sands_of_time.actions import Claim, Select
from explorer.views.sands_of_time import NOBODY, OUT, SandsBoard, learn_generation, play_game, seat_color
from explorer.views.sands_of_time_whatif import BattlePanel, track_table


def test_a_click_on_a_territory_claims_it_and_the_map_shows_the_owner():
    view = play_game(seed=5, human=0, players=3)
    ex = view.explorer
    assert ex.state.phase == "claim" and ex.state.player == 0
    target = next(a.territory for a in ex.legal_here() if type(a) is Claim)
    board = ex.board
    assert target in board._targets
    i = board.names.index(target)
    assert board.territory_marks.colors[i] == NOBODY
    ex.click(("territory", target))
    assert ex.timeline.state.owner.get(target) == 0 or any(
        type(a) is Claim and a.territory == target for a in ex.timeline.record.actions)
    assert board.territory_marks.colors[i] == seat_color(0)


def test_a_click_where_nothing_can_be_done_explains_itself():
    view = play_game(seed=5, human=0, players=3)
    ex = view.explorer
    out = next(t for t in ex.board.names if t not in ex.state.tiles)
    assert not ex.click(("territory", out))
    assert "nothing to do in" in ex.message.value


def test_the_map_draws_what_the_observation_says():
    view = learn_generation(seed=2, players=3)
    ex = view.explorer
    ex.timeline.last()
    ex.refresh()
    st, board = ex.state, ex.board
    for i, t in enumerate(board.names):
        if t not in st.tiles:
            assert board.territory_marks.colors[i] == OUT
        else:
            owner = st.owner.get(t)
            assert board.territory_marks.colors[i] == (seat_color(owner) if owner is not None else NOBODY)
            assert board.territory_marks.size[i] == st.tiles[t][1]
    routes = sum(len(r) for r in st.routes)
    assert len(board.caravan_marks.x) == routes and board.caravan_marks.visible
    assert sorted(board.capital_marks.x) == sorted(board.pos[c][0] for c in st.capital if c)


def test_the_player_boards_hide_another_seats_chosen_cards():
    from explorer.views.sands_of_time import player_board_html
    view = learn_generation(seed=2, players=3)
    ex = view.explorer
    tl = ex.timeline
    i = next(k for k, a in enumerate(tl.actions) if type(a) is Select)
    seat = tl.state_at(i).player
    tl.jump(i + 1)                 # the first seat has chosen, nobody has shown yet
    cards = tl.actions[i].cards

    def chosen_row(html_text):
        return html_text.split("Cards chosen</th><td>", 1)[1].split("</td>", 1)[0]

    def seat_board(html_text, q):          # the player boards follow one another, by seat
        return html_text.split(f"Player {q + 1}</b>", 1)[1].split("Player ", 1)[0]

    for viewer in (None, seat):
        row = chosen_row(seat_board(player_board_html(tl.state.observation(viewer)), seat))
        assert all(c in row for c in cards), row
    for viewer in range(3):
        if viewer != seat:
            row = chosen_row(seat_board(player_board_html(tl.state.observation(viewer)), seat))
            assert not any(c in row for c in cards) and row == "two cards, face down"
    ex.set_perspective((seat + 1) % 3)
    ex.refresh()
    assert chosen_row(seat_board(ex.game_panel.value, seat)) == "two cards, face down"


def test_the_learn_view_opens_where_the_setup_ends_with_a_note():
    view = learn_generation(seed=2, players=3)
    ex = view.explorer
    assert ex.state.phase == "select" and "Setup is done" in ex.note_at(ex.timeline.cursor)


def test_the_battle_panel_and_track_table():
    p = BattlePanel(attacker=5, defender=3, attacker_max=1, defender_max=1, unrest_cost=0)
    assert "the attacker wins <b>100%</b>" in p.out.value
    p.defender.value = 20
    assert "the attacker wins <b>0%</b>" in p.out.value
    t = track_table({"reconstructed": [0, 2, 4, 6]}).value
    assert "33.3%" in t and "44.4%" in t and "22.2%" in t and "2.89" in t


def test_the_board_reads_a_data_folder_positions(tmp_path):
    b = SandsBoard()
    assert len(b.names) == 28 and b.figure.marks[0] is b.border_marks
    tl = Timeline.new("sands_of_time", {"players": 2}, 1)
    b.draw(tl.state, tl.state.observation(None), [])


def test_wins_counted_from_the_first_start_player():
    from explorer.engine import random_playout
    from explorer.games.sands_of_time.actions import StartPlayer
    from explorer.games.sands_of_time.study import wins_from_start
    from explorer.views.sands_of_time_whatif import start_player_chart
    shares = wins_from_start({"players": 2}, games=6, seed=4)
    by_hand = [0, 0]
    for i in range(6):
        record, final = random_playout("sands_of_time", {"players": 2}, seed=4 + i)
        start = next(a.seat for a in record.actions if type(a) is StartPlayer)
        for w in final.winners:
            by_hand[(w - start) % 2] += 1
    assert shares == [x / 6 for x in by_hand] and 1 <= sum(shares) <= 2
    box = start_player_chart(player_counts=(2,), games=3, seed=0, progress=False)
    assert len(box.figures) == 1 and len(box.figures[0].marks[0].y[0]) == 2


def test_cards_used_again_are_counted_as_the_unrest_rule_counts_them():
    from explorer.engine import random_playout
    from explorer.games.sands_of_time.study import reuse_and_wins
    from explorer.views.sands_of_time_whatif import reuse_chart
    table = reuse_and_wins({"players": 2}, games=4, seed=1)
    charged = 0
    for i in range(4):
        record, _ = random_playout("sands_of_time", {"players": 2}, seed=1 + i)
        state = record.initial_state()
        for a in record.actions:
            state = state.apply(a)
            charged += sum(1 for e in state.events if "a card used again" in e.text)
    assert sum(k * c for k, (c, _) in table.items()) == charged
    assert sum(c for c, _ in table.values()) == 8
    box = reuse_chart({"players": 2}, games=2, progress=False)
    assert box.table and box.figure is None          # 4 player-games: too few for a chart, and said
    assert "too few" in box.children[0].value


def test_the_re_use_chart_draws_no_bar_from_fewer_than_30_player_games():
    from explorer.views.sands_of_time_whatif import reuse_figure
    box = reuse_figure({0: (40, 0.5), 1: (30, 0.25), 2: (29, 0.5), 3: (2, 0.5)})
    assert list(box.figure.marks[0].x) == ["0", "1"]
    assert "No bar for 2 (29), 3 (2) cards used again" in box.children[1].value
    assert all(f"<td>{k}</td>" in box.children[2].value for k in range(4))     # the table keeps every count


def _play_until(ex, rng, want, limit=4000):
    """Play at random (chance drawn) until a legal action of type ``want`` is offered."""
    for _ in range(limit):
        st = ex.state
        if st.is_terminal():
            break
        legal = ex.legal_here()
        if any(type(a) is want for a in legal):
            return legal
        ex.play_action(st.sample_chance(rng) if st.is_chance_node() else rng.choice(legal))
    raise AssertionError(f"no {want.__name__} offered")


def test_direct_choices_a_hand_of_cards_a_move_by_two_clicks_and_a_caravan_on_its_border():
    """Issue 29 item 5: the secret two-card choice as the seat's hand (pick two, play them), no
    button per pair; a move by clicking where from, then where to (and which citizen, when two
    could go); a caravan by clicking its border's diamond (the click as the browser sends it)."""
    import random

    import ipywidgets as W

    from explorer.engine import Timeline
    from explorer.games.sands_of_time.actions import Move, Route, Select
    from explorer.views.sands_of_time import SandsExplorer

    rng = random.Random(1)
    view = SandsExplorer(Timeline.new("sands_of_time", {"players": 3}, 1))
    ex, tl = view.explorer, view.explorer.timeline

    legal = _play_until(ex, rng, Route)
    routes = {("border", *sorted((a.a, a.b))) for a in legal if type(a) is Route}
    assert set(ex.board._borders) == routes
    n, clicked = len(tl), ex.board._borders[0]
    ex.board.border_targets._handle_custom_msgs(None, {"event": "element_click", "data": {"index": 0}})
    if len(tl) > n:
        assert type(tl.actions[n]) is Route and ("border", *sorted((tl.actions[n].a, tl.actions[n].b))) == clicked
    else:                                                   # two ways to pay for it: a button each
        assert "pick one of the buttons" in ex.message.value

    legal = _play_until(ex, rng, Select)
    pairs = [a for a in legal if type(a) is Select]
    assert view.hand.widget.layout.display is None
    assert not any(isinstance(b, W.Button) and "select" in b.description for b in ex.choice_buttons.children)
    want = pairs[len(pairs) // 2]
    cards = view.hand.cards.children
    assert {c.description for c in cards} == {c for a in pairs for c in a.cards}
    cards[0].value = cards[1].value = cards[2].value = True                # three: too many
    assert view.hand.confirm.disabled
    for c in cards:
        c.value = c.description in want.cards
    n = len(tl)
    view.hand.confirm.click()
    assert tl.actions[n] == want

    legal = _play_until(ex, rng, Move)
    m = next(a for a in legal if type(a) is Move)
    n = len(tl)
    assert not ex.click(("territory", m.source)) and "click the ringed territory" in ex.message.value
    assert m.target in ex.board._targets
    if not ex.click(("territory", m.target)):                      # a peasant or a warrior: a button each
        kinds = ex.own_choosers.children[1].children[1].children
        next(b for b in kinds if b.tooltip == str(m)).click()
    assert tl.actions[n] == m
