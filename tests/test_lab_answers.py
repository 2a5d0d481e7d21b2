"""Designer answers from competent play (issue 32 item 3): the results shipped in data/lab/ are what
their recorded sweeps make, large enough for intervals at most +-3 points wide, and the answers and
their sentences are computed from them."""
from __future__ import annotations

import html
import random

import pandas as pd
import pytest

from explorer.engine import get_game
from explorer.lab import answers as A
from explorer.lab.summary import variant_columns
from explorer.players import PlayerError, make_player
from explorer.simulate import resolve

KEYS = sorted(A.QUESTIONS)
GAMES = ("conspiracy", "decay", "journalists", "sands_of_time", "take_off_eh")


@pytest.fixture(scope="module")
def frames():
    return {key: A.load(key) for key in KEYS}


def test_every_game_has_questions_and_each_question_a_file():
    assert {q.game for q in A.QUESTIONS.values()} == set(GAMES)
    for key, q in A.QUESTIONS.items():
        assert key == f"{q.game}-{q.name}" and A.path(key).exists(), key


@pytest.mark.parametrize("key", KEYS)
def test_a_shipped_file_records_its_command_and_its_rows_are_that_command(key, frames):
    q, frame = A.QUESTIONS[key], frames[key]
    record = q.experiment().record()
    assert frame.attrs["command"] == q.experiment().command() == record["command"]
    assert q.command().startswith(frame.attrs["command"] + " --out data/lab/")
    assert frame.attrs["seed"] == A.SEED and frame.attrs["version"]
    assert frame.attrs["options"] == record["options"]          # every rule option, defaults included
    assert frame.attrs["grid"] == {k: list(v) for k, v in q.grid.items()} and variant_columns(frame) == list(q.grid)
    assert frame.attrs["players"] == list(q.players) and frame.attrs["games"] >= 2000
    assert [v for v, _ in A.variants(frame, q.by)] == (list(q.grid[q.by]) if q.grid else [None])
    for value, rows in A.variants(frame, q.by):
        assert len(rows) >= 2000 and sorted(rows["game"]) == list(range(len(rows)))
        seats = resolve(q.game, {**frame.attrs["options"], **({q.by: value} if q.grid else {})}).options.players
        for seat in range(seats):
            assert set(rows[f"player_{seat}"]) == {q.players[seat % len(q.players)]}


@pytest.mark.parametrize("key", KEYS)
def test_every_share_is_known_within_three_points_in_every_variant(key, frames):
    q, table = A.QUESTIONS[key], A.answer(frames[key], key)
    shares = table[table["unit"] == "%"]
    answered = [v for v, _ in A.variants(frames[key], q.by) if not q.among or v in q.among]
    assert list(dict.fromkeys(shares["value_of"])) == answered            # every variant the question reads
    assert ((shares["high"] - shares["low"]) / 2 <= 0.03).all(), shares[["variant", "measure", "low", "high"]]
    assert (shares["low"] <= shares["value"]).all() and (shares["value"] <= shares["high"]).all()


def test_the_start_players_edge_is_answered_for_two_to_four_players(frames):
    """Decay and The Sands of Time: 2, 3 and 4 players; Decay's "three or four?" reads two of them and
    the Sands' Chronicles all three, from the same files."""
    for key in ("decay-start", "sands_of_time-start", "sands_of_time-chronicles", "journalists-start"):
        table = A.answer(frames[key], key)
        assert list(dict.fromkeys(table["variant"])) == ["2 players", "3 players", "4 players"], key
        assert list(table.loc[table["measure"] == "start", "fair"]) in ([], [1 / 2, 1 / 3, 1 / 4])
    table = A.answer(frames["decay-players"], "decay-players")
    assert list(dict.fromkeys(table["variant"])) == ["3 players", "4 players"]
    assert "With 4 players against 3 players" in A.sentence(table, "decay-players")


def test_decays_games_without_a_winner_are_the_ones_stopped_at_the_cap(frames):
    """The sentence calls them stopped at the round cap with two or more players left: so they are."""
    frame = frames["decay-start"]
    cap = A.QUESTIONS["decay-start"].options["round_cap"]
    stopped = frame[frame["winners"] == ""]
    assert not stopped.empty and set(stopped["reason"]) == {"cap"} and (stopped["rounds"] == cap).all()
    assert set(frame.loc[frame["winners"] != "", "reason"]) == {"victory"}
    words = A.sentence(A.answer(frame, "decay-start"), "decay-start")
    assert f"games stopped at round {cap}" in words and "stopped at the round cap with two or more players" in words


@pytest.mark.parametrize("key", KEYS)
def test_the_sentence_states_the_tables_numbers(key, frames):
    table = A.answer(frames[key], key)
    words = A.sentence(table, key)
    for _, row in table[table["measure"] == A.QUESTIONS[key].measures[0]].iterrows():
        assert A.show(row) in words and row["variant"] in words


def test_the_sentence_follows_the_data(frames):
    """Make the start player win every 2-player game: the share, the verdict and the sentence change."""
    frame = frames["journalists-start"].copy()
    before = A.sentence(A.answer(frame, "journalists-start"), "journalists-start")
    two = frame["players"] == 2
    frame.loc[two, "winners"] = frame.loc[two, "first_start"].astype(str)
    table = A.answer(frame, "journalists-start")
    after = A.sentence(table, "journalists-start")
    start = table[(table["variant"] == "2 players") & (table["measure"] == "start")].iloc[0]
    assert start["value"] == 1.0 and "100.0%" in after and "an edge of 50.0 points" in after
    assert after != before


def test_a_difference_is_called_detectable_only_when_its_interval_leaves_out_zero():
    a = {"value": 0.25, "low": 0.23, "high": 0.27, "unit": "%"}
    near = {"value": 0.26, "low": 0.24, "high": 0.28, "unit": "%"}
    far = {"value": 0.35, "low": 0.33, "high": 0.37, "unit": "%"}
    assert "does not change detectably" in A._compare(a, near, "start")
    assert "is 10.0 points higher [" in A._compare(a, far, "start")
    d, lo, hi = A.difference(a, far)
    assert lo < d < hi and lo > 0


def test_an_edge_whose_interval_only_just_leaves_out_an_equal_share_is_said_so():
    row = {"value": 0.312, "low": 0.292, "high": 0.3327, "fair": 1 / 3, "unit": "%"}
    assert "2.1 points below an equal share of 33.3% (its interval only just" in A._edge(row)
    assert "only just" not in A._edge({**row, "high": 0.33}) and "points below" in A._edge({**row, "high": 0.33})
    assert "no edge detectable" in A._edge({**row, "high": 0.34})


def test_fewer_games_regenerated_from_the_recorded_command_are_the_first_rows(frames):
    key = "journalists-most_chips"
    shipped = frames[key]
    again = A.rerun(key, games=3)
    first = shipped[shipped["game"] < 3].reset_index(drop=True)
    assert again.attrs["command"] == shipped.attrs["command"].replace(f"--games {shipped.attrs['games']}", "--games 3")
    pd.testing.assert_frame_equal(again.reset_index(drop=True)[list(first.columns)], first, check_dtype=False)


def test_unknown_questions_and_missing_files_are_refused_with_the_way_to_make_them(monkeypatch):
    with pytest.raises(A.AnswerError, match="no question 'decay-colour'"):
        A.question("decay-colour")
    monkeypatch.setattr(A, "FOLDER", "no-such-folder")
    with pytest.raises(A.AnswerError, match="explorer sweep decay --option players=2,3,4 --option round_cap=50"):
        A.load("decay-start")


def test_the_start_player_is_recorded_where_the_rules_draw_it():
    """Decay's roll-off (Setup 2) and Journalists' drawn start player (Setup 5) reach first_start."""
    for name, players in (("decay", 3), ("journalists", 4)):
        g = get_game(name)
        o = resolve(name, {"players": players}).options
        for seed in range(6):
            state, rng = g.initial_state(o), random.Random(seed)
            while state.is_chance_node() or g.statistics(state)["first_start"] == -1:
                state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
            assert g.statistics(state)["first_start"] == state.current_player, (name, seed)


def test_the_sands_sensible_player_takes_a_reuse_parameter():
    g = get_game("sands_of_time")
    o = resolve("sands_of_time", {"players": 3}).options
    with pytest.raises(PlayerError, match="reuse is one of no, yes"):
        make_player("sensible:reuse=maybe", g, o, 0, 0)
    with pytest.raises(PlayerError, match="has no parameter 'depth'"):
        make_player("sensible:depth=2", g, o, 0, 0)
    players = [make_player("sensible:reuse=yes", g, o, q, 0) for q in range(3)]
    state, chance, rng, reused = g.initial_state(o), random.Random(3), random.Random(4), 0
    while not state.is_terminal() and not reused:
        if state.is_chance_node():
            state = state.apply(state.sample_chance(chance))
            continue
        seat = state.current_player
        a = players[seat].choose(state, rng)
        if state.phase == "select":
            reused += any(c in state.observation(seat)["players"][seat]["used"] for c in a.cards)
        state = state.apply(a)
    assert reused                        # the plain sensible player never does (rule 1)


def test_the_views_show_each_answer_with_its_sentence(frames):
    from explorer.views.lab import answer_view, answers_panel
    from explorer.views.shipped_whatif import ANSWERS, shipped_question
    key = "sands_of_time-chronicles"
    view = answer_view(key)
    assert view.sentence == A.sentence(A.answer(frames[key], key), key)
    assert view.headline == A.headline(A.answer(frames[key], key), key)
    assert html.escape(view.headline) in view.children[0].value          # the short sentence first
    assert len(view.headline) < len(view.sentence) and html.escape(view.sentence) in view.children[2].value
    assert len(answers_panel("decay").children) == 2 * sum(q.game == "decay" for q in A.QUESTIONS.values())
    assert {k for keys in ANSWERS.values() for k in keys} == set(KEYS)
    shown = shipped_question("journalists", "players")
    assert shown.answers is not None
    assert "journalists-start.parquet" in shown.answers.panel.children[1].children[2].value


def test_an_answer_says_when_other_code_made_its_file(monkeypatch):
    """The small print of a shipped answer names the commit that made its file when it is not this
    code's (and says nothing more when this very code made it)."""
    from explorer.lab import files
    from explorer.views.lab import answer_view
    frame = A.load("decay-players")
    monkeypatch.setattr(files, "code_identity", lambda: {"commit": "f" * 40, "clean": True})
    small = answer_view("decay-players").children[-1].value
    assert f"Other code made it: it was made by commit {frame.attrs['commit'][:10]}, not this code" in small
    monkeypatch.setattr(files, "code_identity", lambda: {"commit": frame.attrs["commit"], "clean": True})
    assert "Other code" not in answer_view("decay-players").children[-1].value
